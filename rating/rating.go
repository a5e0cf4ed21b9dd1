package rating

import (
	"errors"
	"fmt"
	"math"
)

// The initial belief about a new player, and the defaults derived from it.
const (
	// DefaultMu is a new player's mean.
	DefaultMu = 25.0
	// DefaultSigma is a new player's deviation, DefaultMu/3.
	DefaultSigma = DefaultMu / 3
	// DefaultBeta is the spread of one game's performance, DefaultSigma/2.
	DefaultBeta = DefaultSigma / 2
	// DefaultKappa is the least fraction a variance may shrink to in one
	// game.
	DefaultKappa = 0.0001
	// DefaultTau is the dynamics added to every Sigma before a game,
	// DefaultSigma/100.
	DefaultTau = DefaultSigma / 100
)

// DisplayPerMu is the number of Display points in one unit of Mu: Elo's
// logistic scale, 400/ln 10 points, over the Plackett-Luce scale of two
// players whose Sigma is negligible, √2·DefaultBeta. It is about 29.48.
var DisplayPerMu = 400 / math.Ln10 / (math.Sqrt2 * DefaultBeta)

// Rating is the belief about one player's skill: a normal distribution of
// mean Mu and standard deviation Sigma.
type Rating struct {
	Mu, Sigma float64
}

// Default returns a new player's rating: Mu 25, Sigma 25/3.
func Default() Rating {
	return Rating{Mu: DefaultMu, Sigma: DefaultSigma}
}

// Ordinal returns Mu - 3·Sigma, the conservative value to sort players by:
// the skill the player is 99.7% likely to exceed. A new player's is 0.
func (r Rating) Ordinal() float64 {
	return r.Mu - 3*r.Sigma
}

// Display returns the mean on a scale like Elo's: 1500 for a new player,
// DisplayPerMu points per unit of Mu, so that a difference of 200 points
// between two settled players gives the stronger about a 76% chance of
// winning a two-player game. The scale assumes the default Beta.
func (r Rating) Display() float64 {
	return 1500 + DisplayPerMu*(r.Mu-DefaultMu)
}

// String formats the rating as "mu±sigma".
func (r Rating) String() string {
	return fmt.Sprintf("%.3f±%.3f", r.Mu, r.Sigma)
}

// Options are the model's parameters. The zero value is openskill's
// defaults; a zero field means its default.
type Options struct {
	// Beta is the deviation of one game's performance around a player's
	// skill: how much luck there is. 0 means DefaultBeta, 25/6.
	Beta float64
	// Kappa is the least fraction a player's variance may shrink to in
	// one game, keeping Sigma positive. 0 means DefaultKappa, 0.0001.
	Kappa float64
	// Tau is added in quadrature to every Sigma before the game is rated
	// (σ² becomes σ² + τ²), so that ratings keep moving after many
	// games. 0 means DefaultTau, 25/300; see NoTau.
	Tau float64
	// NoTau turns Tau off: no dynamics, and then Sigma never grows.
	NoTau bool
	// LimitSigma keeps every player's Sigma from growing in a game, which
	// Tau can otherwise make it do by a hair for a player the game told
	// little about.
	LimitSigma bool
	// Centered measures a team's strength by its players' skills above a
	// new player's, Σ(μ − DefaultMu), instead of openskill's Σμ, so that a
	// team of new players is a match for another of any size. It changes
	// nothing when the teams are of one size; it is for games such as
	// Breaking Head whose teams differ in size by design and are balanced
	// by their rules, where Σμ reads seven average Contributors as all but
	// sure to beat three average Blockers, so that the Contributors' wins
	// teach almost nothing and the Blockers' wins are upsets.
	Centered bool
}

// params returns the options with their defaults filled in, or an error
// naming a field that is not a usable number.
func (o Options) params() (beta, kappa, tau float64, err error) {
	beta, kappa, tau = o.Beta, o.Kappa, o.Tau
	if beta == 0 {
		beta = DefaultBeta
	}
	if kappa == 0 {
		kappa = DefaultKappa
	}
	if tau == 0 {
		tau = DefaultTau
	}
	if o.NoTau {
		tau = 0
	}
	switch {
	case !(beta > 0) || math.IsInf(beta, 0):
		return 0, 0, 0, fmt.Errorf("rating: Options.Beta is %v, want a positive finite number", o.Beta)
	case !(kappa > 0) || kappa > 1:
		return 0, 0, 0, fmt.Errorf("rating: Options.Kappa is %v, want a number in (0, 1]", o.Kappa)
	case !(tau >= 0) || math.IsInf(tau, 0):
		return 0, 0, 0, fmt.Errorf("rating: Options.Tau is %v, want a non-negative finite number", o.Tau)
	}
	return beta, kappa, tau, nil
}

// checkTeams reports the first thing wrong with the teams of one game.
func checkTeams(teams [][]Rating) error {
	switch len(teams) {
	case 0:
		return errors.New("rating: no teams")
	case 1:
		return errors.New("rating: one team; a game needs at least two")
	}
	for i, t := range teams {
		if len(t) == 0 {
			return fmt.Errorf("rating: teams[%d] is empty", i)
		}
		for j, r := range t {
			if err := r.check(); err != "" {
				return fmt.Errorf("rating: teams[%d][%d].%s", i, j, err)
			}
		}
	}
	return nil
}

// check says what is wrong with a player's rating, or "".
func (r Rating) check() string {
	if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) {
		return fmt.Sprintf("Mu is %v, want a finite number", r.Mu)
	}
	if !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
		return fmt.Sprintf("Sigma is %v, want a positive finite number", r.Sigma)
	}
	return ""
}

// Rate returns the players' new ratings after one game: teams[i] are the
// ratings of the players of team i (a free-for-all is teams of one) and
// ranks[i] its place, lower better; equal ranks are a tie, and only the
// order of the ranks matters, not their values. A nil ranks means the
// teams finished in the order given, the first best. The result has the
// shape of teams, which Rate does not modify.
//
// Rate refuses, with an error naming what is wrong, fewer than two teams,
// an empty team, ranks of another length than teams, a NaN rank, a Mu that
// is not finite, a Sigma that is not positive and finite, and options that
// are not usable numbers.
func Rate(teams [][]Rating, ranks []float64, opt Options) ([][]Rating, error) {
	beta, kappa, tau, err := opt.params()
	if err != nil {
		return nil, err
	}
	if err := checkTeams(teams); err != nil {
		return nil, err
	}
	k := len(teams)
	if ranks != nil && len(ranks) != k {
		return nil, fmt.Errorf("rating: %d ranks for %d teams", len(ranks), k)
	}
	for i, r := range ranks {
		if math.IsNaN(r) {
			return nil, fmt.Errorf("rating: ranks[%d] is NaN", i)
		}
	}
	// Three allocations: the new ratings, their teams, and the per-team
	// scratch: the teams' ranks, summed means and variances, exp(μ/c),
	// the sums over those ranked no better (S_q) and the sizes of the ties
	// (A_q).
	n := 0
	for _, t := range teams {
		n += len(t)
	}
	flat := make([]Rating, n)
	out := make([][]Rating, k)
	scratch := make([]float64, 6*k)
	rank, mu, sigma2 := scratch[:k], scratch[k:2*k], scratch[2*k:3*k]
	e, sumQ, tied := scratch[3*k:4*k], scratch[4*k:5*k], scratch[5*k:]
	for i := range rank {
		rank[i] = float64(i)
		if ranks != nil {
			rank[i] = ranks[i]
		}
	}

	// Tau first: every player's variance grows by τ². A team's mean and
	// variance are its players' sums.
	tau2 := tau * tau
	off := 0
	for i, t := range teams {
		out[i] = flat[off : off+len(t) : off+len(t)]
		off += len(t)
		for j, r := range t {
			s2 := r.Sigma*r.Sigma + tau2
			out[i][j] = Rating{Mu: r.Mu, Sigma: math.Sqrt(s2)}
			mu[i] += r.Mu
			sigma2[i] += s2
		}
		if opt.Centered {
			mu[i] -= DefaultMu * float64(len(t))
		}
	}

	// c² = Σ (σ_i² + β²) over the teams.
	c2 := 0.0
	for i := range k {
		c2 += sigma2[i] + beta*beta
	}
	c := math.Sqrt(c2)

	// e_i = exp(μ_i/c), scaled by exp(-max μ/c) so that it cannot
	// overflow; only ratios of e's are used.
	top := math.Inf(-1)
	for i := range k {
		top = math.Max(top, mu[i])
	}
	for i := range k {
		e[i] = math.Exp((mu[i] - top) / c)
	}
	// S_q = Σ e_s over the teams s ranked no better than q, those still
	// in the running at q's Plackett-Luce choice; A_q the number of teams
	// tied with q, which share that choice.
	for q := range k {
		for s := range k {
			if rank[s] >= rank[q] {
				sumQ[q] += e[s]
			}
			if rank[s] == rank[q] {
				tied[q]++
			}
		}
	}

	for i := range k {
		// Ω_i and Δ_i sum over the choices q that team i was in the
		// running for: the gradient and curvature of the log-likelihood.
		var omega, delta float64
		for q := range k {
			if rank[q] > rank[i] {
				continue
			}
			p := e[i] / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		// γ_i = σ_i/c, Weng and Lin's and openskill's default.
		gamma := math.Sqrt(sigma2[i]) / c
		omega *= sigma2[i] / c
		delta *= gamma * sigma2[i] / c2
		for j := range out[i] {
			p := &out[i][j]
			share := p.Sigma * p.Sigma / sigma2[i]
			p.Mu += share * omega
			p.Sigma *= math.Sqrt(math.Max(1-share*delta, kappa))
			if opt.LimitSigma {
				p.Sigma = math.Min(p.Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out, nil
}

// RanksFromReturns returns the ranks of a game's seats from their returns
// (game.State.Returns: higher better): 1 for the best, and equal returns
// tie, sharing the best place they tie for, so that returns 1, 0, 1, 0.5
// give ranks 1, 4, 1, 3. A NaN return gets a NaN rank, which Rate refuses.
func RanksFromReturns(returns []float64) []float64 {
	ranks := make([]float64, len(returns))
	for i, r := range returns {
		if math.IsNaN(r) {
			ranks[i] = math.NaN()
			continue
		}
		ranks[i] = 1
		for _, s := range returns {
			if s > r {
				ranks[i]++
			}
		}
	}
	return ranks
}

// RateSeats rates one finished game from its seats' point of view:
// ratings[p] and returns[p] are seat p's rating and return
// (game.State.Returns), and teamOf[p] the label of seat p's team, or
// teamOf is nil when every seat plays for itself. Seats with the same
// label are one team, in the order their labels first appear; a team's
// rank comes from its seats' return, which must be the same for all of
// them, as a team wins or loses together. It returns each seat's new
// rating, in seat order.
//
// For Breaking Head the labels are the seats' roles, "contributor" and
// "blocker" (breakinghead.State.Team), and the returns are 1 for every
// seat of the winning team and 0 for the others, or 0 for all when nobody
// wins: the game is rated as one match of the Contributors against the
// Blockers, a tie when nobody wins. When every seat is on one team (all
// Contributors, the only Blocker card left over) the game says nothing
// about its players against each other, and RateSeats returns their
// ratings unchanged.
func RateSeats(ratings []Rating, returns []float64, teamOf []string, opt Options) ([]Rating, error) {
	if len(returns) != len(ratings) {
		return nil, fmt.Errorf("rating: %d returns for %d seats", len(returns), len(ratings))
	}
	if teamOf != nil && len(teamOf) != len(ratings) {
		return nil, fmt.Errorf("rating: %d team labels for %d seats", len(teamOf), len(ratings))
	}
	// seats[t] are the seats of team t; ret[t] its return.
	var seats [][]int
	var ret []float64
	index := map[string]int{}
	for p := range ratings {
		if err := ratings[p].check(); err != "" {
			return nil, fmt.Errorf("rating: ratings[%d].%s", p, err)
		}
		if math.IsNaN(returns[p]) {
			return nil, fmt.Errorf("rating: returns[%d] is NaN", p)
		}
		t := len(seats)
		if teamOf != nil {
			if teamOf[p] == "" {
				return nil, fmt.Errorf("rating: seat %d has no team label", p)
			}
			u, ok := index[teamOf[p]]
			if ok {
				t = u
			} else {
				index[teamOf[p]] = t
			}
		}
		if t == len(seats) {
			seats = append(seats, nil)
			ret = append(ret, returns[p])
		}
		if returns[p] != ret[t] {
			return nil, fmt.Errorf("rating: seats of team %q have returns %v and %v, want one return per team", teamOf[p], ret[t], returns[p])
		}
		seats[t] = append(seats[t], p)
	}
	if len(seats) == 0 {
		return nil, errors.New("rating: no seats")
	}
	out := make([]Rating, len(ratings))
	if len(seats) == 1 {
		if _, _, _, err := opt.params(); err != nil {
			return nil, err
		}
		copy(out, ratings)
		return out, nil
	}
	teams := make([][]Rating, len(seats))
	for t, ps := range seats {
		for _, p := range ps {
			teams[t] = append(teams[t], ratings[p])
		}
	}
	rated, err := Rate(teams, RanksFromReturns(ret), opt)
	if err != nil {
		return nil, err
	}
	for t, ps := range seats {
		for j, p := range ps {
			out[p] = rated[t][j]
		}
	}
	return out, nil
}

// WinProbability returns each team's chance of winning a game against the
// others, as openskill.js's predictWin computes it: with the teams' summed
// means μ and variances σ², k teams and Φ the standard normal
// distribution, team a beats team b with chance
// Φ((μ_a − μ_b) / √(k·β² + σ_a² + σ_b²)), and a team's chance of winning
// is its mean chance of beating each other team divided by k/2, so that
// the chances add up to 1. It is a heuristic the libraries offer for
// matchmaking, not a probability of the Plackett-Luce model that Rate
// uses; openskill.py's predict_win puts 2·β² where this puts k·β², which
// agrees for two teams. Tau plays no part, and Centered does as in Rate.
// It refuses the teams and options that Rate refuses, with an error
// rather than openskill's exception.
func WinProbability(teams [][]Rating, opt Options) ([]float64, error) {
	beta, _, _, err := opt.params()
	if err != nil {
		return nil, err
	}
	if err := checkTeams(teams); err != nil {
		return nil, err
	}
	k := len(teams)
	mu := make([]float64, k)
	sigma2 := make([]float64, k)
	for i, t := range teams {
		for _, r := range t {
			mu[i] += r.Mu
			sigma2[i] += r.Sigma * r.Sigma
		}
		if opt.Centered {
			mu[i] -= DefaultMu * float64(len(t))
		}
	}
	// Each pair once, a's chance p and b's 1 - p, as openskill.js does.
	kb2 := float64(k) * beta * beta
	p := make([]float64, k)
	for a := range k {
		for b := a + 1; b < k; b++ {
			w := phi((mu[a] - mu[b]) / math.Sqrt(kb2+sigma2[a]+sigma2[b]))
			p[a] += w
			p[b] += 1 - w
		}
	}
	pairs := float64(k*(k-1)) / 2
	for i := range p {
		p[i] /= pairs
	}
	return p, nil
}

// phi is the standard normal distribution function.
func phi(x float64) float64 {
	return 0.5 * math.Erfc(-x/math.Sqrt2)
}
