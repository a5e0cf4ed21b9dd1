package stats

import "math"

// NewcombeDiff is a 95% interval of pb - pa, the difference of two
// proportions (or of two mean scores in [0, 1]), by Newcombe's hybrid
// score method (Newcombe 1998, method 10; with phi, the paired method 10
// of Newcombe 1998b): it combines the two Wilson intervals (Wilson), so
// that it stays within [-1, 1] and never crosses the bounds the two
// rates themselves can take, where the Wald or t interval of a
// difference near 0 or 1 can (a share falling "-1 to -1 points", or
// below -100%). sa and sb are the scores, na and nb the trials; phi is
// the correlation of the pairs when each trial of A is paired with one
// of B (the same seed), 0 when the samples are independent.
func NewcombeDiff(sa float64, na int, sb float64, nb int, phi float64) (low, high float64) {
	if na <= 0 || nb <= 0 {
		return -1, 1
	}
	pa, pb := sa/float64(na), sb/float64(nb)
	la, ua := Wilson(sa, na)
	lb, ub := Wilson(sb, nb)
	phi = max(-1, min(1, phi))
	d := pb - pa
	// The lower bound joins B's distance down to its Wilson low with A's
	// up to its Wilson high; the upper the other two.
	lo := math.Sqrt(max(0, (pb-lb)*(pb-lb)-2*phi*(pb-lb)*(ua-pa)+(ua-pa)*(ua-pa)))
	hi := math.Sqrt(max(0, (ub-pb)*(ub-pb)-2*phi*(ub-pb)*(pa-la)+(pa-la)*(pa-la)))
	return max(-1, d-lo), min(1, d+hi)
}

// Corr is the sample (Pearson) correlation of two paired lists, 0 when
// either does not vary (so that a constant side adds no pairing).
func Corr(x, y []float64) float64 {
	_, sx := MeanSD(x)
	_, sy := MeanSD(y)
	if sx == 0 || sy == 0 {
		return 0
	}
	return Cov(x, y) / (sx * sy)
}
