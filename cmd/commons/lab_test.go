package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The lab's command-line mistakes exit 2 and say what is wrong.
func TestLabCommandLineErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"lab"}, 2, "name what to do: commons lab run, merge, report or compare"},
		{[]string{"lab", "bogus"}, 2, `unknown lab command "bogus"`},
		{[]string{"lab", "run"}, 2, "lab run: name a game"},
		{[]string{"lab", "run", "chess", "--bots", "random", "--games", "5", "--out", out}, 2, `unknown game "chess"`},
		{[]string{"lab", "run", "source", "--bots", "random", "--out", out}, 2, "--games 0: want at least 1"},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5"}, 2, "--out is required"},
		{[]string{"lab", "run", "source", "--games", "5", "--out", out}, 2, "--bots is required"},
		{[]string{"lab", "run", "source", "--bots", "genius", "--games", "5", "--out", out}, 2, `unknown bot "genius"`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--shard", "4/4"}, 2, `--shard "4/4": want i/n with 0 <= i < n`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--trace", "often"}, 2, `--trace "often": want turn, move or off`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "x"}, 2, `--games "x": want a whole number`},
		{[]string{"lab", "run", "source", "--bogus"}, 2, "lab run: unknown flag --bogus"},
		{[]string{"lab", "run", "source", "--team", "contributor=random", "--games", "5", "--out", out}, 2, "source has no teams"},
		{[]string{"lab", "merge", "a"}, 2, "--out is required"},
		{[]string{"lab", "report"}, 2, "name one run's directory"},
		{[]string{"lab", "compare", "a"}, 2, "name two runs' directories"},
		{[]string{"lab", "report", t.TempDir()}, 1, "lab.json: no such file"},
	} {
		code, _, errOut := commons(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// run, report and compare from the command line.
func TestLabRunReportCompare(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	code, out, errOut := commons(t, "", "lab", "run", "source", "--bots", "random,greedy", "--games", "20", "--out", a, "--workers", "2")
	if code != 0 || !strings.Contains(out, "20 games played") || errOut != "" {
		t.Fatalf("lab run: exit %d\n%s%s", code, out, errOut)
	}
	// Again: nothing to play.
	if code, out, _ := commons(t, "", "lab", "run", "source", "--bots", "random,greedy", "--games", "20", "--out", a); code != 0 || !strings.Contains(out, "0 games played") || !strings.Contains(out, "20 were there already") {
		t.Errorf("rerun: exit %d\n%s", code, out)
	}
	// Another run in the same directory is refused.
	if code, _, errOut := commons(t, "", "lab", "run", "source", "--bots", "random", "--games", "20", "--out", a); code != 1 || !strings.Contains(errOut, "describes another run") {
		t.Errorf("another run: exit %d, %s", code, errOut)
	}
	commons(t, "", "lab", "run", "source", "--bots", "random,greedy", "--games", "20", "--option", "territory=regions", "--out", b)
	code, out, errOut = commons(t, "", "lab", "report", a)
	if code != 0 || !strings.Contains(out, "Balance") || !strings.Contains(out, "ending supply") {
		t.Fatalf("lab report: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(a, "report.html")); err != nil {
		t.Error(err)
	}
	code, out, errOut = commons(t, "", "lab", "compare", a, b)
	if code != 0 || !strings.Contains(out, "territory=regions") || !strings.Contains(out, "Paired by seed over 20 games") {
		t.Errorf("lab compare: exit %d\n%s%s", code, out, errOut)
	}
	// Shards and merge.
	for _, sh := range []string{"0/2", "1/2"} {
		if code, out, errOut := commons(t, "", "lab", "run", "source", "--bots", "random", "--games", "10", "--shard", sh, "--out", filepath.Join(dir, "s"+sh[:1])); code != 0 {
			t.Fatalf("shard %s: exit %d\n%s%s", sh, code, out, errOut)
		}
	}
	if code, out, errOut := commons(t, "", "lab", "merge", "--out", filepath.Join(dir, "m"), filepath.Join(dir, "s0"), filepath.Join(dir, "s1")); code != 0 || !strings.Contains(out, "10 games of source from 2 shards") {
		t.Errorf("merge: exit %d\n%s%s", code, out, errOut)
	}
}
