package threeio

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestRecords replays every game record in testdata/records and checks
// that it ends with the expected returns and scores. (Records naming a
// tile table give its path relative to the record's folder:
// ../tiles/NAME.json. The records made under the default mix before issue
// 12 name ../tiles/t3-classic.json, that table, so that they replay as they
// were played. 2p-default.json is a random game with the default mix
// since then.)
func TestRecords(t *testing.T) {
	want := map[string]struct {
		returns, scores []float64
	}{
		"2p-default.json":   {[]float64{0, 1}, []float64{33, 142}},
		"2p-classic.json":   {[]float64{0, 1}, []float64{111, 278}},
		"3p-classic.json":   {[]float64{0, 1, 0}, []float64{29, 66, 28}},
		"4p-pacing.json":    {[]float64{0, 1, 0, 0}, []float64{33, 66, 34, 29}},
		"2p-small-box.json": {[]float64{1, 0}, []float64{176, 60}},
		"2p-tie.json":       {[]float64{0.5, 0.5}, []float64{1, 1}},
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
			if got := st.Returns(nil); !slices.Equal(got, w.returns) {
				t.Errorf("returns %v, want %v", got, w.returns)
			}
			if got := st.(game.Scorer).Scores(nil); !slices.Equal(got, w.scores) {
				t.Errorf("scores %v, want %v", got, w.scores)
			}
		})
	}
}
