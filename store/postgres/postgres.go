// Package postgres is the match store for several servers: PostgreSQL,
// through pgx.
//
// Every write is one transaction, committed before the call returns (with
// PostgreSQL's default synchronous_commit=on, after its WAL is flushed).
// Conditional writes (UPDATE ... WHERE version = $n) make concurrent moves
// on two servers safe at READ COMMITTED: the second UPDATE waits for the
// first's row lock, then finds the version changed and matches no row, so
// only one of two moves made at one version is ever applied. The moves
// table's primary key (match_id, n) is a second guard.
//
// Each write also sends NOTIFY commons_changes with "ID VERSION REV" inside
// its transaction, so PostgreSQL delivers it exactly when the write
// commits; Watch LISTENs on a connection of its own and tells the server,
// which reloads what it lacks and updates its own clients.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/internal/sqlstore"
)

// Channel is the LISTEN/NOTIFY channel the servers share.
const Channel = "commons_changes"

// Store is a store.Store and store.Watcher on a PostgreSQL database.
type Store struct {
	sqlstore.DB
	dsn string
}

var (
	_ store.Store   = (*Store)(nil)
	_ store.Watcher = (*Store)(nil)
)

// Open connects to the database dsn names (postgres://user@host/db?...)
// and creates the tables if they are missing.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{DB: sqlstore.DB{DB: db, Dialect: sqlstore.Dialect{Dollar: true, IsUnique: isUnique, Notify: notify}}, dsn: dsn}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// migrate creates the tables under an advisory lock, so that servers
// starting together do not race on CREATE TABLE.
func (s *Store) migrate(ctx context.Context) error {
	conn, err := s.DB.DB.Conn(ctx)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.Close()
	const lockKey = 0x636f6d6d6f6e73 // "commons"
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, lockKey); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, lockKey)
	for _, q := range sqlstore.Schema {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("postgres: creating tables: %w", err)
		}
	}
	return nil
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func notify(ctx context.Context, tx *sql.Tx, ch store.Change) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, fmt.Sprintf("%s %d %d", ch.ID, ch.Version, ch.Rev))
	return err
}

// Watch implements store.Watcher: it LISTENs on its own connection until
// ctx is done. Each time LISTEN takes effect (at the start, and after a
// dropped connection, retried with a back-off of up to five seconds) it
// reports a Resync, since notifications sent before were not heard.
func (s *Store) Watch(ctx context.Context, fn func(store.Change)) error {
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listen(ctx, fn)
		if ctx.Err() != nil {
			break
		}
		_ = err // the caller sees the Resync; a log line would repeat every retry
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return ctx.Err()
}

func (s *Store) listen(ctx context.Context, fn func(store.Change)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	// Whatever changed before LISTEN took effect went unheard.
	fn(store.Change{Resync: true})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var ch store.Change
		if _, err := fmt.Sscanf(n.Payload, "%s %d %d", &ch.ID, &ch.Version, &ch.Rev); err != nil {
			continue // not ours
		}
		fn(ch)
	}
}
