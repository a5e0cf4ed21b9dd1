package bot

import (
	"context"
	"math"
	"sync"
	"time"
)

// SearchStats describes a bot's last search.
type SearchStats struct {
	// Iterations run by the search, over all trees (iterations kept from
	// an earlier move are not counted).
	Iterations int `json:"iterations"`
	// Trees searched, one per worker.
	Trees int `json:"trees"`
	// Nodes in all trees at the end of the search.
	Nodes int `json:"nodes"`
	// RootVisits is the visit count of the roots, summed over trees:
	// Iterations plus what a reused tree had already.
	RootVisits int `json:"root_visits"`
	// Reused reports whether the trees were kept from the previous move.
	Reused bool `json:"reused"`
	// Playouts is the number of playouts and PlayoutActions the actions
	// they played, so that PlayoutActions/Playouts is the mean length.
	Playouts       int `json:"playouts"`
	PlayoutActions int `json:"playout_actions"`
	// Elapsed is the wall time of the search.
	Elapsed time.Duration `json:"elapsed"`
}

// Searcher is implemented by the bots that search (mcts, ismcts).
type Searcher interface {
	// LastSearch describes the search behind the last action returned.
	LastSearch() SearchStats
}

// iterator is one search tree as the budget runner sees it.
type iterator interface {
	// iterate runs one iteration.
	iterate() error
	// settled reports whether remaining more iterations could not change
	// the root's most visited child: its lead over the runner-up is more
	// than remaining.
	settled(remaining int) bool
}

// settleEvery is how often (in iterations) a search checks whether its
// choice is settled, so that it stops early instead of spending the rest
// of its budget on a move that cannot change ("smart pruning").
const settleEvery = 64

// runBudget runs the trees' iterations on one goroutine per tree until
// the budget is spent: iterations split as evenly as possible between
// the trees (the first trees taking the remainder), and/or a wall-time
// deadline. Each tree owns its random generator, so for an iteration
// budget the result does not depend on timing. It returns the number of
// iterations each tree ran.
func runBudget(ctx context.Context, trees []iterator, iterations int, d time.Duration, full bool) ([]int, error) {
	var deadline time.Time
	if d > 0 {
		deadline = time.Now().Add(d)
	}
	done := make([]int, len(trees))
	errs := make([]error, len(trees))
	run := func(i int) {
		quota := -1
		if iterations > 0 {
			quota = iterations / len(trees)
			if i < iterations%len(trees) {
				quota++
			}
		}
		start := time.Now()
		for n := 0; quota < 0 || n < quota; n++ {
			if !full && n > 0 && n%settleEvery == 0 {
				remaining := math.MaxInt
				if quota >= 0 {
					remaining = quota - n
				}
				if d > 0 {
					left := time.Until(deadline)
					rate := float64(n) / float64(time.Since(start))
					remaining = min(remaining, int(rate*float64(left))+1)
				}
				if trees[i].settled(remaining) {
					break
				}
			}
			// Check the clock and ctx every few iterations: cheap next to
			// an iteration, and an iteration is short enough to overrun
			// the deadline by little.
			if n%4 == 0 {
				if err := ctx.Err(); err != nil {
					errs[i] = err
					break
				}
				if d > 0 && n > 0 && !time.Now().Before(deadline) {
					break
				}
			}
			if err := trees[i].iterate(); err != nil {
				errs[i] = err
				break
			}
			done[i]++
		}
	}
	if len(trees) == 1 {
		run(0)
	} else {
		var wg sync.WaitGroup
		for i := range trees {
			wg.Add(1)
			go func() {
				defer wg.Done()
				run(i)
			}()
		}
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return done, err
		}
	}
	return done, nil
}
