package threeio

import (
	"github.com/commons-games/commons/game/gametest"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts: the conformance kit's checks of the observation
// tensor (gametest.CheckTensors) at 2 and 3 and 4 players.
func TestTensorPlayouts(t *testing.T) {
	if err := gametest.CheckTensors(Game, 2, 3, 4); err != nil {
		t.Fatal(err)
	}
}

// TestTensorLayout checks the sectors' and the seats' places: seat p
// comes first, and the held tiles are counted where the layout says.
func TestTensorLayout(t *testing.T) {
	s, err := game.NewState(Game, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := gametest.PlayRandom(s, 2, 30); err != nil {
		t.Fatal(err)
	}
	for q := range 3 {
		p := game.Player(q)
		o := s.Observation(p).(Observation)
		v := s.(game.Tensorer).ObservationTensor(p, nil)
		base := numCells * sectorValues
		pv := o.Players[q]
		if v[base] != 1 || v[base+1] != float32(pv.Score)/100 {
			t.Errorf("seat %d: relative seat 0 is %v, want seat %d's score %d", p.Seat(), v[base:base+3], pv.Seat, pv.Score)
		}
		var held float32
		for i := range NumTiles {
			held += v[base+3+i]
		}
		if int(held) != len(pv.Held) {
			t.Errorf("seat %d: %v held tiles in the tensor, %d in the observation", p.Seat(), held, len(pv.Held))
		}
		var tiles int
		for i := range numCells {
			for k := range NumTiles {
				tiles += int(v[i*sectorValues+k])
			}
		}
		want := 0
		for _, sv := range o.Sectors {
			if sv.Tile != "" {
				want++
			}
		}
		if tiles != want {
			t.Errorf("seat %d: %d tiles on the board in the tensor, %d in the observation", p.Seat(), tiles, want)
		}
	}
}
