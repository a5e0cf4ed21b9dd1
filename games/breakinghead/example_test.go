package breakinghead_test

import (
	"fmt"

	"github.com/commons-games/commons/games/breakinghead"
	"github.com/commons-games/commons/record"
)

// Example deals a 3-player game from a seed, looks at it as the seat to
// play, and plays a comment card next to the start.
func Example() {
	seed := uint64(7)
	rep, err := record.Play(&record.Record{Game: "breaking-head", Players: 3, Seed: &seed}, record.Options{})
	if err != nil {
		panic(err)
	}
	s := rep.State
	for _, m := range rep.Complete.Moves[:6] {
		fmt.Println(m)
	}
	p := s.CurrentPlayer()
	o := s.Observation(p).(*breakinghead.Observation)
	fmt.Printf("%v, a %s, holds %v\n", p, o.You.Role, o.You.Hand)

	a, err := s.ParseAction("place junction-esw@1,0")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ActionString(a), "->", s.Apply(a))
	fmt.Println(s.CurrentPlayer(), "next:", s.ActionString(s.LegalActions(nil)[0]), "...")
	fmt.Println(s.Apply(a))
	_, err = s.ParseAction("seat 1 draws spam")
	fmt.Println(err)
	// Output:
	// *seat 1 role contributor
	// *seat 2 role contributor
	// *seat 3 role blocker
	// *fixed-committed at 8,0
	// *seat 1 draws curve-es
	// *seat 2 draws crossing
	// seat 3, a blocker, holds [crossing junction-esw curve-sw wtf-dries blocked-wifi blocked-flu]
	// place junction-esw@1,0 -> <nil>
	// chance next: seat 3 draws crossing ...
	// chance outcome 98256 is not possible at seat 3's draw
	// "seat 1 draws spam": the card now goes to seat 3, not seat 1
}
