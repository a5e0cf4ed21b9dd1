package postgres_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
	"github.com/commons-games/commons/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func TestConformance(t *testing.T) {
	c := pgtest.Shared(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := postgres.Open(context.Background(), c.NewDatabase(t))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestTwoStores checks the guarantees between two servers: two Stores on
// one database (two connection pools, as two nodes have) never both
// append at one version, and each hears the other's changes.
func TestTwoStores(t *testing.T) {
	c := pgtest.Shared(t)
	ctx := context.Background()
	dsn := c.NewDatabase(t)
	a, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	heard := make(chan store.Change, 10)
	go b.Watch(wctx, func(ch store.Change) { heard <- ch })
	if ch := <-heard; !ch.Resync {
		t.Fatalf("first change %+v, want the Resync of a new LISTEN", ch)
	}
	m := storetest.NewMatch(2)
	if err := a.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if ch := <-heard; ch.ID != m.ID || ch.Version != 0 {
		t.Fatalf("b heard %+v", ch)
	}
	errs := make(chan error, 2)
	for _, s := range []store.Store{a, b} {
		go func() { errs <- s.Append(ctx, store.Append{ID: m.ID, Version: 0, Moves: []string{"*5"}}) }()
	}
	e1, e2 := <-errs, <-errs
	if (e1 == nil) == (e2 == nil) {
		t.Fatalf("two nodes appending at one version: %v and %v; want exactly one success", e1, e2)
	}
	if ch := <-heard; ch.ID != m.ID || ch.Version != 1 {
		t.Fatalf("b heard %+v, want version 1", ch)
	}
}

// watched opens a store on a fresh database, with keepAlive if it is not
// zero, and watches it until the test ends. next waits for the next change
// Watch reports; the first, a Resync, has been read already.
func watched(t *testing.T, keepAlive time.Duration) (s *postgres.Store, heard chan store.Change, next func() store.Change) {
	t.Helper()
	ctx := context.Background()
	s, err := postgres.Open(ctx, pgtest.Shared(t).NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if keepAlive != 0 {
		s.KeepAlive = keepAlive
	}
	wctx, cancel := context.WithCancel(ctx)
	t.Cleanup(cancel)
	heard = make(chan store.Change, 10)
	go s.Watch(wctx, func(ch store.Change) { heard <- ch })
	next = func() store.Change {
		select {
		case ch := <-heard:
			return ch
		case <-time.After(10 * time.Second):
			t.Fatal("Watch reported nothing")
		}
		return store.Change{}
	}
	if ch := next(); !ch.Resync {
		t.Fatalf("first change %+v", ch)
	}
	return s, heard, next
}

// TestWatchReconnects kills the LISTEN connection: Watch connects again,
// reports a Resync (changes may have been missed meanwhile) and goes on
// reporting changes.
func TestWatchReconnects(t *testing.T) {
	ctx := context.Background()
	s, _, next := watched(t, 0)
	if _, err := s.DB.DB.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	if ch := next(); !ch.Resync {
		t.Fatalf("after the connection was killed: %+v, want a Resync", ch)
	}
	m := storetest.NewMatch(2)
	if err := s.Create(ctx, m, []string{"*5"}); err != nil {
		t.Fatal(err)
	}
	if ch := next(); ch.ID != m.ID || ch.Version != 1 {
		t.Fatalf("after reconnecting: %+v", ch)
	}
}

// TestWatchNoticesSilentConnection stops the LISTEN connection's server
// process (SIGSTOP), as a network that drops a connection without a word
// does: Watch must notice within its KeepAlive, connect again, report a
// Resync and hear the changes that follow, rather than wait for ever on
// a connection that will never bring another notification.
func TestWatchNoticesSilentConnection(t *testing.T) {
	ctx := context.Background()
	s, heard, next := watched(t, 200*time.Millisecond)
	// A healthy connection outlives the silences: no Resync.
	select {
	case ch := <-heard:
		t.Fatalf("a quiet, healthy connection reported %+v", ch)
	case <-time.After(5 * s.KeepAlive):
	}
	var pid int
	if err := s.DB.DB.QueryRowContext(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND (query LIKE 'LISTEN%' OR query = '-- ping') AND pid <> pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Skipf("cannot stop the LISTEN backend %d: %v", pid, err)
	}
	defer syscall.Kill(pid, syscall.SIGCONT)
	if ch := next(); !ch.Resync {
		t.Fatalf("after the connection went silent: %+v, want a Resync", ch)
	}
	m := storetest.NewMatch(2)
	if err := s.Create(ctx, m, []string{"*5"}); err != nil {
		t.Fatal(err)
	}
	if ch := next(); ch.ID != m.ID || ch.Version != 1 {
		t.Fatalf("after reconnecting: %+v", ch)
	}
}

// BenchmarkAppend measures durable appends on one match, on 1,000
// matches at once as fast as they go, and on 1,000 matches making 5,000
// moves a second in all (go test -run '^$' -bench Append -benchtime 20000x ./store/postgres).
func BenchmarkAppend(b *testing.B) {
	c := pgtest.Shared(b)
	for _, bc := range []struct{ matches, rate int }{{1, 0}, {1000, 0}, {1000, 5000}} {
		name := fmt.Sprintf("matches=%d", bc.matches)
		if bc.rate > 0 {
			name += fmt.Sprintf("/rate=%d", bc.rate)
		}
		b.Run(name, func(b *testing.B) {
			s, err := postgres.Open(context.Background(), c.NewDatabase(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			// COMMONS_COMMITTERS=n measures with n committers instead
			// of the default.
			if n, _ := strconv.Atoi(os.Getenv("COMMONS_COMMITTERS")); n > 0 {
				s.Committers = n
			}
			storetest.BenchAppend(b, s, bc.matches, bc.rate)
		})
	}
}

// TestDurableAfterReopen: appends made side by side on many matches, and
// so group committed, are all read back by a store opened again.
func TestDurableAfterReopen(t *testing.T) {
	dsn := pgtest.Shared(t).NewDatabase(t)
	storetest.RunReopen(t, func(t *testing.T) store.Store {
		s, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestGroupCommitBatch: see storetest.RunBatch. A second connection
// holds the first match's row (SELECT ... FOR UPDATE), so the first
// batch waits for it; one committer, so the others queue behind it. A
// stale append in PostgreSQL must not fail a statement, which would
// abort the whole transaction.
func TestGroupCommitBatch(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).NewDatabase(t)
	open := func(t *testing.T) store.Store {
		s, err := postgres.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		s.Committers = 1
		return s
	}
	storetest.RunBatch(t, open, func(t *testing.T, ids []string) func() {
		other, err := postgres.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := other.DB.DB.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `SELECT 1 FROM matches WHERE id = $1 FOR UPDATE`, ids[0]); err != nil {
			t.Fatal(err)
		}
		return func() {
			if err := tx.Rollback(); err != nil {
				t.Error(err)
			}
			other.Close()
		}
	})
}

// TestLease: two stores on one database (two nodes) never hold a match's
// lease at once; one given up, or lost with its connection (a node that
// dies: its session ends), or freed by Close, the other can take it.
func TestLease(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Shared(t).NewDatabase(t)
	open := func() *postgres.Store {
		s, err := postgres.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, b := open(), open()
	lease := func(s *postgres.Store, name, id string, want bool) {
		t.Helper()
		got, err := s.Lease(ctx, id)
		if err != nil || got != want {
			t.Fatalf("%s.Lease(%s) = %v, %v; want %v", name, id, got, err, want)
		}
	}
	lease(a, "a", "m1", true)
	lease(b, "b", "m1", false)
	lease(a, "a", "m1", true) // held already
	lease(b, "b", "m2", true) // another match
	if err := a.Unlease(ctx, "m1"); err != nil {
		t.Fatal(err)
	}
	lease(b, "b", "m1", true)
	lease(a, "a", "m1", false)

	// b's session dies (as a killed node's does): its leases are free.
	var pids []int
	rows, err := a.DB.DB.QueryContext(ctx, `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var pid int
		rows.Scan(&pid)
		pids = append(pids, pid)
	}
	rows.Close()
	if len(pids) != 1 {
		t.Fatalf("sessions holding advisory locks: %v, want b's alone", pids)
	}
	if _, err := a.DB.DB.ExecContext(ctx, `SELECT pg_terminate_backend($1)`, pids[0]); err != nil {
		t.Fatal(err)
	}
	// The session ends a moment later.
	eventually := func(s *postgres.Store, name, id string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			ok, err := s.Lease(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s could not take the lease of %s, freed", name, id)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	eventually(a, "a", "m1")
	lease(a, "a", "m2", true)
	// b finds out (its connection is gone), connects again, and finds
	// the leases taken.
	time.Sleep(1100 * time.Millisecond)
	if ok, err := b.Lease(ctx, "m1"); ok || err == nil {
		t.Fatalf("b.Lease(m1) on a dead session = %v, %v; want false and an error", ok, err)
	}
	lease(b, "b", "m1", false)
	a.Close()
	eventually(b, "b", "m1")
	eventually(b, "b", "m2")
}
