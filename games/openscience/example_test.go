package openscience_test

import (
	"fmt"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/openscience"
)

// A set-up and a first turn of Open Science Alliance: each seat picks a
// Specialist and draws a role, the round's Event comes up, and seat 1
// raises its Code Conjurer by 2 and collects in a collaboration, choosing
// the amounts one type at a time.
func ExampleGame() {
	s, err := game.NewState(openscience.Game, 2, nil)
	if err != nil {
		panic(err)
	}
	for _, move := range []string{
		"pick CC", "pick KL", "draw TC", "draw DW", "event funding-call",
		"upskill +2", "raise CC0",
		"g1", "p3", "y0", "b0", "credit none",
	} {
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
	fmt.Print(s.Render(game.Spectator))
	// Output:
	// seat 1: pick CC
	// seat 2: pick KL
	// chance: draw TC
	// chance: draw DW
	// chance: event funding-call
	// seat 1: upskill +2
	// seat 1: raise CC0
	// seat 1: g1
	// seat 1: p3
	// seat 1: y0
	// seat 1: b0
	// seat 1: credit none
	// Round 1 of 6: Funding Call; seat 1 began the round
	// Stock: green 5  purple 3  yellow 6  blue 6
	// Role deck: 26 cards (4 DW, 4 CC, 5 PEG, 4 KL, 4 TC, 5 SG)
	//   seat 1    4 credits  DD2 CC2 TC0
	// > seat 2    0 credits  DD2 DW0 KL0
	// Seat 2 upskills or hires
}

// The choices of a collection offer only values some legal collection
// completes (O17): here the purple amounts a level-2 Code Conjurer and a
// level-0 Transparency Champion can reach with the Discovery Driver at 2,
// once no green is taken: 2 alone, 3 in a collaboration of the Code
// Conjurer (base 2, bonus 1), 4 with the Champion's bonus too.
func ExampleState_LegalActions() {
	s, _ := game.NewState(openscience.Game, 2, nil)
	for _, move := range []string{"pick CC", "pick KL", "draw TC", "draw DW", "event funding-call", "upskill +2", "raise CC0", "g0"} {
		a, _ := s.ParseAction(move)
		if err := s.Apply(a); err != nil {
			panic(err)
		}
	}
	for _, a := range s.LegalActions(nil) {
		fmt.Print(s.ActionString(a), " ")
	}
	fmt.Println()
	// Output:
	// p2 p3 p4
}
