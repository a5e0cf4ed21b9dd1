package opensource

import (
	"testing"

	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the engine's conformance kit for 2, 3 and 4
// players (G19).
func TestConformance(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(string(rune('0'+n))+" players", func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game, gametest.Params{Players: n, Games: 4, Seed: 1})
		})
	}
}
