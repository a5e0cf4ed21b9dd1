package lab

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/match"
)

// Ludii's Skill Trace of given utilities, worked out by hand: the line
// through (0, u1), (1, u2), ... read at x = K+1 and clamped to 0..1 (the
// trend), the mean of max(u, 0) (the area), trend + (1 - trend)·area.
func TestSkillTraceScoreByHand(t *testing.T) {
	for _, tc := range []struct {
		name               string
		u                  []float64
		score, trend, area float64
	}{
		// Win rates .6, .65 of two players: utilities 2r-1 = .2, .3. The
		// line: slope .1, .2 at x = 0; at x = 3, .5. Area (.2+.3)/2 =
		// .25. Score .5 + .5·.25 = .625.
		{"rising", []float64{0.2, 0.3}, 0.625, 0.5, 0.25},
		// .2 .4 .6: slope .2, .2 at 0; at x = 4, 1.0: the trend says
		// skill keeps paying, the score is 1 whatever the area (.4).
		{"steep", []float64{0.2, 0.4, 0.6}, 1, 1, 0.4},
		// .6 .4 .2: slope -.2, .6 at 0; at x = 4, -.2, clamped to 0.
		// Area .4: the score is the area, .4.
		{"falling", []float64{0.6, 0.4, 0.2}, 0.4, 0, 0.4},
		// .5 .3 .1 -.1: mean x 1.5, mean u .2, slope -.2; at x = 5,
		// .2 - .2·3.5 = -.5 -> 0. Area (.5+.3+.1+0)/4 = .225 (the
		// negative utility counts 0).
		{"below even", []float64{0.5, 0.3, 0.1, -0.1}, 0.225, 0, 0.225},
		// Doubling never helps: utilities 0, the score 0.
		{"no skill", []float64{0, 0, 0}, 0, 0, 0},
		// One level: a flat line at its utility, .3; area .3;
		// .3 + .7·.3 = .51.
		{"one level", []float64{0.3}, 0.51, 0.3, 0.3},
	} {
		score, trend, area := SkillTraceScore(tc.u)
		if !near(score, tc.score) || !near(trend, tc.trend) || !near(area, tc.area) {
			t.Errorf("%s: score %v, trend %v, area %v; want %v, %v, %v", tc.name, score, trend, area, tc.score, tc.trend, tc.area)
		}
	}
	// Win rates to utilities: two players 2r-1; three (3r-1)/2, 0 at
	// an equal share 1/3.
	for _, tc := range []struct {
		rate    float64
		players int
		want    float64
	}{{0.6, 2, 0.2}, {0.5, 2, 0}, {0, 2, -1}, {1, 3, 1}, {1.0 / 3, 3, 0}, {0, 3, -0.5}} {
		if got := SkillUtility(tc.rate, tc.players); !near(got, tc.want) {
			t.Errorf("SkillUtility(%v, %d) = %v, want %v", tc.rate, tc.players, got, tc.want)
		}
	}
}

// The levels' bots: the budget doubles, iterations, time or both; a
// spec without one is refused.
func TestSkillLevelSpecs(t *testing.T) {
	strong, weak, budget, err := SkillLevelSpecs("mcts:iterations=100,playout=random", 3)
	if err != nil || budget != "iterations" {
		t.Fatal(budget, err)
	}
	want := []string{"mcts:iterations=200,playout=random", "mcts:iterations=400,playout=random", "mcts:iterations=800,playout=random"}
	for k := range want {
		if strong[k] != want[k] {
			t.Errorf("level %d: stronger %s, want %s", k+1, strong[k], want[k])
		}
	}
	if weak[0] != "mcts:iterations=100,playout=random" || weak[2] != strong[1] {
		t.Errorf("weaker %v", weak)
	}
	if strong, _, budget, _ := SkillLevelSpecs("ismcts:time=50ms", 2); budget != "time" || strong[1] != "ismcts:time=200ms" {
		t.Errorf("time: %v %s", strong, budget)
	}
	if strong, _, budget, _ := SkillLevelSpecs("mcts:iterations=10,time=1s", 1); budget != "iterations and time" || strong[0] != "mcts:iterations=20,time=2s" {
		t.Errorf("both: %v %s", strong, budget)
	}
	for _, spec := range []string{"mcts", "greedy", "random", "hard"} {
		if _, _, _, err := SkillLevelSpecs(spec, 2); err == nil || !strings.Contains(err.Error(), "no budget to double") {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

// A small Skill Trace from end to end: two levels of tiny searches in
// Source, written, then resumed without playing a game.
func TestSkillTraceRuns(t *testing.T) {
	dir := t.TempDir()
	cfg := SkillConfig{Dir: dir, Run: match.Run{Game: "source", Games: 6, Seed: 3}, Bot: "mcts:iterations=4,workers=1", Levels: 2, Workers: 2}
	sk, err := RunSkill(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(sk.Levels) != 2 || sk.Levels[0].Strong != "mcts:iterations=8,workers=1" || sk.Levels[1].Weak != "mcts:iterations=8,workers=1" || sk.Levels[1].Played != 6 {
		t.Fatalf("levels %+v", sk.Levels)
	}
	var u []float64
	for _, lv := range sk.Levels {
		d, err := Load(lv.Dir)
		if err != nil {
			t.Fatal(err)
		}
		// The stronger bot in each seat in turn, its rate the report's.
		s := Summarise(d)
		if d.Manifest.Bots[0] != lv.Strong || !near(s.Bots[0].Rate, lv.Rate) || !near(lv.Utility, 2*lv.Rate-1) {
			t.Errorf("level %d: %+v, report's rate %v", lv.Level, lv, s.Bots[0].Rate)
		}
		if d.Results[0].Bots[0] != 0 || d.Results[1].Bots[1] != 0 {
			t.Errorf("level %d: seats not rotated: %v %v", lv.Level, d.Results[0].Bots, d.Results[1].Bots)
		}
		u = append(u, lv.Utility)
	}
	if score, _, _ := SkillTraceScore(u); score != sk.Score {
		t.Errorf("score %v, want %v", sk.Score, score)
	}
	data, err := os.ReadFile(filepath.Join(dir, SkillFile))
	if err != nil {
		t.Fatal(err)
	}
	var back Skill
	if err := json.Unmarshal(data, &back); err != nil || back.Score != sk.Score || len(back.Levels) != 2 {
		t.Errorf("skill.json: %+v, %v", back, err)
	}
	again, err := RunSkill(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if again.Levels[0].Played != 0 || again.Levels[1].Played != 0 || again.Score != sk.Score {
		t.Errorf("resumed: %+v", again)
	}
	// A spec without a budget, and a single level, are refused.
	if _, err := RunSkill(context.Background(), SkillConfig{Dir: dir, Run: cfg.Run, Bot: "greedy", Levels: 2}); err == nil || !strings.Contains(err.Error(), "no budget") {
		t.Errorf("greedy: %v", err)
	}
	if _, err := RunSkill(context.Background(), SkillConfig{Dir: dir, Run: cfg.Run, Bot: cfg.Bot, Levels: 1}); err == nil {
		t.Error("one level accepted")
	}
}
