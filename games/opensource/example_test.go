package opensource_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/opensource"
)

// The set-up and a first turn: the start tile and the top Market Demand
// card come up, seat 1 rolls, takes the tile the dice name and places it
// in the Commons beside the start tile, then takes Nothing To Lose.
func ExampleGame() {
	s, err := game.NewState(opensource.Game, 2, nil)
	if err != nil {
		panic(err)
	}
	for _, move := range []string{"start BBY", "demand web-app", "dice YYB", "take YYB", "place 2,0 t2", "reward A"} {
		who := s.CurrentPlayer()
		a, err := s.ParseAction(move)
		if err != nil {
			panic(err)
		}
		note := s.ActionString(a)
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s\n", who, note)
	}
	fmt.Print(s.Render(game.Spectator))
	// Output:
	// chance: start BBY
	// chance: demand web-app
	// chance: dice YYB
	// seat 1: take YYB
	// seat 1: place 2,0 t2
	// seat 1: reward A
	// Turn 2 (limit 1000). Commons:
	//       -1  0   1
	//    2   .  BYY  .
	//    1   .  bby  .
	// Seat 1's Lab:
	//       -1  0   1
	//    1   .   .   .
	//    0   .   .   .
	// Seat 2's Lab:
	//       -1  0   1
	//    1   .   .   .
	//    0   .   .   .
	// Supply: YYY 20 BBB 20 RRR 20 YYB 19 YYR 20 BBY 19 BBR 20 RRY 20 RRB 20 YBR 20 YRB 20 (218)
	// Stack A Nothing To Lose (3 left): none: may always be taken -> agility
	// Stack B File Browser (4 left): 1 finished application -> productivity
	// Stack C File Format (4 left): 1 finished format -> compatibility
	// Market Demand (19 under it): Web App, 1 extra Lab space(s): 1,0 YYB t2 2,0 BBY t0
	//   seat 1: 0 Market Demand, A agility x1
	//   seat 2: 0 Market Demand
	// Chance: seat 2's roll of 3 dice (G10)
}
