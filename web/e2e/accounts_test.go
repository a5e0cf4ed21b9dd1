package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/server"
)

// TestRatedMatchBetweenAccounts: two people sign up, in two browsers of
// their own, one with a password, the other with a passkey; they play a
// rated match of Source, each from their browser, and talk at the
// table. The first signs in on a third browser, a phone (where, as a
// guest, she was asked to sign in to join the rated match): there the
// account plays its seat without any seat token, talks, moves and
// resigns. The end screens show the ratings before and after; both
// profiles, and the leaderboard, show the match and the new ratings. On
// the way: a guest's seat becomes the account's at sign-up, a guest who
// watches cannot talk and an account that watches can, a passkey signs
// in again after a sign-out, a passkey is added to an account with a
// password, and signing out everywhere ends the other browsers'
// sessions. The server hashes passwords with its own parameters here.
func TestRatedMatchBetweenAccounts(t *testing.T) {
	a := startAppWith(t, func(c *server.Config) { c.PasswordParams = account.Params{} }) // the server's own: RFC 9106's
	base := a.local
	ada := newSession(t, "ada", 1280, 900, false)
	bob := newSession(t, "bob", 1280, 900, false)

	// Ada plays first as a guest, against a bot; signing up (from the
	// header, which comes back to the match) makes her seat the account's.
	ada.open(base + "/")
	ada.waitJS(`document.querySelector("#game option[value='source']") && document.getElementById("account-area").dataset.signedIn === "false"`, 10*time.Second)
	ada.typeIn("#name", "ada the guest")
	ada.selectValue("#game", "source")
	ada.selectValue("#seat-2", "random")
	ada.click("#create")
	ada.waitJS(`document.body.dataset.view === "match" && document.body.dataset.seat === "1"`, 10*time.Second)
	guestMatch := ada.data()["match"]
	ada.click("[data-signup-link]")
	fillAuth(ada, "Ada", "correct horse battery staple")
	waitSignedIn(ada, "Ada")
	ada.waitJS(fmt.Sprintf(`document.body.dataset.view === "match" && document.body.dataset.match === %q && document.body.dataset.seat === "1"`, guestMatch), 10*time.Second)
	var gm struct {
		Seats []struct {
			Name    string `json:"name"`
			Account bool   `json:"account"`
		} `json:"seats"`
	}
	a.call("GET", "/api/matches/"+guestMatch, nil, &gm)
	if !gm.Seats[0].Account || gm.Seats[0].Name != "Ada" {
		t.Errorf("after signing up, the guest's seat is %+v, want Ada's account's", gm.Seats[0])
	}
	ada.waitJS(`document.querySelector('[data-players] a[data-account="Ada"]') && document.querySelector('[data-players] [data-bot="random"]')`, 10*time.Second)

	// Bob signs up with a passkey: no password.
	passkeyDevice(bob)
	bob.open(base + "/signup")
	bob.waitJS(`document.querySelector("#auth-name")`, 10*time.Second)
	bob.typeIn("#auth-name", "Bob")
	bob.click("#auth-passkey")
	waitSignedIn(bob, "Bob")
	var bobAccount struct {
		Password bool `json:"password"`
		Passkeys int  `json:"passkeys"`
	}
	fetchJSON(bob, "/api/account", &bobAccount)
	if bobAccount.Password || bobAccount.Passkeys != 1 {
		t.Errorf("Bob's account: %+v, want a passkey and no password", bobAccount)
	}

	// Ada makes a rated match; Bob joins it from the lobby, which marks
	// it rated and names Ada with a link to her profile.
	ada.open(base + "/")
	ada.waitJS(`document.querySelector("#rated") && document.querySelector("[data-playing-as='Ada']")`, 10*time.Second)
	ada.selectValue("#game", "source")
	ada.selectValue("#seat-2", "open")
	ada.click("#rated")
	ada.click("#create")
	ada.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open" && document.body.dataset.rated === "true" && document.querySelector("[data-rated]")`, 10*time.Second)
	id := ada.data()["match"]
	row := fmt.Sprintf(`tr[data-match=%q]`, id)
	// A guest (Ada's phone, not signed in yet) is asked to sign in to
	// play it, in the lobby and on the match page.
	phone := newSession(t, "ada's phone", 390, 844, true)
	phone.open(base + "/")
	phone.waitJS(fmt.Sprintf(`document.querySelector('%s [data-join-signin]') && !document.querySelector('%s [data-join]')`, row, row), 10*time.Second)
	phone.open(base + "/match/" + id)
	phone.waitJS(`document.querySelector("[data-rated-join]") && !document.querySelector("[data-join-seat]")`, 10*time.Second)
	bob.open(base + "/")
	bob.waitJS(fmt.Sprintf(`document.querySelector('%s[data-rated] a[data-account="Ada"]') && document.querySelector('%s [data-join]')`, row, row), 10*time.Second)
	bob.screenshot("accounts-lobby.png", "")
	bob.click(fmt.Sprintf(`%s [data-join]`, row))
	bob.waitJS(`document.body.dataset.view === "match" && document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, 10*time.Second)
	ada.waitJS(`document.body.dataset.status === "running"`, 10*time.Second)

	// A few moves each, and talk: each sees what the other said, with
	// the speaker's name, seat and account.
	sourceMoves(t, 4, ada, bob)
	say(ada, "Hello Bob, good luck!")
	waitSaid(bob, "Hello Bob, good luck!")
	bob.click(`[data-phrase="your turn"]`)
	waitSaid(ada, "your turn")
	var speaker struct{ Seat, Account, Link string }
	ada.eval(`(() => { const li = [...document.querySelectorAll("[data-chat-list] li")].find((l) => l.querySelector(".chat-text").textContent === "your turn");
		return {seat: li.dataset.chatSeat, account: li.dataset.chatAccount, link: li.querySelector("a.chat-who")?.getAttribute("href") || ""}; })()`, &speaker)
	if speaker.Seat != "2" || speaker.Account != "true" || speaker.Link != "/u/Bob" {
		t.Errorf("Bob's message is shown as %+v, want seat 2, an account, a link to /u/Bob", speaker)
	}
	sourceMoves(t, 4, ada, bob)
	ada.screenshot("accounts-match.png", "")

	// Ada signs in on her phone: the match page plays her seat there,
	// with no seat token in that browser.
	phone.open(base + "/match/" + id)
	phone.waitJS(`document.body.dataset.view === "match" && document.body.dataset.seat === "0" && document.querySelector("[data-signin-link]")`, 10*time.Second)
	phone.waitJS(`document.querySelector("[data-chat-why-not]") && !document.querySelector("[data-chat-input]")`, 10*time.Second) // a guest who watches does not talk
	phone.click("[data-signin-link]")
	fillAuth(phone, "ada", "correct horse battery staple") // a name in any case
	waitSignedIn(phone, "Ada")
	phone.waitJS(fmt.Sprintf(`document.body.dataset.view === "match" && document.body.dataset.match === %q && document.body.dataset.seat === "1"`, id), 10*time.Second)
	var tokens int
	phone.eval(`Object.keys(localStorage).filter((k) => k.startsWith("commons.seat.")).length`, &tokens)
	if tokens != 0 {
		t.Errorf("the phone keeps %d seat tokens, want none (the account plays the seat)", tokens)
	}
	say(phone, "on my phone now")
	waitSaid(bob, "on my phone now")
	sourceMoves(t, 3, phone, bob) // the phone and Bob only: Ada's first browser sits this out
	phone.screenshot("accounts-phone-match.png", "")

	// Ada resigns from the phone; the end screens show the ratings.
	phone.click("[data-resign]")
	phone.click("[data-resign-yes]")
	var rAda, rBob endRating
	for _, s := range []*session{ada, bob, phone} {
		s.waitJS(`document.body.dataset.status === "over"`, 10*time.Second)
		r := endRatings(s, 2)
		rAda, rBob = r[1], r[2]
		if rAda.Before != 1500 || rBob.Before != 1500 || !(rAda.After < 1500) || !(rBob.After > 1500) {
			t.Errorf("%s's end screen shows the ratings %+v (Ada, who resigned) and %+v (Bob), want both from 1500, Ada's down and Bob's up", s.name, rAda, rBob)
		}
	}
	phone.screenshot("accounts-phone-end.png", "")
	bob.screenshot("accounts-end.png", "")

	// The profiles show the match, its result and the ratings.
	profile := func(s *session, name string, want int, result string) {
		t.Helper()
		s.open(base + "/u/" + name)
		s.waitJS(`document.body.dataset.profileLoaded === "true"`, 10*time.Second)
		var got struct {
			Rating  int    `json:"rating"`
			Result  string `json:"result"`
			Rated   bool   `json:"rated"`
			Link    string `json:"link"`
			Against string `json:"against"`
		}
		s.eval(fmt.Sprintf(`(() => { const r = document.querySelector('[data-history-match=%q]');
			return {rating: Number(document.querySelector('[data-rating-game="source"]')?.dataset.rating || 0), result: r?.dataset.result || "",
				rated: r?.dataset.rated !== undefined, link: r?.querySelector("[data-history-link]")?.getAttribute("href") || "",
				against: r?.querySelector(".seats-cell a")?.getAttribute("href") || ""}; })()`, id), &got)
		other := map[string]string{"Ada": "/u/Bob", "Bob": "/u/Ada"}[name]
		if got.Rating != want || got.Rating == 1500 || got.Result != result || !got.Rated || got.Link != "/replay/"+id || got.Against != other {
			t.Errorf("%s's profile says %+v; want the rating %d, the rated match %s %s against %s, linked to its replay", name, got, want, id, result, other)
		}
	}
	profile(bob, "Ada", rAda.After, "lost")
	bob.waitJS(fmt.Sprintf(`document.querySelector('[data-history-match=%q] .bot-name')`, guestMatch), 5*time.Second) // her guest match, against a bot
	bob.screenshot("accounts-profile.png", "")
	profile(ada, "Bob", rBob.After, "won")
	phone.open(base + "/u/Ada")
	phone.waitJS(`document.body.dataset.profileLoaded === "true"`, 10*time.Second)
	phone.screenshot("accounts-phone-profile.png", "")

	// The leaderboard: Bob above Ada, and no bot among them.
	ada.open(base + "/leaderboard/source")
	ada.waitJS(`document.body.dataset.leaderboard === "source"`, 10*time.Second)
	var leaders []string
	ada.eval(`[...document.querySelectorAll('[data-leaders="people"] tr[data-leader]')].map((r) => r.dataset.leader)`, &leaders)
	if strings.Join(leaders, ",") != "Bob,Ada" {
		t.Errorf("the leaderboard of Source lists %v, want Bob, Ada", leaders)
	}
	ada.screenshot("accounts-leaderboard.png", "")

	// Bob signs out, and in again with his passkey.
	bob.click("[data-signout]")
	waitSignedOut(bob)
	bob.open(base + "/signin")
	bob.waitJS(`document.querySelector("#auth-passkey")`, 10*time.Second)
	bob.click("#auth-passkey")
	waitSignedIn(bob, "Bob")

	// Signed in, Bob talks at a table he watches (Ada's first match),
	// marked as watching.
	bob.open(base + "/match/" + guestMatch)
	bob.waitJS(`document.body.dataset.seat === "0" && document.querySelector("[data-chat-input]")`, 10*time.Second)
	say(bob, "watching you, Ada")
	var watcher struct{ Seat, Tag string }
	bob.eval(`(() => { const li = [...document.querySelectorAll("[data-chat-list] li")].find((l) => l.querySelector(".chat-text").textContent === "watching you, Ada");
		return {seat: li.dataset.chatSeat, tag: li.querySelector(".chat-tag.spectator")?.textContent || ""}; })()`, &watcher)
	if watcher.Seat != "0" || watcher.Tag != "watching" {
		t.Errorf("a spectator's message is shown as %+v, want no seat, marked watching", watcher)
	}

	// Ada adds a passkey to her account, then signs out everywhere from
	// her phone: her first browser is signed out too.
	passkeyDevice(ada)
	ada.open(base + "/account")
	ada.waitJS(`document.querySelector("[data-add-passkey]")`, 10*time.Second)
	ada.click("[data-add-passkey]")
	ada.waitJS(`document.querySelector("[data-sign-in-ways]")?.textContent.includes("a password and 1 passkey")`, 15*time.Second)
	phone.open(base + "/account")
	phone.waitJS(`document.querySelector("[data-signout-everywhere]")`, 10*time.Second)
	phone.screenshot("accounts-phone-account.png", "")
	phone.click("[data-signout-everywhere]")
	phone.click("[data-signout-everywhere]") // confirmed
	waitSignedOut(phone)
	ada.open(base + "/")
	waitSignedOut(ada)
}
