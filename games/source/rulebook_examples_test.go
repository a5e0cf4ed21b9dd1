package source

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// exampleConfigs are every combination of the options, a few
// compensations among them: the rulebook of any variant shows the
// examples, so each must be built and show its rule under all of them.
func exampleConfigs(t *testing.T) []game.Config {
	t.Helper()
	var cfgs []game.Config
	for _, adj := range []string{"off", "on"} {
		for _, ter := range []string{TerritorySingle, TerritoryRegions} {
			for _, end := range []string{EndSupply, EndRound} {
				for _, k := range []string{"0", "7", "-3"} {
					cfg, err := game.Resolve(Game, 2, game.Options{OptCaptureAdjacency: adj, OptTerritory: ter, OptEnd: end, OptCompensation: k})
					if err != nil {
						t.Fatal(err)
					}
					cfgs = append(cfgs, cfg)
				}
			}
		}
	}
	return cfgs
}

var exampleName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// cell returns the observed point named n.
func cell(t *testing.T, o Observation, n string) Cell {
	t.Helper()
	p := pt(t, n)
	return o.Board[p/size][p%size]
}

// observedScore is colour's score as the rulebook's scoring table counts
// it on the observed board, with holes surrounded points: 2 a connected
// point (10 the connected centre), 1 a point not connected, 3 a hole.
func observedScore(o Observation, colour string, holes int) int {
	n := 3 * holes
	for r := range o.Board {
		for c, x := range o.Board[r] {
			switch {
			case x.Colour != colour:
			case x.Connected && r*size+c == centre:
				n += 10
			case x.Connected:
				n += 2
			default:
				n++
			}
		}
	}
	return n
}

// legalAt reports whether move is a legal action at s, and that applying
// it to a copy works (or fails) accordingly.
func legalAt(t *testing.T, s game.State, move string) bool {
	t.Helper()
	a, err := s.ParseAction(move)
	if err != nil {
		t.Fatalf("%s: %v", move, err)
	}
	listed := slices.Contains(s.LegalActions(nil), a)
	if applied := s.Clone().Apply(a) == nil; applied != listed {
		t.Errorf("%s: listed legal %v, but Apply succeeds %v", move, listed, applied)
	}
	return listed
}

// Every example of the rulebook shows the rule its caption claims, at
// every option, and is named and captioned as the rulebook needs.
func TestExamples(t *testing.T) {
	il, ok := Game.(game.Illustrator)
	if !ok {
		t.Fatal("source does not illustrate its rulebook")
	}
	want := []string{ExampleFortified, ExampleCutChain, ExampleLoose, ExampleSurrounded, ExampleSupplyEmpty}
	for _, cfg := range exampleConfigs(t) {
		exs, err := il.Examples(cfg)
		if err != nil {
			t.Fatalf("%v: %v", cfg.Options, err)
		}
		var names []string
		byName := map[string]game.Example{}
		for _, ex := range exs {
			if !exampleName.MatchString(ex.Name) {
				t.Errorf("example name %q: want lower case words joined by hyphens", ex.Name)
			}
			if _, dup := byName[ex.Name]; dup {
				t.Errorf("example %q twice", ex.Name)
			}
			byName[ex.Name] = ex
			names = append(names, ex.Name)
			if strings.TrimSpace(ex.Caption) == "" {
				t.Errorf("example %q has no caption", ex.Name)
			}
			for _, m := range ex.Marks {
				if _, ok := parsePoint(m); !ok {
					t.Errorf("example %q marks %q, not a point", ex.Name, m)
				}
			}
			if ex.State.Config().Players != cfg.Players || !sameOptions(ex.State.Config().Options, cfg.Options) {
				t.Errorf("example %q built for %v, want %v", ex.Name, ex.State.Config(), cfg)
			}
		}
		if !slices.Equal(names, want) {
			t.Fatalf("%v: examples %v, want %v", cfg.Options, names, want)
		}
		obs := func(name string) Observation { return byName[name].State.Observation(game.Spectator).(Observation) }

		// A connected fortified point cannot be captured, only
		// unfortified; the single token beside it can be captured.
		fort := byName[ExampleFortified].State
		o := obs(ExampleFortified)
		if c := cell(t, o, "c9"); c != (Cell{Colour: "red", Fortified: true, Connected: true}) {
			t.Errorf("%s: c9 is %+v, want red, fortified and connected", ExampleFortified, c)
		}
		if c := cell(t, o, "d9"); c != (Cell{Colour: "red", Connected: true}) {
			t.Errorf("%s: d9 is %+v, want a single connected red token", ExampleFortified, c)
		}
		if o.ToMove != "blue" {
			t.Errorf("%s: %s to move, want blue", ExampleFortified, o.ToMove)
		}
		if legalAt(t, fort, "xc9") {
			t.Errorf("%s: blue may capture the fortified c9", ExampleFortified)
		}
		if !legalAt(t, fort, "-c9") {
			t.Errorf("%s: blue may not unfortify c9", ExampleFortified)
		}
		if !legalAt(t, fort, "xd9") {
			t.Errorf("%s: blue may not capture d9", ExampleFortified)
		}
		for _, n := range []string{"d8", "d7"} {
			if !cell(t, o, n).Connected {
				t.Errorf("%s: %s is not connected before the cut", ExampleFortified, n)
			}
		}

		// Capturing d9 cuts d8 and d7 off: not connected, 1 point each.
		o = obs(ExampleCutChain)
		if c := cell(t, o, "d9"); c.Colour != "" {
			t.Errorf("%s: d9 holds %s, want it captured", ExampleCutChain, c.Colour)
		}
		for _, n := range []string{"d8", "d7"} {
			if c := cell(t, o, n); c.Colour != "red" || c.Connected {
				t.Errorf("%s: %s is %+v, want red and cut off", ExampleCutChain, n, c)
			}
		}
		for _, n := range []string{"a9", "b9", "c9"} {
			if c := cell(t, o, n); c.Colour != "red" || !c.Connected {
				t.Errorf("%s: %s is %+v, want red and connected", ExampleCutChain, n, c)
			}
		}
		if got, want := o.Colours[Red].Score, 3*2+2*1; got != want || got != observedScore(o, "red", 0) {
			t.Errorf("%s: red scores %d, want %d (three connected points, two cut off)", ExampleCutChain, got, want)
		}
		if got := o.Colours[Red].Supply; got != obs(ExampleFortified).Colours[Red].Supply {
			t.Errorf("%s: red's supply changed to %d: captured tokens go back to no supply", ExampleCutChain, got)
		}

		// Blue placed on d9 (1 action point) and captured the cut-off
		// d8 in the same turn: the capture cost the one point left.
		o = obs(ExampleLoose)
		if c := cell(t, o, "d8"); c.Colour != "" {
			t.Errorf("%s: d8 holds %s, want it captured", ExampleLoose, c.Colour)
		}
		if c := cell(t, o, "d9"); c != (Cell{Colour: "blue", Connected: true}) {
			t.Errorf("%s: d9 is %+v, want blue's new token", ExampleLoose, c)
		}
		if c := cell(t, o, "d7"); c.Colour != "red" || c.Connected {
			t.Errorf("%s: d7 is %+v, want red and cut off", ExampleLoose, c)
		}
		if before, after := obs(ExampleCutChain).Colours[Blue].Supply, o.Colours[Blue].Supply; after != before-1 {
			t.Errorf("%s: blue's supply %d, then %d: want one place", ExampleLoose, before, after)
		}
		loose := exampleState(t, byName[ExampleLoose].State)
		if got := loose.Turn() - exampleState(t, byName[ExampleCutChain].State).Turn(); got != 4 {
			t.Errorf("%s: %d colour turns after %s, want 4 (one of blue's)", ExampleLoose, got, ExampleCutChain)
		}

		// a8 is empty, walled in by red alone: 3 points for red.
		o = obs(ExampleSurrounded)
		if c := cell(t, o, "a8"); c.Colour != "" {
			t.Errorf("%s: a8 holds %s, want it empty", ExampleSurrounded, c.Colour)
		}
		for _, n := range []string{"a9", "b8", "a7"} {
			if c := cell(t, o, n); c.Colour != "red" {
				t.Errorf("%s: %s is %+v, want red", ExampleSurrounded, n, c)
			}
		}
		if got, want := o.Colours[Red].Score, observedScore(o, "red", 1); got != want {
			t.Errorf("%s: red scores %d, want %d (its points and 3 for a8)", ExampleSurrounded, got, want)
		}

		// Red's supply ran out and the game is over, won on the totals.
		end := byName[ExampleSupplyEmpty].State
		o = obs(ExampleSupplyEmpty)
		if !game.IsTerminal(end) || !o.Over {
			t.Fatalf("%s: the game is not over", ExampleSupplyEmpty)
		}
		if o.Colours[Red].Supply != 0 {
			t.Errorf("%s: red's supply holds %d", ExampleSupplyEmpty, o.Colours[Red].Supply)
		}
		if r := end.(game.Outcomer).Outcome(nil).Reason; r != "supply" {
			t.Errorf("%s: the game ended for %q, want supply", ExampleSupplyEmpty, r)
		}
		win := 1
		if o.Scores[1] > o.Scores[0] {
			win = 2
		}
		if o.Scores[0] == o.Scores[1] || o.Winner != win {
			t.Errorf("%s: scores %v, winner %d", ExampleSupplyEmpty, o.Scores, o.Winner)
		}
		if !strings.Contains(byName[ExampleSupplyEmpty].Caption, "player 1 has the higher total") || o.Winner != 1 {
			t.Errorf("%s: winner %d, caption %q", ExampleSupplyEmpty, o.Winner, byName[ExampleSupplyEmpty].Caption)
		}
		mark := byName[ExampleSupplyEmpty].Marks
		if len(mark) != 1 || cell(t, o, mark[0]).Colour != "red" || !strings.Contains(byName[ExampleSupplyEmpty].Caption, mark[0]) {
			t.Errorf("%s: marks %v, want red's last token, named in the caption", ExampleSupplyEmpty, mark)
		}
		last := exampleState(t, end)
		if cfg.Options.Get(OptEnd) == EndSupply && last.Colour() != Red {
			t.Errorf("%s: the game ended in %s's turn, want red's at once (S16)", ExampleSupplyEmpty, last.Colour())
		}
		if cfg.Options.Get(OptEnd) == EndRound && last.Colour() != Green {
			t.Errorf("%s: the game ended in %s's turn, want green's, the round played out", ExampleSupplyEmpty, last.Colour())
		}
	}
}

// The examples need the game's two players; any other count is refused
// as New refuses it.
func TestExamplesPlayerCounts(t *testing.T) {
	in := Game.Info()
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		cfg, err := game.Resolve(Game, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Game.(game.Illustrator).Examples(cfg); err != nil {
			t.Errorf("%d players: %v", n, err)
		}
	}
	if _, err := Game.(game.Illustrator).Examples(game.Config{Players: 3}); err == nil || !strings.Contains(err.Error(), "exactly 2") {
		t.Errorf("3 players: error %v, want one saying the game takes exactly 2", err)
	}
}

func exampleState(t *testing.T, s game.State) *State {
	t.Helper()
	st, ok := s.(*State)
	if !ok {
		t.Fatalf("example state is a %T", s)
	}
	return st
}

func sameOptions(a, b game.Options) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}
