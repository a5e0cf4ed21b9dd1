package breakinghead

import (
	"github.com/commons-games/commons/game/gametest"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts: the conformance kit's checks of the observation
// tensor (gametest.CheckTensors) at 3 and 5 and 10 players.
func TestTensorPlayouts(t *testing.T) {
	if err := gametest.CheckTensors(Game, 3, 5, 10); err != nil {
		t.Fatal(err)
	}
}

// TestTensorLayout checks the hand, the start and the end cards where
// the layout puts them.
func TestTensorLayout(t *testing.T) {
	s, err := game.NewState(Game, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := game.NewRand(3)
	var outcomes []game.ChanceOutcome
	for game.IsChance(s) {
		outcomes = s.ChanceOutcomes(outcomes)
		s.Apply(game.SampleOutcome(outcomes, r))
	}
	p := s.CurrentPlayer()
	v := s.(game.Tensorer).ObservationTensor(p, nil)
	o := s.(*State).observe(p)
	var hand float32
	for k := range nKinds {
		hand += v[tHand+k]
	}
	if int(hand) != len(o.You.Hand) {
		t.Errorf("%v cards in the tensor's hand, %d in the observation", hand, len(o.You.Hand))
	}
	if v[tableCell("0,0")*cellValues+6] != 1 {
		t.Error("the start card is not at 0,0")
	}
	for _, at := range []string{"8,-2", "8,0", "8,2"} {
		if v[tableCell(at)*cellValues+7] != 1 {
			t.Errorf("no face-down end card at %s", at)
		}
	}
	if v[tRole]+v[tRole+1] != 1 {
		t.Errorf("role values %v: want one set after the deal", v[tRole:tRole+2])
	}
	if v[tSeats] != 1 || v[tSeats+1] != 1 {
		t.Errorf("relative seat 0 (the seat to move) is %v: want seated and to move", v[tSeats:tSeats+3])
	}
	if tableCell("99,0") != -1 || tableCell("x") != -1 {
		t.Error("a cell outside the window has a place")
	}
}
