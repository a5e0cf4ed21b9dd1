package threeio

import (
	"math"
	"testing"
)

func TestEvaluate_PointsPlusWhatThePositionPromises(t *testing.T) {
	// Seat 1's Planet would score 8 x3 = 24 (the Station beside it), seat
	// 2's Dust 1 x3 = 3; each seat holds a Dust, which could go beside the
	// Station at b2 (x3); seats 1 and 2 have 2 crew in hand, seat 3 has 3.
	base := func(t *testing.T) *State {
		s := pic(t, 3, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Pl@1 St Du@2 . . .`)
		s.score = [4]int64{10, 10, 10}
		return s
	}
	for _, tt := range []struct {
		name   string
		change func(s *State)
		want   []float64 // before subtracting the best other seat
	}{
		{"as set", func(*State) {},
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10 + 6*3 + 0.3*1*3}},
		{"seat 1 holds a Singularity: x5 instead of x3 on its Planet, which has room beside it",
			func(s *State) { s.held[0] = [2]int8{int8(Dust), int8(Singularity)} },
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3 + 0.3*10 + 0.7*8*2, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10 + 6*3 + 0.3*1*3}},
		{"seat 3 has no crew in hand or on the board: its tile promises nothing",
			func(s *State) { s.crew[2] = 0 },
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10}},
		{"no civilization tile on the board: x1 everywhere",
			func(s *State) { s.board[1] = cell{}; s.occ &^= 1 << 1 },
			[]float64{10 + 0.8*8 + 6*2 + 0.3*1*1, 10 + 0.8*1 + 6*2 + 0.3*1*1, 10 + 6*3 + 0.3*1*1}},
	} {
		s := base(t)
		tt.change(s)
		got := s.Evaluate(nil)
		for p := range tt.want {
			best := math.Inf(-1)
			for q := range tt.want {
				if q != p {
					best = max(best, tt.want[q])
				}
			}
			if want := tt.want[p] - best; math.Abs(got[p]-want) > 1e-9 {
				t.Errorf("%s: seat %d: evaluate %v, want %v", tt.name, p+1, got[p], want)
			}
		}
	}
}
