package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestTunedTakesTheGamesSettings: a search spec gets the game's own
// settings (game.SearchTuner) for what it leaves unset, never over what
// it sets.
func TestTunedTakesTheGamesSettings(t *testing.T) {
	s := newState(t, "source", 2, nil) // SearchHints: Depth 13, C 0.3
	tests := []struct{ spec, want string }{
		{"mcts", "mcts:iterations=1000,playout=prior,c=0.3,depth=13"},
		{"mcts:depth=2", "mcts:iterations=1000,playout=prior,c=0.3,depth=2"},
		{"mcts:c=1.4,time=1s", "mcts:time=1s,playout=prior,c=1.4,depth=13"},
	}
	for _, tt := range tests {
		sp, err := ParseSpec(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := tuned(sp, s)
		got.Workers = 0
		if !strings.HasPrefix(got.String(), "mcts:") {
			t.Fatalf("%s: %s", tt.spec, got)
		}
		for _, kv := range strings.Split(strings.TrimPrefix(tt.want, "mcts:"), ",") {
			if !strings.Contains(","+strings.TrimPrefix(got.String(), "mcts:")+",", ","+kv+",") {
				t.Errorf("%s tuned for Source: %s, want %s in it", tt.spec, got, kv)
			}
		}
	}
	// A game without settings: the defaults.
	sp, _ := ParseSpec("mcts")
	if got := tuned(sp, newState(t, "test-tictactoe", 2, nil)); got.HasDepth || got.C != DefaultC {
		t.Errorf("tuned for a game without settings: %+v", got)
	}
}

// TestLevelsPlay: each level plays the bot its table names, mcts or
// ismcts by the kind of game, tuned for the game.
func TestLevelsPlay(t *testing.T) {
	for _, l := range Levels {
		for _, g := range []string{"test-tictactoe", "test-kuhn"} {
			b, err := New(l.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			s := newState(t, g, 2, nil)
			for game.IsChance(s) {
				s.Apply(s.LegalActions(nil)[0])
			}
			if _, err := b.Act(context.Background(), s); err != nil {
				t.Fatalf("%s on %s: %v", l.Name, g, err)
			}
			inner := b.(*levelBot).inner
			_, hidden := s.(game.Sampler)
			want := l.Perfect
			if hidden {
				want = l.Hidden
			}
			name, _, _ := strings.Cut(want, ":")
			switch inner.(type) {
			case *mctsBot:
				if name != "mcts" {
					t.Errorf("%s on %s plays mcts, want %s", l.Name, g, want)
				}
			case *ismctsBot:
				if name != "ismcts" {
					t.Errorf("%s on %s plays ismcts, want %s", l.Name, g, want)
				}
			case *greedyBot:
				if name != "greedy" {
					t.Errorf("%s on %s plays greedy, want %s", l.Name, g, want)
				}
			}
		}
	}
	if spec, ok := LevelSpec("hard", newState(t, "test-kuhn", 2, nil)); !ok || !strings.HasPrefix(spec, "ismcts:") {
		t.Errorf("LevelSpec(hard, hidden) = %q, %v", spec, ok)
	}
	if _, ok := LevelSpec("expert", newState(t, "test-tictactoe", 2, nil)); ok {
		t.Error("LevelSpec(expert) found a level")
	}
}

// budgeted is a game that gives its levels budgets of their own
// (game.LevelTuner).
type budgeted struct {
	game.State
	budgets map[string]game.Budget
}

func (b budgeted) LevelBudget(level string) game.Budget { return b.budgets[level] }

// TestLevelBudget: a level searches with the budget its game gives it
// (game.LevelTuner), in place of its own, and keeps its own where the
// game gives none or one its bot cannot take; the bot it makes plays by
// that budget.
func TestLevelBudget(t *testing.T) {
	s := budgeted{newState(t, "test-tictactoe", 2, nil), map[string]game.Budget{
		"easy":   {Iterations: 50}, // greedy takes no budget
		"medium": {Iterations: 37, Workers: 1},
	}}
	for _, tt := range []struct{ level, want string }{
		{"easy", Levels[0].Perfect},
		{"medium", "mcts:iterations=37,workers=1"},
		{"hard", Levels[2].Perfect},
	} {
		if got, _ := LevelSpec(tt.level, s); got != tt.want {
			t.Errorf("%s in a game with budgets: %q, want %q", tt.level, got, tt.want)
		}
	}
	// Without budgets, the level's own.
	if got, _ := LevelSpec("medium", s.State); got != Levels[1].Perfect {
		t.Errorf("medium without budgets: %q, want %q", got, Levels[1].Perfect)
	}
	b, err := New("medium", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if st := b.(*levelBot).LastSearch(); st.Iterations != 37 {
		t.Errorf("medium searched %d iterations in a game that gives it 37", st.Iterations)
	}
}

// TestScriptBot plays a game's script, refuses a name the game lacks, and
// CheckFor says so before any game.
func TestScriptBot(t *testing.T) {
	s := newState(t, "source", 2, nil)
	b, err := New("script:first", 1)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.Act(context.Background(), s)
	if err != nil || s.ActionString(a) != "b9" {
		t.Errorf("script:first at the start: %q, %v; want b9", s.ActionString(a), err)
	}
	bad, _ := New("script:nonesuch", 1)
	if _, err := bad.Act(context.Background(), s); err == nil {
		t.Error("an unknown script played")
	}
	g, _ := game.Lookup("source")
	sp, _ := ParseSpec("script:nonesuch")
	if err := CheckFor(sp, g.Info()); err == nil || !strings.Contains(err.Error(), "source has no script \"nonesuch\" (scripts: first, grow") {
		t.Errorf("CheckFor: %v", err)
	}
	sp, _ = ParseSpec("script:first")
	if err := CheckFor(sp, g.Info()); err != nil {
		t.Errorf("CheckFor(script:first): %v", err)
	}
	tg, _ := game.Lookup("test-nim")
	if err := CheckFor(sp, tg.Info()); err == nil || !strings.Contains(err.Error(), "has no scripts") {
		t.Errorf("CheckFor on a game without scripts: %v", err)
	}
}

// TestMeasureSearchesAsInPlay: commons bench --bot times the search people
// meet, with the game's own settings for what the spec leaves unset: 3io
// plays random playouts with scores mixed in (SearchHints), where the
// default playouts follow the game's Prior and cost several times more.
func TestMeasureSearchesAsInPlay(t *testing.T) {
	s := newState(t, "3io", 2, nil)
	m, err := Measure(context.Background(), s, "mcts:iterations=200,workers=1", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"iterations=200", "workers=1", "playout=random", "score=0.5"} {
		if !strings.Contains(m.Searched, want) {
			t.Errorf("searched %q, want it to hold %s (the spec and 3io's SearchHints)", m.Searched, want)
		}
	}
	// A level: the spec it plays in the game, with the game's budget.
	m, err = Measure(context.Background(), newState(t, "open-science-alliance", 2, nil), "medium", 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Bot != "mcts:iterations=200,workers=1" {
		t.Errorf("medium in Open Science Alliance measured as %q, want its LevelBudget's mcts:iterations=200,workers=1", m.Bot)
	}
}

// TestScriptPlayouts: playout=script:NAME plays the game's script for
// every seat, so a playout to the end is the game the script plays
// against itself; CheckFor refuses a script the game lacks.
func TestScriptPlayouts(t *testing.T) {
	g, _ := game.Lookup("source")
	for _, tt := range []struct{ spec, err string }{
		{"mcts:playout=script:first", ""},
		{"ismcts:playout=script:nonesuch", `source has no script "nonesuch" (scripts: first, grow`},
	} {
		sp, err := ParseSpec(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = CheckFor(sp, g.Info())
		if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("CheckFor(%s) = %v, want %q", tt.spec, err, tt.err)
		}
	}
	sp, _ := ParseSpec("mcts:playout=script:grow")
	start := newState(t, "source", 2, nil)
	played := start.Clone()
	if _, err := newRollout(sp.withDefaults(), game.NewRand(1)).run(played, game.Chance); err != nil {
		t.Fatal(err)
	}
	want := start.Clone()
	rng := game.NewRand(1)
	for want.CurrentPlayer() >= 0 {
		legal := want.LegalActions(nil)
		a := legal[0]
		if len(legal) > 1 {
			var err error
			if a, err = want.(game.Scripter).Script("grow", rng); err != nil {
				t.Fatal(err)
			}
		}
		if err := want.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if !equalStates(played, want) {
		t.Errorf("a playout of script:grow ended at\n%v\nwhere the script's own game ends at\n%v", played, want)
	}
}

// TestOwnTree: with tree=own the search tree holds only the decisions of
// the searching seat's turn (and chance); with tree=all it holds the
// other seat's too.
func TestOwnTree(t *testing.T) {
	for _, tt := range []struct {
		spec       string
		wantOthers bool
	}{
		{"ismcts:playout=random,tree=own", false},
		{"ismcts:playout=random,tree=all", true},
		{"mcts:playout=random,tree=own", false},
		{"mcts:playout=random,tree=all", true},
		{"mcts:playout=random", true},
	} {
		sp, _ := ParseSpec(tt.spec)
		s := newState(t, "source", 2, nil)
		me := s.CurrentPlayer()
		// others: a node of another seat's decision below the root has
		// children in the tree.
		others, nodes := false, 0
		switch sp.Name {
		case "ismcts":
			tree := newISTree(s, me, sp.withDefaults(), game.NewRand(1))
			for range 2000 {
				if err := tree.iterate(); err != nil {
					t.Fatal(err)
				}
			}
			for _, nd := range tree.nodes[1:] {
				if nd.mover >= 0 && game.Player(nd.mover) != me {
					others = true
				}
			}
			nodes = len(tree.nodes)
		case "mcts":
			tree := newUCTTree(s, sp.withDefaults(), game.NewRand(1))
			for range 2000 {
				if err := tree.iterate(); err != nil {
					t.Fatal(err)
				}
			}
			for _, nd := range tree.nodes[1:] {
				if nd.first >= 0 && nd.player >= 0 && game.Player(nd.player) != me {
					others = true
				}
			}
			nodes = len(tree.nodes)
		}
		if others != tt.wantOthers {
			t.Errorf("%s: the tree holds other seats' decisions: %v, want %v (%d nodes)", tt.spec, others, tt.wantOthers, nodes)
		}
	}
}
