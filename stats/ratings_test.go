package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fourSeatGames simulates n games of four bots at one table: the winner
// is drawn in proportion to the bots' strengths and the three others
// lose, so that every game gives six comparisons that are far from
// independent (the winner's three wins come together; the losers draw).
func fourSeatGames(rng *rand.Rand, gamma []float64, n int) [][]Comparison {
	sum := 0.0
	for _, g := range gamma {
		sum += g
	}
	games := make([][]Comparison, n)
	for k := range games {
		u, w := rng.Float64()*sum, len(gamma)-1
		for i, g := range gamma {
			if u < g {
				w = i
				break
			}
			u -= g
		}
		var cs []Comparison
		for a := range gamma {
			for b := a + 1; b < len(gamma); b++ {
				s := 0.5
				switch w {
				case a:
					s = 1
				case b:
					s = 0
				}
				cs = append(cs, Comparison{I: a, J: b, S: s})
			}
		}
		games[k] = cs
	}
	return games
}

// TestRatingIntervalsHoldForManySeats checks the rating intervals of
// four bots playing at one table against a bootstrap over games: the
// sandwich intervals must agree with the bootstrap's (within 20%), where
// intervals that take every comparison as independent come out much too
// narrow or too wide (the 21 against a bootstrap's 29).
func TestRatingIntervalsHoldForManySeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gamma := []float64{8, 1, 1, 1}
	games := fourSeatGames(rng, gamma, 400)
	fit := FitBradleyTerryGames(len(gamma), games, 1)

	// The naive intervals, from the pooled counts.
	w, g := matrix(4), matrix(4)
	for _, cs := range games {
		for _, c := range cs {
			w[c.I][c.J] += c.S
			w[c.J][c.I] += 1 - c.S
			g[c.I][c.J]++
			g[c.J][c.I]++
		}
	}
	naive := FitBradleyTerry(w, g, 1)

	const boots = 300
	sum, sum2 := make([]float64, 4), make([]float64, 4)
	sample := make([][]Comparison, len(games))
	for range boots {
		for i := range sample {
			sample[i] = games[rng.IntN(len(games))]
		}
		r := FitBradleyTerryGames(4, sample, 1)
		for i, e := range r.Elo {
			sum[i] += e
			sum2[i] += e * e
		}
	}
	worstNaive := 0.0
	for i := range gamma {
		mean := sum[i] / boots
		sd := math.Sqrt(sum2[i]/boots - mean*mean)
		boot := z95 * sd
		if r := fit.CI[i] / boot; r < 0.8 || r > 1.25 {
			t.Errorf("bot %d: interval ±%.1f, bootstrap's ±%.1f (ratio %.2f)", i, fit.CI[i], boot, r)
		}
		worstNaive = math.Max(worstNaive, math.Abs(math.Log(naive.CI[i]/boot)))
		t.Logf("bot %d: Elo %+.0f, sandwich ±%.1f, naive ±%.1f, bootstrap ±%.1f", i, fit.Elo[i], fit.CI[i], naive.CI[i], boot)
	}
	// The test must be able to tell: the naive intervals miss by more
	// than the tolerance for some bot.
	if worstNaive < math.Log(1.25) {
		t.Errorf("the naive intervals are within 25%% of the bootstrap's too: this data cannot tell them apart")
	}
}

// TestRatingIntervalsTwoSeats: with one comparison a game, the sandwich
// and the model's intervals agree closely.
func TestRatingIntervalsTwoSeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var games [][]Comparison
	for range 1000 {
		s := 0.0
		if rng.Float64() < 0.7 {
			s = 1
		}
		games = append(games, []Comparison{{I: 0, J: 1, S: s}})
	}
	fit := FitBradleyTerryGames(2, games, 0)
	w, g := matrix(2), matrix(2)
	for _, cs := range games {
		w[0][1] += cs[0].S
		w[1][0] += 1 - cs[0].S
		g[0][1]++
		g[1][0]++
	}
	model := FitBradleyTerry(w, g, 0)
	if r := fit.CI[0] / model.CI[0]; r < 0.97 || r > 1.03 {
		t.Errorf("two seats: sandwich ±%.2f, model ±%.2f", fit.CI[0], model.CI[0])
	}
}
