package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/commons-games/commons/engine"
)

var engineExamples = []string{
	"commons engine                              # JSON lines on stdin and stdout (docs/engine.md)",
	"commons engine --max-line 65536 --max-states 10000   # tighter limits for an untrusted client",
	"",
	"One request a line, one answer a line with the request's id: new, clone, free,",
	"legal, apply, chance, sample, player, terminal, returns, status, observation",
	"(text, json or tensor), information_state, resample, undo, record, bot, shape,",
	"games. A bad request is answered with an error line; the engine goes on.",
	"The Python package python/commons drives it (COMMONS_BIN names the binary).",
}

func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("engine", "engine [--max-line BYTES] [--max-states N]", stderr)
	maxLine := fs.Int("max-line", engine.DefaultMaxLine, "the longest request line read, in `BYTES`; a longer one is answered with an error")
	maxStates := fs.Int("max-states", engine.DefaultMaxStates, "the most states held at once (`N`)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q: engine takes no arguments (requests come on standard input)", pos[0])
	}
	if *maxLine < 2 {
		return usagef("--max-line %d: want at least 2", *maxLine)
	}
	if *maxStates < 1 {
		return usagef("--max-states %d: want at least 1", *maxStates)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err = engine.Serve(ctx, stdin, stdout, engine.Options{MaxLine: *maxLine, MaxStates: *maxStates})
	if err == context.Canceled {
		return nil
	}
	return err
}
