package breakinghead

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

var genRecords = flag.Bool("gen-records", false, "write the testdata records again (then freeze them)")

// recordCases are the frozen games in testdata/records and their results.
var recordCases = []struct {
	file    string
	players int
	mix     string
	seed    uint64 // the generator's first seed (the one that gave the file)
	guided  bool   // Contributors steer towards Fixed & Committed
	want    []float64
}{
	{"contributors-win-5p.json", 5, "2nd", 5, true, []float64{1, 1, 1, 1, 0}},
	{"contributors-win-7p-3rd.json", 7, "3rd", 11, true, []float64{0, 0, 1, 1, 1, 0, 1}},
	{"blockers-win-4p.json", 4, "2nd", 2, false, []float64{0, 0, 1, 0}},
	{"nobody-wins-3p.json", 3, "2nd", 3, false, []float64{0, 0, 0}},
}

// TestRecords replays every record in testdata/records and checks that it ends
// with the expected returns.
func TestRecords(t *testing.T) {
	for _, c := range recordCases {
		data, err := os.ReadFile(filepath.Join("testdata", "records", c.file))
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		rep, err := record.Play(r, record.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if !game.IsTerminal(rep.State) {
			t.Fatalf("%s: the game is not over", c.file)
		}
		if got := rep.State.Returns(nil); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: returns %v, want %v", c.file, got, c.want)
		}
	}
}

// guidedMove picks, for a Contributor, the move that brings the start's
// network closest to Fixed & Committed (a playout helper for records, which
// looks at the real state; it is no fair bot).
func guidedMove(s *State, r interface{ IntN(int) int }) game.Action {
	legal := s.LegalActions(nil)
	best, bestD := legal[r.IntN(len(legal))], s.distance()
	for _, a := range legal {
		c := *s
		c.Apply(a)
		if c.winner == winContributors {
			return a
		}
		if c.phase != phaseOver && c.distance() < bestD {
			best, bestD = a, c.distance()
		}
	}
	return best
}

func TestGenerateRecords(t *testing.T) {
	if !*genRecords {
		t.Skip("run with -gen-records to write testdata again")
	}
	for _, c := range recordCases {
		opts := game.Options{"unblock-mix": c.mix}
		for seed := c.seed; ; seed++ {
			st, _ := game.NewState(Game, c.players, opts)
			s := st.(*State)
			r := game.NewRand(seed)
			rec := record.New("breaking-head", c.players, opts, nil)
			for s.phase != phaseOver {
				var a game.Action
				switch {
				case s.phase != phasePlay:
					a = game.SampleChance(s, r, nil)
				case c.guided && s.roles[s.toMove] == roleContributor && r.IntN(10) < 8:
					a = guidedMove(s, r)
				default:
					l := s.LegalActions(nil)
					a = l[r.IntN(len(l))]
				}
				rec.Moves = append(rec.Moves, record.Notation(s, a))
				if err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			ok := false
			switch c.file {
			case "contributors-win-5p.json", "contributors-win-7p-3rd.json":
				ok = s.winner == winContributors
			case "blockers-win-4p.json":
				ok = s.winner == winBlockers && s.roleCount(roleBlocker) > 0
			case "nobody-wins-3p.json":
				ok = s.winner == winBlockers && s.roleCount(roleBlocker) == 0
			}
			if ok {
				if err := os.WriteFile(filepath.Join("testdata", "records", c.file), rec.Marshal(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: seed %d, returns %v", c.file, seed, s.Returns(nil))
				break
			}
		}
	}
}
