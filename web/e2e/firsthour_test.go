package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The first hour with Commons (issue 15): what a newcomer meets first.

// TestHowToPlay: every game card of the lobby links to the game's "How
// to play" page, rendered from its rules document (which the server
// holds in its binary: no network); the lobby shows each option by a
// name in words with what it does; and a match page links to its game's
// rules too.
func TestHowToPlay(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "newcomer", 1280, 900, false)
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("[data-rules-link='3io']")`, 10*time.Second)

	// The options, in words, with their doc lines.
	p.selectValue("#game", "3io")
	var opt struct{ Name, Doc, Values string }
	p.eval(`(() => { const b = document.querySelector('[data-option-box="civilization-pacing"]');
		return { name: b.querySelector(".option-name").textContent, doc: b.querySelector(".option-doc").textContent,
			values: [...document.querySelectorAll('#opt-pacing-level option')].map((o) => o.textContent).join("|") }; })()`, &opt)
	if opt.Name != "Civilization pacing" || !strings.Contains(opt.Doc, "civilization tiles pace the game") {
		t.Errorf("the option reads %q: %q", opt.Name, opt.Doc)
	}
	if !strings.Contains(opt.Values, "the game's own (default)") {
		t.Errorf("pacing-level's values read %q", opt.Values)
	}
	p.screenshot("lobby-options.png", "#new")

	// From the lobby's game card: the players' rulebook, in the order a
	// newcomer reads, and from it the rules in full.
	p.click("[data-rules-link='3io']")
	p.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "3io"`, 10*time.Second)
	var book struct {
		H1, Title string
		Sections  []string
	}
	p.eval(`(() => ({ h1: document.querySelector(".rulebook h1").textContent, title: document.title,
		sections: [...document.querySelectorAll(".rulebook h2")].map((h) => h.textContent) }))()`, &book)
	if book.H1 != "3io" || book.Title != "How to play 3io · Commons" || !slices.Contains(book.Sections, "What is on the table") ||
		!slices.Contains(book.Sections, "A turn") || !slices.Contains(book.Sections, "Finer points") {
		t.Errorf("the rulebook of 3io: %+v", book)
	}
	p.screenshot("rulebook-3io.png", "")
	// Another player count: the numbers that depend on it follow.
	p.selectValue("#rulebook-players", "4")
	p.waitJS(`document.body.dataset.players === "4"`, 10*time.Second)
	p.click("[data-rules-full='3io']")
	p.waitJS(`document.body.dataset.view === "rules" && document.body.dataset.rules === "3io"`, 10*time.Second)
	var page struct {
		H1, Title        string
		Notation, Tables int
		Repo             int
	}
	read := `(() => ({ h1: document.querySelector(".rules-doc h1").textContent, title: document.title,
		notation: document.querySelectorAll(".rules-doc h2#notation").length,
		tables: document.querySelectorAll(".rules-doc table").length,
		repo: [...document.querySelectorAll(".rules-doc a")].filter((a) => !/^(#|\/rules\/|https?:)/.test(a.getAttribute("href"))).length }))()`
	p.eval(read, &page)
	if page.H1 != "3io" || page.Title != "How to play 3io · Commons" || page.Notation != 1 || page.Tables == 0 || page.Repo != 0 {
		t.Errorf("the rules page of 3io: %+v", page)
	}
	p.screenshot("rules-3io.png", "")
	// "Play it" opens the lobby's form with the game chosen.
	p.click("[data-play]")
	p.waitJS(`document.body.dataset.view === "lobby" && document.querySelector("#game")?.value === "3io"`, 10*time.Second)

	// From a match page.
	p.selectValue("#game", "source")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running"`, 10*time.Second)
	p.waitJS(`!document.querySelector(".links [data-rules-link]").hidden`, 5*time.Second)
	p.click(".links [data-rules-link]")
	p.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "source"`, 10*time.Second)
	p.click("[data-rules-full='source']")
	p.waitJS(`document.body.dataset.view === "rules" && document.body.dataset.rules === "source"`, 10*time.Second)
	p.eval(read, &page)
	if page.H1 != "Source" || page.Notation != 1 {
		t.Errorf("the rules page of Source: %+v", page)
	}
	// Back to the rulebook, and back to the match.
	p.click("[data-back]")
	p.waitJS(`document.body.dataset.view === "learn" && document.body.dataset.rulebook === "source"`, 10*time.Second)
	p.click("[data-back]")
	p.waitJS(`document.body.dataset.view === "match"`, 10*time.Second)
}

// TestLoneCreateGetsMediumBot: someone alone who only picks a game and
// clicks Create gets a running game against the medium bot, which
// answers the first move; and on a wide screen the whole Source board is
// in the window.
func TestLoneCreateGetsMediumBot(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "alone", 1280, 900, false)
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
	p.selectValue("#game", "source")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true"`, 10*time.Second)
	id := p.data()["match"]
	var m struct {
		Status string `json:"status"`
		Seats  []struct {
			Kind, Bot string
			Taken     bool
		} `json:"seats"`
	}
	a.call("GET", "/api/matches/"+id, nil, &m)
	if m.Status != "running" || m.Seats[0].Kind != "human" || !m.Seats[0].Taken || m.Seats[1].Kind != "bot" || m.Seats[1].Bot != "medium" {
		t.Fatalf("the match made: %+v", m)
	}

	// The board's bottom row is in the window, the page not scrolled.
	var fit struct{ Bottom, Height float64 }
	p.eval(`(() => ({ bottom: document.querySelector('.source-board .hit[data-point="a1"]').getBoundingClientRect().bottom, height: window.innerHeight }))()`, &fit)
	if fit.Bottom > fit.Height {
		t.Errorf("the board's bottom row ends at %.0f px, below the window's %.0f", fit.Bottom, fit.Height)
	}
	p.screenshot("source-alone.png", "")

	// Red's two action points, then the bot's colour answers.
	for range 2 {
		v := p.data()["version"]
		p.click(`.source-board .hit[data-kind="place"]`)
		p.versionAfter(v, 10*time.Second)
	}
	p.waitJS(`document.body.dataset.yourTurn === "true" && Number(document.body.dataset.version) > 2`, 40*time.Second)
	var log []string
	p.eval(`[...document.querySelectorAll("ol.log li")].map((e) => e.innerText)`, &log)
	if len(log) < 3 || !strings.Contains(log[0], "Red places a token on") || !strings.Contains(log[2], "Blue") || !strings.Contains(log[2], "bot medium") {
		t.Errorf("the log does not say who moved, in words: %q", log)
	}
}

// TestSourceKeyboard: a Source board is played with the keyboard alone:
// Tab reaches the board, the arrow keys move between points, each with
// a label a screen reader reads, Enter plays; after each move, the
// bot's answer included, the focus is still on the board, on the point
// the player was at.
func TestSourceKeyboard(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "keys", 1280, 900, false)
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
	p.selectValue("#game", "source")
	p.selectValue("#seat-2", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true"`, 10*time.Second)

	focused := func() (string, string) {
		var f struct{ Point, Label string }
		p.eval(`(() => { const e = document.activeElement; return { point: e?.closest?.(".source-board") ? e.dataset.point || "" : "", label: e?.getAttribute?.("aria-label") || "" }; })()`, &f)
		return f.Point, f.Label
	}
	// Tab from the top of the page reaches the board.
	p.run(5*time.Second, chromedp.Evaluate[chromedp.Void](`document.activeElement?.blur()`))
	for i := 0; ; i++ {
		if pt, _ := focused(); pt != "" {
			break
		}
		if i == 40 {
			t.Fatal("40 presses of Tab never reach the board")
		}
		p.run(5*time.Second, chromedp.KeyEvent(kb.Tab))
	}
	pt, label := focused()
	if pt != "b9" || !strings.Contains(label, "b9: empty; you may place on it") {
		t.Fatalf("the board's first stop is %s, %q; want b9, a point red may place on", pt, label)
	}
	// b9, then down to b8: red's two action points.
	v := p.data()["version"]
	p.run(5*time.Second, chromedp.KeyEvent(kb.Enter))
	p.versionAfter(v, 10*time.Second)
	if pt, _ := focused(); pt != "b9" {
		t.Fatalf("after the move the focus is on %q, want b9", pt)
	}
	p.run(5*time.Second, chromedp.KeyEvent(kb.ArrowDown))
	if pt, label := focused(); pt != "b8" || !strings.Contains(label, "place on") {
		t.Fatalf("ArrowDown went to %s, %q", pt, label)
	}
	// The focused point names itself in a hint beside it, for the eye.
	if h := boardHint(p); !strings.HasPrefix(h, "b8: empty") {
		t.Errorf("the hint on b8 reads %q", h)
	}
	v = p.data()["version"]
	p.run(5*time.Second, chromedp.KeyEvent(kb.Enter))
	p.versionAfter(v, 10*time.Second)
	// The bot plays blue; the focus stays on b8 through its move.
	p.waitJS(`document.body.dataset.yourTurn === "true" && Number(document.body.dataset.version) > 2`, 20*time.Second)
	if pt, _ := focused(); pt != "b8" {
		t.Fatalf("after the bot's move the focus is on %q, want b8", pt)
	}
	var board struct{ Role, Label string }
	p.eval(`(() => { const s = document.querySelector(".source-board"); return { role: s.getAttribute("role"), label: s.getAttribute("aria-label") }; })()`, &board)
	if board.Role != "group" || !strings.Contains(board.Label, "Arrow keys") {
		t.Errorf("the board is %+v to a screen reader", board)
	}
	p.screenshot("source-keyboard.png", "")
}

// TestBreakingHeadOnPhone: on a phone held upright (390x844) the
// Breaking Head table fits the screen, turned upright, the end cards in
// sight, every space and card at least 44 px to tap; a card is played
// by taps.
func TestBreakingHeadOnPhone(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "phone", 390, 844, true)
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='breaking-head']")`, 10*time.Second)
	p.selectValue("#game", "breaking-head")
	p.selectValue("#players", "4")
	for _, s := range []string{"#seat-2", "#seat-3", "#seat-4"} {
		p.selectValue(s, "random")
	}
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running" && document.querySelectorAll("[data-hand-card]").length > 0`, 10*time.Second)
	measure := `(() => {
		const r = (e) => e.getBoundingClientRect();
		const wrap = document.querySelector(".board-wrap");
		const ends = [...document.querySelectorAll('.bh-card[data-card="end"], .bh-card[data-card="fixed-committed"], .bh-card[data-card="needs-work"]')].map(r);
		const hits = [...document.querySelectorAll(".bh-board .hit")].map(r);
		const hand = [...document.querySelectorAll("[data-hand-card]")].map(r);
		return {
			upright: document.querySelector(".bh-board").classList.contains("upright"),
			pans: wrap.scrollWidth > wrap.clientWidth + 1,
			pageWide: document.documentElement.scrollWidth > window.innerWidth + 1,
			ends: ends.length,
			endsIn: ends.every((b) => b.left >= Math.max(0, r(wrap).left) - 1 && b.right <= Math.min(window.innerWidth, r(wrap).right) + 1),
			smallestHit: Math.min(...hits.map((b) => Math.min(b.width, b.height))),
			smallestCard: Math.min(...hand.map((b) => Math.min(b.width, b.height))),
			placed: document.querySelectorAll(".bh-board .bh-card").length - 4,
		};
	})()`
	var m struct {
		Upright, Pans, PageWide, EndsIn bool
		Ends, Placed                    int
		SmallestHit, SmallestCard       float64
	}
	// At the start the table fits; as it grows it may pan, the end
	// cards still in sight. The bots may have played before the first
	// look (Breaking Head's first player is drawn): the table fits only
	// while nothing is placed beside the start and end cards.
	check := func(when string, mayPan bool) {
		p.eval(measure, &m)
		mayPan = mayPan || m.Placed > 0
		if !m.Upright || m.Pans && !mayPan || m.PageWide || m.Ends != 3 || !m.EndsIn || m.SmallestHit < 44 || m.SmallestCard < 44 {
			t.Errorf("%s: %+v; want the table upright, fitting, the 3 end cards in sight, spaces and cards >= 44 px", when, m)
		}
	}
	check("at the start", false)
	p.run(5*time.Second, chromedp.ScrollIntoView(chromedp.CSS(`.bh-card[data-card="end"]`)))
	p.screenshot("breakinghead-phone.png", "")

	// Play a card by taps when it is my turn (a pass if nothing fits).
	p.waitJS(`document.body.dataset.yourTurn === "true"`, 30*time.Second)
	v := p.data()["version"]
	var kind string
	p.eval(`document.querySelector('[data-hand-card][data-playable="true"]')?.dataset.handCard || ""`, &kind)
	switch {
	case kind == "":
		p.eval(`document.querySelector('[data-hand-card]').dataset.handCard`, &kind)
		p.click(fmt.Sprintf(`[data-hand-card=%q]`, kind))
		p.click(fmt.Sprintf(`.selected-card [data-move="pass %s"]`, kind))
	case strings.HasPrefix(kind, "blocked-") || strings.HasPrefix(kind, "unblocked-"):
		p.click(fmt.Sprintf(`[data-hand-card=%q]`, kind))
		p.click(`ul.seats [data-move]`)
	default:
		p.click(fmt.Sprintf(`[data-hand-card=%q]`, kind))
		p.click(`.bh-board .hit.legal`)
	}
	p.versionAfter(v, 10*time.Second)
	check("after a move", true)
	var log []string
	p.eval(`[...document.querySelectorAll("ol.log li")].map((e) => e.innerText)`, &log)
	for _, l := range log {
		if strings.Contains(l, "place ") && !strings.Contains(l, "plays ") {
			t.Errorf("a log line without words: %q", l)
		}
	}
	t.Logf("the log: %q", log)
	p.screenshot("breakinghead-phone-played.png", "")
}

// TestThreeioGuidance: in 3io a click that is no legal move tries no
// move of another phase: after expanding, a click on an occupied sector
// says to play onto an empty one, and sends nothing. (The person plays
// the Expand that starts a turn without crew, the only legal move,
// herself: forced moves off.)
func TestThreeioGuidance(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "cleo", 1280, 900, false)
	playsOwnForcedMoves(p, a.url, "cleo")
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='3io']")`, 10*time.Second)
	p.selectValue("#game", "3io")
	p.selectValue("#seat-2", "random")
	p.click("#create")

	// The first turn with the keyboard: Enter on Expand, and the focus
	// goes to the board (the button is gone), on a sector to play; Enter
	// plays there.
	p.waitJS(`document.body.dataset.yourTurn === "true" && document.querySelector('[data-move="expand"]')`, 20*time.Second)
	v := p.data()["version"]
	p.run(5*time.Second, chromedp.Focus(chromedp.CSS(`[data-move="expand"]`)), chromedp.KeyEvent(kb.Enter))
	p.waitJS(fmt.Sprintf(`document.body.dataset.version !== %q && document.querySelector('.threeio-board .hit[data-kind="play"]')`, v), 10*time.Second)
	var focus struct{ Sector, Kind, Label string }
	p.eval(`(() => { const e = document.activeElement; return { sector: e.dataset?.sector || "", kind: e.dataset?.kind || "", label: e.getAttribute("aria-label") || "" }; })()`, &focus)
	if focus.Kind != "play" || !strings.Contains(focus.Label, "empty; play ") {
		t.Fatalf("after Expand the focus is on %+v, want a sector to play", focus)
	}
	v = p.data()["version"]
	p.run(5*time.Second, chromedp.KeyEvent(kb.Enter))
	p.versionAfter(v, 10*time.Second)

	occupied := ""
	for turn := 0; turn < 6 && occupied == ""; turn++ {
		p.waitJS(`document.body.dataset.yourTurn === "true" && !document.body.dataset.pending && document.querySelector('[data-move="expand"]')`, 20*time.Second)
		v := p.data()["version"]
		p.click(`[data-move="expand"]`)
		p.waitJS(fmt.Sprintf(`document.body.dataset.version !== %q && document.body.dataset.yourTurn === "true" && document.querySelector('.threeio-board .hit[data-kind="play"]')`, v), 10*time.Second)
		p.eval(`(() => { const t = document.querySelector(".threeio-board [data-tile]"); if (!t) return "";
			const x = Number(t.querySelector("rect").getAttribute("x")), y = Number(t.querySelector("rect").getAttribute("y"));
			return [...document.querySelectorAll(".threeio-board .hit")].find((h) => Math.abs(Number(h.getAttribute("x")) - x) < 3 && Math.abs(Number(h.getAttribute("y")) - y) < 3)?.dataset.sector || ""; })()`, &occupied)
		if occupied != "" {
			break
		}
		v = p.data()["version"]
		p.click(`.threeio-board .hit[data-kind="play"]`)
		p.versionAfter(v, 10*time.Second)
	}
	if occupied == "" {
		t.Fatal("no occupied sector to click")
	}
	v = p.data()["version"]
	p.click(fmt.Sprintf(`.threeio-board .hit[data-sector=%q]`, occupied))
	p.waitJS(`document.body.dataset.message === "error"`, 5*time.Second)
	var msg string
	p.eval(`document.querySelector(".banner.error:not([hidden])").textContent`, &msg)
	if !strings.Contains(msg, occupied+" is taken: play your") || strings.Contains(msg, "illegal move") || strings.Contains(msg, "score") {
		t.Errorf("a click on the occupied %s says %q", occupied, msg)
	}
	time.Sleep(300 * time.Millisecond)
	if d := p.data(); d["version"] != v || d["refused"] != "" {
		t.Errorf("the click sent a move: version %s -> %s, refused %q", v, d["version"], d["refused"])
	}
	p.screenshot("threeio-guidance.png", "")
}

// TestResignAndHeading: a match opened directly (an invite link, a
// reload) is headed with its game's name; a player resigns from the
// page, which says so at the end, and the server agrees.
func TestResignAndHeading(t *testing.T) {
	a := startApp(t)
	var created struct {
		Match struct{ ID string } `json:"match"`
		Seat  int                 `json:"seat"`
		Token string              `json:"token"`
	}
	a.call("POST", "/api/matches", map[string]any{"game": "Breaking Head", "players": 3, "seats": []string{"human", "random", "random"}}, nil)
	a.call("POST", "/api/matches", map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1, "name": "ann"}, &created)
	id := created.Match.ID

	// A spectator who opens the link.
	w := newSession(t, "watcher", 1280, 900, false)
	w.open(a.url + "/match/" + id)
	w.waitJS(`document.body.dataset.view === "match" && document.body.dataset.version`, 10*time.Second)
	heading := func(s *session) (string, string) {
		var h struct{ Text, Title string }
		s.eval(`({ text: document.querySelector(".match-head h2").firstChild.textContent.trim(), title: document.title })`, &h)
		return h.Text, h.Title
	}
	w.waitJS(`document.querySelector(".match-head h2").textContent.startsWith("Source")`, 5*time.Second)
	if text, title := heading(w); text != "Source" || title != "Source · Commons" {
		t.Errorf("opened directly, the page is headed %q, titled %q", text, title)
	}
	w.run(20*time.Second, chromedp.Reload())
	w.waitJS(`document.body.dataset.view === "match" && document.querySelector(".match-head h2").textContent.startsWith("Source")`, 10*time.Second)

	// ann, whose token the page keeps, resigns.
	p := newSession(t, "ann", 1280, 900, false)
	p.open(a.url + "/")
	p.eval(fmt.Sprintf(`localStorage.setItem("commons.seat.%s", JSON.stringify({seat: 1, token: %q})), true`, id, created.Token), new(bool))
	p.open(a.url + "/match/" + id)
	p.waitJS(`document.body.dataset.seat === "1" && document.querySelector("[data-resign]")`, 10*time.Second)
	if text, _ := heading(p); text != "Source" {
		t.Errorf("ann's page is headed %q", text)
	}
	p.click("[data-resign]")
	p.click("[data-resign-yes]")
	p.waitJS(`document.body.dataset.status === "over" && document.querySelector("[data-end]:not([hidden])")`, 10*time.Second)
	var head string
	p.eval(`document.querySelector("[data-end] h2").textContent`, &head)
	if head != "You resigned." {
		t.Errorf("ann's end screen says %q", head)
	}
	w.waitJS(`document.body.dataset.status === "over"`, 10*time.Second)
	w.eval(`document.querySelector("[data-end] h2").textContent`, &head)
	if !strings.Contains(head, "Seat 1 (ann) resigned") {
		t.Errorf("the watcher's end screen says %q", head)
	}
	var m struct {
		Status string    `json:"status"`
		Result []float64 `json:"result"`
		End    *struct {
			Reason string `json:"reason"`
			Seat   int    `json:"seat"`
		} `json:"end"`
	}
	a.call("GET", "/api/matches/"+id, nil, &m)
	if m.Status != "over" || len(m.Result) != 2 || m.Result[1] != 1 || m.End == nil || m.End.Reason != "resignation" || m.End.Seat != 1 {
		t.Errorf("the server says %+v", m)
	}
	p.screenshot("resigned.png", "")
	// The replay of the resigned game ends with the resignation.
	p.click(`[data-end] a[href^="/replay/"]`)
	p.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps`, 10*time.Second)
	p.click(`[data-step-action="last"]`)
	p.waitJS(`document.body.dataset.step === document.body.dataset.steps && !document.querySelector("[data-end]").hidden`, 10*time.Second)
	var end string
	p.eval(`document.querySelector("[data-end]").textContent`, &end)
	if !strings.Contains(end, "resigned") {
		t.Errorf("the replay's end says %q", end)
	}
}
