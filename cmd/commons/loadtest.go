package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/commons-games/commons/internal/loadtest"
)

func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("loadtest", "loadtest [--addr URL] [--matches N] [--duration D] [--rate R] [--game GAME] [--seed S] [--json]", stderr)
	addr := fs.String("addr", "http://localhost:8080", "the server's `URL`")
	matches := fs.Int("matches", 10, "matches played at once, every seat a WebSocket client of its own")
	duration := fs.Duration("duration", 20*time.Second, "how long the moves are measured, after the matches are set up")
	rate := fs.Float64("rate", 0, "open loop: offer `R` moves a second in all, each match's on a fixed schedule, and count a move's latency from when it was due, not when it was sent (0: closed loop, each match's next move when the last is acknowledged)")
	gameName := fs.String("game", "source", "the `GAME` played, with its fewest players")
	seed := fs.Uint64("seed", 1, "seed of the clients' random moves")
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q: loadtest takes flags only (flags start with --)", pos[0])
	}
	u, err := url.Parse(*addr)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return usagef("--addr %q: want the server's URL, such as http://localhost:8080", *addr)
	}
	if *matches < 1 {
		return usagef("--matches %d: want at least 1", *matches)
	}
	if *duration <= 0 {
		return usagef("--duration %v: want a positive duration, such as 20s", *duration)
	}
	if *rate < 0 || math.IsInf(*rate, 0) || math.IsNaN(*rate) {
		return usagef("--rate %v: want a number of moves a second, or 0 for the closed loop", *rate)
	}
	g, err := lookupGame(*gameName)
	if err != nil {
		return err
	}
	name := g.Info().Name

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := loadtest.Run(ctx, loadtest.Options{
		Addr: *addr, Matches: *matches, Duration: *duration, Rate: *rate, Game: name, Seed: *seed,
		Progress: stderr, Terminal: isTerminal(stderr),
	})
	if res == nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(stdout, "%s: %d matches of %s at once (%d WebSocket clients), set up in %.1f s\n", res.Addr, res.Matches, res.Game, res.Clients, res.SetUp.Seconds())
	fmt.Fprintf(stdout, "  moves committed: %d in %.1f s, %.0f a second\n", res.Moves, res.Elapsed.Seconds(), res.MovesPerSecond)
	if res.OfferedRate > 0 {
		fmt.Fprintf(stdout, "  open loop: %g moves a second offered, %.0f achieved (%.0f%%); %d due, %d of them not sent at the end (%.2f s behind)\n",
			res.OfferedRate, res.MovesPerSecond, 100*res.MovesPerSecond/res.OfferedRate, res.Due, res.Behind, float64(res.Behind)/res.OfferedRate)
		fmt.Fprintf(stdout, "  latency, due to ack: p50 %s, p95 %s, p99 %s, max %s\n", ms(res.DueP50), ms(res.DueP95), ms(res.DueP99), ms(res.DueMax))
	}
	fmt.Fprintf(stdout, "  latency, send to ack: p50 %s, p95 %s, p99 %s, max %s\n", ms(res.P50), ms(res.P95), ms(res.P99), ms(res.Max))
	fmt.Fprintf(stdout, "  matches finished: %d (created %d)\n", res.Finished, res.Created)
	fmt.Fprintf(stdout, "  errors: %d\n", res.Errors)
	for k, n := range res.ErrorKinds {
		fmt.Fprintf(stdout, "    %d× %s\n", n, k)
	}
	if res.Hint != "" {
		fmt.Fprintf(stdout, "  %s\n", res.Hint)
	}
	if err != nil && !strings.Contains(err.Error(), "context canceled") {
		return err
	}
	return nil
}
