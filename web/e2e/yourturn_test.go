package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// turnStubs stand in, before the page's own script runs, for what a test
// cannot see of a browser: the Notification API (a notice made is kept
// in window.__notes, and permission is granted when asked), WebAudio
// (each tone started counts in window.__tones), and whether the tab is
// hidden (window.__hidden, which the test sets).
const turnStubs = `(() => {
	window.__notes = [];
	window.__tones = 0;
	window.__hidden = false;
	class FakeNotification {
		constructor(title, opts) { window.__notes.push({title, body: (opts || {}).body || "", tag: (opts || {}).tag || ""}); }
		close() {}
	}
	FakeNotification.permission = "default";
	FakeNotification.requestPermission = () => { FakeNotification.permission = "granted"; return Promise.resolve("granted"); };
	window.Notification = FakeNotification;
	const node = () => ({ connect: (n) => n, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, frequency: { value: 0 } });
	window.AudioContext = class {
		constructor() { this.currentTime = 0; this.state = "running"; this.destination = node(); }
		createOscillator() { return Object.assign(node(), { start() { window.__tones++; }, stop() {} }); }
		createGain() { return node(); }
		resume() { return Promise.resolve(); }
		close() { return Promise.resolve(); }
	};
	Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => window.__hidden });
	Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (window.__hidden ? "hidden" : "visible") });
})()`

// stubTurnAPIs has every page s opens from now on start with turnStubs.
func stubTurnAPIs(s *session) {
	s.t.Helper()
	s.run(10*time.Second, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: turnStubs})
		return err
	}))
}

// tab is what a tab shows of its page: the title and the icon.
type tab struct {
	Title, Icon string
	Notes       []struct{ Title, Body string }
	Tones       int
}

const readTab = `({title: document.title, icon: document.querySelector('link[rel~="icon"]').getAttribute("href"),
	notes: window.__notes || [], tones: window.__tones || 0})`

// TestYourTurnInTheTab: when it becomes a player's turn the tab says so,
// for a player who waits in another tab: its title ("▶ Your turn ·
// Source · Commons") and its icon change, and change back once the turn
// has passed; with "Notify me when it is my turn" (the browser's
// permission asked) a notification comes while the tab is hidden, and
// none while it is seen; with "Sound on my turn" (off at first, and
// remembered) a beep.
func TestYourTurnInTheTab(t *testing.T) {
	a := startApp(t)
	var ans struct {
		Match struct{ ID string } `json:"match"`
		Token string              `json:"token"`
	}
	a.call("POST", "/api/matches", map[string]any{"game": "source", "seats": []string{"human", "human"}, "join": 1, "name": "ann"}, &ans)
	id := ans.Match.ID
	var bobSeat struct {
		Token string `json:"token"`
	}
	a.call("POST", "/api/matches/"+id+"/join", map[string]any{"seat": 2, "name": "bob"}, &bobSeat)

	ann := newSession(t, "ann", 1280, 900, false)
	bob := newSession(t, "bob", 390, 844, true)
	stubTurnAPIs(bob)
	for i, s := range []*session{ann, bob} {
		s.open(a.url + "/")
		holdSeat(s, id, i+1, []string{ans.Token, bobSeat.Token}[i])
		s.open(a.url + "/match/" + id)
	}
	ann.waitJS(`document.body.dataset.yourTurn === "true" && document.title.startsWith("▶")`, 10*time.Second)
	bob.waitJS(`document.body.dataset.seat === "2" && document.body.dataset.status === "running" && document.querySelector("[data-turn-notify]")`, 10*time.Second)
	var at, bt tab
	ann.eval(readTab, &at)
	bob.eval(readTab, &bt)
	if at.Title != "▶ Your turn · Source · Commons" || !strings.HasPrefix(at.Icon, "data:image/svg+xml,") {
		t.Errorf("on ann's turn her tab reads %q with the icon %.40q", at.Title, at.Icon)
	}
	if bt.Title != "Source · Commons" || !strings.HasPrefix(bt.Icon, "/static/favicon.svg") {
		t.Errorf("bob's tab, not his turn, reads %q with the icon %.40q", bt.Title, bt.Icon)
	}
	var sound bool
	bob.eval(`document.querySelector("[data-turn-sound]").checked`, &sound)
	if sound {
		t.Errorf("the sound is on before it was asked for")
	}
	bob.click("[data-turn-notify]")
	bob.waitJS(`document.querySelector('[data-turn-notify-on="true"]')`, 5*time.Second)
	bob.click("[data-turn-sound]")
	bob.waitJS(`localStorage.getItem("commons.turnSound") === "on"`, 5*time.Second)
	bob.eval(readTab, &bt)
	tones := bt.Tones // the sound it makes, played when it is switched on

	// Bob's tab is hidden; ann ends her turn: it is bob's.
	bob.eval(`window.__hidden = true`, new(bool))
	v := ann.data()["version"]
	ann.click(`[data-move="end"]`)
	ann.versionAfter(v, 10*time.Second)
	bob.waitJS(`document.body.dataset.yourTurn === "true" && document.title.startsWith("▶")`, 10*time.Second)
	bob.eval(readTab, &bt)
	if bt.Title != "▶ Your turn · Source · Commons" || !strings.HasPrefix(bt.Icon, "data:image/svg+xml,") {
		t.Errorf("on bob's turn his tab reads %q with the icon %.40q", bt.Title, bt.Icon)
	}
	if len(bt.Notes) != 1 || bt.Notes[0].Title != "Your turn · Source" || !strings.Contains(bt.Notes[0].Body, "ann") {
		t.Errorf("bob's hidden tab made the notifications %+v, want one saying it is his turn after ann's", bt.Notes)
	}
	if bt.Tones <= tones {
		t.Errorf("no beep on bob's turn (%d tones, %d before)", bt.Tones, tones)
	}
	ann.waitJS(`document.body.dataset.yourTurn === "false"`, 10*time.Second)
	ann.eval(readTab, &at)
	if at.Title != "Source · Commons" || !strings.HasPrefix(at.Icon, "/static/favicon.svg") {
		t.Errorf("after her turn ann's tab reads %q with the icon %.40q", at.Title, at.Icon)
	}
	bob.viewShot("yourturn-bob.png")

	// Bob ends his turn, ann hers: bob's turn again, his tab in sight,
	// so no notification; the title says it all the same.
	bob.eval(`window.__hidden = false`, new(bool))
	v = bob.data()["version"]
	bob.click(`[data-move="end"]`)
	bob.versionAfter(v, 10*time.Second)
	ann.waitJS(`document.body.dataset.yourTurn === "true"`, 10*time.Second)
	v = ann.data()["version"]
	ann.click(`[data-move="end"]`)
	ann.versionAfter(v, 10*time.Second)
	bob.waitJS(`document.body.dataset.yourTurn === "true" && document.title.startsWith("▶")`, 10*time.Second)
	bob.eval(readTab, &bt)
	if len(bt.Notes) != 1 {
		t.Errorf("bob's tab in sight made a notification: %+v", bt.Notes)
	}

	// The sound stays on for his next visit.
	bob.run(20*time.Second, chromedp.Reload())
	bob.waitJS(`document.querySelector("[data-turn-sound]")`, 10*time.Second)
	bob.eval(`document.querySelector("[data-turn-sound]").checked`, &sound)
	if !sound {
		t.Errorf("after a reload the sound is off again")
	}
}
