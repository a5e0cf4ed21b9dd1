package source

import "github.com/commons-games/commons/game"

// The observation tensor (game.Tensorer): 18 planes over the 9x9 board,
// rows from 9 (top) down to 1 and columns a to i, as Observation.Board:
//
//	0-3    a token of red, blue, yellow, green
//	4-7    a fortified token of that colour
//	8-11   a token of that colour connected to its source
//	12-15  the colour to move (the whole plane 1; all 0 at the end)
//	16     the colour to move is seat p's (the whole plane)
//	17     the colour to move's action points left, out of 2 (the whole plane)
//
// Source has no hidden information: the tensor is the same for both seats
// but for plane 16.
const (
	tensorPlanes = 18
	planeSize    = size * size
)

var _ game.Tensorer = (*State)(nil)

// ObservationShape returns [18, 9, 9].
func (s *State) ObservationShape() []int { return []int{tensorPlanes, size, size} }

// ObservationTensor appends seat p's tensor to dst[:0].
func (s *State) ObservationTensor(p game.Player, dst []float32) []float32 {
	o := s.Observation(p).(Observation)
	t := game.Tensor(dst, tensorPlanes*planeSize)
	colour := map[string]int{}
	for i, c := range o.Colours {
		colour[c.Colour] = i
	}
	for r := range size {
		for c := range size {
			cell := o.Board[r][c]
			if cell.Colour == "" {
				continue
			}
			k, at := colour[cell.Colour], r*size+c
			t[k*planeSize+at] = 1
			if cell.Fortified {
				t[(4+k)*planeSize+at] = 1
			}
			if cell.Connected {
				t[(8+k)*planeSize+at] = 1
			}
		}
	}
	if o.ToMove != "" {
		fill(t, 12+colour[o.ToMove], 1)
		if o.Seat == p.Seat() {
			fill(t, 16, 1)
		}
		fill(t, 17, float32(o.AP)/turnAP)
	}
	return t
}

func fill(t []float32, plane int, v float32) {
	for i := range planeSize {
		t[plane*planeSize+i] = v
	}
}

// NumDistinctActions returns numActions: every player action is below it.
func (s *State) NumDistinctActions() int { return int(numActions) }
