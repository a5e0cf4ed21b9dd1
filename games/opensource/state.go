package opensource

import (
	"fmt"
	"math/bits"
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

// Apply plays a move or a chance outcome; an illegal one changes nothing
// and says why.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	switch s.phase {
	case phaseStart: // G6
		s.takeFromSupply(TileType(a))
		s.commons.add(centre[0], cellOf(TileType(a), 0))
		s.placed = [2]space{centre[0], -1}
		s.reveal()
	case phaseReveal: // G17
		s.top = int8(a)
		s.drawn |= 1 << a
		s.afterReveal()
	case phaseRoll: // G10, G11
		y, b := int8(a/32), int8(a%32)
		s.dice = [3]int8{y, b, s.nDice - y - b}
		s.caught = false
		s.phase = phaseDice
		if s.nDice > 3 {
			s.phase = phaseKeep
		}
	default:
		s.play(a)
	}
	return nil
}

// reveal turns up the next Market Demand card, a chance event, or goes on
// when the deck is empty.
func (s *State) reveal() {
	if bits.OnesCount64(s.drawn) < len(s.r.cards.Demands) {
		s.phase = phaseReveal
		return
	}
	s.top = -1
	s.afterReveal()
}

// afterReveal goes on from a reveal: to the first turn in set-up, else to
// the end of the turn whose reward uncovered the deck.
func (s *State) afterReveal() {
	if s.setup {
		s.setup = false
		s.startTurn()
		return
	}
	s.endTurn()
}

func (s *State) takeFromSupply(t TileType) {
	s.supply[t]--
	s.supplyN--
}

func (s *State) returnToSupply(t TileType) {
	s.supply[t]++
	s.supplyN++
}

// startTurn begins the turn of the seat to move (G12): each of its cards
// may be used once.
func (s *State) startTurn() {
	p := s.toMove
	s.uses, s.power = [maxSets]int8{}, [numPowers]int8{}
	for i := range s.r.cards.Sets {
		s.setUses(i, s.held[p][i])
	}
	s.bdflUsed, s.bdflExtra = 0, 0
	s.first = true
	s.nDice, s.dice, s.caught = 0, [3]int8{}, false
	s.placed = [2]space{-1, -1}
	s.phase = phaseBegin
	s.settle()
}

// settle skips the decisions that offer nothing to decide: a beginning
// whose only move is a plain roll becomes the roll, a phase e with
// nothing but done goes to the reward, and a reward with nothing to take
// ends the turn.
func (s *State) settle() {
	for {
		switch s.phase {
		case phaseBegin:
			if !s.beginHasChoice() {
				s.nDice = 3
				s.phase = phaseRoll
			}
			return
		case phaseAfter:
			if s.afterHasChoice() {
				return
			}
			s.phase = phaseReward
		case phaseReward:
			if s.rewardHasChoice() {
				return
			}
			s.endTurn()
			return
		default:
			return
		}
	}
}

// endTurn checks the end (G18) and passes the turn clockwise.
func (s *State) endTurn() {
	s.turns++
	switch {
	case s.supplyN == 0:
		s.end = endSupply
	case !s.infrastructureLeft():
		s.end = endInfrastructure
	case s.top < 0 && bits.OnesCount64(s.drawn) == len(s.r.cards.Demands):
		s.end = endDemand
	case int(s.turns) >= s.r.cards.TurnLimit:
		s.end = endTurns
	}
	if s.end != endNone {
		s.phase = phaseOver
		return
	}
	s.toMove = int8((int(s.toMove) + 1) % s.n())
	s.startTurn()
}

func (s *State) infrastructureLeft() bool {
	for i := range s.r.cards.Sets {
		if s.left[i] > 0 {
			return true
		}
	}
	return false
}

// check says why a is not legal now, or returns nil.
func (s *State) check(a game.Action) error {
	switch s.phase {
	case phaseOver:
		return fmt.Errorf("action %d: the game is over", a)
	case phaseStart:
		if a < 0 || a >= NumTypes || s.supply[a] == 0 {
			return fmt.Errorf("chance outcome %d is not possible at the start tile: the supply has no such tile", a)
		}
		return nil
	case phaseReveal:
		if a < 0 || int(a) >= len(s.r.cards.Demands) || s.drawn&(1<<a) != 0 {
			return fmt.Errorf("chance outcome %d is not possible at the Market Demand reveal: that card is not in the deck", a)
		}
		return nil
	case phaseRoll:
		if a < 0 || a >= 32*32 || !s.rollPossible(int8(a/32), int8(a%32)) {
			return fmt.Errorf("chance outcome %d is not possible at this roll of %d dice (G11: only rolls that name an obtainable tile)", a, s.nDice)
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
