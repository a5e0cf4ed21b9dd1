package tri

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestHexSizes(t *testing.T) {
	for _, tc := range []struct{ side, want int }{{1, 6}, {2, 24}, {16, 1536}} {
		h := NewHex(tc.side)
		if h.Len() != tc.want {
			t.Errorf("side %d: %d spaces, want %d", tc.side, h.Len(), tc.want)
		}
		for i := range h.Len() {
			if h.Index(h.Space(i)) != i {
				t.Fatalf("side %d: Index(Space(%d)) = %d", tc.side, i, h.Index(h.Space(i)))
			}
		}
	}
	h := NewHex(1)
	for _, s := range Ring() {
		if !h.Contains(s) {
			t.Errorf("%v not in the hexagon of side 1", s)
		}
	}
	if h.Contains(Space{2, 0, 0}) || h.Index(Space{0, 0, 0}) != -1 {
		t.Error("Contains or Index takes a space outside or not a space")
	}
}

// TestNeighbours: the three neighbours of a space point the other way,
// share the edge of the same number (Facing), and lead back.
func TestNeighbours(t *testing.T) {
	h := NewHex(4)
	for i := range h.Len() {
		s := h.Space(i)
		for e := range 3 {
			o := s.Neighbor(e)
			if !o.Valid() || o.Up() == s.Up() {
				t.Fatalf("%v across %d: %v", s, e, o)
			}
			if o.Neighbor(Facing(e)) != s || o.EdgeTo(s) != Facing(e) || s.EdgeTo(o) != e {
				t.Fatalf("%v across %d is %v, which does not lead back by edge %d", s, e, o, Facing(e))
			}
			if j := h.Neighbor(i, e); j != h.Index(o) {
				t.Fatalf("Hex.Neighbor(%d, %d) = %d, want %d", i, e, j, h.Index(o))
			}
			// The shared edge has the same two corners on both sides.
			a, b := edgeCorners(s, e)
			c, d := edgeCorners(o, Facing(e))
			if !(samePoint(a, d) && samePoint(b, c)) {
				t.Fatalf("%v edge %d runs %v-%v, its neighbour's %v-%v", s, e, a, b, c, d)
			}
		}
	}
}

func edgeCorners(s Space, e int) ([2]float64, [2]float64) {
	c := s.Corners()
	return c[(e+2)%3], c[e]
}

func samePoint(a, b [2]float64) bool { return near(a[0], b[0]) && near(a[1], b[1]) }

// TestEdgesClockwise: edge 0 is horizontal, at the bottom of a space
// pointing up and the top of one pointing down, and 0, 1, 2 go clockwise
// on a screen whose y grows down; edge e is crossed towards the centre of
// the neighbour across it.
func TestEdgesClockwise(t *testing.T) {
	h := NewHex(3)
	for i := range h.Len() {
		s := h.Space(i)
		c := s.Corners()
		// With y down, a clockwise walk has a positive shoelace sum.
		area := 0.0
		for k := range 3 {
			p, q := c[k], c[(k+1)%3]
			area += p[0]*q[1] - q[0]*p[1]
		}
		if area <= 0 {
			t.Fatalf("%v: corners not clockwise on the screen", s)
		}
		a, b := edgeCorners(s, 0)
		if !near(a[1], b[1]) {
			t.Fatalf("%v: edge 0 is not horizontal", s)
		}
		_, cy := s.Center()
		if s.Up() != (a[1] > cy) {
			t.Fatalf("%v (up %v): edge 0 at y=%v, centre at y=%v", s, s.Up(), a[1], cy)
		}
		for e := range 3 {
			ox, oy := s.Neighbor(e).Center()
			sx, sy := s.Center()
			p, q := edgeCorners(s, e)
			mx, my := (p[0]+q[0])/2, (p[1]+q[1])/2
			// The neighbour's centre mirrors ours in the edge's midpoint.
			if !near(ox, 2*mx-sx) || !near(oy, 2*my-sy) {
				t.Fatalf("%v: the neighbour across %d is not across that edge", s, e)
			}
		}
	}
}

// TestRowCol: every pair of whole numbers is one space, and back; a higher
// row lies higher on the screen, a higher column further right.
func TestRowCol(t *testing.T) {
	for row := -20; row <= 20; row++ {
		for col := -40; col <= 40; col++ {
			s := FromRowCol(row, col)
			if !s.Valid() {
				t.Fatalf("%d,%d: %v not a space", row, col, s)
			}
			if r, c := s.RowCol(); r != row || c != col {
				t.Fatalf("%d,%d: back as %d,%d", row, col, r, c)
			}
			if s.Up() != ((row+col)%2 == 0) {
				t.Fatalf("%d,%d: up %v", row, col, s.Up())
			}
			p, err := Parse(s.String())
			if err != nil || p != s {
				t.Fatalf("Parse(%q) = %v, %v", s.String(), p, err)
			}
		}
	}
	_, y1 := FromRowCol(1, 0).Center()
	_, y0 := FromRowCol(0, 0).Center()
	x1, _ := FromRowCol(0, 1).Center()
	x0, _ := FromRowCol(0, 0).Center()
	if !(y1 < y0) || !(x1 > x0) {
		t.Error("rows do not rise or columns do not go right")
	}
	for _, bad := range []string{"", "1", "a,b", "1,2,3", "1000,0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// TestRotate: six steps are the identity; a step swaps the orientation,
// cycles the ring round the origin counter-clockwise on the screen, turns
// every centre by 60 degrees about the origin vertex, and carries edge e
// to edge e+1.
func TestRotate(t *testing.T) {
	h := NewHex(5)
	cos, sin := math.Cos(math.Pi/3), math.Sin(math.Pi/3)
	for i := range h.Len() {
		s := h.Space(i)
		if s.Rotate(6) != s || s.Rotate(-1).Rotate(1) != s {
			t.Fatalf("%v: six turns are not the identity", s)
		}
		r := s.Rotate(1)
		if r.Up() == s.Up() || !h.Contains(r) {
			t.Fatalf("%v turns into %v", s, r)
		}
		// Counter-clockwise on a y-down screen.
		x, y := s.Center()
		rx, ry := r.Center()
		if !near(rx, x*cos+y*sin) || !near(ry, -x*sin+y*cos) {
			t.Fatalf("%v at (%v,%v) turns to %v at (%v,%v)", s, x, y, r, rx, ry)
		}
		for e := range 3 {
			if s.Neighbor(e).Rotate(1) != r.Neighbor(RotateEdge(e, 1)) {
				t.Fatalf("%v: edge %d does not turn into edge %d", s, e, RotateEdge(e, 1))
			}
		}
	}
	ring := Ring()
	for k, s := range ring {
		if s.Rotate(1) != ring[(k+1)%6] {
			t.Fatalf("the ring does not cycle at %d", k)
		}
	}
}

// TestRotateTurn: a tile keeps its edges where they were when the tile
// turns with its space: the tile edge on space edge e, (e+turn) mod 3, lies
// on edge RotateEdge(e, k) of the turned space at the turned turn.
func TestRotateTurn(t *testing.T) {
	for turn := range 3 {
		for k := -7; k <= 7; k++ {
			for e := range 3 {
				before := (e + turn) % 3
				after := (RotateEdge(e, k) + RotateTurn(turn, k)) % 3
				if before != after {
					t.Fatalf("turn %d by %d: edge %d showed tile edge %d, now %d", turn, k, e, before, after)
				}
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	p, q := FromRowCol(3, -2), FromRowCol(-1, 4)
	v, ok := Sub(p, q)
	if !ok || q.Add(v) != p {
		t.Fatalf("Sub(%v, %v) = %v, %v", p, q, v, ok)
	}
	if _, ok := Sub(FromRowCol(0, 0), FromRowCol(0, 1)); ok {
		t.Fatal("a translation took a space to one pointing the other way")
	}
	// A translation keeps adjacency and orientation.
	for e := range 3 {
		if q.Neighbor(e).Add(v) != p.Neighbor(e) {
			t.Fatalf("edge %d: translation breaks adjacency", e)
		}
	}
}

// TestMayGrow: a Lab (the ring of six) grows by spaces sharing an edge
// with it, never by one inside it or one touching it at a corner only.
func TestMayGrow(t *testing.T) {
	h := NewHex(4)
	in := map[int]bool{}
	for _, s := range Ring() {
		in[h.Index(s)] = true
	}
	has := func(i int) bool { return in[i] }
	grow := 0
	for i := range h.Len() {
		if h.MayGrow(has, i) {
			grow++
			if in[i] {
				t.Fatal("grew into itself")
			}
		}
	}
	if grow != 6 {
		t.Errorf("the ring may grow to %d spaces, want 6", grow)
	}
	corner := FromRowCol(2, 1) // touches the ring's top at a corner only
	if h.MayGrow(has, h.Index(corner)) {
		t.Errorf("grew to %v, a corner away", corner)
	}
}

func BenchmarkNeighbor(b *testing.B) {
	h := NewHex(16)
	n := h.Len()
	i := 0
	for b.Loop() {
		i = h.Neighbor(i%n, i%3)
		if i < 0 {
			i = 7
		}
	}
}

func BenchmarkIndex(b *testing.B) {
	h := NewHex(16)
	s := FromRowCol(3, -5)
	sum := 0
	for b.Loop() {
		sum += h.Index(s)
	}
	_ = sum
}
