package arena

// Strength checks on the real games at small budgets, run with every
// `go test ./...`: a bot that plays worse than it should fails them. Each
// compares the lower end of a 95% interval, never a point estimate, with
// what the weaker side could reach, so that luck alone does not pass a
// broken bot. Their budgets are iterations, not time, so that they
// measure the same search however busy the machine is; each runs in a
// few seconds. docs/bots.md has the full measurements at the levels'
// budgets.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	_ "github.com/commons-games/commons/games/breakinghead"
	_ "github.com/commons-games/commons/games/openscience"
	_ "github.com/commons-games/commons/games/opensource"
	_ "github.com/commons-games/commons/games/source"
	_ "github.com/commons-games/commons/games/threeio"
	"github.com/commons-games/commons/match"
)

func strength(t *testing.T, cfg Config) *Result {
	t.Helper()
	cfg.Seed = 1
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.WriteText(&b)
	t.Log("\n" + b.String())
	return r
}

// TestStrengthAgainstBeginners: a small search beats the strongest
// beginner's script and greedy in Source and 3io, and greedy the
// strongest script in Open Source: the lower end of its win rate's
// interval is above one half.
func TestStrengthAgainstBeginners(t *testing.T) {
	for _, tc := range []struct {
		game, bot, opponent string
		games               int
	}{
		{"source", "mcts:iterations=5000,workers=1", "script:centre", 16},
		{"source", "mcts:iterations=5000,workers=1", "greedy", 16},
		{"3io", "mcts:iterations=1000,workers=1", "script:score", 24},
		// Open Source: greedy on the game's Evaluator against the
		// strongest script, the one that races for the Market Demand
		// cards (the Evaluator before the rewards to come and the
		// standings won 0.175 of 40 games against it).
		{"open-source-board-game", "greedy", "script:demand", 16},
	} {
		t.Run(tc.game+"/"+tc.opponent, func(t *testing.T) {
			r := strength(t, Config{Run: match.Run{Game: tc.game, Bots: []string{tc.bot, tc.opponent}, Games: tc.games}, Workers: 2})
			if b := r.Bots[0]; b.Low <= 0.5 {
				t.Errorf("%s against %s: win rate %.3f [%.3f, %.3f]: the interval reaches one half", b.Label, tc.opponent, b.WinRate, b.Low, b.High)
			}
		})
	}
}

// TestStrengthBreakingHeadDefaults: ismcts with no parameters at all
// (the README's example, --team contributor=ismcts) wins as Contributors
// against random Blockers, whose own Contributors never do: the game's
// settings (game.SearchTuner) make the default work.
func TestStrengthBreakingHeadDefaults(t *testing.T) {
	rates := map[string][2]float64{}
	for _, c := range []string{"ismcts:workers=1", "random"} {
		r := strength(t, Config{Run: match.Run{Game: "breaking-head", Players: 5, Teams: map[string]string{"contributor": c, "blocker": "random"}, Games: 16}, Workers: 2})
		for _, ts := range r.Teams {
			if ts.Team == "contributor" && ts.Bot >= 0 {
				rates[c] = [2]float64{ts.Low, ts.High}
			}
		}
	}
	if s, r := rates["ismcts:workers=1"], rates["random"]; s[0] <= r[1] {
		t.Errorf("Contributors' win rate intervals: ismcts %v, random %v: they overlap", fmt.Sprint(s), fmt.Sprint(r))
	}
}

// TestStrengthLevelsStandApart: the medium level beats the easy one where
// its game gives it a budget of its own (game.LevelTuner), in place of
// the level's fifth of a second: the level as people meet it, at a budget
// in iterations, so the same however busy the machine is. Open Source's
// games are often won or lost by both seats together, which the win rate
// counts for each; the rating counts them as draws, so it is the rating's
// interval that must stand above the mean.
func TestStrengthLevelsStandApart(t *testing.T) {
	for _, tc := range []struct {
		game  string
		games int
	}{
		{"open-science-alliance", 12},
		{"open-source-board-game", 16},
	} {
		t.Run(tc.game, func(t *testing.T) {
			r := strength(t, Config{Run: match.Run{Game: tc.game, Bots: []string{"medium", "easy"}, Games: tc.games}, Workers: 2})
			if b := r.Bots[0]; b.Rating-b.RatingCI <= 0 {
				t.Errorf("medium against easy: rating %+.0f ± %.0f: the interval reaches easy's", b.Rating, b.RatingCI)
			}
		})
	}
}
