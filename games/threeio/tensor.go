package threeio

import "github.com/commons-games/commons/game"

// The observation tensor (game.Tensorer) is one vector of 680 values,
// the same shape for 2 to 4 players, with seats counted from seat p
// (relative seat 0 is p, 1 the next seat in turn order, ...):
//
//	0-611    the 36 sectors a1, b1, ..., f6, 17 values each: the tile
//	         type one-hot (10, Dust..Singularity; all 0 for an empty
//	         sector), dark side, light side, the bonus divided by 10, and
//	         the crew meeples on it of each relative seat (4)
//	612-663  the 4 relative seats, 13 values each: seated, score divided
//	         by 100 (not capped), crew meeples in hand divided by 10, and
//	         the held tiles of each type (10 counts)
//	664-673  the tiles of each type left in the box, divided by 20
//	674-677  the phase one-hot: announce, draw, play, over
//	678      seat p's turn
//	679      finished turns over the turn limit (0 without one)
//
// 3io has no hidden information; only the seat's point of view differs.
const (
	sectorValues = NumTiles + 3 + maxPlayers
	seatValues   = 3 + NumTiles
	tensorSize   = numCells*sectorValues + maxPlayers*seatValues + NumTiles + 4 + 2
)

var _ game.Tensorer = (*State)(nil)

// ObservationShape returns [680].
func (s *State) ObservationShape() []int { return []int{tensorSize} }

var tensorPhases = map[string]int{"announce": 0, "draw": 1, "play": 2, "over": 3}

// ObservationTensor appends seat p's tensor to dst[:0].
func (s *State) ObservationTensor(p game.Player, dst []float32) []float32 {
	o := s.Observation(p).(Observation)
	t := game.Tensor(dst, tensorSize)
	n := len(o.Players)
	rel := func(seat int) int { return ((seat - 1) - int(p) + n) % n }
	for i, sv := range o.Sectors {
		base := i * sectorValues
		if tl, err := ParseTile(sv.Tile); err == nil && sv.Tile != "" {
			t[base+int(tl)] = 1
		}
		switch sv.Side {
		case "dark":
			t[base+NumTiles] = 1
		case "light":
			t[base+NumTiles+1] = 1
		}
		t[base+NumTiles+2] = float32(sv.Bonus) / 10
		for _, m := range sv.Meeples {
			t[base+NumTiles+3+rel(m)]++
		}
	}
	base := numCells * sectorValues
	for _, pv := range o.Players {
		b := base + rel(pv.Seat)*seatValues
		t[b] = 1
		t[b+1] = float32(pv.Score) / 100
		t[b+2] = float32(pv.Crew) / 10
		for _, h := range pv.Held {
			if tl, err := ParseTile(h); err == nil {
				t[b+3+int(tl)]++
			}
		}
	}
	base += maxPlayers * seatValues
	for _, bc := range o.Box {
		if tl, err := ParseTile(bc.Tile); err == nil {
			t[base+int(tl)] = float32(bc.Count) / 20
		}
	}
	base += NumTiles
	if k, ok := tensorPhases[o.Phase]; ok {
		t[base+k] = 1
	}
	if o.TurnOf == p.Seat() {
		t[base+4] = 1
	}
	if o.TurnLimit > 0 {
		t[base+5] = float32(o.Turn) / float32(o.TurnLimit)
	}
	return t
}

// NumDistinctActions returns numActs: every player action is below it.
func (s *State) NumDistinctActions() int { return int(numActs) }
