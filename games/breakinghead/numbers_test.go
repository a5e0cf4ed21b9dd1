package breakinghead

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"text/template"

	"github.com/commons-games/commons/game"
)

// defaultConfig is the game at its fewest players with every option at
// its default.
func defaultConfig(t *testing.T, players int, opts game.Options) game.Config {
	t.Helper()
	cfg, err := game.Resolve(Game, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func numbers(t *testing.T, cfg game.Config) map[string]any {
	t.Helper()
	m, err := Game.(game.Numberer).Numbers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestNumbers: the rulebook's numbers are the card data's (B1, B2, B5)
// at the default configuration, the options change the matching numbers
// and an invalid configuration is refused.
func TestNumbers(t *testing.T) {
	in := Game.Info()
	m := numbers(t, defaultConfig(t, in.MinPlayers, nil))
	d := deckCounts(0)
	for name, want := range map[string]int{
		"cards":            nCards,
		"comment_cards":    nCommentCards,
		"action_cards":     nCards - nCommentCards,
		"peeks":            int(d[kWTF]),
		"spams":            int(d[kSpam]),
		"hand":             int(handSizes[in.MinPlayers]),
		"contributors":     int(roleSet[in.MinPlayers][roleContributor]),
		"blockers":         int(roleSet[in.MinPlayers][roleBlocker]),
		"end_cards":        len(endCells),
		"gap":              7, // B4: seven empty spaces to the middle end card
		"unblocked_double": int(d[kUnblockLANVit] + d[kUnblockLANFix] + d[kUnblockVitFix]),
		"players_min":      in.MinPlayers,
		"players_max":      in.MaxPlayers,
	} {
		if got := m[name]; got != want {
			t.Errorf("%s = %v, want %d", name, got, want)
		}
	}
	rows := m["setup"].([]PlayerRow)
	if len(rows) != in.MaxPlayers-in.MinPlayers+1 {
		t.Fatalf("%d set-up rows", len(rows))
	}
	for _, r := range rows {
		if r.Hand != int(handSizes[r.Players]) || r.Contributors != int(roleSet[r.Players][0]) || r.Blockers != int(roleSet[r.Players][1]) {
			t.Errorf("set-up row %+v, want B1 and B2's", r)
		}
	}
	sum := 0
	for _, r := range m["comment_shapes"].([]CommentRow) {
		sum += r.Normal + r.Dead
	}
	for _, r := range m["actions"].([]ActionRow) {
		sum += r.Count
	}
	if sum != nCards {
		t.Errorf("the card tables hold %d cards, want %d", sum, nCards)
	}

	// The options: each changes its own number.
	if m := numbers(t, defaultConfig(t, 5, game.Options{OptHand: "3"})); m["hand"] != 3 || m["deck"] != nCards-15 {
		t.Errorf("hand=3: hand %v, deck %v", m["hand"], m["deck"])
	}
	if m := numbers(t, defaultConfig(t, 6, game.Options{OptBlockers: "1"})); m["blockers"] != 1 || m["contributors"] != 6 {
		t.Errorf("blockers=1 with 6: %v blockers, %v contributors", m["blockers"], m["contributors"])
	}
	m3 := numbers(t, defaultConfig(t, 4, game.Options{OptUnblockMix: "3rd"}))
	if m3["unblocked_double"] != 0 || m3["unblocked_single"] != 9 || m3["cards"] != nCards {
		t.Errorf("unblock-mix=3rd: %v single, %v double, %v cards", m3["unblocked_single"], m3["unblocked_double"], m3["cards"])
	}
	// hand=8 leaves out the player counts it cannot deal (our ruling 15).
	if rows := numbers(t, defaultConfig(t, 3, game.Options{OptHand: "8"}))["setup"].([]PlayerRow); len(rows) != 6 || rows[len(rows)-1].Players != 8 {
		t.Errorf("hand=8: set-up rows %+v", rows)
	}

	// Invalid configurations.
	for _, cfg := range []game.Config{
		{Players: 2},
		{Players: 11},
		{Players: 3, Options: game.Options{OptBlockers: "3"}},
		{Players: 10, Options: game.Options{OptHand: "7"}},
		{Players: 4, Options: game.Options{OptUnblockMix: "1st"}},
	} {
		if _, err := Game.(game.Numberer).Numbers(cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

// TestRulebookTemplate: the players' rulebook renders with the numbers of
// the default configuration, leaves no name unfilled and keeps its basics
// (everything before "## Finer points") within 650 words.
func TestRulebookTemplate(t *testing.T) {
	src, err := os.ReadFile("../../docs/rulebooks/breaking-head.md")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := template.New("rulebook").Option("missingkey=error").Funcs(template.FuncMap{"example": func(string) string { return "" }}).Parse(string(src)) // the pictures are docs' (TestRulebooks)
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []game.Config{
		defaultConfig(t, Game.Info().MinPlayers, nil),
		defaultConfig(t, 7, game.Options{OptUnblockMix: "3rd", OptHand: "4", OptBlockers: "2"}),
	} {
		var b bytes.Buffer
		if err := tmpl.Execute(&b, numbers(t, cfg)); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.TrimSpace(out) == "" || strings.Contains(out, "<no value>") {
			t.Fatalf("%+v: rendered:\n%s", cfg, out)
		}
		if !strings.HasPrefix(out, "# Breaking Head\n") {
			t.Errorf("the rulebook starts %.40q", out)
		}
		basics, _, ok := strings.Cut(out, "## Finer points")
		if !ok {
			t.Fatal("no Finer points section")
		}
		if n := wordCount(basics); n > 650 {
			t.Errorf("%+v: the basics have %d words, want at most 650", cfg, n)
		}
		if n := wordCount(out); n > 2000 {
			t.Errorf("%+v: the rulebook has %d words, want at most about 2000", cfg, n)
		}
		t.Logf("%+v: basics %d words, whole %d", cfg, wordCount(basics), wordCount(out))
	}
}

// wordCount counts the words of Markdown once its markup is removed: the
// tables' rule lines and the marks of emphasis, headings and cells.
func wordCount(md string) int {
	md = ruleLine.ReplaceAllString(md, " ")
	return len(strings.Fields(markup.ReplaceAllString(md, " ")))
}

var (
	ruleLine = regexp.MustCompile(`(?m)^[ \t]*\|?[ \t:|-]*-[ \t:|-]*$`)
	markup   = regexp.MustCompile("[|#*_`>]")
)
