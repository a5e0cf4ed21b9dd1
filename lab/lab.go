// Package lab is the designer's half of Commons: it plays many bot games
// of one configuration and measures them. A run plays its games on
// several workers and appends each finished game to a JSON Lines file, so
// that a killed run resumes where it stopped and a large run can be split
// into shards on several machines and merged; Summarise computes the
// metrics of Ludii's evaluation (Balance, Completion, Drawishness,
// Timeouts, AdvantageP1, Duration, Decision Moves, Branching Factor,
// Decision Factor, Lead Change, Drama) and the game's own outcomes;
// WriteReport makes one self-contained HTML page with plots; Compare
// compares two runs game by game.
//
// See docs/lab.md.
package lab

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// Trace settings: when the evaluation trace behind Lead Change and Drama
// is taken.
const (
	TraceRound = "round" // at the start of every round: the turns of the game's first mover (the default)
	TraceTurn  = "turn"  // at the start of every turn
	TraceMove  = "move"  // before every decision, as Ludii does
	TraceOff   = "off"   // never: no Lead Change nor Drama, the fastest
)

// RoundsCounted is Manifest.Rounds for a game that counts its own rounds.
const RoundsCounted = "counted"

// Config describes a run.
type Config struct {
	// Dir is the run's directory; it is made if need be.
	Dir string
	// Run is the games of the whole run; game i has seed Run.Seed+i.
	match.Run
	// Shard, if set, plays only the games of that shard.
	Shard *Shard
	// Variant, if set, names the variant whose options Run.Options hold
	// (the caller merges them), for the manifest.
	Variant string
	// Trace is TraceRound (""), TraceTurn, TraceMove or TraceOff.
	Trace string
	// Workers is the number of games played at once; 0 means one per
	// core.
	Workers int
	// Progress, if set, is called about five times a second, and once at
	// the end, with the games played by this call and the number it has
	// to play, from one goroutine.
	Progress func(done, total int)
	// FlushEvery is how often finished games are written out (default
	// 200ms); everything finished is written before Run returns.
	FlushEvery time.Duration

	// For tests: onGame is called after each game is handed to the
	// writer, with the count so far; noFast plays random bots through
	// the bot package like any other.
	onGame func(n int)
	noFast bool
}

// Stats says what a Run call did.
type Stats struct {
	// Played are the games this call played; Before those the directory
	// already had; Total the games of the run (or of its shard).
	Played, Before, Total int
	// Dropped is the length of a partly written last line that was cut
	// off before resuming (a run killed while writing).
	Dropped int
	Elapsed time.Duration
}

// GamesPerSecond is Played over Elapsed.
func (s Stats) GamesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Played) / s.Elapsed.Seconds()
}

// runner is a prepared run.
type runner struct {
	cfg      Config
	man      Manifest
	g        game.Game
	gcfg     game.Config
	init     game.State
	maxLen   int
	bots     []bot.Spec
	byTeam   map[string]int
	schedule [][]int
	fast     bool // every bot is random: the lab plays them itself
	hidden   bool
	trace    int // 0 off, 1 turn, 2 move, 3 round
}

// Prepare checks cfg and returns the manifest of the run it describes,
// without playing or writing anything.
func Prepare(cfg Config) (*Manifest, error) {
	r, err := prepare(cfg)
	if err != nil {
		return nil, err
	}
	return &r.man, nil
}

func prepare(cfg Config) (*runner, error) {
	g, gcfg, err := cfg.Run.Resolve()
	if err != nil {
		return nil, err
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("lab: %d games: want at least 1", cfg.Games)
	}
	in := g.Info()
	cfg.Players = gcfg.Players
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("lab: %d workers: want a number of games at once, or 0 for one per core", cfg.Workers)
	}
	if cfg.Shard != nil && (cfg.Shard.Count < 1 || cfg.Shard.Index < 0 || cfg.Shard.Index >= cfg.Shard.Count) {
		return nil, fmt.Errorf("lab: shard %s: want i/n with 0 <= i < n", cfg.Shard)
	}
	r := &runner{cfg: cfg, g: g, gcfg: gcfg, hidden: in.HiddenInformation}
	switch cfg.Trace {
	case "", TraceRound:
		cfg.Trace, r.trace = TraceRound, 3
	case TraceTurn:
		r.trace = 1
	case TraceMove:
		r.trace = 2
	case TraceOff:
	default:
		return nil, fmt.Errorf("lab: trace %q: want round, turn, move or off", cfg.Trace)
	}
	r.man = Manifest{Format: FormatVersion, Game: in.Name, Players: gcfg.Players, Options: gcfg.Options,
		Games: cfg.Games, Seed: cfg.Seed, Trace: cfg.Trace, Variant: cfg.Variant}
	if cfg.Shard != nil {
		sh := *cfg.Shard
		r.man.Shard = &sh
	}
	switch {
	case len(cfg.Bots) > 0 && len(cfg.Teams) > 0:
		return nil, errors.New("lab: give bots by seat or by team, not both")
	case len(cfg.Teams) > 0:
		if err := match.CheckTeams(g.Info(), cfg.Teams); err != nil {
			return nil, fmt.Errorf("lab: %w", err)
		}
		r.byTeam = map[string]int{}
		r.man.Teams = map[string]string{}
		for _, t := range slices.Sorted(maps.Keys(cfg.Teams)) {
			sp, err := parseBot(cfg.Teams[t], in)
			if err != nil {
				return nil, fmt.Errorf("lab: team %s: %w", t, err)
			}
			r.byTeam[t] = len(r.bots)
			r.bots = append(r.bots, sp)
			r.man.Teams[t] = sp.String()
			r.man.Labels = append(r.man.Labels, t+": "+sp.String())
		}
	case len(cfg.Bots) > 0:
		seen := map[string]int{}
		for _, s := range cfg.Bots {
			sp, err := parseBot(s, in)
			if err != nil {
				return nil, fmt.Errorf("lab: %w", err)
			}
			label := sp.String()
			seen[label]++
			if seen[label] > 1 {
				label = fmt.Sprintf("%s #%d", label, seen[label])
			}
			r.bots = append(r.bots, sp)
			r.man.Bots = append(r.man.Bots, sp.String())
			r.man.Labels = append(r.man.Labels, label)
		}
		r.schedule, err = match.Schedule(len(r.bots), gcfg.Players)
		if err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("lab: no bots")
	}
	r.fast = !cfg.noFast
	for _, sp := range r.bots {
		r.fast = r.fast && sp.Name == "random"
	}
	r.init, err = g.New(gcfg)
	if err != nil {
		return nil, err
	}
	if _, ok := r.init.(game.Rounder); ok && r.trace == 3 {
		r.man.Rounds = RoundsCounted
	}
	if dh, ok := g.(game.DataHasher); ok {
		if r.man.Data, err = dh.DataHash(gcfg); err != nil {
			return nil, fmt.Errorf("lab: %s: %w", in.Name, err)
		}
	}
	r.maxLen = g.MaxLength(gcfg)
	return r, nil
}

func parseBot(s string, in game.Info) (bot.Spec, error) {
	sp, err := bot.ParseSpec(s)
	if err == nil {
		err = bot.CheckFor(sp, in)
	}
	return sp, err
}

// maxSchedule bounds the seatings cycled through with more bots than
// seats, as in the arena.
const maxSchedule = 5040

// Run plays the games of cfg that cfg.Dir does not hold yet, appending
// each to DIR/results.jsonl as it finishes. A directory holding another
// run is an error; one holding this run is resumed. It stops at the first
// error (a bot failing, which is a bug) or when ctx is done, having
// written every game finished by then, and returns ctx's error.
func Run(ctx context.Context, cfg Config) (Stats, error) {
	var st Stats
	r, err := prepare(cfg)
	if err != nil {
		return st, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return st, err
	}
	done, dropped, err := r.resume()
	if err != nil {
		return st, err
	}
	st.Dropped = dropped
	var todo []int
	for i := range cfg.Games {
		if r.man.Shard.Has(i) {
			st.Total++
			if !done[i] {
				todo = append(todo, i)
			}
		}
	}
	st.Before = st.Total - len(todo)
	f, err := os.OpenFile(filepath.Join(cfg.Dir, ResultsFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return st, err
	}
	defer f.Close()
	start := time.Now()
	played, err := r.play(ctx, todo, f)
	st.Played = played
	st.Elapsed = time.Since(start)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return st, err
}

// resume writes the manifest, or checks the one there, and returns the
// games already in the results file. A partly written last line (a run
// killed while writing) is cut off; its length is returned.
func (r *runner) resume() (map[int]bool, int, error) {
	dir := r.cfg.Dir
	mname := filepath.Join(dir, ManifestFile)
	old, err := ReadManifest(dir)
	switch {
	case err == nil:
		if old.Data != "" && r.man.Data != "" && old.Data != r.man.Data {
			return nil, 0, fmt.Errorf("%s: this run was played with another %s table (sha256 %s), not the one now given or built in (%s): resuming would mix two games; give another --out",
				mname, r.man.Game, short(old.Data), short(r.man.Data))
		}
		if old.Trace == TraceRound && r.man.Trace == TraceRound && old.Rounds == "" && r.man.Rounds == RoundsCounted {
			return nil, 0, fmt.Errorf("%s: this run's trace was read at each turn of the first mover, before %s counted its rounds; it is now read once a round by that count: resuming would mix the two in one results file; give another --out",
				mname, r.man.Game)
		}
		if !sameRun(old, &r.man) {
			return nil, 0, fmt.Errorf("%s describes another run (%s); this one is %s: give another --out, or the same settings to resume it",
				mname, describe(old), describe(&r.man))
		}
	case errors.Is(err, os.ErrNotExist):
		if _, serr := os.Stat(filepath.Join(dir, ResultsFile)); serr == nil {
			return nil, 0, fmt.Errorf("%s: results without %s; not a lab run's directory", filepath.Join(dir, ResultsFile), ManifestFile)
		}
		if err := writeManifest(dir, &r.man); err != nil {
			return nil, 0, err
		}
	default:
		return nil, 0, err
	}
	rname := filepath.Join(dir, ResultsFile)
	data, err := os.ReadFile(rname)
	if errors.Is(err, os.ErrNotExist) {
		return map[int]bool{}, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	dropped := 0
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := bytes.LastIndexByte(data, '\n') + 1
		dropped = n - cut
		if err := os.Truncate(rname, int64(cut)); err != nil {
			return nil, 0, err
		}
		data = data[:cut]
	}
	done := map[int]bool{}
	err = readResults(bytes.NewReader(data), rname, &r.man, func(res *Result, _ int) error {
		done[res.Index] = true
		return nil
	})
	return done, dropped, err
}

// short cuts a hash to the length people compare by eye.
func short(hash string) string { return hash[:min(len(hash), 12)] }

// describe sums up a manifest for an error message.
func describe(m *Manifest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d players", m.Game, m.Players)
	for _, k := range slices.Sorted(maps.Keys(m.Options)) {
		fmt.Fprintf(&b, ", %s=%s", k, m.Options[k])
	}
	if m.Variant != "" {
		fmt.Fprintf(&b, ", variant %s", m.Variant)
	}
	if m.Data != "" {
		fmt.Fprintf(&b, ", data sha256 %s", short(m.Data))
	}
	fmt.Fprintf(&b, ", bots %s, %d games, seed %d, trace %s", strings.Join(m.Labels, " | "), m.Games, m.Seed, m.Trace)
	if m.Rounds == RoundsCounted {
		b.WriteString(" (by the game's count of rounds)")
	}
	if m.Shard != nil {
		fmt.Fprintf(&b, ", shard %s", m.Shard)
	}
	return b.String()
}

func writeManifest(dir string, m *Manifest) error {
	data, err := marshalIndent(m)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, ManifestFile+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, ManifestFile))
}

// sink collects finished games' lines and writes them out in batches.
type sink struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (s *sink) write(line []byte) {
	s.mu.Lock()
	if s.err == nil {
		_, s.err = s.w.Write(line)
	}
	s.mu.Unlock()
}

func (s *sink) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = s.w.Flush()
	}
	return s.err
}

// play plays the games todo on the workers, writing each to w.
func (r *runner) play(ctx context.Context, todo []int, w io.Writer) (int, error) {
	workers := r.cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = max(1, min(workers, len(todo)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := &sink{w: bufio.NewWriterSize(w, 1<<16)}
	var next, done atomic.Int64
	var firstErr error
	var errOnce sync.Once
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := r.newWorker()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				if err := wk.playGame(ctx, todo[k]); err != nil {
					if ctx.Err() == nil {
						fail(err)
					}
					return
				}
				wk.line = appendResultPlain(wk.line[:0], &wk.res, &wk.plain)
				out.write(wk.line)
				n := done.Add(1)
				if r.cfg.onGame != nil {
					r.cfg.onGame(int(n))
				}
			}
		}()
	}
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		close(finished)
	}()
	every := r.cfg.FlushEvery
	if every <= 0 {
		every = 200 * time.Millisecond
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	lastProgress := time.Now()
loop:
	for {
		select {
		case <-finished:
			break loop
		case <-tick.C:
			if err := out.flush(); err != nil {
				fail(err)
			}
			if r.cfg.Progress != nil && time.Since(lastProgress) >= 150*time.Millisecond {
				r.cfg.Progress(int(done.Load()), len(todo))
				lastProgress = time.Now()
			}
		}
	}
	if err := out.flush(); err != nil && firstErr == nil {
		firstErr = err
	}
	if r.cfg.Progress != nil {
		r.cfg.Progress(int(done.Load()), len(todo))
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return int(done.Load()), firstErr
}
