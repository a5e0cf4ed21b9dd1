package sqlstore

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/commons-games/commons/store"
)

var _ store.People = (*DB)(nil)

// CreateAccount implements store.People. The unique key on name_key
// decides between two sign-ups of one name at once; which key a
// violation broke is read after the transaction, which PostgreSQL has
// aborted.
func (d *DB) CreateAccount(ctx context.Context, a *store.Account) error {
	if a.Created.IsZero() {
		a.Created = time.Now()
	}
	_, err := d.DB.ExecContext(ctx, d.q(`INSERT INTO accounts (id, name, name_key, password_hash, created_ms) VALUES (?, ?, ?, ?, ?)`),
		a.ID, a.Name, a.Key, a.PasswordHash, ms(a.Created))
	if err == nil || !d.Dialect.IsUnique(err) {
		return err
	}
	if _, kerr := d.AccountByKey(ctx, a.Key); kerr == nil {
		return fmt.Errorf("account %q: %w", a.Name, store.ErrNameTaken)
	}
	return fmt.Errorf("account %s: %w", a.ID, store.ErrExists)
}

const accountColumns = `id, name, name_key, password_hash, created_ms`

func scanAccount(row scanner, what string) (*store.Account, error) {
	var a store.Account
	var created int64
	err := row.Scan(&a.ID, &a.Name, &a.Key, &a.PasswordHash, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("account %s: %w", what, store.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	a.Created = fromMS(created)
	return &a, nil
}

// Account implements store.People.
func (d *DB) Account(ctx context.Context, id string) (*store.Account, error) {
	return scanAccount(d.DB.QueryRowContext(ctx, d.q(`SELECT `+accountColumns+` FROM accounts WHERE id = ?`), id), fmt.Sprintf("%q", id))
}

// AccountByKey implements store.People.
func (d *DB) AccountByKey(ctx context.Context, key string) (*store.Account, error) {
	return scanAccount(d.DB.QueryRowContext(ctx, d.q(`SELECT `+accountColumns+` FROM accounts WHERE name_key = ?`), key), fmt.Sprintf("named %q", key))
}

// CreateSession implements store.People. The account's sessions that
// have expired are deleted with it, so that they do not pile up.
func (d *DB) CreateSession(ctx context.Context, s *store.Session) error {
	if s.Created.IsZero() {
		s.Created = time.Now()
	}
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, d.q(`DELETE FROM sessions WHERE account_id = ? AND expires_ms <= ?`), s.Account, ms(time.Now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, d.q(`INSERT INTO sessions (hash, account_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)`),
			s.Hash, s.Account, ms(s.Created), ms(s.Expires))
		return err
	})
	if err != nil && d.Dialect.IsUnique(err) {
		return fmt.Errorf("session: %w", store.ErrExists)
	}
	return err
}

// Session implements store.People.
func (d *DB) Session(ctx context.Context, hash string) (*store.Session, error) {
	var s store.Session
	var created, expires int64
	err := d.DB.QueryRowContext(ctx, d.q(`SELECT hash, account_id, created_ms, expires_ms FROM sessions WHERE hash = ? AND expires_ms > ?`),
		hash, ms(time.Now())).Scan(&s.Hash, &s.Account, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("session: %w", store.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	s.Created, s.Expires = fromMS(created), fromMS(expires)
	return &s, nil
}

// DeleteSession implements store.People.
func (d *DB) DeleteSession(ctx context.Context, hash string) error {
	_, err := d.DB.ExecContext(ctx, d.q(`DELETE FROM sessions WHERE hash = ?`), hash)
	return err
}

// DeleteSessions implements store.People.
func (d *DB) DeleteSessions(ctx context.Context, account string) error {
	_, err := d.DB.ExecContext(ctx, d.q(`DELETE FROM sessions WHERE account_id = ?`), account)
	return err
}

func credentialKey(id []byte) string { return base64.RawURLEncoding.EncodeToString(id) }

// AddCredential implements store.People.
func (d *DB) AddCredential(ctx context.Context, c *store.Credential) error {
	if c.Created.IsZero() {
		c.Created = time.Now()
	}
	_, err := d.DB.ExecContext(ctx, d.q(`INSERT INTO credentials (id, account_id, data, created_ms) VALUES (?, ?, ?, ?)`),
		credentialKey(c.ID), c.Account, string(c.Data), ms(c.Created))
	if err != nil && d.Dialect.IsUnique(err) {
		return fmt.Errorf("passkey: %w", store.ErrExists)
	}
	return err
}

func scanCredential(row scanner) (*store.Credential, error) {
	var c store.Credential
	var id, data string
	var created int64
	if err := row.Scan(&id, &c.Account, &data, &created); err != nil {
		return nil, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(id)
	if err != nil {
		return nil, fmt.Errorf("passkey %q: %w", id, err)
	}
	c.ID, c.Data, c.Created = raw, []byte(data), fromMS(created)
	return &c, nil
}

// Credential implements store.People.
func (d *DB) Credential(ctx context.Context, id []byte) (*store.Credential, error) {
	c, err := scanCredential(d.DB.QueryRowContext(ctx, d.q(`SELECT id, account_id, data, created_ms FROM credentials WHERE id = ?`), credentialKey(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("passkey: %w", store.ErrNotFound)
	}
	return c, err
}

// Credentials implements store.People.
func (d *DB) Credentials(ctx context.Context, account string) ([]store.Credential, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT id, account_id, data, created_ms FROM credentials WHERE account_id = ? ORDER BY created_ms, id`), account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Credential
	for rows.Next() {
		c, err := scanCredential(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// UpdateCredential implements store.People.
func (d *DB) UpdateCredential(ctx context.Context, c *store.Credential) error {
	res, err := d.DB.ExecContext(ctx, d.q(`UPDATE credentials SET data = ? WHERE id = ?`), string(c.Data), credentialKey(c.ID))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("passkey: %w", store.ErrNotFound)
	}
	return nil
}

const ratingColumns = `player, game, mu, sigma, games, wins, updated_ms`

func scanRating(row scanner, r *store.Rating) error {
	var updated int64
	if err := row.Scan(&r.Player, &r.Game, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &updated); err != nil {
		return err
	}
	r.Updated = fromMS(updated)
	return nil
}

// Ratings implements store.People.
func (d *DB) Ratings(ctx context.Context, player string) ([]store.Rating, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT `+ratingColumns+` FROM ratings WHERE player = ? ORDER BY game`), player)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Rating
	for rows.Next() {
		var r store.Rating
		if err := scanRating(rows, &r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RateMatch implements store.People. The row in rated_matches makes it
// once only; each player's games count, read again inside the
// transaction, makes it wait for no lock yet lose no update: a rating
// computed from a Before that another match has since changed is
// refused (store.ErrStale), and the caller computes it again.
func (d *DB) RateMatch(ctx context.Context, match string, changes []store.RatingChange) error {
	now := time.Now()
	return d.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, d.q(`INSERT INTO rated_matches (match_id, rated_ms) VALUES (?, ?)`), match, ms(now))
		if err != nil {
			if d.Dialect.IsUnique(err) {
				return fmt.Errorf("match %s is rated already: %w", match, store.ErrConflict)
			}
			return fmt.Errorf("rating match %s: %w", match, err)
		}
		for _, c := range changes {
			var games int
			err := tx.QueryRowContext(ctx, d.q(`SELECT games FROM ratings WHERE player = ? AND game = ?`), c.Player, c.Game).Scan(&games)
			if errors.Is(err, sql.ErrNoRows) {
				games, err = 0, nil
			}
			if err != nil {
				return err
			}
			if games != c.Before.Games {
				return fmt.Errorf("rating match %s: %s has played %d rated games of %s, not %d: %w", match, c.Player, games, c.Game, c.Before.Games, store.ErrStale)
			}
			b, a := c.Before, c.After
			if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO rating_changes (match_id, player, game, mu_before, sigma_before, games_before, wins_before, mu_after, sigma_after, games_after, wins_after)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				match, c.Player, c.Game, b.Mu, b.Sigma, b.Games, b.Wins, a.Mu, a.Sigma, a.Games, a.Wins); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO ratings (player, game, mu, sigma, ordinal, games, wins, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
					games = excluded.games, wins = excluded.wins, updated_ms = excluded.updated_ms`),
				c.Player, c.Game, a.Mu, a.Sigma, a.Mu-3*a.Sigma, a.Games, a.Wins, ms(now)); err != nil {
				return err
			}
		}
		if d.Dialect.Notify != nil {
			return d.Dialect.Notify(ctx, tx, store.Change{ID: match, Rated: true})
		}
		return nil
	})
}

// MatchRatings implements store.People.
func (d *DB) MatchRatings(ctx context.Context, match string) ([]store.RatingChange, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT player, game, mu_before, sigma_before, games_before, wins_before, mu_after, sigma_after, games_after, wins_after
		FROM rating_changes WHERE match_id = ? ORDER BY player`), match)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.RatingChange
	for rows.Next() {
		c := store.RatingChange{Match: match}
		b, a := &c.Before, &c.After
		if err := rows.Scan(&c.Player, &c.Game, &b.Mu, &b.Sigma, &b.Games, &b.Wins, &a.Mu, &a.Sigma, &a.Games, &a.Wins); err != nil {
			return nil, err
		}
		b.Player, b.Game, a.Player, a.Game = c.Player, c.Game, c.Player, c.Game
		out = append(out, c)
	}
	return out, rows.Err()
}

// Leaderboard implements store.People.
func (d *DB) Leaderboard(ctx context.Context, game string, bots bool, limit int) ([]store.LeaderEntry, error) {
	if limit <= 0 {
		limit = 100
	}
	query := `SELECT r.player, r.game, r.mu, r.sigma, r.games, r.wins, r.updated_ms, a.name
		FROM ratings r JOIN accounts a ON a.id = r.player
		WHERE r.game = ? ORDER BY r.ordinal DESC, a.name_key LIMIT ?`
	if bots {
		query = `SELECT player, game, mu, sigma, games, wins, updated_ms, SUBSTR(player, 5)
		FROM ratings WHERE game = ? AND player LIKE 'bot:%' ORDER BY ordinal DESC, player LIMIT ?`
	}
	rows, err := d.DB.QueryContext(ctx, d.q(query), game, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.LeaderEntry
	for rows.Next() {
		var e store.LeaderEntry
		var updated int64
		if err := rows.Scan(&e.Player, &e.Game, &e.Mu, &e.Sigma, &e.Games, &e.Wins, &updated, &e.Name); err != nil {
			return nil, err
		}
		e.Updated = fromMS(updated)
		out = append(out, e)
	}
	return out, rows.Err()
}

// MatchesOf implements store.People.
func (d *DB) MatchesOf(ctx context.Context, account string, limit int) ([]*store.Match, error) {
	if limit <= 0 {
		limit = 100
	}
	return d.queryMatches(ctx, `SELECT `+columns+` FROM matches WHERE id IN (SELECT match_id FROM match_players WHERE account_id = ?)
		ORDER BY updated_ms DESC, id LIMIT ?`, account, limit)
}

// Say implements store.People. The room's row in chat_rooms, raised
// and read in one statement, numbers the message: two said at once wait
// for each other there, in SQLite as in PostgreSQL, instead of both
// taking the number after the last.
func (d *DB) Say(ctx context.Context, m *store.ChatMessage) error {
	if m.At.IsZero() {
		m.At = time.Now()
	}
	return d.inTx(ctx, func(tx *sql.Tx) error {
		var count int
		if err := tx.QueryRowContext(ctx, d.q(`INSERT INTO chat_rooms (room, messages) VALUES (?, 1)
			ON CONFLICT (room) DO UPDATE SET messages = chat_rooms.messages + 1 RETURNING messages`), m.Room).Scan(&count); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO chat (room, n, account_id, name, seat, version, text, at_ms, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`),
			m.Room, count-1, m.Account, m.Name, m.Seat, m.Version, m.Text, ms(m.At)); err != nil {
			return err
		}
		m.N = count - 1
		if d.Dialect.Notify != nil {
			return d.Dialect.Notify(ctx, tx, store.Change{ID: m.Room, Version: count, Chat: true})
		}
		return nil
	})
}

// Chat implements store.People.
func (d *DB) Chat(ctx context.Context, room string, from int) ([]store.ChatMessage, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT n, account_id, name, seat, version, text, at_ms, deleted FROM chat WHERE room = ? AND n >= ? ORDER BY n`), room, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.ChatMessage
	for rows.Next() {
		m := store.ChatMessage{Room: room}
		var at int64
		var deleted int
		if err := rows.Scan(&m.N, &m.Account, &m.Name, &m.Seat, &m.Version, &m.Text, &at, &deleted); err != nil {
			return nil, err
		}
		m.At, m.Deleted = fromMS(at), deleted != 0
		out = append(out, m)
	}
	return out, rows.Err()
}

// RecentChat implements store.People.
func (d *DB) RecentChat(ctx context.Context, room string, limit int) ([]store.ChatMessage, error) {
	var count int
	err := d.DB.QueryRowContext(ctx, d.q(`SELECT messages FROM chat_rooms WHERE room = ?`), room).Scan(&count)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return d.Chat(ctx, room, max(0, count-limit))
}

// DeleteChat implements store.People.
func (d *DB) DeleteChat(ctx context.Context, room string, n int) error {
	return d.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, d.q(`UPDATE chat SET text = '', deleted = 1 WHERE room = ? AND n = ?`), room, n)
		if err != nil {
			return err
		}
		if c, err := res.RowsAffected(); err == nil && c == 0 {
			return fmt.Errorf("message %d of room %q: %w", n, room, store.ErrNotFound)
		}
		if d.Dialect.Notify != nil {
			var count int
			if err := tx.QueryRowContext(ctx, d.q(`SELECT messages FROM chat_rooms WHERE room = ?`), room).Scan(&count); err != nil {
				return err
			}
			return d.Dialect.Notify(ctx, tx, store.Change{ID: room, Version: count, Rev: n + 1, Chat: true})
		}
		return nil
	})
}

// recordPlayers writes which accounts hold a seat of a match (for
// MatchesOf), inside the transaction that writes its seats.
func (d *DB) recordPlayers(ctx context.Context, tx *sql.Tx, m *store.Match) error {
	for _, s := range m.Seats {
		if s.Account == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO match_players (account_id, match_id) VALUES (?, ?) ON CONFLICT DO NOTHING`), s.Account, m.ID); err != nil {
			return err
		}
	}
	return nil
}

// PutChallenge implements store.People. Challenges past their time are
// cleared as new ones come.
func (d *DB) PutChallenge(ctx context.Context, id string, data []byte, expires time.Time) error {
	return d.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, d.q(`DELETE FROM challenges WHERE expires_ms <= ?`), ms(time.Now())); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, d.q(`INSERT INTO challenges (id, data, expires_ms) VALUES (?, ?, ?)`), id, string(data), ms(expires))
		if err != nil && d.Dialect.IsUnique(err) {
			return fmt.Errorf("challenge: %w", store.ErrExists)
		}
		return err
	})
}

// TakeChallenge implements store.People.
func (d *DB) TakeChallenge(ctx context.Context, id string) ([]byte, error) {
	var data string
	var expires int64
	err := d.inTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, d.q(`SELECT data, expires_ms FROM challenges WHERE id = ?`), id).Scan(&data, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("challenge: %w", store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, d.q(`DELETE FROM challenges WHERE id = ?`), id)
		return err
	})
	if err != nil {
		return nil, err
	}
	if expires <= ms(time.Now()) {
		return nil, fmt.Errorf("challenge expired: %w", store.ErrNotFound)
	}
	return []byte(data), nil
}

// Mute implements store.People.
func (d *DB) Mute(ctx context.Context, account, other string, on bool) error {
	q := `DELETE FROM mutes WHERE account_id = ? AND muted_id = ?`
	if on {
		q = `INSERT INTO mutes (account_id, muted_id) VALUES (?, ?) ON CONFLICT DO NOTHING`
	}
	_, err := d.DB.ExecContext(ctx, d.q(q), account, other)
	return err
}

// Muted implements store.People.
func (d *DB) Muted(ctx context.Context, account string) ([]string, error) {
	rows, err := d.DB.QueryContext(ctx, d.q(`SELECT muted_id FROM mutes WHERE account_id = ? ORDER BY muted_id`), account)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
