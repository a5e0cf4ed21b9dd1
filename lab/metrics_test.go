package lab

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// tiny is a hand-made run of four 2-player games.
func tiny() *Dir {
	m := Manifest{Format: FormatVersion, Game: "source", Players: 2, Labels: []string{"a", "b"}, Games: 4, Seed: 10, Trace: TraceTurn}
	res := []Result{
		// Seat 1 wins. 10 moves, 8 with a choice; legal 30+20 = 50.
		{Index: 0, Seed: 10, Bots: []int{0, 1}, Returns: []float64{1, 0}, Actions: 12, Turns: 6,
			Moves: []int{5, 5}, Choices: []int{4, 4}, Legal: []int{30, 20}, End: "supply", Why: "w",
			Evals: 4, Leads: 2, Drama: 0.25, DramaMax: 1, Decided: 3, Scores: []float64{10, 5}},
		// A draw. 4 moves, 4 choices, legal 12.
		{Index: 1, Seed: 11, Bots: []int{1, 0}, Returns: []float64{0.5, 0.5}, Actions: 4, Turns: 4,
			Moves: []int{2, 2}, Choices: []int{2, 2}, Legal: []int{6, 6}, End: "idle", Why: "v",
			Evals: 4, Leads: 0, Drama: 0, DramaMax: 0, Scores: []float64{7, 7}},
		// Seat 2 wins. 6 moves, none with a choice.
		{Index: 2, Seed: 12, Bots: []int{0, 1}, Returns: []float64{0, 1}, Actions: 6, Turns: 2,
			Moves: []int{3, 3}, Choices: []int{0, 0}, Legal: []int{3, 3}, End: "supply", Why: "w",
			Evals: 2, Leads: 1, Drama: 0.5, DramaMax: 1, Decided: 3, Scores: []float64{1, 9}},
		// A timeout that seat 1 "won" on points: still a timeout. No trace.
		{Index: 3, Seed: 13, Bots: []int{1, 0}, Returns: []float64{1, 0}, Actions: 8, Turns: 8,
			Moves: []int{4, 4}, Choices: []int{4, 4}, Legal: []int{8, 16}, End: "turn-limit", Why: "t", Limit: true,
			Scores: []float64{3, 2}},
	}
	return &Dir{Path: "tiny", Manifest: m, Results: res}
}

func metric(t *testing.T, s *Summary, key string) Metric {
	t.Helper()
	for _, m := range s.Metrics {
		if m.Key == key {
			return m
		}
	}
	t.Fatalf("no metric %s", key)
	return Metric{}
}

// Every metric against values worked out by hand on tiny().
func TestMetricsByHand(t *testing.T) {
	s := Summarise(tiny())
	for _, tc := range []struct {
		key  string
		want float64
		n    int
	}{
		// Seat 1's returns 1, .5, 0, 1: rate .625; seat 2's 0, .5, 1, 0:
		// .375. Balance = 1 - |.625 - .375| = .75.
		{keyBalance, 0.75, 4},
		// Classes: win, draw, win, timeout. Completion 2/4.
		{keyCompletion, 0.5, 4},
		{keyDrawishness, 0.25, 4},
		{keyTimeouts, 0.25, 4},
		{keyNoWinner, 0, 4},
		// Seat 1's mean return: (1 + .5 + 0 + 1)/4.
		{keyAdvantageP1, 0.625, 4},
		// (12 + 4 + 6 + 8)/4 = 7.5 actions; moves (10+4+6+8)/4 = 7;
		// turns (6+4+2+8)/4 = 5.
		{keyActions, 7.5, 4},
		{keyMoves, 7, 4},
		{keyTurns, 5, 4},
		// Per game choices/moves: 8/10, 4/4, 0/6, 8/8 -> (.8+1+0+1)/4 = .7.
		{keyDecisionMove, 0.7, 4},
		// Per game legal/moves: 50/10, 12/4, 6/6, 24/8 -> (5+3+1+3)/4 = 3.
		{keyBranching, 3, 4},
		// Per game (legal - (moves-choices))/choices, games with choices:
		// (50-2)/8 = 6, 12/4 = 3, (24-0)/8 = 3 -> 4; game 2 has none.
		{keyDecisionFac, 4, 3},
		// Leads/evals over games with a trace: 2/4, 0/4, 1/2 -> (.5+0+.5)/3.
		{keyLeadChange, 1.0 / 3, 3},
		// Drama over games with a trace and winners (all three):
		// (.25 + 0 + .5)/3 = .25; max (1 + 0 + 1)/3.
		{keyDrama, 0.25, 3},
		{keyDramaMax, 2.0 / 3, 3},
		// Decisiveness over the games decided at a point, or never
		// (Decided set): game 0 at its 3rd of 4 points, 2 before it ->
		// 2/4; game 2 never (3 = evals+1) -> 2/2; the draw has none.
		// (.5 + 1)/2 = .75.
		{keyDecisiveness, 0.75, 2},
	} {
		m := metric(t, s, tc.key)
		if !near(m.Value, tc.want) || m.N != tc.n {
			t.Errorf("%s = %v over %d games, want %v over %d", tc.key, m.Value, m.N, tc.want, tc.n)
		}
	}
	if s.Results != (Classes{Wins: 2, Draws: 1, Timeouts: 1}) {
		t.Errorf("classes %+v", s.Results)
	}
	// Seat win rates with Wilson intervals: 2.5 of 4 for seat 1.
	if r := s.Seats[0]; !near(r.Rate, 0.625) || r.N != 4 || !(r.Low < 0.625 && r.High > 0.625) {
		t.Errorf("seat 1: %+v", r)
	}
	// Bot a sits in seat 1 in games 0, 2 and seat 2 in games 1, 3:
	// returns 1, 0 (seat 1) and .5, 0 (seat 2): (1+.5+0+0)/4 = .375.
	if r := s.Bots[0]; !near(r.Rate, 0.375) || r.N != 4 {
		t.Errorf("bot a: %+v", r)
	}
	// Turns 6, 4, 2, 8: mean 5, sd sqrt(((1+1+9+9)/3)) = sqrt(20/3),
	// median (4+6)/2 = 5, p10 = 2 + .3*(4-2) = 2.6 (h = 3*.1).
	d := s.Duration.Turns
	if !near(d.Mean, 5) || !near(d.SD, math.Sqrt(20.0/3)) || !near(d.P50, 5) || !near(d.P10, 2.6) || d.Min != 2 || d.Max != 8 {
		t.Errorf("turns %+v", d)
	}
	// Ends: supply 2 of 4, then idle and turn-limit 1 each (by key).
	if len(s.Ends) != 3 || s.Ends[0].Key != "supply" || s.Ends[0].N != 2 || s.Ends[1].Key != "idle" || s.Ends[2].Key != "turn-limit" {
		t.Errorf("ends %+v", s.Ends)
	}
	// Scores of seat 1: 10, 7, 1, 3: mean 5.25.
	if len(s.Scores) != 2 || !near(s.Scores[0].Mean, 5.25) {
		t.Errorf("scores %+v", s.Scores)
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		ret   []float64
		limit bool
		want  class
	}{
		{[]float64{1, 0}, false, classWin},
		{[]float64{0.5, 0.5}, false, classDraw},
		{[]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, false, classDraw},
		{[]float64{0.5, 0.5, 0}, false, classWin}, // two of three share
		{[]float64{1, 1, 1}, false, classWin},     // everybody wins
		{[]float64{0, 0}, false, classNobody},     // everybody loses
		{[]float64{0, 0}, true, classTimeout},
		{[]float64{1, 0, 1, 0, 0}, false, classWin}, // a team wins
	} {
		if got := classify(tc.ret, tc.limit); got != tc.want {
			t.Errorf("classify(%v, %v) = %d, want %d", tc.ret, tc.limit, got, tc.want)
		}
	}
}

// The per-game trace computations, by hand.
func TestTraceByHand(t *testing.T) {
	// Three seats, three points. Raw values and their normalised rows:
	// (0, 5, 10) -> (0, .5, 1), leaders {3};
	// (4, 4, 2)  -> (1, 1, 0), leaders {1, 2}: a change;
	// (7, 7, 7)  -> (1, 1, 1), leaders {1, 2, 3}: a change.
	raw := []float64{0, 5, 10, 4, 4, 2, 7, 7, 7}
	// Seat 1 wins: gaps 1-0, 1-1, 1-1 -> mean 1/3, max 1.
	if leads, m, x := summarise(raw, 3, []int{0}); leads != 2 || !near(m, 1.0/3) || x != 1 {
		t.Errorf("summarise(seat 1) = %v, %v, %v", leads, m, x)
	}
	// Seats 2 and 3 share: point 1 (.5 + 0)/2 = .25, point 2 (0 + 1)/2
	// = .5, point 3 0 -> mean .25, max .5.
	if leads, m, x := summarise(raw, 3, []int{1, 2}); leads != 2 || !near(m, 0.25) || !near(x, 0.5) {
		t.Errorf("summarise(seats 2, 3) = %v, %v, %v", leads, m, x)
	}
	// Nobody wins: the lead changes still count, there is no Drama.
	if leads, m, x := summarise(raw, 3, nil); leads != 2 || m != 0 || x != 0 {
		t.Errorf("summarise(no winner) = %v, %v, %v", leads, m, x)
	}
	// One point: no change of leaders.
	if leads, m, x := summarise(raw[:3], 3, []int{1}); leads != 0 || !near(m, 0.5) || !near(x, 0.5) {
		t.Errorf("summarise(one point) = %v, %v, %v", leads, m, x)
	}
	if got := winners(nil, []float64{0, 0, 0}); len(got) != 0 {
		t.Errorf("winners of an everybody-loses game: %v", got)
	}
	if got := winners(nil, []float64{0.5, 0, 0.5}); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("winners of a shared win: %v", got)
	}
}

// twoTrace, which sums up a two-seat trace point by point, gives
// summarise's results to the bit; both leave out a point whose values,
// or their difference, are not finite.
func TestTwoTraceMatchesSummarise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	specials := []float64{math.Copysign(0, -1), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), math.NaN()}
	wins := [][]int{nil, {0}, {1}, {0, 1}}
	for k := range 20000 {
		raw := make([]float64, 2*(1+r.IntN(60)))
		for i := range raw {
			switch {
			case k%4 == 0 && r.IntN(20) == 0:
				raw[i] = specials[r.IntN(len(specials))]
			case k%2 == 0:
				raw[i] = r.NormFloat64() * 10
			default:
				raw[i] = float64(r.IntN(6))
			}
		}
		var two twoTrace
		var kept []float64 // the usable points, by the definition
		for i := 0; i < len(raw); i += 2 {
			a, b := raw[i], raw[i+1]
			finite := !math.IsInf(a-b, 0) && !math.IsNaN(a-b)
			if two.add(a, b) != finite {
				t.Fatalf("add(%v, %v) = %v, want %v", a, b, !finite, finite)
			}
			if finite {
				kept = append(kept, a, b)
			}
			if usable(raw[i:i+2]) != finite {
				t.Fatalf("usable(%v, %v) = %v, want %v", a, b, !finite, finite)
			}
		}
		win := wins[r.IntN(len(wins))]
		leads, mean, most := two.summary(win)
		wl, wm, wx := summarise(kept, 2, win)
		if leads != wl || math.Float64bits(mean) != math.Float64bits(wm) || math.Float64bits(most) != math.Float64bits(wx) {
			t.Fatalf("%v, winners %v: %d, %v, %v; summarise %d, %v, %v", raw, win, leads, mean, most, wl, wm, wx)
		}
	}
}

func TestBalance(t *testing.T) {
	// Rates .5, .3, .2: largest gap .3 -> .7.
	if b := Balance([]float64{.5, .3, .2}); !near(b, .7) {
		t.Errorf("Balance = %v", b)
	}
}

func TestCountsRoundTrip(t *testing.T) {
	r := Result{Index: 1, Seed: 2, Bots: []int{0}, Returns: []float64{1.0 / 3}, Moves: []int{1}, Choices: []int{0}, Legal: []int{1},
		Counts: Counts{{Name: "z-first", N: 3}, {Name: "a-second", N: 0}}, End: "x", Why: `say "hi" <b>`}
	line := appendResult(nil, &r)
	var back Result
	if err := jsonUnmarshalStrict(line, &back); err != nil {
		t.Fatal(err)
	}
	if back.Counts[0] != (game.Count{Name: "z-first", N: 3}) || back.Counts[1].Name != "a-second" || back.Returns[0] != 1.0/3 || back.Why != r.Why {
		t.Errorf("round trip: %+v", back)
	}
}

// TestLinesRememberOnlyPlainStrings: a worker's lines, written one after
// another with the strings of the line before remembered
// (plainStrings), are byte for byte the lines written afresh, and their
// strings read back as written, when the strings at a place change from
// line to line, need escaping, or come and go; and appendInt writes what
// strconv does.
func TestLinesRememberOnlyPlainStrings(t *testing.T) {
	names := []string{"supply-red", "a<b", "supply-red", `q"uote`, "é", "", "raids-p1", "a&b", "raids-p1"}
	var known lineMemo
	var line []byte
	for i := range 60 {
		pick := func(k int) string { return names[(i*7+k*3+i/5)%len(names)] }
		r := Result{Index: i, Seed: uint64(i), Bots: []int{0, 1}, Returns: []float64{1, 0}, Moves: []int{i, 99}, Choices: []int{0, 1}, Legal: []int{1000 + i, 10000},
			End: pick(0), Why: pick(1)}
		for k := range i % 5 {
			r.Counts = append(r.Counts, game.Count{Name: pick(k+2) + strconv.Itoa(k), N: k * 1001})
		}
		line = appendResultPlain(line[:0], &r, &known)
		if want := appendResult(nil, &r); string(line) != string(want) {
			t.Fatalf("line %d:\n got %s\nwant %s", i, line, want)
		}
		var back Result
		if err := jsonUnmarshalStrict(line, &back); err != nil {
			t.Fatalf("line %d: %v\n%s", i, err, line)
		}
		if back.End != r.End || back.Why != r.Why || len(back.Counts) != len(r.Counts) {
			t.Fatalf("line %d read back %+v", i, back)
		}
		for k := range r.Counts {
			if back.Counts[k] != r.Counts[k] {
				t.Fatalf("line %d: count %d read back as %+v, written %+v", i, k, back.Counts[k], r.Counts[k])
			}
		}
	}
	for _, x := range []int{0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 123456789, -1, -10, math.MinInt, math.MaxInt} {
		if got, want := string(appendInt(nil, x)), strconv.Itoa(x); got != want {
			t.Errorf("appendInt(%d) = %s", x, got)
		}
	}
}

// The teams' win rates by deal, against counts by hand: five games of
// three seats, two deals (one Blocker or two) and a game without one.
func TestTeamWinRatesByDeal(t *testing.T) {
	c, b := "contributor", "blocker"
	m := Manifest{Format: FormatVersion, Game: "breaking-head", Players: 3, Labels: []string{"x"}, Games: 5}
	res := []Result{
		{Index: 0, Teams: []string{c, c, b}, Returns: []float64{1, 1, 0}},
		{Index: 1, Teams: []string{b, c, c}, Returns: []float64{1, 0, 0}},
		{Index: 2, Teams: []string{c, b, c}, Returns: []float64{1, 0, 1}},
		{Index: 3, Teams: []string{b, b, c}, Returns: []float64{1, 1, 0}},
		// Nobody is a Blocker, and nobody won.
		{Index: 4, Teams: []string{c, c, c}, Returns: []float64{0, 0, 0}},
	}
	for i := range res {
		res[i].Bots = []int{0, 0, 0}
	}
	s := Summarise(&Dir{Manifest: m, Results: res})
	type row struct {
		name  string
		games int
		rates map[string]float64
	}
	want := []row{
		{"blocker 0, contributor 3", 1, map[string]float64{c: 0}},
		{"blocker 1, contributor 2", 3, map[string]float64{b: 1.0 / 3, c: 2.0 / 3}},
		{"blocker 2, contributor 1", 1, map[string]float64{b: 1, c: 0}},
	}
	if len(s.Deals) != len(want) {
		t.Fatalf("%d deals, want %d: %+v", len(s.Deals), len(want), s.Deals)
	}
	for i, w := range want {
		d := s.Deals[i]
		if d.Name != w.name || d.Games != w.games || !near(d.Share, float64(w.games)/5) {
			t.Errorf("deal %d = %s, %d games, share %v; want %s, %d games", i, d.Name, d.Games, d.Share, w.name, w.games)
		}
		if len(d.Teams) != len(w.rates) {
			t.Errorf("deal %s: %d teams, want %d", d.Name, len(d.Teams), len(w.rates))
		}
		for _, r := range d.Teams {
			if r.N != w.games || !near(r.Rate, w.rates[r.Name]) {
				t.Errorf("deal %s, team %s: %v over %d, want %v over %d", d.Name, r.Name, r.Rate, r.N, w.rates[r.Name], w.games)
			}
			if r.Low > r.Rate || r.High < r.Rate {
				t.Errorf("deal %s, team %s: interval [%v, %v] misses %v", d.Name, r.Name, r.Low, r.High, r.Rate)
			}
		}
	}

	// One deal in every game: nothing to split.
	s = Summarise(&Dir{Manifest: m, Results: res[:2]})
	if s.Deals != nil {
		t.Errorf("one deal split into %+v", s.Deals)
	}
}

// floatTexts writes what appendFloat writes, for floats that come back
// (ratios of small counts, as Drama is), floats that collide in its
// table, and floats it does not keep (whole, not finite).
func TestFloatTextsWriteWhatAppendFloatDoes(t *testing.T) {
	var f floatTexts
	r := rand.New(rand.NewPCG(3, 4))
	for k := range 100000 {
		var x float64
		switch k % 4 {
		case 0:
			x = float64(r.IntN(40)) / float64(1+r.IntN(2)) / float64(1+r.IntN(60))
		case 1:
			x = r.NormFloat64() * math.Pow(10, float64(r.IntN(40)-20))
		case 2:
			x = []float64{0, 1, -3, 0.5, math.NaN(), math.Inf(1), -math.MaxFloat64, math.SmallestNonzeroFloat64, 1e15 + 0.5}[r.IntN(9)]
		default:
			x = math.Float64frombits(r.Uint64())
		}
		if got, want := string(f.appendFloat([]byte("x"), x)), "x"+string(appendFloat(nil, x)); got != want {
			t.Fatalf("%v (bits %#x): %q, want %q", x, math.Float64bits(x), got, want)
		}
	}
	var none *floatTexts
	if got := string(none.appendFloat(nil, 0.25)); got != "0.25" {
		t.Errorf("no table: %q", got)
	}
}

// Decisiveness's point, worked out by hand on small traces: the
// threshold is the largest value of a seat that did not win at any
// point; the game is decided at the first point at which a winner's
// value is above it; Decisiveness is the share of the points before.
func TestDecidedByHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		raw  []float64
		n    int
		win  []int
		want int     // decided's point, from 1 (points+1: never; 0: undefined)
		dec  float64 // Decisiveness, (want-1)/points, where defined
	}{
		// Seat 2's largest value is 4 (the last point); seat 1's values
		// 0 1 1 3 5 are above it first at point 5: 4 of 5 points before.
		{"late", []float64{0, 0, 1, 0, 1, 2, 3, 2, 5, 4}, 2, []int{0}, 5, 0.8},
		// Seat 2's largest is 3; seat 1 is above it at point 2 (5), and
		// below at point 3 (2 < 3): the first point counts, as in
		// Ludii, not a lead kept. 1 of 4 before.
		{"first above, not kept", []float64{0, 0, 5, 1, 2, 3, 6, 3}, 2, []int{0}, 2, 0.25},
		// Seat 2 wins. Seat 1's largest is 3; seat 2's 0 2 4 is above it
		// at point 3: 2 of 3 before.
		{"seat 2 wins", []float64{1, 0, 3, 2, 2, 4}, 2, []int{1}, 3, 2.0 / 3},
		// Decided at the first point: seat 2's largest is 1, seat 1 has
		// 3 at once. 0 before.
		{"at once", []float64{3, 1, 2, 1}, 2, []int{0}, 1, 0},
		// Won without ever being above: seat 2 reaches 2, so does seat 1,
		// never more (a tie broken by the rules): never, 3 of 3 -> 1.
		{"never", []float64{0, 0, 1, 2, 2, 2}, 2, []int{0}, 4, 1},
		// Three seats, seats 1 and 3 share the win: seat 2's largest is
		// 4; seat 1's 0 2 3 never is above it, seat 3's 0 1 5 is at
		// point 3: 2 of 3 before.
		{"a shared win of three", []float64{0, 0, 0, 2, 4, 1, 3, 4, 5}, 3, []int{0, 2}, 3, 2.0 / 3},
		// Undefined: a draw (both won), nobody won, everybody won, no
		// trace.
		{"draw", []float64{0, 0, 1, 0}, 2, []int{0, 1}, 0, 0},
		{"nobody", []float64{0, 0, 1, 0}, 2, nil, 0, 0},
		{"everybody", []float64{0, 0, 0}, 3, []int{0, 1, 2}, 0, 0},
		{"no points", nil, 2, []int{0}, 0, 0},
	} {
		got := decided(tc.raw, tc.n, tc.win)
		if got != tc.want {
			t.Errorf("%s: decided = %d, want %d", tc.name, got, tc.want)
			continue
		}
		if got == 0 {
			continue
		}
		points := len(tc.raw) / tc.n
		m := Manifest{Players: tc.n}
		ret := make([]float64, tc.n)
		for _, p := range tc.win {
			ret[p] = 1
		}
		r := Result{Returns: ret, Moves: make([]int, tc.n), Choices: make([]int, tc.n), Legal: make([]int, tc.n), Evals: points, Decided: got}
		sr := SeriesOf(&m, []Result{r})[keyDecisiveness]
		if len(sr.Value) != 1 || !near(sr.Value[0], tc.dec) {
			t.Errorf("%s: Decisiveness %v, want %v", tc.name, sr.Value, tc.dec)
		}
	}
}

// A results line carries Decided as encoding/json would write it, and
// reads it back; a line without it (written before) reads 0.
func TestDecidedRoundTrip(t *testing.T) {
	r := Result{Index: 1, Seed: 2, Bots: []int{0, 0}, Returns: []float64{1, 0}, Moves: []int{1, 1}, Choices: []int{0, 0}, Legal: []int{1, 1},
		Evals: 9, Leads: 2, Decided: 7}
	line := appendResult(nil, &r)
	want, _ := json.Marshal(r)
	if string(line) != string(want)+"\n" {
		t.Errorf("line %s, encoding/json %s", line, want)
	}
	var back Result
	if err := jsonUnmarshalStrict(line, &back); err != nil || back.Decided != 7 {
		t.Errorf("read back %+v, %v", back, err)
	}
	r.Decided = 0
	if line := appendResult(nil, &r); strings.Contains(string(line), "decided") {
		t.Errorf("an undefined point written: %s", line)
	}
}
