package threeio

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/game"
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

// Reveals reports whether a shows anybody something hidden
// (game.Undoer): never, since holdings are public and the box only counts
// (T6), and a draw is a chance event. So nothing can be taken back in
// 3io: an expand is followed at once by its draw, a play or a score ends
// the turn (docs/rules/3io.md, our ruling R14).
func (s *State) Reveals(game.Action) bool { return false }

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
