// Package postgres is the match store for several servers: PostgreSQL,
// through pgx.
//
// Every write is committed before the call returns (with PostgreSQL's
// default synchronous_commit=on, after its WAL is flushed). Appends are
// group committed: those of different matches that wait together share
// one transaction, checked each on its own (see store/internal/sqlstore);
// Store.Committers (default 4) such transactions may be under way at
// once, and Store.MaxBatch caps one's appends (default 512).
// Conditional writes (UPDATE ... WHERE version = $n) make concurrent moves
// on two servers safe at READ COMMITTED: the second UPDATE waits for the
// first's row lock, then finds the version changed and matches no row, so
// only one of two moves made at one version is ever applied. The moves
// table's primary key (match_id, n) is a second guard.
//
// Each write also sends NOTIFY commons_changes with "ID VERSION REV" inside
// its transaction, so PostgreSQL delivers it exactly when the write
// commits; Watch LISTENs on a connection of its own and tells the server,
// which reloads what it lacks and updates its own clients. A connection
// silent for KeepAlive is pinged, and replaced if it does not answer.
//
// The store is a store.Leaser: a match's lease is a session-level
// advisory lock on a connection of its own (lease.go), which PostgreSQL
// frees when the connection ends, so a node that dies loses its leases.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/internal/sqlstore"
)

// Channel is the LISTEN/NOTIFY channel the servers share.
const Channel = "commons_changes"

// defaultCommitters is Store.Committers's default here: PostgreSQL
// commits several transactions side by side and flushes their WAL
// together, so a few batches under way at once keep it busy while each
// waits for its round trips.
const defaultCommitters = 4

// defaultKeepAlive is Store.KeepAlive's default.
const defaultKeepAlive = 30 * time.Second

// Store is a store.Store and store.Watcher on a PostgreSQL database.
type Store struct {
	sqlstore.DB
	dsn string
	// KeepAlive is how long Watch waits for a notification before it
	// pings its connection; a connection that does not answer within
	// KeepAlive either is replaced, and a Resync reported. Without it a
	// connection that a network dropped without a word (a NAT or a load
	// balancer timing out an idle connection) would leave the server
	// deaf to other nodes' changes. Open sets 30 seconds; set it before
	// calling Watch.
	KeepAlive time.Duration

	leases leases
}

var (
	_ store.Store   = (*Store)(nil)
	_ store.Watcher = (*Store)(nil)
	_ store.People  = (*Store)(nil)
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
	s := &Store{
		DB:  sqlstore.DB{DB: db, Dialect: sqlstore.Dialect{Dollar: true, IsUnique: isUnique, Notify: notify}},
		dsn: dsn, KeepAlive: defaultKeepAlive,
	}
	s.Committers = defaultCommitters
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// migrate brings the schema up to date (sqlstore.Migrations) under an
// advisory lock, so that servers starting together take turns.
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
	if err := s.MigrateConn(ctx, conn); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	return nil
}

// Close implements store.Store: it gives up the store's leases too.
func (s *Store) Close() error {
	s.leases.close()
	return s.DB.Close()
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// notify sends one notification for each change, in one statement.
func notify(ctx context.Context, tx *sql.Tx, chs ...store.Change) error {
	if len(chs) == 1 {
		ch := chs[0]
		_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, payload(ch))
		return err
	}
	payloads := make([]string, len(chs))
	for i, ch := range chs {
		payloads[i] = payload(ch)
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n`, Channel, payloads)
	return err
}

// payload is a change as a notification says it: "ID VERSION REV" for
// a match, "#chat ROOM COUNT DELETED" for a room's messages (ROOM "-"
// for the lobby) and "#rated ID" for a match rated. A match ID never begins with
// '#', and a server from before chat and ratings ignores the last two:
// it cannot read a version from them.
func payload(ch store.Change) string {
	switch {
	case ch.Chat:
		room := ch.ID
		if room == "" {
			room = "-"
		}
		return fmt.Sprintf("#chat %s %d %d", room, ch.Version, ch.Rev)
	case ch.Rated:
		return "#rated " + ch.ID
	}
	return fmt.Sprintf("%s %d %d", ch.ID, ch.Version, ch.Rev)
}

// parsePayload reads what payload wrote; false for what it did not.
func parsePayload(p string) (store.Change, bool) {
	var ch store.Change
	switch {
	case strings.HasPrefix(p, "#chat "):
		ch.Chat = true
		if _, err := fmt.Sscanf(p, "#chat %s %d %d", &ch.ID, &ch.Version, &ch.Rev); err != nil {
			return ch, false
		}
		if ch.ID == "-" {
			ch.ID = ""
		}
	case strings.HasPrefix(p, "#rated "):
		ch.Rated = true
		ch.ID = strings.TrimPrefix(p, "#rated ")
	case strings.HasPrefix(p, "#"):
		return ch, false // a kind of change a newer server sends
	default:
		if _, err := fmt.Sscanf(p, "%s %d %d", &ch.ID, &ch.Version, &ch.Rev); err != nil {
			return ch, false
		}
	}
	return ch, ch.ID != "" || ch.Chat
}

// Watch implements store.Watcher: it LISTENs on its own connection until
// ctx is done. Each time LISTEN takes effect (at the start, and after a
// dropped or silent connection, retried with a back-off of up to five
// seconds) it reports a Resync, since notifications sent before were not
// heard.
func (s *Store) Watch(ctx context.Context, fn func(store.Change)) error {
	const firstBackoff = 100 * time.Millisecond
	backoff := firstBackoff
	for ctx.Err() == nil {
		listened, err := s.listen(ctx, fn)
		if ctx.Err() != nil {
			break
		}
		_ = err // the caller sees the Resync; a log line would repeat every retry
		if listened {
			backoff = firstBackoff // a connection that worked: try again at once
		}
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
	return ctx.Err()
}

// listen LISTENs on a new connection and reports the notifications until
// the connection fails, or stays silent and does not answer a ping. It
// reports whether LISTEN took effect.
func (s *Store) listen(ctx context.Context, fn func(store.Change)) (bool, error) {
	keepAlive := s.KeepAlive
	if keepAlive <= 0 {
		keepAlive = defaultKeepAlive
	}
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return false, err
	}
	defer func() {
		// A bounded close: the connection may be one that no longer
		// answers.
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return false, err
	}
	// Whatever changed before LISTEN took effect went unheard.
	fn(store.Change{Resync: true})
	for {
		wctx, cancel := context.WithTimeout(ctx, keepAlive)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		if err != nil && ctx.Err() == nil && pgconn.Timeout(err) {
			// Silence: make sure the connection still answers. (A
			// timed-out wait leaves the connection usable.)
			pctx, cancel := context.WithTimeout(ctx, keepAlive)
			err = conn.Ping(pctx)
			cancel()
			if err == nil {
				continue
			}
		}
		if err != nil {
			return true, err
		}
		if ch, ok := parsePayload(n.Payload); ok {
			fn(ch)
		}
	}
}
