package breakinghead

import (
	"fmt"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the conformance kit for several player counts and
// both Unblocked! mixes (B5).
func TestConformance(t *testing.T) {
	for _, mix := range mixValues {
		for _, n := range []int{3, 5, 7, 10} {
			t.Run(fmt.Sprintf("%dp-%s", n, mix), func(t *testing.T) {
				t.Parallel()
				gametest.Run(t, Game{}, gametest.Params{
					Players:     n,
					Options:     game.Options{"unblock-mix": mix},
					Games:       6,
					Seed:        uint64(100*n) + uint64(len(mix)),
					SampleEvery: 3,
				})
			})
		}
	}
}
