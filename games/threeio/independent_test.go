package threeio_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/threeio"
)

// A second, deliberately naive reading of 3io, written from the words of
// the rulings (T1-T15 in shared/rulings/3io.md) and of "Our rulings"
// (R1-R13) and the notation in docs/rules/3io.md, not from the package's
// code. It uses only what any program sees: the exported Observation,
// LegalActions, ActionString, ParseAction, ChanceOutcomes, Apply,
// CurrentPlayer, Returns and Outcome.
//
// In many seeded games (2, 3 and 4 players; the default box, the first
// mix, a small box, a box of two Dust, designer tables written here, and
// civilization-pacing at several levels) it
//   - lists at every decision the moves the rulings allow, computed from
//     the public observation alone, and compares them with the package's
//     legal actions written in notation;
//   - lists at every chance node (a draw) the outcomes and their odds;
//   - keeps a shadow of the whole public position, moved on by the move
//     strings alone (board, tokens, meeples, holdings, box, scores, turn,
//     phase, the end and its reason), and compares it with the
//     observation after every move;
//   - checks the returns at the end against T14, and the Outcome's
//     reason and fusion counts against the shadow's;
//   - plays one game steered by its draws into R8 (a T13 clearing that
//     counts a token its own chain just earned by T12).
//
// The moves are steered towards fusions (plays beside tiles of the same
// type), and the designer tables (written to a temporary directory) make
// the rare steps common: light tiles stepping up, the next type running
// out, T13 clearings, empty boxes, skips and the turn limit.
//
// Maps and slices of strings throughout; sectors are named as the
// notation names them ("c3"), tiles by their T2 names.

// ---- Tiles (T2-T5) and the tile table --------------------------------

// T2: the two chains, in fusion order.
var (
	indSpace = []string{"Dust", "Rock", "Planet", "Sun", "Galaxy"}
	indCiv   = []string{"Probe", "Colony", "Station", "Sphere", "Singularity"}
	indTypes = append(append([]string{}, indSpace...), indCiv...)
)

func indIsCiv(t string) bool { return slices.Contains(indCiv, t) }

// indNext is the type one step up the chain of t (T10), "" for the last
// of a chain, Galaxy and Singularity, which have no next step (T13).
func indNext(t string) string {
	for _, chain := range [][]string{indSpace, indCiv} {
		for i, x := range chain {
			if x == t && i+1 < len(chain) {
				return chain[i+1]
			}
		}
	}
	return ""
}

// indTable is a tile table in the format docs/rules/3io.md describes,
// read by this file's own JSON decoding.
type indTable struct {
	About       string                 `json:"about,omitempty"`
	Tiles       map[string]indTileData `json:"tiles"`
	PacingLevel string                 `json:"pacing_level"`
	TurnLimit   int                    `json:"turn_limit"`
	Crew        int                    `json:"crew"`
	Fusion      struct {
		Group      int `json:"group"`
		OneBonusAt int `json:"one_bonus_at"`
		TwoBonusAt int `json:"two_bonus_at"`
	} `json:"fusion"`
}

type indTileData struct {
	Count  int `json:"count"`
	Points struct {
		Dark  int `json:"dark"`
		Light int `json:"light"`
	} `json:"points"`
	Multiplier int `json:"multiplier,omitempty"` // civilization tiles only (T5)
}

// indMakeTable builds a table from lists in T2 order.
func indMakeTable(counts, dark, light, mult [10]int, level string, limit, crew, group, one, two int) *indTable {
	tab := &indTable{Tiles: map[string]indTileData{}, PacingLevel: level, TurnLimit: limit, Crew: crew}
	for i, t := range indTypes {
		var d indTileData
		d.Count, d.Points.Dark, d.Points.Light = counts[i], dark[i], light[i]
		if indIsCiv(t) {
			d.Multiplier = mult[i]
		}
		tab.Tiles[t] = d
	}
	tab.Fusion.Group, tab.Fusion.OneBonusAt, tab.Fusion.TwoBonusAt = group, one, two
	return tab
}

// The points of T4 and the multipliers of T5 (Probe: none, i.e. x1).
var (
	indT4Dark  = [10]int{1, 3, 8, 20, 50, 1, 2, 4, 6, 10}
	indT4Light = [10]int{2, 5, 12, 30, 75, 2, 4, 6, 9, 15}
	indT5Mult  = [10]int{0, 0, 0, 0, 0, 1, 2, 3, 4, 5}
)

// indDefaultTable is our default table, written from the rules document:
// the box of R13, the points of T4, the multipliers of T5, the pacing
// level Sphere (T15), the turn limit 1000 (R3), three crew (T1), groups of
// three fuse (T10), four earn one token and five two (T12).
func indDefaultTable() *indTable {
	return indMakeTable([10]int{50, 12, 8, 5, 5, 25, 10, 5, 5, 5}, indT4Dark, indT4Light, indT5Mult,
		"Sphere", 1000, 3, 3, 4, 5)
}

// indReadTable reads a table file of the package's testdata.
func indReadTable(t *testing.T, path string) *indTable {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tab indTable
	if err := json.Unmarshal(data, &tab); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &tab
}

// indWriteTable writes a designer's table to a temporary file for the
// option "tiles".
func indWriteTable(t *testing.T, name string, tab *indTable) string {
	data, err := json.MarshalIndent(tab, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// ---- Sectors (T1, the notation) -------------------------------------

// indSectors are the 36 sectors a1..f6 (T1: 6x6).
var indSectors = func() []string {
	var out []string
	for r := '1'; r <= '6'; r++ {
		for f := 'a'; f <= 'f'; f++ {
			out = append(out, string(f)+string(r))
		}
	}
	return out
}()

// indNeighbours are the sectors orthogonally adjacent to s (T10:
// diagonals do not count).
func indNeighbours(s string) []string {
	var out []string
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		f, r := rune(s[0])+rune(d[0]), rune(s[1])+rune(d[1])
		if f >= 'a' && f <= 'f' && r >= '1' && r <= '6' {
			out = append(out, string(f)+string(r))
		}
	}
	return out
}

// ---- The moves the rulings allow, from the observation ---------------

// indPlays are the play actions of T7a for a player holding held: each
// held type once (two identical tiles give one set), onto every empty
// sector, with or without crew (T7 step 3: only with crew in hand).
func indPlays(o *threeio.Observation, me threeio.PlayerView) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range me.Held {
		if seen[t] {
			continue
		}
		seen[t] = true
		for _, sv := range o.Sectors {
			if sv.Tile != "" {
				continue
			}
			out = append(out, "play "+t+" "+sv.Sector)
			if me.Crew > 0 {
				out = append(out, "play "+t+" "+sv.Sector+" crew")
			}
		}
	}
	return out
}

func indBoxTotal(o *threeio.Observation) int {
	n := 0
	for _, b := range o.Box {
		n += b.Count
	}
	return n
}

// indLegal lists the moves of the seat to move, in notation, sorted.
func indLegal(o *threeio.Observation) []string {
	me := o.Players[o.TurnOf-1]
	var out []string
	switch o.Phase {
	case "announce":
		if indBoxTotal(o) > 0 {
			// T7, T7a: expand is announced while the box has tiles,
			// whatever the player holds (holding none it draws one and
			// must play it).
			out = append(out, "expand")
		} else {
			// T7, T7a: with an empty box there is no draw and no
			// announcement: the play actions stand beside the scores.
			out = append(out, indPlays(o, me)...)
		}
		// T7a, T8: one score action per sector holding at least one of the
		// player's meeples, whatever it holds.
		for _, sv := range o.Sectors {
			if slices.Contains(sv.Meeples, me.Seat) {
				out = append(out, "score "+sv.Sector)
			}
		}
	case "play":
		out = indPlays(o, me) // T7 (2), (3)
	}
	slices.Sort(out)
	return out
}

// indChance lists the outcomes of a draw: a tile type of the box, each
// tile equally likely (T6: the box is shuffled; the doc: probability
// (tiles of that type) / (tiles in the box)).
func indChance(o *threeio.Observation) map[string]float64 {
	out := map[string]float64{}
	total := indBoxTotal(o)
	for _, b := range o.Box {
		if b.Count > 0 {
			out[b.Tile] = float64(b.Count) / float64(total)
		}
	}
	return out
}

// ---- The shadow of the position --------------------------------------

type indSector struct {
	tile    string // "" for an empty sector
	light   bool
	bonus   int
	meeples []int // the seat of each crew meeple, sorted
}

// End reasons, as the observation words them.
const (
	indFull    = "every sector is occupied"
	indNoMoves = "no player can expand or score"
	indPacing  = "a fusion reached the pacing level"
	indLimit   = "the turn limit was reached"
)

type indShadow struct {
	tab    *indTable
	n      int
	pacing bool
	level  string // T15's level, when pacing
	board  map[string]*indSector
	box    map[string]int
	score  []int64
	crew   []int
	held   [][]string // sorted in T2 order (R6)
	seat   int        // 1..n
	phase  string
	turn   int
	ended  []string // the reasons that hold at the end (any may be named)
	stats  *indCounts
	// fusions counts this game's fusion steps by kind, named as the
	// package's Outcome names them ("dust-light", "dust-to-rock",
	// "dust-stuck", "t13-galaxy", and "t13" for all clearings).
	fusions map[string]int
}

// count counts a fusion step of the kind named.
func (sh *indShadow) count(name string) {
	sh.stats.fusion[name]++
	sh.fusions[strings.ToLower(name)]++
	if strings.HasPrefix(name, "t13-") {
		sh.fusions["t13"]++
	}
}

func newIndShadow(tab *indTable, n int, pacing bool, level string, stats *indCounts) *indShadow {
	sh := &indShadow{tab: tab, n: n, pacing: pacing, level: level, board: map[string]*indSector{},
		box: map[string]int{}, score: make([]int64, n), crew: make([]int, n), held: make([][]string, n),
		seat: 1, phase: "announce", stats: stats, fusions: map[string]int{}}
	for _, s := range indSectors {
		sh.board[s] = &indSector{}
	}
	for _, t := range indTypes {
		sh.box[t] = tab.Tiles[t].Count // T3 (R13)
	}
	for q := range n {
		sh.crew[q] = tab.Crew // T1: three crew, all in hand
		sh.box["Dust"]--      // T6, R2: each player is dealt a Dust
		sh.held[q] = []string{"Dust"}
	}
	// T9: seat 1 starts (it holds a Dust, so it can always expand).
	return sh
}

func (sh *indShadow) boxTotal() int {
	n := 0
	for _, c := range sh.box {
		n += c
	}
	return n
}

func (sh *indShadow) hasMeeple(q int) bool {
	for _, c := range sh.board {
		if slices.Contains(c.meeples, q) {
			return true
		}
	}
	return false
}

// canAct: T7 (expand: the box has tiles, or the player holds one) or T8
// (score: one of its meeples is on the board).
func (sh *indShadow) canAct(q int) bool {
	return sh.boxTotal() > 0 || len(sh.held[q-1]) > 0 || sh.hasMeeple(q)
}

func (sh *indShadow) sortHeld(q int) {
	slices.SortFunc(sh.held[q-1], func(a, b string) int { return slices.Index(indTypes, a) - slices.Index(indTypes, b) })
}

// group is the orthogonal group of tiles of the same type showing the same
// side that holds sector at (T10).
func (sh *indShadow) group(at string) []string {
	c := sh.board[at]
	seen := map[string]bool{at: true}
	queue := []string{at}
	for i := 0; i < len(queue); i++ {
		for _, nb := range indNeighbours(queue[i]) {
			d := sh.board[nb]
			if !seen[nb] && d.tile == c.tile && d.light == c.light {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return queue
}

// fuse runs the fusions of a tile just played at `at` (T10-T13) and
// reports whether one of them produced a tile of the pacing level or
// higher (T15, R5).
func (sh *indShadow) fuse(at string) (reached bool) {
	p := sh.board[at]
	for step := 1; ; step++ {
		g := sh.group(at)
		if len(g) < sh.tab.Fusion.Group { // T10: 3 or more
			return reached
		}
		if step == 3 {
			sh.stats.longChains++
		}
		if p.light && indNext(p.tile) == "" {
			// T13: light Galaxies or Singularities: the player who played
			// scores the light-side points of every tile of the group, +1
			// per bonus token on them (R8: the played tile's too), never
			// multiplied; the whole group leaves the board for the box
			// (R12) and the meeples go home, scoring nothing.
			pts := 0
			for _, x := range g {
				c := sh.board[x]
				pts += sh.tab.Tiles[c.tile].Points.Light + c.bonus
				sh.stats.tokensT13 += c.bonus
				for _, m := range c.meeples {
					sh.crew[m-1]++
					sh.stats.homeT13++
				}
				sh.box[c.tile]++
				sh.board[x] = &indSector{}
			}
			sh.score[sh.seat-1] += int64(pts)
			if len(g) >= sh.tab.Fusion.OneBonusAt {
				sh.stats.bigT13++
			}
			sh.count("t13-" + p.tile)
			if p.tile == "Singularity" {
				reached = true // R5: a clearing of Singularities is above every level
			}
			return reached
		}
		// T10: every other tile of the group leaves the board for the box;
		// T12: their meeples (any player's) and tokens move onto the played
		// tile.
		for _, x := range g {
			if x == at {
				continue
			}
			c := sh.board[x]
			p.meeples = append(p.meeples, c.meeples...)
			sh.stats.movedT12 += len(c.meeples)
			p.bonus += c.bonus
			sh.box[c.tile]++
			sh.board[x] = &indSector{}
		}
		slices.Sort(p.meeples)
		// T12: exactly 4 tiles (the played one included) earn 1 token, 5 or
		// more earn 2.
		switch {
		case len(g) >= sh.tab.Fusion.TwoBonusAt:
			p.bonus += 2
			sh.stats.tokens += 2
		case len(g) >= sh.tab.Fusion.OneBonusAt:
			p.bonus++
			sh.stats.tokens++
		}
		// T10: the played tile goes up one step.
		stuck := false
		switch nx := indNext(p.tile); {
		case !p.light: // dark -> light of the same type
			p.light = true
			sh.count(p.tile + "-light")
		case sh.box[nx] > 0: // light -> the next type, dark; swapped with the box
			sh.count(p.tile + "-to-" + nx)
			sh.box[p.tile]++
			sh.box[nx]--
			p.tile, p.light = nx, false
		default: // none of the next type in the box: stays light, the chain stops
			sh.count(p.tile + "-stuck")
			if len(g) >= sh.tab.Fusion.OneBonusAt {
				sh.stats.stuckTokens++
			}
			stuck = true
		}
		// T15, R5: the fusion produced the played tile as it now is.
		if indIsCiv(p.tile) && slices.Index(indTypes, p.tile) >= slices.Index(indTypes, sh.level) {
			reached = true
		}
		if stuck {
			return reached
		}
		// T11: test the played tile again with its new type and side.
	}
}

// scoreAt is T8 for the seat to move at sector at.
func (sh *indShadow) scoreAt(at string) error {
	c := sh.board[at]
	q := sh.seat
	i := slices.Index(c.meeples, q)
	if i < 0 {
		return fmt.Errorf("seat %d has no meeple on %s", q, at)
	}
	c.meeples = slices.Delete(c.meeples, i, i+1) // one meeple back to the hand
	sh.crew[q-1]++
	pts := sh.tab.Tiles[c.tile].Points.Dark
	if c.light {
		pts = sh.tab.Tiles[c.tile].Points.Light
	}
	pts += c.bonus // +1 per bonus token, which are then removed
	c.bonus = 0
	// T8: x the highest multiplier among the civilization tiles
	// orthogonally adjacent (never stacked, not the tile's own; none: x1).
	// T15: under civilization-pacing every score is x1.
	mult := 1
	seen := map[int]bool{}
	if !sh.pacing {
		for _, nb := range indNeighbours(at) {
			if d := sh.board[nb]; indIsCiv(d.tile) {
				mult = max(mult, sh.tab.Tiles[d.tile].Multiplier)
				seen[sh.tab.Tiles[d.tile].Multiplier] = true
			}
		}
	}
	if len(seen) > 1 {
		sh.stats.twoMultipliers++
	}
	if len(c.meeples) > 0 {
		sh.stats.sharedTile++
	}
	if mult > 1 {
		sh.stats.multiplied++
	}
	sh.score[q-1] += int64(pts * mult)
	return nil
}

// endTurn ends the turn: T14 and T15 end the game, R3 too; otherwise the
// turn passes to the next seat that can act, the others being skipped
// silently (T9, R9).
func (sh *indShadow) endTurn(reached bool) {
	sh.turn++
	var why []string
	full := true
	for _, c := range sh.board {
		if c.tile == "" {
			full = false
		}
	}
	if full {
		why = append(why, indFull) // T14, tested after the whole chain
	}
	if sh.pacing && reached {
		why = append(why, indPacing) // T15
	}
	if sh.turn >= sh.tab.TurnLimit {
		why = append(why, indLimit) // R3
	}
	next := 0
	for k := 1; k <= sh.n; k++ {
		if q := (sh.seat-1+k)%sh.n + 1; sh.canAct(q) {
			next = q
			break
		}
	}
	if next == 0 {
		why = append(why, indNoMoves) // T14: no player can expand or score
	}
	if len(why) > 1 {
		sh.stats.twoReasons++
	}
	if len(why) > 0 {
		sh.phase, sh.ended = "over", why
		return
	}
	if next != sh.seat%sh.n+1 {
		sh.stats.skips++
	}
	if next == sh.seat {
		sh.stats.again++ // T9: the only one who can act plays on
	}
	sh.seat, sh.phase = next, "announce"
}

// play moves the shadow on by one move or draw in notation.
func (sh *indShadow) play(move string) error {
	f := strings.Fields(move)
	q := sh.seat
	switch {
	case sh.phase == "announce" && move == "expand" && sh.boxTotal() > 0: // T7a
		sh.phase = "draw"
		if len(sh.held[q-1]) == 0 {
			sh.stats.emptyHanded++
		}
	case sh.phase == "draw" && len(f) == 1: // T7 (1): a tile from the box
		if sh.box[move] == 0 {
			return fmt.Errorf("no %s in the box", move)
		}
		sh.box[move]--
		sh.held[q-1] = append(sh.held[q-1], move)
		sh.sortHeld(q)
		sh.phase = "play"
	case f[0] == "play" && (sh.phase == "play" || sh.phase == "announce" && sh.boxTotal() == 0):
		if sh.phase == "announce" {
			sh.stats.emptyBoxPlays++
		}
		t, at := f[1], f[2]
		i := slices.Index(sh.held[q-1], t)
		if i < 0 {
			return fmt.Errorf("seat %d does not hold a %s", q, t)
		}
		if sh.board[at].tile != "" {
			return fmt.Errorf("%s is occupied", at)
		}
		sh.held[q-1] = slices.Delete(sh.held[q-1], i, i+1) // keep the other (T7 (2))
		c := &indSector{tile: t}                           // dark side up
		if len(f) == 4 {                                   // T7 (3): one crew from the hand
			if sh.crew[q-1] == 0 {
				return fmt.Errorf("seat %d has no crew in hand", q)
			}
			sh.crew[q-1]--
			c.meeples = []int{q}
		}
		sh.board[at] = c
		sh.endTurn(sh.fuse(at)) // T7 (4)
	case sh.phase == "announce" && f[0] == "score" && len(f) == 2: // T8
		if err := sh.scoreAt(f[1]); err != nil {
			return err
		}
		sh.stats.scores++
		sh.endTurn(false)
	default:
		return fmt.Errorf("the shadow (phase %s) cannot play %q", sh.phase, move)
	}
	return nil
}

// indMinus lists the moves of a that are not in b.
func indMinus(a, b []string) []string {
	var out []string
	for _, m := range a {
		if !slices.Contains(b, m) {
			out = append(out, m)
		}
	}
	return out
}

// indReturns: T14: most points wins; k tied top scorers get 1/k each.
func indReturns(score []int64) []float64 {
	best := slices.Max(score)
	k := 0
	for _, s := range score {
		if s == best {
			k++
		}
	}
	out := make([]float64, len(score))
	for q, s := range score {
		if s == best {
			out[q] = 1 / float64(k)
		}
	}
	return out
}

func indSameReturns(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12 {
			return false
		}
	}
	return true
}

// compare reports the first difference between the shadow and the
// observation.
func (sh *indShadow) compare(o *threeio.Observation) error {
	if len(o.Sectors) != len(indSectors) {
		return fmt.Errorf("%d sectors, T1 says 36", len(o.Sectors))
	}
	for i, sv := range o.Sectors {
		if sv.Sector != indSectors[i] {
			return fmt.Errorf("sector %d is %q, want %s", i, sv.Sector, indSectors[i])
		}
		c := sh.board[sv.Sector]
		side := ""
		if c.tile != "" {
			side = "dark"
			if c.light {
				side = "light"
			}
		}
		meeples := slices.Clone(sv.Meeples)
		slices.Sort(meeples)
		if sv.Tile != c.tile || sv.Side != side || sv.Bonus != c.bonus || !slices.Equal(meeples, c.meeples) {
			return fmt.Errorf("%s holds %q %q +%d @%v, the rulings say %q %q +%d @%v",
				sv.Sector, sv.Tile, sv.Side, sv.Bonus, sv.Meeples, c.tile, side, c.bonus, c.meeples)
		}
	}
	if len(o.Players) != sh.n {
		return fmt.Errorf("%d players", len(o.Players))
	}
	for q, pv := range o.Players {
		if pv.Seat != q+1 || pv.Score != sh.score[q] || pv.Crew != sh.crew[q] || !slices.Equal(pv.Held, sh.held[q]) {
			return fmt.Errorf("seat %d: score %d, crew %d, holds %v; the rulings say seat %d: score %d, crew %d, holds %v",
				pv.Seat, pv.Score, pv.Crew, pv.Held, q+1, sh.score[q], sh.crew[q], sh.held[q])
		}
	}
	if len(o.Box) != len(indTypes) {
		return fmt.Errorf("box of %d types", len(o.Box))
	}
	for i, b := range o.Box {
		if b.Tile != indTypes[i] || b.Count != sh.box[indTypes[i]] {
			return fmt.Errorf("box %v, the rulings say %v", o.Box, sh.box)
		}
	}
	if o.BoxTotal != sh.boxTotal() {
		return fmt.Errorf("box total %d, want %d", o.BoxTotal, sh.boxTotal())
	}
	if o.Phase != sh.phase {
		return fmt.Errorf("phase %q, the rulings say %q", o.Phase, sh.phase)
	}
	turnOf := sh.seat
	if sh.phase == "over" {
		turnOf = 0
	}
	if o.TurnOf != turnOf {
		return fmt.Errorf("turn of seat %d, the rulings say %d", o.TurnOf, turnOf)
	}
	if o.Turn != sh.turn || o.TurnLimit != sh.tab.TurnLimit {
		return fmt.Errorf("turn %d of %d, want %d of %d", o.Turn, o.TurnLimit, sh.turn, sh.tab.TurnLimit)
	}
	level := ""
	if sh.pacing {
		level = sh.level
	}
	if o.PacingLevel != level {
		return fmt.Errorf("pacing level %q, want %q", o.PacingLevel, level)
	}
	if sh.phase != "over" {
		if o.Ended != "" || o.Returns != nil {
			return fmt.Errorf("ended %q with returns %v before the end", o.Ended, o.Returns)
		}
		return nil
	}
	if !slices.Contains(sh.ended, o.Ended) {
		return fmt.Errorf("the game ended because %q; the rulings say %q", o.Ended, sh.ended)
	}
	if want := indReturns(sh.score); !indSameReturns(o.Returns, want) {
		return fmt.Errorf("scores %v: returns %v, T14 says %v", sh.score, o.Returns, want)
	}
	return nil
}

// conserved checks that every tile and meeple is somewhere (T1, T3):
// board, hands and box hold the whole mix; hand and board the crew.
func (sh *indShadow) conserved() error {
	tiles := map[string]int{}
	meeples := make([]int, sh.n)
	for _, c := range sh.board {
		if c.tile != "" {
			tiles[c.tile]++
		}
		for _, m := range c.meeples {
			meeples[m-1]++
		}
	}
	for q := range sh.n {
		for _, t := range sh.held[q] {
			tiles[t]++
		}
		if meeples[q]+sh.crew[q] != sh.tab.Crew {
			return fmt.Errorf("seat %d: %d crew on the board and %d in hand", q+1, meeples[q], sh.crew[q])
		}
	}
	for _, t := range indTypes {
		if tiles[t]+sh.box[t] != sh.tab.Tiles[t].Count {
			return fmt.Errorf("%d %s out and %d in the box, the mix has %d", tiles[t], t, sh.box[t], sh.tab.Tiles[t].Count)
		}
	}
	return nil
}

// ---- The games -------------------------------------------------------

// indCounts are what the games exercised.
type indCounts struct {
	games, decisions, chance, scores, multiplied, tokens, homeT13, skips, emptyBoxPlays int
	// rarer cases: a T13 group carrying tokens (R8), meeples moved by
	// T12, a score beside two different multipliers, a score from a tile
	// holding several meeples (R7), a game ended by two reasons at once.
	// Also: a light tile stuck (no next type in the box) with a token
	// of that fusion, a chain of three steps or more (T11), an expand
	// holding no tile (T7).
	tokensT13, movedT12, twoMultipliers, sharedTile, twoReasons int
	stuckTokens, longChains, emptyHanded, bigT13, again         int
	fusion                                                      map[string]int
	ends                                                        map[string]int
}

// indPick chooses a move, steered so that fusions, and large ones, happen
// often: mostly expand, and mostly play where the tile joins the largest
// dark group of its type (light tiles of its type beside count a little).
func indPick(rng *rand.Rand, o *threeio.Observation, moves []string) string {
	if slices.Contains(moves, "expand") && rng.IntN(100) < 85 {
		return "expand"
	}
	if rng.IntN(100) < 80 {
		at := map[string]threeio.SectorView{}
		for _, sv := range o.Sectors {
			at[sv.Sector] = sv
		}
		// Label the groups of dark tiles, flood fill from each sector.
		label, size := map[string]int{}, map[int]int{}
		for _, sv := range o.Sectors {
			if sv.Side != "dark" || label[sv.Sector] != 0 {
				continue
			}
			id := len(size) + 1
			label[sv.Sector] = id
			queue := []string{sv.Sector}
			for i := 0; i < len(queue); i++ {
				for _, nb := range indNeighbours(queue[i]) {
					if d := at[nb]; d.Side == "dark" && d.Tile == sv.Tile && label[nb] == 0 {
						label[nb] = id
						queue = append(queue, nb)
					}
				}
			}
			size[id] = len(queue)
		}
		best, cands := -1, []string(nil)
		for _, m := range moves {
			f := strings.Fields(m)
			if f[0] != "play" {
				continue
			}
			v, joined := 0, map[int]bool{}
			for _, nb := range indNeighbours(f[2]) {
				if d := at[nb]; d.Tile == f[1] && d.Side == "dark" && !joined[label[nb]] {
					joined[label[nb]] = true
					v += 3 * size[label[nb]]
				} else if d.Tile == f[1] && d.Side == "light" {
					v++
				}
			}
			switch {
			case v > best:
				best, cands = v, []string{m}
			case v == best:
				cands = append(cands, m)
			}
		}
		if len(cands) > 0 {
			return cands[rng.IntN(len(cands))]
		}
	}
	return moves[rng.IntN(len(moves))]
}

// indConfig is one configuration played.
type indConfig struct {
	name   string
	opts   game.Options
	tab    *indTable
	pacing bool
	level  string
	games  int // per player count
	seats  []int
}

// indPlay plays one seeded game, checking every node; it returns the
// first disagreement. The game follows script (moves and draws in
// notation) as far as it goes, then plays at random.
func indPlay(cf indConfig, ci, players int, seed uint64, script []string, n *indCounts) error {
	st, err := game.NewState(threeio.Game, players, cf.opts)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(100*ci+players), seed))
	sh := newIndShadow(cf.tab, players, cf.pacing, cf.level, n)
	var moves []string
	where := func() string {
		from := max(0, len(moves)-9)
		return fmt.Sprintf("%s, %d players, seed %d, after move %d (last: %s)\n%s",
			cf.name, players, seed, len(moves), strings.Join(moves[from:], ", "), st.Render(game.Spectator))
	}
	n.games++
	for {
		o := st.Observation(game.Spectator).(threeio.Observation)
		if err := sh.compare(&o); err != nil {
			return fmt.Errorf("%v\n%s", err, where())
		}
		if err := sh.conserved(); err != nil {
			return fmt.Errorf("the shadow: %v\n%s", err, where())
		}
		cp := st.CurrentPlayer()
		switch {
		case sh.phase == "over":
			if cp != game.Terminal {
				return fmt.Errorf("the game goes on (%v to move), the rulings end it: %q\n%s", cp, sh.ended, where())
			}
		case sh.phase == "draw":
			if cp != game.Chance {
				return fmt.Errorf("%v to move at a draw\n%s", cp, where())
			}
		case cp != game.PlayerOfSeat(sh.seat):
			return fmt.Errorf("%v to move, the rulings say seat %d\n%s", cp, sh.seat, where())
		}
		if cp == game.Terminal {
			// T14: most points wins, ties share.
			if got, want := st.Returns(nil), indReturns(sh.score); !indSameReturns(got, want) {
				return fmt.Errorf("scores %v: returns %v, T14 says %v\n%s", sh.score, got, want, where())
			}
			// The package's Outcome: the reason's key and the fusion counts
			// (every count named there, zero or not, must match this game's).
			out := st.(game.Outcomer).Outcome(nil)
			key := map[string]string{indFull: "board-full", indNoMoves: "no-moves", indPacing: "pacing", indLimit: "turn-limit"}[o.Ended]
			if out.Reason != key || out.Words != o.Ended || out.Limit != (key == "turn-limit") {
				return fmt.Errorf("outcome %q %q limit %v for an end because %q\n%s", out.Reason, out.Words, out.Limit, o.Ended, where())
			}
			named := map[string]bool{}
			for _, c := range out.Counts {
				named[c.Name] = true
				if c.N != sh.fusions[c.Name] {
					return fmt.Errorf("outcome counts %s %d, the shadow counted %d (%v)\n%s", c.Name, c.N, sh.fusions[c.Name], sh.fusions, where())
				}
			}
			for k := range sh.fusions {
				if !named[k] {
					return fmt.Errorf("outcome has no count %s\n%s", k, where())
				}
			}
			n.ends[o.Ended]++
			return nil
		}
		if r := st.Returns(nil); slices.Max(r) != 0 || slices.Min(r) != 0 {
			return fmt.Errorf("returns %v before the end\n%s", r, where())
		}
		var m string
		if cp == game.Chance {
			n.chance++
			want := indChance(&o)
			outs := st.ChanceOutcomes(nil)
			got := map[string]float64{}
			for _, c := range outs {
				got[st.ActionString(c.Action)] += c.P
			}
			same := len(got) == len(want)
			for k, p := range want {
				if math.Abs(got[k]-p) > 1e-12 {
					same = false
				}
			}
			if !same {
				return fmt.Errorf("draw outcomes\n%v\nthe rulings say\n%v\n%s", got, want, where())
			}
			m = st.ActionString(game.SampleOutcome(outs, rng))
			if len(moves) < len(script) {
				m = script[len(moves)]
			}
			drawn := game.Action(-1)
			for _, c := range outs {
				if st.ActionString(c.Action) == m {
					drawn = c.Action
				}
			}
			if a, err := st.ParseAction(m); err != nil || a != drawn {
				return fmt.Errorf("draw %q reads as %d (%v), the outcome is %d\n%s", m, a, err, drawn, where())
			}
		} else {
			n.decisions++
			want := indLegal(&o)
			var got []string
			byName := map[string]game.Action{}
			for _, a := range st.LegalActions(nil) {
				got = append(got, st.ActionString(a))
				byName[st.ActionString(a)] = a
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				return fmt.Errorf("legal moves differ: the package's only %q, the rulings' only %q\nthe package's (%d): %q\nthe rulings allow (%d): %q\n%s",
					indMinus(got, want), indMinus(want, got), len(got), got, len(want), want, where())
			}
			m = indPick(rng, &o, want)
			if len(moves) < len(script) {
				m = script[len(moves)]
			}
			// The notation reads back as the action it names.
			if a, err := st.ParseAction(m); err != nil || a != byName[m] {
				return fmt.Errorf("%q reads as %d (%v), the legal action is %d\n%s", m, a, err, byName[m], where())
			}
		}
		// Apply the move through its notation, as a record would.
		a, err := st.ParseAction(m)
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
		if err := st.Apply(a); err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
		moves = append(moves, m)
		if err := sh.play(m); err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
	}
}

// TestIndependentReading plays seeded games for 2, 3 and 4 players under
// several tile tables and options, and checks every decision, draw and
// position against the naive reading.
func TestIndependentReading(t *testing.T) {
	start := time.Now()
	classic := indReadTable(t, "testdata/tiles/t3-classic.json")
	small := indReadTable(t, "testdata/tiles/small-box.json")
	twoDust := indReadTable(t, "testdata/tiles/two-dust.json")
	// T3 as first written: the first mix is kept as t3-classic (R13).
	for i, c := range []int{40, 10, 6, 4, 3, 20, 8, 4, 3, 2} {
		if classic.Tiles[indTypes[i]].Count != c {
			t.Fatalf("t3-classic.json: %s count %d, T3 says %d", indTypes[i], classic.Tiles[indTypes[i]].Count, c)
		}
	}
	// A designer's table rich in the tops of the chains, so that light
	// Galaxies and Singularities meet (T13), with points and multipliers
	// of its own (a Probe that multiplies, multipliers out of order, so
	// that "the highest" is not "the last").
	rich := indMakeTable([10]int{6, 4, 4, 4, 60, 8, 4, 4, 6, 60},
		[10]int{1, 2, 7, 11, 13, 1, 3, 5, 17, 19}, [10]int{3, 4, 9, 23, 29, 2, 6, 10, 31, 37},
		[10]int{0, 0, 0, 0, 0, 2, 6, 3, 5, 4}, "Station", 1000, 3, 3, 4, 5)
	richPath := indWriteTable(t, "rich.json", rich)
	// Another with other crew and fusion sizes (data, per the rules
	// document's tile table), a short turn limit (R3) and a box of 60.
	odd := indMakeTable([10]int{20, 6, 4, 3, 3, 12, 4, 3, 3, 2}, indT4Dark, indT4Light,
		[10]int{0, 0, 0, 0, 0, 1, 2, 3, 4, 5}, "Colony", 24, 2, 3, 5, 6)
	oddPath := indWriteTable(t, "odd.json", odd)
	// A ladder: few types, many of each, so that light tiles meet and step
	// up the chains (Sun to Galaxy, Station to Sphere), and the next type
	// runs out (a light tile stays light, T10).
	ladder := indMakeTable([10]int{4, 0, 0, 45, 3, 0, 0, 45, 4, 0}, indT4Dark, indT4Light,
		indT5Mult, "Sphere", 1000, 3, 3, 4, 5)
	ladderPath := indWriteTable(t, "ladder.json", ladder)
	// Dust and nothing to step up to: every fusion of light Dust sticks
	// (T10); boards can be kept from filling, so a turn limit of 150 (R3).
	dust := indMakeTable([10]int{40}, indT4Dark, indT4Light, indT5Mult, "Sphere", 150, 3, 3, 4, 5)
	dustPath := indWriteTable(t, "dust.json", dust)
	def := indDefaultTable()

	games := 12
	if testing.Short() {
		games = 4
	}
	all := []int{2, 3, 4}
	configs := []indConfig{
		{name: "default", tab: def, games: 2 * games, seats: all},
		{name: "pacing", opts: game.Options{threeio.OptPacing: "on"}, tab: def, pacing: true, level: "Sphere", games: games, seats: all},
		{name: "pacing at Probe", opts: game.Options{threeio.OptPacing: "on", threeio.OptPacingLevel: "Probe"},
			tab: def, pacing: true, level: "Probe", games: games / 2, seats: all},
		{name: "pacing-level without pacing", opts: game.Options{threeio.OptPacingLevel: "Colony"}, tab: def, games: games / 2, seats: all},
		{name: "t3-classic", opts: game.Options{threeio.OptTiles: "testdata/tiles/t3-classic.json"}, tab: classic, games: games, seats: all},
		{name: "small box", opts: game.Options{threeio.OptTiles: "testdata/tiles/small-box.json"}, tab: small, games: games, seats: all},
		{name: "small box pacing", opts: game.Options{threeio.OptTiles: "testdata/tiles/small-box.json", threeio.OptPacing: "on"},
			tab: small, pacing: true, level: small.PacingLevel, games: games, seats: all},
		{name: "two dust", opts: game.Options{threeio.OptTiles: "testdata/tiles/two-dust.json"}, tab: twoDust, games: 2, seats: []int{2}},
		{name: "rich", opts: game.Options{threeio.OptTiles: richPath}, tab: rich, games: games, seats: all},
		{name: "rich pacing", opts: game.Options{threeio.OptTiles: richPath, threeio.OptPacing: "on"},
			tab: rich, pacing: true, level: "Station", games: games / 2, seats: all},
		{name: "rich pacing at Singularity", opts: game.Options{threeio.OptTiles: richPath, threeio.OptPacing: "on", threeio.OptPacingLevel: "Singularity"},
			tab: rich, pacing: true, level: "Singularity", games: games, seats: all},
		{name: "ladder", opts: game.Options{threeio.OptTiles: ladderPath}, tab: ladder, games: games / 2, seats: all},
		{name: "ladder pacing", opts: game.Options{threeio.OptTiles: ladderPath, threeio.OptPacing: "on"},
			tab: ladder, pacing: true, level: "Sphere", games: games / 2, seats: all},
		{name: "dust only", opts: game.Options{threeio.OptTiles: dustPath}, tab: dust, games: games / 2, seats: all},
		{name: "odd table", opts: game.Options{threeio.OptTiles: oddPath}, tab: odd, games: games / 2, seats: all},
	}
	n := indCounts{fusion: map[string]int{}, ends: map[string]int{}}
	failed := 0
	for ci, cf := range configs {
		for _, players := range cf.seats {
			for g := range cf.games {
				if err := indPlay(cf, ci, players, uint64(g), nil, &n); err != nil {
					t.Errorf("%v", err)
					if failed++; failed == 3 {
						t.FailNow()
					}
				}
			}
		}
	}
	// A game steered by its draws into R8: a dark Galaxy played at c3
	// fuses four dark Galaxies (c3 d3 e3 c2: one token, T12), turns light
	// and meets the light Galaxies of c4 and b3: a T13 clearing whose points
	// count that token, and whose meeples (seat 1's moved from d3, seat 2's
	// on c4, b3 and c3) go home.
	var script []string
	for _, p := range []string{"d5", "c5 crew", "c4", "a3", "a2", "b3 crew", "d3 crew", "e3", "c2", "c3 crew"} {
		script = append(script, "expand", "Galaxy", "play Galaxy "+p)
	}
	t13, tokens, home := n.fusion["t13-Galaxy"], n.tokensT13, n.homeT13
	if err := indPlay(indConfig{name: "R8 scenario", opts: game.Options{threeio.OptTiles: richPath}, tab: rich}, len(configs), 2, 0, script, &n); err != nil {
		t.Errorf("%v", err)
	}
	if n.fusion["t13-Galaxy"] == t13 || n.tokensT13 == tokens || n.homeT13 < home+4 {
		t.Error("the R8 scenario did not play out")
	}
	// T6: a table with fewer Dust than players cannot deal.
	if _, err := game.NewState(threeio.Game, 3, game.Options{threeio.OptTiles: "testdata/tiles/two-dust.json"}); err == nil {
		t.Error("two Dust dealt to three players (T6)")
	}
	t.Logf("%d games, %d decisions, %d draws in %v; %d scores (%d multiplied), %d bonus tokens earned, %d meeples sent home by T13, %d skips, %d plays from an empty box",
		n.games, n.decisions, n.chance, time.Since(start).Round(time.Millisecond), n.scores, n.multiplied, n.tokens, n.homeT13, n.skips, n.emptyBoxPlays)
	t.Logf("%d tokens scored by T13, %d meeples moved by T12, %d scores beside two multipliers, %d from a tile still holding meeples, %d ends with two reasons",
		n.tokensT13, n.movedT12, n.twoMultipliers, n.sharedTile, n.twoReasons)
	t.Logf("%d stuck fusions with a token, %d chains of three steps or more, %d expansions holding nothing, %d T13 groups of 4 or more, %d turns again for the only seat able to act",
		n.stuckTokens, n.longChains, n.emptyHanded, n.bigT13, n.again)
	t.Logf("ends: %v", n.ends)
	t.Logf("fusions: %v", n.fusion)
	if t.Failed() || testing.Short() {
		return
	}
	for _, k := range []string{"Dust-light", "Dust-to-Rock", "Dust-stuck", "Rock-light", "Probe-light", "Probe-to-Colony",
		"Sun-light", "Sun-to-Galaxy", "Sun-stuck", "Galaxy-light", "t13-Galaxy",
		"Station-light", "Station-to-Sphere", "Sphere-light", "Singularity-light", "t13-Singularity"} {
		if n.fusion[k] == 0 {
			t.Errorf("no fusion %s", k)
		}
	}
	if n.tokens < 50 || n.multiplied < 100 || n.skips == 0 || n.emptyBoxPlays < 20 || n.homeT13 == 0 || n.stuckTokens == 0 || n.longChains == 0 || n.emptyHanded == 0 || n.bigT13 == 0 || n.again == 0 ||
		n.ends[indPacing] < 5 || n.ends[indNoMoves] < 5 || n.ends[indLimit] < 5 || n.ends[indFull] < 50 {
		t.Error("the games do not exercise the rulings enough")
	}
}
