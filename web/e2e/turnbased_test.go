package e2e

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/commons-games/commons/internal/smtptest"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/server"
)

// The tests of turn-based play (docs/api.md, Turn-based matches, Forced
// moves, Undo, Notices) through the pages.

var mailLink = regexp.MustCompile(`https?://[^\s"<>]+`)

// mailLinks are the links of a mail's text whose path starts with path.
func mailLinks(m smtptest.Received, path string) []string {
	var out []string
	for _, l := range mailLink.FindAllString(m.Text, -1) {
		if u, err := url.Parse(l); err == nil && strings.HasPrefix(u.Path, path) {
			out = append(out, l)
		}
	}
	return out
}

// mailsTo are the mails the SMTP server received for addr whose subject
// starts with subject.
func mailsTo(srv *smtptest.Server, addr, subject string) []smtptest.Received {
	var out []smtptest.Received
	for _, m := range srv.Messages() {
		if slices.Contains(m.To, addr) && strings.HasPrefix(m.Subject, subject) {
			out = append(out, m)
		}
	}
	return out
}

// waitMails waits until addr has received n mails whose subject starts
// with subject, and returns them.
func waitMails(t *testing.T, srv *smtptest.Server, addr, subject string, n int) []smtptest.Received {
	t.Helper()
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		got := mailsTo(srv, addr, subject)
		if len(got) >= n {
			return got
		}
		if time.Now().After(end) {
			t.Fatalf("%s received %d mails %q, want %d", addr, len(got), subject, n)
		}
	}
}

// turnsBegun counts the turns begun of each seat (from 1) in match id,
// from its log: a turn is a run of one seat's entries (chance between
// them does not count), and the turn of the seat to move has begun even
// before its first move. A notice is due to its person for each.
func turnsBegun(a *app, id string) map[int]int {
	var st struct {
		ToMove int `json:"to_move"`
		Moves  []struct {
			Seat int `json:"seat"`
		} `json:"moves"`
	}
	a.call("GET", "/api/matches/"+id+"/state", nil, &st)
	turns, last := map[int]int{}, 0
	for _, e := range st.Moves {
		if e.Seat != 0 && e.Seat != last {
			turns[e.Seat]++
			last = e.Seat
		}
	}
	if st.ToMove != 0 && st.ToMove != last {
		turns[st.ToMove]++
	}
	return turns
}

// TestTurnBasedMatchAcrossARestart: two people sign up, each in a
// browser of their own (a laptop and a phone), give an e-mail address
// and ask for turn mails on the account page, and confirm the address
// by opening the link of the mail a real SMTP server received. Ada makes
// a turn-based match of Source (a day a move); Bob joins by the invite
// link. They play from the two browsers, the server is restarted on the
// same database in between (the pages reconnect, the deadline stays),
// and each gets one mail per turn, whose link opens the match. The
// clocks, the lobby's "Your turn" and the profile's waiting list show
// how long a match has waited and its deadline.
func TestTurnBasedMatchAcrossARestart(t *testing.T) {
	mails := smtptest.Start(t)
	r := startRestartableApp(t, func(c *server.Config, url string) {
		m, err := mail.NewSMTP(mail.SMTPConfig{Addr: mails.Addr(), From: "turns@commons.test", TLS: mail.TLSNone})
		if err != nil {
			t.Fatal(err)
		}
		c.Mail, c.PublicOrigin = m, url
	})
	base := r.url
	ada := newSession(t, "ada", 1280, 900, false)
	bob := newSession(t, "bob", 390, 844, true)
	people := []struct {
		s          *session
		name, addr string
	}{{ada, "Ada", "ada@example.org"}, {bob, "Bob", "bob@example.org"}}

	for _, p := range people {
		signUp(p.s, base, p.name, "a long password of "+p.name)
		p.s.open(base + "/account")
		p.s.waitJS(`document.body.dataset.prefsLoaded === "true" && document.querySelector("[data-email-state]").dataset.emailState === "none"`, 10*time.Second)
		p.s.typeIn("#prefs-email", p.addr)
		p.s.click("[data-prefs-save-email]")
		p.s.waitJS(`document.querySelector("[data-email-state]").dataset.emailState === "sent"`, 10*time.Second)
		p.s.click("[data-prefs-notify]")
		p.s.waitJS(`document.body.dataset.prefsTurnMails === "true"`, 10*time.Second)
		if p.s == bob {
			p.s.screenshot("turnbased-account-sent-390.png", "")
		}
		confirm := waitMails(t, mails, p.addr, "Confirm", 1)
		links := mailLinks(confirm[0], "/api/account/email/confirm")
		if len(links) != 1 || !strings.HasPrefix(links[0], base+"/") {
			t.Fatalf("the confirmation mail to %s has links %q, want one to %s", p.addr, links, base)
		}
		p.s.open(links[0])
		p.s.waitJS(`document.body.dataset.view === "account" && document.querySelector("[data-email-confirmed]") && document.querySelector("[data-email-state]").dataset.emailState === "confirmed"`, 10*time.Second)
		if got := p.s.data(); got["prefsMailConfirmed"] != "true" || got["prefsTurnMails"] != "true" {
			t.Errorf("%s's account page after confirming: %v", p.name, got)
		}
	}
	ada.screenshot("turnbased-account-1280.png", "")
	bob.screenshot("turnbased-account-390.png", "")

	// Ada makes a turn-based match; the time per move is a day unless
	// she chooses another.
	ada.open(base + "/")
	ada.waitJS(`document.querySelector("#game option[value='source']") && document.querySelector("#play-mode") && document.querySelector("[data-playing-as='Ada']")`, 10*time.Second)
	ada.selectValue("#game", "source")
	ada.selectValue("#seat-2", "open")
	ada.selectValue("#play-mode", "turn-based")
	var form struct {
		MoveTime    string `json:"moveTime"`
		TimerHidden bool   `json:"timerHidden"`
	}
	ada.eval(`({moveTime: document.querySelector("#move-time").value, timerHidden: document.querySelector("#timer").closest("label").hidden})`, &form)
	if form.MoveTime != "1d" || !form.TimerHidden {
		t.Errorf("the form, turn based: %+v, want a day a move and no turn timer", form)
	}
	ada.screenshot("turnbased-lobby-form-1280.png", "")
	ada.click("#create")
	ada.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open"`, 10*time.Second)
	var invite string
	ada.eval(`document.querySelector(".invite-url").value`, &invite)
	id := strings.TrimPrefix(invite, base+"/match/")
	var m struct {
		TurnBased bool              `json:"turn_based"`
		Settings  map[string]string `json:"settings"`
	}
	r.call("GET", "/api/matches/"+id, nil, &m)
	if !m.TurnBased || m.Settings["turn_timer"] != "24h0m0s" {
		t.Fatalf("the match made: %+v, want turn based, a day a move", m)
	}

	bob.open(base + "/")
	bob.waitJS(fmt.Sprintf(`document.querySelector('tr[data-match=%q] [data-turn-based]')`, id), 10*time.Second)
	bob.open(invite)
	bob.waitJS(`document.querySelector("[data-join-seat='2']")`, 10*time.Second)
	bob.click("[data-join-seat='2']")
	bob.waitJS(`document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, 10*time.Second)
	ada.waitJS(`document.body.dataset.status === "running" && document.body.dataset.yourTurn === "true"`, 10*time.Second)

	// The clocks: Ada's counts down from a day, Bob's shows the time per
	// move.
	clocks := func(s *session) (moving, other string) {
		s.t.Helper()
		s.waitJS(`document.querySelector("[data-clock-moving] .clock-time")?.textContent`, 10*time.Second)
		var c []string
		s.eval(`[document.querySelector("[data-clock-moving] .clock-time").textContent, document.querySelector(".clock:not([data-clock-moving]) .clock-time").textContent]`, &c)
		return c[0], c[1]
	}
	for _, s := range []*session{ada, bob} {
		s.waitJS(`document.querySelector('[data-clock-seat="1"][data-clock-moving]')`, 10*time.Second)
		moving, other := clocks(s)
		if !regexp.MustCompile(`^(23 h \d+ min|1 d) left$`).MatchString(moving) || other != "1 d a move" {
			t.Errorf("%s's clocks: %q for Ada, to move, and %q for Bob; want about a day left and \"1 d a move\"", s.name, moving, other)
		}
	}
	var deadline string
	ada.eval(`document.querySelector("[data-clock-moving] .clock-time").dataset.deadline`, &deadline)
	// A day to go is no hurry: the banner's time left is red only in a
	// turn-based move's last hour.
	var timeLeft []bool
	ada.eval(`[!!document.querySelector(".banner .deadline"), !!document.querySelector(".banner .deadline.soon")]`, &timeLeft)
	if len(timeLeft) != 2 || !timeLeft[0] || timeLeft[1] {
		t.Errorf("the banner's time left (shown, urgent): %v, want shown and not urgent with a day to go", timeLeft)
	}
	ada.screenshot("turnbased-match-1280.png", "")
	bob.screenshot("turnbased-match-390.png", "")

	// noticesDue checks that each person has had one mail per turn begun.
	noticesDue := func() {
		t.Helper()
		turns := turnsBegun(r.app, id)
		for i, p := range people {
			got := waitMails(t, mails, p.addr, "Your turn", turns[i+1])
			for _, n := range got {
				if len(mailLinks(n, "/match/"+id)) == 0 || n.Header.Get("List-Unsubscribe") == "" {
					t.Errorf("a notice to %s: %q, with no link to the match or no List-Unsubscribe", p.addr, n.Text)
				}
			}
		}
		time.Sleep(300 * time.Millisecond) // a second notice of a turn would come now
		for i, p := range people {
			if got := mailsTo(mails, p.addr, "Your turn"); len(got) != turns[i+1] {
				t.Errorf("%s received %d turn mails, want %d: one per turn", p.addr, len(got), turns[i+1])
			}
		}
	}
	noticesDue()
	sourceMoves(t, 4, ada, bob) // a turn each
	noticesDue()

	// The server stops: the pages say so, and come back by themselves
	// when it starts again on the same database.
	r.stop()
	for _, s := range []*session{ada, bob} {
		s.waitJS(`document.body.dataset.connected === "false"`, 10*time.Second)
	}
	bob.screenshot("turnbased-disconnected-390.png", "")
	r.start()
	for _, s := range []*session{ada, bob} {
		s.waitJS(`document.body.dataset.connected === "true" && document.querySelector("[data-clock-moving]")`, 20*time.Second)
	}
	var after string
	ada.eval(`document.querySelector("[data-clock-moving] .clock-time").dataset.deadline`, &after)
	if t0, _ := time.Parse(time.RFC3339, deadline); after == "" {
		t.Errorf("no deadline after the restart")
	} else if t1, _ := time.Parse(time.RFC3339, after); t1.Before(t0) {
		t.Errorf("the deadline after the restart, %s, is before the first turn's, %s", after, deadline)
	}
	noticesDue() // none sent twice
	sourceMoves(t, 4, ada, bob)
	noticesDue()

	// The last mail's link opens the match, for whoever is to move.
	turns := turnsBegun(r.app, id)
	var toMove struct {
		ToMove int `json:"to_move"`
	}
	r.call("GET", "/api/matches/"+id, nil, &toMove)
	p := people[toMove.ToMove-1]
	notices := mailsTo(mails, p.addr, "Your turn")
	if len(notices) != turns[toMove.ToMove] || len(notices) < 2 {
		t.Fatalf("%s has %d notices, want %d", p.addr, len(notices), turns[toMove.ToMove])
	}
	link := mailLinks(notices[len(notices)-1], "/match/"+id)[0]
	if u, _ := url.Parse(link); u.Host != strings.TrimPrefix(base, "http://") {
		t.Errorf("the notice's link %s is not to %s", link, base)
	}
	p.s.open(link)
	p.s.waitJS(fmt.Sprintf(`document.body.dataset.view === "match" && document.body.dataset.match === %q && document.body.dataset.seat === "%d" && document.body.dataset.yourTurn === "true"`, id, toMove.ToMove), 10*time.Second)

	// The lobby shows them "Your turn" first, with how long it has
	// waited and its deadline, and the profile the same.
	p.s.open(base + "/")
	item := fmt.Sprintf(`[data-your-turn] [data-waiting-match=%q]`, id)
	p.s.waitJS(`document.querySelector(`+js(item)+`)`, 10*time.Second)
	var words string
	p.s.eval(`document.querySelector(`+js(item+" .waiting-times")+`).textContent`, &words)
	if !regexp.MustCompile(`^waiting .+ · (23 h \d+ min|1 d) left \(.+\)$`).MatchString(words) {
		t.Errorf("the lobby's Your turn says %q, want how long it waited and its deadline", words)
	}
	var first bool
	p.s.eval(`document.querySelector("[data-card='your-turn']") === document.querySelector(".lobby .card:not([hidden])")`, &first)
	if !first {
		t.Errorf("Your turn is not the lobby's first card")
	}
	p.s.screenshot(fmt.Sprintf("turnbased-lobby-%s.png", map[*session]string{ada: "1280", bob: "390"}[p.s]), "")
	p.s.click(item + " [data-your-turn-link]")
	p.s.waitJS(fmt.Sprintf(`document.body.dataset.view === "match" && document.body.dataset.match === %q`, id), 10*time.Second)
	other := people[2-toMove.ToMove]
	other.s.open(base + "/u/" + p.name)
	other.s.waitJS(fmt.Sprintf(`document.querySelector('[data-waiting] [data-waiting-match=%q] .waiting-times')`, id), 10*time.Second)
	other.s.eval(fmt.Sprintf(`document.querySelector('[data-waiting] [data-waiting-match=%q] .waiting-times').textContent`, id), &words)
	if !strings.HasPrefix(words, "waiting ") || !strings.Contains(words, " left (") {
		t.Errorf("%s's profile says of the match waiting: %q", p.name, words)
	}
	other.s.screenshot(fmt.Sprintf("turnbased-profile-%s.png", map[*session]string{ada: "1280", bob: "390"}[other.s]), "")
}

// undoStatus has s's page ask to take back its last move, with the
// seat's token as the page keeps it, at the version it shows; it returns
// the answer's status and error.
func undoStatus(s *session, id string) (int, string) {
	s.t.Helper()
	var res struct {
		Status int    `json:"status"`
		Error  string `json:"error"`
	}
	raw := value(s, 10*time.Second, chromedp.Evaluate[[]byte](fmt.Sprintf(`(async () => {
		const held = JSON.parse(localStorage.getItem("commons.seat." + %s) || "null");
		const r = await fetch("/api/matches/" + %s + "/undo", {method: "POST", headers: {"Content-Type": "application/json", ...(held?.token ? {Authorization: "Bearer " + held.token} : {})},
			body: JSON.stringify({version: Number(document.body.dataset.version)})});
		const body = await r.json().catch(() => ({}));
		return {status: r.status, error: body.error || ""};
	})()`, js(id), js(id)), chromedp.EvalAwaitPromise))
	if err := json.Unmarshal(raw, &res); err != nil {
		s.t.Fatal(err)
	}
	return res.Status, res.Error
}

// TestUndoRefusedPastADraw: in Source a first action point is taken back
// with Undo (the board goes back, the log drops it); in Breaking Head,
// where every card played comes out of a secret hand face up and draws
// one, Undo is never offered, and the server refuses it with its reason.
func TestUndoRefusedPastADraw(t *testing.T) {
	a := startApp(t)
	p := newSession(t, "pat", 1280, 900, false)

	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='source']")`, 10*time.Second)
	p.typeIn("#name", "pat")
	p.selectValue("#game", "source")
	p.selectValue("#seat-2", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true"`, 10*time.Second)
	id := p.data()["match"]
	const tokens = `document.querySelectorAll(".source-board g.token").length`
	var before, during, entries int
	p.eval(tokens, &before)
	v0 := p.data()["version"]
	if _, ok := p.data()["undoDepth"]; ok {
		t.Fatalf("Undo is offered before any move")
	}
	var sel string
	p.eval(sourcePick, &sel)
	p.click(sel)
	p.versionAfter(v0, 10*time.Second)
	p.waitJS(`document.querySelector("[data-undo]") && document.body.dataset.undoDepth === "1"`, 10*time.Second)
	p.eval(tokens, &during)
	if during != before+1 {
		t.Fatalf("the board shows %d tokens after a place, want %d", during, before+1)
	}
	v1 := p.data()["version"]
	p.click("[data-undo]")
	d := p.versionAfter(v1, 10*time.Second)
	if d["version"] != v0 || d["yourTurn"] != "true" {
		t.Fatalf("after Undo: version %s (want %s), your turn %s", d["version"], v0, d["yourTurn"])
	}
	p.waitJS(`!document.querySelector("[data-undo]")`, 5*time.Second)
	p.eval(tokens, &during)
	p.eval(`document.querySelectorAll("ol.log li").length`, &entries)
	if during != before || entries != 0 {
		t.Errorf("after Undo the board shows %d tokens (want %d) and the log %d entries (want 0)", during, before, entries)
	}
	if rec := a.storedRecord(id); len(rec.Moves) != 0 {
		t.Errorf("the record keeps %d moves after the undo, want none", len(rec.Moves))
	}

	// Breaking Head: a card played is shown, and another drawn.
	p.open(a.url + "/")
	p.waitJS(`document.querySelector("#game option[value='breaking-head']")`, 10*time.Second)
	p.selectValue("#game", "breaking-head")
	p.selectValue("#players", "3")
	p.selectValue("#seat-1", "you")
	p.selectValue("#seat-2", "random")
	p.selectValue("#seat-3", "random")
	p.click("#create")
	p.waitJS(`document.body.dataset.view === "match" && document.body.dataset.yourTurn === "true" && document.querySelector("[data-legal-move]")`, 20*time.Second)
	id = p.data()["match"]
	v0 = p.data()["version"]
	var played string
	p.eval(`(() => { const b = [...document.querySelectorAll("[data-legal-move]")].find((b) => !b.dataset.legalMove.startsWith("pass")); b.click(); return b.dataset.legalMove; })()`, &played)
	p.versionAfter(v0, 10*time.Second)
	if _, ok := p.data()["undoDepth"]; ok || p.has("[data-undo]") {
		t.Errorf("Undo is offered after playing %s", played)
	}
	p.waitJS(`document.body.dataset.yourTurn === "true" && !document.body.dataset.pending`, 30*time.Second)
	if _, ok := p.data()["undoDepth"]; ok || p.has("[data-undo]") {
		t.Errorf("Undo is offered on the next turn after playing %s", played)
	}
	status, reason := undoStatus(p, id)
	if status != 409 || !strings.Contains(reason, "nothing to take back") || !strings.Contains(reason, "card drawn or revealed") {
		t.Errorf("POST undo after playing %s: %d %q, want 409 saying why", played, status, reason)
	}
	p.screenshot("undo-breakinghead-1280.png", "")
}

// TestForcedMovesPlayedForThePerson: in 3io a turn begins with "expand"
// alone while a player has no crew to score: it is played for the
// person, and the log says so; with "Play my forced moves for me" off on
// the account page, the match waits for the person's click.
func TestForcedMovesPlayedForThePerson(t *testing.T) {
	a := startApp(t)
	guest := newSession(t, "gus", 390, 844, true)
	newMatch := func(s *session) string {
		s.t.Helper()
		s.open(a.url + "/")
		s.waitJS(`document.querySelector("#game option[value='3io']") && document.getElementById("account-area").dataset.signedIn !== "unknown"`, 10*time.Second)
		if s.has("#name") {
			s.typeIn("#name", s.name)
		}
		s.selectValue("#game", "3io")
		s.selectValue("#seat-2", "random")
		s.click("#create")
		s.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "running"`, 10*time.Second)
		return s.data()["match"]
	}
	newMatch(guest)
	guest.waitJS(`[...document.querySelectorAll('ol.log li[data-mark="forced"]')].some((li) => li.textContent.includes("expand"))`, 20*time.Second)
	var line string
	guest.eval(`document.querySelector('ol.log li[data-mark="forced"]').textContent`, &line)
	if !strings.HasSuffix(line, "(forced: the only move)") || !strings.Contains(line, "gus") {
		t.Errorf("the forced move's log line: %q", line)
	}
	guest.screenshot("forced-390.png", "")

	// Off on the account page: the expand waits for the click.
	cal := newSession(t, "cal", 1280, 900, false)
	signUp(cal, a.url, "Cal", "a long password of Cal")
	cal.open(a.url + "/account")
	cal.waitJS(`document.body.dataset.prefsLoaded === "true" && document.body.dataset.prefsForcedOn === "true"`, 10*time.Second)
	cal.click("[data-prefs-forced]")
	cal.waitJS(`document.body.dataset.prefsForcedOn === "false" && document.querySelector("[data-prefs-message]:not([hidden])")`, 10*time.Second)
	cal.screenshot("forced-off-account-1280.png", "")
	newMatch(cal)
	cal.waitJS(`document.body.dataset.yourTurn === "true" && document.querySelector('[data-move="expand"]')`, 20*time.Second)
	v := cal.data()["version"]
	time.Sleep(time.Second)
	var legal []string
	cal.eval(`[...document.querySelectorAll("[data-legal-move]")].map((b) => b.dataset.legalMove)`, &legal)
	if d := cal.data(); d["version"] != v || d["yourTurn"] != "true" || !slices.Equal(legal, []string{"expand"}) {
		t.Fatalf("with forced moves off: version %s (was %s), your turn %s, legal %v: want the match to wait for Cal's expand", d["version"], v, d["yourTurn"], legal)
	}
	cal.click(`[data-move="expand"]`)
	cal.versionAfter(v, 10*time.Second)
	var marks []string
	cal.eval(`[...document.querySelectorAll("ol.log li")].filter((li) => li.textContent.includes("expand")).map((li) => li.dataset.mark || "")`, &marks)
	if len(marks) == 0 || slices.Contains(marks, "forced") {
		t.Errorf("Cal's expands are marked %q, want none forced", marks)
	}
	if cal.has(`ol.log li[data-mark="forced"]`) {
		t.Errorf("a forced move in Cal's log with forced moves off")
	}
}

// has reports whether s's page has an element sel names.
func (s *session) has(sel string) bool {
	s.t.Helper()
	var ok bool
	s.eval(fmt.Sprintf(`!!document.querySelector(%s)`, js(sel)), &ok)
	return ok
}

// passTime makes the turn of match id, in the stopped server r's
// database, have begun ago: the clock a server reads a turn-based
// match's deadline from (no API moves it).
func passTime(t *testing.T, r *restartableApp, id string, ago time.Duration) {
	t.Helper()
	db, err := sql.Open("sqlite", r.path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE matches SET turn_start_ms = ? WHERE id = ?`, time.Now().Add(-ago).UnixMilli(), id)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("moving match %s's turn start: %d rows", id, n)
	}
}

// TestOutOfTimeTakeOver: in a turn-based match, Ada's time runs out two
// turns in a row (the server is stopped and her turn made to have
// begun a day ago); each time the bot moves for her, and the log says
// so. Bob is then asked what to do about her seat, and offers it to be
// taken over; a visitor takes it over from the match page.
func TestOutOfTimeTakeOver(t *testing.T) {
	r := startRestartableApp(t, nil)
	ada := newSession(t, "ada", 1280, 900, false)
	bob := newSession(t, "bob", 1280, 900, false)
	ada.open(r.url + "/")
	ada.waitJS(`document.querySelector("#game option[value='source']") && document.querySelector("#play-mode")`, 10*time.Second)
	ada.typeIn("#name", "ada")
	ada.selectValue("#game", "source")
	ada.selectValue("#seat-2", "open")
	ada.selectValue("#play-mode", "turn-based")
	ada.selectValue("#move-time", "12h")
	ada.click("#create")
	ada.waitJS(`document.body.dataset.view === "match" && document.body.dataset.status === "open"`, 10*time.Second)
	id := ada.data()["match"]
	bob.open(r.url + "/match/" + id)
	bob.waitJS(`document.querySelector("[data-join-seat='2']")`, 10*time.Second)
	bob.typeIn("[data-join-name]", "bob")
	bob.click("[data-join-seat='2']")
	bob.waitJS(`document.body.dataset.seat === "2" && document.body.dataset.status === "running"`, 10*time.Second)
	ada.waitJS(`document.body.dataset.yourTurn === "true" && document.querySelector('[data-clock-moving] .clock-time')?.textContent.startsWith("11 h 59 min")`, 10*time.Second)

	// timeOut runs Ada's time out until her turn is over: the bot makes
	// one move each time (a Source turn is two), and her next move has
	// its time again.
	timeOut := func() {
		t.Helper()
		for i := 0; bob.data()["yourTurn"] != "true"; i++ {
			if i == 3 {
				t.Fatalf("Ada's turn is not over after %d timeouts", i)
			}
			v := bob.data()["version"]
			r.stop()
			bob.waitJS(`document.body.dataset.connected === "false"`, 10*time.Second)
			passTime(t, r, id, 13*time.Hour)
			r.start()
			bob.waitJS(fmt.Sprintf(`document.body.dataset.connected === "true" && document.body.dataset.version !== %q`, v), 20*time.Second)
		}
	}
	timeOut()
	bob.waitJS(`document.querySelector('ol.log li[data-mark="timeout"]')`, 10*time.Second)
	var line string
	bob.eval(`document.querySelector('ol.log li[data-mark="timeout"]').textContent`, &line)
	if !strings.HasPrefix(line, "Seat 1 (ada): ") || !strings.HasSuffix(line, "(time ran out: the bot moved)") {
		t.Errorf("the log's line of a move the bot made for Ada: %q", line)
	}
	if bob.has("[data-out-of-time-seat]") {
		t.Errorf("Bob is asked about Ada's seat after one turn run out")
	}
	sourceMoves(t, 2, bob)
	timeOut()
	bob.waitJS(`document.querySelector('[data-out-of-time-seat="1"] [data-out-of-time-take-over]')`, 10*time.Second)
	var prompt string
	bob.eval(`document.querySelector('[data-out-of-time-seat="1"]').textContent`, &prompt)
	if !strings.Contains(prompt, "Seat 1 ran out of time two turns in a row") || !strings.Contains(prompt, "End the match (seat 1 abandons)") {
		t.Errorf("Bob's prompt: %q", prompt)
	}
	ada.waitJS(`document.body.dataset.connected === "true"`, 20*time.Second)
	if ada.has("[data-out-of-time-seat]") {
		t.Errorf("Ada is asked about her own seat")
	}
	bob.screenshot("outoftime-prompt-1280.png", "")
	bob.click(`[data-out-of-time-seat="1"] [data-out-of-time-take-over]`)
	bob.waitJS(`!document.querySelector("[data-out-of-time-seat]")`, 10*time.Second)

	cat := newSession(t, "cat", 390, 844, true)
	cat.open(r.url + "/match/" + id)
	cat.waitJS(`document.querySelector("[data-take-over='1']")`, 10*time.Second)
	cat.screenshot("outoftime-takeover-390.png", "")
	cat.typeIn("[data-take-over-name]", "cat")
	cat.click("[data-take-over='1']")
	cat.waitJS(`document.body.dataset.seat === "1" && !document.querySelector("[data-take-over]")`, 10*time.Second)
	var m struct {
		Seats []struct {
			Kind string `json:"kind"`
			Name string `json:"name"`
		} `json:"seats"`
		TakeOver []int `json:"take_over"`
	}
	r.call("GET", "/api/matches/"+id, nil, &m)
	if m.Seats[0].Kind != "human" || m.Seats[0].Name != "cat" || len(m.TakeOver) != 0 {
		t.Errorf("after Cat took seat 1 over: %+v", m)
	}
	ada.waitJS(`document.body.dataset.seat === "0"`, 10*time.Second) // her token holds no seat now
}

// playsOwnForcedMoves signs s up at base as name (with a password, by
// the API from the page) and turns "Play my forced moves for me" off: a
// test that clicks a move that is the only legal one (3io's Expand at
// the start of a turn, Open Source's one take) needs the person to play
// it, and a guest's are always played for them (docs/api.md, Forced
// moves). The next page opened is signed in.
func playsOwnForcedMoves(s *session, base, name string) {
	s.t.Helper()
	s.open(base + "/")
	raw := value(s, 10*time.Second, chromedp.Evaluate[[]byte](fmt.Sprintf(`(async () => {
		const send = (method, path, body) => fetch(path, {method, headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)}).then((r) => r.status);
		return [await send("POST", "/api/account/signup", {name: %s, password: "a long password of " + %s}), await send("PUT", "/api/account/prefs", {forced_moves: false})];
	})()`, js(name), js(name)), chromedp.EvalAwaitPromise))
	var codes []int
	if err := json.Unmarshal(raw, &codes); err != nil || len(codes) != 2 || codes[0] >= 300 || codes[1] != 200 {
		s.t.Fatalf("%s: signing up as %s with forced moves off: %s %v", s.name, name, raw, err)
	}
}
