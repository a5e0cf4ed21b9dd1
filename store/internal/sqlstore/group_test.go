package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/commons-games/commons/store"
)

func openTest(t *testing.T, n int) (*DB, []string) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "c.db")+"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	isUnique := func(err error) bool { return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") }
	d := &DB{DB: db, Dialect: Dialect{IsUnique: isUnique, Prepare: true}}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range n {
		m := &store.Match{ID: fmt.Sprintf("m%d", i), Game: "countdown", Players: 2, Seats: make([]store.Seat, 2), Status: store.Running}
		if err := d.Create(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	return d, ids
}

func batchOf(ids []string) []*pending {
	var batch []*pending
	for _, id := range ids {
		batch = append(batch, &pending{a: store.Append{ID: id, Version: 0, Moves: []string{"x"}, At: time.Now()}, done: make(chan error, 1)})
	}
	return batch
}

// TestSpoiltBatch: an append whose entries cannot be written (a log
// entry already there though the version check passed: a damaged
// database) fails the batch's statement; the batch is rolled back and
// its appends made one transaction each, so only that one fails, with
// ErrConflict, and the others are written.
func TestSpoiltBatch(t *testing.T) {
	ctx := context.Background()
	d, ids := openTest(t, 3)
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO moves (match_id, n, move, at_ms) VALUES ('m1', 0, 'stray', 0)`); err != nil {
		t.Fatal(err)
	}
	batch := batchOf(ids)
	d.commitBatch(batch)
	for i, p := range batch {
		err := <-p.done
		moves, _ := d.Moves(ctx, ids[i], 0)
		if i == 1 {
			if !errors.Is(err, store.ErrConflict) || len(moves) != 1 || moves[0] != "stray" {
				t.Errorf("the bad append: %v, log %q; want ErrConflict and the log as it was", err, moves)
			}
			continue
		}
		if err != nil || len(moves) != 1 || moves[0] != "x" {
			t.Errorf("append %d: %v, log %q; want it written", i, err, moves)
		}
	}
}

// TestFailedBatch: when a batch's transaction fails as a whole (as a
// failed commit does), every append of the batch gets the error, none
// is written, and the next batch commits as usual.
func TestFailedBatch(t *testing.T) {
	ctx := context.Background()
	d, ids := openTest(t, 3)
	boom := errors.New("the commit failed")
	batch := batchOf(ids)
	failBatch = func() error { return boom }
	d.commitBatch(batch)
	failBatch = nil
	for i, p := range batch {
		if err := <-p.done; !errors.Is(err, boom) {
			t.Errorf("append %d: %v, want the batch's error", i, err)
		}
		if moves, err := d.Moves(ctx, ids[i], 0); err != nil || len(moves) != 0 {
			t.Errorf("match %s: %q, %v; want nothing written", ids[i], moves, err)
		}
	}
	for _, id := range ids {
		if err := d.Append(ctx, store.Append{ID: id, Version: 0, Moves: []string{"y"}}); err != nil {
			t.Errorf("append after the failed batch: %v", err)
		}
	}
	if st := d.GroupCommitStats(); st.Batches < 2 || st.Appends != 6 {
		t.Errorf("stats %+v", st)
	}
}
