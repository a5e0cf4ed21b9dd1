package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A Migration is one step of the schema: the statements that take a
// database from the version before to Version. Both databases accept
// them as they are. A step, once released, is never edited: a database
// made by an older commons has run it already, and only the steps after
// its version run on it (Migrate). A new table or column is a new step.
type Migration struct {
	Version int
	What    string
	Stmts   []string
}

// Migrations are the schema's steps, in order, numbered from 1.
//
// Step 1 is the schema commons had before it counted versions (the
// matches and their logs); its statements are IF NOT EXISTS, so on a
// database made then it changes nothing and is only counted.
//
// The moves table's primary key (match_id, n) is the second guard against
// a move applied twice: even if the version check on matches were
// bypassed, two entries can never take one place in a log.
var Migrations = []Migration{
	{1, "matches and their logs", []string{
		`CREATE TABLE IF NOT EXISTS matches (
			id TEXT PRIMARY KEY,
			game TEXT NOT NULL,
			players INTEGER NOT NULL,
			options TEXT NOT NULL,
			seed BIGINT NOT NULL,
			settings TEXT NOT NULL,
			seats TEXT NOT NULL,
			status TEXT NOT NULL,
			result TEXT NOT NULL DEFAULT '',
			version INTEGER NOT NULL,
			rev INTEGER NOT NULL,
			rematch TEXT NOT NULL DEFAULT '',
			rematch_of TEXT NOT NULL DEFAULT '',
			created_ms BIGINT NOT NULL,
			turn_start_ms BIGINT NOT NULL,
			updated_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX IF NOT EXISTS matches_by_status ON matches (status, updated_ms)`,
		`CREATE TABLE IF NOT EXISTS moves (
			match_id TEXT NOT NULL REFERENCES matches (id),
			n INTEGER NOT NULL,
			move TEXT NOT NULL,
			at_ms BIGINT NOT NULL,
			PRIMARY KEY (match_id, n)
		)`,
	}},
	{2, "accounts, sessions, passkeys, ratings, chat", []string{
		// name_key is the name folded (store.Account.Key): the unique
		// key that makes "Ada" and "ada" one name.
		`CREATE TABLE accounts (
			id TEXT PRIMARY KEY,
			name TEXT NOT NULL,
			name_key TEXT NOT NULL UNIQUE,
			password_hash TEXT NOT NULL DEFAULT '',
			created_ms BIGINT NOT NULL
		)`,
		// A session is kept by the hash of its token only: a copy of
		// the database signs nobody in.
		`CREATE TABLE sessions (
			hash TEXT PRIMARY KEY,
			account_id TEXT NOT NULL REFERENCES accounts (id),
			created_ms BIGINT NOT NULL,
			expires_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX sessions_by_account ON sessions (account_id)`,
		`CREATE TABLE credentials (
			id TEXT PRIMARY KEY,
			account_id TEXT NOT NULL REFERENCES accounts (id),
			data TEXT NOT NULL,
			created_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX credentials_by_account ON credentials (account_id)`,
		`CREATE TABLE challenges (
			id TEXT PRIMARY KEY,
			data TEXT NOT NULL,
			expires_ms BIGINT NOT NULL
		)`,
		// ordinal is mu - 3 sigma, kept for the leaderboard's index.
		`CREATE TABLE ratings (
			player TEXT NOT NULL,
			game TEXT NOT NULL,
			mu DOUBLE PRECISION NOT NULL,
			sigma DOUBLE PRECISION NOT NULL,
			ordinal DOUBLE PRECISION NOT NULL,
			games INTEGER NOT NULL,
			wins INTEGER NOT NULL,
			updated_ms BIGINT NOT NULL,
			PRIMARY KEY (player, game)
		)`,
		`CREATE INDEX ratings_by_game ON ratings (game, ordinal)`,
		// A match is rated once: its row here is the proof, written in
		// the transaction that writes its changes.
		`CREATE TABLE rated_matches (
			match_id TEXT PRIMARY KEY REFERENCES matches (id),
			rated_ms BIGINT NOT NULL
		)`,
		`CREATE TABLE rating_changes (
			match_id TEXT NOT NULL REFERENCES matches (id),
			player TEXT NOT NULL,
			game TEXT NOT NULL,
			mu_before DOUBLE PRECISION NOT NULL,
			sigma_before DOUBLE PRECISION NOT NULL,
			games_before INTEGER NOT NULL,
			wins_before INTEGER NOT NULL,
			mu_after DOUBLE PRECISION NOT NULL,
			sigma_after DOUBLE PRECISION NOT NULL,
			games_after INTEGER NOT NULL,
			wins_after INTEGER NOT NULL,
			PRIMARY KEY (match_id, player)
		)`,
		`CREATE TABLE match_players (
			account_id TEXT NOT NULL,
			match_id TEXT NOT NULL REFERENCES matches (id),
			PRIMARY KEY (account_id, match_id)
		)`,
		// A room is a match's ID, or '' for the lobby; n numbers its
		// messages from 0 and, as the moves' key does, keeps two
		// messages from one place.
		`CREATE TABLE chat (
			room TEXT NOT NULL,
			n INTEGER NOT NULL,
			account_id TEXT NOT NULL,
			name TEXT NOT NULL,
			seat INTEGER NOT NULL,
			version INTEGER NOT NULL,
			text TEXT NOT NULL,
			at_ms BIGINT NOT NULL,
			deleted INTEGER NOT NULL DEFAULT 0,
			PRIMARY KEY (room, n)
		)`,
		// A room's count of messages, raised by each one said: the row
		// that makes messages said at once take turns for a number.
		`CREATE TABLE chat_rooms (
			room TEXT PRIMARY KEY,
			messages INTEGER NOT NULL
		)`,
		`CREATE TABLE mutes (
			account_id TEXT NOT NULL,
			muted_id TEXT NOT NULL,
			PRIMARY KEY (account_id, muted_id)
		)`,
	}},
	{3, "turn-based play: marks on log entries, notices, preferences", []string{
		// mark says why the server made an entry itself (store.Append.Mark).
		`ALTER TABLE moves ADD COLUMN mark TEXT NOT NULL DEFAULT ''`,
		// A person's preferences; unsubscribe is the secret of the link
		// in every notice that turns them off without signing in.
		`CREATE TABLE preferences (
			account_id TEXT PRIMARY KEY REFERENCES accounts (id),
			email TEXT NOT NULL DEFAULT '',
			email_confirmed INTEGER NOT NULL DEFAULT 0,
			notify_turns INTEGER NOT NULL DEFAULT 0,
			forced_moves INTEGER NOT NULL DEFAULT 1,
			unsubscribe TEXT NOT NULL UNIQUE
		)`,
		// A notice sent, or being sent, for a turn: the key that makes
		// it one per match, person and turn, whichever node sends it.
		`CREATE TABLE notices (
			match_id TEXT NOT NULL,
			account_id TEXT NOT NULL,
			version INTEGER NOT NULL,
			sent_ms BIGINT NOT NULL,
			PRIMARY KEY (match_id, account_id, version)
		)`,
	}},
}

// SchemaVersion is the version of the schema this code writes: the last
// migration's.
func SchemaVersion() int { return Migrations[len(Migrations)-1].Version }

// Migrate brings the database's schema up to SchemaVersion, on a
// connection of its own.
func (d *DB) Migrate(ctx context.Context) error {
	conn, err := d.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return d.MigrateConn(ctx, conn)
}

// MigrateConn runs on conn the migrations the database has not run yet,
// each in a transaction of its own with the row that counts it, so that
// a migration cut short leaves the database as it was before it. Two
// processes migrating one database at once take turns: SQLite's write
// transactions begin IMMEDIATE and the second reads the version inside
// its own; PostgreSQL's caller holds an advisory lock. A database whose
// schema is newer than this code's is refused: its tables may mean what
// this code does not know.
func (d *DB) MigrateConn(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		what TEXT NOT NULL,
		applied_ms BIGINT NOT NULL
	)`); err != nil {
		return fmt.Errorf("migrating: %w", err)
	}
	for _, m := range Migrations {
		if err := d.migrate(ctx, conn, m); err != nil {
			return fmt.Errorf("migrating to schema version %d (%s): %w", m.Version, m.What, err)
		}
	}
	var have int
	if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("migrating: %w", err)
	}
	if have > SchemaVersion() {
		return fmt.Errorf("the database's schema is version %d, newer than this commons knows (%d): run a newer commons", have, SchemaVersion())
	}
	return nil
}

func (d *DB) migrate(ctx context.Context, conn *sql.Conn, m Migration) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return err
	}
	if have >= m.Version {
		return nil
	}
	if have != m.Version-1 {
		return fmt.Errorf("the database is at schema version %d", have)
	}
	for _, q := range m.Stmts {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO schema_migrations (version, what, applied_ms) VALUES (?, ?, ?)`),
		m.Version, m.What, ms(time.Now())); err != nil {
		return err
	}
	return tx.Commit()
}
