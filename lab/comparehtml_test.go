package lab

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/match"
)

// The comparison page: both runs' plots side by side, the verdict, every
// row, the runs' descriptions, every user text escaped.
func TestWriteCompareHTML(t *testing.T) {
	dirs := t.TempDir()
	var runs [2]*Dir
	for i, opts := range []map[string]string{nil, {"territory": "regions"}} {
		cfg := Config{Run: match.Run{Game: "source", Bots: []string{"random", "greedy"}, Options: opts, Games: 16, Seed: 3}, Dir: filepath.Join(dirs, "ab"[i:i+1])}
		run(t, cfg)
		d, err := Load(cfg.Dir)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = d
	}
	a, b := runs[0], runs[1]
	// A hostile option value and directory, as a hand-edited lab.json
	// could have: they reach the subject, the verdict and the runs'
	// descriptions.
	hostile := `<script>alert("x")</script>`
	b.Manifest.Options["territory"] = hostile
	b.Path = filepath.Join(dirs, `<img src=x onerror=alert(1)>`)
	c, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.Verdict, hostile) {
		t.Fatalf("the verdict %q does not name the option: the test tests nothing", c.Verdict)
	}
	var buf bytes.Buffer
	if err := WriteCompareHTML(&buf, c, a, b); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	pairs := strings.Count(html, `<div class="pair">`)
	imgs := strings.Count(html, `<img src="data:image/png;base64,`)
	// Seats, bots, length, scores, end reasons, Source's counts.
	if pairs < 6 || imgs != 2*pairs {
		t.Errorf("%d pairs of plots and %d inlined images, want at least 6 pairs, each with both runs' images", pairs, imgs)
	}
	for _, who := range []string{"A", "B"} {
		if n := strings.Count(html, `<figcaption>`+who+`</figcaption>`); n != pairs {
			t.Errorf("%d plots of %s, want %d", n, who, pairs)
		}
	}
	for _, bad := range []string{"<script", "<img src=x", "http://", "https://", "<link"} {
		if strings.Contains(html, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	escaped := escapeText(c.Verdict)
	if !strings.Contains(html, escaped) {
		t.Errorf("the page lacks the verdict %q", escaped)
	}
	if !strings.Contains(html, "territory=&lt;script&gt;") {
		t.Errorf("the page does not show the hostile option escaped")
	}
	for _, d := range c.Rows {
		if !strings.Contains(html, "<td>"+escapeText(d.Name)+"</td>") {
			t.Errorf("the page lacks the row %q", d.Name)
		}
		// Whether the change matters (real, none, unclear) is in the row.
		if d.Change == "" || !strings.Contains(html, "</td><td>"+d.Change+"</td><td class=\"m\">"+escapeText(d.Method)) {
			t.Errorf("the row %q does not say its change %q", d.Name, d.Change)
		}
	}
	for _, want := range []string{"Balance", "random | greedy", "16 of 16", escapeText("3 (game i has seed 3+i)"), "Paired by seed over 16 games"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// A run with no ending or score plot where the other has one gets an
// empty place beside it, not a missing column.
func TestCompareFiguresOneSided(t *testing.T) {
	cfg := Config{Run: match.Run{Game: "source", Bots: []string{"random"}, Games: 6, Seed: 1}, Dir: t.TempDir()}
	run(t, cfg)
	a, err := Load(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	sa := Summarise(a)
	empty := *sa
	empty.Ends, empty.Scores = nil, nil
	figs, err := compareFigures(a, a, sa, &empty)
	if err != nil {
		t.Fatal(err)
	}
	var sawEnds bool
	for _, f := range figs {
		if f.A.URI == "" {
			t.Errorf("%s: no plot of A", f.Title)
		}
		if f.Title == "End reasons" || f.Title == "Score distributions" {
			sawEnds = true
			if f.B.URI != "" {
				t.Errorf("%s: a plot of B, which has nothing to plot", f.Title)
			}
		}
	}
	if !sawEnds {
		t.Errorf("no end reasons or scores among %d plots", len(figs))
	}
}

// escapeText is what html/template makes of a text between tags.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}
