package openscience

import (
	"os"
	"strings"
	"testing"
	"text/template"

	"github.com/commons-games/commons/game"
)

// numbersFor returns the game's numbers for players and options.
func numbersFor(t testing.TB, players int, opts game.Options) map[string]any {
	t.Helper()
	cfg, err := game.Resolve(Game, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Game.(game.Numberer).Numbers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNumbers checks the rulebook's numbers against the cards at the
// default configuration, that options change them, and that a
// configuration that makes no game is refused.
func TestNumbers(t *testing.T) {
	c := DefaultCards()
	n := numbersFor(t, 2, nil)
	deck := 0
	for _, k := range c.Deck {
		deck += k
	}
	want := map[string]any{
		"rounds":       c.Rounds,
		"events":       len(c.Events),
		"deck":         deck,
		"role_max":     c.RoleMax,
		"driver_start": c.DriverStart,
		"driver_max":   c.DriverMax,
		"up2_max":      c.RoleMax - 2,
		"players_max":  maxPlayers,
		"round_end":    RoundEndImmediate,
		"round_start":  RoundStartRotate,
	}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("%s = %v, want %v", k, n[k], v)
		}
	}
	roles := n["roles"].([]RoleRow)
	if len(roles) != NumRoles || roles[CodeConjurer].Count != c.Deck[CodeConjurer] || roles[CodeConjurer].Code != "CC" {
		t.Errorf("roles %+v, want the deck %v", roles, c.Deck)
	}
	events := n["event_list"].([]EventRow)
	if len(events) != len(c.Events) {
		t.Fatalf("%d events, want %d", len(events), len(c.Events))
	}
	for i, e := range c.Events {
		got := events[i]
		if got.Name != e.Name || got.Green != e.Levels[Green] || got.Blue != e.Levels[Blue] || got.Restriction == "" {
			t.Errorf("event %d: %+v, want %+v", i, got, e)
		}
	}
	// The seed's example: a level-2 Discovery Driver, a level-1 Code
	// Conjurer and a level-1 Champion earn 4, purple down by 2.
	if n["ex_total"] != 4 || n["ex_purple"] != 2 || n["ex_conjurer"] != 1 {
		t.Errorf("example: %v %v %v, want the seed's 4, 2, 1", n["ex_total"], n["ex_purple"], n["ex_conjurer"])
	}

	if n["ex_glue_total"] != 4 || n["ex_glue_you"] != 3 {
		t.Errorf("Social Glue example: %v, %v, want the rules' 4 and 3", n["ex_glue_total"], n["ex_glue_you"])
	}

	// Options of the game's Params change the numbers.
	v := numbersFor(t, 4, game.Options{OptRoleMax: "5", OptDriverMax: "8", OptRoundStart: RoundStartLastPlace, OptRoundEnd: RoundEndFullCircle})
	for k, w := range map[string]any{"role_max": 5, "up2_max": 3, "up1_max": 4, "driver_max": 8, "driver_up_max": 7, "round_start": RoundStartLastPlace, "round_end": RoundEndFullCircle} {
		if v[k] != w {
			t.Errorf("with options: %s = %v, want %v", k, v[k], w)
		}
	}

	// A configuration that makes no game.
	for _, cfg := range []game.Config{
		{Players: maxPlayers + 1},
		{Players: 1},
		{Players: 3, Options: game.Options{OptRoleMax: "1"}},
		{Players: 3, Options: game.Options{OptRoundEnd: "never"}},
		{Players: 3, Options: game.Options{OptCards: "no-such-cards.json"}},
	} {
		if _, err := Game.(game.Numberer).Numbers(cfg); err == nil {
			t.Errorf("Numbers(%+v) accepted", cfg)
		}
	}
}

// markup is what TestRulebookTemplate removes before counting words.
var markup = strings.NewReplacer("|", " ", "*", "", "#", "", "`", "", "_", "")

// TestRulebookTemplate renders the players' rulebook with the default
// numbers and with the variants, and counts the words of its basics
// (everything before "## Finer points"): at most 650; the whole at most
// about 2,000.
func TestRulebookTemplate(t *testing.T) {
	src, err := os.ReadFile("../../docs/rulebooks/open-science-alliance.md")
	if err != nil {
		t.Fatal(err)
	}
	tm, err := template.New("rulebook").Option("missingkey=error").Funcs(template.FuncMap{"example": func(string) string { return "" }}).Parse(string(src)) // the pictures are docs' (TestRulebooks)
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []game.Options{nil, {OptRoundStart: RoundStartLastPlace, OptRoundEnd: RoundEndFullCircle, OptRoleMax: "6"}} {
		var b strings.Builder
		if err := tm.Execute(&b, numbersFor(t, 2, opts)); err != nil {
			t.Fatalf("options %v: %v", opts, err)
		}
		out := b.String()
		if strings.TrimSpace(out) == "" || strings.Contains(out, "<no value>") {
			t.Fatalf("options %v: empty or missing values:\n%s", opts, out)
		}
		if !strings.HasPrefix(out, "# Open Science Alliance\n") {
			t.Errorf("options %v: the first line is not the title", opts)
		}
		basics, _, ok := strings.Cut(out, "## Finer points")
		if !ok {
			t.Fatalf("options %v: no Finer points", opts)
		}
		words := len(strings.Fields(markup.Replace(basics)))
		all := len(strings.Fields(markup.Replace(out)))
		t.Logf("options %v: %d words before Finer points, %d in all", opts, words, all)
		if words > 650 {
			t.Errorf("options %v: %d words before Finer points, want at most 650", opts, words)
		}
		if all > 2100 {
			t.Errorf("options %v: %d words in all, want about 2,000 at most", opts, all)
		}
	}
}
