package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// bhLabels lists the words of the Breaking Head table that print over
// each other or out of their card: each card's words (START, the end
// cards' "?", FIXED & COMMITTED, NEEDS WORK, a peek's F&C or NW) must
// stay apart and inside the card, the table upright or not.
const bhLabels = `(() => {
	const bad = [];
	const cross = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
	const cards = [...document.querySelectorAll(".bh-board .bh-card")];
	for (const card of cards) {
		const rc = card.querySelector("rect").getBoundingClientRect();
		const words = [...card.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
		for (const [w, r] of words) {
			if (r.left < rc.left - 1 || r.right > rc.right + 1 || r.top < rc.top - 1 || r.bottom > rc.bottom + 1) bad.push(card.dataset.at + ": " + w + " out of its card");
		}
		for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) {
			if (cross(words[i][1], words[j][1])) bad.push(card.dataset.at + ": " + words[i][0] + " over " + words[j][0]);
		}
	}
	return {
		bad, cards: cards.length,
		upright: document.querySelector(".bh-board").classList.contains("upright"),
		faceUp: document.querySelectorAll('.bh-card[data-card="fixed-committed"], .bh-card[data-card="needs-work"]').length,
		peeks: document.querySelectorAll(".bh-board [data-peek]").length,
	};
})()`

// TestBreakingHeadHandUnderTableOnPhone: on a phone held upright (390 by
// 844) the hand is right under the Breaking Head table, so that the
// table and the hand are on the screen together and a play (a card,
// then its space) needs no scrolling between the two taps; and the end
// cards' words (face up, or a peek's) do not print over each other.
func TestBreakingHeadHandUnderTableOnPhone(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "phone", 390, 844, true)
	for _, players := range []int{4, 10} {
		seats := []string{"human"}
		for len(seats) < players {
			seats = append(seats, "random")
		}
		var ans struct {
			Match struct{ ID string } `json:"match"`
			Token string              `json:"token"`
		}
		a.call("POST", "/api/matches", map[string]any{"game": "breaking-head", "players": players, "seats": seats, "join": 1, "name": "ann"}, &ans)
		p.open(a.url + "/")
		holdSeat(p, ans.Match.ID, 1, ans.Token)
		p.open(a.url + "/match/" + ans.Match.ID)
		p.waitJS(`document.body.dataset.yourTurn === "true" && document.querySelector("[data-hand-card]")`, 30*time.Second)
		// The table's top at the window's: where a player scrolls to play.
		p.eval(`window.scrollTo(0, document.querySelector(".board-wrap").getBoundingClientRect().top + window.scrollY - 4), true`, new(bool))
		var m struct {
			BoardTop, BoardBottom, HandTop, HandBottom, Window float64
			Upright                                            bool
		}
		p.eval(`(() => {
			const b = document.querySelector(".board-wrap").getBoundingClientRect(); // the table's frame, which may pan
			const cards = [...document.querySelectorAll("[data-hand-card]")].map((e) => e.getBoundingClientRect());
			return {
				boardTop: b.top, boardBottom: b.bottom, window: window.innerHeight,
				handTop: Math.min(...cards.map((c) => c.top)), handBottom: Math.max(...cards.map((c) => c.bottom)),
				upright: document.querySelector(".bh-board").classList.contains("upright"),
			};
		})()`, &m)
		p.viewShot(fmt.Sprintf("bh-phone-%dp-hand.png", players))
		if gap := m.HandTop - m.BoardBottom; gap < 0 || gap > 110 {
			t.Errorf("%d players: the hand's cards begin %.0f px below the table (%+v); want them right under it", players, gap, m)
		}
		if m.HandBottom > m.Window || m.BoardTop < 0 {
			t.Errorf("%d players: the table (%.0f to %.0f) and the hand (%.0f to %.0f) are not on one screen of %.0f px", players, m.BoardTop, m.BoardBottom, m.HandTop, m.HandBottom, m.Window)
		}
		if !m.Upright {
			t.Errorf("%d players: the table is not upright on the phone", players)
		}
	}

	// The end: a record whose Fixed & Committed is reached, face up, and
	// in which seats looked at end cards; as a spectator and as each
	// seat, whose own peeks show.
	sg := storeRecord(t, a, "bh-labels", "breakinghead/testdata/records/contributors-win-7p-3rd.json")
	peeks := 0
	for seat := 0; seat <= len(sg.tokens); seat++ {
		p.eval(`localStorage.clear(), true`, new(bool))
		if seat > 0 {
			holdSeat(p, sg.id, seat, sg.tokens[seat-1])
		}
		p.open(a.url + "/match/" + sg.id)
		p.waitJS(fmt.Sprintf(`document.body.dataset.status === "over" && document.body.dataset.seat === "%d" && document.querySelector(".bh-board .bh-card")`, seat), 10*time.Second)
		var l struct {
			Bad                  []string
			Cards, FaceUp, Peeks int
			Upright              bool
		}
		p.eval(bhLabels, &l)
		peeks += l.Peeks
		if l.FaceUp == 0 || !l.Upright {
			t.Errorf("seat %d: %d end cards face up, upright %v; want Fixed & Committed face up on an upright table", seat, l.FaceUp, l.Upright)
		}
		if len(l.Bad) > 0 {
			t.Errorf("seat %d: the table's words print over each other: %s", seat, strings.Join(l.Bad, "; "))
		}
		if seat == 0 || l.Peeks > 0 {
			p.run(5*time.Second, chromedp.ScrollIntoView(chromedp.CSS(`.bh-card[data-card="fixed-committed"]`)))
			p.viewShot(fmt.Sprintf("bh-phone-end-seat%d.png", seat))
		}
	}
	if peeks == 0 {
		t.Errorf("no seat's page showed a peek on the table: the record's peeks are not drawn")
	}
}
