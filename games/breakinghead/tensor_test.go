package breakinghead

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
	for _, players := range []int{3, 5, 10} {
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
