package source

import (
	"math/rand/v2"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestRandomGamesInvariants plays random games and checks at every step
// what the conformance kit cannot know: the player to move always has an
// action besides end (S14), a move never ends the turn early, the game
// ends only for an S16 reason, and it stays within MaxLength.
func TestRandomGamesInvariants(t *testing.T) {
	maxLen := Game.MaxLength(game.Config{Players: 2})
	longest := 0
	r := rand.New(rand.NewPCG(7, 7))
	var buf []game.Action
	for g := 0; g < 300; g++ {
		s := newState(t, game.Options{OptCaptureAdjacency: []string{"off", "on"}[g%2]})
		n := 0
		for s.CurrentPlayer() != game.Terminal {
			buf = s.LegalActions(buf)
			if len(buf) < 2 || buf[len(buf)-1] != ActionEnd {
				t.Fatalf("game %d step %d: legal %v: want some action and then end", g, n, buf)
			}
			if int(s.CurrentPlayer()) != int(s.colour&1) {
				t.Fatalf("player %v for colour %v", s.CurrentPlayer(), s.colour)
			}
			// Random play that prefers end a little, to exercise the
			// safety rule too.
			a := buf[r.IntN(len(buf))]
			if r.IntN(4) == 0 {
				a = ActionEnd
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			n++
		}
		emptied := false
		for c := Red; c <= Green; c++ {
			emptied = emptied || s.supply[c] == 0
		}
		if !emptied && s.endRun != endRunLimit {
			t.Fatalf("game %d ended without an empty supply or %d end-only turns", g, endRunLimit)
		}
		longest = max(longest, n)
	}
	if longest > maxLen {
		t.Fatalf("a game took %d actions, MaxLength is %d", longest, maxLen)
	}
	t.Logf("longest random game %d actions (MaxLength %d)", longest, maxLen)
}
