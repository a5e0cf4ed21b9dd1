package server_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/internal/smtptest"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/sqlite"
)

// TestTurnBasedSettings: a turn-based match takes a time per move of
// hours or days, one day by default, and refuses a real-time one.
func TestTurnBasedSettings(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, tc := range []struct {
		timer, want string
	}{
		{"", "24h0m0s"},
		{"12h", "12h0m0s"},
		{"3d", "72h0m0s"},
		{"7d", "168h0m0s"},
	} {
		a := n.create(map[string]any{"game": "countdown", "turn_based": true, "turn_timer": tc.timer})
		if !a.Match.TurnBased || a.Match.Settings["mode"] != "turn-based" || a.Match.Settings["turn_timer"] != tc.want {
			t.Errorf("turn_timer %q: %+v, want turn based with %s", tc.timer, a.Match, tc.want)
		}
	}
	for _, bad := range []string{"30s", "0d", "xd", "15d"} {
		code, raw := n.call("POST", "/api/matches", "", map[string]any{"game": "countdown", "turn_based": true, "turn_timer": bad}, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), "time per move") {
			t.Errorf("turn_timer %q: %d %s", bad, code, raw)
		}
	}
}

// passTime makes the turn of match id in the SQLite database at path
// have begun ago: the clock a restarted server reads its deadline from.
// (No store call moves a running turn's start: it is written straight.)
func passTime(t *testing.T, path, id string, ago time.Duration) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE matches SET turn_start_ms = ? WHERE id = ?`, time.Now().Add(-ago).UnixMilli(), id)
	if n, _ := res.RowsAffected(); err != nil || n != 1 {
		t.Fatalf("moving match %s's turn start: %v", id, err)
	}
}

// sqliteAt opens a SQLite store at path, closed when the test ends.
func sqliteAt(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// firstLegal is a bot that plays the first legal move: in countdown,
// take1, so that a test knows how the count goes.
type firstLegal struct{}

func (firstLegal) Act(_ context.Context, s game.State) (game.Action, error) {
	return s.LegalActions(nil)[0], nil
}

// firstLegalBots makes every bot a firstLegal.
func firstLegalBots(string, uint64) (bot.Bot, error) { return firstLegal{}, nil }

// lastMove is the last entry of s's log that a seat made (chance
// outcomes follow some moves).
func lastMove(s stateMsg) entry {
	for i := len(s.Moves) - 1; i >= 0; i-- {
		if s.Moves[i].Seat != 0 {
			return s.Moves[i]
		}
	}
	return entry{}
}

// waitVersion waits for match id on n to reach version v.
func waitVersion(t *testing.T, n *node, id string, v int) matchView {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		m := n.match(id)
		if m.Version >= v {
			return m
		}
		if time.Now().After(end) {
			t.Fatalf("match %s at version %d, want %d", id, m.Version, v)
		}
	}
}

// TestTurnBasedTimeOut: a turn-based match's deadline is the same after
// a restart; once it has passed, the timeout bot moves for the person
// and the log marks it; after two turns in a row run out the others
// choose to end the match, which the seat loses, or to offer its seat.
func TestTurnBasedTimeOut(t *testing.T) {
	for _, choice := range []string{"end", "take-over"} {
		t.Run(choice, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "commons.db")
			st := sqliteAt(t, path)
			cfg := server.Config{NewBot: firstLegalBots}
			n := startNode(t, st, cfg)
			a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "turn_based": true, "turn_timer": "1d", "join": 1, "name": "Ada"})
			id := a.Match.ID
			bob := n.join(id, 2)
			before := n.match(id)
			if before.Deadline == nil || before.Deadline.Sub(time.Now()) < 23*time.Hour {
				t.Fatalf("deadline %v, want a day away", before.Deadline)
			}
			n.stop()
			n = startNode(t, st, cfg)
			if after := n.match(id); after.Deadline == nil || !after.Deadline.Equal(*before.Deadline) {
				t.Fatalf("deadline after a restart %v, want %v", after.Deadline, before.Deadline)
			}
			timeOut := func() {
				t.Helper()
				v := n.match(id).Version
				n.stop()
				passTime(t, path, id, 25*time.Hour)
				n = startNode(t, st, cfg)
				waitVersion(t, n, id, v+1)
				if last := lastMove(n.state(id, "")); last.Mark != "timeout" || last.Seat != 1 {
					t.Fatalf("last move %+v, want seat 1's, marked timeout", last)
				}
			}
			timeOut()
			if m := n.match(id); len(m.OutOfTime) != 0 {
				t.Fatalf("out of time after one turn: %v", m.OutOfTime)
			}
			n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", bob.Token, map[string]any{"move": "take1", "version": n.match(id).Version}, nil)
			timeOut()
			m := n.match(id)
			if !slices.Equal(m.OutOfTime, []int{1}) {
				t.Fatalf("out of time %v, want [1]", m.OutOfTime)
			}
			route := "/api/matches/" + id + "/out-of-time"
			if code, raw := n.call("POST", route, a.Token, map[string]any{"seat": 1, "choice": choice}, nil); code != http.StatusForbidden {
				t.Errorf("the seat out of time chooses for itself: %d %s", code, raw)
			}
			if code, raw := n.call("POST", route, bob.Token, map[string]any{"seat": 2, "choice": choice}, nil); code != http.StatusConflict {
				t.Errorf("a choice for a seat in time: %d %s", code, raw)
			}
			if code, raw := n.call("POST", route, bob.Token, map[string]any{"seat": 1, "choice": "expel"}, nil); code != http.StatusBadRequest {
				t.Errorf("an unknown choice: %d %s", code, raw)
			}
			n.mustCall(http.StatusOK, "POST", route, bob.Token, map[string]any{"seat": 1, "choice": choice}, &m)
			switch choice {
			case "end":
				if m.Status != "over" || m.End == nil || m.End.Reason != record.EndTimeout || m.End.Seat != 1 || !slices.Equal(m.Result, []float64{0, 1}) {
					t.Fatalf("ended: %+v", m)
				}
				if rec := n.record(id, ""); rec.End == nil || rec.End.Reason != record.EndTimeout {
					t.Errorf("the record's end %+v", rec.End)
				}
			case "take-over":
				if m.Status != "running" || m.Seats[0].Kind != "bot" || !slices.Equal(m.TakeOver, []int{1}) || m.FreeSeats != 1 {
					t.Fatalf("offered: %+v", m)
				}
				cat := n.join(id, 0)
				if cat.Seat != 1 {
					t.Fatalf("the seat taken over: %d", cat.Seat)
				}
				if m := n.match(id); m.Seats[0].Kind != "human" || len(m.TakeOver) != 0 {
					t.Fatalf("after the take-over: %+v", m)
				}
			}
		})
	}
}

// TestForcedMoves: a person's only legal move is played for them and
// the log says so, unless they turned forced moves off.
func TestForcedMoves(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, forced := range []bool{true, false} {
		ada, bob := n.signUp("Ada"+map[bool]string{true: "F", false: "M"}[forced]), n.signUp("Bob"+map[bool]string{true: "F", false: "M"}[forced])
		bob.mustCall(http.StatusOK, "PUT", "/api/account/prefs", map[string]any{"forced_moves": forced}, nil)
		a := ada.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
		id := a.Match.ID
		bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
		v := 0
		for i, mv := range []string{"take1", "take1", "take1", "take1", "take1"} { // 1 left: bob's only move is take1
			who := ada
			if i%2 == 1 {
				who = bob
			}
			var res moveAnswer
			who.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": mv, "version": n.match(id).Version}, &res)
			v = res.Version
		}
		if forced {
			m := n.waitStatus(id, "over", 10*time.Second)
			if last := lastMove(n.state(id, "")); last.Mark != "forced" || last.Seat != 2 || m.Result[1] != 1 {
				t.Errorf("last entry %+v, result %v: want Bob's forced take1, and his win", last, m.Result)
			}
			continue
		}
		time.Sleep(200 * time.Millisecond)
		var s stateMsg
		bob.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/state", nil, &s)
		if s.Version != v || !s.YourTurn || !slices.Equal(s.Legal, []string{"take1"}) {
			t.Errorf("with forced moves off: %+v, want Bob to play his one move himself", s)
		}
	}
}

// TestUndoWithinTurn: a person takes back a move within their turn
// (Source's first action point), and the record drops it; a move that
// ended the turn stands, and nobody else may take one back.
func TestUndoWithinTurn(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "source", "join": 1, "name": "Ada"})
	id := a.Match.ID
	bob := n.join(id, 2)
	s := n.state(id, a.Token)
	v := s.Version
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": s.Legal[0], "version": v}, nil)
	s = n.state(id, a.Token)
	if s.Undo != 1 || !s.YourTurn {
		t.Fatalf("after one action point: undo %d, your turn %v; want 1, true", s.Undo, s.YourTurn)
	}
	undo := "/api/matches/" + id + "/undo"
	if code, raw := n.call("POST", undo, bob.Token, map[string]any{"version": v + 1}, nil); code != http.StatusConflict {
		t.Errorf("another seat takes the move back: %d %s", code, raw)
	}
	if code, raw := n.call("POST", undo, a.Token, map[string]any{"version": v}, nil); code != http.StatusConflict || !strings.Contains(string(raw), "stale") {
		t.Errorf("a stale undo: %d %s", code, raw)
	}
	var res moveAnswer
	n.mustCall(http.StatusOK, "POST", undo, a.Token, map[string]any{"version": v + 1}, &res)
	if res.Version != v {
		t.Fatalf("undo answered version %d, want %d", res.Version, v)
	}
	if rec := n.storedRecord(id); len(rec.Moves) != v {
		t.Errorf("the record keeps %d entries after the undo, want %d", len(rec.Moves), v)
	}
	if s = n.state(id, a.Token); s.Version != v || s.Undo != 0 {
		t.Fatalf("after the undo: version %d undo %d", s.Version, s.Undo)
	}
	// Play the turn out: the move that ends it stands.
	for s.YourTurn {
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": s.Legal[len(s.Legal)-1], "version": s.Version}, nil)
		s = n.state(id, a.Token)
	}
	if s.Undo != 0 {
		t.Errorf("after the turn: undo %d, want 0", s.Undo)
	}
	if code, raw := n.call("POST", undo, a.Token, map[string]any{"version": s.Version}, nil); code != http.StatusConflict {
		t.Errorf("an undo past the end of the turn: %d %s", code, raw)
	}
}

var linkRE = regexp.MustCompile(`https?://[^\s"<>]+`)

// received reads the mails an in-process SMTP server received as the
// server sent them (to, subject, text, headers).
type received struct{ *smtptest.Server }

func (r received) Wait(ctx context.Context, n int) ([]*mail.Message, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	got, err := r.Server.Wait(ctx, n)
	return asMessages(got), err
}

func (r received) Messages() []*mail.Message { return asMessages(r.Server.Messages()) }

func asMessages(got []smtptest.Received) []*mail.Message {
	out := make([]*mail.Message, len(got))
	for i, g := range got {
		out[i] = &mail.Message{To: strings.Join(g.To, ","), Subject: g.Subject, Text: g.Text, HTML: g.HTML, Headers: map[string]string{}}
		for k := range g.Header {
			out[i].Headers[k] = g.Header.Get(k)
		}
	}
	return out
}

// links returns the links of a mail's text whose path starts with path.
func links(m *mail.Message, path string) []string {
	var out []string
	for _, l := range linkRE.FindAllString(m.Text, -1) {
		if u, err := url.Parse(l); err == nil && strings.HasPrefix(u.Path, path) {
			out = append(out, l)
		}
	}
	return out
}

// local is link on n: the mails' links point at PublicOrigin.
func local(t *testing.T, link string) string {
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.RequestURI()
}

// TestTurnNotices: a person who confirmed an address and asked for
// notices gets one mail per turn of a turn-based match, with a link to
// the match and one that unsubscribes without signing in.
func TestTurnNotices(t *testing.T) {
	smtp := smtptest.Start(t)
	sender, err := mail.NewSMTP(mail.SMTPConfig{Addr: smtp.Addr(), From: "turns@commons.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	outbox := received{smtp}
	n := startNode(t, nil, server.Config{Mail: sender, PublicOrigin: "http://commons.test"})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	for i, p := range []*person{ada, bob} {
		p.mustCall(http.StatusOK, "PUT", "/api/account/prefs", map[string]any{"email": strings.ToLower(p.name) + "@example.org", "notify_turns": true}, nil)
		got, err := outbox.Wait(context.Background(), i+1)
		if err != nil {
			t.Fatal(err)
		}
		confirm := links(got[i], "/api/account/email/confirm")
		if len(confirm) != 1 {
			t.Fatalf("confirmation mail %q has no link", got[i].Text)
		}
		if code, _ := p.call("GET", local(t, confirm[0]), nil, nil); code != http.StatusOK && code != http.StatusSeeOther {
			t.Fatalf("confirming: %d", code)
		}
		var prefs struct {
			EmailConfirmed bool `json:"email_confirmed"`
			NotifyTurns    bool `json:"notify_turns"`
		}
		p.mustCall(http.StatusOK, "GET", "/api/account/prefs", nil, &prefs)
		if !prefs.EmailConfirmed || !prefs.NotifyTurns {
			t.Fatalf("%s's prefs after confirming: %+v", p.name, prefs)
		}
		if code, _ := p.call("GET", local(t, confirm[0]), nil, nil); code != http.StatusNotFound {
			t.Errorf("a confirmation link used twice: %d", code)
		}
	}
	a := ada.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "turn_based": true, "join": 1})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	wantTo := []string{"ada@example.org"}
	for i, mv := range []string{"take1", "take1"} {
		got, err := outbox.Wait(context.Background(), 2+len(wantTo))
		if err != nil {
			t.Fatal(err)
		}
		notice := got[len(got)-1]
		if notice.To != wantTo[len(wantTo)-1] || !strings.Contains(notice.Subject, "Your turn") || len(links(notice, "/match/"+id)) == 0 || notice.Headers["List-Unsubscribe"] == "" {
			t.Fatalf("notice %d: %+v", i, notice)
		}
		who := []*person{ada, bob}[i%2]
		who.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": mv, "version": n.match(id).Version}, nil)
		wantTo = append(wantTo, []string{"bob@example.org", "ada@example.org"}[i%2])
	}
	got, err := outbox.Wait(context.Background(), 2+len(wantTo))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // a second notice of a turn would come now
	if got = outbox.Messages(); len(got) != 2+len(wantTo) {
		t.Fatalf("%d mails, want %d: one per turn", len(got), 2+len(wantTo))
	}
	// Ada unsubscribes from the mail (a mail program's one-click POST):
	// her next turn sends nothing.
	unsub := links(got[len(got)-1], "/api/unsubscribe")
	if len(unsub) != 1 {
		t.Fatalf("no unsubscribe link in %q", got[len(got)-1].Text)
	}
	u, _ := url.Parse(unsub[0])
	page, _ := n.newPerson("").call("GET", local(t, unsub[0]), nil, nil)
	if page != http.StatusOK {
		t.Fatalf("the unsubscribe page: %d", page)
	}
	resp, err := http.PostForm(n.url+"/api/unsubscribe", url.Values{"s": {u.Query().Get("s")}, "List-Unsubscribe": {"One-Click"}})
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("one-click unsubscribe: %v %v", resp, err)
	}
	resp.Body.Close()
	if resp, _ := http.PostForm(n.url+"/api/unsubscribe", url.Values{"s": {"wrong"}}); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a wrong unsubscribe secret: %d", resp.StatusCode)
	}
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": "take1", "version": n.match(id).Version}, nil)
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": "take1", "version": n.match(id).Version}, nil)
	got, err = outbox.Wait(context.Background(), 3+len(wantTo)) // Bob's notice
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if got = outbox.Messages(); len(got) != 3+len(wantTo) || got[len(got)-1].To != "bob@example.org" {
		t.Errorf("after Ada unsubscribed: %d mails, the last to %s", len(got), got[len(got)-1].To)
	}
}
