package tri_test

import (
	"fmt"

	"github.com/commons-games/commons/games/opensource/tri"
)

// The hexagon of side 2 with each space's row,col: ^ points up, v down.
// The six spaces round the origin vertex are 1,-1 1,0 1,1 above it and
// 0,-1 0,0 0,1 below it. Each space takes one column here; on the board
// the triangles of a row interlock, each half a side from the next.
func ExampleHex_Draw() {
	fmt.Print("rows 2 to -1:\n", tri.NewHex(2).Draw(7))
	// Output:
	// rows 2 to -1:
	//        ^2,-2  v2,-1  ^2,0   v2,1   ^2,2
	// ^1,-3  v1,-2  ^1,-1  v1,0   ^1,1   v1,2   ^1,3
	// v0,-3  ^0,-2  v0,-1  ^0,0   v0,1   ^0,2   v0,3
	//        v-1,-2 ^-1,-1 v-1,0  ^-1,1  v-1,2
}

// A space pointing down above the origin vertex: its neighbours across
// edges 0 (top), 1 (right) and 2 (left), and the space it turns into by
// 60 degrees counter-clockwise.
func ExampleSpace() {
	s := tri.FromRowCol(1, 0)
	fmt.Println(s, s.Up(), s.Neighbor(0), s.Neighbor(1), s.Neighbor(2), s.Rotate(1))
	// Output:
	// 1,0 false 2,0 1,1 1,-1 1,-1
}
