package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/commons-games/commons/lab"
)

// labTuneOpts are the flags of lab tune.
type labTuneOpts struct {
	gf         gameFlags
	params     listFlag
	targets    listFlag
	bots       *string
	teams      listFlag
	gap        *string
	budget     *int
	confirm    *int
	candidates *int
	workers    *int
	out        *string
	shard      *string
	trace      *string
}

// labTuneFlags registers the flags of lab tune on fs.
func labTuneFlags(fs *flag.FlagSet) *labTuneOpts {
	o := &labTuneOpts{}
	o.gf.register(fs, "default 1")
	fs.Var(&o.targets, "target", "what the games should measure, `METRIC=LO:HI` (repeatable): balance=0.95:, seat-1=0.47:0.53 (the first player's win rate), turns=0.8x:1.2x (within a fifth of today's length), gap=0.6: (the stronger bot's win rate, with --gap), team:contributor=0.45:0.55, any key of report.json")
	fs.Var(&o.params, "param", "a parameter to search, `OPTION` or OPTION=V1,V2,... (repeatable; default: every parameter the game declares that --option does not fix)")
	o.bots = fs.String("bots", "", "the equal bots `A,B,...` every candidate's balance and length are measured with")
	fs.Var(&o.teams, "team", "instead of --bots, `TEAM=SPEC`, as in lab run")
	o.gap = fs.String("gap", "", "a stronger and a weaker bot, `STRONG,WEAK`: each candidate also plays them against each other (the gap target)")
	o.budget = fs.Int("budget", 2000, "games `N` of the search in all")
	o.confirm = fs.Int("confirm", 400, "games `N` of each confirmation run, today's rules and the best point on fresh seeds (0: none)")
	o.candidates = fs.Int("candidates", 32, "at most `N` candidates: a larger grid is sampled, today's rules always in")
	o.workers = fs.Int("workers", 0, "games played at once, `K` (default: the number of cores)")
	o.out = fs.String("out", "", "the tuning's directory `DIR`: tune.json and every candidate's runs; a rerun resumes")
	o.shard = fs.String("shard", "", "play shard `i/n` of every run, the directory shared by the n machines: each waits for the others at each round")
	o.trace = fs.String("trace", "round", "when to read the scores for Lead Change and Drama (`WHEN`), as in lab run")
	return o
}

// runLabTune runs commons lab tune.
func runLabTune(args []string, stdout, stderr io.Writer) error {
	fs := labFlags("tune", stderr)
	o := labTuneFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	in, run, err := labRunBase(&o.gf, pos, *o.bots, o.teams, *o.trace)
	if err != nil {
		return err
	}
	cfg := lab.TuneConfig{Dir: *o.out, Run: run, Budget: *o.budget, Confirm: *o.confirm, MaxCandidates: *o.candidates,
		Workers: *o.workers, Trace: *o.trace}
	if len(o.params) == 0 {
		for _, p := range in.Params {
			if _, fixed := run.Options[p.Option]; !fixed {
				o.params = append(o.params, p.Option)
			}
		}
	}
	if cfg.Axes, err = parseAxes(o.params, in); err != nil {
		return err
	}
	if len(o.targets) == 0 {
		return usagef("--target is required, e.g. --target balance=0.95: --target turns=0.8x:1.2x")
	}
	for _, s := range o.targets {
		t, err := lab.ParseTarget(s)
		if err != nil {
			return usagef("--target: %v", err)
		}
		cfg.Targets = append(cfg.Targets, t)
	}
	if *o.gap != "" {
		cfg.Gap = splitBots(*o.gap)
		if err := checkBots(cfg.Gap, in); err != nil {
			return err
		}
	}
	if *o.out == "" {
		return usagef("--out is required: the tuning's directory, e.g. --out runs/source-tune")
	}
	if *o.budget < 1 || *o.confirm < 0 || *o.candidates < 1 {
		return usagef("--budget, --candidates: want at least 1; --confirm: at least 0")
	}
	if *o.shard != "" {
		sh, err := lab.ParseShard(*o.shard)
		if err != nil {
			return usagef("--shard %q: %v", *o.shard, err)
		}
		cfg.Shard = &sh
	}
	cfg.Log = func(format string, args ...any) { fmt.Fprintf(stderr, format+"\n", args...) }
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	t, err := lab.Tune(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "commons lab tune: stopped; run the same command again to resume\n")
			return errSilent
		}
		return err
	}
	printTuning(stdout, t)
	return nil
}

// printTuning writes what a tuning tried, best first, and its
// confirmation.
func printTuning(w io.Writer, t *lab.Tuning) {
	fmt.Fprintf(w, "%s, %d players: %d candidates, %d games (budget %d), targets %s\n\n", t.Game, t.Players,
		len(t.Candidates), t.Played, t.Budget, strings.Join(t.Targets, ", "))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	head := []string{"candidate", "games", "miss"}
	for _, s := range t.Targets {
		k, _, _ := strings.Cut(s, "=")
		head = append(head, k)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, i := range t.Order() {
		c := t.Candidates[i]
		name := c.Name
		switch i {
		case t.Best:
			name += " (best)"
		case t.Today:
			name += " (today)"
		}
		if i == t.Best && i == t.Today {
			name = c.Name + " (best, today)"
		}
		row := []string{name, fmt.Sprint(c.Games), fmt.Sprintf("%.3g", c.Miss)}
		for _, m := range c.Measures {
			if math.IsNaN(float64(m)) {
				row = append(row, "n/a")
			} else {
				row = append(row, fmt.Sprintf("%.3g", float64(m)))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
	c := t.Confirm
	if c == nil {
		return
	}
	fmt.Fprintf(w, "\nConfirmation, %d games each on fresh seeds (from %d):\n", c.Games, c.Seed)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "target\ttoday\tmet\tbest\tmet")
	yes := func(b []bool, i int) string {
		if i < len(b) && b[i] {
			return "yes"
		}
		return "no"
	}
	for i, s := range t.Targets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s, c.Today[i], yes(c.MetToday, i), c.Best[i], yes(c.Met, i))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s\n", c.Verdict)
}
