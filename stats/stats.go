// Package stats is the statistics of the arena and the lab: the Wilson
// interval of a proportion, Bradley-Terry ratings on the Elo scale fitted
// to pairwise results with intervals robust to the comparisons of one
// game being dependent, and the means, deviations, percentiles, Student
// quantiles and bootstraps of their reports.
package stats

import (
	"math"
)

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% for a proportion: score
// successes in n trials. score may be fractional (a draw counting half),
// in which case the interval is that of the mean score treated as a
// proportion. With n = 0 it returns the uninformative [0, 1].
func Wilson(score float64, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := score / nf
	z2 := z95 * z95
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// Ratings are Bradley-Terry strengths fitted to pairwise results and put
// on the Elo scale.
type Ratings struct {
	// Elo[i] = 400 log10(gamma_i), shifted so that the ratings average 0.
	Elo []float64
	// CI[i] is the half-width of an approximate 95% interval of Elo[i]
	// (from the Fisher information, under the sum-to-zero constraint);
	// NaN when bot i played nobody, or when the bots fall into groups that
	// never met. A bot that played nobody is rated 0.
	CI []float64
	// Iterations of the MM algorithm until convergence.
	Iterations int
}

// eloPerNat converts natural-log strengths to Elo points.
const eloPerNat = 400 / math.Ln10

// FitBradleyTerry fits the Bradley-Terry model P(i beats j) =
// gamma_i/(gamma_i+gamma_j) to pairwise results by Hunter's (2004) MM
// iterations. wins[i][j] is i's score against j (a draw counting half to
// each) and games[i][j] == games[j][i] the number of their comparisons.
// prior adds that many virtual draws to every pair that met, so that a bot
// that won every comparison still gets a finite rating; 0 gives the plain
// maximum-likelihood fit. For two bots without prior the fit is exactly
// the Elo difference of their score: 400 log10(s/(1-s)).
func FitBradleyTerry(wins, games [][]float64, prior float64) Ratings {
	return fitBradleyTerry(wins, games, prior, nil)
}

// Comparison is one pairwise result within a game: bot I scored S against
// bot J (1 a win, 0.5 a draw, 0 a loss; between for several seats).
type Comparison struct {
	I, J int
	S    float64
}

// FitBradleyTerryGames fits the model of FitBradleyTerry to n bots' games,
// each a list of the pairwise comparisons it gave. The intervals are
// cluster-robust (a sandwich estimator over games): with more than two
// bots in a game its comparisons are not independent (one bot's good game
// is a win against every other), and intervals that treat them as
// independent come out too narrow.
func FitBradleyTerryGames(n int, games [][]Comparison, prior float64) Ratings {
	w, g := make([][]float64, n), make([][]float64, n)
	for i := range n {
		w[i], g[i] = make([]float64, n), make([]float64, n)
	}
	for _, cs := range games {
		for _, c := range cs {
			w[c.I][c.J] += c.S
			w[c.J][c.I] += 1 - c.S
			g[c.I][c.J]++
			g[c.J][c.I]++
		}
	}
	return fitBradleyTerry(w, g, prior, games)
}

// fitBradleyTerry fits the model; with games given, the intervals are the
// sandwich estimator's over them, else the model's own.
func fitBradleyTerry(wins, games [][]float64, prior float64, clusters [][]Comparison) Ratings {
	n := len(wins)
	w := make([][]float64, n)
	g := make([][]float64, n)
	for i := range n {
		w[i] = make([]float64, n)
		g[i] = make([]float64, n)
		for j := range n {
			w[i][j], g[i][j] = wins[i][j], games[i][j]
			if i != j && games[i][j] > 0 {
				w[i][j] += prior / 2
				g[i][j] += prior
			}
		}
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	total := make([]float64, n)
	for i := range n {
		for j := range n {
			total[i] += w[i][j]
		}
	}
	r := Ratings{Elo: make([]float64, n), CI: make([]float64, n)}
	next := make([]float64, n)
	for r.Iterations = 1; r.Iterations <= 10000; r.Iterations++ {
		change := 0.0
		for i := range n {
			den := 0.0
			for j := range n {
				if j != i && g[i][j] > 0 {
					den += g[i][j] / (gamma[i] + gamma[j])
				}
			}
			next[i] = gamma[i]
			if den > 0 {
				// A bot with no score keeps a tiny positive strength, so
				// that the others' updates stay defined.
				next[i] = math.Max(total[i], 1e-300) / den
			}
		}
		// Normalise to geometric mean 1 over the bots that played.
		lm, played := 0.0, 0
		for i := range n {
			if total[i] > 0 || hasGames(g[i]) {
				lm += math.Log(next[i])
				played++
			}
		}
		lm /= float64(max(played, 1))
		for i := range n {
			v := next[i] / math.Exp(lm)
			change = math.Max(change, math.Abs(math.Log(v)-math.Log(gamma[i])))
			gamma[i] = v
		}
		if change < 1e-10 {
			break
		}
	}
	for i := range n {
		if hasGames(g[i]) {
			r.Elo[i] = eloPerNat * math.Log(gamma[i])
		}
	}
	// Standard errors: the observed information in log-strengths is the
	// weighted Laplacian L (L_ij = -g_ij p_ij p_ji, L_ii = -sum_j L_ij);
	// under the sum-to-zero constraint the covariance is its
	// pseudo-inverse, (L + J/n)^-1 - J/n with J all ones.
	// Only bots that met somebody take part; the others keep no interval.
	var idx []int
	for i := range n {
		for j := range n {
			if g[i][j] > 0 {
				idx = append(idx, i)
				break
			}
		}
	}
	for i := range n {
		r.CI[i] = math.NaN()
	}
	m := len(idx)
	lap := make([][]float64, m)
	for a := range m {
		lap[a] = make([]float64, m)
	}
	for a, i := range idx {
		for b, j := range idx {
			if a == b || g[i][j] == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			v := g[i][j] * p * (1 - p)
			lap[a][b] -= v
			lap[a][a] += v
		}
	}
	for a := range m {
		for b := range m {
			lap[a][b] += 1 / float64(m)
		}
	}
	// A singular matrix means the bots fall into groups that never met,
	// whose ratings cannot be compared: no intervals then.
	inv, ok := invert(lap)
	if !ok || m < 2 {
		return r
	}
	// The covariance of the log-strengths: the pseudo-inverse B of the
	// information, or, over clusters of comparisons, B M B with M the sum
	// over games of the outer products of each game's score vector (the
	// gradient of its log-likelihood).
	for a := range m {
		for b := range m {
			inv[a][b] -= 1 / float64(m)
		}
	}
	cov := inv
	if clusters != nil {
		pos := make([]int, n)
		for i := range pos {
			pos[i] = -1
		}
		for a, i := range idx {
			pos[i] = a
		}
		meat := make([][]float64, m)
		for a := range m {
			meat[a] = make([]float64, m)
		}
		u := make([]float64, m)
		for _, cs := range clusters {
			clear(u)
			for _, c := range cs {
				a, b := pos[c.I], pos[c.J]
				if a < 0 || b < 0 {
					continue
				}
				d := c.S - gamma[c.I]/(gamma[c.I]+gamma[c.J])
				u[a] += d
				u[b] -= d
			}
			for a := range m {
				for b := range m {
					meat[a][b] += u[a] * u[b]
				}
			}
		}
		cov = mul(mul(inv, meat), inv)
	}
	for a, i := range idx {
		r.CI[i] = z95 * eloPerNat * math.Sqrt(math.Max(0, cov[a][a]))
	}
	return r
}

// mul returns the product of two square matrices.
func mul(x, y [][]float64) [][]float64 {
	n := len(x)
	z := make([][]float64, n)
	for i := range n {
		z[i] = make([]float64, n)
		for k := range n {
			if x[i][k] == 0 {
				continue
			}
			for j := range n {
				z[i][j] += x[i][k] * y[k][j]
			}
		}
	}
	return z
}

// invert returns the inverse of a square matrix by Gauss-Jordan
// elimination with partial pivoting, and false if it is singular.
func invert(m [][]float64) ([][]float64, bool) {
	n := len(m)
	a := make([][]float64, n)
	for i := range n {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, false
		}
		a[c], a[p] = a[p], a[c]
		inv := 1 / a[c][c]
		for k := range a[c] {
			a[c][k] *= inv
		}
		for r := range n {
			if r != c && a[r][c] != 0 {
				f := a[r][c]
				for k := range a[r] {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	out := make([][]float64, n)
	for i := range n {
		out[i] = a[i][n:]
	}
	return out, true
}

func hasGames(row []float64) bool {
	for _, x := range row {
		if x > 0 {
			return true
		}
	}
	return false
}
