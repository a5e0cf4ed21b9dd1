package loadtest

import (
	"slices"
	"testing"
	"time"
)

// The open loop's dues: each match's every Matches/Rate, the matches'
// phases spread so that the run's dues together are 1/Rate apart; and
// dueBy counts exactly the dues at or before a moment.
func TestScheduleSpreadsDues(t *testing.T) {
	for _, c := range []struct {
		matches int
		rate    float64
	}{{20, 200}, {1000, 5000}, {3, 7}, {7, 1000}, {1, 0.5}} {
		r := &run{opt: Options{Matches: c.matches, Rate: c.rate}, begin: time.Now()}
		for i := range c.matches {
			r.slots = append(r.slots, &slot{k: int64(i)})
		}
		var all []time.Duration
		for _, sl := range r.slots {
			var prev time.Duration
			for j := range 5 {
				due := r.next(sl).Sub(r.begin)
				if j > 0 {
					if want := time.Duration(float64(c.matches) / c.rate * float64(time.Second)); absDiff(due-prev, want) > time.Nanosecond {
						t.Fatalf("%d matches at %v/s: match %d's moves %d and %d are due %v apart, want %v", c.matches, c.rate, sl.k, j-1, j, due-prev, want)
					}
				}
				all = append(all, due)
				prev = due
				sl.sent.Add(1)
			}
		}
		slices.Sort(all)
		want := time.Duration(float64(time.Second) / c.rate)
		for i := 1; i < len(all); i++ {
			if d := all[i] - all[i-1]; absDiff(d, want) > time.Nanosecond {
				t.Fatalf("%d matches at %v/s: dues %d and %d are %v apart, want %v", c.matches, c.rate, i-1, i, d, want)
			}
		}
		for _, sl := range r.slots {
			sl.sent.Store(0)
		}
		// dueBy, against counting, at dues and between them.
		for _, at := range []time.Duration{0, all[1], all[len(all)/2] - 1, all[len(all)/2], all[len(all)-1] - 1} {
			var n int64
			for _, d := range all {
				if d <= at {
					n++
				}
			}
			var got int64
			for _, sl := range r.slots {
				got += r.dueBy(sl.k, at)
			}
			if got != n {
				t.Errorf("%d matches at %v/s: %d due by %v, want %d", c.matches, c.rate, got, at, n)
			}
			if b := r.behind(at); b != n {
				t.Errorf("%d matches at %v/s, none sent: %d behind at %v, want %d", c.matches, c.rate, b, at, n)
			}
		}
	}
}

func absDiff(a, b time.Duration) time.Duration {
	if a > b {
		return a - b
	}
	return b - a
}
