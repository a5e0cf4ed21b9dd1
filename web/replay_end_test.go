package web_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/web"
)

// TestPositionsOfResignedGame: a record that ends by a resignation
// replays to the position where it stopped, which the replay shows as
// the end, with nobody to move, the end and its returns.
func TestPositionsOfResignedGame(t *testing.T) {
	end := &record.End{Reason: record.EndResignation, Seat: 1, Returns: []float64{0, 1}}
	rp, err := web.Positions(&record.Record{Game: "source", Players: 2, Moves: []string{"a8"}, End: end}, game.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	last := rp.Steps[len(rp.Steps)-1]
	if !rp.Over || !cmp.Equal(rp.Result, end.Returns) || !cmp.Equal(rp.End, end) || last.ToMove != 0 {
		t.Fatalf("over %v, result %v, end %+v, last step to move %d", rp.Over, rp.Result, rp.End, last.ToMove)
	}
}
