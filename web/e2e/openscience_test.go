package e2e

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// osaButtons lists the moves the Open Science Alliance board offers as
// buttons, in the order of the page; only the board's own buttons (the
// action bar, the counters, the role cards), not the list of all legal
// moves.
const osaButtons = `[...document.querySelectorAll(".osa-board button[data-move]")].map((b) => b.dataset.move)`

// osaSmallTargets lists the board's buttons smaller than 44x44 CSS
// pixels, the least a finger can hit.
const osaSmallTargets = `[...document.querySelectorAll(".osa-board button")].filter((b) => {
	const r = b.getBoundingClientRect();
	return r.width < 44 || r.height < 44;
}).map((b) => b.dataset.move + " " + Math.round(b.getBoundingClientRect().width) + "x" + Math.round(b.getBoundingClientRect().height))`

// TestOpenScienceAgainstBotsOnPhone: one person plays a whole game of
// Open Science Alliance against two bots on a phone-sized screen
// (390x844, touch), by clicking the board's own buttons only: the
// Specialist at set-up, the step-1 choices (hire or an upskill's form),
// the highlighted role cards of an upskill, the amounts on the counter
// being chosen (or "Collect nothing"), and the receiver of a Social Glue
// credit. At each of its turns the page must fit the phone's width and
// every button must be a finger's size; the end shows the outcome.
func TestOpenScienceAgainstBotsOnPhone(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "phone", 390, 844, true)

	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='open-science-alliance']")`, 10*time.Second)
	p.typeIn("#name", "olga")
	p.selectValue("#game", "open-science-alliance")
	p.selectValue("#players", "3")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "greedy")
	p.selectValue("#seat-3", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running" && document.querySelector(".osa-board")`, 10*time.Second)
	id := p.data()["match"]

	kinds := map[string]int{} // moves made, by kind
	clicks, turns := 0, 0
	shot := false
	deadline := time.Now().Add(90 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d clicks)", clicks)
		}
		d := p.data()
		if d["status"] == "over" {
			break
		}
		if d["yourTurn"] != "true" || d["pending"] != "" {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		var moves []string
		p.eval(osaButtons, &moves)
		if len(moves) == 0 {
			var text string
			p.eval(`document.body.innerText`, &text)
			t.Fatalf("my turn, but the board offers nothing to click:\n%s", text)
		}
		// The board offers the legal moves of this step, no more, no less
		// (two role cards of one role and level are the same raise).
		var legal []string
		p.eval(`[...document.querySelectorAll("[data-legal-move]")].map((b) => b.dataset.legalMove)`, &legal)
		if a, b := slices.Compact(slices.Sorted(slices.Values(moves))), slices.Sorted(slices.Values(legal)); !slices.Equal(a, b) {
			t.Fatalf("the board offers %v, the legal moves are %v", a, b)
		}
		var wide bool
		p.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
		if wide {
			t.Fatalf("the match page is wider than the phone's screen (at %v)", moves)
		}
		var small []string
		p.eval(osaSmallTargets, &small)
		if len(small) > 0 {
			t.Fatalf("buttons smaller than 44x44 px: %v", small)
		}
		move := osaChoose(moves, turns)
		kind := osaKind(move)
		kinds[kind]++
		if kind == "step1" || kind == "pick" {
			turns++
		}
		if kind == "step1" && turns == 3 {
			p.screenshot("openscience-phone-step1.png", "")
		}
		if kind == "amount" && !shot && turns >= 3 {
			shot = true
			p.screenshot("openscience-phone-collect.png", "")
		}
		p.click(fmt.Sprintf(`.osa-board button[data-move=%q]`, move))
		clicks++
		after := p.versionAfter(d["version"], 10*time.Second)
		if after["message"] == "error" {
			var msg string
			p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			t.Fatalf("%s refused: %s", move, msg)
		}
	}
	// A decision with one legal move was played for the person (forced
	// moves): it counts as made, not clicked.
	var log struct {
		Moves []struct {
			Seat int    `json:"seat"`
			Move string `json:"move"`
			Mark string `json:"mark"`
		} `json:"moves"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &log)
	forced := map[string]int{}
	for _, e := range log.Moves {
		if e.Seat == 1 && e.Mark == "forced" {
			forced[osaKind(e.Move)]++
		}
	}
	t.Logf("Open Science Alliance: %d clicks through the board: %v; played for the person (forced): %v", clicks, kinds, forced)
	for _, k := range []string{"pick", "step1", "raise", "amount", "credit"} {
		if kinds[k]+forced[k] == 0 {
			t.Errorf("no %s was made in the whole game: clicked %v, forced %v", k, kinds, forced)
		}
	}

	// The end: the outcome names the winners and their credits, as the
	// final observation has them.
	var st struct {
		Observation struct {
			Seats []struct {
				Seat    int `json:"seat"`
				Credits int `json:"credits"`
			} `json:"seats"`
			Returns []float64 `json:"returns"`
		} `json:"observation"`
		Result []float64 `json:"result"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &st)
	best, winners := 0, 0
	for _, sv := range st.Observation.Seats {
		best = max(best, sv.Credits)
	}
	for _, r := range st.Result {
		if r > 0 {
			winners++
		}
	}
	want := fmt.Sprintf("wins with %d credit", best)
	if winners > 1 {
		want = fmt.Sprintf("share the win with %d credit", best)
	}
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	var outcome, head string
	p.eval(`document.querySelector("[data-end] .outcome").textContent`, &outcome)
	p.eval(`document.querySelector("[data-end] h2").textContent`, &head)
	if !strings.Contains(outcome, want) {
		t.Errorf("the outcome reads %q, want it to say %q (credits %+v, result %v)", outcome, want, st.Observation.Seats, st.Result)
	}
	if wantHead := endHeadline(st.Result, 1); head != wantHead {
		t.Errorf("the end screen says %q, want %q (result %v)", head, wantHead, st.Result)
	}
	var boardOutcome string
	p.eval(`document.querySelector(".osa-action").textContent`, &boardOutcome)
	if !strings.Contains(boardOutcome, "Game over") || !strings.Contains(boardOutcome, want) {
		t.Errorf("the board's action bar reads %q at the end", boardOutcome)
	}
	p.screenshot("openscience-phone-end.png", "")

	// The replay draws the same board, without buttons, to the same end.
	p.click(`[data-end] a[href^="/replay/"]`)
	p.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps && document.querySelector(".osa-board")`, 10*time.Second)
	p.click(`[data-step-action="last"]`)
	p.waitJS(`document.body.dataset.step === document.body.dataset.steps && document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	var replayEnd string
	var buttons int
	p.eval(`document.querySelector("[data-end]").textContent`, &replayEnd)
	p.eval(`document.querySelectorAll(".osa-board button").length`, &buttons)
	if !strings.Contains(replayEnd, want) || buttons != 0 {
		t.Errorf("the replay's end reads %q with %d buttons on the board", replayEnd, buttons)
	}
}

// osaChoose picks the move to click among the board's buttons: now and
// then each kind of step-1 choice, the last raisable card, the largest
// amount (with "collect nothing" now and then), and a credit passed
// whenever one can be.
func osaChoose(moves []string, turn int) string {
	var step1, amounts, credits []string
	for _, m := range moves {
		switch osaKind(m) {
		case "pick":
			return moves[turn%len(moves)]
		case "raise":
			return moves[len(moves)-1]
		case "step1":
			step1 = append(step1, m)
		case "amount":
			amounts = append(amounts, m)
		case "credit":
			credits = append(credits, m)
		}
	}
	switch {
	case len(step1) > 0:
		return step1[turn%len(step1)]
	case len(credits) > 0:
		return credits[len(credits)-1] // "credit N" sorts after "credit none" on the board
	case slices.Contains(moves, "collect nothing") && (len(amounts) == 0 || turn%7 == 6):
		return "collect nothing"
	case len(amounts) > 0:
		best, bestN := amounts[0], -1
		for _, m := range amounts {
			if n, _ := strconv.Atoi(m[1:]); n > bestN {
				best, bestN = m, n
			}
		}
		return best
	}
	return moves[0]
}

func osaKind(m string) string {
	switch {
	case strings.HasPrefix(m, "pick "):
		return "pick"
	case m == "hire" || strings.HasPrefix(m, "upskill "):
		return "step1"
	case strings.HasPrefix(m, "raise "):
		return "raise"
	case m == "collect nothing":
		return "nothing"
	case strings.HasPrefix(m, "credit "):
		return "credit"
	}
	return "amount"
}

// TestOpenScienceSocialGlueCredit: a collaboration in which the person's
// Social Glue brings another player's Code Conjurer, made by clicking,
// passes a credit to that player, and the board shows the credits.
//
// Deals and Events come from the match's secret seed, which no API sets.
// So the test writes the match into the store of the in-process server
// itself, with a log that already holds the set-up and round 1's first
// two turns: chance entries are stored moves like any other, and the
// server replays a match's log when it loads it. The log: seat 1 picks a
// Data Wizard and draws a Social Glue, seat 2 picks a Code Conjurer and
// draws a Transparency Champion, Funding Call (6 of each type) is
// revealed; seat 1 raises its Data Wizard to 2 and collects 2 FAIR data
// alone; seat 2 raises its Code Conjurer to 2 and collects nothing. Both
// seats are left free: the person takes seat 1 on the page, the test
// takes seat 2 through the API and never moves it, so nothing after the
// log is left to chance or to a bot.
//
// Then the person, by clicks: "Upskill +2" on the Social Glue card, and
// the collection g1 p3 y0 b0 (the Discovery Driver, level 2, invites the
// Social Glue, which brings seat 2's Code Conjurer: 2 software of base,
// 1 more as its bonus, and a FAIR data as Social Glue's bonus), the
// yellow amount by the keyboard, and "Pass 1 credit" to seat 2: 3
// software came through its Code Conjurer. Seat 1 had 2 credits and
// earns 4 - 1; seat 2 gets 1.
func TestOpenScienceSocialGlueCredit(t *testing.T) {
	a := startApp(t)
	st := a.store
	g, err := game.Lookup("open-science-alliance")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.Resolve(g, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	log := []string{
		"pick DW", "pick CC", "*draw SG", "*draw TC", "*event funding-call",
		"upskill +2", "raise DW0", "g2", "p0", "y0", "b0", "credit none",
		"upskill +2", "raise CC0", "collect nothing",
	}
	id := "osa-social-glue"
	if err := st.Create(context.Background(), &store.Match{
		ID: id, Game: g.Info().Name, Players: 2, Options: cfg.Options, Seed: 1,
		Seats: make([]store.Seat, 2), Status: store.Open,
	}, log); err != nil {
		t.Fatal(err)
	}

	p := newSession(t, "gia", 1280, 900, false)
	// Gia plays her forced moves herself: the credit's one receiver is
	// a choice the test makes.
	playsOwnForcedMoves(p, a.url, "gia")
	p.open(a.url + "/match/" + id)
	p.waitJS(`document.querySelector("[data-join-seat='1']")`, 10*time.Second)
	p.click("[data-join-seat='1']")
	p.waitJS(`document.body.dataset.seat === "1"`, 10*time.Second)
	a.call("POST", "/api/matches/"+id+"/join", map[string]any{"seat": 2, "name": "bea"}, nil)
	p.waitJS(fmt.Sprintf(`document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true" && document.body.dataset.version === "%d"`, len(log)), 10*time.Second)

	// What the board shows before: round 1's Event, the counters, both
	// teams with their cards and credits.
	var before struct {
		Event, Round string
		Stock        []string
		Cards        [][]string
		Credits      []string
	}
	p.eval(`(() => ({
		event: document.querySelector(".osa-event").dataset.event,
		round: document.querySelector(".osa-round").textContent,
		stock: [...document.querySelectorAll("[data-counter]")].map((c) => c.dataset.counter + " " + c.dataset.stock),
		cards: [...document.querySelectorAll("[data-team]")].map((t) => [...t.querySelectorAll("[data-role-card]")].map((c) => c.dataset.roleCard)),
		credits: [...document.querySelectorAll("[data-team]")].map((t) => t.dataset.credits),
	}))()`, &before)
	if before.Event != "Funding Call" || before.Round != "Round 1 of 6" {
		t.Errorf("the board shows %q, %q; want Funding Call, Round 1 of 6", before.Event, before.Round)
	}
	if want := []string{"green 4", "purple 6", "yellow 6", "blue 6"}; !slices.Equal(before.Stock, want) {
		t.Errorf("the counters show %v, want %v", before.Stock, want)
	}
	if want := [][]string{{"DD2", "DW2", "SG0"}, {"DD2", "CC2", "TC0"}}; fmt.Sprint(before.Cards) != fmt.Sprint(want) {
		t.Errorf("the teams show %v, want %v", before.Cards, want)
	}
	if want := []string{"2", "0"}; !slices.Equal(before.Credits, want) {
		t.Errorf("the teams show credits %v, want %v", before.Credits, want)
	}

	// step clicks one of the board's buttons, which must be there, and
	// waits for the server's answer.
	step := func(move string, offered ...string) {
		t.Helper()
		var moves []string
		p.eval(osaButtons, &moves)
		for _, m := range append(offered, move) {
			if !slices.Contains(moves, m) {
				t.Fatalf("the board offers %v, not %q", moves, m)
			}
		}
		v := p.data()["version"]
		p.click(fmt.Sprintf(`.osa-board button[data-move=%q]`, move))
		if d := p.versionAfter(v, 10*time.Second); d["message"] == "error" {
			var msg string
			p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			t.Fatalf("%s refused: %s", move, msg)
		}
	}
	step("upskill +2", "hire", "upskill +1+1", "upskill DD")
	// Only the viewer's cards that may go up by 2 are buttons: both of
	// seat 1's roles below level 3, none of seat 2's.
	var raisable []string
	p.eval(`[...document.querySelectorAll("button[data-role-card]")].map((b) => b.dataset.seat + ":" + b.dataset.move)`, &raisable)
	if want := []string{"1:raise DW2", "1:raise SG0"}; !slices.Equal(raisable, want) {
		t.Errorf("the clickable cards are %v, want %v", raisable, want)
	}
	p.screenshot("openscience-raise.png", "")
	step("raise SG0")
	step("g1", "collect nothing")
	step("p3")
	// The keyboard: the board keeps the focus on the next step's first
	// choice, y0, which Enter makes.
	p.waitJS(`document.activeElement && document.activeElement.dataset.move === "y0"`, 5*time.Second)
	v := p.data()["version"]
	p.run(10*time.Second, chromedp.KeyEvent(kb.Enter))
	p.versionAfter(v, 10*time.Second)
	step("b0")

	// The receiver: only seat 2 can be credited, and the counters show
	// what is being collected.
	var taking []string
	p.eval(`[...document.querySelectorAll("[data-counter]")].map((c) => c.dataset.taking)`, &taking)
	if want := []string{"1", "3", "0", "0"}; !slices.Equal(taking, want) {
		t.Errorf("the counters show %v being collected, want %v", taking, want)
	}
	var label string
	p.eval(`document.querySelector('.osa-board button[data-move="credit 2"]')?.textContent || ""`, &label)
	if !strings.Contains(label, "bea") {
		t.Errorf("the credit button reads %q: it should name seat 2's player", label)
	}
	p.screenshot("openscience-credit-choice.png", "")
	step("credit 2")

	var after struct {
		Credits []string
		Stock   []string
		Log     []string
		Cards   []string
	}
	p.eval(`(() => ({
		credits: [...document.querySelectorAll("[data-team]")].map((t) => t.dataset.credits + " " + t.querySelector(".osa-credits").textContent),
		stock: [...document.querySelectorAll("[data-counter]")].map((c) => c.dataset.counter + " " + c.dataset.stock),
		log: [...document.querySelectorAll("ol.log li")].map((e) => e.innerText),
		cards: [...document.querySelectorAll('[data-team="1"] [data-role-card]')].map((c) => c.dataset.roleCard),
	}))()`, &after)
	if want := []string{"5 5 credits", "1 1 credit"}; !slices.Equal(after.Credits, want) {
		t.Errorf("after the collection the teams show %v, want %v", after.Credits, want)
	}
	if want := []string{"green 3", "purple 3", "yellow 6", "blue 6"}; !slices.Equal(after.Stock, want) {
		t.Errorf("after the collection the counters show %v, want %v", after.Stock, want)
	}
	if want := []string{"DD2", "DW2", "SG2"}; !slices.Equal(after.Cards, want) {
		t.Errorf("after the upskill seat 1's team is %v, want %v", after.Cards, want)
	}
	// The log in words, the notation kept.
	for _, want := range []string{"collects p3 → 3 open research software", "passes 1 credit to Seat 2 (bea) (credit 2)", "raises the Social Glue at level 0 (raise SG0)"} {
		if !slices.ContainsFunc(after.Log, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("the log has no %q: %q", want, after.Log)
		}
	}
	// The server agrees.
	var state struct {
		Observation struct {
			Seats []struct {
				Credits int `json:"credits"`
			} `json:"seats"`
		} `json:"observation"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &state)
	if got := []int{state.Observation.Seats[0].Credits, state.Observation.Seats[1].Credits}; !slices.Equal(got, []int{5, 1}) {
		t.Errorf("the server has credits %v, want [5 1]", got)
	}
	p.screenshot("openscience-after-credit.png", "")
}
