package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// prompts are the words with which a page asks for a move, or says whose
// move it is: none belongs on the page of a match that is over.
var prompts = regexp.MustCompile(`(?i)your move|your turn|\bto move\b|· to play|AP left|is drawing|click a highlighted|choose a card`)

// pageWords are the words of a match page but its log, its table talk
// and the legends (which explain the board, not the turn).
const pageWords = `(() => {
	const hide = [...document.querySelectorAll("[data-chat], .log-box, .legend, .os-legend")];
	hide.forEach((e) => (e.dataset.wasHidden = e.hidden, e.hidden = true));
	const t = document.querySelector("#app").innerText;
	hide.forEach((e) => (e.hidden = e.dataset.wasHidden === "true"));
	return t;
})()`

// TestResignedMatchShowsTheEnd: after a resignation the page of every
// game that ends that way (Breaking Head's seat goes to a bot instead)
// shows the ending, to the player who resigned and to the other: the
// end screen, and no prompt left of the move the game was waiting for,
// in the turn line or in the board's panel.
func TestResignedMatchShowsTheEnd(t *testing.T) {
	a := startApp(t)
	for _, name := range []string{"source", "3io", "open-science-alliance", "open-source-board-game"} {
		var ans struct {
			Match struct{ ID string } `json:"match"`
			Token string              `json:"token"`
		}
		a.call("POST", "/api/matches", map[string]any{"game": name, "players": 2, "seats": []string{"human", "human"}, "join": 1, "name": "ann"}, &ans)
		id := ans.Match.ID
		var bob struct {
			Token string `json:"token"`
		}
		a.call("POST", "/api/matches/"+id+"/join", map[string]any{"seat": 2, "name": "bob"}, &bob)
		pages := []*session{newSession(t, "ann "+name, 390, 844, true), newSession(t, "bob "+name, 1280, 900, false)}
		for i, s := range pages {
			s.open(a.url + "/")
			holdSeat(s, id, i+1, []string{ans.Token, bob.Token}[i])
			s.open(a.url + "/match/" + id)
			s.waitJS(fmt.Sprintf(`document.body.dataset.seat === "%d" && document.body.dataset.status === "running" && document.body.dataset.toMove`, i+1), 10*time.Second)
		}
		// The one to move resigns, with the prompt to move before them.
		var toMove int
		fmt.Sscan(pages[0].data()["toMove"], &toMove)
		if toMove < 1 || toMove > 2 {
			t.Fatalf("%s: seat %d to move", name, toMove)
		}
		p := pages[toMove-1]
		var before string
		p.eval(pageWords, &before)
		if !prompts.MatchString(before) {
			t.Errorf("%s: before the end, the page of the seat to move prompts nothing:\n%s", name, before)
		}
		p.click("[data-resign]")
		p.click("[data-resign-yes]")
		for i, s := range pages {
			s.waitJS(`document.body.dataset.status === "over" && document.querySelector("[data-end]:not([hidden])")`, 10*time.Second)
			var words, head string
			s.eval(pageWords, &words)
			s.eval(`document.querySelector("[data-end] h2").textContent`, &head)
			want := "You resigned."
			if i+1 != toMove {
				want = fmt.Sprintf("Seat %d (%s) resigned: you win.", toMove, []string{"ann", "bob"}[toMove-1])
			}
			if head != want {
				t.Errorf("%s, seat %d: the end screen says %q, want %q", name, i+1, head, want)
			}
			if m := prompts.FindAllString(words, -1); len(m) > 0 {
				t.Errorf("%s, seat %d: the page of the match over still prompts %q:\n%s", name, i+1, m, words)
			}
			// Nor does any board mark whose turn it is (the seat to
			// move, highlighted; a turn line; a "to move" badge).
			var marks []string
			s.eval(`[...document.querySelectorAll("#app .current, #app .turnline, #app .os-who, #app .osa-badge.move, #app .os-action.mine, #app .osa-action.mine")].filter((e) => !e.closest(".log-box")).map((e) => e.className + ": " + e.textContent.slice(0, 60))
				.concat([...document.querySelectorAll(".os-action, .osa-action")].map((e) => e.innerText.trim()).filter((t) => !t.startsWith("Game over")))`, &marks)
			if len(marks) > 0 {
				t.Errorf("%s, seat %d: the board of the match over still marks the turn: %q", name, i+1, marks)
			}
			s.screenshot(fmt.Sprintf("resigned-%s-seat%d.png", name, i+1), "")
		}
	}
}

// endShown is the end screen of the match page s shows: its headline
// and the board's words for the end.
func endShown(s *session, base, id string, seat int) (head, outcome string) {
	s.t.Helper()
	s.open(base + "/match/" + id)
	s.waitJS(fmt.Sprintf(`document.body.dataset.status === "over" && document.body.dataset.seat === "%d" && document.querySelector("[data-end]:not([hidden]) h2")`, seat), 10*time.Second)
	var e struct{ Head, Outcome string }
	s.eval(`({head: document.querySelector("[data-end] h2").textContent, outcome: document.querySelector("[data-end] .outcome").textContent})`, &e)
	return e.Head, e.Outcome
}

// TestSourceEndSaysWhy: the end screen of a game of Source says why it
// ended, as the engine ends it (S16): a colour's supply ran out, or four
// colour turns in a row did nothing but end (the safety rule); and the
// replay's last step says so too.
func TestSourceEndSaysWhy(t *testing.T) {
	a := startApp(t)
	s := newSession(t, "ann", 1280, 900, false)
	for _, c := range []struct{ file, why string }{
		{"draw-four-ends.json", "Four colour turns in a row passed with nothing done but end, which ends the game (the safety rule). A draw, 4 all."},
		{"greedy-default.json", "supply ran out, which ends the game. "},
	} {
		sg := storeRecord(t, a, "source-"+strings.TrimSuffix(c.file, ".json"), "source/testdata/records/"+c.file)
		s.open(a.url + "/")
		holdSeat(s, sg.id, 1, sg.tokens[0])
		_, outcome := endShown(s, a.url, sg.id, 1)
		if !strings.Contains(outcome, c.why) {
			t.Errorf("%s: the end screen says %q, want it to say %q", c.file, outcome, c.why)
		}
		if c.file == "greedy-default.json" && !regexp.MustCompile(`^(Red|Blue|Yellow|Green)'s supply ran out`).MatchString(outcome) {
			t.Errorf("%s: the end screen says %q, want the colour whose supply ran out", c.file, outcome)
		}
		s.screenshot("source-end-"+sg.id+".png", "[data-end]")
		s.open(a.url + "/replay/" + sg.id)
		s.waitJS(`document.body.dataset.steps`, 10*time.Second)
		s.click(`[data-step-action="last"]`)
		s.waitJS(`document.body.dataset.step === document.body.dataset.steps && !document.querySelector("[data-end]").hidden`, 10*time.Second)
		var end string
		s.eval(`document.querySelector("[data-end]").textContent`, &end)
		if !strings.Contains(end, c.why) {
			t.Errorf("%s: the replay's end says %q, want %q", c.file, end, c.why)
		}
	}
}

// TestSharedEndsAreHeadlinedShared: an end in which every seat has the
// same result is headlined as the table's, not as the reader's alone:
// Open Source's tables that lose together ("Everybody lost.") or win
// together ("Everybody won!"), Breaking Head's with no Blocker, a draw
// of Source; a seat's own win or loss stays the seat's. A spectator
// reads the same shared headline.
func TestSharedEndsAreHeadlinedShared(t *testing.T) {
	a := startApp(t)
	s := newSession(t, "ann", 390, 844, true)
	for _, c := range []struct {
		file  string
		heads []string // each seat's headline, seat 1 first
		spect string
	}{
		{"opensource/testdata/records/3p-random.json", []string{"Everybody lost.", "Everybody lost.", "Everybody lost."}, "Everybody lost."},
		{"opensource/testdata/records/4p-mixed.json", []string{"Everybody won!", "Everybody won!", "Everybody won!", "Everybody won!"}, "Everybody won!"},
		{"breakinghead/testdata/records/nobody-wins-3p.json", []string{"Everybody lost.", "Everybody lost.", "Everybody lost."}, "Everybody lost."},
		{"source/testdata/records/draw-four-ends.json", []string{"A draw.", "A draw."}, "A draw."},
		{"source/testdata/records/random-default.json", []string{"You lost.", "You won!"}, "Game over"},
		{"opensource/testdata/records/2p-greedy.json", []string{"You won!", "You lost."}, "Game over"},
	} {
		id := strings.NewReplacer("/testdata/records/", "-", ".json", "").Replace(c.file)
		sg := storeRecord(t, a, id, c.file)
		for seat := 0; seat <= len(sg.tokens); seat++ {
			s.open(a.url + "/")
			s.eval(`localStorage.clear(), true`, new(bool))
			want := c.spect
			if seat > 0 {
				holdSeat(s, sg.id, seat, sg.tokens[seat-1])
				want = c.heads[seat-1]
			}
			head, outcome := endShown(s, a.url, sg.id, seat)
			if head != want {
				t.Errorf("%s, seat %d (result %v): the end screen says %q, want %q (%s)", c.file, seat, sg.result, head, want, outcome)
			}
			if seat == 1 {
				if helper := endHeadline(sg.result, 1); helper != want {
					t.Errorf("%s: endHeadline says %q, the page %q", c.file, helper, want)
				}
				s.screenshot("shared-end-"+id+".png", "[data-end]")
			}
		}
	}
}

// TestReplayControlsDistinct: the replay's controls look and read apart:
// each has its own icon, title and accessible name; Play (which goes on
// by itself) shows its word, and becomes Pause; stepping one move
// forward is a step, not Play's triangle.
func TestReplayControlsDistinct(t *testing.T) {
	a := startApp(t)
	sg := storeRecord(t, a, "replay-controls", "source/testdata/records/greedy-default.json")
	s := newSession(t, "ann", 390, 844, true)
	s.open(a.url + "/replay/" + sg.id)
	s.waitJS(`document.body.dataset.steps`, 10*time.Second)
	type control struct{ Act, Icon, Title, Label, Text string }
	read := func() map[string]control {
		var cs []control
		s.eval(`[...document.querySelectorAll(".controls [data-step-action]")].map((b) => ({act: b.dataset.stepAction,
			icon: [...b.querySelectorAll("svg path")].map((p) => p.getAttribute("d") + " " + (p.getAttribute("fill") || "")).join(" "),
			title: b.title, label: b.getAttribute("aria-label") || "", text: b.innerText.trim()}))`, &cs)
		out := map[string]control{}
		for _, c := range cs {
			out[c.Act] = c
		}
		return out
	}
	cs := read()
	icons, names := map[string]string{}, map[string]string{}
	for _, act := range []string{"first", "back", "forward", "last", "play"} {
		c, ok := cs[act]
		if !ok {
			t.Fatalf("no %s control: %+v", act, cs)
		}
		if c.Icon == "" || c.Title == "" || c.Label == "" {
			t.Errorf("%s: icon %q, title %q, name %q: want all three", act, c.Icon, c.Title, c.Label)
		}
		if other, ok := icons[c.Icon]; ok {
			t.Errorf("%s has the icon of %s", act, other)
		}
		if other, ok := names[c.Label]; ok {
			t.Errorf("%s has the name of %s: %q", act, other, c.Label)
		}
		icons[c.Icon], names[c.Label] = act, act
	}
	if cs["play"].Text != "Play" || cs["forward"].Text == cs["play"].Text {
		t.Errorf("Play reads %q and forward %q: want Play's word shown, and forward unlike it", cs["play"].Text, cs["forward"].Text)
	}
	if !strings.Contains(strings.ToLower(cs["forward"].Label), "forward") || !strings.Contains(strings.ToLower(cs["play"].Label), "play") {
		t.Errorf("forward is named %q and play %q", cs["forward"].Label, cs["play"].Label)
	}
	s.viewShot("replay-controls.png")
	s.click(`[data-step-action="play"]`)
	s.waitJS(`document.querySelector('[data-step-action="play"]').innerText.trim() === "Pause"`, 5*time.Second)
	if p := read()["play"]; p.Icon == cs["play"].Icon || !strings.Contains(strings.ToLower(p.Label), "pause") {
		t.Errorf("playing, the control is %+v; want Pause's icon and name", p)
	}
	s.click(`[data-step-action="play"]`)
	s.waitJS(`document.querySelector('[data-step-action="play"]').innerText.trim() === "Play"`, 5*time.Second)
}

// TestUnknownPathPage: a path that is no page opens the app's "no such
// page" (the server answers it with the 404 status), which names the
// path and offers the ways on: the lobby, a new match, the leaderboards,
// each game's How to play; its links work.
func TestUnknownPathPage(t *testing.T) {
	a := startApp(t)
	s := newSession(t, "ann", 390, 844, true)
	s.open(a.url + "/matchs/k3h2v9q8z0ab")
	s.waitJS(`document.body.dataset.view === "missing" && document.querySelector("[data-missing-rules] a")`, 10*time.Second)
	var m struct {
		Title, Text string
		Links       []string
	}
	s.eval(`({title: document.title, text: document.querySelector("[data-missing]").innerText,
		links: [...document.querySelectorAll("[data-missing] a")].map((a) => a.getAttribute("href"))})`, &m)
	if !strings.Contains(m.Text, "No such page") || !strings.Contains(m.Text, "/matchs/k3h2v9q8z0ab") || m.Title != "No such page · Commons" {
		t.Errorf("the page is titled %q and says:\n%s", m.Title, m.Text)
	}
	for _, want := range []string{"/", "/new", "/leaderboard", "/learn/source", "/learn/breaking-head", "/learn/open-source-board-game"} {
		if !slices.Contains(m.Links, want) {
			t.Errorf("no link to %s: %v", want, m.Links)
		}
	}
	if status := value(s, 10*time.Second, chromedp.Evaluate[int](`fetch(location.href, {headers: {Accept: "text/html"}}).then((r) => r.status)`, chromedp.EvalAwaitPromise)); status != 404 {
		t.Errorf("the server answers the path with %d, want 404", status)
	}
	s.viewShot("missing-phone.png")
	s.click(`[data-missing-rules] a[href="/learn/source"]`)
	s.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "source"`, 10*time.Second)
	s.open(a.url + "/no-such-page")
	s.waitJS(`document.body.dataset.view === "missing"`, 10*time.Second)
	s.click(`[data-missing-lobby]`)
	s.waitJS(`document.body.dataset.view === "lobby" && location.pathname === "/"`, 10*time.Second)
}
