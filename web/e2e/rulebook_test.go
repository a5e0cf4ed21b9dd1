package e2e

import (
	"testing"
	"time"

	"github.com/commons-games/commons/game"
)

// TestRulebookPictures: every rulebook's pictures render, on a phone and
// on a laptop: each example the game gives is drawn by its board where
// the rulebook places it (an SVG with something in it, or the board's
// panel), with its caption, no placeholder left, and no JavaScript error
// (a session fails on any).
func TestRulebookPictures(t *testing.T) {
	a := startApp(t)
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		t.Run(size.name, func(t *testing.T) {
			p := newSession(t, "reader-"+size.name, size.width, size.height, size.mobile)
			for _, g := range game.Games() {
				in := g.Info()
				if in.Doc == "" {
					continue
				}
				var api struct {
					Examples []struct{ Name string } `json:"examples"`
				}
				a.call("GET", "/api/games/"+in.Name+"/rulebook", nil, &api)
				p.open(a.url + "/learn/" + in.Name)
				p.waitJS(`document.body.dataset.rulebook === `+js(in.Name), 10*time.Second)
				var got struct {
					Left    int
					Figures []struct {
						Name    string
						Drawn   bool
						Caption string
						Missing bool
					}
				}
				p.eval(`(() => ({
					left: [...document.querySelectorAll(".rulebook p")].filter((p) => /^\[example: /.test(p.textContent.trim())).length,
					figures: [...document.querySelectorAll(".rulebook [data-example]")].map((f) => ({
						name: f.dataset.example,
						drawn: [...f.querySelectorAll(".example-board svg")].some((s) => s.querySelectorAll("*").length > 3 && s.getBoundingClientRect().width > 50) ||
							(f.querySelector(".example-panel")?.textContent || "").trim().length > 20,
						caption: (f.querySelector("figcaption")?.textContent || "").trim(),
						missing: !!f.querySelector(".example-missing"),
					})),
				}))()`, &got)
				if got.Left != 0 {
					t.Errorf("%s: %d example placeholders left undrawn", in.Name, got.Left)
				}
				if len(api.Examples) == 0 {
					t.Errorf("%s: its rulebook has no pictures", in.Name)
				}
				seen := map[string]bool{}
				for _, f := range got.Figures {
					seen[f.Name] = true
					if !f.Drawn || f.Caption == "" || f.Missing {
						t.Errorf("%s: picture %s: drawn %v, caption %q, missing %v", in.Name, f.Name, f.Drawn, f.Caption, f.Missing)
					}
				}
				for _, ex := range api.Examples {
					if !seen[ex.Name] {
						t.Errorf("%s: example %s is not on the page", in.Name, ex.Name)
					}
				}
				if len(got.Figures) > 0 {
					p.screenshot("rulebook-picture-"+in.Name+"-"+size.name+".png", ".rulebook [data-example]")
				}
			}
		})
	}
}
