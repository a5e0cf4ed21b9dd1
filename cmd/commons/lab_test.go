package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	// compare writes its page to compare.html in the current directory,
	// or to --html FILE.
	t.Chdir(dir)
	code, out, errOut = commons(t, "", "lab", "compare", a, b)
	if code != 0 || !strings.Contains(out, "territory=regions") || !strings.Contains(out, "Paired by seed over 20 games") || !strings.Contains(out, "Wrote compare.html") {
		t.Errorf("lab compare: exit %d\n%s%s", code, out, errOut)
	}
	page := filepath.Join(dir, "pages", "ab.html")
	os.Mkdir(filepath.Dir(page), 0o755)
	for _, name := range []string{filepath.Join(dir, "compare.html"), page} {
		if name == page {
			if code, out, errOut := commons(t, "", "lab", "compare", a, b, "--json", "--html", page); code != 0 || !strings.HasPrefix(out, "{") {
				t.Errorf("lab compare --json --html: exit %d\n%s%s", code, out, errOut)
			}
		}
		html, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(html), `<img src="data:image/png;base64,`); n < 10 || !strings.Contains(string(html), "territory=regions") {
			t.Errorf("%s: %d plots, or no territory=regions in the page", name, n)
		}
	}
	bad := filepath.Join(dir, "no-such-folder", "ab.html")
	if code, out, errOut := commons(t, "", "lab", "compare", a, b, "--html", bad); code != 1 || out != "" ||
		errOut != "commons lab compare: --html "+bad+": cannot write the page: no such file or directory\n" {
		t.Errorf("an unwritable page: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := commons(t, "", "lab", "compare", a, b, "--html", ""); code != 0 || strings.Contains(out, "Wrote") {
		t.Errorf("--html \"\": exit %d\n%s%s", code, out, errOut)
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

// A run with teams reports each team's win rate, and by deal.
func TestLabReportTeams(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bh")
	if code, out, errOut := commons(t, "", "lab", "run", "breaking-head", "--players", "5", "--team", "contributor=random", "--team", "blocker=random",
		"--games", "20", "--out", dir); code != 0 {
		t.Fatalf("lab run: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := commons(t, "", "lab", "report", dir)
	for _, want := range []string{"win rate of team blocker ", "win rate of team contributor, dealt blocker 2, contributor 3"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("lab report: exit %d, no %q in\n%s%s", code, want, out, errOut)
		}
	}
}
