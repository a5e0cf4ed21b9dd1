package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/match"
)

// labUsage is the usage line of every lab subcommand.
var labUsage = map[string]string{
	"run":     "lab run GAME (--bots A,B,... | --team TEAM=SPEC...) --games N --out DIR [--players N] [--seed S] [--workers K] [--option key=value]... [--variants DIR --variant NAME] [--shard i/n] [--trace round|turn|move|off]",
	"merge":   "lab merge --out DIR SHARD_DIR...",
	"report":  "lab report DIR [--json]",
	"compare": "lab compare DIR_A DIR_B [--html FILE] [--json]",
	"sweep":   "lab sweep GAME --param OPTION[=V1,V2,...]... (--bots A,B,... | --team TEAM=SPEC...) --games N --out DIR [--players N] [--seed S] [--workers K] [--option key=value]...",
	"tune":    "lab tune GAME --target METRIC=LO:HI... (--bots A,B,... | --team TEAM=SPEC...) --out DIR [--gap STRONG,WEAK] [--param OPTION[=V1,...]]... [--budget N] [--confirm N] [--shard i/n]",
	"import":  "lab import --db DSN --out DIR [--game G] [--players N] [--option key=value]... [--variants DIR]",
	"skill":   "lab skill GAME --bot SPEC --out DIR [--levels K] [--games N] [--players N] [--seed S] [--workers K] [--option key=value]...",
}

var labOrder = []string{"run", "merge", "report", "compare", "sweep", "tune", "import", "skill"}

// labMore returns a lab subcommand kept in a file of its own
// (labsweep.go, labtune.go, labimport.go, labskill.go): what registers
// its flags, for the help, and what runs it. A function, not a table: the
// runners reach the help, which reaches the flags.
func labMore(name string) (flags func(fs *flag.FlagSet), run func(args []string, stdout, stderr io.Writer) error, ok bool) {
	switch name {
	case "sweep":
		return func(fs *flag.FlagSet) { labSweepFlags(fs) }, runLabSweep, true
	case "tune":
		return func(fs *flag.FlagSet) { labTuneFlags(fs) }, runLabTune, true
	case "import":
		return func(fs *flag.FlagSet) { labImportFlags(fs) }, runLabImport, true
	case "skill":
		return func(fs *flag.FlagSet) { labSkillFlags(fs) }, runLabSkill, true
	}
	return nil, nil, false
}

func runLab(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("name what to do: commons lab run, merge, report, compare, sweep, tune, import or skill")
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		return &helpError{labHelp()}
	case "run":
		return inSub("run", trimPrefix(runLabRun(args[1:], stdout, stderr), "lab: "))
	case "merge":
		return inSub("merge", trimPrefix(runLabMerge(args[1:], stdout, stderr), "lab: "))
	case "report":
		return inSub("report", trimPrefix(runLabReport(args[1:], stdout, stderr), "lab: "))
	case "compare":
		return inSub("compare", trimPrefix(runLabCompare(args[1:], stdout, stderr), "lab: "))
	}
	if _, run, ok := labMore(args[0]); ok {
		return inSub(args[0], trimPrefix(run(args[1:], stdout, stderr), "lab: "))
	}
	return usagef("unknown lab command %q: want run, merge, report, compare, sweep, tune, import or skill", args[0])
}

// labFlags returns the flag set of a lab subcommand, for parsing and for
// the help.
func labFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("lab "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { io.WriteString(fs.Output(), labHelp()) }
	return fs
}

// labHelp is the help of commons lab: every subcommand's usage and flags,
// then examples.
func labHelp() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: commons %s\n", labUsage["run"])
	for _, n := range labOrder[1:] {
		fmt.Fprintf(&b, "       commons %s\n", labUsage[n])
	}
	b.WriteString("\nPlaytest a game: play many bot games, measure balance, length, what wins (docs/lab.md).\n")
	for i, n := range labOrder {
		fs, _ := newLabRunFlags(n)
		if i == 0 {
			b.WriteString("\nFlags:\n")
		} else {
			fmt.Fprintf(&b, "\nFlags of lab %s:\n", n)
		}
		var part strings.Builder
		printFlags(&part, fs)
		b.WriteString(part.String())
	}
	b.WriteString("\nExamples:\n")
	for _, c := range commands {
		if c.name == "lab" {
			for _, e := range c.examples {
				fmt.Fprintf(&b, "  %s\n", e)
			}
		}
	}
	b.WriteString("\nBots (a spec is NAME or NAME:param=value,param=value; see docs/bots.md): see commons help arena.\n")
	return b.String()
}

// printFlags writes a flag set's flags as printHelp does.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		placeholder, doc := flag.UnquoteUsage(f)
		switch placeholder {
		case "string":
			// A bare type says little; the flag's last word says more
			// (--log-level LEVEL, --timeout-bot BOT).
			words := strings.Split(f.Name, "-")
			placeholder = strings.ToUpper(words[len(words)-1])
		case "duration":
			placeholder = "DURATION"
		case "int", "float":
			placeholder = "N"
		}
		line := "  --" + f.Name
		if placeholder != "" {
			line += " " + placeholder
		}
		if !isZeroDefault(f.DefValue) {
			doc += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintln(w, line)
		fmt.Fprint(w, wrap(doc, 8, 80))
	})
}

// labRunOpts are the flags of lab run.
type labRunOpts struct {
	gf      gameFlags
	bots    *string
	teams   listFlag
	games   *int
	workers *int
	out     *string
	shard   *string
	trace   *string
	quiet   *bool
	json    *bool
	// variants and variant name an operator's variant (lab run).
	variants, variant *string
	one               *bool
	html              pageFlag
}

// pageFlag is the --html of lab compare: a file name, and whether the
// command line gave one.
type pageFlag struct {
	name string
	set  bool
}

func (p *pageFlag) String() string     { return p.name }
func (p *pageFlag) Set(v string) error { p.name, p.set = v, true; return nil }

// newLabRunFlags makes the flag set of a lab subcommand, with the
// values it fills.
func newLabRunFlags(name string) (*flag.FlagSet, *labRunOpts) {
	fs := labFlags(name, io.Discard)
	o := &labRunOpts{}
	switch name {
	case "run":
		o.gf.register(fs, "default 1; game i has seed S+i")
		o.bots = fs.String("bots", "", "comma-separated bot specs `A,B,...` (see docs/bots.md); seats are rotated between them")
		fs.Var(&o.teams, "team", "instead of --bots, `TEAM=SPEC`: the bot of every seat of a team, one flag per team (Breaking Head: --team contributor=ismcts --team blocker=random)")
		o.games = fs.Int("games", 0, "number of games `N` of the whole run (all shards)")
		o.workers = fs.Int("workers", 0, "games played at once, `K` (default: the number of cores); the results do not depend on it")
		o.out = fs.String("out", "", "the run's directory `DIR`: lab.json, results.jsonl; a rerun with the same flags resumes it")
		o.shard = fs.String("shard", "", "play only shard `i/n` (every n-th game, from game i; i from 0), for several machines; join them with commons lab merge")
		o.trace = fs.String("trace", "round", "when to read the scores (or evaluation) for Lead Change and Drama: `WHEN` is round (each turn of the first mover), turn (each turn's start), move (before every move, slower) or off (fastest)")
		o.quiet = fs.Bool("quiet", false, "no progress bar (there is none anyway when standard error is not a terminal)")
		o.variants = fs.String("variants", "", "the folder `DIR` of an operator's variants, as commons serve --variants takes it")
		o.variant = fs.String("variant", "", "play the variant `NAME` of --variants DIR: its options and data table; the manifest names it with the table's hash")
	case "merge":
		o.out = fs.String("out", "", "the directory `DIR` of the merged run")
	case "report":
		o.json = fs.Bool("json", false, "print report.json's numbers on standard output instead of the table")
	case "compare":
		o.html.name = "compare.html"
		fs.Var(&o.html, "html", "write the comparison's page, both runs side by side with their plots, to `FILE` (\"\" for none)")
		o.json = fs.Bool("json", false, "print the comparison as JSON, and write the page only if --html names its file")
	default:
		if flags, _, ok := labMore(name); ok {
			flags(fs)
		}
	}
	return fs, o
}

func parseLab(name string, args []string, stderr io.Writer) (*labRunOpts, []string, error) {
	fs, o := newLabRunFlags(name)
	fs.SetOutput(stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, nil, err
	}
	return o, pos, nil
}

func runLabRun(args []string, stdout, stderr io.Writer) error {
	o, pos, err := parseLab("run", args, stderr)
	if err != nil {
		return err
	}
	g, gcfg, err := o.gf.resolveArgs(pos)
	if err != nil {
		return err
	}
	if *o.games < 1 {
		return usagef("--games %d: want at least 1, e.g. --games 1000", *o.games)
	}
	if *o.workers < 0 {
		return usagef("--workers %d: want a number of games at once, or 0 for one per core", *o.workers)
	}
	if *o.out == "" {
		return usagef("--out is required: the directory of the run's results, e.g. --out runs/source-random")
	}
	switch *o.trace {
	case lab.TraceRound, lab.TraceTurn, lab.TraceMove, lab.TraceOff:
	default:
		return usagef("--trace %q: want round, turn, move or off", *o.trace)
	}
	seed := uint64(1)
	if o.gf.seed.set {
		seed = o.gf.seed.v
	}
	cfg := lab.Config{Run: match.Run{Game: g.Info().Name, Players: gcfg.Players, Options: gcfg.Options, Games: *o.games, Seed: seed}, Dir: *o.out, Workers: *o.workers, Trace: *o.trace}
	if err := withVariant(&cfg, *o.variants, *o.variant, o.gf.options); err != nil {
		return err
	}
	if *o.shard != "" {
		sh, err := lab.ParseShard(*o.shard)
		if err != nil {
			return usagef("--shard %q: %v", *o.shard, err)
		}
		cfg.Shard = &sh
	}
	if cfg.Bots, cfg.Teams, err = botsOrTeams(*o.bots, o.teams, g.Info()); err != nil {
		return err
	}
	if _, err := lab.Prepare(cfg); err != nil {
		// A bad bot, team or option is a mistake on the command line.
		return usagef("%s", strings.TrimPrefix(err.Error(), "lab: "))
	}
	var bar *progressbar.ProgressBar
	if !*o.quiet && isTerminal(stderr) {
		cfg.Progress = func(done, total int) {
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetDescription("games"),
					progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("games"),
					progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(100*time.Millisecond),
					progressbar.OptionOnCompletion(func() { fmt.Fprintln(stderr) }))
			}
			bar.Set(done)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := lab.Run(ctx, cfg)
	if st.Dropped > 0 {
		fmt.Fprintf(stderr, "commons lab run: cut off a partly written last line (%d bytes) of %s before resuming\n", st.Dropped, lab.ResultsFile)
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "commons lab run: stopped: %d games played, %d of %d in %s; run the same command again to resume\n", st.Played, st.Before+st.Played, st.Total, *o.out)
			return errSilent
		}
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games played in %.2f s (%.0f games/s)", *o.out, st.Played, st.Elapsed.Seconds(), st.GamesPerSecond())
	if st.Before > 0 {
		fmt.Fprintf(stdout, ", %d were there already", st.Before)
	}
	fmt.Fprintf(stdout, "; %d of %d done.\n", st.Before+st.Played, st.Total)
	if cfg.Shard != nil {
		fmt.Fprintf(stdout, "Join the shards with: commons lab merge --out DIR SHARD_DIR...\n")
	} else {
		fmt.Fprintf(stdout, "Report: commons lab report %s\n", *o.out)
	}
	return nil
}

// botsOrTeams reads --bots or --team, whichever is given.
func botsOrTeams(bots string, teams []string, in game.Info) ([]string, map[string]string, error) {
	switch {
	case bots != "" && len(teams) > 0:
		return nil, nil, usagef("give --bots or --team, not both")
	case bots != "":
		specs := splitBots(bots)
		if err := checkBots(specs, in); err != nil {
			return nil, nil, err
		}
		return specs, nil, nil
	case len(teams) > 0:
		t, err := parseTeams(teams, in)
		return nil, t, err
	}
	return nil, nil, usagef("--bots is required, e.g. --bots random or --bots mcts,greedy (or --team TEAM=SPEC in a team game)")
}

func runLabMerge(args []string, stdout, stderr io.Writer) error {
	o, pos, err := parseLab("merge", args, stderr)
	if err != nil {
		return err
	}
	if *o.out == "" {
		return usagef("--out is required: the directory of the merged run")
	}
	if len(pos) == 0 {
		return usagef("name the shards' directories, e.g. commons lab merge --out all shard-0 shard-1")
	}
	m, err := lab.Merge(*o.out, pos)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games of %s from %d shards\n", *o.out, m.Games, m.Game, len(pos))
	return nil
}

func runLabReport(args []string, stdout, stderr io.Writer) error {
	o, pos, err := parseLab("report", args, stderr)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		return usagef("name one run's directory, e.g. commons lab report runs/source")
	case 1:
	default:
		return usagef("unexpected argument %q: report takes one run's directory", pos[1])
	}
	d, err := lab.Load(pos[0])
	if err != nil {
		return err
	}
	if len(d.Results) == 0 {
		return fmt.Errorf("%s: no games yet: run commons lab run first", pos[0])
	}
	s, err := lab.WriteReport(d)
	if err != nil {
		return err
	}
	if *o.json {
		return writeJSON(stdout, s)
	}
	fmt.Fprintf(stdout, "%s, %d players: %d of %d games; wrote %s and %s\n\n", s.Game, s.Players, s.Played, s.Games,
		pos[0]+"/"+lab.ReportHTML, pos[0]+"/"+lab.ReportJSON)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "metric\tvalue\t95% interval\tgames\t")
	for _, m := range s.Metrics {
		if m.N == 0 {
			fmt.Fprintf(tw, "%s\tn/a\t\t0\t\n", m.Name)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.4g\t%.4g - %.4g\t%d\t\n", m.Name, m.Value, m.Low, m.High, m.N)
	}
	for _, r := range s.Seats {
		fmt.Fprintf(tw, "win rate of %s\t%.3f\t%.3f - %.3f\t%d\t\n", r.Name, r.Rate, r.Low, r.High, r.N)
	}
	for _, r := range s.Teams {
		fmt.Fprintf(tw, "win rate of team %s\t%.3f\t%.3f - %.3f\t%d\t\n", r.Name, r.Rate, r.Low, r.High, r.N)
	}
	for _, d := range s.Deals {
		for _, r := range d.Teams {
			fmt.Fprintf(tw, "win rate of team %s, dealt %s\t%.3f\t%.3f - %.3f\t%d\t\n", r.Name, d.Name, r.Rate, r.Low, r.High, r.N)
		}
	}
	for _, e := range s.Ends {
		fmt.Fprintf(tw, "ending %s\t%.3f\t%.3f - %.3f\t%d\t\n", e.Key, e.Share, e.Low, e.High, e.Of)
	}
	return tw.Flush()
}

func runLabCompare(args []string, stdout, stderr io.Writer) error {
	o, pos, err := parseLab("compare", args, stderr)
	if err != nil {
		return err
	}
	switch {
	case len(pos) < 2:
		return usagef("name two runs' directories, A then B, e.g. commons lab compare runs/base runs/variant")
	case len(pos) > 2:
		return usagef("unexpected argument %q: compare takes two runs' directories", pos[2])
	}
	a, err := lab.Load(pos[0])
	if err != nil {
		return err
	}
	b, err := lab.Load(pos[1])
	if err != nil {
		return err
	}
	c, err := lab.Compare(a, b)
	if err != nil {
		return err
	}
	html := o.html.name
	if *o.json && !o.html.set {
		html = ""
	}
	if html != "" {
		var page bytes.Buffer
		if err := lab.WriteCompareHTML(&page, c, a, b); err != nil {
			return err
		}
		if err := os.WriteFile(html, page.Bytes(), 0o644); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fmt.Errorf("--html %s: cannot write the page: %w", html, err)
		}
	}
	if *o.json {
		return writeJSON(stdout, c)
	}
	fmt.Fprintf(stdout, "A: %s (%d games)\nB: %s (%d games)\n", c.A.About, c.A.Played, c.B.About, c.B.Played)
	if c.Paired {
		fmt.Fprintf(stdout, "Paired by seed over %d games.\n", c.Pairs)
	} else {
		fmt.Fprintln(stdout, "Unpaired: the runs have different seeds or player counts.")
	}
	fmt.Fprintf(stdout, "\n%s.\n\n", c.Verdict)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "metric\tA\tB\tB - A\t95% interval\tB/A - 1\tchange\tmethod\t")
	for _, d := range c.Rows {
		rel := ""
		if d.HasRel {
			rel = fmt.Sprintf("%+.1f%% (%+.1f%% to %+.1f%%)", 100*d.Rel, 100*d.RelLow, 100*d.RelHigh)
		}
		mark := ""
		if d.Significant {
			mark = " *"
		}
		fmt.Fprintf(tw, "%s\t%.4g\t%.4g\t%+.4g%s\t%.4g to %.4g\t%s\t%s\t%s\t\n", d.Name, d.A, d.B, d.Diff, mark, d.Low, d.High, rel, d.Change, d.Method)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\n* the interval leaves out 0. change: real (significant, and at least the metric's threshold of a change that matters), none (smaller than that), unclear (as large, but not significant); docs/lab.md, \"Comparing runs\".")
	if html != "" {
		fmt.Fprintf(stdout, "Wrote %s: both runs side by side, with their plots.\n", html)
	}
	return nil
}
