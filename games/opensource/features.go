package opensource

import "math/bits"

// Features of the Commons, tracked as tiles are placed and taken off
// (G2-G5).
//
// Every tile on the Commons has a slot, and each of its areas an id,
// slot*maxAreas + the area's number on the tile. A tile keeps its slot
// while it lies on the Commons; a tile taken off frees its slot for the
// next one placed (the lowest free slot is taken, so that while no tile
// leaves, slot i holds the i-th tile placed). A union-find over the ids
// joins the areas that touch across shared edges (G3) into features (G4).
// Each feature's root keeps its count of open segments: segments on an
// edge with no tile across it (G5). A placement adds the tile's areas with
// all their segments open, then for each neighbour joins the facing
// segments' areas and closes those segments on both sides; a feature
// whose count falls to 0 is finished. Finished features never change again
// while no tile leaves: every segment is covered, so no new tile touches
// them. So the counts of finished features and the largest finished size
// of each kind are kept up to date at the cost of the placement. Holes
// (set H: empty spaces with tiles across all three edges) are counted as
// spaces fill and empty.
//
// A tile leaving the Commons (a lift, G11, or a move, set C) can split
// features, which a union-find cannot undo. Only the features with an
// area on the tile that leaves can change (two facing segments always
// belong to one feature), so those are built again from their other
// areas, walking each feature's list; every other feature keeps its ids,
// counts and size. A feature built again is open (each of its pieces
// faced the tile that left), but is counted as finished if it is, so as
// not to rest on that argument. Beside the largest finished size of each
// kind the tracker counts the finished features of that size, so that
// the largest is sought again over every feature only when the last
// finished feature of that size is broken.
//
// Sizes count tiles, a tile once (G4), though a tile with two or three
// Platform areas may have several in one feature: a feature's areas are
// kept in a list, walked when it finishes.
//
// Beside the features, the tracker keeps what the rules ask of the
// Commons at every turn without a search of the board: the tiles as a bit
// set, the tiles of each type, the frontier (the empty spaces next to a
// tile) with what each frontier space asks of a tile's edges, and for each
// type the number of frontier spaces where it fits at some turn.

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
func (c cell) edgeAt(e int) EdgeKind { return cellEdges[c][e] }

// area returns the tile's area (its number on the tile) of segment i
// (0..2, clockwise) of the tile's edge on space edge e.
func (c cell) area(e, i int) int8 { return cellAreas[c][e][i] }

// cellEdges[c][e] and cellAreas[c][e][i] are edgeAt and area for each
// tile cell c (nothing for the empty cell 0), looked up on every
// placement.
var cellEdges, cellAreas = func() (edges [nCells][3]EdgeKind, areas [nCells][3][3]int8) {
	for c := cell(1); c < nCells; c++ {
		for e := range 3 {
			edges[c][e] = tileEdges[c.tile()][c.tileEdge(e)]
			for i := range 3 {
				areas[c][e][i] = shapes[c.tile()].seg[3*c.tileEdge(e)+i]
			}
		}
	}
	return edges, areas
}()

type areaID = int16

// tracker is the Commons' board and its features.
type tracker struct {
	cells [nSpaces]cell
	// slotOf[s] is the slot of the tile at s plus one, 0 when empty.
	slotOf [nSpaces]int16
	at     [maxTiles]space // the spaces of the tiles in the order they came
	n      int16           // tiles
	// slotAt[i] is the space of the tile in slot i; used has a bit per
	// slot holding a tile.
	slotAt [maxTiles]space
	used   [(maxTiles + 63) / 64]uint64

	parent [maxTiles * maxAreas]areaID
	open   [maxTiles * maxAreas]int16  // at roots: open segments
	next   [maxTiles * maxAreas]areaID // the feature's list of areas, -1 at the end
	last   [maxTiles * maxAreas]areaID // at roots: the list's last area

	// occ is the spaces holding a tile; front the frontier: the empty
	// spaces next to a tile; need[s] what the tiles round s ask of a tile
	// on it (see needs), for every space.
	occ   [(nSpaces + 63) / 64]uint64
	front [(nSpaces + 63) / 64]uint64
	need  [nSpaces]needs
	// fitSet[t] is the frontier spaces where a tile of type t fits at
	// some turn, fitCount[t] their number; typeCount[t] is the tiles of
	// type t.
	fitSet    [NumTypes][(nSpaces + 63) / 64]uint64
	fitCount  [NumTypes]int16
	typeCount [NumTypes]int16
	// typeSet[t] is the spaces holding a tile of type t.
	typeSet [NumTypes][(nSpaces + 63) / 64]uint64

	finished [NumKinds]int16 // finished features of each kind
	largest  [NumKinds]int16 // the most tiles of a finished feature of each kind
	largestN [NumKinds]int16 // the finished features of each kind of that many tiles
	holes    int16
}

// fitTypes[n] has a bit for each type that meets needs n at some turn.
var fitTypes = func() (f [64]uint16) {
	for n := range 64 {
		for t := range NumTypes {
			if fitTurns[t][n] != 0 {
				f[n] |= 1 << t
			}
		}
	}
	return f
}()

func (b *tracker) inFront(s space) bool { return b.front[s/64]&(1<<(s%64)) != 0 }

// setNeed changes what the tiles round s ask to n, keeping the frontier
// and the spaces each type fits: an empty space asked something is in the
// frontier.
func (b *tracker) setNeed(s space, n needs) {
	var was, is uint16 // the types that fit s, before and after
	w, bit := s/64, uint64(1)<<(s%64)
	if b.front[w]&bit != 0 {
		was = fitTypes[b.need[s]]
		b.front[w] &^= bit
	}
	b.need[s] = n
	if n != 0 && b.cells[s] == 0 {
		is = fitTypes[n]
		b.front[w] |= bit
	}
	for m := was &^ is; m != 0; m &= m - 1 {
		k := bits.TrailingZeros16(m)
		b.fitCount[k]--
		b.fitSet[k][w] &^= bit
	}
	for m := is &^ was; m != 0; m &= m - 1 {
		k := bits.TrailingZeros16(m)
		b.fitCount[k]++
		b.fitSet[k][w] |= bit
	}
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
	return shapes[b.cells[b.slotAt[slot]].tile()].kind[a%maxAreas]
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
	slot := b.freeSlot()
	b.used[slot/64] |= 1 << (slot % 64)
	b.at[b.n] = s
	b.n++
	b.cells[s], b.slotOf[s], b.slotAt[slot] = c, slot+1, s
	b.occ[s/64] |= 1 << (s % 64)
	b.typeCount[c.tile()]++
	b.typeSet[c.tile()][s/64] |= 1 << (s % 64)
	b.setNeed(s, b.need[s]) // s leaves the frontier
	sh := &shapes[c.tile()]
	base := slot * maxAreas
	for k := range int16(sh.n) {
		a := base + k
		b.parent[a], b.open[a], b.next[a], b.last[a] = a, int16(sh.segs[k]), -1, a
	}
	for e := range 3 {
		o := nbr[s][e]
		if o < 0 {
			continue
		}
		b.setNeed(o, b.need[o]|needs(1+c.edgeAt(e))<<(2*facing(s, e)))
		if b.cells[o] == 0 {
			if b.isHole(o) {
				b.holes++
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
			b.finish(b.kindOf(r), b.size(r))
		}
	}
}

// freeSlot returns the lowest slot holding no tile.
func (b *tracker) freeSlot() int16 {
	for w, word := range b.used {
		if word != ^uint64(0) {
			return int16(w*64 + bits.TrailingZeros64(^word))
		}
	}
	panic("opensource: more tiles on the Commons than the supply holds")
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

// remove takes the tile off space s and builds again the features that
// had an area on it.
func (b *tracker) remove(s space) {
	c := b.cells[s]
	slot := b.slotOf[s] - 1
	sh := &shapes[c.tile()]
	base := slot * maxAreas

	// The features the tile is part of: no longer finished, if they were.
	var roots [maxAreas]areaID
	nr := 0
	var recount [NumKinds]bool
	for k := range int16(sh.n) {
		r := b.find(base + k)
		dup := false
		for _, x := range roots[:nr] {
			dup = dup || x == r
		}
		if dup {
			continue
		}
		roots[nr] = r
		nr++
		if b.open[r] == 0 {
			kind := b.kindOf(r)
			b.finished[kind]--
			if b.size(r) == b.largest[kind] {
				if b.largestN[kind]--; b.largestN[kind] == 0 {
					recount[kind] = true
				}
			}
		}
	}
	var list [maxTiles * maxAreas]areaID
	m := 0
	for _, r := range roots[:nr] {
		for a := r; a >= 0; a = b.next[a] {
			if a/maxAreas != slot {
				list[m] = a
				m++
			}
		}
	}

	// The board: holes, what the neighbours ask, the frontier.
	for e, o := range nbr[s] {
		if o < 0 {
			continue
		}
		if b.isHole(o) {
			b.holes--
		}
		b.setNeed(o, b.need[o]&^(3<<(2*facing(s, e))))
	}
	b.cells[s], b.slotOf[s] = 0, 0
	b.occ[s/64] &^= 1 << (s % 64)
	b.used[slot/64] &^= 1 << (slot % 64)
	b.typeCount[c.tile()]--
	b.typeSet[c.tile()][s/64] &^= 1 << (s % 64)
	for i, t := range b.at[:b.n] {
		if t == s {
			copy(b.at[i:b.n], b.at[i+1:b.n])
			break
		}
	}
	b.n--
	b.setNeed(s, b.need[s]) // s joins the frontier if a tile is next to it
	if b.isHole(s) {
		b.holes++
	}

	// The features again, from their areas left.
	for _, a := range list[:m] {
		t := b.slotAt[a/maxAreas]
		b.parent[a], b.open[a], b.next[a], b.last[a] = a, int16(shapes[b.cells[t].tile()].segs[a%maxAreas]), -1, a
	}
	for _, a := range list[:m] {
		t := b.slotAt[a/maxAreas]
		ct := b.cells[t]
		k := int8(a % maxAreas)
		for e, o := range nbr[t] {
			if !b.occupied(o) {
				continue
			}
			oc := b.cells[o]
			oe := facing(t, e)
			obase := (b.slotOf[o] - 1) * maxAreas
			for i := range 3 {
				if ct.area(e, i) != k {
					continue
				}
				// Each side closes its own segment; the facing area,
				// in the list too, closes the other.
				ra := b.find(a)
				b.open[ra]--
				if rb := b.find(obase + int16(oc.area(oe, 2-i))); ra != rb {
					b.union(ra, rb)
				}
			}
		}
	}
	for _, a := range list[:m] {
		if b.parent[a] == a && b.open[a] == 0 {
			b.finish(b.kindOf(a), b.size(a))
		}
	}
	for kind, again := range recount {
		if again {
			b.recountLargest(FeatureKind(kind))
		}
	}
}

// recountLargest finds the largest finished feature of a kind again,
// over every feature.
func (b *tracker) recountLargest(kind FeatureKind) {
	b.largest[kind], b.largestN[kind] = 0, 0
	for _, t := range b.at[:b.n] {
		sh := &shapes[b.cells[t].tile()]
		base := (b.slotOf[t] - 1) * maxAreas
		for k := range int16(sh.n) {
			if a := base + k; sh.kind[k] == kind && b.parent[a] == a && b.open[a] == 0 {
				b.finishSize(kind, b.size(a))
			}
		}
	}
}

// finish counts a feature of a kind and size that has just finished.
func (b *tracker) finish(kind FeatureKind, size int16) {
	b.finished[kind]++
	b.finishSize(kind, size)
}

// finishSize keeps the largest finished size of a kind and the finished
// features of that size, for one more finished feature.
func (b *tracker) finishSize(kind FeatureKind, size int16) {
	switch {
	case size > b.largest[kind]:
		b.largest[kind], b.largestN[kind] = size, 1
	case size == b.largest[kind]:
		b.largestN[kind]++
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
