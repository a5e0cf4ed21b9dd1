package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestBreakingHeadTableTalk: four people with accounts and a bot play a
// rated game of Breaking Head, each in a browser of their own, and talk
// throughout: role claims from the quick phrases and typed accusations,
// from several seats at different moments, each seen by the others. The
// end screen shows the five ratings (the bot's too), and the replay
// shows each message from the position it was said at, not before, and
// offers a player the eyes of the account's seat.
func TestBreakingHeadTableTalk(t *testing.T) {
	a := startApp(t)
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	people := make([]*session, len(names))
	for i, n := range names {
		people[i] = newSession(t, n, 1280, 900, false)
		signUp(people[i], a.url, n, "a password for "+n)
	}
	ann := people[0]
	ann.open(a.url + "/")
	ann.waitJS(`document.querySelector("#game option[value='breaking-head']") && document.querySelector("#rated")`, 10*time.Second)
	ann.selectValue("#game", "breaking-head")
	ann.selectValue("#players", "5")
	for seat := 2; seat <= 4; seat++ {
		ann.selectValue(fmt.Sprintf("#seat-%d", seat), "open")
	}
	ann.selectValue("#seat-5", "random")
	ann.click("#rated")
	ann.click("#create")
	ann.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open"`, 10*time.Second)
	id := ann.data()["match"]
	for i, p := range people[1:] {
		p.open(a.url + "/match/" + id)
		sel := fmt.Sprintf("[data-join-seat='%d']", i+2)
		p.waitJS(fmt.Sprintf(`document.querySelector(%q)`, sel), 10*time.Second)
		p.click(sel)
		p.waitJS(fmt.Sprintf(`document.body.dataset.seat === "%d"`, i+2), 10*time.Second)
	}
	for _, p := range people {
		p.waitJS(`document.body.dataset.status === "running"`, 10*time.Second)
	}

	// What is said, by whom, after how many moves of the people.
	type line struct {
		who     int // index in people
		text    string
		phrase  bool // a quick phrase's button, else typed
		version int  // the match's version when said, read from the page
	}
	lines := []*line{
		{who: 1, text: "I am a Contributor", phrase: true},
		{who: 2, text: "Ben played a dead end: Blocker?"},
		{who: 3, text: "I am a Blocker", phrase: true},
		{who: 0, text: "Cat, fix the path please"},
		{who: 2, text: "one moment", phrase: true},
	}
	at := map[int]*line{1: lines[0], 4: lines[1], 8: lines[2], 13: lines[3], 19: lines[4]}
	sayLine := func(l *line) {
		p := people[l.who]
		if l.phrase {
			p.click(fmt.Sprintf(`[data-phrase=%q]`, l.text))
			l.version = saidAt(p, l.text)
		} else {
			l.version = say(p, l.text)
		}
		// Everybody at the table sees it.
		for _, q := range people {
			waitSaid(q, l.text)
		}
	}

	moves := 0
	deadline := time.Now().Add(120 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d moves of the people)", moves)
		}
		if l := at[moves]; l != nil && l.version == 0 {
			sayLine(l)
		}
		var mover *session
		var d map[string]string
		over := true
		for _, p := range people {
			pd := p.data()
			over = over && pd["status"] == "over"
			if mover == nil && pd["yourTurn"] == "true" && pd["pending"] == "" {
				mover, d = p, pd
			}
		}
		if over {
			break
		}
		if mover == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		// Any legal move: the board's own clicks are Breaking Head's tests'.
		var sent bool
		mover.eval(`(() => { const b = document.querySelector("[data-legal-move]"); if (!b) return false; b.click(); return true; })()`, &sent)
		if !sent {
			t.Fatalf("%s: my turn, and no legal move is listed", mover.name)
		}
		mover.versionAfter(d["version"], 10*time.Second)
		moves++
		if moves == 10 {
			people[2].screenshot("bh-talk-midgame.png", "")
		}
	}
	for _, l := range lines {
		if l.version == 0 {
			t.Fatalf("the game ended after %d moves, before %q was said", moves, l.text)
		}
	}
	last := &line{who: 1, text: "good game", phrase: true}
	sayLine(last)
	lines = append(lines, last)
	t.Logf("Breaking Head: %d moves of the people; said at versions %d %d %d %d %d %d", moves,
		lines[0].version, lines[1].version, lines[2].version, lines[3].version, lines[4].version, last.version)

	// The ratings of the five seats, the bot's among them.
	if r := endRatings(ann, 5); len(r) != 5 {
		t.Errorf("the end screen rates %v, want 5 seats", r)
	}
	ann.screenshot("bh-talk-end.png", "")

	// The replay: each message from its position on, not before.
	var rp struct {
		Positions []struct {
			N int `json:"n"`
		} `json:"positions"`
	}
	a.call("GET", "/api/matches/"+id+"/replay", nil, &rp)
	viewer := people[3]
	viewer.open(a.url + "/replay/" + id)
	viewer.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps`, 10*time.Second)
	step := func(k int) {
		t.Helper()
		viewer.eval(fmt.Sprintf(`(() => { const s = document.querySelector(".slider"); s.value = %d; s.dispatchEvent(new Event("input")); return true; })()`, k), new(bool))
		viewer.waitJS(fmt.Sprintf(`document.body.dataset.step === "%d"`, k), 10*time.Second)
	}
	shown := func(text string) bool {
		var ok bool
		viewer.eval(fmt.Sprintf(`%s.includes(%s)`, chatTexts, js(text)), &ok)
		return ok
	}
	for _, l := range lines {
		k := 0
		for k < len(rp.Positions) && rp.Positions[k].N < l.version {
			k++
		}
		if k == len(rp.Positions) {
			t.Fatalf("%q was said at version %d, past the replay's last position (n %d)", l.text, l.version, rp.Positions[len(rp.Positions)-1].N)
		}
		if k > 0 {
			step(k - 1)
			if shown(l.text) {
				t.Errorf("the replay shows %q (said at version %d) at step %d (n %d), before it was said", l.text, l.version, k-1, rp.Positions[k-1].N)
			}
		}
		step(k)
		if !shown(l.text) {
			t.Errorf("the replay does not show %q (said at version %d) at step %d (n %d)", l.text, l.version, k, rp.Positions[k].N)
		}
		if l == lines[2] {
			viewer.screenshot("bh-talk-replay.png", "")
		}
	}
	// Dan's own eyes: the account's seat, with no token in this browser.
	viewer.selectValue("[data-viewpoint]", "4")
	viewer.waitJS(`document.body.dataset.viewer === "4" && document.querySelector("[data-role]")`, 10*time.Second)
}

// TestTableTalkIsText: what people type is shown as they typed it, as
// text: a script, an image with an onerror handler and bold markup said
// at a table and in the lobby appear as those characters, and nothing
// runs, loads or turns bold. On the way: a seated guest talks (marked a
// guest, without a link), signs up from the match page, which makes the
// seat the account's, and mutes the other player, whose messages vanish
// from that browser's chat, at once and from then on; the account page
// lists the mute, and unmutes.
func TestTableTalkIsText(t *testing.T) {
	a := startApp(t)
	ada := newSession(t, "ada", 1280, 900, false)
	bob := newSession(t, "bob", 390, 844, true)
	signUp(ada, a.url, "Ada", "a password for Ada")
	ada.open(a.url + "/")
	ada.waitJS(`document.querySelector("#rated")`, 10*time.Second)
	ada.selectValue("#game", "source")
	ada.selectValue("#seat-2", "open")
	ada.click("#create")
	ada.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open"`, 10*time.Second)
	id := ada.data()["match"]

	// Bob, a guest, takes the other seat and talks.
	bob.open(a.url + "/match/" + id)
	bob.waitJS(`document.querySelector("[data-join-seat='2']")`, 10*time.Second)
	bob.typeIn("[data-join-name]", "bob")
	bob.click("[data-join-seat='2']")
	bob.waitJS(`document.body.dataset.seat === "2" && document.querySelector("[data-chat-input]")`, 10*time.Second)
	say(bob, "hi, I am a guest")
	waitSaid(ada, "hi, I am a guest")
	var guest struct{ Account, Link, Tag string }
	ada.eval(`(() => { const li = [...document.querySelectorAll("[data-chat-list] li")].find((l) => l.querySelector(".chat-text").textContent === "hi, I am a guest");
		return {account: li.dataset.chatAccount, link: li.querySelector("a") ? "a link" : "", tag: li.querySelector(".chat-tag.guest")?.textContent || ""}; })()`, &guest)
	if guest.Account != "false" || guest.Link != "" || guest.Tag != "guest" {
		t.Errorf("a guest's message is shown as %+v, want marked a guest, without a link", guest)
	}

	// Markup, said by Ada, is text for both.
	markup := []string{
		`<script>window.pwned = "script"</script>`,
		`<img src=x onerror="window.pwned = 'img'">`,
		`<b>bold</b>`,
	}
	for _, m := range markup {
		say(ada, m)
		waitSaid(bob, m)
	}
	noMarkup := `!window.pwned && !document.querySelector("[data-chat] img, [data-chat] script, [data-chat] b") &&
		[...document.querySelectorAll("[data-chat-list] .chat-text")].every((e) => e.children.length === 0)`
	for _, s := range []*session{ada, bob} {
		var clean bool
		s.eval(noMarkup, &clean)
		if !clean {
			var html string
			s.eval(`document.querySelector("[data-chat-list]").innerHTML`, &html)
			t.Errorf("%s: a message's markup became markup (or ran): %s", s.name, html)
		}
	}
	bob.screenshot("talk-markup-phone.png", "[data-chat]")

	// In the lobby too (Bob reads it signed out, as a guest).
	ada.open(a.url + "/")
	ada.waitJS(`document.querySelector("[data-chat='lobby'] [data-chat-input]")`, 10*time.Second)
	bob.open(a.url + "/")
	bob.waitJS(`document.querySelector("[data-chat='lobby'] [data-chat-why-not]")`, 10*time.Second)
	lobbyLine := `<img src=x onerror="window.pwned = 'lobby'"> look: <b>bold</b>`
	say(ada, lobbyLine)
	waitSaid(bob, lobbyLine) // the long poll brings it
	var clean bool
	bob.eval(noMarkup, &clean)
	if !clean {
		t.Errorf("bob: the lobby's chat made markup of a message")
	}
	ada.screenshot("talk-lobby.png", "")

	// Bob signs up from the match page: his seat becomes the account's,
	// and he mutes Ada.
	bob.open(a.url + "/match/" + id)
	bob.waitJS(`document.body.dataset.seat === "2" && document.querySelector("[data-signup-link]")`, 10*time.Second)
	bob.click("[data-signup-link]")
	fillAuth(bob, "Bob", "a password for Bob")
	waitSignedIn(bob, "Bob")
	bob.waitJS(fmt.Sprintf(`document.body.dataset.match === %q && document.body.dataset.seat === "2" && document.querySelector('[data-players] a[data-account="Bob"]')`, id), 10*time.Second)
	waitSaid(bob, `<b>bold</b>`)
	bob.click(`[data-chat-list] [data-mute="Ada"]`)
	bob.waitJS(`!document.querySelector('[data-chat-list] li[data-chat-name="Ada"]') && !document.querySelector(".chat-hidden").hidden`, 10*time.Second)
	ada.open(a.url + "/match/" + id)
	ada.waitJS(`document.body.dataset.seat === "1" && document.querySelector("[data-chat-input]")`, 10*time.Second)
	say(ada, "can you hear me?")
	say(bob, "quiet here")
	waitSaid(ada, "quiet here")
	var heard bool
	bob.eval(fmt.Sprintf(`%s.includes("can you hear me?")`, chatTexts), &heard)
	if heard {
		t.Errorf("Bob muted Ada, and still sees what she says")
	}
	bob.open(a.url + "/account")
	bob.waitJS(`document.querySelector('[data-muted="Ada"] [data-unmute]')`, 10*time.Second)
	bob.click(`[data-unmute="Ada"]`)
	bob.waitJS(`!document.querySelector('[data-muted="Ada"]') && document.querySelector("[data-account-message]")?.textContent.includes("hear Ada again")`, 10*time.Second)
	bob.open(a.url + "/match/" + id)
	waitSaid(bob, "can you hear me?")
}
