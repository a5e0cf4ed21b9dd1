// Package threeio implements 3io, a match-three space exploration tile
// game for 2 to 4 players (rulings T1-T15, in shared/rulings beside this
// repository; rules in docs/rules/3io.md).
//
// Players draw tiles from a box and play them onto a 6x6 board; three or
// more orthogonally connected tiles of one type and side fuse into the
// tile just played, which steps up: dark to light, light to the next type.
// Crew meeples on tiles score their points, multiplied by the best
// adjacent civilization tile.
//
// Every number of the rulings (box mix, points, multipliers, pacing level)
// and our turn limit come from one table, the embedded tiles.json, which
// the option "tiles" replaces with a designer's file; the options box-dust
// and box-probe override its box mix (our rulings R15, R16), and
// Info.Params offers them and the pacing options to the tuning lab.
//
// The state is a struct of fixed-size arrays (the board is [36]cell), so
// Clone is a copy and Apply and LegalActions do not allocate; group
// finding is a flood fill over a fixed stack.
package threeio

import (
	"fmt"
	"strconv"

	"github.com/commons-games/commons/game"
)

// Game is 3io. It is registered with package game as "3io".
var Game game.Game = threeIO{}

func init() { game.Register(Game) }

// What a State offers the runners and the bots beside game.State, checked
// when the package is built: a method with a wrong signature fails the
// build rather than leaving the State without the capability, found by a
// type assertion that fails in silence.
var _ interface {
	game.State
	game.Scorer
	game.Copier
	game.Evaluator
	game.Prior
	game.SearchTuner
	game.Outcomer
	game.Scripter
	game.Undoer
} = (*State)(nil)

// The game's rules come from a data table an option names (game.DataHasher).
var _ game.DataHasher = threeIO{}

// Option names.
const (
	OptPacing      = "civilization-pacing"
	OptPacingLevel = "pacing-level"
	OptTiles       = "tiles"
	// The box mix of T3, overriding the tile table's counts (our rulings
	// R15 and R16 in docs/rules/3io.md).
	OptBoxDust  = "box-dust"
	OptBoxProbe = "box-probe"
)

type threeIO struct{}

var info = game.Info{
	Name:       "3io",
	Title:      "3io",
	Summary:    "Match-three space exploration: fuse dust into planets, suns and galaxies, and score your crew's tiles.",
	MinPlayers: 2,
	MaxPlayers: 4,
	Options: []game.OptionSpec{
		{
			Name:    OptPacing,
			Default: "off",
			Values:  []string{"off", "on"},
			Doc:     "T15, the designer's own variant: civilization tiles pace the game instead of multiplying scores; the game ends after the turn in which a fusion produces a tile of the pacing level or higher, and every score counts x1.",
		},
		{
			Name:    OptPacingLevel,
			Default: "",
			Values:  []string{"", "Probe", "Colony", "Station", "Sphere", "Singularity"},
			Doc:     "T15: the civilization tile whose production ends the game under civilization-pacing; empty means the tile table's pacing_level (Sphere in ours). Ignored without civilization-pacing.",
		},
		{
			Name:    OptTiles,
			Default: "",
			Doc:     "Path of a tile table in the format of docs/rules/3io.md (box mix T3, points T4, multipliers T5, pacing level T15, turn limit); empty means the embedded table of our defaults.",
			Path:    true,
		},
		{
			Name:    OptBoxDust,
			Default: "",
			Doc:     "R15: the Dust tiles in the box before the deal (T3: 50), from the number of players (each is dealt one, T6) to 255; empty means the tile table's count.",
		},
		{
			Name:    OptBoxProbe,
			Default: "",
			Doc:     "R16: the Probe tiles in the box (T3: 25), 0 to 255; empty means the tile table's count.",
		},
	},
	Params: []game.Param{
		{
			Option:  OptBoxDust,
			Values:  game.Range(30, 70, 10),
			Numeric: true,
			Doc:     "R15, T3: Dust in the box (the data: 50), the basic space tile every fusion chain starts from; more Dust means more fusions and a longer game before the box runs out.",
		},
		{
			Option:  OptBoxProbe,
			Values:  game.Range(10, 40, 5),
			Numeric: true,
			Doc:     "R16, T3: Probes in the box (the data: 25), the basic civilization tile: the civilization chain's fuel, and so how often multipliers (T5) and, under civilization-pacing, the pacing level (T15) come.",
		},
		{
			Option: OptPacing,
			Values: []string{"off", "on"},
			Doc:    "T15: the designer's pacing variant, civilization tiles ending the game instead of multiplying scores.",
		},
		{
			Option: OptPacingLevel,
			Values: []string{"Probe", "Colony", "Station", "Sphere", "Singularity"},
			Doc:    "T15: the civilization tile whose production ends the game (the data: Sphere); it changes the game only with civilization-pacing=on, so sweep it with that option set.",
		},
	},
	Chance:            true,
	HiddenInformation: false, // T6: holdings are public; the box is only counts
	Doc:               "docs/rules/3io.md",
	Scripts:           scripts,
}

func (threeIO) Info() game.Info { return info }

// rules is everything a game's states share and never change: the
// configuration and the tile table it resolved to.
type rules struct {
	cfg     game.Config
	tiles   Tiles
	pacing  bool
	level   Tile // T15 pacing level, meaningful when pacing
	players int
}

func (threeIO) New(cfg game.Config) (game.State, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	return newState(r), nil
}

func newRules(cfg game.Config) (*rules, error) {
	if cfg.Players < info.MinPlayers || cfg.Players > info.MaxPlayers {
		return nil, fmt.Errorf("3io: %d players: the game takes %d to %d", cfg.Players, info.MinPlayers, info.MaxPlayers)
	}
	path := cfg.Options.Get(OptTiles)
	tp, err := loadTiles(path)
	if err != nil {
		return nil, fmt.Errorf("3io: option %s: %w", OptTiles, err)
	}
	r := &rules{cfg: cfg, tiles: *tp, players: cfg.Players, level: tp.PacingLevel}
	name := path
	if name == "" {
		name = EmbeddedTilesName
	}
	// The box mix of the options (R15, R16) overrides the table's (T3).
	if v := cfg.Options.Get(OptBoxDust); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < cfg.Players || n > maxCount {
			return nil, fmt.Errorf("3io: option %s=%q: want the Dust tiles in the box (R15, T3), a whole number from %d, the players each dealt a Dust (T6), to %d, or empty for the tile table's", OptBoxDust, v, cfg.Players, maxCount)
		}
		r.tiles.Count[Dust] = n
	}
	if v := cfg.Options.Get(OptBoxProbe); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxCount {
			return nil, fmt.Errorf("3io: option %s=%q: want the Probe tiles in the box (R16, T3), a whole number from 0 to %d, or empty for the tile table's", OptBoxProbe, v, maxCount)
		}
		r.tiles.Count[Probe] = n
	}
	// T6 deals every player a Dust from the box.
	if tp.Count[Dust] < cfg.Players && cfg.Options.Get(OptBoxDust) == "" {
		return nil, fmt.Errorf("3io: option %s: %s: tiles.Dust.count: %d is fewer than the %d players, each dealt a Dust (T6)", OptTiles, name, tp.Count[Dust], cfg.Players)
	}
	switch v := cfg.Options.Get(OptPacing); v {
	case "", "off":
	case "on":
		r.pacing = true
	default:
		return nil, fmt.Errorf("3io: option %s=%q: want off or on", OptPacing, v)
	}
	if v := cfg.Options.Get(OptPacingLevel); v != "" {
		t, err := ParseTile(v)
		if err != nil || !t.Civilization() {
			return nil, fmt.Errorf("3io: option %s=%q: want one of Probe, Colony, Station, Sphere, Singularity", OptPacingLevel, v)
		}
		r.level = t
	}
	return r, nil
}

// DataHash is the SHA-256 of the tile table cfg plays with
// (game.DataHasher): the embedded one, or the option's file.
func (threeIO) DataHash(cfg game.Config) (string, error) {
	return tileTable.Hash(cfg.Options.Get(OptTiles))
}

// MaxLength is three actions (expand, draw, play) for each turn the tile
// table allows.
func (threeIO) MaxLength(cfg game.Config) int {
	tp, err := loadTiles(cfg.Options.Get(OptTiles))
	if err != nil {
		return 3 * DefaultTiles().TurnLimit
	}
	return 3 * tp.TurnLimit
}
