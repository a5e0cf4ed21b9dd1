package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// boardHint returns the text of the board's hint when it shows, "" when
// it does not.
func boardHint(p *session) string {
	var h string
	p.eval(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden ? h.textContent : ""; })()`, &h)
	return h
}

// TestBoardHintsOnLongPress: on a phone, a long press on a point of the
// board shows what the point is (its colour, its state, what may be done
// there) and plays nothing: the click that ends the press is the hint's;
// a tap still plays. In Source, 3io and Breaking Head alike (every board
// whose cells are a KeyGrid's).
func TestBoardHintsOnLongPress(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "thumb", 390, 844, true)
	for _, g := range []struct{ game, cell, says string }{
		{"source", `.source-board .hit[data-point="a9"]`, "a9: red"},
		{"3io", `svg [data-sector="c3"]`, "c3: empty"},
		{"breaking-head", `svg .hit[data-at="0,0"]`, "0,0: "},
	} {
		p.open(a.url + "/")
		p.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
		p.selectValue("#game", g.game)
		p.selectValue("#seat-1", "you")
		p.click("#create")
		p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true"`, 15*time.Second)
		v := p.data()["version"]
		press := `(() => { const el = document.querySelector(` + js(g.cell) + `); const r = el.getBoundingClientRect();
			const at = { bubbles: true, pointerType: "touch", clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
			el.dispatchEvent(new PointerEvent("pointerdown", at)); return true; })()`
		var ok bool
		p.eval(press, &ok)
		p.waitJS(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden; })()`, 5*time.Second)
		if h := boardHint(p); !strings.HasPrefix(h, g.says) {
			t.Errorf("%s: the long press's hint reads %q, want it to start %q", g.game, h, g.says)
		}
		p.eval(`(() => { const el = document.querySelector(`+js(g.cell)+`);
			el.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerType: "touch" }));
			el.dispatchEvent(new MouseEvent("click", { bubbles: true })); return true; })()`, &ok)
		time.Sleep(300 * time.Millisecond)
		if d := p.data(); d["version"] != v || d["pending"] != "" || d["message"] == "error" {
			t.Errorf("%s: the long press played or tried a move: version %s (was %s), pending %q, message %q", g.game, d["version"], v, d["pending"], d["message"])
		}
		p.viewShot("hint-" + g.game + ".png")
	}
}

// startHintMatch opens a new match of game, the viewer in seat 1 and
// a bot in seat 2, and waits for the viewer's turn.
func startHintMatch(p *session, url, game string) {
	p.t.Helper()
	p.open(url + "/")
	p.waitJS(`document.querySelector("#game option[value='`+game+`']")`, 10*time.Second)
	p.selectValue("#game", game)
	p.selectValue("#players", "2")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true"`, 15*time.Second)
}

// hintPlace says where the shown hint is against the element it names
// (sel): inside the window, clear of the element.
type hintPlace struct {
	Inside, Clear bool
	Hint, Of      [4]float64
}

func hintPlacement(p *session, sel string) hintPlace {
	var hp hintPlace
	p.eval(`(() => { const h = document.querySelector(".board-hint").getBoundingClientRect(), e = document.querySelector(`+js(sel)+`).getBoundingClientRect();
		const r = (b) => [b.left, b.top, b.right, b.bottom];
		return { inside: h.left >= 0 && h.top >= 0 && h.right <= innerWidth && h.bottom <= innerHeight,
			clear: h.right <= e.left || h.left >= e.right || h.bottom <= e.top || h.top >= e.bottom, hint: r(h), of: r(e) }; })()`, &hp)
	return hp
}

// longPress presses sel for a long press's time with a touch, then
// lifts the finger and clicks, as a phone does: it returns the hint.
func longPress(t *testing.T, p *session, sel string) string {
	t.Helper()
	var ok bool
	p.eval(`(() => { const el = document.querySelector(`+js(sel)+`); if (!el) return false; el.scrollIntoView({ block: "center" }); const r = el.getBoundingClientRect();
		const at = { bubbles: true, pointerType: "touch", clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
		el.dispatchEvent(new PointerEvent("pointerdown", at)); return true; })()`, &ok)
	if !ok {
		var why string
		p.eval(`document.body.dataset.yourTurn + " " + (document.querySelector(".os-board")?.dataset.phase || "") + " " + document.querySelectorAll(".os-target").length + " " + document.querySelector(".os-action")?.innerText`, &why)
		t.Fatalf("no %s on the board: %s", sel, why)
	}
	for end := time.Now().Add(5 * time.Second); boardHint(p) == ""; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			var why string
			p.eval(`(document.querySelector(`+js(sel)+`)?.isConnected ? "still there" : "gone") + "; your turn " + document.body.dataset.yourTurn + ", version " + document.body.dataset.version`, &why)
			t.Fatalf("a long press on %s shows no hint: %s", sel, why)
		}
	}
	return boardHint(p)
}

// liftAndClick ends a long press on sel: the finger goes up, and the
// browser's click follows.
func liftAndClick(p *session, sel string) {
	var ok bool
	p.eval(`(() => { const el = document.querySelector(`+js(sel)+`);
		el.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerType: "touch" }));
		el.dispatchEvent(new MouseEvent("click", { bubbles: true })); return true; })()`, &ok)
}

// TestBoardHintsCardsOnLongPress: on a phone, a long press on a card, a
// counter or a region of the Open Science Alliance and Open Source
// boards, or on a 3io tile, names it with its numbers (a counter's
// stock, a card's level and what it collects, a stack's cards left and
// power, a tile's points and what it fuses into), in a hint inside the
// screen that does not cover it; a long press on a move's button plays
// nothing.
func TestBoardHintsCardsOnLongPress(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "thumb", 390, 844, true)
	type part struct{ sel, says string }
	for _, g := range []struct {
		game   string
		prep   func()
		parts  []part
		button string // a move's button: a long press on it plays nothing
	}{
		{game: "open-science-alliance", parts: []part{
			{`.osa-counter[data-counter="green"]`, "FAIR data (green) counter: "},
			{`[data-team="1"] [data-role-card^="DD"]`, "Discovery Driver (DD), level "},
			{`[data-team="2"] .osa-credits`, "credits, the game's points"},
			{`.osa-event`, "Set-up, before round 1 of "},
			{`.osa-info tr[data-seat="1"]`, "credits, Discovery Driver at level "},
		}, button: `.osa-choice[data-move^="pick"]`},
		{game: "open-source-board-game", parts: []part{
			{`.os-commons .os-tile`, "Commons space "},
			{`.os-stack`, "Infrastructure set "},
			{`.os-demand`, "Market Demand"},
			{`.os-count[data-supply]`, "Supply: "},
			{`.os-lab[data-lab="1"]`, "Lab: "},
			{`.os-supply-item`, "left in the supply of "},
		}, button: `.os-board button[data-move], .os-board .os-target`},
		{game: "3io", prep: func() {
			// Expand, then play the drawn or held tile onto c3.
			p.waitJS(`(() => { const b = document.querySelector('[data-move="expand"]'); if (b) b.click(); return !!b || !!document.querySelector('.threeio-board .hit[data-sector="c3"][data-legal]'); })()`, 10*time.Second)
			p.waitJS(`document.body.dataset.yourTurn === "true" && !document.body.dataset.pending && document.querySelector('.threeio-board .hit[data-sector="c3"][data-legal]')`, 10*time.Second)
			v := p.data()["version"]
			p.click(`.threeio-board .hit[data-sector="c3"]`)
			p.versionAfter(v, 10*time.Second)
			p.waitJS(`document.querySelector('.threeio-board [data-tile]')`, 10*time.Second)
		}, parts: []part{
			{`.threeio-board .hit[data-sector="c3"]`, "c3: "},
			{`.box-count`, "in the box"},
		}},
	} {
		startHintMatch(p, a.url, g.game)
		if g.prep != nil {
			g.prep()
		}
		for i, pt := range g.parts {
			h := longPress(t, p, pt.sel)
			if !strings.Contains(h, pt.says) {
				t.Errorf("%s: the long press on %s reads %q, want it to say %q", g.game, pt.sel, h, pt.says)
			}
			if !regexp.MustCompile(`\d`).MatchString(h) {
				t.Errorf("%s: the hint of %s, %q, gives no number", g.game, pt.sel, h)
			}
			if hp := hintPlacement(p, pt.sel); !hp.Inside || !hp.Clear {
				t.Errorf("%s: the hint of %s is at %v, the element at %v: inside the window %v, clear of it %v", g.game, pt.sel, hp.Hint, hp.Of, hp.Inside, hp.Clear)
			}
			p.viewShot(fmt.Sprintf("hint-%s-phone-%d.png", g.game, i))
			liftAndClick(p, pt.sel)
		}
		if g.game == "3io" {
			h := longPress(t, p, `.threeio-board .hit[data-sector="c3"]`)
			if !regexp.MustCompile(`worth \d+ points? \(\d+ dark, \d+ light\); fuses into a (light|dark) `).MatchString(h) {
				t.Errorf("3io: the hint of the tile played reads %q, want its points and what it fuses into", h)
			}
			liftAndClick(p, `.threeio-board .hit[data-sector="c3"]`)
		}
		if g.button != "" {
			v := p.data()["version"]
			longPress(t, p, g.button)
			liftAndClick(p, g.button)
			time.Sleep(300 * time.Millisecond)
			var selected bool
			p.eval(`!!document.querySelector(".os-target.selected")`, &selected)
			if d := p.data(); d["version"] != v || d["pending"] != "" || selected {
				t.Errorf("%s: a long press on %s played: version %s (was %s), pending %q, a space selected %v", g.game, g.button, d["version"], v, d["pending"], selected)
			}
		}
	}
}

// TestBoardHintsCardsOnFocus: on a desktop, the cards, counters and
// regions of the Open Science Alliance and Open Source boards are in
// the tab order and name themselves in the hint when the keyboard
// reaches them, and in their title for the mouse; so do 3io's tiles,
// with their points.
func TestBoardHintsCardsOnFocus(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "desk", 1280, 900, false)
	for _, g := range []struct {
		game, from, to, says string
		titled               []string // elements whose title has a number
	}{
		{"open-science-alliance", `.osa-counter[data-counter="green"]`, `.osa-counter[data-counter="purple"]`, "open research software (purple) counter: ",
			[]string{`.osa-counter[data-counter="blue"]`, `[data-team="1"] [data-role-card^="DD"]`, `.osa-deck .osa-chip`}},
		{"open-source-board-game", `.os-turn`, `.os-count[data-supply]`, "Supply: ",
			[]string{`.os-stack`, `.os-count[data-deck]`, `.os-supply-item`, `.os-card-chip, .os-seats tr[data-seat]`}},
	} {
		startHintMatch(p, a.url, g.game)
		var ok bool
		p.eval(`(() => { const el = document.querySelector(`+js(g.from)+`); el.focus(); return document.activeElement === el; })()`, &ok)
		if !ok {
			t.Fatalf("%s: %s takes no focus", g.game, g.from)
		}
		p.run(5*time.Second, chromedp.KeyEvent(kb.Tab))
		p.waitJS(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden && document.activeElement.matches(`+js(g.to)+`); })()`, 5*time.Second)
		if h := boardHint(p); !strings.HasPrefix(h, g.says) || !regexp.MustCompile(`\d`).MatchString(h) {
			t.Errorf("%s: Tab to %s shows %q, want it to start %q and give its numbers", g.game, g.to, h, g.says)
		}
		if hp := hintPlacement(p, g.to); !hp.Inside || !hp.Clear {
			t.Errorf("%s: the hint of %s is at %v, the element at %v: inside the window %v, clear of it %v", g.game, g.to, hp.Hint, hp.Of, hp.Inside, hp.Clear)
		}
		p.viewShot("hint-" + g.game + "-desktop.png")
		for _, sel := range g.titled {
			var title string
			p.eval(`document.querySelector(`+js(sel)+`)?.title || ""`, &title)
			if !regexp.MustCompile(`\d`).MatchString(title) {
				t.Errorf("%s: the title of %s for the mouse is %q, with no number", g.game, sel, title)
			}
		}
	}
	// Open Science Alliance in a round: a counter names its stock and
	// the Event's level, a card its level and what it collects.
	startHintMatch(p, a.url, "open-science-alliance")
	p.waitJS(`(() => { const b = document.querySelector('.osa-choice[data-move^="pick"]'); if (b) b.click(); return !!b; })()`, 10*time.Second)
	p.waitJS(`document.body.dataset.yourTurn === "true" && !document.body.dataset.pending && document.querySelector(".osa-event[data-event]")`, 20*time.Second)
	var round struct{ Counter, Card, Event string }
	p.eval(`(() => ({ counter: document.querySelector('.osa-counter[data-counter="green"]').title,
		card: document.querySelector('[data-team="1"] [data-role-card]:not([data-role-card^="DD"])')?.getAttribute("data-hint") || "",
		event: document.querySelector(".osa-event").title }))()`, &round)
	if !regexp.MustCompile(`^FAIR data \(green\) counter: \d+ in stock of the \d+ this round's Event set`).MatchString(round.Counter) {
		t.Errorf("open-science-alliance: in round 1 the green counter's title reads %q", round.Counter)
	}
	if !regexp.MustCompile(`\(\w+\), level \d+ of at most \d+: `).MatchString(round.Card) {
		t.Errorf("open-science-alliance: the hint of a Specialist's card reads %q", round.Card)
	}
	if !regexp.MustCompile(`^Round 1 of \d+ .*Event: .* It sets (\d+|no) FAIR data`).MatchString(round.Event) {
		t.Errorf("open-science-alliance: the round's title reads %q", round.Event)
	}

	// 3io: a tile played names its points in its title and, reached by
	// the arrow keys, in the hint.
	startHintMatch(p, a.url, "3io")
	p.waitJS(`(() => { const b = document.querySelector('[data-move="expand"]'); if (b) b.click(); return !!b || !!document.querySelector('.threeio-board .hit[data-sector="c3"][data-legal]'); })()`, 10*time.Second)
	p.waitJS(`document.body.dataset.yourTurn === "true" && !document.body.dataset.pending && document.querySelector('.threeio-board .hit[data-sector="c3"][data-legal]')`, 10*time.Second)
	v := p.data()["version"]
	p.click(`.threeio-board .hit[data-sector="c3"]`)
	p.versionAfter(v, 10*time.Second)
	var title string
	p.eval(`document.querySelector('.threeio-board .hit[data-sector="c3"] title').textContent`, &title)
	if !regexp.MustCompile(`^c3: \w+, (dark|light) side.*; worth \d+ points? \(\d+ dark, \d+ light\)`).MatchString(title) {
		t.Errorf("3io: the title of the tile played reads %q, want its points", title)
	}
	var ok bool
	p.eval(`(() => { const el = document.querySelector('.threeio-board .hit[data-sector="c4"]'); el.focus(); return true; })()`, &ok)
	p.run(5*time.Second, chromedp.KeyEvent(kb.ArrowDown))
	p.waitJS(`(() => { const h = document.querySelector(".board-hint"); return h && !h.hidden && document.activeElement.dataset.sector === "c3"; })()`, 5*time.Second)
	if h := boardHint(p); !strings.HasPrefix(h, "c3: ") || !strings.Contains(h, "worth") {
		t.Errorf("3io: the hint of c3 reached by the keyboard reads %q, want its points", h)
	}
	p.viewShot("hint-3io-desktop.png")
}
