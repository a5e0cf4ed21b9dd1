package server

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/replay"
	"github.com/commons-games/commons/store"
)

// A replay is dear to make and cheap to serve: the server replays the
// complete record once, taking each viewer's Observation after every
// step, and keeps the result (replay.Positions: the first position of
// each page whole, the others as patches) until it has to make room. The
// cost of a replay to the server is so bounded three ways
// (docs/reliability.md, Replays):
//
//   - a replay is built once per match, viewer and length of the log
//     (replayCache), one build at a time on the whole server, and a
//     second request for a replay being built waits for that build;
//   - each client address may ask for ReplayRate replays a second (in
//     bursts of ReplayBurst), and a request over it waits for its turn
//     for up to replayWait, or is refused with 429 after replayWait, so
//     that a client looping on replays is slowed to the rate without the
//     server spending anything on it but a sleeping goroutine;
//   - each client address may make the server build ReplayBuildRate
//     steps a second of replays it has not built (in bursts of
//     replayBuildBurst): a client walking through many matches' replays
//     waits for its builds as for its requests.

// Defaults of the replay limits (Config), which commons serve's flags
// default to as well.
const (
	DefaultReplayRate       = 4
	DefaultReplayBurst      = 20
	DefaultReplayBuildRate  = 4000
	DefaultReplayCacheBytes = 64 << 20
	// replayBuildBurst is how many steps a client may have built at once:
	// every replay of the longest games (Open Source runs to some 2,000
	// steps, and up to 2 × 1,000 turns with the turn limit).
	replayBuildBurst = 10000
	// replayWait is the longest a replay request waits for its client's
	// turn before it is refused with 429.
	replayWait = 3 * time.Second
)

// replayKey names a built replay: the match, the viewer, the log's
// length and how it ended (a resignation ends a match without an entry),
// and whether the text renderings are in it.
type replayKey struct {
	id      string
	viewer  game.Player
	version int
	status  store.Status
	end     string
	text    bool
}

// replayEntry is a built replay and its answers, as they are asked for.
type replayEntry struct {
	key  replayKey
	pos  *replay.Positions
	err  error
	done chan struct{} // closed when pos (or err) is set

	mu    sync.Mutex
	pages map[int]*replayPage
	size  int
}

// replayPage is one page's answer, and its gzip encoding when asked for.
type replayPage struct {
	raw, gz []byte
	etag    string
}

// replayCache holds built replays up to max bytes, dropping the least
// recently used first.
type replayCache struct {
	max int

	mu    sync.Mutex
	size  int
	lru   *list.List // of *replayEntry, the most recent first
	byKey map[replayKey]*list.Element

	// builds lets one replay be built at a time.
	builds chan struct{}
}

func newReplayCache(max int) *replayCache {
	return &replayCache{max: max, lru: list.New(), byKey: map[replayKey]*list.Element{}, builds: make(chan struct{}, 1)}
}

// get returns the replay of key, building it with build if no other
// request has or is.
func (c *replayCache) get(ctx context.Context, key replayKey, build func() (*replay.Positions, error)) (*replayEntry, error) {
	c.mu.Lock()
	if el, ok := c.byKey[key]; ok {
		c.lru.MoveToFront(el)
		e := el.Value.(*replayEntry)
		c.mu.Unlock()
		select {
		case <-e.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return e, e.err
	}
	e := &replayEntry{key: key, done: make(chan struct{}), pages: map[int]*replayPage{}}
	el := c.lru.PushFront(e)
	c.byKey[key] = el
	c.mu.Unlock()

	select {
	case c.builds <- struct{}{}:
		e.pos, e.err = build()
		<-c.builds
	case <-ctx.Done():
		e.err = ctx.Err()
	}
	close(e.done)
	c.mu.Lock()
	if e.err != nil {
		// Not kept: a later request tries again.
		if c.byKey[key] == el {
			delete(c.byKey, key)
			c.lru.Remove(el)
		}
	} else {
		c.grow(e, e.pos.Size())
	}
	c.mu.Unlock()
	return e, e.err
}

// grow counts n more bytes held by e and drops the least recently used
// replays while the cache holds more than its max (never e itself).
func (c *replayCache) grow(e *replayEntry, n int) {
	e.size += n
	c.size += n
	for c.size > c.max {
		el := c.lru.Back()
		old := el.Value.(*replayEntry)
		if old == e {
			return
		}
		select {
		case <-old.done:
		default:
			return // being built: its size is not counted yet
		}
		c.lru.Remove(el)
		delete(c.byKey, old.key)
		c.size -= old.size
	}
}

// page returns e's page k (-1: all), made the first time it is asked for.
func (c *replayCache) page(e *replayEntry, k int, gz bool) (*replayPage, []byte, error) {
	e.mu.Lock()
	p := e.pages[k]
	added := 0
	if p == nil {
		raw, err := e.pos.JSON(k)
		if err != nil {
			e.mu.Unlock()
			return nil, nil, err
		}
		sum := sha256.Sum256(raw)
		p = &replayPage{raw: raw, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
		e.pages[k] = p
		added += len(raw)
	}
	body := p.raw
	if gz && len(p.raw) > 1024 {
		if p.gz == nil {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
			zw.Write(p.raw)
			zw.Close()
			p.gz = b.Bytes()
			added += len(p.gz)
		}
		body = p.gz
	}
	e.mu.Unlock()
	if added > 0 {
		c.mu.Lock()
		if el, ok := c.byKey[e.key]; ok && el.Value == e {
			c.grow(e, added)
		}
		c.mu.Unlock()
	}
	return p, body, nil
}

// waitTurn takes n tokens from client ip's bucket of l, waiting for them
// up to replayWait. Past that it still waits replayWait before it
// answers 429 saying when to come back: a client that loops on refusals
// is slowed to one a few seconds per connection, at the cost of a
// sleeping goroutine, where answering at once would let it spin the
// server on refusals.
func (s *Server) waitTurn(ctx context.Context, l *keyedLimiter, ip string, n float64, what string) error {
	ok, wait := l.takeN(ip, time.Now(), n)
	if ok {
		return nil
	}
	t := time.NewTimer(min(wait, replayWait))
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		l.giveBack(ip, n)
		return ctx.Err()
	}
	if wait <= replayWait {
		return nil // the tokens were taken ahead: they are ours now
	}
	l.giveBack(ip, n)
	s.metrics.limited.WithLabelValues("replays").Inc()
	e := errorf(http.StatusTooManyRequests, "too many replays %s from one address: try again in %v", what, retryIn(wait-replayWait))
	e.RetryAfter = wait - replayWait
	return e
}

// handleReplay answers GET /api/matches/{id}/replay?seat=N&page=K&text=1
// with the match's positions so far (replay.Positions, docs/api.md) as
// seat N saw them, or without a seat as a spectator did: page K of them,
// or every one without a page. In a game with hidden information seat
// N's view needs seat N's token, and every move not the viewer's own is
// shown in its public form: the server replays the complete record,
// which it never gives out for such a game (B17), and hands out only
// what the viewer saw while the match was played.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	page := -1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errorf(http.StatusBadRequest, "page %s: want a page number from 0", clip(v))
		}
		page = n
	}
	text, err := textWanted(r)
	if err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	m.mu.Lock()
	players := m.hdr.Players
	m.mu.Unlock()
	viewer := game.Spectator
	if v := q.Get("seat"); v != "" && v != "0" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > players {
			return errorf(http.StatusBadRequest, "seat %s: want a seat from 1 to %d, or 0 for a spectator", clip(v), players)
		}
		viewer = game.Player(n - 1)
		if m.info.HiddenInformation {
			p, _, err := s.requireSeat(r, m)
			if err != nil {
				return err
			}
			if p != viewer {
				return errorf(http.StatusForbidden, "that token holds seat %d, not seat %d: a seat's cards are its own", p.Seat(), n)
			}
		}
	}
	ip := clientIP(r)
	if err := s.waitTurn(r.Context(), s.replayAsks, ip, 1, "asked for"); err != nil {
		return err
	}
	m.mu.Lock()
	key := replayKey{id: m.id, viewer: viewer, version: m.hdr.Version, status: m.hdr.Status, text: text}
	if end := m.endLocked(); end != nil {
		key.end = end.Reason
	}
	steps := m.hdr.Version
	m.mu.Unlock()
	e, err := s.replays.get(r.Context(), key, func() (*replay.Positions, error) {
		// The client pays for the steps built, before they are.
		if err := s.waitTurn(r.Context(), s.replayBuilds, ip, float64(min(max(steps, 1), replayBuildBurst)), "made"); err != nil {
			return nil, err
		}
		m.mu.Lock()
		rec := m.recordLocked(true)
		m.mu.Unlock()
		start := time.Now()
		p, err := replay.Build(rec, viewer, replay.Options{AsSeen: true, Text: text})
		s.metrics.replayBuild.Observe(time.Since(start).Seconds())
		return p, err
	})
	if err != nil {
		if ae, ok := err.(*apiError); ok {
			return ae
		}
		if r.Context().Err() != nil {
			return err
		}
		return fmt.Errorf("replaying match %s: %w", m.id, err)
	}
	if page >= e.pos.Pages() {
		return errorf(http.StatusNotFound, "page %d: the replay has pages 0 to %d", page, e.pos.Pages()-1)
	}
	gz := strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
	p, body, err := s.replays.page(e, page, gz)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Vary", "Accept-Encoding, Authorization")
	h.Set("ETag", p.etag)
	if viewer == game.Spectator || !m.info.HiddenInformation {
		// Anybody may see it: a browser may keep it and ask whether
		// it changed (304), which costs nothing.
		h.Set("Cache-Control", "no-cache")
	} else {
		h.Set("Cache-Control", "no-store")
	}
	if match := r.Header.Get("If-None-Match"); match != "" && match == p.etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if len(body) != len(p.raw) {
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	w.Write(body)
	return nil
}
