package breakinghead

import (
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// The observation tensor (game.Tensorer) is one vector of 2,600 values,
// the same shape for 3 to 10 players, with seats counted from seat p
// (relative seat 0 is p, 1 the next seat, ...):
//
//	0-2430     the table round the start and the end cards: x from -4 to
//	           12 and y from -6 to 6 (221 cells, y-major: cell
//	           (y+6)*17+(x+4)), 11 values a cell: a card, its open edges
//	           N, E, S, W as it lies, a dead end, the start card, an end
//	           card face down, Fixed & Committed face up, Needs work face
//	           up, turned; a card beyond the window is left out
//	2431-2457  p's hand: the number of cards of each of the 27 kinds, in
//	           the order of the notation's kinds (crossing ... unblocked-
//	           vitamins-fixedhead)
//	2458-2459  p's role: contributor, blocker (0 before the deal)
//	2460-2465  the end cards p looked at, top (8,-2), middle (8,0),
//	           bottom (8,2): Fixed & Committed, Needs work
//	2466-2595  the 10 relative seats, 13 values each: seated, to move,
//	           hand size divided by 6, blocked by wifi, flu, head, looked
//	           at the top, middle, bottom end card, and, revealed at the
//	           end only, contributor, blocker; then 2 unused
//	2596       the deck's cards divided by 66
//	2597       the passed cards divided by 66
//	2598-2599  the game is over: the contributors won, the blockers won
//
// Everything comes from Observation(p): nothing p may not see.
const (
	tMinX, tMaxX = -4, 12
	tMinY, tMaxY = -6, 6
	tW           = tMaxX - tMinX + 1
	tH           = tMaxY - tMinY + 1
	cellValues   = 11
	tableValues  = tW * tH * cellValues
	tHand        = tableValues
	tRole        = tHand + nKinds
	tPeeks       = tRole + 2
	tSeats       = tPeeks + 6
	seatValues   = 13
	tTail        = tSeats + 10*seatValues
	tensorSize   = tTail + 4
)

var _ game.Tensorer = (*State)(nil)

// ObservationShape returns [2600].
func (s *State) ObservationShape() []int { return []int{tensorSize} }

var (
	kindIndex = func() map[string]int {
		m := map[string]int{}
		for i, n := range kindNames {
			m[n] = i
		}
		return m
	}()
	endIndex = map[string]int{"8,-2": 0, "8,0": 1, "8,2": 2}
)

// tableCell returns the window's cell of "x,y", or -1.
func tableCell(at string) int {
	xs, ys, ok := strings.Cut(at, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if !ok || err1 != nil || err2 != nil || x < tMinX || x > tMaxX || y < tMinY || y > tMaxY {
		return -1
	}
	return (y-tMinY)*tW + (x - tMinX)
}

// ObservationTensor appends seat p's tensor to dst[:0].
func (s *State) ObservationTensor(p game.Player, dst []float32) []float32 {
	o := s.observe(p)
	t := game.Tensor(dst, tensorSize)
	for _, c := range o.Table {
		i := tableCell(c.At)
		if i < 0 {
			continue
		}
		b := i * cellValues
		t[b] = 1
		for k, e := range "NESW" {
			if strings.ContainsRune(c.Edges, e) {
				t[b+1+k] = 1
			}
		}
		switch c.Card {
		case "start":
			t[b+6] = 1
		case "end":
			t[b+7] = 1
		case "fixed-committed":
			t[b+8] = 1
		case "needs-work":
			t[b+9] = 1
		default:
			if strings.HasSuffix(c.Card, "-dead") {
				t[b+5] = 1
			}
		}
		if c.Turned {
			t[b+10] = 1
		}
	}
	if y := o.You; y != nil {
		for _, h := range y.Hand {
			if k, ok := kindIndex[h]; ok {
				t[tHand+k]++
			}
		}
		switch y.Role {
		case "contributor":
			t[tRole] = 1
		case "blocker":
			t[tRole+1] = 1
		}
		for _, pk := range y.Peeks {
			if e, ok := endIndex[pk.At]; ok {
				if pk.Card == "fixed-committed" {
					t[tPeeks+2*e] = 1
				} else {
					t[tPeeks+2*e+1] = 1
				}
			}
		}
	}
	n := o.Players
	for _, sv := range o.Seats {
		rel := ((sv.Seat - 1) - int(p) + n) % n
		b := tSeats + rel*seatValues
		t[b] = 1
		if o.ToMove == sv.Seat {
			t[b+1] = 1
		}
		t[b+2] = float32(sv.HandSize) / 6
		for _, pr := range sv.Problems {
			for k, name := range problemNames {
				if pr == name {
					t[b+3+k] = 1
				}
			}
		}
		for _, at := range sv.Peeked {
			if e, ok := endIndex[at]; ok {
				t[b+6+e] = 1
			}
		}
		switch sv.Role {
		case "contributor":
			t[b+9] = 1
		case "blocker":
			t[b+10] = 1
		}
	}
	t[tTail] = float32(o.Deck) / nCards
	t[tTail+1] = float32(o.Discards) / nCards
	switch o.Winners {
	case "contributors":
		t[tTail+2] = 1
	case "blockers":
		t[tTail+3] = 1
	}
	return t
}

// NumDistinctActions returns nActions: every player action is below it.
func (s *State) NumDistinctActions() int { return int(nActions) }
