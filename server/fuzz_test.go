package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/bot"
	_ "github.com/commons-games/commons/games/all"
	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/store/sqlite"
)

// The fuzz targets of what a client sends the server: request bodies and
// WebSocket messages (docs/api.md). They are internal tests so that the
// decoder itself can be fuzzed as well as the handlers around it.

// requestKinds are the types every JSON body and message is decoded into.
var requestKinds = []func() any{
	func() any { return new(createRequest) },
	func() any { return new(joinRequest) },
	func() any { return new(botRequest) },
	func() any { return new(moveRequest) },
	func() any { return new(clientMsg) },
}

// FuzzDecodeJSON fuzzes decodeJSON, the strict decoder of every request
// body and WebSocket message, into each of their types. It checks that it
// never panics; that every refusal is a non-empty error and one about a
// field names the field; that whatever it accepts is a single JSON value
// without a key given twice, which encoding/json reads to the same value
// (strictness only ever refuses, it never reads differently).
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		`{"game": "source", "players": 2, "options": {"territory": "regions"}, "seats": ["human", "mcts:iterations=500"], "turn_timer": "2m", "timeout_bot": "greedy", "join": 1, "name": "ann"}`,
		`{"seat": 2, "name": "bob"}`, `{"bot": "random"}`, `{"move": "take2", "version": 3}`,
		`{"type": "move", "move": "take1", "version": 5, "id": "m7"}`, `{"type": "state"}`,
		`{"move": "a", "Move": "b", "version": 1}`, `{"move": "take1", "version": 1} {}`, `{"version": "3"}`,
		`{"options": {"a": "1", "a": "2"}}`, `[1, 2]`, `null`, `{"seats": [null, 3]}`, `{"join": 1e400}`,
		`{"type": "move", "extra": true}`, `{"name": "\ud800"}`, `{"players": -1}`, ` `, `{`,
	} {
		for k := range requestKinds {
			f.Add(uint8(k), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		mk := requestKinds[int(kind)%len(requestKinds)]
		v := mk()
		err := decodeJSON(data, v)
		if err != nil {
			checkDecodeError(t, data, v, err)
			return
		}
		if !json.Valid(data) {
			t.Fatalf("decodeJSON accepted invalid JSON %q", data)
		}
		if dup := duplicateKey(data); dup != "" {
			t.Fatalf("decodeJSON accepted %q, which gives the key %q twice", data, dup)
		}
		w := mk()
		if err := json.Unmarshal(data, w); err != nil {
			t.Fatalf("decodeJSON accepted %q, which encoding/json refuses: %v", data, err)
		}
		if !reflect.DeepEqual(v, w) {
			t.Fatalf("decodeJSON read %q as %+v, encoding/json as %+v", data, v, w)
		}
	})
}

// checkDecodeError checks that a refusal says what was wrong.
func checkDecodeError(t *testing.T, data []byte, v any, err error) {
	t.Helper()
	msg := err.Error()
	if strings.TrimSpace(msg) == "" {
		t.Fatalf("decodeJSON(%q) into %T: an empty error", data, v)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		last := te.Field[strings.LastIndex(te.Field, ".")+1:]
		if !strings.Contains(msg, last) {
			t.Fatalf("decodeJSON(%q) into %T: %q does not name the field %q", data, v, msg, te.Field)
		}
	}
	if k, ok := strings.CutPrefix(msg, "json: unknown field "); ok && !strings.Contains(string(data), strings.Trim(k, `"`)) {
		t.Fatalf("decodeJSON(%q): %q names a field the input does not have", data, msg)
	}
}

// duplicateKey returns a key that one object of a valid JSON text gives
// twice (ignoring case, as encoding/json matches fields), or "".
func duplicateKey(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func() string
	walk = func() string {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, _ := dec.Token()
				key, _ := k.(string)
				if seen[strings.ToLower(key)] {
					return key
				}
				seen[strings.ToLower(key)] = true
				if d := walk(); d != "" {
					return d
				}
			}
			dec.Token()
		case json.Delim('['):
			for dec.More() {
				if d := walk(); d != "" {
					return d
				}
			}
			dec.Token()
		}
		return ""
	}
	return walk()
}

// fuzzServer is a server on a fresh SQLite file, shared by the inputs of
// one fuzzing process, with matches for the inputs to act on.
type fuzzServer struct {
	srv  *Server
	http *httptest.Server
	mu   sync.Mutex
	// matches are IDs of matches in several states, each with the seat
	// tokens made for it.
	matches []fuzzMatch
	made    int
	// session is the session token of an account the inputs act as.
	session string
}

// fuzzOperator is the fuzzing server's operator token.
const fuzzOperator = "the fuzzer's operator token"

type fuzzMatch struct {
	id     string
	tokens []string
}

// documented are the statuses of docs/api.md's table of errors, and the
// successes.
var documented = map[int]bool{200: true, 201: true, 400: true, 401: true, 403: true, 404: true, 409: true, 413: true, 422: true, 426: true, 429: true, 503: true}

func newFuzzServer(tb testing.TB) *fuzzServer {
	tb.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "commons.db"))
	if err != nil {
		tb.Fatal(err)
	}
	srv, err := New(Config{
		Store: st,
		// Any bot a client names is checked as usual, and then plays at
		// random, so that matches fuzzing made end quickly.
		NewBot: func(spec string, seed uint64) (bot.Bot, error) {
			if _, err := bot.New(spec, seed); err != nil {
				return nil, err
			}
			return bot.New("random", seed)
		},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		// Every input is served from 127.0.0.1: the per-client limits
		// would soon refuse them all.
		MoveRate: -1, CreateLimit: -1, ReplayRate: -1, ReplayBuildRate: -1,
		SignInLimit: -1, SignUpLimit: -1, ChatLimit: -1, LobbyWait: 10 * time.Millisecond,
		PasswordParams: account.Params{Time: 1, Memory: 64, Threads: 1, SaltBytes: 16, KeyBytes: 32},
		OperatorToken:  fuzzOperator,
	})
	if err != nil {
		tb.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		tb.Fatal(err)
	}
	fs := &fuzzServer{srv: srv, http: httptest.NewServer(srv.Handler())}
	tb.Cleanup(func() {
		fs.http.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		st.Close()
	})
	fs.refill(tb)
	return fs
}

// do serves one request in process and returns the status and body.
func (fs *fuzzServer) do(method, target, token string, body []byte) (int, []byte, http.Header) {
	return fs.doAs(method, target, token, "", body)
}

// doAs is do with a session's cookie.
func (fs *fuzzServer) doAs(method, target, token, session string, body []byte) (int, []byte, http.Header) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req := httptest.NewRequest(method, "http://commons.test"+target, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if session != "" {
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: session})
	}
	rec := httptest.NewRecorder()
	fs.srv.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes(), rec.Header()
}

// refill makes the matches the inputs act on: an open countdown match
// (a seat free), a running one between two people, a running Breaking
// Head match of people, and a finished one.
func (fs *fuzzServer) refill(tb testing.TB) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	fs.made++
	create := func(body string) fuzzMatch {
		code, raw, _ := fs.do("POST", "/api/matches", "", []byte(body))
		var a struct {
			Match struct {
				ID      string `json:"id"`
				Players int    `json:"players"`
			} `json:"match"`
			Token string `json:"token"`
		}
		if code != http.StatusCreated || json.Unmarshal(raw, &a) != nil {
			tb.Fatalf("creating a match: %d %s", code, raw)
		}
		m := fuzzMatch{id: a.Match.ID, tokens: []string{a.Token}}
		for seat := 2; seat <= a.Match.Players; seat++ {
			code, raw, _ := fs.do("POST", "/api/matches/"+m.id+"/join", "", []byte(fmt.Sprintf(`{"seat": %d}`, seat)))
			var j struct{ Token string }
			if code != http.StatusOK || json.Unmarshal(raw, &j) != nil {
				break
			}
			m.tokens = append(m.tokens, j.Token)
		}
		return m
	}
	open := func() fuzzMatch {
		code, raw, _ := fs.do("POST", "/api/matches", "", []byte(`{"game": "countdown", "join": 1}`))
		var a struct {
			Match struct{ ID string } `json:"match"`
			Token string              `json:"token"`
		}
		if code != http.StatusCreated || json.Unmarshal(raw, &a) != nil {
			tb.Fatalf("creating a match: %d %s", code, raw)
		}
		return fuzzMatch{id: a.Match.ID, tokens: []string{a.Token}}
	}
	// The account the inputs act as, signed in afresh (an input may
	// have signed it out everywhere).
	code, _, hdr := fs.do("POST", "/api/account/signup", "", []byte(`{"name": "fuzzer", "password": "the fuzzer's password"}`))
	if code == http.StatusConflict {
		code, _, hdr = fs.do("POST", "/api/account/signin", "", []byte(`{"name": "fuzzer", "password": "the fuzzer's password"}`))
	}
	resp := http.Response{Header: hdr}
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie {
			fs.session = c.Value
		}
	}
	if code >= 300 || fs.session == "" {
		tb.Fatalf("signing the fuzzer in: %d", code)
	}
	over := create(`{"game": "countdown", "options": {"start": "fixed"}, "join": 1}`)
	for v := 0; v < 20; v++ {
		for _, tok := range over.tokens {
			for _, mv := range []string{"take2", "take1"} {
				fs.do("POST", "/api/matches/"+over.id+"/moves", tok, []byte(fmt.Sprintf(`{"move": %q, "version": %d}`, mv, v)))
			}
		}
	}
	fs.matches = []fuzzMatch{
		open(),
		create(`{"game": "countdown", "join": 1}`),
		create(`{"game": "breaking-head", "players": 3, "join": 1}`),
		over,
	}
}

// pick returns a match for selector k.
func (fs *fuzzServer) pick(k uint8) fuzzMatch {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.matches[int(k)%len(fs.matches)]
}

// routes are the API's endpoints, each as a method and a path pattern in
// which {id} is a match ID and {x} the input's free text.
var routes = []struct{ method, path string }{
	{"POST", "/api/matches"},
	{"POST", "/api/matches/{id}/join"},
	{"POST", "/api/matches/{id}/leave"},
	{"POST", "/api/matches/{id}/seats/{x}/bot"},
	{"POST", "/api/matches/{id}/moves"},
	{"POST", "/api/matches/{id}/rematch"},
	{"GET", "/api/matches/{id}/state"},
	{"GET", "/api/matches/{id}/record?view={x}"},
	{"GET", "/api/matches?{x}"},
	{"GET", "/api/matches/{id}"},
	{"GET", "/api/matches/{id}/ws"},
	{"GET", "/api/games"},
	{"PUT", "/api/matches/{id}/moves"},
	{"GET", "/api/matches/{id}/replay?{x}"},
	{"POST", "/api/account/signup"},
	{"POST", "/api/account/signin"},
	{"POST", "/api/account/signout"},
	{"POST", "/api/account/signout-everywhere"},
	{"GET", "/api/account"},
	{"POST", "/api/account/seats"},
	{"POST", "/api/account/mutes"},
	{"POST", "/api/account/passkeys/register/begin"},
	{"POST", "/api/account/passkeys/register/finish"},
	{"POST", "/api/account/passkeys/signin/begin"},
	{"POST", "/api/account/passkeys/signin/finish"},
	{"GET", "/api/users/{x}"},
	{"GET", "/api/games/{x}/leaderboard"},
	{"GET", "/api/matches/{id}/chat?{x}"},
	{"POST", "/api/matches/{id}/chat"},
	{"DELETE", "/api/matches/{id}/chat/{x}"},
	{"GET", "/api/matches/{id}/ratings"},
	{"GET", "/api/chat?{x}"},
	{"POST", "/api/chat"},
	{"DELETE", "/api/chat/{x}"},
}

// FuzzHTTPRequest sends the API requests a client could: any endpoint,
// any body, any token, against matches open, running and over, served in
// process by a real server on SQLite. It checks that every answer has a
// status of docs/api.md (never 500: the server never fails on what a
// client sends) and is JSON, every error {"error": "..."} with a message
// that is not empty.
func FuzzHTTPRequest(f *testing.F) {
	seeds := []struct {
		route, match, auth uint8
		x                  string
		body               string
	}{
		{0, 0, 0, "", `{"game": "source", "players": 2, "join": 1, "name": "ann"}`},
		{0, 0, 0, "", `{"game": "breaking-head", "players": 4, "seats": ["human", "random", "greedy", "human"], "turn_timer": "2m", "timeout_bot": "random", "join": -1}`},
		{0, 0, 0, "", `{"game": "3io", "options": {"tiles": "/etc/passwd"}}`},
		{0, 0, 0, "", `{"game": "countdown", "seats": ["mcts:workers=99", "human"]}`},
		{1, 0, 0, "", `{"seat": 2, "name": "bob"}`},
		{1, 0, 0, "", ``},
		{2, 1, 1, "", `{"bot": "greedy"}`},
		{3, 1, 1, "2", `{"bot": "random"}`},
		{4, 1, 1, "", `{"move": "take1", "version": 1}`},
		{4, 1, 2, "", `{"move": "take2", "version": 1}`},
		{4, 2, 1, "", `{"move": "pass crossing", "version": 9}`},
		{4, 1, 1, "", `{"move": "take1"}`},
		{5, 3, 1, "", ``},
		{6, 2, 1, "", ``},
		{6, 2, 3, "nope", ``},
		{7, 2, 0, "complete", ``},
		{7, 3, 0, "public", ``},
		{8, 0, 0, "status=open,over&limit=5&game=source", ``},
		{8, 0, 0, "limit=0", ``},
		{9, 4, 0, "no-such-match", ``},
		{10, 1, 0, "", ``},
		{11, 0, 0, "", ``},
		{12, 1, 1, "", `{}`},
		{13, 2, 0, "seat=1", ``},
		{13, 2, 1, "seat=1&page=0&text=1", ``},
		{13, 0, 0, "page=x", ``},
		{14, 0, 0, "", `{"name": "Ada", "password": "correct horse", "seats": [{"match": "x", "token": "y"}]}`},
		{15, 0, 0, "", `{"name": "fuzzer", "password": "the fuzzer's password"}`},
		{16, 0, 4, "", ``},
		{18, 0, 4, "", ``},
		{19, 1, 4, "", `{"seats": [{"match": "x", "token": "y"}]}`},
		{20, 0, 4, "", `{"name": "fuzzer", "mute": true}`},
		{21, 0, 0, "", `{"name": "Grace"}`},
		{22, 0, 0, "", `{"ceremony": "x", "credential": {"id": "AAAA", "type": "public-key", "response": {}}}`},
		{23, 0, 0, "", `{}`},
		{24, 0, 0, "", `{"ceremony": "x", "credential": {}}`},
		{25, 0, 0, "FUZZER", ``},
		{26, 0, 0, "source", ``},
		{27, 1, 0, "from=1", ``},
		{28, 1, 1, "", `{"text": "good game"}`},
		{28, 1, 4, "", `{"text": "a\u0000b"}`},
		{29, 1, 5, "0", ``},
		{30, 3, 0, "", ``},
		{31, 0, 0, "wait=1&since=1", ``},
		{32, 0, 4, "", `{"text": "hello lobby"}`},
		{33, 0, 5, "0", ``},
	}
	for _, s := range seeds {
		f.Add(s.route, s.match, s.auth, s.x, []byte(s.body))
	}
	fs := newFuzzServer(f)
	inputs := 0
	f.Fuzz(func(t *testing.T, route, match, auth uint8, x string, body []byte) {
		if inputs++; inputs%2000 == 0 {
			fs.refill(t) // the inputs have moved, left and ended the matches
		}
		r := routes[int(route)%len(routes)]
		m := fs.pick(match)
		id := m.id
		if match >= 200 {
			id = x // any ID at all
		}
		token, cookie := "", ""
		switch auth % 6 {
		case 1, 2:
			token = m.tokens[int(auth/6)%len(m.tokens)]
		case 3:
			token = x
		case 4:
			cookie = fs.session // signed in
		case 5:
			token = fuzzOperator
		}
		target := strings.ReplaceAll(r.path, "{id}", url.PathEscape(id))
		if strings.Contains(target, "?{x}") || strings.Contains(target, "={x}") {
			target = strings.ReplaceAll(target, "{x}", url.QueryEscape(x))
		}
		target = strings.ReplaceAll(target, "{x}", url.PathEscape(x))
		if strings.ContainsAny(token, "\r\n\x00") || !validHeader(token) {
			token = ""
		}
		var b []byte
		if r.method != "GET" {
			b = body
		}
		code, raw, hdr := fs.doAs(r.method, target, token, cookie, b)
		if redirected(target, code, hdr) {
			return
		}
		if err := checkAnswer(code, raw, hdr); err != nil {
			t.Fatalf("%s %s (token %q) with %q: %v", r.method, target, token, body, err)
		}
	})
}

// redirected reports net/http's ServeMux's answer to a path that is not
// clean (an empty segment, "." or ".."): a redirect to the clean path,
// before any handler of ours sees the request. It is not JSON, and
// docs/api.md does not list it (FuzzHTTPRequest found it; see
// docs/reliability.md).
func redirected(target string, code int, hdr http.Header) bool {
	if code != http.StatusMovedPermanently && code != http.StatusTemporaryRedirect && code != http.StatusPermanentRedirect {
		return false
	}
	p, _, _ := strings.Cut(target, "?")
	u, err := url.Parse(p)
	if err != nil {
		return false
	}
	clean := path.Clean(u.Path)
	if strings.HasSuffix(u.Path, "/") && clean != "/" {
		clean += "/"
	}
	loc, _, _ := strings.Cut(hdr.Get("Location"), "?")
	return clean != u.Path && (loc == clean || strings.HasSuffix(loc, url.PathEscape(clean)) || strings.HasSuffix(loc, clean))
}

func validHeader(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// checkAnswer checks one answer of the API.
func checkAnswer(code int, raw []byte, hdr http.Header) error {
	if code == http.StatusMethodNotAllowed {
		// The router's answer to a method an endpoint does not take.
		return nil
	}
	if !documented[code] {
		return fmt.Errorf("status %d, which docs/api.md does not list: %s", code, raw)
	}
	if ct := hdr.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("status %d with Content-Type %q: %s", code, ct, raw)
	}
	if !json.Valid(raw) {
		return fmt.Errorf("status %d: the answer is not JSON: %q", code, raw)
	}
	if code >= 400 {
		var e map[string]any
		if err := json.Unmarshal(raw, &e); err != nil {
			return fmt.Errorf("status %d: the error is not an object: %s", code, raw)
		}
		msg, _ := e["error"].(string)
		if len(e) != 1 || strings.TrimSpace(msg) == "" {
			return fmt.Errorf("status %d: want {\"error\": \"...\"}, got %s", code, raw)
		}
	}
	return nil
}

// FuzzWebSocketMessage sends any message on a match's WebSocket, as a seat
// and as a spectator, to a real server over loopback. After each it sends
// a marker (a move without a version, which is refused with the marker's
// id) and reads every answer up to the marker's. It checks that the server
// answers every message it reads, and only with JSON of the documented
// types: a state message, an ack, or an error with a documented status and
// a message that is not empty; and that a message over the limit closes
// the connection with 1009 (message too big), nothing else.
func FuzzWebSocketMessage(f *testing.F) {
	for _, s := range []string{
		`{"type": "move", "move": "take1", "version": 1, "id": "m7"}`, `{"type": "state"}`,
		`{"type": "move", "move": "take9", "version": 1}`, `{"type": "move", "move": "take1"}`,
		`{"type": "dance"}`, `{"type": "move", "type": "state"}`, `not json`, `{"type": "state"} {}`,
		`{"type": "move", "move": "take1", "version": -1, "id": "` + strings.Repeat("x", 100) + `"}`,
	} {
		f.Add(false, uint8(0), []byte(s))
		f.Add(false, uint8(1), []byte(s))
	}
	f.Add(true, uint8(0), []byte{0, 1, 2})
	fs := newFuzzServer(f)
	var conns [3]*fuzzConn
	f.Fuzz(func(t *testing.T, binary bool, who uint8, data []byte) {
		k := int(who) % len(conns)
		if conns[k] == nil {
			conns[k] = fs.dial(t, k)
		}
		c := conns[k]
		if err := c.exchange(binary, data); err != nil {
			t.Fatalf("as %s: message %q: %v", c.who, data, err)
		}
		if c.closed {
			conns[k] = nil
		}
	})
}

// fuzzConn is one WebSocket client of FuzzWebSocketMessage.
type fuzzConn struct {
	who    string
	conn   *websocket.Conn
	marks  int
	closed bool
}

// dial connects as seat 1 of the running countdown match (k 0), seat 1 of
// the Breaking Head match (k 1), or a spectator (k 2).
func (fs *fuzzServer) dial(tb testing.TB, k int) *fuzzConn {
	tb.Helper()
	m := fs.pick(uint8(1 + k%2))
	url := "ws" + strings.TrimPrefix(fs.http.URL, "http") + "/api/matches/" + m.id + "/ws"
	who := "seat 1 of " + m.id
	if k < 2 {
		url += "?token=" + m.tokens[0]
	} else {
		who = "a spectator"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		tb.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(16 << 20)
	c := &fuzzConn{who: who, conn: conn}
	if _, _, err := c.read(); err != nil { // the first state message
		tb.Fatalf("first message: %v", err)
	}
	return c
}

func (c *fuzzConn) read() (string, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, b, err := c.conn.Read(ctx)
	if err != nil {
		return "", nil, err
	}
	var head struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return "", b, fmt.Errorf("the server sent a message that is not a JSON object: %q", b)
	}
	return head.Type + " " + head.ID, b, nil
}

func (c *fuzzConn) exchange(binary bool, data []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	typ := websocket.MessageText
	if binary {
		typ = websocket.MessageBinary
	}
	if err := c.conn.Write(ctx, typ, data); err != nil {
		return fmt.Errorf("write: %v", err)
	}
	over := int64(len(data)) > defaultMaxMessageBytes
	// A text message that is not UTF-8 breaks the protocol (RFC 6455,
	// 8.1): the server closes the connection with 1007.
	notText := !over && !binary && !utf8.Valid(data)
	if !over && !notText {
		c.marks++
		mark := fmt.Sprintf(`{"type": "move", "id": "mark-%d"}`, c.marks)
		if err := c.conn.Write(ctx, websocket.MessageText, []byte(mark)); err != nil {
			return fmt.Errorf("write the marker: %v", err)
		}
	}
	for n := 0; ; n++ {
		head, b, err := c.read()
		if notText {
			c.closed = true
			if websocket.CloseStatus(err) == websocket.StatusInvalidFramePayloadData {
				return nil
			}
			if err == nil {
				continue // a state message on its way before the close
			}
			return fmt.Errorf("a text message that is not UTF-8: the connection ended with %v, want 1007", err)
		}
		if over {
			c.closed = true
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				return nil
			}
			if err == nil {
				continue // a state message on its way before the close
			}
			return fmt.Errorf("a message of %d bytes: the connection ended with %v, want 1009", len(data), err)
		}
		if err != nil {
			c.closed = true
			return fmt.Errorf("after %d answers: %v", n, err)
		}
		if err := checkServerMessage(b); err != nil {
			return err
		}
		if head == fmt.Sprintf("error mark-%d", c.marks) {
			return nil
		}
		if n > 100 {
			return fmt.Errorf("no answer to the marker after %d messages", n)
		}
	}
}

// defaultMaxMessageBytes is Config.MaxMessageBytes's default, which the
// fuzz servers keep.
const defaultMaxMessageBytes = 16 << 10

// checkServerMessage checks one message from the server.
func checkServerMessage(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("not a JSON object: %q", b)
	}
	switch m["type"] {
	case "state", "ack":
		return nil
	case "error":
		status, _ := m["status"].(float64)
		msg, _ := m["error"].(string)
		if !documented[int(status)] || status < 400 {
			return fmt.Errorf("error with status %v, which docs/api.md does not list: %s", m["status"], b)
		}
		if strings.TrimSpace(msg) == "" {
			return fmt.Errorf("error without a message: %s", b)
		}
		return nil
	}
	return fmt.Errorf("a message of type %v: %s", m["type"], b)
}
