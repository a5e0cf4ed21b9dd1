package source

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
)

// midGame plays n random actions from the start.
func midGame(b *testing.B, n int) *State {
	s := newState(b, nil)
	r := rand.New(rand.NewPCG(1, 2))
	var buf []game.Action
	for i := 0; i < n && s.CurrentPlayer() != game.Terminal; i++ {
		buf = s.LegalActions(buf)
		if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

func BenchmarkLegalActions(b *testing.B) {
	s := midGame(b, 60)
	buf := make([]game.Action, 0, numActions)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.LegalActions(buf)
	}
}

// BenchmarkApply replays the actions of one random game over and over,
// resetting by a value copy; one op is one action.
func BenchmarkApply(b *testing.B) {
	start := newState(b, nil)
	s := *start
	r := rand.New(rand.NewPCG(3, 4))
	var buf, moves []game.Action
	for s.CurrentPlayer() != game.Terminal {
		buf = s.LegalActions(buf)
		a := buf[r.IntN(len(buf))]
		moves = append(moves, a)
		_ = s.Apply(a)
	}
	b.ReportAllocs()
	i := 0
	s = *start
	for b.Loop() {
		if i == len(moves) {
			s, i = *start, 0
		}
		if err := s.Apply(moves[i]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomPlayout plays whole random games from the start; the
// actions/s metric counts every action applied, end included.
func BenchmarkRandomPlayout(b *testing.B) {
	start := newState(b, nil)
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]game.Action, 0, numActions)
	actions := 0
	b.ReportAllocs()
	t0 := time.Now()
	for b.Loop() {
		s := *start
		for s.CurrentPlayer() != game.Terminal {
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	el := time.Since(t0).Seconds()
	b.ReportMetric(float64(actions)/el, "actions/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkScores reads the scores (as the lab's trace does at each of
// its points) of the positions of random games, cycling through them.
func BenchmarkScores(b *testing.B) {
	for _, territory := range []string{TerritorySingle, TerritoryRegions} {
		b.Run(territory, func(b *testing.B) {
			start := newState(b, game.Options{OptTerritory: territory})
			r := rand.New(rand.NewPCG(7, 8))
			var buf []game.Action
			var states []State
			for len(states) < 1000 {
				s := *start
				for s.CurrentPlayer() != game.Terminal {
					buf = s.LegalActions(buf)
					_ = s.Apply(buf[r.IntN(len(buf))])
					states = append(states, s)
				}
			}
			dst := make([]float64, 0, 2)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				dst = states[i].Scores(dst)
				if i++; i == len(states) {
					i = 0
				}
			}
		})
	}
}
