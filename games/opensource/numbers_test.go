package opensource

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"text/template"

	"github.com/commons-games/commons/game"
)

// TestNumbers checks the rulebook's numbers against the cards file at the
// default configuration, that an option changes its number, and that an
// invalid configuration is refused.
func TestNumbers(t *testing.T) {
	c := DefaultCards()
	n, err := Game.(game.Numberer).Numbers(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	supply := 0
	for _, k := range c.Supply {
		supply += k
	}
	cards := 0
	for _, s := range c.Sets {
		cards += s.Cards
	}
	want := map[string]any{
		"supply":         supply,
		"tiles_each":     c.Supply[YYB],
		"tile_types":     NumTypes,
		"turn_limit":     c.TurnLimit,
		"placemat":       c.Placemat,
		"set_count":      len(c.Sets),
		"set_cards":      c.Sets[0].Cards,
		"infrastructure": cards,
		"demand_count":   len(c.Demands),
		"commons_spaces": 1536,
		"lab_start":      6,
		"players_min":    2,
		"players_max":    4,
	}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("%s = %v, want %v", k, n[k], v)
		}
	}
	tiles := n["tiles"].([]NumberTile)
	if len(tiles) != NumTypes || tiles[RRB].Name != "RRB" || tiles[RRB].Count != c.Supply[RRB] || tiles[RRB].Edges != "red, red, blue" {
		t.Errorf("tiles = %+v", tiles)
	}
	sets := n["sets"].([]NumberSet)
	if len(sets) != len(c.Sets) || sets[1].Name != c.Sets[1].Name || sets[1].First != "1 finished application" || sets[6].Colour != "red" || !sets[0].Placemat || sets[c.Placemat].Placemat {
		t.Errorf("sets = %+v", sets)
	}
	groups := n["demand_groups"].([]NumberDemandGroup)
	total := 0
	for _, g := range groups {
		total += g.Cards
	}
	if total != len(c.Demands) || groups[0].Size != 2 || groups[0].Spaces != 1 {
		t.Errorf("demand_groups = %+v", groups)
	}

	// A variant of the game's Params changes its number.
	for _, tc := range []struct{ opt, val, name string }{
		{OptSupply, "30", "tiles_each"},
		{OptSetCards, "2", "set_cards"},
		{OptPlacemat, "4", "placemat"},
		{OptTurnLimit, "400", "turn_limit"},
	} {
		v, err := Game.(game.Numberer).Numbers(game.Config{Players: 3, Options: game.Options{tc.opt: tc.val}})
		if err != nil {
			t.Fatalf("%s=%s: %v", tc.opt, tc.val, err)
		}
		if got := v[tc.name]; got == n[tc.name] || got != mustAtoi(t, tc.val) {
			t.Errorf("%s=%s: %s = %v", tc.opt, tc.val, tc.name, got)
		}
	}
	v, _ := Game.(game.Numberer).Numbers(game.Config{Players: 2, Options: game.Options{OptSupply: "30"}})
	if v["supply"] != 30*NumTypes {
		t.Errorf("supply=30: supply = %v", v["supply"])
	}
	v, _ = Game.(game.Numberer).Numbers(game.Config{Players: 2, Options: game.Options{OptSetCards: "2"}})
	if v["infrastructure"] != 2*len(c.Sets) || v["bdfl_tokens"] != 2 {
		t.Errorf("infrastructure-cards=2: infrastructure = %v, bdfl_tokens = %v", v["infrastructure"], v["bdfl_tokens"])
	}

	for _, cfg := range []game.Config{
		{Players: 1},
		{Players: 5},
		{Players: 2, Options: game.Options{OptSupply: "0"}},
		{Players: 2, Options: game.Options{OptPlacemat: "x"}},
		{Players: 2, Options: game.Options{OptCards: "no/such/file.json"}},
	} {
		if _, err := Game.(game.Numberer).Numbers(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("%q: not a number", s)
		}
		n = 10*n + int(r-'0')
	}
	return n
}

// TestRulebookTemplate renders the players' rulebook with the numbers of
// the default configuration: every name exists, and the basics, before
// "## Finer points", are at most 650 words.
func TestRulebookTemplate(t *testing.T) {
	src, err := os.ReadFile("../../docs/rulebooks/open-source-board-game.md")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := template.New("rulebook").Option("missingkey=error").Funcs(template.FuncMap{"example": func(string) string { return "" }}).Parse(string(src)) // the pictures are docs' (TestRulebooks)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Game.(game.Numberer).Numbers(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, n); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if strings.TrimSpace(text) == "" || strings.Contains(text, "<no value>") {
		t.Fatalf("rendered rulebook empty or with <no value>:\n%s", text)
	}
	if !strings.HasPrefix(text, "# Open Source, the Board Game\n") {
		t.Errorf("first line %q", strings.SplitN(text, "\n", 2)[0])
	}
	basics, _, ok := strings.Cut(text, "## Finer points")
	if !ok {
		t.Fatal("no ## Finer points")
	}
	words := countWords(basics)
	total := countWords(text)
	t.Logf("basics %d words, whole %d words", words, total)
	if words > 650 {
		t.Errorf("basics: %d words, want at most 650", words)
	}
	if total > 2100 {
		t.Errorf("whole rulebook: %d words, want about 2,000 at most", total)
	}
}

// countWords counts the words of Markdown, its table pipes and markup
// characters removed.
func countWords(md string) int {
	md = strings.NewReplacer("|", " ", "*", " ", "#", " ", "`", " ", "-", " ", ":", " ").Replace(md)
	n := 0
	for _, w := range strings.Fields(md) {
		if strings.Trim(w, ".,;()") != "" {
			n++
		}
	}
	return n
}
