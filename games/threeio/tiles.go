package threeio

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commons-games/commons/internal/datafile"
)

// Tile is a tile type (ruling T2). The two chains are in fusion order:
// Dust..Galaxy are space tiles, Probe..Singularity civilization tiles.
type Tile int8

// The tile types of ruling T2.
const (
	Dust Tile = iota
	Rock
	Planet
	Sun
	Galaxy
	Probe
	Colony
	Station
	Sphere
	Singularity
	// NumTiles is the number of tile types.
	NumTiles = 10
)

var tileNames = [NumTiles]string{"Dust", "Rock", "Planet", "Sun", "Galaxy", "Probe", "Colony", "Station", "Sphere", "Singularity"}

// tileCodes are the two-letter codes of Render and of the tests' board
// pictures.
var tileCodes = [NumTiles]string{"Du", "Ro", "Pl", "Su", "Ga", "Pr", "Co", "St", "Sp", "Si"}

// String returns the tile type's name ("Dust").
func (t Tile) String() string {
	if t < 0 || int(t) >= NumTiles {
		return fmt.Sprintf("Tile(%d)", int8(t))
	}
	return tileNames[t]
}

// Civilization reports whether t is a civilization tile (T2), the only
// kind that carries a multiplier (T5).
func (t Tile) Civilization() bool { return t >= Probe }

// Top reports whether t is the last type of its chain (Galaxy,
// Singularity): its light side has no next step (T13).
func (t Tile) Top() bool { return t == Galaxy || t == Singularity }

// ParseTile reads a tile type name, ignoring case.
func ParseTile(s string) (Tile, error) {
	for i, n := range tileNames {
		if strings.EqualFold(s, n) {
			return Tile(i), nil
		}
	}
	return 0, fmt.Errorf("unknown tile type %q (tile types: %s)", s, strings.Join(tileNames[:], ", "))
}

// Tiles is a tile table: every number of rulings T3-T5 and T15, and our
// turn limit, that a designer may change. The game reads it from one JSON
// file, by default the embedded tiles.json; docs/rules/3io.md describes the
// format.
type Tiles struct {
	// About is free text describing the table.
	About string
	// Count is how many tiles of each type the box holds at the start,
	// before the Dust dealt to the players (T3).
	Count [NumTiles]int
	// Points are the points printed on each type, [0] on the dark side and
	// [1] on the light side (T4).
	Points [NumTiles][2]int
	// Multiplier is the multiplier of each civilization type (T5), 1 for
	// none; 0 for space tiles, which carry none.
	Multiplier [NumTiles]int
	// PacingLevel is the civilization type whose production ends the game
	// under the civilization-pacing variant (T15), unless the pacing-level
	// option names another.
	PacingLevel Tile
	// TurnLimit ends the game after this many turns (our ruling: the
	// published end, a full board, can be put off forever by fusions that
	// find no tile of the next type in the box).
	TurnLimit int
	// Crew is the number of meeples each player has to put on tiles (T1:
	// four meeples, one of which marks the score).
	Crew int
	// Fusion is the smallest group that fuses (T10: three), OneBonusAt the
	// smallest fusion that earns one bonus token and TwoBonusAt two
	// (T12: four and five).
	Fusion, OneBonusAt, TwoBonusAt int
}

// Limits on the numbers of a tile table, so that counts fit the state's
// bytes and scores cannot overflow.
const (
	maxCount      = 255
	maxPoints     = 1_000_000
	maxMultiplier = 100
	maxTurnLimit  = 100_000
	maxCrew       = 9
	// Fusion thresholds: a group of at least 3, one token from at least
	// one more, two tokens from more still. So a fusion earns at most one
	// token for every two tiles it removes, which keeps a tile's bonus
	// count within its 16 bits over maxTurnLimit turns.
	minFusion = 3
	maxFusion = 36 // the board's sectors
)

//go:embed tiles.json
var embeddedTiles []byte

// EmbeddedTilesName is the name error messages give the embedded table.
const EmbeddedTilesName = "tiles.json"

// tileTable is the embedded table and the designers' files already read,
// so that New, called once per game, checks a file once.
var tileTable = datafile.Table[Tiles]{Name: EmbeddedTilesName, What: "the tile table", Data: embeddedTiles, Parse: ParseTiles}

// DefaultTiles returns the embedded tile table: our defaults for T3-T5 and
// T15.
func DefaultTiles() Tiles { return tileTable.Default() }

// LoadTiles reads, checks and returns the tile table in the named file.
// The empty name means the embedded table. Tables are cached by name and
// content; LoadTiles is safe for concurrent use. A command can call it to
// check a designer's file before any game starts.
func LoadTiles(path string) (Tiles, error) {
	t, err := loadTiles(path)
	if err != nil {
		return Tiles{}, err
	}
	return *t, nil
}

func loadTiles(path string) (*Tiles, error) { return tileTable.Load(path) }

// ParseTiles parses and checks a tile table. name is the file's name, used
// in errors, which name the file and the field:
//
//	tiles.json: tiles.Rock.count: -3 is negative
func ParseTiles(name string, data []byte) (*Tiles, error) {
	p := tableParser{datafile.Parser{Name: name}}
	return p.parse(data)
}

type tableParser struct{ datafile.Parser }

func (p *tableParser) parse(data []byte) (*Tiles, error) {
	top, err := p.Top(data)
	if err != nil {
		return nil, err
	}
	t := &Tiles{}
	var tilesRaw json.RawMessage
	var haveTiles, havePacing, haveLimit bool
	for _, f := range top {
		switch f.Key {
		case "about":
			if err := json.Unmarshal(f.Val, &t.About); err != nil {
				return nil, p.Errorf("about", "want a string, got %s", datafile.Short(f.Val))
			}
		case "tiles":
			tilesRaw, haveTiles = f.Val, true
		case "pacing_level":
			var s string
			if err := json.Unmarshal(f.Val, &s); err != nil {
				return nil, p.Errorf("pacing_level", "want a tile type name, got %s", datafile.Short(f.Val))
			}
			lv, err := ParseTile(s)
			if err != nil || tileNames[lv] != s {
				return nil, p.Errorf("pacing_level", "unknown tile type %q (want one of Probe, Colony, Station, Sphere, Singularity)", s)
			}
			if !lv.Civilization() {
				return nil, p.Errorf("pacing_level", "%s is a space tile; the pacing level is a civilization tile (T15)", s)
			}
			t.PacingLevel, havePacing = lv, true
		case "turn_limit":
			n, err := p.Whole(f.Val, "turn_limit")
			if err != nil {
				return nil, err
			}
			if n < 1 || n > maxTurnLimit {
				return nil, p.Errorf("turn_limit", "%d is outside 1..%d", n, maxTurnLimit)
			}
			t.TurnLimit, haveLimit = n, true
		case "crew":
			n, err := p.Whole(f.Val, "crew")
			if err != nil {
				return nil, err
			}
			if n < 1 || n > maxCrew {
				return nil, p.Errorf("crew", "%d is outside 1..%d", n, maxCrew)
			}
			t.Crew = n
		case "fusion":
			if err := p.fusion(t, f.Val); err != nil {
				return nil, err
			}
		default:
			return nil, p.Errorf(f.Key, "unknown field (fields: about, tiles, pacing_level, turn_limit, crew, fusion)")
		}
	}
	switch {
	case !haveTiles:
		return nil, p.Errorf("tiles", "missing")
	case !havePacing:
		return nil, p.Errorf("pacing_level", "missing")
	case !haveLimit:
		return nil, p.Errorf("turn_limit", "missing")
	}
	entries, err := p.Object(tilesRaw, "tiles")
	if err != nil {
		return nil, err
	}
	var seen [NumTiles]bool
	for _, e := range entries {
		field := "tiles." + e.Key
		tt := Tile(-1)
		for i, n := range tileNames {
			if n == e.Key {
				tt = Tile(i)
			}
		}
		if tt < 0 {
			if near, err := ParseTile(e.Key); err == nil {
				return nil, p.Errorf(field, "unknown tile type (did you mean %s? names are spelt as in T2)", near)
			}
			return nil, p.Errorf(field, "unknown tile type (tile types: %s)", strings.Join(tileNames[:], ", "))
		}
		seen[tt] = true
		if err := p.tile(t, tt, e.Val, field); err != nil {
			return nil, err
		}
	}
	for i, ok := range seen {
		if !ok {
			return nil, p.Errorf("tiles."+tileNames[i], "missing (every tile type of T2 needs an entry)")
		}
	}
	switch {
	case t.Crew == 0:
		return nil, p.Errorf("crew", "missing")
	case t.Fusion == 0:
		return nil, p.Errorf("fusion", "missing")
	}
	return t, nil
}

// fusion reads the "fusion" object: the group size that fuses (T10) and
// the fusion sizes that earn one and two bonus tokens (T12).
func (p *tableParser) fusion(t *Tiles, raw json.RawMessage) error {
	fields, err := p.Object(raw, "fusion")
	if err != nil {
		return err
	}
	vals := map[string]*int{"group": &t.Fusion, "one_bonus_at": &t.OneBonusAt, "two_bonus_at": &t.TwoBonusAt}
	for _, f := range fields {
		v, ok := vals[f.Key]
		if !ok {
			return p.Errorf("fusion."+f.Key, "unknown field (fields: group, one_bonus_at, two_bonus_at)")
		}
		if *v, err = p.Whole(f.Val, "fusion."+f.Key); err != nil {
			return err
		}
	}
	for _, k := range []string{"group", "one_bonus_at", "two_bonus_at"} {
		if *vals[k] == 0 {
			return p.Errorf("fusion."+k, "missing")
		}
	}
	switch {
	case t.Fusion < minFusion || t.Fusion > maxFusion:
		return p.Errorf("fusion.group", "%d is outside %d..%d", t.Fusion, minFusion, maxFusion)
	case t.OneBonusAt <= t.Fusion:
		return p.Errorf("fusion.one_bonus_at", "%d is not above fusion.group %d", t.OneBonusAt, t.Fusion)
	case t.TwoBonusAt <= t.OneBonusAt:
		return p.Errorf("fusion.two_bonus_at", "%d is not above fusion.one_bonus_at %d", t.TwoBonusAt, t.OneBonusAt)
	}
	return nil
}

// tile reads one entry of "tiles".
func (p *tableParser) tile(t *Tiles, tt Tile, raw json.RawMessage, field string) error {
	fields, err := p.Object(raw, field)
	if err != nil {
		return err
	}
	var haveCount, havePoints, haveMult bool
	for _, f := range fields {
		sub := field + "." + f.Key
		switch f.Key {
		case "count":
			n, err := p.Whole(f.Val, sub)
			if err != nil {
				return err
			}
			if n < 0 {
				return p.Errorf(sub, "%d is negative", n)
			}
			if n > maxCount {
				return p.Errorf(sub, "%d is more than %d", n, maxCount)
			}
			t.Count[tt], haveCount = n, true
		case "points":
			sides, err := p.Object(f.Val, sub)
			if err != nil {
				return err
			}
			var have [2]bool
			for _, s := range sides {
				side := -1
				switch s.Key {
				case "dark":
					side = 0
				case "light":
					side = 1
				default:
					return p.Errorf(sub+"."+s.Key, "unknown field (fields: dark, light)")
				}
				n, err := p.Whole(s.Val, sub+"."+s.Key)
				if err != nil {
					return err
				}
				if n < 0 {
					return p.Errorf(sub+"."+s.Key, "%d is negative", n)
				}
				if n > maxPoints {
					return p.Errorf(sub+"."+s.Key, "%d is more than %d", n, maxPoints)
				}
				t.Points[tt][side], have[side] = n, true
			}
			if !have[0] {
				return p.Errorf(sub+".dark", "missing")
			}
			if !have[1] {
				return p.Errorf(sub+".light", "missing")
			}
			havePoints = true
		case "multiplier":
			if !tt.Civilization() {
				return p.Errorf(sub, "%s is a space tile: only civilization tiles carry a multiplier (T5)", tt)
			}
			n, err := p.Whole(f.Val, sub)
			if err != nil {
				return err
			}
			if n < 1 || n > maxMultiplier {
				return p.Errorf(sub, "%d is outside 1..%d (1 means no multiplier)", n, maxMultiplier)
			}
			t.Multiplier[tt], haveMult = n, true
		default:
			return p.Errorf(sub, "unknown field (fields: count, points, multiplier)")
		}
	}
	switch {
	case !haveCount:
		return p.Errorf(field+".count", "missing")
	case !havePoints:
		return p.Errorf(field+".points", "missing")
	case tt.Civilization() && !haveMult:
		return p.Errorf(field+".multiplier", "missing (a civilization tile needs one; 1 means none)")
	}
	return nil
}
