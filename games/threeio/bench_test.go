package threeio

import (
	"testing"

	"github.com/commons-games/commons/game"
)

// playRandom plays s to the end with random actions from rng, reusing
// the buffers, and returns the number of actions (draws included).
func playRandom(s *State, rng interface{ IntN(int) int }, sample func(*State) game.Action, buf []game.Action) int {
	n := 0
	for s.phase != phaseOver {
		var a game.Action
		if s.phase == phaseDraw {
			a = sample(s)
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
// counts every action, chance draws included.
func BenchmarkRandomPlayout(b *testing.B) {
	init := newBenchState(b, 4)
	rng := game.NewRand(1)
	outs := make([]game.ChanceOutcome, 0, NumTiles)
	sample := func(s *State) game.Action {
		outs = s.ChanceOutcomes(outs)
		return game.SampleOutcome(outs, rng)
	}
	buf := make([]game.Action, 0, numActs)
	var s State
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s = *init
		total += playRandom(&s, rng, sample, buf)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(total)/float64(b.N), "actions/game")
}

// recordedGame returns a random 4-player game's actions from its start.
func recordedGame(b testing.TB) (*State, []game.Action) {
	init := newBenchState(b, 4)
	s := *init
	rng := game.NewRand(2)
	var acts []game.Action
	for s.phase != phaseOver {
		var a game.Action
		if s.phase == phaseDraw {
			a = game.SampleChance(&s, rng, nil)
		} else {
			l := s.LegalActions(nil)
			a = l[rng.IntN(len(l))]
		}
		acts = append(acts, a)
		if err := s.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return init, acts
}

// BenchmarkApply replays a recorded game; one op is one action.
func BenchmarkApply(b *testing.B) {
	init, acts := recordedGame(b)
	var s State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		s = *init
		for _, a := range acts {
			if i == b.N {
				break
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
			i++
		}
	}
}

// BenchmarkLegalActions lists the actions at every player node of a
// recorded game into a reused buffer; one op is one listing.
func BenchmarkLegalActions(b *testing.B) {
	init, acts := recordedGame(b)
	var states []State
	s := *init
	for _, a := range acts {
		if s.phase != phaseDraw {
			states = append(states, s)
		}
		s.Apply(a)
	}
	buf := make([]game.Action, 0, numActs)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		buf = states[i%len(states)].LegalActions(buf)
	}
}

// BenchmarkEvaluate evaluates every position of a recorded game into a
// reused buffer, as a search's cut-offs and the greedy bot do; one op is
// one evaluation.
func BenchmarkEvaluate(b *testing.B) {
	init, acts := recordedGame(b)
	var states []State
	s := *init
	for _, a := range acts {
		states = append(states, s)
		s.Apply(a)
	}
	vals := make([]float64, 0, maxPlayers)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		vals = states[i%len(states)].Evaluate(vals)
	}
}

// TestNoAllocs guards the performance promise: Apply, LegalActions into a
// reused buffer, ChanceOutcomes and Evaluate do not allocate.
func TestNoAllocs(t *testing.T) {
	init, acts := recordedGame(t)
	var s State
	buf := make([]game.Action, 0, numActs)
	outs := make([]game.ChanceOutcome, 0, NumTiles)
	vals := make([]float64, 0, maxPlayers)
	allocs := testing.AllocsPerRun(20, func() {
		s = *init
		for _, a := range acts {
			buf = s.LegalActions(buf)
			outs = s.ChanceOutcomes(outs)
			vals = s.Evaluate(vals)
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per game", allocs)
	}
}
