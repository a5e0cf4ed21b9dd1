package breakinghead

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
)

// playoutState plays a seeded random game up to a given number of actions
// (or the end) and returns the state, for benchmarks.
func playoutState(players int, seed uint64, steps int) *State {
	s := newState(players, 0)
	var rs randomSteps
	r := game.NewRand(seed)
	for i := 0; i < steps && s.phase != phaseOver; i++ {
		if err := rs.step(s, r); err != nil {
			panic(err)
		}
	}
	return s
}

// randomSteps plays random moves and chance outcomes, reusing its
// buffers.
type randomSteps struct {
	buf  []game.Action
	outs []game.ChanceOutcome
}

// step applies one random legal action (a move or a chance outcome) to s.
func (rs *randomSteps) step(s *State, r *rand.Rand) error {
	var a game.Action
	if s.phase == phasePlay {
		rs.buf = s.LegalActions(rs.buf)
		a = rs.buf[r.IntN(len(rs.buf))]
	} else {
		rs.outs = s.ChanceOutcomes(rs.outs)
		a = game.SampleOutcome(rs.outs, r)
	}
	return s.Apply(a)
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
	rs := randomSteps{buf: make([]game.Action, 0, 4096), outs: make([]game.ChanceOutcome, 0, 64)}
	s := new(State)
	fresh := newState(5, 0)
	actions := 0
	start := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		*s = *fresh
		for s.phase != phaseOver {
			if err := rs.step(s, r); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/time.Since(start).Seconds(), "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkScript times script:role, which the search's playouts play at
// every move (SearchHints): it should allocate nothing.
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
