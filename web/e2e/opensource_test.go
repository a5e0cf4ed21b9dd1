package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// osOffer is what the Open Source board offers at one moment, read from
// its DOM: its buttons with a move, its other controls, the tiles and
// new Lab spaces that are clicked on the board, the spaces where the
// tile may go (each with its moves, one per legal turn), and the moves
// of Compatibility's button; beside them the list of all legal moves
// the match view keeps, the page's state, and what a phone must have.
type osOffer struct {
	Version   string     `json:"version"`
	Status    string     `json:"status"`
	YourTurn  bool       `json:"yourTurn"`
	Pending   bool       `json:"pending"`
	Message   string     `json:"message"`
	Phase     string     `json:"phase"`
	Buttons   []string   `json:"buttons"`
	Actions   []string   `json:"actions"`
	Tiles     []string   `json:"tiles"`
	Targets   []osTarget `json:"targets"`
	Compat    []string   `json:"compat"`
	Legal     []string   `json:"legal"`
	Wide      bool       `json:"wide"`
	Small     []string   `json:"small"`
	Unlabeled []string   `json:"unlabeled"`
	Error     string     `json:"error"`
}

type osTarget struct {
	At    string   `json:"at"`
	Place string   `json:"place"`
	Moves []string `json:"moves"`
}

const osRead = `(() => {
	const b = document.body.dataset;
	const q = (s) => [...document.querySelectorAll(s)];
	const r = {version: b.version || "", status: b.status || "", yourTurn: b.yourTurn === "true", pending: !!b.pending,
		message: b.message || "", phase: document.querySelector(".os-board")?.dataset.phase || "",
		error: document.querySelector(".banner.error:not([hidden])")?.textContent || ""};
	if (!r.yourTurn || r.pending) return r;
	r.buttons = q(".os-board button[data-move]").map((e) => e.dataset.move);
	r.actions = q(".os-board button[data-action]").map((e) => e.dataset.action);
	r.tiles = q(".os-board .os-tile[data-move], .os-board .os-extend[data-move]").map((e) => e.dataset.move);
	r.targets = q(".os-board [data-target]").map((e) => ({at: e.dataset.target, place: e.dataset.place, moves: e.dataset.moves.split("|")}));
	r.compat = (document.querySelector('.os-board [data-action="compat"]')?.dataset.moves || "").split("|").filter(Boolean);
	r.legal = q("[data-legal-move]").map((e) => e.dataset.legalMove);
	r.wide = document.documentElement.scrollWidth > window.innerWidth + 1;
	r.small = q(".os-board button").filter((e) => {
		const x = e.getBoundingClientRect();
		return x.width < 44 || x.height < 44;
	}).map((e) => (e.dataset.move || e.dataset.action) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height));
	r.unlabeled = q(".os-board button, .os-board [data-target], .os-board [data-move]").filter((e) => !(e.getAttribute("aria-label") || "").trim()).map((e) => e.outerHTML.slice(0, 80));
	return r;
})()`

// offered is every move the board offers, by any of its controls.
func (o osOffer) offered() []string {
	all := slices.Concat(o.Buttons, o.Tiles, o.Compat)
	for _, t := range o.Targets {
		all = append(all, t.Moves...)
	}
	return slices.Compact(slices.Sorted(slices.Values(all)))
}

func osKind(m string) string {
	f := strings.Fields(m)
	switch {
	case m == "roll":
		return "roll"
	case f[0] == "roll":
		return "roll +N"
	case f[0] == "reward" && f[1] == "demand":
		return "reward demand"
	}
	return f[0]
}

// TestOpenSourceAgainstBotOnPhone: one person plays a whole game of Open
// Source, the Board Game against a greedy bot on a phone-sized screen
// (390x844, touch), by clicking the board's own controls only: the
// buttons of the action bar (roll, keep, catch, take, return, again,
// done, BDFL, Hardware, rewards...), a highlighted space of the Commons
// or of the Lab and then Rotate and Place, the highlighted tiles to
// lift, to move (after Compatibility's button) or to put a token on,
// and the new Lab spaces. At each step the board must offer exactly the
// legal moves, fit the phone's width, make every button a finger's size
// and label every control; a preview must stay among the legal turns.
// The person plays for a quick end (see osChoose), and each kind of
// move the first few times it is offered. The end shows why the game
// ended, the returns, the log followed to its last entry, on the phone
// and on a desktop screen; the replay draws the same end. A game is
// about two hundred turns: a minute on an idle machine, more when it is
// busy (hence the deadline).
func TestOpenSourceAgainstBotOnPhone(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "phone", 390, 844, true)
	start := time.Now()

	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='open-source-board-game']")`, 10*time.Second)
	p.typeIn("#name", "otto")
	p.selectValue("#game", "open-source-board-game")
	p.selectValue("#players", "2")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "greedy")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running" && document.querySelector(".os-board")`, 10*time.Second)
	id := p.data()["match"]

	kinds := map[string]int{} // moves made, by kind
	steps, clicks, rotations, placements := 0, 0, 0, 0
	shots := map[string]bool{}
	deadline := time.Now().Add(240 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d moves, %d clicks: %v)", steps, clicks, kinds)
		}
		var o osOffer
		p.eval(osRead, &o)
		if o.Error != "" {
			t.Fatalf("the page shows an error: %s", o.Error)
		}
		if o.Status == "over" {
			break
		}
		if !o.YourTurn || o.Pending {
			// The bot's turn (a dozen moves): wait, up to the deadline.
			osUntil(p, `(b.yourTurn === "true" && !b.pending) || b.status === "over"`, 10*time.Second)
			continue
		}
		// The board offers the legal moves, no more, no less.
		if got, want := o.offered(), slices.Sorted(slices.Values(o.Legal)); !slices.Equal(got, want) {
			t.Fatalf("phase %s: the board offers %v, the legal moves are %v", o.Phase, got, want)
		}
		if o.Wide {
			t.Fatalf("the match page is wider than the phone's screen (phase %s)", o.Phase)
		}
		if len(o.Small) > 0 {
			t.Fatalf("buttons smaller than 44x44 px: %v", o.Small)
		}
		if len(o.Unlabeled) > 0 {
			t.Fatalf("controls without an aria-label: %v", o.Unlabeled)
		}
		if !shots[o.Phase] && (steps > 40 && (o.Phase == "place" || o.Phase == "reward" || o.Phase == "begin") || o.Phase == "move" || o.Phase == "token" || o.Phase == "extend") {
			shots[o.Phase] = true
			p.screenshot("opensource-phone-"+o.Phase+".png", "")
		}

		move, how := osChoose(o, kinds)
		switch how {
		case "target":
			// Choose the space, sometimes turn the preview, and place.
			var tg osTarget
			for _, x := range o.Targets {
				if slices.Contains(x.Moves, move) {
					tg = x
				}
			}
			p.click(fmt.Sprintf(`.os-board [data-target=%q][data-place=%q]`, tg.At, tg.Place))
			clicks++
			turns := len(tg.Moves)
			if turns > 1 && placements%4 == 1 {
				osWait(p, `document.querySelector('.os-board button[data-action="rotate"]')`, 5*time.Second)
				p.click(`.os-board button[data-action="rotate"]`)
				clicks++
				rotations++
			}
			osWait(p, `document.querySelector('.os-board button[data-action="place"]')`, 5*time.Second)
			var shown string
			p.eval(`document.querySelector('.os-board button[data-action="place"]').dataset.move`, &shown)
			if !slices.Contains(tg.Moves, shown) {
				t.Fatalf("the preview on %s offers %q, not one of the legal %v", tg.At, shown, tg.Moves)
			}
			move = shown
			p.click(`.os-board button[data-action="place"]`)
			placements++
		case "compat":
			p.click(`.os-board button[data-action="compat"]`)
			clicks++
			osWait(p, fmt.Sprintf(`document.querySelector('.os-board .os-tile[data-move=%q]')`, move), 5*time.Second)
			p.click(fmt.Sprintf(`.os-board .os-tile[data-move=%q]`, move))
		case "tile":
			p.click(fmt.Sprintf(`.os-board [data-move=%q]:not(button)`, move))
		default:
			p.click(fmt.Sprintf(`.os-board button[data-move=%q]`, move))
		}
		clicks++
		steps++
		kinds[osKind(move)]++
		osWait(p, fmt.Sprintf(`b.version !== %q && !b.pending`, o.Version), 10*time.Second)
		if after := p.data(); after["message"] == "error" {
			var msg string
			p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			t.Fatalf("%s refused: %s", move, msg)
		}
	}
	took := time.Since(start)
	t.Logf("Open Source: %d moves, %d clicks (%d rotations) through the board in %v: %v", steps, clicks, rotations, took.Round(time.Second), kinds)
	for _, k := range []string{"take", "place", "lab"} {
		if kinds[k] == 0 {
			t.Errorf("no %s was clicked in the whole game: %v", k, kinds)
		}
	}

	// The end: the reason, as the final observation has it.
	var st struct {
		Observation struct {
			End   string `json:"end"`
			Turn  int    `json:"turn"`
			Seats []struct {
				Demands int `json:"demands"`
			} `json:"seats"`
		} `json:"observation"`
		Result []float64 `json:"result"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &st)
	want := map[string]string{
		"supply": "The supply ran out: everybody loses.", "infrastructure": "The Infrastructure cards ran out: everybody wins.",
		"market-demand": "The Market Demand deck ran out", "turn-limit": "The turn limit was reached",
	}[st.Observation.End]
	if want == "" {
		t.Fatalf("the game ended for an unknown reason %q", st.Observation.End)
	}
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	var outcome, boardEnd string
	p.eval(`document.querySelector("[data-end] .outcome").textContent`, &outcome)
	p.eval(`document.querySelector(".os-action").textContent`, &boardEnd)
	for _, s := range []string{outcome, boardEnd} {
		if !strings.Contains(s, want) || !strings.Contains(s, fmt.Sprintf("After %d turns", st.Observation.Turn)) {
			t.Errorf("the end reads %q, want %q after %d turns (result %v)", s, want, st.Observation.Turn, st.Result)
		}
	}
	var returns []string
	p.eval(`[...document.querySelectorAll(".os-seats [data-return]")].map((e) => e.dataset.return)`, &returns)
	if len(returns) != 2 {
		t.Errorf("the panel shows returns %v, want one per seat", returns)
	}
	// The log follows the game to its last entry.
	p.waitJS(`(() => { const l = document.querySelector("ol.log"); return l.scrollHeight - l.scrollTop - l.clientHeight < 30; })()`, 5*time.Second)
	p.screenshot("opensource-phone-end.png", "")
	// The same end on a desktop screen: the whole Commons fitted.
	p.run(10*time.Second, chromedp.EmulateViewport(1280, 900))
	p.waitJS(`document.querySelector(".os-commons").getBoundingClientRect().width > 600`, 5*time.Second)
	p.screenshot("opensource-desktop-end.png", "")
	// The replay draws the same board, with nothing to click but the view
	// of the Commons, to the same end.
	p.click(`[data-end] a[href^="/replay/"]`)
	p.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps && document.querySelector(".os-board")`, 30*time.Second)
	p.click(`[data-step-action="last"]`)
	p.waitJS(`document.body.dataset.step === document.body.dataset.steps && document.querySelector("[data-end]:not([hidden])")`, 10*time.Second)
	var replayEnd string
	var moves int
	p.eval(`document.querySelector("[data-end]").textContent`, &replayEnd)
	p.eval(`document.querySelectorAll(".os-board [data-move], .os-board [data-target], .os-board [data-moves]").length`, &moves)
	if !strings.Contains(replayEnd, want) || moves != 0 {
		t.Errorf("the replay's end reads %q with %d moves on the board", replayEnd, moves)
	}
	p.screenshot("opensource-desktop-replay.png", "")
}

// osChoose picks the move to make and how: each kind of move the first
// three times it is offered (Agility, Bug catching, BDFL, Compatibility,
// Hardware, Productivity, Forking, a Lab placement...), otherwise the
// quickest way to the end, which comes when the supply runs out: a tile
// from the supply whenever one can be had (Forking, or Bug catching
// rather than a lift), a plain roll, the first three dice, the tile
// placed in the Commons, every reward (the Infrastructure cards running
// out ends the game too).
func osChoose(o osOffer, kinds map[string]int) (move, how string) {
	var commons, lab []string
	for _, tg := range o.Targets {
		if tg.Place == "lab" {
			lab = append(lab, tg.Moves[0])
		} else {
			commons = append(commons, tg.Moves[0])
		}
	}
	fresh := func(k string) bool { return kinds[k] < 3 }
	for _, m := range o.Buttons {
		if k := osKind(m); fresh(k) && k != "pass" && k != "done" && k != "return" {
			return m, "button"
		}
	}
	if len(o.Compat) > 0 && fresh("move") {
		return o.Compat[len(o.Compat)/2], "compat"
	}
	for _, m := range o.Tiles {
		if fresh(osKind(m)) {
			return m, "tile"
		}
	}
	switch {
	case len(lab) > 0 && (fresh("lab") || len(commons) == 0):
		return lab[len(lab)/2], "target"
	case len(commons) > 0:
		return commons[len(commons)/2], "target"
	}
	for _, pref := range []string{"take ", "fork ", "catch ", "roll", "keep ", "reward ", "done", "pass", "return"} {
		for _, m := range o.Buttons {
			if m == pref || strings.HasPrefix(m, pref) {
				return m, "button"
			}
		}
	}
	if len(o.Tiles) > 0 {
		return o.Tiles[0], "tile"
	}
	return o.Buttons[0], "button"
}

// osWait waits until a condition on the page holds (b in cond is
// document.body.dataset, the page's state), without polling: a promise
// that a MutationObserver of the page resolves.
func osWait(p *session, cond string, timeout time.Duration) {
	p.t.Helper()
	if !osUntil(p, cond, timeout) {
		var text string
		p.eval("document.body.innerText.slice(0, 2000)", &text)
		p.t.Fatalf("%s: timed out waiting for %s; the page says:\n%s", p.name, cond, text)
	}
}

// osUntil is osWait that reports whether the condition came to hold in
// time.
func osUntil(p *session, cond string, timeout time.Duration) bool {
	p.t.Helper()
	js := fmt.Sprintf(`new Promise((resolve) => {
		const b = document.body.dataset;
		const ok = () => !!(%s);
		if (ok()) return resolve(true);
		const mo = new MutationObserver(() => { if (ok()) { mo.disconnect(); clearTimeout(t); resolve(true); } });
		mo.observe(document.body, {attributes: true, childList: true, subtree: true});
		const t = setTimeout(() => { mo.disconnect(); resolve(false); }, %d);
	})`, cond, timeout.Milliseconds())
	return value(p, timeout+5*time.Second, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
}

// TestOpenSourcePlaceAndRotate: a tile placed by clicking, after turning
// its preview. The match is written into the server's store with the
// set-up and seat 1's roll in its log (see TestOpenScienceSocialGlueCredit):
// the start tile BBY on 1,0, the Market Demand card Web App, and the
// dice BBR. The person takes the BBR, which fits the Commons on 2,0 (at
// t0 or t1: its edge facing the start tile's blue top must be blue) and
// on 1,1 (t0 or t2), and any space of the empty Lab at any turn. Only
// those spaces are highlighted; the preview turns through the legal
// turns only (the R key, the Rotate button, a second click), by the
// mouse and by the keyboard alone; the Commons pans and zooms with the
// keys, the wheel, a pinch, a drag and Fit; Enter places the tile, and
// the server has it where the preview showed it.
func TestOpenSourcePlaceAndRotate(t *testing.T) {
	a := startApp(t)
	g, err := game.Lookup("open-source-board-game")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.Resolve(g, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	log := []string{"*start BBY", "*demand web-app", "*dice BBR"}
	id := "os-place-rotate"
	if err := a.store.Create(context.Background(), &store.Match{
		ID: id, Game: g.Info().Name, Players: 2, Options: cfg.Options, Seed: 1,
		Seats: make([]store.Seat, 2), Status: store.Open,
	}, log); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	p := newSession(t, "rui", 1280, 900, false)
	// Rui plays his forced moves himself: "take BBR" is the one move.
	playsOwnForcedMoves(p, a.url, "rui")
	p.open(a.url + "/match/" + id)
	p.waitJS(`document.querySelector("[data-join-seat='1']")`, 10*time.Second)
	p.click("[data-join-seat='1']")
	p.waitJS(`document.body.dataset.seat === "1"`, 10*time.Second)
	a.call("POST", "/api/matches/"+id+"/join", map[string]any{"seat": 2, "name": "sol"}, nil)
	p.waitJS(fmt.Sprintf(`document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true" && document.body.dataset.version === "%d"`, len(log)), 10*time.Second)

	// The dice and the one tile they name.
	var dice, buttons []string
	p.eval(`[...document.querySelectorAll(".os-action [data-dice]")].map((e) => e.dataset.dice)`, &dice)
	p.eval(`[...document.querySelectorAll(".os-board button[data-move]")].map((e) => e.dataset.move)`, &buttons)
	if !slices.Equal(dice, []string{"BBR"}) || !slices.Equal(buttons, []string{"take BBR"}) {
		t.Fatalf("the board shows dice %v and offers %v; want BBR and take BBR", dice, buttons)
	}
	v := p.data()["version"]
	p.click(`.os-board button[data-move="take BBR"]`)
	p.versionAfter(v, 10*time.Second)

	targets := func() []string {
		var ts []string
		p.eval(`[...document.querySelectorAll(".os-board [data-target]")].map((e) => e.dataset.place + " " + e.dataset.target + " " + e.dataset.turns)`, &ts)
		slices.Sort(ts)
		return ts
	}
	want := []string{"commons 1,1 0 2", "commons 2,0 0 1"}
	for _, at := range []string{"0,-1", "0,0", "0,1", "1,-1", "1,0", "1,1"} {
		want = append(want, "lab "+at+" 0 1 2")
	}
	slices.Sort(want)
	if got := targets(); !slices.Equal(got, want) {
		t.Fatalf("the highlighted spaces are %v, want %v", got, want)
	}
	p.screenshot("opensource-place-targets.png", "")

	// Pan and zoom: the keys, the wheel, a drag, and Fit back.
	viewBox := func() []float64 {
		var vb []float64
		p.eval(`document.querySelector(".os-commons").getAttribute("viewBox").split(" ").map(Number)`, &vb)
		return vb
	}
	fitted := viewBox()
	p.run(10*time.Second, chromedp.Focus(chromedp.CSS(".os-commons")), chromedp.KeyEvent("+"))
	zoomed := viewBox()
	if !(zoomed[2] < fitted[2]*0.9) {
		t.Errorf("+ did not zoom in: %v then %v", fitted, zoomed)
	}
	p.run(10*time.Second, chromedp.KeyEvent(kb.ArrowRight))
	if panned := viewBox(); !(panned[0] > zoomed[0]) {
		t.Errorf("the right arrow did not pan right: %v then %v", zoomed, panned)
	}
	var box []float64
	p.eval(`(() => { const r = document.querySelector(".os-commons").getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`, &box)
	cx, cy := box[0]+box[2]/2, box[1]+box[3]/2
	// The wheel and a pinch, as the browser sends them (a wheel event,
	// two touch pointers moving apart).
	before := viewBox()
	p.eval(fmt.Sprintf(`document.querySelector(".os-commons").dispatchEvent(new WheelEvent("wheel", {deltaY: -300, clientX: %f, clientY: %f, bubbles: true, cancelable: true}))`, cx, cy), new(bool))
	if wheeled := viewBox(); !(wheeled[2] < before[2]*0.9) {
		t.Errorf("the wheel did not zoom in: %v then %v", before, wheeled)
	}
	before = viewBox()
	p.eval(fmt.Sprintf(`(() => {
		const svg = document.querySelector(".os-commons");
		const ev = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: "touch", isPrimary: id === 1, clientX: x, clientY: %f, bubbles: true, cancelable: true}));
		ev("pointerdown", 1, %f - 20); ev("pointerdown", 2, %f + 20);
		ev("pointermove", 1, %f - 30); ev("pointermove", 2, %f + 30);
		ev("pointerup", 1, %f - 30); ev("pointerup", 2, %f + 30);
		return true;
	})()`, cy, cx, cx, cx, cx, cx, cx), new(bool))
	if pinched := viewBox(); !(pinched[2] < before[2]*0.8) {
		t.Errorf("a pinch outwards did not zoom in: %v then %v", before, pinched)
	}
	before = viewBox()
	p.run(10*time.Second,
		chromedp.MouseEvent(chromedp.MousePressed, cx, cy, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, cx+30, cy+10, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, cx+80, cy+40, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, cx+80, cy+40, chromedp.ButtonLeft))
	if dragged := viewBox(); !(dragged[0] < before[0] && dragged[1] < before[1]) {
		t.Errorf("a drag right and down did not move the view left and up: %v then %v", before, dragged)
	}
	if s := p.data(); s["version"] != fmt.Sprint(len(log)+1) {
		t.Fatalf("panning and zooming made a move: version %s", s["version"])
	}
	p.click(`.os-board button[data-action="fit"]`)
	if got := viewBox(); fmt.Sprint(got) != fmt.Sprint(fitted) {
		t.Errorf("Fit shows %v, want %v as at first", got, fitted)
	}

	preview := func() string {
		var s string
		p.eval(`(() => { const e = document.querySelector(".os-board [data-preview]"); return e ? e.dataset.place + " " + e.dataset.at + " t" + e.dataset.turn + " " + e.dataset.edges : ""; })()`, &s)
		return s
	}
	// The Lab: any turn of the three.
	p.click(`.os-board [data-target="0,0"][data-place="lab"]`)
	var seen []string
	for range 4 {
		seen = append(seen, preview())
		p.click(`.os-board button[data-action="rotate"]`)
	}
	if want := []string{"lab 0,0 t0 BBR", "lab 0,0 t1 BRB", "lab 0,0 t2 RBB", "lab 0,0 t0 BBR"}; !slices.Equal(seen, want) {
		t.Errorf("turning the preview in the Lab shows %v, want %v", seen, want)
	}
	// The keyboard alone: the Commons' 1,1 (t0 and t2 only) chosen with
	// Enter on the focused space, turned with R (skipping t1), and
	// Escape lets it go. (Not Space: the browser under test would scroll
	// the page with its character, which a keyboard's cancelled key
	// does not send.)
	p.run(10*time.Second, chromedp.Focus(chromedp.CSS(`.os-board [data-target="1,1"][data-place="commons"]`)), chromedp.KeyEvent(kb.Enter))
	seen = []string{preview()}
	p.run(10*time.Second, chromedp.KeyEvent("r"))
	seen = append(seen, preview())
	p.run(10*time.Second, chromedp.KeyEvent("r"))
	seen = append(seen, preview())
	var focused string
	p.eval(`document.activeElement?.dataset.target || ""`, &focused)
	p.run(10*time.Second, chromedp.KeyEvent(kb.Escape))
	seen = append(seen, preview())
	if want := []string{"commons 1,1 t0 BBR", "commons 1,1 t2 RBB", "commons 1,1 t0 BBR", ""}; !slices.Equal(seen, want) || focused != "1,1" {
		t.Errorf("by the keyboard on 1,1 the preview shows %v (focus on %q), want %v (focus on 1,1)", seen, focused, want)
	}
	// The Commons' 2,0: t0 and t1 only, by the button, the R key and a
	// second click on the space.
	p.click(`.os-board [data-target="2,0"][data-place="commons"]`)
	seen = []string{preview()}
	p.click(`.os-board button[data-action="rotate"]`)
	seen = append(seen, preview())
	p.run(10*time.Second, chromedp.KeyEvent("r"))
	seen = append(seen, preview())
	p.click(`.os-board [data-target="2,0"][data-place="commons"]`)
	seen = append(seen, preview())
	if want := []string{"commons 2,0 t0 BBR", "commons 2,0 t1 BRB", "commons 2,0 t0 BBR", "commons 2,0 t1 BRB"}; !slices.Equal(seen, want) {
		t.Errorf("turning the preview on 2,0 shows %v, want %v", seen, want)
	}
	var placeMove string
	p.eval(`document.querySelector('.os-board button[data-action="place"]').dataset.move`, &placeMove)
	if placeMove != "place 2,0 t1" {
		t.Errorf("the Place button would send %q, want place 2,0 t1", placeMove)
	}
	p.screenshot("opensource-preview.png", "")
	// Enter places it (the focus is on the chosen space, from the click).
	v = p.data()["version"]
	p.run(10*time.Second, chromedp.KeyEvent(kb.Enter))
	if d := p.versionAfter(v, 10*time.Second); d["message"] == "error" {
		var msg string
		p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
		t.Fatalf("the placement was refused: %s", msg)
	}

	// The server has it, and the board draws it.
	var state struct {
		Observation struct {
			Commons []struct {
				At    string `json:"at"`
				Tile  string `json:"tile"`
				Turn  int    `json:"turn"`
				Edges string `json:"edges"`
			} `json:"commons"`
		} `json:"observation"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &state)
	var placed string
	for _, c := range state.Observation.Commons {
		if c.At == "2,0" {
			placed = fmt.Sprintf("%s t%d %s", c.Tile, c.Turn, c.Edges)
		}
	}
	if placed != "BBR t1 BRB" {
		t.Errorf("the server has %q on 2,0, want BBR t1 BRB (commons %+v)", placed, state.Observation.Commons)
	}
	var drawn string
	p.eval(`(() => { const e = document.querySelector('.os-commons .os-tile[data-at="2,0"]'); return e ? e.dataset.tile + " t" + e.dataset.turn + " " + e.dataset.edges : ""; })()`, &drawn)
	if drawn != "BBR t1 BRB" {
		t.Errorf("the board draws %q on 2,0, want BBR t1 BRB", drawn)
	}
	p.screenshot("opensource-placed.png", "")
	t.Logf("placed and rotated in %v", time.Since(start).Round(time.Millisecond))
}
