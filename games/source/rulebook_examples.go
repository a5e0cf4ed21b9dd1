package source

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/source.md) shows these positions.
var _ game.Illustrator = sourceGame{}

// exampleTurns is the game the rulebook's pictures are taken from, a
// colour turn a line in the order red, blue, yellow, green, each turn of
// 2 AP passing by itself once spent. Red grows along the top edge and
// down column d and fortifies c9; blue comes along the top edge to e9,
// beside red's d9, and cuts red's chain there. Every capture is made next
// to a token of the capturing colour, so the script is legal with
// capture-needs-adjacency=on too.
var exampleTurns = [][]string{
	{"b9", "c9"},  // 0 red
	{"h9", "g9"},  // 1 blue
	{"h1", "g1"},  // 2 yellow
	{"a2", "a3"},  // 3 green
	{"d9", "d8"},  // 4 red: a9 b9 c9 d9 d8, one chain
	{"f9", "e9"},  // 5 blue reaches e9, beside red's d9
	{"f1", "e1"},  // 6 yellow
	{"a4", "a5"},  // 7 green
	{"d7", "+c9"}, // 8 red: the chain ends on d7; c9 fortified
	{"xd9"},       // 9 blue captures the connected d9 for 2 AP
	{"d1", "c1"},  // 10 yellow
	{"b2", "c2"},  // 11 green
	{"b8", "b7"},  // 12 red
	{"d9", "xd8"}, // 13 blue places on d9 and captures the cut-off d8 for 1 AP
	{"e2", "f2"},  // 14 yellow
	{"c3", "d3"},  // 15 green
	{"a7", "a6"},  // 16 red walls in a8 with a9, b8 and a7
}

// The rulebook's examples, by name.
const (
	ExampleFortified   = "fortified-point"
	ExampleCutChain    = "cut-chain"
	ExampleLoose       = "capture-cut-off"
	ExampleSurrounded  = "surrounded-point"
	ExampleSupplyEmpty = "supply-runs-out"
)

// Examples returns the rulebook's pictures for cfg (game.Illustrator),
// each taken along one game built from the initial position by legal
// actions only (exampleTurns, then red placing until its supply runs
// out), so that none shows a position the rules cannot reach. They hold
// under every option.
func (g sourceGame) Examples(cfg game.Config) ([]game.Example, error) {
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	apply := func(m string) error {
		a, err := s.ParseAction(m)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			return fmt.Errorf("source: building the rulebook's examples: %s by %s: %v", m, s.colour, err)
		}
		return nil
	}
	n, err := g.Numbers(cfg)
	if err != nil {
		return nil, err
	}
	apWords := func(k any) string {
		if fmt.Sprint(k) == "1" {
			return "1 action point"
		}
		return fmt.Sprintf("%v action points", k)
	}
	var exs []game.Example
	add := func(name, caption string, marks ...string) {
		exs = append(exs, game.Example{Name: name, Caption: caption, State: s.Clone(), Marks: marks})
	}
	for i, turn := range exampleTurns {
		for _, m := range turn {
			if err := apply(m); err != nil {
				return nil, err
			}
		}
		switch i {
		case 8:
			add(ExampleFortified, "Red has fortified c9 with a second token: while it stays connected, blue cannot capture it, only unfortify it. Red's single token on d9 can be captured.", "c9", "d9")
		case 9:
			add(ExampleCutChain, fmt.Sprintf("Blue captured red's d9 for %s. Red's d8 and d7 are now cut off from red's source at a9: they cannot grow and score only %v each.", apWords(n["capture"]), n["loose"]), "d9", "d8", "d7")
		case 13:
			add(ExampleLoose, fmt.Sprintf("Blue placed on d9 and captured red's cut-off d8 for just %s. Red's d7 is still cut off and just as easy to take.", apWords(n["capture_loose"])), "d8", "d7")
		case 16:
			add(ExampleSurrounded, fmt.Sprintf("The empty point a8 has only red tokens around it (a9, b8 and a7; the edge does not count), so it scores %v for red.", n["surrounded"]), "a8")
		}
	}
	// Red places on the first point it can, turn after turn, while the
	// others end their turns, until its supply runs out.
	var buf []game.Action
	last := ""
	for !game.IsTerminal(s) {
		if s.colour == Red && s.supply[Red] > 0 {
			buf = s.LegalActions(buf)
			if k, _ := decode(buf[0]); k != kindPlace { // end is always there, last
				return nil, fmt.Errorf("source: building the rulebook's examples: red has nowhere to place")
			}
			last = s.ActionString(buf[0])
			if err := s.Apply(buf[0]); err != nil {
				return nil, fmt.Errorf("source: building the rulebook's examples: %s by red: %v", last, err)
			}
			continue
		}
		if err := apply("end"); err != nil {
			return nil, err
		}
	}
	caption := fmt.Sprintf("Red placed the last token of its supply on %s, so the game ended at once and the totals were counted:", last)
	if s.roundEnd {
		caption = fmt.Sprintf("Red placed the last token of its supply on %s; the round was played out to green's turn, then the game ended and the totals were counted:", last)
	}
	if w := s.winner(); w >= 0 {
		caption += fmt.Sprintf(" player %d has the higher total and wins.", w.Seat())
	} else {
		caption += " they are level."
	}
	add(ExampleSupplyEmpty, caption, last)
	return exs, nil
}
