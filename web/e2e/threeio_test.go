package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestThreeioAgainstBotOnPhone: one person plays a whole game of 3io
// against a bot, on a phone-sized screen (390x844 CSS pixels, touch),
// through the page: "Expand", then a held tile played by a click on a
// highlighted sector (now and then with a crew meeple), and now and then
// a score by a click on one of the crew's tiles.
func TestThreeioAgainstBotOnPhone(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "phone", 390, 844, true)
	// Signed in as cleo, who plays her forced moves herself: the Expand
	// that starts a turn without crew to score is the only legal move.
	playsOwnForcedMoves(p, a.url, "cleo")

	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='3io']") && document.querySelector("[data-playing-as]")`, 10*time.Second)
	p.selectValue("#game", "3io")
	p.selectValue("#players", "2")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "random")
	p.screenshot("phone-lobby.png", "")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true"`, 10*time.Second)
	id := p.data()["match"]

	// The page must fit the phone's width: nothing scrolls sideways.
	var wide bool
	p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		t.Error("the match page is wider than the phone's screen")
	}

	// Playing before expanding is explained (T7a).
	p.click(`.threeio-board .hit[data-sector="c3"]`)
	p.waitJS(`document.body.dataset.message === "error"`, 5*time.Second)
	expectBanner(t, p, "expand first")

	turns, plays, scores, crews := 0, 0, 0, 0
	deadline := time.Now().Add(100 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d turns)", turns)
		}
		d := p.data()
		if d["status"] == "over" {
			break
		}
		if d["yourTurn"] != "true" || d["pending"] != "" {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		var what struct {
			Expand, Crew, CrewOn bool
			Score, Play          string
		}
		p.eval(`(() => {
			const q = (s) => document.querySelector(s);
			const crew = q('[data-crew]');
			return {
				expand: !!q('[data-move="expand"]'),
				crew: !!crew && !crew.disabled, crewOn: !!crew && crew.checked,
				score: q('.threeio-board .hit[data-kind="score"]')?.dataset.sector || "",
				play: q('.threeio-board .hit[data-kind="play"]')?.dataset.sector || "",
			};
		})()`, &what)
		switch {
		case what.Score != "" && (turns%4 == 3 || !what.Expand && what.Play == ""):
			p.click(`.threeio-board .hit[data-sector="` + what.Score + `"]`)
			scores++
			turns++
		case what.Expand:
			p.click(`[data-move="expand"]`)
		case what.Play != "":
			// Put crew on every third tile, by the switch in the panel.
			if want := plays%3 == 0 && what.Crew; want != what.CrewOn && (what.Crew || what.CrewOn) {
				p.click(`[data-crew]`)
				p.waitJS(`document.querySelector('.threeio-board .hit[data-kind="play"]')`, 5*time.Second)
				p.eval(`document.querySelector('.threeio-board .hit[data-kind="play"]').dataset.sector`, &what.Play)
			}
			var move string
			p.eval(`document.querySelector('.threeio-board .hit[data-sector="`+what.Play+`"]').dataset.legal`, &move)
			if strings.HasSuffix(move, " crew") {
				crews++
			}
			p.click(`.threeio-board .hit[data-sector="` + what.Play + `"]`)
			plays++
			turns++
		default:
			var text string
			p.eval(`document.body.innerText`, &text)
			t.Fatalf("my turn, but nothing to click:\n%s", text)
		}
		after := p.versionAfter(d["version"], 10*time.Second)
		if after["message"] == "error" {
			var msg string
			p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			t.Fatalf("move refused: %s", msg)
		}
		if turns == 12 && plays > 0 {
			p.screenshot("threeio-phone-midgame.png", "")
		}
	}
	t.Logf("3io: %d turns through the page: %d plays (%d with crew), %d scores", turns, plays, crews, scores)
	if plays < 10 || crews == 0 {
		t.Errorf("%d plays, %d with crew: the game went too short to try the page", plays, crews)
	}

	var m struct {
		Status string    `json:"status"`
		Result []float64 `json:"result"`
	}
	a.call("GET", "/api/matches/"+id, nil, &m)
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	var head string
	p.eval(`document.querySelector("[data-end] h2").textContent`, &head)
	want := endHeadline(m.Result, 1)
	if head != want {
		t.Errorf("the end screen says %q, want %q (result %v)", head, want, m.Result)
	}
	p.screenshot("threeio-phone-end.png", "")
}
