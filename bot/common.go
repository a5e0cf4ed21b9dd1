package bot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"

	"github.com/commons-games/commons/game"
)

func reflectDeepEqual(a, b any) bool { return reflect.DeepEqual(a, b) }

// mix derives a well-spread 64-bit seed from a seed and a stream number
// (SplitMix64's finaliser), so that related seeds give unrelated draws.
func mix(seed, stream uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(stream+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// copyInto returns a copy of src: scratch made one in place when it is a
// game.Copier (no allocation), else a new clone. Searches and greedy
// playouts copy a state at every iteration or move; this keeps them from
// allocating in every game whose states are Copiers.
func copyInto(scratch, src game.State) game.State {
	if c, ok := scratch.(game.Copier); ok && scratch != src {
		c.CopyFrom(src)
		return scratch
	}
	return src.Clone()
}

// winScale puts an end of the game far above any heuristic evaluation, so
// that a one-ply greedy choice takes a win and avoids a loss whatever the
// Evaluator says elsewhere.
const winScale = 1e6

// relative returns v[p] less the mean of the other seats' values: how much
// better p stands than the others on average. Unlike v[p] alone it counts
// harm done to opponents; unlike v[p] less the best opponent it does not
// punish a teammate's good standing as much (Breaking Head's teams).
func relative(v []float64, p game.Player) float64 {
	if len(v) < 2 || p < 0 || int(p) >= len(v) {
		return 0
	}
	sum := 0.0
	for i, x := range v {
		if i != int(p) {
			sum += x
		}
	}
	return v[p] - sum/float64(len(v)-1)
}

// evaluator scores states for a seat with what the game offers: the
// Evaluator, else the Scorer, else only the Returns at the end.
type evaluator struct {
	vals []float64
}

// heuristic appends the per-seat heuristic values of a non-terminal s to
// e.vals (Evaluate, Scores, or zeros) and returns them.
func (e *evaluator) heuristic(s game.State) []float64 {
	switch x := s.(type) {
	case game.Evaluator:
		e.vals = x.Evaluate(e.vals)
	case game.Scorer:
		e.vals = x.Scores(e.vals)
	default:
		e.vals = s.Returns(e.vals)
	}
	return e.vals
}

// value is p's one-ply value of s: winScale times its relative return at
// the end, its relative heuristic value before, or its own heuristic
// value when the game's are standings (game.StandingEvaluator), which
// already count the others' (a lead would cancel what every seat shares:
// in Open Source, whether everybody wins or everybody loses).
func (e *evaluator) value(s game.State, p game.Player) float64 {
	if s.CurrentPlayer() == game.Terminal {
		e.vals = s.Returns(e.vals)
		return winScale * relative(e.vals, p)
	}
	v := e.heuristic(s)
	if se, ok := s.(game.StandingEvaluator); ok && se.Standing() && int(p) < len(v) && p >= 0 {
		return v[p]
	}
	return relative(v, p)
}

// cutStats turns heuristic values at playouts cut short into rewards on
// the scale of Returns. An Evaluator's values need not be comparable from
// seat to seat, nor on any known scale (Breaking Head's Contributors stand
// below its Blockers until the very end), so each seat's relative value is
// compared with the same seat's values at the other cut-offs of the same
// search: the reward is the logistic of its z-score, using the running mean
// and standard deviation (Welford's algorithm). The average cut-off is then
// worth 0.5 and one a standard deviation better about 0.73, spreads like
// those of win rates, which suit the UCB constant.
type cutStats struct {
	n    int
	mean []float64
	m2   []float64
	rel  []float64
}

// rewards records the per-seat values v of one cut-off and returns each
// seat's reward in (0, 1) into dst. With standing, each seat's own value
// is compared (game.StandingEvaluator), else its lead over the others.
func (c *cutStats) rewards(v []float64, standing bool, dst []float64) []float64 {
	if len(c.mean) != len(v) {
		c.n, c.mean, c.m2 = 0, make([]float64, len(v)), make([]float64, len(v))
	}
	c.rel = c.rel[:0]
	for p := range v {
		if standing {
			c.rel = append(c.rel, v[p])
		} else {
			c.rel = append(c.rel, relative(v, game.Player(p)))
		}
	}
	c.n++
	dst = dst[:0]
	for p, x := range c.rel {
		d := x - c.mean[p]
		c.mean[p] += d / float64(c.n)
		c.m2[p] += d * (x - c.mean[p])
		r := 0.5
		if c.n > 1 {
			if sd := math.Sqrt(c.m2[p] / float64(c.n-1)); sd > 0 {
				r = 1 / (1 + math.Exp(-(x-c.mean[p])/sd))
			}
		}
		dst = append(dst, r)
	}
	return dst
}

// rollout plays states out for tree searches. Each search tree owns one;
// it is not safe for concurrent use.
type rollout struct {
	rng *rand.Rand
	// chance draws the chance outcomes, rng when nil: the rollout bot
	// gives its playouts a generator of their own for chance, so that
	// the draws after two moves do not part when the moves' playouts use
	// rng differently (common random numbers).
	chance *rand.Rand
	greedy bool
	prior  bool // draw moves by the game's Prior when it has one
	// script names the game's script every seat plays (playout=
	// script:NAME), "" for none.
	script  string
	weights []float64
	epsilon float64
	depth   int
	buf     []game.Action
	outs    []game.ChanceOutcome
	ret     []float64
	ev      evaluator
	one     onePly // greedy playouts' one-ply values
	cut     cutStats
	// scoreWeight mixes a z-scored final score into the rewards at the
	// end (Spec.Score), with ends the statistics of the final scores.
	scoreWeight float64
	ends        cutStats
	scores, zs  []float64
	length      int // actions played by the last run
	turns       int // turns begun by the last run
}

func newRollout(sp Spec, rng *rand.Rand) *rollout {
	script, _ := playoutScript(sp)
	return &rollout{
		rng: rng, greedy: sp.Playout == "greedy", prior: sp.Playout == "prior", script: script, epsilon: sp.Epsilon, depth: sp.Depth,
		scoreWeight: sp.Score,
		buf:         make([]game.Action, 0, 64), outs: make([]game.ChanceOutcome, 0, 64),
	}
}

// run plays s on (modifying it) to the end, or for depth turns, and
// returns every seat's reward, valid until the next call. A turn is a
// run of decisions by one seat (chance outcomes between them do not
// break it), so that a cut-off always comes where a seat begins its
// turn, never in the middle of one: an evaluation mid-turn (one action
// point spent of two) is on another footing than one at a turn's start.
// mover is the seat whose action led to s (game.Chance if none): when
// another seat is to move at s, a turn has ended already, so depth=1
// scores s as it stands.
func (r *rollout) run(s game.State, mover game.Player) ([]float64, error) {
	r.length, r.turns = 0, 0
	last := mover
	// What chooses the playout's moves, asked of s once: s keeps its
	// type to the end, and asking at every decision cost a random
	// playout of Source some 5,000 instructions, 4% of it.
	var script game.Scripter
	if r.script != "" {
		script, _ = s.(game.Scripter)
	}
	var prior game.Prior
	if r.prior {
		prior, _ = s.(game.Prior)
	}
	for {
		p := s.CurrentPlayer()
		if p == game.Terminal {
			r.ret = s.Returns(r.ret)
			if sc, ok := s.(game.Scorer); ok && r.scoreWeight > 0 {
				// Mix in how well each seat scored against the others,
				// compared with the other playouts' ends: a richer
				// signal than win or lose among many seats.
				r.scores = sc.Scores(r.scores)
				r.zs = r.ends.rewards(r.scores, false, r.zs)
				for i := range r.ret {
					r.ret[i] = (1-r.scoreWeight)*r.ret[i] + r.scoreWeight*r.zs[i]
				}
			}
			return r.ret, nil
		}
		if p >= 0 && p != last {
			if last >= 0 {
				r.turns++
			}
			last = p
			if r.depth > 0 && r.turns >= r.depth {
				se, ok := s.(game.StandingEvaluator)
				r.ret = r.cut.rewards(r.ev.heuristic(s), ok && se.Standing(), r.ret)
				return r.ret, nil
			}
		}
		var a game.Action
		if p == game.Chance {
			r.outs = s.ChanceOutcomes(r.outs)
			chance := r.chance
			if chance == nil {
				chance = r.rng
			}
			a = game.SampleOutcome(r.outs, chance)
		} else {
			r.buf = s.LegalActions(r.buf)
			if len(r.buf) == 0 {
				return nil, noMoveError(s)
			}
			if script != nil && len(r.buf) > 1 {
				// The script sees the playout's state, drawn for the
				// searching seat; a script reads only what the seat to
				// move may see (game.Scripter), the rest of the draw is
				// as good as any.
				var err error
				if a, err = script.Script(r.script, r.rng); err != nil {
					return nil, fmt.Errorf("bot: playout script %s: %w", r.script, err)
				}
			} else if r.greedy && len(r.buf) > 1 && r.rng.Float64() >= r.epsilon {
				// Greedy's own choice, a chance node after a move averaged
				// over its outcomes as the greedy bot does.
				var err error
				if a, err = r.one.best(s, r.buf, p, r.rng); err != nil {
					return nil, err
				}
			} else if prior != nil && len(r.buf) > 1 {
				r.weights = prior.Prior(r.buf, r.weights)
				a = r.buf[drawWeighted(r.weights, r.rng)]
			} else {
				a = r.buf[r.rng.IntN(len(r.buf))]
			}
		}
		if err := s.Apply(a); err != nil {
			return nil, illegalError(s, a, err)
		}
		r.length++
	}
}

// drawWeighted returns an index of w drawn with probability proportional
// to its weight (uniformly if the weights are not positive).
func drawWeighted(w []float64, rng *rand.Rand) int {
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	if !(sum > 0) {
		return rng.IntN(len(w))
	}
	u := rng.Float64() * sum
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	return len(w) - 1
}
