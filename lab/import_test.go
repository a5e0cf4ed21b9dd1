package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/sqlite"
	"github.com/commons-games/commons/variant"
)

// importStore opens a new SQLite store in a test's folder.
func importStore(t *testing.T) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// finishedMatch stores match id: a game of g with bots (bot specs, by
// seat) and seed seed, played to its end as lab run plays game seed-S of
// a run of seed S (the bots seeded by match.BotSeed, the chance outcomes
// drawn from game.NewRand(seed)), and written to the store as the server
// writes one: created running, its moves appended with its result. seats
// are the seats as the store keeps them (nil: the bots'). With stop > 0
// the game stops after that many actions and end ends it.
func finishedMatch(t *testing.T, st store.Store, id, g string, players int, opts game.Options, seed uint64, bots []string,
	seats []store.Seat, created time.Time, stop int, end *record.End) {
	t.Helper()
	ctx := context.Background()
	gm, gcfg, err := match.Run{Game: g, Players: players, Options: opts}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	s, err := gm.New(gcfg)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	errStop := errors.New("stop")
	err = match.Play(ctx, s, func(_ game.State, p game.Player) (bot.Bot, error) {
		return bot.New(bots[int(p)%len(bots)], match.BotSeed(seed, p))
	}, match.Options{Rand: game.NewRand(seed), MaxLength: gm.MaxLength(gcfg),
		Before: func(s game.State, n int) error {
			if stop > 0 && n >= stop {
				return errStop
			}
			return nil
		},
		OnStep: func(st match.Step) { moves = append(moves, record.Notation(st.State, st.Action)) }})
	if err != nil && !errors.Is(err, errStop) {
		t.Fatal(err)
	}
	if seats == nil {
		for p := range players {
			b := bots[p%len(bots)]
			seats = append(seats, store.Seat{Bot: b, Name: b})
		}
	}
	m := &store.Match{ID: id, Game: g, Players: players, Options: opts, Seed: seed, Seats: seats, Status: store.Running, Created: created}
	if err := st.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if end != nil {
		if err := st.Append(ctx, store.Append{ID: id, Version: 0, Moves: moves, At: created.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		m, err = st.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(end)
		m.Settings = map[string]string{"end": string(b)}
		m.Status, m.Result = store.Over, end.Returns
		if err := st.Update(ctx, m); err != nil {
			t.Fatal(err)
		}
		return
	}
	if s.CurrentPlayer() != game.Terminal {
		t.Fatalf("match %s: the game is not over", id)
	}
	if err := st.Append(ctx, store.Append{ID: id, Version: 0, Moves: moves, Result: s.Returns(nil), At: created.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
}

// stripped is r without what an import and a run number differently:
// the index, the seed and the contestants.
func stripped(r Result) Result {
	r.Index, r.Seed, r.Bots = 0, 0, nil
	return r
}

// TestImportMatchesLabRun checks that a match replayed by Import has the
// result lab run computes for the same game (returns, lengths, tallies,
// end, counts and the evaluation trace), in a game of two seats and one
// of three (the trace's two summaries), and that the folder is one lab
// report reads. Every game is tried: their chance nodes, teams and
// hidden roles, scores or evaluations.
func TestImportMatchesLabRun(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
	}{{"source", 2}, {"3io", 3}, {"breaking-head", 4}, {"open-science-alliance", 2}, {"open-source-board-game", 3}} {
		t.Run(tc.game, func(t *testing.T) {
			const games, seed = 4, 11
			runDir := filepath.Join(t.TempDir(), "run")
			if _, err := Run(context.Background(), Config{Dir: runDir, Run: match.Run{Game: tc.game, Players: tc.players, Bots: []string{"random"}, Games: games, Seed: seed}, Workers: 1}); err != nil {
				t.Fatal(err)
			}
			run, err := Load(runDir)
			if err != nil {
				t.Fatal(err)
			}
			st := importStore(t)
			t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			// Created in the order of their games, with IDs in another.
			for i := range games {
				finishedMatch(t, st, fmt.Sprintf("m%d", games-i), tc.game, tc.players, nil, seed+uint64(i), []string{"random"}, nil, t0.Add(time.Duration(i)*time.Hour), 0, nil)
			}
			// Not finished: left out.
			if err := st.Create(context.Background(), &store.Match{ID: "open", Game: tc.game, Players: tc.players, Seats: make([]store.Seat, tc.players), Status: store.Open}, nil); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "people")
			im, err := Import(context.Background(), ImportConfig{Store: st, Source: "test.db", Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			d, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Results) != games || len(im.Log.Matches) != games {
				t.Fatalf("%d results, %d matches logged, want %d", len(d.Results), len(im.Log.Matches), games)
			}
			for i, r := range d.Results {
				if r.Index != i || r.Seed != ImportSeed+uint64(i) || !slices.Equal(r.Bots, make([]int, tc.players)) {
					t.Errorf("game %d: index %d, seed %d, bots %v", i, r.Index, r.Seed, r.Bots)
				}
				got, want := stripped(r), stripped(run.Results[i])
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want)
				if !bytes.Equal(gj, wj) {
					t.Errorf("game %d:\nimported %s\nlab run  %s", i, gj, wj)
				}
				if m := im.Log.Matches[i]; m.ID != fmt.Sprintf("m%d", games-i) || m.Seed != seed+uint64(i) || m.Index != i {
					t.Errorf("game %d comes from %+v", i, m)
				}
			}
			if run.Results[0].Evals == 0 {
				t.Error("the lab run has no trace to compare with")
			}
			m := d.Manifest
			want := run.Manifest
			want.Bots, want.Games, want.Seed = nil, games, ImportSeed
			if mj, wj := fmt.Sprint(m), fmt.Sprint(want); mj != wj {
				t.Errorf("manifest\n%s, want\n%s", mj, wj)
			}
			if !IsImported(&m) || IsImported(&run.Manifest) {
				t.Error("IsImported wrong")
			}
			// lab report reads it.
			s, err := WriteReport(d)
			if err != nil {
				t.Fatal(err)
			}
			if s.Games != games {
				t.Errorf("report of %d games, want %d", s.Games, games)
			}
			// lab run does not resume it.
			_, err = Run(context.Background(), Config{Dir: dir, Run: match.Run{Game: tc.game, Players: tc.players, Bots: []string{"random"}, Games: games, Seed: ImportSeed}, Workers: 1})
			if err == nil || !strings.Contains(err.Error(), "another run") {
				t.Errorf("lab run over an import: %v", err)
			}
		})
	}
}

// TestImportPeople checks the contestants (accounts by name, guests, bots
// by spec, a person named as a bot) and a match ended by a resignation.
func TestImportPeople(t *testing.T) {
	ctx := context.Background()
	st := importStore(t)
	for _, a := range []store.Account{{ID: "a1", Name: "Alice", Key: "alice"}, {ID: "a2", Name: "random", Key: "random"}} {
		if err := st.CreateAccount(ctx, &a); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	alice := store.Seat{Name: "Alice", TokenHash: "h1", Account: "a1"}
	guest := store.Seat{Name: "Bob", TokenHash: "h2"}
	named := store.Seat{Name: "random", TokenHash: "h3", Account: "a2"}
	mcts := store.Seat{Bot: "mcts:iterations=20", Name: "mcts"}
	bots := []string{"random", "greedy"}
	finishedMatch(t, st, "x1", "source", 2, nil, 5, bots, []store.Seat{alice, mcts}, t0, 0, nil)
	finishedMatch(t, st, "x2", "source", 2, nil, 6, bots, []store.Seat{guest, alice}, t0.Add(time.Hour), 0, nil)
	resign := &record.End{Reason: record.EndResignation, Seat: 2, Returns: []float64{1, 0}}
	finishedMatch(t, st, "x3", "source", 2, nil, 7, bots, []store.Seat{named, {Bot: "random", Name: "random"}}, t0.Add(2*time.Hour), 30, resign)
	dir := filepath.Join(t.TempDir(), "people")
	im, err := Import(ctx, ImportConfig{Store: st, Source: "test.db", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantLabels := []string{"Alice", "mcts:iterations=20", GuestLabel, "random (person)", "random"}
	if !slices.Equal(d.Manifest.Labels, wantLabels) {
		t.Errorf("labels %q, want %q", d.Manifest.Labels, wantLabels)
	}
	wantBots := [][]int{{0, 1}, {2, 0}, {3, 4}}
	for i, r := range d.Results {
		if !slices.Equal(r.Bots, wantBots[i]) {
			t.Errorf("game %d: bots %v, want %v", i, r.Bots, wantBots[i])
		}
	}
	r := d.Results[2]
	if r.End != record.EndResignation || r.Why != "seat 2 resigned" || !slices.Equal(r.Returns, []float64{1, 0}) || r.Actions != 30 || r.Counts != nil {
		t.Errorf("the resigned game: %+v", r)
	}
	if len(im.Log.Skipped) != 0 {
		t.Errorf("skipped %v", im.Log.Skipped)
	}
	if _, err := WriteReport(d); err != nil {
		t.Fatal(err)
	}
}

// TestImportErrors checks what Import refuses, writing nothing: a store
// without finished matches, several configurations, a folder that holds
// something else; and that an import over an earlier one replaces it,
// byte for byte the same when the store is.
func TestImportErrors(t *testing.T) {
	ctx := context.Background()
	st := importStore(t)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: out}); !errors.Is(err, ErrNoMatches) {
		t.Errorf("empty store: %v", err)
	}
	t0 := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	finishedMatch(t, st, "s1", "source", 2, nil, 1, []string{"random"}, nil, t0, 0, nil)
	finishedMatch(t, st, "t1", "3io", 2, nil, 2, []string{"random"}, nil, t0.Add(time.Hour), 0, nil)
	finishedMatch(t, st, "t2", "3io", 3, nil, 3, []string{"random"}, nil, t0.Add(2*time.Hour), 0, nil)
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: out, Game: "breaking-head"}); !errors.Is(err, ErrNoMatches) || !strings.Contains(err.Error(), "of breaking-head") {
		t.Errorf("no match of the game: %v", err)
	}
	var ce *ConfigsError
	_, err := Import(ctx, ImportConfig{Store: st, Dir: out})
	if !errors.As(err, &ce) || len(ce.Configs) != 3 || !strings.Contains(err.Error(), "3io with 3 players (1 matches)") {
		t.Errorf("three configurations: %v", err)
	}
	_, err = Import(ctx, ImportConfig{Store: st, Dir: out, Game: "3io"})
	if !errors.As(err, &ce) || len(ce.Configs) != 2 {
		t.Errorf("two configurations of 3io: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed import wrote %s: %v", out, err)
	}
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: out, Game: "3io", Players: 3}); err != nil {
		t.Fatal(err)
	}
	files := func() map[string]string {
		m := map[string]string{}
		for _, n := range []string{ManifestFile, ResultsFile, ImportFile} {
			b, err := os.ReadFile(filepath.Join(out, n))
			if err != nil {
				t.Fatal(err)
			}
			m[n] = string(b)
		}
		return m
	}
	before := files()
	d, err := Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteReport(d); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, FindingFile), []byte("People like it.\n"), 0o644)
	im, err := Import(ctx, ImportConfig{Store: st, Dir: out, Game: "3io", Players: 3})
	if err != nil || !im.Replaced {
		t.Fatalf("re-import: %v, %+v", err, im)
	}
	if after := files(); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("a re-import of the same store differs:\n%v\n%v", before, after)
	}
	if _, err := os.Stat(filepath.Join(out, ReportHTML)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale report is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, FindingFile)); err != nil {
		t.Errorf("the finding is gone: %v", err)
	}
	// Another configuration over it replaces it too.
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: out, Game: "source"}); err != nil {
		t.Fatal(err)
	}
	if m, err := ReadManifest(out); err != nil || m.Game != "source" {
		t.Errorf("replaced by %v, %v", m, err)
	}
	// A lab run's folder, or any other non-empty one, is refused.
	runDir := filepath.Join(t.TempDir(), "run")
	if _, err := Run(ctx, Config{Dir: runDir, Run: match.Run{Game: "source", Players: 2, Bots: []string{"random"}, Games: 1, Seed: 1}, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: runDir, Game: "source"}); err == nil || !strings.Contains(err.Error(), "holds a lab run") {
		t.Errorf("over a lab run: %v", err)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: other, Game: "source"}); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("over another folder: %v", err)
	}
	if names, _ := os.ReadDir(other); len(names) != 1 {
		t.Errorf("the other folder now has %d files", len(names))
	}
}

// TestImportSkipsWhatDoesNotReplay checks that a finished match whose log
// does not replay is left out and logged, and that a store of such
// matches alone is an error.
func TestImportSkipsWhatDoesNotReplay(t *testing.T) {
	ctx := context.Background()
	st := importStore(t)
	t0 := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	m := &store.Match{ID: "bad", Game: "source", Players: 2, Seed: 1, Seats: []store.Seat{{Bot: "random"}, {Bot: "random"}}, Status: store.Running, Created: t0}
	if err := st.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, store.Append{ID: "bad", Moves: []string{"zz99"}, Result: []float64{1, 0}, At: t0}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: dir}); !errors.Is(err, ErrNoMatches) || !strings.Contains(err.Error(), "zz99") {
		t.Errorf("only a bad match: %v", err)
	}
	finishedMatch(t, st, "good", "source", 2, nil, 2, []string{"random"}, nil, t0.Add(time.Hour), 0, nil)
	im, err := Import(ctx, ImportConfig{Store: st, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Log.Matches) != 1 || im.Log.Matches[0].ID != "good" || len(im.Log.Skipped) != 1 || im.Log.Skipped[0].ID != "bad" {
		t.Errorf("log %+v", im.Log)
	}
}

// A match played as one of the server's variants replays with the
// variant's table (--variants DIR): its results are those of the game
// played on that table, the manifest names the variant, and without the
// folder, or with a table changed since, the match is skipped, saying so.
func TestImportVariants(t *testing.T) {
	ctx := context.Background()
	vdir := t.TempDir()
	tiles, err := os.ReadFile("../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(vdir, "small-box.json"), tiles, 0o644)
	os.WriteFile(filepath.Join(vdir, "small.variant.json"), []byte(`{"name": "small", "game": "3io", "options": {"tiles": "small-box.json"}}`), 0o644)
	set, err := variant.Load(vdir)
	if err != nil {
		t.Fatal(err)
	}
	v := set.Lookup("small")
	// The game as the server plays it, on the variant's table; stored as
	// the server stores it: the options without the table, the variant
	// and its hash in the settings.
	scratch := importStore(t)
	t0 := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	finishedMatch(t, scratch, "m", "3io", 2, v.GameOptions(), 3, []string{"random"}, nil, t0, 0, nil)
	played, err := scratch.Get(ctx, "m")
	if err != nil {
		t.Fatal(err)
	}
	moves, err := scratch.Moves(ctx, "m", 0)
	if err != nil {
		t.Fatal(err)
	}
	st := importStore(t)
	m := &store.Match{ID: "m", Game: "3io", Players: 2, Seed: 3, Seats: played.Seats, Status: store.Running, Created: t0,
		Settings: map[string]string{"variant": "small", "variant_data": v.Data}}
	if err := st.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if err := st.Append(ctx, store.Append{ID: "m", Moves: moves, Result: played.Result, At: t0}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: dir}); !errors.Is(err, ErrNoMatches) || !strings.Contains(err.Error(), "played as variant small: give the server's variants (--variants DIR)") {
		t.Errorf("without the variants: %v", err)
	}
	im, err := Import(ctx, ImportConfig{Store: st, Dir: dir, Variants: set})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Log.Matches) != 1 || d.Manifest.Variant != "small" || d.Manifest.Data != v.Data || len(d.Results) != 1 {
		t.Fatalf("imported %+v; manifest variant %q data %q (want %q)", im.Log, d.Manifest.Variant, d.Manifest.Data, v.Data)
	}
	if got := d.Results[0].Returns; !slices.Equal(got, played.Result) {
		t.Errorf("returns %v, the match's %v", got, played.Result)
	}
	// The table changed since: skipped, saying so.
	os.WriteFile(filepath.Join(vdir, "small-box.json"), bytes.Replace(tiles, []byte(`"count": 10`), []byte(`"count": 11`), 1), 0o644)
	changed, err := variant.Load(vdir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Import(ctx, ImportConfig{Store: st, Dir: dir, Variants: changed}); err == nil || !strings.Contains(err.Error(), "the table changed since") {
		t.Errorf("a changed table: %v", err)
	}
}
