package postgres

import (
	"context"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/commons-games/commons/store"
)

var _ store.Leaser = (*Store)(nil)

// A match's lease is a session-level advisory lock
// (pg_try_advisory_lock) held on a connection of the store's own. The
// lock lasts as long as the session: PostgreSQL frees it when the
// connection closes, whether the store is closed, the process is killed,
// or the connection is cut (once the server sees it gone: at once for a
// process that dies, which the kernel closes; after TCP keepalive for a
// machine that vanishes).
type leases struct {
	mu      sync.Mutex
	conn    *pgx.Conn // nil until the first Lease, or after a failure
	held    map[string]bool
	checked time.Time // when conn last answered
	closed  bool
}

// leaseCheck is how long a connection that answered is trusted to still
// hold its locks without asking again.
const leaseCheck = time.Second

// leaseKey is the advisory lock key of match id's lease.
func leaseKey(id string) int64 {
	h := fnv.New64a()
	h.Write([]byte("commons lease "))
	h.Write([]byte(id))
	return int64(h.Sum64())
}

// Lease implements store.Leaser.
func (s *Store) Lease(ctx context.Context, id string) (bool, error) {
	l := &s.leases
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false, fmt.Errorf("postgres: lease of %s: the store is closed", id)
	}
	if l.conn == nil {
		conn, err := pgx.Connect(ctx, s.dsn)
		if err != nil {
			return false, fmt.Errorf("postgres: lease of %s: %w", id, err)
		}
		l.conn, l.held, l.checked = conn, map[string]bool{}, time.Now()
	}
	if l.held[id] {
		if time.Since(l.checked) < leaseCheck {
			return true, nil
		}
		// Make sure the session, and so the lock, is still there.
		if err := l.conn.Ping(ctx); err != nil {
			l.dropLocked()
			return false, fmt.Errorf("postgres: lease of %s: %w", id, err)
		}
		l.checked = time.Now()
		return true, nil
	}
	var ok bool
	if err := l.conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, leaseKey(id)).Scan(&ok); err != nil {
		l.dropLocked()
		return false, fmt.Errorf("postgres: lease of %s: %w", id, err)
	}
	l.checked = time.Now()
	if ok {
		l.held[id] = true
	}
	return ok, nil
}

// Unlease implements store.Leaser.
func (s *Store) Unlease(ctx context.Context, id string) error {
	l := &s.leases
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil || !l.held[id] {
		return nil
	}
	delete(l.held, id)
	if _, err := l.conn.Exec(ctx, `SELECT pg_advisory_unlock($1)`, leaseKey(id)); err != nil {
		l.dropLocked()
		return fmt.Errorf("postgres: unlease of %s: %w", id, err)
	}
	return nil
}

// dropLocked closes the lease connection, which frees its locks (if the
// server still has the session), and forgets them.
func (l *leases) dropLocked() {
	if l.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		l.conn.Close(ctx)
		cancel()
	}
	l.conn, l.held = nil, nil
}

// close gives up every lease for good.
func (l *leases) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	l.dropLocked()
}
