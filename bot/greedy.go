package bot

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// greedyBot plays the action with the best one-ply value for its seat:
// the state after the action scored by the game's Evaluator (else Scorer,
// else Returns), a finished game counting far above any evaluation, and a
// chance node right after the action averaged over its outcomes with their
// probabilities. In a hidden-information game the values are averaged over
// states drawn from the Sampler for the bot's seat.
type greedyBot struct {
	rng     *rand.Rand
	samples int
	noise   float64
	one     onePly
	buf     []game.Action
}

// chanceBudget bounds the leaves of the expectation over chance nodes that
// follow a move: a chain of chance nodes is expanded in full while the
// product of their outcome counts stays within it, and sampled beyond.
const chanceBudget = 64

func newGreedy(sp Spec, seed uint64) *greedyBot {
	return &greedyBot{rng: game.NewRand(seed), samples: sp.Samples, noise: sp.Noise}
}

// Act returns the action with the best one-ply value, ties broken at
// random.
func (b *greedyBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	me, err := checkToMove(s)
	if err != nil {
		return 0, err
	}
	roots := []game.State{s}
	if smp, ok := s.(game.Sampler); ok {
		// Hidden information: from here on only samples are used, never s.
		roots = sampleRoots(smp, me, b.samples, b.rng)
	}
	legal := roots[0].LegalActions(b.buf)
	b.buf = legal
	if len(legal) == 0 {
		return 0, noMoveError(roots[0])
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	if b.noise > 0 && b.rng.Float64() < b.noise {
		return legal[b.rng.IntN(len(legal))], nil
	}
	best, bestV, ties := legal[0], math.Inf(-1), 0
	for _, a := range legal {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		v := 0.0
		for _, r := range roots {
			x, err := b.one.value(r, a, me, b.rng)
			if err != nil {
				return 0, err
			}
			v += x
		}
		v /= float64(len(roots))
		switch {
		case v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if b.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}

// sampleRoots draws n states for seat p from a hidden-information state.
// Only the first draw reads the real state; the others are drawn from that
// sample, which p sees exactly as the real one, so that nothing after the
// first call can depend on what p may not know.
func sampleRoots(smp game.Sampler, p game.Player, n int, rng *rand.Rand) []game.State {
	first := smp.Sample(p, rng)
	roots := []game.State{first}
	if fs, ok := first.(game.Sampler); ok {
		for len(roots) < n {
			roots = append(roots, fs.Sample(p, rng))
		}
	}
	return roots
}
