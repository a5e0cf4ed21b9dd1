package server

import (
	"context"
	"time"

	"github.com/commons-games/commons/store"
)

// Leases: with several nodes on one store (PostgreSQL), a match's
// automatic moves (its bots', its chance outcomes, a timed-out player's)
// are made by the node holding the match's lease (store.Leaser), one node
// at a time. The others hold the match in memory all the same (its
// clients, its changes; every node takes up the running matches with bots
// at start, and every ten LeaseRetry those it lacks: adopter) and stand
// by: they try the lease again every Config.LeaseRetry, so when the node
// playing the match stops (it gives its leases up) or dies (the database
// frees them with its session), another takes the match over within
// LeaseRetry (ten LeaseRetry for a match no other node held yet). A store that is not a
// Leaser (SQLite: one node) needs no lease: the node makes every move.
// The lease saves work only; the store's compare-and-set keeps the log
// right even while two nodes both believe they hold it.

// defaultLeaseRetry is Config.LeaseRetry's default.
const defaultLeaseRetry = 2 * time.Second

// holdsLease reports whether this node may make match id's automatic
// moves now: it holds the match's lease, or takes it.
func (s *Server) holdsLease(id string) bool {
	l, ok := s.store.(store.Leaser)
	if !ok {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancel()
	held, err := l.Lease(ctx, id)
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("taking a match's lease", "match", id, "err", err)
		}
		return false
	}
	if held {
		s.leaseMu.Lock()
		if s.leased == nil {
			s.leased = map[string]bool{}
		}
		s.leased[id] = true
		s.leaseMu.Unlock()
	}
	return held
}

// unlease gives up match id's lease, if this node holds it (the match is
// over, or out of memory), without waiting.
func (s *Server) unlease(id string) {
	l, ok := s.store.(store.Leaser)
	if !ok {
		return
	}
	s.leaseMu.Lock()
	held := s.leased[id]
	delete(s.leased, id)
	s.leaseMu.Unlock()
	if !held {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := l.Unlease(ctx, id); err != nil {
			s.log.Warn("giving up a match's lease", "match", id, "err", err)
		}
	}()
}

// unleaseAll gives up every lease this node holds, so that other nodes
// take its matches over at once (Shutdown).
func (s *Server) unleaseAll(ctx context.Context) {
	l, ok := s.store.(store.Leaser)
	if !ok {
		return
	}
	s.leaseMu.Lock()
	ids := s.leased
	s.leased = nil
	s.leaseMu.Unlock()
	for id := range ids {
		if err := l.Unlease(ctx, id); err != nil {
			s.log.Warn("giving up a match's lease", "match", id, "err", err)
		}
	}
}

// standbyLocked waits d, another node holding m's lease, and then
// schedules m's next automatic move (at version v) again, which tries
// the lease again.
func (m *live) standbyLocked(v int, d time.Duration) {
	if m.timer != nil {
		m.timer.Stop()
	}
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.timer != t || m.closed || len(m.log) != v {
			return
		}
		m.timer = nil
		m.scheduleLocked()
	})
	m.timer = t
}

// adopter takes up, every ten LeaseRetry, the running matches with bots or
// turn timers that this node does not hold, as resume does at start: a
// match started on a node that died, and that no other node held, is
// then played on by whichever node takes its lease.
func (s *Server) adopter() {
	defer s.wg.Done()
	tick := time.NewTicker(10 * s.cfg.LeaseRetry)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
		s.adopt(ctx)
		cancel()
	}
}

func (s *Server) adopt(ctx context.Context) {
	running, err := s.store.List(ctx, store.ListOptions{Status: []store.Status{store.Running}, Limit: 10000})
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("listing running matches to adopt", "err", err)
		}
		return
	}
	for _, h := range running {
		if !hasAutomation(h) {
			continue
		}
		s.mu.Lock()
		_, held := s.live[h.ID]
		s.mu.Unlock()
		if held {
			continue
		}
		if _, err := s.match(ctx, h.ID); err != nil && s.ctx.Err() == nil {
			s.log.Warn("adopting a running match", "match", h.ID, "err", err)
		}
	}
}
