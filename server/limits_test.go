package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/server"
)

// serveHTTP serves srv with its own http.Server (HTTPServer: the
// timeouts of its Config) on loopback and returns the address.
func serveHTTP(t *testing.T, cfg server.Config) string {
	t.Helper()
	n := startNode(t, nil, cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := n.srv.HTTPServer()
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// closedWithin reports whether the server closes conn within d (the
// client reading whatever it answers meanwhile).
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// trickle writes s one byte every gap until stop is closed or s is
// written.
func trickle(conn net.Conn, s string, gap time.Duration, stop chan struct{}) {
	for i := range len(s) {
		select {
		case <-stop:
			return
		case <-time.After(gap):
		}
		if _, err := conn.Write([]byte{s[i]}); err != nil {
			return
		}
	}
}

// A slowloris, a client that sends its request a byte at a time, is cut
// off after ReadHeaderTimeout (headers) or ReadTimeout (body); a
// kept-alive connection is closed after IdleTimeout. Without the limits
// (the last case) the same client stays connected.
func TestSlowClientsCutOff(t *testing.T) {
	limits := server.Config{ReadHeaderTimeout: 300 * time.Millisecond, ReadTimeout: 600 * time.Millisecond, IdleTimeout: 400 * time.Millisecond}
	off := server.Config{ReadHeaderTimeout: -1, ReadTimeout: -1, IdleTimeout: -1}
	headers := "GET /healthz HTTP/1.1\r\nHost: commons.test\r\nX-Slow: " + strings.Repeat("a", 100) + "\r\n\r\n"
	body := `{"game": "countdown", "name": "` + strings.Repeat("b", 100) + `"}`
	post := "POST /api/matches HTTP/1.1\r\nHost: commons.test\r\nContent-Type: application/json\r\nContent-Length: " + itoa(len(body)) + "\r\n\r\n"

	slow := func(t *testing.T, addr, head, slowPart string) net.Conn {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		if head != "" {
			conn.Write([]byte(head))
		}
		stop := make(chan struct{})
		t.Cleanup(func() { close(stop) })
		go trickle(conn, slowPart, 50*time.Millisecond, stop) // 100 bytes: 5 s
		return conn
	}
	t.Run("Headers", func(t *testing.T) {
		conn := slow(t, serveHTTP(t, limits), "", headers)
		start := time.Now()
		if !closedWithin(conn, 3*time.Second) {
			t.Fatal("a client sending its headers a byte at a time is still connected after 3 s")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("cut off after %v, want about 300ms", d)
		}
	})
	t.Run("Body", func(t *testing.T) {
		conn := slow(t, serveHTTP(t, limits), post, body)
		start := time.Now()
		if !closedWithin(conn, 3*time.Second) {
			t.Fatal("a client sending its body a byte at a time is still connected after 3 s")
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("cut off after %v, want about 600ms", d)
		}
	})
	t.Run("KeptAlive", func(t *testing.T) {
		conn, err := net.Dial("tcp", serveHTTP(t, limits))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.Write([]byte("GET /healthz HTTP/1.1\r\nHost: commons.test\r\n\r\n"))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("healthz: %v %v", resp, err)
		}
		resp.Body.Close()
		if !closedWithin(conn, 3*time.Second) {
			t.Fatal("an idle kept-alive connection is still open after 3 s")
		}
	})
	t.Run("WithoutLimits", func(t *testing.T) {
		conn := slow(t, serveHTTP(t, off), "", headers)
		if closedWithin(conn, 1500*time.Millisecond) {
			t.Fatal("without limits, the slow client was cut off")
		}
	})
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// countdownMatch makes a countdown match with people in both seats and
// returns its ID, the seats' tokens (seat 1's first) and the seat to
// move.
func countdownMatch(n *node) (string, []string, int) {
	a := n.create(map[string]any{"game": "countdown", "join": 1})
	b := n.join(a.Match.ID, 2)
	s := n.state(a.Match.ID, "")
	return a.Match.ID, []string{a.Token, b.Token}, s.ToMove
}

// Over a WebSocket, a client may send MoveRate moves a second in bursts
// of MoveBurst; a move over that is answered 429, naming the limit, and
// not played; once the bucket has refilled, moves are played again.
func TestMoveRateLimitWebSocket(t *testing.T) {
	n := startNode(t, nil, server.Config{MoveRate: 2, MoveBurst: 3})
	id, tokens, toMove := countdownMatch(n)
	c := n.dial(id, tokens[toMove-1])
	s := c.nextState(5 * time.Second)
	for i := range 3 { // the burst: stale moves, refused as such
		c.send(map[string]any{"type": "move", "move": s.Legal[0], "version": 1000, "id": "stale" + itoa(i)})
		if a := c.nextAnswer(5 * time.Second); a.Status != http.StatusConflict {
			t.Fatalf("move %d of the burst: %+v, want 409 stale", i, a)
		}
	}
	c.send(map[string]any{"type": "move", "move": s.Legal[0], "version": s.Version, "id": "over"})
	a := c.nextAnswer(5 * time.Second)
	if a.Type != "error" || a.Status != http.StatusTooManyRequests || a.ID != "over" ||
		!strings.Contains(a.Error, "too many moves: the limit is 2 a second on one connection (bursts of 3)") || !strings.Contains(a.Error, "not played") {
		t.Fatalf("a move over the limit: %+v", a)
	}
	if v := n.state(id, "").Version; v != s.Version {
		t.Fatalf("the move over the limit was played: version %d, was %d", v, s.Version)
	}
	time.Sleep(600 * time.Millisecond) // one more token
	c.send(map[string]any{"type": "move", "move": s.Legal[0], "version": s.Version, "id": "later"})
	if a := c.nextAnswer(5 * time.Second); a.Type != "ack" {
		t.Fatalf("a move after the wait: %+v, want an ack", a)
	}
	if got := n.metric(`commons_limited_total{limit="moves"}`); got != "1" {
		t.Fatalf("commons_limited_total{limit=\"moves\"} = %q, want 1", got)
	}
}

// Over HTTP the move rate limit is per client address: 429 with a JSON
// error naming the limit and Retry-After, and the move is not played.
func TestMoveRateLimitHTTP(t *testing.T) {
	n := startNode(t, nil, server.Config{MoveRate: 1, MoveBurst: 2})
	id, tokens, toMove := countdownMatch(n)
	tok := tokens[toMove-1]
	s := n.state(id, tok)
	path := "/api/matches/" + id + "/moves"
	for range 2 {
		n.mustCall(http.StatusConflict, "POST", path, tok, map[string]any{"move": s.Legal[0], "version": 1000}, nil)
	}
	req, _ := http.NewRequest("POST", n.url+path, strings.NewReader(`{"move": "`+s.Legal[0]+`", "version": `+itoa(s.Version)+`}`))
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct{ Error string }
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || resp.StatusCode != http.StatusTooManyRequests ||
		!strings.Contains(e.Error, "too many moves: the limit is 1 a second from one address (bursts of 2)") || resp.Header.Get("Retry-After") != "1" {
		t.Fatalf("status %d, Retry-After %q, %q (%v)", resp.StatusCode, resp.Header.Get("Retry-After"), e.Error, err)
	}
	if v := n.state(id, "").Version; v != s.Version {
		t.Fatalf("the move over the limit was played: version %d, was %d", v, s.Version)
	}
	// Another address has a bucket of its own.
	other := httptest.NewRequest("POST", path, strings.NewReader(`{"move": "`+s.Legal[0]+`", "version": `+itoa(s.Version)+`}`))
	other.RemoteAddr = "192.0.2.7:5555"
	other.Header.Set("Authorization", "Bearer "+tok)
	rec := httptest.NewRecorder()
	n.srv.Handler().ServeHTTP(rec, other)
	if rec.Code != http.StatusOK {
		t.Fatalf("a move from another address: %d %s", rec.Code, rec.Body)
	}
}

// A client address may create CreateLimit matches per CreateWindow; one
// more is 429 with a JSON error saying when to try again. A request
// refused for another reason does not count; another address has its own
// allowance.
func TestCreateLimitPerClient(t *testing.T) {
	n := startNode(t, nil, server.Config{CreateLimit: 3, CreateWindow: time.Hour})
	n.mustCall(http.StatusBadRequest, "POST", "/api/matches", "", map[string]any{"game": "chess"}, nil)
	for range 3 {
		n.create(map[string]any{"game": "countdown"})
	}
	code, raw := n.call("POST", "/api/matches", "", map[string]any{"game": "countdown"}, nil)
	var e struct{ Error string }
	json.Unmarshal(raw, &e)
	if code != http.StatusTooManyRequests || !strings.Contains(e.Error, "too many matches created: the limit is 3 per 1h0m0s from one address; try again in 20m0s") {
		t.Fatalf("the 4th match: %d %s", code, raw)
	}
	if got := n.metric(`commons_matches_created_total{game="countdown"}`); got != "3" {
		t.Fatalf("%s matches created, want 3", got)
	}
	req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{"game": "countdown"}`))
	req.RemoteAddr = "192.0.2.8:4444"
	rec := httptest.NewRecorder()
	n.srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Fatalf("a match from another address: %d %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Retry-After"); got != "" {
		t.Fatalf("Retry-After %q on a success", got)
	}
}

// A WebSocket that does not answer the server's pings (its other end is
// gone, or it does not read) is closed after WSIdleTimeout with 1008; a
// client that answers (every library does, while it reads) stays
// connected however long it says nothing.
func TestIdleWebSocketClosed(t *testing.T) {
	n := startNode(t, nil, server.Config{WSIdleTimeout: 400 * time.Millisecond})
	id, tokens, _ := countdownMatch(n)
	live := n.dial(id, tokens[0]) // reads all the time, so answers pings
	live.nextState(5 * time.Second)

	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + id + "/ws?token=" + tokens[1]
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	mute, _, err := websocket.Dial(ctx, url, nil) // never reads: no pong
	if err != nil {
		t.Fatal(err)
	}
	defer mute.CloseNow()
	deadline := time.Now().Add(5 * time.Second)
	for n.metric(`commons_limited_total{limit="idle"}`) != "1" {
		if time.Now().After(deadline) {
			t.Fatal("a WebSocket that answers no ping is still open after 5 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// What the mute client finds when it reads at last: its state, then
	// the close, 1008, saying why.
	var ce websocket.CloseError
	for {
		_, _, err := mute.Read(ctx)
		if err != nil {
			if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "idle: no answer to the server's ping within 200ms") {
				t.Fatalf("the mute client's end: %v", err)
			}
			break
		}
	}
	time.Sleep(600 * time.Millisecond) // more than WSIdleTimeout since the close
	live.send(map[string]any{"type": "state"})
	if s := live.nextState(5 * time.Second); s.Seat != 1 {
		t.Fatalf("the live client: %+v", s)
	}
	if got := n.metric(`commons_limited_total{limit="idle"}`); got != "1" {
		t.Fatalf("%s connections closed as idle, want 1 (the live one was closed)", got)
	}
}
