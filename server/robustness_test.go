package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
)

// TestBotBudgetsBounded checks that a client cannot make a bot that
// takes the server down or keeps a CPU for longer than BotTime: absurd
// worker and sample counts are refused (each worker or sample is a copy
// of the state made before any clock is looked at), a spec is stored in
// its short canonical form, and a search's time or iteration budget ends
// at BotTime with the search's own move, not a failure.
func TestBotBudgetsBounded(t *testing.T) {
	const botTime = 300 * time.Millisecond
	n := startNode(t, nil, server.Config{BotTime: botTime})
	for _, tc := range []struct{ spec, says string }{
		{"mcts:workers=1000000000", "workers=1000000000: at most"},
		{"ismcts:workers=100000", "workers=100000: at most"},
		{"greedy:samples=1000000000", "samples=1000000000: at most"},
	} {
		code, raw := n.call("POST", "/api/matches", "", map[string]any{"game": "source", "seats": []string{"human", tc.spec}}, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), tc.says) {
			t.Errorf("bot %s: %d %s; want 400 saying %q", tc.spec, code, raw, tc.says)
		}
		code, raw = n.call("POST", "/api/matches", "", map[string]any{"game": "source", "timeout_bot": tc.spec, "turn_timer": "1m"}, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), tc.says) {
			t.Errorf("timeout bot %s: %d %s; want 400 saying %q", tc.spec, code, raw, tc.says)
		}
	}
	// Padded to near the bound on a spec's length (a longer one is refused:
	// TestErrorsQuoteLittle).
	long := "mcts:iterations=" + strings.Repeat("0", 80) + "7"
	a := n.create(map[string]any{"game": "source", "seats": []string{"human", long}, "timeout_bot": "mcts:c=1.40000000000000000000", "turn_timer": "1m"})
	if got := a.Match.Seats[1].Bot; got != "mcts:iterations=7" || a.Match.Seats[1].Name != got {
		t.Errorf("a long spec is stored as %.60q", got)
	}
	if got := a.Match.Settings["timeout_bot"]; got != "mcts:c=1.4" {
		t.Errorf("timeout bot stored as %q", got)
	}

	// Budgets far beyond BotTime: each move comes after about BotTime,
	// chosen by the search.
	b := n.create(map[string]any{"game": "source", "seats": []string{"mcts:iterations=1000000000,workers=1", "mcts:time=1h,workers=1"}})
	start := time.Now()
	deadline := start.Add(20 * botTime)
	for n.match(b.Match.ID).Version < 4 {
		if time.Now().After(deadline) {
			t.Fatalf("4 bot moves took over %v", 20*botTime)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if errs := n.metric("commons_bot_errors_total"); errs != "0" {
		t.Errorf("bots failed %s times: a budget over BotTime should end the search, not fail it", errs)
	}
}

// finishCountdown plays a countdown match between two tokens to its end.
func (n *node) finishCountdown(id string, tokens []string) {
	n.t.Helper()
	for {
		s := n.state(id, "")
		if s.Status == "over" {
			return
		}
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", tokens[s.ToMove-1], map[string]any{"move": "take1", "version": s.Version}, nil)
	}
}

// TestRematchTwice checks that a player who asks for the rematch again
// (a double click, a retry after a lost answer) keeps its one seat, with
// the same token, and does not take the other player's.
func TestRematchTwice(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1, "name": "ann"})
	b := n.join(a.Match.ID, 2)
	n.finishCountdown(a.Match.ID, []string{a.Token, b.Token})
	var b1, b2, a1 seatAnswer
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/rematch", b.Token, nil, &b1)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/rematch", b.Token, nil, &b2)
	if b1.Seat != 2 || b2.Seat != 2 || b1.Token != b2.Token || b2.Match.FreeSeats != 1 {
		t.Fatalf("seat 2 asked twice: seats %d and %d, same token %v, %d free seats", b1.Seat, b2.Seat, b1.Token == b2.Token, b2.Match.FreeSeats)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/rematch", a.Token, nil, &a1)
	if a1.Seat != 1 || a1.Match.ID != b1.Match.ID || a1.Match.Status != "running" {
		t.Fatalf("seat 1 after seat 2 asked twice: %+v", a1)
	}
	// The players keep their names.
	if got := a1.Match.Seats[0].Name; got != "ann" {
		t.Errorf("seat 1 of the rematch is named %q, want ann", got)
	}
	// The rematch tokens are secrets of their own: each plays its seat only.
	s := n.state(a1.Match.ID, b1.Token)
	if s.Seat != 2 || n.state(a1.Match.ID, a1.Token).Seat != 1 {
		t.Fatalf("the rematch tokens hold seats %d and %d", s.Seat, n.state(a1.Match.ID, a1.Token).Seat)
	}
}

// TestListGameAndLimit checks that the lobby's game filter keeps the
// limit, and finds a game's matches however many of other games are newer.
func TestListGameAndLimit(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for range 3 {
		n.create(map[string]any{"game": "source"})
	}
	for range 3 {
		n.create(map[string]any{"game": "countdown"})
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=source&limit=2", "", nil, &list)
	if len(list) != 2 || list[0].Game != "source" || list[1].Game != "source" {
		t.Fatalf("game=source&limit=2: %d matches", len(list))
	}
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=source&limit=1", "", nil, &list)
	if len(list) != 1 {
		t.Fatalf("game=source&limit=1: %d matches", len(list))
	}
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=source", "", nil, &list)
	if len(list) != 3 {
		t.Fatalf("game=source: %d matches", len(list))
	}
}

// TestDuplicateKeys checks that JSON with a key given twice is refused
// (encoding/json would silently keep the last, which another reader of
// the same text may not), over HTTP and WebSocket, and changes nothing.
func TestDuplicateKeys(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	b := n.join(a.Match.ID, 2)
	moves := "/api/matches/" + a.Match.ID + "/moves"
	for _, tc := range []struct{ path, token, body, says string }{
		{"/api/matches", "", `{"game":"countdown","game":"source"}`, `key "game" given twice`},
		{"/api/matches", "", `{"game":"source","Game":"countdown"}`, `key "Game" given twice`},
		{"/api/matches", "", `{"game":"source","options":{"territory":"regions","territory":"single"}}`, `key "territory" given twice`},
		{"/api/matches", "", `{"game":"source","seats":[{"x":1}]}`, `each entry of "seats": want a string, not an object`},
		{moves, a.Token, `{"move":"take1","version":0,"version":1}`, `key "version" given twice`},
		{"/api/matches/" + a.Match.ID + "/leave", b.Token, `{"bot":"random","bot":"greedy"}`, `key "bot" given twice`},
	} {
		code, raw := n.call("POST", tc.path, tc.token, tc.body, nil)
		var e struct{ Error string }
		json.Unmarshal(raw, &e)
		if code != http.StatusBadRequest || !strings.Contains(e.Error, tc.says) {
			t.Errorf("%s: %d %s; want 400 saying %q", tc.body, code, raw, tc.says)
		}
	}
	c := n.dial(a.Match.ID, a.Token)
	c.nextState(5 * time.Second)
	c.send(json.RawMessage(`{"type":"move","move":"take1","version":0,"version":1,"id":"d"}`))
	if ans := c.nextAnswer(5 * time.Second); ans.Status != http.StatusBadRequest || !strings.Contains(ans.Error, `key "version" given twice`) {
		t.Errorf("WebSocket message with a key twice: %+v", ans)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"state"} {"type":"state"}`)); err != nil {
		t.Fatal(err)
	}
	if ans := c.nextAnswer(5 * time.Second); ans.Status != http.StatusBadRequest || !strings.Contains(ans.Error, "after the JSON object") {
		t.Errorf("WebSocket message with two objects: %+v", ans)
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?status=open,running,over", "", nil, &list)
	if s := n.state(a.Match.ID, ""); len(list) != 1 || s.Version != 0 || s.Seats[1].Kind != "human" {
		t.Fatalf("the refused requests changed something: %d matches, version %d, %+v", len(list), s.Version, s.Seats)
	}
}

// TestMetricsLabelsBounded checks that a client cannot add label values
// to the metrics at will (each is a time series kept for ever): request
// methods outside HTTP's own are counted as "other".
func TestMetricsLabelsBounded(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, method := range []string{"BREW", "X-1", "get"} {
		req, err := http.NewRequest(method, n.url+"/api/matches", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			t.Errorf("%s /api/matches: %d", method, resp.StatusCode)
		}
	}
	resp, err := http.Get(n.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, bad := range []string{`method="BREW"`, `method="X-1"`, `method="get"`} {
		if strings.Contains(string(body), bad) {
			t.Errorf("/metrics has a series with %s", bad)
		}
	}
	if got := n.metric(`commons_http_requests_total{code="404",method="other"}`); got != "3" {
		t.Errorf(`requests with other methods counted %q times, want 3`, got)
	}
}

// failingStore fails its appends, with an error that quotes what it was
// given, as database drivers' errors may.
type failingStore struct {
	store.Store
	fail atomic.Bool
}

func (f *failingStore) Append(ctx context.Context, a store.Append) error {
	if f.fail.Load() {
		return fmt.Errorf("driver: writing %q: disk I/O error", a.Moves)
	}
	return f.Store.Append(ctx, a)
}

// TestStoreErrorsSayNothingOfTheMove checks that a failed write answers
// 503 without the store's error text: it may quote the entries being
// written, among them the chance outcomes drawn after the move from the
// secret seed, which the player could then know before choosing.
func TestStoreErrorsSayNothingOfTheMove(t *testing.T) {
	st := &failingStore{Store: sqliteStore(t)}
	n := startNode(t, st, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	n.join(a.Match.ID, 2)
	st.fail.Store(true)
	code, raw := n.call("POST", "/api/matches/"+a.Match.ID+"/moves", a.Token, map[string]any{"move": "take2", "version": 0}, nil)
	if code != http.StatusServiceUnavailable {
		t.Fatalf("move with the store failing: %d %s", code, raw)
	}
	if strings.Contains(string(raw), "take2") || strings.Contains(string(raw), "*") || strings.Contains(string(raw), "driver") {
		t.Fatalf("the answer to a failed write passes on the store's error: %s", raw)
	}
	st.fail.Store(false)
	if s := n.state(a.Match.ID, a.Token); s.Version != 0 || !s.YourTurn {
		t.Fatalf("after the failed write: version %d", s.Version)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", a.Token, map[string]any{"move": "take2", "version": 0}, nil)
}

// TestSlowClientDoesNotHoldUpOthers connects a client that never reads
// and makes it ask for the whole state again and again: the server drops
// it once it falls too far behind, and meanwhile every other client
// gets each move at once.
func TestSlowClientDoesNotHoldUpOthers(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "source", "join": 1})
	b := n.join(a.Match.ID, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + a.Match.ID + "/ws"
	slow, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.CloseNow()
	fast := n.dial(a.Match.ID, b.Token)
	fast.nextState(5 * time.Second)
	// The two sockets are served concurrently: the slow one may be
	// registered a moment after the fast one has its first state.
	for deadline := time.Now().Add(5 * time.Second); n.metric("commons_clients") != "2"; {
		if time.Now().After(deadline) {
			t.Fatalf("commons_clients %s, want 2", n.metric("commons_clients"))
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The slow client asks for more than any socket buffer holds.
	sent := make(chan error, 1)
	go func() {
		for range 20000 {
			if err := slow.Write(ctx, websocket.MessageText, []byte(`{"type":"state"}`)); err != nil {
				sent <- nil // dropped by the server: it stops reading us too
				return
			}
		}
		sent <- nil
	}()
	tokens := []string{a.Token, b.Token}
	for i := range 6 {
		s := n.state(a.Match.ID, "")
		mine := n.state(a.Match.ID, tokens[s.ToMove-1])
		if !mine.YourTurn {
			continue // the server played a forced move
		}
		s = mine
		start := time.Now()
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", tokens[s.ToMove-1], map[string]any{"move": mine.Legal[i%len(mine.Legal)], "version": s.Version}, nil)
		if got := fast.nextState(2 * time.Second); got.Version != s.Version+1 {
			t.Fatalf("the other client got version %d after the move at %d", got.Version, s.Version)
		}
		if d := time.Since(start); d > time.Second {
			t.Fatalf("a move reached the other client after %v", d)
		}
	}
	<-sent
	deadline := time.Now().Add(20 * time.Second)
	for n.metric("commons_clients") != "1" {
		if time.Now().After(deadline) {
			t.Fatalf("the slow client is still connected: commons_clients %s", n.metric("commons_clients"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// peekingStore loads each match it creates through the server before
// Create returns, as a client that saw the new match in the lobby and
// opened it at once would.
type peekingStore struct {
	store.Store
	n *node
}

func (p *peekingStore) Create(ctx context.Context, m *store.Match, moves []string) error {
	if err := p.Store.Create(ctx, m, moves); err != nil {
		return err
	}
	p.n.quietCall("GET", "/api/matches/"+m.ID, "", nil, nil)
	return nil
}

// TestMatchOpenedWhileCreated checks that a match loaded by a request
// while it is being created is held once: a second copy would run its
// bots beside the first, each losing half its moves to the other.
func TestMatchOpenedWhileCreated(t *testing.T) {
	st := &peekingStore{Store: sqliteStore(t)}
	n := startNode(t, st, server.Config{})
	st.n = n
	a := n.create(map[string]any{"game": "source", "seats": []string{"random", "random"}})
	v := n.waitStatus(a.Match.ID, "over", 30*time.Second)
	if got := n.metric("commons_move_conflicts_total"); got != "0" {
		t.Fatalf("%d moves, %s of them lost to a second copy of the match", v.Version, got)
	}
	if got := n.metric("commons_live_matches"); got != "1" {
		t.Fatalf("commons_live_matches %s, want 1", got)
	}
}

// TestOddRequests covers requests beside TestBadInput's: an ID far too
// long to be one (not echoed back whole), and a plain GET of a
// WebSocket's URL: both answer a JSON error like every other.
func TestOddRequests(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "join": 1})
	for _, tc := range []struct {
		path   string
		status int
		says   string
	}{
		{"/api/matches/" + strings.Repeat("a", 5000), 404, "no match"},
		{"/api/matches/" + strings.Repeat("a", 5000) + "/state", 404, "no match"},
		{"/api/matches/%2e%2e%2fetc", 404, `no match "../etc"`},
		{"/api/matches/" + a.Match.ID + "/ws", 426, "WebSocket"},
	} {
		code, raw := n.call("GET", tc.path, "", nil, nil)
		var e struct{ Error string }
		if err := json.Unmarshal(raw, &e); err != nil || code != tc.status || !strings.Contains(e.Error, tc.says) || len(raw) > 300 {
			t.Errorf("GET %.60s: %d %.300s; want %d and a short JSON error saying %q", tc.path, code, raw, tc.status, tc.says)
		}
	}
}
