package source

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, adj := range []string{"off", "on"} {
		for _, terr := range []string{TerritorySingle, TerritoryRegions} {
			t.Run(adj+"/"+terr, func(t *testing.T) {
				gametest.Run(t, Game, gametest.Params{
					Players: 2,
					Options: game.Options{OptCaptureAdjacency: adj, OptTerritory: terr},
					Games:   60,
					Seed:    1000,
				})
			})
		}
	}
}

func TestInfoAndConfig(t *testing.T) {
	in := Game.Info()
	if in.Name != "source" || in.Title != "Source" || in.MinPlayers != 2 || in.MaxPlayers != 2 || in.Chance || in.HiddenInformation {
		t.Errorf("Info = %+v", in)
	}
	for _, name := range []string{OptCaptureAdjacency, OptTerritory} {
		if _, ok := in.Option(name); !ok {
			t.Errorf("option %s missing", name)
		}
	}
	for _, n := range []int{1, 3, 4} {
		if _, err := game.NewState(Game, n, nil); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if _, err := game.NewState(Game, 2, game.Options{OptTerritory: "both"}); err == nil {
		t.Errorf("territory=both accepted")
	}
	if _, err := Game.New(game.Config{Players: 2, Options: game.Options{OptCaptureAdjacency: "maybe"}}); err == nil {
		t.Errorf("New accepted capture-needs-adjacency=maybe")
	}
	// New with no options at all takes the defaults.
	s, err := Game.New(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.(*State); st.adjacency || st.regions {
		t.Errorf("defaults not off/single")
	}
}

func TestNotation(t *testing.T) {
	s := newState(t, nil)
	names := map[string]int{"a9": 0, "i9": 8, "e5": 40, "a1": 72, "i1": 80, "b8": 10}
	for n, p := range names {
		if pointName(p) != n {
			t.Errorf("pointName(%d) = %s, want %s", p, pointName(p), n)
		}
	}
	for a := game.Action(0); a < numActions; a++ {
		str := s.ActionString(a)
		back, err := s.ParseAction(str)
		if err != nil || back != a {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", str, back, err, a)
		}
	}
	ok := map[string]string{" E5 ": "e5", "+A9": "+a9", "-i1\t": "-i1", "Xe5": "xe5", " END ": "end"}
	for in, want := range ok {
		a, err := s.ParseAction(in)
		if err != nil || s.ActionString(a) != want {
			t.Errorf("ParseAction(%q) = %q, %v; want %q", in, s.ActionString(a), err, want)
		}
	}
	for _, bad := range []string{"", "e", "e0", "j5", "e10", "x", "+", "++e5", "xxe5", "ende", "pass", "5e", "*e5"} {
		if _, err := s.ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		} else if !strings.Contains(err.Error(), "e5") {
			t.Errorf("ParseAction(%q): unhelpful error %q", bad, err)
		}
	}
}

func TestIllegalActions(t *testing.T) {
	s := newState(t, nil)
	refuse(t, s, "e5", "place e5: e5 is not next to a connected red token")
	refuse(t, s, "a1", "place a1: point a1 is occupied by green")
	refuse(t, s, "xi1", "capture i1")
	for _, a := range []game.Action{-1, numActions, 1 << 20} {
		if err := s.Apply(a); err == nil || !strings.Contains(err.Error(), "no such action") {
			t.Errorf("Apply(%d) = %v", a, err)
		}
	}
	play(t, s, "end", "end", "end", "end")
	if err := s.Apply(ActionEnd); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("Apply after the end = %v", err)
	}
	if got := s.LegalActions(nil); len(got) != 0 {
		t.Errorf("legal actions at the end: %v", got)
	}
}

// TestRandomGamesInvariants plays random games and checks at every step
// what the conformance kit cannot know: the player to move always has an
// action besides end (S14), a move never ends the turn early, the game
// ends only for an S16 reason, and it stays within MaxLength.
func TestRandomGamesInvariants(t *testing.T) {
	maxLen := Game.MaxLength(game.Config{Players: 2})
	longest := 0
	r := rand.New(rand.NewPCG(7, 7))
	var buf []game.Action
	for g := 0; g < 300; g++ {
		s := newState(t, game.Options{OptCaptureAdjacency: []string{"off", "on"}[g%2]})
		n := 0
		for s.CurrentPlayer() != game.Terminal {
			buf = s.LegalActions(buf)
			if len(buf) < 2 || buf[len(buf)-1] != ActionEnd {
				t.Fatalf("game %d step %d: legal %v: want some action and then end", g, n, buf)
			}
			if int(s.CurrentPlayer()) != int(s.colour&1) {
				t.Fatalf("player %v for colour %v", s.CurrentPlayer(), s.colour)
			}
			// Random play that prefers end a little, to exercise the
			// safety rule too.
			a := buf[r.IntN(len(buf))]
			if r.IntN(4) == 0 {
				a = ActionEnd
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			n++
		}
		emptied := false
		for c := Red; c <= Green; c++ {
			emptied = emptied || s.supply[c] == 0
		}
		if !emptied && s.endRun != endRunLimit {
			t.Fatalf("game %d ended without an empty supply or %d end-only turns", g, endRunLimit)
		}
		longest = max(longest, n)
	}
	if longest > maxLen {
		t.Fatalf("a game took %d actions, MaxLength is %d", longest, maxLen)
	}
	t.Logf("longest random game %d actions (MaxLength %d)", longest, maxLen)
}

func TestObservation(t *testing.T) {
	s := position(t, nil, `
		R* R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . G . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	play(t, s, "c9")
	o := s.Observation(game.Spectator).(Observation)
	want := Cell{Colour: "red", Fortified: true, Connected: true}
	if o.Board[0][0] != want {
		t.Errorf("a9 = %+v, want %+v", o.Board[0][0], want)
	}
	if o.Board[4][4] != (Cell{Colour: "green"}) {
		t.Errorf("e5 = %+v, want unconnected green", o.Board[4][4])
	}
	if o.ToMove != "red" || o.Seat != 1 || o.AP != 1 || o.Over {
		t.Errorf("to move %q seat %d AP %d over %v", o.ToMove, o.Seat, o.AP, o.Over)
	}
	if o.Colours[Red].Supply != 19 || o.Colours[Blue].Seat != 2 || o.Scores != [2]int{8, 5} {
		t.Errorf("colours %+v scores %v", o.Colours, o.Scores)
	}
	// Perfect information: every viewer sees the same.
	spec, _ := json.Marshal(o)
	for _, p := range []game.Player{0, 1} {
		b, _ := json.Marshal(s.Observation(p))
		if string(b) != string(spec) {
			t.Errorf("seat %d sees %s, spectator %s", p.Seat(), b, spec)
		}
		if s.Render(p) != s.Render(game.Spectator) {
			t.Errorf("seat %d render differs", p.Seat())
		}
	}
	play(t, s, "end", "end", "end", "end", "end")
	o = s.Observation(game.Spectator).(Observation)
	if !o.Over || o.Winner != 1 || o.ToMove != "" || o.Seat != 0 {
		t.Errorf("at the end: over %v winner %d to move %q seat %d", o.Over, o.Winner, o.ToMove, o.Seat)
	}
}

func TestRender(t *testing.T) {
	s := position(t, nil, `
		R* R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . B . . .
		G . . . . . . . Y`)
	r := s.Render(game.Spectator)
	for _, want := range []string{
		"    a  b  c  d  e  f  g  h  i",
		" 9  R* R  .  .  .  .  .  .  B   9",
		" 5  .  .  .  .  +  .  .  .  .   5",
		" 2  .  .  .  .  .  b  .  .  .   2",
		"red    (seat 1)  supply 20  score   4",
		"Score: seat 1 (red+yellow) 6, seat 2 (blue+green) 5",
		"To move: red (seat 1), 2 AP left",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("render lacks %q:\n%s", want, r)
		}
	}
	play(t, s, "end", "end", "end", "end")
	if r := s.Render(0); !strings.Contains(r, "Game over: seat 1 wins.") {
		t.Errorf("render at the end:\n%s", r)
	}
}

// TestEvaluate checks the evaluator's parts (Evaluate, for greedy and
// search cut-offs) on positions worked out by hand. Red is to move with
// 2 AP, worth 1 each to seat 1, in each.
func TestEvaluate(t *testing.T) {
	tests := []struct {
		name, board string
		want        float64
	}{
		{"the score lead, a quarter for the centre, red's 2 AP", `
		R R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . B . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`, 6 - 5 - 0.25 + 2},
		// Blue captured red's corner: b9 and c9 are cut off. The score
		// counts them 1 each; the evaluator counts the chain as red will
		// have it back with one token (2 each, a point less for the
		// group), so the raid gains blue 2 for the corner only.
		{"a chain cut off from its corner counts as reconnected, less 1", `
		. R R . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`, (4 - 1 + 2) - (2 + 2) + 2},
		// The centre is empty and touches a connected green token only:
		// seat 2 takes it at once, 8 to seat 2.
		{"an empty centre next to one seat's chain is that seat's", `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G G G G . . . . .
		G . . . . . . . .
		G . . . . . . . .
		G . . . . . . . .
		G . . . . . . . Y`, 4 - (2 + 16) + 2 - 8},
	}
	for _, tt := range tests {
		s := position(t, nil, tt.board)
		s.colour, s.ap = Red, 2
		got := s.Evaluate(nil)
		if got[0] != tt.want || got[1] != -tt.want {
			t.Errorf("%s: Evaluate = %v, want [%v %v]", tt.name, got, tt.want, -tt.want)
		}
	}
}

func TestCloneIndependent(t *testing.T) {
	s := newState(t, nil)
	c := s.Clone().(*State)
	play(t, c, "b9")
	if reflect.DeepEqual(s, c) || s.Supply(Red) != 24 {
		t.Errorf("playing on a clone changed the original")
	}
}

// Scores counts seat by seat, a faster way than colourScores colour by
// colour (scores): the two agree on every position of thousands of
// random games, with either territory option, and on random boards,
// legal or not, dense enough to hold much territory.
func TestScoresMatchColourScores(t *testing.T) {
	// seen counts the positions where each seat holds the connected
	// centre, and where each has territory, so that the test shows it
	// covers them.
	var seen [2]struct{ centre, territory int }
	check := func(t *testing.T, s *State, where string) {
		t.Helper()
		cs := s.colourScores()
		for c := Red; c <= Green; c++ {
			tokens := 2*s.conn[c].count() + s.occ[c].andNot(s.conn[c]).count()
			if s.conn[c].has(centre) {
				seen[c.Player()].centre++
				tokens += 8
			}
			if cs[c] > tokens {
				seen[c.Player()].territory++
			}
		}
		want := []float64{float64(cs[Red] + cs[Yellow]), float64(cs[Blue] + cs[Green])}
		if got := s.Scores(nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Scores %v, colourScores %v\n%s", where, got, cs, s.Render(0))
		}
	}
	for _, terr := range []string{TerritorySingle, TerritoryRegions} {
		t.Run(terr, func(t *testing.T) {
			start := newState(t, game.Options{OptTerritory: terr})
			r := rand.New(rand.NewPCG(11, 12))
			var buf []game.Action
			positions := 0
			for g := range 300 {
				s := *start
				for n := 0; s.CurrentPlayer() != game.Terminal; n++ {
					buf = s.LegalActions(buf)
					if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
						t.Fatal(err)
					}
					check(t, &s, fmt.Sprintf("game %d, action %d", g, n))
					positions++
				}
			}
			for k := range 5000 {
				// A tenth to a half of the points empty, most of the
				// others of one colour, so that its chain often reaches
				// the centre, and the rest of any colour; connection as
				// the game computes it (S5).
				s := *start
				s.occ = [4]board{}
				emptyShare := 0.1 + 0.4*r.Float64()
				most, mostShare := Colour(r.IntN(4)), 0.6+0.4*r.Float64()
				for p := range points {
					if r.Float64() >= emptyShare {
						c := most
						if r.Float64() >= mostShare {
							c = Colour(r.IntN(4))
						}
						s.occ[c] = s.occ[c].with(p)
					}
				}
				for c := Red; c <= Green; c++ {
					s.conn[c] = s.connection(c)
				}
				check(t, &s, fmt.Sprintf("random board %d", k))
				positions++
			}
			t.Logf("%d positions, by seat the connected centre and territory in %+v", positions, seen)
			for p, n := range seen {
				if n.centre < 100 || n.territory < 100 {
					t.Errorf("seat %d: the connected centre in %d positions, territory in %d: too few to check", p+1, n.centre, n.territory)
				}
			}
			seen = [2]struct{ centre, territory int }{}
		})
	}
}

// Seed rule 5: "each color has a discrete turn, so each player gets 2
// turns per round": Round (game.Rounder, which the lab's trace reads)
// counts the rounds begun before the current one, a new one each time
// the turn comes round to red, whether red plays or passes (S14).
func TestSeed5_RoundIsATurnOfEachColour(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	var buf []game.Action
	for g := 0; g < 100; g++ {
		s := newState(t, nil)
		var rs game.Rounder = s
		if rs.Round() != 0 {
			t.Fatalf("game %d starts in round %d", g, rs.Round())
		}
		round := 0
		for s.CurrentPlayer() != game.Terminal {
			before := s.colour
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
			// The colours the turn went round to, passed ones included.
			for c := before; c != s.colour && !s.over; {
				c = (c + 1) & 3
				if c == Red {
					round++
				}
			}
			if !s.over && s.Round() != round {
				t.Fatalf("game %d: round %d after %v's action, want %d", g, s.Round(), before, round)
			}
		}
	}
}
