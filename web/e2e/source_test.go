package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSourceTwoBrowsers: two people, each in a browser of their own,
// play a whole match of Source against each other through the pages:
// one creates the match in the lobby and sends the invite link, the
// other opens it and takes the free seat; they play by clicking the
// highlighted points of the board (and "End turn") until the end
// screen. On the way: an illegal click and a click out of turn are
// explained with the server's reasons, and a reload keeps the seat.
func TestSourceTwoBrowsers(t *testing.T) {
	a := startApp(t)
	ann := newSession(t, "ann", 1280, 900, false)
	bob := newSession(t, "bob", 1280, 900, false)

	ann.open(a.url + "/")
	ann.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
	ann.typeIn("#name", "ann")
	ann.selectValue("#game", "source")
	ann.selectValue("#seat-1", "you")
	ann.selectValue("#seat-2", "open")
	ann.screenshot("lobby.png", "")
	ann.click("#create")
	ann.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open"`, 10*time.Second)
	var invite string
	ann.eval(`document.querySelector(".invite-url").value`, &invite)
	if !strings.HasPrefix(invite, a.url+"/match/") {
		t.Fatalf("invite link %q", invite)
	}
	id := strings.TrimPrefix(invite, a.url+"/match/")

	bob.open(invite)
	bob.waitJS(`document.querySelector("[data-join-seat='2']")`, 10*time.Second)
	if d := bob.data(); d["seat"] != "0" {
		t.Fatalf("bob sees seat %q before joining, want 0 (watching)", d["seat"])
	}
	bob.typeIn("[data-join-name]", "bob")
	bob.click("[data-join-seat='2']")
	bob.waitJS(`document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, 10*time.Second)
	ann.waitJS(`document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true"`, 10*time.Second)

	// Illegal clicks are explained with the server's reasons.
	ann.click(`.source-board .hit[data-point="e5"]`)
	ann.waitJS(`document.body.dataset.message === "error"`, 5*time.Second)
	expectBanner(t, ann, "e5")
	bob.click(`.source-board .hit[data-point="e5"]`)
	bob.waitJS(`document.body.dataset.message === "error"`, 5*time.Second)
	expectBanner(t, bob, "not your turn")

	// Play: each move is a click on the first highlighted point (a place
	// when there is one), or on "End turn".
	pick := sourcePick
	moves := 0
	deadline := time.Now().Add(90 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the match did not end in time (%d moves)", moves)
		}
		da, db := ann.data(), bob.data()
		if da["status"] == "over" && db["status"] == "over" {
			break
		}
		var s *session
		var d map[string]string
		switch {
		case da["yourTurn"] == "true" && da["pending"] == "":
			s, d = ann, da
		case db["yourTurn"] == "true" && db["pending"] == "":
			s, d = bob, db
		default:
			time.Sleep(15 * time.Millisecond)
			continue
		}
		var sel string
		s.eval(pick, &sel)
		if sel == "" {
			t.Fatalf("%s: it is my turn but nothing is highlighted", s.name)
		}
		s.click(sel)
		// A point with two actions asks which one: take the first.
		var choose bool
		s.eval(`!!document.querySelector(".chooser-pop:not([hidden]) [data-move]")`, &choose)
		if choose {
			s.click(".chooser-pop:not([hidden]) [data-move]")
		}
		after := s.versionAfter(d["version"], 10*time.Second)
		if after["message"] == "error" {
			var msg string
			s.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			if msg != "" && !strings.Contains(msg, "not your turn") {
				t.Fatalf("%s: move refused: %s", s.name, msg)
			}
		}
		moves++
		if moves == 24 {
			ann.screenshot("source-midgame.png", "")
			// A reload keeps the seat: the token is in localStorage.
			bob.run(20*time.Second, chromedp.Reload())
			bob.waitJS(fmt.Sprintf(`document.body.dataset.view === "match" && document.body.dataset.seat === "2" && document.body.dataset.version === %q`, after["version"]), 10*time.Second)
		}
	}
	if moves < 40 {
		t.Errorf("the match ended after only %d moves", moves)
	}
	t.Logf("Source: %d moves through the pages", moves)

	var m struct {
		Status string    `json:"status"`
		Result []float64 `json:"result"`
	}
	a.call("GET", "/api/matches/"+id, nil, &m)
	if m.Status != "over" || len(m.Result) != 2 {
		t.Fatalf("the server says %+v", m)
	}
	for i, s := range []*session{ann, bob} {
		s.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
		var head string
		s.eval(`document.querySelector("[data-end] h2").textContent`, &head)
		want := endHeadline(m.Result, i+1)
		if head != want {
			t.Errorf("%s's end screen says %q, want %q (result %v)", s.name, head, want, m.Result)
		}
	}
	ann.screenshot("source-end.png", "")
	bob.screenshot("source-end-seat2.png", ".board-wrap")

	// A rematch: ann asks for it, bob joins it from his end screen, and
	// both sit in their old seats of a new match.
	ann.click("[data-rematch]")
	ann.waitJS(fmt.Sprintf(`document.body.dataset.match !== %q && document.body.dataset.seat === "1" && document.body.dataset.status === "open"`, id), 10*time.Second)
	bob.waitJS(`document.querySelector("[data-rematch]")?.textContent === "Join the rematch"`, 10*time.Second)
	bob.click("[data-rematch]")
	bob.waitJS(fmt.Sprintf(`document.body.dataset.match !== %q && document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, id), 10*time.Second)
	ann.waitJS(`document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true"`, 10*time.Second)
	if ann.data()["match"] != bob.data()["match"] {
		t.Errorf("ann and bob are in different rematches: %s and %s", ann.data()["match"], bob.data()["match"])
	}

	// bob leaves: a bot takes his seat, and he watches.
	bob.click("[data-leave]")
	bob.click("[data-leave-yes]")
	bob.waitJS(`document.body.dataset.seat === "0" && !document.querySelector("[data-leave]")`, 10*time.Second)
	var seat2 string
	bob.eval(`document.querySelector('.seat-score[data-seat="2"] .who').textContent`, &seat2)
	if !strings.Contains(seat2, "bot") {
		t.Errorf("after bob left, seat 2 reads %q, want a bot", seat2)
	}
	// ann's moves are answered by the bot now.
	v := ann.data()["version"]
	ann.click(`[data-move="end"]`)
	ann.waitJS(fmt.Sprintf(`document.body.dataset.version !== %q && document.body.dataset.yourTurn === "true"`, v), 15*time.Second)
}

// expectBanner checks that the page's error message contains want.
func expectBanner(t *testing.T, s *session, want string) {
	t.Helper()
	var msg string
	s.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
	if !strings.Contains(msg, want) {
		t.Errorf("%s: the error message %q does not mention %q", s.name, msg, want)
	}
}
