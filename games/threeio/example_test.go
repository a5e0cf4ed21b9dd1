package threeio_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/threeio"
)

// A turn of 3io: seat 1 announces expand, chance draws a Planet, and seat
// 1 plays it with a crew meeple on it.
func ExampleGame() {
	s, err := game.NewState(threeio.Game, 2, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.CurrentPlayer(), "may:", s.ActionString(s.LegalActions(nil)[0]))
	for _, move := range []string{"expand", "Planet", "play Planet c3 crew"} {
		who := s.CurrentPlayer()
		a, err := s.ParseAction(move)
		if err != nil {
			panic(err)
		}
		note := s.ActionString(a) // notation depends on the state: take it before Apply
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		fmt.Printf("%v: %s\n", who, note)
	}
	fmt.Println(s.CurrentPlayer(), "has", len(s.LegalActions(nil)), "action(s)")
	fmt.Print(s.Render(game.Spectator))
	// Output:
	// seat 1 may: expand
	// seat 1: expand
	// chance: Planet
	// seat 1: play Planet c3 crew
	// seat 2 has 1 action(s)
	// 3io, turn 2 (limit 1000)
	//
	//      a    b    c    d    e    f
	//   6  .    .    .    .    .    .
	//   5  .    .    .    .    .    .
	//   4  .    .    .    .    .    .
	//   3  .    .    Pl@1 .    .    .
	//   2  .    .    .    .    .    .
	//   1  .    .    .    .    .    .
	//
	// Space:        Du Dust 1/2, Ro Rock 3/5, Pl Planet 8/12, Su Sun 20/30, Ga Galaxy 50/75
	// Civilization: Pr Probe 1/2, Co Colony 2/4 x2, St Station 4/6 x3, Sp Sphere 6/9 x4, Si Singularity 10/15 x5
	// Points dark/light; * light side, +n bonus tokens, @13 crew of seats 1 and 3.
	// Box (127): Dust 48 Rock 12 Planet 7 Sun 5 Galaxy 5 Probe 25 Colony 10 Station 5 Sphere 5 Singularity 5
	//
	//   seat 1: 0 points, 2 crew in hand, holds Dust
	// > seat 2: 0 points, 3 crew in hand, holds Dust
	//
	// Seat 2 to move: expand or score.
}
