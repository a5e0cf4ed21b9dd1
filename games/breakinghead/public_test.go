package breakinghead

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// B11, B18: a public log shows every card played in full, a pass without
// its card, and no chance outcome's secret (role, end card, card drawn).
func TestB18_PublicActionStringHidesSecrets(t *testing.T) {
	secrets := append([]string{"contributor", "blocker", "fixed-committed", "needs-work"}, kindNames[:]...)
	var kinds [4]int // passes, public moves, hidden chance, public chance
	for seed := uint64(0); seed < 30; seed++ {
		st, err := game.NewState(Game{}, 3+int(seed%8), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := game.NewRand(seed)
		for !game.IsTerminal(s) {
			var a game.Action
			if game.IsChance(s) {
				a = game.SampleChance(s, rng, nil)
			} else {
				l := s.LegalActions(nil)
				a = l[rng.IntN(len(l))]
			}
			full, pub := s.ActionString(a), s.PublicActionString(a)
			switch {
			case s.phase == phasePlay && strings.HasPrefix(full, "pass "):
				kinds[0]++
				if pub != "pass" {
					t.Fatalf("pass %q shown as %q", full, pub)
				}
			case s.phase == phasePlay:
				kinds[1]++
				if pub != full {
					t.Fatalf("public move %q shown as %q", full, pub)
				}
			case s.phase == phaseFirst:
				kinds[3]++
				if pub != full {
					t.Fatalf("first player %q shown as %q", full, pub)
				}
			default:
				kinds[2]++
				for _, w := range secrets {
					if strings.Contains(pub, w) {
						t.Fatalf("chance outcome %q shown as %q, which names %q", full, pub, w)
					}
				}
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, n := range kinds {
		if n == 0 {
			t.Fatalf("case %d never happened: %v", i, kinds)
		}
	}
}
