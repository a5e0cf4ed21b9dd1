package opensource

import (
	"reflect"

	"github.com/commons-games/commons/game"
)

type phase int8

// Phases of a game: the set-up's chance events, then turns of phases
// (G12), each a decision of the seat to move or a chance event.
const (
	phaseStart  phase = iota // chance: the start tile (G6)
	phaseReveal              // chance: the Market Demand card that comes to the top (G17)
	phaseBegin               // G12 a-b: Infrastructure uses, then roll (with Agility) or fork
	phaseRoll                // chance: the dice (G10, G11)
	phaseKeep                // Agility: which three dice to keep
	phaseDice                // G12 c-d: Bug catching, then take or lift the tile
	phasePlace               // G12 d: place the tile (G8, G9)
	phaseAfter               // G12 e: Productivity, Compatibility, BDFL, or done
	phaseMove                // Compatibility: where the chosen tile goes
	phaseToken               // BDFL: the Commons tile the chosen token goes on
	phaseReward              // G12 f: take a reward, or pass (G13)
	phaseExtend              // G7: where a Market Demand card's extra Lab space goes
	phaseOver
)

var phaseNames = [...]string{"start", "reveal", "begin", "roll", "keep", "dice", "place", "after", "move", "token", "reward", "extend", "over"}

// Why a game ended (G18).
const (
	endNone = iota
	endSupply
	endInfrastructure
	endDemand
	endTurns
)

var endNames = [...]string{"", "supply", "infrastructure", "market-demand", "turn-limit"}
var endWords = [...]string{"", "the supply ran out: everybody loses", "the Infrastructure cards ran out: everybody wins", "the Market Demand deck ran out: the most Market Demand cards wins", "the turn limit was reached: everybody loses"}

// maxLab bounds a Lab's spaces: six, and the extra spaces of all the
// Market Demand cards (a cards file may give at most maxDemandSpaces).
const (
	maxDemandSpaces = 64
	maxLab          = 6 + maxDemandSpaces
)

// lab is one player's Lab (G7): its spaces in the order they came, what
// each holds, and a bit set of its spaces. Its geometry is kept as it
// grows: the positions (among its spaces) of each space's neighbours, and
// its positions in increasing order of space, the order of the actions.
type lab struct {
	n      uint8
	tiles  uint8
	in     [(nSpaces + 63) / 64]uint64
	spaces [maxLab]space
	cells  [maxLab]cell
	nb     [maxLab][3]int8 // nb[i][e]: the position across edge e of spaces[i], -1 if not the Lab's
	order  [maxLab]int8    // positions in increasing order of space
}

func (l *lab) has(s space) bool { return s >= 0 && l.in[s/64]&(1<<(s%64)) != 0 }

// pos returns s's position among the Lab's spaces, -1 if none.
func (l *lab) pos(s space) int {
	if !l.has(s) {
		return -1
	}
	for i, t := range l.spaces[:l.n] {
		if t == s {
			return i
		}
	}
	return -1
}

// cellAt returns what the Lab holds at s (0 when empty or not the Lab's).
func (l *lab) cellAt(s space) cell {
	if i := l.pos(s); i >= 0 {
		return l.cells[i]
	}
	return 0
}

func (l *lab) addSpace(s space) {
	i := int(l.n)
	for e, o := range nbr[s] {
		j := l.pos(o)
		l.nb[i][e] = int8(j)
		if j >= 0 {
			l.nb[j][facing(s, e)] = int8(i)
		}
	}
	k := i
	for ; k > 0 && l.spaces[l.order[k-1]] > s; k-- {
		l.order[k] = l.order[k-1]
	}
	l.order[k] = int8(i)
	l.in[s/64] |= 1 << (s % 64)
	l.spaces[i] = s
	l.n++
}

// token is a BDFL token (G15): where it lies (-1 off the board) and whose
// it is (-1 while its card is not awarded).
type token struct {
	at    space
	owner int8
}

// State is a position of Open Source, the Board Game. Apart from the
// shared rules it is a plain value: Clone copies it, and Apply and
// LegalActions allocate nothing.
type State struct {
	r       *rules
	phase   phase
	toMove  int8
	end     int8
	turns   int32 // turns finished
	supplyN int16
	supply  [NumTypes]int8

	// The placemat (G16): the set on each stack, -1 when no set is left
	// for it; the next set to come; the cards left of each set; the cards
	// each seat holds.
	placemat [4]int8
	reserve  int8
	left     [maxSets]int8
	held     [maxPlayers][maxSets]int8
	tokens   [maxSetCards]token

	// The Market Demand deck (G17): the cards drawn so far (bit per card),
	// the face-up top card (-1 none), and the cards each seat took.
	drawn  uint64
	top    int8
	mdHeld [maxPlayers]int8

	// The turn under way (G12).
	uses      [maxSets]int8   // uses left of each set's cards
	power     [numPowers]int8 // uses left of each power, over the sets
	bdflUsed  uint8           // BDFL cards used (bit per card)
	bdflExtra int8            // extra BDFL uses from Hardware
	first     bool            // before the first roll: Hardware may be used
	nDice     int8
	dice      [3]int8 // dice showing Y, B and R
	caught    bool    // a die was changed: not a natural roll (G11)
	hand      TileType
	chosen    space // Compatibility's tile, or the BDFL card
	chosenLab bool  // Compatibility's tile is in the Lab
	resume    phase // where a Compatibility move or a BDFL token returns to
	extend    int8  // extra Lab spaces still to place
	placed    [2]space
	placedLab bool // the last tile went to a Lab
	setup     bool // the set-up is under way

	commons tracker
	labs    [maxPlayers]lab
}

func newState(r *rules) *State {
	s := &State{r: r, phase: phaseStart, top: -1, placed: [2]space{-1, -1}, setup: true}
	for t, n := range r.cards.Supply {
		s.supply[t] = int8(n)
		s.supplyN += int16(n)
	}
	for i := range s.placemat {
		s.placemat[i] = -1
	}
	for i, set := range r.cards.Sets {
		s.left[i] = int8(set.Cards)
		if i < r.cards.Placemat {
			s.placemat[i] = int8(i)
		}
	}
	s.reserve = int8(r.cards.Placemat)
	for i := range s.tokens {
		s.tokens[i] = token{at: -1, owner: -1}
	}
	for p := range r.players {
		for _, c := range centre {
			s.labs[p].addSpace(c) // G7: six spaces round one point
		}
	}
	return s
}

// Config returns the configuration the game was made with.
func (s *State) Config() game.Config { return s.r.cfg }

// CurrentPlayer returns the seat to move, Chance or Terminal.
func (s *State) CurrentPlayer() game.Player {
	switch s.phase {
	case phaseStart, phaseReveal, phaseRoll:
		return game.Chance
	case phaseOver:
		return game.Terminal
	}
	return game.Player(s.toMove)
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { c := *s; return &c }

// Turn returns the number of turns finished (game.Undoer).
func (s *State) Turn() int { return int(s.turns) }

// CopyFrom makes s a copy of src (game.Copier).
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Equal reports whether other is the same position of a game with the
// same rules (game.Equaler): the rules by value, since separate calls of
// New share no pointer.
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

// Returns gives each seat its result at the end (G18): 0 each when the
// supply ran out or the turn limit came, 1 each when the Infrastructure
// cards ran out, and when the Market Demand deck ran out one win shared by
// the seats with the most Market Demand cards.
func (s *State) Returns(dst []float64) []float64 {
	n := s.n()
	if s.phase == phaseOver && s.end == endDemand {
		return game.ShareWin(dst, s.mdHeld[:n])
	}
	dst = dst[:0]
	for range n {
		r := 0.0
		if s.phase == phaseOver && s.end == endInfrastructure {
			r = 1
		}
		dst = append(dst, r)
	}
	return dst
}

// Scores appends each seat's Market Demand cards (game.Scorer).
func (s *State) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for p := range s.n() {
		dst = append(dst, float64(s.mdHeld[p]))
	}
	return dst
}

// EndReason names why the game ended: "supply", "infrastructure",
// "market-demand" or "turn-limit"; "" before the end.
func (s *State) EndReason() string { return endNames[s.end] }
