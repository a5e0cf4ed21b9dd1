package source

import (
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTensorPlayouts plays random games and checks the tensor of every
// seat at every state: its size is the shape's, its values are finite,
// it changes as the game goes on, and (in a game with hidden
// information) a state drawn for a seat by the Sampler, which shows that
// seat the same observation, gives it the same tensor.
func TestTensorPlayouts(t *testing.T) {
	for _, players := range []int{2} {
		s0, err := game.NewState(Game, players, nil)
		if err != nil {
			t.Fatal(err)
		}
		tz := s0.(game.Tensorer)
		shape := tz.ObservationShape()
		size := game.TensorSize(shape)
		for seed := uint64(1); seed <= 3; seed++ {
			s := s0.Clone()
			r := game.NewRand(seed)
			var (
				acts     []game.Action
				outcomes []game.ChanceOutcome
				buf, v2  []float32
				changes  int
				last     []float32
			)
			for ply := 0; !game.IsTerminal(s) && ply < 400; ply++ {
				for q := range players {
					p := game.Player(q)
					buf = s.(game.Tensorer).ObservationTensor(p, buf)
					if len(buf) != size {
						t.Fatalf("%d players, ply %d, seat %d: %d values, want %d (shape %v)", players, ply, p.Seat(), len(buf), size, shape)
					}
					for i, x := range buf {
						if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x < 0 {
							t.Fatalf("%d players, ply %d: value %d is %v", players, ply, i, x)
						}
					}
					if q == 0 {
						if last != nil && !slices.Equal(last, buf) {
							changes++
						}
						last = append(last[:0], buf...)
					}
					if smp, ok := s.(game.Sampler); ok && ply%7 == 0 {
						want := observationJSON(t, s, p)
						for k := range 3 {
							o := smp.Sample(p, game.NewRand(seed*1000+uint64(ply*10+k)))
							if observationJSON(t, o, p) != want {
								t.Fatalf("ply %d: a sample for seat %d shows it another observation", ply, p.Seat())
							}
							v2 = o.(game.Tensorer).ObservationTensor(p, v2)
							if !slices.Equal(buf, v2) {
								t.Fatalf("%d players, ply %d: seat %d's tensor differs on a sample with its observation", players, ply, p.Seat())
							}
						}
					}
				}
				if game.IsChance(s) {
					outcomes = s.ChanceOutcomes(outcomes)
					if err := s.Apply(game.SampleOutcome(outcomes, r)); err != nil {
						t.Fatal(err)
					}
					continue
				}
				acts = s.LegalActions(acts)
				for _, a := range acts {
					if int(a) >= tz.NumDistinctActions() {
						t.Fatalf("%d players, ply %d: legal action %d is not below NumDistinctActions %d", players, ply, a, tz.NumDistinctActions())
					}
				}
				if err := s.Apply(acts[r.IntN(len(acts))]); err != nil {
					t.Fatal(err)
				}
			}
			if changes == 0 {
				t.Errorf("%d players, seed %d: seat 1's tensor never changed", players, seed)
			}
		}
	}
}

func observationJSON(t *testing.T, s game.State, p game.Player) string {
	t.Helper()
	data, err := json.Marshal(s.Observation(p))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
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
