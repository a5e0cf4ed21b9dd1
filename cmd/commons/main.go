// Command commons plays, replays, serves and measures the Commons games.
//
// Usage:
//
//	commons games [--json]
//	commons new GAME [--players N] [--seed S] [--option key=value]...
//	commons replay [--view P] [--complete] [--trace] [--words] FILE
//	commons learn GAME [--lesson K]
//	commons play GAME [--players N] [--seat K=human|BOT]... [--seed S] [--option key=value]... [--save FILE] [--ask-forced]
//	commons play --resume FILE [--seat K=human|BOT]... [--save FILE] [--ask-forced]
//	commons bench GAME [--players N] [--games N] [--seed S] [--json] [--bot SPEC]
//	commons arena GAME (--bots A,B,... | --team TEAM=SPEC...) [--players N] [--games N] [--seed S] [--workers K] [--json]
//	commons lab run GAME --bots A,B,... --games N --out DIR [--players N] [--seed S] [--workers K] [--shard i/n]
//	commons lab merge --out DIR SHARD_DIR...
//	commons lab report DIR
//	commons lab compare DIR_A DIR_B
//	commons serve [--addr HOST:PORT] [--db DSN] [--move-rate N] [--create-limit N]...
//	commons loadtest [--addr URL] [--matches N] [--duration D] [--rate R] [--game GAME]
//	commons engine [--max-line BYTES] [--max-states N]
//	commons admin [--server URL] chat list ROOM | chat delete ROOM N
//
// Run "commons help COMMAND" for the flags and examples of one command.
//
// Exit codes: 0 success, 1 the command failed (a bad record, an unwritable
// file...), 2 the command line was wrong (an unknown flag, a missing game).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commons-games/commons/bot"
	_ "github.com/commons-games/commons/games/all"
)

type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
	// examples are shown by commons help NAME: a command line, and after
	// "#" what it does.
	examples []string
	// bots adds the list of bots and their parameters to the help.
	bots bool
}

var commands []command

func init() {
	commands = []command{
		{name: "games", summary: "list the games, their player counts and options", run: runGames, examples: []string{
			"commons games            # names, player counts, options with their defaults",
			"commons games --json     # the same as JSON, for programs",
		}},
		{name: "new", summary: "print the record of a new game", run: runNew, examples: []string{
			"commons new source                          # 2 players, a seed made up and written down",
			"commons new breaking-head --players 5 --seed 7",
			"commons new 3io --players 3 --option civilization-pacing=on > game.json",
		}},
		{name: "replay", summary: "check a game record and print where it ends", run: runReplay, examples: []string{
			"commons replay game.json                    # check every move; the end state as JSON",
			"commons replay --view 2 game.json           # ... with what seat 2 sees (or --view spectator)",
			"commons replay --complete game.json         # the record with every chance outcome written out",
			"commons replay --trace game.json            # one JSON line per move: who, the legal moves, the move",
			"commons replay --words game.json            # one line per move in words: who, the move, a chance outcome's odds",
			"commons replay --words --view 2 game.json   # ... as seat 2 saw them: others' hidden cards masked",
			"commons new source --seed 3 | commons replay -",
		}},
		{name: "learn", summary: "learn a game in the terminal: a guided first game against a gentle bot", run: runLearn, examples: learnExamples},
		{name: "play", summary: "play a game in the terminal, against people or bots", run: runPlay, bots: true, examples: []string{
			"commons play source                         # you are seat 1, the medium bot seat 2",
			"commons play source --seat 2=hard           # against the hard bot (easy, medium, hard)",
			"commons play source --seat 2=script:centre  # against a beginner's way of playing (commons games lists them)",
			"commons play source --seat 2=mcts:time=3s   # against a search bot that thinks three seconds a move",
			"commons play source --save game.json        # quit when you like: the game so far is in game.json",
			"commons play --resume game.json             # go on with it (seat 1 you again; --seat as at the start)",
			"commons play 3io --ask-forced               # be asked even for the only legal move (3io: a turn's expand)",
			"commons play breaking-head --players 4 --seat all=human   # four people at one screen",
			"commons play 3io --players 3 --seat 1=greedy --seat 2=human --seat 3=mcts",
			"commons play open-science-alliance --players 3 --seat 2=mcts --seat 3=greedy",
			"commons play source --seat all=random --seed 7 --save game.json   # bots only, no terminal needed",
			"",
			"At the prompt: a move in the game's notation (docs/rules/GAME.md), ? for the",
			"legal moves, ? TEXT for those that start with TEXT or have a word starting with",
			"it (? place, ? c3), board, help, quit. A move that is the only legal one is",
			"played for you, and the log says so: \"forced: seat 1: expand (the only legal move)\".",
			"--resume replays the record's moves, checking each (a bad one is named, and",
			"nothing is played or written), and saves back to FILE unless --save says where.",
		}},
		{name: "bench", summary: "measure random playouts (or a bot's search) per second", run: runBench, bots: true, examples: []string{
			"commons bench source                        # 1000 random games",
			"commons bench breaking-head --players 6 --games 5000 --json",
			"commons bench open-science-alliance --players 4",
			"commons bench source --bot mcts:iterations=2000   # a search against as many bare playouts",
		}},
		{name: "arena", summary: "rank bots by playing them against each other", run: runArena, bots: true, examples: []string{
			"commons arena source --bots mcts,greedy,random --games 100",
			"commons arena 3io --players 3 --bots mcts:iterations=500,greedy --games 60 --json",
			"commons arena breaking-head --players 5 --team contributor=ismcts --team blocker=random --games 40",
		}},
		{name: "lab", summary: "playtest a game: many bot games, their metrics, reports and comparisons", run: runLab, examples: []string{
			"commons lab run source --bots random --games 10000 --out runs/source-random",
			"commons lab run 3io --players 3 --bots mcts:iterations=500,greedy,random --games 300 --out runs/3io",
			"commons lab run 3io --bots random --games 10000 --out runs/3io-random",
			"commons lab run 3io --option civilization-pacing=on --bots random --games 10000 --out runs/3io-paced",
			"commons lab run breaking-head --players 5 --team contributor=ismcts --team blocker=random --games 200 --out runs/bh",
			"commons lab run source --bots random --games 100000 --shard 0/2 --out runs/shard-0   # on one machine...",
			"commons lab run source --bots random --games 100000 --shard 1/2 --out runs/shard-1   # ...and on another",
			"commons lab merge --out runs/source runs/shard-0 runs/shard-1",
			"commons lab report runs/source-random        # runs/source-random/report.html and report.json",
			"commons lab compare runs/3io-random runs/3io-paced   # each metric's difference, paired by seed, a verdict; compare.html",
			"commons lab compare runs/3io-random runs/3io-paced --html runs/pacing.html   # the page elsewhere: both runs' plots side by side",
			"",
			"A killed run resumes: run the same command again. Game i always has seed S+i,",
			"so the results do not depend on --workers, and two runs with one seed pair up.",
		}},
		{name: "serve", summary: "run the web server: lobby, live matches, bots", run: runServe, examples: []string{
			"commons serve                               # http://localhost:8080/, matches kept in commons.db",
			"commons serve --addr :9000 --db /var/lib/commons/commons.db",
			"commons serve --db postgres://user:pass@db/commons   # several servers share one database",
			"commons serve --move-rate 0 --create-limit 0          # no move or match limits (for commons loadtest)",
		}},
		{name: "loadtest", summary: "play many matches at once on a server and measure moves a second and latency", run: runLoadtest, examples: []string{
			"commons loadtest --matches 100 --duration 20s         # on http://localhost:8080, Source",
			"commons loadtest --addr http://10.0.0.5:8080 --matches 1000 --game breaking-head --json",
			"commons loadtest --matches 1000 --rate 5000 --duration 20s   # open loop: 5,000 moves/s offered; latency from due time",
			"",
			"The server's abuse limits refuse a load from one address: serve it with",
			"commons serve --move-rate 0 --create-limit 0 (docs/reliability.md).",
		}},
		{name: "engine", summary: "serve the games to programs in any language: JSON lines on stdin and stdout (docs/engine.md)", run: runEngine, examples: engineExamples},
		{name: "admin", summary: "the operator's work on a running server: list and take down chat messages", run: runAdmin, examples: []string{
			"commons admin chat list lobby                          # the lobby's last messages, numbered",
			"commons admin --server http://localhost:8080 chat delete lobby 2   # take message 2 down",
			"",
			"ROOM is a match's ID or lobby. Taking a message down needs the operator's token",
			"in COMMONS_OPERATOR_TOKEN, as the server was started with (docs/api.md, Table talk).",
		}},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// errSilent marks an error whose message has already been written.
var errSilent = errors.New("silent")

// usageError is a mistake in the command line: exit code 2, and a pointer
// to the help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// subError is an error of a subcommand (lab run): the message starts
// "commons lab run:", not "commons lab: lab run:".
type subError struct {
	sub string
	err error
}

func (e *subError) Error() string { return e.err.Error() }
func (e *subError) Unwrap() error { return e.err }

// inSub marks err as an error of subcommand sub.
func inSub(sub string, err error) error {
	if err == nil {
		return nil
	}
	return &subError{sub, err}
}

// trimmedError is an error whose message lost a prefix that repeats the
// command ("arena: " under commons arena); it unwraps to the original.
type trimmedError struct {
	msg string
	err error
}

func (e *trimmedError) Error() string { return e.msg }
func (e *trimmedError) Unwrap() error { return e.err }

// trimPrefix removes prefix from err's message, keeping what err wraps.
func trimPrefix(err error, prefix string) error {
	if err == nil || !strings.HasPrefix(err.Error(), prefix) {
		return err
	}
	if ue, ok := err.(*usageError); ok {
		return &usageError{strings.TrimPrefix(ue.msg, prefix)}
	}
	return &trimmedError{strings.TrimPrefix(err.Error(), prefix), err}
}

// helpError carries the help text the flag package made for -h or --help,
// so that it goes to standard output.
type helpError struct{ text string }

func (e *helpError) Error() string { return "help requested" }
func (e *helpError) Unwrap() error { return flag.ErrHelp }

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" || args[0] == "help" && len(args) == 1 {
		usage(stdout)
		return 0
	}
	name := args[0]
	if name == "help" {
		switch {
		case len(args) == 3 && args[1] == "lab" && slices.Contains(labOrder, args[2]):
			// commons help lab run: the lab's help covers every subcommand.
		case len(args) > 2:
			fmt.Fprintf(stderr, "commons help: unexpected argument %q: help takes one command, e.g. commons help play\n", args[2])
			return 2
		}
		name, args = args[1], []string{args[1], "--help"}
	}
	for _, c := range commands {
		if c.name != name {
			continue
		}
		err := c.run(args[1:], stdin, stdout, stderr)
		var he *helpError
		var ue *usageError
		prefix := name
		var se *subError
		if errors.As(err, &se) {
			prefix += " " + se.sub
		}
		switch {
		case err == nil:
			return 0
		case errors.As(err, &he):
			io.WriteString(stdout, he.text)
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errSilent):
			return 1
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "commons %s: %v\nRun \"commons help %s\" for its flags and examples.\n", prefix, err, name)
			return 2
		default:
			fmt.Fprintf(stderr, "commons %s: %v\n", prefix, err)
			return 1
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	names = append(names, "help")
	fmt.Fprintf(stderr, "commons: unknown command %q: the commands are %s\nRun \"commons help\" for what they do.\n", name, strings.Join(names, ", "))
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, wrap(gamesLine(), 0, 80))
	fmt.Fprintln(w, "\nUsage: commons COMMAND [arguments]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nBots (play --seat, arena --bots, lab run --bots): the levels easy, medium and hard;")
	fmt.Fprintln(w, "script:NAME, a game's scripted beginner (commons games lists them); random, greedy,")
	fmt.Fprintln(w, "mcts and ismcts with their parameters (commons help play lists them, docs/bots.md).")
	fmt.Fprintln(w, "\nRun \"commons help COMMAND\" for a command's flags and examples, e.g. commons help play.")
	fmt.Fprintln(w, "Exit codes: 0 success, 1 the command failed, 2 a mistake in the command line.")
}

// gamesLine is the first line of the usage: how many games are
// registered, and their names.
func gamesLine() string {
	names := gameNames()
	count := strconv.Itoa(len(names))
	if words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}; len(names) < len(words) {
		count = words[len(names)]
	}
	list := strings.Join(names, ", ")
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	plural := "s"
	if len(names) == 1 {
		plural = ""
	}
	return fmt.Sprintf("Commons plays, replays, serves and measures %s open tabletop game%s: %s.", count, plural, list)
}

// parseFlags parses flags placed before, between or after positional
// arguments and returns the positional ones. A bad flag comes back as a
// usageError naming it; -h or --help as a helpError holding the help.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	// The flag package prints its own complaint and the usage to the
	// output; keep that for --help only, and say the complaint once.
	out := fs.Output()
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	defer fs.SetOutput(out)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpError{buf.String()}
			}
			return nil, flagError(fs, err)
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

var (
	reUndefined = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	reNeedsArg  = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
	reBadValue  = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-+([^:]*): (.*)$`)
)

// flagError rewrites the flag package's errors to name the flag as people
// type it (--seed) and say what it wants.
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if m := reUndefined.FindStringSubmatch(msg); m != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		return usagef("unknown flag --%s (flags: %s)", m[1], strings.Join(names, ", "))
	}
	if m := reNeedsArg.FindStringSubmatch(msg); m != nil {
		return usagef("--%s needs a value: --%s %s", m[1], m[1], flagPlaceholder(fs.Lookup(m[1])))
	}
	if m := reBadValue.FindStringSubmatch(msg); m != nil {
		val, name, why := m[1], m[2], m[3]
		if f := fs.Lookup(name); f != nil {
			if g, ok := f.Value.(flag.Getter); ok {
				switch g.Get().(type) {
				case int, int64, uint, uint64:
					why = "want a whole number"
				case float64:
					why = "want a number"
				case bool:
					why = "want true or false"
				case time.Duration:
					why = "want a duration such as 500ms, 10s or 1m30s"
				}
			}
		}
		return usagef("--%s %q: %s", name, val, why)
	}
	return usagef("%s", msg)
}

// flagPlaceholder is the name of a flag's value in the help (N, FILE...).
func flagPlaceholder(f *flag.Flag) string {
	if f == nil {
		return "VALUE"
	}
	name, _ := flag.UnquoteUsage(f)
	switch name {
	case "", "value", "string":
		return "VALUE"
	case "int":
		return "N"
	}
	return name
}

func newFlagSet(name, usageLine string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { printHelp(fs.Output(), fs, name, usageLine) }
	return fs
}

// printHelp writes a command's usage line, summary, flags (written with two
// dashes, as the examples do), examples and, for the commands that take bot
// specs, the bots.
func printHelp(w io.Writer, fs *flag.FlagSet, name, usageLine string) {
	fmt.Fprintf(w, "Usage: commons %s\n", usageLine)
	var c command
	for _, cc := range commands {
		if cc.name == name {
			c = cc
		}
	}
	if c.summary != "" {
		fmt.Fprintf(w, "\n%s%s.\n", strings.ToUpper(c.summary[:1]), c.summary[1:])
	}
	fmt.Fprintln(w, "\nFlags:")
	printFlags(w, fs)
	if len(c.examples) > 0 {
		fmt.Fprintln(w, "\nExamples:")
		for _, e := range c.examples {
			if e == "" {
				fmt.Fprintln(w)
				continue
			}
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	if c.bots {
		fmt.Fprintln(w, "\nBots (a spec is NAME or NAME:param=value,param=value; see docs/bots.md):")
		for _, l := range strings.SplitAfter(bot.Help(), "\n") {
			if l != "" {
				fmt.Fprint(w, "  "+l)
			}
		}
	}
}

func isZeroDefault(v string) bool {
	switch v {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

// wrap breaks text into lines of at most width columns, each indented.
func wrap(text string, indent, width int) string {
	var b strings.Builder
	pad := strings.Repeat(" ", indent)
	col := 0
	for _, word := range strings.Fields(text) {
		switch {
		case col == 0:
			b.WriteString(pad + word)
			col = indent + len(word)
		case col+1+len(word) > width:
			b.WriteString("\n" + pad + word)
			col = indent + len(word)
		default:
			b.WriteString(" " + word)
			col += 1 + len(word)
		}
	}
	if col > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// isTerminal reports whether w is a terminal, where a progress line that
// rewrites itself with \r makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
