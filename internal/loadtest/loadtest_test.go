package loadtest_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/internal/loadtest"
	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store/sqlite"
)

// startServer serves a server on SQLite in process, with cfg's limits.
func startServer(t *testing.T, cfg server.Config) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.NewBot = st, bot.New
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
		st.Close()
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
