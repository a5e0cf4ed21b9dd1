package stats

import "testing"

func TestNewcombeDiff(t *testing.T) {
	// Reference values: Newcombe (1998), "Interval estimation for the
	// difference between independent proportions", table II, method 10
	// (there as pa - pb: here B - A, so the signs turn).
	tests := []struct {
		name    string
		sa      float64
		na      int
		sb      float64
		nb      int
		phi     float64
		low, hi float64
	}{
		{"Newcombe 1998 (a): 56/70 - 48/80", 48, 80, 56, 70, 0, 0.0524, 0.3339},
		{"Newcombe 1998 (c): 9/10 - 3/10", 3, 10, 9, 10, 0, 0.1705, 0.8090},
		{"Newcombe 1998 (g): 10/10 - 0/20", 0, 20, 10, 10, 0, 0.6791, 1},
		{"Newcombe 1998 (h): 10/10 - 0/10", 0, 10, 10, 10, 0, 0.6075, 1},
	}
	for _, tt := range tests {
		lo, hi := NewcombeDiff(tt.sa, tt.na, tt.sb, tt.nb, tt.phi)
		if !near(lo, tt.low, 1e-4) || !near(hi, tt.hi, 1e-4) {
			t.Errorf("%s: [%.4f, %.4f], want [%.4f, %.4f]", tt.name, lo, hi, tt.low, tt.hi)
		}
	}
}

// TestNewcombeDiffStaysInRange: whatever the pairing, the interval of a
// difference of two rates stays in [-1, 1], holds the difference, and a
// positive correlation narrows it (pairing by seed pays).
func TestNewcombeDiffStaysInRange(t *testing.T) {
	tests := []struct {
		sa, sb float64
		n      int
	}{
		{0, 0, 10}, {0, 10, 10}, {10, 0, 10}, {1, 9, 10}, {500, 510, 1000}, {0, 119, 10000},
	}
	for _, tt := range tests {
		d := (tt.sb - tt.sa) / float64(tt.n)
		w0 := 0.0
		for _, phi := range []float64{-1, 0, 0.5, 1} {
			lo, hi := NewcombeDiff(tt.sa, tt.n, tt.sb, tt.n, phi)
			if lo < -1 || hi > 1 || lo > d || hi < d {
				t.Errorf("%v/%d to %v/%d, phi %v: [%v, %v] for %v", tt.sa, tt.n, tt.sb, tt.n, phi, lo, hi, d)
			}
			if phi == 0 {
				w0 = hi - lo
			}
			if phi == 0.5 && hi-lo > w0+1e-12 {
				t.Errorf("%v/%d to %v/%d: paired with phi .5 wider (%v) than unpaired (%v)", tt.sa, tt.n, tt.sb, tt.n, hi-lo, w0)
			}
		}
	}
}
