package openscience

import (
	"reflect"

	"github.com/commons-games/commons/game"
)

// phase is where a game stands.
type phase int8

const (
	phasePick    phase = iota // a seat picks its Specialist (O5)
	phaseDeal                 // chance: a seat draws its first role (O5)
	phaseEvent                // chance: the round's Event is revealed (O6, O7)
	phaseStep1                // upskill (its form) or hire (O10, O11)
	phaseRaise                // the role, or roles, an upskill raises (O17)
	phaseHire                 // chance: the hired card (O11)
	phaseCollect              // the choices of a collection (O12-O17)
	phaseOver
)

// Upskill forms (O10).
const (
	formOne    = 1 // one role +2
	formTwo    = 2 // two different roles +1 each
	formDriver = 3 // the Discovery Driver +1
)

// levels is the width of a team's column of levels: 0..maxRoleLevel.
const levels = maxRoleLevel + 1

// How rounds ended (O8), for observations and the lab.
const (
	endDepleted = iota // two resource types at 0
	endIdle            // a lap of turns without a collection
)

// State is a position of Open Science Alliance. Apart from the shared
// rules it is a plain value: Clone copies it, and Apply and LegalActions
// allocate nothing.
type State struct {
	r      *rules // shared, never changed
	phase  phase
	toMove int8
	first  int8 // the round's first player (O7)
	round  int8 // rounds begun; the current one once its Event is out
	idle   int8 // turns in a row without a collection (O8)
	// turns counts the turns finished, the set-up's picks included (O5),
	// for game.Undoer's Turn; no rule reads it.
	turns int32
	// depleted marks, under round-end=full-circle, that two types have
	// been at 0 this round (O8).
	depleted bool
	form     int8 // the upskill form being made (phaseRaise)
	raised   int8 // formTwo: the first role chosen (role*levels+level), -1 before
	step     int8 // the collection's next choice: 0..3 the amount of g, p, y, b; 4 the receiver
	amount   [NumResources]int8
	// choices is the legal values of the collection's current choice:
	// bit v for an amount v, or bit 0 for nobody and bit 1+q for seat q
	// at the receiver. It is worked out once when the choice comes up.
	choices uint64
	event   int8            // the current Event's index, -1 before the first
	used    uint32          // Events revealed so far, bit per index (O6)
	history [maxRounds]int8 // the Events of the rounds in order
	stock   [NumResources]int8
	deck    [NumRoles]int8
	deckN   int8
	ends    [2]int8 // rounds ended by endDepleted and endIdle
	credits [maxPlayers]int32
	driver  [maxPlayers]int8
	team    [maxPlayers][NumRoles][levels]uint8 // role cards by role and level
	// idleRounds has bit r-1 set when round r ended by the safety rule
	// (O8): how each round ended, for the lab (game.Outcomer).
	idleRounds uint32
}

func newState(r *rules) *State {
	s := &State{r: r, phase: phasePick, raised: -1, event: -1}
	for k, n := range r.cards.Deck {
		s.deck[k] = int8(n)
		s.deckN += int8(n)
	}
	for p := range r.players {
		s.driver[p] = int8(r.cards.DriverStart) // O5
	}
	return s
}

// Config returns the configuration the game was made with.
func (s *State) Config() game.Config { return s.r.cfg }

// CurrentPlayer returns the seat to move, Chance or Terminal.
func (s *State) CurrentPlayer() game.Player {
	switch s.phase {
	case phaseDeal, phaseEvent, phaseHire:
		return game.Chance
	case phaseOver:
		return game.Terminal
	}
	return game.Player(s.toMove)
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { c := *s; return &c }

// Turn returns the number of turns finished, each set-up pick one
// (game.Undoer).
func (s *State) Turn() int { return int(s.turns) }

// CopyFrom makes s a copy of src (game.Copier).
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Equal reports whether other is the same position of a game with the
// same rules (game.Equaler); states made by separate calls of New share no
// rules pointer, so the rules are compared by value.
func (s *State) Equal(other game.State) bool {
	o, ok := other.(*State)
	if !ok {
		return false
	}
	a, b := *s, *o
	a.r, b.r = nil, nil
	return a == b && (s.r == o.r || reflect.DeepEqual(*s.r, *o.r))
}

func (s *State) n() int { return s.r.players }

// restriction is the current Event's restriction.
func (s *State) restriction() Restriction {
	if s.event < 0 {
		return NoRestriction
	}
	return s.r.cards.Events[s.event].Restriction
}

// Returns gives each seat its result: at the end 1 to the most credits,
// tied top players sharing one win equally (O9); zeros before.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	n := s.n()
	if s.phase != phaseOver {
		for range n {
			dst = append(dst, 0)
		}
		return dst
	}
	return game.ShareWin(dst, s.credits[:n])
}

// Scores appends each seat's research credits (game.Scorer).
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for q := range s.n() {
		dst = append(dst, float64(s.credits[q]))
	}
	return dst
}
