package source

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"text/template"

	"github.com/commons-games/commons/game"
)

func defaultNumbers(t *testing.T, opts game.Options) map[string]any {
	t.Helper()
	cfg, err := game.Resolve(Game, 2, opts)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Game.(game.Numberer).Numbers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNumbers: the rulebook's numbers are the rules' numbers (S1-S18) at
// the default configuration, an option changes the number it governs,
// and an invalid configuration is refused.
func TestNumbers(t *testing.T) {
	n := defaultNumbers(t, nil)
	want := map[string]any{
		"players": 2, "size": 9, "points": 81, "centre": "e5",
		"columns": "a–i", "rows": "1–9",
		"tokens": 25, "supply": 24, "ap": 2,
		"place": 1, "fortify": 1, "unfortify": 1, "capture": 2, "capture_loose": 1,
		"connected": 2, "loose": 1, "centre_points": 10, "surrounded": 3,
		"idle_turns": 4, "colours_each": 2,
		"adjacency": "off", "territory": "single", "end": "supply",
		"compensation": 0, "komi": 0,
	}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("%s = %v, want %v", k, n[k], v)
		}
	}
	// The data: a token on the corner plus the supply, the board's size.
	if n["tokens"] != initialSupply+1 || n["size"] != size || n["ap"] != turnAP {
		t.Errorf("tokens %v, size %v, ap %v: not the game's data", n["tokens"], n["size"], n["ap"])
	}
	cs := n["colours"].([]Source)
	wantCs := []Source{{"red", "a9", "top-left", 1}, {"blue", "i9", "top-right", 2}, {"yellow", "i1", "bottom-right", 1}, {"green", "a1", "bottom-left", 2}}
	if len(cs) != len(wantCs) {
		t.Fatalf("colours %+v", cs)
	}
	for i := range cs {
		if cs[i] != wantCs[i] {
			t.Errorf("colour %d = %+v, want %+v", i, cs[i], wantCs[i])
		}
	}

	// Each of the game's Params changes its number.
	for _, p := range Game.Info().Params {
		v := p.Values[len(p.Values)-1]
		got := defaultNumbers(t, game.Options{p.Option: v})
		key := map[string]string{OptCaptureAdjacency: "adjacency", OptTerritory: "territory", OptEnd: "end", OptCompensation: "compensation"}[p.Option]
		if key == "" {
			t.Errorf("param %s: no number for it", p.Option)
			continue
		}
		if s, ok := got[key].(string); ok && s != v {
			t.Errorf("%s=%s: %s = %q", p.Option, v, key, s)
		}
		if got[key] == n[key] {
			t.Errorf("%s=%s: %s stays %v", p.Option, v, key, got[key])
		}
	}
	if got := defaultNumbers(t, game.Options{OptCompensation: "7"}); got["compensation"] != 7 || got["komi"] != 7 {
		t.Errorf("compensation=7: %v, %v", got["compensation"], got["komi"])
	}
	if got := defaultNumbers(t, game.Options{OptCompensation: "-5"}); got["compensation"] != -5 || got["komi"] != 5 {
		t.Errorf("compensation=-5: %v, %v", got["compensation"], got["komi"])
	}
	// The adjacency and territory options leave the measured numbers be.
	got := defaultNumbers(t, game.Options{OptCaptureAdjacency: "on", OptTerritory: TerritoryRegions})
	for _, k := range []string{"capture", "capture_loose", "surrounded", "loose", "centre_points"} {
		if got[k] != n[k] {
			t.Errorf("with options, %s = %v, want %v", k, got[k], n[k])
		}
	}

	num := Game.(game.Numberer)
	for _, cfg := range []game.Config{
		{Players: 3},
		{Players: 2, Options: game.Options{OptTerritory: "both"}},
		{Players: 2, Options: game.Options{OptCompensation: "lots"}},
		{Players: 2, Options: game.Options{OptCompensation: "5000"}},
	} {
		if _, err := num.Numbers(cfg); err == nil {
			t.Errorf("Numbers(%+v) accepted", cfg)
		}
	}
}

// renderRulebook executes the players' rulebook with the numbers of opts.
func renderRulebook(t *testing.T, opts game.Options) string {
	t.Helper()
	src, err := os.ReadFile("../../docs/rulebooks/source.md")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := template.New("source.md").Option("missingkey=error").Funcs(template.FuncMap{"example": func(string) string { return "" }}).Parse(string(src)) // the pictures are docs' (TestRulebooks)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, defaultNumbers(t, opts)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// words counts the words of rendered Markdown, leaving out table pipes,
// rules and emphasis marks.
func words(md string) int {
	n := 0
	for _, f := range strings.Fields(strings.NewReplacer("|", " ", "*", " ", "#", " ", "`", " ", "_", " ").Replace(md)) {
		if strings.Trim(f, "-:–") != "" {
			n++
		}
	}
	return n
}

// TestRulebookTemplate: the players' rulebook renders with the numbers of
// the default configuration and of every option, and its basics, all
// before "## Finer points", stay short.
func TestRulebookTemplate(t *testing.T) {
	out := renderRulebook(t, nil)
	if strings.TrimSpace(out) == "" || strings.Contains(out, "<no value>") {
		t.Fatalf("rendered rulebook:\n%s", out)
	}
	if !strings.HasPrefix(out, "# Source\n") {
		t.Errorf("the rulebook does not begin with # Source")
	}
	basics, rest, ok := strings.Cut(out, "\n## Finer points")
	if !ok {
		t.Fatal("no ## Finer points")
	}
	for _, h := range []string{"\n## What is on the table\n", "\n## A turn\n", "\n## Scoring\n", "\n## The end\n"} {
		if !strings.Contains(basics, h) {
			t.Errorf("no %q before the finer points", strings.TrimSpace(h))
		}
	}
	if n := words(basics); n > 650 {
		t.Errorf("the basics have %d words, want at most 650", n)
	}
	if n := words(out); n > 2100 {
		t.Errorf("the rulebook has %d words, want about 2,000 at most", n)
	}
	t.Logf("basics %d words, finer points %d, in all %d", words(basics), words(rest), words(out))
	for _, bad := range []string{"<", "package", "engine", "JSON", "option", "ruling", "seed"} {
		if strings.Contains(out, bad) {
			t.Errorf("the rulebook says %q", bad)
		}
	}
	for _, opts := range []game.Options{
		{OptCaptureAdjacency: "on", OptTerritory: TerritoryRegions, OptEnd: EndRound, OptCompensation: "6"},
		{OptCompensation: "-3"},
	} {
		v := renderRulebook(t, opts)
		if strings.Contains(v, "<no value>") || v == out {
			t.Errorf("with %v the rulebook renders the same or with a gap", opts)
		}
	}
}
