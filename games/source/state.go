package source

import (
	"errors"
	"fmt"
	"math"

	"github.com/commons-games/commons/game"
)

// Colour is one of the four token colours, in turn order (S4).
type Colour int8

// The colours in turn order. Red and yellow belong to seat 1 (Player 0),
// blue and green to seat 2 (Player 1), so a colour's player is its parity.
const (
	Red Colour = iota
	Blue
	Yellow
	Green
)

var colourNames = [4]string{"red", "blue", "yellow", "green"}

// String returns the colour's name in lower case.
func (c Colour) String() string {
	if c < Red || c > Green {
		return fmt.Sprintf("colour(%d)", int(c))
	}
	return colourNames[c]
}

// Player returns the player who controls c (S2).
func (c Colour) Player() game.Player { return game.Player(c & 1) }

const (
	initialSupply = 24 // S3: 25 tokens, one on the corner at set-up
	turnAP        = 2  // S5 of the seed: 2 action points per colour turn
	endRunLimit   = 4  // S16 safety rule
)

// corners holds each colour's source corner (S1): clockwise from the
// top-left, red a9, blue i9, yellow i1, green a1.
var corners = [4]int{0, size - 1, points - 1, points - size}

var allCorners = single(corners[0]).with(corners[1]).with(corners[2]).with(corners[3])

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

// State is a Source position. It is a flat value: copying it is a clone.
type State struct {
	cfg       game.Config
	adjacency bool // S13 option capture-needs-adjacency=on
	regions   bool // S17 option territory=regions

	occ  [4]board // points holding a token of each colour
	fort [4]board // those of them holding a second token (S8)
	conn [4]board // those of them connected to the colour's source (S5)

	supply [4]int8
	colour Colour // colour to move
	ap     int8   // its action points left
	// endRun counts the colour turns in a row that took no action but end
	// (S16 safety rule); acted says whether the current turn took one.
	endRun int8
	acted  bool
	over   bool
	// raids counts, by player, the opponents' corners captured (S6), for
	// the lab (Outcome); nothing in play depends on it.
	raids [2]uint8
	// round counts the rounds begun before the current one, a turn of
	// each colour (seed rule 5), for the lab (Round); nothing in play
	// depends on it.
	round int32
}

// Config returns the configuration the game was made with.
func (s *State) Config() game.Config { return s.cfg }

// CurrentPlayer returns the player of the colour to move, or Terminal. The
// colour to move always has an action besides end (S14).
func (s *State) CurrentPlayer() game.Player {
	if s.over {
		return game.Terminal
	}
	return s.colour.Player()
}

// Colour returns the colour to move (meaningless at the end).
func (s *State) Colour() Colour { return s.colour }

// AP returns the action points the colour to move has left.
func (s *State) AP() int { return int(s.ap) }

// Supply returns the number of tokens in c's supply.
func (s *State) Supply(c Colour) int { return int(s.supply[c]) }

// opponents returns the tokens of the two colours of the other player (S13).
func (s *State) opponents(c Colour) board {
	return s.occ[(c+1)&3].or(s.occ[(c+3)&3])
}

func (s *State) occupied() board {
	return s.occ[0].or(s.occ[1]).or(s.occ[2]).or(s.occ[3])
}

// colourAt returns the colour on p, or -1.
func (s *State) colourAt(p int) Colour {
	for c := Red; c <= Green; c++ {
		if s.occ[c].has(p) {
			return c
		}
	}
	return -1
}

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
	if s.supply[c] == 0 { // S16: an emptied supply ends the game at once
		s.over = true
		return nil
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
// an action besides end. A turn that took no action but end, chosen or
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

// whyIllegal explains why action kind at p is not legal for the colour to
// move. It is only called on the error path, so it may allocate.
func (s *State) whyIllegal(kind, p int) string {
	c := s.colour
	at := s.colourAt(p)
	name := pointName(p)
	switch kind {
	case kindPlace:
		switch {
		case s.supply[c] == 0:
			return c.String() + "'s supply is empty"
		case at >= 0:
			return fmt.Sprintf("point %s is occupied by %s", name, at)
		case allCorners.has(p) && p != corners[c]:
			return fmt.Sprintf("%s is %s's source; no other colour may place there", name, cornerOwner(p))
		case !s.occ[c].has(corners[c]):
			return fmt.Sprintf("%s's source %s is empty, so no %s token is connected: %s may only place on %s", c, pointName(corners[c]), c, c, pointName(corners[c]))
		default:
			return fmt.Sprintf("%s is not next to a connected %s token", name, c)
		}
	case kindFortify:
		switch {
		case s.supply[c] == 0:
			return c.String() + "'s supply is empty"
		case at != c:
			return fmt.Sprintf("point %s holds no %s token", name, c)
		case p == centre:
			return "the centre may not be fortified"
		case s.fort[c].has(p):
			return fmt.Sprintf("%s is already fortified", name)
		default:
			return fmt.Sprintf("%s is not connected to %s's source", name, c)
		}
	case kindUnfortify:
		switch {
		case s.supply[c] == 0:
			return fmt.Sprintf("%s's supply is empty and an unfortify costs a supply token", c)
		case at < 0:
			return fmt.Sprintf("point %s is empty", name)
		case at.Player() == c.Player():
			return fmt.Sprintf("%s is %s, a colour of your own", name, at)
		case !s.fort[at].has(p):
			return fmt.Sprintf("%s is not fortified", name)
		default:
			return fmt.Sprintf("%s is not connected (capture it instead)", name)
		}
	case kindCapture:
		switch {
		case at < 0:
			return fmt.Sprintf("point %s is empty", name)
		case at.Player() == c.Player():
			return fmt.Sprintf("%s is %s, a colour of your own; a player never captures its own colours", name, at)
		case s.conn[at].has(p) && s.fort[at].has(p):
			return fmt.Sprintf("%s is connected and fortified; unfortify it first", name)
		case s.conn[at].has(p) && s.ap < 2:
			return fmt.Sprintf("capturing a connected token costs 2 AP and %s has %d", c, s.ap)
		default:
			return fmt.Sprintf("with %s=on the target must be next to a %s token", OptCaptureAdjacency, c)
		}
	}
	return "no such action"
}

func cornerOwner(p int) Colour {
	for c := Red; c <= Green; c++ {
		if corners[c] == p {
			return c
		}
	}
	return -1
}

// describe names an action for an error message, even an invalid one.
func (s *State) describe(a game.Action) string {
	if a < 0 || a >= numActions {
		return fmt.Sprintf("action %d", a)
	}
	if a == ActionEnd {
		return "end"
	}
	kind, p := decode(a)
	return kindNames[kind] + " " + pointName(p)
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Round returns the number of rounds begun before the current one
// (game.Rounder): a round is a turn of each colour, red first, two turns
// a player (seed rule 5); a colour with nothing to do but end passes its
// turn, and the round goes on.
func (s *State) Round() int { return int(s.round) }

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }
