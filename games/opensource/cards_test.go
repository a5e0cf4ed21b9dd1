package opensource

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestCards_EmbeddedAreTheRulings checks the embedded Infrastructure table
// against G15 and G16, set by set.
func TestCards_EmbeddedAreTheRulings(t *testing.T) {
	c := DefaultCards()
	want := []struct {
		name, cond string
		reward     Power
	}{
		{"Nothing To Lose", "none", Agility},
		{"File Browser", "finished application +1", Productivity},
		{"File Format", "finished format +1", Compatibility},
		{"Programming Language", "finished platform +1", BDFL},
		{"Protocol", "largest format +2", BugYellow},
		{"Browser", "largest application +2", BugBlue},
		{"Operating System", "largest platform +2", BugRed},
		{"Hardware", "holes +1", Hardware},
		{"Internet", "finished any +3", Forking},
	}
	if len(c.Sets) != len(want) || c.Placemat != 3 || c.TurnLimit != 1000 {
		t.Fatalf("%d sets, placemat %d, turn limit %d", len(c.Sets), c.Placemat, c.TurnLimit)
	}
	for i, w := range want {
		s := c.Sets[i]
		if s.Letter != byte('A'+i) || s.Name != w.name || s.Condition.String() != w.cond || s.Reward != w.reward || s.Cards != 4 {
			t.Errorf("set %c: %+v, want %+v", 'A'+i, s, w)
		}
	}
}

// TestCards_BrokenFilesRefused runs every file of testdata/cards-broken:
// each is refused naming the file and the field, before any game starts.
func TestCards_BrokenFilesRefused(t *testing.T) {
	want := map[string]string{
		"bad-json.json":              "bad JSON at line 4, column 23: invalid character ',' looking for beginning of object key string",
		"bad-plus.json":              "infrastructure[4].condition: \"largest format 2\": \"2\": want +N, N from 0 to 100 (want none, finished KIND +N, largest KIND +N or holes +N)",
		"demand-bad-space.json":      "market_demand[1].tiles[0].at: \"1;0\": want a space as row,col with rows from -20 to 20 and columns from -40 to 40",
		"demand-bad-turn.json":       "market_demand[5].tiles[0].turn: 3 is outside 0..2",
		"demand-duplicate-name.json": "market_demand[7].name: \"web  APP\" is the name of market_demand[0] too (names must differ, ignoring case and spacing)",
		"demand-edges-mismatch.json": "market_demand[4].tiles: tiles 0 and 1 share an edge that does not match (Y against R, G3)",
		"demand-no-tiles.json":       "market_demand[6].tiles: 0 tiles: want 1 to 6",
		"demand-not-joined.json":     "market_demand[3].tiles: the tiles are not joined edge to edge",
		"demand-same-space.json":     "market_demand[2].tiles: tiles 0 and 1 lie on the same space 1,0",
		"demand-unknown-tile.json":   "market_demand[0].tiles[0].tile: unknown tile type \"yyb\" (types: YYY BBB RRR YYB YYR BBY BBR RRY RRB YBR YRB)",
		"duplicate-key.json":         "turn_limit: given twice in the file",
		"empty.json":                 "bad JSON at line 1, column 1: unexpected end of JSON input",
		"huge-count.json":            "tiles.YYB: 41 is outside 0..40",
		"largest-any.json":           "infrastructure[5].condition: \"largest any +2\": largest needs a kind: application, platform or format (want none, finished KIND +N, largest KIND +N or holes +N)",
		"missing-condition.json":     "infrastructure[7].condition: missing",
		"missing-tile-type.json":     "tiles.RRB: missing",
		"missing-tiles.json":         "tiles: missing",
		"negative-count.json":        "tiles.YYB: -1 is negative",
		"not-object.json":            "want an object, got [1]",
		"placemat-too-big.json":      "placemat: 5 is outside 1..4",
		"set-out-of-order.json":      "infrastructure[1].set: \"C\": the sets are lettered A, B, C... in order; this one is B",
		"too-many-spaces.json":       "market_demand: the cards give 80 extra Lab spaces in all: at most 64",
		"two-bdfl-sets.json":         "infrastructure[4].reward: bdfl is the reward of set D too: one set numbers the tokens",
		"unknown-condition.json":     "infrastructure[3].condition: \"finished widget +1\": unknown feature \"widget\" (application, platform, format or any) (want none, finished KIND +N, largest KIND +N or holes +N)",
		"unknown-field.json":         "dice: unknown field (fields: about, tiles, turn_limit, placemat, infrastructure, market_demand)",
		"unknown-reward.json":        "infrastructure[2].reward: unknown reward \"teleport\" (rewards: agility, productivity, compatibility, bdfl, bug-yellow, bug-blue, bug-red, hardware, forking)",
		"unknown-tile-type.json":     "tiles.YYG: unknown field (fields: YYY, BBB, RRR, YYB, YYR, BBY, BBR, RRY, RRB, YBR, YRB)",
		"zero-cards.json":            "infrastructure[6].cards: 0 is outside 1..8",
		"zero-turn-limit.json":       "turn_limit: 0 is outside 1..10000",
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
			if err == nil || err.Error() != f+": "+w {
				t.Fatalf("error %v, want %q after the file name", err, w)
			}
			_, err = game.NewState(Game, 2, game.Options{OptCards: f})
			if err == nil || !strings.Contains(err.Error(), "option cards: "+f) {
				t.Fatalf("NewState: %v", err)
			}
		})
	}
}

// TestCards_DesignersFilePlays plays a designer's short game through the
// conformance kit and checks its numbers reach the game.
func TestCards_DesignersFilePlays(t *testing.T) {
	const f = "testdata/cards/short.json"
	opts := game.Options{OptCards: f}
	gametest.Run(t, Game, gametest.Params{Players: 3, Options: opts, Games: 10, Seed: 4})
	st, err := game.NewState(Game, 2, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.supplyN != 55 || s.left[0] != 2 || len(s.r.cards.Demands) != 6 || s.r.cards.TurnLimit != 60 {
		t.Errorf("supply %d, set A %d cards, %d demands, turn limit %d", s.supplyN, s.left[0], len(s.r.cards.Demands), s.r.cards.TurnLimit)
	}
}
