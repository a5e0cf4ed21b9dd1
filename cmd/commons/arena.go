package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/commons-games/commons/arena"
	"github.com/commons-games/commons/game"
)

func runArena(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("arena", "arena GAME (--bots A,B,... | --team TEAM=SPEC...) [--players N] [--games N] [--seed S] [--workers K] [--json]", stderr)
	var gf gameFlags
	gf.register(fs, "default 1, so that runs compare")
	bots := fs.String("bots", "", "comma-separated bot specs `A,B,...` (see docs/bots.md); seats are rotated between them")
	var teams listFlag
	fs.Var(&teams, "team", "instead of --bots, `TEAM=SPEC`: the bot that plays every seat of a team, one flag per team, e.g. --team contributor=ismcts --team blocker=random in Breaking Head")
	games := fs.Int("games", 100, "number of games `N`")
	workers := fs.Int("workers", 0, "games played at once, `K` (default: the number of cores)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	quiet := fs.Bool("quiet", false, "no progress line on standard error (there is none anyway when it is not a terminal)")
	g, gcfg, err := gf.parse(fs, args)
	if err != nil {
		return err
	}
	if *games < 1 {
		return usagef("--games %d: want at least 1", *games)
	}
	if *workers < 0 {
		return usagef("--workers %d: want a number of games at once, or 0 for one per core", *workers)
	}
	if !gf.seed.set {
		gf.seed.v = 1
	}
	cfg := arena.Config{
		Game: g.Info().Name, Players: gcfg.Players, Options: gcfg.Options,
		Games: *games, Seed: gf.seed.v, Workers: *workers,
	}
	switch {
	case *bots != "" && len(teams) > 0:
		return usagef("give --bots or --team, not both")
	case *bots != "":
		cfg.Bots = strings.Split(*bots, ",")
	case len(teams) > 0:
		cfg.Teams = map[string]string{}
		for _, t := range teams {
			name, spec, ok := strings.Cut(t, "=")
			if !ok || name == "" || spec == "" {
				return usagef("--team %q: want TEAM=SPEC, e.g. --team contributor=ismcts", t)
			}
			cfg.Teams[name] = spec
		}
		if err := checkTeams(g, gcfg, cfg.Teams); err != nil {
			return err
		}
	default:
		return usagef("--bots is required, e.g. --bots mcts,greedy,random (or --team TEAM=SPEC in a team game)")
	}
	if !*quiet && isTerminal(stderr) {
		cfg.Progress = func(done, total int) {
			fmt.Fprintf(stderr, "\r%d/%d games", done, total)
			if done == total {
				fmt.Fprintln(stderr)
			}
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := arena.Run(ctx, cfg)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	return res.WriteText(stdout)
}

// checkTeams checks --team flags before any game is played: the game must
// have teams, every name must be one of them and every team must have a
// bot. The arena would find out only in the game where a seat of an
// unnamed team first moves.
func checkTeams(g game.Game, cfg game.Config, given map[string]string) error {
	known, ok := gameTeams(g, cfg)
	name := g.Info().Name
	if !ok {
		return usagef("%s has no teams: give --bots instead of --team", name)
	}
	for t := range given {
		if !slices.Contains(known, t) {
			return usagef("--team %s: %s has no team %q; its teams are %s", t+"="+given[t], name, t, strings.Join(known, ", "))
		}
	}
	var missing []string
	for _, t := range known {
		if _, ok := given[t]; !ok {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		return usagef("give a bot for every team of %s: --team %s=SPEC is missing (e.g. --team %s=random)", name, missing[0], missing[0])
	}
	return nil
}

// gameTeams lists the team names seen over a few deals, sorted, and
// reports whether the game has teams at all (its state is an
// arena.Teamer). Teams are known once the chance nodes before the first
// decision have been played.
func gameTeams(g game.Game, cfg game.Config) ([]string, bool) {
	var names []string
	for seed := uint64(0); seed < 32; seed++ {
		s, err := g.New(cfg)
		if err != nil {
			return nil, false
		}
		rng := game.NewRand(seed)
		for s.CurrentPlayer() == game.Chance {
			if s.Apply(game.SampleChance(s, rng, nil)) != nil {
				break
			}
		}
		tm, ok := s.(arena.Teamer)
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
