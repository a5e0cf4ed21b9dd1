package sqlite_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/sqlite"
	"github.com/commons-games/commons/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestReopen checks that what one Store wrote another reads back after
// the first is closed, and that the pragmas that make a commit durable are
// in force.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dir with space", "c.db")
	if _, err := sqlite.Open(ctx, path); err == nil {
		t.Fatal("Open in a missing directory succeeded")
	}
	path = filepath.Join(t.TempDir(), "c ?#.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var mode string
	var sync int
	if err := s.DB.DB.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q, %v; want wal", mode, err)
	}
	if err := s.DB.DB.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous %d, %v; want 2 (FULL)", sync, err)
	}
	m := storetest.NewMatch(2)
	if err := s.Create(ctx, m, []string{"*5"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1"}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	moves, err := s.Moves(ctx, m.ID, 0)
	if err != nil || len(moves) != 2 || moves[1] != "take1" {
		t.Fatalf("after reopening: %q, %v", moves, err)
	}
}

// BenchmarkAppend measures durable appends on one match, on 1,000
// matches at once as fast as they go, and on 1,000 matches making 5,000
// moves a second in all (go test -run '^$' -bench Append -benchtime 20000x ./store/sqlite).
func BenchmarkAppend(b *testing.B) {
	for _, bc := range []struct{ matches, rate int }{{1, 0}, {1000, 0}, {1000, 5000}} {
		name := fmt.Sprintf("matches=%d", bc.matches)
		if bc.rate > 0 {
			name += fmt.Sprintf("/rate=%d", bc.rate)
		}
		b.Run(name, func(b *testing.B) {
			s, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "commons.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			storetest.BenchAppend(b, s, bc.matches, bc.rate)
		})
	}
}

// TestDurableAfterReopen: appends made side by side on many matches, and
// so group committed, are all read back by a store opened again.
func TestDurableAfterReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "commons.db")
	storetest.RunReopen(t, func(t *testing.T) store.Store {
		s, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestGroupCommitBatch: see storetest.RunBatch. A second connection
// holds the database's write lock.
func TestGroupCommitBatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "commons.db")
	open := func(t *testing.T) store.Store {
		s, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	storetest.RunBatch(t, open, func(t *testing.T, ids []string) func() {
		other, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		lock, err := other.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := lock.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
			t.Fatal(err)
		}
		return func() {
			if _, err := lock.ExecContext(ctx, "ROLLBACK"); err != nil {
				t.Error(err)
			}
			lock.Close()
			other.Close()
		}
	})
}
