package opensource

import (
	"testing"

	"github.com/commons-games/commons/game"
)

// playRandom plays s to the end with random moves and chance outcomes from
// rng, reusing the buffers, and returns the number of actions.
func playRandom(s *State, rng interface {
	IntN(int) int
	Float64() float64
}, buf []game.Action, outs []game.ChanceOutcome) int {
	n := 0
	for s.phase != phaseOver {
		var a game.Action
		if s.CurrentPlayer() == game.Chance {
			outs = s.ChanceOutcomes(outs)
			u := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if u < o.P {
					a = o.Action
					break
				}
				u -= o.P
			}
		} else {
			buf = s.LegalActions(buf)
			a = buf[rng.IntN(len(buf))]
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		n++
	}
	return n
}

func newBenchState(b testing.TB, players int) *State {
	st, err := game.NewState(Game, players, nil)
	if err != nil {
		b.Fatal(err)
	}
	return st.(*State)
}

// BenchmarkRandomPlayout plays whole random 4-player games; actions/s
// counts every action, chance outcomes included.
func BenchmarkRandomPlayout(b *testing.B) {
	init := newBenchState(b, 4)
	rng := game.NewRand(1)
	buf := make([]game.Action, 0, 4096)
	outs := make([]game.ChanceOutcome, 0, 64)
	s := new(State)
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		*s = *init
		total += playRandom(s, rng, buf, outs)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(total)/float64(b.N), "actions/game")
}

// BenchmarkEvaluate times Evaluate, which greedy calls for every legal
// move and a search at every cut-off, on the states of a random 2-player
// game, each of its first 400 actions in turn.
func BenchmarkEvaluate(b *testing.B) {
	s := newBenchState(b, 2)
	rng := game.NewRand(1)
	var states []*State
	var buf []game.Action
	for len(states) < 400 && s.phase != phaseOver {
		if s.CurrentPlayer() == game.Chance {
			outs := s.ChanceOutcomes(nil)
			if err := s.Apply(game.SampleOutcome(outs, rng)); err != nil {
				b.Fatal(err)
			}
			continue
		}
		c := *s
		states = append(states, &c)
		buf = s.LegalActions(buf)
		if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	dst := make([]float64, 0, 4)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		dst = states[i%len(states)].Evaluate(dst)
	}
}
