package bot

import (
	"testing"

	"github.com/commons-games/commons/game"
)

// valued is a state before the end with fixed evaluations, standings or
// not; only what the evaluator reads is there.
type valued struct {
	game.State
	vals     []float64
	standing bool
}

func (v valued) CurrentPlayer() game.Player       { return 0 }
func (v valued) Evaluate(dst []float64) []float64 { return append(dst[:0], v.vals...) }
func (v valued) Standing() bool                   { return v.standing }

// Greedy values a state by the seat's lead over the others' mean, but by
// its own value when the game's evaluations are standings: in Open
// Source every seat shares the race to win or lose together, and a lead
// would cancel it. A move that raises everybody's standing by 1 must beat
// one that raises only the seat's own by 0.5 then, and lose to it by the
// lead.
func TestGreedyValueIsTheStanding(t *testing.T) {
	var e evaluator
	shared, own := []float64{1, 1}, []float64{0.5, 0}
	for _, tc := range []struct {
		standing            bool
		wantShared, wantOwn float64
	}{
		{false, 0, 0.5},
		{true, 1, 0.5},
	} {
		gotShared := e.value(valued{vals: shared, standing: tc.standing}, 0)
		gotOwn := e.value(valued{vals: own, standing: tc.standing}, 0)
		if gotShared != tc.wantShared || gotOwn != tc.wantOwn {
			t.Errorf("standing %v: shared gain valued %v, own gain %v; want %v and %v", tc.standing, gotShared, gotOwn, tc.wantShared, tc.wantOwn)
		}
	}
}
