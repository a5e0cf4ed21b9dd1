package opensource

import (
	"fmt"
	"strings"
)

// EdgeKind is what one edge of a tile shows (G1).
type EdgeKind int8

// The edge kinds.
const (
	Yellow EdgeKind = iota // Y: an Application's edge
	Blue                   // B: a Platform's edge
	Red                    // R: blue with a red line (a Format) from its middle
)

var edgeLetters = [3]byte{'Y', 'B', 'R'}

func (k EdgeKind) String() string { return string(edgeLetters[k]) }

// TileType is one of the 11 tile types of G1: the ways to colour three
// edges up to rotation.
type TileType int8

// NumTypes is the number of tile types.
const NumTypes = 11

// The tile types in G1's order; each name lists the edges clockwise.
const (
	YYY TileType = iota
	BBB
	RRR
	YYB
	YYR
	BBY
	BBR
	RRY
	RRB
	YBR
	YRB
)

var typeNames = [NumTypes]string{"YYY", "BBB", "RRR", "YYB", "YYR", "BBY", "BBR", "RRY", "RRB", "YBR", "YRB"}

func (t TileType) String() string {
	if t < 0 || t >= NumTypes {
		return fmt.Sprintf("TileType(%d)", int8(t))
	}
	return typeNames[t]
}

// ParseTileType reads a type's name, any case.
func ParseTileType(s string) (TileType, bool) {
	for i, n := range typeNames {
		if strings.EqualFold(s, n) {
			return TileType(i), true
		}
	}
	return 0, false
}

// Edges returns the type's edges clockwise, from the first letter of its
// name.
func (t TileType) Edges() [3]EdgeKind { return tileEdges[t] }

var tileEdges = func() (e [NumTypes][3]EdgeKind) {
	for t, n := range typeNames {
		for i := range 3 {
			e[t][i] = EdgeKind(strings.IndexByte("YBR", n[i]))
		}
	}
	return e
}()

// Feature kinds (G4).
type FeatureKind int8

// The feature kinds.
const (
	Application FeatureKind = iota // yellow
	Platform                       // blue
	Format                         // red line
	NumKinds
)

var kindNames = [NumKinds]string{"Application", "Platform", "Format"}

func (k FeatureKind) String() string { return kindNames[k] }

// The inside of a tile (G2). Each edge is three segments, numbered
// clockwise round the tile: edge e's segments are 3e, 3e+1, 3e+2 of a ring
// of nine. A Y edge is yellow x3, a B edge blue x3, an R edge blue, red,
// blue. All yellow segments are one Application area; all red ones one
// Format area (the red line runs to the centre from each R edge); the blue
// ones form one Platform area, except that with two or three R edges the
// red line cuts the blue ring at each R edge's middle, leaving one
// Platform area per arc between two cuts. Yellow never cuts the blue.

// maxAreas is the most areas a tile has: RRR's three Platforms and one
// Format; YBR's one of each is fewer.
const maxAreas = 4

// shape is a tile type's areas: how many, the kind of each, and the area
// of each of the nine segments.
type shape struct {
	n    int8
	kind [maxAreas]FeatureKind
	seg  [9]int8 // area of segment 3e+i
	// segs counts each area's segments (all on the tile's edges).
	segs [maxAreas]int8
}

var shapes = func() (sh [NumTypes]shape) {
	for t := range NumTypes {
		sh[t] = makeShape(tileEdges[t])
	}
	return sh
}()

func makeShape(e [3]EdgeKind) shape {
	var s shape
	var colour [9]FeatureKind
	reds := 0
	for i := range 9 {
		switch e[i/3] {
		case Yellow:
			colour[i] = Application
		case Blue:
			colour[i] = Platform
		case Red:
			colour[i] = Platform
			if i%3 == 1 {
				colour[i] = Format
				reds++
			}
		}
	}
	area := func(k FeatureKind) int8 {
		s.kind[s.n] = k
		s.n++
		return s.n - 1
	}
	for i := range s.seg {
		s.seg[i] = -1
	}
	yellow, red := int8(-1), int8(-1)
	for i, c := range colour {
		switch c {
		case Application:
			if yellow < 0 {
				yellow = area(Application)
			}
			s.seg[i] = yellow
		case Format:
			if red < 0 {
				red = area(Format)
			}
			s.seg[i] = red
		}
	}
	// Blue: one area, or one per arc between red cuts when there are two
	// or more. Start the walk just after a cut so that each arc is met in
	// one piece.
	start := 0
	if reds >= 2 {
		for i, c := range colour {
			if c == Format {
				start = i + 1
				break
			}
		}
	}
	blue := int8(-1)
	for j := range 9 {
		i := (start + j) % 9
		switch colour[i] {
		case Format:
			if reds >= 2 {
				blue = -1 // a cut: the next blue starts a new area
			}
		case Platform:
			if blue < 0 {
				blue = area(Platform)
			}
			s.seg[i] = blue
		}
	}
	for _, a := range s.seg {
		s.segs[a]++
	}
	return s
}

// Areas returns how many areas a tile of type t has and their kinds, in
// the order the game numbers them.
func (t TileType) Areas() []FeatureKind {
	s := &shapes[t]
	return append([]FeatureKind(nil), s.kind[:s.n]...)
}
