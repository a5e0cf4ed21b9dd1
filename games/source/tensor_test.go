package source

import (
	"github.com/commons-games/commons/game/gametest"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts: the conformance kit's checks of the observation
// tensor (gametest.CheckTensors) at 2 players.
func TestTensorPlayouts(t *testing.T) {
	if err := gametest.CheckTensors(Game, 2); err != nil {
		t.Fatal(err)
	}
}

func TestObservationTensor(t *testing.T) {
	s := mustNewTensorState(t)
	shape := s.ObservationShape()
	if got, want := game.TensorSize(shape), 18*81; got != want {
		t.Fatalf("size %d, want %d", got, want)
	}
	r := game.NewRand(5)
	var buf []game.Action
	for ply := 0; !game.IsTerminal(s) && ply < 60; ply++ {
		for _, p := range []game.Player{0, 1} {
			v := s.ObservationTensor(p, nil)
			if len(v) != game.TensorSize(shape) {
				t.Fatalf("ply %d: %d values, want %d", ply, len(v), game.TensorSize(shape))
			}
			for i, x := range v {
				if x < 0 || x > 1 {
					t.Fatalf("ply %d: value %d is %v, want 0 to 1", ply, i, x)
				}
			}
		}
		buf = s.LegalActions(buf)
		if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
			t.Fatal(err)
		}
	}
	// The board: one plane of a colour's tokens counts its tokens.
	v := s.ObservationTensor(0, nil)
	o := s.Observation(0).(Observation)
	for k := range 4 {
		var n, want float32
		for i := range 81 {
			n += v[k*81+i]
		}
		for _, row := range o.Board {
			for _, c := range row {
				if c.Colour == o.Colours[k].Colour {
					want++
				}
			}
		}
		if n != want {
			t.Errorf("colour %d: %v tokens in the tensor, %v on the board", k, n, want)
		}
	}
}

func mustNewTensorState(t *testing.T) *State {
	t.Helper()
	s, err := game.NewState(Game, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}
