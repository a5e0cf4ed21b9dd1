package opensource

import (
	"regexp"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/opensource/tri"
)

// The rulebook's pictures (rulebook_examples.go): at every player count,
// each example has a unique name, a caption and marks that are spaces,
// and its position shows the rule its caption tells.
func TestExamples(t *testing.T) {
	name := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		cfg, err := game.Resolve(Game, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		exs, err := Game.(game.Illustrator).Examples(cfg)
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		seen := map[string]bool{}
		for _, ex := range exs {
			if !name.MatchString(ex.Name) || seen[ex.Name] {
				t.Errorf("%d players: example name %q: want a unique name of lower case, digits and hyphens", n, ex.Name)
			}
			seen[ex.Name] = true
			if ex.Caption == "" {
				t.Errorf("%d players: %s: no caption", n, ex.Name)
			}
			for _, m := range ex.Marks {
				if _, err := tri.Parse(m); err != nil {
					t.Errorf("%d players: %s: mark %q is not a space: %v", n, ex.Name, m, err)
				}
			}
			s := ex.State.(*State)
			if s.Config().Players != n {
				t.Errorf("%d players: %s: built for %d", n, ex.Name, s.Config().Players)
			}
			check, ok := exampleChecks[ex.Name]
			if !ok {
				t.Errorf("%d players: %s: no check of what it shows", n, ex.Name)
				continue
			}
			check(t, n, s, s.observe(game.Spectator))
		}
		for want := range exampleChecks {
			if !seen[want] {
				t.Errorf("%d players: no example %s", n, want)
			}
		}
	}
}

// A count of players the game does not take is refused.
func TestExamplesRefuseAPlayerCountOutOfRange(t *testing.T) {
	if _, err := Game.(game.Illustrator).Examples(game.Config{Players: 5}); err == nil {
		t.Error("5 players: want an error")
	}
}

// tileOf returns the tile of a board's views at space at.
func tileOf(views []TileView, at string) (TileView, bool) {
	i := slices.IndexFunc(views, func(v TileView) bool { return v.At == at && v.Tile != "" })
	if i < 0 {
		return TileView{}, false
	}
	return views[i], true
}

func wantTile(t *testing.T, what string, views []TileView, at, typ string) TileView {
	t.Helper()
	v, ok := tileOf(views, at)
	if !ok || v.Tile != typ {
		t.Errorf("%s: at %s %q, want a %s", what, at, v.Tile, typ)
	}
	return v
}

var exampleChecks = map[string]func(t *testing.T, n int, s *State, o *Observation){
	// Two BBY, their yellow edges against each other: a finished
	// Application, for which seat 1 may take a File Browser card.
	"finished-application": func(t *testing.T, n int, s *State, o *Observation) {
		what := "finished-application"
		a := wantTile(t, what, o.Commons, "1,0", "BBY")
		b := wantTile(t, what, o.Commons, "1,-1", "BBY")
		// 1,0 and 1,-1 share their edge 2 (G6): both yellow.
		if a.Edges[2] != 'Y' || b.Edges[2] != 'Y' {
			t.Errorf("%s: edges %s and %s, want yellow on the shared edge 2", what, a.Edges, b.Edges)
		}
		if len(o.Commons) != 2 || o.Stats.Finished["application"] != 1 || o.Stats.Largest["application"] != 2 {
			t.Errorf("%s: %d Commons tiles, stats %+v: want 2 tiles, one finished Application of 2", what, len(o.Commons), o.Stats)
		}
		i := slices.IndexFunc(o.Placemat, func(st Stack) bool { return st.Set == "B" })
		if i < 0 || !o.Placemat[i].Met || o.ToMove != 1 || o.Phase != "reward" || !hasMove(s, "reward B") {
			t.Fatalf("%s: seat %d to move in phase %s, placemat %+v: want seat 1 at its reward, File Browser's condition met", what, o.ToMove, o.Phase, o.Placemat)
		}
		c := s.Clone().(*State)
		apply(t, c, "reward B")
		if h := c.observe(game.Spectator).Seats[0].Infrastructure; len(h) != 1 || h[0].Set != "B" || h[0].Cards != 1 || h[0].Reward != Productivity.String() {
			t.Errorf("%s: after reward B seat 1 holds %+v, want one File Browser (B) card", what, h)
		}
	},
	// Seat 1's Lab holds Web App turned: it may take the card, which
	// gives it an extra Lab space.
	"web-app-in-lab": func(t *testing.T, n int, s *State, o *Observation) {
		what := "web-app-in-lab"
		lab := o.Labs[0].Spaces
		wantTile(t, what, lab, "0,1", "YYB")
		wantTile(t, what, lab, "0,0", "BBY")
		if o.Demand == nil || o.Demand.Name != "Web App" || !o.Demand.Met || o.ToMove != 1 || o.Phase != "reward" {
			t.Fatalf("%s: demand %+v, seat %d to move in phase %s: want seat 1 at its reward, Web App met", what, o.Demand, o.ToMove, o.Phase)
		}
		// Turned: the card's tiles lie elsewhere (1,0 and 2,0), and 2,0 is
		// not even in the Lab; the Commons holds only the start tile.
		if _, ok := tileOf(lab, "2,0"); ok || len(o.Commons) != 1 {
			t.Errorf("%s: the formation is not only in the Lab, turned", what)
		}
		if !hasMove(s, "reward demand") {
			t.Fatalf("%s: reward demand not offered: %v", what, legal(s))
		}
		c := s.Clone().(*State)
		spaces := len(o.Labs[0].Spaces)
		apply(t, c, "reward demand")
		if c.mdHeld[0] != 1 || c.phase != phaseExtend {
			t.Fatalf("%s: after reward demand: %d cards, phase %s", what, c.mdHeld[0], phaseNames[c.phase])
		}
		apply(t, c, legal(c)[0])
		if got := len(c.observe(game.Spectator).Labs[0].Spaces); got != spaces+1 {
			t.Errorf("%s: the Lab has %d spaces after the extra one, want %d", what, got, spaces+1)
		}
	},
	// The RRB laid on seat 1's YYB: the YYB is back in the supply.
	"lab-replaced": func(t *testing.T, n int, s *State, o *Observation) {
		what := "lab-replaced"
		lab := o.Labs[0].Spaces
		wantTile(t, what, lab, "0,0", "RRB")
		tiles := 0
		for _, v := range lab {
			if v.Tile != "" {
				tiles++
			}
		}
		if tiles != 1 {
			t.Errorf("%s: seat 1's Lab holds %d tiles, want 1", what, tiles)
		}
		full := s.r.cards.Supply
		if got := s.supply[YYB]; int(got) != full[YYB] {
			t.Errorf("%s: %d YYB in the supply, want all %d back", what, got, full[YYB])
		}
		if got := s.supply[RRB]; int(got) != full[RRB]-1 {
			t.Errorf("%s: %d RRB in the supply, want %d", what, got, full[RRB]-1)
		}
		if s.turns < 2 || o.Status != "playing" {
			t.Errorf("%s: turn %d, status %s: want seat 1's second turn played", what, s.turns, o.Status)
		}
	},
	// No BBB in the supply, a plain roll of three blue dice: the seat
	// may only lift a BBB from the Commons, any of them, and lifting one
	// takes it off the Commons into the seat's hand.
	"lift-from-commons": func(t *testing.T, n int, s *State, o *Observation) {
		what := "lift-from-commons"
		if s.supply[BBB] != 0 || o.Dice != "BBB" || o.Phase != "dice" || o.ToMove == 0 {
			t.Fatalf("%s: %d BBB in the supply, dice %q, phase %s, seat %d to move: want none, BBB, a seat to take its tile", what, s.supply[BBB], o.Dice, o.Phase, o.ToMove)
		}
		moves := legal(s)
		if len(moves) != len(o.Commons) {
			t.Errorf("%s: %d moves for %d Commons tiles: %v", what, len(moves), len(o.Commons), moves)
		}
		for _, v := range o.Commons {
			if v.Tile != "BBB" || !slices.Contains(moves, "lift "+v.At) {
				t.Errorf("%s: the %s at %s cannot be lifted: %v", what, v.Tile, v.At, moves)
			}
		}
		c := s.Clone().(*State)
		apply(t, c, moves[0])
		if co := c.observe(game.Spectator); len(co.Commons) != len(o.Commons)-1 || co.Hand != "BBB" || co.Phase != "place" || c.supply[BBB] != 0 {
			t.Errorf("%s: after %s: %d Commons tiles (were %d), hand %q, phase %s", what, moves[0], len(co.Commons), len(o.Commons), co.Hand, co.Phase)
		}
	},
	// The empty 0,0 with Commons tiles across its three edges: a hole.
	"hole": func(t *testing.T, n int, s *State, o *Observation) {
		what := "hole"
		if _, ok := tileOf(o.Commons, "0,0"); ok {
			t.Fatalf("%s: 0,0 holds a tile", what)
		}
		for _, at := range []string{"0,-1", "0,1", "-1,0"} {
			wantTile(t, what, o.Commons, at, "BBB")
		}
		if o.Stats.Holes != 1 {
			t.Errorf("%s: %d holes, want 1", what, o.Stats.Holes)
		}
	},
}

// A variant's rulebook shows the pictures too: they build at every value
// the tuning lab tries of each option (Info.Params), at every count.
func TestExamplesAtEveryTunedValue(t *testing.T) {
	for _, p := range info.Params {
		for _, v := range p.Values {
			for n := 2; n <= 4; n++ {
				cfg, err := game.Resolve(Game, n, game.Options{p.Option: v})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Game.(game.Illustrator).Examples(cfg); err != nil {
					t.Errorf("%s=%s, %d players: %v", p.Option, v, n, err)
				}
			}
		}
	}
}
