package breakinghead

import (
	"testing"
	"time"

	"github.com/commons-games/commons/game"
)

// playoutState plays a seeded random game up to a given number of actions
// (or the end) and returns the state, for benchmarks.
func playoutState(players int, seed uint64, steps int) *State {
	s := newState(players, 0)
	r := game.NewRand(seed)
	var buf []game.Action
	var outs []game.ChanceOutcome
	for i := 0; i < steps && s.phase != phaseOver; i++ {
		var a game.Action
		if s.phase == phasePlay {
			buf = s.LegalActions(buf)
			a = buf[r.IntN(len(buf))]
		} else {
			outs = s.ChanceOutcomes(outs)
			a = game.SampleOutcome(outs, r)
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	return s
}

// midgame returns a 5-player state well into the game where the seat to
// play can place comment cards (so LegalActions has real work to do).
func midgame() *State {
	for seed := uint64(1); ; seed++ {
		s := playoutState(5, seed, 80+int(seed%2))
		if s.phase == phasePlay && s.nOcc > 12 && len(s.LegalActions(nil)) > 100 {
			return s
		}
	}
}

func BenchmarkLegalActions(b *testing.B) {
	s := midgame()
	buf := make([]game.Action, 0, 4096)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

func BenchmarkApply(b *testing.B) {
	s := midgame()
	acts := s.LegalActions(nil)
	work := new(State)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		*work = *s
		if err := work.Apply(acts[i%len(acts)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomPlayout plays whole 5-player games choosing uniformly
// among legal moves, chance outcomes counted as actions.
func BenchmarkRandomPlayout(b *testing.B) {
	r := game.NewRand(1)
	buf := make([]game.Action, 0, 4096)
	outs := make([]game.ChanceOutcome, 0, 64)
	s := new(State)
	fresh := newState(5, 0)
	actions := 0
	start := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		*s = *fresh
		for s.phase != phaseOver {
			var a game.Action
			if s.phase == phasePlay {
				buf = s.LegalActions(buf)
				a = buf[r.IntN(len(buf))]
			} else {
				outs = s.ChanceOutcomes(outs)
				a = game.SampleOutcome(outs, r)
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/time.Since(start).Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkScript times script:role, which the search's playouts play at
// every move (SearchParams): it should allocate nothing.
func BenchmarkScript(b *testing.B) {
	s := midgame()
	r := game.NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Script("role", r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluate times the Evaluator, which the lab reads once a round
// for its trace (Breaking Head keeps no scores) and the searches at their
// cut-offs.
func BenchmarkEvaluate(b *testing.B) {
	s := midgame()
	var v []float64
	b.ReportAllocs()
	for b.Loop() {
		v = s.Evaluate(v)
	}
}
