package lab

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

func coinAxes(t *testing.T, specs ...string) []Axis {
	t.Helper()
	g, err := game.Lookup("tune-coin")
	if err != nil {
		t.Fatal(err)
	}
	var axes []Axis
	for _, s := range specs {
		a, err := ParseAxis(s, g.Info())
		if err != nil {
			t.Fatal(err)
		}
		axes = append(axes, a)
	}
	return axes
}

func TestParseAxis(t *testing.T) {
	g, _ := game.Lookup("source")
	in := g.Info()
	coin, _ := game.Lookup("tune-coin")
	tests := []struct {
		spec    string
		info    game.Info
		want    []string
		numeric bool
		err     string
	}{
		{spec: "bias", info: coin.Info(), want: game.Range(0, 10, 1), numeric: true},
		{spec: "bias=2,5", info: coin.Info(), want: []string{"2", "5"}, numeric: true},
		{spec: "capture-needs-adjacency", info: in, want: []string{"off", "on"}},
		{spec: "nonesuch", info: in, err: `source has no option "nonesuch"`},
		{spec: "bias=2,2", info: coin.Info(), err: `value "2" given twice`},
	}
	for _, tc := range tests {
		a, err := ParseAxis(tc.spec, tc.info)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		if strings.Join(a.Values, ",") != strings.Join(tc.want, ",") || a.Numeric != tc.numeric {
			t.Errorf("%s: %v numeric %v, want %v %v", tc.spec, a.Values, a.Numeric, tc.want, tc.numeric)
		}
	}
}

func TestGridAndPointNames(t *testing.T) {
	axes := []Axis{{Option: "a", Values: []string{"1", "2"}}, {Option: "b", Values: []string{"", "x/../y"}}}
	var names []string
	for _, p := range Grid(axes) {
		names = append(names, PointName(axes, p))
	}
	want := "a=1,b=default a=1,b=x_.._y a=2,b=default a=2,b=x_.._y"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("points %q, want %q", got, want)
	}
	if got := PointName([]Axis{{Option: "a"}}, []string{".."}); got != "a=__" {
		t.Errorf("a value of .. named %q: a folder out of the sweep", got)
	}
}

func TestSweep(t *testing.T) {
	dir := t.TempDir()
	cfg := SweepConfig{
		Config: Config{Dir: dir, Run: match.Run{Game: "tune-coin", Bots: []string{"random", "random"}, Games: 200, Seed: 1,
			Options: game.Options{"length": "2"}}},
		Axes: coinAxes(t, "bias=2,5,8"),
	}
	sw, err := RunSweep(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Points) != 3 {
		t.Fatalf("%d points, want 3", len(sw.Points))
	}
	var rates []float64
	for _, p := range sw.Points {
		v, ok := valueOf(Values(p.Summary), "seat-1")
		if !ok {
			t.Fatalf("point %s: no seat-1 win rate", p.Dir)
		}
		rates = append(rates, v.V)
		if turns, _ := valueOf(Values(p.Summary), keyTurns); turns.V != 4 {
			t.Errorf("point %s: %v turns, want the fixed length's 4", p.Dir, turns.V)
		}
	}
	for i, want := range []float64{0.2, 0.5, 0.8} {
		if math.Abs(rates[i]-want) > 0.1 {
			t.Errorf("point %d: seat 1 wins %.3f, want about %.1f", i, rates[i], want)
		}
	}
	for _, f := range []string{SweepFile, SweepHTML, "bias=5/" + ResultsFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, SweepHTML))
	if n := strings.Count(string(page), "data:image/png;base64,"); n < 5 {
		t.Errorf("the sweep's page has %d plots", n)
	}
	// A rerun resumes: the same numbers, no game played again.
	again, err := RunSweep(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again.Points[1].Summary.Seats[0] != sw.Points[1].Summary.Seats[0] {
		t.Error("a rerun measured other games")
	}
}

func TestSweepRefusesBeforePlaying(t *testing.T) {
	base := Config{Run: match.Run{Game: "tune-coin", Bots: []string{"random"}, Games: 10, Seed: 1}}
	tests := []struct {
		name string
		axes []Axis
		opts game.Options
		err  string
	}{
		{"bad value", []Axis{{Option: "bias", Values: []string{"5", "eleven"}}}, nil, `point bias=eleven: tune-coin: option bias="eleven"`},
		{"fixed and varied", []Axis{{Option: "bias", Values: []string{"5"}}}, game.Options{"bias": "2"}, "both fixed (--option) and varied"},
		{"twice", []Axis{{Option: "bias", Values: []string{"5"}}, {Option: "bias", Values: []string{"6"}}}, nil, "varied twice"},
		{"none", nil, nil, "no parameter to vary"},
	}
	for _, tc := range tests {
		dir := filepath.Join(t.TempDir(), "sweep")
		c := base
		c.Dir, c.Options = dir, tc.opts
		_, err := RunSweep(context.Background(), SweepConfig{Config: c, Axes: tc.axes})
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: the sweep's directory was made", tc.name)
		}
	}
}

func TestParseTarget(t *testing.T) {
	tests := []struct {
		in, out string
		err     string
	}{
		{in: "balance=0.95:", out: "balance=0.95:"},
		{in: "p1=0.47:0.53", out: "seat-1=0.47:0.53"},
		{in: "turns=0.8x:1.2x", out: "duration-turns=0.8x:1.2x"},
		{in: "gap=:0.9", out: "gap=:0.9"},
		{in: "turns=0.8x:30", err: "both sides as multiples"},
		{in: "balance=0.9:0.8", err: "low side is above"},
		{in: "balance=:", err: "at least one side"},
		{in: "balance", err: "want KEY=LO:HI"},
		{in: "balance=a:", err: `"a" is not a number`},
	}
	for _, tc := range tests {
		tg, err := ParseTarget(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || tg.String() != tc.out {
			t.Errorf("%s: %v %v, want %s", tc.in, tg, err, tc.out)
		}
	}
}

// A miss is in the target's own scale: the width of a closed range, five
// points for a rate with one side, a tenth of the bound otherwise.
func TestTargetMiss(t *testing.T) {
	tests := []struct {
		target  string
		v, base float64
		unit    bool
		want    float64
	}{
		{"seat-1=0.47:0.53", 0.50, 0, true, 0},
		{"seat-1=0.47:0.53", 0.59, 0, true, 1},         // 0.06 over, width 0.06
		{"balance=0.95:", 0.90, 0, true, 1},            // 0.05 under, five points
		{"duration-turns=40:", 36, 0, false, 1},        // 4 under, a tenth of 40
		{"duration-turns=0.8x:1.2x", 30, 50, false, 1}, // bounds 40-60: 10 under, width 20: 0.5
		{"duration-turns=0.8x:1.2x", 55, 50, false, 0},
	}
	tests[4].want = 0.5
	for _, tc := range tests {
		tg, err := ParseTarget(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		if got := tg.miss(tc.v, tc.base, tc.unit); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s at %v (today %v): miss %v, want %v", tc.target, tc.v, tc.base, got, tc.want)
		}
	}
}

func coinTune(dir string) TuneConfig {
	tg1, _ := ParseTarget("seat-1=0.47:0.53")
	tg2, _ := ParseTarget("turns=6:6")
	return TuneConfig{
		Dir:     dir,
		Run:     match.Run{Game: "tune-coin", Bots: []string{"random", "random"}, Seed: 7},
		Axes:    []Axis{{Option: "bias", Values: game.Range(0, 10, 1), Numeric: true}, {Option: "length", Values: game.Range(1, 6, 1), Numeric: true}},
		Targets: []Target{tg1, tg2},
		Budget:  12000, Confirm: 400, MaxCandidates: 66,
		Trace: TraceOff,
	}
}

// The tuner finds the test game's known optimum (bias 5, length 3: seat 1
// wins half the games, which last six turns) among 66 candidates within
// its budget, and its confirmation on fresh seeds meets both targets,
// which today's rules (bias 8, length 1) miss.
func TestTuneFindsTheKnownOptimum(t *testing.T) {
	dir := t.TempDir()
	tu, err := Tune(context.Background(), coinTune(dir))
	if err != nil {
		t.Fatal(err)
	}
	best := tu.Candidates[tu.Best]
	if best.Name != "bias=5,length=3" {
		t.Errorf("best %s (miss %v), want bias=5,length=3", best.Name, best.Miss)
	}
	if tu.Played > 12000*11/10 {
		t.Errorf("played %d games on a budget of 12000", tu.Played)
	}
	if tu.Candidates[tu.Today].Name != "bias=8,length=1" {
		t.Errorf("today's rules read %s", tu.Candidates[tu.Today].Name)
	}
	c := tu.Confirm
	if c == nil || len(c.Met) != 2 || !c.Met[0] || !c.Met[1] {
		t.Fatalf("confirmation %+v: want both targets met", c)
	}
	if len(c.MetToday) != 2 || c.MetToday[0] || c.MetToday[1] {
		t.Errorf("today's rules (bias 8, length 1) meet %v of the targets, want neither", c.MetToday)
	}
	if c.Today[0].V < 0.7 {
		t.Errorf("today's rules confirmed at seat 1 %.3f, want about 0.8", c.Today[0].V)
	}
	if _, err := os.Stat(filepath.Join(dir, TuneFile)); err != nil {
		t.Error(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, TuneHTML))
	if err != nil || !strings.Contains(string(page), `<tr class="best"><td>bias=5,length=3</td>`) || !strings.Contains(string(page), "<h2>Confirmation</h2>") {
		t.Errorf("the tuning's page (%v) does not show the best point and the confirmation", err)
	}
	// Another tuning is refused in the same folder.
	other := coinTune(dir)
	other.Budget = 500
	if _, err := Tune(context.Background(), other); err == nil || !strings.Contains(err.Error(), "holds another tuning") {
		t.Errorf("another tuning in the folder: %v", err)
	}
}

// Two shards of a tuning, on one shared folder, play their halves, wait
// for each other at each round, and choose the same point as one machine.
func TestTuneShards(t *testing.T) {
	one := coinTune(t.TempDir())
	one.Budget, one.Confirm = 3000, 0
	one.Axes = one.Axes[:1]
	one.Options = game.Options{"length": "3"}
	one.Targets = one.Targets[:1]
	want, err := Tune(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	shared := t.TempDir()
	// A shard that fails leaves the other waiting for it: bound the wait.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	got := make([]*Tuning, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := one
			c.Dir, c.Shard, c.Poll = shared, &Shard{Index: i, Count: 2}, 5e6
			got[i], errs[i] = Tune(ctx, c)
		}()
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil {
			t.Fatalf("shard %d: %v", i, errs[i])
		}
		if got[i].Best != want.Best || got[i].Candidates[got[i].Best].Miss != want.Candidates[want.Best].Miss {
			t.Errorf("shard %d chose %s (miss %v), one machine %s (miss %v)", i, got[i].Candidates[got[i].Best].Name,
				got[i].Candidates[got[i].Best].Miss, want.Candidates[want.Best].Name, want.Candidates[want.Best].Miss)
		}
	}
}

func TestTuneRefusesBeforePlaying(t *testing.T) {
	tg, _ := ParseTarget("gap=0.6:")
	bal, _ := ParseTarget("balance=0.95:")
	tests := []struct {
		name string
		edit func(*TuneConfig)
		err  string
	}{
		{"gap without bots", func(c *TuneConfig) { c.Targets = []Target{tg} }, "name the stronger and the weaker bot"},
		{"no target", func(c *TuneConfig) { c.Targets = nil }, "no target"},
		{"no budget", func(c *TuneConfig) { c.Budget = 0 }, "budget of 0 games"},
		{"bad value", func(c *TuneConfig) { c.Axes = []Axis{{Option: "bias", Values: []string{"5", "x"}}} }, "candidate bias=x"},
		{"bad gap bot", func(c *TuneConfig) { c.Gap, c.Targets = []string{"random", "nonesuch"}, []Target{bal} }, "nonesuch"},
	}
	for _, tc := range tests {
		c := coinTune(filepath.Join(t.TempDir(), "tune"))
		tc.edit(&c)
		_, err := Tune(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		}
		if _, err := os.Stat(c.Dir); err == nil {
			t.Errorf("%s: the tuning's directory was made", tc.name)
		}
	}
}

// BenchmarkTune measures the tuner's own cost: a tuning of the test game,
// whose games cost next to nothing, so that the time is the tuner's
// bookkeeping (runs made, summaries, rankings), per game played.
func BenchmarkTune(b *testing.B) {
	played := 0
	for b.Loop() {
		c := coinTune(b.TempDir())
		c.Budget, c.Confirm = 2000, 0
		tu, err := Tune(context.Background(), c)
		if err != nil {
			b.Fatal(err)
		}
		played += tu.Played
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(played), "ns/game")
}

// The gap is the stronger bot's share of the two bots' wins: between two
// random bots in the coin game, where the bots decide nothing, a half.
func TestTuneGapIsTheStrongersShare(t *testing.T) {
	c := coinTune(t.TempDir())
	gap, _ := ParseTarget("gap=0.4:0.6")
	c.Gap, c.Targets, c.Budget, c.Confirm = []string{"random", "random"}, []Target{gap}, 2000, 0
	c.Axes = c.Axes[:1]
	tu, err := Tune(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	// The last round's two candidates played the most games (both kinds).
	for _, i := range tu.Rounds[len(tu.Rounds)-1].Candidates {
		cand := tu.Candidates[i]
		if g := float64(cand.Measures[0]); cand.Games < 400 || math.Abs(g-0.5) > 0.08 {
			t.Errorf("%s: gap %.3f over %d games between equal bots, want about 0.5", cand.Name, g, cand.Games)
		}
	}
}
