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
	// Significant is true when the interval leaves out 0.
	Significant bool `json:"significant"`
}

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
	keys = append(keys, keyDecisionMove, keyBranching, keyDecisionFac, keyLeadChange, keyDrama, keyDramaMax)
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
			d = compareSeries(x, y, c.Paired, !isRate(k))
		}
		d.Key, d.Name = k, MetricName(k)
		c.Rows = append(c.Rows, d)
	}
	c.Verdict = verdict(c)
	return c, nil
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
	if math.IsNaN(d.Low) {
		d.Low, d.High, d.Method = d.Diff, d.Diff, "too few games"
	} else {
		d.Significant = d.Low > 0 || d.High < 0
	}
	// A ratio to a mean that its own interval cannot tell from 0 has no
	// finite interval (Fieller's theorem), where the delta method would
	// print one, and a meaningless one ("+1000%, -1257% to +3257%" for a
	// count that happened once in 200 games): such rows get none.
	if rel && d.A > 0 && d.Method != "too few games" && d.A > z975*seA {
		d.HasRel = true
		d.RelLow, d.RelHigh = d.Rel-z975*seRel, d.Rel+z975*seRel
	}
	return d
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

// verdict says the comparison's findings in a sentence or a few: the
// length, the seat balance, then every other headline metric whose
// difference is significant.
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
		case t.Significant && t.Rel < 0:
			parts = append(parts, fmt.Sprintf("%s shortens games by %.0f%% (95%% CI %.0f-%.0f%%)", c.Subject, -100*t.Rel, -hi, -lo))
		case t.Significant:
			parts = append(parts, fmt.Sprintf("%s lengthens games by %.0f%% (95%% CI %.0f-%.0f%%)", c.Subject, 100*t.Rel, lo, hi))
		default:
			parts = append(parts, fmt.Sprintf("%s leaves game length unchanged (%+.0f%%, 95%% CI %+.0f%% to %+.0f%%)", c.Subject, 100*t.Rel, lo, hi))
		}
	}
	if b := row(keyBalance); b != nil {
		switch {
		case !b.Significant:
			parts = append(parts, "seat balance unchanged")
		case b.Diff > 0:
			parts = append(parts, fmt.Sprintf("seat balance improves from %.2f to %.2f (95%% CI of the change %+.2f to %+.2f)", b.A, b.B, b.Low, b.High))
		default:
			parts = append(parts, fmt.Sprintf("seat balance worsens from %.2f to %.2f (95%% CI of the change %+.2f to %+.2f)", b.A, b.B, b.Low, b.High))
		}
	}
	for _, d := range c.Rows {
		if !d.Significant {
			continue
		}
		switch {
		case d.Key == keyCompletion || d.Key == keyDrawishness || d.Key == keyTimeouts || d.Key == keyNoWinner ||
			d.Key == keyAdvantageP1 || strings.HasPrefix(d.Key, "end:"):
			parts = append(parts, fmt.Sprintf("%s %s from %.0f%% to %.0f%% (95%% CI of the change %+.0f to %+.0f points)",
				shareName(d.Key), riseFall(d.Diff), 100*d.A, 100*d.B, 100*d.Low, 100*d.High))
		case d.Key == keyLeadChange || d.Key == keyDrama || d.Key == keyBranching || d.Key == keyDecisionFac || d.Key == keyDecisionMove:
			parts = append(parts, fmt.Sprintf("%s %ss from %.3g to %.3g (95%% CI of the change %+.3g to %+.3g)",
				d.Name, riseFall(d.Diff), d.A, d.B, d.Low, d.High))
		}
	}
	if len(parts) == 0 {
		return "no difference found"
	}
	s := strings.Join(parts, "; ")
	if !c.Paired {
		s += " (unpaired: the runs have different seeds)"
	}
	return s
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
