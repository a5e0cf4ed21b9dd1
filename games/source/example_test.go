package source_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/source"
)

// Red places twice and its turn passes by itself to blue, which fortifies
// its corner and ends; yellow places, then tries to capture a token of its
// partner colour red.
func Example() {
	s, err := game.NewState(source.Game, 2, nil)
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"b9", "B8", "+i9", "end", "h1"} {
		a, err := s.ParseAction(m)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v plays %s (action %d)\n", s.CurrentPlayer(), s.ActionString(a), a)
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	a, _ := s.ParseAction("xb9")
	fmt.Println(s.Apply(a))
	fmt.Println("scores:", s.(game.Scorer).Scores(nil))
	fmt.Print(s.Render(game.Spectator))
	// Output:
	// seat 1 plays b9 (action 1)
	// seat 1 plays b8 (action 10)
	// seat 2 plays +i9 (action 89)
	// seat 2 plays end (action 324)
	// seat 1 plays h1 (action 79)
	// source: capture b9: b9 is red, a colour of your own; a player never captures its own colours
	// scores: [10 4]
	//     a  b  c  d  e  f  g  h  i
	//  9  R  R  .  .  .  .  .  .  B*  9
	//  8  .  R  .  .  .  .  .  .  .   8
	//  7  .  .  .  .  .  .  .  .  .   7
	//  6  .  .  .  .  .  .  .  .  .   6
	//  5  .  .  .  .  +  .  .  .  .   5
	//  4  .  .  .  .  .  .  .  .  .   4
	//  3  .  .  .  .  .  .  .  .  .   3
	//  2  .  .  .  .  .  .  .  .  .   2
	//  1  G  .  .  .  .  .  .  Y  Y   1
	//     a  b  c  d  e  f  g  h  i
	//     upper case: connected, lower case: not connected, *: fortified
	//
	// red    (seat 1)  supply 22  score   6
	// blue   (seat 2)  supply 23  score   2
	// yellow (seat 1)  supply 23  score   4
	// green  (seat 2)  supply 24  score   2
	// Score: seat 1 (red+yellow) 10, seat 2 (blue+green) 4
	// To move: yellow (seat 1), 1 AP left
}
