package opensource

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// Where tiles may go (G3, G8, G9) and where Compatibility may move them
// (G15 C).

// needs is what a space's neighbours ask of a tile's edges: two bits per
// space edge, 0 for no tile across it, else 1 + the facing edge's kind.
type needs uint8

// fitTurns[t][n] is the turns (bit per turn) at which a tile of type t
// meets needs n, each distinct way the tile may lie once: a move is a
// distinct outcome (G8b), so a tile whose three edges are alike (YYY,
// BBB, RRR), which lies the same at every turn, has only its turn t0.
// Every placement, Compatibility target and check of one goes through
// this table, so none offers the same tile lying the same way twice, and
// a Compatibility that would turn such a tile in place (the same lie at
// another turn) has no turn to go to (G15 C).
var fitTurns = func() (f [NumTypes][64]uint8) {
	for t := range TileType(NumTypes) {
		for n := range 64 {
			for turn := range 3 {
				if canonicalTurn(t, turn) != turn {
					continue
				}
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

// canonicalTurn returns the lowest turn at which a tile of type t lies as
// it does at turn (G8b): 0 for YYY, BBB and RRR, turn itself for every
// other type, whose three turns differ.
func canonicalTurn(t TileType, turn int) int {
	for k := range turn {
		if tileEdges[t][k] == tileEdges[t][turn] && tileEdges[t][(k+1)%3] == tileEdges[t][(turn+1)%3] && tileEdges[t][(k+2)%3] == tileEdges[t][(turn+2)%3] {
			return k
		}
	}
	return turn
}

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

// needs is commonsNeeds for a Lab: what the Lab's own tiles round its
// space at position i ask, leaving out the tile at position except.
func (l *lab) needs(i, except int) (needs, bool) {
	var n needs
	touch := false
	t := l.spaces[i]
	for e, j := range l.nb[i] {
		if j < 0 || int(j) == except {
			continue
		}
		c := l.cells[j]
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
// An empty Commons (every tile lifted) takes a tile on the start space,
// at any turn, as at the start (G8a); each distinct way it lies once
// (G8b).
func (s *State) fitsCommons(t space, c cell) bool {
	if t < 0 || int(t) >= nSpaces || s.commons.cells[t] != 0 {
		return false
	}
	if s.commons.n == 0 {
		return t == centre[0] && fitTurns[c.tile()][0]&(1<<c.turn()) != 0
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
	n, touch := l.needs(i, i)
	if l.cells[i] == 0 && !touch && l.tiles > 0 {
		return false
	}
	if l.cells[i] == c && i != l.noop(c.tile()) {
		return false // the same outcome as the placement on l.noop (R14)
	}
	return fitTurns[c.tile()][n]&(1<<c.turn()) != 0
}

// noop returns the position of the Lab tile on which a tile of type t
// changes nothing (our ruling R14, after G8b): placed on a Lab tile of
// its own type, lying as that one lies, it takes that one's place and
// that one goes back to the supply, so that the Lab and the supply are
// as if the tile in hand had gone back. Every Lab tile of type t is such
// a place, and all of them are one outcome, so only one is offered: the
// one of lowest row, then lowest column (a rule people and the
// independent reading can apply without the action numbers). It returns
// -1 when the Lab holds no tile of type t.
func (l *lab) noop(t TileType) int {
	best := -1
	for i, c := range l.cells[:l.n] {
		if c != 0 && c.tile() == t && (best < 0 || readsBefore(l.spaces[i], l.spaces[best])) {
			best = i
		}
	}
	return best
}

// readsBefore reports whether space a comes before b by row, then column.
func readsBefore(a, b space) bool {
	ra, ca := coords[a].RowCol()
	rb, cb := coords[b].RowCol()
	return ra < rb || (ra == rb && ca < cb)
}

// placeMoves lists the placements of the tile in hand, or the return to
// the supply when there is none (G9).
func (s *State) placeMoves(buf []game.Action) []game.Action {
	return s.placeMovesOf(s.hand, buf)
}

// placeMovesOf is placeMoves for a tile of type t.
func (s *State) placeMovesOf(t TileType, buf []game.Action) []game.Action {
	start := len(buf)
	if s.commons.n == 0 { // G8a: the start space, at any turn (G8b: once per lie)
		buf = appendTurns(buf, game.Action(actPlace+3*int(centre[0])), fitTurns[t][0])
	} else {
		// The frontier spaces the tile fits (fitSet), each at the turns
		// that meet what its neighbours ask (commonsNeeds).
		fit := &fitTurns[t]
		b := &s.commons
		for w, word := range b.fitSet[t] {
			for ; word != 0; word &= word - 1 {
				sp := w*64 + bits.TrailingZeros64(word)
				buf = appendTurns(buf, game.Action(actPlace+3*sp), fit[b.need[sp]])
			}
		}
	}
	l := &s.labs[s.toMove]
	noop := l.noop(t)
	for _, i := range l.order[:l.n] {
		n, touch := l.needs(int(i), int(i))
		c := l.cells[i]
		if c == 0 && !touch && l.tiles > 0 {
			continue
		}
		m := fitTurns[t][n]
		if c != 0 && c.tile() == t && int(i) != noop {
			m &^= 1 << c.turn() // the outcome of the placement on noop (R14)
		}
		buf = appendTurns(buf, game.Action(actLab+3*int(l.spaces[i])), m)
	}
	if len(buf) == start {
		buf = append(buf, actReturn)
	}
	return buf
}

// appendTurns appends base+turn for each turn in the bit set m, in
// increasing order.
func appendTurns(buf []game.Action, base game.Action, m uint8) []game.Action {
	n := len(buf)
	if cap(buf)-n < 3 {
		for turn := range 3 {
			if m&(1<<turn) != 0 {
				buf = append(buf, base+game.Action(turn))
			}
		}
		return buf
	}
	// Room for three: write the turns in order, keep as many as m has.
	tt := &turnLists[m&7]
	b := buf[n : n+3]
	b[0], b[1], b[2] = base+game.Action(tt[0]), base+game.Action(tt[1]), base+game.Action(tt[2])
	return buf[:n+int(tt[3])]
}

// turnLists[m] is the turns of the bit set m in increasing order, then
// their number.
var turnLists = func() (l [8][4]int8) {
	for m := range 8 {
		for turn := range int8(3) {
			if m&(1<<turn) != 0 {
				l[m][l[m][3]] = turn
				l[m][3]++
			}
		}
	}
	return l
}()

// anyPlacement reports whether the tile in hand fits anywhere.
func (s *State) anyPlacement() bool {
	t := s.hand
	if s.commons.n == 0 || s.commons.fitCount[t] > 0 {
		return true
	}
	l := &s.labs[s.toMove]
	for i := range int(l.n) {
		n, touch := l.needs(i, i)
		if (l.cells[i] != 0 || touch || l.tiles == 0) && fitTurns[t][n] != 0 {
			return true
		}
	}
	return false
}

// Compatibility (G15 C): move and/or turn one tile within the Commons or
// within one's own Lab, not a tile under another seat's token; after it
// the tile touches a tile and matches every neighbour, and the layout has
// changed: a tile is offered only when it has such a move, and turning a
// YYY, BBB or RRR in place, which changes nothing, is none (fitTurns).

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
	if s.usesOf(Compatibility) == 0 {
		return false
	}
	b := &s.commons
	locks := s.locks()
	for w, word := range b.occ {
		for word &^= locks[w]; word != 0; word &= word - 1 {
			if s.commonsTileMovable(space(w*64 + bits.TrailingZeros64(word))) {
				return true
			}
		}
	}
	l := &s.labs[s.toMove]
	for i, t := range l.spaces[:l.n] {
		if l.cells[i] != 0 && s.hasTarget(t, true) {
			return true
		}
	}
	return false
}

// moveMoves lists the tiles Compatibility may move: the seat has a use,
// the tile is not under another seat's token (G15 C), and it has
// somewhere to go; Commons tiles in increasing order of space, then the
// Lab's.
func (s *State) moveMoves(buf []game.Action) []game.Action {
	if s.usesOf(Compatibility) == 0 {
		return buf
	}
	b := &s.commons
	locks := s.locks()
	var sure uint16 // the types that surely have somewhere to go
	for k, n := range b.fitCount {
		if n > 3 {
			sure |= 1 << k
		}
	}
	for w, word := range b.occ {
		for word &^= locks[w]; word != 0; word &= word - 1 {
			t := space(w*64 + bits.TrailingZeros64(word))
			if sure&typeBit[b.cells[t]] != 0 || s.commonsTileMovable(t) {
				buf = append(buf, game.Action(actMove+int(t)))
			}
		}
	}
	l := &s.labs[s.toMove]
	for _, i := range l.order[:l.n] {
		if t := l.spaces[i]; l.cells[i] != 0 && s.hasTarget(t, true) {
			buf = append(buf, game.Action(actMoveLab+int(t)))
		}
	}
	return buf
}

// commonsTileMovable reports whether the Commons tile at t has somewhere
// to go (its token aside). It may move when a frontier space it does not
// touch fits its type (its leaving changes nothing there): surely when
// more frontier spaces fit its type than it has neighbours. Only when none
// does are the spaces round it, and its own space turned, tried one by
// one.
func (s *State) commonsTileMovable(t space) bool {
	b := &s.commons
	k := b.cells[t].tile()
	if b.fitCount[k] > 3 {
		return true // more frontier spaces fit than t has neighbours
	}
	near := int16(0) // frontier spaces next to t that fit k
	for _, o := range nbr[t] {
		if o >= 0 && b.inFront(o) && fitTurns[k][b.need[o]] != 0 {
			near++
		}
	}
	if b.fitCount[k] > near {
		return true
	}
	for _, o := range nbr[t] {
		for turn := range 3 {
			if o >= 0 && s.moveFits(t, false, o, turn) {
				return true
			}
		}
	}
	for turn := range 3 {
		if s.moveFits(t, false, t, turn) {
			return true
		}
	}
	return false
}

// typeBit[c] is the bit of cell c's type (0 for the empty cell).
var typeBit = func() (tb [nCells]uint16) {
	for c := cell(1); c < nCells; c++ {
		tb[c] = 1 << c.tile()
	}
	return tb
}()

// spaceSet is a set of spaces, a bit each.
type spaceSet = [(nSpaces + 63) / 64]uint64

// locks returns the Commons spaces under other seats' BDFL tokens: the
// seat to move may not lift, move or turn their tiles (G11, G15).
func (s *State) locks() (ls spaceSet) {
	for _, tk := range s.tokens {
		if tk.owner >= 0 && tk.at >= 0 && tk.owner != s.toMove {
			ls[tk.at/64] |= 1 << (tk.at % 64)
		}
	}
	return ls
}

// moveFits reports whether the tile at from (in the Commons, or the
// seat's Lab) may go to t at turn: t empty or from itself (a turn in
// place to another lie, G15 C), touching another tile, every edge
// matching, at a turn fitTurns offers (G8b).
func (s *State) moveFits(from space, inLab bool, t space, turn int) bool {
	var c cell
	var n needs
	var touch bool
	if inLab {
		l := &s.labs[s.toMove]
		fi, ti := l.pos(from), l.pos(t)
		if fi < 0 || ti < 0 || (ti != fi && l.cells[ti] != 0) {
			return false
		}
		c = l.cells[fi]
		n, touch = l.needs(ti, fi)
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
	if !inLab && s.commons.fitCount[s.commons.cells[from].tile()] > 3 {
		return true // a frontier space away from the tile fits it
	}
	var one [3]game.Action
	return len(s.appendTargets(one[:0], from, inLab, true)) > 0
}

// targets lists where the chosen tile may go.
func (s *State) targets(buf []game.Action) []game.Action {
	return s.appendTargets(buf, s.chosen, s.chosenLab, false)
}

// appendTargets appends the moves "to" for each place the tile at from
// may go, in increasing order of space and turn, as moveFits judges them;
// with first, only those of the first space found.
func (s *State) appendTargets(buf []game.Action, from space, inLab, first bool) []game.Action {
	start := len(buf)
	if inLab {
		// The Lab's spaces in order: empty ones, and the tile's own.
		l := &s.labs[s.toMove]
		fi := l.pos(from)
		c := l.cells[fi]
		fit := &fitTurns[c.tile()]
		for _, i := range l.order[:l.n] {
			if int(i) != fi && l.cells[i] != 0 {
				continue
			}
			n, touch := l.needs(int(i), fi)
			if !touch {
				continue
			}
			m := fit[n]
			if int(i) == fi {
				m &^= 1 << c.turn()
			}
			buf = appendTurns(buf, game.Action(actTo+3*int(l.spaces[i])), m)
			if first && len(buf) > start {
				return buf
			}
		}
		return buf
	}
	// The Commons: the frontier spaces the tile fits as they are
	// (fitSet), the frontier spaces it touches (its leaving changes what
	// they ask), and its own space (a turn in place).
	c := s.commons.cells[from]
	fit := &fitTurns[c.tile()]
	b := &s.commons
	near := nbr[from]
	var more [(nSpaces + 63) / 64]uint64
	more[from/64] |= 1 << (from % 64)
	for _, o := range near {
		if o >= 0 && b.inFront(o) {
			more[o/64] |= 1 << (o % 64)
		}
	}
	for w, word := range b.fitSet[c.tile()] {
		word |= more[w]
		for ; word != 0; word &= word - 1 {
			t := space(w*64 + bits.TrailingZeros64(word))
			n := b.need[t] // a frontier space touches a tile
			if t == from && n == 0 {
				continue // an island: turned in place it touches nothing
			}
			if t == near[0] || t == near[1] || t == near[2] {
				var touch bool
				if n, touch = s.commonsNeeds(t, from); !touch {
					continue
				}
			}
			m := fit[n]
			if t == from {
				m &^= 1 << c.turn()
			}
			buf = appendTurns(buf, game.Action(actTo+3*int(t)), m)
			if first && len(buf) > start {
				return buf
			}
		}
	}
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
