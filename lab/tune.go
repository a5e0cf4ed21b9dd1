package lab

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/stats"
)

// Target is what a tuning wants of one measure (a key of Values): a value
// within [Lo, Hi]. An open side is an infinity. With Relative, Lo and Hi
// are multiples of the measure under today's rules ("turns=0.8x:1.2x":
// within a fifth of today's length).
type Target struct {
	Key      string  `json:"key"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	Relative bool    `json:"relative,omitempty"`
}

// targetAliases are the short names a target may use.
var targetAliases = map[string]string{
	"turns":   keyTurns,
	"actions": keyActions,
	"moves":   keyMoves,
	"p1":      "seat-1",
	"first":   "seat-1",
}

// GapKey is the target key of the skill gap: the stronger bot's share of
// the two bots' wins against the weaker (TuneConfig.Gap), as lab compare's
// skill gap row reads it.
const GapKey = "gap"

// ParseTarget reads "KEY=LO:HI", either side empty for none
// ("balance=0.95:", "seat-1=0.47:0.53"), or with both sides ending in x,
// multiples of today's value ("turns=0.8x:1.2x").
func ParseTarget(s string) (Target, error) {
	k, r, ok := strings.Cut(s, "=")
	lo, hi, ok2 := strings.Cut(r, ":")
	if !ok || !ok2 || k == "" {
		return Target{}, fmt.Errorf("target %q: want KEY=LO:HI, such as balance=0.95: or seat-1=0.47:0.53 or turns=0.8x:1.2x", s)
	}
	if a, ok := targetAliases[k]; ok {
		k = a
	}
	t := Target{Key: k, Lo: math.Inf(-1), Hi: math.Inf(1)}
	t.Relative = strings.HasSuffix(lo, "x") || strings.HasSuffix(hi, "x")
	for i, side := range []string{lo, hi} {
		if side == "" {
			continue
		}
		if t.Relative != strings.HasSuffix(side, "x") {
			return Target{}, fmt.Errorf("target %q: give both sides as multiples (0.8x:1.2x) or neither", s)
		}
		x, err := strconv.ParseFloat(strings.TrimSuffix(side, "x"), 64)
		if err != nil || !finite(x) {
			return Target{}, fmt.Errorf("target %q: %q is not a number", s, side)
		}
		if i == 0 {
			t.Lo = x
		} else {
			t.Hi = x
		}
	}
	if t.Lo > t.Hi {
		return Target{}, fmt.Errorf("target %q: the low side is above the high", s)
	}
	if math.IsInf(t.Lo, -1) && math.IsInf(t.Hi, 1) {
		return Target{}, fmt.Errorf("target %q: give at least one side", s)
	}
	return t, nil
}

// String writes the target as ParseTarget reads it.
func (t Target) String() string {
	side := func(x float64) string {
		if math.IsInf(x, 0) {
			return ""
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if t.Relative {
			s += "x"
		}
		return s
	}
	return t.Key + "=" + side(t.Lo) + ":" + side(t.Hi)
}

// bounds returns the target's range for a measure whose value under
// today's rules is base.
func (t Target) bounds(base float64) (lo, hi float64) {
	if t.Relative {
		return t.Lo * base, t.Hi * base
	}
	return t.Lo, t.Hi
}

// miss is how far v falls outside the target, in the target's own scale:
// 0 inside; the width of a closed range, or 0.05 for a measure between 0
// and 1 (five points of a rate), or a tenth of the bound, is 1.
func (t Target) miss(v, base float64, unit bool) float64 {
	lo, hi := t.bounds(base)
	out := max(0, lo-v, v-hi)
	if out == 0 {
		return 0
	}
	scale := hi - lo
	if math.IsInf(scale, 0) || scale <= 0 {
		switch {
		case unit:
			scale = 0.05
		case !math.IsInf(lo, 0):
			scale = 0.1 * math.Abs(lo)
		default:
			scale = 0.1 * math.Abs(hi)
		}
	}
	return out / max(scale, 1e-9)
}

// TuneConfig describes a tuning: a search over the axes' grid for the
// point whose games meet the targets, by successive halving (Jamieson and
// Talwalkar 2016): every candidate plays a few games, the better half
// plays more, and so on until one is left, so that the budget goes to
// the candidates that might win, and a noisy first measurement only
// costs a candidate its place when it is clearly worse.
type TuneConfig struct {
	// Dir is the tuning's directory: tune.json, and a folder per round
	// and candidate holding its runs.
	Dir string
	// Run is the games every candidate plays: the game, players, the
	// options every candidate shares, equal bots (Bots or Teams) for
	// balance and length, and the first seed. Its Games is unused.
	match.Run
	// Gap, if set, is a stronger and a weaker bot spec: every candidate
	// plays as many games between them as between the equal bots, and
	// the "gap" target reads the stronger one's win rate.
	Gap     []string
	Axes    []Axis
	Targets []Target
	// Budget is the games of the search in all (both kinds); Confirm the
	// games of each confirmation run (today's rules and the best point,
	// on fresh seeds), 0 for none.
	Budget  int
	Confirm int
	// MaxCandidates bounds the candidates: a larger grid is sampled
	// (today's rules always among them). Default 32.
	MaxCandidates int
	// Shard, Workers and Trace are as in Config. With a shard, every run
	// plays only its shard into its own folder, and each round waits for
	// the other shards' folders (the tuning's directory shared between
	// machines) before it ranks: every shard ranks the same results the
	// same way.
	Shard   *Shard
	Workers int
	Trace   string
	// Poll is how often a shard looks for the others' results (default
	// 2 s); Log, if set, is told of each step.
	Poll time.Duration
	Log  func(format string, args ...any)
}

// TuneFile is the tuning's record in its directory.
const TuneFile = "tune.json"

// Tuning is what a tuning did: every candidate, what it measured and how
// far it missed, the rounds, the best point and its confirmation.
type Tuning struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options game.Options      `json:"options"`
	Bots    []string          `json:"bots,omitempty"`
	Teams   map[string]string `json:"teams,omitempty"`
	Gap     []string          `json:"gap,omitempty"`
	Axes    []Axis            `json:"axes"`
	Targets []string          `json:"targets"`
	Budget  int               `json:"budget"`
	Seed    uint64            `json:"seed"`
	// Today is the candidate of today's rules (every axis at its
	// option's value when unset), an index of Candidates.
	Today      int          `json:"today"`
	Candidates []*Candidate `json:"candidates"`
	Rounds     []TuneRound  `json:"rounds"`
	// Best is the index of the point the search chose.
	Best int `json:"best"`
	// Played is the games the search played, within Budget.
	Played  int           `json:"played"`
	Confirm *Confirmation `json:"confirm,omitempty"`
}

// Candidate is one point of the grid the search tried.
type Candidate struct {
	Values []string `json:"values"`
	Name   string   `json:"name"`
	// Games are the games it played (both kinds), Rounds the rounds it
	// played in.
	Games  int `json:"games"`
	Rounds int `json:"rounds"`
	// Measures are the targets' values over all its games, in the order
	// of the targets; Miss their summed misses (0: every target met).
	Measures []Measure `json:"measures"`
	Miss     float64   `json:"miss"`
}

// Measure is a measured value, written null in JSON when undefined
// (NaN).
type Measure float64

// MarshalJSON writes the number, or null for NaN.
func (m Measure) MarshalJSON() ([]byte, error) {
	if !finite(float64(m)) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(m), 'g', -1, 64), nil
}

// UnmarshalJSON reads a number or null (NaN).
func (m *Measure) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*m = Measure(math.NaN())
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	*m = Measure(f)
	return err
}

// TuneRound is one round of successive halving.
type TuneRound struct {
	// Candidates are the indexes of the round's candidates, best first
	// after the round; GamesEach the games each played in it (both
	// kinds); Kept how many went on.
	Candidates []int  `json:"candidates"`
	GamesEach  int    `json:"games_each"`
	Kept       int    `json:"kept"`
	Seed       uint64 `json:"seed"`
}

// Confirmation is the best point and today's rules played again on fresh
// seeds, their measures with 95% intervals, and the comparison's verdict.
type Confirmation struct {
	Games int     `json:"games"`
	Seed  uint64  `json:"seed"`
	Today []Value `json:"today"`
	Best  []Value `json:"best"`
	Met   []bool  `json:"met"`
	// MetToday says which targets today's rules meet in the confirmation:
	// a target the search's noise led away from (today's rules, measured
	// on few games in an early round) shows here.
	MetToday []bool            `json:"met_today"`
	Verdict  string            `json:"verdict"`
	Dirs     map[string]string `json:"dirs"`
}

// Tune runs the search and its confirmation and writes DIR/tune.json. A
// rerun with the same configuration resumes: every run resumes as Run
// does, and the rankings are made again from the same results.
func Tune(ctx context.Context, cfg TuneConfig) (*Tuning, error) {
	t, cands, err := prepareTune(&cfg)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	if err := checkTuneDir(cfg.Dir, t); err != nil {
		return nil, err
	}
	if err := writeTuning(cfg.Dir, t); err != nil { // the directory is this tuning's
		return nil, err
	}
	logf := cfg.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	// Successive halving: R rounds, each spending a like share of the
	// budget on the candidates still in.
	kinds := 1
	if len(cfg.Gap) > 0 {
		kinds = 2
	}
	rounds := max(1, int(math.Ceil(math.Log2(float64(len(cands))))))
	per := cfg.Budget / rounds
	step := gameStep(cfg)
	alive := make([]int, len(cands))
	for i := range alive {
		alive[i] = i
	}
	results := make([]candResults, len(cands))
	seed := cfg.Seed
	for r := 0; r < rounds && len(alive) > 0; r++ {
		if r == rounds-1 { // the last round spends what is left
			per = cfg.Budget - t.Played
		}
		each := max(step, per/len(alive)/kinds/step*step)
		logf("round %d of %d: %d candidates, %d games each", r+1, rounds, len(alive), each*kinds)
		for _, i := range alive {
			c := cands[i]
			dir := filepath.Join(cfg.Dir, "round-"+strconv.Itoa(r+1), c.Name)
			eq, gap, err := playCandidate(ctx, cfg, pointOptions(cfg.Options, cfg.Axes, c.Values), dir, each, seed)
			if err != nil {
				return nil, fmt.Errorf("lab: candidate %s: %w", c.Name, trimLab(err))
			}
			results[i].add(eq, gap)
			c.Games += each * kinds
			c.Rounds++
			t.Played += each * kinds
		}
		base := measure(cfg, results[t.Today], nil)
		for _, i := range alive {
			cands[i].Measures = measure(cfg, results[i], nil)
			cands[i].Miss = totalMiss(cfg.Targets, cands[i].Measures, base, unitTargets(cfg.Targets))
		}
		slices.SortStableFunc(alive, func(a, b int) int { return rank(cands, t.Today, a, b) })
		kept := (len(alive) + 1) / 2
		if r == rounds-1 {
			kept = 1
		}
		t.Rounds = append(t.Rounds, TuneRound{Candidates: slices.Clone(alive), GamesEach: each * kinds, Kept: kept, Seed: seed})
		alive = alive[:kept]
		seed += uint64(each)
	}
	t.Best = alive[0]
	logf("best: %s (miss %.3g)", cands[t.Best].Name, cands[t.Best].Miss)
	if cfg.Confirm > 0 {
		if t.Confirm, err = confirm(ctx, cfg, t, cands); err != nil {
			return nil, err
		}
	}
	return t, writeTuning(cfg.Dir, t)
}

// prepareTune checks the configuration and returns the tuning's record
// and its candidates.
func prepareTune(cfg *TuneConfig) (*Tuning, []*Candidate, error) {
	g, gcfg, err := cfg.Run.Resolve()
	if err != nil {
		return nil, nil, err
	}
	if err := checkAxes(cfg.Axes, cfg.Options); err != nil {
		return nil, nil, err
	}
	if len(cfg.Targets) == 0 {
		return nil, nil, errors.New("lab: no target: name one or more (--target balance=0.95:)")
	}
	for _, tg := range cfg.Targets {
		if tg.Key == GapKey && len(cfg.Gap) == 0 {
			return nil, nil, errors.New("lab: target gap: name the stronger and the weaker bot (--gap STRONG,WEAK)")
		}
	}
	if len(cfg.Gap) != 0 && len(cfg.Gap) != 2 {
		return nil, nil, fmt.Errorf("lab: --gap: want two bot specs, the stronger first, not %d", len(cfg.Gap))
	}
	if cfg.Budget < 1 {
		return nil, nil, fmt.Errorf("lab: a budget of %d games: want at least 1", cfg.Budget)
	}
	if cfg.MaxCandidates == 0 {
		cfg.MaxCandidates = 32
	}
	cfg.Players = gcfg.Players
	today := make([]string, len(cfg.Axes))
	for i, a := range cfg.Axes {
		today[i] = gcfg.Options[a.Option]
	}
	grid := Grid(cfg.Axes)
	if !slices.ContainsFunc(grid, func(p []string) bool { return slices.Equal(p, today) }) {
		grid = append([][]string{today}, grid...)
	}
	if len(grid) > cfg.MaxCandidates {
		// A sample of the grid, drawn from the seed, today's rules first.
		rng := rand.New(rand.NewPCG(cfg.Seed, 0x74756e65))
		rest := slices.DeleteFunc(slices.Clone(grid), func(p []string) bool { return slices.Equal(p, today) })
		rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		grid = append([][]string{today}, rest[:cfg.MaxCandidates-1]...)
	}
	t := &Tuning{Game: g.Info().Name, Players: gcfg.Players, Options: cfg.Options, Bots: cfg.Bots, Teams: cfg.Teams,
		Gap: cfg.Gap, Axes: cfg.Axes, Budget: cfg.Budget, Seed: cfg.Seed, Today: -1}
	if t.Options == nil {
		t.Options = game.Options{}
	}
	for _, tg := range cfg.Targets {
		t.Targets = append(t.Targets, tg.String())
	}
	var cands []*Candidate
	for _, vals := range grid {
		c := &Candidate{Values: vals, Name: PointName(cfg.Axes, vals)}
		// Every candidate must make a run before any game is played.
		for k, bots := range runBots(*cfg) {
			run := cfg.Run
			run.Options = pointOptions(cfg.Options, cfg.Axes, vals)
			run.Games = 1
			if k == 1 {
				run.Bots, run.Teams = bots, nil
			}
			if _, err := Prepare(Config{Run: run, Dir: cfg.Dir}); err != nil {
				return nil, nil, fmt.Errorf("lab: candidate %s: %w", c.Name, trimLab(err))
			}
		}
		if slices.Equal(vals, today) {
			t.Today = len(cands)
		}
		cands = append(cands, c)
	}
	t.Candidates = cands
	return t, cands, nil
}

// runBots returns the bots of each kind of run: the equal bots, then the
// gap's.
func runBots(cfg TuneConfig) [][]string {
	out := [][]string{cfg.Bots}
	if len(cfg.Gap) > 0 {
		out = append(out, cfg.Gap)
	}
	return out
}

// gameStep is the multiple a candidate's games come in, so that seats are
// rotated evenly between the bots.
func gameStep(cfg TuneConfig) int {
	if len(cfg.Teams) > 0 {
		return 1
	}
	step := 1
	for _, bots := range runBots(cfg) {
		if rows, err := match.Schedule(len(bots), cfg.Players); err == nil {
			step = lcm(step, len(rows))
		}
	}
	return step
}

func lcm(a, b int) int {
	g, h := a, b
	for h != 0 {
		g, h = h, g%h
	}
	return a / g * b
}

// candResults are a candidate's games of every round, by kind.
type candResults struct {
	equal, gap []*Dir
}

func (c *candResults) add(eq, gap *Dir) {
	c.equal = append(c.equal, eq)
	if gap != nil {
		c.gap = append(c.gap, gap)
	}
}

// joined is one Dir of the games of several runs of one configuration,
// renumbered, to summarise them together.
func joined(dirs []*Dir) *Dir {
	if len(dirs) == 0 {
		return nil
	}
	out := &Dir{Path: dirs[0].Path, Manifest: dirs[0].Manifest}
	out.Manifest.Games = 0
	for _, d := range dirs {
		for _, r := range d.Results {
			r.Index = len(out.Results)
			out.Results = append(out.Results, r)
		}
		out.Manifest.Games += d.Manifest.Games
	}
	return out
}

// playCandidate plays a candidate's games of one round: the equal bots'
// and, with a gap, the gap's, each a run in its own folder under dir.
func playCandidate(ctx context.Context, cfg TuneConfig, opts game.Options, dir string, games int, seed uint64) (eq, gap *Dir, err error) {
	for k, bots := range runBots(cfg) {
		run := cfg.Run
		run.Options, run.Games, run.Seed = opts, games, seed
		name := "equal"
		if k == 1 {
			run.Bots, run.Teams, name = bots, nil, "gap"
		}
		d, err := playShared(ctx, cfg, run, filepath.Join(dir, name))
		if err != nil {
			return nil, nil, err
		}
		if k == 0 {
			eq = d
		} else {
			gap = d
		}
	}
	return eq, gap, nil
}

// playShared plays a run, or with a shard this machine's shard of it,
// and returns all its games, waiting for the other shards' folders.
func playShared(ctx context.Context, cfg TuneConfig, run match.Run, dir string) (*Dir, error) {
	c := Config{Run: run, Dir: dir, Workers: cfg.Workers, Trace: cfg.Trace}
	if cfg.Shard == nil {
		if _, err := Run(ctx, c); err != nil {
			return nil, err
		}
		return Load(dir)
	}
	n := cfg.Shard.Count
	shardDir := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d", i, n)) }
	c.Dir, c.Shard = shardDir(cfg.Shard.Index), cfg.Shard
	if _, err := Run(ctx, c); err != nil {
		return nil, err
	}
	poll := cfg.Poll
	if poll <= 0 {
		poll = 2 * time.Second
	}
	var parts []*Dir
	waited := false
	for i := 0; i < n; i++ {
		sh := Shard{i, n}
		want := 0
		for g := range run.Games {
			if sh.Has(g) {
				want++
			}
		}
		for {
			d, err := Load(shardDir(i))
			if err == nil && len(d.Results) == want {
				parts = append(parts, d)
				break
			}
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			if !waited && cfg.Log != nil {
				cfg.Log("%s: waiting for shard %s (and any after it) in %s", dir, sh, shardDir(i))
				waited = true
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(poll):
			}
		}
	}
	all := &Dir{Path: dir, Manifest: parts[0].Manifest}
	all.Manifest.Shard = nil
	for _, p := range parts {
		all.Results = append(all.Results, p.Results...)
	}
	slices.SortFunc(all.Results, func(a, b Result) int { return a.Index - b.Index })
	return all, nil
}

// measure returns the targets' measures of a candidate's games (NaN for
// one its games do not define); vs, if not nil, receives every value of
// the equal games' summary.
func measure(cfg TuneConfig, r candResults, vs *[]Value) []Measure {
	eq := Values(Summarise(joined(r.equal)))
	var gapV []Value
	if len(r.gap) > 0 {
		// The skill gap as lab compare reads it: the stronger bot's share
		// of the two bots' wins, game by game (a game both or neither won,
		// such as a table's shared win, counts half).
		d := joined(r.gap)
		labels := d.Manifest.Labels
		if g := gapSeries(&d.Manifest, d.Results, labels[0], labels[1]); len(g.Value) > 0 {
			mean, sd := stats.MeanSD(g.Value)
			half := 1.96 * sd / math.Sqrt(float64(len(g.Value)))
			gapV = []Value{{Key: GapKey, Name: labels[0] + "'s share of the wins against " + labels[1], V: mean,
				Low: max(0, mean-half), High: min(1, mean+half), Unit: true}}
		}
	}
	if vs != nil {
		*vs = append(eq, gapV...)
	}
	out := make([]Measure, len(cfg.Targets))
	for i, tg := range cfg.Targets {
		src := eq
		if tg.Key == GapKey {
			src = gapV
		}
		out[i] = Measure(math.NaN())
		if v, ok := valueOf(src, tg.Key); ok {
			out[i] = Measure(v.V)
		}
	}
	return out
}

// unitTargets says which targets' measures lie between 0 and 1.
func unitTargets(ts []Target) []bool {
	u := make([]bool, len(ts))
	for i, t := range ts {
		u[i] = t.Key == GapKey || t.Key == keyBalance || isRate(t.Key) || strings.HasPrefix(t.Key, "bot:") || strings.HasPrefix(t.Key, "team:")
	}
	return u
}

// totalMiss sums the targets' misses; a measure a candidate's games do
// not define misses by 10.
func totalMiss(ts []Target, m, base []Measure, unit []bool) float64 {
	total := 0.0
	for i, t := range ts {
		if math.IsNaN(float64(m[i])) || t.Relative && math.IsNaN(float64(base[i])) {
			total += 10
			continue
		}
		total += t.miss(float64(m[i]), float64(base[i]), unit[i])
	}
	return total
}

// rank orders candidates a and b: the smaller miss first; at a tie, the
// one nearer today's rules (fewer values changed), then the grid's order.
func rank(cands []*Candidate, today, a, b int) int {
	ma, mb := cands[a].Miss, cands[b].Miss
	if math.Abs(ma-mb) > 1e-9 {
		if ma < mb {
			return -1
		}
		return 1
	}
	ca, cb := changes(cands[a], cands[today]), changes(cands[b], cands[today])
	if ca != cb {
		return ca - cb
	}
	return a - b
}

func changes(c, today *Candidate) int {
	n := 0
	for i := range c.Values {
		if c.Values[i] != today.Values[i] {
			n++
		}
	}
	return n
}

// confirmSeed is added to the tuning's seed for the confirmation runs,
// far from any seed the search used.
const confirmSeed = 1 << 40

// confirm plays today's rules and the best point again on fresh seeds.
func confirm(ctx context.Context, cfg TuneConfig, t *Tuning, cands []*Candidate) (*Confirmation, error) {
	c := &Confirmation{Games: cfg.Confirm, Seed: cfg.Seed + confirmSeed, Dirs: map[string]string{}}
	step := gameStep(cfg)
	games := (cfg.Confirm + step - 1) / step * step
	c.Games = games
	var runs [2]candResults
	for k, i := range []int{t.Today, t.Best} {
		name := [2]string{"today", "best"}[k]
		dir := filepath.Join(cfg.Dir, "confirm", name)
		eq, gap, err := playCandidate(ctx, cfg, pointOptions(cfg.Options, cfg.Axes, cands[i].Values), dir, games, c.Seed)
		if err != nil {
			return nil, fmt.Errorf("lab: confirming %s: %w", cands[i].Name, trimLab(err))
		}
		runs[k].add(eq, gap)
		c.Dirs[name] = filepath.Join("confirm", name)
	}
	var vt, vb []Value
	mt := measure(cfg, runs[0], &vt)
	measure(cfg, runs[1], &vb)
	for i, tg := range cfg.Targets {
		v, ok := valueOf(vb, tg.Key)
		met := false
		if ok {
			lo, hi := tg.bounds(float64(mt[i]))
			met = v.V >= lo && v.V <= hi
		} else {
			v = Value{Key: tg.Key, Name: "undefined"}
		}
		tv, ok := valueOf(vt, tg.Key)
		if !ok {
			tv = Value{Key: tg.Key, Name: "undefined"}
		}
		lo, hi := tg.bounds(float64(mt[i]))
		c.MetToday = append(c.MetToday, ok && tv.V >= lo && tv.V <= hi)
		c.Met = append(c.Met, met)
		c.Today = append(c.Today, tv)
		c.Best = append(c.Best, v)
	}
	if t.Today != t.Best {
		cmp, err := Compare(runs[0].equal[0], runs[1].equal[0])
		if err != nil {
			return nil, err
		}
		c.Verdict = cmp.Verdict
	} else {
		c.Verdict = "the search kept today's rules: no candidate tried did better"
	}
	return c, nil
}

// checkTuneDir refuses a directory that holds another tuning.
func checkTuneDir(dir string, t *Tuning) error {
	old, err := os.ReadFile(filepath.Join(dir, TuneFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var prev Tuning
	if err := json.Unmarshal(old, &prev); err != nil {
		return fmt.Errorf("lab: %s: %w", filepath.Join(dir, TuneFile), err)
	}
	same := func(x *Tuning) []byte {
		b, _ := json.Marshal(struct {
			G  string
			P  int
			O  game.Options
			B  []string
			T  map[string]string
			Gp []string
			A  []Axis
			Tg []string
			Bu int
			S  uint64
		}{x.Game, x.Players, x.Options, x.Bots, x.Teams, x.Gap, x.Axes, x.Targets, x.Budget, x.Seed})
		return b
	}
	if !bytes.Equal(same(&prev), same(t)) {
		return fmt.Errorf("lab: %s holds another tuning (%s); give a new --out", dir, TuneFile)
	}
	return nil
}

func writeTuning(dir string, t *Tuning) error {
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, TuneFile), append(data, '\n'), 0o644); err != nil {
		return err
	}
	if len(t.Rounds) == 0 { // begun, not yet ranked
		return nil
	}
	var page bytes.Buffer
	if err := RenderTuneHTML(&page, t); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, TuneHTML), page.Bytes(), 0o644)
}

// TuneHTML is the tuning's page in its directory.
const TuneHTML = "tune.html"

//go:embed tune.html.tmpl
var tuneTemplate string

// RenderTuneHTML writes a tuning's page: its confirmation and every
// candidate tried, those that went furthest first.
func RenderTuneHTML(w io.Writer, t *Tuning) error {
	type row struct {
		Target, Today, Best string
		Met, MetToday       bool
	}
	type cand struct {
		Name, Miss    string
		Rounds, Games int
		Measures      []string
		Best, Today   bool
	}
	var conf *struct {
		Games   int
		Seed    uint64
		Rows    []row
		Verdict string
		Dirs    map[string]string
	}
	if c := t.Confirm; c != nil {
		conf = &struct {
			Games   int
			Seed    uint64
			Rows    []row
			Verdict string
			Dirs    map[string]string
		}{Games: c.Games, Seed: c.Seed, Verdict: c.Verdict, Dirs: c.Dirs}
		for i, tg := range t.Targets {
			conf.Rows = append(conf.Rows, row{tg, c.Today[i].String(), c.Best[i].String(), c.Met[i], i < len(c.MetToday) && c.MetToday[i]})
		}
	}
	var cands []cand
	for _, i := range t.Order() {
		c := t.Candidates[i]
		x := cand{Name: c.Name, Miss: num(c.Miss), Rounds: c.Rounds, Games: c.Games, Best: i == t.Best, Today: i == t.Today}
		for _, m := range c.Measures {
			if finite(float64(m)) {
				x.Measures = append(x.Measures, num(float64(m)))
			} else {
				x.Measures = append(x.Measures, "n/a")
			}
		}
		cands = append(cands, x)
	}
	tmpl, err := template.New("tune").Parse(tuneTemplate)
	if err != nil {
		return err
	}
	return tmpl.Execute(w, struct {
		T       *Tuning
		Fixed   string
		Confirm any
		Cands   []cand
	}{t, describeOptions(t.Options), conf, cands})
}

// Order returns the candidates' indexes, those that went furthest first:
// the last round's ranking, then each earlier round's for the rest.
func (t *Tuning) Order() []int {
	var order []int
	seen := map[int]bool{}
	for r := len(t.Rounds) - 1; r >= 0; r-- {
		for _, i := range t.Rounds[r].Candidates {
			if !seen[i] {
				seen[i] = true
				order = append(order, i)
			}
		}
	}
	return order
}

// String writes a measure with its 95% interval, "n/a" when undefined.
func (v Value) String() string {
	switch {
	case v.Name == "undefined":
		return "n/a"
	case v.Low != v.High:
		return fmt.Sprintf("%s [%s, %s]", num(v.V), num(v.Low), num(v.High))
	}
	return num(v.V)
}
