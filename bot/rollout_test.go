package bot

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/commons-games/commons/game"

	"github.com/commons-games/commons/stats"
)

// TestRolloutCommonRandomNumbers: a round plays every candidate on the
// same luck. Two candidates that are the same move must then end the same
// in every round, to the point; with luck drawn afresh for each playout
// they would not, and the comparison between moves would carry the luck
// of the draws.
func TestRolloutCommonRandomNumbers(t *testing.T) {
	for _, tc := range []struct {
		game  string
		moves []string
	}{
		{"test-pig", nil},                   // the dice after the move
		{"test-kuhn", nil},                  // a hidden deal, drawn by the Sampler
		{"3io", []string{"expand", "Dust"}}, // the box's draws
	} {
		root := applyAll(t, newState(t, tc.game, 2, nil), tc.moves...)
		for game.IsChance(root) { // Kuhn's deal
			if err := root.Apply(game.SampleChance(root, game.NewRand(3), nil)); err != nil {
				t.Fatal(err)
			}
		}
		me := root.CurrentPlayer()
		var smp game.Sampler
		if h, ok := root.(game.Sampler); ok {
			root = h.Sample(me, game.NewRand(1))
			smp = root.(game.Sampler)
		}
		a := root.LegalActions(nil)[0]
		run := newRolloutRun(Spec{Playout: "greedy"})
		differ := 0
		var first playoutEnd
		for seed := range uint64(40) {
			ends, ok, err := run.round(context.Background(), root, smp, me, []candidate{{a: a}, {a: a}}, seed, time.Time{})
			if err != nil || !ok {
				t.Fatalf("%s: round: %v %v", tc.game, ok, err)
			}
			if ends[0] != ends[1] {
				t.Fatalf("%s, seed %d: the same move ended %+v and %+v in one round", tc.game, seed, ends[0], ends[1])
			}
			if seed == 0 {
				first = ends[0]
			} else if ends[0] != first {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("%s: every round ended alike: the rounds' seeds change nothing", tc.game)
		}
	}
}

// TestRolloutWorkersAgree: for an iteration budget the rollout bot's
// moves do not depend on how many workers play the rounds.
func TestRolloutWorkersAgree(t *testing.T) {
	for _, name := range []string{"test-pig", "3io"} {
		var first []game.Action
		for _, spec := range []string{"rollout:iterations=6,workers=1", "rollout:iterations=6,workers=3"} {
			s := newState(t, name, 2, nil)
			h := play(t, s, newBots(t, spec, 2, 5), 11)
			if first == nil {
				first = h
			} else if !slices.Equal(first, h) {
				t.Errorf("%s: %s played another game than with one worker", name, spec)
			}
		}
	}
}

// TestRolloutBeatsItsBasePolicyAtPig: greedy in Pig holds whenever the
// turn total is worth more banked than half of it risked, far too early
// for a race to 50; playing its moves out tells the rollout bot that
// rolling on wins more. Over 60 games, seats alternated, it must win a
// clear majority against greedy.
func TestRolloutBeatsItsBasePolicyAtPig(t *testing.T) {
	const games = 60
	won := 0.0
	for k := range uint64(games) {
		s := newState(t, "test-pig", 2, game.Options{"target": "50"})
		bots := []Bot{newBots(t, "rollout:iterations=40,workers=1", 1, k)[0], newBots(t, "greedy", 1, k)[0]}
		me := int(k % 2)
		if me == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		play(t, s, bots, k)
		won += s.Returns(nil)[me]
	}
	t.Logf("rollout against greedy at Pig: %.1f of %d", won, games)
	if lo, _ := stats.Wilson(won, games); lo < 0.5 {
		t.Errorf("rollout against greedy at Pig: %.1f of %d, the interval's lower end %.3f is not above a half", won, games, lo)
	}
}

// TestRolloutCandidates: the rollout bot compares only greedy's best
// moves, and with one legal move it answers without a playout.
func TestRolloutCandidates(t *testing.T) {
	s := applyAll(t, newState(t, "3io", 2, nil), "expand", "Dust")
	b := newRolloutBot(mustSpec(t, "rollout:iterations=3,workers=1,candidates=2"), 1)
	if _, err := b.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	if st := b.LastSearch(); st.Iterations != 3 || st.RootVisits != 6 || st.Playouts != 6 {
		t.Errorf("3 rounds of 2 candidates: %+v", st)
	}
	forced := applyAll(t, newState(t, "test-pig", 2, nil), "roll", "6", "roll", "6", "roll", "6", "roll", "2")
	if n := len(forced.LegalActions(nil)); n != 1 {
		t.Fatalf("test setup: %d legal moves, want hold alone", n)
	}
	a, err := b.Act(context.Background(), forced)
	if err != nil {
		t.Fatal(err)
	}
	if got := forced.ActionString(a); got != "hold" || b.LastSearch().Playouts != 0 {
		t.Errorf("one legal move: played %s after %d playouts, want hold at once", got, b.LastSearch().Playouts)
	}
}

// TestGreedyAllocatesNothing: greedy values its moves on scratch states
// copied in place (onePly), so a move, and with it every decision of a
// greedy playout, allocates nothing in games whose states are
// game.Copiers (a Clone a move cost 3io 72 allocations and Breaking Head
// nearly ten thousand).
func TestGreedyAllocatesNothing(t *testing.T) {
	for _, name := range []string{"source", "3io"} {
		s := applyAll(t, newState(t, name, 2, nil))
		if name == "3io" {
			s = applyAll(t, s, "expand", "Dust")
		}
		b, err := New("greedy", 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Act(context.Background(), s); err != nil { // warm the scratch states
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() {
			if _, err := b.Act(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		}); n > 0 {
			t.Errorf("%s: greedy allocates %.1f times a move", name, n)
		}
	}
}

// TestRandomPlayoutsCopyTheStart: RandomPlayouts, the playouts `commons
// bench` counts, start each playout from a copy of the position made in
// one scratch state, as the searches do, so that their cost does not
// grow with garbage to collect: in games whose states are game.Copiers,
// two hundred playouts allocate no more than ten. (A Clone a playout made
// the collector a tenth of the cost of a random game of Source, and the
// bench's count moved by as much from run to run.)
func TestRandomPlayoutsCopyTheStart(t *testing.T) {
	for _, name := range []string{"source", "3io", "breaking-head", "open-science-alliance", "open-source-board-game"} {
		g, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(t, name, g.Info().MinPlayers, nil)
		allocs := func(n int) float64 {
			return testing.AllocsPerRun(3, func() {
				if _, _, _, err := RandomPlayouts(context.Background(), s, n, 1, 1); err != nil {
					t.Fatal(err)
				}
			})
		}
		few, many := allocs(10), allocs(200)
		if name == "open-source-board-game" {
			few, many = allocs(2), allocs(20)
		}
		if many > few+5 {
			t.Errorf("%s: %.0f allocations for the larger run of playouts, %.0f for the smaller: some come with every playout", name, many, few)
		}
	}
}
