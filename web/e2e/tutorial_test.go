package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/tutorial"
)

// TestTutorialsCompleteByTheirPrompts completes every game's guided first
// game on a phone and on a laptop by doing what each lesson says: the
// lesson's words are shown and where to play is highlighted on the
// board; a move that is not the lesson's is refused in the lesson's
// words and changes nothing; after the last lesson the page says what
// was learned and offers a real game. Source's lessons are played by
// clicking the highlighted point on its board, the others' by the list
// of legal moves (their multi-part moves are the boards' own tests').
func TestTutorialsCompleteByTheirPrompts(t *testing.T) {
	a := startApp(t)
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		t.Run(size.name, func(t *testing.T) {
			p := newSession(t, "learner-"+size.name, size.width, size.height, size.mobile)
			taught := 0
			for _, g := range game.Games() {
				if _, ok := g.(game.Tutor); !ok {
					continue
				}
				taught++
				name := g.Info().Name
				gd, err := tutorial.New(g)
				if err != nil {
					t.Fatal(err)
				}
				tu := gd.Tutorial()
				p.open(a.url + "/learn/" + name)
				p.waitJS(`document.body.dataset.rulebook === `+js(name), 10*time.Second)
				p.click(`[data-first-game="` + name + `"]`)
				p.waitJS(`document.body.dataset.view === "tutorial" && document.body.dataset.lesson === "1"`, 10*time.Second)
				for k, l := range tu.Lessons {
					lesson := strconv.Itoa(k + 1)
					p.waitJS(`document.body.dataset.lesson === `+js(lesson)+` && document.body.dataset.pending !== "true"`, 10*time.Second)
					var say string
					p.eval(`document.querySelector("[data-say]").textContent`, &say)
					if say != l.Say {
						t.Fatalf("%s lesson %s says %q, want %q", name, lesson, say, l.Say)
					}
					if len(l.Marks) > 0 && p.data()["marked"] == "0" {
						t.Errorf("%s lesson %s: nothing highlighted on the board for %v", name, lesson, l.Marks)
					}
					if k == 1 {
						p.screenshot("tutorial-"+name+"-"+size.name+".png", "")
					}
					if k == 0 {
						// Another legal move first: refused in the lesson's words.
						var other string
						p.eval(`(() => { const b = [...document.querySelectorAll("[data-legal-move]")].find((b) => b.dataset.legalMove !== `+js(l.Move)+`); if (!b) return ""; b.click(); return b.dataset.legalMove; })()`, &other)
						if other != "" {
							p.waitJS(`document.body.dataset.refused === `+js(other), 10*time.Second)
							var shown string
							p.eval(`(() => { const r = document.querySelector("[data-refusal]"); return r.hidden ? "" : r.textContent; })()`, &shown)
							if !strings.Contains(shown, l.Wrong) {
								t.Errorf("%s: the other move %s was refused with %q, want the lesson's %q", name, other, shown, l.Wrong)
							}
							if p.data()["lesson"] != "1" {
								t.Fatalf("%s: a refused move moved the lesson on", name)
							}
						}
					}
					if name == "source" && len(l.Marks) > 0 && !strings.ContainsAny(l.Move, "+x") {
						p.click(`.source-board .hit[data-point="` + l.Move + `"]`)
					} else {
						var ok bool
						p.eval(`(() => { const b = [...document.querySelectorAll("[data-legal-move]")].find((b) => b.dataset.legalMove === `+js(l.Move)+`); if (!b) return false; b.click(); return true; })()`, &ok)
						if !ok {
							t.Fatalf("%s lesson %s: %s is not among the legal moves shown", name, lesson, l.Move)
						}
					}
					next := strconv.Itoa(k + 2)
					p.waitJS(`document.body.dataset.lesson === `+js(next), 10*time.Second)
					var done string
					p.eval(`document.querySelector("[data-done]").textContent`, &done)
					if !strings.Contains(done, l.Done) {
						t.Errorf("%s lesson %s: after the move the page says %q, want %q", name, lesson, done, l.Done)
					}
				}
				var learned string
				p.eval(`(() => { const l = document.querySelector("[data-learned]"); return l.hidden ? "" : l.textContent; })()`, &learned)
				if !strings.Contains(learned, "What you learned") || !strings.Contains(learned, tu.Learned[0]) {
					t.Errorf("%s: at the end the page says %q", name, learned)
				}
				if size.name == "phone" {
					p.screenshot("tutorial-"+name+"-learned-"+size.name+".png", "")
				}
				// Back to any lesson, and again from the start.
				p.click(`[data-goto="2"]`)
				p.waitJS(`document.body.dataset.lesson === "2" && location.search.includes("lesson=2")`, 10*time.Second)
				p.click(`[data-restart]`)
				p.waitJS(`document.body.dataset.lesson === "1"`, 10*time.Second)
			}
			if taught < 5 {
				t.Errorf("%d games have a guided first game, want 5", taught)
			}
		})
	}
}
