package rating

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

func TestScratchOracle(t *testing.T) {
	var cases []struct {
		Teams      [][]Rating
		Rank       []float64
		Tau        float64
		LimitSigma bool
		Out        [][]Rating
		Win        []float64
	}
	b, _ := os.ReadFile("/tmp/scratch/cases.json")
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	worst, worstW := 0.0, 0.0
	for n, c := range cases {
		o := Options{Tau: c.Tau, NoTau: c.Tau == 0, LimitSigma: c.LimitSigma}
		out, err := Rate(c.Teams, c.Rank, o)
		if err != nil {
			t.Fatal(n, err)
		}
		for i := range out {
			for j := range out[i] {
				d := math.Max(math.Abs(out[i][j].Mu-c.Out[i][j].Mu), math.Abs(out[i][j].Sigma-c.Out[i][j].Sigma))
				if d > worst {
					worst = d
				}
				if d > 1e-9 {
					t.Errorf("case %d: %v want %v", n, out[i][j], c.Out[i][j])
				}
			}
		}
		w, _ := WinProbability(c.Teams, Options{})
		for i := range w {
			worstW = math.Max(worstW, math.Abs(w[i]-c.Win[i]))
		}
	}
	t.Logf("%d cases, worst rate diff %g, worst win diff %g", len(cases), worst, worstW)
}
