package openscience

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commons-games/commons/internal/datafile"
)

// Resource is one of the four resource types (O3), in the order of the
// notation: g, p, y, b.
type Resource int8

// The resource types.
const (
	Green  Resource = iota // FAIR data
	Purple                 // open research software
	Yellow                 // citizen science and societal engagement
	Blue                   // open scholarly publishing
	// NumResources is the number of resource types.
	NumResources = 4
)

var resourceNames = [NumResources]string{"green", "purple", "yellow", "blue"}

// resourceLetters are the notation's letters of the collection steps.
var resourceLetters = [NumResources]byte{'g', 'p', 'y', 'b'}

// resourceTitles say what each colour stands for (O3).
var resourceTitles = [NumResources]string{"FAIR data", "open research software", "citizen science", "open scholarly publishing"}

func (r Resource) String() string { return resourceNames[r] }

// Role is a kind of role card (O2). The four Specialists come first, each
// at the index of its resource type (O3), so that a Specialist's kind is
// its resource.
type Role int8

// The roles of O2.
const (
	DataWizard           Role = iota // Specialist: green
	CodeConjurer                     // Specialist: purple
	PublicEngagementGuru             // Specialist: yellow
	KnowledgeLiberator               // Specialist: blue
	TransparencyChampion             // Generalist
	SocialGlue                       // Generalist
	// NumRoles is the number of role kinds.
	NumRoles = 6
)

var roleNames = [NumRoles]string{"data-wizard", "code-conjurer", "public-engagement-guru", "knowledge-liberator", "transparency-champion", "social-glue"}
var roleTitles = [NumRoles]string{"Data Wizard", "Code Conjurer", "Public Engagement Guru", "Knowledge Liberator", "Transparency Champion", "Social Glue"}

// roleCodes are the notation's short names.
var roleCodes = [NumRoles]string{"DW", "CC", "PEG", "KL", "TC", "SG"}

// Specialist reports whether r is one of the four Specialists.
func (r Role) Specialist() bool { return r < TransparencyChampion }

func (r Role) String() string { return roleTitles[r] }

// parseRole reads a role's code ("CC") or name ("code-conjurer"), any case.
func parseRole(s string) (Role, bool) {
	for i := range NumRoles {
		if strings.EqualFold(s, roleCodes[i]) || strings.EqualFold(s, roleNames[i]) {
			return Role(i), true
		}
	}
	return 0, false
}

// Restriction is an Event card's restriction (ours, see the events table
// of the rulings).
type Restriction int8

// The restrictions.
const (
	NoRestriction Restriction = iota
	NoHiring
	CollaborationsOnly
	NoCollaborations
	NoCollaborationBonus
	NoSocialGlue
	numRestrictions
)

var restrictionNames = [numRestrictions]string{"none", "no-hiring", "collaborations-only", "no-collaborations", "no-collaboration-bonus", "no-social-glue"}

func (r Restriction) String() string { return restrictionNames[r] }

// Event is one Event card: the resource levels a round starts with and
// its restriction.
type Event struct {
	Name        string
	Levels      [NumResources]int
	Restriction Restriction
}

// slug is the event's name in the notation ("Data Deluge" is
// "data-deluge").
func (e Event) slug() string { return slugify(e.Name) }

func slugify(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), "-"))
}

// Cards is the game's data: everything of rulings O1-O6 and the events
// table that a designer may change. The game reads it from one JSON file,
// by default the embedded cards.json; docs/rules/open-science-alliance.md
// describes the format.
type Cards struct {
	About string
	// Rounds is the number of rounds, each with one Event (seed: 6).
	Rounds int
	// RoleMax is the highest level of a role (O4: 4); DriverStart and
	// DriverMax the Discovery Driver's first and highest (O4: 2 and 6).
	RoleMax, DriverStart, DriverMax int
	// Deck is how many cards of each role the role deck holds (O2).
	Deck [NumRoles]int
	// Events are the Event cards (ours), of which Rounds are drawn.
	Events []Event
}

// Limits on the data, so that the state's bytes hold every count and the
// action numbers stay small.
const (
	maxRoleLevel   = 9  // a role's level fits a team column of 10
	maxDriverLevel = 15 // the Discovery Driver's
	maxDeckCount   = 30 // cards of one role
	maxStock       = 40 // a resource level of an Event
	maxEvents      = 32 // events fit a uint32 of used cards
	maxRounds      = 20
)

//go:embed cards.json
var embeddedCards []byte

// EmbeddedCardsName is the name error messages give the embedded cards.
const EmbeddedCardsName = "cards.json"

// cardTable is the embedded cards and the designers' files already read.
var cardTable = datafile.Table[Cards]{Name: EmbeddedCardsName, What: "the cards file", Data: embeddedCards, Parse: ParseCards}

// DefaultCards returns the embedded cards: the seed's deck and limits and
// our events.
func DefaultCards() Cards { return cardTable.Default() }

// LoadCards reads, checks and returns the cards in the named file; the
// empty name means the embedded cards. Files are cached by name and
// content; LoadCards is safe for concurrent use. A command can call it to
// check a designer's file before any game starts.
func LoadCards(path string) (Cards, error) {
	c, err := loadCards(path)
	if err != nil {
		return Cards{}, err
	}
	return *c, nil
}

func loadCards(path string) (*Cards, error) { return cardTable.Load(path) }

// ParseCards parses and checks a cards file. name is the file's name, used
// in errors, which name the file and the field:
//
//	cards.json: events[3].blue: -1 is negative
func ParseCards(name string, data []byte) (*Cards, error) {
	p := datafile.Parser{Name: name}
	top, err := p.Top(data)
	if err != nil {
		return nil, err
	}
	c := &Cards{}
	fields := []string{"about", "rounds", "levels", "roles", "events"}
	seen := map[string]bool{}
	for _, f := range top {
		seen[f.Key] = true
		switch f.Key {
		case "about":
			if c.About, err = p.String(f.Val, "about"); err != nil {
				return nil, err
			}
		case "rounds":
			if c.Rounds, err = p.WholeIn(f.Val, "rounds", 1, maxRounds); err != nil {
				return nil, err
			}
		case "levels":
			if err := parseLevels(p, c, f.Val); err != nil {
				return nil, err
			}
		case "roles":
			if err := parseDeck(p, c, f.Val); err != nil {
				return nil, err
			}
		case "events":
			if err := parseEvents(p, c, f.Val); err != nil {
				return nil, err
			}
		default:
			return nil, p.Errorf(f.Key, "unknown field (fields: %s)", strings.Join(fields, ", "))
		}
	}
	for _, k := range fields[1:] {
		if !seen[k] {
			return nil, p.Errorf(k, "missing")
		}
	}
	if len(c.Events) < c.Rounds {
		return nil, p.Errorf("events", "%d events for %d rounds: each round needs an Event of its own (O6)", len(c.Events), c.Rounds)
	}
	return c, nil
}

func parseLevels(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	names := []string{"role_max", "driver_start", "driver_max"}
	err := p.Fields(raw, "levels", names, names, func(key string, val json.RawMessage, field string) error {
		var err error
		switch key {
		case "role_max":
			// Upskilling one role by 2 needs room for two steps (O10).
			c.RoleMax, err = p.WholeIn(val, field, 2, maxRoleLevel)
		case "driver_start":
			c.DriverStart, err = p.WholeIn(val, field, 1, maxDriverLevel)
		case "driver_max":
			c.DriverMax, err = p.WholeIn(val, field, 1, maxDriverLevel)
		}
		return err
	})
	if err != nil {
		return err
	}
	if c.DriverMax < c.DriverStart {
		return p.Errorf("levels.driver_max", "%d is below levels.driver_start %d", c.DriverMax, c.DriverStart)
	}
	return nil
}

func parseDeck(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	names := roleNames[:]
	err := p.Fields(raw, "roles", names, names, func(key string, val json.RawMessage, field string) error {
		r, _ := parseRole(key)
		n, err := p.WholeIn(val, field, 0, maxDeckCount)
		c.Deck[r] = n
		return err
	})
	if err != nil {
		return err
	}
	// Each player picks a Specialist in set-up (O5); whether the deck
	// serves a given player count is checked when a game is made.
	specs := 0
	for r := range KnowledgeLiberator + 1 {
		specs += c.Deck[r]
	}
	if specs == 0 {
		return p.Errorf("roles", "no Specialist cards: each player picks one in set-up (O5)")
	}
	return nil
}

func parseEvents(p datafile.Parser, c *Cards, raw json.RawMessage) error {
	list, err := p.Array(raw, "events")
	if err != nil {
		return err
	}
	if len(list) > maxEvents {
		return p.Errorf("events", "%d events: at most %d", len(list), maxEvents)
	}
	slugs := map[string]int{}
	names := []string{"name", "green", "purple", "yellow", "blue", "restriction"}
	for i, ev := range list {
		field := datafile.Index("events", i)
		var e Event
		err := p.Fields(ev, field, names, names, func(key string, val json.RawMessage, field string) error {
			var err error
			switch key {
			case "name":
				e.Name, err = p.String(val, field)
				if err == nil && slugify(e.Name) == "" {
					err = p.Errorf(field, "empty")
				}
			case "restriction":
				var s string
				if s, err = p.String(val, field); err != nil {
					return err
				}
				r := -1
				for k, n := range restrictionNames {
					if n == s {
						r = k
					}
				}
				if r < 0 {
					return p.Errorf(field, "unknown restriction %q (restrictions: %s)", s, strings.Join(restrictionNames[:], ", "))
				}
				e.Restriction = Restriction(r)
			default:
				for k, n := range resourceNames {
					if n == key {
						e.Levels[k], err = p.WholeIn(val, field, 0, maxStock)
					}
				}
			}
			return err
		})
		if err != nil {
			return err
		}
		if j, dup := slugs[e.slug()]; dup {
			return p.Errorf(datafile.Join(field, "name"), "%q is the name of events[%d] too (names must differ, ignoring case and spacing)", e.Name, j)
		}
		slugs[e.slug()] = i
		c.Events = append(c.Events, e)
	}
	return nil
}

// check refuses a player count the cards cannot serve: each player takes
// a Specialist and draws a role in set-up (O5).
func (c *Cards) check(players int, name string) error {
	total := 0
	for _, n := range c.Deck {
		total += n
	}
	if total < 2*players {
		return fmt.Errorf("%s: roles: %d role cards for %d players, who take 2 each in set-up (O5)", name, total, players)
	}
	specs := 0
	for r := range KnowledgeLiberator + 1 {
		specs += c.Deck[r]
	}
	if specs < players {
		return fmt.Errorf("%s: roles: %d Specialist cards for %d players, who pick one each in set-up (O5)", name, specs, players)
	}
	return nil
}
