// Command commons plays, replays, serves and measures the Commons games.
//
// Usage:
//
//	commons games [--json]
//	commons new GAME --players N [--seed S] [--option key=value]...
//	commons replay [--view P] [--complete] [--trace] FILE
//	commons play GAME [--players N] [--seat K=human|BOT]... [--seed S] [--save FILE]
//	commons bench GAME [--players N] [--games N] [--seed S] [--json] [--bot SPEC]
//	commons arena GAME --bots A,B,... [--players N] --games N [--seed S] [--workers K] [--json]
//	commons serve [--addr HOST:PORT] [--db DSN]
//
// Run "commons help COMMAND" for the flags of one command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/commons-games/commons/games/all"
)

type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"games", "list the games, their player counts and options", runGames},
		{"new", "print the record of a new game", runNew},
		{"replay", "check a game record and print where it ends", runReplay},
		{"play", "play a game in the terminal, against people or bots", runPlay},
		{"bench", "measure random playouts (or a bot's search) per second", runBench},
		{"arena", "rank bots by playing them against each other", runArena},
		{"serve", "run the web server: lobby, live matches, bots", runServe},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// errSilent marks an error whose message has already been written.
var errSilent = errors.New("silent")

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1 {
		usage(stdout)
		return 0
	}
	name := args[0]
	if name == "help" {
		name, args = args[1], []string{args[1], "--help"}
	}
	for _, c := range commands {
		if c.name != name {
			continue
		}
		err := c.run(args[1:], stdin, stdout, stderr)
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errSilent):
			return 1
		default:
			fmt.Fprintf(stderr, "commons %s: %v\n", name, err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "commons: unknown command %q\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Commons plays, replays, serves and measures five open tabletop games.")
	fmt.Fprintln(w, "\nUsage: commons COMMAND [arguments]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"commons help COMMAND\" for a command's flags.")
}

// parseFlags parses flags placed before, between or after positional
// arguments and returns the positional ones.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func newFlagSet(name, usageLine string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: commons %s\n\nFlags:\n", usageLine)
		fs.PrintDefaults()
	}
	return fs
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }
