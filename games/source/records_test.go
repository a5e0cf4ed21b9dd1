package source

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
	"github.com/commons-games/commons/record"
)

// recordGames are the frozen full games under testdata/records and their
// results.
var recordGames = []struct {
	file    string
	returns []float64
	scores  []float64
}{
	{"draw-four-ends.json", []float64{0.5, 0.5}, []float64{4, 4}},
	// Blue empties its supply with a place; seat 2 leads 21-3.
	{"random-default.json", []float64{0, 1}, []float64{3, 21}},
	// Both options on; blue's last token goes on f9.
	{"random-adjacency-regions.json", []float64{1, 0}, []float64{50, 33}},
	// Two greedy bots trade source captures (S6) until red runs out.
	{"greedy-default.json", []float64{1, 0}, []float64{49, 8}},
}

func TestRecords(t *testing.T) {
	for _, rg := range recordGames {
		t.Run(rg.file, func(t *testing.T) {
			s := gametest.ReplayRecord(t, filepath.Join("testdata", "records", rg.file))
			if got := s.Returns(nil); !reflect.DeepEqual(got, rg.returns) {
				t.Errorf("returns %v, want %v", got, rg.returns)
			}
			if got := s.(game.Scorer).Scores(nil); !reflect.DeepEqual(got, rg.scores) {
				t.Errorf("scores %v, want %v", got, rg.scores)
			}
		})
	}
}

// TestWriteRecords regenerates the played records under testdata/records when
// SOURCE_WRITE_RECORDS is set; the results in recordGames must then be
// updated by hand, which freezes them.
func TestWriteRecords(t *testing.T) {
	if os.Getenv("SOURCE_WRITE_RECORDS") == "" {
		t.Skip("set SOURCE_WRITE_RECORDS=1 to regenerate testdata records")
	}
	write := func(name string, opts game.Options, seed uint64, greedy bool) {
		s := newState(t, opts)
		rec := record.New(Name, 2, s.Config().Options, nil)
		r := rand.New(rand.NewPCG(seed, seed))
		for !game.IsTerminal(s) {
			l := s.LegalActions(nil)
			a := l[r.IntN(len(l))]
			if greedy {
				a = greedyChoice(s, l, r)
			}
			rec.Moves = append(rec.Moves, record.Notation(s, a))
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join("testdata", "records", name), rec.Marshal(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d moves, returns %v, scores %v", name, len(rec.Moves), s.Returns(nil), s.Scores(nil))
	}
	write("random-default.json", nil, 1, false)
	write("random-adjacency-regions.json", game.Options{OptCaptureAdjacency: "on", OptTerritory: TerritoryRegions}, 2, false)
	write("greedy-default.json", nil, 3, true)
}

// greedyChoice picks the action with the best Evaluate for the mover,
// breaking ties at random.
func greedyChoice(s *State, legal []game.Action, r *rand.Rand) game.Action {
	me := s.CurrentPlayer()
	best, bestV, ties := legal[0], 0.0, 0
	for i, a := range legal {
		c := *s
		_ = c.Apply(a)
		v := c.Evaluate(nil)[me]
		switch {
		case i == 0 || v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}
