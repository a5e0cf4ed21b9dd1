package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/commons-games/commons/arena"
	"github.com/commons-games/commons/match"
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
	cfg := arena.Config{Run: match.Run{Game: g.Info().Name, Players: gcfg.Players, Options: gcfg.Options, Games: *games, Seed: gf.seed.v}, Workers: *workers}
	switch {
	case *bots != "" && len(teams) > 0:
		return usagef("give --bots or --team, not both")
	case *bots != "":
		cfg.Bots = splitBots(*bots)
		if err := checkBots(cfg.Bots, g.Info()); err != nil {
			return err
		}
		// Too many bots for the seats are said before the arena says it
		// in its own words.
		if _, err := match.Schedule(len(cfg.Bots), gcfg.Players); err != nil {
			return usagef("--bots: %v", err)
		}
	case len(teams) > 0:
		if cfg.Teams, err = parseTeams(teams, g.Info()); err != nil {
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
		return trimPrefix(err, "arena: ")
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	return res.WriteText(stdout)
}

// splitBots splits a --bots list. Commas separate bots and also a bot's
// parameters ("mcts:iterations=1000,workers=1"), so a piece that names a
// parameter (key=value, no bot before the key) belongs to the bot before
// it; a value may hold a colon ("playout=script:hoard").
func splitBots(list string) []string {
	var out []string
	for _, piece := range strings.Split(list, ",") {
		key, _, isParam := strings.Cut(piece, "=")
		if n := len(out); n > 0 && isParam && !strings.Contains(key, ":") {
			out[n-1] += "," + piece
			continue
		}
		out = append(out, piece)
	}
	return out
}
