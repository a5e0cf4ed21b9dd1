package source_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/source"
)

// A second, deliberately naive reading of Source, written from the words
// of the rulings S1-S18 (shared/rulings/source.md) and of "Our rulings" in
// docs/rules/source.md, not from the package's code. It uses only what any
// program sees: the exported Observation, LegalActions, ActionString,
// ParseAction, Apply, Scores, Returns and Outcome.
//
// In many seeded random games (and a few scripted openings continued at
// random), under every combination of the options capture-needs-adjacency
// (S13) and territory (S17), it
//   - lists at every decision the moves the rulings allow, worked out from
//     the public observation, and compares them with the package's (and
//     their action numbers with the rules document's); a few actions not
//     listed are tried and must be refused without a trace;
//   - keeps a shadow of the whole position (tokens by colour,
//     fortifications, supplies, the colour to move and its AP, the count
//     of end-only turns, the end), moved on by the move strings alone, and
//     compares it after every move with the observation, including the
//     connection of every point, worked out again by a flood fill (S5);
//   - scores every position by hand (S17, our ruling 7) and, at the end,
//     checks why the game ended (S16), the winner and the returns (S18,
//     our ruling 8).
//
// The board is a 9x9 array indexed [row][column] like the observation:
// row 0 is the top row (row 9 of the notation), column 0 is column a.

const indSize = 9

// S4: the colours in turn order; they are the indices 0-3 below.
var indColours = [4]string{"red", "blue", "yellow", "green"}

// S1: going clockwise from the top-left corner: red (top-left), blue
// (top-right), yellow (bottom-right), green (bottom-left).
var indCorners = [4][2]int{{0, 0}, {0, indSize - 1}, {indSize - 1, indSize - 1}, {indSize - 1, 0}}

// S2: player 1 controls red and yellow; player 2 blue and green.
func indSeat(c int) int {
	if indColours[c] == "red" || indColours[c] == "yellow" {
		return 1
	}
	return 2
}

// S13: "opponent" means the other player's two colours.
func indOpponent(a, b int) bool { return indSeat(a) != indSeat(b) }

// The centre point e5.
var indCentre = [2]int{4, 4}

func indColourIndex(name string) int {
	for i, n := range indColours {
		if n == name {
			return i
		}
	}
	return -1
}

// indName names a point as the notation does: columns a-i left to right,
// rows 1-9 bottom to top.
func indName(r, c int) string { return indNames[r][c] }

var indNames = func() (n [indSize][indSize]string) {
	for r := range indSize {
		for c := range indSize {
			n[r][c] = fmt.Sprintf("%c%d", 'a'+c, indSize-r)
		}
	}
	return n
}()

// indParse reads a move string of the notation: "end", or a point with an
// optional prefix "+" (fortify), "-" (unfortify), "x" (capture).
func indParse(m string) (kind byte, r, c int, err error) {
	if m == "end" {
		return 'e', 0, 0, nil
	}
	kind = 'p'
	if m != "" && strings.ContainsRune("+-x", rune(m[0])) {
		kind, m = m[0], m[1:]
	}
	if len(m) != 2 || m[0] < 'a' || m[0] > 'i' || m[1] < '1' || m[1] > '9' {
		return 0, 0, 0, fmt.Errorf("cannot read move %q", m)
	}
	return kind, int('9' - m[1]), int(m[0] - 'a'), nil
}

// indNeighbours lists the orthogonal neighbours of a point on the board.
func indNeighbours(r, c int) [][2]int { return indAdjacent[r][c] }

var indAdjacent = func() (adj [indSize][indSize][][2]int) {
	for r := range indSize {
		for c := range indSize {
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr >= 0 && nr < indSize && nc >= 0 && nc < indSize {
					adj[r][c] = append(adj[r][c], [2]int{nr, nc})
				}
			}
		}
	}
	return adj
}()

// indPos is a whole position as the rulings describe it.
type indPos struct {
	colour [indSize][indSize]int  // -1 empty, else the colour of the token(s)
	fort   [indSize][indSize]bool // S8: a second token on the point
	supply [4]int
	toMove int // the colour to move; -1 at the end
	ap     int // its action points left; 0 at the end
	endRun int // S16 safety rule: end-only colour turns in a row
	over   bool
}

// indConnected works out which points of colour c are connected (S5): an
// orthogonal chain of c's own tokens from the point to c's corner, the
// corner holding a token of c. With c's corner empty (or, impossibly,
// not c's), nothing of c is connected (S6).
func indConnected(p *indPos, c int) [indSize][indSize]bool {
	var conn [indSize][indSize]bool
	cr, cc := indCorners[c][0], indCorners[c][1]
	if p.colour[cr][cc] != c {
		return conn
	}
	conn[cr][cc] = true
	var queue [indSize * indSize][2]int // a flood fill from the corner
	queue[0] = [2]int{cr, cc}
	for head, tail := 0, 1; head < tail; head++ {
		q := queue[head]
		for _, n := range indNeighbours(q[0], q[1]) {
			if p.colour[n[0]][n[1]] == c && !conn[n[0]][n[1]] { // only c's own tokens (S5)
				conn[n[0]][n[1]] = true
				queue[tail] = n
				tail++
			}
		}
	}
	return conn
}

// indAllConnected is the connection of every point, whatever its colour.
func indAllConnected(p *indPos) [indSize][indSize]bool {
	var all [indSize][indSize]bool
	for c := range 4 {
		conn := indConnected(p, c)
		for r := range indSize {
			for col := range indSize {
				if conn[r][col] {
					all[r][col] = true
				}
			}
		}
	}
	return all
}

// indIsCorner reports whether a point is some colour's corner, and whose.
func indIsCorner(r, c int) (int, bool) {
	for i, k := range indCorners {
		if k == [2]int{r, c} {
			return i, true
		}
	}
	return -1, false
}

// indLegal lists, in no order, the moves the rulings allow the colour to move,
// "end" included; none at the end.
func indLegal(p *indPos, adjacency bool) []string {
	if p.over {
		return nil
	}
	me := p.toMove
	conn := indAllConnected(p)
	var out []string
	for r := range indSize {
		for c := range indSize {
			name := indName(r, c)
			at := p.colour[r][c]
			// S7: place (1 AP) a token of the supply on an empty point next
			// to a connected token of the colour, or (S6) on the colour's
			// own empty corner; never on another colour's corner (S6).
			if at < 0 && p.supply[me] > 0 {
				owner, corner := indIsCorner(r, c)
				ok := false
				if corner {
					ok = owner == me
				} else {
					for _, n := range indNeighbours(r, c) {
						if p.colour[n[0]][n[1]] == me && conn[n[0]][n[1]] {
							ok = true
						}
					}
				}
				if ok {
					out = append(out, name)
				}
			}
			// S8: fortify (1 AP) a connected, unfortified point of the
			// colour, not the centre, with a token of the supply.
			if at == me && conn[r][c] && !p.fort[r][c] && [2]int{r, c} != indCentre && p.supply[me] > 0 {
				out = append(out, "+"+name)
			}
			if at < 0 || !indOpponent(me, at) {
				continue // S13: only the other player's colours are targets
			}
			// S9: unfortify (1 AP) an opponent's connected fortified point;
			// it costs a token of the supply, so not with an empty supply.
			// Our ruling 2: the adjacency option does not cover it.
			if p.fort[r][c] && conn[r][c] && p.supply[me] > 0 {
				out = append(out, "-"+name)
			}
			// S10-S12: capture an opponent's point: a connected one only
			// unfortified, for 2 AP (S10); an unconnected one, fortified
			// or not, for 1 AP (S11, S12).
			capturable := false
			switch {
			case conn[r][c] && !p.fort[r][c]:
				capturable = p.ap >= 2
			case !conn[r][c]:
				capturable = p.ap >= 1
			}
			// S13 option, our ruling 1: the target next to a token of the
			// capturing colour, connected or not (a partner's does not do).
			if capturable && adjacency {
				next := false
				for _, n := range indNeighbours(r, c) {
					if p.colour[n[0]][n[1]] == me {
						next = true
					}
				}
				capturable = next
			}
			if capturable {
				out = append(out, "x"+name)
			}
		}
	}
	// S14, our ruling 4: end is always legal while the game goes on.
	return append(out, "end")
}

// indScores scores the board (S17): by colour and by seat.
func indScores(p *indPos, regions bool) (colours [4]int, seats [2]int, territory int) {
	conn := indAllConnected(p)
	for r := range indSize {
		for c := range indSize {
			at := p.colour[r][c]
			switch {
			case at < 0:
			case conn[r][c] && [2]int{r, c} == indCentre:
				colours[at] += 10 // S17: the connected centre, 10 instead of 2
			case conn[r][c]:
				colours[at] += 2 // S17: connected, 2; a fortification adds nothing
			default:
				colours[at]++ // S17: not connected, 1
			}
		}
	}
	if !regions {
		// S17: an empty point whose orthogonal neighbours (2, 3 or 4 of
		// them: the edge counts neither way) are all tokens of one single
		// colour: 3 to that colour. Our ruling 6: another colour's empty
		// corner counts too.
		for r := range indSize {
			for c := range indSize {
				if p.colour[r][c] >= 0 {
					continue
				}
				owner := -1
				for _, n := range indNeighbours(r, c) {
					nb := p.colour[n[0]][n[1]]
					switch {
					case nb < 0:
						owner = -2
					case owner == -1:
						owner = nb
					case owner >= 0 && owner != nb:
						owner = -2
					}
				}
				if owner >= 0 {
					colours[owner] += 3
					territory += 3
				}
			}
		}
	} else {
		// S17 option territory=regions: each point of an empty orthogonal
		// region bordered by one colour only scores 3 to it. Our ruling 5:
		// a region bordered by no colour scores nothing.
		var seen [indSize][indSize]bool
		for r := range indSize {
			for c := range indSize {
				if p.colour[r][c] >= 0 || seen[r][c] {
					continue
				}
				seen[r][c] = true
				// A flood fill of the empty region, noting the colours
				// around it.
				var region [indSize * indSize][2]int
				region[0] = [2]int{r, c}
				size := 1
				var border [4]bool
				for i := 0; i < size; i++ {
					for _, n := range indNeighbours(region[i][0], region[i][1]) {
						switch nb := p.colour[n[0]][n[1]]; {
						case nb >= 0:
							border[nb] = true
						case !seen[n[0]][n[1]]:
							seen[n[0]][n[1]] = true
							region[size] = n
							size++
						}
					}
				}
				owner, owners := -1, 0
				for col, b := range border {
					if b {
						owner, owners = col, owners+1
					}
				}
				if owners == 1 {
					colours[owner] += 3 * size
					territory += 3 * size
				}
			}
		}
	}
	// S17: each player scores the sum of its two colours.
	for c := range 4 {
		seats[indSeat(c)-1] += colours[c]
	}
	return colours, seats, territory
}

// indResult is the winner at the end (S18): the higher score wins; on a
// tie the player with a token of either colour on the centre, connected or
// not; otherwise a draw (0). Our ruling 8: a draw returns 0.5 each.
func indResult(p *indPos, regions bool) (winner int, returns []float64) {
	_, sc, _ := indScores(p, regions)
	switch {
	case sc[0] > sc[1]:
		winner = 1
	case sc[1] > sc[0]:
		winner = 2
	case p.colour[indCentre[0]][indCentre[1]] >= 0:
		winner = indSeat(p.colour[indCentre[0]][indCentre[1]])
	}
	switch winner {
	case 1:
		return 1, []float64{1, 0}
	case 2:
		return 2, []float64{0, 1}
	}
	return 0, []float64{0.5, 0.5}
}

// indShadow is the position moved on by the move strings alone.
type indShadow struct {
	indPos
	adjacency, regions bool
	acted              bool // the current colour turn took an action besides end

	// Statistics, to see that the games reach the rulings.
	skipped, selfEnded1AP, cornerCaptures, cornerReplaced, capture2, fortCaptures, unforts, idleEnds, supplyEnds int
}

func newIndShadow(adjacency, regions bool) *indShadow {
	sh := &indShadow{adjacency: adjacency, regions: regions}
	for r := range indSize {
		for c := range indSize {
			sh.colour[r][c] = -1
		}
	}
	for c := range 4 {
		// S1, S3: a token on each corner, 24 in each supply.
		sh.colour[indCorners[c][0]][indCorners[c][1]] = c
		sh.supply[c] = 25 - 1
	}
	sh.toMove, sh.ap = 0, 2 // S4: red first; 2 AP a turn
	return sh
}

// hasAction reports whether the colour to move has any action besides end
// with its AP left.
func (sh *indShadow) hasAction() bool { return len(indLegal(&sh.indPos, sh.adjacency)) > 1 }

// finishTurn ends the colour turn and moves on to the next colour.
func (sh *indShadow) finishTurn() {
	if !sh.acted {
		// S16 safety rule: a turn that took no action but end counts; the
		// fourth in a row ends the game.
		sh.endRun++
		if sh.endRun >= 4 {
			sh.end()
			sh.idleEnds++
			return
		}
	}
	for {
		sh.toMove = (sh.toMove + 1) % 4 // S4
		sh.ap = 2
		sh.acted = false
		if sh.hasAction() {
			return
		}
		// Our ruling 3: a turn with nothing but end is skipped and counts
		// as an end-only turn (S16).
		sh.skipped++
		sh.endRun++
		if sh.endRun >= 4 {
			sh.end()
			sh.idleEnds++
			return
		}
	}
}

func (sh *indShadow) end() { sh.over, sh.toMove, sh.ap = true, -1, 0 }

// play moves the shadow on by one move string, which must be one the
// rulings allow.
func (sh *indShadow) play(m string) error {
	if !slices.Contains(indLegal(&sh.indPos, sh.adjacency), m) {
		return fmt.Errorf("the rulings do not allow %s", m)
	}
	kind, r, c, err := indParse(m)
	if err != nil {
		return err
	}
	me := sh.toMove
	if kind == 'e' {
		sh.finishTurn() // S14: end gives up the AP left
		return nil
	}
	cost := 1
	switch kind {
	case 'p': // S7
		if _, corner := indIsCorner(r, c); corner {
			sh.cornerReplaced++ // S6: the colour's own corner again
		}
		sh.colour[r][c] = me
		sh.supply[me]--
	case '+': // S8
		sh.fort[r][c] = true
		sh.supply[me]--
	case '-': // S9: the fortification token and one token of the supply
		sh.fort[r][c] = false
		sh.supply[me]--
		sh.unforts++
	case 'x': // S10-S12: the point's token(s) leave the game (S15)
		if indConnected(&sh.indPos, sh.colour[r][c])[r][c] {
			cost = 2 // S10
			sh.capture2++
		}
		if sh.fort[r][c] {
			sh.fortCaptures++ // S12: both tokens go
		}
		if _, corner := indIsCorner(r, c); corner {
			sh.cornerCaptures++
		}
		sh.colour[r][c] = -1
		sh.fort[r][c] = false
	}
	sh.ap -= cost
	sh.acted = true
	sh.endRun = 0 // S16: any other action resets the count
	if sh.supply[me] == 0 {
		// S16: the game ends immediately after the action that empties a
		// supply.
		sh.end()
		sh.supplyEnds++
		return nil
	}
	// S14: the turn ends by itself when its AP are spent or nothing but
	// end is legal with the AP left.
	if sh.ap == 0 {
		sh.finishTurn()
	} else if !sh.hasAction() {
		sh.selfEnded1AP++
		sh.finishTurn()
	}
	return nil
}

// indFromObservation reads the position out of the observation, with the
// connection the observation claims for every point.
func indFromObservation(o source.Observation) (indPos, [indSize][indSize]bool, error) {
	var p indPos
	var conn [indSize][indSize]bool
	for r := range indSize {
		for c := range indSize {
			cell := o.Board[r][c]
			p.colour[r][c] = -1
			if cell.Colour != "" {
				if p.colour[r][c] = indColourIndex(cell.Colour); p.colour[r][c] < 0 {
					return p, conn, fmt.Errorf("%s: unknown colour %q", indName(r, c), cell.Colour)
				}
			} else if cell.Fortified || cell.Connected {
				return p, conn, fmt.Errorf("%s: empty but fortified %v, connected %v", indName(r, c), cell.Fortified, cell.Connected)
			}
			p.fort[r][c] = cell.Fortified
			conn[r][c] = cell.Connected
		}
	}
	for c := range 4 {
		p.supply[c] = o.Colours[c].Supply
	}
	p.toMove = indColourIndex(o.ToMove)
	if o.ToMove != "" && p.toMove < 0 {
		return p, conn, fmt.Errorf("unknown colour to move %q", o.ToMove)
	}
	p.ap, p.endRun, p.over = o.AP, o.EndOnlyTurns, o.Over
	return p, conn, nil
}

// compare checks the observation against the shadow.
func (sh *indShadow) compare(o source.Observation) error {
	p, conn, err := indFromObservation(o)
	if err != nil {
		return err
	}
	var diffs []string
	for r := range indSize {
		for c := range indSize {
			if p.colour[r][c] != sh.colour[r][c] || p.fort[r][c] != sh.fort[r][c] {
				diffs = append(diffs, fmt.Sprintf("%s: observed colour %d fortified %v, the shadow has colour %d fortified %v",
					indName(r, c), p.colour[r][c], p.fort[r][c], sh.colour[r][c], sh.fort[r][c]))
			}
		}
	}
	want := indAllConnected(&sh.indPos)
	for r := range indSize {
		for c := range indSize {
			if conn[r][c] != want[r][c] {
				diffs = append(diffs, fmt.Sprintf("%s: observed connected %v, S5 says %v", indName(r, c), conn[r][c], want[r][c]))
			}
		}
	}
	if p.supply != sh.supply {
		diffs = append(diffs, fmt.Sprintf("supplies %v, the shadow has %v", p.supply, sh.supply))
	}
	if p.toMove != sh.toMove || p.ap != sh.ap || p.endRun != sh.endRun || p.over != sh.over {
		diffs = append(diffs, fmt.Sprintf("to move %d with %d AP, end-only turns %d, over %v; the shadow has %d with %d AP, %d, %v",
			p.toMove, p.ap, p.endRun, p.over, sh.toMove, sh.ap, sh.endRun, sh.over))
	}
	wantSeat := 0
	if !sh.over {
		wantSeat = indSeat(sh.toMove) // S2
	}
	if o.Seat != wantSeat {
		diffs = append(diffs, fmt.Sprintf("seat to move %d, S2 says %d", o.Seat, wantSeat))
	}
	cs, ss, _ := indScores(&sh.indPos, sh.regions)
	for c := range 4 {
		cv := o.Colours[c]
		if cv.Colour != indColours[c] || cv.Seat != indSeat(c) || cv.Score != cs[c] {
			diffs = append(diffs, fmt.Sprintf("colour %d: observed %s seat %d score %d; the rulings say %s seat %d score %d",
				c, cv.Colour, cv.Seat, cv.Score, indColours[c], indSeat(c), cs[c]))
		}
	}
	if o.Scores != ss {
		diffs = append(diffs, fmt.Sprintf("scores %v, S17 says %v", o.Scores, ss))
	}
	wantWinner := 0
	if sh.over {
		wantWinner, _ = indResult(&sh.indPos, sh.regions)
	}
	if o.Winner != wantWinner {
		diffs = append(diffs, fmt.Sprintf("winner %d, S18 says %d", o.Winner, wantWinner))
	}
	if len(diffs) > 0 {
		return errors.New(strings.Join(diffs, "\n"))
	}
	return nil
}

// indCounts sums what the games covered.
type indCounts struct {
	games, decisions, moves, skipped, selfEnded1AP, cornerCaptures, cornerReplaced, capture2, fortCaptures, unforts,
	idleEnds, supplyEnds, territoryPositions, ties, draws, foreignCorners int
}

// indChoose picks a move: in a quarter of the games uniformly, otherwise
// by a kind chosen with the game's weights, so that some games are rich in
// ends (the S16 safety rule), some in captures (S6, S10-S12), some in
// fortifications (S8, S9, S12).
func indChoose(rng *rand.Rand, weights *[5]float64, moves []string) int {
	if weights == nil {
		return rng.IntN(len(moves))
	}
	kindOf := func(m string) int {
		switch {
		case m == "end":
			return 4
		case m[0] == '+':
			return 1
		case m[0] == '-':
			return 2
		case m[0] == 'x':
			return 3
		}
		return 0
	}
	var byKind [5][]int
	for i, m := range moves {
		k := kindOf(m)
		byKind[k] = append(byKind[k], i)
	}
	total := 0.0
	for k := range byKind {
		if len(byKind[k]) > 0 {
			total += weights[k]
		}
	}
	x := rng.Float64() * total
	for k := range byKind {
		if len(byKind[k]) == 0 {
			continue
		}
		if x -= weights[k]; x < 0 || k == 4 {
			return byKind[k][rng.IntN(len(byKind[k]))]
		}
	}
	return len(moves) - 1
}

// indPlay plays one seeded random game, checking every node; it returns
// the first disagreement. The game opens with the moves of prefix (a
// scripted opening, checked like any other move), then goes on at random.
func indPlay(adjacency, regions bool, seed uint64, opening string, prefix []string, n *indCounts) error {
	opts := game.Options{source.OptCaptureAdjacency: "off", source.OptTerritory: source.TerritorySingle}
	if adjacency {
		opts[source.OptCaptureAdjacency] = "on"
	}
	if regions {
		opts[source.OptTerritory] = source.TerritoryRegions
	}
	st, err := game.NewState(source.Game, 2, opts)
	if err != nil {
		return err
	}
	maxLen := source.Game.MaxLength(st.Config())
	rng := rand.New(rand.NewPCG(seed, 0x50c3))
	var weights *[5]float64
	if seed%4 != 0 {
		levels := []float64{0.05, 0.3, 1, 3, 10}
		weights = &[5]float64{}
		for k := range weights {
			weights[k] = levels[rng.IntN(len(levels))]
		}
	}
	sh := newIndShadow(adjacency, regions)
	var moves []string
	where := func() string {
		from := max(0, len(moves)-12)
		return fmt.Sprintf("options %v, seed %d, opening %q (%d moves), after move %d (last: %s)\n%s",
			opts, seed, opening, len(prefix), len(moves), strings.Join(moves[from:], ", "), st.Render(game.Spectator))
	}
	n.games++
	for {
		o, ok := st.Observation(game.Spectator).(source.Observation)
		if !ok {
			return fmt.Errorf("observation of type %T", st.Observation(game.Spectator))
		}
		// Everything is public: every seat sees what a spectator sees
		// (checked now and then: observations are big).
		for _, q := range []game.Player{0, 1} {
			if (len(moves)%8 == 0 || sh.over) && st.Observation(q) != any(o) {
				return fmt.Errorf("seat %d's observation differs from the spectator's\n%s", q.Seat(), where())
			}
		}
		if err := sh.compare(o); err != nil {
			return fmt.Errorf("the observation disagrees with the shadow:\n%v\n%s", err, where())
		}
		// S17, our ruling 7: the scores of the board as it stands.
		_, ss, territory := indScores(&sh.indPos, regions)
		if got := st.(game.Scorer).Scores(nil); !slices.Equal(got, []float64{float64(ss[0]), float64(ss[1])}) {
			return fmt.Errorf("Scores %v, S17 says %v\n%s", got, ss, where())
		}
		if territory > 0 {
			n.territoryPositions++ // some territory scored
		}
		if st.CurrentPlayer() == game.Terminal {
			if !sh.over {
				return fmt.Errorf("the game is over, the shadow goes on\n%s", where())
			}
			// S18 and our ruling 8.
			_, want := indResult(&sh.indPos, regions)
			if got := st.Returns(nil); !slices.Equal(got, want) {
				return fmt.Errorf("Returns %v, S18 says %v\n%s", got, want, where())
			}
			// S16: why the game ended, and whose supply ran out.
			oc := st.(game.Outcomer).Outcome(nil)
			wantReason := "supply"
			if sh.idleEnds > 0 {
				wantReason = "idle"
			}
			if oc.Reason != wantReason {
				return fmt.Errorf("the game ended for %q, S16 says %q\n%s", oc.Reason, wantReason, where())
			}
			for c, name := range indColours {
				wantN := 0
				if sh.supply[c] == 0 {
					wantN = 1
				}
				i := slices.IndexFunc(oc.Counts, func(cnt game.Count) bool { return cnt.Name == "supply-"+name })
				if i < 0 || oc.Counts[i].N != wantN {
					return fmt.Errorf("outcome counts %v, want supply-%s %d\n%s", oc.Counts, name, wantN, where())
				}
			}
			if ss[0] == ss[1] {
				n.ties++
				if want[0] == 0.5 {
					n.draws++
				}
			}
			if len(moves) > maxLen {
				return fmt.Errorf("%d moves, more than MaxLength %d", len(moves), maxLen)
			}
			n.moves += len(moves)
			n.skipped += sh.skipped
			n.selfEnded1AP += sh.selfEnded1AP
			n.cornerCaptures += sh.cornerCaptures
			n.cornerReplaced += sh.cornerReplaced
			n.capture2 += sh.capture2
			n.fortCaptures += sh.fortCaptures
			n.unforts += sh.unforts
			n.idleEnds += sh.idleEnds
			n.supplyEnds += sh.supplyEnds
			return nil
		}
		if got := st.Returns(nil); !slices.Equal(got, []float64{0, 0}) {
			return fmt.Errorf("Returns %v before the end\n%s", got, where())
		}
		// S2: the seat to move is the colour to move's.
		if got := st.CurrentPlayer().Seat(); got != indSeat(sh.toMove) {
			return fmt.Errorf("seat %d to move, the shadow's colour %s is seat %d\n%s", got, indColours[sh.toMove], indSeat(sh.toMove), where())
		}
		n.decisions++
		obsPos, _, err := indFromObservation(o)
		if err != nil {
			return err
		}
		want := indLegal(&obsPos, adjacency)
		slices.Sort(want)
		// For the statistics: another colour's empty corner next to a
		// connected token of the colour to move, refused by S6.
		conn := indConnected(&obsPos, obsPos.toMove)
		for k, at := range indCorners {
			if k == obsPos.toMove || obsPos.colour[at[0]][at[1]] >= 0 || obsPos.supply[obsPos.toMove] == 0 {
				continue
			}
			for _, nb := range indNeighbours(at[0], at[1]) {
				if conn[nb[0]][nb[1]] {
					n.foreignCorners++
					break
				}
			}
		}
		legal := st.LegalActions(nil)
		got := make([]string, len(legal))
		for i, a := range legal {
			got[i] = st.ActionString(a)
			if b, err := st.ParseAction(got[i]); err != nil || b != a {
				return fmt.Errorf("ParseAction(%q) = %d, %v; want %d", got[i], b, err, a)
			}
			if want := indActionNumber(got[i]); int(a) != want {
				return fmt.Errorf("%s is action %d, the rules document numbers it %d", got[i], a, want)
			}
		}
		if !slices.IsSorted(legal) {
			return fmt.Errorf("legal actions %v not in ascending order", legal)
		}
		sortedGot := slices.Sorted(slices.Values(got))
		if !slices.Equal(sortedGot, want) {
			return fmt.Errorf("legal moves\n%v\nthe rulings allow\n%v\n(only the package's: %v; only the rulings': %v)\n%s",
				sortedGot, want, indMinus(sortedGot, want), indMinus(want, sortedGot), where())
		}
		// Every action the package does not list is refused and changes
		// nothing (a few at random at each decision).
		for range 2 {
			a := game.Action(rng.IntN(indActions))
			if slices.Contains(legal, a) {
				continue
			}
			c := st.Clone()
			if err := c.Apply(a); err == nil {
				return fmt.Errorf("Apply(%d) = %s, not listed, accepted\n%s", a, st.ActionString(a), where())
			}
			if c.Observation(game.Spectator) != o {
				return fmt.Errorf("Apply(%d) = %s, refused, changed the position\n%s", a, st.ActionString(a), where())
			}
		}
		i := indChoose(rng, weights, got)
		if len(moves) < len(prefix) {
			if i = slices.Index(got, prefix[len(moves)]); i < 0 {
				return fmt.Errorf("scripted move %s is not legal\n%s", prefix[len(moves)], where())
			}
		}
		m := got[i]
		if err := st.Apply(legal[i]); err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
		moves = append(moves, m)
		if err := sh.play(m); err != nil {
			return fmt.Errorf("shadow: %s: %v\n%s", m, err, where())
		}
	}
}

// indActions is the number of action numbers: four blocks of 81 points
// and end (docs/rules/source.md, "Action numbers").
const indActions = 4*81 + 1

// indActionNumber numbers a move as docs/rules/source.md ("Action
// numbers") does: point = (9 - row)*9 + column, place p, fortify 81+p,
// unfortify 162+p, capture 243+p, end 324.
func indActionNumber(m string) int {
	kind, r, c, err := indParse(m)
	if err != nil {
		return -1
	}
	p := r*indSize + c // row r of the observation is row 9-r of the notation
	switch kind {
	case '+':
		return 81 + p
	case '-':
		return 162 + p
	case 'x':
		return 243 + p
	case 'e':
		return 324
	}
	return p
}

// indMinus lists the elements of a not in b.
func indMinus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// indOpenings are scripted openings, each followed by random play, for
// what random play seldom reaches.
var indOpenings = []struct {
	name  string
	moves string
}{
	// Yellow walls red in: up column i and along row 8 to b9 and a8,
	// while the others end their turns (three end-only turns in a row at
	// most, S16). Red then fortifies a9 and, with 1 AP left and nothing
	// but 2-AP captures, its turn ends by itself (S14). With
	// capture-needs-adjacency=on red's later turns have nothing at all
	// and are skipped (our ruling 3) unless an unfortify comes up.
	{"red walled in", `end end i2 i3 end  end end i4 i5 end  end end i6 i7 end  end end i8 h8 end
		end end g8 f8 end  end end e8 d8 end  end end c8 b8 end  end end b9 a8 end  +a9`},
	// Red runs along row 9 and captures blue's corner (2 AP, S10); blue
	// ends instead of putting it back (S6), so red's h9 stands next to an
	// empty corner that is not red's: S6 refuses it to red.
	{"red takes blue's corner", `b9 c9 end end end  d9 e9 end end end  f9 g9 end end end  h9 end end end end
		xi9 end end end`},
	// Red reaches the centre (9 connected tokens: 8x2+10 = 26, with
	// yellow's corner 28), green lays 13 connected tokens (26, with blue's
	// corner 28); four ends in a row end the game (S16) on a tie that red
	// on the centre breaks for seat 1 (S18).
	{"tie on the centre", `b9 c9 end end b1 c1  d9 e9 end end d1 e1  e8 e7 end end f1 g1  e6 e5 end end h1 a2
		end end end a3 a4  end end end a5 a6  end end end end`},
}

// TestIndependentReading plays seeded random games under every option
// combination, and a few scripted openings continued at random, and checks
// every decision, position and end against the naive reading.
func TestIndependentReading(t *testing.T) {
	games, scripted := 250, 20
	if testing.Short() {
		games, scripted = 60, 5
	}
	var n indCounts
	failed := 0
	check := func(err error) {
		if err != nil {
			t.Errorf("%v", err)
			if failed++; failed == 3 {
				t.FailNow()
			}
		}
	}
	for _, adjacency := range []bool{false, true} {
		for _, regions := range []bool{false, true} {
			for g := range games {
				check(indPlay(adjacency, regions, uint64(g), "none", nil, &n))
			}
			for _, op := range indOpenings {
				for g := range scripted {
					check(indPlay(adjacency, regions, uint64(g), op.name, strings.Fields(op.moves), &n))
				}
			}
		}
	}
	t.Logf("%d games, %d decisions, %d moves; %d supply ends and %d idle ends (S16); %d skipped turns and %d turns ended by themselves with 1 AP (S14); %d 2-AP captures (S10), %d captures of fortified points (S12), %d unfortifies (S9); %d corners captured, %d put back, %d times another's empty corner next to a chain (S6); %d positions with territory (S17); %d ties, %d draws (S18)",
		n.games, n.decisions, n.moves, n.supplyEnds, n.idleEnds, n.skipped, n.selfEnded1AP, n.capture2, n.fortCaptures, n.unforts,
		n.cornerCaptures, n.cornerReplaced, n.foreignCorners, n.territoryPositions, n.ties, n.draws)
	if failed == 0 && !testing.Short() && (n.idleEnds < 10 || n.supplyEnds < 10 || n.cornerReplaced < 10 || n.foreignCorners < 10 || n.fortCaptures < 10 || n.unforts < 10 ||
		n.territoryPositions < 100 || n.skipped < 5 || n.selfEnded1AP < 5 || n.ties-n.draws < 5) {
		t.Error("the games do not exercise the rulings enough")
	}
}
