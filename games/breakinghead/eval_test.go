package breakinghead

import (
	"math"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestEvaluate(t *testing.T) {
	p := position(t, "cbc").hand(1, "straight-ew")
	before := p.Evaluate(nil)
	if before[0] != -7+7*handWeight || before[2] != -7 || before[1] != 7 {
		t.Fatalf("at the start %v, want the Contributors at -7 (seven cards to 8,0), seat 1 plus its straight-ew", before)
	}
	p.do("place straight-ew@1,0")
	p.hands[0] = [nKinds]uint8{} // the card drawn is not the point
	after := p.Evaluate(nil)
	if !(after[0] > before[0] && after[2] == after[0] && after[1] == -after[0]) {
		t.Fatalf("after a step towards the goal %v (before %v)", after, before)
	}
}

// TestEvaluateValuesTheHandForTheRole: of two hands, a seat is worth more
// with the one its role needs (the scripts' builderValue, blockerValue),
// by less than a card of distance to the goal: a Contributor keeps a
// crossing rather than a Blocked!, a Blocker the other way round.
func TestEvaluateValuesTheHandForTheRole(t *testing.T) {
	value := func(seat int, cards ...string) float64 {
		return position(t, "cbc").hand(seat, cards...).Evaluate(nil)[seat-1]
	}
	base := position(t, "cbc").Evaluate(nil)
	for _, tt := range []struct {
		seat       int
		good, poor string
	}{
		{1, "crossing", "blocked-wifi"},
		{1, "junction-nes", "stub-w-dead"},
		{2, "blocked-wifi", "crossing"},
		{2, "spam", "straight-ew"},
	} {
		good, poor := value(tt.seat, tt.good), value(tt.seat, tt.poor)
		if !(good > poor) {
			t.Errorf("seat %d is worth %v holding %s, %v holding %s", tt.seat, good, tt.good, poor, tt.poor)
		}
		if d := good - base[tt.seat-1]; d <= 0 || d >= 0.5 {
			t.Errorf("seat %d gains %v by holding %s: want more than nothing, less than a blocked Contributor's 0.5", tt.seat, d, tt.good)
		}
	}
}

// TestEvaluateIsAStanding: Evaluate gives each seat its team's standing
// (Standing, game.StandingEvaluator), so where nobody is blocked a seat's
// value is the same in every sample, whatever roles the sample deals the
// others, and the two teams' values are opposite.
func TestEvaluateIsAStanding(t *testing.T) {
	var _ game.StandingEvaluator = (*State)(nil)
	checked := 0
	for seed := range uint64(8) {
		playRandom(t, 5, nil, 33+seed, func(s *State) {
			if s.phase != phasePlay || s.problems != [10]uint8{} || !s.Standing() {
				return
			}
			me := game.Player(s.toMove)
			want := s.Evaluate(nil)[me]
			// team is a seat's value less its hand's worth: its team's.
			team := func(smp *State, v []float64, q int) float64 {
				value := &builderValue
				if smp.roles[q] == roleBlocker {
					value = &blockerValue
				}
				return v[q] - smp.handWorth(q, value)
			}
			r := game.NewRand(uint64(s.nLog))
			for range 20 {
				smp := s.Sample(me, r).(*State)
				smp.fixedAt = s.fixedAt // the goal's draw is not the point here
				v := smp.Evaluate(nil)
				if v[me] != want {
					t.Fatalf("after %d plays seat %d's value is %v in one sample, %v in the real state", s.nLog, me+1, v[me], want)
				}
				mine := team(smp, v, int(me))
				for q := range 5 {
					if smp.roles[q] != smp.roles[me] && math.Abs(team(smp, v, q)+mine) > 1e-9 {
						t.Fatalf("seat %d, of the other team, values %v against %v", q+1, team(smp, v, q), mine)
					}
				}
			}
			checked++
		})
	}
	if checked < 20 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestDistanceMatchesDefinition checks the one-pass distance, which the
// Evaluator reads, against its definition written out: the least
// Manhattan distance to the Fixed & Committed card from an empty
// placeable cell next to an open edge of a card of the start's network,
// at every state of random games.
func TestDistanceMatchesDefinition(t *testing.T) {
	byDefinition := func(s *State) int {
		seen := s.network()
		gx, gy := cellXY(endCells[s.fixedAt])
		best := 2 * nCommentCards
		for _, c16 := range s.occ[:s.nOcc] {
			c := int(c16)
			if seen[c>>6]&(1<<(c&63)) == 0 {
				continue
			}
			for d := 0; d < 4; d++ {
				nc := c + dirDelta[d]
				if codeEdges[s.table[c]]&dirBit[d] == 0 || s.table[nc] != cellEmpty || !isPlaceable(nc) {
					continue
				}
				x, y := cellXY(nc)
				best = min(best, abs(x-gx)+abs(y-gy))
			}
		}
		return best
	}
	states := 0
	for seed := uint64(1); seed <= 60; seed++ {
		s := newState(3+int(seed%8), 0)
		r := game.NewRand(seed)
		var rs randomSteps
		for s.phase != phaseOver {
			if s.fixedAt >= 0 {
				if got, want := s.distance(), byDefinition(s); got != want {
					t.Fatalf("seed %d, after %d cards: distance %d, by the definition %d", seed, s.nOcc, got, want)
				}
				states++
			}
			if err := rs.step(s, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	if states < 1000 {
		t.Fatalf("only %d states checked", states)
	}
}

// TestHandWorthMatchesDefinition checks handWorth, which reads the counts
// eight at a time, against the sum over every kind, for hands of one
// card of each kind, a few cards, and every count at once.
func TestHandWorthMatchesDefinition(t *testing.T) {
	s := newState(5, 0)
	r := game.NewRand(1)
	for trial := range 500 {
		for q := range 5 {
			s.hands[q] = [nKinds]uint8{}
			switch {
			case trial < nKinds:
				s.hands[q][(trial+q)%nKinds] = uint8(1 + q)
			case trial%5 == 0:
				for k := range s.hands[q] {
					s.hands[q][k] = uint8(r.IntN(4))
				}
			default:
				for range r.IntN(8) {
					s.hands[q][r.IntN(nKinds)]++
				}
			}
		}
		for q := range 5 {
			for _, value := range []*[nKinds]int{&builderValue, &blockerValue} {
				want := 0
				for k, c := range s.hands[q] {
					want += int(c) * value[k]
				}
				if got := s.handWorth(q, value); got != handWeight*float64(want) {
					t.Fatalf("trial %d, seat %d, hand %v: handWorth %v, by definition %v", trial, q, s.hands[q], got, handWeight*float64(want))
				}
			}
		}
	}
}
