package source

import (
	"errors"
	"fmt"
	"math"

	"github.com/commons-games/commons/game"
)

// Action encoding: one block of 81 per kind, point-major inside it, then
// end, so that LegalActions comes out ascending by construction.
const (
	kindPlace = iota
	kindFortify
	kindUnfortify
	kindCapture
	kindEnd
)

var kindNames = [...]string{"place", "fortify", "unfortify", "capture", "end"}

// ActionEnd is the end action: the colour gives up its remaining AP.
const ActionEnd game.Action = kindEnd * points

// numActions is one more than the largest action.
const numActions = ActionEnd + 1

func encode(kind, p int) game.Action { return game.Action(kind*points + p) }

func decode(a game.Action) (kind, p int) { return int(a) / points, int(a) % points }

// placeMask: empty points next to a connected token of c (S7), c's own
// empty corner (S6), never another colour's corner (S6). Needs supply.
func (s *State) placeMask(c Colour) board {
	if s.supply[c] == 0 {
		return board{}
	}
	m := s.conn[c].neighbours().or(single(corners[c]))
	return m.andNot(s.occupied()).andNot(allCorners.without(corners[c]))
}

// fortifyMask: c's connected, unfortified points but the centre (S8).
func (s *State) fortifyMask(c Colour) board {
	if s.supply[c] == 0 {
		return board{}
	}
	return s.conn[c].andNot(s.fort[c]).without(centre)
}

// unfortifyMask: the opponents' connected fortified points (S9); it costs a
// supply token, so not with an empty supply.
func (s *State) unfortifyMask(c Colour) board {
	if s.supply[c] == 0 {
		return board{}
	}
	o1, o2 := (c+1)&3, (c+3)&3
	return s.fort[o1].and(s.conn[o1]).or(s.fort[o2].and(s.conn[o2]))
}

// captureMask: opponent points c may capture with ap action points:
// unconnected ones, fortified or not, for 1 AP (S11, S12), connected
// unfortified ones for 2 AP (S10), never connected fortified ones. With
// the S13 option, only those next to a token of c.
func (s *State) captureMask(c Colour, ap int8) board {
	o1, o2 := (c+1)&3, (c+3)&3
	m := s.occ[o1].andNot(s.conn[o1]).or(s.occ[o2].andNot(s.conn[o2]))
	if ap >= 2 {
		m = m.or(s.conn[o1].andNot(s.fort[o1])).or(s.conn[o2].andNot(s.fort[o2]))
	}
	if s.adjacency {
		m = m.and(s.occ[c].neighbours())
	}
	return m
}

func (s *State) mask(kind int, c Colour) board {
	switch kind {
	case kindPlace:
		return s.placeMask(c)
	case kindFortify:
		return s.fortifyMask(c)
	case kindUnfortify:
		return s.unfortifyMask(c)
	case kindCapture:
		return s.captureMask(c, s.ap)
	}
	return board{}
}

// hasAction reports whether the colour to move has an action besides end
// with its AP left (S14).
func (s *State) hasAction() bool {
	c := s.colour
	return !s.placeMask(c).isEmpty() || !s.fortifyMask(c).isEmpty() ||
		!s.unfortifyMask(c).isEmpty() || !s.captureMask(c, s.ap).isEmpty()
}

func appendPoints(buf []game.Action, b board, kind int) []game.Action {
	base := game.Action(kind * points)
	for w := b.lo; w != 0; w &= w - 1 {
		buf = append(buf, base+game.Action(trailingZeros(w)))
	}
	for w := b.hi; w != 0; w &= w - 1 {
		buf = append(buf, base+64+game.Action(trailingZeros(w)))
	}
	return buf
}

// LegalActions appends the legal actions in ascending order: places,
// fortifies, unfortifies, captures, then end.
func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.over {
		return buf
	}
	c := s.colour
	buf = appendPoints(buf, s.placeMask(c), kindPlace)
	buf = appendPoints(buf, s.fortifyMask(c), kindFortify)
	buf = appendPoints(buf, s.unfortifyMask(c), kindUnfortify)
	buf = appendPoints(buf, s.captureMask(c, s.ap), kindCapture)
	return append(buf, ActionEnd)
}

// ChanceOutcomes returns buf[:0]: Source has no chance.
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome { return buf[:0] }

// Reveals reports whether a shows anybody something hidden
// (game.Undoer): never, since nothing in Source is hidden. An undo point
// ends where the colour's turn does (docs/rules/source.md, our ruling 10).
func (s *State) Reveals(game.Action) bool { return false }

// Apply plays a legal action; an illegal one returns an error saying why
// and changes nothing.
func (s *State) Apply(a game.Action) error {
	if s.over {
		return fmt.Errorf("source: %s: the game is over", s.describe(a))
	}
	if a < 0 || a >= numActions {
		return fmt.Errorf("source: action %d: no such action (actions are 0 to %d)", a, numActions-1)
	}
	if a == ActionEnd {
		s.finishTurn()
		return nil
	}
	kind, p := decode(a)
	c := s.colour
	if !s.mask(kind, c).has(p) {
		return errors.New("source: " + kindNames[kind] + " " + pointName(p) + ": " + s.whyIllegal(kind, p))
	}
	cost := int8(1)
	switch kind {
	case kindPlace: // S7
		s.occ[c] = s.occ[c].with(p)
		s.supply[c]--
		s.conn[c] = s.connection(c) // may also join unconnected tokens (S5)
	case kindFortify: // S8
		s.fort[c] = s.fort[c].with(p)
		s.supply[c]--
	case kindUnfortify: // S9: the fortification and one supply token go
		o := s.colourAt(p)
		s.fort[o] = s.fort[o].without(p)
		s.supply[c]--
	case kindCapture: // S10-S12: the point's token(s) leave the game
		o := s.colourAt(p)
		if s.conn[o].has(p) {
			cost = 2
		}
		if p == corners[o] && s.raids[c.Player()] < math.MaxUint8 {
			s.raids[c.Player()]++
		}
		s.occ[o] = s.occ[o].without(p)
		s.fort[o] = s.fort[o].without(p)
		s.conn[o] = s.connection(o)
	}
	s.ap -= cost
	s.acted = true
	s.endRun = 0
	if s.supply[c] == 0 && !s.lastRound {
		if !s.roundEnd { // S16: an emptied supply ends the game at once
			s.over = true
			return nil
		}
		// Our ruling 11 (end=round): the round is played out, the
		// colour's own turn too (with its supply empty it may only
		// capture or end).
		s.lastRound = true
	}
	if s.ap == 0 || !s.hasAction() { // S14: the turn ends by itself
		s.finishTurn()
	}
	return nil
}

// connection recomputes c's connected points (S5, S6): the chain of c's
// tokens through c's corner, nothing if the corner is not c's.
func (s *State) connection(c Colour) board {
	if !s.occ[c].has(corners[c]) {
		return board{}
	}
	return flood(single(corners[c]), s.occ[c])
}

// finishTurn ends the current colour turn and starts the next one that has
// an action besides end; after green's turn of the last round (end=round,
// our ruling 11) it ends the game instead. A turn that took no action but end, chosen or
// skipped because nothing else was legal, counts towards the S16 safety
// rule; the fourth in a row ends the game.
func (s *State) finishTurn() {
	if !s.acted {
		s.endRun++
		if s.endRun >= endRunLimit {
			s.over = true
			return
		}
	}
	for {
		if s.lastRound && s.colour == Green {
			s.over = true // our ruling 11: the last round is over
			return
		}
		s.colour = (s.colour + 1) & 3 // S4
		if s.colour == Red {
			s.round++
		}
		s.ap = turnAP
		s.acted = false
		if s.hasAction() {
			return
		}
		s.endRun++ // S14: a turn with nothing but end passes by itself
		if s.endRun >= endRunLimit {
			s.over = true
			return
		}
	}
}
