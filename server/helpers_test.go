package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres/pgtest"
	"github.com/commons-games/commons/store/sqlite"
	"github.com/commons-games/commons/store/storetest"
)

func TestMain(m *testing.M) {
	testgames.Register()
	os.Exit(pgtest.Main(m))
}

// node is a server under test, serving on loopback.
type node struct {
	t    testing.TB
	srv  *server.Server
	http *httptest.Server
	url  string // http://127.0.0.1:PORT
	st   store.Store
}

// testLogger logs warnings and errors into the test's log.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

func sqliteStore(t testing.TB) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// startNode starts a server on st (a new SQLite store if nil) with cfg's
// other fields, and stops it when the test ends.
func startNode(t testing.TB, st store.Store, cfg server.Config) *node {
	t.Helper()
	if st == nil {
		st = sqliteStore(t)
	}
	cfg.Store = st
	// The per-client limits are off unless a test sets them: tests make
	// many matches and moves from 127.0.0.1, fast (limits_test.go
	// tests them).
	if cfg.MoveRate == 0 {
		cfg.MoveRate = -1
	}
	if cfg.CreateLimit == 0 {
		cfg.CreateLimit = -1
	}
	if cfg.ReplayRate == 0 {
		cfg.ReplayRate = -1
	}
	if cfg.ReplayBuildRate == 0 {
		cfg.ReplayBuildRate = -1
	}
	if cfg.SignInLimit == 0 {
		cfg.SignInLimit = -1
	}
	if cfg.SignUpLimit == 0 {
		cfg.SignUpLimit = -1
	}
	if cfg.ChatLimit == 0 {
		cfg.ChatLimit = -1
	}
	if cfg.PasswordParams == (account.Params{}) {
		// A test's passwords are hashed in microseconds; the server's
		// own parameters are RFC 9106's (TestPasswordsHashedAsRFC9106).
		cfg.PasswordParams = fastPasswords
	}
	if cfg.NewBot == nil {
		cfg.NewBot = bot.New
	}
	if cfg.Logger == nil {
		cfg.Logger = testLogger(t)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler()) // listens on 127.0.0.1 only
	n := &node{t: t, srv: srv, http: hs, url: hs.URL, st: st}
	t.Cleanup(n.stop)
	return n
}

func (n *node) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := n.srv.Shutdown(ctx); err != nil {
		n.t.Errorf("Shutdown: %v", err)
	}
	n.http.Close()
}

// call makes an API request and decodes the answer into out (if not nil).
// It returns the status and the raw body.
func (n *node) call(method, path, token string, body any, out any) (int, []byte) {
	n.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			n.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, n.url+path, rd)
	if err != nil {
		n.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		n.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			n.t.Fatalf("%s %s: %v\n%s", method, path, err, raw)
		}
	}
	return resp.StatusCode, raw
}

// mustCall is call that fails the test unless the status is want.
func (n *node) mustCall(want int, method, path, token string, body any, out any) []byte {
	n.t.Helper()
	code, raw := n.call(method, path, token, body, out)
	if code != want {
		n.t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, want, raw)
	}
	return raw
}

// The API's answers, as a client reads them.
type (
	seatView struct {
		Seat    int    `json:"seat"`
		Kind    string `json:"kind"`
		Bot     string `json:"bot,omitempty"`
		Name    string `json:"name,omitempty"`
		Taken   bool   `json:"taken"`
		Account bool   `json:"account,omitempty"`
	}
	matchView struct {
		ID                string            `json:"id"`
		Game              string            `json:"game"`
		Title             string            `json:"title,omitempty"`
		Players           int               `json:"players"`
		Options           game.Options      `json:"options"`
		HiddenInformation bool              `json:"hidden_information"`
		Status            string            `json:"status"`
		Version           int               `json:"version"`
		Seats             []seatView        `json:"seats"`
		FreeSeats         int               `json:"free_seats"`
		Settings          map[string]string `json:"settings"`
		ToMove            *int              `json:"to_move,omitempty"`
		Deadline          *time.Time        `json:"deadline,omitempty"`
		Result            []float64         `json:"result,omitempty"`
		Rematch           string            `json:"rematch,omitempty"`
		RematchOf         string            `json:"rematch_of,omitempty"`
		Created           time.Time         `json:"created"`
		Draws             bool              `json:"draws,omitempty"`
		DrawOffer         []int             `json:"draw_offer,omitempty"`
		End               *record.End       `json:"end,omitempty"`
		Abandoned         *time.Time        `json:"abandoned,omitempty"`
		Expires           *time.Time        `json:"expires,omitempty"`
		Rated             bool              `json:"rated,omitempty"`
		TurnBased         bool              `json:"turn_based,omitempty"`
		TakeOver          []int             `json:"take_over,omitempty"`
		OutOfTime         []int             `json:"out_of_time,omitempty"`
		Variant           *struct {
			Name  string `json:"name"`
			Title string `json:"title"`
			Data  string `json:"data,omitempty"`
		} `json:"variant,omitempty"`
	}
	seatAnswer struct {
		Match matchView `json:"match"`
		Seat  int       `json:"seat"`
		Token string    `json:"token"`
	}
	entry struct {
		N    int    `json:"n"`
		Seat int    `json:"seat,omitempty"`
		Move string `json:"move"`
		Mark string `json:"mark,omitempty"`
	}
	moveAnswer struct {
		Version int     `json:"version"`
		Applied []entry `json:"applied"`
	}
	// stateMsg mirrors the server's state message field for field; the
	// tests decode with unknown fields disallowed, so a field added to
	// the message without a look at what it may leak fails them.
	stateMsg struct {
		Type        string          `json:"type"`
		Match       string          `json:"match"`
		Game        string          `json:"game"`
		Title       string          `json:"title"`
		Version     int             `json:"version"`
		Status      string          `json:"status"`
		Seat        int             `json:"seat"`
		ToMove      int             `json:"to_move"`
		YourTurn    bool            `json:"your_turn"`
		Legal       []string        `json:"legal,omitempty"`
		Deadline    *time.Time      `json:"deadline,omitempty"`
		Observation json.RawMessage `json:"observation"`
		Text        string          `json:"text"`
		From        int             `json:"from"`
		Moves       []entry         `json:"moves"`
		Seats       []seatView      `json:"seats"`
		Result      []float64       `json:"result,omitempty"`
		Scores      []float64       `json:"scores,omitempty"`
		Rematch     string          `json:"rematch,omitempty"`
		Teams       bool            `json:"teams,omitempty"`
		Draws       bool            `json:"draws,omitempty"`
		DrawOffer   []int           `json:"draw_offer,omitempty"`
		End         *record.End     `json:"end,omitempty"`
		Abandoned   *time.Time      `json:"abandoned,omitempty"`
		TurnBased   bool            `json:"turn_based,omitempty"`
		MoveTime    string          `json:"move_time,omitempty"`
		TakeOver    []int           `json:"take_over,omitempty"`
		OutOfTime   []int           `json:"out_of_time,omitempty"`
		Undo        int             `json:"undo,omitempty"`
		Forced      bool            `json:"forced,omitempty"`
	}
	answerMsg struct {
		Type    string  `json:"type"`
		ID      string  `json:"id,omitempty"`
		Version int     `json:"version,omitempty"`
		Applied []entry `json:"applied,omitempty"`
		Status  int     `json:"status,omitempty"`
		Error   string  `json:"error,omitempty"`
		Said    *int    `json:"said,omitempty"`
	}
)

func strict(t testing.TB, raw []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %T: %v\n%s", v, err, raw)
	}
}

// create makes a match and returns the answer.
func (n *node) create(req map[string]any) seatAnswer {
	n.t.Helper()
	var a seatAnswer
	n.mustCall(http.StatusCreated, "POST", "/api/matches", "", req, &a)
	return a
}

func (n *node) join(id string, seat int) seatAnswer {
	n.t.Helper()
	var a seatAnswer
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", "", map[string]any{"seat": seat, "name": fmt.Sprint("p", seat)}, &a)
	return a
}

// state reads match id's state as the holder of token sees it. A state
// in which the server plays the seat's only move for it (forced) is
// waited out: the tests that read a state to move on it get one they
// may move on.
func (n *node) state(id, token string) stateMsg {
	n.t.Helper()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		raw := n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/state?text=1", token, nil, nil)
		var s stateMsg
		strict(n.t, raw, &s)
		if !s.Forced || time.Now().After(end) {
			return s
		}
	}
}

func (n *node) match(id string) matchView {
	n.t.Helper()
	var v matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches/"+id, "", nil, &v)
	return v
}

func (n *node) record(id, view string) *record.Record {
	n.t.Helper()
	path := "/api/matches/" + id + "/record"
	if view != "" {
		path += "?view=" + view
	}
	raw := n.mustCall(http.StatusOK, "GET", path, "", nil, nil)
	r, err := record.Parse(raw)
	if err != nil {
		n.t.Fatalf("record of %s: %v\n%s", id, err, raw)
	}
	return r
}

// storedRecord is the complete record of match id as the server holds
// it, read from its store: the server never gives out the complete
// record of a game with hidden information.
func (n *node) storedRecord(id string) *record.Record {
	n.t.Helper()
	return storetest.CompleteRecord(n.t, n.st, id)
}

// waitStatus polls until the match has status want.
func (n *node) waitStatus(id, want string, within time.Duration) matchView {
	n.t.Helper()
	deadline := time.Now().Add(within)
	for {
		v := n.match(id)
		if v.Status == want {
			return v
		}
		if time.Now().After(deadline) {
			n.t.Fatalf("match %s still %s at version %d after %v, want %s", id, v.Status, v.Version, within, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// wsClient is a WebSocket client keeping every message it got.
type wsClient struct {
	t    testing.TB
	conn *websocket.Conn
	in   chan []byte
	all  [][]byte
	end  chan error
}

func (n *node) dial(id, token string) *wsClient {
	n.t.Helper()
	return n.dialWith(id, token, nil)
}

// dialWith is dial with the WebSocket's dial options (a client with
// cookies).
func (n *node) dialWith(id, token string, opts *websocket.DialOptions) *wsClient {
	n.t.Helper()
	// With the text rendering, which the tests check beside the
	// observation (TestStateTextOnlyWhenAsked: without text=1 there is
	// none).
	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + id + "/ws?text=1"
	if token != "" {
		url += "&token=" + token
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		n.t.Fatalf("dial %s: %v", id, err)
	}
	conn.SetReadLimit(16 << 20)
	c := &wsClient{t: n.t, conn: conn, in: make(chan []byte, 64), end: make(chan error, 1)}
	// The connection is read all the time, into a queue with no bound, so
	// that the server never finds this client behind however long the test
	// leaves its messages: a match of bots at Open Source runs to 6,000
	// moves, more than any fixed buffer a test would think of.
	raw := make(chan []byte)
	var readErr error
	go func() {
		for {
			_, b, err := conn.Read(context.Background())
			if err != nil {
				readErr = err
				close(raw)
				return
			}
			raw <- b
		}
	}()
	go func() {
		var queue [][]byte
		for raw != nil || len(queue) > 0 {
			var out chan []byte
			var head []byte
			if len(queue) > 0 {
				out, head = c.in, queue[0]
			}
			select {
			case b, ok := <-raw:
				if !ok {
					raw = nil
					continue
				}
				queue = append(queue, b)
			case out <- head:
				queue = queue[1:]
			}
		}
		c.end <- readErr
		close(c.in)
	}()
	n.t.Cleanup(func() { conn.CloseNow() })
	return c
}

// next returns the next message and its type.
func (c *wsClient) next(within time.Duration) (string, []byte) {
	c.t.Helper()
	select {
	case b, ok := <-c.in:
		if !ok {
			c.t.Fatalf("connection closed: %v", <-c.end)
		}
		c.all = append(c.all, b)
		var head struct{ Type string }
		json.Unmarshal(b, &head)
		return head.Type, b
	case <-time.After(within):
		c.t.Fatalf("no message within %v", within)
	}
	return "", nil
}

// nextState skips to the next state message.
func (c *wsClient) nextState(within time.Duration) stateMsg {
	c.t.Helper()
	for {
		typ, b := c.next(within)
		if typ == "state" {
			var s stateMsg
			strict(c.t, b, &s)
			return s
		}
	}
}

// nextAnswer skips to the next ack or error.
func (c *wsClient) nextAnswer(within time.Duration) answerMsg {
	c.t.Helper()
	for {
		typ, b := c.next(within)
		if typ == "ack" || typ == "error" {
			var a answerMsg
			strict(c.t, b, &a)
			return a
		}
	}
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// closed waits for the server to close the connection and returns the
// close status.
func (c *wsClient) closed(within time.Duration) websocket.StatusCode {
	c.t.Helper()
	timer := time.After(within)
	for {
		select {
		case b, ok := <-c.in:
			if ok {
				c.all = append(c.all, b)
				continue
			}
			return websocket.CloseStatus(<-c.end)
		case <-timer:
			c.t.Fatalf("connection still open after %v", within)
		}
	}
}

// sameJSON reports whether two JSON texts encode the same value.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// quietCall is call for other goroutines: it never fails the test, and
// reports a failed connection as status 0.
func (n *node) quietCall(method, path, token string, body any, out any) int {
	j, _ := json.Marshal(body)
	req, err := http.NewRequest(method, n.url+path, bytes.NewReader(j))
	if err != nil {
		return 0
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if json.Unmarshal(raw, out) != nil {
			return 0
		}
	}
	return resp.StatusCode
}

// metric returns the value of a metric series (name and labels as
// /metrics writes them), or "" if it is missing.
func (n *node) metric(series string) string {
	n.t.Helper()
	resp, err := http.Get(n.url + "/metrics")
	if err != nil {
		n.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			return v
		}
	}
	return ""
}
