// Package source implements Source, a four-colour, two-player territory
// game from "The Crossroads Challenge" design diary, as settled by
// rulings S1-S18 (in shared/rulings beside this repository). The rules,
// the notation and the rulings we had to add are in docs/rules/source.md.
//
// Each player owns two colours (seat 1 red and yellow, seat 2 blue and
// green). Colours take turns of 2 action points each, growing chains from
// their corner "sources", fortifying, unfortifying and capturing. The game
// ends when any colour's supply runs out (or, with the option end=round,
// at the end of that round) and is scored on connected tokens, the centre
// and surrounded empty points, with any compensation to seat 2.
package source

import (
	"fmt"
	"strconv"

	"github.com/commons-games/commons/game"
)

// Option names and values (see Info).
const (
	// OptCaptureAdjacency is the S13 option: "on" makes a capture's target
	// lie next to a token of the capturing colour.
	OptCaptureAdjacency = "capture-needs-adjacency"
	// OptTerritory is the S17 option: "single" scores surrounded single
	// empty points, "regions" whole empty regions bordered by one colour.
	OptTerritory = "territory"

	// TerritorySingle and TerritoryRegions are the values of OptTerritory.
	TerritorySingle  = "single"
	TerritoryRegions = "regions"

	// OptEnd is the option of our ruling 11: "supply" ends the game the
	// moment a supply empties (S16), "round" at the end of that round.
	OptEnd = "end"
	// EndSupply and EndRound are the values of OptEnd.
	EndSupply = "supply"
	EndRound  = "round"

	// OptCompensation is the option of our ruling 12: points added to
	// seat 2's score (a komi), a whole number.
	OptCompensation = "compensation"
	// maxCompensation bounds the compensation either way.
	maxCompensation = 1000
)

// Name is the game's registry name.
const Name = "source"

// Game is the Source game, registered under Name.
var Game game.Game = sourceGame{}

func init() { game.Register(Game) }

// What a State offers the runners and the bots beside game.State, checked
// when the package is built: a method with a wrong signature fails the
// build rather than leaving the State without the capability, found by a
// type assertion that fails in silence.
var _ interface {
	game.State
	game.Scorer
	game.Rounder
	game.Copier
	game.Evaluator
	game.Prior
	game.SearchTuner
	game.Outcomer
	game.Scripter
	game.Undoer
} = (*State)(nil)

type sourceGame struct{}

var info = game.Info{
	Name:       Name,
	Title:      "Source",
	Summary:    "Two players, four colours: grow chains from the corner sources, fortify and capture; connected tokens, the centre and surrounded points score.",
	MinPlayers: 2,
	MaxPlayers: 2,
	Options: []game.OptionSpec{
		{
			Name:    OptCaptureAdjacency,
			Default: "off",
			Values:  []string{"off", "on"},
			Doc:     "S13: off (the ruling) lets a capture take any opponent point on the board; on requires the target to be orthogonally next to a token of the capturing colour.",
		},
		{
			Name:    OptTerritory,
			Default: TerritorySingle,
			Values:  []string{TerritorySingle, TerritoryRegions},
			Doc:     "S17: single (the ruling) scores 3 for each empty point whose neighbours are all tokens of one colour; regions scores 3 for each point of an empty region bordered by one colour only.",
		},
		{
			Name:    OptEnd,
			Default: EndSupply,
			Values:  []string{EndSupply, EndRound},
			Doc:     "S16 and our ruling 11: supply (the ruling) ends the game at once when a colour's supply empties; round plays the round out first, so the game ends after green's turn and every colour has had as many turns.",
		},
		{
			Name:    OptCompensation,
			Default: "0",
			Doc:     "our ruling 12: a whole number of points (-1000 to 1000) added to seat 2's score, a komi against the first mover's advantage; ties after it go to the centre as S18 says.",
		},
	},
	Params: []game.Param{
		{
			Option: OptCaptureAdjacency,
			Values: []string{"off", "on"},
			Doc:    "S13: whether a capture needs a token of the capturing colour next to its target; on all but stops corner raids.",
		},
		{
			Option: OptTerritory,
			Values: []string{TerritorySingle, TerritoryRegions},
			Doc:    "S17: territory as single surrounded points or whole empty regions; regions rewards walling off space.",
		},
		{
			Option: OptEnd,
			Values: []string{EndSupply, EndRound},
			Doc:    "S16 and our ruling 11: end at once when a supply empties, or at the end of that round; the first mover wins about two games in three with supply (docs/lab/source-first-player).",
		},
		{
			Option:  OptCompensation,
			Values:  game.Range(0, 10, 1),
			Numeric: true,
			Doc:     "our ruling 12: points added to seat 2's score; the first mover led by about 9 points between equal bots (docs/lab/source-first-player), so 0 to 10 brackets a fair komi.",
		},
	},
	Chance:            false,
	HiddenInformation: false,
	Doc:               "docs/rules/source.md",
	Scripts:           scripts,
	// S18: a game that ends level is a draw; players may agree one
	// too.
	Draws: true,
}

func (sourceGame) Info() game.Info { return info }

// New returns the initial position: a token of each colour on its corner
// (S1, S3), 24 tokens in each supply, red to move with 2 AP (S4). An
// option with a value it does not know is refused, naming the option.
func (sourceGame) New(cfg game.Config) (game.State, error) {
	if cfg.Players != 2 {
		return nil, fmt.Errorf("source: %d players: the game takes exactly 2", cfg.Players)
	}
	s := &State{cfg: cfg}
	switch v := cfg.Options.Get(OptCaptureAdjacency); v {
	case "", "off":
	case "on":
		s.adjacency = true
	default:
		return nil, fmt.Errorf("source: option %s=%q: want off or on", OptCaptureAdjacency, v)
	}
	switch v := cfg.Options.Get(OptTerritory); v {
	case "", TerritorySingle:
	case TerritoryRegions:
		s.regions = true
	default:
		return nil, fmt.Errorf("source: option %s=%q: want single or regions", OptTerritory, v)
	}
	switch v := cfg.Options.Get(OptEnd); v {
	case "", EndSupply:
	case EndRound:
		s.roundEnd = true
	default:
		return nil, fmt.Errorf("source: option %s=%q: want %s or %s", OptEnd, v, EndSupply, EndRound)
	}
	if v := cfg.Options.Get(OptCompensation); v != "" {
		k, err := strconv.Atoi(v)
		if err != nil || k < -maxCompensation || k > maxCompensation {
			return nil, fmt.Errorf("source: option %s=%q: want a whole number of points from %d to %d", OptCompensation, v, -maxCompensation, maxCompensation)
		}
		s.compensation = int16(k)
	}
	for c := Red; c <= Green; c++ {
		s.occ[c] = single(corners[c])
		s.conn[c] = s.occ[c]
		s.supply[c] = initialSupply
	}
	s.colour = Red
	s.ap = turnAP
	return s, nil
}

// MaxLength bounds the length of any game:
//
//   - place, fortify and unfortify each take one token from the acting
//     colour's supply, and the game ends when a supply is empty (S16), so
//     there are at most 4*23+1 = 93 of them;
//   - each capture clears one occupied point, and points only become
//     occupied by the 4 set-up tokens and by places: at most 4+93 captures;
//   - so at most N = 190 actions other than end. Every end closes a
//     colour turn: either one that took an action (at most N of them) or
//     an end-only turn, of which at most 3 come in a row between two other
//     actions and 4 at the very end (S16): at most 3N+4.
//
// In all 5N+4 = 954 actions. With end=round (our ruling 11) the game goes
// on after a supply empties, so every token of every supply may be
// spent: 4*24 = 96 supply actions, N = 196, 5N+4 = 984 actions.
func (sourceGame) MaxLength(cfg game.Config) int {
	supplyActions := 4*(initialSupply-1) + 1
	if cfg.Options.Get(OptEnd) == EndRound {
		supplyActions = 4 * initialSupply
	}
	captures := 4 + supplyActions
	others := supplyActions + captures
	return others + others + 3*others + 4
}
