package openscience

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestRecords replays every game record in testdata/records and checks
// that it ends with the expected returns (O9) and credits.
func TestRecords(t *testing.T) {
	want := map[string]struct {
		returns, scores []float64
	}{
		"2p-greedy.json":             {[]float64{0, 1}, []float64{20, 24}},
		"2p-tie.json":                {[]float64{0.5, 0.5}, []float64{18, 18}},
		"3p-random-full-circle.json": {[]float64{0, 0, 1}, []float64{18, 20, 36}},
		"4p-greedy-random.json":      {[]float64{1, 0, 0, 0}, []float64{39, 10, 34, 6}},
		"5p-random.json":             {[]float64{0, 1, 0, 0, 0}, []float64{23, 36, 9, 4, 9}},
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
