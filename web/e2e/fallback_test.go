package e2e

import (
	"testing"
	"time"

	_ "github.com/commons-games/commons/internal/testgame" // countdown: a game with no board of its own
)

// TestLegalMoveButtons: a game the app has no board for (countdown, the
// test game) is shown as the game's text, and is played to the end with
// the list of legal moves, which every game offers as buttons.
func TestLegalMoveButtons(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "eve", 1280, 900, false)
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='countdown']")`, 10*time.Second)
	p.selectValue("#game", "countdown")
	p.selectValue("#seat-2", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running"`, 10*time.Second)
	p.waitJS(`document.querySelector("pre.text-board").textContent.length > 0`, 5*time.Second)
	p.waitJS(`document.querySelector("details.legal").open`, 5*time.Second) // unfolded: there is no board to click
	moves := 0
	deadline := time.Now().Add(30 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatal("the game did not end in time")
		}
		d := p.data()
		if d["status"] == "over" {
			break
		}
		if d["yourTurn"] != "true" || d["pending"] != "" {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		p.click("[data-legal-move]")
		p.versionAfter(d["version"], 10*time.Second)
		moves++
	}
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	p.screenshot("countdown-text-board.png", "")
	t.Logf("countdown: %d moves from the list of legal moves", moves)
	if moves == 0 {
		t.Error("no move was made")
	}
}
