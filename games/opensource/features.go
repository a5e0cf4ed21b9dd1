package opensource

import "math/bits"

// Features of the Commons, tracked as tiles are placed (G2-G5).
//
// Every tile on the Commons has a slot, in the order the tiles were
// placed, and each of its areas an id, slot*maxAreas + the area's number on
// the tile. A union-find over the ids joins the areas that touch across
// shared edges (G3) into features (G4). Each feature's root keeps its count
// of open segments: segments on an edge with no tile across it (G5). A
// placement adds the tile's areas with all their segments open, then for
// each neighbour joins the facing segments' areas and closes those
// segments on both sides; a feature whose count falls to 0 is finished.
// Finished features never change again while no tile leaves: every
// segment is covered, so no new tile touches them. So the counts of
// finished features and the largest finished size of each kind are kept
// up to date at the cost of the placement. Holes (set H: empty spaces
// with tiles across all three edges) are counted as spaces fill.
//
// A tile leaving the Commons (a lift, G11, or a move, set C) can split
// features, which a union-find cannot undo: the tracker is then built
// again from the tiles left, in their order. That is rare, and costs one
// pass over the tiles.
//
// Sizes count tiles, a tile once (G4), though a tile with two or three
// Platform areas may have several in one feature: a feature's areas are
// kept in a list, walked when it finishes.

// maxTiles bounds the tiles on the Commons: the supply's most.
const maxTiles = NumTypes * maxSupply

// cell is what a space holds: 0 empty, else 1 + type*3 + turn, the tile's
// type and rotation (see edgeAt).
type cell uint8

func cellOf(t TileType, turn int) cell { return cell(1 + int(t)*3 + turn) }

func (c cell) tile() TileType { return TileType((c - 1) / 3) }
func (c cell) turn() int      { return int((c - 1) % 3) }

// tileEdge returns which of the tile's own edges (in the order of its
// type's name, clockwise) lies on space edge e. A tile at turn k has its
// edge (e + k) mod 3 on space edge e: turning it changes which of its
// edges faces where, never their clockwise order.
func (c cell) tileEdge(e int) int { return (e + c.turn()) % 3 }

// edgeAt returns the kind of the tile's edge on space edge e.
func (c cell) edgeAt(e int) EdgeKind { return tileEdges[c.tile()][c.tileEdge(e)] }

// area returns the tile's area (its number on the tile) of segment i
// (0..2, clockwise) of the tile's edge on space edge e.
func (c cell) area(e, i int) int8 { return shapes[c.tile()].seg[3*c.tileEdge(e)+i] }

type areaID = int16

// tracker is the Commons' board and its features.
type tracker struct {
	cells [nSpaces]cell
	// slotOf[s] is the slot of the tile at s plus one, 0 when empty.
	slotOf [nSpaces]int16
	at     [maxTiles]space // the space of each slot
	n      int16           // tiles

	parent [maxTiles * maxAreas]areaID
	open   [maxTiles * maxAreas]int16  // at roots: open segments
	next   [maxTiles * maxAreas]areaID // the feature's list of areas, -1 at the end
	last   [maxTiles * maxAreas]areaID // at roots: the list's last area

	// front is the frontier: the empty spaces next to a tile; need[s]
	// what the tiles round s ask of a tile on it (see needs).
	front [(nSpaces + 63) / 64]uint64
	need  [nSpaces]needs

	finished [NumKinds]int16 // finished features of each kind
	largest  [NumKinds]int16 // the most tiles of a finished feature of each kind
	holes    int16
}

func (b *tracker) clear() {
	*b = tracker{}
}

func (b *tracker) find(a areaID) areaID {
	for b.parent[a] != a {
		b.parent[a] = b.parent[b.parent[a]]
		a = b.parent[a]
	}
	return a
}

// kindOf returns the kind of area a.
func (b *tracker) kindOf(a areaID) FeatureKind {
	slot := a / maxAreas
	return shapes[b.cells[b.at[slot]].tile()].kind[a%maxAreas]
}

// occupied reports whether s holds a tile (false beyond the rim).
func (b *tracker) occupied(s space) bool { return s >= 0 && b.cells[s] != 0 }

// isHole reports whether the empty space s has tiles across all three
// edges.
func (b *tracker) isHole(s space) bool {
	n := &nbr[s]
	return b.cells[s] == 0 && b.occupied(n[0]) && b.occupied(n[1]) && b.occupied(n[2])
}

// add places tile c on the empty space s and brings the features up to
// date.
func (b *tracker) add(s space, c cell) {
	if b.isHole(s) {
		b.holes--
	}
	b.front[s/64] &^= 1 << (s % 64)
	slot := b.n
	b.n++
	b.cells[s], b.slotOf[s], b.at[slot] = c, slot+1, s
	sh := &shapes[c.tile()]
	base := slot * maxAreas
	for k := range int16(sh.n) {
		a := base + k
		b.parent[a], b.open[a], b.next[a], b.last[a] = a, int16(sh.segs[k]), -1, a
	}
	for e := range 3 {
		o := nbr[s][e]
		if o >= 0 {
			b.need[o] |= needs(1+c.edgeAt(e)) << (2 * facing(s, e))
		}
		if !b.occupied(o) {
			if o >= 0 {
				b.front[o/64] |= 1 << (o % 64)
				if b.isHole(o) {
					b.holes++
				}
			}
			continue
		}
		oc := b.cells[o]
		oe := facing(s, e)
		obase := (b.slotOf[o] - 1) * maxAreas
		for i := range 3 {
			// Segment i of this edge faces segment 2-i of the other (G3).
			ra := b.find(base + int16(c.area(e, i)))
			rb := b.find(obase + int16(oc.area(oe, 2-i)))
			b.open[ra]--
			b.open[rb]--
			if ra != rb {
				b.union(ra, rb)
			}
		}
	}
	// Only features with an area on this tile can have closed.
	var seen [maxAreas]areaID
	for k := range int16(sh.n) {
		r := b.find(base + k)
		dup := false
		for _, x := range seen[:k] {
			dup = dup || x == r
		}
		seen[k] = r
		if !dup && b.open[r] == 0 {
			kind := b.kindOf(r)
			b.finished[kind]++
			b.largest[kind] = max(b.largest[kind], b.size(r))
		}
	}
}

// union joins two roots, keeping the lists and open counts.
func (b *tracker) union(ra, rb areaID) {
	b.parent[rb] = ra
	b.open[ra] += b.open[rb]
	b.next[b.last[ra]] = rb
	b.last[ra] = b.last[rb]
}

// size returns the number of tiles feature r (a root) touches, a tile
// once (G4).
func (b *tracker) size(r areaID) int16 {
	var seen [(maxTiles + 63) / 64]uint64
	n := int16(0)
	for a := r; a >= 0; a = b.next[a] {
		slot := a / maxAreas
		if seen[slot/64]&(1<<(slot%64)) == 0 {
			seen[slot/64] |= 1 << (slot % 64)
			n++
		}
	}
	return n
}

// remove takes the tile off space s and builds the features again from
// the tiles left, in their order.
func (b *tracker) remove(s space) {
	var tiles [maxTiles]struct {
		s space
		c cell
	}
	n := 0
	for slot := range b.n {
		if t := b.at[slot]; t != s {
			tiles[n].s, tiles[n].c = t, b.cells[t]
			n++
		}
	}
	b.clear()
	for _, t := range tiles[:n] {
		b.add(t.s, t.c)
	}
}

// finishedAll is the number of finished features of all kinds.
func (b *tracker) finishedAll() int {
	n := 0
	for _, f := range b.finished {
		n += int(f)
	}
	return n
}

// frontier returns the empty spaces next to a tile, as a bit set.
func (b *tracker) frontier() [(nSpaces + 63) / 64]uint64 { return b.front }

// forEach calls f for every space of a bit set, in increasing order.
func forEach(set *[(nSpaces + 63) / 64]uint64, f func(s space)) {
	for w, word := range set {
		for word != 0 {
			f(space(w*64 + bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
}

// tiles returns the spaces holding tiles, as a bit set.
func (b *tracker) tiles() (f [(nSpaces + 63) / 64]uint64) {
	for slot := range b.n {
		t := b.at[slot]
		f[t/64] |= 1 << (t % 64)
	}
	return f
}
