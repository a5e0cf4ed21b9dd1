package server

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// live is a match held in memory: its header, the state its log replays
// to, and its clients. Every field after mu is guarded by mu, which is
// held across the store write of a change, so one node applies one change
// of a match at a time (nodes race each other only through the store's
// compare-and-set).
type live struct {
	s      *Server
	id     string
	loaded chan struct{} // closed when the first load is over
	err    error         // of the first load

	mu      sync.Mutex
	hdr     *store.Match // hdr.Version == len(log) at all times
	info    game.Info
	state   game.State      // the state after log
	log     []string        // the complete log
	public  []string        // the log as everybody may see it (record.PublicEntry)
	actors  []game.Player   // who made each entry (game.Chance for chance)
	marks   map[int]string  // the entries the server made for a person (store.Append.Mark)
	forced  map[string]bool // an account's choice of forced moves played for it (forcedLocked)
	noticed int             // 1 + the turn (turnBeganLocked) whose notice was seen to
	// undoRun is the number of last entries that may be taken back
	// (game.Undoable each, all of the seat to move, none a timeout's):
	// see undo.go.
	undoRun int
	draws   int // chance entries in log: draws taken from the seed
	clients map[*client]struct{}
	timer   *time.Timer // the turn timer of the player to move
	auto    int         // version an automatic move is being computed for, or -1
	used    time.Time
	seen    time.Time // a person last moved or connected (see sweep)
	closed  bool      // dropped from the server's map: look the match up again
	standby time.Time // until then another node holds the lease: no automatic move is tried
	obuf    []game.ChanceOutcome
	abuf    []game.Action

	// chatMu makes one delivery of the room's messages at a time;
	// chatN is the number of the next message to deliver.
	chatMu sync.Mutex
	chatN  int
}

func newLive(s *Server, id string) *live {
	return &live{s: s, id: id, loaded: make(chan struct{}), clients: map[*client]struct{}{}, auto: -1, used: time.Now()}
}

// match returns the live match id, loading it from the store if this node
// does not hold it. Unknown matches give a 404 apiError.
func (s *Server) match(ctx context.Context, id string) (*live, error) {
	if len(id) > maxIDBytes {
		// Not an ID we would make, nor one worth a look in the store or a
		// copy in the answer.
		return nil, errorf(http.StatusNotFound, "no match %.20q...: an ID is at most %d bytes", id, maxIDBytes)
	}
	for {
		s.mu.Lock()
		if s.down {
			s.mu.Unlock()
			return nil, errShuttingDown
		}
		m := s.live[id]
		if m == nil {
			m = newLive(s, id)
			s.live[id] = m
			s.metrics.live.Set(float64(len(s.live)))
			s.mu.Unlock()
			m.err = m.load(ctx)
			if m.err != nil {
				s.mu.Lock()
				delete(s.live, id)
				s.metrics.live.Set(float64(len(s.live)))
				s.mu.Unlock()
			}
			close(m.loaded)
		} else {
			s.mu.Unlock()
			select {
			case <-m.loaded:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		if m.err != nil {
			if errors.Is(m.err, store.ErrNotFound) {
				return nil, errorf(http.StatusNotFound, "no match %q", id)
			}
			return nil, m.err
		}
		m.mu.Lock()
		closed := m.closed
		m.used = time.Now()
		m.mu.Unlock()
		if !closed {
			return m, nil
		}
	}
}

// maxIDBytes bounds a match ID from a client (ours have 12 bytes).
const maxIDBytes = 64

var errShuttingDown = errorf(http.StatusServiceUnavailable, "the server is shutting down")

func (m *live) ready() bool {
	select {
	case <-m.loaded:
		return m.err == nil
	default:
		return false
	}
}

// knows reports whether m has already seen change ch.
func (m *live) knows(ch store.Change) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return ch.Version <= len(m.log) && ch.Rev <= m.hdr.Rev
}

// idleSince reports (and marks closed) a match with no clients and
// nothing due that was last used more than d ago.
func (m *live) idleSince(d time.Duration) bool {
	if !m.ready() || !m.mu.TryLock() {
		return false
	}
	defer m.mu.Unlock()
	if len(m.clients) > 0 || m.auto >= 0 || m.timer != nil || time.Since(m.used) < d {
		return false
	}
	m.closed = true
	return true
}

func (m *live) load(ctx context.Context) error {
	h, err := m.s.store.Get(ctx, m.id)
	if err != nil {
		return err
	}
	moves, err := m.s.store.Moves(ctx, m.id, 0)
	if err != nil {
		return err
	}
	if p := m.s.people; p != nil {
		// The messages said before are the history a client is sent
		// when it connects; only later ones are delivered.
		last, err := p.RecentChat(ctx, m.id, 1)
		if err != nil {
			return err
		}
		if len(last) > 0 {
			m.chatN = last[0].N + 1
		}
	}
	marks, err := m.s.store.Marks(ctx, m.id, 0)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.rebuildLocked(h, moves); err != nil {
		return err
	}
	m.marks = nil
	m.addMarksLocked(marks)
	m.scheduleLocked()
	return nil
}

// rebuildLocked replays the log from the start.
func (m *live) rebuildLocked(h *store.Match, moves []string) error {
	if len(moves) > h.Version {
		moves = moves[:h.Version] // appended after h was read: the next sync takes them
	}
	g, err := game.Lookup(h.Game)
	if err != nil {
		return fmt.Errorf("match %s: %w", h.ID, err)
	}
	opts, err := m.s.gameOptions(h)
	if err != nil {
		return err
	}
	st, err := game.NewState(g, h.Players, opts)
	if err != nil {
		return fmt.Errorf("match %s: %w", h.ID, err)
	}
	b := &batch{info: g.Info(), st: st}
	if err := b.read(h.ID, 0, moves); err != nil {
		return err
	}
	m.info, m.state, m.log, m.public, m.actors, m.draws, m.undoRun = b.info, st, nil, nil, nil, 0, 0
	m.addLocked(b)
	h.Version = len(m.log)
	m.hdr = h
	return nil
}

// sync brings m up to date with the store: header and new log entries.
func (m *live) sync(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil
	}
	return m.syncLocked(ctx)
}

func (m *live) syncLocked(ctx context.Context) error {
	h, err := m.s.store.Get(ctx, m.id)
	if err != nil {
		return err
	}
	return m.adoptLocked(ctx, h)
}

// adoptLocked makes h (fresh from the store) m's header, reading the log
// entries m lacks, and tells the clients if anything changed.
func (m *live) adoptLocked(ctx context.Context, h *store.Match) error {
	old := len(m.log)
	changed := h.Rev != m.hdr.Rev || h.Status != m.hdr.Status || h.Version != old
	switch {
	case h.Version < old:
		// The store lost entries we applied: never happens with a
		// durable store, but the store is the truth.
		// The store lost entries we applied: another node took them
		// back (an undo), or the store is not durable; the store is
		// the truth.
		moves, err := m.s.store.Moves(ctx, m.id, 0)
		if err != nil {
			return err
		}
		marks, err := m.s.store.Marks(ctx, m.id, 0)
		if err != nil {
			return err
		}
		if err := m.rebuildLocked(h, moves); err != nil {
			return err
		}
		m.marks = nil
		m.addMarksLocked(marks)
	case h.Version > old:
		moves, err := m.s.store.Moves(ctx, m.id, old)
		if err != nil {
			return err
		}
		if len(moves) > h.Version-old {
			moves = moves[:h.Version-old]
		}
		if len(moves) < h.Version-old {
			return fmt.Errorf("match %s: header at version %d, log at %d", m.id, h.Version, old+len(moves))
		}
		marks, err := m.s.store.Marks(ctx, m.id, old)
		if err != nil {
			return err
		}
		if err := m.extendLocked(moves); err != nil {
			return err
		}
		m.addMarksLocked(marks)
	}
	h.Version = len(m.log)
	m.hdr = h
	if changed {
		m.broadcastLocked()
		m.scheduleLocked()
	}
	return nil
}

// addMarksLocked keeps the marks of entries m has. A move the timeout
// bot made is nobody's to take back: the undo run starts after it.
func (m *live) addMarksLocked(marks map[int]string) {
	for n, mark := range marks {
		if n < len(m.log) {
			if m.marks == nil {
				m.marks = map[int]string{}
			}
			m.marks[n] = mark
			if mark == store.MarkTimeout && n >= len(m.log)-m.undoRun {
				m.undoRun = len(m.log) - 1 - n
			}
		}
	}
}

// extendLocked applies log entries written by another node.
func (m *live) extendLocked(moves []string) error {
	b := m.batchLocked()
	if err := b.read(m.id, len(m.log), moves); err != nil {
		return err
	}
	m.addLocked(b)
	return nil
}

// batch is log entries being added to a match, with what the match
// keeps of each: its public form and who made it.
type batch struct {
	info   game.Info
	st     game.State // the state after the entries
	log    []string
	public []string
	actors []game.Player
	draws  int // chance entries among them
	// undoable says of each entry whether game.Undoable holds of it.
	undoable []bool
}

// batchLocked starts a batch of entries after m's log.
func (m *live) batchLocked() *batch { return &batch{info: m.info, st: m.state.Clone()} }

// add plays action a, whose log entry is e ("": the notation of a).
func (b *batch) add(a game.Action, e string) error {
	p := b.st.CurrentPlayer()
	if e == "" {
		e = record.Notation(b.st, a)
	}
	b.log = append(b.log, e)
	b.public = append(b.public, record.PublicEntry(b.info, b.st, p, a, e))
	b.actors = append(b.actors, p)
	if p == game.Chance {
		b.draws++
	}
	// game.Undoable's test, without the clone it makes: the turn and
	// what a reveals are read before a is applied.
	u, isUndoer := b.st.(game.Undoer)
	turn, reveals := 0, true
	if isUndoer && p >= 0 {
		turn, reveals = u.Turn(), u.Reveals(a)
	}
	if err := b.st.Apply(a); err != nil {
		return err
	}
	ok := false
	if v, isUndoer := b.st.(game.Undoer); isUndoer && !reveals {
		ok = b.st.CurrentPlayer() == p && v.Turn() == turn
	}
	b.undoable = append(b.undoable, ok)
	return nil
}

// read plays log entries read from the store, the first being entry
// from of match id.
func (b *batch) read(id string, from int, moves []string) error {
	for i, e := range moves {
		text, chance := strings.CutPrefix(e, record.ChancePrefix)
		if p := b.st.CurrentPlayer(); chance != (p == game.Chance) {
			return fmt.Errorf("match %s: entry %d %q: %v is to move", id, from+i, e, p)
		}
		a, err := b.st.ParseAction(text)
		if err == nil {
			err = b.add(a, e)
		}
		if err != nil {
			return fmt.Errorf("match %s: entry %d %q: %w", id, from+i, e, err)
		}
	}
	return nil
}

// addLocked appends the entries of b to m's log.
func (m *live) addLocked(b *batch) {
	for _, ok := range b.undoable {
		if m.undoRun++; !ok {
			m.undoRun = 0
		}
	}
	m.state, m.draws = b.st, m.draws+b.draws
	m.log = append(m.log, b.log...)
	m.public = append(m.public, b.public...)
	m.actors = append(m.actors, b.actors...)
}

// rng returns the match's generator positioned after its draws so far.
// Each chance outcome takes one draw (game.SampleOutcome), so re-deriving
// it from the seed and the number of chance entries continues the same
// sequence after a reload, on any node, and the complete record replays
// from its seed alone (docs/records.md).
func (m *live) rng() *rand.Rand {
	r := game.NewRand(m.hdr.Seed)
	for range m.draws {
		r.Float64()
	}
	return r
}

// seatOfLocked returns the seat holder holds (see holds).
func (m *live) seatOfLocked(holder string) (game.Player, bool) {
	if holder == "" {
		return game.Spectator, false
	}
	for i, seat := range m.hdr.Seats {
		if holds(seat, holder) {
			return game.Player(i), true
		}
	}
	return game.Spectator, false
}

// play makes a person's move: the holder of the token hashing to hash
// plays text, having seen version.
//
// committed, if not nil, is called with the result under the match's
// lock, after every client has been sent the new state: the WebSocket
// queues its ack there, right behind the mover's state, so that its
// writer sends the two in one write (batchConn).
func (m *live) play(ctx context.Context, hash string, version int, text string, committed func(*moveResult)) (*moveResult, error) {
	start := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, errorf(http.StatusServiceUnavailable, "the match was unloaded; try again")
	}
	m.used = start
	if version > len(m.log) {
		// The client has seen a version this node has not heard of yet.
		if err := m.syncLocked(ctx); err != nil {
			return nil, m.storeError(err)
		}
	}
	p, ok := m.seatOfLocked(hash)
	if !ok {
		return nil, errorf(http.StatusForbidden, "that token holds no seat of match %s", m.id)
	}
	if err := m.canMoveLocked(p, version); err != nil {
		return nil, err
	}
	text = strings.TrimSpace(text)
	a, err := m.state.ParseAction(text)
	if err != nil {
		return nil, errorf(http.StatusUnprocessableEntity, "%q is not a move here: %v", text, err)
	}
	if !m.legalLocked(a) {
		why := m.state.Clone().Apply(a)
		if why == nil {
			why = errors.New("not legal now")
		}
		return nil, errorf(http.StatusUnprocessableEntity, "illegal move %q: %v", text, why)
	}
	res, err := m.commitLocked(ctx, &a, "human", start, p)
	if err == nil {
		m.cameBackLocked()
		if committed != nil {
			committed(res)
		}
	}
	return res, err
}

// canMoveLocked checks that seat p may move now at version.
func (m *live) canMoveLocked(p game.Player, version int) error {
	switch m.hdr.Status {
	case store.Over:
		return errorf(http.StatusConflict, "the game is over")
	case store.Open:
		return errorf(http.StatusConflict, "the match has not started: %s free", freeSeats(m.hdr))
	}
	if version != len(m.log) {
		return errorf(http.StatusConflict, "stale version %d: the match is at version %d; reload and try again", version, len(m.log))
	}
	if cur := m.state.CurrentPlayer(); cur != p {
		return errorf(http.StatusConflict, "not your turn: %v is to move, you are %v", cur, p)
	}
	return nil
}

func freeSeats(h *store.Match) string {
	var free []string
	for i, seat := range h.Seats {
		if seat.Free() {
			free = append(free, fmt.Sprint(i+1))
		}
	}
	switch len(free) {
	case 0:
		return "no seat is"
	case 1:
		return "seat " + free[0] + " is"
	}
	return "seats " + strings.Join(free, ", ") + " are"
}

func (m *live) legalLocked(a game.Action) bool {
	m.abuf = m.state.LegalActions(m.abuf)
	for _, l := range m.abuf {
		if l == a {
			return true
		}
	}
	return false
}

// moveResult is what a mover is told: the new version and the entries
// its move added (as the mover may see them).
type moveResult struct {
	Version int         `json:"version"`
	Applied []entryView `json:"applied"`
}

// commitLocked applies action a (nil: none, only the chance outcomes
// due) and the chance outcomes that follow it, writes them to the store
// at the current version, and only then updates m, broadcasts and
// schedules what comes next. by labels the metrics: human, bot, timeout.
func (m *live) commitLocked(ctx context.Context, a *game.Action, by string, start time.Time, mover game.Player) (*moveResult, error) {
	from := len(m.log)
	b := m.batchLocked()
	if a != nil {
		if err := b.add(*a, ""); err != nil {
			return nil, errorf(http.StatusUnprocessableEntity, "illegal move %q: %v", b.log[0], err)
		}
	}
	var r *rand.Rand
	for game.IsChance(b.st) {
		if r == nil {
			r = m.rng()
		}
		if err := b.add(game.SampleChance(b.st, r, m.obuf), ""); err != nil {
			return nil, fmt.Errorf("match %s: %s rejected its own chance outcome %q: %v", m.id, m.info.Name, b.log[len(b.log)-1], err)
		}
	}
	if len(b.log) == 0 {
		return &moveResult{Version: from}, nil
	}
	var result []float64
	if game.IsTerminal(b.st) {
		result = b.st.Returns(nil)
	}
	now := time.Now()
	mark := ""
	switch by {
	case "timeout":
		mark = store.MarkTimeout
	case "forced":
		mark = store.MarkForced
	}
	err := m.s.store.Append(ctx, store.Append{ID: m.id, Version: from, Moves: b.log, Result: result, At: now, Mark: mark})
	if errors.Is(err, store.ErrConflict) {
		m.s.metrics.conflicts.Inc()
		if serr := m.syncLocked(ctx); serr != nil {
			m.s.log.Error("reloading after a conflict", "match", m.id, "err", serr)
		}
		return nil, errorf(http.StatusConflict, "stale version %d: the match moved on to version %d before the move was written; reload and try again", from, len(m.log))
	}
	if err != nil {
		return nil, m.storeError(err)
	}
	m.s.metrics.moveLatency.WithLabelValues(by).Observe(time.Since(start).Seconds())
	for _, p := range b.actors {
		label := by
		if p == game.Chance {
			label = "chance"
		}
		m.s.metrics.moves.WithLabelValues(m.info.Name, label).Inc()
	}
	m.addLocked(b)
	if mark != "" {
		m.addMarksLocked(map[int]string{from: mark})
	}
	m.hdr.Version, m.hdr.TurnStart = len(m.log), now
	if result != nil {
		m.hdr.Status, m.hdr.Result = store.Over, result
		m.s.log.Info("match over", "match", m.id, "game", m.info.Name, "moves", len(m.log), "result", result)
		m.endedLocked()
	}
	m.broadcastLocked()
	m.scheduleLocked()
	return &moveResult{Version: len(m.log), Applied: m.entriesLocked(from, mover)}, nil
}

func (m *live) storeError(err error) error { return m.s.storeError(m.id, err) }

// storeError turns a store's failure about match id into the answer a
// client gets: 404 for an unknown match, else 503. The store's own words
// go to the log only: they may quote what was being written, such as
// the chance outcomes drawn after a move, which nobody may know yet.
func (s *Server) storeError(id string, err error) error {
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "no match %q", id)
	}
	s.metrics.storeFailures.Inc()
	s.log.Error("store", "match", id, "err", err)
	return errorf(http.StatusServiceUnavailable, "the database failed; nothing was changed: try again")
}

// scheduleLocked arranges what the server does by itself next: draw the
// chance outcomes due, let a bot move, or arm the turn timer of the
// person to move.
func (m *live) scheduleLocked() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	if m.hdr.Status == store.Over {
		m.s.unlease(m.id)
	}
	if m.closed || m.hdr.Status == store.Over {
		return
	}
	v := len(m.log)
	cur := m.state.CurrentPlayer()
	switch {
	case cur == game.Chance:
		m.startAutoLocked(v, cur, "", "chance")
	case cur < 0 || m.hdr.Status != store.Running:
		// Over, or waiting for players to take the free seats.
	case m.hdr.Seats[cur].Bot != "":
		m.startAutoLocked(v, cur, m.hdr.Seats[cur].Bot, "bot")
	case m.forcedLocked(cur):
		m.startAutoLocked(v, cur, "", "forced")
	default:
		// A turn-based deadline days away is left to the janitor
		// (sweep), which loads the match when it comes near: the match
		// need not stay in memory until then.
		if d := turnTimer(m.hdr); d > 0 && (!turnBased(m.hdr) || dueSoon(m.hdr, time.Now())) {
			m.timer = time.AfterFunc(max(time.Until(m.hdr.TurnStart.Add(d)), 0), func() { m.timeUp(v) })
		}
		m.noticeLocked(cur)
	}
}

// timeUp lets the timeout bot move for the person to move at version v,
// if they still have not.
func (m *live) timeUp(v int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed || len(m.log) != v || m.hdr.Status != store.Running {
		return
	}
	cur := m.state.CurrentPlayer()
	if cur < 0 || m.hdr.Seats[cur].Bot != "" {
		return
	}
	spec := m.hdr.Settings[settingTimeoutBot]
	if spec == "" {
		spec = m.s.cfg.TimeoutBot
	}
	m.timer = nil
	m.startAutoLocked(v, cur, spec, "timeout")
}

// startAutoLocked computes, outside the lock, the move of bot spec for p
// (or the chance outcomes due, for p == game.Chance) at version v, and
// commits it if the match is still at v.
func (m *live) startAutoLocked(v int, p game.Player, spec, by string) {
	if m.auto == v {
		return
	}
	if p != game.Chance && by != "forced" && m.s.cfg.NewBot == nil {
		return
	}
	if wait := time.Until(m.standby); wait > 0 {
		m.standbyLocked(v, wait) // another node makes the move
		return
	}
	st := m.state.Clone()
	seed := botSeed(m.hdr.Seed, v, p)
	if !m.s.goBackground(func() { m.runAuto(v, p, st, spec, by, seed) }) {
		return
	}
	m.auto = v
}

func (m *live) runAuto(v int, p game.Player, st game.State, spec, by string, seed uint64) {
	s := m.s
	if !s.holdsLease(m.id) {
		// Another node plays the match: stand by.
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.auto == v {
			m.auto = -1
		}
		if s.ctx.Err() == nil && !m.closed {
			m.standby = time.Now().Add(s.cfg.LeaseRetry)
			if len(m.log) == v {
				m.standbyLocked(v, s.cfg.LeaseRetry)
			}
		}
		return
	}
	start := time.Now()
	var a *game.Action
	if by == "forced" {
		legal := st.LegalActions(nil)
		a = &legal[0]
	} else if p != game.Chance {
		act, err := s.botMove(st, spec, seed)
		if s.ctx.Err() != nil {
			m.mu.Lock()
			m.auto = -1
			m.mu.Unlock()
			return
		}
		if err != nil {
			s.metrics.botErrors.Inc()
			s.log.Warn("bot failed; playing a random legal move instead", "match", m.id, "seat", p.Seat(), "bot", spec, "err", err)
			legal := st.LegalActions(nil)
			act = legal[rand.New(rand.NewPCG(seed, 1)).IntN(len(legal))]
		}
		a = &act
	}
	m.waitForReaders()
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.auto == v {
		m.auto = -1
	}
	if m.closed || len(m.log) != v || m.hdr.Status == store.Over {
		return // someone moved first (a person, another node)
	}
	if p != game.Chance {
		// The seat may have changed hands while the bot thought.
		isBot := m.hdr.Seats[p].Bot != ""
		if m.state.CurrentPlayer() != p || (by == "bot") != isBot || m.hdr.Status != store.Running {
			m.scheduleLocked()
			return
		}
	}
	if _, err := m.commitLocked(ctx, a, by, start, p); err != nil {
		var ae *apiError
		if !errors.As(err, &ae) || ae.Status != http.StatusConflict {
			s.log.Error("automatic move", "match", m.id, "by", by, "err", err)
		}
		if !errors.As(err, &ae) || ae.Status == http.StatusServiceUnavailable {
			// The store failed: try again a little later.
			time.AfterFunc(time.Second, func() {
				m.mu.Lock()
				defer m.mu.Unlock()
				if len(m.log) == v {
					m.scheduleLocked()
				}
			})
		}
	}
}

// waitForReaders holds an automatic move (a bot's, chance) in a match of
// bots alone while a connection of the match has more than half its
// queue unread, for as long as those connections keep reading; one whose
// queue does not move for writeTimeout is dropped, as its writer would
// drop it. Bots and chance move as fast as the store commits, thousands
// of moves a minute in a match of fast bots, faster than a browser, or a
// test's client on a busy machine, reads the states of a large game;
// without the wait such a watcher was dropped as too slow and reconnected
// to be dropped again (a CI run failed so). Nobody waits for the bots of
// such a match but its watchers, so they go at the pace of the slowest
// reader. Where a person plays, the bots' moves come between the
// person's and are never that many, and a watcher that stops reading
// must not hold the person's game: there nothing waits.
func (m *live) waitForReaders() {
	m.mu.Lock()
	for _, seat := range m.hdr.Seats {
		if seat.Bot == "" {
			m.mu.Unlock()
			return
		}
	}
	m.mu.Unlock()
	deadline := time.Now().Add(writeTimeout)
	last := -1 // the unread messages of the connections behind, at the last look
	for {
		now := time.Now()
		late := !now.Before(deadline)
		m.mu.Lock()
		unread := 0
		for c := range m.clients {
			select {
			case <-c.quit:
				continue // dropped already: leaving
			default:
			}
			if n := len(c.out); n > sendQueue/2 {
				unread += n
				if late {
					c.drop(statusPolicyViolation, tooSlow)
				}
			}
		}
		m.mu.Unlock()
		if unread == 0 || late || m.s.ctx.Err() != nil {
			return
		}
		if unread < last {
			deadline = now.Add(writeTimeout) // they read: wait on
		}
		last = unread
		time.Sleep(2 * time.Millisecond)
	}
}

// goBackground runs fn in a goroutine Shutdown waits for, unless the
// server is shutting down.
func (s *Server) goBackground(fn func()) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		fn()
	}()
	return true
}

// errUnchanged is returned by a changeSeats function that finds nothing
// to change.
var errUnchanged = errors.New("unchanged")

// changeSeats changes the header with fn, retrying on conflicts: fn gets
// a fresh copy from the store each time, so a change on another node is
// never overwritten. If fn returns errUnchanged, nothing is written.
func (m *live) changeSeats(ctx context.Context, fn func(h *store.Match) error) (*store.Match, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, errorf(http.StatusServiceUnavailable, "the match was unloaded; try again")
	}
	m.used = time.Now()
	for range 8 {
		h, err := m.s.store.Get(ctx, m.id)
		if err != nil {
			return nil, m.storeError(err)
		}
		nh := h.Clone()
		if err := fn(nh); errors.Is(err, errUnchanged) {
			if err := m.adoptLocked(ctx, h); err != nil {
				return nil, m.storeError(err)
			}
			return h.Clone(), nil
		} else if err != nil {
			return nil, err
		}
		if nh.Status == store.Open && !slices.ContainsFunc(nh.Seats, store.Seat.Free) {
			nh.Status = store.Running
			nh.TurnStart = time.Now()
		}
		err = m.s.store.Update(ctx, nh)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, m.storeError(err)
		}
		if nh.Status == store.Running && h.Status == store.Open {
			m.s.log.Info("match started", "match", m.id, "game", nh.Game)
		}
		// Read back what was written: the store keeps Over over our
		// status, and the turn start of a running match.
		fresh, err := m.s.store.Get(ctx, m.id)
		if err != nil {
			return nil, m.storeError(err)
		}
		if err := m.adoptLocked(ctx, fresh); err != nil {
			return nil, m.storeError(err)
		}
		if fresh.Status == store.Over && h.Status != store.Over {
			m.endedLocked()
		}
		return fresh.Clone(), nil
	}
	return nil, errorf(http.StatusConflict, "the match's seats keep changing; try again")
}

// shutdown closes m's clients with "going away" and stops its timer.
func (m *live) shutdown() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	for c := range m.clients {
		c.drop(statusGoingAway, "the server is shutting down")
	}
}
