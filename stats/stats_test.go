package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	// Reference values: Wilson (1927) score interval, z = 1.95996, as
	// tabulated by Newcombe (1998), table I, and R's prop.test without
	// continuity correction.
	tests := []struct {
		score    float64
		n        int
		low, hi  float64
		comments string
	}{
		{81, 263, 0.2553, 0.3662, "Newcombe 1998, example (a)"},
		{15, 148, 0.0624, 0.1605, "Newcombe 1998, example (b)"},
		{0, 20, 0, 0.1611, "Newcombe 1998, example (c)"},
		{1, 29, 0.0061, 0.1718, "Newcombe 1998, example (d)"},
		{8, 10, 0.4902, 0.9433, "8 of 10"},
		{50, 100, 0.4038, 0.5962, "half of 100"},
		{10, 10, 0.7225, 1, "all of 10"},
		{0, 0, 0, 1, "no games"},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.score, tt.n)
		if !near(lo, tt.low, 1e-4) || !near(hi, tt.hi, 1e-4) {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f] (%s)", tt.score, tt.n, lo, hi, tt.low, tt.hi, tt.comments)
		}
	}
}

func matrix(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

func TestFitBradleyTerryTwo(t *testing.T) {
	// A scores 300 of 400 against B: Elo difference 400 log10(3).
	w, g := matrix(2), matrix(2)
	w[0][1], w[1][0] = 300, 100
	g[0][1], g[1][0] = 400, 400
	r := FitBradleyTerry(w, g, 0)
	want := 400 * math.Log10(3)
	if d := r.Elo[0] - r.Elo[1]; !near(d, want, 1e-6) {
		t.Errorf("Elo difference %v, want %v", d, want)
	}
	if !near(r.Elo[0]+r.Elo[1], 0, 1e-9) {
		t.Errorf("ratings %v do not average 0", r.Elo)
	}
	// The 95% interval of the difference is 1.96 / sqrt(n p (1-p)) in
	// log-odds; each rating, half the difference, has half that width.
	p := 0.75
	ci := z95 * 400 / math.Ln10 / math.Sqrt(400*p*(1-p)) / 2
	if !near(r.CI[0], ci, 1e-6) || !near(r.CI[1], ci, 1e-6) {
		t.Errorf("CI %v, want %v each", r.CI, ci)
	}
}

func TestFitBradleyTerryThree(t *testing.T) {
	// Strengths 4, 2, 1: each pair's scores exactly as the model says.
	gamma := []float64{4, 2, 1}
	w, g := matrix(3), matrix(3)
	for i := range 3 {
		for j := range 3 {
			if i != j {
				g[i][j] = 120
				w[i][j] = 120 * gamma[i] / (gamma[i] + gamma[j])
			}
		}
	}
	r := FitBradleyTerry(w, g, 0)
	for i := range 3 {
		for j := range 3 {
			want := 400 * math.Log10(gamma[i]/gamma[j])
			if d := r.Elo[i] - r.Elo[j]; !near(d, want, 1e-6) {
				t.Errorf("Elo[%d]-Elo[%d] = %v, want %v", i, j, d, want)
			}
		}
	}
	// The same data seen through a chain A-B, B-C only still orders them.
	g[0][2], g[2][0], w[0][2], w[2][0] = 0, 0, 0, 0
	r = FitBradleyTerry(w, g, 0)
	if !(r.Elo[0] > r.Elo[1] && r.Elo[1] > r.Elo[2]) || !near(r.Elo[0]-r.Elo[2], 400*math.Log10(4), 1e-6) {
		t.Errorf("chain: %v", r.Elo)
	}
}

func TestFitBradleyTerryPrior(t *testing.T) {
	// A won all 10: without prior the fit diverges; with one virtual draw
	// A has 10.5 of 11: 400 log10(10.5/0.5).
	w, g := matrix(2), matrix(2)
	w[0][1], g[0][1], g[1][0] = 10, 10, 10
	r := FitBradleyTerry(w, g, 1)
	if d, want := r.Elo[0]-r.Elo[1], 400*math.Log10(21); !near(d, want, 1e-6) {
		t.Errorf("Elo difference %v, want %v", d, want)
	}
	// A bot that met nobody: rating 0-ish, no interval.
	w, g = matrix(3), matrix(3)
	w[0][1], w[1][0], g[0][1], g[1][0] = 6, 4, 10, 10
	r = FitBradleyTerry(w, g, 1)
	if !math.IsNaN(r.CI[2]) || math.IsNaN(r.CI[0]) {
		t.Errorf("CI %v: want NaN only for the bot that met nobody", r.CI)
	}
}
