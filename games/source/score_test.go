package source

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/commons-games/commons/game"
)

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
