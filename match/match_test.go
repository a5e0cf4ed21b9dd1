package match

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
)

func init() { testgames.Register() }

func TestSchedule(t *testing.T) {
	tests := []struct {
		bots, seats int
		want        [][]int
	}{
		{2, 2, [][]int{{0, 1}, {1, 0}}},
		{1, 3, [][]int{{0, 0, 0}}},
		{2, 5, [][]int{{0, 1, 0, 1, 0}, {1, 0, 1, 0, 1}}},
		{3, 3, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}},
		{3, 2, [][]int{{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}},
	}
	for _, tt := range tests {
		got, err := Schedule(tt.bots, tt.seats)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Schedule(%d, %d) = %v, %v; want %v", tt.bots, tt.seats, got, err, tt.want)
		}
	}
	if _, err := Schedule(12, 10); err == nil {
		t.Error("Schedule(12, 10) accepted")
	}
}

// liar chooses an illegal action.
type liar struct{}

func (liar) Act(context.Context, game.State) (game.Action, error) { return 99, nil }

func TestPlay(t *testing.T) {
	g, _ := game.Lookup("test-pig")
	s, _ := game.NewState(g, 2, nil)
	b1, _ := bot.New("mcts:iterations=50,workers=1", 1)
	b2, _ := bot.New("greedy", 2)
	steps := 0
	if err := Play(context.Background(), s, Fixed([]bot.Bot{b1, b2}), Options{Rand: game.NewRand(1), OnStep: func(Step) { steps++ }}); err != nil {
		t.Fatal(err)
	}
	if !game.IsTerminal(s) || steps == 0 {
		t.Errorf("game not played: %d steps", steps)
	}
	s, _ = game.NewState(g, 2, nil)
	err := Play(context.Background(), s, Fixed([]bot.Bot{liar{}, b2}), Options{Rand: game.NewRand(1)})
	if err == nil || !strings.Contains(err.Error(), "seat 1 played") {
		t.Errorf("illegal action: %v", err)
	}
	s, _ = game.NewState(g, 2, nil)
	if err := Play(context.Background(), s, Fixed([]bot.Bot{b1}), Options{Rand: game.NewRand(1)}); err == nil {
		t.Error("one bot for two seats accepted")
	}
}

// watcher is a random bot that counts the actions Observe reports.
type watcher struct {
	bot.Bot
	seen int
}

func (w *watcher) Observe(game.State, game.Action) { w.seen++ }

// TestPlayObserves: Observers hear every action, their own, the other
// seats' and chance's, in perfect-information games, and none in games
// with hidden information.
func TestPlayObserves(t *testing.T) {
	for _, c := range []struct {
		game    string
		observe bool
	}{{"test-pig", true}, {"test-tictactoe", true}, {"test-kuhn", false}, {"test-guess", false}} {
		g, _ := game.Lookup(c.game)
		s, _ := game.NewState(g, 2, nil)
		r1, _ := bot.New("random", 1)
		r2, _ := bot.New("random", 2)
		w1, w2 := &watcher{Bot: r1}, &watcher{Bot: r2}
		steps := 0
		if err := Play(context.Background(), s, Fixed([]bot.Bot{w1, w2}), Options{Rand: game.NewRand(3), OnStep: func(Step) { steps++ }}); err != nil {
			t.Fatal(err)
		}
		want := 0
		if c.observe {
			want = steps
		}
		if w1.seen != want || w2.seen != want {
			t.Errorf("%s: observers saw %d and %d of %d actions, want %d", c.game, w1.seen, w2.seen, steps, want)
		}
	}
}
