package bot

import (
	"context"
	"fmt"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
)

// benchPosition returns the position Measure would start from for a
// registered game, or skips the benchmark if the game is not registered.
func benchPosition(b testing.TB, name string, players int, opts game.Options) game.State {
	g, err := game.Lookup(name)
	if err != nil {
		b.Skip(err)
	}
	s, err := game.NewState(g, players, opts)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRand(1)
	for !game.IsTerminal(s) {
		if game.IsChance(s) {
			s.Apply(game.SampleChance(s, rng, nil))
		} else if l := s.LegalActions(nil); len(l) == 1 {
			s.Apply(l[0])
		} else {
			break
		}
	}
	return s
}

var benchGames = []struct {
	name    string
	players int
	opts    game.Options
}{
	{"test-tictactoe", 2, nil},
	{"test-pig", 2, game.Options{"target": "50"}},
	{"source", 2, nil},
	{"3io", 2, nil},
	{"breaking-head", 5, nil},
}

// BenchmarkSearch times searches of 1,000 iterations with random playouts
// on one worker; iterations/s is the figure to compare with
// BenchmarkRandomPlayouts' playouts/s from the same position (the target:
// at least 70% of it).
func BenchmarkSearch(b *testing.B) {
	for _, bg := range benchGames {
		for _, name := range []string{"mcts", "ismcts"} {
			b.Run(bg.name+"/"+name, func(b *testing.B) {
				s := benchPosition(b, bg.name, bg.players, bg.opts)
				bt, _ := New(name+":iterations=1000,workers=1,reuse=false", 1)
				if name == "ismcts" {
					bt, _ = New(name+":iterations=1000,workers=1", 1)
				}
				b.ReportAllocs()
				its := 0
				for b.Loop() {
					if _, err := bt.Act(context.Background(), s); err != nil {
						b.Fatal(err)
					}
					its += bt.(Searcher).LastSearch().Iterations
				}
				b.ReportMetric(float64(its)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// BenchmarkRandomPlayouts times bare random playouts to the end from the
// same positions as BenchmarkSearch, each from a copy of the position in
// one scratch state, as RandomPlayouts and the searches make it.
func BenchmarkRandomPlayouts(b *testing.B) {
	for _, bg := range benchGames {
		b.Run(bg.name, func(b *testing.B) {
			s := benchPosition(b, bg.name, bg.players, bg.opts)
			r := newRollout(Spec{Playout: "random"}, game.NewRand(1))
			scratch := s.Clone()
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if _, err := r.run(copyInto(scratch, s), game.Chance); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkRootParallel times mcts searches of 4,000 iterations on 1, 2
// and 4 workers: iterations/s should grow with the workers up to the
// number of CPUs.
func BenchmarkRootParallel(b *testing.B) {
	for _, name := range []string{"test-pig", "source"} {
		for _, w := range []int{1, 2, 4} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
				s := benchPosition(b, name, 2, nil)
				bt, _ := New(fmt.Sprintf("mcts:iterations=4000,workers=%d,reuse=false", w), 1)
				its := 0
				for b.Loop() {
					if _, err := bt.Act(context.Background(), s); err != nil {
						b.Fatal(err)
					}
					its += bt.(Searcher).LastSearch().Iterations
				}
				b.ReportMetric(float64(its)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// BenchmarkGreedy times one greedy move.
func BenchmarkGreedy(b *testing.B) {
	for _, bg := range benchGames {
		b.Run(bg.name, func(b *testing.B) {
			s := benchPosition(b, bg.name, bg.players, bg.opts)
			bt, _ := New("greedy", 1)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bt.Act(context.Background(), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGreedyPlayout times playouts of greedy play to the end (the
// rollout bot's, and mcts's with playout=greedy) from the same positions:
// every legal move valued at every decision, on scratch states, so that
// a playout allocates nothing in a game whose states are game.Copiers.
func BenchmarkGreedyPlayout(b *testing.B) {
	for _, bg := range benchGames {
		b.Run(bg.name, func(b *testing.B) {
			s := benchPosition(b, bg.name, bg.players, bg.opts)
			r := newRolloutRun(Spec{Playout: "greedy"})
			b.ReportAllocs()
			n, actions := 0, 0
			for b.Loop() {
				r.chance.Seed(uint64(n), 1)
				r.policy.Seed(uint64(n), 2)
				r.load(s)
				if _, err := r.roll.run(r.s, game.Chance); err != nil {
					b.Fatal(err)
				}
				actions += r.roll.length
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "playouts/s")
			b.ReportMetric(float64(actions)/float64(n), "actions/playout")
		})
	}
}
