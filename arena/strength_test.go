//go:build strength

// Strength measurements on the real games, too slow for every test run:
//
//	go test -tags strength -run Strength -v -timeout 2h ./arena/
//
// COMMONS_STRENGTH_GAMES sets the games per match (default 100) and
// COMMONS_STRENGTH_WORKERS the games played at once (default NumCPU).
package arena

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	_ "github.com/commons-games/commons/games/breakinghead"
	_ "github.com/commons-games/commons/games/source"
	_ "github.com/commons-games/commons/games/threeio"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func strength(t *testing.T, cfg Config, check func(r *Result) string) {
	t.Helper()
	cfg.Games = envInt("COMMONS_STRENGTH_GAMES", cfg.Games)
	cfg.Workers = envInt("COMMONS_STRENGTH_WORKERS", runtime.NumCPU())
	cfg.Seed = 1
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.WriteText(&b)
	t.Log("\n" + b.String())
	if msg := check(r); msg != "" {
		t.Error(msg)
	}
}

func atLeast(bot int, rate float64) func(r *Result) string {
	return func(r *Result) string {
		if got := r.Bots[bot].WinRate; got < rate {
			return r.Bots[bot].Label + ": win rate " + strconv.FormatFloat(got, 'f', 3, 64) + ", want at least " + strconv.FormatFloat(rate, 'f', 2, 64)
		}
		return ""
	}
}

// Source: MCTS with 1,000 iterations wins >= 90% against random and
// >= 60% against greedy.
func TestStrengthSourceRandom(t *testing.T) {
	strength(t, Config{Game: "source", Bots: []string{"mcts:iterations=1000,workers=1", "random"}, Games: 100}, atLeast(0, 0.9))
}

func TestStrengthSourceGreedy(t *testing.T) {
	strength(t, Config{Game: "source", Bots: []string{"mcts:iterations=1000,workers=1", "greedy"}, Games: 100}, atLeast(0, 0.6))
}

// 3io, 2 players: MCTS with 1,000 iterations wins >= 90% against random.
func TestStrength3ioRandom(t *testing.T) {
	strength(t, Config{Game: "3io", Players: 2, Bots: []string{"mcts:iterations=1000,workers=1", "random"}, Games: 100}, atLeast(0, 0.9))
}

// Breaking Head, 5 players: ISMCTS Contributors must win a clear share
// against random Blockers, and ISMCTS Blockers must hold ISMCTS
// Contributors below what random Blockers allow. The search cuts its
// playouts after one action and scores them with the game's Evaluator:
// random playouts to the end almost never complete the path, so they
// tell the search nothing (see docs/bots.md). COMMONS_STRENGTH_BH_BOT
// sets another spec.
func TestStrengthBreakingHead(t *testing.T) {
	search := os.Getenv("COMMONS_STRENGTH_BH_BOT")
	if search == "" {
		search = "ismcts:iterations=5000,workers=1,depth=1"
	}
	rates := map[string]float64{}
	for _, m := range []struct{ c, b string }{{"random", "random"}, {search, "random"}, {search, search}, {"random", search}} {
		strength(t, Config{Game: "breaking-head", Players: 5, Teams: map[string]string{"contributor": m.c, "blocker": m.b}, Games: 60}, func(r *Result) string {
			for _, b := range r.Bots {
				if b.Team == "contributor" {
					rates[m.c+" vs "+m.b] = b.WinRate
				}
			}
			return ""
		})
	}
	t.Logf("Contributors' win rates: %v", rates)
	base, vsRandom, vsSearch := rates["random vs random"], rates[search+" vs random"], rates[search+" vs "+search]
	if vsRandom < base+0.1 {
		t.Errorf("%s Contributors win %.3f against random Blockers; random Contributors %.3f", search, vsRandom, base)
	}
	if vsSearch >= vsRandom {
		t.Errorf("%s Contributors win %.3f against %s Blockers, not less than %.3f against random ones", search, vsSearch, search, vsRandom)
	}
}

// TestStrengthBHProbe runs one Breaking Head match given by
// COMMONS_BH_CONTRIBUTOR and COMMONS_BH_BLOCKER.
func TestStrengthBHProbe(t *testing.T) {
	c, b := os.Getenv("COMMONS_BH_CONTRIBUTOR"), os.Getenv("COMMONS_BH_BLOCKER")
	if c == "" || b == "" {
		t.Skip("COMMONS_BH_CONTRIBUTOR and COMMONS_BH_BLOCKER not set")
	}
	strength(t, Config{Game: "breaking-head", Players: 5, Teams: map[string]string{"contributor": c, "blocker": b}, Games: 20}, func(*Result) string { return "" })
}
