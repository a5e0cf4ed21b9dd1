package lab

import (
	"context"
	"testing"

	"github.com/commons-games/commons/match"
)

// A game of random bots allocates nothing in the lab's worker.
func TestRandomGameAllocatesNothing(t *testing.T) {
	for _, name := range []string{"source", "3io"} {
		r, err := prepare(Config{Run: match.Run{Game: name, Bots: []string{"random"}, Games: 100, Seed: 1}})
		if err != nil {
			t.Fatal(err)
		}
		w := r.newWorker()
		idx := 0
		allocs := testing.AllocsPerRun(50, func() {
			if err := w.playGame(context.Background(), idx%100); err != nil {
				t.Fatal(err)
			}
			w.line = appendResultPlain(w.line[:0], &w.res, &w.plain)
			idx++
		})
		if allocs > 0 {
			t.Errorf("%s: %v allocations a game", name, allocs)
		}
	}
}
