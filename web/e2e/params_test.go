package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestLobbyOffersTheNumbers: a number the game declares tunable (here
// Source's compensation, our ruling 12) is offered in the lobby under
// "More numbers", with the values worth trying; a match made with it
// plays it, and the board says that player 2's score includes it. On a
// phone and on a laptop.
func TestLobbyOffersTheNumbers(t *testing.T) {
	a := startApp(t)
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		t.Run(size.name, func(t *testing.T) {
			p := newSession(t, "nina-"+size.name, size.width, size.height, size.mobile)
			p.open(a.url + "/")
			p.waitJS(`document.body.dataset.view === "lobby" && document.querySelector("#seat-1")`, 10*time.Second)
			p.selectValue("#game", "source")
			var values []string
			p.eval(`[...document.querySelectorAll(".more-options #opt-compensation option")].map((o) => o.value)`, &values)
			if strings.Join(values, ",") != "0,1,2,3,4,5,6,7,8,9,10" {
				t.Fatalf("compensation offered as %v", values)
			}
			var ok bool
			p.eval(`(document.querySelector(".more-options").open = true, document.querySelector(".more-options").scrollIntoView(), true)`, &ok)
			p.selectValue("#opt-compensation", "3")
			p.viewShot("numbers-lobby-" + size.name + ".png")
			p.selectValue("#seat-1", "you")
			p.selectValue("#seat-2", "easy")
			p.click("#create")
			p.waitJS(`document.body.dataset.view === "match" && document.querySelector(".seat-score[data-seat='2'] .note")`, 15*time.Second)
			var note string
			p.eval(`document.querySelector(".seat-score[data-seat='2'] .note").textContent`, &note)
			if strings.TrimSpace(note) != "incl. +3" {
				t.Errorf("player 2's score says %q, want incl. +3", note)
			}
			p.viewShot("numbers-match-" + size.name + ".png")
			id := p.data()["match"]
			if id == "" {
				p.eval(`location.pathname.split("/").pop()`, &id)
			}
			var m struct {
				Options map[string]string `json:"options"`
			}
			a.call("GET", "/api/matches/"+id, nil, &m)
			if m.Options["compensation"] != "3" {
				t.Errorf("the match's options: %v", m.Options)
			}
		})
	}
}
