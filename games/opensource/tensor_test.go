package opensource

import (
	"github.com/commons-games/commons/game/gametest"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts: the conformance kit's checks of the observation
// tensor (gametest.CheckTensors) at 2 and 4 players.
func TestTensorPlayouts(t *testing.T) {
	if err := gametest.CheckTensors(Game, 2, 4); err != nil {
		t.Fatal(err)
	}
}

// TestTensorLayout checks the Commons' tiles, the seats and the supply
// where the layout puts them.
func TestTensorLayout(t *testing.T) {
	if tensorSize != 29311 || len(phaseNames) != tensorPhases {
		t.Fatalf("tensor size %d, phases %d: the documented layout is 29311 values, 13 phases", tensorSize, len(phaseNames))
	}
	s, err := game.NewState(Game, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := gametest.PlayRandom(s, 6, 80); err != nil {
		t.Fatal(err)
	}
	for q := range 2 {
		p := game.Player(q)
		o := s.(*State).observe(p)
		v := s.(game.Tensorer).ObservationTensor(p, nil)
		tiles := 0
		for i := range nSpaces {
			tiles += int(v[i*spaceValues])
		}
		want := 0
		for _, tv := range o.Commons {
			if tv.Tile != "" {
				want++
			}
		}
		if tiles != want || want == 0 {
			t.Errorf("seat %d: %d tiles in the tensor's Commons, %d in the observation", p.Seat(), tiles, want)
		}
		if v[tCommons] != 1 || (o.ToMove == p.Seat()) != (v[tCommons+1] == 1) {
			t.Errorf("seat %d: relative seat 0 is %v", p.Seat(), v[tCommons:tCommons+2])
		}
		var supply float32
		for k := range NumTypes {
			supply += v[tSupply+k] * maxSupply
		}
		if int(supply+0.5) != o.SupplyN {
			t.Errorf("seat %d: %v tiles in the tensor's supply, %d in the observation", p.Seat(), supply, o.SupplyN)
		}
	}
}

func TestTensorSpaces(t *testing.T) {
	names := TensorSpaces()
	if len(names) != nSpaces {
		t.Fatalf("%d spaces, want %d", len(names), nSpaces)
	}
	for i, n := range names {
		if spaceIndex()[n] != i {
			t.Fatalf("space %d %q: the tensor puts it at %d", i, n, spaceIndex()[n])
		}
	}
}
