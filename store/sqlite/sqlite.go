// Package sqlite is the default match store: one SQLite file, written
// through modernc.org/sqlite (pure Go, no cgo).
//
// # Durability
//
// The database runs in WAL mode with synchronous=FULL: every commit
// appends to the write-ahead log and fsyncs it before Commit returns, so
// an acknowledged move survives the process being killed and the machine
// losing power. (synchronous=NORMAL would survive a killed process, since
// the write already sits in the operating system's cache, but could lose
// the last commits to a power cut; a move costs one fsync either way, and
// FULL keeps the promise "a move is written durably before it is
// acknowledged" without conditions.)
//
// # Group commit
//
// Appends of different matches that wait together share one transaction
// and one fsync: while a batch commits, the next queues, and is committed
// as one transaction the moment the first is done (no waiting for a batch
// to fill). Each append is checked against its own expected version inside
// the transaction, a stale one refused alone with store.ErrConflict, and
// none is acknowledged before the commit that holds it has returned, so
// the promise above holds for every move of a batch. Store.MaxBatch caps
// the appends of one transaction (default 512); see
// store/internal/sqlstore and docs/reliability.md.
//
// Write transactions begin IMMEDIATE, taking SQLite's write lock at once,
// so two writers never deadlock upgrading a read lock; busy_timeout makes
// a second process on the same file wait instead of failing. Only one
// server should serve a SQLite file: SQLite cannot tell another process
// about a change, so a second server's clients would not see moves made
// on the first until they reload (use PostgreSQL for several nodes).
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/internal/sqlstore"
)

// Store is a store.Store on a SQLite file.
type Store struct {
	sqlstore.DB
}

var (
	_ store.Store  = (*Store)(nil)
	_ store.People = (*Store)(nil)
)

// Open opens (creating it if need be) the SQLite database at path and
// creates the tables.
func Open(ctx context.Context, path string) (*Store, error) {
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL")
	q.Set("_foreign_keys", "1")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	// One connection: SQLite lets one writer in at a time anyway, and a
	// single connection keeps every pragma above in force for every
	// statement. Reads are short, so they can wait their turn too.
	db.SetMaxOpenConns(1)
	s := &Store{sqlstore.DB{DB: db, Dialect: sqlstore.Dialect{IsUnique: isUnique, Prepare: true}}}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	if err := s.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func isUnique(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY || e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}
