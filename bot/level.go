package bot

import (
	"context"

	"github.com/commons-games/commons/game"
)

// Levels are the bots people choose between without knowing the search
// parameters: easy, medium and hard, each meant to be stronger than the
// one below (docs/bots.md measures by how much, and where a second of
// search is no better than a fifth). A level is a spec of its own bots,
// chosen when it first sees the game: mcts for games of perfect
// information, ismcts for games with hidden information, both with the
// game's heuristics (its Prior and Evaluator) at their defaults, and with
// the budget the game gives the level, if it gives one (game.LevelTuner).
type Level struct {
	Name string
	Doc  string
	// Perfect and Hidden are the specs the level plays, in games of
	// perfect and of hidden information.
	Perfect, Hidden string
}

// Levels lists the levels from the weakest.
var Levels = []Level{
	{"easy", "one-ply look-ahead with a slip now and then: sees what a move does at once, never what comes after", "greedy:noise=0.3", "greedy:noise=0.3"},
	{"medium", "a search of a fifth of a second a move, or of the smaller budget a game gives it where that already plays as well as hard", "mcts:time=200ms", "ismcts:time=200ms"},
	{"hard", "a search of a second a move", "mcts:time=1s", "ismcts:time=1s"},
}

// levelBot plays a level: the bot of the level's spec for the kind of
// game it is asked about, made at its first move.
type levelBot struct {
	level Level
	seed  uint64
	inner Bot
}

func newLevel(name string, seed uint64) *levelBot {
	for _, l := range Levels {
		if l.Name == name {
			return &levelBot{level: l, seed: seed}
		}
	}
	panic("bot: no level " + name)
}

// Spec returns the spec the level plays in the game s is a state of:
// its spec for the kind of game (Perfect or Hidden), with the budget the
// game gives the level in place of the level's own, if it gives one
// (game.LevelTuner). The easy level's greedy has no budget: a game's
// budget for it is no budget it can take, and the conformance kit refuses
// one (game.Budget.Check).
func (l Level) Spec(s game.State) string {
	spec := l.Perfect
	if _, hidden := s.(game.Sampler); hidden {
		spec = l.Hidden
	}
	lt, ok := s.(game.LevelTuner)
	if !ok {
		return spec
	}
	b := lt.LevelBudget(l.Name)
	if b.IsZero() {
		return spec
	}
	sp, err := ParseSpec(spec)
	if err != nil {
		panic("bot: the level " + l.Name + " plays a bad spec: " + err.Error())
	}
	if sp.Name == "greedy" {
		return spec
	}
	sp.Iterations, sp.Time, sp.Workers = b.Iterations, b.Time, b.Workers
	return sp.String()
}

// Act makes the level's bot at the first move and asks it.
func (b *levelBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	if b.inner == nil {
		inner, err := New(b.level.Spec(s), b.seed)
		if err != nil {
			return 0, err
		}
		b.inner = inner
	}
	return b.inner.Act(ctx, s)
}

// Observe passes the game's actions on to a bot that keeps a tree.
func (b *levelBot) Observe(s game.State, a game.Action) {
	if o, ok := b.inner.(Observer); ok {
		o.Observe(s, a)
	}
}

// LastSearch describes the last search, if the level's bot searches.
func (b *levelBot) LastSearch() SearchStats {
	if sr, ok := b.inner.(Searcher); ok {
		return sr.LastSearch()
	}
	return SearchStats{}
}

// LevelSpec returns the spec the named level plays in the game s is a
// state of (Level.Spec), and false if name is not a level. A server uses
// it to bound the level's budget like any other spec's.
func LevelSpec(name string, s game.State) (string, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l.Spec(s), true
		}
	}
	return "", false
}
