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
// cards.json, which the option "cards" replaces; the options supply,
// infrastructure-cards, placemat and turn-limit override its numbers
// (our rulings R16-R19), and Info.Params offers them to the tuning lab.
package opensource

import (
	"fmt"
	"slices"

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

// Option names: the cards file, and the numbers of it a designer may
// tune without writing one (our rulings R16-R19 in
// docs/rules/open-source-board-game.md).
const (
	OptCards     = "cards"
	OptSupply    = "supply"
	OptSetCards  = "infrastructure-cards"
	OptPlacemat  = "placemat"
	OptTurnLimit = "turn-limit"
)

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
	}, {
		Name:    OptSupply,
		Default: "",
		Doc:     "R16: tiles of each of the 11 types in the supply (G1: 20), 1 to 40; empty means the cards file's counts.",
	}, {
		Name:    OptSetCards,
		Default: "",
		Doc:     "R17: cards in each Infrastructure set (G15: 4), 1 to 8: the thresholds n+1, n+2... climb that many times, and the game ends with everybody winning when all are taken (G18); empty means the cards file's counts.",
	}, {
		Name:    OptPlacemat,
		Default: "",
		Doc:     "R18: Infrastructure stacks on the placemat (G16: 3, A, B and C at the start), 1 to 4 and at most the number of sets; empty means the cards file's placemat.",
	}, {
		Name:    OptTurnLimit,
		Default: "",
		Doc:     "R19: the turn after which everybody loses (G18: 1,000), 1 to 10000; empty means the cards file's turn_limit.",
	}},
	Params: []game.Param{{
		Option:  OptSupply,
		Values:  game.Range(10, 40, 5),
		Numeric: true,
		Doc:     "R16, G1: tiles of each type in the supply (the data: 20). Random play ends with the supply empty and everybody losing almost always; a larger supply gives the other endings time.",
	}, {
		Option:  OptSetCards,
		Values:  game.Range(1, 8, 1),
		Numeric: true,
		Doc:     "R17, G15: cards in each Infrastructure set (the data: 4). Fewer cards end the game sooner with everybody winning (G18), and keep the thresholds lower.",
	}, {
		Option:  OptPlacemat,
		Values:  game.Range(1, 4, 1),
		Numeric: true,
		Doc:     "R18, G16: Infrastructure stacks on the placemat (the data: 3). More stacks offer more rewards at once, so the cards run out sooner.",
	}, {
		Option:  OptTurnLimit,
		Values:  game.Range(200, 1000, 200),
		Numeric: true,
		Doc:     "R19, G18: the turn limit, after which everybody loses (the data: 1,000). Greedy games last about 350-410 turns, so a limit below that makes the table's clock an ending of its own.",
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
	c, err := gameCards(cfg)
	if err != nil {
		return nil, err
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
	c, err := gameCards(cfg)
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

// gameCards returns the cards cfg plays with: the cards file of option
// cards, with the numbers the options supply, infrastructure-cards,
// placemat and turn-limit set override (R16-R19). The file's cards,
// cached and shared, are never changed: an override changes a copy.
func gameCards(cfg game.Config) (*Cards, error) {
	c, err := loadCards(cfg.Options.Get(OptCards))
	if err != nil {
		return nil, fmt.Errorf("%s: option %s: %w", info.Name, OptCards, err)
	}
	supply, err := numOption(cfg, OptSupply, 1, maxSupply, "tiles of each type in the supply (R16, G1)")
	if err != nil {
		return nil, err
	}
	setCards, err := numOption(cfg, OptSetCards, 1, maxSetCards, "cards in each Infrastructure set (R17, G15)")
	if err != nil {
		return nil, err
	}
	placemat, err := numOption(cfg, OptPlacemat, 1, min(4, len(c.Sets)), fmt.Sprintf("Infrastructure stacks on the placemat, at most the %d sets (R18, G16)", len(c.Sets)))
	if err != nil {
		return nil, err
	}
	turnLimit, err := numOption(cfg, OptTurnLimit, 1, maxTurnLimit, "the turn limit (R19, G18)")
	if err != nil {
		return nil, err
	}
	if supply == 0 && setCards == 0 && placemat == 0 && turnLimit == 0 {
		return c, nil
	}
	o := *c
	if supply > 0 {
		for t := range o.Supply {
			o.Supply[t] = supply
		}
	}
	if setCards > 0 {
		o.Sets = slices.Clone(c.Sets)
		for i := range o.Sets {
			o.Sets[i].Cards = setCards
		}
	}
	if placemat > 0 {
		o.Placemat = placemat
	}
	if turnLimit > 0 {
		o.TurnLimit = turnLimit
	}
	return &o, nil
}

// numOption reads the named numeric option (game.NumberOption): 0 when
// it is empty, the cards file deciding.
func numOption(cfg game.Config, name string, lo, hi int, what string) (int, error) {
	return game.NumberOption(cfg, info.Name, name, lo, hi, what, "the cards file's")
}
