// Package sqlstore is the SQL both store implementations share: the same
// tables (migrate.go) and the same conditional writes, with the few differences
// between SQLite and PostgreSQL (placeholders, how a unique-key violation
// looks, notifications) in a Dialect.
package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// Dialect is what differs between databases.
type Dialect struct {
	// Dollar numbers placeholders $1, $2... instead of ?.
	Dollar bool
	// IsUnique reports whether err is a unique-key violation.
	IsUnique func(error) bool
	// Notify, if set, is called inside every committed write's
	// transaction with the changes it makes (a batch of appends has
	// several),
	// transaction, so that the notification leaves on commit.
	Notify func(ctx context.Context, tx *sql.Tx, chs ...store.Change) error
	// Prepare has the batches of appends prepare their statements once
	// for the store, for a driver that would prepare them at every call
	// (modernc.org/sqlite; pgx keeps a cache of its own).
	Prepare bool
}

// DB is a store.Store on a database/sql handle. Its appends are group
// committed (see Append); the options below are read at the first Append.
type DB struct {
	DB      *sql.DB
	Dialect Dialect
	// MaxBatch caps the appends one transaction commits together
	// (default DefaultMaxBatch).
	MaxBatch int
	// Committers is how many transactions of appends may be under way at
	// once (default 1), each on a connection of its own; a match's
	// appends always go to the same one, in the order they came. SQLite
	// lets one writer in at a time, so more than one only helps a
	// database that commits transactions side by side (PostgreSQL).
	Committers int

	gc groupCommit

	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt // the batches' statements, prepared once (Dialect.Prepare)
}

// q rewrites ? placeholders for the dialect.
func (d *DB) q(query string) string {
	if !d.Dialect.Dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // maps of strings and slices of plain structs always marshal
	}
	return string(b)
}

const columns = `id, game, players, options, seed, settings, seats, status, result, version, rev, rematch, rematch_of, created_ms, turn_start_ms`

type scanner interface{ Scan(dest ...any) error }

func scanMatch(row scanner) (*store.Match, error) {
	var (
		m                             store.Match
		options, settings, seats, res string
		status                        string
		seed, created, turnStart      int64
	)
	err := row.Scan(&m.ID, &m.Game, &m.Players, &options, &seed, &settings, &seats, &status, &res,
		&m.Version, &m.Rev, &m.Rematch, &m.RematchOf, &created, &turnStart)
	if err != nil {
		return nil, err
	}
	m.Seed = uint64(seed)
	m.Status = store.Status(status)
	m.Created, m.TurnStart = fromMS(created), fromMS(turnStart)
	if err := json.Unmarshal([]byte(options), &m.Options); err != nil {
		return nil, fmt.Errorf("match %s: options: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(settings), &m.Settings); err != nil {
		return nil, fmt.Errorf("match %s: settings: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &m.Seats); err != nil {
		return nil, fmt.Errorf("match %s: seats: %w", m.ID, err)
	}
	if res != "" {
		if err := json.Unmarshal([]byte(res), &m.Result); err != nil {
			return nil, fmt.Errorf("match %s: result: %w", m.ID, err)
		}
	}
	return &m, nil
}

// Create implements store.Store.
func (d *DB) Create(ctx context.Context, m *store.Match, moves []string) error {
	if !m.Status.Valid() || m.Status == store.Over {
		return fmt.Errorf("create match %s: status %q: want open or running", m.ID, m.Status)
	}
	if len(m.Seats) != m.Players {
		return fmt.Errorf("create match %s: %d seats for %d players", m.ID, len(m.Seats), m.Players)
	}
	opts := m.Options
	if opts == nil {
		opts = game.Options{}
	}
	settings := m.Settings
	if settings == nil {
		settings = map[string]string{}
	}
	now := time.Now()
	if m.Created.IsZero() {
		m.Created = now
	}
	if m.TurnStart.IsZero() {
		m.TurnStart = now
	}
	return d.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, d.q(`INSERT INTO matches (`+columns+`, updated_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, 0, ?, ?, ?, ?, ?)`),
			m.ID, m.Game, m.Players, mustJSON(opts), int64(m.Seed), mustJSON(settings), mustJSON(m.Seats),
			string(m.Status), len(moves), m.Rematch, m.RematchOf, ms(m.Created), ms(m.TurnStart), ms(now))
		if err != nil {
			if d.Dialect.IsUnique(err) {
				return fmt.Errorf("create match %s: %w", m.ID, store.ErrExists)
			}
			return fmt.Errorf("create match %s: %w", m.ID, err)
		}
		if err := d.insertMoves(ctx, &txStmts{tx: tx}, m.ID, 0, moves, "", now); err != nil {
			return err
		}
		if err := d.recordPlayers(ctx, tx, m); err != nil {
			return err
		}
		m.Version, m.Rev = len(moves), 0
		return d.notify(ctx, tx, m.ID, len(moves), 0)
	})
}

func (d *DB) insertMoves(ctx context.Context, tx *txStmts, id string, from int, moves []string, mark string, at time.Time) error {
	rows := make([]moveRow, len(moves))
	for i, mv := range moves {
		rows[i] = moveRow{id: id, n: from + i, move: mv, at: at}
	}
	if len(rows) > 0 {
		rows[0].mark = mark
	}
	return d.insertRows(ctx, tx, rows)
}

// moveRow is a row of the moves table.
type moveRow struct {
	id   string
	n    int
	move string
	mark string // store.Append.Mark, on the append's first entry
	at   time.Time
}

// insertRows writes log entries, up to 200 in one statement: a move and
// the chance outcomes after it go in together, and so do the entries of
// a batch of appends.
func (d *DB) insertRows(ctx context.Context, tx *txStmts, rows []moveRow) error {
	const batch = 200
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var b strings.Builder
		args := make([]any, 0, 5*(end-start))
		b.WriteString(`INSERT INTO moves (match_id, n, move, mark, at_ms) VALUES `)
		for i := start; i < end; i++ {
			if i > start {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?)")
			r := rows[i]
			args = append(args, r.id, r.n, r.move, r.mark, ms(r.at))
		}
		if _, err := tx.exec(ctx, d.q(b.String()), args...); err != nil {
			if d.Dialect.IsUnique(err) {
				return fmt.Errorf("match %s: log entry %d: %w", rows[start].id, rows[start].n, store.ErrConflict)
			}
			return fmt.Errorf("match %s: writing moves: %w", rows[start].id, err)
		}
	}
	return nil
}

func (d *DB) notify(ctx context.Context, tx *sql.Tx, id string, version, rev int) error {
	if d.Dialect.Notify == nil {
		return nil
	}
	return d.Dialect.Notify(ctx, tx, store.Change{ID: id, Version: version, Rev: rev})
}

// inTx runs fn in a transaction and commits it.
func (d *DB) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Get implements store.Store.
func (d *DB) Get(ctx context.Context, id string) (*store.Match, error) {
	m, err := scanMatch(d.DB.QueryRowContext(ctx, d.q(`SELECT `+columns+` FROM matches WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("match %q: %w", id, store.ErrNotFound)
	}
	return m, err
}

// List implements store.Store.
func (d *DB) List(ctx context.Context, opt store.ListOptions) ([]*store.Match, error) {
	limit := opt.Limit
	if limit <= 0 {
		limit = 100
	}
	var where []string
	var args []any
	if len(opt.Status) > 0 {
		where = append(where, `status IN (?`+strings.Repeat(", ?", len(opt.Status)-1)+`)`)
		for _, s := range opt.Status {
			args = append(args, string(s))
		}
	}
	if opt.Game != "" {
		where = append(where, `game = ?`)
		args = append(args, opt.Game)
	}
	query := `SELECT ` + columns + ` FROM matches`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY updated_ms DESC, id LIMIT ?`
	args = append(args, limit)
	return d.queryMatches(ctx, query, args...)
}

// queryMatches returns the matches a query of their columns selects.
func (d *DB) queryMatches(ctx context.Context, query string, args ...any) ([]*store.Match, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Match
	for rows.Next() {
		m, err := scanMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Count implements store.Store.
func (d *DB) Count(ctx context.Context) (map[store.Status]int, error) {
	rows, err := d.DB.QueryContext(ctx, `SELECT status, COUNT(*) FROM matches GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[store.Status]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, err
		}
		out[store.Status(s)] = n
	}
	return out, rows.Err()
}

// Moves implements store.Store.
func (d *DB) Moves(ctx context.Context, id string, from int) ([]string, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT n, move FROM moves WHERE match_id = ? AND n >= ? ORDER BY n`), id, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var n int
		var mv string
		if err := rows.Scan(&n, &mv); err != nil {
			return nil, err
		}
		if n != from+len(out) {
			return nil, fmt.Errorf("match %s: log entry %d missing", id, from+len(out))
		}
		out = append(out, mv)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		// Tell an unknown match from a log with nothing more.
		if _, err := d.Get(ctx, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// The version checks of an append, and of the last append, which ends
// the match.
const (
	appendCheck     = `UPDATE matches SET version = ?, turn_start_ms = ?, updated_ms = ? WHERE id = ? AND version = ? AND status <> 'over'`
	appendCheckOver = `UPDATE matches SET version = ?, turn_start_ms = ?, updated_ms = ?, status = 'over', result = ?
		WHERE id = ? AND version = ? AND status <> 'over'`
)

// appendTx makes append a inside tx: the version check, the log entries
// and the notification. A refusal found by the check (ErrConflict,
// ErrNotFound) comes as a *refusal: nothing was written and tx is still
// usable. Any other error may have spoilt tx (PostgreSQL aborts a
// transaction at its first failed statement).
func (d *DB) appendTx(ctx context.Context, tx *txStmts, a store.Append) error {
	at := a.At
	if at.IsZero() {
		at = time.Now()
	}
	newVersion := a.Version + len(a.Moves)
	query := appendCheck
	args := []any{newVersion, ms(at), ms(at), a.ID, a.Version}
	if a.Result != nil {
		query = appendCheckOver
		args = []any{newVersion, ms(at), ms(at), mustJSON(a.Result), a.ID, a.Version}
	}
	rev, err := d.checkedUpdate(ctx, tx, query, args...)
	if err := d.changed(ctx, tx.tx, err, a.ID, fmt.Sprintf("is no longer at version %d", a.Version)); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return &refusal{err}
		}
		return err
	}
	if tx.batch != nil {
		// A batch writes every append's entries, and sends every
		// notification, once all are checked.
		for i, mv := range a.Moves {
			row := moveRow{id: a.ID, n: a.Version + i, move: mv, at: at}
			if i == 0 {
				row.mark = a.Mark
			}
			tx.batch.rows = append(tx.batch.rows, row)
		}
		tx.batch.changes = append(tx.batch.changes, store.Change{ID: a.ID, Version: newVersion, Rev: rev})
		return nil
	}
	if err := d.insertMoves(ctx, tx, a.ID, a.Version, a.Moves, a.Mark, at); err != nil {
		return err
	}
	return d.notify(ctx, tx.tx, a.ID, newVersion, rev)
}

// checkedUpdate runs query, an UPDATE of one match whose WHERE is the
// caller's check (its version), and returns the match's revision after
// it for the notification (with a dialect that notifies), or
// sql.ErrNoRows if the check found no such match to update (d.changed
// says why).
func (d *DB) checkedUpdate(ctx context.Context, tx *txStmts, query string, args ...any) (rev int, err error) {
	if d.Dialect.Notify != nil {
		// The notification tells the revision.
		err = tx.queryRow(ctx, d.q(query+` RETURNING rev`), args...).Scan(&rev)
		return rev, err
	}
	res, err := tx.exec(ctx, d.q(query), args...)
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return 0, err
	} else if n == 0 {
		return 0, sql.ErrNoRows
	}
	return 0, nil
}

// txStmts is a transaction that, if stmts is not nil, prepares each
// statement once and keeps it for the transaction's life (a batch of
// appends runs the same few statements many times).
// If batch is not nil, appendTx only checks an append and adds its
// entries and change to batch, for the batch to write together.
type txStmts struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
	db    *DB // if not nil, statements are prepared once for the store
	batch *batchWrites
}

// batchWrites is what a batch's appends, checked, have left to write.
type batchWrites struct {
	rows    []moveRow
	changes []store.Change
}

func (t *txStmts) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	var st *sql.Stmt
	if dst := t.db.preparedStmt(query); dst != nil {
		// Prepared once for the store (on its connection: SQLite has
		// one), bound to this transaction.
		st = t.tx.StmtContext(ctx, dst)
	} else {
		var err error
		if st, err = t.tx.PrepareContext(ctx, query); err != nil {
			return nil, err
		}
	}
	t.stmts[query] = st
	return st, nil
}

// prepare prepares the queries on the store's handle, once. It must not
// be called inside a transaction: SQLite's only connection is the
// transaction's.
func (d *DB) prepare(ctx context.Context, queries ...string) error {
	d.stmtMu.Lock()
	defer d.stmtMu.Unlock()
	for _, q := range queries {
		if _, ok := d.stmts[q]; ok {
			continue
		}
		st, err := d.DB.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		if d.stmts == nil {
			d.stmts = map[string]*sql.Stmt{}
		}
		d.stmts[q] = st
	}
	return nil
}

// preparedStmt returns query prepared by prepare, or nil.
func (d *DB) preparedStmt(query string) *sql.Stmt {
	if d == nil {
		return nil
	}
	d.stmtMu.Lock()
	defer d.stmtMu.Unlock()
	return d.stmts[query]
}

func (t *txStmts) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if t.stmts == nil {
		return t.tx.ExecContext(ctx, query, args...)
	}
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

func (t *txStmts) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if t.stmts == nil {
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	st, err := t.stmt(ctx, query)
	if err != nil {
		// A Row with the error: run the statement unprepared, which
		// fails the same way.
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// refusal is an append refused by its version check, inside a
// transaction that goes on.
type refusal struct{ err error }

func (r *refusal) Error() string { return r.err.Error() }
func (r *refusal) Unwrap() error { return r.err }

// changed turns the error of an UPDATE ... RETURNING that matched no
// row into ErrNotFound or ErrConflict.
func (d *DB) changed(ctx context.Context, tx *sql.Tx, err error, id, why string) error {
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("match %s: %w", id, err)
	}
	var one int
	err = tx.QueryRowContext(ctx, d.q(`SELECT 1 FROM matches WHERE id = ?`), id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("match %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("match %s %s: %w", id, why, store.ErrConflict)
}

// Update implements store.Store.
func (d *DB) Update(ctx context.Context, m *store.Match) error {
	if !m.Status.Valid() {
		return fmt.Errorf("update match %s: status %q", m.ID, m.Status)
	}
	settings := m.Settings
	if settings == nil {
		settings = map[string]string{}
	}
	now := time.Now()
	ts := m.TurnStart
	if ts.IsZero() {
		ts = now
	}
	var version, rev int
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		// Over is final: a seat change racing the last move must not
		// reopen the match. The turn starts anew only when the match
		// starts, so a seat change never moves a running turn timer.
		// An update that ends the match (a resignation, a draw agreed)
		// writes its result; one that finds it over already keeps the
		// result the game's end wrote. (SET reads the row as it was.)
		res := ""
		if m.Status == store.Over && m.Result != nil {
			res = mustJSON(m.Result)
		}
		row := tx.QueryRowContext(ctx, d.q(`UPDATE matches SET seats = ?, settings = ?, rematch = ?, rev = rev + 1, updated_ms = ?,
			turn_start_ms = CASE WHEN status = 'open' AND ? = 'running' THEN ? ELSE turn_start_ms END,
			result = CASE WHEN status <> 'over' AND ? = 'over' THEN ? ELSE result END,
			status = CASE WHEN status = 'over' THEN status ELSE ? END
			WHERE id = ? AND rev = ? RETURNING version, rev`),
			mustJSON(m.Seats), mustJSON(settings), m.Rematch, ms(now), string(m.Status), ms(ts),
			string(m.Status), res, string(m.Status), m.ID, m.Rev)
		err := d.changed(ctx, tx, row.Scan(&version, &rev), m.ID, fmt.Sprintf("is no longer at revision %d", m.Rev))
		if err != nil {
			return err
		}
		if err := d.recordPlayers(ctx, tx, m); err != nil {
			return err
		}
		return d.notify(ctx, tx, m.ID, version, rev)
	})
	if err == nil {
		m.Rev = rev
	}
	return err
}

// Close implements store.Store: the appends already waiting are
// committed first; later ones fail.
func (d *DB) Close() error {
	d.stopCommitters()
	d.stmtMu.Lock()
	for _, st := range d.stmts {
		st.Close()
	}
	d.stmts = nil
	d.stmtMu.Unlock()
	return d.DB.Close()
}
