package server

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

const (
	statusGoingAway       = websocket.StatusGoingAway
	statusPolicyViolation = websocket.StatusPolicyViolation
	// sendQueue is how many messages a client may fall behind before it
	// is dropped as too slow (it reconnects and gets the current state).
	sendQueue = 256
	// writeTimeout bounds one message's write to a client.
	writeTimeout = 10 * time.Second
	// tooSlow is why a client that fell behind is closed.
	tooSlow = "too slow: reconnect for the current state"
)

// client is one WebSocket connection to a match.
type client struct {
	m    *live
	hash string // the holder of the seat it plays (see holds); "" for a spectator
	// account is the account signed in, nil for a guest: it may talk
	// from the audience, and does not hear the accounts it muted.
	account *store.Account
	sent    int  // log entries it has been sent
	text    bool // it asked for the text rendering (text=1)
	out     chan []byte
	quit    chan struct{}
	once    sync.Once
	code    websocket.StatusCode
	why     string
	// moves is the connection's move rate limit (read's goroutine only).
	moves bucket
	// batch is the connection under the WebSocket's buffer, nil in
	// tests that make clients without one.
	batch *batchConn
}

// drop makes the client's writer close the connection. Safe to call more
// than once and from any goroutine.
func (c *client) drop(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.code, c.why = code, why
		close(c.quit)
	})
}

func (c *client) enqueue(b []byte) {
	select {
	case c.out <- b:
	case <-c.quit:
	default:
		c.drop(statusPolicyViolation, tooSlow)
	}
}

// viewerLocked is whose eyes the client sees with: the seat its token
// holds now (a token loses its seat when its holder leaves), or a
// spectator's.
func (c *client) viewerLocked() game.Player {
	p, _ := c.m.seatOfLocked(c.hash)
	return p
}

// sendStateLocked queues the state for the client with the log entries
// it has not had yet.
func (c *client) sendStateLocked() {
	c.enqueue(marshal(c.m.stateLocked(c.viewerLocked(), c.sent, c.text)))
	c.sent = len(c.m.log)
	c.m.s.metrics.statesSent.Inc()
	c.m.s.metrics.statesEncoded.Inc()
}

// broadcastLocked sends every client its view of the current state.
// Clients that see with the same eyes and have had the same log entries
// (every spectator, once it has had a state) get the same message, so it
// is encoded once for all of them: a match's watchers would otherwise
// cost it an encoding of the state each at every move, under the
// match's lock (BenchmarkWatchers).
func (m *live) broadcastLocked() {
	type view struct {
		viewer game.Player
		sent   int
		text   bool
		msg    []byte
	}
	var views [8]view // a match's clients see it in a few ways
	seen := views[:0]
	for c := range m.clients {
		v := view{viewer: c.viewerLocked(), sent: c.sent, text: c.text}
		for _, w := range seen {
			if w.viewer == v.viewer && w.sent == v.sent && w.text == v.text {
				v.msg = w.msg
				break
			}
		}
		if v.msg == nil {
			v.msg = marshal(m.stateLocked(v.viewer, v.sent, v.text))
			m.s.metrics.statesEncoded.Inc()
			seen = append(seen, v)
		}
		c.enqueue(v.msg) // the writers only read it
		c.sent = len(m.log)
		m.s.metrics.statesSent.Inc()
	}
}

// attach adds a client and queues its first state, with the whole log.
func (m *live) attach(c *client) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return false
	}
	m.clients[c] = struct{}{}
	m.used = time.Now()
	if _, ok := m.seatOfLocked(c.hash); ok {
		m.cameBackLocked()
	}
	c.sent = 0
	c.sendStateLocked()
	m.s.metrics.clients.Inc()
	return true
}

func (m *live) detach(c *client) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.clients[c]; ok {
		delete(m.clients, c)
		m.used = time.Now()
		if _, ok := m.seatOfLocked(c.hash); ok {
			m.seen = m.used // the person was here until now
		}
		m.s.metrics.clients.Dec()
	}
}

// clientMsg is a message from a client.
type clientMsg struct {
	// Type is "move" or "state" (send me the whole state again).
	Type string `json:"type"`
	// ID, if given, is echoed in the answer.
	ID      string `json:"id,omitempty"`
	Move    string `json:"move,omitempty"`
	Version *int   `json:"version,omitempty"`
	// Text is what a "say" message says at the table.
	Text string `json:"text,omitempty"`
}

// answerMsg acknowledges a move or reports an error.
type answerMsg struct {
	Type    string      `json:"type"` // "ack" or "error"
	ID      string      `json:"id,omitempty"`
	Version int         `json:"version,omitempty"`
	Applied []entryView `json:"applied,omitempty"`
	Status  int         `json:"status,omitempty"`
	Error   string      `json:"error,omitempty"`
	// Said is the number of the message a "say" said.
	Said *int `json:"said,omitempty"`
}

func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) error {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		// Answered here, in JSON like every error (the library would
		// answer in plain text).
		return errorf(http.StatusUpgradeRequired, "%s is a WebSocket: connect with a WebSocket client (see docs/api.md)", r.URL.Path)
	}
	text, err := textWanted(r)
	if err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	hash := ""
	if tok := wsBearer(r); tok != "" {
		hash = hashToken(tok)
		m.mu.Lock()
		_, ok := m.seatOfLocked(hash)
		m.mu.Unlock()
		if !ok {
			return errorf(http.StatusForbidden, "that token holds no seat of match %s (connect without a token to watch)", m.id)
		}
	}
	// Signed in, the account plays its seat without a token.
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	if hash == "" && acc != nil {
		if _, ok := m.seatOf(accountHolder(acc.ID)); ok {
			hash = accountHolder(acc.ID)
		}
	}
	bw := &batchWriter{ResponseWriter: w}
	conn, err := websocket.Accept(bw, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return nil // Accept has answered the request
	}
	conn.SetReadLimit(s.cfg.MaxMessageBytes)
	c := &client{m: m, hash: hash, account: acc, text: text, out: make(chan []byte, sendQueue), quit: make(chan struct{}), batch: bw.conn}
	if !m.attach(c) {
		conn.Close(websocket.StatusTryAgainLater, "the match was unloaded; reconnect")
		return nil
	}
	defer m.detach(c)
	hctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	m.sendChatHistory(hctx, c)
	cancel()
	if s.cfg.WSIdleTimeout > 0 {
		go c.ping(conn, s.cfg.WSIdleTimeout)
	}
	// The reads and writes get contexts of their own, not the server's:
	// coder/websocket drops a connection at once when the context of a
	// pending Read is canceled, and on shutdown the client should get a
	// proper close ("going away"), which the writer sends when the
	// server's context ends or the client is dropped.
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.write(s.ctx, conn)
	}()
	c.read(context.Background(), conn)
	c.drop(websocket.StatusNormalClosure, "")
	<-done
	return nil
}

// write sends queued messages until the client is dropped or stop is
// done.
//
// The messages queued at once (a move's state and ack for its mover, a
// burst of bots' moves for a watcher) are written in one system call:
// the connection holds their frames while more are queued (batchConn),
// where each message would otherwise be a write of its own, a fifth of
// the server's CPU under load (docs/reliability.md).
func (c *client) write(stop context.Context, conn *websocket.Conn) {
	for {
		select {
		case b := <-c.out:
			wctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			batch := c.batch != nil && len(c.out) > 0
			if batch {
				c.batch.hold()
			}
			err := conn.Write(wctx, websocket.MessageText, b)
			for n := 1; batch && err == nil && n < maxBatchMessages && len(c.out) > 0; n++ {
				err = conn.Write(wctx, websocket.MessageText, <-c.out)
			}
			if batch {
				if ferr := c.batch.release(writeTimeout); err == nil {
					err = ferr
				}
			}
			cancel()
			if err != nil {
				c.drop(statusPolicyViolation, "write failed")
				conn.CloseNow()
				return
			}
		case <-c.quit:
			conn.Close(c.code, c.why)
			return
		case <-stop.Done():
			conn.Close(statusGoingAway, "the server is shutting down")
			return
		}
	}
}

// ping pings the client every half of idle and drops it when a ping is
// not answered within the other half, so that a connection whose other
// end is gone, or that does not read, does not stay open.
func (c *client) ping(conn *websocket.Conn, idle time.Duration) {
	tick := time.NewTicker(idle / 2)
	defer tick.Stop()
	for {
		select {
		case <-c.quit:
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), idle/2)
		err := conn.Ping(ctx)
		cancel()
		if err != nil {
			select {
			case <-c.quit:
			default:
				c.m.s.metrics.limited.WithLabelValues("idle").Inc()
				c.drop(statusPolicyViolation, fmt.Sprintf("idle: no answer to the server's ping within %v", idle/2))
			}
			return
		}
	}
}

// read handles the client's messages until the connection ends.
func (c *client) read(ctx context.Context, conn *websocket.Conn) {
	m := c.m
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			// A message over the read limit ends here too: the library
			// has closed the connection with 1009 (message too big).
			return
		}
		if typ != websocket.MessageText {
			c.answer(answerMsg{Type: "error", Status: http.StatusBadRequest, Error: "send JSON text messages"})
			continue
		}
		if !utf8.Valid(data) {
			// A text message is UTF-8 by the protocol (RFC 6455, 8.1):
			// one that is not fails the connection, with 1007.
			c.drop(websocket.StatusInvalidFramePayloadData, "a text message that is not valid UTF-8")
			return
		}
		var msg clientMsg
		err = decodeJSON(data, &msg)
		if len(msg.ID) > maxClientIDBytes {
			// Every answer echoes the ID: not this one (decodeJSON may
			// have read it before it failed).
			c.answer(errorAnswer("", tooLong(http.StatusBadRequest, `"id"`, msg.ID, maxClientIDBytes)))
			continue
		}
		if err != nil {
			c.answer(answerMsg{Type: "error", ID: msg.ID, Status: http.StatusBadRequest, Error: jsonMessage(err)})
			continue
		}
		switch msg.Type {
		case "move":
			if c.hash == "" {
				c.answer(answerMsg{Type: "error", ID: msg.ID, Status: http.StatusUnauthorized, Error: "spectators cannot move: connect with your seat token"})
				continue
			}
			if msg.Version == nil {
				c.answer(answerMsg{Type: "error", ID: msg.ID, Status: http.StatusBadRequest, Error: `a move needs "version": the version of the state you saw`})
				continue
			}
			if err := checkMove(msg.Move); err != nil {
				c.answer(errorAnswer(msg.ID, err))
				continue
			}
			if s := m.s; s.cfg.MoveRate > 0 {
				if ok, wait := c.moves.take(time.Now(), s.cfg.MoveRate, float64(s.cfg.MoveBurst)); !ok {
					c.answer(errorAnswer(msg.ID, s.moveLimitError("on one connection", wait)))
					continue
				}
			}
			mctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			_, err := m.play(mctx, c.hash, *msg.Version, msg.Move, func(res *moveResult) {
				c.answer(answerMsg{Type: "ack", ID: msg.ID, Version: res.Version, Applied: res.Applied})
			})
			cancel()
			if err != nil {
				c.answer(errorAnswer(msg.ID, err))
				continue
			}
		case "state":
			m.mu.Lock()
			c.sent = 0
			c.sendStateLocked()
			m.mu.Unlock()
		case "say":
			sp := speaker{account: c.account, holder: c.hash, seat: game.Spectator}
			if p, ok := m.seatOf(c.hash); ok {
				sp.seat = p
			}
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			said, err := m.s.say(sctx, m, sp, msg.Text)
			cancel()
			if err != nil {
				c.answer(errorAnswer(msg.ID, err))
				continue
			}
			c.answer(answerMsg{Type: "ack", ID: msg.ID, Said: &said.N})
		default:
			c.answer(answerMsg{Type: "error", ID: msg.ID, Status: http.StatusBadRequest, Error: `unknown message type ` + clip(msg.Type) + `: want "move", "state" or "say"`})
		}
	}
}

func (c *client) answer(a answerMsg) { c.enqueue(marshal(a)) }

// wsBearer is the WebSocket's seat token: bearer's, or the query
// parameter token=T, since browsers cannot set headers on a WebSocket
// (docs/api.md; every other endpoint refuses a token there).
func wsBearer(r *http.Request) string {
	if t := bearer(r); t != "" {
		return t
	}
	return r.URL.Query().Get("token")
}

func errorAnswer(id string, err error) answerMsg {
	var ae *apiError
	if errors.As(err, &ae) {
		return answerMsg{Type: "error", ID: id, Status: ae.Status, Error: ae.Msg}
	}
	return answerMsg{Type: "error", ID: id, Status: http.StatusInternalServerError, Error: "internal error"}
}

// maxBatchMessages bounds the messages one write system call carries.
const maxBatchMessages = 32

// batchWriter hands the WebSocket library, at the upgrade, a connection
// whose writes a client's writer may hold (batchConn).
type batchWriter struct {
	http.ResponseWriter
	conn *batchConn
}

func (w *batchWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &batchConn{Conn: conn}
	// The library writes through brw's writer, which flushes at the end
	// of every message: to the batchConn now.
	return w.conn, bufio.NewReadWriter(brw.Reader, bufio.NewWriter(w.conn)), nil
}

// batchConn is a WebSocket's TCP connection, under the library's buffer.
// While it is held its writes are kept, and sent in one write when it is
// released; at any other time (pings, the closing handshake) they go out
// at once. A nil batchConn holds nothing.
type batchConn struct {
	net.Conn
	mu   sync.Mutex
	held bool
	buf  []byte
}

func (b *batchConn) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.held {
		b.buf = append(b.buf, p...)
		return len(p), nil
	}
	return b.Conn.Write(p)
}

func (b *batchConn) hold() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.held = true
	b.mu.Unlock()
}

// release sends what was held, within timeout.
func (b *batchConn) release(timeout time.Duration) error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.held = false
	if len(b.buf) == 0 {
		return nil
	}
	b.Conn.SetWriteDeadline(time.Now().Add(timeout))
	_, err := b.Conn.Write(b.buf)
	b.Conn.SetWriteDeadline(time.Time{})
	if cap(b.buf) > 64<<10 {
		b.buf = nil // a big burst's buffer is not kept
	} else {
		b.buf = b.buf[:0]
	}
	return err
}
