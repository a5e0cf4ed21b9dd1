package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// benchResult is what commons bench reports.
type benchResult struct {
	Game        string       `json:"game"`
	Players     int          `json:"players"`
	Options     game.Options `json:"options"`
	Seed        uint64       `json:"seed"`
	Games       int          `json:"games"`
	Actions     int64        `json:"actions"`
	Seconds     float64      `json:"seconds"`
	GamesPerS   float64      `json:"games_per_s"`
	ActionsPerS float64      `json:"actions_per_s"`
	MeanLength  float64      `json:"mean_length"`
}

func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "bench GAME [--players N] [--games N] [--seed S] [--option key=value]... [--bot SPEC] [--json]", stderr)
	var gf gameFlags
	gf.register(fs, "default 1, so that runs compare")
	games := fs.Int("games", 1000, "number of random games `N` to play")
	asJSON := fs.Bool("json", false, "print one JSON object")
	botSpec := fs.String("bot", "", "instead of random games, time one search of this bot `SPEC` (mcts or ismcts, e.g. mcts:iterations=2000, or the level medium or hard as it plays the game) from the first decision, beside as many bare random playouts")
	g, cfg, err := gf.parse(fs, args)
	if err != nil {
		return err
	}
	if *games < 1 {
		return usagef("--games %d: want at least 1", *games)
	}
	if *botSpec != "" && flagSet(fs, "games") {
		return usagef("--games counts random games and --bot times one search: give the search's size in the spec instead, e.g. --bot mcts:iterations=%d", *games)
	}
	if !gf.seed.set {
		gf.seed.v, gf.seed.set = 1, true
	}
	if *botSpec != "" {
		return benchBot(g, cfg, *botSpec, gf.seed.v, *asJSON, stdout)
	}
	res, err := benchRandom(g, cfg, *games, gf.seed.v)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	fmt.Fprintf(stdout, "%s, %d players, seed %d: %d random games, %d actions in %.3f s\n", res.Game, res.Players, res.Seed, res.Games, res.Actions, res.Seconds)
	fmt.Fprintf(stdout, "  %.0f games/s, %.0f actions/s, mean length %.1f actions\n", res.GamesPerS, res.ActionsPerS, res.MeanLength)
	return nil
}

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// benchRandom plays n games from the start on one goroutine, choosing
// uniformly among legal actions and chance outcomes by their
// probabilities: the baseline bots are measured against.
func benchRandom(g game.Game, cfg game.Config, n int, seed uint64) (*benchResult, error) {
	s, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	games, actions, elapsed, err := bot.RandomPlayouts(context.Background(), s, n, 1, seed)
	if err != nil {
		return nil, err
	}
	secs := elapsed.Seconds()
	return &benchResult{
		Game: g.Info().Name, Players: cfg.Players, Options: cfg.Options, Seed: seed,
		Games: games, Actions: int64(actions), Seconds: secs,
		GamesPerS: float64(games) / secs, ActionsPerS: float64(actions) / secs,
		MeanLength: float64(actions) / float64(games),
	}, nil
}

// benchBot measures a search bot's iterations per second against bare
// random playouts from the same position.
func benchBot(g game.Game, cfg game.Config, spec string, seed uint64, asJSON bool, stdout io.Writer) error {
	s, err := g.New(cfg)
	if err != nil {
		return err
	}
	m, err := bot.Measure(context.Background(), s, spec, seed)
	if err != nil {
		// A bad spec, or one that is no search, is a mistake on the
		// command line.
		msg := botSpecError(spec, err)
		if strings.Contains(msg, "does not search") {
			msg += " (without --bot, bench times random playouts)"
		}
		return usagef("--bot %s: %s", spec, msg)
	}
	if asJSON {
		return writeJSON(stdout, struct {
			Game    string `json:"game"`
			Players int    `json:"players"`
			bot.Measurement
		}{g.Info().Name, cfg.Players, m})
	}
	fmt.Fprintf(stdout, "%s, %d players, from the first decision:\n%s", g.Info().Name, cfg.Players, m)
	return nil
}
