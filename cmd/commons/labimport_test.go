package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
	"github.com/commons-games/commons/store/sqlite"
)

// storeFinished writes a finished match to st as the server does: made
// running, then its moves appended with its result. Its game is played
// by random bots from seed; seats are as the store keeps them.
func storeFinished(t *testing.T, st store.Store, id, g string, players int, seed uint64, seats []store.Seat, created time.Time) {
	t.Helper()
	ctx := context.Background()
	gm, gcfg, err := match.Run{Game: g, Players: players}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	s, err := gm.New(gcfg)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	err = match.Play(ctx, s, func(_ game.State, p game.Player) (bot.Bot, error) {
		return bot.New("random", match.BotSeed(seed, p))
	}, match.Options{Rand: game.NewRand(seed), MaxLength: gm.MaxLength(gcfg),
		OnStep: func(st match.Step) { moves = append(moves, record.Notation(st.State, st.Action)) }})
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Match{ID: id, Game: g, Players: players, Seed: seed, Seats: seats, Status: store.Running, Created: created}
	if err := st.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, store.Append{ID: id, Moves: moves, Result: s.Returns(nil), At: created.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
}

// TestLabImport imports a server's SQLite database from the command
// line: its configurations told apart, the folder lab report and lab
// compare read, a re-import, and the mistakes.
func TestLabImport(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "commons.db")
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateAccount(ctx, &store.Account{ID: "a1", Name: "Alice", Key: "alice"}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	alice := store.Seat{Name: "Alice", TokenHash: "h1", Account: "a1"}
	guest := store.Seat{Name: "Bob", TokenHash: "h2"}
	random := store.Seat{Bot: "random", Name: "random"}
	for i, seats := range [][]store.Seat{{alice, random}, {random, alice}, {guest, alice}, {alice, random}} {
		storeFinished(t, st, "s"+string(rune('a'+i)), "source", 2, uint64(100+i), seats, t0.Add(time.Duration(i)*time.Hour))
	}
	storeFinished(t, st, "t1", "3io", 2, 7, []store.Seat{alice, random}, t0)
	st.Close()

	out := filepath.Join(dir, "people")
	// Two configurations: the flags must choose.
	code, stdout, stderr := commons(t, "", "lab", "import", "--db", db, "--out", out)
	if code != 2 || !strings.Contains(stderr, "source with 2 players (4 matches)") || !strings.Contains(stderr, "3io with 2 players (1 matches)") || !strings.Contains(stderr, "--game") {
		t.Errorf("two configurations: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused import wrote %s", out)
	}
	code, stdout, stderr = commons(t, "", "lab", "import", "--db", db, "--out", out, "--game", "Source")
	if code != 0 || !strings.Contains(stdout, "4 finished matches of source with 2 players") || !strings.Contains(stdout, "Alice, random, guest") || stderr != "" {
		t.Fatalf("lab import: exit %d\n%s%s", code, stdout, stderr)
	}
	var log lab.ImportLog
	data, err := os.ReadFile(filepath.Join(out, lab.ImportFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil || log.Source != db || len(log.Matches) != 4 || log.Matches[3].ID != "sd" || log.Matches[3].Seed != 103 {
		t.Errorf("%s: %v\n%s", lab.ImportFile, err, data)
	}
	code, stdout, stderr = commons(t, "", "lab", "report", out)
	if code != 0 || !strings.Contains(stdout, "Balance") {
		t.Fatalf("lab report: exit %d\n%s%s", code, stdout, stderr)
	}
	if data, err := os.ReadFile(filepath.Join(out, lab.ReportJSON)); err != nil || !strings.Contains(string(data), `"Alice"`) {
		t.Errorf("%s: %v, no Alice in\n%.300s", lab.ReportJSON, err, data)
	}
	// People against bots: a bot run of the bot they played.
	bots := filepath.Join(dir, "bots")
	if code, stdout, stderr := commons(t, "", "lab", "run", "source", "--bots", "random,greedy", "--games", "6", "--out", bots, "--quiet"); code != 0 {
		t.Fatalf("lab run: exit %d\n%s%s", code, stdout, stderr)
	}
	t.Chdir(dir)
	code, stdout, stderr = commons(t, "", "lab", "compare", out, bots)
	if code != 0 || !strings.Contains(stdout, "win rate of random") || strings.Contains(stdout, "Paired by seed") {
		t.Errorf("lab compare: exit %d\n%s%s", code, stdout, stderr)
	}
	// lab run does not resume an import.
	if code, _, stderr := commons(t, "", "lab", "run", "source", "--bots", "random", "--games", "4", "--seed", "9223372036854775808", "--out", out); code != 1 || !strings.Contains(stderr, "describes another run") {
		t.Errorf("lab run over an import: exit %d, %s", code, stderr)
	}
	// A re-import replaces the folder, with the same files.
	before, _ := os.ReadFile(filepath.Join(out, lab.ResultsFile))
	code, stdout, stderr = commons(t, "", "lab", "import", "--db", db, "--out", out, "--game", "source", "--players", "2")
	after, _ := os.ReadFile(filepath.Join(out, lab.ResultsFile))
	if code != 0 || !strings.Contains(stdout, "replaced the earlier import") || string(before) != string(after) {
		t.Errorf("re-import: exit %d\n%s%s", code, stdout, stderr)
	}
	// Over a bot run: refused.
	if code, _, stderr := commons(t, "", "lab", "import", "--db", db, "--out", bots, "--game", "source"); code != 1 || !strings.Contains(stderr, "holds a lab run") {
		t.Errorf("import over a lab run: exit %d, %s", code, stderr)
	}

	empty := filepath.Join(dir, "empty.db")
	if st, err := sqlite.Open(ctx, empty); err != nil {
		t.Fatal(err)
	} else {
		st.Close()
	}
	missing := filepath.Join(dir, "missing.db")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--db", missing, "--out", filepath.Join(dir, "x")}, 2, "no such file"},
		{[]string{"--db", db, "--out", filepath.Join(dir, "x"), "--game", "chess"}, 2, `unknown game "chess"`},
		{[]string{"--db", empty, "--out", filepath.Join(dir, "x")}, 1, "no finished matches in the store"},
		{[]string{"--db", db, "--out", filepath.Join(dir, "x"), "--game", "breaking-head"}, 1, "no finished matches in the store of breaking-head"},
		{[]string{"--db", db, "--out", filepath.Join(dir, "x"), "--game", "source", "--players", "3"}, 2, "--players 3"},
		{[]string{"--db", db, "--out", filepath.Join(dir, "x"), "--option", "territory=regions"}, 2, "--option needs --game"},
		{[]string{"--out", filepath.Join(dir, "x")}, 2, "--db is required"},
		{[]string{"--db", db}, 2, "--out is required"},
	} {
		code, stdout, stderr := commons(t, "", append([]string{"lab", "import"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || !strings.HasPrefix(stderr, "commons lab import: ") {
			t.Errorf("lab import %q: exit %d, want %d with %q\n%s%s", tc.args, code, tc.code, tc.want, stdout, stderr)
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("the missing database was made: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x")); !os.IsNotExist(err) {
		t.Errorf("a failed import wrote its folder: %v", err)
	}
}

// TestLabImportPostgres imports from a PostgreSQL database, as serve
// opens one, naming it without its connection string.
func TestLabImportPostgres(t *testing.T) {
	c := pgtest.Start(t)
	t.Cleanup(c.Stop)
	dsn := c.NewDatabase(t)
	ctx := context.Background()
	st, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	random := store.Seat{Bot: "random", Name: "random"}
	storeFinished(t, st, "p1", "source", 2, 1, []store.Seat{{Name: "Bob", TokenHash: "h"}, random}, t0)
	storeFinished(t, st, "p2", "source", 2, 2, []store.Seat{random, {Name: "Bob", TokenHash: "h"}}, t0.Add(time.Hour))
	st.Close()
	out := filepath.Join(t.TempDir(), "people")
	code, stdout, stderr := commons(t, "", "lab", "import", "--db", dsn, "--out", out)
	if code != 0 || !strings.Contains(stdout, "2 finished matches of source with 2 players from PostgreSQL") {
		t.Fatalf("lab import: exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, lab.ImportFile))
	if err != nil || strings.Contains(string(data), "postgres://") {
		t.Errorf("%s: %v\n%s", lab.ImportFile, err, data)
	}
	if code, stdout, stderr := commons(t, "", "lab", "report", out); code != 0 {
		t.Errorf("lab report: exit %d\n%s%s", code, stdout, stderr)
	}
}
