package opensource

import (
	"fmt"

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
}

func makeForm(d Demand) form {
	var f form
	for k := range 6 {
		for _, c := range d.Tiles {
			// Turning a tile with its space keeps its edges where they
			// were (tri.RotateTurn; cell.tileEdge is tri's convention).
			f.cells[k] = append(f.cells[k], formCell{c.At.Rotate(k), cellOf(c.Tile, tri.RotateTurn(int(c.Turn), k))})
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

// foundIn reports whether the formation lies among the tiles at the
// spaces at of a place whose cells are given.
func (f *form) foundIn(cells *[nSpaces]cell, at []space) bool {
	for _, p := range at {
		for k := range 6 {
			fc := f.cells[k]
			first := fc[0]
			if !sameTile(cells[p], first.c) {
				continue
			}
			v, ok := tri.Sub(coords[p], first.at)
			if !ok {
				continue // a turn by an odd multiple of 60 degrees lands on the other orientation
			}
			for _, c := range fc[1:] {
				t := spaceAt(c.at.Add(v))
				if t < 0 || !sameTile(cells[t], c.c) {
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
