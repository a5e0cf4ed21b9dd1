package arena_test

import (
	"context"
	"fmt"

	"github.com/commons-games/commons/arena"
	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/match"
)

// Run plays seat-rotated games between bot specs and sums up the results.
func ExampleRun() {
	testgames.Register() // tic-tac-toe, for the example
	res, err := arena.Run(context.Background(), arena.Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"mcts:iterations=1000,workers=1", "random"}, Games: 20, Seed: 1}, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	// res.WriteText(os.Stdout) would write the full tables.
	for _, b := range res.Bots {
		fmt.Printf("%-30s wins %2d draws %d losses %2d win rate %.3f [%.3f, %.3f] Elo %+.0f\n",
			b.Label, b.Wins, b.Draws, b.Losses, b.WinRate, b.Low, b.High, b.Rating)
	}
	// Output:
	// mcts:iterations=1000,workers=1 wins 19 draws 1 losses  0 win rate 0.975 [0.800, 0.997] Elo +260
	// random                         wins  0 draws 1 losses 19 win rate 0.025 [0.003, 0.200] Elo -260
}
