package lab

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/match"
)

func jsonUnmarshalStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func run(t *testing.T, cfg Config) Stats {
	t.Helper()
	st, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// sortedLines returns a results file's lines sorted by game index.
func sortedLines(t *testing.T, dir string) []byte {
	t.Helper()
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	for i := range d.Results {
		b = appendResult(b, &d.Results[i])
	}
	return b
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestReseededRandMatchesNewRand(t *testing.T) {
	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	for _, seed := range []uint64{0, 1, 42, 1 << 40} {
		src.Seed(seed, pcgStream)
		want := game.NewRand(seed)
		for range 20 {
			if a, b := r.Uint64(), want.Uint64(); a != b {
				t.Fatalf("seed %d: reseeded generator draws %d, game.NewRand %d", seed, a, b)
			}
		}
	}
}

// The lab's own random players play the games bot.New("random") would.
func TestFastPathMatchesBots(t *testing.T) {
	for _, cfg := range []Config{
		{Run: match.Run{Game: "source", Bots: []string{"random"}, Games: 12}},
		{Run: match.Run{Game: "3io", Players: 3, Bots: []string{"random", "random"}, Games: 12}},
		{Run: match.Run{Game: "breaking-head", Players: 5, Teams: map[string]string{"contributor": "random", "blocker": "random"}, Games: 12}},
	} {
		cfg.Seed, cfg.Workers = 5, 1
		fast, slow := cfg, cfg
		fast.Dir = filepath.Join(t.TempDir(), "fast")
		slow.Dir, slow.noFast = filepath.Join(t.TempDir(), "slow"), true
		run(t, fast)
		run(t, slow)
		a, b := readFile(t, filepath.Join(fast.Dir, ResultsFile)), readFile(t, filepath.Join(slow.Dir, ResultsFile))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: fast path and bots differ:\n%s\n%s", cfg.Game, a[:min(400, len(a))], b[:min(400, len(b))])
		}
	}
}

// 1 and 3 workers give the same games.
func TestWorkersDoNotChangeResults(t *testing.T) {
	base := Config{Run: match.Run{Game: "3io", Players: 2, Bots: []string{"random", "greedy"}, Games: 40, Seed: 3}}
	one, three := base, base
	one.Dir, one.Workers = filepath.Join(t.TempDir(), "one"), 1
	three.Dir, three.Workers = filepath.Join(t.TempDir(), "three"), 3
	run(t, one)
	run(t, three)
	if a, b := sortedLines(t, one.Dir), sortedLines(t, three.Dir); !bytes.Equal(a, b) {
		t.Errorf("1 and 3 workers differ")
	}
	// With one worker the file is in index order already.
	if a, b := readFile(t, filepath.Join(one.Dir, ResultsFile)), sortedLines(t, one.Dir); !bytes.Equal(a, b) {
		t.Errorf("one worker's file is not in order")
	}
}

// A run cancelled in the middle, then run again, ends with the same file
// as a run that was never stopped: no game lost, none twice.
func TestResume(t *testing.T) {
	for _, workers := range []int{1, 2} {
		base := Config{Run: match.Run{Game: "source", Bots: []string{"random", "greedy"}, Games: 120, Seed: 9}, Workers: workers}
		whole := base
		whole.Dir = filepath.Join(t.TempDir(), "whole")
		run(t, whole)

		cut := base
		cut.Dir = filepath.Join(t.TempDir(), "cut")
		ctx, cancel := context.WithCancel(context.Background())
		cut.onGame = func(n int) {
			if n == 50 {
				cancel()
			}
		}
		st, err := Run(ctx, cut)
		if !errors.Is(err, context.Canceled) || st.Played < 50 || st.Played >= 120 {
			t.Fatalf("workers %d: cancelled run: %+v, %v", workers, st, err)
		}
		// A half-written line, as a kill while writing leaves.
		f, _ := os.OpenFile(filepath.Join(cut.Dir, ResultsFile), os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(`{"i":119,"seed":128,"bo`)
		f.Close()
		cut.onGame = nil
		st2 := run(t, cut)
		if st2.Before != st.Played || st2.Played != 120-st.Played || st2.Dropped != len(`{"i":119,"seed":128,"bo`) {
			t.Errorf("workers %d: resumed run: %+v after %+v", workers, st2, st)
		}
		if a, b := sortedLines(t, whole.Dir), sortedLines(t, cut.Dir); !bytes.Equal(a, b) {
			t.Errorf("workers %d: resumed run differs from a whole one", workers)
		}
		if workers == 1 {
			if a, b := readFile(t, filepath.Join(whole.Dir, ResultsFile)), readFile(t, filepath.Join(cut.Dir, ResultsFile)); !bytes.Equal(a, b) {
				t.Errorf("one worker: the files differ byte for byte")
			}
		}
		// Running a finished run again plays nothing.
		if st3 := run(t, cut); st3.Played != 0 || st3.Before != 120 {
			t.Errorf("rerun of a finished run: %+v", st3)
		}
	}
}

// Shards merged equal one unsharded run.
func TestShardsMergeToOneRun(t *testing.T) {
	base := Config{Run: match.Run{Game: "3io", Players: 3, Bots: []string{"random", "greedy"}, Games: 61, Seed: 77}, Workers: 2}
	whole := base
	whole.Dir = filepath.Join(t.TempDir(), "whole")
	run(t, whole)
	var dirs []string
	for i := range 3 {
		sh := base
		sh.Shard = &Shard{i, 3}
		sh.Dir = filepath.Join(t.TempDir(), "shard")
		st := run(t, sh)
		if want := (61 - i + 2) / 3; st.Played != want {
			t.Errorf("shard %d played %d games, want %d", i, st.Played, want)
		}
		dirs = append(dirs, sh.Dir)
	}
	out := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(out, dirs[:2]); err == nil || !strings.Contains(err.Error(), "shard 2/3 is missing") {
		t.Errorf("merging two of three shards: %v", err)
	}
	if _, err := Merge(out, dirs); err != nil {
		t.Fatal(err)
	}
	if a, b := readFile(t, filepath.Join(out, ResultsFile)), sortedLines(t, whole.Dir); !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from the unsharded run")
	}
	if a, b := readFile(t, filepath.Join(out, ManifestFile)), readFile(t, filepath.Join(whole.Dir, ManifestFile)); !bytes.Equal(a, b) {
		t.Errorf("merged manifest:\n%s\nunsharded:\n%s", a, b)
	}
	if _, err := Merge(filepath.Join(t.TempDir(), "again"), []string{dirs[0], dirs[0], dirs[1], dirs[2]}); err == nil || !strings.Contains(err.Error(), "are both shard 0/3") {
		t.Errorf("a shard twice: %v", err)
	}
}

// The games with a data table say which one a run plays with, and the
// embedded table's hash is that of the file in the repository.
func TestDataHashOfEveryGameWithATable(t *testing.T) {
	for _, tc := range []struct{ game, file string }{
		{"3io", "../games/threeio/tiles.json"},
		{"open-science-alliance", "../games/openscience/cards.json"},
		{"open-source-board-game", "../games/opensource/cards.json"},
	} {
		g, err := game.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		dh, ok := g.(game.DataHasher)
		if !ok {
			t.Errorf("%s: not a game.DataHasher", tc.game)
			continue
		}
		sum := sha256.Sum256(readFile(t, tc.file))
		want := hex.EncodeToString(sum[:])
		cfg := game.Config{Players: g.Info().MinPlayers}
		if h, err := dh.DataHash(cfg); err != nil || h != want {
			t.Errorf("%s: embedded table %s, %v; want %s", tc.game, h, err, want)
		}
		opt := "tiles"
		if tc.game != "3io" {
			opt = "cards"
		}
		cfg.Options = game.Options{opt: tc.file}
		if h, err := dh.DataHash(cfg); err != nil || h != want {
			t.Errorf("%s: the same table from %s: %s, %v; want %s", tc.game, tc.file, h, err, want)
		}
	}
}

// A run records its data table, and a resume with another table is
// refused, naming the run: the results would mix two games. A manifest
// from before the table was recorded still resumes.
func TestResumeWithAnotherDataTable(t *testing.T) {
	tiles := filepath.Join(t.TempDir(), "tiles.json")
	orig := readFile(t, "../games/threeio/tiles.json")
	os.WriteFile(tiles, orig, 0o644)
	cfg := Config{Run: match.Run{Game: "3io", Bots: []string{"random"}, Games: 6, Seed: 3, Options: game.Options{"tiles": tiles}}, Workers: 1, Dir: filepath.Join(t.TempDir(), "run")}
	cut := cfg
	ctx, cancel := context.WithCancel(context.Background())
	cut.onGame = func(n int) {
		if n == 3 {
			cancel()
		}
	}
	if _, err := Run(ctx, cut); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	m, err := ReadManifest(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(orig)
	if m.Data != hex.EncodeToString(sum[:]) {
		t.Fatalf("manifest's data %q, want the table's sha256", m.Data)
	}
	before := readFile(t, filepath.Join(cfg.Dir, ResultsFile))

	// The designer edits the table between the two halves of the run.
	os.WriteFile(tiles, bytes.Replace(orig, []byte(`"count": 12`), []byte(`"count": 13`), 1), 0o644)
	_, err = Run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(cfg.Dir, ManifestFile)) || !strings.Contains(err.Error(), "another 3io table (sha256 "+m.Data[:12]) {
		t.Errorf("resume with an edited table: %v", err)
	}
	if after := readFile(t, filepath.Join(cfg.Dir, ResultsFile)); !bytes.Equal(before, after) {
		t.Errorf("the refused resume changed the results")
	}

	// With the table as it was, and with a manifest written before the
	// data was recorded, the run resumes.
	os.WriteFile(tiles, orig, 0o644)
	old := *m
	old.Data = ""
	if err := writeManifest(cfg.Dir, &old); err != nil {
		t.Fatal(err)
	}
	if st := run(t, cfg); st.Before == 0 || st.Before+st.Played != 6 {
		t.Errorf("resume of an older manifest: %+v", st)
	}
}

// Shards played with different data tables are not one run.
func TestMergeRefusesShardsOfAnotherDataTable(t *testing.T) {
	tiles := filepath.Join(t.TempDir(), "tiles.json")
	orig := readFile(t, "../games/threeio/tiles.json")
	var dirs []string
	for i, data := range [][]byte{orig, bytes.Replace(orig, []byte(`"count": 12`), []byte(`"count": 13`), 1)} {
		os.WriteFile(tiles, data, 0o644)
		sh := Config{Run: match.Run{Game: "3io", Bots: []string{"random"}, Games: 4, Seed: 3, Options: game.Options{"tiles": tiles}}, Workers: 1, Shard: &Shard{i, 2}, Dir: filepath.Join(t.TempDir(), "shard")}
		run(t, sh)
		dirs = append(dirs, sh.Dir)
	}
	_, err := Merge(filepath.Join(t.TempDir(), "merged"), dirs)
	if err == nil || !strings.Contains(err.Error(), "shards of different runs") || !strings.Contains(err.Error(), "data sha256 ") {
		t.Errorf("merging shards of two tables: %v", err)
	}
}

// A corrupt or mismatched results file is an error naming the file and
// the line.
func TestBadResultsFiles(t *testing.T) {
	cfg := Config{Run: match.Run{Game: "source", Bots: []string{"random"}, Games: 5, Seed: 1}, Workers: 1, Dir: filepath.Join(t.TempDir(), "r")}
	run(t, cfg)
	name := filepath.Join(cfg.Dir, ResultsFile)
	good := readFile(t, name)
	lines := strings.SplitAfter(string(good), "\n")
	for _, tc := range []struct {
		what, line3, want string
	}{
		{"garbage", "not json\n", "results.jsonl line 3: not a game result"},
		{"unknown field", strings.Replace(lines[2], `{"i":2,`, `{"i":2,"bogus":1,`, 1), `line 3: not a game result: json: unknown field "bogus"`},
		{"a game twice", lines[0], "line 3: game 0 again (first on line 1)"},
		{"another seed", strings.Replace(lines[2], `"seed":3`, `"seed":4`, 1), "line 3: game 2 has seed 4, but the run's seed 1 makes it 3"},
		{"out of range", strings.Replace(lines[2], `{"i":2,`, `{"i":7,`, 1), "line 3: game 7: the run has games 0 to 4"},
		{"seat count", strings.Replace(lines[2], `"returns":[`, `"returns":[0,`, 1), "line 3: game 2: 3 returns"},
	} {
		bad := lines[0] + lines[1] + tc.line3 + strings.Join(lines[3:], "")
		os.WriteFile(name, []byte(bad), 0o644)
		_, err := Load(cfg.Dir)
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Load = %v, want %q naming %s", tc.what, err, tc.want, name)
		}
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Run = %v, want %q", tc.what, err, tc.want)
		}
	}
	os.WriteFile(name, good, 0o644)
	other := cfg
	other.Seed = 2
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), filepath.Join(cfg.Dir, ManifestFile)+" describes another run") {
		t.Errorf("another run in the same directory: %v", err)
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "lab.json: no such file") {
		t.Errorf("Load of an empty directory: %v", err)
	}
}

// The report is one HTML file with its plots inlined and nothing from a
// network, and a JSON file with the same numbers.
func TestReport(t *testing.T) {
	cfg := Config{Run: match.Run{Game: "3io", Players: 3, Bots: []string{"random", "greedy"}, Games: 30, Seed: 1}, Dir: t.TempDir()}
	run(t, cfg)
	d, err := Load(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := WriteReport(d)
	if err != nil {
		t.Fatal(err)
	}
	html := string(readFile(t, filepath.Join(cfg.Dir, ReportHTML)))
	if n := strings.Count(html, `src="data:image/png;base64,`); n < 5 {
		t.Errorf("%d inlined plots, want at least 5", n)
	}
	for _, bad := range []string{"http://", "https://", "<script", "<link"} {
		if strings.Contains(html, bad) {
			t.Errorf("the report contains %q", bad)
		}
	}
	for _, want := range []string{"Balance", "Lead Change", "Drama", "board-full", "dust-light", "single/outcome/Balance.java"} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(html, "Finding") {
		t.Errorf("a run without finding.md has a Finding section")
	}

	// A finding in plain words goes at the top, rendered, its raw HTML
	// left out.
	finding := "Seat 1 *wins more*.\n\n| seat | share |\n|---|---|\n| 1 | 0.6 |\n\n<script>alert(1)</script>\n"
	if err := os.WriteFile(filepath.Join(cfg.Dir, FindingFile), []byte(finding), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = WriteReport(d)
	if err != nil {
		t.Fatal(err)
	}
	html = string(readFile(t, filepath.Join(cfg.Dir, ReportHTML)))
	top, _, _ := strings.Cut(html, "<h2>Metrics</h2>")
	for _, want := range []string{"<h2>Finding</h2>", "<em>wins more</em>", "<td>0.6</td>"} {
		if !strings.Contains(top, want) {
			t.Errorf("the report's top lacks %q", want)
		}
	}
	if strings.Contains(html, "<script") {
		t.Errorf("the finding's raw HTML reached the report")
	}
	if s.Finding != finding {
		t.Errorf("summary's finding = %q, want the file's", s.Finding)
	}
	var back Summary
	if err := jsonUnmarshalStrict(readFile(t, filepath.Join(cfg.Dir, ReportJSON)), &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&back, s) {
		t.Errorf("report.json differs from the summary")
	}
	if back.Played != 30 || len(back.Metrics) != len(metricNames) || len(back.Seats) != 3 || len(back.Bots) != 2 {
		t.Errorf("summary: %+v", back)
	}
}

// Every game of every engine game runs in the lab with its outcomes.
func TestEveryGame(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		cfg := Config{Run: match.Run{Game: in.Name, Bots: []string{"random"}, Games: 3, Seed: 1}, Dir: t.TempDir()}
		run(t, cfg)
		d, err := Load(cfg.Dir)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := g.New(game.Config{Players: in.MinPlayers})
		_, outcomer := s.(game.Outcomer)
		for _, r := range d.Results {
			if outcomer && (r.End == "" || r.Why == "") {
				t.Errorf("%s: game %d has no end reason", in.Name, r.Index)
			}
		}
	}
}

// compareDirs makes two hand-made runs of 4 games, paired by seed.
func compareDirs() (*Dir, *Dir) {
	mk := func(pacing string, turns []int) *Dir {
		m := Manifest{Format: FormatVersion, Game: "3io", Players: 2, Options: game.Options{"civilization-pacing": pacing},
			Labels: []string{"random"}, Games: 4, Seed: 1, Trace: TraceTurn}
		d := &Dir{Path: pacing, Manifest: m}
		for i, n := range turns {
			d.Results = append(d.Results, Result{Index: i, Seed: uint64(1 + i), Bots: []int{0, 0},
				Returns: []float64{float64(i % 2), float64(1 - i%2)}, Actions: n, Turns: n,
				Moves: []int{n, 0}, Choices: []int{0, 0}, Legal: []int{n, 0}, End: "board-full"})
		}
		return d
	}
	return mk("off", []int{10, 20, 30, 40}), mk("on", []int{8, 14, 24, 30})
}

func TestCompareByHand(t *testing.T) {
	a, b := compareDirs()
	c, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Paired || c.Pairs != 4 || c.Subject != "civilization-pacing=on" {
		t.Fatalf("paired %v over %d, subject %q", c.Paired, c.Pairs, c.Subject)
	}
	var turns, bal *Diff
	for i := range c.Rows {
		switch c.Rows[i].Key {
		case keyTurns:
			turns = &c.Rows[i]
		case keyBalance:
			bal = &c.Rows[i]
		}
	}
	// Differences -2, -6, -6, -10: mean -6, sd sqrt((16+0+0+16)/3) =
	// sqrt(32/3) = 3.266; t(3) = 3.1824; half-width 3.1824*3.266/2 =
	// 5.197: [-11.197, -0.803].
	if !near3(turns.Diff, -6) || !near3(turns.Low, -11.197) || !near3(turns.High, -0.803) || turns.Method != "paired t" || !turns.Significant {
		t.Errorf("turns: %+v", *turns)
	}
	// Means 25 and 19: B/A - 1 = -.24. Variances 166.67 (A), 97.33 (B),
	// covariance 126.67; se = sqrt((97.33 + .5776*166.67 - 2*.76*126.67)/4)/25
	// = sqrt(1.0667/4)/25 = .020656; on the log scale (so that it never
	// falls below -100%) .020656/.76 = .027179, and the interval
	// .76*exp(-+1.96*.027179) - 1 = [-.2794, -.1984].
	if !near3(turns.Rel, -0.24) || !near3(turns.RelLow, -0.2794) || !near3(turns.RelHigh, -0.1984) {
		t.Errorf("turns relative: %+v", *turns)
	}
	// The same returns in both runs: Balance (1 - |.5 - .5| = 1) unchanged.
	if bal.A != 1 || bal.B != 1 || bal.Significant {
		t.Errorf("balance: %+v", *bal)
	}
	want := "civilization-pacing=on shortens games by 24% (95% CI 20-28%); seat balance unchanged"
	if c.Verdict != want {
		t.Errorf("verdict %q, want %q", c.Verdict, want)
	}
	// With another seed the runs do not pair: Welch's interval.
	b.Manifest.Seed = 2
	for i := range b.Results {
		b.Results[i].Seed++
	}
	c, _ = Compare(a, b)
	if c.Paired || !strings.HasSuffix(c.Verdict, "(unpaired: the runs have different seeds)") || c.Rows[0].Method != "Welch t" {
		t.Errorf("unpaired: %+v", c)
	}
}

// TestCompareNoRatioToAMeanIndistinguishableFromZero: B/A - 1 is given
// only when A's mean stands clear of 0 (Fieller); an event seen once in
// 200 games of A gets a difference but no relative change.
func TestCompareNoRatioToAMeanIndistinguishableFromZero(t *testing.T) {
	rare, common := &Series{}, &Series{}
	rareB, commonB := &Series{}, &Series{}
	for i := range 200 {
		r := 0.0
		if i == 7 {
			r = 1
		}
		rare.add(i, r)
		rareB.add(i, float64(i%10/9)) // 20 in 200
		common.add(i, float64(20+i%5))
		commonB.add(i, float64(22+i%5))
	}
	for _, paired := range []bool{true, false} {
		if d := compareSeries(rare, rareB, paired, true); d.HasRel || !d.Significant {
			t.Errorf("paired %v: a count seen once in A: %+v, want a significant difference and no relative change", paired, d)
		}
		if d := compareSeries(common, commonB, paired, true); !d.HasRel || !near3(d.Rel, 0.0909) {
			t.Errorf("paired %v: means 22 and 24: %+v, want B/A - 1 = 0.0909", paired, d)
		}
	}
}

func near3(a, b float64) bool { return a-b < 1e-3 && b-a < 1e-3 }

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/5"); err != nil || s != (Shard{2, 5}) {
		t.Errorf("2/5: %v %v", s, err)
	}
	for _, bad := range []string{"5/5", "-1/3", "1", "a/b", "0/0"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if !slices.Equal([]bool{(&Shard{1, 3}).Has(4), (&Shard{1, 3}).Has(5)}, []bool{true, false}) {
		t.Errorf("Has")
	}
}

// A Breaking Head report splits the teams' win rates by deal: five
// players are dealt one Blocker or two (B1).
func TestReportByDeal(t *testing.T) {
	cfg := Config{Run: match.Run{Game: "breaking-head", Players: 5, Teams: map[string]string{"contributor": "random", "blocker": "random"}, Games: 20, Seed: 1}, Dir: t.TempDir()}
	run(t, cfg)
	d, err := Load(cfg.Dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := WriteReport(d)
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, dl := range s.Deals {
		games += dl.Games
	}
	if len(s.Deals) != 2 || games != 20 {
		t.Fatalf("deals %+v, want two deals over 20 games", s.Deals)
	}
	html := string(readFile(t, filepath.Join(cfg.Dir, ReportHTML)))
	for _, want := range []string{"<h3>By deal</h3>", "<td>blocker 1, contributor 4</td>", "<td>blocker 2, contributor 3</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// TestResumeRefusesARunReadBeforeRoundsWereCounted: a Source run begun
// when --trace round read at each of the first mover's turns (its
// manifest has no rounds) must not be finished by a binary that reads
// once a round by Source's count: one results file would hold both.
// Other trace settings, and games without a count, resume as before.
func TestResumeRefusesARunReadBeforeRoundsWereCounted(t *testing.T) {
	for _, tc := range []struct {
		game, trace, rounds string
		refused             bool
	}{
		{"source", TraceRound, RoundsCounted, true},
		{"source", TraceTurn, "", false},
		{"3io", TraceRound, "", false},
	} {
		t.Run(tc.game+"/"+tc.trace, func(t *testing.T) {
			cfg := Config{Run: match.Run{Game: tc.game, Bots: []string{"random"}, Games: 4, Seed: 7}, Workers: 1, Trace: tc.trace, Dir: filepath.Join(t.TempDir(), "run")}
			half := cfg
			half.Games = 2
			if _, err := Run(context.Background(), half); err != nil {
				t.Fatal(err)
			}
			m, err := ReadManifest(cfg.Dir)
			if err != nil {
				t.Fatal(err)
			}
			if m.Rounds != tc.rounds {
				t.Fatalf("manifest's rounds %q, want %q", m.Rounds, tc.rounds)
			}
			// As an older binary wrote it, for the whole run.
			m.Rounds, m.Games = "", cfg.Games
			if err := writeManifest(cfg.Dir, m); err != nil {
				t.Fatal(err)
			}
			before := readFile(t, filepath.Join(cfg.Dir, ResultsFile))
			_, err = Run(context.Background(), cfg)
			if !tc.refused {
				if err != nil {
					t.Errorf("resume: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), filepath.Join(cfg.Dir, ManifestFile)) || !strings.Contains(err.Error(), "before source counted its rounds") {
				t.Errorf("resume of a run read at the first mover's turns: %v", err)
			}
			if after := readFile(t, filepath.Join(cfg.Dir, ResultsFile)); !bytes.Equal(before, after) {
				t.Errorf("the refused resume changed the results")
			}
		})
	}
}
