package opensource

import (
	"testing"
)

// TestG1_ElevenTypesUpToRotation: the 11 types are the ways to colour
// three edges Y, B or R up to rotation, YBR and YRB mirror images.
func TestG1_ElevenTypesUpToRotation(t *testing.T) {
	seen := map[[3]EdgeKind]TileType{}
	for tt := range TileType(NumTypes) {
		e := tt.Edges()
		for r := range 3 {
			rot := [3]EdgeKind{e[r], e[(r+1)%3], e[(r+2)%3]}
			if other, dup := seen[rot]; dup && other != tt {
				t.Fatalf("%v and %v are rotations of each other", tt, other)
			}
			seen[rot] = tt
		}
	}
	// Every colouring of three edges is some type's rotation.
	for c := range 27 {
		e := [3]EdgeKind{EdgeKind(c % 3), EdgeKind(c / 3 % 3), EdgeKind(c / 9)}
		if _, ok := seen[e]; !ok {
			t.Errorf("colouring %v is no type", e)
		}
	}
	mirror := func(e [3]EdgeKind) [3]EdgeKind { return [3]EdgeKind{e[0], e[2], e[1]} }
	if seen[mirror(YBR.Edges())] != YRB {
		t.Error("YBR's mirror image is not YRB")
	}
}

// TestG2_AreasInsideATile checks each type's areas against G2: all Y edges
// one Application, the red line one Format, the blue cut by the red line
// only with two or three R edges.
func TestG2_AreasInsideATile(t *testing.T) {
	want := map[TileType][3]int{ // Applications, Platforms, Formats
		YYY: {1, 0, 0}, BBB: {0, 1, 0}, RRR: {0, 3, 1},
		YYB: {1, 1, 0}, YYR: {1, 1, 1}, BBY: {1, 1, 0}, BBR: {0, 1, 1},
		RRY: {1, 2, 1}, RRB: {0, 2, 1}, YBR: {1, 1, 1}, YRB: {1, 1, 1},
	}
	for tt := range TileType(NumTypes) {
		var got [3]int
		for _, k := range tt.Areas() {
			got[k]++
		}
		if got != want[tt] {
			t.Errorf("%v: %v areas, want %v", tt, got, want[tt])
		}
		s := shapes[tt]
		for i, a := range s.seg {
			e := tt.Edges()[i/3]
			k := s.kind[a]
			switch {
			case e == Yellow && k != Application,
				e == Blue && k != Platform,
				e == Red && i%3 == 1 && k != Format,
				e == Red && i%3 != 1 && k != Platform:
				t.Errorf("%v segment %d (edge %v): area of kind %v", tt, i, e, k)
			}
		}
	}
	// On RRB the two blue halves of each R edge lie in different areas,
	// the B edge's three in one.
	s := shapes[RRB]
	if s.seg[0] == s.seg[2] || s.seg[3] == s.seg[5] {
		t.Errorf("RRB: the red line does not cut the blue: %v", s.seg)
	}
	if s.seg[6] != s.seg[7] || s.seg[7] != s.seg[8] || s.seg[8] != s.seg[0] {
		t.Errorf("RRB: the B edge and the R halves beside it are not one area: %v", s.seg)
	}
	// With one R edge (BBR) the blue stays whole.
	if s := shapes[BBR]; s.seg[6] != s.seg[8] {
		t.Errorf("BBR: one red line cuts the blue: %v", s.seg)
	}
}
