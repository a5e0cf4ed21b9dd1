package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
)

func init() { testgames.Register() }

// newState makes a test game's initial state.
func newState(t testing.TB, name string, players int, opts game.Options) game.State {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.NewState(g, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play plays s to the end with one bot per seat, drawing chance outcomes
// from seed, telling Observers every action in perfect-information games.
// It checks that every action a bot returns is legal and that the bot
// left the state alone, and returns the actions played.
func play(t testing.TB, s game.State, bots []Bot, seed uint64) []game.Action {
	t.Helper()
	rng := game.NewRand(seed)
	_, hidden := s.(game.Sampler)
	var history []game.Action
	for step := 0; !game.IsTerminal(s); step++ {
		var a game.Action
		if p := s.CurrentPlayer(); p == game.Chance {
			a = game.SampleChance(s, rng, nil)
		} else {
			before := s.Clone()
			var err error
			a, err = bots[p].Act(context.Background(), s)
			if err != nil {
				t.Fatalf("step %d: %v: %v", step, p, err)
			}
			if !equalStates(before, s) {
				t.Fatalf("step %d: %v's bot modified the state", step, p)
			}
			if !slices.Contains(s.LegalActions(nil), a) {
				t.Fatalf("step %d: %v's bot chose illegal action %d", step, p, a)
			}
		}
		if !hidden {
			for _, b := range bots {
				if o, ok := b.(Observer); ok {
					o.Observe(s, a)
				}
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		history = append(history, a)
	}
	return history
}

func newBots(t testing.TB, spec string, n int, seed uint64) []Bot {
	t.Helper()
	bots := make([]Bot, n)
	for i := range bots {
		b, err := New(spec, mix(seed, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		bots[i] = b
	}
	return bots
}

var testSpecs = []string{
	"random",
	"greedy",
	"greedy:samples=2",
	"mcts:iterations=60,workers=2",
	"mcts:iterations=30,workers=1,playout=greedy,epsilon=0.5",
	"mcts:iterations=30,workers=1,depth=3,reuse=false",
	"ismcts:iterations=60,workers=2",
	"ismcts:iterations=30,workers=1,playout=greedy,depth=4",
	"rollout:iterations=6,workers=2",
	"rollout:iterations=4,workers=1,playout=random,candidates=2",
}

// TestBotsPlayToTheEnd has every bot play every test game, at every
// player count, to the end with legal moves.
func TestBotsPlayToTheEnd(t *testing.T) {
	for _, g := range testgames.All() {
		in := g.Info()
		for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
			for _, spec := range testSpecs {
				t.Run(fmt.Sprintf("%s/%d/%s", in.Name, n, spec), func(t *testing.T) {
					for k := range uint64(2) {
						s := newState(t, in.Name, n, nil)
						play(t, s, newBots(t, spec, n, k), k)
						if ret := s.Returns(nil); len(ret) != n {
							t.Fatalf("returns %v", ret)
						}
					}
				})
			}
		}
	}
}

// TestBotsMixed plays different bots against each other in one game.
func TestBotsMixed(t *testing.T) {
	specs := []string{"random", "greedy", "mcts:iterations=50,workers=2", "ismcts:iterations=50,workers=1"}
	for _, name := range []string{"test-nim", "test-pig"} {
		s := newState(t, name, 4, nil)
		var bots []Bot
		for i, sp := range specs {
			bots = append(bots, newBots(t, sp, 1, uint64(i))...)
		}
		play(t, s, bots, 3)
	}
}

// applyAll plays actions given in notation.
func applyAll(t testing.TB, s game.State, moves ...string) game.State {
	t.Helper()
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func act(t testing.TB, spec string, seed uint64, s game.State) string {
	t.Helper()
	b, err := New(spec, seed)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.Act(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return s.ActionString(a)
}

func TestGreedyTakesTheObviousMove(t *testing.T) {
	tests := []struct {
		name   string
		game   string
		opts   game.Options
		moves  []string
		want   string
		reason string
	}{
		// X: a1 b1, O: a2 b2; X to move completes the bottom row at c1
		// (the Evaluator would also like the centre-free c2 and c3).
		{"tictactoe win", "test-tictactoe", nil, []string{"a1", "a2", "b1", "b2"}, "c1", "the win outweighs any evaluation"},
		// Nim has neither Evaluator nor Scorer: Returns alone show the win.
		{"nim last counter", "test-nim", game.Options{"piles": "1,4"}, []string{"p2-4"}, "p1-1", "taking the last counter wins"},
		// Relay, 4 players in teams: adding 2 to the team's total is best
		// by the Evaluator (team totals' difference).
		{"relay", "test-relay", nil, []string{"13-24"}, "2", "the largest addition to the team's total"},
	}
	for _, tt := range tests {
		for seed := range uint64(5) {
			g, _ := game.Lookup(tt.game)
			s := applyAll(t, newState(t, tt.game, g.Info().MinPlayers, tt.opts), tt.moves...)
			if got := act(t, "greedy", seed, s); got != tt.want {
				t.Errorf("%s (seed %d): greedy played %s, want %s: %s", tt.name, seed, got, tt.want, tt.reason)
			}
		}
	}
}

// TestGreedyAveragesChance checks the expectation over the die that
// follows "roll" in Pig, whose Evaluator counts banked points plus half
// the turn total: rolling is worth more than holding with a small turn
// total and less with a large one.
func TestGreedyAveragesChance(t *testing.T) {
	// Target 50. Turn total 2: hold banks 2 (value 2 vs 0); roll: 1/6 lose
	// everything, else total 2+k counted at half: (1/6)*sum_{k=2..6}(2+k)/2
	// = (1/6)*(30/2) = 2.5 > 2, so greedy rolls.
	s := applyAll(t, newState(t, "test-pig", 2, game.Options{"target": "50"}), "roll", "2")
	if got := act(t, "greedy", 1, s); got != "roll" {
		t.Errorf("turn total 2: greedy played %s, want roll", got)
	}
	// Turn total 16: hold 16 vs roll (1/6)*sum_{k=2..6}(16+k)/2 = 100/12 ≈ 8.3.
	s = applyAll(t, newState(t, "test-pig", 2, game.Options{"target": "50"}), "roll", "6", "roll", "6", "roll", "4")
	if got := act(t, "greedy", 1, s); got != "hold" {
		t.Errorf("turn total 16: greedy played %s, want hold", got)
	}
}

func TestMCTSFindsTheWin(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  game.Options
		moves []string
		want  []string
		iters int
	}{
		// X to move wins at c1 (bottom row).
		{"tictactoe win in one", "test-tictactoe", nil, []string{"a1", "a2", "b1", "b2"}, []string{"c1"}, 3000},
		// X: a1 b1, O: b2; O to move must block at c1.
		{"tictactoe block", "test-tictactoe", nil, []string{"a1", "b2", "b1"}, []string{"c1"}, 3000},
		// X: a1 c3, O: b2 a3. X must block at c1, which makes a fork
		// (a1-b1-c1 and c1-c2-c3): a forced win in three.
		{"tictactoe forced win in three", "test-tictactoe", nil, []string{"a1", "b2", "c3", "a3"}, []string{"c1"}, 3000},
		// Nim 2,3: the only winning move leaves equal piles.
		{"nim equalise", "test-nim", game.Options{"piles": "2,3"}, nil, []string{"p2-1"}, 3000},
		// Nim 3,4,5: 3^4^5 = 2; the only winning move takes 2 from pile 1.
		// Nim is a known hard case for MCTS with random playouts (sharp
		// values deep down): it needs a large budget.
		{"nim xor", "test-nim", game.Options{"piles": "3,4,5"}, nil, []string{"p1-2"}, 200000},
	}
	for _, tt := range tests {
		for _, spec := range []string{"mcts:workers=1", "mcts:workers=2", "ismcts:workers=1"} {
			spec := fmt.Sprintf("%s,iterations=%d", spec, tt.iters)
			s := applyAll(t, newState(t, tt.game, 2, tt.opts), tt.moves...)
			if got := act(t, spec, 7, s); !slices.Contains(tt.want, got) {
				t.Errorf("%s: %s played %s, want %v", tt.name, spec, got, tt.want)
			}
		}
	}
}

// TestMCTSBeatsRandomAtTicTacToe: MCTS must never lose to random, and
// win most games, playing either side.
func TestMCTSBeatsRandomAtTicTacToe(t *testing.T) {
	for _, spec := range []string{"mcts:iterations=1000,workers=1", "ismcts:iterations=1000,workers=1"} {
		var wins, losses int
		const games = 40
		for k := range uint64(games) {
			s := newState(t, "test-tictactoe", 2, nil)
			bots := []Bot{newBots(t, spec, 1, k)[0], newBots(t, "random", 1, k)[0]}
			me := int(k % 2)
			if me == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			play(t, s, bots, k)
			switch r := s.Returns(nil)[me]; r {
			case 1:
				wins++
			case 0:
				losses++
			}
		}
		t.Logf("%s vs random: %d wins, %d losses in %d games", spec, wins, losses, games)
		if losses > 0 || wins < games*3/4 {
			t.Errorf("%s vs random: %d wins, %d losses in %d games", spec, wins, losses, games)
		}
	}
}

// TestReproducible: the same spec and seed make the same moves, whatever
// the goroutine scheduling, when the budget is in iterations.
func TestReproducible(t *testing.T) {
	specs := []string{"random", "greedy", "mcts:iterations=300,workers=3", "mcts:iterations=100,workers=2,playout=greedy", "ismcts:iterations=300,workers=3", "rollout:iterations=30,workers=3"}
	for _, name := range []string{"test-tictactoe", "test-pig", "test-kuhn", "test-nim"} {
		for _, spec := range specs {
			var first []game.Action
			for range 3 {
				s := newState(t, name, 2, nil)
				h := play(t, s, newBots(t, spec, 2, 42), 9)
				if first == nil {
					first = h
				} else if !slices.Equal(first, h) {
					t.Errorf("%s %s: different games from the same seeds:\n%v\n%v", name, spec, first, h)
				}
			}
		}
	}
}

func TestTreeReuse(t *testing.T) {
	s := newState(t, "test-tictactoe", 2, nil)
	b := newMCTS(mustSpec(t, "mcts:iterations=400,workers=2,settle=false"), 1)
	a, err := b.Act(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if st := b.LastSearch(); st.Reused || st.Iterations != 400 || st.RootVisits != 400 || st.Trees != 2 {
		t.Errorf("first search: %+v", st)
	}
	b.Observe(s, a)
	s.Apply(a)
	reply := s.LegalActions(nil)[0]
	b.Observe(s, reply)
	s.Apply(reply)
	if _, err := b.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if st := b.LastSearch(); !st.Reused || st.Iterations != 400 || st.RootVisits <= 400 {
		t.Errorf("second search did not reuse the tree: %+v", st)
	}
	// Without Observe the bot cannot know the position and starts afresh.
	s2 := applyAll(t, s.Clone(), "c3")
	s2.Apply(s2.LegalActions(nil)[0])
	if _, err := b.Act(context.Background(), s2); err != nil {
		t.Fatal(err)
	}
	if st := b.LastSearch(); st.Reused || st.RootVisits != 400 {
		t.Errorf("search from an unobserved position reused a tree: %+v", st)
	}
	// reuse=false never keeps a tree.
	nb := newMCTS(mustSpec(t, "mcts:iterations=100,workers=1,reuse=false"), 1)
	s3 := newState(t, "test-tictactoe", 2, nil)
	for range 3 {
		a, err := nb.Act(context.Background(), s3)
		if err != nil {
			t.Fatal(err)
		}
		if nb.LastSearch().Reused {
			t.Fatal("reuse=false reused a tree")
		}
		nb.Observe(s3, a)
		s3.Apply(a)
	}
}

// TestTreeReuseThroughChance: trees are kept across the chance nodes of
// Pig's die rolls, which Observe reports like any action.
func TestTreeReuseThroughChance(t *testing.T) {
	s := newState(t, "test-pig", 2, game.Options{"target": "50"})
	b := newMCTS(mustSpec(t, "mcts:iterations=300,workers=1"), 1)
	reused := 0
	rng := game.NewRand(5)
	for !game.IsTerminal(s) {
		var a game.Action
		if game.IsChance(s) {
			a = game.SampleChance(s, rng, nil)
		} else {
			var err error
			if a, err = b.Act(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			if b.LastSearch().Reused {
				reused++
			}
		}
		b.Observe(s, a)
		s.Apply(a)
	}
	if reused == 0 {
		t.Error("the tree was never reused through chance nodes")
	}
}

func mustSpec(t testing.TB, s string) Spec {
	t.Helper()
	sp, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp.withDefaults()
}

func TestActErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := newState(t, "test-tictactoe", 2, nil)
	for _, spec := range testSpecs {
		b, _ := New(spec, 1)
		if _, err := b.Act(ctx, s); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Act with a cancelled context: %v", spec, err)
		}
		chance := newState(t, "test-pig", 2, nil)
		applyAll(t, chance, "roll")
		if _, err := b.Act(context.Background(), chance); !errors.Is(err, ErrNotToMove) {
			t.Errorf("%s: Act at a chance node: %v", spec, err)
		}
	}
}

func TestCutRewards(t *testing.T) {
	var c cutStats
	if got := c.rewards([]float64{3, -3}, false, nil); !slices.Equal(got, []float64{0.5, 0.5}) {
		t.Errorf("first cut-off: %v, want 0.5 each", got)
	}
	// Values that no seat could compare with another's (seat 2 always
	// far above): rewards still follow each seat's own ups and downs.
	c = cutStats{}
	for _, v := range [][]float64{{-5, 100}, {-3, 100}, {-4, 100}} {
		c.rewards(v, false, nil)
	}
	hi := c.rewards([]float64{-1, 100}, false, nil)
	lo := c.rewards([]float64{-9, 100}, false, nil)
	if !(hi[0] > 0.5 && lo[0] < 0.5 && hi[1] < 0.5 && lo[1] > 0.5) {
		t.Errorf("better for seat 1: %v; worse: %v", hi, lo)
	}
	for _, r := range append(hi, lo...) {
		if !(r > 0 && r < 1) {
			t.Errorf("reward %v outside (0, 1)", r)
		}
	}
}

// TestCutRewardsStanding: with standings (game.StandingEvaluator) a
// seat's reward follows its own value alone, whatever the others' values
// do; by its lead, the same value of its own reads as better or worse as
// the others' values move. This is Breaking Head's case: the others'
// values flip with the roles each sampled state deals them.
func TestCutRewardsStanding(t *testing.T) {
	for _, standing := range []bool{true, false} {
		var c cutStats
		for _, v := range [][]float64{{-5, 5, 5}, {-4, -4, 4}, {-6, 6, -6}, {-5, -5, 5}} {
			c.rewards(v, standing, nil)
		}
		// Seat 1 at -5 both times; the others change sides.
		a := c.rewards([]float64{-5, 5, 5}, standing, nil)[0]
		b := c.rewards([]float64{-5, -5, -5}, standing, nil)[0]
		if same := math.Abs(a-b) < 0.02; same != standing {
			t.Errorf("standing %v: seat 1's reward at the same value of its own: %.3f and %.3f", standing, a, b)
		}
	}
}

func TestMeasure(t *testing.T) {
	s := applyAll(t, newState(t, "test-pig", 2, game.Options{"target": "50"}), "roll", "4")
	m, err := Measure(context.Background(), s, "mcts:iterations=2000,workers=1", 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(m)
	if m.Iterations != 2000 || m.Playouts != 2000 || m.IterationsPerSecond <= 0 || m.PlayoutsPerSecond <= 0 || m.Ratio <= 0 || m.PlayoutLength <= 1 {
		t.Errorf("measurement %+v", m)
	}
	if _, err := Measure(context.Background(), s, "greedy", 1); err == nil {
		t.Error("Measure(greedy) accepted")
	}
}

// TestBotsPlayRealGames has every bot, on a small budget, play one game
// of every registered Commons game (games/all) at its smallest and
// largest player counts. Search playouts are cut at a depth: a playout of
// Open Source runs two thousand actions, and the game has a thousand
// decisions.
func TestBotsPlayRealGames(t *testing.T) {
	specs := []string{"random", "greedy:samples=2", "mcts:iterations=20,workers=2,depth=40", "ismcts:iterations=20,workers=2,depth=10"}
	for _, g := range game.Games() {
		in := g.Info()
		if strings.HasPrefix(in.Name, "test-") {
			continue
		}
		for _, n := range slices.Compact([]int{in.MinPlayers, in.MaxPlayers}) {
			for _, spec := range specs {
				t.Run(fmt.Sprintf("%s/%d/%s", in.Name, n, spec), func(t *testing.T) {
					s := newState(t, in.Name, n, nil)
					play(t, s, newBots(t, spec, n, 1), 1)
				})
			}
		}
	}
}
