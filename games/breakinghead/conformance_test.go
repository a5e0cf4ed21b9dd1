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
	// Our rulings 14 and 15: other role deals and hand sizes.
	for i, tc := range []struct {
		n    int
		opts game.Options
	}{
		{3, game.Options{OptBlockers: "2", OptHand: "3"}},
		{7, game.Options{OptBlockers: "1"}},
		{10, game.Options{OptBlockers: "6", OptHand: "6", OptUnblockMix: "3rd"}},
	} {
		t.Run(fmt.Sprintf("%dp-blockers=%s-hand=%s", tc.n, tc.opts[OptBlockers], tc.opts[OptHand]), func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game, gametest.Params{
				Players:     tc.n,
				Options:     tc.opts,
				Games:       5,
				Seed:        uint64(5000 + 100*i),
				SampleEvery: 3,
			})
		})
	}
}
