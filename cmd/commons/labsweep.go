package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/match"
)

// labSweepOpts are the flags of lab sweep.
type labSweepOpts struct {
	gf      gameFlags
	params  listFlag
	bots    *string
	teams   listFlag
	games   *int
	workers *int
	out     *string
	trace   *string
}

// labSweepFlags registers the flags of lab sweep on fs.
func labSweepFlags(fs *flag.FlagSet) *labSweepOpts {
	o := &labSweepOpts{}
	o.gf.register(fs, "default 1; every point plays the same seeds")
	fs.Var(&o.params, "param", "a parameter to vary, `OPTION` (the values the game declares: commons games GAME) or OPTION=V1,V2,...; repeat it for a grid")
	o.bots = fs.String("bots", "", "comma-separated bot specs `A,B,...`, as in lab run")
	fs.Var(&o.teams, "team", "instead of --bots, `TEAM=SPEC`, as in lab run")
	o.games = fs.Int("games", 0, "games `N` at each point")
	o.workers = fs.Int("workers", 0, "games played at once, `K` (default: the number of cores)")
	o.out = fs.String("out", "", "the sweep's directory `DIR`: a run per point, sweep.json and sweep.html; a rerun resumes")
	o.trace = fs.String("trace", "round", "when to read the scores for Lead Change and Drama (`WHEN`: round, turn, move or off), as in lab run")
	return o
}

// labRunBase reads the flags a sweep and a tuning share with lab run: the
// game, its fixed options, the bots and the trace.
func labRunBase(gf *gameFlags, pos []string, bots string, teams []string, trace string) (game.Info, match.Run, error) {
	g, gcfg, err := gf.resolveArgs(pos)
	if err != nil {
		return game.Info{}, match.Run{}, err
	}
	in := g.Info()
	// Only the options given are fixed: the others are the parameters'.
	fixed, _ := game.ParseOptions(gf.options)
	run := match.Run{Game: in.Name, Players: gcfg.Players, Options: fixed, Seed: 1}
	if gf.seed.set {
		run.Seed = gf.seed.v
	}
	switch trace {
	case lab.TraceRound, lab.TraceTurn, lab.TraceMove, lab.TraceOff:
	default:
		return game.Info{}, match.Run{}, usagef("--trace %q: want round, turn, move or off", trace)
	}
	if run.Bots, run.Teams, err = botsOrTeams(bots, teams, in); err != nil {
		return game.Info{}, match.Run{}, err
	}
	return in, run, nil
}

// parseAxes reads the --param flags.
func parseAxes(params []string, in game.Info) ([]lab.Axis, error) {
	if len(params) == 0 {
		return nil, usagef("--param is required: an option to vary (%s declares %s)", in.Name, declaredParams(in))
	}
	var axes []lab.Axis
	for _, p := range params {
		a, err := lab.ParseAxis(p, in)
		if err != nil {
			return nil, usagef("--param %s: %v", p, err)
		}
		axes = append(axes, a)
	}
	return axes, nil
}

func declaredParams(in game.Info) string {
	var names []string
	for _, p := range in.Params {
		names = append(names, p.Option)
	}
	if len(names) == 0 {
		return "none; give OPTION=V1,V2,..."
	}
	return strings.Join(names, ", ")
}

// runLabSweep runs commons lab sweep.
func runLabSweep(args []string, stdout, stderr io.Writer) error {
	fs := labFlags("sweep", stderr)
	o := labSweepFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	in, run, err := labRunBase(&o.gf, pos, *o.bots, o.teams, *o.trace)
	if err != nil {
		return err
	}
	axes, err := parseAxes(o.params, in)
	if err != nil {
		return err
	}
	if *o.games < 1 {
		return usagef("--games %d: want the games of each point, e.g. --games 200", *o.games)
	}
	if *o.out == "" {
		return usagef("--out is required: the sweep's directory, e.g. --out runs/source-sweep")
	}
	run.Games = *o.games
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sw, err := lab.RunSweep(ctx, lab.SweepConfig{
		Config: lab.Config{Dir: *o.out, Run: run, Workers: *o.workers, Trace: *o.trace},
		Axes:   axes,
		OnPoint: func(i, n int, name string) {
			fmt.Fprintf(stderr, "point %d of %d: %s\n", i+1, n, name)
		},
	})
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "commons lab sweep: stopped; run the same command again to resume\n")
			return errSilent
		}
		return err
	}
	printSweep(stdout, sw)
	fmt.Fprintf(stdout, "Page: %s\n", *o.out+"/"+lab.SweepHTML)
	return nil
}

// printSweep writes a sweep's headline numbers, a row per point.
func printSweep(w io.Writer, sw *lab.Sweep) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	var head []string
	for _, a := range sw.Axes {
		head = append(head, a.Option)
	}
	cols := []string{"balance", "seat-1", "duration-turns", "lead-change", "drama"}
	for _, c := range cols {
		head = append(head, lab.MetricName(c))
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, p := range sw.Points {
		var row []string
		for _, v := range p.Values {
			if v == "" {
				v = "(default)"
			}
			row = append(row, v)
		}
		vs := lab.Values(p.Summary)
		for _, c := range cols {
			cell := "n/a"
			for _, v := range vs {
				if v.Key == c {
					cell = fmt.Sprintf("%.3g", v.V)
				}
			}
			row = append(row, cell)
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
}
