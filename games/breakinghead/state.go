package breakinghead

import (
	"strconv"

	"github.com/commons-games/commons/game"
)

// Phases of a game. The set-up is a sequence of chance nodes (roles, end
// cards, hands, first player); then turns alternate with draws.
const (
	phaseRoles = iota // role cards drawn one per seat (B1)
	phaseEnds         // which end card is Fixed & Committed (B3)
	phaseDeal         // the hands, one card at a time, round the table (B2)
	phaseFirst        // the first player (B11)
	phasePlay         // a seat plays one card (B11)
	phaseDraw         // the seat that just played draws (B11)
	phaseOver
)

// Winners.
const (
	winNone = iota
	winContributors
	winBlockers
)

// logEntry is one card played, in the order of play.
type logEntry struct {
	seat  int8
	extra uint8 // spam: the code of the card removed
	act   int32
}

// State is a Breaking Head position. It holds no pointers, maps or slices:
// Clone is a copy and == compares two states (see Equal).
type State struct {
	n, mix  int8
	phase   int8
	toMove  int8 // the seat to play (phasePlay) or to draw (phaseDraw)
	dealt   int8 // role or hand cards dealt so far in the current phase
	winner  int8
	fixedAt int8 // which end card is Fixed & Committed (hidden, B3)
	// blockers and hand are the options of our rulings 14 and 15: the
	// Blocker cards in the role deal and the hand size, 0 for the tables
	// of B1 and B2.
	blockers, hand int8
	faceUp         uint8
	// roleLeft counts the dealt set's role cards not yet drawn; after the
	// deal it is the hidden left-over card (B1).
	roleLeft [2]int8
	roles    [10]int8
	problems [10]uint8 // bit per problem (B14)
	peeked   [10]uint8 // bit per end card each seat has looked at (B12)
	handSize [10]uint8
	hands    [10][nKinds]uint8
	deck     [nKinds]uint8 // the deck has no order: a draw is a chance node
	deckSize uint8
	discards uint8 // cards passed face down
	nOcc     uint8
	nLog     uint8
	occ      [4 + nCommentCards]int16 // occupied cells, ascending
	log      [nCards]logEntry
	table    [nCells]uint8
}

func newState(n, mix int) *State {
	s := &State{n: int8(n), mix: int8(mix), fixedAt: -1, phase: phaseRoles}
	s.roleLeft = roleSet[n]
	for i := range s.roles {
		s.roles[i] = noRole
	}
	s.deck = deckCounts(mix)
	s.deckSize = nCards
	s.setCell(startCell, cellStart)
	for _, c := range endCells {
		s.setCell(c, cellEnd)
	}
	return s
}

// setCell puts a card on an empty cell, keeping occ sorted.
func (s *State) setCell(c int, code uint8) {
	s.table[c] = code
	i := int(s.nOcc)
	for i > 0 && int(s.occ[i-1]) > c {
		s.occ[i] = s.occ[i-1]
		i--
	}
	s.occ[i] = int16(c)
	s.nOcc++
}

// clearCell removes a card from the table.
func (s *State) clearCell(c int) {
	s.table[c] = cellEmpty
	j := 0
	for i := 0; i < int(s.nOcc); i++ {
		if int(s.occ[i]) != c {
			s.occ[j] = s.occ[i]
			j++
		}
	}
	s.occ[j] = 0
	s.nOcc = uint8(j)
}

// Config returns the configuration the game was made with.
func (s *State) Config() game.Config {
	o := game.Options{OptUnblockMix: mixValues[s.mix], OptBlockers: "", OptHand: ""}
	if s.blockers > 0 {
		o[OptBlockers] = strconv.Itoa(int(s.blockers))
	}
	if s.hand > 0 {
		o[OptHand] = strconv.Itoa(int(s.hand))
	}
	return game.Config{Players: int(s.n), Options: o}
}

// roleDeal returns the role cards of the deal, Contributors and Blockers
// (B1): the table's for the player count, or with the blockers option
// that many Blockers and Contributors for the rest of a set one card
// larger than the players (our ruling 14).
func (s *State) roleDeal() [2]int8 {
	if s.blockers > 0 {
		return [2]int8{s.n + 1 - s.blockers, s.blockers}
	}
	return roleSet[s.n]
}

// CurrentPlayer returns the seat to play, Chance or Terminal.
func (s *State) CurrentPlayer() game.Player {
	switch s.phase {
	case phasePlay:
		return game.Player(s.toMove)
	case phaseOver:
		return game.Terminal
	}
	return game.Chance
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { c := *s; return &c }

// Turn returns the number of turns played (game.Undoer): one card a turn
// (B11), so the count of cards played. A seat that plays again because
// every other hand is empty (B16) begins a turn of its own.
func (s *State) Turn() int { return int(s.nLog) }

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Equal reports whether other is the same position. It is what
// reflect.DeepEqual would say, only much faster on the table array.
func (s *State) Equal(other game.State) bool {
	o, ok := other.(*State)
	return ok && *s == *o
}

// handSizeNow returns the hand size of the set-up: B2's table, or the
// hand option's (our ruling 15).
func (s *State) handSizeNow() int {
	if s.hand > 0 {
		return int(s.hand)
	}
	return int(handSizes[s.n])
}

// dealingSeat is the seat receiving the next card of the deal.
func (s *State) dealingSeat() int { return int(s.dealt) % int(s.n) }

// Returns gives 1 to every seat of the winning team (B17); if the Blockers
// win while no seat holds a Blocker, nobody wins.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	for p := 0; p < int(s.n); p++ {
		r := 0.0
		switch {
		case s.winner == winContributors && s.roles[p] == roleContributor,
			s.winner == winBlockers && s.roles[p] == roleBlocker:
			r = 1
		}
		dst = append(dst, r)
	}
	return dst
}

// Team returns seat p's team, "contributor" or "blocker", once the roles
// are dealt, and "" before. It reads the real roles, so it is for a
// referee such as the arena reporting results by team, never for a seat's
// own use (B18): bots see only Observation and Sample.
func (s *State) Team(p game.Player) string {
	if p < 0 || int(p) >= len(s.roles) || s.roles[p] == noRole {
		return ""
	}
	return roleNames[s.roles[p]]
}
