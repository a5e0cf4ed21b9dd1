package opensource

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/commons-games/commons/games/opensource/tri"
	"github.com/commons-games/commons/internal/datafile"
)

// Power is an Infrastructure card's reward (G15).
type Power int8

// The powers.
const (
	Agility       Power = iota // roll one extra die, keep three
	Productivity               // roll and play another tile
	Compatibility              // move and/or rotate one tile
	BDFL                       // put your numbered token on a Commons tile
	BugYellow                  // change a rolled die to yellow
	BugBlue                    // change a rolled die to blue
	BugRed                     // change a rolled die to red
	Hardware                   // use another Infrastructure once more
	Forking                    // take any type the supply has instead of rolling
	numPowers
)

var powerNames = [numPowers]string{"agility", "productivity", "compatibility", "bdfl", "bug-yellow", "bug-blue", "bug-red", "hardware", "forking"}

func (p Power) String() string { return powerNames[p] }

// bugColour is the colour a Bug-catching power changes a die to.
func (p Power) bugColour() (EdgeKind, bool) {
	switch p {
	case BugYellow:
		return Yellow, true
	case BugBlue:
		return Blue, true
	case BugRed:
		return Red, true
	}
	return 0, false
}

// CondKind is what an Infrastructure condition counts (G15).
type CondKind int8

// The condition kinds.
const (
	CondNone     CondKind = iota // always met (set A)
	CondFinished                 // at least n+Plus finished features of a kind (any kind: Any)
	CondLargest                  // a finished feature of a kind of n+Plus tiles or more
	CondHoles                    // at least n+Plus holes: empty spaces with tiles across all three edges
)

// Condition is an Infrastructure set's condition; n, in G15's words, is
// the number of cards of the set awarded before.
type Condition struct {
	Kind    CondKind
	Feature FeatureKind // CondFinished, CondLargest
	Any     bool        // CondFinished: features of any kind
	Plus    int
}

func (c Condition) String() string {
	feature := strings.ToLower(c.Feature.String())
	if c.Any {
		feature = "any"
	}
	switch c.Kind {
	case CondFinished:
		return fmt.Sprintf("finished %s +%d", feature, c.Plus)
	case CondLargest:
		return fmt.Sprintf("largest %s +%d", feature, c.Plus)
	case CondHoles:
		return fmt.Sprintf("holes +%d", c.Plus)
	}
	return "none"
}

// Describe says the condition in words for n cards awarded before.
func (c Condition) Describe(n int) string {
	feature := strings.ToLower(c.Feature.String())
	plural := func(k int, s string) string {
		if k == 1 {
			return fmt.Sprintf("1 %s", s)
		}
		return fmt.Sprintf("%d %ss", k, s)
	}
	switch c.Kind {
	case CondFinished:
		if c.Any {
			return plural(n+c.Plus, "finished feature")
		}
		return plural(n+c.Plus, "finished "+feature)
	case CondLargest:
		return fmt.Sprintf("a finished %s of %d tiles or more", feature, n+c.Plus)
	case CondHoles:
		return plural(n+c.Plus, "hole")
	}
	return "none: may always be taken"
}

// InfraSet is one Infrastructure set (G15): its letter, name, cards,
// condition and reward.
type InfraSet struct {
	Letter    byte
	Name      string
	Cards     int
	Condition Condition
	Reward    Power
}

// Cell is one tile of a Market Demand formation: a space (in any frame:
// the formation may be found turned by any multiple of 60 degrees and
// moved, never mirrored), the tile type and its rotation there.
type Cell struct {
	At   tri.Space // the space (written "row,col")
	Tile TileType
	Turn int8 // 0..2
}

// Demand is one Market Demand card (G14, G17).
type Demand struct {
	Name   string
	Tiles  []Cell
	Spaces int // extra Lab spaces the card gives (G7)
}

// Cards is the game's data: every count and card of G1, G15-G18 a
// designer may change. The game reads it from one JSON file, by default
// the embedded cards.json; docs/rules/open-source-board-game.md describes
// the format.
type Cards struct {
	About string
	// Supply is the tiles of each type (G1: 20).
	Supply [NumTypes]int
	// TurnLimit ends the game, everybody losing, after that many turns
	// (G18: 1,000).
	TurnLimit int
	// Placemat is how many Infrastructure stacks lie on the placemat
	// (G16: three, A, B and C at the start).
	Placemat int
	// Sets are the Infrastructure sets in letter order (G15).
	Sets []InfraSet
	// Demands are the Market Demand cards (G17), shuffled at set-up.
	Demands []Demand
}

// Limits of the data, so that counts fit the state's bytes.
const (
	maxSupply     = 40 // tiles of one type
	maxSets       = 12
	maxSetCards   = 8
	maxDemands    = 40
	maxDemandSize = 6 // tiles in a formation
	maxTurnLimit  = 10_000
)

//go:embed cards.json
var embeddedCards []byte

// EmbeddedCardsName is the name error messages give the embedded cards.
const EmbeddedCardsName = "cards.json"

// cardTable is the embedded cards and the designers' files already read.
var cardTable = datafile.Table[Cards]{Name: EmbeddedCardsName, What: "the cards file", Data: embeddedCards, Parse: ParseCards}

// DefaultCards returns the embedded cards.
func DefaultCards() Cards { return cardTable.Default() }

// LoadCards reads, checks and returns the cards in the named file; the
// empty name means the embedded cards. Files are cached by name and
// content; LoadCards is safe for concurrent use.
func LoadCards(path string) (Cards, error) {
	c, err := loadCards(path)
	if err != nil {
		return Cards{}, err
	}
	return *c, nil
}

func loadCards(path string) (*Cards, error) { return cardTable.Load(path) }

// ParseCards parses and checks a cards file; errors name the file and
// the field:
//
//	cards.json: infrastructure[2].condition: unknown feature "widget"
func ParseCards(name string, data []byte) (*Cards, error) {
	p := datafile.Parser{Name: name}
	top, err := p.Top(data)
	if err != nil {
		return nil, err
	}
	c := &Cards{}
	fields := []string{"about", "tiles", "turn_limit", "placemat", "infrastructure", "market_demand"}
	seen := map[string]bool{}
	for _, f := range top {
		seen[f.Key] = true
		switch f.Key {
		case "about":
			c.About, err = p.String(f.Val, "about")
		case "tiles":
			err = parseSupply(p, c, f.Val)
		case "turn_limit":
			c.TurnLimit, err = p.WholeIn(f.Val, "turn_limit", 1, maxTurnLimit)
		case "placemat":
			c.Placemat, err = p.WholeIn(f.Val, "placemat", 1, 4)
		case "infrastructure":
			err = parseSets(p, c, f.Val)
		case "market_demand":
			err = parseDemands(p, c, f.Val)
		default:
			err = p.Errorf(f.Key, "unknown field (fields: %s)", strings.Join(fields, ", "))
		}
		if err != nil {
			return nil, err
		}
	}
	for _, k := range fields[1:] {
		if !seen[k] {
			return nil, p.Errorf(k, "missing")
		}
	}
	if c.Placemat > len(c.Sets) {
		return nil, p.Errorf("placemat", "%d stacks but %d Infrastructure sets", c.Placemat, len(c.Sets))
	}
	bdfl := -1
	for i, set := range c.Sets {
		if set.Reward == BDFL {
			if bdfl >= 0 {
				return nil, p.Errorf(datafile.Index("infrastructure", i)+".reward", "bdfl is the reward of set %c too: one set numbers the tokens", c.Sets[bdfl].Letter)
			}
			bdfl = i
		}
	}
	spaces := 0
	for _, d := range c.Demands {
		spaces += d.Spaces
	}
	if spaces > maxDemandSpaces {
		return nil, p.Errorf("market_demand", "the cards give %d extra Lab spaces in all: at most %d", spaces, maxDemandSpaces)
	}
	return c, nil
}

func parseSupply(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	names := typeNames[:]
	total := 0
	err := p.Fields(raw, "tiles", names, names, func(key string, val json.RawMessage, field string) error {
		t, _ := ParseTileType(key)
		n, err := p.WholeIn(val, field, 0, maxSupply)
		c.Supply[t] = n
		total += n
		return err
	})
	if err == nil && total < 2 {
		err = p.Errorf("tiles", "%d tiles: the game needs a start tile and one to play (G6)", total)
	}
	return err
}

func parseSets(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	list, err := p.Array(raw, "infrastructure")
	if err != nil {
		return err
	}
	if len(list) == 0 || len(list) > maxSets {
		return p.Errorf("infrastructure", "%d sets: want 1 to %d", len(list), maxSets)
	}
	names := []string{"set", "name", "cards", "condition", "reward"}
	for i, raw := range list {
		field := datafile.Index("infrastructure", i)
		var s InfraSet
		err := p.Fields(raw, field, names, names, func(key string, val json.RawMessage, field string) error {
			switch key {
			case "set":
				l, err := p.String(val, field)
				if err != nil {
					return err
				}
				if want := byte('A' + i); l != string(want) {
					return p.Errorf(field, "%q: the sets are lettered A, B, C... in order; this one is %c", l, want)
				}
				s.Letter = l[0]
			case "name":
				n, err := p.String(val, field)
				if err == nil && strings.TrimSpace(n) == "" {
					err = p.Errorf(field, "empty")
				}
				s.Name = n
				return err
			case "cards":
				n, err := p.WholeIn(val, field, 1, maxSetCards)
				s.Cards = n
				return err
			case "condition":
				text, err := p.String(val, field)
				if err != nil {
					return err
				}
				s.Condition, err = parseCondition(text)
				if err != nil {
					return p.Errorf(field, "%v", err)
				}
			case "reward":
				text, err := p.String(val, field)
				if err != nil {
					return err
				}
				r := -1
				for k, n := range powerNames {
					if n == text {
						r = k
					}
				}
				if r < 0 {
					return p.Errorf(field, "unknown reward %q (rewards: %s)", text, strings.Join(powerNames[:], ", "))
				}
				s.Reward = Power(r)
			}
			return nil
		})
		if err != nil {
			return err
		}
		c.Sets = append(c.Sets, s)
	}
	return nil
}

// parseCondition reads "none", "finished KIND +N", "largest KIND +N" or
// "holes +N", KIND one of application, platform, format (and any, for
// finished).
func parseCondition(text string) (Condition, error) {
	w := strings.Fields(text)
	bad := func(format string, args ...any) (Condition, error) {
		return Condition{}, fmt.Errorf("%q: %s (want none, finished KIND +N, largest KIND +N or holes +N)", text, fmt.Sprintf(format, args...))
	}
	plus := func(s string) (int, error) {
		n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
		if !strings.HasPrefix(s, "+") || err != nil || n < 0 || n > 100 {
			return 0, fmt.Errorf("%q: want +N, N from 0 to 100", s)
		}
		return n, nil
	}
	if len(w) == 0 {
		return bad("empty")
	}
	var c Condition
	switch w[0] {
	case "none":
		if len(w) != 1 {
			return bad("nothing follows none")
		}
		return c, nil
	case "holes":
		if len(w) != 2 {
			return bad("want holes +N")
		}
		n, err := plus(w[1])
		if err != nil {
			return bad("%v", err)
		}
		return Condition{Kind: CondHoles, Plus: n}, nil
	case "finished", "largest":
		if len(w) != 3 {
			return bad("want %s KIND +N", w[0])
		}
		c.Kind = CondFinished
		if w[0] == "largest" {
			c.Kind = CondLargest
		}
		switch w[1] {
		case "application":
			c.Feature = Application
		case "platform":
			c.Feature = Platform
		case "format":
			c.Feature = Format
		case "any":
			if c.Kind == CondLargest {
				return bad("largest needs a kind: application, platform or format")
			}
			c.Any = true
		default:
			return bad("unknown feature %q (application, platform, format or any)", w[1])
		}
		n, err := plus(w[2])
		if err != nil {
			return bad("%v", err)
		}
		c.Plus = n
		return c, nil
	}
	return bad("unknown condition %q", w[0])
}

func parseDemands(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	list, err := p.Array(raw, "market_demand")
	if err != nil {
		return err
	}
	if len(list) > maxDemands {
		return p.Errorf("market_demand", "%d cards: at most %d", len(list), maxDemands)
	}
	names := []string{"name", "tiles", "spaces"}
	slugs := map[string]int{}
	for i, raw := range list {
		field := datafile.Index("market_demand", i)
		var d Demand
		err := p.Fields(raw, field, names, names, func(key string, val json.RawMessage, field string) error {
			switch key {
			case "name":
				n, err := p.String(val, field)
				d.Name = n
				return err
			case "spaces":
				n, err := p.WholeIn(val, field, 0, 4)
				d.Spaces = n
				return err
			case "tiles":
				cells, err := p.Array(val, field)
				if err != nil {
					return err
				}
				if len(cells) < 1 || len(cells) > maxDemandSize {
					return p.Errorf(field, "%d tiles: want 1 to %d", len(cells), maxDemandSize)
				}
				for j, cr := range cells {
					cell, err := parseCell(p, cr, datafile.Index(field, j))
					if err != nil {
						return err
					}
					d.Tiles = append(d.Tiles, cell)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := checkFormation(d.Tiles); err != nil {
			return p.Errorf(datafile.Join(field, "tiles"), "%v", err)
		}
		if strings.TrimSpace(d.Name) == "" {
			return p.Errorf(datafile.Join(field, "name"), "empty")
		}
		if j, dup := slugs[demandSlug(d)]; dup {
			return p.Errorf(datafile.Join(field, "name"), "%q is the name of market_demand[%d] too (names must differ, ignoring case and spacing)", d.Name, j)
		}
		slugs[demandSlug(d)] = i
		c.Demands = append(c.Demands, d)
	}
	return nil
}

func parseCell(p datafile.Parser, raw json.RawMessage, field string) (Cell, error) {
	var cell Cell
	names := []string{"at", "tile", "turn"}
	err := p.Fields(raw, field, names, names, func(key string, val json.RawMessage, field string) error {
		switch key {
		case "at":
			s, err := p.String(val, field)
			if err != nil {
				return err
			}
			at, err := parseSpace(s)
			if err != nil {
				return p.Errorf(field, "%v", err)
			}
			cell.At = at
		case "tile":
			s, err := p.String(val, field)
			if err != nil {
				return err
			}
			t, ok := ParseTileType(s)
			if !ok || typeNames[t] != s {
				return p.Errorf(field, "unknown tile type %q (types: %s)", s, strings.Join(typeNames[:], " "))
			}
			cell.Tile = t
		case "turn":
			n, err := p.WholeIn(val, field, 0, 2)
			cell.Turn = int8(n)
			return err
		}
		return nil
	})
	return cell, err
}

// parseSpace reads a space as the notation writes it, "row,col" (see
// rowCol).
func parseSpace(s string) (tri.Space, error) {
	r, c, ok := strings.Cut(s, ",")
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if !ok || err1 != nil || err2 != nil || row < -20 || row > 20 || col < -40 || col > 40 {
		return tri.Space{}, fmt.Errorf("%q: want a space as row,col with rows from -20 to 20 and columns from -40 to 40", s)
	}
	return tri.FromRowCol(row, col), nil
}
