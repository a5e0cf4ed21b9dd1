package source

import (
	"fmt"

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

// State is a Source position. It is a flat value: copying it is a clone.
type State struct {
	cfg       game.Config
	adjacency bool // S13 option capture-needs-adjacency=on
	regions   bool // S17 option territory=regions
	roundEnd  bool // our ruling 11, option end=round
	// compensation is added to seat 2's score (our ruling 12, option
	// compensation).
	compensation int16

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
	// lastRound says that a supply has emptied under end=round: the game
	// ends when green's turn of this round does (our ruling 11).
	lastRound bool
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

// Turn returns the number of colour turns begun before the current one
// (game.Undoer): a player's two colours take separate turns (S4), and a
// colour skipped with nothing but end to do takes one too (our ruling 3),
// so that seat 1's yellow turn after a skipped blue is a new turn, not
// more of red's.
func (s *State) Turn() int { return 4*int(s.round) + int(s.colour) }

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Scores appends each seat's score on the current board (S17), seat 2's
// with the compensation (our ruling 12).
func (s *State) Scores(dst []float64) []float64 {
	p0, p1 := s.scores()
	return append(dst[:0], float64(p0), float64(p1+int(s.compensation)))
}

// Compensation returns the points added to seat 2's score (our ruling 12).
func (s *State) Compensation() int { return int(s.compensation) }

// LastRound reports whether the round under way is the last one: a supply
// has emptied under end=round (our ruling 11).
func (s *State) LastRound() bool { return s.lastRound && !s.over }

// Returns appends win 1 / loss 0, or 0.5 each for a draw (S18); all zeros
// before the end.
func (s *State) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if !s.over {
		return dst
	}
	switch w := s.winner(); w {
	case -1:
		dst[0], dst[1] = 0.5, 0.5
	default:
		dst[w] = 1
	}
	return dst
}
