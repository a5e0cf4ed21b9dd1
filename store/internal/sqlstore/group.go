package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/commons-games/commons/store"
)

// Group commit.
//
// An Append does not run a transaction of its own: it joins a queue, and
// a committer goroutine takes everything that queued (up to MaxBatch)
// while its previous transaction committed, makes the appends in one
// transaction, one after the other, and commits once: one fsync (one WAL
// flush) for all of them. Only then does it answer each waiting Append.
// There is no waiting for a batch to fill: under a light load a batch is
// one append, committed at once; under a heavy load the batches grow by
// themselves to what queued during one commit.
//
// Each append in a batch checks its own expected version inside the
// transaction, seeing the appends before it (two appends of one match in
// one batch: the second sees the first's version; a batch runs in the
// order of the match IDs, and of arrival for one match's). A stale one is refused
// alone, with ErrConflict as before, and writes nothing: the check comes
// before any write, and a refused check leaves the transaction usable, so
// the others go on. Should any other statement fail (which may spoil the
// transaction: PostgreSQL aborts it at its first failed statement), the
// batch is rolled back and its appends are made again one transaction
// each, so that one bad append cannot fail the others. If the commit
// itself fails, every append of the batch gets the error: none of them
// was acknowledged, and none is.

// DefaultMaxBatch is DB.MaxBatch's default.
const DefaultMaxBatch = 512

// commitTimeout bounds one batch's transaction.
const commitTimeout = 30 * time.Second

var errClosed = errors.New("store: closed")

// failBatch, set by tests only, fails a batch's transaction as a whole at
// its end, as a failed commit does.
var failBatch func() error

type groupCommit struct {
	batches, appends, largest atomic.Int64

	once    sync.Once
	mu      sync.Mutex
	closed  bool
	queues  []*queue
	seed    maphash.Seed
	workers sync.WaitGroup
}

// queue is one committer's queue of appends.
type queue struct {
	mu      sync.Mutex
	waiting []*pending
	wake    chan struct{} // a token when waiting may be non-empty
	stop    chan struct{}
}

// pending is an Append waiting for its batch to commit.
type pending struct {
	a     store.Append
	state atomic.Int32 // pendingQueued, then pendingTaken or pendingWithdrawn
	done  chan error   // gets the outcome once taken
}

const (
	pendingQueued = iota
	pendingTaken
	pendingWithdrawn
)

func (d *DB) startCommitters() {
	g := &d.gc
	g.once.Do(func() {
		n := d.Committers
		if n <= 0 {
			n = 1
		}
		g.mu.Lock() // GroupCommitStats reads the queues
		defer g.mu.Unlock()
		g.seed = maphash.MakeSeed()
		for range n {
			q := &queue{wake: make(chan struct{}, 1), stop: make(chan struct{})}
			g.queues = append(g.queues, q)
			g.workers.Add(1)
			go d.commitLoop(q)
		}
	})
}

// GroupCommitStats is what the group commit has done so far.
type GroupCommitStats struct {
	Batches int64 // transactions of appends run
	Appends int64 // appends they held
	Largest int64 // appends of the largest
	Queued  int   // appends waiting for a batch now
}

// GroupCommitStats reports what the group commit has done so far.
func (d *DB) GroupCommitStats() GroupCommitStats {
	g := &d.gc
	st := GroupCommitStats{Batches: g.batches.Load(), Appends: g.appends.Load(), Largest: g.largest.Load()}
	g.mu.Lock()
	for _, q := range g.queues {
		q.mu.Lock()
		st.Queued += len(q.waiting)
		q.mu.Unlock()
	}
	g.mu.Unlock()
	return st
}

// stopCommitters lets the committers commit what is queued and stop.
func (d *DB) stopCommitters() {
	g := &d.gc
	g.once.Do(func() {}) // none started: none will be
	g.mu.Lock()
	if !g.closed {
		g.closed = true
		for _, q := range g.queues {
			close(q.stop)
		}
	}
	g.mu.Unlock()
	g.workers.Wait()
}

// Append implements store.Store: it queues a for the next group commit
// and waits for it. If ctx ends before a's batch is taken, a is
// withdrawn (nothing is written); once taken, Append waits for the
// commit, so that it never reports a failure for a move that was written.
func (d *DB) Append(ctx context.Context, a store.Append) error {
	if len(a.Moves) == 0 {
		return fmt.Errorf("match %s: append of no moves", a.ID)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	d.startCommitters()
	g := &d.gc
	p := &pending{a: a, done: make(chan error, 1)}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return errClosed
	}
	q := g.queues[maphash.String(g.seed, a.ID)%uint64(len(g.queues))]
	q.mu.Lock()
	q.waiting = append(q.waiting, p)
	q.mu.Unlock()
	g.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	select {
	case err := <-p.done:
		return err
	case <-ctx.Done():
		if p.state.CompareAndSwap(pendingQueued, pendingWithdrawn) {
			return ctx.Err()
		}
		return <-p.done
	}
}

func (d *DB) commitLoop(q *queue) {
	defer d.gc.workers.Done()
	maxBatch := d.MaxBatch
	if maxBatch <= 0 {
		maxBatch = DefaultMaxBatch
	}
	for {
		stopping := false
		select {
		case <-q.wake:
		case <-q.stop:
			stopping = true
		}
		for {
			q.mu.Lock()
			n := min(len(q.waiting), maxBatch)
			batch := make([]*pending, 0, n)
			for _, p := range q.waiting[:n] {
				if p.state.CompareAndSwap(pendingQueued, pendingTaken) {
					batch = append(batch, p)
				}
			}
			q.waiting = append(q.waiting[:0:0], q.waiting[n:]...)
			q.mu.Unlock()
			if n == 0 {
				break
			}
			if len(batch) > 0 {
				d.commitBatch(batch)
			}
		}
		if stopping {
			return
		}
	}
}

// commitBatch makes the appends of batch in one transaction, and answers
// each once it has committed (or failed).
func (d *DB) commitBatch(batch []*pending) {
	g := &d.gc
	g.batches.Add(1)
	g.appends.Add(int64(len(batch)))
	for n := g.largest.Load(); int64(len(batch)) > n && !g.largest.CompareAndSwap(n, int64(len(batch))); n = g.largest.Load() {
	}
	// The rows are locked in the order of the match IDs, whatever the
	// order of arrival, so that two nodes' batches never wait for each
	// other's locks in a cycle (a deadlock PostgreSQL would break by
	// failing one). The sort is stable: one match's appends keep their
	// order.
	batch = slices.Clone(batch)
	slices.SortStableFunc(batch, func(x, y *pending) int { return strings.Compare(x.a.ID, y.a.ID) })
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	errs := make([]error, len(batch))
	if d.Dialect.Prepare && d.Dialect.Notify == nil {
		// The version checks, prepared once for the store (before the
		// transaction takes SQLite's connection). A failure here only
		// means they are prepared in the transaction.
		d.prepare(ctx, d.q(appendCheck), d.q(appendCheckOver))
	}
	spoilt := false
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		w := &batchWrites{}
		t := &txStmts{tx: tx, batch: w}
		if d.Dialect.Prepare {
			t.stmts, t.db = map[string]*sql.Stmt{}, d
		}
		for i, p := range batch {
			err := d.appendTx(ctx, t, p.a)
			var r *refusal
			if errors.As(err, &r) {
				errs[i] = r.err
				continue
			}
			if err != nil {
				spoilt = true
				return err
			}
		}
		// The entries of every append checked, 200 to a statement.
		if err := d.insertRows(ctx, t, w.rows); err != nil {
			spoilt = true
			return err
		}
		if len(w.changes) > 0 && d.Dialect.Notify != nil {
			// One statement for the batch: the notifications leave
			// when it commits, in the order of the appends.
			if err := d.Dialect.Notify(ctx, tx, w.changes...); err != nil {
				spoilt = true
				return err
			}
		}
		if failBatch != nil {
			return failBatch()
		}
		return nil
	})
	switch {
	case err == nil:
	case spoilt && len(batch) > 1:
		// One append failed in a way that may have spoilt the
		// transaction: each again on its own.
		for i, p := range batch {
			errs[i] = d.inTx(ctx, func(tx *sql.Tx) error { return d.appendTx(ctx, &txStmts{tx: tx}, p.a) })
			var r *refusal
			if errors.As(errs[i], &r) {
				errs[i] = r.err
			}
		}
	default:
		for i := range errs {
			errs[i] = err
		}
	}
	for i, p := range batch {
		p.done <- errs[i]
	}
}
