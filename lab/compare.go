package lab

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/commons-games/commons/stats"
)

// Comparison is what Compare found between two runs A and B.
type Comparison struct {
	A Side `json:"a"`
	B Side `json:"b"`
	// Subject names what B changes against A (options, bots), for the
	// verdict.
	Subject string `json:"subject"`
	// Paired is true when both runs have the same seed, so that game i
	// of A and game i of B share their seed and their chance draws:
	// per-game differences are then taken game by game over the Pairs
	// games both have.
	Paired bool   `json:"paired"`
	Pairs  int    `json:"pairs"`
	Rows   []Diff `json:"rows"`
	// Verdict says the main findings in plain words.
	Verdict string `json:"verdict"`
}

// Side is one run of a comparison.
type Side struct {
	Dir    string `json:"dir"`
	About  string `json:"about"`
	Played int    `json:"played"`
}

// Diff is one metric of both runs and B - A with its 95% interval.
type Diff struct {
	Key  string  `json:"key"`
	Name string  `json:"name"`
	A    float64 `json:"a"`
	B    float64 `json:"b"`
	NA   int     `json:"n_a"`
	NB   int     `json:"n_b"`
	Diff float64 `json:"diff"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Rel is B/A - 1 with its interval (RelLow, RelHigh), for the means
	// of positive quantities (lengths, branching...).
	Rel     float64 `json:"rel,omitempty"`
	RelLow  float64 `json:"rel_low,omitempty"`
	RelHigh float64 `json:"rel_high,omitempty"`
	HasRel  bool    `json:"has_rel"`
	// Method says how the interval was made: "paired t" (differences
	// game by game), "Welch t" (unpaired), "paired bootstrap" or
	// "bootstrap" (Balance).
	Method string `json:"method"`
	// Significant is true when the interval leaves out 0, and so does
	// the relative one when the row has it, on the same side: a star
	// that one of the row's two intervals contradicts would mislead.
	Significant bool `json:"significant"`
	// Practical is the smallest change that matters to a designer
	// (docs/lab.md, "Comparing runs"): on B/A - 1 when PracticalRel, else
	// on B - A. A change whose estimate is smaller is no real change,
	// however clear statistically (10,000 paired games tell a 0.3%
	// change in length from 0, which no player would notice).
	Practical    float64 `json:"practical"`
	PracticalRel bool    `json:"practical_rel,omitempty"`
	// Change is ChangeReal (significant and at least Practical),
	// ChangeNone (smaller than Practical) or ChangeUnclear (as large but
	// not significant).
	Change string `json:"change"`
}

// The classes of Diff.Change.
const (
	ChangeReal    = "real"
	ChangeNone    = "none"
	ChangeUnclear = "unclear"
)

// The practical thresholds (docs/lab.md says why these): win rates,
// shares and the skill gap in points, Balance on its own 0..1 scale,
// lengths, counts and the trace metrics relative to A.
const (
	practicalShare   = 0.03
	practicalBalance = 0.03
	practicalRel     = 0.05
	practicalTrace   = 0.01
)

// Keys of the rows Compare adds to the metrics' series: a bot's and a
// team's win rate, and the skill gap.
const (
	botPrefix   = "bot:"
	teamPrefix  = "team:"
	keySkillGap = "skill-gap"
)

// z975 is the normal quantile of the relative differences' intervals
// (the delta method).
const z975 = 1.959963984540054

// Compare compares run B with run A, metric by metric (docs/lab.md,
// "Comparing runs").
func Compare(a, b *Dir) (*Comparison, error) {
	ma, mb := &a.Manifest, &b.Manifest
	if ma.Game != mb.Game {
		return nil, fmt.Errorf("lab: %s is a run of %s and %s one of %s: compare runs of one game", a.Path, ma.Game, b.Path, mb.Game)
	}
	if len(a.Results) == 0 || len(b.Results) == 0 {
		return nil, fmt.Errorf("lab: nothing to compare: %s has %d games, %s %d", a.Path, len(a.Results), b.Path, len(b.Results))
	}
	c := &Comparison{
		A:       Side{Dir: a.Path, About: describe(ma), Played: len(a.Results)},
		B:       Side{Dir: b.Path, About: describe(mb), Played: len(b.Results)},
		Subject: subject(ma, mb),
		Paired:  ma.Seed == mb.Seed && ma.Players == mb.Players,
	}
	sa, sb := SeriesOf(ma, a.Results), SeriesOf(mb, b.Results)
	if c.Paired {
		c.Pairs = len(common(sa[keyTurns].Index, sb[keyTurns].Index))
		if c.Pairs < 2 {
			c.Paired = false
		}
	}
	keys := []string{keyTurns, keyActions, keyMoves, keyBalance, keyCompletion, keyDrawishness, keyTimeouts, keyNoWinner, keyAdvantageP1}
	if ma.Players == mb.Players {
		for p := range ma.Players {
			keys = append(keys, seatKey(p))
		}
	}
	// Who won, by bot and team, then the skill gap: what a designer asks
	// first after the seats (a variant can erase a bot's edge and leave
	// the seats as they were).
	names := map[string]string{}
	keys = append(keys, contestants(ma, mb, a.Results, b.Results, sa, sb, names)...)
	keys = append(keys, keyDecisionMove, keyBranching, keyDecisionFac, keyLeadChange, keyDrama, keyDramaMax, keyDecisiveness)
	var extra []string
	for k := range sa {
		if strings.HasPrefix(k, "end:") || strings.HasPrefix(k, "count:") {
			extra = append(extra, k)
		}
	}
	for k := range sb {
		if (strings.HasPrefix(k, "end:") || strings.HasPrefix(k, "count:")) && sa[k] == nil {
			extra = append(extra, k)
		}
	}
	slices.Sort(extra)
	keys = append(keys, extra...)
	for _, k := range keys {
		var d Diff
		if k == keyBalance {
			d = compareBalance(ma.Players, mb.Players, sa, sb, c.Paired)
		} else {
			x, y := sa[k], sb[k]
			if x == nil {
				x = zeros(sb[k], a.Results) // an ending A never had
			}
			if y == nil {
				y = zeros(sa[k], b.Results)
			}
			if isShare(k) {
				d = compareShares(x, y, c.Paired)
			} else {
				d = compareSeries(x, y, c.Paired, true)
			}
		}
		d.Key, d.Name = k, MetricName(k)
		if n, ok := names[k]; ok {
			d.Name = n
		}
		practical(&d)
		c.Rows = append(c.Rows, d)
	}
	c.Verdict = verdict(c)
	return c, nil
}

// isShare reports whether a row's per-game values lie in [0, 1] and its
// difference is one of two rates, in points: results, seats' returns,
// endings, bots', teams' and the skill gap.
func isShare(k string) bool {
	return isRate(k) || strings.HasPrefix(k, botPrefix) || strings.HasPrefix(k, teamPrefix) || k == keySkillGap
}

// contestants adds to sa and sb the per-game win rates of every bot and
// team that plays in both runs (a bot's: the mean return of its seats,
// over the games it sits in, as in Summary.Bots), and the skill gap when
// both runs are of the same two bots, and returns their keys in order,
// with their names in names.
func contestants(ma, mb *Manifest, ra, rb []Result, sa, sb map[string]*Series, names map[string]string) []string {
	var keys []string
	for _, l := range ma.Labels {
		// A bot alone in every seat wins what the games give out: its
		// rate says nothing the results do not.
		if len(ma.Labels) < 2 || len(mb.Labels) < 2 || !slices.Contains(mb.Labels, l) {
			continue
		}
		k := botPrefix + l
		sa[k], sb[k] = botSeries(ma, ra, l), botSeries(mb, rb, l)
		keys = append(keys, k)
		names[k] = "win rate of " + l
	}
	ta, tb := teamsOf(ra), teamsOf(rb)
	for _, t := range ta {
		if !slices.Contains(tb, t) {
			continue
		}
		k := teamPrefix + t
		sa[k], sb[k] = teamSeries(ra, t), teamSeries(rb, t)
		keys = append(keys, k)
		names[k] = "win rate of team " + t
	}
	la, lb := slices.Sorted(slices.Values(ma.Labels)), slices.Sorted(slices.Values(mb.Labels))
	if len(la) == 2 && la[0] != la[1] && slices.Equal(la, lb) {
		// The stronger is the one that won more in A, so that the row
		// says how B changes the gap A had.
		strong, weak := la[0], la[1]
		if seriesMean(sa[botPrefix+weak]) > seriesMean(sa[botPrefix+strong]) {
			strong, weak = weak, strong
		}
		sa[keySkillGap], sb[keySkillGap] = gapSeries(ma, ra, strong, weak), gapSeries(mb, rb, strong, weak)
		keys = append(keys, keySkillGap)
		names[keySkillGap] = "skill gap: " + strong + "'s win rate against " + weak
	}
	return keys
}

func seriesMean(s *Series) float64 {
	m, _ := stats.MeanSD(s.Value)
	return m
}

// seatsOf returns the total return of the seats label plays in r, and
// how many they are.
func seatsOf(m *Manifest, r Result, label string) (got float64, seats int) {
	for p, x := range r.Returns {
		if p < len(r.Bots) && r.Bots[p] < len(m.Labels) && m.Labels[r.Bots[p]] == label {
			got += x
			seats++
		}
	}
	return got, seats
}

func botSeries(m *Manifest, results []Result, label string) *Series {
	s := &Series{}
	for _, r := range results {
		if got, seats := seatsOf(m, r, label); seats > 0 {
			s.add(r.Index, got/float64(seats))
		}
	}
	return s
}

func teamsOf(results []Result) []string {
	var teams []string
	for _, r := range results {
		for _, t := range r.Teams {
			if t != "" && !slices.Contains(teams, t) {
				teams = append(teams, t)
			}
		}
	}
	slices.Sort(teams)
	return teams
}

func teamSeries(results []Result, team string) *Series {
	s := &Series{}
	for _, r := range results {
		got, seats := 0.0, 0
		for p, x := range r.Returns {
			if p < len(r.Teams) && r.Teams[p] == team {
				got += x
				seats++
			}
		}
		if seats > 0 {
			s.add(r.Index, got/float64(seats))
		}
	}
	return s
}

// gapSeries is, per game in which both bots sit, the stronger's share of
// the two bots' wins: its mean return over the sum of both bots' mean
// returns, a game neither won counting half (a draw between them). In
// two-seat games it is the stronger's win rate; with more seats it
// leaves out the games won by others' seats, so that it measures the
// two bots against each other.
func gapSeries(m *Manifest, results []Result, strong, weak string) *Series {
	s := &Series{}
	for _, r := range results {
		gs, ns := seatsOf(m, r, strong)
		gw, nw := seatsOf(m, r, weak)
		if ns == 0 || nw == 0 {
			continue
		}
		x, y := gs/float64(ns), gw/float64(nw)
		v := 0.5
		if x+y > 0 {
			v = x / (x + y)
		}
		s.add(r.Index, v)
	}
	return s
}

// zeros is a series of 0 for every game of results (an ending or count a
// run never had), shaped like other.
func zeros(_ *Series, results []Result) *Series {
	s := &Series{}
	for _, r := range results {
		s.add(r.Index, 0)
	}
	return s
}

// subject says what B changes against A: its options and bots that
// differ, as "key=value" and "bots ..." ("the second run" if nothing).
func subject(a, b *Manifest) string {
	var parts []string
	keys := slices.Sorted(maps.Keys(b.Options))
	for _, k := range keys {
		if a.Options[k] != b.Options[k] {
			parts = append(parts, k+"="+b.Options[k])
		}
	}
	for k := range a.Options {
		if _, ok := b.Options[k]; !ok {
			parts = append(parts, "no "+k)
		}
	}
	if a.Players != b.Players {
		parts = append(parts, fmt.Sprintf("%d players", b.Players))
	}
	if !slices.Equal(a.Labels, b.Labels) {
		parts = append(parts, "bots "+strings.Join(b.Labels, ", "))
	}
	if len(parts) == 0 {
		return "the second run"
	}
	return strings.Join(parts, ", ")
}

// common returns the indices in both ascending lists.
func common(a, b []int) []int {
	var out []int
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// pairUp returns the values of x and y at the games both have.
func pairUp(x, y *Series) (xa, ya []float64) {
	i, j := 0, 0
	for i < len(x.Index) && j < len(y.Index) {
		switch {
		case x.Index[i] < y.Index[j]:
			i++
		case x.Index[i] > y.Index[j]:
			j++
		default:
			xa = append(xa, x.Value[i])
			ya = append(ya, y.Value[j])
			i++
			j++
		}
	}
	return xa, ya
}

// compareSeries compares the means of two per-game series: with paired,
// over the games both have, by the t-interval of the differences game by
// game; else by Welch's t-interval. With rel, it also gives B/A - 1 and
// its interval by the delta method (normal quantile).
func compareSeries(x, y *Series, paired, rel bool) Diff {
	var d Diff
	xv, yv := x.Value, y.Value
	d.A, _ = stats.MeanSD(xv)
	d.B, _ = stats.MeanSD(yv)
	d.NA, d.NB = len(xv), len(yv)
	d.Diff = d.B - d.A
	d.Low, d.High = math.NaN(), math.NaN()
	// seRel is the relative difference's standard error; seA that of
	// the mean it divides by.
	var seRel, seA float64
	if paired {
		xa, ya := pairUp(x, y)
		n := len(xa)
		if n >= 2 {
			diffs := make([]float64, n)
			for i := range xa {
				diffs[i] = ya[i] - xa[i]
			}
			md, sd := stats.MeanSD(diffs)
			h := stats.TQuantile(n-1) * sd / math.Sqrt(float64(n))
			d.Diff, d.Low, d.High = md, md-h, md+h
			d.Method = "paired t"
			// The paired means, for the relative difference.
			mx, sx := stats.MeanSD(xa)
			my, sy := stats.MeanSD(ya)
			seA = sx / math.Sqrt(float64(n))
			if mx > 0 {
				r := my / mx
				seRel = math.Sqrt(max(0, sy*sy+r*r*sx*sx-2*r*stats.Cov(xa, ya))/float64(n)) / mx
				d.Rel = r - 1
			}
		}
	} else if len(xv) >= 2 && len(yv) >= 2 {
		mx, sx := stats.MeanSD(xv)
		my, sy := stats.MeanSD(yv)
		vx, vy := sx*sx/float64(len(xv)), sy*sy/float64(len(yv))
		se := math.Sqrt(vx + vy)
		df := len(xv) + len(yv) - 2
		if vx+vy > 0 {
			// Welch-Satterthwaite degrees of freedom.
			df = int(math.Floor((vx + vy) * (vx + vy) / (vx*vx/float64(len(xv)-1) + vy*vy/float64(len(yv)-1))))
		}
		h := stats.TQuantile(max(1, df)) * se
		d.Low, d.High = d.Diff-h, d.Diff+h
		d.Method = "Welch t"
		seA = math.Sqrt(vx)
		if mx > 0 {
			r := my / mx
			seRel = math.Sqrt(vy+r*r*vx) / mx
			d.Rel = r - 1
		}
	}
	tooFew := math.IsNaN(d.Low)
	if tooFew {
		d.Low, d.High, d.Method = d.Diff, d.Diff, "too few games"
	}
	// A ratio to a mean that its own interval cannot tell from 0 has no
	// finite interval (Fieller's theorem), where the delta method would
	// print one, and a meaningless one ("+1000%, -1257% to +3257%" for a
	// count that happened once in 200 games): such rows get none.
	if rel && d.A > 0 && !tooFew && d.A > z975*seA {
		d.HasRel = true
		r := d.Rel + 1
		if r > 0 {
			// The interval of log(B/A), by the delta method, taken
			// back: the means are of non-negative quantities, so B/A - 1
			// cannot fall below -100%, which the interval of B/A
			// itself ("-87.5%, -113.5% to -61.5%") could.
			h := z975 * seRel / r
			d.RelLow, d.RelHigh = r*math.Exp(-h)-1, r*math.Exp(h)-1
		} else {
			// B's mean is 0 (every game 0): -100%, and at most what
			// the difference's own upper bound allows.
			d.RelLow, d.RelHigh = -1, max(-1, d.High/d.A)
		}
	}
	if !tooFew {
		d.Significant = significant(&d)
	}
	return d
}

// significant reports whether the row's interval leaves out 0, and its
// relative interval too when it has one, on the same side: the two are
// made differently (Student's t on B - A, the normal on log B/A) and can
// disagree near the edge, where a star would claim what one of them
// denies.
func significant(d *Diff) bool {
	up := d.Low > 0 && (!d.HasRel || d.RelLow > 0)
	down := d.High < 0 && (!d.HasRel || d.RelHigh < 0)
	return up || down
}

// compareShares compares two per-game series of values in [0, 1] (0/1
// results, returns, a bot's or team's win rate) by Newcombe's hybrid
// score interval of the difference (stats.NewcombeDiff): over the games
// both have, with the pairs' correlation, when paired; else the two
// runs' games on their own. Unlike the t interval of the differences, it
// stays inside what two rates can differ by, and it is not of width 0
// when neither run's rate varies (a share at 0% in both runs).
func compareShares(x, y *Series, paired bool) Diff {
	var d Diff
	d.A, _ = stats.MeanSD(x.Value)
	d.B, _ = stats.MeanSD(y.Value)
	d.NA, d.NB = len(x.Value), len(y.Value)
	d.Diff = d.B - d.A
	xv, yv, phi := x.Value, y.Value, 0.0
	d.Method = "Newcombe"
	if paired {
		xv, yv = pairUp(x, y)
		phi = stats.Corr(xv, yv)
		d.Method = "Newcombe paired"
		ma, _ := stats.MeanSD(xv)
		mb, _ := stats.MeanSD(yv)
		d.Diff = mb - ma
	}
	if len(xv) == 0 || len(yv) == 0 {
		d.Low, d.High, d.Method = d.Diff, d.Diff, "too few games"
		return d
	}
	d.Low, d.High = stats.NewcombeDiff(stats.Sum(xv), len(xv), stats.Sum(yv), len(yv), phi)
	d.Significant = significant(&d)
	return d
}

// practical sets the row's threshold and its class of change.
func practical(d *Diff) {
	est, thr := d.Diff, practicalShare
	switch {
	case d.Key == keyBalance:
		thr = practicalBalance
	case isShare(d.Key):
	case d.HasRel:
		est, thr, d.PracticalRel = d.Rel, practicalRel, true
	default:
		// A count too rare in A for a ratio: 5% of the larger mean.
		thr = practicalRel * max(math.Abs(d.A), math.Abs(d.B))
	}
	d.Practical = thr
	// The trace metrics on 0..1 also need a hundredth: Drama falling
	// from 0.0014 to 0.00004 is -97%, and nothing a player feels.
	small := false
	switch d.Key {
	case keyDecisionMove, keyLeadChange, keyDrama, keyDramaMax, keyDecisiveness:
		small = math.Abs(d.Diff) < practicalTrace
	}
	switch {
	case est == 0 || math.Abs(est) < thr || small:
		d.Change = ChangeNone
	case d.Significant:
		d.Change = ChangeReal
	default:
		d.Change = ChangeUnclear
	}
}

// withinPractical reports whether the row's whole interval lies inside its
// threshold: the data show no real change, rather than merely not
// showing one.
func withinPractical(d *Diff) bool {
	lo, hi := d.Low, d.High
	if d.PracticalRel {
		lo, hi = d.RelLow, d.RelHigh
	}
	return d.Change == ChangeNone && lo > -d.Practical && hi < d.Practical
}

// compareBalance compares Balance by a percentile bootstrap of B - A:
// over the common games resampled together when paired, else each run's
// games resampled on their own (1000 resamples, fixed seeds).
func compareBalance(pa, pb int, sa, sb map[string]*Series, paired bool) Diff {
	colsOf := func(s map[string]*Series, players int) [][]float64 {
		cols := make([][]float64, players)
		for p := range players {
			cols[p] = s[seatKey(p)].Value
		}
		return cols
	}
	ca, cb := colsOf(sa, pa), colsOf(sb, pb)
	d := Diff{A: balanceOf(ca, nil), B: balanceOf(cb, nil), NA: len(ca[0]), NB: len(cb[0])}
	d.Diff = d.B - d.A
	if paired {
		// Keep the games both runs have, in the same order.
		ia, ib := sa[seatKey(0)].Index, sb[seatKey(0)].Index
		both := common(ia, ib)
		pick := func(cols [][]float64, idx []int) [][]float64 {
			pos := map[int]int{}
			for k, i := range idx {
				pos[i] = k
			}
			out := make([][]float64, len(cols))
			for p, c := range cols {
				for _, i := range both {
					out[p] = append(out[p], c[pos[i]])
				}
			}
			return out
		}
		ca2, cb2 := pick(ca, ia), pick(cb, ib)
		d.Diff = balanceOf(cb2, nil) - balanceOf(ca2, nil)
		d.Low, d.High = stats.BootstrapInterval(len(both), 1000, func(idx []int) float64 { return balanceOf(cb2, idx) - balanceOf(ca2, idx) })
		d.Method = "paired bootstrap"
	} else {
		na, nb := len(ca[0]), len(cb[0])
		la := stats.Bootstrap(na, 1000, 1, func(idx []int) float64 { return balanceOf(ca, idx) })
		lb := stats.Bootstrap(nb, 1000, 2, func(idx []int) float64 { return balanceOf(cb, idx) })
		diffs := make([]float64, len(la))
		for i := range la {
			diffs[i] = lb[i] - la[i]
		}
		slices.Sort(diffs)
		d.Low, d.High = stats.Percentile(diffs, .025), stats.Percentile(diffs, .975)
		d.Method = "bootstrap"
	}
	d.Significant = d.Low > 0 || d.High < 0
	return d
}

// verdict says the comparison's findings in a sentence or a few, in the
// order a designer asks: the length, the seat balance with every seat
// whose wins really change, the skill gap (or each bot's win rate), each
// team's, then every other real change among the results, the endings
// and the trace metrics. Only real changes (Diff.Change) are findings:
// the length, the balance and the skill gap are always said, as
// "unchanged" when the whole interval lies within the threshold and "no
// clear change" when it does not.
func verdict(c *Comparison) string {
	row := func(k string) *Diff {
		for i := range c.Rows {
			if c.Rows[i].Key == k {
				return &c.Rows[i]
			}
		}
		return nil
	}
	var parts []string
	if t := row(keyTurns); t != nil && t.HasRel {
		lo, hi := 100*t.RelLow, 100*t.RelHigh
		switch {
		case t.Change == ChangeReal && t.Rel < 0:
			parts = append(parts, fmt.Sprintf("%s shortens games by %.0f%% (95%% CI %.0f-%.0f%%)", c.Subject, -100*t.Rel, -hi, -lo))
		case t.Change == ChangeReal:
			parts = append(parts, fmt.Sprintf("%s lengthens games by %.0f%% (95%% CI %.0f-%.0f%%)", c.Subject, 100*t.Rel, lo, hi))
		case withinPractical(t):
			parts = append(parts, fmt.Sprintf("%s leaves game length unchanged (%+.1f%%, 95%% CI %+.1f%% to %+.1f%%)", c.Subject, 100*t.Rel, lo, hi))
		default:
			parts = append(parts, fmt.Sprintf("%s: no clear change in game length (%+.1f%%, 95%% CI %+.1f%% to %+.1f%%)", c.Subject, 100*t.Rel, lo, hi))
		}
	} else {
		parts = append(parts, c.Subject+":")
	}
	// The seats whose wins really change are said with the balance, so
	// that the two never disagree: a balance "unchanged" while seat 1
	// gains 9 points would read as if the seats were as before.
	var seats []string
	for _, d := range c.Rows {
		if strings.HasPrefix(d.Key, "seat-") && d.Change == ChangeReal {
			seats = append(seats, shareChange("seat "+strings.TrimPrefix(d.Key, "seat-")+"'s wins", &d))
		}
	}
	moved := strings.Join(seats, " and ")
	if b := row(keyBalance); b != nil {
		var bal string
		switch {
		case b.Change == ChangeReal:
			bal = fmt.Sprintf("seat balance %s from %.2f to %.2f (95%% CI of the change %+.2f to %+.2f)", betterWorse(b.Diff), b.A, b.B, b.Low, b.High)
		case withinPractical(b) && len(seats) == 0:
			bal = "seat balance unchanged"
		case withinPractical(b):
			bal = fmt.Sprintf("seat balance unchanged (%.2f to %.2f)", b.A, b.B)
		default:
			bal = fmt.Sprintf("no clear change in seat balance (%.2f to %.2f, 95%% CI of the change %+.2f to %+.2f)", b.A, b.B, b.Low, b.High)
		}
		switch {
		case len(seats) == 0:
		case b.Change == ChangeReal:
			bal += "; " + moved
		default:
			bal += ", but " + moved
		}
		parts = append(parts, bal)
	} else if moved != "" {
		parts = append(parts, moved)
	}
	if g := row(keySkillGap); g != nil {
		who := strings.TrimPrefix(g.Name, "skill gap: ")
		switch {
		case g.Change == ChangeReal:
			parts = append(parts, shareChange(who, g))
		case withinPractical(g):
			parts = append(parts, fmt.Sprintf("%s unchanged (%.0f%% to %.0f%%)", who, 100*g.A, 100*g.B))
		default:
			parts = append(parts, fmt.Sprintf("no clear change in %s (%.0f%% to %.0f%%, 95%% CI of the change %+.0f to %+.0f points)", who, 100*g.A, 100*g.B, 100*g.Low, 100*g.High))
		}
	}
	for _, d := range c.Rows {
		if d.Change != ChangeReal {
			continue
		}
		switch {
		case strings.HasPrefix(d.Key, botPrefix) && row(keySkillGap) == nil:
			// With two bots the skill gap says it.
			parts = append(parts, shareChange(strings.TrimPrefix(d.Key, botPrefix)+"'s win rate", &d))
		case strings.HasPrefix(d.Key, teamPrefix):
			parts = append(parts, shareChange("team "+strings.TrimPrefix(d.Key, teamPrefix)+"'s win rate", &d))
		}
	}
	for _, d := range c.Rows {
		if d.Change != ChangeReal {
			continue
		}
		switch {
		case d.Key == keyCompletion || d.Key == keyDrawishness || d.Key == keyTimeouts || d.Key == keyNoWinner ||
			strings.HasPrefix(d.Key, "end:"):
			parts = append(parts, shareChange(shareName(d.Key), &d))
		case d.Key == keyLeadChange || d.Key == keyDrama || d.Key == keyBranching || d.Key == keyDecisionFac || d.Key == keyDecisionMove || d.Key == keyDecisiveness:
			if d.HasRel {
				parts = append(parts, fmt.Sprintf("%s %ss from %.3g to %.3g (%+.0f%%, 95%% CI %+.0f%% to %+.0f%%)",
					d.Name, riseFall(d.Diff), d.A, d.B, 100*d.Rel, 100*d.RelLow, 100*d.RelHigh))
			} else {
				parts = append(parts, fmt.Sprintf("%s %ss from %.3g to %.3g (95%% CI of the change %+.3g to %+.3g)",
					d.Name, riseFall(d.Diff), d.A, d.B, d.Low, d.High))
			}
		}
	}
	s := parts[0]
	if len(parts) > 1 {
		s = strings.TrimSuffix(s, ":")
		if strings.HasSuffix(parts[0], ":") {
			s += ": " + strings.Join(parts[1:], "; ")
		} else {
			s += "; " + strings.Join(parts[1:], "; ")
		}
	} else if strings.HasSuffix(s, ":") {
		return "no difference found"
	}
	if !c.Paired {
		s += " (unpaired: the runs have different seeds)"
	}
	return s
}

// shareChange says a real change of a rate in points: "seat 1's wins
// rise from 33% to 42% (95% CI of the change +2 to +17 points)".
func shareChange(what string, d *Diff) string {
	return fmt.Sprintf("%s %s from %.0f%% to %.0f%% (95%% CI of the change %+.0f to %+.0f points)",
		what, riseFall(d.Diff)+verbS(what), 100*d.A, 100*d.B, 100*d.Low, 100*d.High)
}

// verbS is the verb's ending for what: "mcts's win rate (against
// greedy) rises", but
// "draws rise", "seat 1's wins rise", "games with a winner rise".
func verbS(what string) string {
	if strings.Contains(what, "win rate") {
		return "s"
	}
	return ""
}

func betterWorse(d float64) string {
	if d > 0 {
		return "improves"
	}
	return "worsens"
}

func riseFall(d float64) string {
	if d > 0 {
		return "rise"
	}
	return "fall"
}

func shareName(k string) string {
	switch k {
	case keyCompletion:
		return "games with a winner"
	case keyDrawishness:
		return "draws"
	case keyTimeouts:
		return "timeouts"
	case keyNoWinner:
		return "games nobody wins"
	case keyAdvantageP1:
		return "seat 1's wins"
	}
	return "\"" + strings.TrimPrefix(k, "end:") + "\" endings"
}
