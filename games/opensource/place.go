package opensource

import "github.com/commons-games/commons/game"

// Where tiles may go (G3, G8, G9) and where Compatibility may move them
// (G15 C).

// needs is what a space's neighbours ask of a tile's edges: two bits per
// space edge, 0 for no tile across it, else 1 + the facing edge's kind.
type needs uint8

// fitTurns[t][n] is the turns (bit per turn) at which a tile of type t
// meets needs n.
var fitTurns = func() (f [NumTypes][64]uint8) {
	for t := range TileType(NumTypes) {
		for n := range 64 {
			for turn := range 3 {
				c := cellOf(t, turn)
				ok := true
				for e := range 3 {
					if k := (n >> (2 * e)) & 3; k != 0 && c.edgeAt(e) != EdgeKind(k-1) {
						ok = false
					}
				}
				if ok {
					f[t][n] |= 1 << turn
				}
			}
		}
	}
	return f
}()

// commonsNeeds returns what the Commons tiles round space t ask, leaving
// out the tile at except (a tile being moved), and whether any touches.
func (s *State) commonsNeeds(t, except space) (needs, bool) {
	if e := nbr[t]; except < 0 || (e[0] != except && e[1] != except && e[2] != except) {
		n := s.commons.need[t]
		return n, n != 0
	}
	var n needs
	touch := false
	for e, o := range nbr[t] {
		if o == except || !s.commons.occupied(o) {
			continue
		}
		touch = true
		n |= needs(1+s.commons.cells[o].edgeAt(facing(t, e))) << (2 * e)
	}
	return n, touch
}

// labNeeds is commonsNeeds for a Lab: only the Lab's own tiles count.
func (l *lab) needs(t, except space) (needs, bool) {
	var n needs
	touch := false
	for e, o := range nbr[t] {
		if o == except || o < 0 {
			continue
		}
		c := l.cellAt(o)
		if c == 0 {
			continue
		}
		touch = true
		n |= needs(1+c.edgeAt(facing(t, e))) << (2 * e)
	}
	return n, touch
}

// fitsCommons reports whether tile c may be placed on space t of the
// Commons (G8): empty, next to a tile, every edge facing a tile matching.
// An empty Commons (every tile lifted) takes a tile on its centre space,
// as at the start (ours).
func (s *State) fitsCommons(t space, c cell) bool {
	if t < 0 || int(t) >= nSpaces || s.commons.cells[t] != 0 {
		return false
	}
	if s.commons.n == 0 {
		return t == centre[0]
	}
	n, touch := s.commonsNeeds(t, -1)
	return touch && fitTurns[c.tile()][n]&(1<<c.turn()) != 0
}

// fitsLab reports whether tile c may be placed on space t of the seat's
// Lab (G8): an empty space next to a Lab tile (any space of an empty Lab),
// or an occupied one, its tile going back to the supply; every edge
// facing a Lab tile matching.
func (s *State) fitsLab(t space, c cell) bool {
	l := &s.labs[s.toMove]
	i := l.pos(t)
	if i < 0 {
		return false
	}
	n, touch := l.needs(t, t)
	if l.cells[i] == 0 && !touch && l.tiles > 0 {
		return false
	}
	return fitTurns[c.tile()][n]&(1<<c.turn()) != 0
}

// placeMoves lists the placements of the tile in hand, or the return to
// the supply when there is none (G9).
func (s *State) placeMoves(buf []game.Action) []game.Action {
	start := len(buf)
	t := s.hand
	if s.commons.n == 0 {
		for turn := range 3 {
			buf = append(buf, game.Action(actPlace+3*int(centre[0])+turn))
		}
	} else {
		f := s.commons.frontier()
		forEach(&f, func(sp space) {
			n, _ := s.commonsNeeds(sp, -1)
			for m, turn := fitTurns[t][n], 0; m != 0; m, turn = m>>1, turn+1 {
				if m&1 != 0 {
					buf = append(buf, game.Action(actPlace+3*int(sp)+turn))
				}
			}
		})
	}
	l := &s.labs[s.toMove]
	labStart := len(buf)
	for i, sp := range l.spaces[:l.n] {
		n, touch := l.needs(sp, sp)
		if l.cells[i] == 0 && !touch && l.tiles > 0 {
			continue
		}
		for m, turn := fitTurns[t][n], 0; m != 0; m, turn = m>>1, turn+1 {
			if m&1 != 0 {
				buf = append(buf, game.Action(actLab+3*int(sp)+turn))
			}
		}
	}
	sortFrom(buf, labStart) // the Lab's spaces are in the order they came
	if len(buf) == start {
		buf = append(buf, actReturn)
	}
	return buf
}

// anyPlacement reports whether the tile in hand fits anywhere.
func (s *State) anyPlacement() bool {
	t := s.hand
	if s.commons.n == 0 {
		return true
	}
	f := s.commons.frontier()
	found := false
	forEach(&f, func(sp space) {
		n, _ := s.commonsNeeds(sp, -1)
		found = found || fitTurns[t][n] != 0
	})
	if found {
		return true
	}
	l := &s.labs[s.toMove]
	for i, sp := range l.spaces[:l.n] {
		n, touch := l.needs(sp, sp)
		if (l.cells[i] != 0 || touch || l.tiles == 0) && fitTurns[t][n] != 0 {
			return true
		}
	}
	return false
}

// Compatibility (G15 C): move and/or turn one tile within the Commons or
// within one's own Lab, not a tile under another seat's token; after it
// the tile touches a tile and matches every neighbour.

// movable reports whether move action a (a tile chosen) is legal: the
// seat has a Compatibility use and the tile has somewhere to go.
func (s *State) movable(a game.Action) bool {
	if s.usesOf(Compatibility) == 0 {
		return false
	}
	if a >= actMoveLab {
		t := space(a - actMoveLab)
		l := &s.labs[s.toMove]
		return l.cellAt(t) != 0 && s.hasTarget(t, true)
	}
	t := space(a - actMove)
	return s.commons.occupied(t) && !s.lockedFor(t, s.toMove) && s.hasTarget(t, false)
}

func (s *State) anyMovable() bool {
	found := false
	s.eachMovable(func(space, bool) bool { found = true; return false })
	return found
}

// moveMoves lists the tiles Compatibility may move.
func (s *State) moveMoves(buf []game.Action) []game.Action {
	if s.usesOf(Compatibility) == 0 {
		return buf
	}
	start := len(buf)
	labStart := -1
	s.eachMovable(func(t space, inLab bool) bool {
		if inLab {
			if labStart < 0 {
				labStart = len(buf)
			}
			buf = append(buf, game.Action(actMoveLab+int(t)))
		} else {
			buf = append(buf, game.Action(actMove+int(t)))
		}
		return true
	})
	if labStart >= 0 {
		sortFrom(buf, labStart) // a Lab's spaces are in the order they came
	}
	_ = start
	return buf
}

// eachMovable calls f for each tile Compatibility may move, Commons tiles
// in increasing order of space and then the Lab's, until f returns false.
// A Commons tile may move when a frontier space it does not touch fits
// its type (its leaving changes nothing there); only when none does are
// the spaces round it, and its own space turned, tried one by one.
func (s *State) eachMovable(f func(t space, inLab bool) bool) {
	if s.usesOf(Compatibility) == 0 {
		return
	}
	front := s.commons.frontier()
	var fits [NumTypes]int // frontier spaces each type fits
	forEach(&front, func(t space) {
		n, _ := s.commonsNeeds(t, -1)
		for k := range TileType(NumTypes) {
			if fitTurns[k][n] != 0 {
				fits[k]++
			}
		}
	})
	goOn := true
	tiles := s.commons.tiles()
	forEach(&tiles, func(t space) {
		if !goOn || s.lockedFor(t, s.toMove) {
			return
		}
		k := s.commons.cells[t].tile()
		near := 0 // frontier spaces next to t that fit k
		for _, o := range nbr[t] {
			if o >= 0 && front[o/64]&(1<<(o%64)) != 0 {
				if n, _ := s.commonsNeeds(o, -1); fitTurns[k][n] != 0 {
					near++
				}
			}
		}
		ok := fits[k] > near
		if !ok {
			for _, o := range nbr[t] {
				for turn := range 3 {
					ok = ok || (o >= 0 && s.moveFits(t, false, o, turn))
				}
			}
			for turn := range 3 {
				ok = ok || s.moveFits(t, false, t, turn)
			}
		}
		if ok {
			goOn = f(t, false)
		}
	})
	l := &s.labs[s.toMove]
	for i, t := range l.spaces[:l.n] {
		if goOn && l.cells[i] != 0 && s.hasTarget(t, true) {
			goOn = f(t, true)
		}
	}
}

// moveFits reports whether the tile at from (in the Commons, or the
// seat's Lab) may go to t at turn: t empty or from itself (a turn in
// place, not the same turn), touching another tile, every edge matching.
func (s *State) moveFits(from space, inLab bool, t space, turn int) bool {
	var c cell
	var n needs
	var touch bool
	if inLab {
		l := &s.labs[s.toMove]
		c = l.cellAt(from)
		if !l.has(t) || (t != from && l.cellAt(t) != 0) {
			return false
		}
		n, touch = l.needs(t, from)
	} else {
		c = s.commons.cells[from]
		if t < 0 || (t != from && s.commons.cells[t] != 0) {
			return false
		}
		n, touch = s.commonsNeeds(t, from)
	}
	if t == from && turn == c.turn() {
		return false
	}
	return touch && fitTurns[c.tile()][n]&(1<<turn) != 0
}

// hasTarget reports whether the tile at from may go anywhere.
func (s *State) hasTarget(from space, inLab bool) bool {
	found := false
	s.eachTarget(from, inLab, func(space, int) bool { found = true; return false })
	return found
}

// eachTarget calls f for each place the tile at from may go, in
// increasing order of space and turn, until f returns false.
func (s *State) eachTarget(from space, inLab bool, f func(t space, turn int) bool) {
	try := func(t space) bool {
		for turn := range 3 {
			if s.moveFits(from, inLab, t, turn) && !f(t, turn) {
				return false
			}
		}
		return true
	}
	if inLab {
		l := &s.labs[s.toMove]
		var set [(nSpaces + 63) / 64]uint64
		for _, t := range l.spaces[:l.n] {
			set[t/64] |= 1 << (t % 64)
		}
		goOn := true
		forEach(&set, func(t space) {
			if goOn {
				goOn = try(t)
			}
		})
		return
	}
	set := s.commons.frontier()
	set[from/64] |= 1 << (from % 64)
	goOn := true
	forEach(&set, func(t space) {
		if goOn {
			goOn = try(t)
		}
	})
}

// targets lists where the chosen tile may go.
func (s *State) targets(buf []game.Action) []game.Action {
	s.eachTarget(s.chosen, s.chosenLab, func(t space, turn int) bool {
		buf = append(buf, game.Action(actTo+3*int(t)+turn))
		return true
	})
	return buf
}

func (s *State) target(t space, turn int) bool {
	return t >= 0 && int(t) < nSpaces && s.moveFits(s.chosen, s.chosenLab, t, turn)
}

// A Lab grows by the extra spaces of Market Demand cards (G7): each
// shares an edge with a space of the Lab.

// frontier returns the spaces the Lab may grow to.
func (l *lab) frontier() (f [(nSpaces + 63) / 64]uint64) {
	if int(l.n) >= maxLab {
		return f
	}
	for _, t := range l.spaces[:l.n] {
		for _, o := range nbr[t] {
			if o >= 0 && !l.has(o) {
				f[o/64] |= 1 << (o % 64)
			}
		}
	}
	return f
}

func (l *lab) anyFrontier() bool {
	f := l.frontier()
	for _, w := range f {
		if w != 0 {
			return true
		}
	}
	return false
}

func (l *lab) canExtend(t space) bool {
	return int(l.n) < maxLab && hex.MayGrow(func(i int) bool { return l.has(space(i)) }, int(t))
}
