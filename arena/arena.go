// Package arena plays bots against each other and measures their
// strength: many games of one game between bot specs, seats rotated,
// games played in parallel yet reproducible from one seed, and the
// results summed up as win rates with 95% confidence intervals (Wilson),
// Elo-scale ratings (a Bradley-Terry fit of pairwise results), the
// results by seat, and by team in team games such as Breaking Head.
//
// See docs/bots.md.
package arena

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// Teamer is implemented by states of games whose seats play in teams (in
// Breaking Head: Contributors and Blockers). Team names the team of seat
// p, or "" when it is not settled yet. The arena asks the real state, as
// a referee: at the end, to report results by team, and, when Config.Teams
// gives one bot per team, during the game to know which bot moves for a
// seat. Bots never see it.
type Teamer interface {
	Team(p game.Player) string
}

// Config describes a run.
type Config struct {
	// Game is the registered name of the game.
	Game string
	// Players is the player count; 0 means the game's minimum.
	Players int
	// Options are the game's options; unset ones take their defaults.
	Options game.Options
	// Bots are the bot specs, as bot.New reads them. With as many bots
	// as seats or fewer, game k seats bot (i+k) mod len(Bots) in seat i,
	// so that every bot sits in every seat equally often over
	// len(Bots)*Players games (a bot may fill several seats). With more
	// bots than seats, the games cycle through every ordered choice of
	// Players distinct bots. The same spec may appear twice; each entry
	// is a bot of its own.
	Bots []string
	// Teams, instead of Bots, gives one bot spec per team name: each seat
	// is played by the bot of the team the game's Teamer says it is in
	// (its role, which the seat itself knows). For Breaking Head:
	// {"Contributors": "ismcts:...", "Blockers": "random"}.
	Teams map[string]string
	// Games is the number of games to play.
	Games int
	// Seed decides everything: game k's chance outcomes and its bots'
	// seeds derive from Seed and k alone, so a run is reproducible
	// whatever Workers is (given bots whose budget is not wall time).
	Seed uint64
	// Workers is the number of games played at once; 0 means
	// runtime.NumCPU(). Each bot's own workers come on top.
	Workers int
	// Progress, if set, is called after each game with the number of
	// games finished, from one goroutine at a time.
	Progress func(done, total int)
	// KeepGames keeps every game's result, with its record, in
	// Result.GameResults.
	KeepGames bool
}

// Result is what a run measured. It marshals to JSON.
type Result struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options,omitempty"`
	Games   int          `json:"games"`
	Seed    uint64       `json:"seed"`
	// Bots are the contestants in the order of Config.Bots (or of the
	// team names, sorted, for Config.Teams).
	Bots []BotStats `json:"bots"`
	// Pairs are the pairwise results of every two bots that met.
	Pairs []PairStats `json:"pairs"`
	// Seats are the results by seat, all bots together.
	Seats []SeatStats `json:"seats"`
	// Teams are the results by bot and team, when the game has teams.
	Teams []TeamStats `json:"teams,omitempty"`
	// RatingMethod says how BotStats.Rating was computed.
	RatingMethod string        `json:"rating_method"`
	Elapsed      time.Duration `json:"elapsed"`
	// GameResults holds every game when Config.KeepGames is set.
	GameResults []GameResult `json:"game_results,omitempty"`
}

// BotStats sums up one bot's games.
type BotStats struct {
	Label string `json:"label"`
	Spec  string `json:"spec"`
	// Team is the team this bot plays for, with Config.Teams.
	Team string `json:"team,omitempty"`
	// Games the bot played in, and Seats it filled over them.
	Games int `json:"games"`
	Seats int `json:"seats"`
	// Wins, Draws and Losses count seats: return 1, between, 0.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// WinRate is the mean return per game (the bot's seats averaged
	// within a game, a draw counting its shared return), with its 95%
	// Wilson interval [Low, High] over Games.
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	// Rating is on the Elo scale (mean 0 over the bots), ± RatingCI
	// for a 95% interval.
	Rating   float64 `json:"rating"`
	RatingCI float64 `json:"rating_ci"`
	// Moves the bot chose and the mean wall time it took per move.
	Moves    int           `json:"moves"`
	MoveTime time.Duration `json:"move_time"`
}

// PairStats is how bot A fared against bot B in the games they met: per
// game, A's seats compared with B's by return (higher wins, equal draws),
// averaged.
type PairStats struct {
	A      int     `json:"a"`
	B      int     `json:"b"`
	Games  int     `json:"games"`
	ScoreA float64 `json:"score_a"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// SeatStats is the mean return of a seat over all games.
type SeatStats struct {
	Seat    int     `json:"seat"`
	Games   int     `json:"games"`
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
}

// TeamStats is the results of one bot's seats in one team (Bot -1: all
// bots together). WinRate is the mean over Games, the games in which the
// bot had a seat in the team, of those seats' mean return; Low and High
// are its Wilson interval over the games, not the seats, since a team's
// seats in one game share much of their result. Seats and Wins count
// seats.
type TeamStats struct {
	Team    string  `json:"team"`
	Bot     int     `json:"bot"`
	Label   string  `json:"label"`
	Games   int     `json:"games"`
	Seats   int     `json:"seats"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
}

// GameResult is one game of a run.
type GameResult struct {
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	// Seats[i] is the index in Result.Bots of the bot in seat i+1.
	Seats   []int     `json:"seats"`
	Returns []float64 `json:"returns"`
	// Teams[i] is seat i+1's team at the end, when the game has teams.
	Teams []string `json:"teams,omitempty"`
	// Actions played, chance outcomes included.
	Actions int            `json:"actions"`
	Record  *record.Record `json:"record,omitempty"`
	// moves and think are per-seat move counts and thinking time.
	moves []int
	think []time.Duration
}

// contestant is a bot of a run.
type contestant struct {
	label, team string
	spec        bot.Spec
}

type run struct {
	cfg      Config
	g        game.Game
	gcfg     game.Config
	hidden   bool
	bots     []contestant
	schedule [][]int // seat assignments, cycled over games; nil for teams
	byTeam   map[string]int
}

// maxSchedule bounds the ordered choices of bots cycled through when
// there are more bots than seats.
const maxSchedule = 5040

// Run plays the games cfg asks for and sums up their results. It stops
// at the first error (a bot failing or choosing an illegal action, which
// is a bug) or when ctx is done.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	r, err := prepare(cfg)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, cfg.Games)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]GameResult, cfg.Games)
	jobs := make(chan int)
	type done struct {
		idx int
		err error
	}
	finished := make(chan done)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for idx := range jobs {
				res, err := r.playOne(ctx, idx)
				if err == nil {
					results[idx] = res
				}
				finished <- done{idx, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range cfg.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(finished)
	}()
	var firstErr error
	n := 0
	for d := range finished {
		if d.err != nil {
			if firstErr == nil {
				firstErr = d.err
			}
			cancel()
			continue
		}
		n++
		if cfg.Progress != nil && firstErr == nil {
			cfg.Progress(n, cfg.Games)
		}
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if firstErr != nil {
		return nil, firstErr
	}
	res := r.summarise(results)
	res.Elapsed = time.Since(start)
	return res, nil
}

// CheckTeams checks a Config.Teams map before any game is played: the game
// must have teams (its state is a Teamer), every name must be one of them
// and every team must have a bot. Otherwise a run would find out only in
// the game where a seat of an unnamed team first moves, or never.
func CheckTeams(g game.Game, cfg game.Config, given map[string]string) error {
	known, ok := GameTeams(g, cfg)
	name := g.Info().Name
	if !ok {
		return fmt.Errorf("%s has no teams: give bots by seat instead", name)
	}
	for _, t := range slices.Sorted(maps.Keys(given)) {
		if !slices.Contains(known, t) {
			return fmt.Errorf("%s has no team %q; its teams are %s", name, t, strings.Join(known, ", "))
		}
	}
	for _, t := range known {
		if _, ok := given[t]; !ok {
			return fmt.Errorf("give a bot for every team of %s: %s has none", name, t)
		}
	}
	return nil
}

// GameTeams lists the team names seen over a few deals, sorted, and
// reports whether the game has teams at all (its state is a Teamer).
// Teams are known once the chance nodes before the first decision have
// been played.
func GameTeams(g game.Game, cfg game.Config) ([]string, bool) {
	var names []string
	for seed := uint64(0); seed < 32; seed++ {
		s, err := g.New(cfg)
		if err != nil {
			return nil, false
		}
		rng := game.NewRand(seed)
		for game.IsChance(s) {
			if s.Apply(game.SampleChance(s, rng, nil)) != nil {
				break
			}
		}
		tm, ok := s.(Teamer)
		if !ok {
			return nil, false
		}
		for p := range cfg.Players {
			if t := tm.Team(game.Player(p)); t != "" && !slices.Contains(names, t) {
				names = append(names, t)
			}
		}
	}
	slices.Sort(names)
	return names, true
}

// prepare checks the configuration and parses the bots.
func prepare(cfg Config) (*run, error) {
	g, err := game.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	in := g.Info()
	if cfg.Players == 0 {
		cfg.Players = in.MinPlayers
	}
	gcfg, err := game.Resolve(g, cfg.Players, cfg.Options)
	if err != nil {
		return nil, err
	}
	if cfg.Games <= 0 {
		return nil, fmt.Errorf("arena: %d games: want at least 1", cfg.Games)
	}
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("arena: %d workers: want a number of games at once, or 0 for one per core", cfg.Workers)
	}
	r := &run{cfg: cfg, g: g, gcfg: gcfg, hidden: in.HiddenInformation}
	r.cfg.Options = gcfg.Options
	switch {
	case len(cfg.Bots) > 0 && len(cfg.Teams) > 0:
		return nil, errors.New("arena: give bots by seat (Bots) or by team (Teams), not both")
	case len(cfg.Teams) > 0:
		if err := CheckTeams(g, gcfg, cfg.Teams); err != nil {
			return nil, fmt.Errorf("arena: %v", err)
		}
		r.byTeam = map[string]int{}
		names := make([]string, 0, len(cfg.Teams))
		for t := range cfg.Teams {
			names = append(names, t)
		}
		sort.Strings(names)
		for _, t := range names {
			if t == "" {
				return nil, errors.New("arena: a team with no name")
			}
			sp, err := bot.ParseSpec(cfg.Teams[t])
			if err == nil {
				err = bot.CheckFor(sp, in)
			}
			if err != nil {
				return nil, fmt.Errorf("arena: team %s: %v", t, err)
			}
			r.byTeam[t] = len(r.bots)
			r.bots = append(r.bots, contestant{label: t + ": " + sp.String(), team: t, spec: sp})
		}
	case len(cfg.Bots) > 0:
		seen := map[string]int{}
		for _, s := range cfg.Bots {
			sp, err := bot.ParseSpec(s)
			if err == nil {
				err = bot.CheckFor(sp, in)
			}
			if err != nil {
				return nil, fmt.Errorf("arena: %v", err)
			}
			label := sp.String()
			seen[label]++
			if seen[label] > 1 {
				label = fmt.Sprintf("%s #%d", label, seen[label])
			}
			r.bots = append(r.bots, contestant{label: label, spec: sp})
		}
		r.schedule, err = schedule(len(r.bots), cfg.Players)
		if err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("arena: no bots")
	}
	return r, nil
}

// schedule returns the seat assignments cycled over the games: rotations
// when the bots are no more than the seats, else every ordered choice of
// distinct bots.
func schedule(bots, seats int) ([][]int, error) {
	var out [][]int
	if bots <= seats {
		for k := range bots {
			row := make([]int, seats)
			for i := range row {
				row[i] = (i + k) % bots
			}
			out = append(out, row)
		}
		return out, nil
	}
	count := 1
	for i := range seats {
		count *= bots - i
		if count > maxSchedule {
			return nil, fmt.Errorf("arena: %d bots for %d seats make more than %d seatings; run fewer bots at a time", bots, seats, maxSchedule)
		}
	}
	used := make([]bool, bots)
	row := make([]int, 0, seats)
	var rec func()
	rec = func() {
		if len(row) == seats {
			out = append(out, slices.Clone(row))
			return
		}
		for b := range bots {
			if !used[b] {
				used[b] = true
				row = append(row, b)
				rec()
				row = row[:len(row)-1]
				used[b] = false
			}
		}
	}
	rec()
	return out, nil
}

// mix derives game and bot seeds (SplitMix64's finaliser).
func mix(seed, stream uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(stream+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// GameSeed returns the seed of game idx of a run with the given seed: it
// draws the game's chance outcomes, and bot seat i's seed is
// BotSeed(GameSeed(seed, idx), i).
func GameSeed(seed uint64, idx int) uint64 { return mix(seed, uint64(idx)) }

// BotSeed returns the seed of the bot in seat p of a game with seed gs.
func BotSeed(gs uint64, p game.Player) uint64 { return mix(gs, uint64(p)+1<<32) }

// playOne plays game idx.
func (r *run) playOne(ctx context.Context, idx int) (GameResult, error) {
	gs := GameSeed(r.cfg.Seed, idx)
	n := r.gcfg.Players
	res := GameResult{Index: idx, Seed: gs, Seats: make([]int, n), moves: make([]int, n), think: make([]time.Duration, n)}
	s, err := r.g.New(r.gcfg)
	if err != nil {
		return res, err
	}
	bots := make([]bot.Bot, n)
	newBot := func(p game.Player, b int) error {
		bt, err := bot.NewFromSpec(r.bots[b].spec, BotSeed(gs, p))
		if err != nil {
			return err
		}
		bots[p], res.Seats[p] = bt, b
		return nil
	}
	if r.schedule != nil {
		row := r.schedule[idx%len(r.schedule)]
		for p := range n {
			if err := newBot(game.Player(p), row[p]); err != nil {
				return res, err
			}
		}
	} else {
		for p := range res.Seats {
			res.Seats[p] = -1
		}
	}
	seatBot := func(s game.State, p game.Player) (bot.Bot, error) {
		if bots[p] != nil {
			return bots[p], nil
		}
		tm, ok := s.(Teamer)
		if !ok {
			return nil, fmt.Errorf("%s has no teams (its state is no arena.Teamer): give bots by seat", r.cfg.Game)
		}
		team := tm.Team(p)
		b, ok := r.byTeam[team]
		if !ok {
			return nil, fmt.Errorf("%v is in team %q, which no bot was given", p, team)
		}
		return bots[p], newBot(p, b)
	}
	var rec *record.Record
	if r.cfg.KeepGames {
		rec = record.New(r.cfg.Game, n, r.gcfg.Options, nil)
	}
	var observers []bot.Observer
	for _, b := range bots {
		if o, ok := b.(bot.Observer); ok {
			observers = append(observers, o)
		}
	}
	_, sampler := s.(game.Sampler)
	err = play(ctx, s, seatBot, game.NewRand(gs), r.g.MaxLength(r.gcfg), !r.hidden && !sampler, observers, func(st game.State, p game.Player, a game.Action, d time.Duration) {
		res.Actions++
		if p >= 0 {
			res.moves[p]++
			res.think[p] += d
		}
		if rec != nil {
			rec.Moves = append(rec.Moves, record.Notation(st, a))
		}
	})
	if err != nil {
		desc := make([]string, n)
		for p := range n {
			desc[p] = "?"
			if b := res.Seats[p]; b >= 0 {
				desc[p] = r.bots[b].label
			}
		}
		return res, fmt.Errorf("arena: game %d (seed %d; seats %s): %w", idx, gs, strings.Join(desc, " | "), err)
	}
	res.Returns = s.Returns(nil)
	if tm, ok := s.(Teamer); ok {
		res.Teams = make([]string, n)
		for p := range n {
			res.Teams[p] = tm.Team(game.Player(p))
		}
	}
	res.Record = rec
	return res, nil
}

// Play plays s on to the end: bots[p] moves for seat p, chance outcomes
// are drawn from rng, and in a perfect-information game every bot that is
// a bot.Observer is told every action (with the state before it). onStep,
// if set, is called before each action is applied. A bot's error, or an
// action the game refuses, stops the game with an error naming the seat.
func Play(ctx context.Context, s game.State, bots []bot.Bot, rng *rand.Rand, onStep func(s game.State, p game.Player, a game.Action)) error {
	if len(bots) != s.Config().Players {
		return fmt.Errorf("arena: %d bots for %d players", len(bots), s.Config().Players)
	}
	_, hidden := s.(game.Sampler)
	seat := func(_ game.State, p game.Player) (bot.Bot, error) { return bots[p], nil }
	var observers []bot.Observer
	for _, b := range bots {
		if o, ok := b.(bot.Observer); ok {
			observers = append(observers, o)
		}
	}
	return play(ctx, s, seat, rng, 0, !hidden, observers, func(st game.State, p game.Player, a game.Action, _ time.Duration) {
		if onStep != nil {
			onStep(st, p, a)
		}
	})
}

// play is the game loop of Play and Run; maxLen > 0 bounds the actions.
// With observe, the observers, and every Observer seat returns later, are
// told each action.
func play(ctx context.Context, s game.State, seat func(game.State, game.Player) (bot.Bot, error), rng *rand.Rand, maxLen int,
	observe bool, observers []bot.Observer, step func(s game.State, p game.Player, a game.Action, think time.Duration)) error {
	var outs []game.ChanceOutcome
	seen := slices.Clone(observers)
	if !observe {
		seen = nil
	}
	for n := 0; ; n++ {
		p := s.CurrentPlayer()
		if p == game.Terminal {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if maxLen > 0 && n > maxLen {
			return fmt.Errorf("the game is not over after its MaxLength of %d actions", maxLen)
		}
		var (
			a     game.Action
			think time.Duration
		)
		if p == game.Chance {
			outs = s.ChanceOutcomes(outs)
			if len(outs) == 0 {
				return errors.New("a chance node without outcomes")
			}
			a = game.SampleOutcome(outs, rng)
		} else {
			b, err := seat(s, p)
			if err != nil {
				return err
			}
			if observe {
				if o, ok := b.(bot.Observer); ok && !slices.Contains(seen, o) {
					seen = append(seen, o)
				}
			}
			t0 := time.Now()
			a, err = b.Act(ctx, s)
			think = time.Since(t0)
			if err != nil {
				return fmt.Errorf("%v: %w", p, err)
			}
		}
		step(s, p, a, think)
		for _, o := range seen {
			o.Observe(s, a)
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%v played %q (%d), which the game refuses: %v", p, s.ActionString(a), a, err)
		}
	}
}
