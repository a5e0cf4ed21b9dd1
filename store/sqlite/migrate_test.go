package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/internal/sqlstore"
	"github.com/commons-games/commons/store/sqlite"
)

// TestMigrateDatabaseFromBeforeAccounts opens a commons.db made by the
// commons of before accounts (testdata/before-accounts.db: serve, as of
// commit fc37b9b, with a Source match two bots played to the end, a 3io
// match Ada plays against two bots and a Breaking Head match Grace waits
// in) and checks that the migrations keep every match, and that the
// accounts, ratings and chat then work on it.
func TestMigrateDatabaseFromBeforeAccounts(t *testing.T) {
	ctx := context.Background()
	data, err := os.ReadFile("testdata/before-accounts.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "commons.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for open := range 2 { // the second Open finds nothing left to do
		s, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatalf("open %d: %v", open+1, err)
		}
		var version int
		if err := s.DB.DB.QueryRow(`SELECT MAX(version) FROM schema_migrations`).Scan(&version); err != nil || version != sqlstore.SchemaVersion() {
			t.Fatalf("open %d: schema version %d, %v; want %d", open+1, version, err, sqlstore.SchemaVersion())
		}
		want := []struct {
			id, game string
			status   store.Status
			version  int
			person   string
		}{
			{"u5hcil7kkgql", "source", store.Over, 113, ""},
			{"7xn7qnstqsac", "3io", store.Running, 2, "Ada"},
			{"wzuk2xe6qr52", "breaking-head", store.Open, 30, "Grace"},
		}
		for _, w := range want {
			m, err := s.Get(ctx, w.id)
			if err != nil {
				t.Fatal(err)
			}
			if m.Game != w.game || m.Status != w.status || m.Version != w.version {
				t.Errorf("match %s: %s %s at %d; want %s %s at %d", w.id, m.Game, m.Status, m.Version, w.game, w.status, w.version)
			}
			if w.person != "" && (m.Seats[0].Name != w.person || m.Seats[0].TokenHash == "" || m.Seats[0].Account != "") {
				t.Errorf("match %s: seat 1 is %+v, want %s's, with its token", w.id, m.Seats[0], w.person)
			}
			moves, err := s.Moves(ctx, w.id, 0)
			if err != nil || len(moves) != w.version {
				t.Errorf("match %s: %d log entries (%v), want %d", w.id, len(moves), err, w.version)
			}
		}
		if open == 0 {
			// The new tables work on the old database, with its matches.
			a := &store.Account{ID: "acc1", Name: "Ada", Key: "ada"}
			if err := s.CreateAccount(ctx, a); err != nil {
				t.Fatal(err)
			}
			if err := s.Say(ctx, &store.ChatMessage{Room: "7xn7qnstqsac", Account: a.ID, Name: "Ada", Seat: 1, Version: 2, Text: "hello"}); err != nil {
				t.Fatal(err)
			}
			if err := s.RateMatch(ctx, "u5hcil7kkgql", []store.RatingChange{{Player: "bot:random", Game: "source",
				Before: store.Rating{Mu: 25, Sigma: 25.0 / 3}, After: store.Rating{Mu: 25, Sigma: 8, Games: 1}}}); err != nil {
				t.Fatal(err)
			}
		}
		if msgs, err := s.Chat(ctx, "7xn7qnstqsac", 0); err != nil || len(msgs) != 1 {
			t.Fatalf("open %d: chat %+v, %v", open+1, msgs, err)
		}
		s.Close()
	}
}

// TestMigrateRefusesANewerDatabase: a database a newer commons migrated
// is not opened by an older one, which would not know what its tables
// mean.
func TestMigrateRefusesANewerDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "commons.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.DB.Exec(`INSERT INTO schema_migrations (version, what, applied_ms) VALUES (99, 'from the future', 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = sqlite.Open(ctx, path)
	if err == nil || !strings.Contains(err.Error(), "version 99, newer than this commons knows") {
		t.Fatalf("Open of a newer database: %v", err)
	}
}
