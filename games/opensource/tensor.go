package opensource

import (
	"strings"
	"sync"

	"github.com/commons-games/commons/game"
)

// The observation tensor (game.Tensorer) is one vector of 29,311 values,
// the same shape for 2 to 4 players, with seats counted from seat p
// (relative seat 0 is p, 1 the next seat, ...). Counts are divided by a
// fixed scale (in brackets) and may exceed 1 in a variant:
//
//	0-29183      the Commons' 1,536 spaces, in the order TensorSpaces
//	             names them (row by row from -15,-16), 19 values a space: a tile, its type one-hot (11: YYY, BBB,
//	             RRR, YYB, YYR, BBY, BBR, RRY, RRB, YBR, YRB), its turn
//	             one-hot (3), a token of each relative seat on it (4)
//	29184-29263  the 4 relative seats, 20 values each: seated, to move,
//	             Infrastructure cards [10], BDFL cards [5], Market Demand
//	             cards [5], tokens on the board [5], tiles in its Lab
//	             [10], its Lab's holes [5], its Lab's tiles of each type
//	             (11) [6]; 1 unused
//	29264-29274  the supply's tiles of each type [40]
//	29275-29287  the phase one-hot: start, reveal, begin, roll, keep,
//	             dice, place, after, move, token, reward, extend, over
//	29288        the turn over the turn limit
//	29289-29291  the dice rolled: yellow, blue, red [3]
//	29292-29302  the type of the tile in hand, one-hot
//	29303        the Market Demand cards left [20]
//	29304-29305  a Market Demand card is face up; its condition is met
//	29306-29310  unused (0)
//
// Everything comes from Observation(p): nothing p may not see.
const (
	spaceValues  = 1 + NumTypes + 3 + maxPlayers
	tCommons     = nSpaces * spaceValues
	seatValues   = 20
	tSupply      = tCommons + maxPlayers*seatValues
	tPhase       = tSupply + NumTypes
	tTurn        = tPhase + 13
	tDice        = tTurn + 1
	tHand        = tDice + 3
	tDemand      = tHand + NumTypes
	tensorSize   = tDemand + 3 + 5
	tensorPhases = 13
)

var _ game.Tensorer = (*State)(nil)

var (
	// spaceIndex is made at first use: the spaces' coordinates are set
	// by an init function, after the package's variables.
	spaceIndex = sync.OnceValue(func() map[string]int {
		m := make(map[string]int, nSpaces)
		for s := range space(nSpaces) {
			m[spaceString(s)] = int(s)
		}
		return m
	})
	typeIndex = func() map[string]int {
		m := map[string]int{}
		for i, n := range typeNames {
			m[n] = i
		}
		return m
	}()
)

// TensorSpaces returns the names of the Commons' spaces (as the
// notation's and Observation's "R,C") in the order of the observation
// tensor's spaces.
func TensorSpaces() []string {
	out := make([]string, nSpaces)
	for s := range space(nSpaces) {
		out[s] = spaceString(s)
	}
	return out
}

// ObservationShape returns [29311].
func (s *State) ObservationShape() []int { return []int{tensorSize} }

// ObservationTensor appends seat p's tensor to dst[:0].
func (s *State) ObservationTensor(p game.Player, dst []float32) []float32 {
	o := s.observe(p)
	t := game.Tensor(dst, tensorSize)
	n := o.Players
	rel := func(seat int) int { return ((seat - 1) - int(p) + n) % n }
	for _, tv := range o.Commons {
		i, ok := spaceIndex()[tv.At]
		if !ok {
			continue
		}
		b := i * spaceValues
		if tv.Tile != "" {
			t[b] = 1
			if k, ok := typeIndex[tv.Tile]; ok {
				t[b+1+k] = 1
			}
			if tv.Turn >= 0 && tv.Turn < 3 {
				t[b+1+NumTypes+tv.Turn] = 1
			}
		}
		if tv.Owner > 0 && tv.Owner <= n {
			t[b+1+NumTypes+3+rel(tv.Owner)] = 1
		}
	}
	for _, sv := range o.Seats {
		b := tCommons + rel(sv.Seat)*seatValues
		t[b] = 1
		if o.ToMove == sv.Seat {
			t[b+1] = 1
		}
		for _, h := range sv.Infrastructure {
			t[b+2] += float32(h.Cards) / 10
		}
		t[b+3] = float32(len(sv.BDFL)) / 5
		t[b+4] = float32(sv.Demands) / 5
		for _, tp := range sv.Tokens {
			if tp.At != "" {
				t[b+5] += 1.0 / 5
			}
		}
	}
	for _, lv := range o.Labs {
		if lv.Seat < 1 || lv.Seat > n {
			continue
		}
		b := tCommons + rel(lv.Seat)*seatValues
		for _, tv := range lv.Spaces {
			if tv.Tile == "" {
				continue
			}
			t[b+6] += 1.0 / 10
			if k, ok := typeIndex[tv.Tile]; ok {
				t[b+8+k] += 1.0 / 6
			}
		}
		t[b+7] = float32(lv.Stats.Holes) / 5
	}
	for _, c := range o.Supply {
		if k, ok := typeIndex[c.Tile]; ok {
			t[tSupply+k] = float32(c.Count) / maxSupply
		}
	}
	for k, name := range phaseNames {
		if o.Phase == name && k < tensorPhases {
			t[tPhase+k] = 1
		}
	}
	if o.TurnLimit > 0 {
		t[tTurn] = float32(o.Turn) / float32(o.TurnLimit)
	}
	for _, d := range o.Dice {
		if k := strings.IndexRune("YBR", d); k >= 0 {
			t[tDice+k] += 1.0 / 3
		}
	}
	if k, ok := typeIndex[o.Hand]; ok {
		t[tHand+k] = 1
	}
	t[tDemand] = float32(o.DeckLeft) / 20
	if o.Demand != nil {
		t[tDemand+1] = 1
		if o.Demand.Met {
			t[tDemand+2] = 1
		}
	}
	return t
}

// NumDistinctActions returns nActions: every player action is below it.
func (s *State) NumDistinctActions() int { return int(nActions) }
