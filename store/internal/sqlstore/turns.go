package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/commons-games/commons/store"
)

// Marks implements store.Store.
func (d *DB) Marks(ctx context.Context, id string, from int) (map[int]string, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT n, mark FROM moves WHERE match_id = ? AND n >= ? AND mark <> '' ORDER BY n`), id, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var n int
		var mark string
		if err := rows.Scan(&n, &mark); err != nil {
			return nil, err
		}
		out[n] = mark
	}
	return out, rows.Err()
}

// Undo implements store.Store.
func (d *DB) Undo(ctx context.Context, u store.Undo) error {
	if u.To < 0 || u.To > u.Version {
		return fmt.Errorf("undo in match %s: entries from %d at version %d", u.ID, u.To, u.Version)
	}
	at := u.At
	if at.IsZero() {
		at = time.Now()
	}
	return d.inTx(ctx, func(tx *sql.Tx) error {
		// The revision rises too: a node that heard of the version
		// only would take a lower one for an old change it knows.
		query := `UPDATE matches SET version = ?, rev = rev + 1, turn_start_ms = ?, updated_ms = ? WHERE id = ? AND version = ? AND status <> 'over'`
		rev, err := d.checkedUpdate(ctx, &txStmts{tx: tx}, query, u.To, ms(at), ms(at), u.ID, u.Version)
		if err := d.changed(ctx, tx, err, u.ID, fmt.Sprintf("is no longer at version %d, or is over", u.Version)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, d.q(`DELETE FROM moves WHERE match_id = ? AND n >= ?`), u.ID, u.To); err != nil {
			return fmt.Errorf("match %s: taking moves back: %w", u.ID, err)
		}
		return d.notify(ctx, tx, u.ID, u.To, rev)
	})
}

// Prefs implements store.People.
func (d *DB) Prefs(ctx context.Context, account string) (*store.Prefs, error) {
	p, err := d.prefs(ctx, d.DB, account)
	if !errors.Is(err, store.ErrNotFound) {
		return p, err
	}
	// Never set: the defaults, with a secret of their own, written so
	// that the secret stays the same from one notice to the next.
	p = &store.Prefs{ForcedMoves: true, Unsubscribe: rand.Text()}
	_, err = d.DB.ExecContext(ctx, d.q(`INSERT INTO preferences (account_id, forced_moves, unsubscribe) VALUES (?, 1, ?) ON CONFLICT DO NOTHING`), account, p.Unsubscribe)
	if err != nil {
		return nil, fmt.Errorf("preferences of %s: %w", account, err)
	}
	return d.prefs(ctx, d.DB, account) // another writer's, if it came first
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (d *DB) prefs(ctx context.Context, q querier, account string) (*store.Prefs, error) {
	var p store.Prefs
	var confirmed, notify, forced int
	err := q.QueryRowContext(ctx, d.q(`SELECT email, email_confirmed, notify_turns, forced_moves, unsubscribe FROM preferences WHERE account_id = ?`), account).
		Scan(&p.Email, &confirmed, &notify, &forced, &p.Unsubscribe)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("preferences of %s: %w", account, store.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	p.EmailConfirmed, p.NotifyTurns, p.ForcedMoves = confirmed != 0, notify != 0, forced != 0
	return &p, nil
}

// PutPrefs implements store.People.
func (d *DB) PutPrefs(ctx context.Context, account string, p *store.Prefs) error {
	if _, err := d.Prefs(ctx, account); err != nil { // made with its secret
		return err
	}
	_, err := d.DB.ExecContext(ctx, d.q(`UPDATE preferences SET email = ?, email_confirmed = ?, notify_turns = ?, forced_moves = ? WHERE account_id = ?`),
		p.Email, b2i(p.EmailConfirmed), b2i(p.NotifyTurns), b2i(p.ForcedMoves), account)
	return err
}

// Unsubscribe implements store.People.
func (d *DB) Unsubscribe(ctx context.Context, secret string) (string, error) {
	var account string
	err := d.DB.QueryRowContext(ctx, d.q(`UPDATE preferences SET notify_turns = 0 WHERE unsubscribe = ? RETURNING account_id`), secret).Scan(&account)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("unsubscribe: %w", store.ErrNotFound)
	}
	return account, err
}

// ClaimNotice implements store.People.
func (d *DB) ClaimNotice(ctx context.Context, match, account string, version int, at time.Time) (bool, error) {
	res, err := d.DB.ExecContext(ctx, d.q(`INSERT INTO notices (match_id, account_id, version, sent_ms) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`), match, account, version, ms(at))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
