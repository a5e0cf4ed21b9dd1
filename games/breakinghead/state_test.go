package breakinghead

import (
	"testing"

	"github.com/commons-games/commons/game"
)

// Team is the referee's view of the B1 roles: empty until dealt, then
// each seat's role, matching what the seat itself sees.
func TestTeamFollowsDealtRoles(t *testing.T) {
	g, _ := game.Lookup("breaking-head")
	s, err := game.NewState(g, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	if got := st.Team(0); got != "" {
		t.Fatalf("Team before the deal = %q, want empty", got)
	}
	rng := game.NewRand(1)
	for st.CurrentPlayer() == game.Chance && st.phase == phaseRoles {
		if err := st.Apply(game.SampleChance(st, rng, nil)); err != nil {
			t.Fatal(err)
		}
	}
	blockers := 0
	for p := game.Player(0); p < 5; p++ {
		team := st.Team(p)
		if team != roleNames[st.roles[p]] {
			t.Errorf("Team(%d) = %q, role %d", p, team, st.roles[p])
		}
		if team == "blocker" {
			blockers++
		}
	}
	if blockers > 2 {
		t.Errorf("%d blockers among 5 seats; B1 deals 4C/2B plus one left over", blockers)
	}
	if got := st.Team(7); got != "" {
		t.Errorf("Team of a seat beyond the players = %q", got)
	}
}
