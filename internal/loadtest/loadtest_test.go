package loadtest_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/internal/loadtest"
	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/sqlite"
)

// startServer serves a server on SQLite in process, with cfg's limits.
func startServer(t *testing.T, cfg server.Config) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store = st
	return startServerOn(t, cfg)
}

// startServerOn serves a server on cfg.Store in process, with cfg's
// limits.
func startServerOn(t *testing.T, cfg server.Config) string {
	t.Helper()
	cfg.NewBot = bot.New
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return hs.URL
}

// A load test commits moves, finishes matches and starts new ones, and
// reports sane figures: moves per second as counted, quantiles in order,
// no errors on a server without limits, a progress line a second.
func TestLoadTestCommitsMoves(t *testing.T) {
	addr := startServer(t, server.Config{MoveRate: -1, CreateLimit: -1})
	var progress bytes.Buffer
	res, err := loadtest.Run(context.Background(), loadtest.Options{
		Addr: addr, Matches: 4, Duration: 2 * time.Second, Game: "countdown", Seed: 1,
		Progress: &progress, ProgressEvery: 500 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if res.Moves < 20 {
		t.Errorf("%d moves committed in 2 s", res.Moves)
	}
	if got := float64(res.Moves) / res.Elapsed.Seconds(); res.MovesPerSecond != got {
		t.Errorf("moves per second %v, want %v", res.MovesPerSecond, got)
	}
	if res.Elapsed < 2*time.Second || res.Elapsed > 4*time.Second {
		t.Errorf("measured for %v, want about 2 s", res.Elapsed)
	}
	if !(0 < res.P50 && res.P50 <= res.P95 && res.P95 <= res.P99 && res.P99 <= res.Max && res.Max < 5*time.Second) {
		t.Errorf("latencies p50 %v p95 %v p99 %v max %v", res.P50, res.P95, res.P99, res.Max)
	}
	if res.Errors != 0 || res.Hint != "" {
		t.Errorf("%d errors: %v", res.Errors, res.ErrorKinds)
	}
	if res.Finished < 4 || res.Created < res.Finished {
		t.Errorf("%d matches finished, %d created: countdown's are short, many should end", res.Finished, res.Created)
	}
	if res.Clients != 8 {
		t.Errorf("%d clients set up, want 8 (4 matches of 2 seats)", res.Clients)
	}
	if lines := strings.Count(progress.String(), " moves, "); lines < 3 {
		t.Errorf("%d progress lines in 2 s:\n%s", lines, progress.String())
	}
}

// The server's limits, left on, show in the result as errors, with the
// way to raise them.
func TestLoadTestReportsLimits(t *testing.T) {
	addr := startServer(t, server.Config{MoveRate: 2, MoveBurst: 2, CreateLimit: 3, CreateWindow: time.Hour})
	res, err := loadtest.Run(context.Background(), loadtest.Options{
		Addr: addr, Matches: 5, Duration: time.Second, Game: "countdown",
	})
	if err != nil {
		t.Fatal(err)
	}
	created := 0
	for k, n := range res.ErrorKinds {
		if strings.HasPrefix(k, "429 too many matches created") {
			created += int(n)
		}
	}
	if res.Errors == 0 || created == 0 || !strings.Contains(res.Hint, "--move-rate 0 --create-limit 0") {
		t.Fatalf("errors %d %v, hint %q", res.Errors, res.ErrorKinds, res.Hint)
	}
}

// A server without the game is refused at once.
func TestLoadTestUnknownGame(t *testing.T) {
	addr := startServer(t, server.Config{})
	_, err := loadtest.Run(context.Background(), loadtest.Options{Addr: addr, Matches: 1, Duration: time.Second, Game: "chess"})
	if err == nil || !strings.Contains(err.Error(), `has no game "chess"`) {
		t.Fatalf("err %v", err)
	}
}

// An open loop at a rate the server easily keeps up with commits about
// the rate offered, and never more than was due: moves are sent on the
// schedule, not as fast as the server answers (a closed loop on
// countdown does thousands a second). A move's latency from its due
// time includes that from its sending.
func TestLoadTestOpenLoopHoldsRate(t *testing.T) {
	addr := startServer(t, server.Config{MoveRate: -1, CreateLimit: -1})
	const rate, matches = 200, 20
	var progress bytes.Buffer
	res, err := loadtest.Run(context.Background(), loadtest.Options{
		Addr: addr, Matches: matches, Duration: time.Second, Rate: rate, Game: "countdown", Seed: 1,
		Progress: &progress, ProgressEvery: 500 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if res.OfferedRate != rate {
		t.Errorf("offered rate %v, want %v", res.OfferedRate, rate)
	}
	// The moves due: one every 1/rate from the start.
	if want := rate * res.Elapsed.Seconds(); float64(res.Due) < want-2 || float64(res.Due) > want+2 {
		t.Errorf("%d moves due in %v at %d a second, want about %.0f", res.Due, res.Elapsed, rate, want)
	}
	// Never more than due (each was sent at or after its due time), and
	// on a server without load at least half of it even on a slow
	// machine.
	if res.Moves > res.Due || res.MovesPerSecond > rate+2/res.Elapsed.Seconds() {
		t.Errorf("%d moves committed, %.0f a second: more than the %d due at %d a second", res.Moves, res.MovesPerSecond, res.Due, rate)
	}
	if res.Moves < res.Due/2 {
		t.Errorf("%d moves committed of %d due: under half the offered rate on an idle server", res.Moves, res.Due)
	}
	if res.Behind < 0 || res.Moves+res.Behind > res.Due {
		t.Errorf("%d moves committed and %d behind, of %d due", res.Moves, res.Behind, res.Due)
	}
	if !(0 < res.DueP50 && res.DueP50 <= res.DueP95 && res.DueP95 <= res.DueP99 && res.DueP99 <= res.DueMax) {
		t.Errorf("latencies from due time: p50 %v p95 %v p99 %v max %v", res.DueP50, res.DueP95, res.DueP99, res.DueMax)
	}
	// Move by move, from due time is from sending plus the wait, so
	// every quantile is at least that from sending.
	if res.DueP50 < res.P50 || res.DueP95 < res.P95 || res.DueP99 < res.P99 || res.DueMax < res.Max {
		t.Errorf("latencies from due time %v %v %v %v under those from sending %v %v %v %v",
			res.DueP50, res.DueP95, res.DueP99, res.DueMax, res.P50, res.P95, res.P99, res.Max)
	}
	if res.Errors != 0 {
		t.Errorf("%d errors: %v", res.Errors, res.ErrorKinds)
	}
	if !strings.Contains(progress.String(), "offered, ") || !strings.Contains(progress.String(), " behind, ") {
		t.Errorf("progress lines without the open loop's figures:\n%s", progress.String())
	}
}

// slowStore makes a server fall behind: from the first move of a player
// (countdown's "take"; set-up writes only chance outcomes) every Append
// waits until stall has passed since that move, and then slow more.
type slowStore struct {
	store.Store
	stall, slow time.Duration

	mu    sync.Mutex
	until time.Time // the stall's end; zero before the first move
}

func (s *slowStore) Append(ctx context.Context, a store.Append) error {
	s.mu.Lock()
	if s.until.IsZero() && len(a.Moves) > 0 && strings.HasPrefix(a.Moves[0], "take") {
		s.until = time.Now().Add(s.stall)
	}
	until := s.until
	s.mu.Unlock()
	if !until.IsZero() {
		select {
		case <-time.After(max(time.Until(until), 0) + s.slow):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return s.Store.Append(ctx, a)
}

// A server that stalls and then falls behind shows in the latency from
// due time, which counts the moves that waited, not in that from
// sending, which counts only the one in flight (coordinated omission).
//
// Every figure checked is a bound that a slower machine only makes
// safer: the stall starts with the run's first move, at or after the
// start, so it ends at least stall after it; no move of a match is
// acknowledged before the stall ends, and each then takes at least slow
// longer than the one before, longer than the schedule's period, so
// every move acknowledged is at least stall late on its due time. From
// sending, all but each match's first take about slow.
func TestLoadTestOpenLoopLatencyFromDue(t *testing.T) {
	const (
		rate, matches = 4000, 20 // a move due every 5 ms in each match
		stall         = 500 * time.Millisecond
		slow          = 20 * time.Millisecond // at most 50 moves a second in each match
	)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	addr := startServerOn(t, server.Config{MoveRate: -1, CreateLimit: -1, Store: &slowStore{Store: st, stall: stall, slow: slow}})
	res, err := loadtest.Run(context.Background(), loadtest.Options{
		Addr: addr, Matches: matches, Duration: time.Second, Rate: rate, Game: "countdown", Seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if res.Moves == 0 {
		t.Fatalf("no move committed in %v (the stall lasts %v)", res.Elapsed, stall)
	}
	if res.DueP50 < stall {
		t.Errorf("p50 latency from due time %v, want at least the stall, %v (from sending: p50 %v)", res.DueP50, stall, res.P50)
	}
	if res.DueMax < res.Max || res.DueP50 < res.P50 {
		t.Errorf("latency from due time (p50 %v, max %v) under that from sending (p50 %v, max %v)", res.DueP50, res.DueMax, res.P50, res.Max)
	}
	// Each match sent at most a move before the stall ended and one
	// every slow after: far from the rate's 200 a second.
	if res.Behind < res.Due/2 || res.Moves+res.Behind > res.Due {
		t.Errorf("%d moves behind, %d committed, of %d due: the server could not have kept up", res.Behind, res.Moves, res.Due)
	}
	if res.Errors != 0 {
		t.Errorf("%d errors: %v", res.Errors, res.ErrorKinds)
	}
}
