package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/breakinghead"
	"github.com/commons-games/commons/record"
)

// page is what the Breaking Head page shows at one moment, read from its
// DOM.
type page struct {
	Version  string     `json:"version"`
	Status   string     `json:"status"`
	Hand     []string   `json:"hand"`
	Role     *string    `json:"role"`
	Revealed [][]string `json:"revealed"` // [seat, role] per revealed role
	Seats    []string   `json:"seats"`    // each seat's row, as text
	Log      []string   `json:"log"`
	Peeks    []string   `json:"peeks"`  // peek labels on the table
	FaceUp   [][]string `json:"faceUp"` // [position, identity] of end cards shown face up
	Text     string     `json:"text"`
	HTML     string     `json:"html"`
}

const readPage = `(() => {
	const all = (s) => [...document.querySelectorAll(s)];
	const role = document.querySelector("[data-role]");
	return {
		version: document.body.dataset.version, status: document.body.dataset.status,
		hand: all("[data-hand-card]").map((e) => e.dataset.handCard),
		role: role ? role.dataset.role : null,
		revealed: all("[data-revealed-role]").map((e) => [e.closest("[data-seat]").dataset.seat, e.dataset.revealedRole]),
		seats: all("ul.seats li").map((e) => e.innerText),
		log: all("ol.log li").map((e) => e.innerText),
		peeks: all(".bh-board [data-peek]").map((e) => e.dataset.peek),
		faceUp: all(".bh-card").filter((e) => e.dataset.card === "fixed-committed" || e.dataset.card === "needs-work").map((e) => [e.dataset.at, e.dataset.card]),
		// The page's words, less the table talk: what people say (and its
		// quick phrases, "I am a Blocker") is theirs, not the server's.
		text: (() => {
			const talk = document.querySelector("[data-chat]");
			if (talk) talk.hidden = true;
			const t = document.body.innerText;
			if (talk) talk.hidden = false;
			return t;
		})(),
		html: document.documentElement.outerHTML,
	};
})()`

// TestBreakingHeadWithBotsHidesOthersSecrets: one person plays a whole
// game of Breaking Head with three bots, through the page: a card of the
// hand, then its target on the table or in the list of seats (or a pass).
// At each of its turns the test reads the page, and after the game it
// replays the complete record to check every reading against the truth:
// the page shows the person's own role, hand and peeks, and never another
// seat's role (before the end), hand, passed cards or peeks.
func TestBreakingHeadWithBotsHidesOthersSecrets(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "dana", 1280, 900, false)

	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='breaking-head']")`, 10*time.Second)
	p.typeIn("#name", "dana")
	p.selectValue("#game", "breaking-head")
	p.selectValue("#players", "4")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "greedy")
	p.selectValue("#seat-3", "random")
	p.selectValue("#seat-4", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running"`, 10*time.Second)
	id := p.data()["match"]

	var pages []page
	read := func() page {
		var pg page
		p.eval(readPage, &pg)
		pages = append(pages, pg)
		return pg
	}
	read() // before the first move, whoever starts

	turns, passes, illegal, turned := 0, 0, false, false
	deadline := time.Now().Add(100 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time (%d turns)", turns)
		}
		d := p.data()
		if d["status"] == "over" {
			break
		}
		if d["yourTurn"] != "true" || d["pending"] != "" {
			time.Sleep(15 * time.Millisecond)
			continue
		}
		read()
		var kind string
		p.eval(`document.querySelector('[data-hand-card][data-playable="true"]')?.dataset.handCard || ""`, &kind)
		if kind == "" {
			// Nothing fits anywhere: pass a card, face down.
			p.eval(`document.querySelector('[data-hand-card]').dataset.handCard`, &kind)
			p.click(fmt.Sprintf(`[data-hand-card=%q]`, kind))
			p.click(fmt.Sprintf(`.selected-card [data-move="pass %s"]`, kind))
			passes++
		} else {
			p.click(fmt.Sprintf(`[data-hand-card=%q]`, kind))
			if strings.HasPrefix(kind, "blocked-") || strings.HasPrefix(kind, "unblocked-") {
				p.click(`ul.seats [data-move]`)
			} else {
				if !illegal && kind != "spam" && kind != "wtf-dries" {
					// A click where the card does not fit: the server says why.
					illegal = true
					p.click(`.bh-board .hit:not(.legal)[data-at="8,0"]`)
					p.waitJS(`document.body.dataset.message === "error"`, 5*time.Second)
					expectBanner(t, p, "place "+kind+"@8,0")
				}
				var canTurn bool
				p.eval(`!!document.querySelector("[data-turn]")`, &canTurn)
				if canTurn && !turned {
					turned = true
					p.click(`[data-turn]`)
					p.screenshot("breakinghead-choosing.png", "")
				}
				p.click(`.bh-board .hit.legal`)
			}
		}
		turns++
		after := p.versionAfter(d["version"], 10*time.Second)
		if after["message"] == "error" {
			var msg string
			p.eval(`document.querySelector(".banner.error:not([hidden])")?.textContent || ""`, &msg)
			if !strings.Contains(msg, "@8,0") {
				t.Fatalf("move refused: %s", msg)
			}
		}
		if turns == 6 {
			p.screenshot("breakinghead-midgame.png", "")
		}
	}
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	final := read()
	p.screenshot("breakinghead-end.png", "")
	t.Logf("Breaking Head: %d turns through the page (%d passes), %d readings checked", turns, passes, len(pages))
	if turns < 5 {
		t.Errorf("only %d turns: too short a game to check", turns)
	}

	// The truth: the complete record, from the server's store (it is
	// never given out, B17).
	rec := a.storedRecord(id)
	g, _ := game.Lookup("breaking-head")
	stateAt := func(v int) game.State {
		st, err := game.NewState(g, rec.Players, rec.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range rec.Moves[:v] {
			act, err := st.ParseAction(strings.TrimPrefix(m, record.ChancePrefix))
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(act); err != nil {
				t.Fatal(err)
			}
		}
		return st
	}
	obs := func(st game.State, seat int) *breakinghead.Observation {
		o, ok := st.Observation(game.Player(seat - 1)).(*breakinghead.Observation)
		if !ok {
			t.Fatalf("Observation is %T", st.Observation(game.Player(seat-1)))
		}
		return o
	}
	roleWords := regexp.MustCompile(`(?i)contributor|blocker`)
	secretEntry := regexp.MustCompile(`draws (crossing|junction|curve|straight|stub|wtf|spam|blocked|unblocked)|role (blocker|contributor)|fixed-committed at`)
	for _, pg := range pages {
		var v int
		fmt.Sscan(pg.Version, &v)
		st := stateAt(v)
		me := obs(st, 1)
		where := fmt.Sprintf("at version %d", v)
		// The person's own secrets, exactly.
		if !slices.Equal(pg.Hand, me.You.Hand) {
			t.Errorf("%s: the page shows the hand %v, the seat holds %v", where, pg.Hand, me.You.Hand)
		}
		if pg.Role == nil || *pg.Role != me.You.Role {
			t.Errorf("%s: the page shows the role %v, the seat's is %q", where, pg.Role, me.You.Role)
		}
		if len(pg.Peeks) != len(me.You.Peeks) {
			t.Errorf("%s: the table shows %d peeks, the seat made %d", where, len(pg.Peeks), len(me.You.Peeks))
		}
		// Nobody else's.
		if pg.Status != "over" {
			if len(pg.Revealed) > 0 {
				t.Errorf("%s: roles revealed before the end: %v", where, pg.Revealed)
			}
			if n := len(roleWords.FindAllString(pg.Text, -1)); n != 1 {
				t.Errorf("%s: the page names a role %d times, want once (its own):\n%s", where, n, pg.Text)
			}
			for _, row := range pg.Seats {
				if roleWords.MatchString(row) {
					t.Errorf("%s: a seat's row names a role: %q", where, row)
				}
			}
		}
		for q := 2; q <= rec.Players; q++ {
			other := obs(st, q)
			for i, e := range other.Log {
				if e.Seat == q && strings.HasPrefix(e.Move, "pass ") {
					if i >= len(pg.Log) || !strings.HasSuffix(pg.Log[i], "face down (pass)") {
						t.Errorf("%s: seat %d's pass (%s) reads %q on the page", where, q, e.Move, pg.Log[min(i, len(pg.Log)-1)])
					}
				}
			}
		}
		spect := obs(st, 0)
		for _, fu := range pg.FaceUp {
			if !slices.ContainsFunc(spect.Table, func(c breakinghead.CardView) bool { return c.At == fu[0] && c.Card == fu[1] }) {
				t.Errorf("%s: the page shows %s at %s face up; it is not", where, fu[1], fu[0])
			}
		}
		// The page never had the hidden log entries: the roles dealt,
		// the cards drawn, where Fixed & Committed lies.
		if s := secretEntry.FindString(pg.HTML); s != "" {
			t.Errorf("%s: the page holds %q", where, s)
		}
	}
	// At the end every role is shown, as the game reveals them (B17).
	end := obs(stateAt(len(rec.Moves)), 0)
	for _, sv := range end.Seats {
		if !slices.ContainsFunc(final.Revealed, func(r []string) bool { return r[0] == fmt.Sprint(sv.Seat) && r[1] == sv.Role }) {
			t.Errorf("the end screen does not show seat %d's role %s: %v", sv.Seat, sv.Role, final.Revealed)
		}
	}
	var m struct {
		Result []float64 `json:"result"`
	}
	a.call("GET", "/api/matches/"+id, nil, &m)
	var head string
	p.eval(`document.querySelector("[data-end] h2").textContent`, &head)
	want := endHeadline(m.Result, 1) // "Nobody won." under B17: the Blockers' card was the left-over one
	if head != want {
		t.Errorf("the end screen says %q, want %q (result %v)", head, want, m.Result)
	}
	raw, _ := json.Marshal(final.Revealed)
	t.Logf("roles at the end: %s; result %v", raw, m.Result)
}
