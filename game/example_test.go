package game_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/internal/testgame" // registers "countdown"
)

// A random playout: the loop every bot, benchmark and the lab is built on.
func Example() {
	g, err := game.Lookup("countdown")
	if err != nil {
		panic(err)
	}
	s, err := game.NewState(g, 2, nil)
	if err != nil {
		panic(err)
	}
	rng := game.NewRand(1)
	var legal []game.Action
	for !game.IsTerminal(s) {
		var a game.Action
		if game.IsChance(s) {
			a = game.SampleChance(s, rng, nil)
		} else {
			legal = s.LegalActions(legal)
			a = legal[rng.IntN(len(legal))]
		}
		fmt.Printf("%v: %s\n", s.CurrentPlayer(), s.ActionString(a))
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	fmt.Println("returns:", s.Returns(nil))
	// Output:
	// chance: 5
	// seat 1: take1
	// seat 2: take2
	// chance: tails
	// seat 1: take2
	// returns: [1 0]
}

func ExampleResolve() {
	g, _ := game.Lookup("countdown")
	_, err := game.Resolve(g, 2, game.Options{"start": "soon"})
	fmt.Println(err)
	cfg, _ := game.Resolve(g, 2, nil)
	fmt.Println(cfg.Options)
	// Output:
	// countdown: option start="soon": want one of random, fixed
	// map[start:random]
}

func ExampleState_Apply() {
	g, _ := game.Lookup("countdown")
	s, _ := game.NewState(g, 2, game.Options{"start": "fixed"})
	// An illegal action is refused, says why, and changes nothing.
	fmt.Println(s.Apply(3))
	fmt.Println(s.Render(game.Spectator))
	a, _ := s.ParseAction("take2")
	fmt.Println(s.Apply(a))
	fmt.Println(s.Render(game.Spectator))
	// Output:
	// take3 is not legal now
	// count 6, seat 1 to move
	// <nil>
	// count 4, chance to move
}

// Two seats tied on the best score share the win.
func ExampleShareWin() {
	fmt.Println(game.ShareWin(nil, []int32{12, 20, 20, 5}))
	// Output:
	// [0 0.5 0.5 0]
}
