package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/server"
)

// The hostile client's inputs of docs/reliability.md (Abuse limits, "What
// a client sends"): what an error says of them, text that is not UTF-8,
// a seat token in a URL, and loosely written game names.

// maxErrorAnswer bounds an error's answer, whatever the client sent: an
// error quotes at most about 100 characters of it.
const maxErrorAnswer = 1 << 10

// long is prefix followed by "a"s, size bytes in all.
func long(prefix string, size int) string { return prefix + strings.Repeat("a", size-len(prefix)) }

// TestErrorsQuoteLittle sends big inputs everywhere a client's text can be
// quoted in an error, and checks that the answer is small and says how
// long the input was.
func TestErrorsQuoteLittle(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	n.join(a.Match.ID, 2)
	id := a.Match.ID
	spec := long("mcts:", 60000)
	big := long("x", 60000)
	digits := "1" + strings.Repeat("0", 60000)
	query := long("", 1_000_000)
	path := long("", 5000)
	tests := []struct {
		name, method, path, token string
		body                      any
		status                    int
		length                    int // of the input the answer must say
	}{
		{"a bot spec for a seat", "POST", "/api/matches", "", map[string]any{"game": "countdown", "seats": []string{"human", spec}}, 400, len(spec)},
		{"a timeout bot", "POST", "/api/matches", "", map[string]any{"game": "countdown", "timeout_bot": spec}, 400, len(spec)},
		{"a bot to leave to", "POST", "/api/matches/" + id + "/leave", a.Token, map[string]any{"bot": spec}, 400, len(spec)},
		{"a bot to hand a seat to", "POST", "/api/matches/" + id + "/seats/2/bot", a.Token, map[string]any{"bot": spec}, 400, len(spec)},
		{"a game name", "POST", "/api/matches", "", map[string]any{"game": long("source", 60000)}, 400, 60000},
		{"an option's name", "POST", "/api/matches", "", map[string]any{"game": "countdown", "options": map[string]string{big: "fixed"}}, 400, len(big)},
		{"an option's value", "POST", "/api/matches", "", map[string]any{"game": "countdown", "options": map[string]string{"start": big}}, 400, len(big)},
		{"a turn timer", "POST", "/api/matches", "", map[string]any{"game": "countdown", "turn_timer": big}, 400, len(big)},
		{"a name", "POST", "/api/matches", "", map[string]any{"game": "countdown", "name": big}, 400, len(big)},
		{"a name to join with", "POST", "/api/matches/" + id + "/join", "", map[string]any{"name": big}, 400, len(big)},
		{"an unknown field", "POST", "/api/matches", "", `{"game":"countdown","` + big + `":1}`, 400, len(big)},
		{"a key given twice", "POST", "/api/matches", "", `{"game":"countdown","options":{"` + long("k", 30000) + `":"1","` + long("K", 30000) + `":"2"}}`, 400, 30000},
		{"a number", "POST", "/api/matches", "", `{"game":"countdown","players":` + digits + `}`, 400, len(digits)},
		{"a move", "POST", "/api/matches/" + id + "/moves", a.Token, map[string]any{"move": big, "version": 0}, 422, len(big)},
		{"a status query", "GET", "/api/matches?status=" + query, "", nil, 400, len(query)},
		{"a limit query", "GET", "/api/matches?limit=" + query, "", nil, 400, len(query)},
		{"a game query", "GET", "/api/matches?game=" + query, "", nil, 400, len(query)},
		{"a record's view", "GET", "/api/matches/" + id + "/record?view=" + query, "", nil, 400, len(query)},
		{"a replay's seat", "GET", "/api/matches/" + id + "/replay?seat=" + query, "", nil, 400, len(query)},
		{"a game in the path", "GET", "/api/games/" + path + "/rules", "", nil, 404, len(path)},
		{"a match ID in the path", "GET", "/api/matches/" + path, "", nil, 404, len(path)},
		{"a seat in the path", "POST", "/api/matches/" + id + "/seats/" + path + "/bot", a.Token, map[string]any{"bot": "random"}, 400, len(path)},
		{"an unknown endpoint", "GET", "/api/" + path, "", nil, 404, len("/api/" + path)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n.t = t
			code, raw := n.call(tc.method, tc.path, tc.token, tc.body, nil)
			checkSmallError(t, code, raw, tc.status, tc.length)
		})
	}
	n.t = t

	// The same over the WebSocket: a 14 KB move, message type, and ID.
	c := n.dial(id, a.Token)
	c.nextState(5 * time.Second)
	move := long("take", 14000)
	for _, tc := range []struct {
		name   string
		msg    map[string]any
		status int
		length int
	}{
		{"a move", map[string]any{"type": "move", "move": move, "version": 0}, 422, len(move)},
		{"a message type", map[string]any{"type": move}, 400, len(move)},
		{"a message ID", map[string]any{"type": "move", "move": "take1", "version": -1, "id": move}, 400, len(move)},
	} {
		c.send(tc.msg)
		raw := c.nextAnswerRaw(5 * time.Second)
		var ans struct {
			Status int    `json:"status"`
			Error  string `json:"error"`
			ID     string `json:"id"`
		}
		json.Unmarshal(raw, &ans)
		if ans.Status != tc.status || len(raw) > maxErrorAnswer || !strings.Contains(ans.Error, fmt.Sprintf("(%d bytes)", tc.length)) {
			t.Errorf("WebSocket, %s: %d bytes, status %d, %.300s; want status %d, under %d bytes, saying (%d bytes)",
				tc.name, len(raw), ans.Status, raw, tc.status, maxErrorAnswer, tc.length)
		}
	}
	if s := n.state(id, ""); s.Version != 0 {
		t.Fatalf("the big inputs changed the match: version %d", s.Version)
	}
}

// checkSmallError checks an error's answer: its status, a size under
// maxErrorAnswer, and a message that says the input's length.
func checkSmallError(t *testing.T, code int, raw []byte, status, length int) {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Fatalf("status %d, not {\"error\": ...}: %.300s", code, raw)
	}
	if code != status || len(raw) > maxErrorAnswer || !strings.Contains(e.Error, fmt.Sprintf("(%d bytes)", length)) {
		t.Errorf("%d bytes, status %d, %.300s; want status %d, under %d bytes, saying (%d bytes)",
			len(raw), code, raw, status, maxErrorAnswer, length)
	}
}

// nextAnswerRaw skips to the next ack or error and returns it as sent.
func (c *wsClient) nextAnswerRaw(within time.Duration) []byte {
	c.t.Helper()
	for {
		typ, b := c.next(within)
		if typ == "ack" || typ == "error" {
			return b
		}
	}
}

// TestTextNotUTF8Refused: text that is not UTF-8, or a JSON escape of a
// lone surrogate, is refused with 400 naming the field, in request
// bodies, query values and path values, instead of being read with
// U+FFFD in its place.
func TestTextNotUTF8Refused(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	id := a.Match.ID
	tests := []struct {
		name, method, path string
		body               string
		says               []string
	}{
		{"a name", "POST", "/api/matches", "{\"game\":\"countdown\",\"name\":\"ab\xff\xfecd\"}", []string{`"name"`, "not valid UTF-8"}},
		{"a game", "POST", "/api/matches", "{\"game\":\"sou\xffrce\"}", []string{`"game"`, "not valid UTF-8"}},
		{"a key", "POST", "/api/matches", "{\"game\":\"countdown\",\"na\xffme\":\"x\"}", []string{"key", "not valid UTF-8"}},
		{"an option's value", "POST", "/api/matches", "{\"game\":\"countdown\",\"options\":{\"start\":\"fi\xc0\xafxed\"}}", []string{`"options.start"`, "not valid UTF-8"}},
		{"a seat", "POST", "/api/matches", "{\"game\":\"countdown\",\"seats\":[\"human\",\"rand\xedom\"]}", []string{`"seats[1]"`, "not valid UTF-8"}},
		{"a surrogate encoded in UTF-8", "POST", "/api/matches", "{\"game\":\"countdown\",\"name\":\"\xed\xa0\x80\"}", []string{`"name"`, "not valid UTF-8"}},
		{"a lone high surrogate", "POST", "/api/matches", `{"game":"countdown","name":"\ud800"}`, []string{`"name"`, `a lone surrogate \ud800`}},
		{"a lone low surrogate", "POST", "/api/matches", `{"game":"countdown","name":"x\uDC00"}`, []string{`"name"`, `a lone surrogate \uDC00`}},
		{"a high surrogate without its low one", "POST", "/api/matches", `{"game":"countdown","name":"\ud800\u0041"}`, []string{`"name"`, `a lone surrogate \ud800`}},
		{"two high surrogates", "POST", "/api/matches", `{"game":"countdown","name":"\ud800\ud800\udc00"}`, []string{`"name"`, `a lone surrogate \ud800`}},
		{"a surrogate in a key", "POST", "/api/matches", `{"game":"countdown","options":{"st\ud800art":"fixed"}}`, []string{`"options"`, "lone surrogate"}},
		{"a surrogate in a join", "POST", "/api/matches/" + id + "/join", `{"name":"\udfff"}`, []string{`"name"`, "lone surrogate"}},
		{"a surrogate in a move", "POST", "/api/matches/" + id + "/moves", `{"move":"take1\ud800","version":0}`, []string{`"move"`, "lone surrogate"}},
		{"a game query", "GET", "/api/matches?game=sou%FFrce", "", []string{`"game"`, "not valid UTF-8"}},
		{"a status query", "GET", "/api/matches?status=open%FF", "", []string{`"status"`, "not valid UTF-8"}},
		{"a replay's seat", "GET", "/api/matches/" + id + "/replay?seat=1%ED%A0%80", "", []string{`"seat"`, "not valid UTF-8"}},
		{"a game in the path", "GET", "/api/games/sou%FFrce/rules", "", []string{"{name}", "not valid UTF-8"}},
		{"a match ID in the path", "GET", "/api/matches/%FF%FE", "", []string{"{id}", "not valid UTF-8"}},
		{"a seat in the path", "POST", "/api/matches/" + id + "/seats/%FF/bot", `{"bot":"random"}`, []string{"{seat}", "not valid UTF-8"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n.t = t
			var body any
			if tc.body != "" {
				body = tc.body
			}
			code, raw := n.call(tc.method, tc.path, a.Token, body, nil)
			var e struct {
				Error string `json:"error"`
			}
			json.Unmarshal(raw, &e)
			ok := code == http.StatusBadRequest
			for _, s := range tc.says {
				ok = ok && strings.Contains(e.Error, s)
			}
			if !ok || strings.Contains(e.Error, "\ufffd") {
				t.Errorf("status %d %q; want 400 saying %q", code, e.Error, tc.says)
			}
		})
	}
	n.t = t
	// A pair of surrogates is a character like any other.
	var b seatAnswer
	n.mustCall(http.StatusCreated, "POST", "/api/matches", "", `{"game":"countdown","join":1,"name":"\ud83d\ude00 ann"}`, &b)
	if got := b.Match.Seats[0].Name; got != "\U0001F600 ann" {
		t.Errorf("a name with a surrogate pair: stored as %q", got)
	}
	if v := n.match(id); v.Version != 0 || v.Seats[1].Taken {
		t.Errorf("the refused requests changed the match: %+v", v)
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?status=open,running,over", "", nil, &list)
	if len(list) != 2 {
		t.Errorf("the refused requests made matches: %d, want 2", len(list))
	}

	// The WebSocket: a lone surrogate in a valid frame is refused as over
	// HTTP, and the connection goes on; a text frame that is not UTF-8
	// breaks the protocol (RFC 6455 8.1) and closes it with 1007.
	c := n.dial(id, a.Token)
	c.nextState(5 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"move","move":"take1\ud800","version":0}`))
	if ans := c.nextAnswer(5 * time.Second); ans.Status != 400 || !strings.Contains(ans.Error, `"move": a lone surrogate \ud800`) {
		t.Errorf("a lone surrogate on the WebSocket: %+v; want 400 naming it", ans)
	}
	c.send(map[string]any{"type": "state"})
	c.nextState(5 * time.Second)
	c.conn.Write(ctx, websocket.MessageText, []byte("{\"type\":\"move\",\"move\":\"take\xff\",\"version\":0}"))
	if code := c.closed(5 * time.Second); code != websocket.StatusInvalidFramePayloadData {
		t.Errorf("a text frame that is not UTF-8: closed with %v, want 1007", code)
	}
	if v := n.match(id); v.Version != 0 {
		t.Errorf("the refused messages changed the match: version %d", v.Version)
	}
}

// TestSeatTokenOnlyOnWebSocket: a seat token in a query string (which
// logs and proxies keep) is refused on every HTTP endpoint, with a 400
// that says where it goes, whether or not the header has it too; the
// WebSocket, whose browsers cannot send headers, takes it.
func TestSeatTokenOnlyOnWebSocket(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	n.join(a.Match.ID, 2)
	id := a.Match.ID
	q := "?token=" + a.Token
	for _, tc := range []struct {
		name, method, path, header string
		body                       any
	}{
		{"a move", "POST", "/api/matches/" + id + "/moves" + q, "", map[string]any{"move": "take1", "version": 0}},
		{"a move with the header too", "POST", "/api/matches/" + id + "/moves" + q, a.Token, map[string]any{"move": "take1", "version": 0}},
		{"a seat's state", "GET", "/api/matches/" + id + "/state" + q, "", nil},
		{"a seat's replay", "GET", "/api/matches/" + id + "/replay?seat=1&token=" + a.Token, "", nil},
		{"leaving", "POST", "/api/matches/" + id + "/leave" + q, "", nil},
		{"resigning", "POST", "/api/matches/" + id + "/resign" + q, "", nil},
		{"the match", "GET", "/api/matches/" + id + q, "", nil},
		{"the games", "GET", "/api/games?token=x", "", nil},
		{"an empty token", "GET", "/api/matches/" + id + "/state?token=", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n.t = t
			code, raw := n.call(tc.method, tc.path, tc.header, tc.body, nil)
			if code != http.StatusBadRequest || !strings.Contains(string(raw), "Authorization: Bearer") || strings.Contains(string(raw), a.Token) {
				t.Errorf("status %d %s; want 400 saying to send Authorization: Bearer, without the token", code, raw)
			}
		})
	}
	n.t = t
	v := n.match(id)
	if v.Version != 0 || v.Status != "running" || !v.Seats[0].Taken {
		t.Fatalf("the refused requests changed the match: %+v", v)
	}
	c := n.dial(id, a.Token)
	if s := c.nextState(5 * time.Second); s.Seat != 1 || !s.YourTurn {
		t.Fatalf("the WebSocket with ?token=: seat %d, your turn %v; want seat 1's turn", s.Seat, s.YourTurn)
	}
}

// TestGameNamesExact: a game is named by its name or its title, in any
// case and with or without spaces, hyphens and underscores; punctuation
// and control characters are not dropped to make a name.
func TestGameNamesExact(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, name := range []string{".s.o.u.r.c.e.", "source!!!", "sou\x00rce", "s/o/u/r/c/e", "sou\u200brce"} {
		code, raw := n.call("POST", "/api/matches", "", map[string]any{"game": name}, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), "unknown game") {
			t.Errorf("game %q: %d %s; want 400 unknown game", name, code, raw)
		}
		code, raw = n.call("GET", "/api/matches?game="+url.QueryEscape(name), "", nil, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), "unknown game") {
			t.Errorf("?game=%q: %d %s; want 400 unknown game", name, code, raw)
		}
	}
}
