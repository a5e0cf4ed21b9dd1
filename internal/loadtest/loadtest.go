// Package loadtest is commons loadtest: it plays many matches at once on
// a running Commons server, every seat a client of its own over the
// server's WebSocket (docs/api.md), each making random legal moves, and
// measures the moves committed per second, the latency of a move from
// its sending to its acknowledgement, and the errors.
//
// By default the loop is closed: each match sends its next move when the
// last is acknowledged, as fast as the server answers, so the load is
// whatever the server manages and the latency, at N matches, about N
// over the throughput. With Options.Rate the loop is open: the run
// offers Rate moves a second on a fixed schedule, whatever the server
// does, and a move's latency is counted from when it was due, so that a
// server falling behind shows in the latency (no coordinated omission).
//
// The server's abuse limits (docs/reliability.md) stop a load test run
// from one address: run the server with them raised or off (commons
// serve --move-rate 0 --create-limit 0). A refusal by a limit is counted
// as an error and named in Result.Hint.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Options says what to play and for how long.
type Options struct {
	// Addr is the server's address, http://HOST:PORT.
	Addr string
	// Matches is how many matches are played at once: one that ends is
	// replaced by a new one.
	Matches int
	// Duration is how long the moves are measured, after the first
	// Matches matches are set up.
	Duration time.Duration
	// Game is the game played, with its fewest players (commons
	// loadtest plays Source by default).
	Game string
	// Seed seeds the clients' choice of moves.
	Seed uint64
	// Rate, if positive, makes the loop open: Rate moves a second in
	// total are due, Rate/Matches a second for each match on a fixed
	// schedule, the matches' phases spread so that the run's dues are
	// 1/Rate apart. A match sends a move when it is due, or, if the
	// match's last move is not acknowledged yet (a match cannot have two
	// moves in flight: the next needs the new state), as soon as it is;
	// the move's latency is counted from its due time. A match that ends
	// hands its schedule to the one replacing it. Zero: the closed loop,
	// each match sending its next move when the last is acknowledged.
	Rate float64
	// Progress, if not nil, gets a progress line every ProgressEvery
	// (default 1 s); with Terminal, each line overwrites the last.
	Progress      io.Writer
	ProgressEvery time.Duration
	Terminal      bool
	// Client makes the HTTP requests (default: one for this run).
	Client *http.Client
}

// Result is what a run measured.
type Result struct {
	Addr    string `json:"addr"`
	Game    string `json:"game"`
	Matches int    `json:"matches"`
	// Clients is the number of WebSocket clients (seats) set up.
	Clients int `json:"clients"`
	// SetUp is how long the first Matches matches took to create,
	// join and connect.
	SetUp time.Duration `json:"setup_ns"`
	// Elapsed is how long the moves were measured.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Moves are the moves acknowledged (committed) while measuring.
	Moves          int64   `json:"moves"`
	MovesPerSecond float64 `json:"moves_per_second"`
	// Latency of a move, from its sending to its acknowledgement.
	P50 time.Duration `json:"p50_ns"`
	P95 time.Duration `json:"p95_ns"`
	P99 time.Duration `json:"p99_ns"`
	Max time.Duration `json:"max_ns"`
	// An open-loop run's (Options.Rate; all zero in a closed loop):
	// OfferedRate is Options.Rate, the moves due a second (the achieved
	// rate is MovesPerSecond); Due counts the moves due while measuring,
	// about OfferedRate × Elapsed; Behind those of them not yet sent
	// when the run ended, how far behind its schedule it was.
	OfferedRate float64 `json:"offered_rate"`
	Due         int64   `json:"due"`
	Behind      int64   `json:"behind"`
	// Latency of a move from its due time to its acknowledgement: the
	// latency from sending plus the time the move waited for its match's
	// previous move.
	DueP50 time.Duration `json:"due_p50_ns"`
	DueP95 time.Duration `json:"due_p95_ns"`
	DueP99 time.Duration `json:"due_p99_ns"`
	DueMax time.Duration `json:"due_max_ns"`
	// Finished counts the matches played to their end; Created all the
	// matches the run created.
	Finished int64 `json:"finished"`
	Created  int64 `json:"created"`
	// Errors counts every failure: an error answer to a move, a failed
	// request, a connection lost; ErrorKinds by kind (the status and
	// the message's first words).
	Errors     int64            `json:"errors"`
	ErrorKinds map[string]int64 `json:"error_kinds,omitempty"`
	// Hint says how to raise a server limit that refused the run.
	Hint string `json:"hint,omitempty"`
}

// run is one load test's shared state.
type run struct {
	opt    Options
	client *http.Client
	wsURL  string

	measuring atomic.Bool
	moves     atomic.Int64
	finished  atomic.Int64
	created   atomic.Int64
	clients   atomic.Int64

	// The open loop's schedule (opt.Rate > 0): its start, and a slot
	// per match played at once.
	begin time.Time
	slots []*slot

	mu           sync.Mutex
	latencies    []time.Duration
	dueLatencies []time.Duration // open loop: from due time to ack
	errors       map[string]int64
	nerr         int64
	limited      bool
}

// Run plays the load test until opt.Duration has passed after set-up,
// or ctx ends.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Matches < 1 {
		return nil, errors.New("loadtest: want at least one match")
	}
	if opt.Duration <= 0 {
		return nil, errors.New("loadtest: want a positive duration")
	}
	if opt.Rate < 0 || math.IsNaN(opt.Rate) || math.IsInf(opt.Rate, 0) {
		return nil, fmt.Errorf("loadtest: want a rate of zero (closed loop) or a positive number of moves a second, not %v", opt.Rate)
	}
	if opt.Game == "" {
		return nil, errors.New("loadtest: want a game to play")
	}
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = time.Second
	}
	opt.Addr = strings.TrimSuffix(opt.Addr, "/")
	r := &run{opt: opt, client: opt.Client, errors: map[string]int64{}}
	if r.client == nil {
		r.client = &http.Client{
			Timeout:   30 * time.Second,
			Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256},
		}
	}
	r.wsURL = "ws" + strings.TrimPrefix(opt.Addr, "http")
	// The server answers, and has the game.
	var games []struct{ Name, Title string }
	if err := r.call(ctx, "GET", "/api/games", nil, &games); err != nil {
		return nil, fmt.Errorf("the server at %s: %w", opt.Addr, err)
	}
	if !slices.ContainsFunc(games, func(g struct{ Name, Title string }) bool {
		return strings.EqualFold(g.Name, opt.Game) || strings.EqualFold(g.Title, opt.Game)
	}) {
		return nil, fmt.Errorf("the server at %s has no game %q", opt.Addr, opt.Game)
	}

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	// Set up every match first, a few at a time, then start the clock.
	start := time.Now()
	ready := make([]*match, opt.Matches)
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for i := range ready {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ready[i] = r.setUp(runCtx, uint64(i))
		}()
	}
	wg.Wait()
	setUp := time.Since(start)
	clients := r.clients.Load()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if !slices.ContainsFunc(ready, func(m *match) bool { return m != nil }) {
		r.mu.Lock()
		defer r.mu.Unlock()
		return nil, fmt.Errorf("no match could be set up: %s%s", r.errorSummary(), hintSuffix(r.hint()))
	}

	if opt.Progress != nil {
		loop := "closed loop"
		if opt.Rate > 0 {
			loop = fmt.Sprintf("open loop, %g moves a second offered", opt.Rate)
		}
		fmt.Fprintf(opt.Progress, "%d matches of %s set up in %.1f s (%d WebSocket clients); measuring for %v, %s\n",
			opt.Matches, opt.Game, setUp.Seconds(), clients, opt.Duration, loop)
	}
	if opt.Rate > 0 {
		r.slots = make([]*slot, opt.Matches)
		for i := range r.slots {
			r.slots[i] = &slot{k: int64(i)}
		}
	}
	r.measuring.Store(true)
	begin := time.Now()
	r.begin = begin
	deadline := begin.Add(opt.Duration)
	var players sync.WaitGroup
	for i, m := range ready {
		players.Add(1)
		go func() {
			defer players.Done()
			var sl *slot
			if r.slots != nil {
				sl = r.slots[i]
			}
			r.keepPlaying(runCtx, m, uint64(i), sl)
		}()
	}
	done := make(chan struct{})
	go func() { players.Wait(); close(done) }()
	tick := time.NewTicker(opt.ProgressEvery)
	defer tick.Stop()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
loop:
	for {
		select {
		case <-tick.C:
			r.progress(time.Since(begin))
		case <-timer.C:
			break loop
		case <-ctx.Done():
			break loop
		case <-done:
			break loop
		}
	}
	r.measuring.Store(false)
	elapsed := time.Since(begin)
	// The schedule at the end: what was due, and what of it was not sent
	// (read after measuring stopped: a move acknowledged while measuring
	// was sent before).
	var due, behind int64
	for _, sl := range r.slots {
		d := r.dueBy(sl.k, elapsed)
		due += d
		behind += max(0, d-sl.sent.Load())
	}
	stop()
	<-done
	if opt.Progress != nil && opt.Terminal {
		fmt.Fprintln(opt.Progress)
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	res := &Result{
		Addr: opt.Addr, Game: opt.Game, Matches: opt.Matches, Clients: int(clients),
		SetUp: setUp, Elapsed: elapsed, Moves: r.moves.Load(),
		Finished: r.finished.Load(), Created: r.created.Load(),
		Errors: r.nerr, ErrorKinds: r.errors, Hint: r.hint(),
		OfferedRate: opt.Rate, Due: due, Behind: behind,
	}
	res.MovesPerSecond = float64(res.Moves) / elapsed.Seconds()
	res.P50, res.P95, res.P99, res.Max = quantiles(r.latencies)
	res.DueP50, res.DueP95, res.DueP99, res.DueMax = quantiles(r.dueLatencies)
	return res, ctx.Err()
}

// quantiles sorts lat and returns its p50, p95, p99 and max.
func quantiles(lat []time.Duration) (p50, p95, p99, most time.Duration) {
	slices.Sort(lat)
	if len(lat) > 0 {
		most = lat[len(lat)-1]
	}
	return quantile(lat, .50), quantile(lat, .95), quantile(lat, .99), most
}

// slot is one of the open loop's Matches schedules: the k-th match
// played at once, then each match replacing it, has its j-th move due
// at dueAt(k + j·Matches): every Matches/Rate, at a phase of k/Rate, so
// that all the slots' dues together are 1/Rate apart.
type slot struct {
	k int64
	// sent counts the moves sent (their due times used up): the next
	// move is number sent. Only the seat to move sends, one move at a
	// time.
	sent atomic.Int64
}

// dueAt is when the g-th move of the whole run is due, after r.begin.
func (r *run) dueAt(g int64) time.Duration {
	return time.Duration(float64(g) * float64(time.Second) / r.opt.Rate)
}

// next is when sl's next move is due.
func (r *run) next(sl *slot) time.Time {
	return r.begin.Add(r.dueAt(sl.k + sl.sent.Load()*int64(r.opt.Matches)))
}

// dueBy counts slot k's moves due at or before at (after r.begin).
func (r *run) dueBy(k int64, at time.Duration) int64 {
	n := int64(r.opt.Matches)
	// An estimate, then made exact against dueAt itself (rounding).
	j := int64(math.Floor((at.Seconds()*r.opt.Rate-float64(k))/float64(n))) + 1
	j = max(j, 0)
	for j > 0 && r.dueAt(k+(j-1)*n) > at {
		j--
	}
	for r.dueAt(k+j*n) <= at {
		j++
	}
	return j
}

// behind counts the moves due by at but not sent yet.
func (r *run) behind(at time.Duration) int64 {
	var b int64
	for _, sl := range r.slots {
		b += max(0, r.dueBy(sl.k, at)-sl.sent.Load())
	}
	return b
}

// quantile is the q-quantile of sorted durations (nearest rank).
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func (r *run) hint() string {
	if !r.limited {
		return ""
	}
	return "the server's abuse limits refused some of the load: run it with them off, commons serve --move-rate 0 --create-limit 0 (docs/reliability.md)"
}

func hintSuffix(h string) string {
	if h == "" {
		return ""
	}
	return "; " + h
}

// errorSummary lists the error kinds, most frequent first. r.mu held.
func (r *run) errorSummary() string {
	kinds := make([]string, 0, len(r.errors))
	for k := range r.errors {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool { return r.errors[kinds[i]] > r.errors[kinds[j]] })
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%d× %s", r.errors[k], k))
	}
	return strings.Join(parts, ", ")
}

func (r *run) progress(at time.Duration) {
	if r.opt.Progress == nil {
		return
	}
	// The median of the last second's moves, roughly: the last samples.
	recentP50 := func(lat []time.Duration) time.Duration {
		recent := slices.Clone(lat[max(0, len(lat)-2000):])
		slices.Sort(recent)
		return quantile(recent, .5).Round(10 * time.Microsecond)
	}
	r.mu.Lock()
	p50, dueP50 := recentP50(r.latencies), recentP50(r.dueLatencies)
	nerr := r.nerr
	r.mu.Unlock()
	moves := r.moves.Load()
	var line string
	if r.opt.Rate > 0 {
		line = fmt.Sprintf("%5.1fs: %d moves, %.0f/s of %g offered, %d behind, p50 %v from due, %v from sending (recent), %d errors, %d matches finished",
			at.Seconds(), moves, float64(moves)/at.Seconds(), r.opt.Rate, r.behind(at), dueP50, p50, nerr, r.finished.Load())
	} else {
		line = fmt.Sprintf("%5.1fs: %d moves, %.0f/s, p50 %v (recent), %d errors, %d matches finished",
			at.Seconds(), moves, float64(moves)/at.Seconds(), p50, nerr, r.finished.Load())
	}
	if r.opt.Terminal {
		fmt.Fprintf(r.opt.Progress, "\r%-100s", line)
	} else {
		fmt.Fprintln(r.opt.Progress, line)
	}
}

// fail counts an error of kind.
func (r *run) fail(kind string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nerr++
	r.errors[kind]++
	if strings.HasPrefix(kind, "429") {
		r.limited = true
	}
}

// kind names an error by its status and the first words of its message
// (numbers left out, so that kinds group).
func kind(status int, msg string) string {
	words := strings.Fields(msg)
	var keep []string
	for _, w := range words {
		if len(keep) == 5 {
			break
		}
		if strings.ContainsAny(w, "0123456789") {
			continue
		}
		keep = append(keep, strings.TrimRight(w, ":,;"))
	}
	if status == 0 {
		return strings.Join(keep, " ")
	}
	return fmt.Sprintf("%d %s", status, strings.Join(keep, " "))
}

// apiError is an error answer of the API.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s", e.status, e.msg) }

// call makes an API request; a failure is counted.
func (r *run) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.opt.Addr+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			r.fail(kind(0, "request failed: "+err.Error()))
		}
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		json.Unmarshal(raw, &e)
		r.fail(kind(resp.StatusCode, e.Error))
		return &apiError{resp.StatusCode, e.Error}
	}
	return json.Unmarshal(raw, out)
}

// match is a match set up: its seats' connections.
type match struct {
	id    string
	seats []*seat
}

type seat struct {
	n     int
	token string
	conn  *websocket.Conn
}

type seatAnswer struct {
	Match struct {
		ID      string `json:"id"`
		Players int    `json:"players"`
	} `json:"match"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// setUp creates a match, takes every seat and connects each; nil if it
// failed (counted).
func (r *run) setUp(ctx context.Context, k uint64) *match {
	var a seatAnswer
	if err := r.call(ctx, "POST", "/api/matches", map[string]any{"game": r.opt.Game, "join": 1, "name": "load"}, &a); err != nil {
		return nil
	}
	r.created.Add(1)
	m := &match{id: a.Match.ID, seats: []*seat{{n: 1, token: a.Token}}}
	for n := 2; n <= a.Match.Players; n++ {
		var b seatAnswer
		if err := r.call(ctx, "POST", "/api/matches/"+m.id+"/join", map[string]any{"seat": n, "name": "load"}, &b); err != nil {
			return nil
		}
		m.seats = append(m.seats, &seat{n: n, token: b.Token})
	}
	for _, s := range m.seats {
		dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		conn, _, err := websocket.Dial(dctx, r.wsURL+"/api/matches/"+m.id+"/ws?token="+s.token, &websocket.DialOptions{HTTPClient: r.client})
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				r.fail(kind(0, "connecting failed: "+err.Error()))
			}
			m.close()
			return nil
		}
		conn.SetReadLimit(16 << 20)
		s.conn = conn
		r.clients.Add(1)
	}
	return m
}

func (m *match) close() {
	for _, s := range m.seats {
		if s.conn != nil {
			s.conn.CloseNow()
		}
	}
}

// keepPlaying plays m to its end, then new matches, until ctx ends; in
// an open loop on sl's schedule.
func (r *run) keepPlaying(ctx context.Context, m *match, k uint64, sl *slot) {
	for round := uint64(0); ctx.Err() == nil; round++ {
		if m == nil {
			m = r.setUp(ctx, k)
			if m == nil {
				// Not too fast after a failure (a limit, a server
				// restarting).
				select {
				case <-ctx.Done():
				case <-time.After(200 * time.Millisecond):
				}
				continue
			}
		}
		r.play(ctx, m, k<<20|round, sl)
		m = nil
	}
}

// play plays m with a client per seat until it is over, a client fails,
// or ctx ends; in an open loop on sl's schedule.
func (r *run) play(ctx context.Context, m *match, seed uint64, sl *slot) {
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	var (
		wg    sync.WaitGroup
		over  atomic.Bool
		once  sync.Once
		grace *time.Timer
	)
	for _, s := range m.seats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !r.playSeat(pctx, s, rand.New(rand.NewPCG(r.opt.Seed, seed<<4|uint64(s.n))), sl) {
				stop() // a failure ends them all
				return
			}
			// The match is over: every seat sees it, the one whose move
			// ended it once that move is acknowledged (counted); one that
			// does not is not waited for long.
			over.Store(true)
			once.Do(func() { grace = time.AfterFunc(10*time.Second, stop) })
		}()
	}
	wg.Wait()
	if grace != nil {
		grace.Stop()
	}
	m.close()
	r.clients.Add(-int64(len(m.seats)))
	if over.Load() {
		r.finished.Add(1)
	}
}

// serverMsg is a message from the server, as far as the load test reads
// it. Status is a state's (a string: "running") or an error's (a number:
// 409).
type serverMsg struct {
	Type     string          `json:"type"`
	Version  int             `json:"version"`
	Status   json.RawMessage `json:"status"`
	YourTurn bool            `json:"your_turn"`
	Legal    []string        `json:"legal"`
	ID       string          `json:"id"`
	Error    string          `json:"error"`
}

func (m *serverMsg) over() bool { return string(m.Status) == `"over"` }

func (m *serverMsg) errStatus() int {
	var n int
	json.Unmarshal(m.Status, &n)
	return n
}

// playSeat plays seat s: on every state of its turn, a random legal move,
// one at a time; in a closed loop (sl nil) at once, in an open loop when
// sl's next move is due, or at once if that is past. It reports whether
// the match ended.
func (r *run) playSeat(ctx context.Context, s *seat, rng *rand.Rand, sl *slot) bool {
	var (
		latest  serverMsg // the last state
		pending string    // the ID of the move awaiting its answer
		sent    time.Time
		due     time.Time // open loop: when the pending move was due
		count   int
		ending  bool // the match is over; the pending move's ack is awaited
	)
	ready := func() bool {
		return pending == "" && latest.YourTurn && len(latest.Legal) > 0 && !latest.over()
	}
	send := func() bool {
		count++
		pending = fmt.Sprint(count)
		b, _ := json.Marshal(map[string]any{"type": "move", "move": latest.Legal[rng.IntN(len(latest.Legal))], "version": latest.Version, "id": pending})
		sent = time.Now()
		if sl != nil {
			// The due time is used up even if the move fails: the next
			// move is due on the schedule, not later.
			due = r.next(sl)
			sl.sent.Add(1)
		}
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := s.conn.Write(wctx, websocket.MessageText, b); err != nil {
			if ctx.Err() == nil {
				r.fail(kind(0, "sending failed: "+err.Error()))
			}
			return false
		}
		return true
	}

	// In an open loop, the messages come from a reader of their own, so
	// that a move can wait for its due time while they are read.
	var (
		msgs  chan inbound
		timer *time.Timer
	)
	if sl != nil {
		msgs = make(chan inbound, 16)
		rctx, cancel := context.WithCancel(ctx)
		readerDone := make(chan struct{})
		defer func() { cancel(); <-readerDone }()
		go func() {
			defer close(readerDone)
			for {
				_, data, err := s.conn.Read(rctx)
				select {
				case msgs <- inbound{data, err}:
				case <-rctx.Done():
					return
				}
				if err != nil {
					return
				}
			}
		}()
		timer = time.NewTimer(time.Hour)
		timer.Stop()
		defer timer.Stop()
	}

	for {
		var wake <-chan time.Time
		if ready() {
			var wait time.Duration // closed loop: none
			if sl != nil {
				wait = time.Until(r.next(sl))
			}
			if wait > 0 {
				timer.Reset(wait)
				wake = timer.C
			} else if !send() {
				return false
			}
		}
		var (
			data []byte
			err  error
		)
		if sl == nil {
			_, data, err = s.conn.Read(ctx)
		} else {
			select {
			case <-ctx.Done():
				return false
			case <-wake:
				continue // due now: sent at the top
			case in := <-msgs:
				timer.Stop()
				data, err = in.data, in.err
			}
		}
		if err != nil {
			if ending {
				return true // without the last ack
			}
			if ctx.Err() == nil {
				if code := websocket.CloseStatus(err); code != -1 {
					r.fail(kind(0, fmt.Sprintf("connection closed by the server with %d: %s", code, closeReason(err))))
				} else {
					r.fail(kind(0, "connection lost: "+err.Error()))
				}
			}
			return false
		}
		var msg serverMsg
		if err := json.Unmarshal(data, &msg); err != nil {
			r.fail(kind(0, "unreadable message from the server"))
			return false
		}
		switch msg.Type {
		case "state":
			latest = msg
			if msg.over() {
				if pending == "" {
					return true
				}
				// This seat's move ended the match: its ack comes next,
				// soon.
				if !ending {
					ending = true
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, 10*time.Second)
					defer cancel()
				}
			}
		case "ack":
			if msg.ID == pending {
				if r.measuring.Load() {
					now := time.Now()
					r.moves.Add(1)
					r.mu.Lock()
					r.latencies = append(r.latencies, now.Sub(sent))
					if sl != nil {
						r.dueLatencies = append(r.dueLatencies, now.Sub(due))
					}
					r.mu.Unlock()
				}
				pending = ""
				if ending {
					return true
				}
			}
		case "error":
			r.fail(kind(msg.errStatus(), msg.Error))
			if msg.ID == pending {
				pending = ""
				if ending {
					return true
				}
				if msg.errStatus() == http.StatusTooManyRequests {
					select { // the limit says when; a little later is good enough
					case <-ctx.Done():
						return false
					case <-time.After(100 * time.Millisecond):
					}
				}
			}
		}
	}
}

// inbound is a message read, or the error reading it.
type inbound struct {
	data []byte
	err  error
}

// closeReason is the reason of a close error.
func closeReason(err error) string {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Reason
	}
	return err.Error()
}
