package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/commons-games/commons/game"
)

// Measurement compares a search bot's speed with bare random playouts
// from the same position, as `commons bench` reports it.
type Measurement struct {
	// Bot is the spec measured, with its worker count.
	Bot     string `json:"bot"`
	Workers int    `json:"workers"`
	// Searched is the spec the search ran with: Bot with the game's own
	// settings (game.SearchTuner) and the defaults for what Bot leaves
	// unset.
	Searched string `json:"searched"`
	// Iterations, Elapsed and IterationsPerSecond describe one search
	// (one Act) from the position.
	Iterations          int           `json:"iterations"`
	Elapsed             time.Duration `json:"elapsed"`
	IterationsPerSecond float64       `json:"iterations_per_second"`
	// Nodes in the trees after the search.
	Nodes int `json:"nodes"`
	// MeanPlayoutLength is the mean number of actions of the search's
	// playouts.
	MeanPlayoutLength float64 `json:"mean_playout_length"`
	// Playouts bare random playouts to the end, as many as the search's
	// iterations, on as many goroutines as it had workers, took
	// PlayoutElapsed.
	Playouts          int           `json:"playouts"`
	PlayoutElapsed    time.Duration `json:"playout_elapsed"`
	PlayoutsPerSecond float64       `json:"playouts_per_second"`
	// PlayoutLength is the mean length of the bare playouts.
	PlayoutLength float64 `json:"playout_length"`
	// Ratio is IterationsPerSecond / PlayoutsPerSecond: the share of the
	// playout speed left after the tree's work.
	Ratio float64 `json:"ratio"`
}

// String writes the measurement on two lines.
func (m Measurement) String() string {
	return fmt.Sprintf("%s (as %s): %d iterations in %v: %.0f iterations/s (%d nodes, playouts of %.1f actions)\n"+
		"random playouts: %d in %v: %.0f playouts/s (%.1f actions each); search/playouts = %.2f\n",
		m.Bot, m.Searched, m.Iterations, m.Elapsed.Round(time.Microsecond), m.IterationsPerSecond, m.Nodes, m.MeanPlayoutLength,
		m.Playouts, m.PlayoutElapsed.Round(time.Microsecond), m.PlayoutsPerSecond, m.PlayoutLength, m.Ratio)
}

// measureRounds is how many times Measure times each side, keeping the
// fastest: other work on the machine only ever slows a run down.
const measureRounds = 3

// Measure times one search of the bot spec names (mcts or ismcts) from s
// and as many bare random playouts from s on as many goroutines, and
// reports both speeds. Each is timed measureRounds times, alternately,
// and the fastest run of each kept. s is not modified; if it is a chance
// node or has a single legal action, the game is first played on (chance
// drawn from seed) to the first real decision. The bot searches with the
// game's own settings (game.SearchTuner) for whatever spec leaves unset,
// as it would in play: a speed measured with other settings says
// nothing of the bot people meet. A level (medium, hard) is measured as
// the spec it plays in the game (LevelSpec).
func Measure(ctx context.Context, s game.State, spec string, seed uint64) (Measurement, error) {
	if ls, ok := LevelSpec(spec, s); ok {
		spec = ls
	}
	sp, err := ParseSpec(spec)
	if err != nil {
		return Measurement{}, err
	}
	if sp.Name != "mcts" && sp.Name != "ismcts" {
		return Measurement{}, fmt.Errorf("measure: bot %q does not search; want mcts or ismcts", sp.Name)
	}
	name := sp.String()
	sp = tuned(sp, s)
	sp.Full = true // the speed of a whole budget, not of a settled choice
	s = s.Clone()
	rng := game.NewRand(mix(seed, 1))
	for {
		if game.IsTerminal(s) {
			return Measurement{}, fmt.Errorf("measure: the game is over")
		}
		var a game.Action
		if game.IsChance(s) {
			a = game.SampleChance(s, rng, nil)
		} else if l := s.LegalActions(nil); len(l) == 1 {
			a = l[0]
		} else {
			break
		}
		if err := s.Apply(a); err != nil {
			return Measurement{}, err
		}
	}
	m := Measurement{Bot: name, Workers: sp.Workers, Searched: sp.String()}
	for range measureRounds {
		// A new bot each round, with the same seed: the same search.
		b, err := NewFromSpec(sp, seed)
		if err != nil {
			return Measurement{}, err
		}
		if _, err := b.Act(ctx, s); err != nil {
			return Measurement{}, err
		}
		st := b.(Searcher).LastSearch()
		if st.Iterations == 0 {
			return m, fmt.Errorf("measure: no iterations run")
		}
		if m.Elapsed == 0 || st.Elapsed < m.Elapsed {
			m.Iterations, m.Elapsed, m.Nodes = st.Iterations, st.Elapsed, st.Nodes
			m.MeanPlayoutLength = float64(st.PlayoutActions) / float64(max(st.Playouts, 1))
		}
		n, actions, elapsed, err := RandomPlayouts(ctx, s, st.Iterations, sp.Workers, seed)
		if err != nil {
			return m, err
		}
		if m.PlayoutElapsed == 0 || elapsed < m.PlayoutElapsed {
			m.Playouts, m.PlayoutElapsed = n, elapsed
			m.PlayoutLength = float64(actions) / float64(n)
		}
	}
	m.IterationsPerSecond = float64(m.Iterations) / m.Elapsed.Seconds()
	m.PlayoutsPerSecond = float64(m.Playouts) / m.PlayoutElapsed.Seconds()
	m.Ratio = m.IterationsPerSecond / m.PlayoutsPerSecond
	return m, nil
}

// RandomPlayouts plays n uniformly random playouts from copies of s to
// the end, split over workers goroutines, and returns the playouts and
// actions played and the wall time.
func RandomPlayouts(ctx context.Context, s game.State, n, workers int, seed uint64) (playouts, actions int, elapsed time.Duration, err error) {
	workers = max(1, min(workers, n))
	starts := make([]game.State, workers)
	for i := range starts {
		starts[i] = s.Clone()
	}
	counts := make([]int, workers)
	errs := make([]error, workers)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := newRollout(Spec{Playout: "random"}, game.NewRand(mix(seed, uint64(w)+2)))
			quota := n/workers + btoi(w < n%workers)
			// Each playout starts from a copy of s made in one scratch
			// state, as a search's iterations do (copyInto): a Clone per
			// playout made the garbage collector a tenth of the cost in
			// the cheapest games, and its share moved from run to run.
			scratch := starts[w].Clone()
			for i := range quota {
				if i%16 == 0 && ctx.Err() != nil {
					errs[w] = ctx.Err()
					return
				}
				if _, err := r.run(copyInto(scratch, starts[w]), game.Chance); err != nil {
					errs[w] = err
					return
				}
				counts[w] += r.length
			}
		}()
	}
	wg.Wait()
	elapsed = time.Since(start)
	for _, e := range errs {
		if e != nil {
			return 0, 0, elapsed, e
		}
	}
	for _, c := range counts {
		actions += c
	}
	return n, actions, elapsed, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
