package lab

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// cpuTime is the process's user and system time so far: on a machine
// shared with other work, games per CPU second compare more fairly than
// games per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLabRandomSource measures the lab's games per second with
// random bots on one worker, results written to a file, against the bare
// random playouts of commons bench (bot.RandomPlayouts, one goroutine)
// run just before: games/s is wall-clock, cpu-games/s per CPU second,
// and of-bench / cpu-of-bench the lab's ratios to the playouts.
//
//	go test ./lab -run '^$' -bench LabRandomSource -benchtime 20000x
func BenchmarkLabRandomSource(b *testing.B) {
	g, _ := game.Lookup("source")
	s, _ := g.New(game.Config{Players: 2, Options: game.Options{}})
	baseline := func(n int) (wall, cpu float64) {
		c0 := cpuTime()
		games, _, elapsed, err := bot.RandomPlayouts(context.Background(), s, n, 1, 1)
		if err != nil {
			b.Fatal(err)
		}
		return float64(games) / elapsed.Seconds(), float64(games) / (cpuTime() - c0).Seconds()
	}
	b.Run("bench", func(b *testing.B) {
		wall, cpu := baseline(b.N)
		b.ReportMetric(wall, "games/s")
		b.ReportMetric(cpu, "cpu-games/s")
	})
	for _, trace := range []string{TraceOff, TraceRound, TraceTurn} {
		b.Run("lab-trace-"+trace, func(b *testing.B) {
			wall, cpu := baseline(max(b.N, 2000))
			c0 := cpuTime()
			st, err := Run(context.Background(), Config{Run: match.Run{Game: "source", Bots: []string{"random"}, Games: b.N, Seed: 1}, Dir: filepath.Join(b.TempDir(), fmt.Sprint(b.N)), Workers: 1, Trace: trace})
			if err != nil {
				b.Fatal(err)
			}
			labCPU := float64(st.Played) / (cpuTime() - c0).Seconds()
			b.ReportMetric(st.GamesPerSecond(), "games/s")
			b.ReportMetric(st.GamesPerSecond()/wall, "of-bench")
			b.ReportMetric(labCPU, "cpu-games/s")
			b.ReportMetric(labCPU/cpu, "cpu-of-bench")
		})
	}
}

// BenchmarkLabWorkers measures how the lab scales with workers (random
// Source games, no trace): games/s for 1 and 2 workers.
func BenchmarkLabWorkers(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers-%d", w), func(b *testing.B) {
			st, err := Run(context.Background(), Config{Run: match.Run{Game: "source", Bots: []string{"random"}, Games: b.N, Seed: 1}, Dir: filepath.Join(b.TempDir(), "r"), Workers: w, Trace: TraceOff})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(st.GamesPerSecond(), "games/s")
		})
	}
}
