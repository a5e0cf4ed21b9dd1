package breakinghead

import (
	"fmt"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the conformance kit for every player count and both
// Unblocked! mixes (B5), with the Sampler checked at every third step.
func TestConformance(t *testing.T) {
	for i, mix := range mixValues {
		for n := 3; n <= 10; n++ {
			t.Run(fmt.Sprintf("%dp-%s", n, mix), func(t *testing.T) {
				t.Parallel()
				gametest.Run(t, Game, gametest.Params{
					Players:     n,
					Options:     game.Options{"unblock-mix": mix},
					Games:       5,
					Seed:        uint64(1000*i + 100*n),
					SampleEvery: 3,
				})
			})
		}
	}
}
