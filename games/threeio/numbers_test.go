package threeio

import (
	"os"
	"strings"
	"testing"
	"text/template"

	"github.com/commons-games/commons/game"
)

func defaultConfig() game.Config {
	return game.Config{Players: Game.Info().MinPlayers, Options: game.Options{}}
}

// TestNumbers checks the rulebook's numbers against the tile table, that
// the options change them, and that a bad configuration is refused.
func TestNumbers(t *testing.T) {
	nb := Game.(game.Numberer)
	tb := DefaultTiles()
	n, err := nb.Numbers(defaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range tb.Count {
		total += c
	}
	want := map[string]any{
		"box":          total,
		"crew":         tb.Crew,
		"meeples":      tb.Crew + 1,
		"group":        tb.Fusion,
		"one_bonus_at": tb.OneBonusAt,
		"two_bonus_at": tb.TwoBonusAt,
		"turn_limit":   tb.TurnLimit,
		"pacing":       "off",
		"pacing_level": tb.PacingLevel.String(),
		"board":        side,
	}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("Numbers()[%q] = %v, want %v", k, n[k], v)
		}
	}
	rows, ok := n["tiles"].([]TileRow)
	if !ok || len(rows) != NumTiles {
		t.Fatalf("tiles = %#v, want %d rows", n["tiles"], NumTiles)
	}
	for i, r := range rows {
		tt := Tile(i)
		if r.Name != tt.String() || r.Count != tb.Count[tt] || r.Dark != tb.Points[tt][0] || r.Light != tb.Points[tt][1] || r.Multiplier != tb.Multiplier[tt] {
			t.Errorf("tiles[%d] = %+v, want the table's %s", i, r, tt)
		}
	}
	if n["galaxy_clear"] != tb.Fusion*tb.Points[Galaxy][1] {
		t.Errorf("galaxy_clear = %v", n["galaxy_clear"])
	}

	// The options change the numbers.
	cfg := defaultConfig()
	cfg.Options = game.Options{OptBoxDust: "30", OptBoxProbe: "10", OptPacing: "on", OptPacingLevel: "Station"}
	v, err := nb.Numbers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if v["box"] != total-(tb.Count[Dust]-30)-(tb.Count[Probe]-10) {
		t.Errorf("box-dust=30 box-probe=10: box %v", v["box"])
	}
	if r := v["tiles"].([]TileRow); r[Dust].Count != 30 || r[Probe].Count != 10 {
		t.Errorf("box-dust=30 box-probe=10: rows %+v, %+v", r[Dust], r[Probe])
	}
	if v["pacing"] != "on" || v["pacing_level"] != "Station" || v["ex_multiplier"] != 1 {
		t.Errorf("pacing on at Station: pacing %v, level %v, example multiplier %v", v["pacing"], v["pacing_level"], v["ex_multiplier"])
	}
	cfg.Options = game.Options{OptTiles: "testdata/tiles/t3-classic.json"}
	if v, err := nb.Numbers(cfg); err != nil || v["box"] != 100 {
		t.Errorf("t3-classic: box %v, %v; want the first mix's 100", v["box"], err)
	}

	// Bad configurations are refused.
	for _, c := range []game.Config{
		{Players: 1},
		{Players: 5},
		{Players: 2, Options: game.Options{OptBoxDust: "1"}},
		{Players: 2, Options: game.Options{OptPacingLevel: "Dust"}},
		{Players: 2, Options: game.Options{OptTiles: "testdata/no-such-file.json"}},
	} {
		if _, err := nb.Numbers(c); err == nil {
			t.Errorf("Numbers(%+v): no error", c)
		}
	}
}

// renderRulebook executes the players' rulebook with Numbers(cfg).
func renderRulebook(t *testing.T, cfg game.Config) string {
	t.Helper()
	src, err := os.ReadFile("../../docs/rulebooks/3io.md")
	if err != nil {
		t.Fatal(err)
	}
	tm, err := template.New("3io.md").Option("missingkey=error").Funcs(template.FuncMap{"example": func(string) string { return "" }}).Parse(string(src)) // the pictures are docs' (TestRulebooks)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Game.(game.Numberer).Numbers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tm.Execute(&b, n); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// basicsWords counts the words before "## Finer points", markup left out.
func basicsWords(t *testing.T, md string) int {
	t.Helper()
	basics, _, ok := strings.Cut(md, "## Finer points")
	if !ok {
		t.Fatal(`no "## Finer points"`)
	}
	basics = strings.NewReplacer("|", " ", "#", " ", "*", " ", "-", " ", ":", " ", "→", " ", "–", " ").Replace(basics)
	return len(strings.Fields(basics))
}

// TestRulebookTemplate renders docs/rulebooks/3io.md with the default
// numbers and with the pacing variant, and checks the basics stay short.
func TestRulebookTemplate(t *testing.T) {
	pacing := defaultConfig()
	pacing.Options = game.Options{OptPacing: "on"}
	for _, cfg := range []game.Config{defaultConfig(), pacing} {
		md := renderRulebook(t, cfg)
		if strings.TrimSpace(md) == "" {
			t.Fatalf("%v: empty rulebook", cfg.Options)
		}
		if strings.Contains(md, "<no value>") {
			t.Errorf("%v: rulebook has <no value>", cfg.Options)
		}
		if !strings.HasPrefix(md, "# 3io\n") {
			t.Errorf("%v: rulebook does not start with # 3io", cfg.Options)
		}
		if w := basicsWords(t, md); w > 650 {
			t.Errorf("%v: %d words before Finer points, want at most 650", cfg.Options, w)
		}
		if w := len(strings.Fields(md)); w > 2100 {
			t.Errorf("%v: %d words in all, want about 2000 at most", cfg.Options, w)
		}
	}
}
