package opensource

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/commons-games/commons/game/gametest"
)

// TestRecords replays every game record in testdata/records and checks
// how it ends (G18) and the Market Demand cards held. They are made by
//
//	commons play open-source-board-game --players 2 --seat all=greedy --seed 25 --save 2p-greedy.json
//	commons play open-source-board-game --players 2 --seat all=greedy --seed 21 --save 2p-infrastructure-win.json
//	commons play open-source-board-game --players 3 --seat all=random --seed 22 --save 3p-random.json
//	commons play open-source-board-game --players 4 --seat 1=greedy --seat 2=script:demand \
//	    --seat 3=random --seat 4=script:powers --seed 23 --save 4p-mixed.json
//
// and were made again when Productivity became possible after the supply
// runs out (G12 e), and when a move became a distinct outcome (G8b, G15 C,
// R14): the records of before turned YYY, BBB and RRR tiles in place with
// Compatibility, which changes nothing and is no move now. A record of
// before that places such tiles at t1 and t2 replays as it did
// (TestG8b_RecordsMadeBeforeReplay, testdata/records-before-g8b).
func TestRecords(t *testing.T) {
	want := map[string]struct {
		end             string
		returns, scores []float64
	}{
		"2p-greedy.json":             {"market-demand", []float64{1, 0}, []float64{16, 4}},
		"2p-infrastructure-win.json": {"infrastructure", []float64{1, 1}, []float64{9, 6}},
		"3p-random.json":             {"supply", []float64{0, 0, 0}, []float64{2, 1, 2}},
		"4p-mixed.json":              {"infrastructure", []float64{1, 1, 1, 1}, []float64{0, 5, 2, 1}},
	}
	files, _ := filepath.Glob("testdata/records/*.json")
	if len(files) != len(want) {
		t.Fatalf("%d records, %d expected", len(files), len(want))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			w, ok := want[filepath.Base(f)]
			if !ok {
				t.Fatal("record missing from the table")
			}
			st := gametest.ReplayRecord(t, f)
			s := st.(*State)
			if s.EndReason() != w.end {
				t.Errorf("ends by %q, want %q", s.EndReason(), w.end)
			}
			if got := s.Returns(nil); !slices.Equal(got, w.returns) {
				t.Errorf("returns %v, want %v", got, w.returns)
			}
			if got := s.Scores(nil); !slices.Equal(got, w.scores) {
				t.Errorf("scores %v, want %v", got, w.scores)
			}
		})
	}
}
