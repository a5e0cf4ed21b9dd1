package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/record"
)

// The folders README points to as example records hold records only, and
// every one replays to its end with commons replay, here from another
// working directory than the repository's root or the record's folder.
func TestExampleRecordsReplay(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs, _ := filepath.Glob(filepath.Join(root, "games", "*", "testdata", "records"))
	if len(dirs) < 5 {
		t.Fatalf("%d games/*/testdata/records folders, want one per game", len(dirs))
	}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			f := filepath.Join(dir, e.Name())
			if e.IsDir() || filepath.Ext(f) != ".json" {
				t.Errorf("%s: not a record; README says this folder holds records", f)
				continue
			}
			code, out, errOut := commons(t, "", "replay", f)
			var sum struct{ Terminal bool }
			json.Unmarshal([]byte(out), &sum)
			if code != 0 || !sum.Terminal {
				t.Errorf("commons replay %s: exit %d, terminal %v\n%s", f, code, sum.Terminal, errOut)
			}
		}
	}
	// The tile and card tables live beside the records, not among them.
	if tables, _ := filepath.Glob(filepath.Join(root, "games", "*", "testdata", "*.json")); len(tables) > 0 {
		t.Errorf("JSON files directly in a testdata folder: %v; records go in testdata/records, tables in testdata/tiles or cards", tables)
	}
}

// tileRecord writes a 3io record naming a tile table ../tiles/two-dust.json
// relative to its folder, in a fresh directory: DIR/records/game.json and
// DIR/tiles/two-dust.json. It returns the record's path.
func tileRecord(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	table, err := os.ReadFile(filepath.Join("..", "..", "games", "threeio", "testdata", "tiles", "two-dust.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"records", "tiles"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "tiles", "two-dust.json"), table, 0o644); err != nil {
		t.Fatal(err)
	}
	rec := `{"game": "3io", "players": 2, "options": {"tiles": "../tiles/two-dust.json"},
		"moves": ["play Dust a1 crew", "play Dust b1 crew", "score a1", "score b1"]}`
	f := filepath.Join(dir, "records", "game.json")
	if err := os.WriteFile(f, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// A relative path in a record's options is read from the record's folder,
// whatever the working directory; from standard input, from the working
// directory.
func TestReplayDataFileRelativeToRecord(t *testing.T) {
	f := tileRecord(t)
	for _, cwd := range []string{t.TempDir(), filepath.Dir(f), filepath.Dir(filepath.Dir(f))} {
		t.Chdir(cwd)
		if code, out, errOut := commons(t, "", "replay", f); code != 0 || !strings.Contains(out, `"terminal": true`) {
			t.Errorf("from %s: exit %d\n%s%s", cwd, code, out, errOut)
		}
		rel, _ := filepath.Rel(cwd, f)
		if code, _, errOut := commons(t, "", "replay", rel); code != 0 {
			t.Errorf("from %s, replay %s: exit %d\n%s", cwd, rel, code, errOut)
		}
	}
	data, _ := os.ReadFile(f)
	t.Chdir(filepath.Dir(f)) // ../tiles is right from here
	if code, _, errOut := commons(t, string(data), "replay", "-"); code != 0 {
		t.Errorf("standard input in the record's folder: exit %d\n%s", code, errOut)
	}
	t.Chdir(t.TempDir())
	code, _, errOut := commons(t, string(data), "replay", "-")
	if code != 1 || !strings.Contains(errOut, "../tiles/two-dust.json") {
		t.Errorf("standard input elsewhere: exit %d, want 1 and the path read from the working directory\n%s", code, errOut)
	}

	// --complete prints the record on standard output, where a path is
	// relative to the working directory: it replays from standard input.
	code, complete, errOut := commons(t, "", "replay", "--complete", f)
	if code != 0 {
		t.Fatalf("--complete: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := commons(t, complete, "replay", "-"); code != 0 {
		t.Errorf("--complete | replay -: exit %d\n%s\n%s", code, errOut, complete)
	}
}

// commons play --save writes a table's path relative to the saved record's
// folder, so that the record replays from anywhere.
func TestPlaySaveDataFileRelativeToRecord(t *testing.T) {
	table := filepath.Join(filepath.Dir(filepath.Dir(tileRecord(t))), "tiles", "two-dust.json")
	t.Chdir(filepath.Dir(table))
	saved := filepath.Join(t.TempDir(), "sub", "game.json")
	os.Mkdir(filepath.Dir(saved), 0o755)
	code, out, errOut := commons(t, "", "play", "3io", "--option", "tiles=two-dust.json", "--seat", "all=random", "--seed", "3", "--save", saved)
	if code != 0 {
		t.Fatalf("play: exit %d\n%s%s", code, out, errOut)
	}
	rec, err := record.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Options["tiles"]; filepath.IsAbs(p) || !strings.HasSuffix(p, "/two-dust.json") || p == "two-dust.json" {
		t.Errorf("saved tiles option %q: want a path relative to %s", p, filepath.Dir(saved))
	}
	t.Chdir(t.TempDir())
	if code, _, errOut := commons(t, "", "replay", saved); code != 0 {
		t.Errorf("replay of the saved record: exit %d\n%s", code, errOut)
	}
}
