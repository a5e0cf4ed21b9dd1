package lab

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/stats"
)

// SkillFile is the Skill Trace's summary, in the directory of its levels.
const SkillFile = "skill.json"

// SkillConfig describes a Skill Trace (Ludii's metrics/designer/SkillTrace.java):
// at level k = 1..Levels, the bot Bot with twice the budget of level k-1
// plays against itself with that budget, each level a run of its own in
// Dir/level-k.
type SkillConfig struct {
	// Dir holds the levels' runs and SkillFile; it is made if need be.
	Dir string
	// Run is each level's games: Game, Players, Options, Games and Seed
	// (its Bots and Teams are not used).
	match.Run
	// Bot is the spec of the bot, with a budget to double: iterations,
	// time, or both (mcts:iterations=100).
	Bot string
	// Levels is the number of levels, at least 2 (a trend needs two).
	Levels int
	// Workers and Trace are those of each level's run (Config).
	Workers int
	Trace   string
	// Level, if set, is called as each level is done.
	Level func(SkillLevel)
}

// SkillLevel is one level of a Skill Trace: the stronger bot (budget
// b·2^k) against the weaker (b·2^(k-1)) in every other seat, the
// stronger's seat rotated.
type SkillLevel struct {
	Level  int    `json:"level"`
	Strong string `json:"strong"`
	Weak   string `json:"weak"`
	Dir    string `json:"dir"`
	// Games is the level's games; Played those this call played (the
	// others were there: a rerun resumes).
	Games  int `json:"games"`
	Played int `json:"played"`
	// Rate is the stronger bot's win rate (its mean return, shared wins
	// as partial wins), with its 95% Wilson interval.
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Utility is Rate on Ludii's scale of results, -1 to 1, 0 for an
	// equal share (SkillUtility).
	Utility float64 `json:"utility"`
}

// Skill is a Skill Trace's result: SkillFile.
type Skill struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	Bot     string       `json:"bot"`
	// Budget names what doubles: "iterations", "time" or "iterations and
	// time".
	Budget string       `json:"budget"`
	Games  int          `json:"games"`
	Seed   uint64       `json:"seed"`
	Levels []SkillLevel `json:"levels"`
	// Trend is the least-squares line through the levels' utilities,
	// level k at x = k-1, at x = Levels+1, clamped to 0..1; Area the
	// mean over the levels of max(utility, 0); Score is Ludii's Skill
	// Trace, Trend + (1 - Trend)·Area (SkillTraceScore).
	Trend float64 `json:"trend"`
	Area  float64 `json:"area"`
	Score float64 `json:"skill_trace"`
}

// SkillLevelSpecs returns the bots of levels 1..levels of a Skill Trace
// of spec: level k's stronger bot has b·2^k, its weaker b·2^(k-1), for
// the spec's budget b, and what doubles. A spec without a budget
// (iterations or time) is refused: there is nothing to double.
func SkillLevelSpecs(spec string, levels int) (strong, weak []string, budget string, err error) {
	sp, err := bot.ParseSpec(spec)
	if err != nil {
		return nil, nil, "", err
	}
	switch {
	case sp.Iterations > 0 && sp.Time > 0:
		budget = "iterations and time"
	case sp.Iterations > 0:
		budget = "iterations"
	case sp.Time > 0:
		budget = "time"
	default:
		return nil, nil, "", fmt.Errorf("bot spec %q has no budget to double: give the search's iterations or time, such as mcts:iterations=100 or mcts:time=50ms", spec)
	}
	if levels < 1 || levels > 20 {
		return nil, nil, "", fmt.Errorf("%d levels: want 1 to 20 (level 20 has a million times the budget)", levels)
	}
	at := func(k int) string {
		s := sp
		s.Iterations *= 1 << k
		s.Time *= 1 << k
		return s.String()
	}
	for k := 1; k <= levels; k++ {
		strong = append(strong, at(k))
		weak = append(weak, at(k-1))
	}
	return strong, weak, budget, nil
}

// SkillUtility puts a win rate (a mean return) of one seat among players
// on Ludii's scale of results (RankUtils: 1 for a win, -1 for the last
// place, 0 for a draw of two): (players·rate - 1)/(players - 1), which is
// 0 for an equal share 1/players and 1 for every game won. With two
// players it is Ludii's utility exactly, 2·rate - 1 (a win 1, a draw 0,
// a loss -1); with more, our returns rank only the winners, and a seat
// that never wins has -1/(players-1).
func SkillUtility(rate float64, players int) float64 {
	if players < 2 {
		return 2*rate - 1
	}
	n := float64(players)
	return (n*rate - 1) / (n - 1)
}

// SkillTraceScore is Ludii's Skill Trace of the levels' utilities u[0]
// (level 1) to u[K-1] (SkillTrace.java): the least-squares line through
// the points (k, u[k]), k from 0, is read at x = K+1, as Ludii's code
// does (its comment says the next step, which would be x = K) and
// clamped to 0..1: the trend; the area is the mean of max(u[k], 0); the
// score is trend + (1 - trend)·area. With one level the line is flat.
func SkillTraceScore(u []float64) (score, trend, area float64) {
	k := len(u)
	if k == 0 {
		return 0, 0, 0
	}
	var mx, my float64
	for i, y := range u {
		mx += float64(i)
		my += y
		area += max(y, 0)
	}
	mx /= float64(k)
	my /= float64(k)
	area /= float64(k)
	var sxy, sxx float64
	for i, y := range u {
		dx := float64(i) - mx
		sxy += dx * (y - my)
		sxx += dx * dx
	}
	slope := 0.0
	if sxx > 0 {
		slope = sxy / sxx
	}
	trend = my + slope*(float64(k+1)-mx)
	trend = min(max(trend, 0), 1)
	return trend + (1-trend)*area, trend, area
}

// RunSkill plays a Skill Trace: each level a run (Run) in Dir/level-k,
// resumed where it stopped (a complete level plays nothing), then
// writes Dir/skill.json and returns it. It stops when ctx is done, with
// every finished game written, and returns ctx's error.
func RunSkill(ctx context.Context, cfg SkillConfig) (*Skill, error) {
	if cfg.Levels < 2 {
		return nil, fmt.Errorf("lab: %d levels: want at least 2, for a trend", cfg.Levels)
	}
	strong, weak, budget, err := SkillLevelSpecs(cfg.Bot, cfg.Levels)
	if err != nil {
		return nil, fmt.Errorf("lab: %w", err)
	}
	g, gcfg, err := cfg.Run.Resolve()
	if err != nil {
		return nil, err
	}
	n := gcfg.Players
	configs := make([]Config, cfg.Levels)
	for k := range cfg.Levels {
		// The stronger bot in one seat, the weaker in the others; the
		// lab's rotation puts the stronger in each seat in turn.
		bots := []string{strong[k]}
		for range n - 1 {
			bots = append(bots, weak[k])
		}
		run := match.Run{Game: g.Info().Name, Players: n, Options: gcfg.Options, Games: cfg.Games, Seed: cfg.Seed, Bots: bots}
		configs[k] = Config{Dir: filepath.Join(cfg.Dir, "level-"+strconv.Itoa(k+1)), Run: run, Workers: cfg.Workers, Trace: cfg.Trace}
		// Every level checked before any is played.
		if _, err := Prepare(configs[k]); err != nil {
			return nil, err
		}
	}
	sk := &Skill{Game: g.Info().Name, Players: n, Options: gcfg.Options, Bot: cfg.Bot, Budget: budget, Games: cfg.Games, Seed: cfg.Seed}
	var utils []float64
	for k, c := range configs {
		st, err := Run(ctx, c)
		if err != nil {
			return nil, err
		}
		d, err := Load(c.Dir)
		if err != nil {
			return nil, err
		}
		if len(d.Results) != cfg.Games {
			return nil, fmt.Errorf("lab: %s: %d of %d games", c.Dir, len(d.Results), cfg.Games)
		}
		lv := SkillLevel{Level: k + 1, Strong: strong[k], Weak: weak[k], Dir: c.Dir, Games: cfg.Games, Played: st.Played}
		lv.Rate, lv.Low, lv.High = strongRate(d)
		lv.Utility = SkillUtility(lv.Rate, n)
		utils = append(utils, lv.Utility)
		sk.Levels = append(sk.Levels, lv)
		if cfg.Level != nil {
			cfg.Level(lv)
		}
	}
	sk.Score, sk.Trend, sk.Area = SkillTraceScore(utils)
	data, err := marshalIndent(sk)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(cfg.Dir, SkillFile), data, 0o644); err != nil {
		return nil, err
	}
	return sk, nil
}

// strongRate is the win rate of a level's stronger bot, contestant 0 of
// its run, which sits in one seat of each game: its mean return, with
// its 95% Wilson interval.
func strongRate(d *Dir) (rate, low, high float64) {
	total, n := 0.0, 0
	for _, r := range d.Results {
		for p, b := range r.Bots {
			if b == 0 {
				total += r.Returns[p]
				n++
			}
		}
	}
	if n == 0 {
		return 0, 0, 1
	}
	low, high = stats.Wilson(total, n)
	return total / float64(n), low, high
}
