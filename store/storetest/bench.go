package storetest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/commons-games/commons/store"
)

// BenchAppend measures durable appends under concurrency: matches
// goroutines each append to a match of their own, one move at a time and
// each at the version its previous append made (as the server does: it
// serialises the moves of one match and runs matches side by side), for
// b.N moves in all. It reports moves/s and the p50 and p99 latency of
// one Append, in milliseconds, and the process's CPU time per move in
// microseconds. The matches are created before the timer
// starts.
//
// With rate > 0 the matches move at rate moves per second in all, each
// at rate/matches, their moves spread evenly, as people and bots play:
// a move's latency is then counted from the time it was due, so that a
// store that falls behind the rate is seen to (an append that starts
// late waited for the one before it).
func BenchAppend(b *testing.B, s store.Store, matches, rate int) {
	ctx := context.Background()
	matches = max(1, min(matches, b.N))
	ids := make([]string, matches)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	errs := make(chan error, matches)
	for i := range ids {
		m := NewMatch(2)
		m.Status = store.Running
		ids[i] = m.ID
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := s.Create(ctx, m, nil); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	lat := make([][]time.Duration, matches)
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	b.ResetTimer()
	start := time.Now()
	for i := range ids {
		n := b.N / matches
		if i < b.N%matches {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := make([]time.Duration, 0, n)
			var every time.Duration
			if rate > 0 {
				every = time.Duration(float64(time.Second) * float64(matches) / float64(rate))
			}
			due := start.Add(every * time.Duration(i) / time.Duration(matches))
			for v := 0; v < n; v++ {
				t0 := time.Now()
				if rate > 0 {
					time.Sleep(time.Until(due))
					t0 = due
					due = due.Add(every)
				}
				err := s.Append(ctx, store.Append{ID: ids[i], Version: v, Moves: []string{fmt.Sprintf("m%d", v)}, At: t0})
				l = append(l, time.Since(t0))
				if err != nil {
					b.Error(err)
					return
				}
			}
			lat[i] = l
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() - ru0.Utime.Nano() + ru1.Stime.Nano() - ru0.Stime.Nano())
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		return
	}
	pct := func(p float64) float64 {
		return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	// The process's CPU time per move (the database server's, for
	// PostgreSQL, comes on top): the figure a loaded machine does not
	// change, and the bound 2 cores put on moves/s.
	b.ReportMetric(float64(cpu.Microseconds())/float64(len(all)), "cpu-us/move")
}
