// Package tri is the geometry of a grid of equilateral triangles, as Open
// Source, the Board Game lays its tiles: spaces and their coordinates, the
// three neighbours of a space and which of their edges face it, rotation
// by steps of 60 degrees, the hexagon of side n (the Commons is the one of
// side 16), and the rule by which a Lab grows.
//
// # Coordinates
//
// A space is a triple (A, B, C) of integers with A+B+C = 1 or 2, as in Boris
// the Brave's "triangle grids": each coordinate counts the lines of one of
// the grid's three directions crossed from the origin. The six spaces
// round the origin vertex are (1,0,0), (0,1,0), (0,0,1) and (1,1,0),
// (1,0,1), (0,1,1).
//
// Drawn with one edge of every triangle horizontal and y growing down the
// screen (as SVG and terminals draw), a space with A+B+C = 2 points up and
// one with A+B+C = 1 points down. A is the row: the spaces with the same A
// lie between the same two horizontal lines, and a higher A is higher up.
// People write a space as "row,col", row = A and col = B-C, the column
// growing to the right; every pair of integers is a space (see FromRowCol).
//
// # Edges
//
// A space's edges are numbered 0, 1, 2 clockwise on the screen, starting
// with the horizontal one: for a space pointing up, bottom, left, right;
// for one pointing down, top, right, left. Edge e is the one crossed by
// changing coordinate e by one, so a space and its neighbour across edge e
// share that edge as edge e of both: Facing(e) = e.
//
// # Rotation
//
// Rotate turns a space by k times 60 degrees counter-clockwise on the
// screen about the origin vertex: (A,B,C) -> (1-C, 1-A, 1-B) for each step.
// Edge e of a space becomes edge e+1 (mod 3) of the turned space, so a
// tile whose edge t lies on space edge (t - turn) mod 3 has its turn go
// down by one each step (RotateTurn).
package tri

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Space is one triangle of the grid. Coordinates fit an int8: the
// hexagons used here have sides of at most 40.
type Space struct{ A, B, C int8 }

// Valid reports whether the coordinates name a space (sum 1 or 2).
func (s Space) Valid() bool {
	sum := int(s.A) + int(s.B) + int(s.C)
	return sum == 1 || sum == 2
}

// Up reports whether the space points up (A+B+C = 2).
func (s Space) Up() bool { return int(s.A)+int(s.B)+int(s.C) == 2 }

// Neighbor returns the space across edge e (0..2).
func (s Space) Neighbor(e int) Space {
	d := int8(1)
	if s.Up() {
		d = -1
	}
	switch e {
	case 0:
		s.A += d
	case 1:
		s.B += d
	default:
		s.C += d
	}
	return s
}

// Facing returns the edge of the neighbour across edge e that faces the
// space: the same number (see the package comment).
func Facing(e int) int { return e }

// EdgeTo returns the edge of s shared with t, or -1 when they are not
// neighbours.
func (s Space) EdgeTo(t Space) int {
	for e := range 3 {
		if s.Neighbor(e) == t {
			return e
		}
	}
	return -1
}

// Rotate turns s by k*60 degrees counter-clockwise about the origin
// vertex (k taken mod 6, negative k turning clockwise).
func (s Space) Rotate(k int) Space {
	for range ((k % 6) + 6) % 6 {
		s = Space{1 - s.C, 1 - s.A, 1 - s.B}
	}
	return s
}

// RotateEdge returns the number, on s.Rotate(k), of what was edge e of s.
func RotateEdge(e, k int) int { return ((e+k)%3 + 3) % 3 }

// RotateTurn returns the turn of a tile after turning it with its space
// by k*60 degrees, for a tile whose own edge (e + turn) mod 3 lies on
// space edge e.
func RotateTurn(turn, k int) int { return ((turn-k)%3 + 3) % 3 }

// Vec is the difference of two spaces of the same orientation: a
// translation of the grid (DA+DB+DC = 0).
type Vec struct{ DA, DB, DC int8 }

// Sub returns the translation taking q to p, and false when they point
// different ways (no translation takes one to the other).
func Sub(p, q Space) (Vec, bool) {
	v := Vec{p.A - q.A, p.B - q.B, p.C - q.C}
	return v, int(v.DA)+int(v.DB)+int(v.DC) == 0
}

// Add moves s by v.
func (s Space) Add(v Vec) Space { return Space{s.A + v.DA, s.B + v.DB, s.C + v.DC} }

// RowCol returns the space's row (A) and column (B-C).
func (s Space) RowCol() (row, col int) { return int(s.A), int(s.B) - int(s.C) }

// FromRowCol returns the space in row and column: it points up when
// row+col is even.
func FromRowCol(row, col int) Space {
	sum := 1
	if (row+col)%2 == 0 {
		sum = 2
	}
	return Space{int8(row), int8((sum - row + col) / 2), int8((sum - row - col) / 2)}
}

// String writes the space as "row,col".
func (s Space) String() string {
	r, c := s.RowCol()
	return strconv.Itoa(r) + "," + strconv.Itoa(c)
}

// Parse reads "row,col".
func Parse(text string) (Space, error) {
	r, c, ok := strings.Cut(text, ",")
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if !ok || err1 != nil || err2 != nil {
		return Space{}, fmt.Errorf("bad space %q: want row,col such as 0,1", text)
	}
	if row < -100 || row > 100 || col < -200 || col > 200 {
		return Space{}, fmt.Errorf("space %q is too far out", text)
	}
	return FromRowCol(row, col), nil
}

// Height is the height of a triangle of unit edge.
var Height = math.Sqrt(3) / 2

// Corners returns the space's three corners for a unit edge, y down:
// corner i is where edges i and i+1 meet (so edge e runs from corner e-1
// to corner e, clockwise).
func (s Space) Corners() [3][2]float64 {
	row, col := s.RowCol()
	x := float64(col) / 2
	top, bottom := -float64(row)*Height, -float64(row-1)*Height
	if s.Up() {
		// edges: 0 bottom, 1 left, 2 right
		return [3][2]float64{{x - 0.5, bottom}, {x, top}, {x + 0.5, bottom}}
	}
	// edges: 0 top, 1 right, 2 left
	return [3][2]float64{{x + 0.5, top}, {x, bottom}, {x - 0.5, top}}
}

// Center returns the space's centroid for a unit edge, y down.
func (s Space) Center() (x, y float64) {
	c := s.Corners()
	return (c[0][0] + c[1][0] + c[2][0]) / 3, (c[0][1] + c[1][1] + c[2][1]) / 3
}

// Ring returns the six spaces round the origin vertex, counter-clockwise
// from (1,0,0): a Lab's first spaces, and the centre of every hexagon.
func Ring() [6]Space {
	var r [6]Space
	s := Space{1, 0, 0}
	for i := range r {
		r[i] = s
		s = s.Rotate(1)
	}
	return r
}

// Hex is the hexagon of side n round the origin vertex: the spaces with
// every coordinate from 1-n to n. It numbers its 6n^2 spaces densely so
// that games keep boards in arrays, and knows each one's neighbours.
type Hex struct {
	side   int
	spaces []Space
	index  []int32    // by (A, B, sum) offset; -1 outside
	nbr    [][3]int32 // neighbours by index; -1 beyond the rim
}

// NewHex returns the hexagon of side n (1..40).
func NewHex(n int) *Hex {
	if n < 1 || n > 40 {
		panic(fmt.Sprintf("tri.NewHex(%d): side must be 1..40", n))
	}
	h := &Hex{side: n, index: make([]int32, 2*n*2*n*2)}
	for i := range h.index {
		h.index[i] = -1
	}
	for a := 1 - n; a <= n; a++ {
		for b := 1 - n; b <= n; b++ {
			for sum := 1; sum <= 2; sum++ {
				c := sum - a - b
				if c < 1-n || c > n {
					continue
				}
				h.index[h.slot(a, b, sum)] = int32(len(h.spaces))
				h.spaces = append(h.spaces, Space{int8(a), int8(b), int8(c)})
			}
		}
	}
	h.nbr = make([][3]int32, len(h.spaces))
	for i, s := range h.spaces {
		for e := range 3 {
			h.nbr[i][e] = int32(h.Index(s.Neighbor(e)))
		}
	}
	return h
}

func (h *Hex) slot(a, b, sum int) int {
	return ((a+h.side-1)*2*h.side+(b+h.side-1))*2 + sum - 1
}

// Side returns the hexagon's side.
func (h *Hex) Side() int { return h.side }

// Len returns the number of spaces, 6*side^2.
func (h *Hex) Len() int { return len(h.spaces) }

// Index returns the dense number of s, or -1 when s lies outside.
func (h *Hex) Index(s Space) int {
	a, b, sum := int(s.A), int(s.B), int(s.A)+int(s.B)+int(s.C)
	n := h.side
	if a < 1-n || a > n || b < 1-n || b > n || sum < 1 || sum > 2 {
		return -1
	}
	return int(h.index[h.slot(a, b, sum)])
}

// Contains reports whether s lies in the hexagon.
func (h *Hex) Contains(s Space) bool { return h.Index(s) >= 0 }

// Space returns the space numbered i.
func (h *Hex) Space(i int) Space { return h.spaces[i] }

// Neighbor returns the number of the space across edge e of space i, -1
// beyond the rim.
func (h *Hex) Neighbor(i, e int) int { return int(h.nbr[i][e]) }

// MayGrow reports whether space i may join a region (a Lab, G7): it is
// not in the region and shares an edge with a space that is.
func (h *Hex) MayGrow(in func(i int) bool, i int) bool {
	if i < 0 || i >= len(h.spaces) || in(i) {
		return false
	}
	for _, o := range h.nbr[i] {
		if o >= 0 && in(int(o)) {
			return true
		}
	}
	return false
}

// Draw writes the spaces of the hexagon as text, a row of triangles a
// line from the top, each as ^ or v (the way it points) and its row,col,
// in a slot of w characters per column, for documentation.
func (h *Hex) Draw(w int) string {
	var b strings.Builder
	n := h.side
	lo := 1 << 30
	for _, s := range h.spaces {
		_, c := s.RowCol()
		lo = min(lo, c)
	}
	for row := n; row >= 1-n; row-- {
		line := []byte{}
		for _, s := range h.spaces {
			r, c := s.RowCol()
			if r != row {
				continue
			}
			x := (c - lo) * w
			for len(line) < x+w {
				line = append(line, ' ')
			}
			mark := "v"
			if s.Up() {
				mark = "^"
			}
			copy(line[x:], mark+s.String())
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
