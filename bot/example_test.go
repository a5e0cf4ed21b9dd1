package bot_test

import (
	"context"
	"fmt"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
)

// A bot is made from a spec string and a seed, and asked for a move.
func ExampleNew() {
	testgames.Register() // tic-tac-toe, for the example
	g, _ := game.Lookup("test-tictactoe")
	s, _ := game.NewState(g, 2, nil)
	// X on a1 and b1, O on a2 and b2: X to move wins at c1.
	for _, m := range []string{"a1", "a2", "b1", "b2"} {
		a, _ := s.ParseAction(m)
		s.Apply(a)
	}
	for _, spec := range []string{"greedy", "mcts:iterations=2000,workers=2", "ismcts:iterations=500,workers=1"} {
		b, err := bot.New(spec, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		a, err := b.Act(context.Background(), s)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s plays %s\n", spec, s.ActionString(a))
	}
	_, err := bot.New("mcts:iterations=many", 1)
	fmt.Println(err)
	// Output:
	// greedy plays c1
	// mcts:iterations=2000,workers=2 plays c1
	// ismcts:iterations=500,workers=1 plays c1
	// bot spec "mcts:iterations=many": iterations="many": want a whole number >= 1
}

// ParseSpec reads a spec; String writes it back in a canonical form.
func ExampleParseSpec() {
	sp, err := bot.ParseSpec("mcts:c=1.4,playout=greedy,time=500ms,workers=2")
	fmt.Println(sp.Name, sp.Time, sp.Workers, sp.Playout, sp.C, err)
	fmt.Println(sp)
	// Output:
	// mcts 500ms 2 greedy 1.4 <nil>
	// mcts:time=500ms,workers=2,playout=greedy,c=1.4
}
