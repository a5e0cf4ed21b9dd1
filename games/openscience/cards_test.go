package openscience

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestCards_EmbeddedAreOurDefaults checks the embedded cards against the
// rulings: the seed's deck (O2), levels (O4) and six rounds, and the
// events table of the rulings, value by value.
func TestCards_EmbeddedAreOurDefaults(t *testing.T) {
	c := DefaultCards()
	if c.Rounds != 6 || c.RoleMax != 4 || c.DriverStart != 2 || c.DriverMax != 6 {
		t.Errorf("rounds %d, levels %d %d %d", c.Rounds, c.RoleMax, c.DriverStart, c.DriverMax)
	}
	want := []Event{
		{"Funding Call", [4]int{6, 6, 6, 6}, NoRestriction},
		{"Open Access Mandate", [4]int{3, 3, 3, 12}, NoRestriction},
		{"Data Deluge", [4]int{12, 4, 3, 3}, NoRestriction},
		{"Hackathon", [4]int{4, 12, 3, 3}, CollaborationsOnly},
		{"Citizen Science Festival", [4]int{3, 3, 12, 4}, NoRestriction},
		{"Hiring Freeze", [4]int{6, 6, 5, 5}, NoHiring},
		{"Reproducibility Crisis", [4]int{8, 8, 2, 2}, CollaborationsOnly},
		{"Budget Cuts", [4]int{3, 3, 3, 3}, NoRestriction},
		{"Training Grant", [4]int{5, 5, 5, 5}, NoCollaborations},
		{"Conference Season", [4]int{4, 4, 4, 8}, NoCollaborationBonus},
		{"Team Science Award", [4]int{6, 6, 6, 6}, NoSocialGlue},
	}
	if len(c.Events) != len(want) {
		t.Fatalf("%d events", len(c.Events))
	}
	for i, e := range want {
		if c.Events[i] != e {
			t.Errorf("event %d: %+v, want %+v", i+1, c.Events[i], e)
		}
	}
}

// TestCards_BrokenFilesRefused runs every file of testdata/cards-broken:
// each is refused with an error naming the file and the field.
func TestCards_BrokenFilesRefused(t *testing.T) {
	want := map[string]string{
		"bad-json.json":               "bad JSON at line 3, column 16: invalid character ',' looking for beginning of object key string",
		"duplicate-event-name.json":   `events[4].name: "data  deluge" is the name of events[2] too`,
		"duplicate-key.json":          "rounds: given twice in the file",
		"driver-max-below-start.json": "levels.driver_max: 1 is below levels.driver_start 2",
		"empty-name.json":             "events[0].name: empty",
		"empty.json":                  "bad JSON at line 1, column 1: unexpected end of JSON input",
		"event-not-object.json":       `events[0]: want an object, got "Funding Call"`,
		"events-not-list.json":        `events: want a list, got {"a":1}`,
		"fractional-count.json":       "roles.code-conjurer: want a whole number, got 2.5",
		"huge-level.json":             "events[0].green: 41 is outside 0..40",
		"missing-driver-start.json":   "levels.driver_start: missing",
		"missing-event-field.json":    "events[1].yellow: missing",
		"missing-events.json":         "events: missing",
		"missing-role.json":           "roles.social-glue: missing",
		"missing-rounds.json":         "rounds: missing",
		"negative-level.json":         "events[2].blue: -1 is negative",
		"no-specialists.json":         "roles: no Specialist cards",
		"not-object.json":             "want an object, got [1,2,3]",
		"role-max-too-small.json":     "levels.role_max: 1 is outside 2..9",
		"string-count.json":           `roles.data-wizard: want a whole number, got "5"`,
		"too-few-events.json":         "events: 3 events for 6 rounds",
		"too-many-events.json":        "events: 33 events: at most 32",
		"trailing-data.json":          "invalid character '{' after top-level value",
		"unknown-event-field.json":    "events[1].red: unknown field (fields: name, green, purple, yellow, blue, restriction)",
		"unknown-field.json":          "version: unknown field (fields: about, rounds, levels, roles, events)",
		"unknown-restriction.json":    `events[3].restriction: unknown restriction "no-coffee" (restrictions: none, no-hiring`,
		"unknown-role.json":           "roles.wizard: unknown field (fields: data-wizard, code-conjurer",
		"zero-rounds.json":            "rounds: 0 is outside 1..20",
	}
	files, err := filepath.Glob("testdata/cards-broken/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(want) {
		t.Fatalf("%d files in testdata/cards-broken, %d in the table", len(files), len(want))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			w, ok := want[filepath.Base(f)]
			if !ok {
				t.Fatal("no expected error in the table")
			}
			_, err := LoadCards(f)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.HasPrefix(err.Error(), f+": ") || !strings.Contains(err.Error(), w) {
				t.Fatalf("error %q, want %q after the file name", err, w)
			}
			// A game refuses it before it starts, naming the option.
			_, err = game.NewState(Game, 2, game.Options{OptCards: f})
			if err == nil || !strings.Contains(err.Error(), "option cards: "+f) {
				t.Fatalf("NewState: %v", err)
			}
		})
	}
}

func TestCards_MissingFile(t *testing.T) {
	_, err := game.NewState(Game, 2, game.Options{OptCards: "testdata/no-such-file.json"})
	if err == nil || !strings.Contains(err.Error(), "cannot read the cards file") || !strings.Contains(err.Error(), "no-such-file.json") {
		t.Fatalf("error %v", err)
	}
}

// TestCards_TooFewForThePlayers: a deck that cannot give every player a
// Specialist and a role (O5) is refused for that player count only.
func TestCards_TooFewForThePlayers(t *testing.T) {
	const f = "testdata/cards/five-roles.json"
	if _, err := game.NewState(Game, 2, game.Options{OptCards: f}); err != nil {
		t.Errorf("2 players: %v", err)
	}
	_, err := game.NewState(Game, 3, game.Options{OptCards: f})
	if err == nil || !strings.Contains(err.Error(), "roles: 5 role cards for 3 players") {
		t.Errorf("3 players: %v", err)
	}
}

// TestCards_DesignersFilePlays plays a designer's cards (3 rounds, higher
// levels, a small deck) through the conformance kit, and checks its
// values reach the game.
func TestCards_DesignersFilePlays(t *testing.T) {
	const f = "testdata/cards/short.json"
	opts := game.Options{OptCards: f}
	gametest.Run(t, Game, gametest.Params{Players: 4, Options: opts, Games: 30, Seed: 9})
	s := newGame(t, 2, opts)
	if s.driver[0] != 3 || s.deckN != 14 {
		t.Errorf("driver %d, deck %d: want the file's 3 and 14", s.driver[0], s.deckN)
	}
	if o := s.observe(0); o.Rounds != 3 {
		t.Errorf("rounds %d", o.Rounds)
	}
}

func TestCards_CachedByContent(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "cards.json")
	data, _ := os.ReadFile("testdata/cards/short.json")
	os.WriteFile(f, data, 0o644)
	a, err := LoadCards(f)
	if err != nil {
		t.Fatal(err)
	}
	// The same name with other content is read again.
	os.WriteFile(f, []byte(strings.Replace(string(data), `"rounds": 3`, `"rounds": 2`, 1)), 0o644)
	b, err := LoadCards(f)
	if err != nil {
		t.Fatal(err)
	}
	if a.Rounds != 3 || b.Rounds != 2 {
		t.Errorf("rounds %d then %d", a.Rounds, b.Rounds)
	}
}
