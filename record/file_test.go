package record_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/record"
)

// tableGame is countdown with an option naming a file, as 3io's tiles:
// the file must exist, and its content is the starting count.
type tableGame struct{}

func init() { game.Register(tableGame{}) }

func (tableGame) Info() game.Info {
	in := testgame.Game.Info()
	in.Name, in.Title = "countdown-table", "Countdown with a table"
	in.Options = []game.OptionSpec{{Name: "table", Doc: "a file", Path: true}}
	return in
}

func (tableGame) New(cfg game.Config) (game.State, error) {
	if p := cfg.Options.Get("table"); p != "" {
		if _, err := os.ReadFile(p); err != nil {
			return nil, fmt.Errorf("countdown-table: option table: %w", err)
		}
	}
	return testgame.Game.New(game.Config{Players: cfg.Players, Options: game.Options{"start": "fixed"}})
}

func (tableGame) MaxLength(cfg game.Config) int { return 40 }

// writeTree writes files (path: content) under a new directory and
// returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const tableRecord = `{"game": "countdown-table", "players": 2, "options": {"table": "../tables/t.txt"}, "moves": ["take2"]}`

// A record read from a file reads a relative path in its options from the
// file's folder, whatever the working directory.
func TestReadFileResolvesPathsFromItsFolder(t *testing.T) {
	dir := writeTree(t, map[string]string{"records/r.json": tableRecord, "tables/t.txt": "6"})
	t.Chdir(t.TempDir())
	r, err := record.ReadFile(filepath.Join(dir, "records", "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Dir != filepath.Join(dir, "records") {
		t.Errorf("Dir %q", r.Dir)
	}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The complete record keeps the options as written, and the folder.
	if got := rep.Complete.Options["table"]; got != "../tables/t.txt" || rep.Complete.Dir != r.Dir {
		t.Errorf("complete record: table %q, Dir %q", got, rep.Complete.Dir)
	}
	if r.Options["table"] != "../tables/t.txt" {
		t.Errorf("Play changed the record's options: %v", r.Options)
	}

	// Parsed from bytes (standard input, the network), the same record
	// reads from the working directory, where there is no such file.
	p, err := record.Parse([]byte(tableRecord))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.Play(p, record.Options{}); err == nil || !strings.Contains(err.Error(), "../tables/t.txt") {
		t.Errorf("from the working directory: %v", err)
	}
	t.Chdir(filepath.Join(dir, "records"))
	if _, err := record.Play(p, record.Options{}); err != nil {
		t.Errorf("from the record's folder as working directory: %v", err)
	}

	// An absolute path is used as it is.
	abs := &record.Record{Game: "countdown-table", Players: 2, Options: game.Options{"table": filepath.Join(dir, "tables", "t.txt")}, Dir: "/nonexistent"}
	if _, err := record.Play(abs, record.Options{}); err != nil {
		t.Errorf("absolute path: %v", err)
	}
}

// Relocate and WriteFile rewrite a relative path to name the same file
// from the record's new folder.
func TestRelocateAndWriteFile(t *testing.T) {
	dir := writeTree(t, map[string]string{"records/r.json": tableRecord, "tables/t.txt": "6"})
	r, err := record.ReadFile(filepath.Join(dir, "records", "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "elsewhere", "deeper", "copy.json")
	os.MkdirAll(filepath.Dir(out), 0o755)
	if err := r.WriteFile(out); err != nil {
		t.Fatal(err)
	}
	c, err := record.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Options["table"]; got != "../../tables/t.txt" {
		t.Errorf("written table %q, want ../../tables/t.txt", got)
	}
	if _, err := record.Play(c, record.Options{}); err != nil {
		t.Errorf("the written record: %v", err)
	}
	if r.Options["table"] != "../tables/t.txt" {
		t.Errorf("WriteFile changed the record: %v", r.Options)
	}

	// For standard output: relative to the working directory.
	t.Chdir(dir)
	if got := r.Relocate("").Options["table"]; got != "tables/t.txt" {
		t.Errorf("Relocate(\"\"): %q, want tables/t.txt", got)
	}
	// The same folder, or no path option: nothing changes.
	if got := r.Relocate(r.Dir).Options["table"]; got != "../tables/t.txt" {
		t.Errorf("Relocate(Dir): %q", got)
	}
	plain := &record.Record{Game: "countdown", Players: 2, Options: game.Options{"start": "fixed"}}
	if got := plain.Relocate("x").Options["start"]; got != "fixed" {
		t.Errorf("an option that is no path was rewritten: %q", got)
	}
}
