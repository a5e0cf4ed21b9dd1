package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lab sweep from the command line: a run per point, the page, the table.
func TestLabSweep(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sweep")
	code, out, errOut := commons(t, "", "lab", "sweep", "source", "--param", "territory", "--param", "capture-needs-adjacency=off,on",
		"--bots", "random", "--games", "10", "--out", dir, "--trace", "off")
	if code != 0 || !strings.Contains(out, "regions") || !strings.Contains(out, "Page: "+dir+"/sweep.html") ||
		!strings.Contains(errOut, "point 4 of 4: territory=regions,capture-needs-adjacency=on") {
		t.Fatalf("lab sweep: exit %d\n%s%s", code, out, errOut)
	}
	for _, f := range []string{"sweep.json", "sweep.html", "territory=regions,capture-needs-adjacency=on/results.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// lab tune from the command line: the table of candidates, best first,
// and the confirmation.
func TestLabTune(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tune")
	code, out, errOut := commons(t, "", "lab", "tune", "source", "--param", "capture-needs-adjacency=off,on",
		"--bots", "random,random", "--gap", "greedy,random", "--target", "p1=0.4:0.6", "--target", "gap=0.6:",
		"--budget", "80", "--confirm", "20", "--out", dir, "--trace", "off")
	if code != 0 || !strings.Contains(out, "2 candidates") || !strings.Contains(out, "(best") ||
		!strings.Contains(out, "Confirmation, 20 games each") || !strings.Contains(errOut, "round 1 of 1") {
		t.Fatalf("lab tune: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "tune.json")); err != nil {
		t.Error(err)
	}
}

// Mistakes on the command line are named, and nothing is played.
func TestLabTuneAndSweepUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"sweep", "source", "--bots", "random", "--games", "5", "--out", out}, "--param is required"},
		{[]string{"sweep", "source", "--param", "nonesuch", "--bots", "random", "--games", "5", "--out", out}, `--param nonesuch: source has no option "nonesuch"`},
		{[]string{"sweep", "source", "--param", "territory", "--bots", "random", "--out", out}, "--games 0"},
		{[]string{"tune", "source", "--param", "territory", "--bots", "random", "--out", out}, "--target is required"},
		{[]string{"tune", "source", "--param", "territory", "--bots", "random", "--target", "p1", "--out", out}, "want KEY=LO:HI"},
		{[]string{"tune", "source", "--param", "territory", "--bots", "random", "--target", "gap=0.6:", "--out", out}, "name the stronger and the weaker bot"},
		{[]string{"tune", "source", "--param", "territory", "--bots", "random", "--target", "p1=0.4:0.6"}, "--out is required"},
		{[]string{"tune", "source", "--param", "territory", "--bots", "random", "--target", "p1=0.4:0.6", "--shard", "2/2", "--out", out}, "--shard"},
	}
	for _, tc := range tests {
		code, _, errOut := commons(t, "", append([]string{"lab"}, tc.args...)...)
		if code == 0 || !strings.Contains(errOut, tc.err) {
			t.Errorf("lab %s: exit %d, %q; want %q", strings.Join(tc.args, " "), code, errOut, tc.err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("lab %s: made its directory", strings.Join(tc.args, " "))
		}
	}
}
