package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/breakinghead"
	"github.com/commons-games/commons/record"
)

// botMatch creates a match of bots only, which plays itself at once,
// and waits for its end. It returns the match's ID.
func botMatch(t *testing.T, a *app, gameName string, seats []string) string {
	t.Helper()
	var ans struct {
		Match struct {
			ID string `json:"id"`
		} `json:"match"`
	}
	a.call("POST", "/api/matches", map[string]any{"game": gameName, "players": len(seats), "seats": seats}, &ans)
	id := ans.Match.ID
	deadline := time.Now().Add(60 * time.Second)
	for {
		var m struct {
			Status string `json:"status"`
		}
		a.call("GET", "/api/matches/"+id, nil, &m)
		if m.Status == "over" {
			return id
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots' %s match did not end in time", gameName)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestReplaySteps: a finished match of Source opens as a replay, which
// steps forwards and backwards (buttons, the record's entries), shows the
// end, and offers the complete record for download.
func TestReplaySteps(t *testing.T) {
	a := startApp(t)
	// The steps below need ten moves. A game of random bots may end
	// sooner: four colour turns in a row that only end (S16's idle
	// ending) ended 20 of 3,000 random games within ten moves, 3 of them
	// after four, and failed CI once. Such a match is a replay like any
	// other, but not this test's.
	var id string
	var rec record.Record
	for try := 1; ; try++ {
		id = botMatch(t, a, "source", []string{"random", "random"})
		a.call("GET", "/api/matches/"+id+"/record", nil, &rec)
		if len(rec.Moves) >= 10 {
			break
		}
		if try == 10 {
			t.Fatalf("ten bot matches of Source all ended within ten moves (the last in %d)", len(rec.Moves))
		}
	}

	p := newSession(t, "viewer", 1280, 900, false)
	// From the lobby's list of finished matches.
	p.open(a.url + "/")
	p.waitJS(fmt.Sprintf(`document.querySelector('[data-replay=%q]')`, id), 10*time.Second)
	p.click(fmt.Sprintf(`[data-replay=%q]`, id))
	p.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps`, 10*time.Second)
	steps, _ := strconv.Atoi(p.data()["steps"])
	if steps != len(rec.Moves) { // Source has no chance: one step per move
		t.Fatalf("%d steps for a record of %d moves", steps, len(rec.Moves))
	}
	tokens := func() int {
		var n int
		p.eval(`document.querySelectorAll(".source-board .token").length`, &n)
		return n
	}
	at := func(want int) {
		t.Helper()
		p.waitJS(fmt.Sprintf(`document.body.dataset.step === "%d"`, want), 5*time.Second)
	}
	at(0)
	if n := tokens(); n != 4 {
		t.Errorf("step 0 shows %d tokens, want the 4 sources", n)
	}
	for i := 1; i <= 3; i++ {
		p.click(`[data-step-action="forward"]`)
		at(i)
	}
	var what string
	p.eval(`document.querySelector("[data-step-what]").textContent`, &what)
	if move := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(rec.Moves[2], "+"), "x"), "-"); !strings.Contains(what, move) {
		t.Errorf("step 3 says %q, not the third move %q", what, rec.Moves[2])
	}
	p.screenshot("replay-source-step3.png", "")
	p.click(`[data-step-action="back"]`)
	at(2)
	p.click(`[data-step-action="last"]`)
	at(steps)
	p.waitJS(`document.querySelector("[data-end]:not([hidden])")`, 5*time.Second)
	p.screenshot("replay-source-end.png", "")
	p.click(`ol.log li:nth-child(10)`) // the 10th move: the position after it
	at(10)
	p.click(`[data-step-action="first"]`)
	at(0)

	// The download is the complete record, seed included.
	var href string
	p.eval(`document.querySelector("[data-download]").getAttribute("href")`, &href)
	if href != "/api/matches/"+id+"/record" {
		t.Errorf("the download link is %q", href)
	}
	if rec.Seed == nil || len(rec.Moves) == 0 {
		t.Errorf("the record offered is not complete: %+v", rec)
	}
}

// TestReplayBreakingHeadViewpoints: the replay of a finished game of
// Breaking Head shows each step as a spectator saw it, or as the seat this
// browser held: that seat's hand, and no other. Another seat's eyes are
// not offered, nor given to a link that names that seat (B17: a seat's
// cards stay hidden after the end too).
func TestReplayBreakingHeadViewpoints(t *testing.T) {
	a := startApp(t)
	var created struct {
		Match struct {
			ID string `json:"id"`
		} `json:"match"`
	}
	a.call("POST", "/api/matches", map[string]any{"game": "breaking-head", "players": 3, "seats": []string{"random", "human", "random"}}, &created)
	id := created.Match.ID
	var joined struct {
		Token string `json:"token"`
	}
	a.call("POST", "/api/matches/"+id+"/join", map[string]any{"seat": 2, "name": "bea"}, &joined)
	// Seat 2 plays its first legal move each turn, through the API.
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st struct {
			Version  int      `json:"version"`
			Status   string   `json:"status"`
			YourTurn bool     `json:"your_turn"`
			Legal    []string `json:"legal"`
		}
		a.callAs(joined.Token, "GET", "/api/matches/"+id+"/state", nil, &st)
		if st.Status == "over" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the match did not end in time")
		}
		if !st.YourTurn {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		a.callAs(joined.Token, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": st.Legal[0], "version": st.Version}, nil)
	}
	rec := a.storedRecord(id)
	g, _ := game.Lookup("breaking-head")
	handAt := func(n, seat int) []string {
		st, err := game.NewState(g, rec.Players, rec.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range rec.Moves[:n] {
			act, _ := st.ParseAction(strings.TrimPrefix(m, record.ChancePrefix))
			st.Apply(act)
		}
		return st.Observation(game.Player(seat - 1)).(*breakinghead.Observation).You.Hand
	}

	p := newSession(t, "viewer", 1280, 900, false)
	p.open(a.url + "/")
	var ok bool
	p.eval(fmt.Sprintf(`localStorage.setItem("commons.seat.%s", JSON.stringify({seat: 2, token: %q})), true`, id, joined.Token), &ok)
	p.open(a.url + "/replay/" + id + "?seat=2")
	p.waitJS(`document.body.dataset.view === "replay" && document.body.dataset.steps && document.body.dataset.viewer === "2"`, 10*time.Second)
	check := func(seat int) {
		t.Helper()
		d := p.data()
		n, _ := strconv.Atoi(d["stepN"])
		var hand []string
		p.eval(`[...document.querySelectorAll("[data-hand-card]")].map((e) => e.dataset.handCard)`, &hand)
		if want := handAt(n, seat); !slices.Equal(hand, want) {
			t.Errorf("step %s (after %d entries) seen by seat %d shows the hand %v, want %v", d["step"], n, seat, hand, want)
		}
	}
	for i := 1; i <= 5; i++ {
		p.click(`[data-step-action="forward"]`)
		p.waitJS(fmt.Sprintf(`document.body.dataset.step === "%d"`, i), 5*time.Second)
		check(2)
	}
	p.screenshot("replay-breakinghead-seat2.png", "")
	var offered []string
	p.eval(`[...document.querySelectorAll("[data-viewpoint] option")].map((o) => o.value)`, &offered)
	if !slices.Equal(offered, []string{"0", "2"}) {
		t.Errorf("the viewpoints offered are %q, want a spectator's and seat 2's", offered)
	}
	p.selectValue("[data-viewpoint]", "0")
	p.waitJS(`document.body.dataset.viewer === "0" && document.body.dataset.step === "5" && !document.querySelector("[data-private]")`, 10*time.Second)
	var hands int
	p.eval(`document.querySelectorAll("[data-hand-card]").length`, &hands)
	if hands != 0 {
		t.Errorf("a spectator's replay shows %d hand cards", hands)
	}

	// On a phone that holds no seat, deep in the game, from a link naming
	// seat 1 and a step: the step, seen by a spectator.
	phone := newSession(t, "phone", 390, 844, true)
	phone.open(a.url + "/replay/" + id + "?seat=1&step=30")
	phone.waitJS(`document.body.dataset.step === "30" && document.body.dataset.viewer === "0"`, 10*time.Second)
	phone.eval(`document.querySelectorAll("[data-hand-card]").length`, &hands)
	if hands != 0 {
		t.Errorf("a replay on a phone that holds no seat shows %d hand cards", hands)
	}
	var wide bool
	phone.eval(`document.documentElement.scrollWidth > window.innerWidth + 1`, &wide)
	if wide {
		t.Error("the replay page is wider than the phone's screen")
	}
	phone.screenshot("replay-breakinghead-phone.png", "")
}
