package bot

import (
	"math"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// onePly values moves one ply ahead, as greedy plays: the state after
// the move by the game's Evaluator (a finished game far above any
// evaluation), a chance node right after the move averaged over its
// outcomes with their probabilities. It works on scratch states of its
// own, one per level of chance, copied in place where the game's states
// are game.Copiers, so that valuing a move allocates nothing: greedy
// values every legal move once a turn, a rollout of greedy play does so
// at every decision of every playout.
type onePly struct {
	ev      evaluator
	scratch []game.State           // scratch[d]: the state at chance depth d
	outs    [][]game.ChanceOutcome // outs[d]: the outcomes at depth d
}

// at returns scratch state d as a copy of src.
func (o *onePly) at(d int, src game.State) game.State {
	for len(o.scratch) <= d {
		o.scratch = append(o.scratch, nil)
		o.outs = append(o.outs, nil)
	}
	o.scratch[d] = copyInto(o.scratch[d], src)
	return o.scratch[d]
}

// value is p's one-ply value of playing a at s (s is left as it was). It
// fails only if the game refuses a.
func (o *onePly) value(s game.State, a game.Action, p game.Player, rng *rand.Rand) (float64, error) {
	c := o.at(0, s)
	if err := c.Apply(a); err != nil {
		return 0, illegalError(s, a, err)
	}
	return o.expect(c, 0, p, chanceBudget, rng), nil
}

// expect is p's value of s, the scratch state at depth d, averaging
// chance nodes over their outcomes (in full within budget leaves, else
// over budget sampled outcomes, at least one).
func (o *onePly) expect(s game.State, d int, p game.Player, budget int, rng *rand.Rand) float64 {
	if s.CurrentPlayer() != game.Chance {
		return o.ev.value(s, p)
	}
	o.outs[d] = s.ChanceOutcomes(o.outs[d])
	outs := o.outs[d]
	if len(outs) <= budget {
		v := 0.0
		for _, out := range outs {
			c := o.at(d+1, s)
			if c.Apply(out.Action) != nil {
				continue
			}
			v += out.P * o.expect(c, d+1, p, budget/len(outs), rng)
		}
		return v
	}
	n := max(budget, 1)
	v := 0.0
	for range n {
		c := o.at(d+1, s)
		if c.Apply(game.SampleOutcome(outs, rng)) != nil {
			continue
		}
		v += o.expect(c, d+1, p, 1, rng)
	}
	return v / float64(n)
}

// best returns the legal action (of legal, at s) with the best one-ply
// value for p, ties broken at random with rng.
func (o *onePly) best(s game.State, legal []game.Action, p game.Player, rng *rand.Rand) (game.Action, error) {
	best, bestV, ties := legal[0], math.Inf(-1), 0
	for _, a := range legal {
		v, err := o.value(s, a, p, rng)
		if err != nil {
			return 0, err
		}
		switch {
		case v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, nil
}
