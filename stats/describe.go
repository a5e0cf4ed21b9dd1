package stats

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Sum is the sum of v.
func Sum(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t
}

// MeanSD returns the mean and the sample standard deviation (n-1).
func MeanSD(v []float64) (mean, sd float64) {
	if len(v) == 0 {
		return 0, 0
	}
	mean = Sum(v) / float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1))
}

// Cov is the sample covariance (n-1) of two paired lists.
func Cov(x, y []float64) float64 {
	if len(x) < 2 {
		return 0
	}
	mx, _ := MeanSD(x)
	my, _ := MeanSD(y)
	s := 0.0
	for i := range x {
		s += (x[i] - mx) * (y[i] - my)
	}
	return s / float64(len(x)-1)
}

// Percentile of sorted values, interpolating linearly between order
// statistics (h = (n-1)p, the usual "type 7").
func Percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	h := float64(len(sorted)-1) * p
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// TQuantile is the 97.5th percentile of Student's t with df degrees of
// freedom: the half-width of a 95% interval in standard errors.
func TQuantile(df int) float64 {
	if df < 1 {
		return math.NaN()
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(0.975)
}

// Bootstrap returns stat over reps resamples (with replacement) of n
// items, unsorted, drawn from seed: a report made again gives the same
// values.
func Bootstrap(n, reps int, seed uint64, stat func(idx []int) float64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 2))
	idx := make([]int, n)
	vals := make([]float64, reps)
	for k := range reps {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		vals[k] = stat(idx)
	}
	return vals
}

// BootstrapInterval is the percentile interval at 95% of stat over reps
// resamples of n items (Bootstrap), drawn from seed 1.
func BootstrapInterval(n, reps int, stat func(idx []int) float64) (lo, hi float64) {
	vals := Bootstrap(n, reps, 1, stat)
	slices.Sort(vals)
	return Percentile(vals, 0.025), Percentile(vals, 0.975)
}
