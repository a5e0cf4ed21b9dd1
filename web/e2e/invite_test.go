package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestInviteLinkOffersTheSeat: someone who opens an invite link (a match
// with a free seat, and no seat of theirs) sees "Take seat N" first: at
// the top of the page, above the board, without scrolling on a phone
// held upright (390 by 844), however many players the head lists; a tap
// there seats them, and the offer goes.
func TestInviteLinkOffersTheSeat(t *testing.T) {
	a := startApp(t)
	for _, c := range []struct {
		game  string
		seats []string
	}{
		{"source", []string{"human", "human"}},
		{"breaking-head", []string{"human", "human", "random", "random", "random", "random", "random", "random", "random", "random"}},
	} {
		var ans struct {
			Match struct{ ID string } `json:"match"`
		}
		a.call("POST", "/api/matches", map[string]any{"game": c.game, "players": len(c.seats), "seats": c.seats, "join": 1, "name": "ann"}, &ans)
		id := ans.Match.ID
		p := newSession(t, "bob "+c.game, 390, 844, true)
		p.open(a.url + "/match/" + id)
		p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.version && document.querySelector("[data-join-seat='2']")`, 10*time.Second)
		var m struct {
			Top, Bottom, Board, Window, Scroll float64
			Text                               string
		}
		p.eval(`(() => {
			const b = document.querySelector("[data-join-seat='2']").getBoundingClientRect();
			return {top: b.top, bottom: b.bottom, board: document.querySelector(".board-wrap").getBoundingClientRect().top,
				window: window.innerHeight, scroll: window.scrollY, text: document.querySelector("[data-seat-offer]").innerText};
		})()`, &m)
		p.viewShot(fmt.Sprintf("invite-%s-phone.png", c.game))
		if m.Scroll != 0 || m.Top < 0 || m.Bottom > m.Window || m.Bottom > m.Board {
			t.Errorf("%s: Take seat 2 is at %.0f to %.0f (scrolled %.0f), the board begins at %.0f, in a window %.0f high; want it above the board, in sight (%q)", c.game, m.Top, m.Bottom, m.Scroll, m.Board, m.Window, m.Text)
		}
		p.typeIn("[data-seat-offer] [data-join-name]", "bob")
		p.click("[data-join-seat='2']")
		p.waitJS(`document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, 10*time.Second)
		p.waitJS(`document.querySelector("[data-seat-offer]").hidden`, 5*time.Second)
		var who string
		p.eval(`document.querySelector(".match-head .who").textContent`, &who)
		if want := "You are Seat 2 (bob)."; len(who) < len(want) || who[:len(want)] != want {
			t.Errorf("%s: seated, the head says %q", c.game, who)
		}
	}
}
