package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// fitCheck measures the page s shows: how wide the document is against
// the window, and every element that sticks out of the card (or panel,
// or board frame) it is in, where nothing between them scrolls it: a
// control too wide for its card runs over its neighbours even when the
// page is not wider than the window (the lobby's seat menus over the
// list of matches).
const fitCheck = `(() => {
	const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.classList.length ? "." + [...e.classList].join(".") : "");
	const out = [];
	const boxes = [...document.querySelectorAll("#app .card, #app .panel, #app .side > *, #app .board-wrap, #app .banner, #app .controls")].filter((e) => e.getClientRects().length);
	for (const box of boxes) {
		const rb = box.getBoundingClientRect();
		for (const e of box.querySelectorAll("*")) {
			if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) continue;
			const r = e.getBoundingClientRect();
			if (!r.width || !r.height || (r.right <= rb.right + 1 && r.left >= rb.left - 1)) continue;
			let clipped = false;
			for (let p = e.parentElement; p && p !== box.parentElement; p = p.parentElement) {
				if (getComputedStyle(p).overflowX !== "visible") { clipped = true; break; }
			}
			if (!clipped) out.push(name(e) + " (" + Math.round(r.left) + "-" + Math.round(r.right) + ") out of " + name(box) + " (" + Math.round(rb.left) + "-" + Math.round(rb.right) + ")");
		}
	}
	return {page: document.documentElement.scrollWidth, window: window.innerWidth, spill: out.slice(0, 5)};
})()`

// TestEveryPageFits: no page of the app is wider than the window, on a
// phone held upright (390 by 844) or a laptop (1280 by 900), and nothing
// sticks out of its card: for every game of the lobby's menu, the lobby
// with that game chosen for the most players, a match of it as a player
// and as a spectator, its replay and its How to play; and the pages of
// signing in and up, the account, a profile, the leaderboard and a path
// that is no page. The screenshots are kept with COMMONS_E2E_ARTIFACTS.
func TestEveryPageFits(t *testing.T) {
	a := startApp(t)
	var games []struct {
		Name       string `json:"name"`
		MaxPlayers int    `json:"max_players"`
		Doc        string `json:"doc"`
	}
	a.call("GET", "/api/games", nil, &games)
	// A match of each game, for the most players: seat 1 a person's,
	// the others random bots, which play until it is seat 1's turn.
	type made struct{ id, token string }
	matches := map[string]made{}
	documented := map[string]bool{}
	for _, g := range games {
		seats := []string{"human"}
		for len(seats) < g.MaxPlayers {
			seats = append(seats, "random")
		}
		var ans struct {
			Match struct{ ID string } `json:"match"`
			Token string              `json:"token"`
		}
		a.call("POST", "/api/matches", map[string]any{"game": g.Name, "players": g.MaxPlayers, "seats": seats, "join": 1, "name": "ann"}, &ans)
		matches[g.Name] = made{ans.Match.ID, ans.Token}
		documented[g.Name] = g.Doc != ""
	}

	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		s := newSession(t, size.name, size.width, size.height, size.mobile)
		check := func(shot string) {
			t.Helper()
			var m struct {
				Page, Window int
				Spill        []string
			}
			s.eval(fitCheck, &m)
			if m.Page > m.Window || m.Window != int(size.width) || len(m.Spill) > 0 {
				t.Errorf("%s, %s: the page is %d px wide in a window of %d; sticking out: %s", size.name, shot, m.Page, m.Window, strings.Join(m.Spill, "; "))
			}
			s.screenshot(fmt.Sprintf("fits-%s-%s.png", size.name, shot), "")
		}
		s.open(a.url + "/")
		s.waitJS(`document.querySelector("#game option") && document.querySelector("#seat-1")`, 10*time.Second)
		var menu []string
		s.eval(`[...document.querySelectorAll("#game option")].map((o) => o.value)`, &menu)
		if len(menu) != len(games) {
			t.Fatalf("the lobby's menu has %v, the server %d games", menu, len(games))
		}
		for _, name := range menu {
			s.selectValue("#game", name)
			var most string
			s.eval(`[...document.querySelectorAll("#players option")].pop().value`, &most)
			s.selectValue("#players", most)
			// A scripted beginner, whose words are the longest a seat shows.
			var script string
			s.eval(`[...document.querySelectorAll("#seat-2 option")].map((o) => o.value).find((v) => v.startsWith("script:")) || ""`, &script)
			if script != "" {
				s.selectValue("#seat-2", script)
			}
			check("lobby-" + name)
		}
		for _, name := range menu {
			m := matches[name]
			holdSeat(s, m.id, 1, m.token)
			s.open(a.url + "/match/" + m.id)
			s.waitJS(`document.body.dataset.seat === "1" && document.body.dataset.yourTurn === "true"`, 30*time.Second)
			check("match-" + name)
			s.eval(`localStorage.clear(), true`, new(bool))
			s.open(a.url + "/match/" + m.id)
			s.waitJS(`document.body.dataset.seat === "0" && document.body.dataset.version`, 10*time.Second)
			check("watch-" + name)
			s.open(a.url + "/replay/" + m.id)
			s.waitJS(`document.body.dataset.steps`, 10*time.Second)
			check("replay-" + name)
			if !documented[name] {
				continue // a game without a rules document has no How to play
			}
			s.open(a.url + "/rules/" + name)
			s.waitJS(fmt.Sprintf(`document.body.dataset.rules === %s`, js(name)), 10*time.Second)
			check("rules-" + name)
			s.open(a.url + "/learn/" + name)
			s.waitJS(fmt.Sprintf(`document.body.dataset.rulebook === %s`, js(name)), 10*time.Second)
			check("rulebook-" + name)
		}
		for _, p := range []struct{ path, ready, shot string }{
			{"/signin", `document.querySelector("#auth-name")`, "signin"},
			{"/signup", `document.querySelector("#auth-name")`, "signup"},
			{"/leaderboard", `document.body.dataset.leaderboard`, "leaderboard"},
		} {
			s.open(a.url + p.path)
			s.waitJS(p.ready, 10*time.Second)
			check(p.shot)
		}
		name := "Fit" + size.name
		signUp(s, a.url, name, "a password to fit")
		for _, p := range []struct{ path, ready, shot string }{
			{"/account", `document.querySelector("[data-add-passkey]")`, "account"},
			{"/u/" + name, `document.body.dataset.profileLoaded === "true"`, "profile"},
			{"/no/such/page", `document.body.dataset.view === "missing"`, "missing"},
		} {
			s.open(a.url + p.path)
			s.waitJS(p.ready, 10*time.Second)
			check(p.shot)
		}
	}
}
