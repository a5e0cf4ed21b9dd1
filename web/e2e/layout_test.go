package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestAccountPagesFit: the pages of accounts, profiles, leaderboards and
// the lobby with its chat fit a phone held upright (390 by 844) and a
// laptop's window (1280 by 900): nothing is wider than the window, and
// no card runs into another. Their screenshots are kept with
// COMMONS_E2E_ARTIFACTS, to look at.
func TestAccountPagesFit(t *testing.T) {
	a := startApp(t)
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		s := newSession(t, size.name, size.width, size.height, size.mobile)
		name := "Zoë " + size.name
		pages := []struct{ path, ready string }{
			{"/signup", `document.body.dataset.view === "signup" && document.querySelector("#auth-passkey")`},
		}
		check := func(shot string) {
			t.Helper()
			var wide struct {
				Page, Window int
				Overlap      string
			}
			// Two cards overlap when their boxes cross (a form's control
			// too wide for its card does that).
			s.eval(`(() => {
				const cards = [...document.querySelectorAll(".card, .side > *, .chat")].filter((e) => e.offsetParent).map((e) => [e, e.getBoundingClientRect()]);
				let overlap = "";
				for (const [a, ra] of cards) for (const [b, rb] of cards) {
					if (a === b || a.contains(b) || b.contains(a)) continue;
					if (ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1) overlap = a.className + " / " + b.className;
				}
				const widest = Math.max(...[...document.querySelectorAll("#app *")].map((e) => e.getBoundingClientRect().right));
				return {page: Math.max(document.documentElement.scrollWidth, Math.ceil(widest)), window: window.innerWidth, overlap};
			})()`, &wide)
			if wide.Page > int(size.width) || wide.Window > int(size.width) || wide.Overlap != "" {
				t.Errorf("%s, %s: the page is %d px wide in a window of %d (overlapping: %q)", size.name, shot, wide.Page, wide.Window, wide.Overlap)
			}
			s.screenshot(fmt.Sprintf("fit-%s-%s.png", size.name, shot), "")
		}
		for _, p := range pages {
			s.open(a.url + p.path)
			s.waitJS(p.ready, 10*time.Second)
			check(p.path[1:])
		}
		fillAuth(s, name, "a password of Zoë's")
		waitSignedIn(s, name)
		s.waitJS(`document.body.dataset.view === "lobby" && document.querySelector("#rated") && document.querySelector("[data-chat='lobby'] [data-chat-input]")`, 10*time.Second)
		say(s, "a long message to see how the lobby's chat wraps its lines on a narrow screen, with a-very-long-word-that-does-not-break-by-itself-anywhere")
		s.selectValue("#game", "3io") // its bots have the longest descriptions
		check("lobby")
		for _, p := range []struct{ path, ready, shot string }{
			{"/account", `document.querySelector("[data-add-passkey]")`, "account"},
			{"/u/" + name, `document.body.dataset.profileLoaded === "true"`, "profile"},
			{"/leaderboard/breaking-head", `document.body.dataset.leaderboard === "breaking-head"`, "leaderboard"},
			{"/signin", `document.querySelector("[data-signed-in-as]")`, "signin"},
		} {
			s.open(a.url + p.path)
			s.waitJS(p.ready, 10*time.Second)
			check(p.shot)
		}
	}
}
