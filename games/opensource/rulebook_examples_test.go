package opensource

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestScratch(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	apply(t, s, "dice YYB")
	t.Log(legal(s))
	apply(t, s, "take YYB")
	t.Log(legal(s))
	base := s.Clone().(*State)
	for _, m1 := range legal(base) {
		if !strings.HasPrefix(m1, "lab") {
			continue
		}
		s1 := base.Clone().(*State)
		apply(t, s1, m1)
		apply(t, s1, "pass")
		apply(t, s1, "dice BBB")
		if s1.CurrentPlayer() != game.Chance && hasMove(s1, "take BBB") { apply(t, s1, "take BBB") }
		apply(t, s1, "lab 0,0 t0", "pass", "dice YBB")
		if hasMove(s1, "take BBY") { apply(t, s1, "take BBY") }
		for _, m2 := range legal(s1) {
			if !strings.HasPrefix(m2, "lab") {
				continue
			}
			s2 := s1.Clone().(*State)
			apply(t, s2, m2)
			if hasMove(s2, "reward demand") {
				t.Log(m1, m2, legal(s2))
			}
		}
	}
}
