package threeio

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/game"
)

const (
	side       = 6
	numCells   = side * side
	maxPlayers = 4
	fullBoard  = uint64(1)<<numCells - 1
)

// Actions of a player. A play packs the tile type, the sector and whether
// crew goes on the tile; scores and the expand announcement follow, so that
// at any node the legal actions ascend in the order they are listed.
// At a draw (a chance node) the action is the tile type drawn, 0..9.
const (
	numPlays  = NumTiles * numCells * 2 // play: (tile*36 + sector)*2 + crew
	scoreBase = numPlays                // score: scoreBase + sector
	actExpand = scoreBase + numCells    // expand
	numActs   = actExpand + 1
)

func playAction(t Tile, c int, crew bool) game.Action {
	a := (int(t)*numCells + c) * 2
	if crew {
		a++
	}
	return game.Action(a)
}

func decodePlay(a game.Action) (t Tile, c int, crew bool) {
	return Tile(int(a) / (numCells * 2)), int(a) / 2 % numCells, a%2 == 1
}

// phase is where a turn stands (T7a).
type phase uint8

const (
	// phaseAnnounce: the player announces expand or score at a sector; with
	// an empty box its play actions stand here instead of expand.
	phaseAnnounce phase = iota
	// phaseDraw: after expand, chance draws a tile from the box.
	phaseDraw
	// phasePlay: after the draw, the player plays one held tile.
	phasePlay
	// phaseOver: the game has ended.
	phaseOver
)

// endReason says why a game ended, for people.
type endReason uint8

const (
	notOver   endReason = iota
	boardFull           // T14
	noMoves             // T14: nobody can expand or score
	paced               // T15
	turnLimit           // our ruling: the table's turn_limit
)

var endReasons = [...]string{"", "every sector is occupied", "no player can expand or score", "a fusion reached the pacing level", "the turn limit was reached"}

// cell is one sector of the board.
type cell struct {
	kind  uint8 // 0 empty, else Tile+1
	light bool
	// bonus counts the tile's bonus tokens (T12). uint16 is enough: a
	// fusion makes at most 1 token per 2 tiles it takes off the board
	// (4 tiles: 1 for 3 removed; 5 or more: 2 for 4 or more), and a board
	// only gets its tiles from plays, at most one per turn, so a game of
	// the longest turn limit (100000) makes fewer than 51000 tokens.
	bonus   uint16
	meeples [maxPlayers]uint8 // crew on the tile, by player
}

func (c *cell) tile() Tile { return Tile(c.kind - 1) }

func (c *cell) sideIndex() int {
	if c.light {
		return 1
	}
	return 0
}

// State is a position of 3io. It is a plain value: Clone copies it.
type State struct {
	r     *rules // shared, never changed
	board [numCells]cell
	occ   uint64 // bit c set when sector c holds a tile
	// held are each player's tiles, ascending, -1 for an empty slot. A
	// player holds two tiles only between a draw and the play.
	held     [maxPlayers][2]int8
	crew     [maxPlayers]uint8 // crew in hand (T1)
	score    [maxPlayers]int64
	box      [NumTiles]uint8
	boxTotal uint16
	player   int8
	phase    phase
	end      endReason
	turns    uint32 // finished turns
	// fusions counts the fusions of each type over the game, for the lab
	// (game.Outcomer; no rule reads them): [t][0] a dark group turned
	// light, [t][1] a light group turned into the next type (for Galaxy
	// and Singularity: a T13 clearing), [t][2] a light group that stayed
	// light for want of the next type (T10).
	fusions [NumTiles][3]uint16
}

// neighbors lists each sector's orthogonal neighbours, -1 padding.
var neighbors = func() (n [numCells][4]int8) {
	for c := range numCells {
		k := 0
		n[c] = [4]int8{-1, -1, -1, -1}
		f, r := c%side, c/side
		if f > 0 {
			n[c][k], k = int8(c-1), k+1
		}
		if f < side-1 {
			n[c][k], k = int8(c+1), k+1
		}
		if r > 0 {
			n[c][k], k = int8(c-side), k+1
		}
		if r < side-1 {
			n[c][k] = int8(c + side)
		}
	}
	return n
}()

func newState(r *rules) *State {
	s := &State{r: r}
	for t := range NumTiles {
		s.box[t] = uint8(r.tiles.Count[t])
		s.boxTotal += uint16(r.tiles.Count[t])
	}
	for p := range maxPlayers {
		s.held[p] = [2]int8{-1, -1}
	}
	// T6: each player is dealt one Dust, face up. The type is fixed, so the
	// deal is part of the initial state, not a chance event.
	for p := range r.players {
		s.held[p][0] = int8(Dust)
		s.box[Dust]--
		s.boxTotal--
		s.crew[p] = uint8(r.tiles.Crew)
	}
	// T9: seat 1 starts. With an empty box after the deal, seat 1 still
	// holds its Dust, so it can act.
	return s
}

// Config returns the game's configuration.
func (s *State) Config() game.Config { return s.r.cfg }

// CurrentPlayer returns the seat to move, Chance at a draw, or Terminal.
func (s *State) CurrentPlayer() game.Player {
	switch s.phase {
	case phaseOver:
		return game.Terminal
	case phaseDraw:
		return game.Chance
	}
	return game.Player(s.player)
}

// Clone returns a copy; the shared rules are immutable.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// LegalActions appends the legal actions in ascending order.
func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.phase {
	case phaseDraw:
		for t := range NumTiles {
			if s.box[t] > 0 {
				buf = append(buf, game.Action(t))
			}
		}
	case phasePlay:
		buf = s.appendPlays(buf)
	case phaseAnnounce:
		// T7a: with an empty box there is no draw, so the plays stand
		// beside the scores and there is nothing to announce.
		if s.boxTotal == 0 {
			buf = s.appendPlays(buf)
		}
		p := s.player
		if int(s.crew[p]) < s.r.tiles.Crew {
			for c := range numCells {
				if s.board[c].meeples[p] > 0 {
					buf = append(buf, game.Action(scoreBase+c))
				}
			}
		}
		if s.boxTotal > 0 {
			buf = append(buf, actExpand)
		}
	}
	return buf
}

// appendPlays appends the play actions of the player to move: every held
// type once (T7a: two identical tiles give one set), every empty sector,
// without and with crew.
func (s *State) appendPlays(buf []game.Action) []game.Action {
	p := s.player
	h := s.held[p]
	withCrew := s.crew[p] > 0
	empty := ^s.occ & fullBoard
	for i, t := range h {
		if t < 0 || (i == 1 && t == h[0]) {
			continue
		}
		base := int(t) * numCells * 2
		for e := empty; e != 0; e &= e - 1 {
			a := game.Action(base + 2*bits.TrailingZeros64(e))
			buf = append(buf, a)
			if withCrew {
				buf = append(buf, a+1)
			}
		}
	}
	return buf
}

// ChanceOutcomes lists the draws: each type in the box with probability
// count/remaining (T6: the box is shuffled, draws are blind).
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.phase != phaseDraw {
		return buf
	}
	total := float64(s.boxTotal)
	for t := range NumTiles {
		if s.box[t] > 0 {
			buf = append(buf, game.ChanceOutcome{Action: game.Action(t), P: float64(s.box[t]) / total})
		}
	}
	return buf
}

func (s *State) holds(p int8, t Tile) bool {
	return s.held[p][0] == int8(t) || s.held[p][1] == int8(t)
}

// Apply plays a legal action or chance outcome; an illegal one returns an
// error naming the move and the reason and changes nothing.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	switch {
	case s.phase == phaseDraw:
		s.draw(Tile(a))
	case a < numPlays:
		t, c, crew := decodePlay(a)
		s.play(t, c, crew)
	case a < actExpand:
		s.scoreAt(int(a - scoreBase))
	default:
		s.phase = phaseDraw
	}
	return nil
}

// check returns why a is illegal, or nil.
func (s *State) check(a game.Action) error {
	switch s.phase {
	case phaseOver:
		return fmt.Errorf("%s: the game is over", s.moveName(a))
	case phaseDraw:
		if a < 0 || a >= NumTiles {
			return fmt.Errorf("action %d: a draw is due and draws are tile types 0..%d", a, NumTiles-1)
		}
		if s.box[a] == 0 {
			return fmt.Errorf("draw %s: the box holds no %s", Tile(a), Tile(a))
		}
		return nil
	}
	if a < 0 || a >= numActs {
		return fmt.Errorf("action %d: no such action in 3io", a)
	}
	p := s.player
	switch {
	case a < numPlays:
		t, c, crew := decodePlay(a)
		switch {
		case s.phase == phaseAnnounce && s.boxTotal > 0:
			return fmt.Errorf("%s: the box has tiles, so seat %d announces expand first and plays after the draw (T7a)", s.moveName(a), p+1)
		case !s.holds(p, t):
			return fmt.Errorf("%s: seat %d holds no %s", s.moveName(a), p+1, t)
		case s.occ&(1<<c) != 0:
			return fmt.Errorf("%s: sector %s is occupied", s.moveName(a), sectorName(c))
		case crew && s.crew[p] == 0:
			return fmt.Errorf("%s: seat %d has no crew in hand", s.moveName(a), p+1)
		}
	case a < actExpand:
		c := int(a - scoreBase)
		switch {
		case s.phase != phaseAnnounce:
			return fmt.Errorf("%s: seat %d has expanded and must play a tile now", s.moveName(a), p+1)
		case s.board[c].meeples[p] == 0:
			return fmt.Errorf("%s: seat %d has no meeple on %s", s.moveName(a), p+1, sectorName(c))
		}
	default:
		switch {
		case s.phase != phaseAnnounce:
			return fmt.Errorf("expand: seat %d has already expanded and must play a tile now", p+1)
		case s.boxTotal == 0:
			return fmt.Errorf("expand: the box is empty; play the held tile directly or score (T7a)")
		}
	}
	return nil
}

// draw gives the drawn tile to the player to move (T7 step 1).
func (s *State) draw(t Tile) {
	s.box[t]--
	s.boxTotal--
	h := &s.held[s.player]
	if h[0] < 0 {
		h[0] = int8(t)
	} else {
		h[1] = int8(t)
		if h[1] < h[0] {
			h[0], h[1] = h[1], h[0]
		}
	}
	s.phase = phasePlay
}

// play places a held tile dark side up (T7 steps 2-3), fuses (step 4,
// T10-T13) and ends the turn.
func (s *State) play(t Tile, c int, crew bool) {
	p := s.player
	h := &s.held[p]
	if h[0] == int8(t) {
		h[0], h[1] = h[1], -1
	} else {
		h[1] = -1
	}
	cl := &s.board[c]
	*cl = cell{kind: uint8(t) + 1}
	s.occ |= 1 << c
	if crew {
		cl.meeples[p]++
		s.crew[p]--
	}
	s.endTurn(s.fuse(c))
}

// group writes the orthogonal group of same type and same side around c
// into g, c first, and returns its size (T10).
func (s *State) group(c int, g *[numCells]int8) int {
	kind, light := s.board[c].kind, s.board[c].light
	seen := uint64(1) << c
	g[0] = int8(c)
	n := 1
	for i := 0; i < n; i++ {
		for _, o := range neighbors[g[i]] {
			if o < 0 {
				break
			}
			if seen&(1<<o) != 0 {
				continue
			}
			seen |= 1 << o
			if oc := &s.board[o]; oc.kind == kind && oc.light == light {
				g[n] = o
				n++
			}
		}
	}
	return n
}

// fuse runs the chain of fusions into the tile just played at c (T10-T13)
// and reports whether a fusion reached the pacing level (T15).
func (s *State) fuse(c int) (reached bool) {
	var g [numCells]int8
	tiles := &s.r.tiles
	for {
		n := s.group(c, &g)
		if n < tiles.Fusion { // T10: three or more, by default
			return reached
		}
		cl := &s.board[c]
		t := cl.tile()
		if cl.light && t.Top() {
			// T13: light Galaxies or Singularities score their light
			// points and bonus tokens for the player who played, never
			// multiplied, then all leave the board; meeples go home.
			var pts int64
			for _, o := range g[:n] {
				oc := &s.board[o]
				pts += int64(tiles.Points[t][1]) + int64(oc.bonus)
				for q, m := range oc.meeples {
					s.crew[q] += m
				}
				*oc = cell{}
				s.occ &^= 1 << o
			}
			s.box[t] += uint8(n)
			s.boxTotal += uint16(n)
			s.score[s.player] += pts
			s.count(t, 1)
			// T15: a Singularity fusion is above every pacing level.
			return reached || (s.r.pacing && t.Civilization() && t >= s.r.level)
		}
		// T10/T12: the others leave for the box; their meeples and
		// tokens move onto the played tile.
		for _, o := range g[1:n] {
			oc := &s.board[o]
			cl.bonus += oc.bonus
			for q, m := range oc.meeples {
				cl.meeples[q] += m
			}
			*oc = cell{}
			s.occ &^= 1 << o
		}
		s.box[t] += uint8(n - 1)
		s.boxTotal += uint16(n - 1)
		switch { // T12: 4 tiles earn one token, 5 or more two, by default
		case n >= tiles.TwoBonusAt:
			cl.bonus += 2
		case n >= tiles.OneBonusAt:
			cl.bonus++
		}
		stuck := false
		switch u := t + 1; {
		case !cl.light:
			cl.light = true
			s.count(t, 0)
		case s.box[u] > 0:
			// T10: the light tile goes to the box and a dark one of the
			// next type comes out.
			s.box[u]--
			s.box[t]++
			cl.kind = uint8(u) + 1
			cl.light = false
			s.count(t, 1)
		default:
			// T10: none of the next type left: the tile stays light and
			// the chain stops (the group has fused all the same).
			stuck = true
			s.count(t, 2)
		}
		if s.r.pacing {
			if rt := cl.tile(); rt.Civilization() && rt >= s.r.level {
				reached = true // T15
			}
		}
		if stuck {
			return reached
		}
	}
}

// scoreAt takes the player's meeple off sector c and scores it (T8).
func (s *State) scoreAt(c int) {
	p := s.player
	cl := &s.board[c]
	s.score[p] += s.scoreValue(c)
	cl.bonus = 0
	cl.meeples[p]--
	s.crew[p]++
	s.endTurn(false)
}

// scoreValue is what a meeple on c would score now (T8): points of the
// tile's side plus one per bonus token, times the highest multiplier of
// the orthogonally adjacent civilization tiles (x1 under T15).
func (s *State) scoreValue(c int) int64 {
	cl := &s.board[c]
	v := int64(s.r.tiles.Points[cl.tile()][cl.sideIndex()]) + int64(cl.bonus)
	return v * int64(s.multiplierAt(c))
}

// multiplierAt is the highest multiplier among c's orthogonal neighbours,
// 1 if none (multipliers never stack; c's own does not count).
func (s *State) multiplierAt(c int) int {
	m := 1
	if s.r.pacing {
		return m
	}
	for _, o := range neighbors[c] {
		if o < 0 {
			break
		}
		oc := &s.board[o]
		if oc.kind != 0 && oc.tile().Civilization() && s.r.tiles.Multiplier[oc.tile()] > m {
			m = s.r.tiles.Multiplier[oc.tile()]
		}
	}
	return m
}

// canAct reports whether player q can expand or score (T9). The board is
// never full here: a full board ends the game first.
func (s *State) canAct(q int) bool {
	return s.boxTotal > 0 || s.held[q][0] >= 0 || int(s.crew[q]) < s.r.tiles.Crew
}

// endTurn checks the end (T14, T15, the turn limit) after the whole chain
// and passes the turn to the next player who can act, skipping silently
// those who cannot (T9).
func (s *State) endTurn(reached bool) {
	s.turns++
	switch {
	case s.occ == fullBoard:
		s.finish(boardFull)
		return
	case reached:
		s.finish(paced)
		return
	case int(s.turns) >= s.r.tiles.TurnLimit:
		s.finish(turnLimit)
		return
	}
	n := s.r.players
	for i := 1; i <= n; i++ {
		q := (int(s.player) + i) % n
		if s.canAct(q) {
			s.player = int8(q)
			s.phase = phaseAnnounce
			return
		}
	}
	s.finish(noMoves)
}

func (s *State) finish(why endReason) {
	s.phase = phaseOver
	s.end = why
}

// Returns gives 1 to the top scorer, 1/k each to k tied top scorers and 0
// to the rest at the end (T14); zeros before.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	n := s.r.players
	if s.phase != phaseOver {
		for range n {
			dst = append(dst, 0)
		}
		return dst
	}
	return game.ShareWin(dst, s.score[:n])
}

// Scores appends each seat's points.
func (s *State) Scores(dst []float64) []float64 {
	// Filled in place rather than appended: the lab reads the scores
	// every round of a random game (docs/lab.md, Performance).
	n := s.r.players
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	for p, x := range s.score[:n] {
		dst[p] = float64(x)
	}
	return dst
}

// The weights of Evaluate, in points. They were tuned by the greedy bot's
// results against the scripted strategies (docs/bots.md, "3io's
// evaluator"); what each stands for is said at Evaluate.
var evalWeights = struct {
	onBoard, held, civGain, crewInHand float64
}{onBoard: 0.8, held: 0.3, civGain: 0.7, crewInHand: 6}

// Evaluate estimates each seat's standing in points (game.Evaluator): its
// points and what its position promises, minus the best such total among
// the other seats. What a position promises:
//   - a meeple on the board, 0.8 of what it would score now: taking it
//     back costs a turn, and the game may end first;
//   - a held space tile, 0.3 of its dark points times the best multiplier
//     beside an empty sector, where it could go with crew;
//   - a held civilization tile, 0.3 of its points and 0.7 of what its
//     multiplier would add to the seat's best crewed tile with room beside
//     it;
//   - a meeple in hand, 6 points: the chance to crew a tile worth it.
//
// Held tiles count only for a seat with crew to put on them, in hand or on
// the board to take back.
func (s *State) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	n := s.r.players
	w := &evalWeights
	bestMult := 1
	for c := range numCells {
		if s.occ&(1<<c) == 0 {
			bestMult = max(bestMult, s.multiplierAt(c))
		}
	}
	var v [maxPlayers]float64
	for p := range n {
		v[p] = float64(s.score[p])
		out := false
		for c := range numCells {
			if k := s.board[c].meeples[p]; k > 0 {
				v[p] += w.onBoard * float64(s.scoreValue(c)) * float64(k)
				out = true
			}
		}
		v[p] += w.crewInHand * float64(s.crew[p])
		if s.crew[p] == 0 && !out {
			continue
		}
		for _, h := range s.held[p] {
			if h < 0 {
				continue
			}
			t := Tile(h)
			pts := float64(s.r.tiles.Points[t][0])
			if t.Civilization() {
				v[p] += w.held*pts + w.civGain*float64(s.civGain(p, t))
			} else {
				v[p] += w.held * pts * float64(bestMult)
			}
		}
	}
	for p := range n {
		other, first := 0.0, true
		for q := range n {
			if q != p && (first || v[q] > other) {
				other, first = v[q], false
			}
		}
		dst = append(dst, v[p]-other)
	}
	return dst
}

// civGain is what civilization tile t's multiplier would add to p's
// crewed tile that gains most from it, among those with an empty sector
// beside them (where t could go).
func (s *State) civGain(p int, t Tile) int64 {
	m := int64(s.r.tiles.Multiplier[t])
	var best int64
	for c := range numCells {
		cl := &s.board[c]
		if cl.meeples[p] == 0 || spread(1<<c)&^s.occ == 0 {
			continue
		}
		if cur := int64(s.multiplierAt(c)); m > cur {
			base := int64(s.r.tiles.Points[cl.tile()][cl.sideIndex()]) + int64(cl.bonus)
			best = max(best, base*(m-cur)*int64(cl.meeples[p]))
		}
	}
	return best
}
