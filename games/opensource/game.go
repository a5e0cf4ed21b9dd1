// Package opensource implements Open Source, the Board Game, for 2 to 4
// players (rulings G1-G19, in shared/rulings beside this repository;
// rules in docs/rules/open-source-board-game.md).
//
// Companies roll three colour dice for triangular Source Code tiles and
// place them in the shared Commons or their private Labs; the features the
// tiles form (Applications, Platforms, Formats) earn Infrastructure cards
// with powers, and exact formations earn Market Demand cards. The game ends
// when the supply, the Infrastructure cards or the Market Demand deck runs
// out: everybody loses, everybody wins, or the most Market Demand cards
// wins.
//
// The geometry of the triangular grid is package tri; features are tracked
// as tiles are placed (features.go); the supply, the Infrastructure table
// and the Market Demand cards come from one table, the embedded
// cards.json, which the option "cards" replaces.
package opensource

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// Game is Open Source, the Board Game. It is registered with package game
// as "open-source-board-game".
var Game game.Game = openSource{}

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
	game.StandingEvaluator
	game.SearchTuner
	game.LevelTuner
	game.Outcomer
	game.Scripter
	game.Undoer
} = (*State)(nil)

// The game's rules come from a data table an option names (game.DataHasher).
var _ game.DataHasher = openSource{}

// OptCards names the option of a designer's cards file.
const OptCards = "cards"

const maxPlayers = 4 // G19

type openSource struct{}

var info = game.Info{
	Name:       "open-source-board-game",
	Title:      "Open Source, the Board Game",
	Summary:    "Roll colour dice for triangular code tiles, build Applications, Platforms and Formats in the Commons or your Lab, and earn Infrastructure powers and Market Demand cards.",
	MinPlayers: 2,
	MaxPlayers: maxPlayers,
	Options: []game.OptionSpec{{
		Name:    OptCards,
		Default: "",
		Doc:     "Path of a cards file in the format of docs/rules/open-source-board-game.md (the tile supply G1, the Infrastructure sets G15-G16, the Market Demand cards G17, the turn limit G18); empty means the embedded cards.",
		Path:    true,
	}},
	Chance:            true,
	HiddenInformation: false, // the Market Demand deck is face up; what lies under the top card is not yet drawn
	Doc:               "docs/rules/open-source-board-game.md",
	Scripts:           scripts,
}

func (openSource) Info() game.Info { return info }

// rules is what a game's states share and never change.
type rules struct {
	cfg     game.Config
	cards   Cards
	players int
	// bdfl is the set whose reward is BDFL (-1 if none); its cards are
	// numbered, each with a token (G15).
	bdfl int
	// forms are the Market Demand formations, turned every way (G14).
	forms []form
}

func (openSource) New(cfg game.Config) (game.State, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r), nil
}

// DataHash is the SHA-256 of the cards file cfg plays with
// (game.DataHasher): the embedded one, or the option's file.
func (openSource) DataHash(cfg game.Config) (string, error) {
	return cardTable.Hash(cfg.Options.Get(OptCards))
}

func newRules(cfg game.Config) (*rules, error) {
	if cfg.Players < info.MinPlayers || cfg.Players > info.MaxPlayers {
		return nil, fmt.Errorf("%s: %d players: the game takes %d to %d (G19)", info.Name, cfg.Players, info.MinPlayers, info.MaxPlayers)
	}
	c, err := loadCards(cfg.Options.Get(OptCards))
	if err != nil {
		return nil, fmt.Errorf("%s: option %s: %w", info.Name, OptCards, err)
	}
	r := &rules{cfg: cfg, cards: *c, players: cfg.Players, bdfl: -1}
	for i, s := range c.Sets {
		if s.Reward == BDFL {
			r.bdfl = i
		}
	}
	for _, d := range c.Demands {
		r.forms = append(r.forms, makeForm(d))
	}
	return r, nil
}

// MaxLength bounds a game: the set-up's chance events, and for each turn
// up to the limit a bounded number of actions. A turn uses each card held
// at most twice (Hardware), and a use is at most a few actions: two for a
// move or a token, and for Productivity another roll: a choice, the
// dice, a keep, a catch per Bug-catching card, a take and a placement. A
// reward adds its extra Lab spaces.
func (openSource) MaxLength(cfg game.Config) int {
	c, err := loadCards(cfg.Options.Get(OptCards))
	if err != nil {
		d := DefaultCards()
		c = &d
	}
	cards := 0
	for _, s := range c.Sets {
		cards += s.Cards
	}
	spaces := 0
	for _, d := range c.Demands {
		spaces += d.Spaces
	}
	perTurn := 10 + 2*cards*(8+cards) + spaces
	return 2 + len(c.Demands) + c.TurnLimit*perTurn
}
