package game_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/source"      // registers "source"
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

// A server follows each match through an UndoTrail and offers the seat to
// move an undo while Depth is positive. In Source a colour's turn has two
// action points: its first action may be taken back, but not the one that
// ends the turn.
func ExampleUndoTrail() {
	g, _ := game.Lookup("source")
	s, _ := game.NewState(g, 2, nil)
	var trail game.UndoTrail
	play := func(move string) {
		a, err := s.ParseAction(move)
		if err == nil {
			err = trail.Apply(s, a)
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-4s then %v to move; seat 1 may take back %d, seat 2 %d\n", move, s.CurrentPlayer(), trail.Depth(0), trail.Depth(1))
	}
	play("b9")
	// Taking it back gives the state before it, to play on; the match's
	// log drops its last entry.
	s, _ = trail.Undo(1)
	fmt.Println("undone:", s.CurrentPlayer(), "to move")
	play("a8")
	play("b8") // red's last action point: the turn passes to blue
	play("+i9")
	play("end")
	// Output:
	// b9   then seat 1 to move; seat 1 may take back 1, seat 2 0
	// undone: seat 1 to move
	// a8   then seat 1 to move; seat 1 may take back 1, seat 2 0
	// b8   then seat 2 to move; seat 1 may take back 0, seat 2 0
	// +i9  then seat 2 to move; seat 1 may take back 0, seat 2 1
	// end  then seat 1 to move; seat 1 may take back 0, seat 2 0
}
