package postgres_test

import (
	"context"
	"database/sql"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/commons-games/commons/store/internal/sqlstore"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
)

// TestMigrateDatabaseFromBeforeAccounts makes the tables as commons made
// them before it counted schema versions, with a match in them, then has
// three servers open the database at once: one migrates it, the others
// wait for it under the advisory lock, and the match is kept.
func TestMigrateDatabaseFromBeforeAccounts(t *testing.T) {
	c := pgtest.Shared(t)
	ctx := context.Background()
	dsn := c.NewDatabase(t)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range sqlstore.Migrations[0].Stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT INTO matches VALUES ('old', 'source', 2, '{}', 7, '{}', '[{"name":"Ada","token_hash":"ab"},{"bot":"random","name":"random"}]', 'running', '', 1, 0, '', '', 0, 0, 0)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO moves VALUES ('old', 0, 'c5', 0)`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stores := make([]*postgres.Store, 3)
	errs := make([]error, 3)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = postgres.Open(ctx, dsn)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("server %d: %v", i+1, err)
		}
		defer stores[i].Close()
	}
	var n, version int
	if err := db.QueryRow(`SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &version); err != nil || n != len(sqlstore.Migrations) || version != sqlstore.SchemaVersion() {
		t.Fatalf("schema_migrations: %d rows up to %d (%v); want each of %d once", n, version, err, sqlstore.SchemaVersion())
	}
	m, err := stores[0].Get(ctx, "old")
	if err != nil || m.Seats[0].Name != "Ada" || m.Version != 1 {
		t.Fatalf("the old match: %+v, %v", m, err)
	}
	if moves, err := stores[1].Moves(ctx, "old", 0); err != nil || len(moves) != 1 || moves[0] != "c5" {
		t.Fatalf("the old match's log: %v, %v", moves, err)
	}
	if _, err := stores[2].Chat(ctx, "old", 0); err != nil {
		t.Fatalf("chat on the migrated database: %v", err)
	}
}
