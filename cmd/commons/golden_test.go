package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update-golden", false, "write testdata/golden anew from this build (TestRunnersUnchanged)")

// goldenRuns are the runs whose every result TestRunnersUnchanged keeps:
// for every game, random, greedy and a search bot with an iteration
// budget in the lab and the arena, Breaking Head by team, whole games in
// the terminal's runner with bots in every seat, and every record of a
// game's testdata replayed. Each is seeded, so that its results are the
// same on every machine, with any number of workers.
var goldenRuns = []struct {
	name string
	args []string
}{
	{"lab-source", []string{"lab", "run", "source", "--bots", "random,greedy,mcts:iterations=40", "--games", "6", "--seed", "11"}},
	{"lab-3io", []string{"lab", "run", "3io", "--bots", "random,greedy,mcts:iterations=40", "--games", "6", "--seed", "12"}},
	{"lab-3io-4p", []string{"lab", "run", "3io", "--players", "4", "--bots", "random,greedy", "--games", "4", "--seed", "13"}},
	{"lab-breaking-head", []string{"lab", "run", "breaking-head", "--bots", "random,greedy,ismcts:iterations=20", "--games", "6", "--seed", "14"}},
	{"lab-breaking-head-teams", []string{"lab", "run", "breaking-head", "--players", "5", "--team", "contributor=greedy", "--team", "blocker=random", "--games", "6", "--seed", "15"}},
	{"lab-open-science-alliance", []string{"lab", "run", "open-science-alliance", "--players", "3", "--bots", "random,greedy,mcts:iterations=20", "--games", "6", "--seed", "16"}},
	{"lab-open-source-board-game", []string{"lab", "run", "open-source-board-game", "--bots", "random,greedy,mcts:iterations=10", "--games", "3", "--seed", "17"}},
	{"lab-source-scripts", []string{"lab", "run", "source", "--bots", "script:centre,easy", "--games", "4", "--seed", "18"}},
	{"arena-source", []string{"arena", "source", "--bots", "random,greedy,mcts:iterations=40", "--games", "6", "--seed", "21", "--json"}},
	{"arena-3io", []string{"arena", "3io", "--bots", "random,greedy", "--games", "6", "--seed", "22", "--json"}},
	{"arena-breaking-head", []string{"arena", "breaking-head", "--players", "4", "--bots", "random,greedy", "--games", "4", "--seed", "23", "--json"}},
	{"arena-breaking-head-teams", []string{"arena", "breaking-head", "--players", "5", "--team", "contributor=greedy", "--team", "blocker=random", "--games", "4", "--seed", "24", "--json"}},
	{"arena-open-science-alliance", []string{"arena", "open-science-alliance", "--bots", "random,greedy", "--games", "4", "--seed", "25", "--json"}},
	{"arena-open-source-board-game", []string{"arena", "open-source-board-game", "--bots", "random,greedy", "--games", "2", "--seed", "26", "--json"}},
	{"report-breaking-head", []string{"lab", "report", "lab-breaking-head-teams"}},
	{"report-3io", []string{"lab", "report", "lab-3io-4p"}},
	{"compare-source", []string{"lab", "compare", "lab-source", "lab-source-scripts"}},
	{"play-source", []string{"play", "source", "--seat", "all=greedy", "--seed", "31"}},
	{"play-3io", []string{"play", "3io", "--players", "3", "--seat", "all=random", "--seed", "32"}},
	{"play-breaking-head", []string{"play", "breaking-head", "--players", "4", "--seat", "all=easy", "--seed", "33"}},
	{"play-open-science-alliance", []string{"play", "open-science-alliance", "--players", "2", "--seat", "1=greedy", "--seat", "2=script:hire", "--seed", "34"}},
	{"play-open-source-board-game", []string{"play", "open-source-board-game", "--seat", "all=random", "--seed", "35"}},
}

// TestRunnersUnchanged: every result of goldenRuns is what the build of
// testdata/golden gave, byte for byte (an arena's timings aside, and a
// lab's results in the order of their games, which the workers finish in
// any order): a change to the runners, the bots or the games that moves
// a single result shows here. A change that means to move them writes
// the files anew with
//
//	go test ./cmd/commons -run TestRunnersUnchanged -update-golden
//
// and says why in its commit.
func TestRunnersUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every game's runs")
	}
	for _, r := range goldenRuns {
		t.Run(r.name, func(t *testing.T) {
			got := goldenOutput(t, r.name, r.args)
			file := filepath.Join("testdata", "golden", r.name+".golden")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (write it with -update-golden)", err)
			}
			if !bytes.Equal(got, want) {
				gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s: line %d differs:\n got %.400s\nwant %.400s", strings.Join(r.args, " "), i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s: %d lines, want %d", strings.Join(r.args, " "), len(gl), len(wl))
			}
		})
	}
	t.Run("records", func(t *testing.T) {
		files, _ := filepath.Glob("../../games/*/testdata/records/*.json")
		if len(files) < 20 {
			t.Fatalf("%d records found", len(files))
		}
		var out bytes.Buffer
		for _, f := range files {
			code, stdout, stderr := commons(t, "", "replay", "--complete", f)
			if code != 0 {
				t.Fatalf("replay %s: exit %d: %s", f, code, stderr)
			}
			out.WriteString(filepath.ToSlash(f) + "\n" + stdout)
		}
		file := filepath.Join("testdata", "golden", "records.golden")
		if *updateGolden {
			os.WriteFile(file, out.Bytes(), 0o644)
			return
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatal("the records of testdata replay to other states than before")
		}
	})
}

// goldenOutput runs args and returns what they wrote, made comparable.
func goldenOutput(t *testing.T, name string, args []string) []byte {
	t.Helper()
	dir := t.TempDir()
	if args[0] == "lab" && (args[1] == "report" || args[1] == "compare") {
		// The report or comparison of the lab runs named, run again here,
		// as JSON.
		rargs := []string{"lab", args[1]}
		for _, name := range args[2:] {
			run := filepath.Join(dir, name)
			for _, r := range goldenRuns {
				if r.name == name {
					if code, _, stderr := commons(t, "", append(slices.Clone(r.args), "--out", run, "--workers", "2", "--quiet")...); code != 0 {
						t.Fatalf("%s: %s", name, stderr)
					}
				}
			}
			rargs = append(rargs, run)
		}
		code, stdout, stderr := commons(t, "", append(rargs, "--json")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(rargs, " "), code, stderr)
		}
		return []byte(strings.ReplaceAll(stdout, dir, "RUNS"))
	}
	switch args[0] {
	case "lab":
		args = append(slices.Clone(args), "--out", dir, "--workers", "2", "--quiet")
	case "play":
		args = append(slices.Clone(args), "--save", filepath.Join(dir, "game.json"))
	}
	code, stdout, stderr := commons(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	switch args[0] {
	case "lab":
		data, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		slices.SortFunc(lines, func(a, b string) int { return gameIndex(t, a) - gameIndex(t, b) })
		return []byte(strings.Join(lines, "\n") + "\n")
	case "play":
		data, err := os.ReadFile(filepath.Join(dir, "game.json"))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	// The arena's JSON, without the timings.
	var v any
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	dropKeys(v, "elapsed", "move_time")
	b, _ := json.MarshalIndent(v, "", "  ")
	return append(b, '\n')
}

func gameIndex(t *testing.T, line string) int {
	var r struct{ I int }
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("a results line: %v", err)
	}
	return r.I
}

func dropKeys(v any, keys ...string) {
	switch c := v.(type) {
	case map[string]any:
		for _, k := range keys {
			delete(c, k)
		}
		for _, x := range c {
			dropKeys(x, keys...)
		}
	case []any:
		for _, x := range c {
			dropKeys(x, keys...)
		}
	}
}
