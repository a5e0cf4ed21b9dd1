package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/commons-games/commons/arena"
)

func runArena(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("arena", "arena GAME --bots A,B,... [--players N] --games N [--seed S] [--workers K] [--json]", stderr)
	var gf gameFlags
	gf.register(fs)
	bots := fs.String("bots", "", "comma-separated bot specs (see docs/bots.md); seats are rotated between them")
	var teams listFlag
	fs.Var(&teams, "team", "instead of --bots, TEAM=SPEC: the bot that plays every seat of a team, e.g. Contributors=ismcts (repeatable)")
	games := fs.Int("games", 100, "number of games")
	workers := fs.Int("workers", 0, "games played at once (default: the number of cores)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	quiet := fs.Bool("quiet", false, "no progress line on standard error")
	g, gcfg, err := gf.parse(fs, args)
	if err != nil {
		return err
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
		return fmt.Errorf("give --bots or --team, not both")
	case *bots != "":
		cfg.Bots = strings.Split(*bots, ",")
	case len(teams) > 0:
		cfg.Teams = map[string]string{}
		for _, t := range teams {
			name, spec, ok := strings.Cut(t, "=")
			if !ok || name == "" || spec == "" {
				return fmt.Errorf("--team %q: want TEAM=SPEC", t)
			}
			cfg.Teams[name] = spec
		}
	default:
		return fmt.Errorf("--bots is required, e.g. --bots mcts,greedy,random")
	}
	if !*quiet {
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
