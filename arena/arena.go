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
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
)

// Config describes a run.
type Config struct {
	// Run is the games to play. game k's chance outcomes and its bots'
	// seeds derive from Run.Seed and k alone (GameSeed, match.BotSeed), so
	// a run is reproducible whatever Workers is (given bots whose budget
	// is not wall time).
	match.Run
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

// prepare checks the configuration and parses the bots.
func prepare(cfg Config) (*run, error) {
	g, gcfg, err := cfg.Run.Resolve()
	if err != nil {
		return nil, err
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("arena: %d games: want at least 1", cfg.Games)
	}
	in := g.Info()
	cfg.Players = gcfg.Players
	if cfg.Workers < 0 {
		return nil, fmt.Errorf("arena: %d workers: want a number of games at once, or 0 for one per core", cfg.Workers)
	}
	r := &run{cfg: cfg, g: g, gcfg: gcfg, hidden: in.HiddenInformation}
	r.cfg.Options = gcfg.Options
	switch {
	case len(cfg.Bots) > 0 && len(cfg.Teams) > 0:
		return nil, errors.New("arena: give bots by seat (Bots) or by team (Teams), not both")
	case len(cfg.Teams) > 0:
		if err := match.CheckTeams(in, cfg.Teams); err != nil {
			return nil, fmt.Errorf("arena: %w", err)
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
			sp, err := bot.ParseFor(cfg.Teams[t], in)
			if err != nil {
				return nil, fmt.Errorf("arena: team %s: %w", t, err)
			}
			r.byTeam[t] = len(r.bots)
			r.bots = append(r.bots, contestant{label: t + ": " + sp.String(), team: t, spec: sp})
		}
	case len(cfg.Bots) > 0:
		seen := map[string]int{}
		for _, s := range cfg.Bots {
			sp, err := bot.ParseFor(s, in)
			if err != nil {
				return nil, fmt.Errorf("arena: %w", err)
			}
			label := sp.String()
			seen[label]++
			if seen[label] > 1 {
				label = fmt.Sprintf("%s #%d", label, seen[label])
			}
			r.bots = append(r.bots, contestant{label: label, spec: sp})
		}
		r.schedule, err = match.Schedule(len(r.bots), cfg.Players)
		if err != nil {
			return nil, fmt.Errorf("arena: %w", err)
		}
	default:
		return nil, errors.New("arena: no bots")
	}
	return r, nil
}

// GameSeed returns the seed of game idx of a run with the given seed
// (match.GameSeed): it draws the game's chance outcomes, and bot seat i's
// seed is match.BotSeed(GameSeed(seed, idx), i).
func GameSeed(seed uint64, idx int) uint64 { return match.GameSeed(seed, idx) }

// playOne plays game idx.
func (r *run) playOne(ctx context.Context, idx int) (GameResult, error) {
	gs := GameSeed(r.cfg.Seed, idx)
	n := r.gcfg.Players
	res := GameResult{Index: idx, Seed: gs, Seats: make([]int, n), moves: make([]int, n), think: make([]time.Duration, n)}
	s, err := r.g.New(r.gcfg)
	if err != nil {
		return res, err
	}
	for p := range res.Seats {
		res.Seats[p] = -1
	}
	newBot := func(p game.Player, b int) (bot.Bot, error) {
		res.Seats[p] = b
		return bot.NewFromSpec(r.bots[b].spec, match.BotSeed(gs, p))
	}
	seat := func(_ game.State, p game.Player) (bot.Bot, error) {
		return newBot(p, r.schedule[idx%len(r.schedule)][p])
	}
	if r.schedule == nil {
		seat = match.ByTeam(r.cfg.Game, func(team string, p game.Player) (bot.Bot, error) {
			b, ok := r.byTeam[team]
			if !ok {
				return nil, fmt.Errorf("%v is in team %q, which no bot was given", p, team)
			}
			return newBot(p, b)
		})
	}
	var rec *record.Record
	if r.cfg.KeepGames {
		rec = record.New(r.cfg.Game, n, r.gcfg.Options, nil)
	}
	err = match.Play(ctx, s, seat, match.Options{Rand: game.NewRand(gs), MaxLength: r.g.MaxLength(r.gcfg), OnStep: func(st match.Step) {
		res.Actions++
		if p := st.Player; p >= 0 {
			res.moves[p]++
			res.think[p] += st.Think
		}
		if rec != nil {
			rec.Moves = append(rec.Moves, record.Notation(st.State, st.Action))
		}
	}})
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
	if tm, ok := s.(game.Teamer); ok {
		res.Teams = make([]string, n)
		for p := range n {
			res.Teams[p] = tm.Team(game.Player(p))
		}
	}
	res.Record = rec
	return res, nil
}
