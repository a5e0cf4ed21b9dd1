package opensource

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// A second, deliberately naive reading of the rulings (G1-G19, with our
// rulings R1-R11 of docs/rules/open-source-board-game.md where the shared
// rulings leave a gap), written from their words and fed only by the
// spectator's observation (spaces as "row,col", tiles as type and turn,
// cards as letters) and by the moves played, in notation. It knows
// nothing of package tri, of the cells, shapes, trackers or tables of
// this package: its grid is rows and columns, its tiles strings of edge
// letters, its features a union-find over nine segments per tile, its
// formations turned by trigonometry. Random games (with some seats played
// by the scripts, so that every ending comes up) are checked against it
// at every decision: the legal moves (LegalActions through ActionString),
// every chance event's outcomes and probabilities, which decisions are
// skipped (R4), the tiles and Lab spaces against where the moves put
// them, what the observation says of the features, the supply, the
// placemat, the seats' cards, the BDFL tokens and the Market Demand deck,
// and the end and the returns. The package's incremental tracker against
// its own recount is incremental_test.go's business, not this file's.
//
// It found one disagreement, since fixed: with the supply out in the
// middle of a turn the package refused a Productivity use, which the
// rulings allow (our ruling R13 spells it out; rulings_test.go has
// TestR13_ProductivityAfterTheSupplyRunsOut).

var independentGames = flag.Int("independent.games", 0, "games TestIndependent_GamesAgreeWithNaiveReading plays (0: its own count)")

// ---- The grid (G6; the coordinates of the rules document) ----

// npt is a space "row,col"; it points up when row+col is even.
type npt struct{ r, c int }

func (p npt) up() bool { return (p.r+p.c)%2 == 0 }

func (p npt) String() string { return strconv.Itoa(p.r) + "," + strconv.Itoa(p.c) }

// across is the space across edge e, edges numbered clockwise from the
// horizontal one: pointing up bottom, left, right; pointing down top,
// right, left. The neighbour shares the edge as its own edge e.
func (p npt) across(e int) npt {
	if p.up() {
		return [3]npt{{p.r - 1, p.c}, {p.r, p.c - 1}, {p.r, p.c + 1}}[e]
	}
	return [3]npt{{p.r + 1, p.c}, {p.r, p.c + 1}, {p.r, p.c - 1}}[e]
}

// The plane: x in tile edges to the right, y up; row r is the band
// between heights (r-1)h and rh, column c has its centre at x = c/2.
const nh = 0.8660254037844386 // sqrt(3)/2

func nCentroid(p npt) (float64, float64) {
	y := float64(p.r) - 1.0/3
	if p.up() {
		y = float64(p.r) - 2.0/3
	}
	return float64(p.c) / 2, y * nh
}

// nEdgeMid is the middle of edge e of p.
func nEdgeMid(p npt, e int) (float64, float64) {
	x, r := float64(p.c), float64(p.r)
	switch {
	case e == 0 && p.up():
		return x / 2, (r - 1) * nh
	case e == 0:
		return x / 2, r * nh
	case (e == 1) == p.up(): // the left edge
		return (2*x - 1) / 4, (r - 0.5) * nh
	default: // the right edge
		return (2*x + 1) / 4, (r - 0.5) * nh
	}
}

// nLocate is the space whose centre is (x, y).
func nLocate(x, y float64) npt {
	r := int(math.Floor(y/nh+1e-9)) + 1
	c0 := int(math.Round(2 * x))
	best, bd := npt{}, math.Inf(1)
	for c := c0 - 1; c <= c0+1; c++ {
		cx, cy := nCentroid(npt{r, c})
		if d := math.Hypot(cx-x, cy-y); d < bd {
			best, bd = npt{r, c}, d
		}
	}
	if bd > 1e-6 {
		panic(fmt.Sprintf("no space has its centre at %v,%v", x, y))
	}
	return best
}

// inCommons: the Commons is the hexagon of side 16 round the centre
// vertex (G6), flat at the top and bottom (rows -15 to 16): a space lies
// in it when its centre does.
func inCommons(p npt) bool {
	x, y := nCentroid(p)
	y /= nh // in rows
	return math.Abs(y) < 16 && math.Abs(x)+math.Abs(y)/2 < 16
}

// nRotate turns a space and a tile on it (its edges as they lie) by k
// times 60 degrees about the centre vertex: the tile's edge that lay on
// edge e now lies on the turned space's edge whose middle is the turned
// middle of e.
func nRotate(p npt, lie string, k int) (npt, string) {
	a := float64(k) * math.Pi / 3
	rot := func(x, y float64) (float64, float64) {
		return x*math.Cos(a) - y*math.Sin(a), x*math.Sin(a) + y*math.Cos(a)
	}
	q := nLocate(rot(nCentroid(p)))
	out := []byte("???")
	for e := range 3 {
		mx, my := rot(nEdgeMid(p, e))
		for f := range 3 {
			if fx, fy := nEdgeMid(q, f); math.Hypot(fx-mx, fy-my) < 1e-6 {
				out[f] = lie[e]
			}
		}
	}
	return q, string(out)
}

func parseNpt(t testing.TB, s string) npt {
	t.Helper()
	var p npt
	if _, err := fmt.Sscanf(s, "%d,%d", &p.r, &p.c); err != nil {
		t.Fatalf("space %q: %v", s, err)
	}
	return p
}

// ---- Tiles and dice (G1, G2, G10) ----

var nTypes = []string{"YYY", "BBB", "RRR", "YYB", "YYR", "BBY", "BBR", "RRY", "RRB", "YBR", "YRB"}

// nLie is a tile's edges as they lie on a space's edges 0, 1, 2: at turn
// k the tile's own edge (e+k) mod 3 lies on space edge e (rules
// document).
func nLie(typ string, turn int) string {
	return string([]byte{typ[turn%3], typ[(1+turn)%3], typ[(2+turn)%3]})
}

// nSort writes colours yellow first, then blue, then red.
func nSort(d string) string {
	rank := func(c byte) int { return strings.IndexByte("YBR", c) }
	if len(d) == 3 && rank(d[0]) <= rank(d[1]) && rank(d[1]) <= rank(d[2]) {
		return d // in order already
	}
	b := []byte(d)
	sort.Slice(b, func(i, j int) bool { return strings.IndexByte("YBR", b[i]) < strings.IndexByte("YBR", b[j]) })
	return string(b)
}

// nNamed: three dice name the types whose edges show their colours
// (G10: Y+B+R names YBR and YRB).
func nNamed(dice string) []string { return nNamedTable[nSort(dice)] }

var nNamedTable = func() map[string][]string {
	m := map[string][]string{}
	for _, t := range nTypes {
		m[nSort(t)] = append(m[nSort(t)], t)
	}
	return m
}()

// ---- Places and features (G2-G5, G15 H, R10) ----

type ntile struct {
	typ  string
	turn int
	lie  string
}

// nplace is the Commons (lab nil) or a Lab (its spaces).
type nplace struct {
	tiles map[npt]ntile
	lab   map[npt]bool
}

func (pl *nplace) in(p npt) bool {
	if pl.lab == nil {
		return inCommons(p)
	}
	return pl.lab[p]
}

type nstats struct {
	finished, largest [3]int // by kind: 0 Application, 1 Platform, 2 Format
	holes             int
}

// nColour is the kind of segment i (0..2, clockwise) of an edge showing
// letter: Y yellow x3, B blue x3, R blue, red, blue (G2).
func nColour(letter byte, i int) int {
	switch {
	case letter == 'Y':
		return 0
	case letter == 'R' && i == 1:
		return 2
	}
	return 1
}

// nTileAreas gives each of a tile's nine segments (edge 0's three
// clockwise, then edge 1's, then edge 2's, on a tile whose edges lie as
// lie) the first segment of its area (G2): all yellow is one
// Application, all red one Format; the blue is one Platform, cut by the
// red line at each R edge's middle when the tile has two R edges or
// three; yellow never cuts it.
func nTileAreas(lie string) [9]int {
	var area [9]int
	reds := strings.Count(lie, "R")
	first := [3]int{-1, -1, -1}
	for s := range 9 {
		k := nColour(lie[s/3], s%3)
		if k == 1 && reds >= 2 {
			continue
		}
		if first[k] < 0 {
			first[k] = s
		}
		area[s] = first[k]
	}
	if reds >= 2 { // round the tile from a cut, a new Platform after each
		start := 0
		for s := range 9 {
			if nColour(lie[s/3], s%3) == 2 {
				start = s
				break
			}
		}
		cur := -1
		for q := 1; q <= 9; q++ {
			s := (start + q) % 9
			switch nColour(lie[s/3], s%3) {
			case 2:
				cur = -1
			case 1:
				if cur < 0 {
					cur = s
				}
				area[s] = cur
			}
		}
	}
	return area
}

func naiveStats(pl *nplace) nstats {
	var ps []npt
	idx := map[npt]int{}
	for p := range pl.tiles {
		idx[p] = len(ps)
		ps = append(ps, p)
	}
	parent := make([]int, 9*len(ps))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(a int) int {
		if parent[a] != a {
			parent[a] = find(parent[a])
		}
		return parent[a]
	}
	union := func(a, b int) { parent[find(a)] = find(b) }
	for j, p := range ps {
		for i, a := range nTileAreas(pl.tiles[p].lie) {
			union(9*j+i, 9*j+a)
		}
	}
	// Across an edge (G3): segment i faces segment 2-i. A segment with no
	// tile across it (an empty space, the rim, the Lab's border) leaves
	// its feature open (G5).
	open := make([]bool, 9*len(ps))
	for j, p := range ps {
		for e := range 3 {
			k, there := idx[p.across(e)]
			for i := range 3 {
				if !there {
					open[9*j+3*e+i] = true
				} else {
					union(9*j+3*e+i, 9*k+3*e+2-i)
				}
			}
		}
	}
	type comp struct {
		kind  int
		open  bool
		tiles map[int]bool
	}
	comps := map[int]*comp{}
	for j, p := range ps {
		lie := pl.tiles[p].lie
		for s := range 9 {
			r := find(9*j + s)
			c := comps[r]
			if c == nil {
				c = &comp{kind: nColour(lie[s/3], s%3), tiles: map[int]bool{}}
				comps[r] = c
			}
			c.open = c.open || open[9*j+s]
			c.tiles[j] = true // G4: its size counts a tile once
		}
	}
	var st nstats
	for _, c := range comps {
		if !c.open {
			st.finished[c.kind]++
			st.largest[c.kind] = max(st.largest[c.kind], len(c.tiles))
		}
	}
	// Holes (G15 H): empty spaces of the place with its tiles across all
	// three edges (R10: a Lab's own spaces).
	seen := map[npt]bool{}
	for _, p := range ps {
		for e := range 3 {
			q := p.across(e)
			if _, full := pl.tiles[q]; full || seen[q] || !pl.in(q) {
				continue
			}
			seen[q] = true
			hole := true
			for f := range 3 {
				_, full := pl.tiles[q.across(f)]
				hole = hole && full
			}
			if hole {
				st.holes++
			}
		}
	}
	return st
}

// naiveCondition is G15's table: n cards of the set awarded before.
func naiveCondition(set byte, st nstats, n int) bool {
	switch set {
	case 'A':
		return true
	case 'B':
		return st.finished[0] >= n+1
	case 'C':
		return st.finished[2] >= n+1
	case 'D':
		return st.finished[1] >= n+1
	case 'E':
		return st.largest[2] >= n+2
	case 'F':
		return st.largest[0] >= n+2
	case 'G':
		return st.largest[1] >= n+2
	case 'H':
		return st.holes >= n+1
	case 'I':
		return st.finished[0]+st.finished[1]+st.finished[2] >= n+3
	}
	panic("no set " + string(set))
}

// nformTile is a tile of a formation: its space, type and edges as they
// lie.
type nformTile struct {
	p   npt
	typ string
	lie string
}

// naiveFound reports whether the formation lies in the place, turned by
// any multiple of 60 degrees and moved anywhere, never mirrored (G14).
func naiveFound(form []nformTile, pl *nplace) bool {
	for k := range 6 {
		rf := make([]nformTile, len(form))
		for i, f := range form {
			q, lie := nRotate(f.p, f.lie, k)
			rf[i] = nformTile{q, f.typ, lie}
		}
		for b, t := range pl.tiles {
			if t.typ != rf[0].typ || t.lie != rf[0].lie || b.up() != rf[0].p.up() {
				continue
			}
			dr, dc := b.r-rf[0].p.r, b.c-rf[0].p.c
			ok := true
			for _, f := range rf[1:] {
				u, there := pl.tiles[npt{f.p.r + dr, f.p.c + dc}]
				if !there || u.typ != f.typ || u.lie != f.lie {
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

// ---- What the naive reading keeps of a game ----

// nboard is the board read from an observation, with what the naive
// reading found in it so far (it does not change while it is read).
type nboard struct {
	commons nplace
	labs    []nplace // by seat - 1
	form    []nformTile
	// caches
	movable map[int][]string // by seat
	fitting map[string][]npt // by type: the empty spaces next to a tile where it fits
	stats   map[int]nstats   // 0 the Commons, else a seat's Lab
}

func (b *nboard) statsOf(seat int) nstats {
	if st, ok := b.stats[seat]; ok {
		return st
	}
	pl := &b.commons
	if seat > 0 {
		pl = &b.labs[seat-1]
	}
	st := naiveStats(pl)
	b.stats[seat] = st
	return st
}

// nturn is the turn under way (G12), kept from the moves played.
type nturn struct {
	seat      int          // 1-based
	uses      map[byte]int // uses left of each set's cards (BDFL apart)
	bdflUsed  map[int]bool
	bdflExtra int
	first     bool // before the turn's first roll or fork (G12 a: Hardware)
	nDice     int
	natural   bool // G11: three dice, none changed
	dice      string
	hand      string
	moving    string // "r,c" or "lab r,c"
	resume    string // the phase a move or token returns to
	token     int
	extend    int
	formTiles int // the tiles of the Market Demand card taken
}

// ntally is what the naive reading counts over the game.
type ntally struct {
	n        int
	supply   map[string]int
	left     map[byte]int
	held     []map[byte]int
	placemat []byte
	reserve  []byte
	demands  []int
	taken    int
	revealed map[string]bool
	bdflSeat map[int]int    // BDFL card number -> its holder's seat
	tokens   map[int]string // BDFL card number -> where its token lies, "" off
	turns    int
	// The tiles as the moves put them: the Commons, each seat's Lab.
	commons map[npt]ntile
	labs    []nplace
}

const nSets = "ABCDEFGHI"

func newTally(n int) *ntally {
	ty := &ntally{n: n, supply: map[string]int{}, left: map[byte]int{}, revealed: map[string]bool{},
		bdflSeat: map[int]int{}, tokens: map[int]string{}, demands: make([]int, n)}
	for _, t := range nTypes {
		ty.supply[t] = 20 // G1
	}
	for i := range len(nSets) {
		ty.left[nSets[i]] = 4 // G15: each set has 4 cards
	}
	ty.placemat = []byte("ABC") // G16
	ty.reserve = []byte("DEFGHI")
	ty.commons = map[npt]ntile{}
	for range n {
		ty.held = append(ty.held, map[byte]int{})
		// G7: six spaces round one point
		lab := nplace{tiles: map[npt]ntile{}, lab: map[npt]bool{}}
		for _, p := range []npt{{1, -1}, {1, 0}, {1, 1}, {0, -1}, {0, 0}, {0, 1}} {
			lab.lab[p] = true
		}
		ty.labs = append(ty.labs, lab)
	}
	return ty
}

func (ty *ntally) supplyN() int {
	n := 0
	for _, c := range ty.supply {
		n += c
	}
	return n
}

// tokenAt returns the BDFL card whose token lies on Commons space at.
func (ty *ntally) tokenAt(at string) int {
	for k, where := range ty.tokens {
		if where == at {
			return k
		}
	}
	return 0
}

// lockedFor: a Commons tile under another seat's token may not be
// lifted, moved or turned by seat (G11, G15 C-D).
func (ty *ntally) lockedFor(at string, seat int) bool {
	k := ty.tokenAt(at)
	return k != 0 && ty.bdflSeat[k] != seat
}

func readBoard(t testing.TB, o *Observation) *nboard {
	t.Helper()
	tile := func(v TileView) ntile {
		if v.Turn < 0 || v.Turn > 2 || !slices.Contains(nTypes, v.Tile) {
			t.Fatalf("tile %+v", v)
		}
		nt := ntile{v.Tile, v.Turn, nLie(v.Tile, v.Turn)}
		p := npt{v.Row, v.Col}
		if nt.lie != v.Edges || p.up() != v.Up || p.String() != v.At {
			t.Fatalf("tile %+v: the naive reading has edges %s, up %v", v, nt.lie, p.up())
		}
		return nt
	}
	b := &nboard{commons: nplace{tiles: map[npt]ntile{}}, movable: map[int][]string{}, stats: map[int]nstats{}}
	for _, v := range o.Commons {
		p := npt{v.Row, v.Col}
		if !inCommons(p) {
			t.Fatalf("Commons tile on %s, outside the hexagon of side 16 (G6)", v.At)
		}
		b.commons.tiles[p] = tile(v)
	}
	for _, lv := range o.Labs {
		pl := nplace{tiles: map[npt]ntile{}, lab: map[npt]bool{}}
		for _, v := range lv.Spaces {
			p := npt{v.Row, v.Col}
			if p.String() != v.At {
				t.Fatalf("Lab space %+v", v)
			}
			pl.lab[p] = true
			if v.Tile != "" {
				pl.tiles[p] = tile(v)
			}
		}
		b.labs = append(b.labs, pl)
	}
	if o.Demand != nil {
		for _, v := range o.Demand.Tiles {
			b.form = append(b.form, nformTile{parseNpt(t, v.At), v.Tile, nLie(v.Tile, v.Turn)})
		}
	}
	// G3: every edge shared by two tiles of a place matches.
	for _, pl := range append([]nplace{b.commons}, b.labs...) {
		for p, u := range pl.tiles {
			for e := range 3 {
				if w, there := pl.tiles[p.across(e)]; there && w.lie[e] != u.lie[e] {
					t.Fatalf("%s (%s) and %s (%s) share edge %d: %c against %c (G3)", p, u.lie, p.across(e), w.lie, e, u.lie[e], w.lie[e])
				}
			}
		}
	}
	return b
}

// ---- The moves (G8-G17, R3-R11) ----

// fits reports whether edges lie may lie on p of a place: every edge
// facing one of its tiles (but the one at except) matches, and whether
// one does.
func (pl *nplace) fits(p npt, lie string, except npt) (ok, touch bool) {
	for e := range 3 {
		q := p.across(e)
		if u, there := pl.tiles[q]; there && q != except {
			touch = true
			if u.lie[e] != lie[e] {
				return false, true
			}
		}
	}
	return true, touch
}

// nextTo lists the place's spaces sharing an edge with one of its tiles.
func (pl *nplace) nextTo() []npt {
	seen := map[npt]bool{}
	var out []npt
	for p := range pl.tiles {
		for e := range 3 {
			if q := p.across(e); !seen[q] && pl.in(q) {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

var nowhere = npt{1 << 20, 0}

// nDistinctTurns lists the turns at which a tile of type typ lies
// differently, each lie once by its lowest turn: a move is a distinct
// outcome (G8b), so YYY, BBB and RRR have t0 only.
func nDistinctTurns(typ string) []int {
	var out []int
	seen := map[string]bool{}
	for k := range 3 {
		if lie := nLie(typ, k); !seen[lie] {
			seen[lie] = true
			out = append(out, k)
		}
	}
	return out
}

// naivePlacements (G8, G8a, G8b, G9).
func naivePlacements(b *nboard, seat int, hand string) []string {
	var out []string
	if len(b.commons.tiles) == 0 { // G8a: an empty Commons takes a tile on 1,0 at any turn
		for _, k := range nDistinctTurns(hand) {
			out = append(out, fmt.Sprintf("place 1,0 t%d", k))
		}
	}
	for _, p := range b.commons.nextTo() { // an empty space sharing an edge with a tile
		if _, full := b.commons.tiles[p]; full {
			continue
		}
		for _, k := range nDistinctTurns(hand) {
			if ok, _ := b.commons.fits(p, nLie(hand, k), nowhere); ok {
				out = append(out, fmt.Sprintf("place %s t%d", p, k))
			}
		}
	}
	lab := &b.labs[seat-1]
	// R14: the hand put on a Lab tile lying as it would lie there changes
	// nothing, wherever; that one outcome is offered on the Lab's first
	// tile of the hand's type, by row, then column.
	var same []npt
	for p, u := range lab.tiles {
		if u.typ == hand {
			same = append(same, p)
		}
	}
	sort.Slice(same, func(i, j int) bool {
		return same[i].r < same[j].r || (same[i].r == same[j].r && same[i].c < same[j].c)
	})
	for p := range lab.lab {
		u, full := lab.tiles[p]
		for _, k := range nDistinctTurns(hand) {
			if full && u.lie == nLie(hand, k) && p != same[0] {
				continue
			}
			ok, touch := lab.fits(p, nLie(hand, k), p)
			// an empty space next to a Lab tile, any space of an empty
			// Lab, or an occupied one (its tile goes back first)
			if ok && (full || touch || len(lab.tiles) == 0) {
				out = append(out, fmt.Sprintf("lab %s t%d", p, k))
			}
		}
	}
	if len(out) == 0 {
		out = append(out, "return") // G9
	}
	return out
}

// naiveTargets lists where the tile at from may go with Compatibility
// (G15 C, R6): within its place, to an empty space or its own space at
// another turn, touching a tile after it, every edge matching, and not
// lying as it lay (the layout must change: a YYY turned in place does
// not); each lie of a space once (G8b).
func naiveTargets(pl *nplace, from npt, first bool) []string {
	u := pl.tiles[from]
	cands := []npt{from}
	if pl.lab != nil { // a Lab's empty spaces
		for p := range pl.lab {
			if _, full := pl.tiles[p]; !full {
				cands = append(cands, p)
			}
		}
	} else { // the Commons' empty spaces next to a tile
		for _, p := range pl.nextTo() {
			if _, full := pl.tiles[p]; !full {
				cands = append(cands, p)
			}
		}
	}
	var out []string
	for _, p := range cands {
		for _, k := range nDistinctTurns(u.typ) {
			if p == from && nLie(u.typ, k) == u.lie {
				continue
			}
			if ok, touch := pl.fits(p, nLie(u.typ, k), from); ok && touch {
				out = append(out, fmt.Sprintf("to %s t%d", p, k))
				if first {
					return out
				}
			}
		}
	}
	return out
}

// naiveReach: the dice name a type the supply has, now or after changes
// with the Bug-catching uses left (yellow, blue, red). A die need not
// change twice, so three changes at most are tried.
func naiveReach(ty *ntally, dice string, uses [3]int) bool {
	return naiveReachIn(ty, dice, uses, 3)
}

func naiveReachIn(ty *ntally, dice string, uses [3]int, depth int) bool {
	for _, t := range nNamed(dice) {
		if ty.supply[t] > 0 {
			return true
		}
	}
	if depth == 0 {
		return false
	}
	for i := range len(dice) {
		for to := range 3 {
			if uses[to] > 0 && dice[i] != "YBR"[to] {
				u := uses
				u[to]--
				if naiveReachIn(ty, dice[:i]+"YBR"[to:to+1]+dice[i+1:], u, depth-1) {
					return true
				}
			}
		}
	}
	return false
}

// naiveLifts: a natural roll of a type the supply is out of (Y+B+R: both
// out) lifts a Commons tile of that type, not one under another seat's
// token (G11).
func naiveLifts(b *nboard, ty *ntally, tt *nturn, dice string) []string {
	named := nNamed(dice)
	for _, t := range named {
		if ty.supply[t] > 0 {
			return nil
		}
	}
	var out []string
	for p, u := range b.commons.tiles {
		if slices.Contains(named, u.typ) && !ty.lockedFor(p.String(), tt.seat) {
			out = append(out, "lift "+p.String())
		}
	}
	return out
}

func (tt *nturn) bugUses() [3]int { return [3]int{tt.uses['E'], tt.uses['F'], tt.uses['G']} }

// naiveRollOK: a roll of these dice names an obtainable tile (G11): with
// extra dice (Agility), some three of them reach a type the supply has;
// three dice reach one, or lift.
func naiveRollOK(b *nboard, ty *ntally, tt *nturn, dice string) bool {
	if len(dice) == 3 {
		return naiveReach(ty, dice, tt.bugUses()) || len(naiveLifts(b, ty, tt, dice)) > 0
	}
	return len(naiveKeeps(ty, tt, dice)) > 0
}

// naiveKeeps: the three dice kept of a roll with Agility's extra dice,
// those that can still name a type of the supply (R5, R9).
func naiveKeeps(ty *ntally, tt *nturn, dice string) []string {
	seen := map[string]bool{}
	var out []string
	n := len(dice)
	for i := range n {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				d := nSort(string([]byte{dice[i], dice[j], dice[k]}))
				if !seen[d] && naiveReach(ty, d, tt.bugUses()) {
					out = append(out, "keep "+d)
				}
				seen[d] = true
			}
		}
	}
	return out
}

// naiveRolls: every sequence of nDice fair dice, those naming an
// obtainable tile kept, their probabilities renormalised (G10, G11).
func naiveRolls(b *nboard, ty *ntally, tt *nturn) map[string]float64 {
	var count [16][16]int // by yellow and blue dice shown
	var gen func(i, y, b int)
	gen = func(i, y, bl int) {
		if i == tt.nDice {
			count[y][bl]++
			return
		}
		gen(i+1, y+1, bl) // the die shows yellow
		gen(i+1, y, bl+1) // blue
		gen(i+1, y, bl)   // red
	}
	gen(0, 0, 0)
	out := map[string]float64{}
	total := 0
	for y := range 16 {
		for bl := range 16 {
			if count[y][bl] == 0 {
				continue
			}
			d := strings.Repeat("Y", y) + strings.Repeat("B", bl) + strings.Repeat("R", tt.nDice-y-bl)
			if naiveRollOK(b, ty, tt, d) {
				out["dice "+d] = float64(count[y][bl])
				total += count[y][bl]
			}
		}
	}
	for d := range out {
		out[d] /= float64(total)
	}
	return out
}

// naiveMovable lists the tiles Compatibility may move (G15 C, R5): the
// Commons' (not under another seat's token) and the seat's Lab's, those
// with somewhere to go.
func naiveMovable(b *nboard, ty *ntally, tt *nturn) []string {
	if tt.uses['C'] == 0 {
		return nil
	}
	if out, ok := b.movable[tt.seat]; ok {
		return out
	}
	if b.fitting == nil {
		// The empty Commons spaces next to a tile where each type fits
		// as the Commons stands.
		b.fitting = map[string][]npt{}
		for _, p := range b.commons.nextTo() {
			if _, full := b.commons.tiles[p]; full {
				continue
			}
			for _, typ := range nTypes {
				for k := range 3 {
					if ok, _ := b.commons.fits(p, nLie(typ, k), nowhere); ok {
						b.fitting[typ] = append(b.fitting[typ], p)
						break
					}
				}
			}
		}
	}
	out := []string{}
	for p, u := range b.commons.tiles {
		if ty.lockedFor(p.String(), tt.seat) {
			continue
		}
		// A space where the type fits and that the tile does not touch
		// is a place to go: taking the tile away changes nothing there.
		// Else every place is tried.
		away := false
		for _, q := range b.fitting[u.typ] {
			if q.across(0) != p && q.across(1) != p && q.across(2) != p {
				away = true
				break
			}
		}
		if away || len(naiveTargets(&b.commons, p, true)) > 0 {
			out = append(out, "move "+p.String())
		}
	}
	lab := &b.labs[tt.seat-1]
	for p := range lab.tiles {
		if len(naiveTargets(lab, p, true)) > 0 {
			out = append(out, "move lab "+p.String())
		}
	}
	b.movable[tt.seat] = out
	return out
}

// naiveBDFL lists the BDFL cards the seat may use (G15 D, R7): its own,
// each once a turn and once more for each use Hardware gave set D, when
// a Commons tile without a token is there to take the token.
func naiveBDFL(b *nboard, ty *ntally, tt *nturn) []string {
	free := false
	for p := range b.commons.tiles {
		free = free || ty.tokenAt(p.String()) == 0
	}
	var out []string
	for k, seat := range ty.bdflSeat {
		if free && seat == tt.seat && (!tt.bdflUsed[k] || tt.bdflExtra > 0) {
			out = append(out, fmt.Sprintf("bdfl %d", k))
		}
	}
	return out
}

// naiveRollable: a roll now has some obtainable outcome (G11): the
// supply has a tile, or a natural roll may lift one from the Commons.
func naiveRollable(b *nboard, ty *ntally, tt *nturn) bool {
	if ty.supplyN() > 0 {
		return true
	}
	for p := range b.commons.tiles {
		if !ty.lockedFor(p.String(), tt.seat) {
			return true
		}
	}
	return false
}

// naiveBegin is phase a-b (G12): Compatibility, BDFL and, before the
// turn's first roll, Hardware; then a roll with any number of the
// Agility uses left (R9), or Forking instead.
func naiveBegin(b *nboard, ty *ntally, tt *nturn) []string {
	var out []string
	if naiveRollable(b, ty, tt) {
		out = append(out, "roll")
	}
	for k := 1; k <= tt.uses['A'] && ty.supplyN() > 0; k++ { // extra dice never lift (G11)
		out = append(out, fmt.Sprintf("roll +%d", k))
	}
	if tt.uses['I'] > 0 {
		for _, t := range nTypes {
			if ty.supply[t] > 0 {
				out = append(out, "fork "+t)
			}
		}
	}
	out = append(out, naiveMovable(b, ty, tt)...)
	out = append(out, naiveBDFL(b, ty, tt)...)
	if tt.first && tt.uses['H'] > 0 { // R8: a set of the seat's other than Hardware
		for i := range len(nSets) {
			if set := nSets[i]; set != 'H' && ty.held[tt.seat-1][set] > 0 {
				out = append(out, "hardware "+string(set))
			}
		}
	}
	return out
}

// naiveAfter is phase e (G12): Compatibility, BDFL, Productivity's
// next tile, or on to the reward.
func naiveAfter(b *nboard, ty *ntally, tt *nturn) []string {
	out := slices.Clone(naiveMovable(b, ty, tt))
	out = append(out, naiveBDFL(b, ty, tt)...)
	if tt.uses['B'] > 0 && naiveRollable(b, ty, tt) { // G12 e: repeats b-d
		out = append(out, "again")
	}
	return append(out, "done")
}

// naiveRewards is phase f (G13-G15): the top card of each placemat stack
// whose condition holds in the Commons or in the seat's own Lab, each
// place on its own; the top Market Demand card if its formation exists
// there; or nothing.
func naiveRewards(b *nboard, ty *ntally, tt *nturn) []string {
	cs, ls := b.statsOf(0), b.statsOf(tt.seat)
	var out []string
	for _, set := range ty.placemat {
		n := 4 - ty.left[set]
		if ty.left[set] > 0 && (naiveCondition(set, cs, n) || naiveCondition(set, ls, n)) {
			out = append(out, "reward "+string(set))
		}
	}
	if b.form != nil && (naiveFound(b.form, &b.commons) || naiveFound(b.form, &b.labs[tt.seat-1])) {
		out = append(out, "reward demand")
	}
	return append(out, "pass")
}

// naiveMoves lists the seat's moves in a phase.
func naiveMoves(t testing.TB, b *nboard, ty *ntally, tt *nturn, phase string) []string {
	var out []string
	switch phase {
	case "begin":
		out = naiveBegin(b, ty, tt)
	case "keep":
		out = naiveKeeps(ty, tt, tt.dice)
	case "dice": // G12 c-d, G11
		for _, d := range nNamed(tt.dice) {
			if ty.supply[d] > 0 {
				out = append(out, "take "+d)
			}
		}
		if tt.natural {
			out = append(out, naiveLifts(b, ty, tt, tt.dice)...)
		}
		uses := tt.bugUses()
		for i, from := range []byte("YBR") {
			for to := range 3 {
				if i == to || uses[to] == 0 || !strings.ContainsRune(tt.dice, rune(from)) {
					continue
				}
				u := uses
				u[to]--
				if naiveReach(ty, nSort(strings.Replace(tt.dice, string(from), "YBR"[to:to+1], 1)), u) { // R5
					out = append(out, fmt.Sprintf("catch %c>%c", from, "YBR"[to]))
				}
			}
		}
	case "place":
		out = naivePlacements(b, tt.seat, tt.hand)
	case "after":
		out = naiveAfter(b, ty, tt)
	case "move":
		if at, inLab := strings.CutPrefix(tt.moving, "lab "); inLab {
			out = naiveTargets(&b.labs[tt.seat-1], parseNpt(t, at), false)
		} else {
			out = naiveTargets(&b.commons, parseNpt(t, tt.moving), false)
		}
	case "token": // a Commons tile without a token
		for p := range b.commons.tiles {
			if ty.tokenAt(p.String()) == 0 {
				out = append(out, "on "+p.String())
			}
		}
	case "reward":
		out = naiveRewards(b, ty, tt)
	case "extend": // G7: a space sharing an edge with one of the Lab's
		lab := &b.labs[tt.seat-1]
		seen := map[npt]bool{}
		for p := range lab.lab {
			for e := range 3 {
				if q := p.across(e); !lab.lab[q] && !seen[q] {
					seen[q] = true
					out = append(out, "extend "+q.String())
				}
			}
		}
	default:
		t.Fatalf("no naive reading of phase %q", phase)
	}
	slices.Sort(out)
	return out
}

// ---- Following a game ----

// naiveGame follows one game.
type naiveGame struct {
	t     testing.TB
	s     *State
	ty    *ntally
	tt    *nturn
	turn  int // the turn under way, as the observation numbers it
	where func() string
	// counts of what was checked
	decisions, rolls, skips int
	kinds, played           map[string]int
}

func (g *naiveGame) obs() *Observation { return g.s.Observation(game.Spectator).(*Observation) }

func (g *naiveGame) fail(format string, args ...any) {
	g.t.Helper()
	g.t.Fatalf("%s: %s\n%s", g.where(), fmt.Sprintf(format, args...), g.s.Render(game.Spectator))
}

// newTurn starts seat's turn: each card held usable once (G12).
func (g *naiveGame) newTurn(seat int) {
	tt := &nturn{seat: seat, uses: map[byte]int{}, bdflUsed: map[int]bool{}, first: true}
	for set, n := range g.ty.held[seat-1] {
		if set != 'D' {
			tt.uses[set] = n
		}
	}
	g.tt = tt
}

// endCheck is G18, checked at the end of every turn: the end and each
// seat's return, or "" while the game goes on.
func (g *naiveGame) endCheck() (string, []float64) {
	ty := g.ty
	ret := make([]float64, ty.n)
	infra := 0
	for _, n := range ty.left {
		infra += n
	}
	switch {
	case ty.supplyN() == 0:
		return "supply", ret
	case infra == 0:
		for i := range ret {
			ret[i] = 1
		}
		return "infrastructure", ret
	case ty.taken == 20: // G17: 20 cards
		best := slices.Max(ty.demands)
		k := 0
		for _, d := range ty.demands {
			if d == best {
				k++
			}
		}
		for i, d := range ty.demands {
			if d == best {
				ret[i] = 1 / float64(k)
			}
		}
		return "market-demand", ret
	case ty.turns >= 1000:
		return "turn-limit", ret
	}
	return "", nil
}

// checkBoard compares the board the observation shows with the tiles and
// Lab spaces as the moves put them (G6-G9, G11, G15 C, R1, R6).
func (g *naiveGame) checkBoard(b *nboard) {
	same := func(a, b map[npt]ntile) bool {
		if len(a) != len(b) {
			return false
		}
		for p, u := range a {
			if b[p] != u {
				return false
			}
		}
		return true
	}
	if !same(b.commons.tiles, g.ty.commons) {
		g.fail("the Commons differs from the tiles as the moves put them")
	}
	for i := range b.labs {
		l, w := &b.labs[i], &g.ty.labs[i]
		if !same(l.tiles, w.tiles) || len(l.lab) != len(w.lab) {
			g.fail("seat %d's Lab differs from the tiles as the moves put them", i+1)
		}
		for p := range w.lab {
			if !l.lab[p] {
				g.fail("seat %d's Lab lacks space %s", i+1, p)
			}
		}
	}
}

// checkStats compares what the observation says of a place's features
// with the naive count.
func (g *naiveGame) checkStats(place string, got PlaceStats, want nstats) {
	for k, name := range []string{"application", "platform", "format"} {
		if got.Finished[name] != want.finished[k] || got.Largest[name] != want.largest[k] {
			g.fail("%s: %d finished %ss, the largest of %d tiles; the naive count says %d, %d (G2-G5)",
				place, got.Finished[name], name, got.Largest[name], want.finished[k], want.largest[k])
		}
	}
	if got.Holes != want.holes {
		g.fail("%s: %d holes, the naive count says %d (G15 H, R10)", place, got.Holes, want.holes)
	}
}

// checkTallies compares the observation with what the naive reading
// counted: the supply (G1, G8, G9, G11), the placemat and reserve (G15,
// G16), the seats' cards and BDFL tokens (G15 D, R6, R7), the Market
// Demand deck (G17).
func (g *naiveGame) checkTallies(o *Observation) {
	ty := g.ty
	total := 0
	for _, c := range o.Supply {
		if ty.supply[c.Tile] != c.Count {
			g.fail("supply of %s: %d, the naive count says %d", c.Tile, c.Count, ty.supply[c.Tile])
		}
		total += c.Count
	}
	if total != ty.supplyN() || o.SupplyN != total {
		g.fail("supply %d (%d), the naive count says %d", o.SupplyN, total, ty.supplyN())
	}
	var mat []string
	for _, st := range o.Placemat {
		mat = append(mat, fmt.Sprintf("%s%d", st.Set, st.Left))
	}
	var want []string
	for _, set := range ty.placemat {
		want = append(want, fmt.Sprintf("%c%d", set, ty.left[set]))
	}
	slices.Sort(mat)
	slices.Sort(want)
	if !slices.Equal(mat, want) {
		g.fail("placemat %v, the naive count says %v (G16)", mat, want)
	}
	var res []byte
	for _, st := range o.Reserve {
		res = append(res, st.Set[0])
	}
	if string(res) != string(ty.reserve) {
		g.fail("reserve %s, the naive count says %s (G16)", res, ty.reserve)
	}
	for i, sv := range o.Seats {
		got := map[byte]int{}
		for _, h := range sv.Infrastructure {
			got[h.Set[0]] = h.Cards
		}
		for _, set := range []byte(nSets) {
			if got[set] != ty.held[i][set] {
				g.fail("seat %d holds %d of set %c, the naive count says %d", i+1, got[set], set, ty.held[i][set])
			}
		}
		if sv.Demands != ty.demands[i] {
			g.fail("seat %d has %d Market Demand cards, the naive count says %d", i+1, sv.Demands, ty.demands[i])
		}
		var nums []int
		for k, seat := range ty.bdflSeat {
			if seat == i+1 {
				nums = append(nums, k)
			}
		}
		slices.Sort(nums)
		if !slices.Equal(nums, sv.BDFL) {
			g.fail("seat %d has BDFL cards %v, the naive count says %v (R7)", i+1, sv.BDFL, nums)
		}
		for _, tp := range sv.Tokens {
			if ty.tokens[tp.Number] != tp.At {
				g.fail("token %d lies on %q, the naive count says %q (R6, R7, G11)", tp.Number, tp.At, ty.tokens[tp.Number])
			}
		}
	}
	for _, v := range o.Commons {
		k := ty.tokenAt(v.At)
		if v.Token != k || (k != 0 && v.Owner != ty.bdflSeat[k]) {
			g.fail("Commons tile %s shows token %d of seat %d, the naive count says %d", v.At, v.Token, v.Owner, k)
		}
	}
	top := 0
	if o.Demand != nil {
		top = 1
	}
	if o.DeckLeft+top+ty.taken != 20 {
		g.fail("Market Demand deck: %d under the top card, top %d, %d taken: not the 20 cards of G17", o.DeckLeft, top, ty.taken)
	}
}

// resolve follows the decisions a seat is not asked (R4): a beginning
// whose only move is a plain roll is the roll, a phase e with nothing but
// done is the reward, and a reward with nothing to take ends the turn.
func (g *naiveGame) resolve(b *nboard, phase string) string {
	for {
		var only string
		switch phase {
		case "begin":
			only = "roll"
		case "after":
			only = "done"
		case "reward":
			only = "pass"
		default:
			return phase
		}
		m := naiveMoves(g.t, b, g.ty, g.tt, phase)
		if len(m) != 1 || m[0] != only {
			return phase
		}
		g.skips++
		switch phase {
		case "begin":
			phase = "roll"
			g.tt.nDice, g.tt.first, g.tt.natural = 3, false, true
		case "after":
			phase = "reward"
		case "reward":
			phase = "end"
		}
	}
}

// play follows the seat's move m (its notation), on the board before it.
// It returns the phase that comes next before R4's skips.
func (g *naiveGame) play(b *nboard, phase, m string) string {
	ty, tt := g.ty, g.tt
	f := strings.Fields(m)
	switch f[0] {
	case "roll": // G12 b, R9
		k := 0
		if len(f) == 2 {
			k, _ = strconv.Atoi(strings.TrimPrefix(f[1], "+"))
		}
		tt.uses['A'] -= k
		tt.nDice, tt.natural, tt.first = 3+k, k == 0, false
		return "roll"
	case "fork": // G15 I
		tt.uses['I']--
		tt.first = false
		tt.hand = f[1]
		ty.supply[f[1]]--
		return "place"
	case "keep":
		tt.dice = f[1]
		return "dice"
	case "catch": // G15 E-G
		to := f[1][2]
		tt.uses["EFG"[strings.IndexByte("YBR", to)]]--
		tt.dice = nSort(strings.Replace(tt.dice, f[1][:1], string(to), 1))
		tt.natural = false
		return "dice"
	case "take":
		tt.hand = f[1]
		ty.supply[f[1]]--
		return "place"
	case "lift": // G11: the token on it goes back to its owner
		tt.hand = b.commons.tiles[parseNpt(g.t, f[1])].typ
		delete(ty.commons, parseNpt(g.t, f[1]))
		if k := ty.tokenAt(f[1]); k != 0 {
			ty.tokens[k] = ""
		}
		return "place"
	case "place":
		ty.commons[parseNpt(g.t, f[1])] = ntile{tt.hand, int(f[2][1] - '0'), nLie(tt.hand, int(f[2][1]-'0'))}
		return "after"
	case "lab": // G8: the tile replaced goes back to the supply
		p := parseNpt(g.t, f[1])
		if old, full := b.labs[tt.seat-1].tiles[p]; full {
			ty.supply[old.typ]++
		}
		ty.labs[tt.seat-1].tiles[p] = ntile{tt.hand, int(f[2][1] - '0'), nLie(tt.hand, int(f[2][1]-'0'))}
		return "after"
	case "return": // G9
		ty.supply[tt.hand]++
		return "after"
	case "move": // G15 C, R6: spent when the tile is chosen
		tt.uses['C']--
		tt.moving = strings.TrimPrefix(m, "move ")
		tt.resume = phase
		return "move"
	case "to":
		if k := ty.tokenAt(tt.moving); k != 0 { // R6: the token goes with the tile
			ty.tokens[k] = f[1]
		}
		tiles := ty.commons
		from, inLab := strings.CutPrefix(tt.moving, "lab ")
		if inLab {
			tiles = ty.labs[tt.seat-1].tiles
		}
		u := tiles[parseNpt(g.t, from)]
		delete(tiles, parseNpt(g.t, from))
		turn := int(f[2][1] - '0')
		tiles[parseNpt(g.t, f[1])] = ntile{u.typ, turn, nLie(u.typ, turn)}
		return tt.resume
	case "bdfl": // R7
		k, _ := strconv.Atoi(f[1])
		if tt.bdflUsed[k] {
			tt.bdflExtra--
		}
		tt.bdflUsed[k] = true
		tt.token, tt.resume = k, phase
		return "token"
	case "on":
		ty.tokens[tt.token] = f[1]
		return tt.resume
	case "hardware": // G15 H, R7, R8
		tt.uses['H']--
		if f[1] == "D" {
			tt.bdflExtra++
		} else {
			tt.uses[f[1][0]]++
		}
		return "begin"
	case "again": // G12 e
		tt.uses['B']--
		return "begin"
	case "done":
		return "reward"
	case "reward":
		if f[1] == "demand" { // G14, G17: two tiles give one space, three two
			ty.demands[tt.seat-1]++
			ty.taken++
			tt.formTiles = len(b.form)
			tt.extend = len(b.form) - 1
			if tt.extend > 0 {
				return "extend"
			}
			return g.reveal()
		}
		set := f[1][0]
		ty.left[set]--
		ty.held[tt.seat-1][set]++
		if set == 'D' { // R7: numbered in the order awarded, the token off the board
			k := 4 - ty.left[set]
			ty.bdflSeat[k] = tt.seat
			ty.tokens[k] = ""
		}
		if ty.left[set] == 0 { // G16: the next set in letter order takes its place
			i := slices.Index(ty.placemat, set)
			if len(ty.reserve) > 0 {
				ty.placemat[i] = ty.reserve[0]
				ty.reserve = ty.reserve[1:]
			} else {
				ty.placemat = slices.Delete(ty.placemat, i, i+1)
			}
		}
		return "end"
	case "pass":
		return "end"
	case "extend": // R11: one at a time
		ty.labs[tt.seat-1].lab[parseNpt(g.t, f[1])] = true
		tt.extend--
		if tt.extend > 0 {
			return "extend"
		}
		return g.reveal()
	}
	g.fail("the naive reading does not know the move %q", m)
	return ""
}

// reveal: a Market Demand card taken, the next comes to the top, a
// chance event, unless the deck is out (G17).
func (g *naiveGame) reveal() string {
	if len(g.ty.revealed) < 20 {
		return "reveal"
	}
	return "end"
}

// checkChance compares the outcomes of a chance event with the naive
// reading's.
func (g *naiveGame) checkChance(b *nboard, o *Observation) {
	got := map[string]float64{}
	for _, oc := range g.s.ChanceOutcomes(nil) {
		got[g.s.ActionString(oc.Action)] += oc.P
	}
	want := map[string]float64{}
	switch o.Phase {
	case "start": // G6: one random tile from the supply
		for _, t := range nTypes {
			if g.ty.supply[t] > 0 {
				want["start "+t] = float64(g.ty.supply[t]) / float64(g.ty.supplyN())
			}
		}
	case "reveal": // G17, R2: each card not yet drawn equally likely
		if len(got) != 20-len(g.ty.revealed) {
			g.fail("%d Market Demand cards may come up, %d were drawn of 20", len(got), len(g.ty.revealed))
		}
		for name := range got {
			if g.ty.revealed[name] {
				g.fail("%s comes up again", name)
			}
			want[name] = 1 / float64(20-len(g.ty.revealed))
		}
	case "roll":
		want = naiveRolls(b, g.ty, g.tt)
		g.rolls++
	default:
		g.fail("chance in phase %s", o.Phase)
	}
	if len(got) != len(want) {
		g.fail("chance outcomes %v, the naive reading says %v", got, want)
	}
	for k, p := range want {
		if q, ok := got[k]; !ok || math.Abs(p-q) > 1e-9 {
			g.fail("chance outcomes %v, the naive reading says %v", got, want)
		}
	}
}

// pick chooses a move: the seat's script if it has one (seven times in
// eight), else at random, two times in three among the moves that exercise
// the rulings most (rewards, powers, lifts) when there are any.
func pick(s *State, legal []game.Action, names []string, rng *rand.Rand, script string) game.Action {
	if script != "" && rng.IntN(8) != 0 {
		if a, err := s.Script(script, rng); err == nil {
			return a
		}
	}
	var special []game.Action
	for i, m := range names {
		for _, p := range []string{"reward ", "lift", "move", "bdfl", "hardware", "again", "fork", "roll +", "catch"} {
			if strings.HasPrefix(m, p) {
				special = append(special, legal[i])
				break
			}
		}
	}
	if len(special) > 0 && rng.IntN(3) != 0 {
		return special[rng.IntN(len(special))]
	}
	return legal[rng.IntN(len(legal))]
}

// playNaive plays one seeded game of n players and checks it throughout.
// It returns how the game ended.
func playNaive(t *testing.T, seed uint64, n int, scripts []string, g *naiveGame) string {
	rng := rand.New(rand.NewPCG(seed, 0x6f70656e)) // "open"
	st, err := game.NewState(Game, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	*g = naiveGame{t: t, s: s, ty: newTally(n), kinds: g.kinds, played: g.played}
	step := 0
	g.where = func() string { return fmt.Sprintf("seed %d (%d players), step %d, turn %d", seed, n, step, g.turn) }
	var buf []game.Action
	var o *Observation
	var b *nboard
	for ; ; step++ {
		if o == nil { // else read after the last move
			o = g.obs()
		}
		if o.Status == "over" {
			g.ty.turns++
			end, ret := g.endCheck()
			if end == "" || s.EndReason() != end || o.End != end {
				g.fail("the game ended (%q) but G18 says %q", s.EndReason(), end)
			}
			if got := s.Returns(nil); !slices.Equal(got, ret) {
				g.fail("returns %v at the end %s, G18 says %v", got, end, ret)
			}
			if o.Turn != g.ty.turns {
				g.fail("the game ended on turn %d, the naive count says %d", o.Turn, g.ty.turns)
			}
			return end
		}
		if b == nil {
			b = readBoard(t, o)
			g.checkBoard(b)
		}
		if o.Status == "playing" && o.Turn != g.turn {
			// A new turn: the last one ended without an end (G18), and
			// play passed clockwise (seed; G19: seat 1 first).
			seat := 1
			if g.turn != 0 {
				g.ty.turns++
				if end, _ := g.endCheck(); end != "" {
					g.fail("the game goes on after a turn that G18 ends (%s)", end)
				}
				seat = g.tt.seat%n + 1
			}
			if o.Turn != g.ty.turns+1 || o.ToMove != seat && o.Chance == "" {
				g.fail("turn %d, seat %d to move; the naive count says turn %d, seat %d", o.Turn, o.ToMove, g.ty.turns+1, seat)
			}
			g.turn = o.Turn
			g.newTurn(seat)
			if want := g.resolve(b, "begin"); want != o.Phase {
				g.fail("a turn begins in phase %s, the naive reading says %s (R4)", o.Phase, want)
			}
		}
		g.checkTallies(o)
		if s.CurrentPlayer() == game.Chance {
			g.checkChance(b, o)
			a := game.SampleChance(s, rng, nil)
			name := s.ActionString(a)
			if err := s.Apply(a); err != nil {
				g.fail("%s: %v", name, err)
			}
			f := strings.Fields(name)
			switch f[0] {
			case "start": // R1: on 1,0 at turn t0
				g.ty.supply[f[1]]--
				g.ty.commons[npt{1, 0}] = ntile{f[1], 0, nLie(f[1], 0)}
				if c := g.obs().Commons; len(c) != 1 || c[0].At != "1,0" || c[0].Tile != f[1] || c[0].Turn != 0 {
					g.fail("the start tile %s lies as %+v, R1 says on 1,0 at t0", f[1], c)
				}
			case "demand":
				g.ty.revealed[name] = true
				if o.Status == "playing" { // the turn of the reward ends
					if o2 := g.obs(); o2.Status != "over" && o2.Turn == g.turn {
						g.fail("the turn goes on after the Market Demand card came up")
					}
				}
			case "dice":
				g.tt.dice = f[1]
				if len(f[1]) != g.tt.nDice {
					g.fail("%d dice rolled, the naive reading says %d", len(f[1]), g.tt.nDice)
				}
				o = nil // the board is as it was
				continue
			}
			o, b = nil, nil
			continue
		}
		// A decision: the naive reading's moves against the package's.
		if o.ToMove != g.tt.seat {
			g.fail("seat %d to move, the naive reading says %d", o.ToMove, g.tt.seat)
		}
		switch {
		case o.Phase == "place" && o.Hand != g.tt.hand:
			g.fail("hand %s, the naive reading says %s", o.Hand, g.tt.hand)
		case (o.Phase == "keep" || o.Phase == "dice") && o.Dice != g.tt.dice:
			g.fail("dice %s, the naive reading says %s", o.Dice, g.tt.dice)
		case o.Phase == "move" && o.Moving != g.tt.moving:
			g.fail("moving %s, the naive reading says %s", o.Moving, g.tt.moving)
		case o.Phase == "token" && o.Token != g.tt.token:
			g.fail("token %d, the naive reading says %d", o.Token, g.tt.token)
		}
		for _, set := range []byte(nSets) {
			if u := o.Uses[string(set)]; set != 'D' && g.tt.uses[set] != u {
				g.fail("uses of set %c left: %d, the naive reading says %d", set, u, g.tt.uses[set])
			}
		}
		buf = s.LegalActions(buf)
		names := make([]string, len(buf))
		for i, a := range buf {
			names[i] = s.ActionString(a)
		}
		got := slices.Sorted(slices.Values(names))
		want := naiveMoves(t, b, g.ty, g.tt, o.Phase)
		if !slices.Equal(got, want) {
			g.fail("phase %s: legal moves\n%v\nthe naive reading says\n%v\nonly the package's: %v\nonly the naive reading's: %v",
				o.Phase, got, want, minus(got, want), minus(want, got))
		}
		if o.Phase == "reward" { // G2-G5, G15 H: what the conditions read
			g.checkStats("the Commons", o.Stats, b.statsOf(0))
			g.checkStats(fmt.Sprintf("seat %d's Lab", g.tt.seat), o.Labs[g.tt.seat-1].Stats, b.statsOf(g.tt.seat))
		}
		g.decisions++
		g.kinds[o.Phase]++
		a := pick(s, buf, names, rng, scripts[o.ToMove-1])
		m := s.ActionString(a)
		if err := s.Apply(a); err != nil {
			g.fail("%s: %v", m, err)
		}
		g.played[strings.Fields(m)[0]]++
		next := g.play(b, o.Phase, m)
		o2 := g.obs()
		b2 := readBoard(t, o2)
		next = g.resolve(b2, next)
		switch {
		case next == "end":
			if o2.Status != "over" && o2.Turn == g.turn {
				g.fail("after %s the turn goes on in phase %s, the naive reading ends it (R4)", m, o2.Phase)
			}
		case o2.Status == "over" || o2.Turn != g.turn:
			g.fail("after %s the turn ended, the naive reading says phase %s", m, next)
		case o2.Phase != next:
			g.fail("after %s phase %s, the naive reading says %s (R4)", m, o2.Phase, next)
		}
		o, b = o2, b2
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// TestIndependent_Geometry checks the naive reading's own grid against
// the rules document's words before it is trusted: the Commons has 1,536
// spaces in rows -15 to 16, a space and its neighbour across edge e share
// that edge as edge e of both, the six spaces round the centre are the
// document's, and six turns of 60 degrees come back.
func TestIndependent_Geometry(t *testing.T) {
	count, lo, hi := 0, 100, -100
	for r := -40; r <= 40; r++ {
		for c := -80; c <= 80; c++ {
			p := npt{r, c}
			if inCommons(p) {
				count++
				lo, hi = min(lo, r), max(hi, r)
			}
			for e := range 3 {
				q := p.across(e)
				x1, y1 := nEdgeMid(p, e)
				x2, y2 := nEdgeMid(q, e)
				if q.across(e) != p || q.up() == p.up() || math.Hypot(x1-x2, y1-y2) > 1e-9 {
					t.Fatalf("%s across edge %d is %s, which does not share it back", p, e, q)
				}
			}
			q, lie := p, "YBR"
			for range 6 {
				q, lie = nRotate(q, lie, 1)
			}
			if q != p || lie != "YBR" {
				t.Fatalf("%s turned six times is %s %s", p, q, lie)
			}
		}
	}
	if count != 1536 || lo != -15 || hi != 16 {
		t.Fatalf("the Commons: %d spaces in rows %d to %d", count, lo, hi)
	}
	// The rules document: 1,0 points down and has 2,0 above it across
	// edge 0, 1,1 across edge 1 and 1,-1 across edge 2; a YBR at t1 shows
	// B, R, Y.
	p := npt{1, 0}
	if p.up() || p.across(0) != (npt{2, 0}) || p.across(1) != (npt{1, 1}) || p.across(2) != (npt{1, -1}) || nLie("YBR", 1) != "BRY" {
		t.Fatal("the naive grid is not the rules document's")
	}
	ring := map[npt]bool{}
	for k := range 6 {
		r, _ := nRotate(p, "YYY", k)
		ring[r] = true
	}
	for _, want := range []npt{{1, -1}, {1, 0}, {1, 1}, {0, -1}, {0, 0}, {0, 1}} {
		if !ring[want] {
			t.Fatalf("turning 1,0 round the centre misses %s: %v", want, ring)
		}
	}
	// G2: RRB and RRY have two Platform areas, RRR three, YYY none, every
	// other tile one; one Application at most, one Format at most; and a
	// tile alone has every area open.
	for _, typ := range nTypes {
		kinds := [3]map[int]bool{{}, {}, {}}
		for s, a := range nTileAreas(typ) {
			kinds[nColour(typ[s/3], s%3)][a] = true
		}
		platforms := map[string]int{"RRB": 2, "RRY": 2, "RRR": 3, "YYY": 0}
		want, ok := platforms[typ]
		if !ok {
			want = 1
		}
		if len(kinds[1]) != want || len(kinds[0]) > 1 || len(kinds[2]) > 1 {
			t.Errorf("%s: areas %v", typ, kinds)
		}
		pl := nplace{tiles: map[npt]ntile{{1, 0}: {typ, 0, nLie(typ, 0)}}}
		if st := naiveStats(&pl); st != (nstats{}) {
			t.Errorf("%s alone: %+v", typ, st)
		}
	}
}

// TestIndependent_GamesAgreeWithNaiveReading plays seeded games of 2 to 4
// players, some seats played by a script (so that the Market Demand deck
// and the Infrastructure cards run out too, not only the supply), and
// checks every decision and chance event against the naive reading.
//
// A run of go test plays 24 games; -independent.games plays more (a
// thousand take about four minutes):
//
//	go test ./games/opensource -run GamesAgree -independent.games 1000 -v
func TestIndependent_GamesAgreeWithNaiveReading(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 6
	}
	if *independentGames > 0 {
		games = *independentGames
	}
	mixes := [][]string{
		{"", "", "", ""},
		{"demand", "demand", "demand", "demand"},
		{"finisher", "", "finisher", ""},
		{"powers", "", "powers", "demand"},
		{"", "lab", "", "finisher"},
		{"finisher", "finisher", "finisher", "finisher"},
	}
	g := &naiveGame{kinds: map[string]int{}, played: map[string]int{}}
	ends := map[string]int{}
	decisions, rolls, skips := 0, 0, 0
	for i := range games {
		n := 2 + i%3
		end := playNaive(t, uint64(1000+i), n, mixes[i%len(mixes)], g)
		ends[end]++
		t.Logf("game %d: %d players %v: %s after %d turns", i, n, mixes[i%len(mixes)][:n], end, g.ty.turns)
		decisions += g.decisions
		rolls += g.rolls
		skips += g.skips
	}
	t.Logf("%d games, %d decisions (%v), %d rolls, %d skipped decisions; moves played %v; ends %v", games, decisions, g.kinds, rolls, skips, g.played, ends)
}
