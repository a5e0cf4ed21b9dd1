// Package openscience implements Open Science Alliance, a team-building
// resource card game for 2 to 5 players over six rounds (rulings O1-O17,
// in shared/rulings beside this repository; rules in
// docs/rules/open-science-alliance.md).
//
// Each player leads a research team: a Discovery Driver and role cards
// with levels. A round reveals an Event that sets four shared resource
// counters; on a turn a player upskills or hires, then collects resources
// as research credits, alone or in a collaboration led by the Discovery
// Driver. The most credits after the last round wins.
//
// A collection is one decision named by its outcome (O17): the amounts of
// the four types and the seat that receives a Social Glue credit. It is
// made as five choices, each offering only values that some legal
// collection completes; collect.go decides that in closed form, without
// listing collections.
//
// The role deck, the level limits, the number of rounds and the Event
// cards come from one table, the embedded cards.json, which the option
// "cards" replaces with a designer's file; the options role-max and
// driver-max override its level limits (our rulings R14, R15), and
// Info.Params offers them and the round rules to the tuning lab.
package openscience

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// Game is Open Science Alliance. It is registered with package game as
// "open-science-alliance".
var Game game.Game = openScience{}

func init() { game.Register(Game) }

// What a State offers the runners and the bots beside game.State, checked
// when the package is built: a method with a wrong signature fails the
// build rather than leaving the State without the capability, found by a
// type assertion that fails in silence.
var _ interface {
	game.State
	game.Scorer
	game.Copier
	game.Equaler
	game.Evaluator
	game.Prior
	game.LevelTuner
	game.Outcomer
	game.Scripter
	game.Undoer
} = (*State)(nil)

// The game's rules come from a data table an option names (game.DataHasher).
var _ game.DataHasher = openScience{}

// Option names.
const (
	OptRoundEnd   = "round-end"
	OptRoundStart = "round-start"
	OptCards      = "cards"
	// The level limits of O4, overriding the cards file's (our rulings
	// R14 and R15 in docs/rules/open-science-alliance.md).
	OptRoleMax   = "role-max"
	OptDriverMax = "driver-max"
)

// Values of round-end (O8).
const (
	RoundEndImmediate  = "immediate"
	RoundEndFullCircle = "full-circle"
)

// Values of round-start (O7, and our variant).
const (
	RoundStartRotate    = "rotate"
	RoundStartLastPlace = "last-place"
)

// maxPlayers is O1's limit: there are five Discovery Drivers.
const maxPlayers = 5

type openScience struct{}

var info = game.Info{
	Name:       "open-science-alliance",
	Title:      "Open Science Alliance",
	Summary:    "Build a research team and collect resources as research credits, alone or in collaborations, over six Events.",
	MinPlayers: 2,
	MaxPlayers: maxPlayers,
	Options: []game.OptionSpec{
		{
			Name:    OptRoundEnd,
			Default: RoundEndImmediate,
			Values:  []string{RoundEndImmediate, RoundEndFullCircle},
			Doc:     "O8: when two resource types are at 0, the round ends after that turn (immediate) or when play comes back to the round's first player (full-circle).",
		},
		{
			Name:    OptRoundStart,
			Default: RoundStartRotate,
			Values:  []string{RoundStartRotate, RoundStartLastPlace},
			Doc:     "Who begins each round after the first: one seat further clockwise each round (rotate, O7), or the seat with the fewest credits, ties going to the first of them clockwise from the last round's first player (last-place, our variant: with six rounds and four players rotation lets seats 1 and 2 begin two rounds each, the last of them seat 2's; docs/lab/osa-seats).",
		},
		{
			Name:    OptCards,
			Default: "",
			Doc:     "Path of a cards file in the format of docs/rules/open-science-alliance.md (role deck O2, level limits O4, rounds, the Event cards); empty means the embedded cards of our defaults.",
			Path:    true,
		},
		{
			Name:    OptRoleMax,
			Default: "",
			Doc:     "R14: the highest level of a role (O4: 4), 2 to 9; empty means the cards file's levels.role_max.",
		},
		{
			Name:    OptDriverMax,
			Default: "",
			Doc:     "R15: the Discovery Driver's highest level (O4: 6), from its first level (O4: 2) to 15; empty means the cards file's levels.driver_max.",
		},
	},
	Params: []game.Param{
		{
			Option: OptRoundStart,
			Values: []string{RoundStartRotate, RoundStartLastPlace},
			Doc:    "O7 and R12: who begins each round after the first; last-place is worth trying against the seats' imbalance of rotation (docs/lab/osa-seats).",
		},
		{
			Option: OptRoundEnd,
			Values: []string{RoundEndImmediate, RoundEndFullCircle},
			Doc:    "O8: when a round ends once two resource types are at 0; full-circle gives the rest of the lap its turns.",
		},
		{
			Option:  OptRoleMax,
			Values:  game.Range(2, 6, 1),
			Numeric: true,
			Doc:     "R14, O4: the highest level of a role (the data: 4). A role's level is what it collects alone and what it adds to a collaboration, so the limit sets how far a team grows.",
		},
		{
			Option:  OptDriverMax,
			Values:  game.Range(3, 9, 1),
			Numeric: true,
			Doc:     "R15, O4: the Discovery Driver's highest level (the data: 6), which bounds a collaboration; worth trying against the Events' resource levels.",
		},
	},
	Chance:            true,
	HiddenInformation: false, // teams and credits lie face up; unrevealed Events and the deck are chance (O6)
	Doc:               "docs/rules/open-science-alliance.md",
	Scripts:           scripts,
}

func (openScience) Info() game.Info { return info }

// rules is what a game's states share and never change.
type rules struct {
	cfg        game.Config
	cards      Cards
	fullCircle bool // O8's option
	lastPlace  bool // round-start=last-place
	players    int
}

func (openScience) New(cfg game.Config) (game.State, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r), nil
}

func newRules(cfg game.Config) (*rules, error) {
	if cfg.Players < info.MinPlayers || cfg.Players > info.MaxPlayers {
		return nil, fmt.Errorf("%s: %d players: the game takes %d to %d (O1)", info.Name, cfg.Players, info.MinPlayers, info.MaxPlayers)
	}
	path := cfg.Options.Get(OptCards)
	c, err := gameCards(cfg)
	if err != nil {
		return nil, err
	}
	name := path
	if name == "" {
		name = EmbeddedCardsName
	}
	if err := c.check(cfg.Players, name); err != nil {
		return nil, fmt.Errorf("%s: option %s: %w", info.Name, OptCards, err)
	}
	r := &rules{cfg: cfg, cards: *c, players: cfg.Players}
	switch v := cfg.Options.Get(OptRoundEnd); v {
	case "", RoundEndImmediate:
	case RoundEndFullCircle:
		r.fullCircle = true
	default:
		return nil, fmt.Errorf("%s: option %s=%q: want %s or %s", info.Name, OptRoundEnd, v, RoundEndImmediate, RoundEndFullCircle)
	}
	switch v := cfg.Options.Get(OptRoundStart); v {
	case "", RoundStartRotate:
	case RoundStartLastPlace:
		r.lastPlace = true
	default:
		return nil, fmt.Errorf("%s: option %s=%q: want %s or %s", info.Name, OptRoundStart, v, RoundStartRotate, RoundStartLastPlace)
	}
	return r, nil
}

// DataHash is the SHA-256 of the cards file cfg plays with
// (game.DataHasher): the embedded one, or the option's file.
func (openScience) DataHash(cfg game.Config) (string, error) {
	return cardTable.Hash(cfg.Options.Get(OptCards))
}

// MaxLength bounds a game. A round's turns are bounded because every turn
// either collects at least one of the round's resources or is idle, and
// the players' count of idle turns in a row ends the round (O8); full
// circle adds at most a lap. A turn is at most three actions of step (1)
// (a form and two roles, or a hire and its draw) and five of collecting.
func (openScience) MaxLength(cfg game.Config) int {
	c, err := gameCards(cfg)
	if err != nil {
		d := DefaultCards()
		c = &d
	}
	n := cfg.Players
	stock := 0
	for _, e := range c.Events {
		t := 0
		for _, l := range e.Levels {
			t += l
		}
		stock = max(stock, t)
	}
	turns := (stock+1)*n + n
	return 2*n + c.Rounds*(1+8*turns)
}

// gameCards returns the cards cfg plays with: the cards file of option
// cards, with the level limits the options role-max and driver-max set
// overriding the file's (R14, R15). The file's cards, cached and shared,
// are never changed: an override changes a copy.
func gameCards(cfg game.Config) (*Cards, error) {
	c, err := loadCards(cfg.Options.Get(OptCards))
	if err != nil {
		return nil, fmt.Errorf("%s: option %s: %w", info.Name, OptCards, err)
	}
	roleMax, err := numOption(cfg, OptRoleMax, 2, maxRoleLevel, "the highest level of a role (R14, O4; upskilling a role by 2 needs two steps, O10)")
	if err != nil {
		return nil, err
	}
	driverMax, err := numOption(cfg, OptDriverMax, c.DriverStart, maxDriverLevel, fmt.Sprintf("the Discovery Driver's highest level, not below its first level %d (R15, O4)", c.DriverStart))
	if err != nil {
		return nil, err
	}
	if roleMax == 0 && driverMax == 0 {
		return c, nil
	}
	o := *c
	if roleMax > 0 {
		o.RoleMax = roleMax
	}
	if driverMax > 0 {
		o.DriverMax = driverMax
	}
	return &o, nil
}

// numOption reads the named numeric option (game.NumberOption): 0 when
// it is empty, the cards file deciding.
func numOption(cfg game.Config, name string, lo, hi int, what string) (int, error) {
	return game.NumberOption(cfg, info.Name, name, lo, hi, what, "the cards file's")
}
