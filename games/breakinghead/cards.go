package breakinghead

// This file holds the fixed facts of the game: the 66 playable cards (B5),
// their kinds, the ways a comment card can lie on the table (B6) and the
// coordinate window of the table (B4).

// Edge bits of a card in table orientation (B5: N/E/S/W).
const (
	edgeN uint8 = 1 << iota
	edgeE
	edgeS
	edgeW
)

// turn180 returns the edges of a card turned by 180 degrees (B6).
func turn180(e uint8) uint8 { return (e<<2 | e>>2) & 15 }

// Card kinds (B19: a move names a kind, never a copy). The order is the
// order of the pass actions and of hands in observations.
const (
	kCrossing = iota
	kCrossingDead
	kJunctionESW
	kJunctionESWDead
	kJunctionNES
	kJunctionNESDead
	kCurveSW
	kCurveSWDead
	kCurveES
	kCurveESDead
	kStraightNS
	kStraightNSDead
	kStraightEW
	kStraightEWDead
	kStubWDead
	kStubSDead
	nComment // the 16 comment kinds come first

	kWTF           = iota - 1 // WTF Dries?! (B12)
	kSpam                     // Spam! (B13)
	kBlockWifi                // Blocked!: Broken Wi-Fi (B14)
	kBlockFlu                 // Blocked!: Drupal-Flu
	kBlockHead                // Blocked!: Broken Head
	kUnblockLAN               // Unblocked!: LAN (B15)
	kUnblockVit               // Unblocked!: Vitamins
	kUnblockFix               // Unblocked!: Fixed head
	kUnblockLANVit            // Unblocked!: LAN | Vitamins
	kUnblockLANFix            // Unblocked!: LAN | Fixed head
	kUnblockVitFix            // Unblocked!: Vitamins | Fixed head
	nKinds
)

// nUnblock is the number of Unblocked! kinds; kind kUnblockLAN+u is
// Unblocked! kind u in the unblock actions.
const nUnblock = nKinds - kUnblockLAN

// kindNames are the card kinds' names in notation and observations. Every
// name is unique and no name is a word of another, so a test can count
// exactly where a kind is mentioned.
var kindNames = [nKinds]string{
	"crossing", "crossing-dead",
	"junction-esw", "junction-esw-dead",
	"junction-nes", "junction-nes-dead",
	"curve-sw", "curve-sw-dead",
	"curve-es", "curve-es-dead",
	"straight-ns", "straight-ns-dead",
	"straight-ew", "straight-ew-dead",
	"stub-w-dead", "stub-s-dead",
	"wtf-dries", "spam",
	"blocked-wifi", "blocked-flu", "blocked-head",
	"unblocked-lan", "unblocked-vitamins", "unblocked-fixedhead",
	"unblocked-lan-vitamins", "unblocked-lan-fixedhead", "unblocked-vitamins-fixedhead",
}

// commentEdges are the open edges of each comment kind, unturned (B5).
var commentEdges = [nComment]uint8{
	edgeN | edgeE | edgeS | edgeW, edgeN | edgeE | edgeS | edgeW,
	edgeE | edgeS | edgeW, edgeE | edgeS | edgeW,
	edgeN | edgeE | edgeS, edgeN | edgeE | edgeS,
	edgeS | edgeW, edgeS | edgeW,
	edgeE | edgeS, edgeE | edgeS,
	edgeN | edgeS, edgeN | edgeS,
	edgeE | edgeW, edgeE | edgeW,
	edgeW, edgeS,
}

// commentDead marks the dead-end kinds (B8).
var commentDead = [nComment]bool{
	false, true, false, true, false, true, false, true,
	false, true, false, true, false, true, true, true,
}

// Problems a Blocked! card puts in front of a player (B14).
const (
	probWifi = iota // Broken Wi-Fi, fixed by LAN
	probFlu         // Drupal-Flu, fixed by Vitamins
	probHead        // Broken Head, fixed by a Fixed head
	nProblems
)

var problemNames = [nProblems]string{"wifi", "flu", "head"}

// unblockFixes is the set of problems (bit per problem) each Unblocked!
// kind can fix (B15).
var unblockFixes = [nUnblock]uint8{
	1 << probWifi, 1 << probFlu, 1 << probHead,
	1<<probWifi | 1<<probFlu, 1<<probWifi | 1<<probHead, 1<<probFlu | 1<<probHead,
}

// deckCounts returns the 66 playable cards per kind for an unblock mix
// (B5): 0 is the 2nd edition's mix (the default), 1 the 3rd edition's.
func deckCounts(mix int) [nKinds]uint8 {
	c := [nKinds]uint8{
		5, 1, 5, 1, 5, 1, 4, 1, 4, 1, 4, 1, 3, 1, 1, 1,
		6, 3, 3, 3, 3,
		2, 2, 2, 1, 1, 1,
	}
	if mix == 1 {
		c[kUnblockLAN], c[kUnblockVit], c[kUnblockFix] = 3, 3, 3
		c[kUnblockLANVit], c[kUnblockLANFix], c[kUnblockVitFix] = 0, 0, 0
	}
	return c
}

// nCards is the number of playable cards (B5).
const nCards = 66

// nCommentCards is the number of comment cards (B5); it bounds the number
// of placements in a game and so the reach of the table (see the window).
const nCommentCards = 39

// Placements: the distinct ways a comment card can lie on the table. A kind
// that looks the same turned by 180 degrees (crossings, straights) has one
// placement, the others two (unturned, turned), in kind order (B6, B19).
const nVariants = 26

var (
	variantKind   [nVariants]uint8
	variantTurned [nVariants]bool
	variantEdges  [nVariants]uint8
	// kindVariant is a comment kind's unturned placement.
	kindVariant [nComment]uint8
)

// Table cell contents: 0 is empty, 1..nVariants a comment card (placement
// code+1), then the start and the three end cards, which are all four-way
// crossings (B3, B7).
const (
	cellEmpty = 0
	cellStart = nVariants + 1
	cellEnd   = nVariants + 2
	nCodes    = nVariants + 3
)

var (
	codeEdges [nCodes]uint8
	// codeLinks marks the cells a path passes through (B8, B10): normal
	// comment cards, the start and the end cards, not dead-ends.
	codeLinks [nCodes]bool
)

func init() {
	v := 0
	for k := 0; k < nComment; k++ {
		e := commentEdges[k]
		kindVariant[k] = uint8(v)
		variantKind[v], variantEdges[v] = uint8(k), e
		v++
		if turn180(e) != e {
			variantKind[v], variantEdges[v], variantTurned[v] = uint8(k), turn180(e), true
			v++
		}
	}
	if v != nVariants {
		panic("breakinghead: placement table is wrong")
	}
	for v := 0; v < nVariants; v++ {
		codeEdges[v+1] = variantEdges[v]
		codeLinks[v+1] = !commentDead[variantKind[v]]
	}
	codeEdges[cellStart], codeEdges[cellEnd] = 15, 15
	codeLinks[cellStart], codeLinks[cellEnd] = true, true
	for c := 0; c < nCells; c++ {
		if x, y := cellXY(c); reach(x, y) <= nCommentCards {
			placeable[c>>6] |= 1 << (c & 63)
		}
	}
}

// The table window. The table has no edge (B4), but the k-th comment card
// placed lies at most k steps (Manhattan distance) from the start or an end
// card, since it must touch a card already there (B7); with 39 comment
// cards (B5) no card can ever lie more than 39 steps from them. The window
// is the rectangle holding every such position plus a border of one
// always-empty cell, so neighbours never need a bounds check; the cells a
// card may lie on (placeable) are exactly those within 39 steps. So no
// legal placement is ever refused for lack of room.
const (
	minX   = -nCommentCards     // west-most placeable column
	maxX   = 8 + nCommentCards  // east-most (the end cards lie at x = 8, B4)
	minY   = -2 - nCommentCards // north-most row (end card at y = -2)
	maxY   = 2 + nCommentCards  // south-most row (end card at y = 2)
	winW   = maxX - minX + 3    // columns, border included
	winH   = maxY - minY + 3    // rows, border included
	nCells = winW * winH
	// nWords is the size of a bitset over the cells.
	nWords = (nCells + 63) / 64
)

// placeable is the set of cells a card can ever lie on: those within
// nCommentCards steps of the start or an end card.
var placeable [nWords]uint64

// reach is the Manhattan distance from x,y to the nearest of the start and
// the end cards.
func reach(x, y int) int {
	d := abs(x) + abs(y)
	for _, ey := range [3]int{-2, 0, 2} {
		d = min(d, abs(x-8)+abs(y-ey))
	}
	return d
}

// Neighbour offsets in cell index, by direction N, E, S, W; y grows to the
// south (down the screen), x to the east.
var dirDelta = [4]int{-winW, 1, winW, -1}

// dirBit is the edge facing each direction.
var dirBit = [4]uint8{edgeN, edgeE, edgeS, edgeW}

func cellOf(x, y int) int { return (y-minY+1)*winW + (x - minX + 1) }

func cellXY(c int) (x, y int) { return c%winW + minX - 1, c/winW + minY - 1 }

func isPlaceable(c int) bool {
	return c >= 0 && c < nCells && placeable[c>>6]&(1<<(c&63)) != 0
}

// The start and the end cards (B4).
var (
	startCell = cellOf(0, 0)
	endCells  = [3]int{cellOf(8, -2), cellOf(8, 0), cellOf(8, 2)}
)

// Role cards dealt per player count (B1): contributors, blockers.
var roleSet = [11][2]int8{
	3: {3, 1}, 4: {4, 1}, 5: {4, 2}, 6: {5, 2}, 7: {5, 3}, 8: {6, 3}, 9: {7, 3}, 10: {7, 4},
}

// Hand sizes per player count (B2).
var handSizes = [11]int8{3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}

const (
	roleContributor = 0
	roleBlocker     = 1
	noRole          = -1
)

var roleNames = [2]string{"contributor", "blocker"}
