package openscience

import (
	"github.com/commons-games/commons/game/gametest"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts: the conformance kit's checks of the observation
// tensor (gametest.CheckTensors) at 2 and 5 players.
func TestTensorPlayouts(t *testing.T) {
	if err := gametest.CheckTensors(Game, 2, 5); err != nil {
		t.Fatal(err)
	}
}

// TestTensorLayout checks the seats' and the stock's places.
func TestTensorLayout(t *testing.T) {
	s, err := game.NewState(Game, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := gametest.PlayRandom(s, 4, 40); err != nil {
		t.Fatal(err)
	}
	for q := range 3 {
		p := game.Player(q)
		o := s.Observation(p).(*Observation)
		v := s.(game.Tensorer).ObservationTensor(p, nil)
		if v[0] != 1 || v[3] != float32(o.Seats[q].Credits)/20 {
			t.Errorf("seat %d: relative seat 0 is %v, want seat %d with %d credits", p.Seat(), v[:5], q+1, o.Seats[q].Credits)
		}
		if v[tStock] != float32(o.Stock.Green)/10 || v[tStock+3] != float32(o.Stock.Blue)/10 {
			t.Errorf("seat %d: stock %v, observation %+v", p.Seat(), v[tStock:tStock+4], o.Stock)
		}
		var phases float32
		for k := range 8 {
			phases += v[tPhase+k]
		}
		if phases != 1 {
			t.Errorf("seat %d: phase %q: %v phase values set, want 1", p.Seat(), o.Phase, phases)
		}
		var cards float32
		for k := range NumRoles {
			cards += v[5+2*k] * 3
		}
		if int(cards+0.5) != len(o.Seats[q].Roles) {
			t.Errorf("seat %d: %v role cards in the tensor, %d in the observation", p.Seat(), cards, len(o.Seats[q].Roles))
		}
	}
}
