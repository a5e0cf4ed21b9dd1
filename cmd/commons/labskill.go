package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"text/tabwriter"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/match"
)

// labSkillOpts are the flags of lab skill.
type labSkillOpts struct {
	gf      gameFlags
	bot     *string
	levels  *int
	games   *int
	workers *int
	out     *string
}

// labSkillFlags registers the flags of lab skill on fs.
func labSkillFlags(fs *flag.FlagSet) *labSkillOpts {
	o := &labSkillOpts{}
	o.gf.register(fs, "default 1; game i of every level has seed S+i")
	o.bot = fs.String("bot", "", "the bot `SPEC` whose budget doubles from level to level: iterations or time, e.g. mcts:iterations=100 (docs/bots.md)")
	o.levels = fs.Int("levels", 4, "the number of levels `K`: level k plays the budget b·2^k against b·2^(k-1); at least 2")
	o.games = fs.Int("games", 100, "games `N` of each level")
	o.workers = fs.Int("workers", 0, "games played at once, `K` (default: the number of cores)")
	o.out = fs.String("out", "", "the directory `DIR`: a run in DIR/level-k for each level, and DIR/skill.json; a rerun resumes it")
	return o
}

// runLabSkill runs commons lab skill: Ludii's Skill Trace.
func runLabSkill(args []string, stdout, stderr io.Writer) error {
	fs := labFlags("skill", stderr)
	o := labSkillFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	g, gcfg, err := o.gf.resolveArgs(pos)
	if err != nil {
		return err
	}
	switch {
	case *o.bot == "":
		return usagef("--bot is required: the bot whose budget doubles, e.g. --bot mcts:iterations=100")
	case *o.levels < 2 || *o.levels > 20:
		return usagef("--levels %d: want 2 to 20 (a trend needs two levels; level k has 2^k times the budget)", *o.levels)
	case *o.games < 1:
		return usagef("--games %d: want at least 1, e.g. --games 100", *o.games)
	case *o.workers < 0:
		return usagef("--workers %d: want a number of games at once, or 0 for one per core", *o.workers)
	case *o.out == "":
		return usagef("--out is required: the directory of the levels' runs, e.g. --out runs/source-skill")
	}
	if _, err := bot.ParseFor(*o.bot, g.Info()); err != nil {
		return usagef("--bot %s: %s", *o.bot, botSpecError(*o.bot, err))
	}
	if _, _, _, err := lab.SkillLevelSpecs(*o.bot, *o.levels); err != nil {
		return usagef("--bot %s", err)
	}
	seed := uint64(1)
	if o.gf.seed.set {
		seed = o.gf.seed.v
	}
	cfg := lab.SkillConfig{Dir: *o.out, Run: match.Run{Game: g.Info().Name, Players: gcfg.Players, Options: gcfg.Options, Games: *o.games, Seed: seed},
		Bot: *o.bot, Levels: *o.levels, Workers: *o.workers}
	cfg.Level = func(lv lab.SkillLevel) {
		fmt.Fprintf(stdout, "level %d: %s against %s: %d games played", lv.Level, lv.Strong, lv.Weak, lv.Played)
		if lv.Played < lv.Games {
			fmt.Fprintf(stdout, ", %d were there already", lv.Games-lv.Played)
		}
		fmt.Fprintln(stdout)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sk, err := lab.RunSkill(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "commons lab skill: stopped; every finished game is in %s: run the same command again to resume\n", *o.out)
			return errSilent
		}
		return err
	}
	fmt.Fprintf(stdout, "\n%s, %d players: Skill Trace of %s (its %s doubled), %d games a level\n\n", sk.Game, sk.Players, sk.Bot, sk.Budget, sk.Games)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "level\tstronger\tweaker\tstronger's win rate\t95% interval\tutility\t")
	for _, lv := range sk.Levels {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.3f\t%.3f - %.3f\t%+.3f\t\n", lv.Level, lv.Strong, lv.Weak, lv.Rate, lv.Low, lv.High, lv.Utility)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\nSkill Trace %.3f (trend %.3f, area %.3f; docs/lab.md, \"The Skill Trace\"). Wrote %s.\n",
		sk.Score, sk.Trend, sk.Area, filepath.Join(*o.out, lab.SkillFile))
	return nil
}
