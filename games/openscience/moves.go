package openscience

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/game"
)

// Action numbering of a seat's moves (docs/rules/open-science-alliance.md,
// "Action numbers"). Chance outcomes are a role (0..5) at a deal or a hire
// and an Event's index in the cards at a reveal.
const (
	actPick     = 0                          // + Specialist role, 0..3 (O5)
	actHire     = 4                          // O11
	actUpOne    = 5                          // O10: one role +2
	actUpTwo    = 6                          // O10: two roles +1
	actUpDriver = 7                          // O10: the Discovery Driver +1
	actRaise    = 8                          // + role*levels + level (O17)
	actNothing  = actRaise + NumRoles*levels // collect nothing (O12, O17)
	actAmount   = actNothing + 1             // + amount of the step's type, 0..maxStock
	actCredit   = actAmount + maxStock + 1   // + 0 nobody, or 1 + the receiving seat (O15, O17)
	nActions    = actCredit + 1 + maxPlayers
)

// Upskill and hire possibilities of the seat to move (O10, O11).

func (s *State) canUpOne() bool {
	t := &s.team[s.toMove]
	for k := range NumRoles {
		for l := 0; l <= s.r.cards.RoleMax-2; l++ {
			if t[k][l] > 0 {
				return true
			}
		}
	}
	return false
}

func (s *State) canUpTwo() bool {
	t := &s.team[s.toMove]
	n := 0
	for k := range NumRoles {
		for l := 0; l <= s.r.cards.RoleMax-1; l++ {
			n += int(t[k][l])
		}
	}
	return n >= 2
}

func (s *State) canUpDriver() bool { return int(s.driver[s.toMove]) < s.r.cards.DriverMax }

func (s *State) canHire() bool { return s.deckN > 0 && s.restriction() != NoHiring }

func (s *State) canStep1() bool {
	return s.canHire() || s.canUpDriver() || s.canUpTwo() || s.canUpOne()
}

// raisable reports whether role index i (role*levels+level) may be the
// role of the pending upskill: form one needs a card at RoleMax-2 or less;
// form two's first choice a card at RoleMax-1 or less with a second card
// after it, and its second choice a card at or after the first (a second
// card of the same role and level when it is the same index). Choosing the
// pair in ascending order makes each pair one sequence of moves.
func (s *State) raisable(i int) bool {
	k, l := i/levels, i%levels
	t := &s.team[s.toMove]
	if t[k][l] == 0 {
		return false
	}
	if s.form == formOne {
		return l <= s.r.cards.RoleMax-2
	}
	if l > s.r.cards.RoleMax-1 {
		return false
	}
	if s.raised >= 0 {
		return i > int(s.raised) || (i == int(s.raised) && t[k][l] >= 2)
	}
	if t[k][l] >= 2 {
		return true
	}
	for j := i + 1; j < NumRoles*levels; j++ {
		if j%levels <= s.r.cards.RoleMax-1 && t[j/levels][j%levels] > 0 {
			return true
		}
	}
	return false
}

// LegalActions appends the legal moves, or the chance outcomes, in
// ascending order.
func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.phase {
	case phasePick:
		for k := range KnowledgeLiberator + 1 {
			if s.deck[k] > 0 {
				buf = append(buf, game.Action(actPick+k))
			}
		}
	case phaseDeal, phaseHire:
		for k := range NumRoles {
			if s.deck[k] > 0 {
				buf = append(buf, game.Action(k))
			}
		}
	case phaseEvent:
		for e := range s.r.cards.Events {
			if s.used&(1<<e) == 0 {
				buf = append(buf, game.Action(e))
			}
		}
	case phaseStep1:
		if s.canHire() {
			buf = append(buf, actHire)
		}
		if s.canUpOne() {
			buf = append(buf, actUpOne)
		}
		if s.canUpTwo() {
			buf = append(buf, actUpTwo)
		}
		if s.canUpDriver() {
			buf = append(buf, actUpDriver)
		}
	case phaseRaise:
		for i := range NumRoles * levels {
			if s.raisable(i) {
				buf = append(buf, game.Action(actRaise+i))
			}
		}
	case phaseCollect:
		base := game.Action(actAmount)
		if s.step == 0 {
			buf = append(buf, actNothing)
		} else if s.step == NumResources {
			base = actCredit
		}
		for m := s.choices; m != 0; m &= m - 1 {
			buf = append(buf, base+game.Action(bits.TrailingZeros64(m)))
		}
	}
	return buf
}

// ChanceOutcomes lists the chance outcomes with their probabilities: a
// card of the role deck, each card equally likely (O5, O11), or one of the
// Events not yet revealed, each equally likely (O6: drawing the round's
// Event from those left is drawing six at the start and turning them up
// one by one).
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phaseDeal, phaseHire:
		for k := range NumRoles {
			if s.deck[k] > 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(k), P: float64(s.deck[k]) / float64(s.deckN)})
			}
		}
	case phaseEvent:
		left := len(s.r.cards.Events) - bits.OnesCount32(s.used)
		for e := range s.r.cards.Events {
			if s.used&(1<<e) == 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(e), P: 1 / float64(left)})
			}
		}
	}
	return buf
}

// Reveals reports whether a shows anybody something hidden
// (game.Undoer): never, since teams and credits lie face up and a hire's
// card and the round's Event are chance events. A turn's choices may be
// taken back until the collection is made (or declined), which ends the
// turn, or until a hire's draw (docs/rules/open-science-alliance.md, our
// ruling R13).
func (s *State) Reveals(game.Action) bool { return false }

// Apply plays a move or a chance outcome; an illegal one changes nothing
// and says why.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	switch s.phase {
	case phasePick: // O5
		k := int(a - actPick)
		s.deck[k]--
		s.deckN--
		s.team[s.toMove][k][0]++
		s.toMove++
		s.turns++ // a pick is the seat's set-up turn
		if int(s.toMove) == s.n() {
			s.phase, s.toMove = phaseDeal, 0
		}
	case phaseDeal: // O5
		s.take(int(a))
		s.toMove++
		if int(s.toMove) == s.n() {
			s.phase, s.toMove = phaseEvent, 0
		}
	case phaseEvent: // O6, O7
		e := &s.r.cards.Events[a]
		s.event = int8(a)
		s.used |= 1 << a
		s.history[s.round] = int8(a)
		for t := range NumResources {
			s.stock[t] = int8(e.Levels[t]) // leftovers of the last round are gone
		}
		if s.round > 0 {
			// O7: each round after the first begins one seat further
			// clockwise (or, in our variant R12, with the trailing seat).
			// The seat moves on here, as the round begins, rather than as
			// the last one ends, so that between rounds the view's First
			// is still the round's just played.
			s.first = s.nextFirst()
		}
		s.round++
		s.toMove, s.idle, s.depleted = s.first, 0, false
		s.startTurn()
	case phaseStep1:
		switch a {
		case actHire: // O11
			s.phase = phaseHire
		case actUpDriver: // O10
			s.driver[s.toMove]++
			s.startCollect()
		default:
			s.phase, s.form, s.raised = phaseRaise, int8(a-actUpOne+formOne), -1
		}
	case phaseRaise: // O10
		i := int(a - actRaise)
		switch {
		case s.form == formOne:
			s.raise(i, 2)
		case s.raised < 0:
			s.raised = int8(i)
			return nil
		default:
			s.raise(int(s.raised), 1)
			s.raise(i, 1)
		}
		s.form, s.raised = 0, -1
		s.startCollect()
	case phaseHire: // O11
		s.take(int(a))
		s.startCollect()
	case phaseCollect:
		switch {
		case a == actNothing: // O12
			s.idle++
			s.endTurn()
		case s.step < NumResources:
			s.amount[s.step] = int8(a - actAmount)
			s.step++
			s.choices = s.collectChoices()
		default:
			s.collect(int(a-actCredit) - 1)
			s.idle = 0
			s.endTurn()
		}
	}
	return nil
}

// take gives the seat to move the role card drawn from the deck.
func (s *State) take(k int) {
	s.deck[k]--
	s.deckN--
	s.team[s.toMove][k][0]++
}

// raise raises the seat to move's role card at index i by d levels.
func (s *State) raise(i, d int) {
	t := &s.team[s.toMove]
	k, l := i/levels, i%levels
	t[k][l]--
	t[k][l+d]++
}

// startTurn begins the turn of the seat to move: step (1), skipped only
// when neither upskilling nor hiring is possible (O11).
func (s *State) startTurn() {
	if s.canStep1() {
		s.phase = phaseStep1
		return
	}
	s.startCollect()
}

func (s *State) startCollect() {
	s.phase, s.step, s.amount = phaseCollect, 0, [NumResources]int8{}
	s.choices = s.collectChoices()
}

// collect takes the chosen amounts from the stock as research credits,
// one passing to seat q (-1: nobody) for its Specialist's help (O15).
func (s *State) collect(q int) {
	total := int32(0)
	for t, a := range s.amount {
		s.stock[t] -= a
		total += int32(a)
	}
	if q >= 0 {
		total--
		s.credits[q]++
	}
	s.credits[s.toMove] += total
}

// endTurn ends the seat to move's turn and, when O8 says so, the round.
func (s *State) endTurn() {
	s.turns++
	s.step, s.amount, s.choices = 0, [NumResources]int8{}, 0
	empty := 0
	for _, n := range s.stock {
		if n == 0 {
			empty++
		}
	}
	next := int8((int(s.toMove) + 1) % s.n())
	switch {
	case empty >= 2 && !s.r.fullCircle:
		s.endRound(endDepleted)
	case s.r.fullCircle && (s.depleted || empty >= 2) && next == s.first:
		s.endRound(endDepleted)
	case int(s.idle) >= s.n():
		s.endRound(endIdle)
	default:
		if empty >= 2 {
			s.depleted = true
		}
		s.toMove = next
		s.startTurn()
	}
}

// nextFirst is the seat that begins the next round: one seat further
// clockwise (O7), or with round-start=last-place the seat with the fewest
// credits, ties going to the first of them clockwise from the seat after
// the last round's first player (so that with equal credits the seats
// still take turns).
func (s *State) nextFirst() int8 {
	n := s.n()
	next := (int(s.first) + 1) % n
	if !s.r.lastPlace {
		return int8(next)
	}
	best := next
	for k := 1; k < n; k++ {
		q := (next + k) % n
		if s.credits[q] < s.credits[best] {
			best = q
		}
	}
	return int8(best)
}

// endRound ends the round; after the last the game is over (O9), else the
// next round's Event is revealed, and with it the round begins with its
// first seat (nextFirst).
func (s *State) endRound(why int) {
	s.ends[why]++
	if why == endIdle && s.round > 0 {
		s.idleRounds |= 1 << (s.round - 1)
	}
	if int(s.round) == s.r.cards.Rounds {
		s.phase = phaseOver
		return
	}
	s.phase = phaseEvent
}

// check says why action a is not legal now, or returns nil.
func (s *State) check(a game.Action) error {
	switch s.phase {
	case phaseOver:
		return fmt.Errorf("action %d: the game is over", a)
	case phaseDeal, phaseHire:
		if a < 0 || a >= NumRoles || s.deck[a] == 0 {
			return fmt.Errorf("chance outcome %d is not possible at %s: %s", a, s.chanceWhat(), s.deckWhat())
		}
		return nil
	case phaseEvent:
		if a < 0 || int(a) >= len(s.r.cards.Events) || s.used&(1<<a) != 0 {
			return fmt.Errorf("chance outcome %d is not possible at %s: the Events left are %s", a, s.chanceWhat(), s.eventsLeft())
		}
		return nil
	}
	if a < 0 || a >= nActions {
		return fmt.Errorf("action %d: no such move", a)
	}
	if s.legal(a) {
		return nil
	}
	return s.whyIllegal(a)
}

// legal reports whether a is a legal move of the seat to move.
func (s *State) legal(a game.Action) bool {
	switch s.phase {
	case phasePick:
		return a >= actPick && a <= actPick+game.Action(KnowledgeLiberator) && s.deck[a-actPick] > 0
	case phaseStep1:
		switch a {
		case actHire:
			return s.canHire()
		case actUpOne:
			return s.canUpOne()
		case actUpTwo:
			return s.canUpTwo()
		case actUpDriver:
			return s.canUpDriver()
		}
	case phaseRaise:
		return a >= actRaise && a < actNothing && s.raisable(int(a-actRaise))
	case phaseCollect:
		switch {
		case a == actNothing:
			return s.step == 0
		case a >= actAmount && a < actCredit:
			return s.step < NumResources && s.choices&(1<<(a-actAmount)) != 0
		case a >= actCredit:
			return s.step == NumResources && s.choices&(1<<(a-actCredit)) != 0
		}
	}
	return false
}
