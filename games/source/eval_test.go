package source

import "testing"

// TestEvaluate checks the evaluator's parts (Evaluate, for greedy and
// search cut-offs) on positions worked out by hand. Red is to move with
// 2 AP, worth 1 each to seat 1, in each.
func TestEvaluate(t *testing.T) {
	tests := []struct {
		name, board string
		want        float64
	}{
		{"the score lead, a quarter for the centre, red's 2 AP", `
		R R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . B . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`, 6 - 5 - 0.25 + 2},
		// Blue captured red's corner: b9 and c9 are cut off. The score
		// counts them 1 each; the evaluator counts the chain as red will
		// have it back with one token (2 each, a point less for the
		// group), so the raid gains blue 2 for the corner only.
		{"a chain cut off from its corner counts as reconnected, less 1", `
		. R R . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`, (4 - 1 + 2) - (2 + 2) + 2},
		// The centre is empty and touches a connected green token only:
		// seat 2 takes it at once, 8 to seat 2.
		{"an empty centre next to one seat's chain is that seat's", `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G G G G . . . . .
		G . . . . . . . .
		G . . . . . . . .
		G . . . . . . . .
		G . . . . . . . Y`, 4 - (2 + 16) + 2 - 8},
	}
	for _, tt := range tests {
		s := position(t, nil, tt.board)
		s.colour, s.ap = Red, 2
		got := s.Evaluate(nil)
		if got[0] != tt.want || got[1] != -tt.want {
			t.Errorf("%s: Evaluate = %v, want [%v %v]", tt.name, got, tt.want, -tt.want)
		}
	}
}
