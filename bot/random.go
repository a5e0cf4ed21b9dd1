package bot

import (
	"context"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// randomBot picks a legal action uniformly. It reads only LegalActions of
// the seat to move, which that seat knows, so it needs no Sampler.
type randomBot struct {
	rng *rand.Rand
	buf []game.Action
}

func newRandom(seed uint64) *randomBot { return &randomBot{rng: game.NewRand(seed)} }

// Act returns a legal action drawn uniformly.
func (b *randomBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if _, err := checkToMove(s); err != nil {
		return 0, err
	}
	b.buf = s.LegalActions(b.buf)
	if len(b.buf) == 0 {
		return 0, noMoveError(s)
	}
	return b.buf[b.rng.IntN(len(b.buf))], nil
}
