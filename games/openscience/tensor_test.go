package openscience

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
	for _, players := range []int{2, 5} {
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

// TestTensorLayout checks the seats' and the stock's places.
func TestTensorLayout(t *testing.T) {
	s, err := game.NewState(Game, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := game.NewRand(4)
	var acts []game.Action
	var outcomes []game.ChanceOutcome
	for ply := 0; ply < 40 && !game.IsTerminal(s); ply++ {
		if game.IsChance(s) {
			outcomes = s.ChanceOutcomes(outcomes)
			s.Apply(game.SampleOutcome(outcomes, r))
			continue
		}
		acts = s.LegalActions(acts)
		s.Apply(acts[r.IntN(len(acts))])
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
