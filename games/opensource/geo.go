package opensource

import "github.com/commons-games/commons/games/opensource/tri"

// The game's spaces as dense indices into the hexagon of side 16 (G6),
// with neighbour tables taken once from package tri. A Lab (G7) uses the
// same indices: its own small grid is laid in a hexagon of the same size
// round its own centre, which no Lab outgrows: its six spaces and the
// extra spaces of every Market Demand card (at most maxDemandSpaces), each
// next to one before, reach at most 17 rows and 34 columns from the
// centre.

// side is the Commons' hexagon side (G6).
const side = 16

// nSpaces is the number of spaces of the hexagon: 1,536.
const nSpaces = 6 * side * side

// space is a dense index of a triangle of the hexagon, -1 for none.
type space = int16

var (
	hex = tri.NewHex(side)
	// nbr[s][e] is the space across edge e of s, -1 beyond the rim.
	nbr [nSpaces][3]space
	// coords[s] is the triangle s is.
	coords [nSpaces]tri.Space
	// centre are the six spaces round the centre vertex: the start tile
	// goes on the first (G6), and they are a Lab's first spaces (G7).
	centre [6]space
)

func init() {
	for s := range space(nSpaces) {
		coords[s] = hex.Space(int(s))
		for e := range 3 {
			nbr[s][e] = space(hex.Neighbor(int(s), e))
		}
	}
	for i, c := range tri.Ring() {
		centre[i] = spaceAt(c)
	}
}

// spaceAt returns the space of triangle c, -1 outside the hexagon.
func spaceAt(c tri.Space) space { return space(hex.Index(c)) }

// facing returns the edge of the space across edge e of s that faces s.
func facing(s space, e int) int { return tri.Facing(e) }

// rowCol returns the notation's row and column of triangle c.
func rowCol(c tri.Space) (row, col int) { return c.RowCol() }
