package opensource

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/games/opensource/tri"
)

// Market Demand formations (G14): tile types at fixed relative places and
// orientations, found anywhere in a place turned by any multiple of 60
// degrees, never mirrored.

// formCell is one tile of a turned formation.
type formCell struct {
	at tri.Space
	c  cell
}

// form is a formation turned each of the six ways.
type form struct {
	cells [6][]formCell
	// first[c] has a bit for each turn k whose first tile cell c shows
	// (sameTile): where a formation may start.
	first [nCells]uint8
}

// nCells is the number of cell values, 0 (empty) included.
const nCells = 1 + 3*NumTypes

func makeForm(d Demand) form {
	var f form
	for k := range 6 {
		for _, c := range d.Tiles {
			// Turning a tile with its space keeps its edges where they
			// were (tri.RotateTurn; cell.tileEdge is tri's convention).
			f.cells[k] = append(f.cells[k], formCell{c.At.Rotate(k), cellOf(c.Tile, tri.RotateTurn(int(c.Turn), k))})
		}
		for c := cell(1); c < nCells; c++ {
			if sameTile(c, f.cells[k][0].c) {
				f.first[c] |= 1 << k
			}
		}
	}
	return f
}

// sameTile reports whether two cells show the same tile the same way
// round: the type, and each edge's kind (a symmetric type looks the same
// at several turns).
func sameTile(a, b cell) bool {
	return a.tile() == b.tile() && a.edgeAt(0) == b.edgeAt(0) && a.edgeAt(1) == b.edgeAt(1) && a.edgeAt(2) == b.edgeAt(2)
}

// looks[c] is the first cell showing the same tile the same way round as
// cell c (sameTile), 0 for the empty cell: two cells are the same tile
// when their looks are equal and not 0.
var looks = func() (l [nCells]cell) {
	for c := cell(1); c < nCells; c++ {
		l[c] = c
		for d := cell(1); d < c; d++ {
			if sameTile(c, d) {
				l[c] = d
				break
			}
		}
	}
	return l
}()

// foundIn reports whether the formation lies among the tiles at the
// spaces at of a place whose cells are given.
func (f *form) foundIn(cells *[nSpaces]cell, at []space) bool {
	for _, p := range at {
		if f.foundAt(cells, p) {
			return true
		}
	}
	return false
}

// foundInCommons is foundIn for the Commons: only the tiles of the type
// of the formation's first tile can be where it starts.
func (f *form) foundInCommons(b *tracker) bool {
	set := &b.typeSet[f.cells[0][0].c.tile()]
	for w, word := range set {
		for ; word != 0; word &= word - 1 {
			if f.foundAt(&b.cells, space(w*64+bits.TrailingZeros64(word))) {
				return true
			}
		}
	}
	return false
}

// foundInLab is foundIn for a Lab: its tiles, and no tile outside it.
func (f *form) foundInLab(l *lab) bool {
	for i, p := range l.spaces[:l.n] {
		for m := f.first[l.cells[i]]; m != 0; m &= m - 1 {
			fc := f.cells[bits.TrailingZeros8(m)]
			v, ok := tri.Sub(coords[p], fc[0].at)
			if !ok {
				continue
			}
			for _, c := range fc[1:] {
				t := spaceAt(c.at.Add(v))
				if t < 0 {
					ok = false
					break
				}
				if tc := l.cellAt(t); tc == 0 || looks[tc] != looks[c.c] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// foundAt reports whether the formation lies in a place whose cells are
// given with its first tile at p.
func (f *form) foundAt(cells *[nSpaces]cell, p space) bool {
	for m := f.first[cells[p]]; m != 0; m &= m - 1 {
		fc := f.cells[bits.TrailingZeros8(m)]
		v, ok := tri.Sub(coords[p], fc[0].at)
		if !ok {
			continue // a turn by an odd multiple of 60 degrees lands on the other orientation
		}
		for _, c := range fc[1:] {
			t := spaceAt(c.at.Add(v))
			if t < 0 || cells[t] == 0 || looks[cells[t]] != looks[c.c] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// checkFormation checks a Market Demand formation's shape (G17): distinct
// spaces, joined edge to edge, every shared edge matching.
func checkFormation(cells []Cell) error {
	at := map[tri.Space]int{}
	for i, c := range cells {
		if j, dup := at[c.At]; dup {
			return fmt.Errorf("tiles %d and %d lie on the same space %v", j, i, c.At)
		}
		at[c.At] = i
	}
	// Joined: a search from the first tile over shared edges reaches all.
	seen := map[int]bool{0: true}
	queue := []int{0}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		c := cells[i]
		for e := range 3 {
			j, ok := at[c.At.Neighbor(e)]
			if !ok {
				continue
			}
			mine := cellOf(c.Tile, int(c.Turn)).edgeAt(e)
			theirs := cellOf(cells[j].Tile, int(cells[j].Turn)).edgeAt(tri.Facing(e))
			if mine != theirs {
				return fmt.Errorf("tiles %d and %d share an edge that does not match (%v against %v, G3)", i, j, mine, theirs)
			}
			if !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	if len(seen) != len(cells) {
		return fmt.Errorf("the tiles are not joined edge to edge")
	}
	return nil
}
