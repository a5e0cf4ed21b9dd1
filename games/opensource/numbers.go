package opensource

import (
	"strings"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/open-source-board-game.md, a
// text/template) quotes the game's numbers by name (game.Numberer).
var _ game.Numberer = openSource{}

// numDice is how many colour dice a roll keeps (G10); the dice code
// counts to three, and no data file changes it.
const numDice = 3

// NumberTile is one row of the rulebook's tile table: a tile type, its
// edges in words and how many the supply holds.
type NumberTile struct {
	Name  string
	Edges string
	Count int
}

// NumberSet is one row of the rulebook's Infrastructure table.
type NumberSet struct {
	Letter string
	Name   string
	Cards  int
	// First is the condition for the set's first card, in words; Rising
	// says whether the condition grows by one with each card of the set
	// taken before.
	First  string
	Rising bool
	// Power is the reward's name in the rulebook (Agility, Bug catching...),
	// Colour the colour Bug catching changes a die to ("" for the others).
	Power  string
	Colour string
	// Placemat says whether the set's stack is on the placemat at the start.
	Placemat bool
}

// NumberDemand is one row of the rulebook's Market Demand table.
type NumberDemand struct {
	Name   string
	Tiles  string // the types, in the card's order
	Size   int    // tiles in the formation
	Spaces int    // extra Lab spaces
}

// NumberDemandGroup counts the Market Demand cards of one size.
type NumberDemandGroup struct {
	Size   int // tiles in the formation
	Cards  int
	Spaces int // extra Lab spaces each (the largest, when they differ)
}

var powerWords = [numPowers]string{
	Agility:       "Agility",
	Productivity:  "Productivity",
	Compatibility: "Compatibility",
	BDFL:          "BDFL",
	BugYellow:     "Bug catching",
	BugBlue:       "Bug catching",
	BugRed:        "Bug catching",
	Hardware:      "Hardware",
	Forking:       "Forking",
}

var edgeWords = [3]string{Yellow: "yellow", Blue: "blue", Red: "red"}

// Numbers returns the numbers the players' rulebook quotes, for cfg: the
// cards file cfg plays with, with the options supply,
// infrastructure-cards, placemat and turn-limit applied (R16-R19).
func (openSource) Numbers(cfg game.Config) (map[string]any, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	c := r.cards

	var tiles []NumberTile
	supply, each, same := 0, c.Supply[0], true
	for t, n := range c.Supply {
		e := TileType(t).Edges()
		tiles = append(tiles, NumberTile{
			Name:  TileType(t).String(),
			Edges: edgeWords[e[0]] + ", " + edgeWords[e[1]] + ", " + edgeWords[e[2]],
			Count: n,
		})
		supply += n
		if n != each {
			same = false
		}
	}
	if !same {
		each = 0
	}

	var sets []NumberSet
	cards, setCards, sameCards := 0, c.Sets[0].Cards, true
	bdflCards := 0
	for i, s := range c.Sets {
		colour := ""
		if k, ok := s.Reward.bugColour(); ok {
			colour = edgeWords[k]
		}
		sets = append(sets, NumberSet{
			Letter:   string(s.Letter),
			Name:     s.Name,
			Cards:    s.Cards,
			First:    s.Condition.Describe(0),
			Rising:   s.Condition.Kind != CondNone,
			Power:    powerWords[s.Reward],
			Colour:   colour,
			Placemat: i < c.Placemat,
		})
		cards += s.Cards
		if s.Cards != setCards {
			sameCards = false
		}
		if s.Reward == BDFL {
			bdflCards = s.Cards
		}
	}
	if !sameCards {
		setCards = 0
	}
	var first []string
	for _, s := range c.Sets[:c.Placemat] {
		first = append(first, string(s.Letter))
	}

	var demands []NumberDemand
	var groups []NumberDemandGroup
	spaces := 0
	for _, d := range c.Demands {
		var names []string
		for _, cell := range d.Tiles {
			names = append(names, cell.Tile.String())
		}
		demands = append(demands, NumberDemand{Name: d.Name, Tiles: strings.Join(names, ", "), Size: len(d.Tiles), Spaces: d.Spaces})
		spaces += d.Spaces
		k := 0
		for k < len(groups) && groups[k].Size != len(d.Tiles) {
			k++
		}
		if k == len(groups) {
			groups = append(groups, NumberDemandGroup{Size: len(d.Tiles)})
		}
		groups[k].Cards++
		groups[k].Spaces = max(groups[k].Spaces, d.Spaces)
	}
	for i := 1; i < len(groups); i++ { // by size, a handful of groups
		for j := i; j > 0 && groups[j].Size < groups[j-1].Size; j-- {
			groups[j], groups[j-1] = groups[j-1], groups[j]
		}
	}

	return map[string]any{
		"players_min":    info.MinPlayers,
		"players_max":    info.MaxPlayers,
		"tile_types":     NumTypes,
		"tiles":          tiles,
		"tiles_each":     each, // 0 when the types' counts differ
		"supply":         supply,
		"commons_side":   side,
		"commons_spaces": nSpaces,
		"lab_start":      len(centre),
		"dice":           numDice,
		"sets":           sets,
		"set_count":      len(c.Sets),
		"set_cards":      setCards, // 0 when the sets' sizes differ
		"infrastructure": cards,
		"bdfl_tokens":    bdflCards,
		"placemat":       c.Placemat,
		"placemat_sets":  strings.Join(first, ", "),
		"demands":        demands,
		"demand_count":   len(c.Demands),
		"demand_groups":  groups,
		"demand_spaces":  spaces,
		"turn_limit":     c.TurnLimit,
	}, nil
}
