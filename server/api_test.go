package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/replay"
	"github.com/commons-games/commons/server"
)

func TestGamesAndLobby(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	var games []struct {
		Name    string `json:"name"`
		Options []struct {
			Name string `json:"name"`
		} `json:"options"`
	}
	n.mustCall(http.StatusOK, "GET", "/api/games", "", nil, &games)
	names := map[string]bool{}
	for _, g := range games {
		names[g.Name] = true
	}
	if !names["countdown"] || !names["source"] {
		t.Fatalf("games: %v", names)
	}
	open := n.create(map[string]any{"game": "countdown", "players": 2, "options": map[string]string{"start": "fixed"}, "seats": []string{"human", "human"}})
	running := n.create(map[string]any{"game": "countdown", "seats": []string{"human", "random"}, "join": 1, "name": "ann"})
	if open.Token != "" || open.Seat != 0 || open.Match.FreeSeats != 2 || open.Match.Status != "open" {
		t.Fatalf("created without joining: %+v", open)
	}
	if running.Match.Status != "running" || running.Match.Seats[0].Name != "ann" || running.Match.Seats[1].Kind != "bot" {
		t.Fatalf("created with a bot and joining: %+v", running.Match)
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?status=open", "", nil, &list)
	if len(list) != 1 || list[0].ID != open.Match.ID || list[0].Options["start"] != "fixed" {
		t.Fatalf("open matches: %+v", list)
	}
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=countdown&status=open,running,over", "", nil, &list)
	if len(list) != 2 {
		t.Fatalf("all countdown matches: %d", len(list))
	}
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=source", "", nil, &list)
	if len(list) != 0 {
		t.Fatalf("source matches: %d", len(list))
	}
	// The page a browser opens.
	resp, err := http.Get(n.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<html") {
		t.Fatalf("GET /: %d", resp.StatusCode)
	}
}

// TestBadInput sends each kind of bad request and checks its status, its
// message, and that nothing changed.
func TestBadInput(t *testing.T) {
	n := startNode(t, nil, server.Config{MaxBodyBytes: 1 << 10})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	b := n.join(a.Match.ID, 2)
	id := a.Match.ID
	moves := "/api/matches/" + id + "/moves"
	big := `{"game":"countdown","name":"` + strings.Repeat("x", 2<<10) + `"}`
	tests := []struct {
		name, method, path, token string
		body                      any
		status                    int
		says                      string
	}{
		{"malformed JSON", "POST", "/api/matches", "", `{"game":`, 400, "malformed JSON"},
		{"not an object", "POST", "/api/matches", "", `[1]`, 400, "want a JSON object {...}, not an array"},
		{"a title for a name", "POST", "/api/matches", "", map[string]any{"game": "Count Down", "players": 5}, 400, "the game is for 2"},
		{"version as a string", "POST", "/api/matches/nosuchmatch/moves", "tok", `{"move":"take1","version":"1"}`, 400, `"version": want a whole number, not a string`},
		{"players as a fraction", "POST", "/api/matches", "", `{"game":"countdown","players":2.5}`, 400, `"players": want a whole number, not 2.5`},
		{"options as a list", "POST", "/api/matches", "", `{"game":"countdown","options":["start"]}`, 400, `"options": want an object of strings`},
		{"trailing data", "POST", "/api/matches", "", `{"game":"countdown"} {}`, 400, "after the JSON"},
		{"empty body", "POST", "/api/matches", "", ``, 400, "empty request body"},
		{"unknown field", "POST", "/api/matches", "", `{"game":"countdown","colour":"red"}`, 400, `unknown field "colour"`},
		{"unknown game", "POST", "/api/matches", "", map[string]any{"game": "chess"}, 400, `unknown game "chess"`},
		{"missing game", "POST", "/api/matches", "", map[string]any{}, 400, `missing "game"`},
		{"unknown option", "POST", "/api/matches", "", map[string]any{"game": "countdown", "options": map[string]string{"speed": "1"}}, 400, `unknown option "speed"`},
		{"bad option value", "POST", "/api/matches", "", map[string]any{"game": "countdown", "options": map[string]string{"start": "7"}}, 400, "want one of"},
		{"file option", "POST", "/api/matches", "", map[string]any{"game": "3io", "options": map[string]string{"tiles": "/etc/passwd"}}, 400, "option tiles names a file"},
		{"player count", "POST", "/api/matches", "", map[string]any{"game": "countdown", "players": 5}, 400, "the game is for 2"},
		{"seat count", "POST", "/api/matches", "", map[string]any{"game": "countdown", "seats": []string{"human"}}, 400, "1 seats given for 2 players"},
		{"unknown bot", "POST", "/api/matches", "", map[string]any{"game": "countdown", "seats": []string{"human", "deep-blue"}}, 400, "seat 2"},
		{"bad turn timer", "POST", "/api/matches", "", map[string]any{"game": "countdown", "turn_timer": "soon"}, 400, "turn_timer"},
		{"join a bot's seat", "POST", "/api/matches", "", map[string]any{"game": "countdown", "seats": []string{"random", "human"}, "join": 1}, 400, "bot's"},
		{"oversized body", "POST", "/api/matches", "", big, 413, "over 1024 bytes"},
		{"unknown match", "GET", "/api/matches/nosuchmatch", "", nil, 404, `no match "nosuchmatch"`},
		{"unknown match move", "POST", "/api/matches/nosuchmatch/moves", a.Token, map[string]any{"move": "take1", "version": 0}, 404, "no match"},
		{"unknown endpoint", "GET", "/api/nothing", "", nil, 404, "no API endpoint"},
		{"missing token", "POST", moves, "", map[string]any{"move": "take1", "version": 0}, 401, "missing seat token"},
		{"wrong token", "POST", moves, "not-a-token", map[string]any{"move": "take1", "version": 0}, 403, "holds no seat"},
		{"missing version", "POST", moves, a.Token, map[string]any{"move": "take1"}, 400, `missing "version"`},
		{"out of turn", "POST", moves, b.Token, map[string]any{"move": "take1", "version": 0}, 409, "not your turn: seat 1 is to move"},
		{"stale version", "POST", moves, a.Token, map[string]any{"move": "take1", "version": -1}, 409, "stale version -1: the match is at version 0"},
		{"future version", "POST", moves, a.Token, map[string]any{"move": "take1", "version": 7}, 409, "stale version 7"},
		{"not a move", "POST", moves, a.Token, map[string]any{"move": "take3", "version": 0}, 422, `"take3" is not a move here`},
		{"oversized move", "POST", moves, a.Token, map[string]any{"move": strings.Repeat("take1", 300), "version": 0}, 413, "over 1024 bytes"},
		{"seat taken", "POST", "/api/matches/" + id + "/join", "", map[string]any{"seat": 1}, 409, "seat 1 is taken"},
		{"no free seat", "POST", "/api/matches/" + id + "/join", "", nil, 409, "no free seat"},
		{"seat out of range", "POST", "/api/matches/" + id + "/join", "", map[string]any{"seat": 3}, 400, "seat 3: want 1 to 2"},
		{"leave without token", "POST", "/api/matches/" + id + "/leave", "", nil, 401, "missing seat token"},
		{"leave with wrong token", "POST", "/api/matches/" + id + "/leave", "x", nil, 403, "holds no seat"},
		{"hand a taken seat to a bot", "POST", "/api/matches/" + id + "/seats/2/bot", a.Token, map[string]any{"bot": "random"}, 409, "seat 2 is taken"},
		{"hand a seat to no bot", "POST", "/api/matches/" + id + "/seats/2/bot", a.Token, map[string]any{}, 400, `missing "bot"`},
		{"rematch before the end", "POST", "/api/matches/" + id + "/rematch", a.Token, nil, 409, "once the game is over"},
		{"complete record before the end", "GET", "/api/matches/" + id + "/record?view=complete", "", nil, 403, "once the game is over"},
		{"bad record view", "GET", "/api/matches/" + id + "/record?view=all", "", nil, 400, "want public or complete"},
		{"replay of seat 0.5", "GET", "/api/matches/" + id + "/replay?seat=half", "", nil, 400, `seat "half": want a seat from 1 to 2, or 0 for a spectator`},
		{"replay page -1", "GET", "/api/matches/" + id + "/replay?page=-1", "", nil, 400, `page "-1": want a page number from 0`},
		{"replay text=yes", "GET", "/api/matches/" + id + "/replay?text=yes", "", nil, 400, `text "yes": want 1`},
		{"replay of seat 3 of 2", "GET", "/api/matches/" + id + "/replay?seat=3", "", nil, 400, "want a seat from 1 to 2"},
		{"replay of an unknown match", "GET", "/api/matches/nosuchmatch/replay", "", nil, 404, "no match"},
		{"state with wrong token", "GET", "/api/matches/" + id + "/state", "x", nil, 403, "holds no seat"},
		{"bad list status", "GET", "/api/matches?status=won", "", nil, 400, "want open, running or over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n.t = t
			code, raw := n.call(tc.method, tc.path, tc.token, tc.body, nil)
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatalf("answer is not {\"error\": ...}: %s", raw)
			}
			if code != tc.status || !strings.Contains(e.Error, tc.says) {
				t.Fatalf("status %d %q; want %d and a message with %q", code, e.Error, tc.status, tc.says)
			}
		})
	}
	n.t = t
	// Nothing changed: the match is where it was, and still playable.
	if s := n.state(id, a.Token); s.Version != 0 || !s.YourTurn {
		t.Fatalf("after the bad requests: version %d, your turn %v", s.Version, s.YourTurn)
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?status=open,running,over", "", nil, &list)
	if len(list) != 1 {
		t.Fatalf("the bad requests made matches: %d", len(list))
	}
	// An illegal move that parses says why it is illegal, with 422.
	n.mustCall(http.StatusOK, "POST", moves, a.Token, map[string]any{"move": "take2", "version": 0}, nil)
	s := n.state(id, b.Token)
	for s.Status == "running" && s.Version < 20 {
		if !s.YourTurn {
			s = n.state(id, a.Token)
			if !s.YourTurn {
				t.Fatalf("nobody's turn at version %d", s.Version)
			}
			n.mustCall(http.StatusOK, "POST", moves, a.Token, map[string]any{"move": "take1", "version": s.Version}, nil)
		} else {
			n.mustCall(http.StatusOK, "POST", moves, b.Token, map[string]any{"move": "take1", "version": s.Version}, nil)
		}
		s = n.state(id, b.Token)
		if len(s.Legal) == 1 && s.YourTurn {
			code, raw := n.call("POST", moves, b.Token, map[string]any{"move": "take2", "version": s.Version}, nil)
			if code != http.StatusUnprocessableEntity || !strings.Contains(string(raw), "illegal move") {
				t.Fatalf("take2 with one left: %d %s", code, raw)
			}
			break
		}
	}
}

func TestWebSocketBadInput(t *testing.T) {
	n := startNode(t, nil, server.Config{MaxMessageBytes: 512})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	b := n.join(a.Match.ID, 2)
	c := n.dial(a.Match.ID, b.Token)
	if s := c.nextState(5 * time.Second); s.Seat != 2 || s.YourTurn {
		t.Fatalf("first state: %+v", s)
	}
	for _, tc := range []struct {
		send   string
		status int
		says   string
	}{
		{`{"type":"move","move":"take1"`, 400, "malformed JSON"},
		{`{"type":"dance"}`, 400, `unknown message type "dance"`},
		{`{"type":"move","move":"take1","version":0,"extra":1}`, 400, "unknown field"},
		{`{"type":"move","move":"take1","version":"0"}`, 400, `"version": want a whole number, not a string`},
		{`{"type":"move","move":"take1"}`, 400, `needs "version"`},
		{`{"type":"move","move":"take1","version":0,"id":"m1"}`, 409, "not your turn"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c.conn.Write(ctx, websocket.MessageText, []byte(tc.send))
		cancel()
		ans := c.nextAnswer(5 * time.Second)
		if ans.Type != "error" || ans.Status != tc.status || !strings.Contains(ans.Error, tc.says) {
			t.Fatalf("%s: %+v; want error %d with %q", tc.send, ans, tc.status, tc.says)
		}
	}
	// A spectator cannot move.
	sp := n.dial(a.Match.ID, "")
	sp.nextState(5 * time.Second)
	sp.send(map[string]any{"type": "move", "move": "take1", "version": 0})
	if ans := sp.nextAnswer(5 * time.Second); ans.Status != 401 {
		t.Fatalf("spectator's move: %+v", ans)
	}
	// A wrong token is refused before the upgrade.
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(n.url, "http")+"/api/matches/"+a.Match.ID+"/ws?token=nope", nil)
	if err == nil || resp == nil || resp.StatusCode != 403 {
		t.Fatalf("dial with a wrong token: %v %v", err, resp)
	}
	// An oversized message closes the connection with 1009.
	c.send(map[string]any{"type": "move", "move": strings.Repeat("x", 1000), "version": 0})
	if code := c.closed(5 * time.Second); code != websocket.StatusMessageTooBig {
		t.Fatalf("oversized message: close status %v, want 1009", code)
	}
	if s := n.state(a.Match.ID, ""); s.Version != 0 {
		t.Fatalf("the bad messages changed the match: version %d", s.Version)
	}
}

// TestSeats covers join, leave, handing a seat to a bot, reconnecting and
// an old token losing its view.
func TestSeats(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	id := a.Match.ID
	if n.state(id, a.Token).YourTurn {
		t.Fatal("a move is offered before the match started")
	}
	if code, raw := n.call("POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil); code != 409 || !strings.Contains(string(raw), "not started: seat 2 is free") {
		t.Fatalf("move in an open match: %d %s", code, raw)
	}
	b := n.join(id, 2)
	cb := n.dial(id, b.Token)
	if s := cb.nextState(5 * time.Second); s.Seat != 2 {
		t.Fatalf("seat 2's view: seat %d", s.Seat)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil)
	if s := cb.nextState(5 * time.Second); s.Version != 1 || !s.YourTurn || s.Moves[0].Move != "take1" {
		t.Fatalf("after seat 1's move: %+v", s)
	}
	// Reconnecting with the token gives the current state and the log.
	again := n.dial(id, b.Token)
	if s := again.nextState(5 * time.Second); s.Version != 1 || !s.YourTurn || len(s.Moves) != 1 || s.From != 0 {
		t.Fatalf("reconnected: %+v", s)
	}
	// Seat 2 leaves: the seat is free, the token dead, and its
	// connections see the match as a spectator from now on.
	var v matchView
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/leave", b.Token, nil, &v)
	if v.Seats[1].Taken || v.Status != "running" || v.FreeSeats != 1 {
		t.Fatalf("after leaving: %+v", v)
	}
	if s := cb.nextState(5 * time.Second); s.Seat != 0 || s.YourTurn {
		t.Fatalf("the leaver's connection still sees seat %d", s.Seat)
	}
	if code, _ := n.call("POST", "/api/matches/"+id+"/moves", b.Token, map[string]any{"move": "take1", "version": 1}, nil); code != 403 {
		t.Fatalf("move with a token that left: %d", code)
	}
	// Seat 1 hands the free seat to a bot, which moves at once.
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/seats/2/bot", a.Token, map[string]any{"bot": "random"}, &v)
	if v.Seats[1].Kind != "bot" {
		t.Fatalf("after handing seat 2 to a bot: %+v", v.Seats[1])
	}
	deadline := time.Now().Add(5 * time.Second)
	for n.match(id).Version < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the bot never moved")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Seat 1 leaves and hands its own seat to a bot: the bots finish.
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/leave", a.Token, map[string]any{"bot": "greedy"}, nil)
	n.waitStatus(id, "over", 5*time.Second)
}

// TestEveryGameWithBots plays every registered game (the test games
// aside) to the end with bots in every seat, watched by a spectator whose
// every message is checked.
func TestEveryGameWithBots(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, g := range game.Games() {
		info := g.Info()
		if strings.HasPrefix(info.Name, "test-") {
			continue
		}
		t.Run(info.Name, func(t *testing.T) {
			n.t = t
			seats := make([]string, info.MinPlayers)
			for i := range seats {
				seats[i] = []string{"random", "greedy"}[i%2]
			}
			a := n.create(map[string]any{"game": info.Name, "players": info.MinPlayers, "seats": seats})
			if a.Match.Status != "running" {
				t.Fatalf("a match of bots is %s", a.Match.Status)
			}
			c := n.dial(a.Match.ID, "")
			v := n.waitStatus(a.Match.ID, "over", 60*time.Second)
			r := replayAll(t, n.storedRecord(a.Match.ID))
			if len(r.rec.Moves) != v.Version {
				t.Fatalf("record of %d moves, version %d", len(r.rec.Moves), v.Version)
			}
			for {
				if s := c.nextState(5 * time.Second); s.Status == "over" {
					break
				}
			}
			r.checkMessages(t, "spectator", game.Spectator, c.all)
		})
	}
	n.t = t
}

// TestSlowWatcherHoldsTheBots: a spectator that reads a match of fast
// bots more slowly than they move is not dropped: the bots wait for it
// (waitForReaders) and it sees the match to the end. Open Source's
// random bots make some 2,000 moves of large states; this watcher reads
// one every 10ms for its first 400, a quarter of the bots' pace, and
// before the wait it was dropped as too slow after a second or two.
// TestReplayOfAMatch: GET .../replay of a game of perfect information is
// the positions of its log, as replay.Build gives them for the record,
// for a spectator and for any seat, with or without a token, whole and
// page by page, with each position's text when asked; of a running
// match, the positions so far. A seat's view may not be cached
// (Cache-Control: no-store); a spectator's replay may, and is asked
// again with its ETag for nothing (304).
func TestReplayOfAMatch(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	id := a.Match.ID
	c := n.dial(id, a.Token)
	s := c.nextState(5 * time.Second)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": s.Legal[0], "version": s.Version}, nil)
	get := func(path, token, etag string) *http.Response {
		req, _ := http.NewRequest("GET", n.url+"/api/matches/"+id+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get("/state", a.Token, ""); resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("GET /state: %d, Cache-Control %q, want no-store", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	resp := get("/replay", "", "")
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != http.StatusOK || etag == "" || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("a spectator's replay: %d, ETag %q, Cache-Control %q", resp.StatusCode, etag, resp.Header.Get("Cache-Control"))
	}
	if again := get("/replay", "", etag); again.StatusCode != http.StatusNotModified {
		t.Errorf("the replay asked again with its ETag: %d, want 304", again.StatusCode)
	}
	for _, seat := range []int{0, 1, 2} {
		viewer := game.Player(seat - 1)
		if seat == 0 {
			viewer = game.Spectator
		}
		built, err := replay.Build(n.storedRecord(id), viewer, replay.Options{Text: true})
		if err != nil {
			t.Fatal(err)
		}
		wb, _ := built.JSON(-1)
		want, err := replay.ReadPage(wb)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"", "&page=0"} {
			_, raw := n.call("GET", fmt.Sprintf("/api/matches/%s/replay?seat=%d&text=1%s", id, seat, q), "", nil, nil)
			got, err := replay.ReadPage(raw)
			if err != nil {
				t.Fatalf("seat %d%s: %v\n%s", seat, q, err, raw)
			}
			if got.Viewer != seat || len(got.Moves) != len(want.Moves) || len(got.Moves) < 1 || got.Over {
				t.Fatalf("seat %d%s: a replay seen by %d of %d moves (over %v), want %d moves", seat, q, got.Viewer, len(got.Moves), got.Over, len(want.Moves))
			}
			for i := range want.Moves {
				if got.Moves[i] != want.Moves[i] {
					t.Errorf("seat %d: move %d is %+v, want %+v", seat, i, got.Moves[i], want.Moves[i])
				}
			}
			if len(got.Positions) != len(want.Positions) || got.Steps != want.Steps {
				t.Fatalf("seat %d%s: %d positions of %d, want %d", seat, q, len(got.Positions), got.Steps, len(want.Positions))
			}
			for i, w := range want.Positions {
				g := got.Positions[i]
				if g.N != w.N || g.Text != w.Text || !g.HasText || !sameJSON(w.Observation, g.Observation) {
					t.Errorf("seat %d%s: position %d differs from replay.Build's", seat, q, i)
				}
			}
		}
	}
	if code, raw := n.call("GET", "/api/matches/"+id+"/replay?page=9", "", nil, nil); code != http.StatusNotFound || !strings.Contains(string(raw), "pages 0 to 0") {
		t.Errorf("page 9 of a replay of one page: %d %s, want 404 naming the pages", code, raw)
	}
}

func TestSlowWatcherHoldsTheBots(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "open-source-board-game", "players": 2, "seats": []string{"random", "random"}})
	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + a.Match.ID + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(16 << 20)
	for read := 1; ; read++ {
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("after %d messages: %v", read-1, err)
		}
		var msg struct{ Type, Status string }
		if err := json.Unmarshal(b, &msg); err != nil {
			t.Fatal(err)
		}
		if msg.Type == "state" && msg.Status == "over" {
			if read < 500 {
				t.Fatalf("the match ended after %d messages: too short to show anything", read)
			}
			return
		}
		if read <= 400 {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestWatchersShareAnEncoding: at every move the spectators of a match,
// who all see the same, get one encoding of the state between them (the
// server once encoded it for each, under the match's lock), and each
// still gets every move, in the same bytes.
func TestWatchersShareAnEncoding(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1, "seats": []string{"human", "human"}})
	b := n.join(a.Match.ID, 2)
	const watchers = 8
	var ws []*wsClient
	for range watchers {
		c := n.dial(a.Match.ID, "")
		c.nextState(5 * time.Second)
		ws = append(ws, c)
	}
	count := func(series string) float64 {
		v, err := strconv.ParseFloat(n.metric(series), 64)
		if err != nil {
			t.Fatalf("%s: %v", series, err)
		}
		return v
	}
	sent0, encoded0 := count("commons_states_sent_total"), count("commons_states_encoded_total")
	tokens := []string{a.Token, b.Token}
	start := n.state(a.Match.ID, "").Version
	for {
		s := n.state(a.Match.ID, tokens[0])
		if s.Status == "over" {
			break
		}
		if s.ToMove == 2 {
			s = n.state(a.Match.ID, tokens[1])
		}
		if s.Status == "over" {
			break
		}
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", tokens[s.ToMove-1], map[string]any{"move": "take1", "version": s.Version}, nil)
	}
	// The moves made, the last of them forced: played by the server.
	moves := n.state(a.Match.ID, "").Version - start
	var last []byte
	for i, c := range ws {
		for {
			s := c.nextState(5 * time.Second)
			if s.Status == "over" {
				break
			}
		}
		final := c.all[len(c.all)-1]
		if i > 0 && !bytes.Equal(final, last) {
			t.Fatalf("watchers %d and %d got different last states:\n%s\n%s", i, i+1, last, final)
		}
		last = final
	}
	sent, encoded := count("commons_states_sent_total")-sent0, count("commons_states_encoded_total")-encoded0
	if moves < 3 || sent < watchers*float64(moves) {
		t.Fatalf("%d moves, %v states sent to %d watchers", moves, sent, watchers)
	}
	if encoded > float64(moves) {
		t.Errorf("%v states encoded for %v sent in %d moves: the watchers do not share an encoding", encoded, sent, moves)
	}
}

func TestTurnTimer(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1, "turn_timer": "1s", "timeout_bot": "greedy"})
	if a.Match.Settings["turn_timer"] != "1s" || a.Match.Settings["timeout_bot"] != "greedy" {
		t.Fatalf("settings %v", a.Match.Settings)
	}
	b := n.join(a.Match.ID, 2)
	s := n.state(a.Match.ID, a.Token)
	if s.Deadline == nil || time.Until(*s.Deadline) > time.Second || time.Until(*s.Deadline) < 0 {
		t.Fatalf("deadline %v", s.Deadline)
	}
	// Seat 1 lets its time run out: its bot moves for it, once.
	c := n.dial(a.Match.ID, b.Token)
	for {
		s := c.nextState(3 * time.Second)
		if s.Version >= 1 {
			if !s.YourTurn || s.Moves[0].Seat != 1 {
				t.Fatalf("after the timeout: %+v", s)
			}
			// Seat 2 is still a person, with a new deadline.
			if m := n.match(a.Match.ID); m.Seats[0].Kind != "human" || m.Deadline == nil {
				t.Fatalf("after the timeout: %+v", m)
			}
			break
		}
	}
}

func TestRematch(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1, "seats": []string{"human", "human"}})
	b := n.join(a.Match.ID, 2)
	tokens := []string{a.Token, b.Token}
	for {
		s := n.state(a.Match.ID, "")
		if s.Status == "over" {
			break
		}
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", tokens[s.ToMove-1], map[string]any{"move": "take1", "version": s.Version}, nil)
	}
	var r1, r2 seatAnswer
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/rematch", b.Token, nil, &r1)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/rematch", a.Token, nil, &r2)
	if r1.Match.ID != r2.Match.ID || r1.Match.ID == a.Match.ID || r1.Seat != 2 || r2.Seat != 1 {
		t.Fatalf("rematches: %+v / %+v", r1, r2)
	}
	if r2.Match.Status != "running" || r2.Match.RematchOf != a.Match.ID || r2.Match.Options["start"] != "fixed" {
		t.Fatalf("the rematch: %+v", r2.Match)
	}
	if m := n.match(a.Match.ID); m.Rematch != r1.Match.ID {
		t.Fatalf("the old match does not point to its rematch: %+v", m)
	}
	// The old tokens hold no seat in the new match; the new ones do.
	if code, _ := n.call("POST", "/api/matches/"+r1.Match.ID+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil); code != 403 {
		t.Fatalf("old token in the rematch: %d", code)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+r1.Match.ID+"/moves", r2.Token, map[string]any{"move": "take1", "version": 0}, nil)
}

func TestMetrics(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1, "seats": []string{"human", "random"}})
	c := n.dial(a.Match.ID, a.Token)
	c.nextState(5 * time.Second)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil)
	resp, err := http.Get(n.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`commons_matches{status="running"} 1`,
		`commons_matches_created_total{game="countdown"} 1`,
		`commons_moves_total{by="human",game="countdown"} 1`,
		`commons_move_duration_seconds_count{by="human"} 1`,
		`commons_clients 1`,
		`commons_http_requests_total{code="201",method="POST"} 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// TestShutdown checks that Shutdown closes clients with "going away" and
// refuses what comes after.
func TestShutdown(t *testing.T) {
	st := sqliteStore(t)
	n := startNode(t, st, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "join": 1})
	c := n.dial(a.Match.ID, a.Token)
	c.nextState(5 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := n.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if code := c.closed(5 * time.Second); code != websocket.StatusGoingAway {
		t.Fatalf("close status %v, want going away", code)
	}
	if code, _ := n.call("GET", "/api/matches/"+a.Match.ID, "", nil, nil); code != http.StatusServiceUnavailable {
		t.Fatalf("after shutdown: %d", code)
	}
}

// TestResume restarts a server on the same database in the middle of a
// match of bots: the new server takes it up and finishes it.
func TestResume(t *testing.T) {
	st := sqliteStore(t)
	n1 := startNode(t, st, server.Config{})
	a := n1.create(map[string]any{"game": "source", "seats": []string{"random", "random"}})
	for n1.match(a.Match.ID).Version < 5 {
		time.Sleep(time.Millisecond)
	}
	n1.stop()
	n2 := startNode(t, st, server.Config{})
	v := n2.waitStatus(a.Match.ID, "over", 30*time.Second)
	r := replayAll(t, n2.record(a.Match.ID, ""))
	if len(r.rec.Moves) != v.Version {
		t.Fatalf("record %d, version %d", len(r.rec.Moves), v.Version)
	}
}

// TestIdleMatchesUnload checks that a match nobody watches leaves memory
// after IdleTime, and comes back from the store as it was.
func TestIdleMatchesUnload(t *testing.T) {
	n := startNode(t, nil, server.Config{IdleTime: 100 * time.Millisecond})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	b := n.join(a.Match.ID, 2)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil)
	deadline := time.Now().Add(5 * time.Second)
	for n.metric("commons_live_matches") != "0" {
		if time.Now().After(deadline) {
			t.Fatalf("the idle match stays in memory: commons_live_matches %s", n.metric("commons_live_matches"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	s := n.state(a.Match.ID, b.Token)
	if s.Version != 1 || !s.YourTurn || s.Moves[0].Move != "take1" {
		t.Fatalf("reloaded: %+v", s)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", b.Token, map[string]any{"move": "take1", "version": 1}, nil)
}
