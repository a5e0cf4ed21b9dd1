package breakinghead

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/commons-games/commons/game"
)

// Action numbering. Player moves:
//
//	place    cell*26 + placement            [0, spamBase)
//	spam     spamBase + cell
//	peek     peekBase + end (0: 8,-2; 1: 8,0; 2: 8,2)
//	block    blockBase + problem*10 + seat
//	unblock  unblockBase + (kind-unblocked-lan)*30 + seat*3 + problem
//	pass     passBase + kind
//
// Chance outcomes: a role (0 contributor, 1 blocker), an end (0..2, the
// Fixed & Committed card's position), a card kind (a deal or a draw), or a
// seat (the first player).
const (
	nPlace      = nCells * nVariants
	spamBase    = nPlace
	peekBase    = spamBase + nCells
	blockBase   = peekBase + 3
	unblockBase = blockBase + nProblems*10
	passBase    = unblockBase + nUnblock*10*nProblems
	nActions    = passBase + nKinds
)

// LegalActions appends the legal moves, or the chance outcomes, in
// ascending order.
func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.phase {
	case phaseRoles:
		for r := 0; r < 2; r++ {
			if s.roleLeft[r] > 0 {
				buf = append(buf, game.Action(r))
			}
		}
	case phaseEnds:
		buf = append(buf, 0, 1, 2)
	case phaseDeal, phaseDraw:
		for k := 0; k < nKinds; k++ {
			if s.deck[k] > 0 {
				buf = append(buf, game.Action(k))
			}
		}
	case phaseFirst:
		for p := 0; p < int(s.n); p++ {
			buf = append(buf, game.Action(p))
		}
	case phasePlay:
		buf = s.moves(buf)
	}
	return buf
}

// ChanceOutcomes lists the chance outcomes with their probabilities.
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phaseRoles:
		left := float64(s.roleLeft[0] + s.roleLeft[1])
		for r := 0; r < 2; r++ {
			if s.roleLeft[r] > 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(r), P: float64(s.roleLeft[r]) / left})
			}
		}
	case phaseEnds:
		for e := 0; e < 3; e++ {
			buf = append(buf, game.ChanceOutcome{Action: game.Action(e), P: 1.0 / 3})
		}
	case phaseDeal, phaseDraw:
		left := float64(s.deckSize)
		for k := 0; k < nKinds; k++ {
			if s.deck[k] > 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(k), P: float64(s.deck[k]) / left})
			}
		}
	case phaseFirst:
		for p := 0; p < int(s.n); p++ {
			buf = append(buf, game.ChanceOutcome{Action: game.Action(p), P: 1 / float64(s.n)})
		}
	}
	return buf
}

// moves appends the legal moves of the seat to play, in ascending order.
func (s *State) moves(buf []game.Action) []game.Action {
	p := int(s.toMove)
	h := &s.hands[p]
	// place (B7, B14: not while blocked; B19: one move per kind, and a
	// symmetric kind only unturned)
	if s.problems[p] == 0 {
		var vs [nVariants]uint8
		nv := 0
		for v := 0; v < nVariants; v++ {
			if h[variantKind[v]] > 0 {
				vs[nv] = uint8(v)
				nv++
			}
		}
		if nv > 0 {
			var front [nWords]uint64
			for i := 0; i < int(s.nOcc); i++ {
				c := int(s.occ[i])
				for d := 0; d < 4; d++ {
					nc := c + dirDelta[d]
					if s.table[nc] == cellEmpty {
						front[nc>>6] |= 1 << (nc & 63)
					}
				}
			}
			for w := range front {
				word := front[w] & placeable[w]
				for word != 0 {
					c := w<<6 | bits.TrailingZeros64(word)
					word &= word - 1
					mask, need := s.fit(c)
					base := game.Action(c * nVariants)
					for _, v := range vs[:nv] {
						if variantEdges[v]&mask == need {
							buf = append(buf, base+game.Action(v))
						}
					}
				}
			}
		}
	}
	// spam (B13): any comment card, never the start or an end card
	if h[kSpam] > 0 {
		for _, c := range s.occ[:s.nOcc] {
			if code := s.table[c]; code >= 1 && code <= nVariants {
				buf = append(buf, spamBase+game.Action(c))
			}
		}
	}
	// peek (B12): a face-down end card
	if h[kWTF] > 0 {
		for e := 0; e < 3; e++ {
			if s.faceUp&(1<<e) == 0 {
				buf = append(buf, peekBase+game.Action(e))
			}
		}
	}
	// block (B14): another seat without that problem
	for pr := 0; pr < nProblems; pr++ {
		if h[kBlockWifi+pr] == 0 {
			continue
		}
		for q := 0; q < int(s.n); q++ {
			if q != p && s.problems[q]&(1<<pr) == 0 {
				buf = append(buf, blockBase+game.Action(pr*10+q))
			}
		}
	}
	// unblock (B15): any seat, oneself included, one matching problem
	for u := 0; u < nUnblock; u++ {
		if h[kUnblockLAN+u] == 0 {
			continue
		}
		for q := 0; q < int(s.n); q++ {
			fix := unblockFixes[u] & s.problems[q]
			for pr := 0; pr < nProblems; pr++ {
				if fix&(1<<pr) != 0 {
					buf = append(buf, unblockBase+game.Action(u*30+q*3+pr))
				}
			}
		}
	}
	// pass (B11): any card, always
	for k := 0; k < nKinds; k++ {
		if h[k] > 0 {
			buf = append(buf, passBase+game.Action(k))
		}
	}
	return buf
}

// Reveals reports whether a shows anybody something hidden
// (game.Undoer): every card played but a pass comes out of a secret hand
// face up (and a placement may turn end cards up, B10), and WTF Dries?!
// shows the player an end card (B12); a pass is face down and shows only
// that it was one (B11), unless it plays the last card in any hand,
// which ends the game and shows every seat's role (B17, our ruling 9).
// Since a play ends the turn anyway, nothing can be taken back in
// Breaking Head (docs/rules/breaking-head.md, our ruling 13).
func (s *State) Reveals(a game.Action) bool {
	if s.phase != phasePlay {
		return false
	}
	if a < passBase {
		return true
	}
	held := 0
	for _, n := range s.handSize[:s.n] {
		held += int(n)
	}
	return s.deckSize == 0 && held == 1
}

// Apply plays a move or a chance outcome; an illegal one changes nothing.
func (s *State) Apply(a game.Action) error {
	switch s.phase {
	case phaseOver:
		return fmt.Errorf("action %d: the game is over", a)
	case phasePlay:
		if err := s.checkMove(a); err != nil {
			return err
		}
		s.playMove(a)
		return nil
	}
	if err := s.checkChance(a); err != nil {
		return err
	}
	s.applyChance(a)
	return nil
}

func (s *State) checkChance(a game.Action) error {
	var ok bool
	switch s.phase {
	case phaseRoles:
		ok = a >= 0 && a < 2 && s.roleLeft[a] > 0
	case phaseEnds:
		ok = a >= 0 && a < 3
	case phaseDeal, phaseDraw:
		ok = a >= 0 && a < nKinds && s.deck[a] > 0
	case phaseFirst:
		ok = a >= 0 && a < game.Action(s.n)
	}
	if !ok {
		return fmt.Errorf("chance outcome %d is not possible at %s", a, s.chanceWhat())
	}
	return nil
}

// chanceWhat names the pending chance event.
func (s *State) chanceWhat() string {
	switch s.phase {
	case phaseRoles:
		return fmt.Sprintf("the role deal (seat %d's card)", s.dealt+1)
	case phaseEnds:
		return "the mix of the end cards"
	case phaseDeal:
		return fmt.Sprintf("the deal (a card for seat %d)", s.dealingSeat()+1)
	case phaseDraw:
		return fmt.Sprintf("seat %d's draw", s.toMove+1)
	case phaseFirst:
		return "the choice of the first player"
	}
	return "no chance event"
}

func (s *State) applyChance(a game.Action) {
	switch s.phase {
	case phaseRoles: // B1: one role card per seat; the last one stays hidden
		s.roles[s.dealt] = int8(a)
		s.roleLeft[a]--
		s.dealt++
		if int(s.dealt) == int(s.n) {
			s.phase, s.dealt = phaseEnds, 0
		}
	case phaseEnds: // B3
		s.fixedAt = int8(a)
		s.phase = phaseDeal
	case phaseDeal: // B2
		q := s.dealingSeat()
		s.deck[a]--
		s.deckSize--
		s.hands[q][a]++
		s.handSize[q]++
		s.dealt++
		if int(s.dealt) == int(s.n)*s.handSizeNow() {
			s.phase, s.dealt = phaseFirst, 0
		}
	case phaseFirst: // B11
		s.toMove = int8(a)
		s.phase = phasePlay
	case phaseDraw: // B11
		s.deck[a]--
		s.deckSize--
		s.hands[s.toMove][a]++
		s.handSize[s.toMove]++
		s.advance()
	}
}

// checkMove says why a move of the seat to play is illegal, or nil.
func (s *State) checkMove(a game.Action) error {
	if a < 0 || a >= nActions {
		return fmt.Errorf("action %d: no such move", a)
	}
	p := int(s.toMove)
	h := &s.hands[p]
	// bad builds the error; the notation is written only on failure, so
	// that a legal move allocates nothing.
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", s.moveString(a), fmt.Sprintf(format, args...))
	}
	holds := func(k int) error {
		if h[k] == 0 {
			return bad("seat %d holds no %s card", p+1, kindNames[k])
		}
		return nil
	}
	switch {
	case a < spamBase:
		c, v := int(a)/nVariants, int(a)%nVariants
		if err := holds(int(variantKind[v])); err != nil {
			return err
		}
		if s.problems[p] != 0 { // B14
			return bad("seat %d is blocked (%s) and cannot place comment cards", p+1, problemList(s.problems[p]))
		}
		if !isPlaceable(c) { // beyond any card's reach (see the window)
			return bad("no card can ever lie that far out")
		}
		if s.table[c] != cellEmpty {
			return bad("the position is occupied")
		}
		mask, need := s.fit(c)
		if mask == 0 { // B7
			return bad("no card lies next to that position")
		}
		if wrong := (variantEdges[v] ^ need) & mask; wrong != 0 {
			return bad("the card's edges do not match the neighbour(s) to the %s", edgeList(wrong))
		}
	case a < peekBase:
		c := int(a - spamBase)
		if err := holds(kSpam); err != nil {
			return err
		}
		if code := s.table[c]; code < 1 || code > nVariants { // B13
			if code == cellEmpty {
				return bad("no card lies there")
			}
			return bad("the start and the end cards cannot be removed")
		}
	case a < blockBase:
		e := int(a - peekBase)
		if err := holds(kWTF); err != nil {
			return err
		}
		if s.faceUp&(1<<e) != 0 { // B12
			return bad("that end card is already face up")
		}
	case a < unblockBase:
		pr, q := int(a-blockBase)/10, int(a-blockBase)%10
		if err := holds(kBlockWifi + pr); err != nil {
			return err
		}
		switch {
		case q >= int(s.n):
			return bad("there is no seat %d", q+1)
		case q == p: // B14 (ours)
			return bad("you cannot block yourself")
		case s.problems[q]&(1<<pr) != 0: // B14
			return bad("seat %d already has that problem", q+1)
		}
	case a < passBase:
		r := int(a - unblockBase)
		u, q, pr := r/30, r%30/3, r%3
		if err := holds(kUnblockLAN + u); err != nil {
			return err
		}
		switch {
		case q >= int(s.n):
			return bad("there is no seat %d", q+1)
		case unblockFixes[u]&(1<<pr) == 0: // B15
			return bad("%s cannot fix %s", kindNames[kUnblockLAN+u], problemNames[pr])
		case s.problems[q]&(1<<pr) == 0:
			return bad("seat %d does not have that problem", q+1)
		}
	default:
		return holds(int(a - passBase))
	}
	return nil
}

// playMove plays a legal move (checkMove returned nil).
func (s *State) playMove(a game.Action) {
	p := int(s.toMove)
	e := logEntry{seat: int8(p), act: int32(a)}
	var k int
	switch {
	case a < spamBase:
		c, v := int(a)/nVariants, int(a)%nVariants
		k = int(variantKind[v])
		s.setCell(c, uint8(v+1))
	case a < peekBase:
		c := int(a - spamBase)
		k = kSpam
		e.extra = s.table[c]
		s.clearCell(c) // B13; a turned-up end card stays up (B10)
	case a < blockBase:
		k = kWTF
		s.peeked[p] |= 1 << (a - peekBase) // B12
	case a < unblockBase:
		pr, q := int(a-blockBase)/10, int(a-blockBase)%10
		k = kBlockWifi + pr
		s.problems[q] |= 1 << pr
	case a < passBase:
		r := int(a - unblockBase)
		u, q, pr := r/30, r%30/3, r%3
		k = kUnblockLAN + u
		s.problems[q] &^= 1 << pr
	default:
		k = int(a - passBase)
		s.discards++
	}
	s.hands[p][k]--
	s.handSize[p]--
	s.log[s.nLog] = e
	s.nLog++
	if a < spamBase {
		// B10: turn up every end card the path now reaches; Fixed &
		// Committed ends the game at once, without a draw.
		s.faceUp |= s.reachedEnds()
		if s.faceUp&(1<<s.fixedAt) != 0 {
			s.phase, s.winner = phaseOver, winContributors
			return
		}
	}
	if s.deckSize > 0 {
		s.phase = phaseDraw
		return
	}
	s.advance()
}

// advance passes the turn to the next seat holding cards (B11, B16); when
// every hand is empty the Blockers win (B17).
func (s *State) advance() {
	for i := 1; i <= int(s.n); i++ {
		q := (int(s.toMove) + i) % int(s.n)
		if s.handSize[q] > 0 {
			s.toMove, s.phase = int8(q), phasePlay
			return
		}
	}
	s.phase, s.winner = phaseOver, winBlockers
}

func problemList(m uint8) string {
	var parts []string
	for pr := 0; pr < nProblems; pr++ {
		if m&(1<<pr) != 0 {
			parts = append(parts, problemNames[pr])
		}
	}
	return strings.Join(parts, ", ")
}

func edgeList(m uint8) string {
	var parts []string
	for d, n := range [4]string{"N", "E", "S", "W"} {
		if m&dirBit[d] != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ", ")
}
