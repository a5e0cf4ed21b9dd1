package rating

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// Where the published values come from. Each is a file of a public
// repository at the commit its numbers were read at; openskill.py's test
// data are made by its tests/models/generate.py and checked by
// tests/models/weng_lin/test_plackett_luce.py at the same commit.
const (
	jsModelTest = "philihp/openskill.js src/models/__tests__/plackett-luce.test.ts @1528fe74"
	jsRateTest  = "philihp/openskill.js src/__tests__/rate.test.ts @376a6ed7"
	jsWinTest   = "philihp/openskill.js src/__tests__/predict-win.test.ts @c43cf529"
	pyREADME    = "vivekjoshy/openskill.py README.md @026ce8d0 (and philihp/openskill.ex README.md)"
	pyData1     = "vivekjoshy/openskill.py tests/models/data/plackettluce.json @061f71f6"
	pyData2     = "vivekjoshy/openskill.py tests/models/data/plackettluce.json @db1e0a5e"
)

// tol is how close a reproduced value must be. The values below agree to
// about 1e-14; the brief asked for 1e-6.
const tol = 1e-9

// same reports whether two ratings of the same shape agree within tol.
func same(got, want [][]Rating, tol float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if len(got[i]) != len(want[i]) {
			return false
		}
		for j := range got[i] {
			if math.Abs(got[i][j].Mu-want[i][j].Mu) > tol || math.Abs(got[i][j].Sigma-want[i][j].Sigma) > tol {
				return false
			}
		}
	}
	return true
}

// solo makes a free-for-all: each rating a team of one.
func solo(rs ...Rating) [][]Rating {
	teams := make([][]Rating, len(rs))
	for i, r := range rs {
		teams[i] = []Rating{r}
	}
	return teams
}

// times returns n copies of r.
func times(n int, r Rating) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = r
	}
	return out
}

func TestRateReproducesPublishedExamples(t *testing.T) {
	d := Default()
	noTau := Options{NoTau: true}
	// The players of openskill.js's rate.test.ts.
	a1 := Rating{29.182, 4.782}
	b1 := Rating{27.174, 4.922}
	c1 := Rating{16.672, 6.217}
	w1, x1, y1, z1 := Rating{15, 25.0 / 3}, Rating{20, 25.0 / 3}, Rating{25, 25.0 / 3}, Rating{30, 25.0 / 3}
	// The players of the openskill.py and openskill.js READMEs.
	ra2 := Rating{32.444, 5.123}
	rb1 := Rating{43.381, 2.421}
	rb2 := Rating{25.188, 6.211}
	// openskill.py's test data: a model whose new players have a random
	// mu and sigma, with its default beta 25/6 and tau 25/300 (not
	// sigma/2 and sigma/100: the model's beta and tau do not follow its
	// sigma), so Beta is given here.
	p1 := Rating{31.321989232514305, 11.379964801443018}
	p2 := Rating{30.9227929079249, 6.478417585666653}
	pyOpt := Options{Beta: 25.0 / 6}

	tests := []struct {
		name, source string
		teams        [][]Rating
		ranks        []float64
		opt          Options
		want         [][]Rating
	}{
		// The model alone, without tau: openskill.js's plackett-luce.test.ts
		// calls the model, not rate, so no tau is added.
		{"2p FFA", jsModelTest, solo(d, d), nil, noTau, [][]Rating{
			{{27.63523138347365, 8.065506316323548}},
			{{22.36476861652635, 8.065506316323548}},
		}},
		{"3p FFA", jsModelTest, solo(d, d, d), nil, noTau, [][]Rating{
			{{27.868876552746237, 8.204837030780652}},
			{{25.717219138186557, 8.057829747583874}},
			{{21.413904309067206, 8.057829747583874}},
		}},
		{"4p FFA", jsModelTest, solo(d, d, d, d), nil, noTau, [][]Rating{
			{{27.795084971874736, 8.263160757613477}},
			{{26.552824984374855, 8.179213704945203}},
			{{24.68943500312503, 8.083731307186588}},
			{{20.96265504062538, 8.083731307186588}},
		}},
		{"5p FFA", jsModelTest, solo(d, d, d, d, d), nil, noTau, [][]Rating{
			{{27.666666666666668, 8.290556877154474}},
			{{26.833333333333332, 8.240145629781066}},
			{{25.72222222222222, 8.179996679645559}},
			{{24.055555555555557, 8.111796013701358}},
			{{20.72222222222222, 8.111796013701358}},
		}},
		{"3 teams of different sizes", jsModelTest, [][]Rating{times(3, d), times(1, d), times(2, d)}, nil, noTau, [][]Rating{
			times(3, Rating{25.939870821784513, 8.247641552260456}),
			{{27.21366020491262, 8.274321317985242}},
			times(2, Rating{21.84646897330287, 8.213058173195341}),
		}},

		// openskill.py's README, from before it had tau.
		{"README two teams of two", pyREADME, [][]Rating{{d, ra2}, {rb1, rb2}}, nil, noTau, [][]Rating{
			{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
			{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
		}},
		{"README artificial ranks 4 1 3 2", pyREADME, solo(d, d, d, d), []float64{4, 1, 3, 2}, noTau, [][]Rating{
			{{20.96265504062538, 8.083731307186588}},
			{{27.795084971874736, 8.263160757613477}},
			{{24.68943500312503, 8.083731307186588}},
			{{26.552824984374855, 8.179213704945203}},
		}},
		{"README scores 37 19 37 42, a tie for second", pyREADME, solo(d, d, d, d), RanksFromReturns([]float64{37, 19, 37, 42}), noTau, [][]Rating{
			{{24.68943500312503, 8.179213704945203}},
			{{22.826045021875203, 8.179213704945203}},
			{{24.68943500312503, 8.179213704945203}},
			{{27.795084971874736, 8.263160757613477}},
		}},

		// openskill.js's rate, which adds the default tau 25/300.
		{"4p FFA of rated players", jsRateTest, solo(a1, b1, c1, d), nil, Options{}, [][]Rating{
			{{30.210227447000438, 4.765617924939384}},
			{{27.644725221915632, 4.883479590134575}},
			{{17.4036218889969, 6.101259408259549}},
			{{19.21460876538932, 7.854669920480409}},
		}},
		{"4p FFA with tau 0.01", jsRateTest, solo(a1, b1, c1, d), nil, Options{Tau: 0.01}, [][]Rating{
			{{30.20997558824299, 4.764909330988368}},
			{{27.64461002009721, 4.882799245921361}},
			{{17.403587237635527, 6.100731158882956}},
			{{19.21478808745494, 7.854267281042293}},
		}},
		{"1v1 with tau 0.01 and limit sigma", jsRateTest, solo(Rating{6.672, 0.0001}, a1), nil, Options{Tau: 0.01, LimitSigma: true}, [][]Rating{
			{{6.672012533190158, 0.0001}},
			{{26.316243774876106, 4.7540633621019}},
		}},
		{"two teams of two", jsRateTest, [][]Rating{{a1, b1}, {c1, d}}, nil, Options{}, [][]Rating{
			{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}},
			{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}},
		}},
		{"two teams of two with tau 0.01", jsRateTest, [][]Rating{{a1, b1}, {c1, d}}, nil, Options{Tau: 0.01}, [][]Rating{
			{{29.60722003260825, 4.754607604502581}, {27.624482251695827, 4.892124276331747}},
			{{15.953286947567106, 6.1253654293947335}, {23.708689129525133, 8.111303923213725}},
		}},
		{"two teams of two with tau 0.01 and limit sigma", jsRateTest, [][]Rating{{{9.182, 0.0001}, b1}, {c1, d}}, nil, Options{Tau: 0.01, LimitSigma: true}, [][]Rating{
			{{9.182004653636957, 0.0001}, {28.301285923165363, 4.889318394468611}},
			{{14.87349383521136, 6.076727029758966}, {21.768626152890867, 7.992333183226455}},
		}},
		{"reversed ranks 2 1", jsRateTest, solo(d, d), []float64{2, 1}, Options{}, [][]Rating{
			{{22.364610506859503, 8.06590141354368}},
			{{27.635389493140497, 8.06590141354368}},
		}},
		{"kept ranks 1 2", jsRateTest, solo(d, d), []float64{1, 2}, Options{}, [][]Rating{
			{{27.635389493140497, 8.06590141354368}},
			{{22.364610506859503, 8.06590141354368}},
		}},
		{"misordered ranks 2 1 4 3", jsRateTest, solo(d, d, d, d), []float64{2, 1, 4, 3}, Options{}, [][]Rating{
			{{26.55291815138952, 8.17961798837266}},
			{{27.795252672501135, 8.263571791259416}},
			{{20.962412806387245, 8.084127880168786}},
			{{24.689416369722096, 8.084127880168786}},
		}},
		{"unequal players ranked 1 3 4 2", jsRateTest, solo(w1, x1, y1, z1), []float64{1, 3, 4, 2}, Options{}, [][]Rating{
			{{18.131120980297805, 8.283536573151807}},
			{{20.405169039419135, 8.107860440531121}},
			{{20.65583040714804, 8.082574596348321}},
			{{30.80787957313502, 8.155100416275928}},
		}},
		{"three teams of two ranked 3 1 2", jsRateTest, [][]Rating{{a1, d}, {b1, d}, {c1, d}}, []float64{3, 1, 2}, Options{}, [][]Rating{
			{{27.857622571955794, 4.744504197327133}, {20.97892943330433, 8.129851804000902}},
			{{27.990904891666695, 4.901705733959291}, {27.341233554297506, 8.2314516336455}},
			{{17.607030910762578, 6.141282638892306}, {26.67983701239816, 8.149157818911323}},
		}},
		{"a tie for second", jsRateTest, solo(Rating{10, 8}, Rating{5, 10}, Rating{0, 12}), []float64{1, 2, 2}, Options{}, [][]Rating{
			{{11.942996666741225, 7.926888197620324}},
			{{2.9381178546315034, 9.653804487570165}},
			{{-1.4024317012198733, 11.323641575516767}},
		}},
		{"a four-way tie of new players", jsRateTest, solo(d, d, d, d), []float64{1, 1, 1, 1}, Options{}, solo(times(4, Rating{25, 8.263571791259416})...)},
		{"ties in disorder 2 4 2 1", jsRateTest, solo(w1, x1, y1, z1), []float64{2, 4, 2, 1}, Options{}, [][]Rating{
			{{15.340043358359136, 8.213141619804967}},
			{{18.007678675484204, 8.189033933813437}},
			{{24.25801928251219, 8.166918055585525}},
			{{32.39425868364447, 8.247687230833794}},
		}},
		{"equal scores 1 1 1", jsRateTest, solo(d, d, d), RanksFromReturns([]float64{1, 1, 1}), Options{}, solo(times(3, Rating{25, 8.205243377397993})...)},
		{"tau 0.3", jsRateTest, solo(Rating{25, 3}, Rating{25, 3}), nil, Options{Tau: 0.3}, [][]Rating{
			{{25.624880438870754, 2.9879993738476953}},
			{{24.375119561129246, 2.9879993738476953}},
		}},
		{"tau 0.3 and limit sigma", jsRateTest, solo(Rating{40, 3}, Rating{-20, 3}), nil, Options{Tau: 0.3, LimitSigma: true}, [][]Rating{
			{{40.00032667136128, 3}},
			{{-20.000326671361275, 3}},
		}},

		// openskill.py's generated test data.
		{"py 1 v 2", pyData1, [][]Rating{{p1}, {p1, p1}}, nil, pyOpt, [][]Rating{
			{{36.48967347401391, 11.237778601372977}},
			times(2, Rating{26.154304991014694, 11.17822477763209}),
		}},
		{"py 1 v 2 ranked 2 1", pyData1, [][]Rating{{p1}, {p1, p1}}, []float64{2, 1}, pyOpt, [][]Rating{
			{{30.19454401757094, 11.237778601372977}},
			times(2, Rating{32.44943444745767, 11.17822477763209}),
		}},
		{"py 1 v 2 scored 1 2", pyData1, [][]Rating{{p1}, {p1, p1}}, RanksFromReturns([]float64{1, 2}), pyOpt, [][]Rating{
			{{30.19454401757094, 11.237778601372977}},
			times(2, Rating{32.44943444745767, 11.17822477763209}),
		}},
		{"py 1 v 2 v 3 ranked 2 1 3, limit sigma", pyData1, [][]Rating{{p1}, times(2, p1), times(3, p1)}, []float64{2, 1, 3}, Options{Beta: 25.0 / 6, LimitSigma: true}, [][]Rating{
			{{35.008962716922355, 11.322612945836939}},
			times(2, Rating{34.774820565754936, 11.291328826858104}),
			times(3, Rating{24.182184414865624, 11.192736898569162}),
		}},
		{"py 1 v 2 v 3 ranked 1 2 1, a tie", pyData1, [][]Rating{{p1}, times(2, p1), times(3, p1)}, []float64{1, 2, 1}, pyOpt, [][]Rating{
			{{33.21874815457553, 11.354896725884002}},
			times(2, Rating{30.27713112192334, 11.291328826858104}),
			times(3, Rating{30.470088421044046, 11.249240904583088}),
		}},
		{"py 1 v 2, another model", pyData2, [][]Rating{{p2}, {p2, p2}}, nil, pyOpt, [][]Rating{
			{{33.969011487326654, 6.446958847986065}},
			times(2, Rating{27.876574328523148, 6.433659614219379}),
		}},
		{"py 1 v 2 v 1 v 2 ranked 2 1 4 3", pyData2, [][]Rating{{p2}, times(2, p2), {p2}, times(2, p2)}, []float64{2, 1, 4, 3}, pyOpt, [][]Rating{
			{{32.77994443000071, 6.450747134006956}},
			times(2, Rating{32.2707505138986, 6.425889055872058}),
			{{30.08402921805331, 6.430997477977663}},
			times(2, Rating{28.556447469746985, 6.355257645226833}),
		}},
		{"py 1 v 2 v 3 ranked 2 1 3, limit sigma, another model", pyData2, [][]Rating{{p2}, times(2, p2), times(3, p2)}, []float64{2, 1, 3}, Options{Beta: 25.0 / 6, LimitSigma: true}, [][]Rating{
			{{33.20529342367193, 6.470524927271524}},
			times(2, Rating{32.98962167464573, 6.450310652727856}),
			times(3, Rating{26.573463625457038, 6.431144842504635}),
		}},
		// Not reproduced: the "ties" of pyData2 (ranks 1 2 1). Its tied
		// teams' means are higher than here, and than in pyData1's "ties",
		// by σ_i²/(c·A) = 1.2039 each, as if the tied team that is not i
		// counted in Ω_i as i itself does; then a tie of equals would raise
		// every mean, which openskill.js's four-way tie above and Weng and
		// Lin's likelihood do not. Its "scores", "margins", "weights" and
		// "balance" are of features this package leaves out.
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rate(tc.teams, tc.ranks, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !same(got, tc.want, tol) {
				t.Errorf("Rate = %v\nwant   %v\nfrom %s", got, tc.want, tc.source)
			}
		})
	}
}

// TestRateMatchesHandDerivation checks the simplest cases against the
// paper's equations worked by hand. Two new players, no tau: each team's
// σ² = σ0², β = σ0/2, so c² = 2(σ0² + σ0²/4) = 2.5σ0², σ0²/c² = 0.4 and
// γ = σ0/c = √0.4. Both choices (A = 1, or one shared choice A = 2 for a
// tie) give each player p = ½ where he is in the running.
//
//   - A win: the winner's Ω = σ0²/c·(1 − ½) = σ0·√0.4/2, the loser's
//     −σ0·√0.4/2; both Δ = γ·(σ0²/c²)·¼ = √0.4·0.4·¼ = √0.4/10.
//   - A tie: Ω = σ0²/c·((1 − ½)/2 − ½/2) = 0, and
//     Δ = γ·0.4·(¼/2 + ¼/2) = √0.4/10 as for a win.
//
// In every case σ' = σ0·√(1 − Δ).
func TestRateMatchesHandDerivation(t *testing.T) {
	s0 := DefaultSigma
	gain := s0 * math.Sqrt(0.4) / 2
	sigma := s0 * math.Sqrt(1-math.Sqrt(0.4)/10)
	d := Default()
	tests := []struct {
		name  string
		ranks []float64
		want  [][]Rating
	}{
		{"a win", []float64{1, 2}, [][]Rating{{{25 + gain, sigma}}, {{25 - gain, sigma}}}},
		{"a tie", []float64{1, 1}, [][]Rating{{{25, sigma}}, {{25, sigma}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rate(solo(d, d), tc.ranks, Options{NoTau: true})
			if err != nil {
				t.Fatal(err)
			}
			if !same(got, tc.want, 1e-12) {
				t.Errorf("Rate = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestWinProbabilityReproducesPublishedExamples(t *testing.T) {
	d := Default()
	a2 := Rating{32.444, 5.123}
	b1 := Rating{73.381, 1.421}
	b2 := Rating{25.188, 6.211}
	team1, team2 := []Rating{d, a2}, []Rating{b1, b2}
	tests := []struct {
		name  string
		teams [][]Rating
		want  []float64
	}{
		{"two teams", [][]Rating{team1, team2}, []float64{0.0008308945674377, 0.9991691054325622}},
		{"four asymmetric teams", [][]Rating{team1, team2, {a2}, {b2}}, []float64{0.32579822053781543, 0.49965489287103865, 0.12829642754274315, 0.04625045904840272}},
		{"3 new players", solo(d, d, d), []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
		{"4 new players", solo(d, d, d, d), []float64{0.25, 0.25, 0.25, 0.25}},
		{"4 players of varying skill", solo(Rating{1, 0.1}, Rating{2, 0.1}, Rating{3, 0.1}, Rating{4, 0.1}), []float64{0.20281164759988402, 0.2341964232088598, 0.2658035767911402, 0.297188352400116}},
		{"5 new players", solo(d, d, d, d, d), []float64{0.2, 0.2, 0.2, 0.2, 0.2}},
		{"5 players with an impostor", solo(d, d, d, a2, d), []float64{0.1790804191839367, 0.1790804191839367, 0.1790804191839367, 0.2836783412642534, 0.1790804191839367}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := WinProbability(tc.teams, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for i := range got {
				sum += got[i]
				// openskill.js's normal distribution agrees with
				// math.Erfc's to about 1e-10; its test asks for 7 digits.
				if math.Abs(got[i]-tc.want[i]) > 1e-7 {
					t.Errorf("WinProbability = %v\nwant             %v\nfrom %s", got, tc.want, jsWinTest)
					break
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("chances add up to %v, want 1", sum)
			}
		})
	}
}

// randomGame draws a game of 2 to 10 teams of 1 to 4 players, with ranks
// that tie now and then.
func randomGame(rng *rand.Rand) ([][]Rating, []float64) {
	k := 2 + rng.IntN(9)
	teams := make([][]Rating, k)
	ranks := make([]float64, k)
	for i := range teams {
		teams[i] = make([]Rating, 1+rng.IntN(4))
		for j := range teams[i] {
			teams[i][j] = Rating{Mu: -10 + 70*rng.Float64(), Sigma: 0.01 + 12*rng.Float64()}
		}
		ranks[i] = float64(1 + rng.IntN(k))
	}
	return teams, ranks
}

func TestRateSwappingTeamsSwapsResults(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		teams, ranks := randomGame(rng)
		want, err := Rate(teams, ranks, Options{})
		if err != nil {
			t.Fatal(err)
		}
		perm := rng.Perm(len(teams))
		pt := make([][]Rating, len(teams))
		pr := make([]float64, len(teams))
		for i, p := range perm {
			pt[i], pr[i] = teams[p], ranks[p]
		}
		got, err := Rate(pt, pr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range perm {
			if !same([][]Rating{got[i]}, [][]Rating{want[p]}, 1e-9) {
				t.Fatalf("teams %v ranks %v: team %d became %v, and %v when it was placed at %d", teams, ranks, p, want[p], got[i], i)
			}
		}
	}
}

func TestRateWinnerRisesAndLoserFalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		teams, _ := randomGame(rng)
		teams = teams[:2]
		for _, opt := range []Options{{}, {NoTau: true}, {Centered: true}} {
			got, err := Rate(teams, []float64{1, 2}, opt)
			if err != nil {
				t.Fatal(err)
			}
			for j := range teams[0] {
				if !(got[0][j].Mu > teams[0][j].Mu) {
					t.Errorf("%+v: winner %v became %v", opt, teams[0][j], got[0][j])
				}
			}
			for j := range teams[1] {
				if !(got[1][j].Mu < teams[1][j].Mu) {
					t.Errorf("%+v: loser %v became %v", opt, teams[1][j], got[1][j])
				}
			}
		}
	}
}

func TestRateSigmaNeverGrowsWithoutTauOrWithLimitSigma(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		teams, ranks := randomGame(rng)
		for _, opt := range []Options{{NoTau: true}, {Tau: 1, LimitSigma: true}} {
			got, err := Rate(teams, ranks, opt)
			if err != nil {
				t.Fatal(err)
			}
			for i := range teams {
				for j := range teams[i] {
					if got[i][j].Sigma > teams[i][j].Sigma || !(got[i][j].Sigma > 0) {
						t.Errorf("%+v: %v became %v", opt, teams[i][j], got[i][j])
					}
				}
			}
		}
	}
}

func TestRateTieOfEqualsChangesNoMu(t *testing.T) {
	for _, tc := range []struct {
		name  string
		teams [][]Rating
	}{
		{"two new players", solo(Default(), Default())},
		{"five rated players", solo(times(5, Rating{31, 2.5})...)},
		{"two teams of three", [][]Rating{{{20, 3}, {25, 5}, {30, 7}}, {{30, 7}, {20, 3}, {25, 5}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ranks := make([]float64, len(tc.teams))
			got, err := Rate(tc.teams, ranks, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				for j := range got[i] {
					if math.Abs(got[i][j].Mu-tc.teams[i][j].Mu) > 1e-12 {
						t.Errorf("%v became %v", tc.teams[i][j], got[i][j])
					}
				}
			}
		})
	}
}

// TestRateSharedResultChangesLittle is Open Source's end by the supply
// running out, when every seat loses, rated as a tie of all: equals keep
// their means; of unequal players the stronger falls and the weaker rises,
// as after a draw, by less than a decisive game moves them.
func TestRateSharedResultChangesLittle(t *testing.T) {
	strong, mid, weak := Rating{32, 4}, Rating{25, 5}, Rating{18, 4}
	teams := solo(strong, mid, weak)
	all, err := Rate(teams, RanksFromReturns([]float64{0, 0, 0}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !(all[0][0].Mu < strong.Mu && all[2][0].Mu > weak.Mu) {
		t.Errorf("a shared loss moved %v to %v and %v to %v; want them closer", strong, all[0][0], weak, all[2][0])
	}
	// The weak player beating the others moves him far more.
	upset, err := Rate(teams, []float64{3, 2, 1}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range teams {
		tie := math.Abs(all[i][0].Mu - teams[i][0].Mu)
		won := math.Abs(upset[i][0].Mu - teams[i][0].Mu)
		if !(tie < won) {
			t.Errorf("player %d: the shared loss moved Mu by %.3f, the upset by %.3f", i, tie, won)
		}
	}
	// Everybody winning together, Open Source's Infrastructure ending, is
	// the same tie.
	win, err := Rate(teams, RanksFromReturns([]float64{1, 1, 1}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !same(win, all, 0) {
		t.Errorf("a shared win gave %v, a shared loss %v", win, all)
	}
}

// TestRateTenPlayersInTeamsOfThreeAndSeven is Breaking Head's largest
// game. The openskill values were computed with openskill.js 5.0.1 (the
// npm package openskill): rate([t3, t7]) and rate([t3, t7], {rank: [1,
// 1]}) for new players, not a published example. They show that the
// openskill team model reads seven new players as far stronger than three,
// which Centered undoes.
func TestRateTenPlayersInTeamsOfThreeAndSeven(t *testing.T) {
	d := Default()
	teams := [][]Rating{times(3, d), times(7, d)}
	tests := []struct {
		name  string
		ranks []float64
		opt   Options
		want  [][]Rating
	}{
		{"the three win", []float64{1, 2}, Options{}, [][]Rating{
			times(3, Rating{27.50999363787391, 8.328768790037719}),
			times(7, Rating{22.49000636212609, 8.32613988091738}),
		}},
		{"a tie", []float64{1, 1}, Options{}, [][]Rating{
			times(3, Rating{26.224065035302303, 8.328768790037719}),
			times(7, Rating{23.775934964697697, 8.32613988091738}),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rate(teams, tc.ranks, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !same(got, tc.want, tol) {
				t.Errorf("Rate = %v\nwant   %v", got, tc.want)
			}
		})
	}

	// Every result, with and without Centered, and with a very strong
	// and a very weak player among them, stays finite, and no winner
	// falls nor loser rises (a sure win moves nobody: 1 − p is 0).
	strong := append(times(2, d), Rating{1e4, 1})
	weak := append(times(6, d), Rating{-1e4, 50})
	for _, teams := range [][][]Rating{{times(3, d), times(7, d)}, {strong, weak}, {weak, strong}} {
		for _, ranks := range [][]float64{{1, 2}, {2, 1}, {1, 1}} {
			for _, opt := range []Options{{}, {Centered: true}, {NoTau: true}} {
				got, err := Rate(teams, ranks, opt)
				if err != nil {
					t.Fatal(err)
				}
				for i := range got {
					for j, r := range got[i] {
						if r.check() != "" {
							t.Fatalf("%v ranked %v with %+v: player %d of team %d became %v", teams, ranks, opt, j, i, r)
						}
						won, lost := ranks[i] < ranks[1-i], ranks[i] > ranks[1-i]
						if won && r.Mu < teams[i][j].Mu || lost && r.Mu > teams[i][j].Mu {
							t.Errorf("%v ranked %v with %+v: player %d of team %d went from %v to %v", teams, ranks, opt, j, i, teams[i][j], r)
						}
					}
				}
			}
		}
	}

	// Centered: new players' sides are even, so either side's win moves
	// each of its players by the same amount, and a tie moves nobody.
	threeWin, _ := Rate(teams, []float64{1, 2}, Options{Centered: true})
	sevenWin, _ := Rate(teams, []float64{2, 1}, Options{Centered: true})
	tie, _ := Rate(teams, []float64{1, 1}, Options{Centered: true})
	if g3, g7 := threeWin[0][0].Mu-25, sevenWin[1][0].Mu-25; math.Abs(g3-g7) > 1e-12 || !(g3 > 0) {
		t.Errorf("Centered: the three gain %v when they win, the seven %v", g3, g7)
	}
	if tie[0][0].Mu != 25 || tie[1][0].Mu != 25 {
		t.Errorf("Centered: a tie of new players gave %v", tie)
	}
}

func TestRateCenteredChangesNothingForTeamsOfOneSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 300 {
		teams, ranks := randomGame(rng)
		size := 1 + rng.IntN(3)
		for i := range teams {
			for len(teams[i]) < size {
				teams[i] = append(teams[i], teams[i][0])
			}
			teams[i] = teams[i][:size]
		}
		plain, err1 := Rate(teams, ranks, Options{})
		centered, err2 := Rate(teams, ranks, Options{Centered: true})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !same(plain, centered, 1e-9) {
			t.Fatalf("%v ranked %v: %v, Centered %v", teams, ranks, plain, centered)
		}
	}
}

func TestRateDoesNotModifyItsArguments(t *testing.T) {
	teams := [][]Rating{{{20, 3}, {25, 5}}, {{30, 7}}}
	ranks := []float64{2, 1}
	if _, err := Rate(teams, ranks, Options{}); err != nil {
		t.Fatal(err)
	}
	if !same(teams, [][]Rating{{{20, 3}, {25, 5}}, {{30, 7}}}, 0) || ranks[0] != 2 || ranks[1] != 1 {
		t.Errorf("Rate changed its arguments to %v, %v", teams, ranks)
	}
}

func TestRateRefusesMalformedInput(t *testing.T) {
	d := Default()
	nan := math.NaN()
	tests := []struct {
		name  string
		teams [][]Rating
		ranks []float64
		opt   Options
		want  string
	}{
		{"no teams", nil, nil, Options{}, "no teams"},
		{"one team", [][]Rating{{d, d}}, nil, Options{}, "one team"},
		{"an empty team", [][]Rating{{d}, {}}, nil, Options{}, "teams[1] is empty"},
		{"too few ranks", solo(d, d, d), []float64{1, 2}, Options{}, "2 ranks for 3 teams"},
		{"too many ranks", solo(d, d), []float64{1, 2, 3}, Options{}, "3 ranks for 2 teams"},
		{"a NaN rank", solo(d, d), []float64{1, nan}, Options{}, "ranks[1] is NaN"},
		{"a NaN sigma", [][]Rating{{d}, {d, {25, nan}}}, nil, Options{}, "teams[1][1].Sigma is NaN"},
		{"a zero sigma", solo(d, Rating{25, 0}), nil, Options{}, "teams[1][0].Sigma is 0"},
		{"a negative sigma", solo(Rating{25, -1}, d), nil, Options{}, "teams[0][0].Sigma is -1"},
		{"an infinite sigma", solo(Rating{25, math.Inf(1)}, d), nil, Options{}, "teams[0][0].Sigma is +Inf"},
		{"a NaN mu", solo(d, Rating{nan, 1}), nil, Options{}, "teams[1][0].Mu is NaN"},
		{"an infinite mu", solo(d, Rating{math.Inf(-1), 1}), nil, Options{}, "teams[1][0].Mu is -Inf"},
		{"a negative beta", solo(d, d), nil, Options{Beta: -1}, "Options.Beta is -1"},
		{"a NaN tau", solo(d, d), nil, Options{Tau: nan}, "Options.Tau is NaN"},
		{"a negative tau", solo(d, d), nil, Options{Tau: -0.1}, "Options.Tau is -0.1"},
		{"a kappa above 1", solo(d, d), nil, Options{Kappa: 2}, "Options.Kappa is 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Rate(tc.teams, tc.ranks, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Rate = %v, %v; want an error saying %q", got, err, tc.want)
			}
			if _, err := WinProbability(tc.teams, tc.opt); tc.ranks == nil && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("WinProbability: %v; want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestRanksFromReturns(t *testing.T) {
	tests := []struct {
		name    string
		returns []float64
		want    []float64
	}{
		{"a win and a loss", []float64{1, 0}, []float64{1, 2}},
		{"a loss and a win", []float64{0, 1}, []float64{2, 1}},
		{"a shared win", []float64{0.5, 0, 0.5}, []float64{1, 3, 1}},
		{"everybody loses", []float64{0, 0, 0, 0}, []float64{1, 1, 1, 1}},
		{"scores", []float64{37, 19, 37, 42}, []float64{2, 4, 2, 1}},
		{"ties at the bottom", []float64{1, 0, 0.5, 0}, []float64{1, 3, 2, 3}},
		{"nothing", nil, []float64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := RanksFromReturns(tc.returns)
			if len(got) != len(tc.want) {
				t.Fatalf("RanksFromReturns(%v) = %v, want %v", tc.returns, got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("RanksFromReturns(%v) = %v, want %v", tc.returns, got, tc.want)
				}
			}
		})
	}
	if r := RanksFromReturns([]float64{1, math.NaN()}); r[0] != 1 || !math.IsNaN(r[1]) {
		t.Errorf("RanksFromReturns(1, NaN) = %v, want 1, NaN", r)
	}
}

func TestRateSeats(t *testing.T) {
	d := Default()
	seats := []Rating{{27, 6}, {22, 7}, d, {30, 3}, d}
	roles := []string{"contributor", "blocker", "contributor", "contributor", "blocker"}

	t.Run("Breaking Head is rated as its two teams' match", func(t *testing.T) {
		returns := []float64{0, 1, 0, 0, 1} // the Blockers win
		got, err := RateSeats(seats, returns, roles, Options{Centered: true})
		if err != nil {
			t.Fatal(err)
		}
		teams, err := Rate([][]Rating{{seats[0], seats[2], seats[3]}, {seats[1], seats[4]}}, []float64{2, 1}, Options{Centered: true})
		if err != nil {
			t.Fatal(err)
		}
		want := []Rating{teams[0][0], teams[1][0], teams[0][1], teams[0][2], teams[1][1]}
		if !same([][]Rating{got}, [][]Rating{want}, 0) {
			t.Errorf("RateSeats = %v, want %v", got, want)
		}
	})
	t.Run("nobody winning is a tie", func(t *testing.T) {
		got, err := RateSeats(seats, []float64{0, 0, 0, 0, 0}, roles, Options{})
		if err != nil {
			t.Fatal(err)
		}
		teams, _ := Rate([][]Rating{{seats[0], seats[2], seats[3]}, {seats[1], seats[4]}}, []float64{1, 1}, Options{})
		if got[1] != teams[1][0] {
			t.Errorf("RateSeats = %v, want the tie %v", got, teams)
		}
	})
	t.Run("one team is left unchanged", func(t *testing.T) {
		all := []string{"contributor", "contributor", "contributor"}
		got, err := RateSeats(seats[:3], []float64{1, 1, 1}, all, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !same([][]Rating{got}, [][]Rating{seats[:3]}, 0) {
			t.Errorf("RateSeats = %v, want %v", got, seats[:3])
		}
	})
	t.Run("a free-for-all", func(t *testing.T) {
		returns := []float64{0, 0.5, 0, 0, 0.5}
		got, err := RateSeats(seats, returns, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		teams, _ := Rate(solo(seats...), RanksFromReturns(returns), Options{})
		for p := range got {
			if got[p] != teams[p][0] {
				t.Errorf("seat %d: RateSeats gave %v, Rate %v", p, got[p], teams[p][0])
			}
		}
	})
	for _, tc := range []struct {
		name    string
		ratings []Rating
		returns []float64
		teamOf  []string
		want    string
	}{
		{"a team's seats disagree", seats, []float64{1, 0, 0, 1, 0}, roles, `seats of team "contributor" have returns 1 and 0`},
		{"too few returns", seats, []float64{1, 0}, roles, "2 returns for 5 seats"},
		{"too few labels", seats, []float64{1, 0, 1, 1, 0}, roles[:4], "4 team labels for 5 seats"},
		{"an empty label", seats[:2], []float64{1, 0}, []string{"contributor", ""}, "seat 1 has no team label"},
		{"a NaN return", seats[:2], []float64{1, math.NaN()}, nil, "returns[1] is NaN"},
		{"a bad rating", []Rating{d, {25, -2}}, []float64{1, 0}, nil, "ratings[1].Sigma is -2"},
		{"no seats", nil, nil, nil, "no seats"},
	} {
		t.Run("refuses "+tc.name, func(t *testing.T) {
			got, err := RateSeats(tc.ratings, tc.returns, tc.teamOf, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("RateSeats = %v, %v; want an error saying %q", got, err, tc.want)
			}
		})
	}
}

func TestOrdinalAndDisplay(t *testing.T) {
	d := Default()
	if d.Ordinal() != 0 || d.Display() != 1500 {
		t.Errorf("a new player's Ordinal is %v and Display %v, want 0 and 1500", d.Ordinal(), d.Display())
	}
	if o := (Rating{43.07, 2.42}).Ordinal(); math.Abs(o-35.81) > 1e-9 {
		t.Errorf("Ordinal(43.07, 2.42) = %v, want 35.81 (openskill.py and openskill.js READMEs)", o)
	}
	// 200 Display points between two players of negligible sigma: the
	// Plackett-Luce chance of the stronger winning, 1/(1 + e^(−Δμ/c)),
	// is Elo's 1/(1 + 10^(−200/400)).
	a := Rating{25 + 200/DisplayPerMu, 1e-9}
	b := Rating{25, 1e-9}
	if got := a.Display() - b.Display(); math.Abs(got-200) > 1e-9 {
		t.Fatalf("Display difference %v, want 200", got)
	}
	c := math.Sqrt(a.Sigma*a.Sigma + b.Sigma*b.Sigma + 2*DefaultBeta*DefaultBeta)
	pl := 1 / (1 + math.Exp(-(a.Mu-b.Mu)/c))
	elo := 1 / (1 + math.Pow(10, -0.5))
	if math.Abs(pl-elo) > 1e-9 || math.Abs(elo-0.76) > 0.01 {
		t.Errorf("a 200-point favourite wins with chance %v, Elo says %v", pl, elo)
	}
}

func BenchmarkRate(b *testing.B) {
	d := Default()
	for _, bc := range []struct {
		name  string
		teams [][]Rating
		ranks []float64
	}{
		{"2 players", solo(d, Rating{30, 4}), []float64{2, 1}},
		{"5 players free-for-all", solo(d, Rating{30, 4}, Rating{20, 5}, d, Rating{27, 2}), []float64{3, 1, 2, 5, 4}},
		{"10 players in teams of 3 and 7", [][]Rating{times(3, Rating{27, 5}), times(7, d)}, []float64{1, 2}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Rate(bc.teams, bc.ranks, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
