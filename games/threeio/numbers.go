package threeio

import (
	"strings"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/3io.md) quotes the game's numbers
// (game.Numberer).
var _ game.Numberer = threeIO{}

// TileRow is one row of the rulebook's tile table: a tile type with its
// count in the box (T3), its points on each side (T4) and its multiplier
// (T5: 0 for space tiles, which carry none; 1 for none on a civilization
// tile).
type TileRow struct {
	Name       string
	Chain      string // "space" or "civilization"
	Count      int
	Dark       int
	Light      int
	Multiplier int
}

// Numbers returns every number the players' rulebook quotes, for cfg: the
// tile table cfg selects with the box options (R15, R16) applied, the
// pacing variant and its level (T15), the board and the player range. It
// refuses a configuration New refuses.
func (threeIO) Numbers(cfg game.Config) (map[string]any, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	tb := r.tiles
	var rows, space, civ []TileRow
	var spaceNames, civNames []string
	total := 0
	for i := range NumTiles {
		t := Tile(i)
		row := TileRow{
			Name:       t.String(),
			Chain:      "space",
			Count:      tb.Count[t],
			Dark:       tb.Points[t][0],
			Light:      tb.Points[t][1],
			Multiplier: tb.Multiplier[t],
		}
		total += row.Count
		if t.Civilization() {
			row.Chain = "civilization"
			civ = append(civ, row)
			civNames = append(civNames, row.Name)
		} else {
			space = append(space, row)
			spaceNames = append(spaceNames, row.Name)
		}
		rows = append(rows, row)
	}
	pacing := "off"
	if r.pacing {
		pacing = "on"
	}
	// A worked example of a score (T8): a dark Planet with one bonus token,
	// beside a Colony and a Station, scores at the Station's multiplier.
	exPlanet := tb.Points[Planet][0]
	exMult := max(tb.Multiplier[Colony], tb.Multiplier[Station])
	if r.pacing {
		exMult = 1
	}
	return map[string]any{
		"min_players": info.MinPlayers,
		"max_players": info.MaxPlayers,
		"board":       side,
		// T1: the crew, and the meeple that marks the score.
		"crew":    tb.Crew,
		"meeples": tb.Crew + 1,
		// T3-T5: the box and the tiles.
		"tiles":       rows,
		"space":       space,
		"civ":         civ,
		"space_chain": strings.Join(spaceNames, " → "),
		"civ_chain":   strings.Join(civNames, " → "),
		"box":         total,
		// T10, T12: fusion sizes.
		"group":        tb.Fusion,
		"group_others": tb.Fusion - 1,
		"one_bonus_at": tb.OneBonusAt,
		"two_bonus_at": tb.TwoBonusAt,
		// T13: clearing the top of a chain.
		"galaxy_light":      tb.Points[Galaxy][1],
		"singularity_light": tb.Points[Singularity][1],
		"galaxy_clear":      tb.Fusion * tb.Points[Galaxy][1],
		// T8: the worked example.
		"ex_planet":     exPlanet,
		"ex_colony":     tb.Multiplier[Colony],
		"ex_station":    tb.Multiplier[Station],
		"ex_multiplier": exMult,
		"ex_score":      (exPlanet + 1) * exMult,
		// T15 and our turn limit.
		"pacing":       pacing,
		"pacing_level": r.level.String(),
		"turn_limit":   tb.TurnLimit,
	}, nil
}
