package gametest

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/commons-games/commons/game"
)

// CheckTensors plays three random games of g at each player count and
// checks the observation tensor (game.Tensorer) of every seat at every
// state: its size is the shape's, its values are finite and not
// negative, seat 1's changes as the game goes on, every legal action is
// below NumDistinctActions, and (in a game with hidden information) a
// state drawn for a seat by the Sampler, which shows that seat the same
// observation, gives it the same tensor: the tensor holds nothing the
// seat may not see.
func CheckTensors(g game.Game, players ...int) error {
	for _, n := range players {
		s0, err := game.NewState(g, n, nil)
		if err != nil {
			return err
		}
		tz, ok := s0.(game.Tensorer)
		if !ok {
			return fmt.Errorf("%s: its states have no observation tensor", g.Info().Name)
		}
		shape := tz.ObservationShape()
		size := game.TensorSize(shape)
		for seed := uint64(1); seed <= 3; seed++ {
			if err := checkTensorGame(s0.Clone(), n, seed, size, shape, tz.NumDistinctActions()); err != nil {
				return fmt.Errorf("%s, %d players, seed %d: %v", g.Info().Name, n, seed, err)
			}
		}
	}
	return nil
}

func checkTensorGame(s game.State, players int, seed uint64, size int, shape []int, distinct int) error {
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
				return fmt.Errorf("ply %d, seat %d: %d values, want %d (shape %v)", ply, p.Seat(), len(buf), size, shape)
			}
			for i, x := range buf {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x < 0 {
					return fmt.Errorf("ply %d: value %d is %v", ply, i, x)
				}
			}
			if q == 0 {
				if last != nil && !slices.Equal(last, buf) {
					changes++
				}
				last = append(last[:0], buf...)
			}
			if smp, ok := s.(game.Sampler); ok && ply%7 == 0 {
				want, err := json.Marshal(s.Observation(p))
				if err != nil {
					return err
				}
				for k := range 3 {
					o := smp.Sample(p, game.NewRand(seed*1000+uint64(ply*10+k)))
					if got, err := json.Marshal(o.Observation(p)); err != nil || string(got) != string(want) {
						return fmt.Errorf("ply %d: a sample for seat %d shows it another observation (%v)", ply, p.Seat(), err)
					}
					v2 = o.(game.Tensorer).ObservationTensor(p, v2)
					if !slices.Equal(buf, v2) {
						return fmt.Errorf("ply %d: seat %d's tensor differs on a sample with its observation", ply, p.Seat())
					}
				}
			}
		}
		if game.IsChance(s) {
			outcomes = s.ChanceOutcomes(outcomes)
			if err := s.Apply(game.SampleOutcome(outcomes, r)); err != nil {
				return err
			}
			continue
		}
		acts = s.LegalActions(acts)
		for _, a := range acts {
			if int(a) >= distinct {
				return fmt.Errorf("ply %d: legal action %d is not below NumDistinctActions %d", ply, a, distinct)
			}
		}
		if err := s.Apply(acts[r.IntN(len(acts))]); err != nil {
			return err
		}
	}
	if changes == 0 {
		return fmt.Errorf("seat 1's tensor never changed")
	}
	return nil
}

// PlayRandom plays up to plies random actions on s (chance by its
// probabilities), from seed, stopping at the end of the game: a position
// for a test to look at.
func PlayRandom(s game.State, seed uint64, plies int) error {
	r := game.NewRand(seed)
	var acts []game.Action
	var outcomes []game.ChanceOutcome
	for ply := 0; ply < plies && !game.IsTerminal(s); ply++ {
		var a game.Action
		if game.IsChance(s) {
			outcomes = s.ChanceOutcomes(outcomes)
			a = game.SampleOutcome(outcomes, r)
		} else {
			acts = s.LegalActions(acts)
			a = acts[r.IntN(len(acts))]
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("ply %d: %v", ply, err)
		}
	}
	return nil
}
