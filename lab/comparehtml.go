package lab

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

//go:embed compare.html.tmpl
var compareTemplate string

// FigurePair is one plot of the single-run report drawn for both runs of
// a comparison, on the same axes where the plots share one (lengths,
// scores, shares, counts). A or B is the zero Figure when that run has
// nothing to plot there (no scores, no end reasons).
type FigurePair struct {
	Title string
	A, B  Figure
}

// ManifestRow is one line of the runs' descriptions: what A and B say,
// and whether they differ.
type ManifestRow struct {
	Name   string
	A, B   string
	Differ bool
}

// WriteCompareHTML writes the page of the comparison c of runs a and b
// (c is Compare(a, b)): one self-contained page, its plots inlined as
// data: URIs as the report's are, with the verdict, the table of rows,
// both runs' descriptions and each plot of the report for A and B side by
// side.
func WriteCompareHTML(w io.Writer, c *Comparison, a, b *Dir) error {
	sa, sb := Summarise(a), Summarise(b)
	figs, err := compareFigures(a, b, sa, sb)
	if err != nil {
		return err
	}
	t, err := template.New("compare").Funcs(template.FuncMap{
		"num":  num,
		"snum": signedNum,
		"pct":  func(x float64) string { return fmt.Sprintf("%+.1f%%", 100*x) },
		"def":  func(key string) string { return Definitions[key] },
	}).Parse(compareTemplate)
	if err != nil {
		return err
	}
	return t.Execute(w, struct {
		C        *Comparison
		Game     string
		Manifest []ManifestRow
		Figures  []FigurePair
	}{c, a.Manifest.Game, manifestRows(a, b), figs})
}

// signedNum is num with a + before positive numbers, for differences.
func signedNum(x float64) string {
	if x > 0 {
		return "+" + num(x)
	}
	return num(x)
}

// manifestRows describes both runs from their manifests, line by line.
func manifestRows(a, b *Dir) []ManifestRow {
	side := func(d *Dir) []string {
		m := &d.Manifest
		data := "none"
		if m.Data != "" {
			data = "sha256 " + short(m.Data)
		}
		bots := strings.Join(m.Bots, ", ")
		if len(m.Teams) > 0 {
			var kv []string
			for _, k := range slices.Sorted(mapsKeys(m.Teams)) {
				kv = append(kv, k+"="+m.Teams[k])
			}
			bots = "teams " + strings.Join(kv, ", ")
		}
		shard := "whole run"
		if m.Shard != nil {
			shard = m.Shard.String()
		}
		return []string{
			d.Path,
			m.Game,
			fmt.Sprint(m.Players),
			describeOptions(m.Options),
			data,
			bots,
			strings.Join(m.Labels, " | "),
			fmt.Sprintf("%d of %d", len(d.Results), m.Games),
			fmt.Sprintf("%d (game i has seed %d+i)", m.Seed, m.Seed),
			m.Trace,
			shard,
		}
	}
	names := []string{"directory", "game", "players", "options", "data table", "bots", "contestants", "games played", "seed", "evaluation trace", "shard"}
	va, vb := side(a), side(b)
	rows := make([]ManifestRow, len(names))
	for i, n := range names {
		rows[i] = ManifestRow{Name: n, A: va[i], B: vb[i], Differ: va[i] != vb[i]}
	}
	return rows
}

// compareFigures draws the report's plots for both runs: win rates by
// seat, bot and team (0 to 1 in both), the length histogram (the same
// bins and axes), the scores (the same axis), the end reasons and the
// counts (the same names, in the same order, on the same axis).
func compareFigures(a, b *Dir, sa, sb *Summary) ([]FigurePair, error) {
	var figs []FigurePair
	add := func(title string, alt string, pa, pb *plot.Plot, h vg.Length) error {
		if pa == nil && pb == nil {
			return nil
		}
		f := FigurePair{Title: title}
		for i, p := range []*plot.Plot{pa, pb} {
			if p == nil {
				continue
			}
			uri, err := pngURI(p, 6*vg.Inch, h)
			if err != nil {
				return fmt.Errorf("lab: plot %q: %w", title, err)
			}
			fig := Figure{Title: title, Alt: alt + " of run " + "AB"[i:i+1], URI: uri}
			if i == 0 {
				f.A = fig
			} else {
				f.B = fig
			}
		}
		figs = append(figs, f)
		return nil
	}
	height := 3.4 * vg.Inch
	rates := func(title, alt, what string, ra, rb []Rate) error {
		pa, err := ratePlot(what+" (95% Wilson intervals)", ra)
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", title, err)
		}
		pb, err := ratePlot(what+" (95% Wilson intervals)", rb)
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", title, err)
		}
		return add(title, alt, pa, pb, height)
	}
	if err := rates("Win rate by seat", "bars of each seat's win rate with intervals", "Win rate by seat", sa.Seats, sb.Seats); err != nil {
		return nil, err
	}
	if err := rates("Win rate by bot", "bars of each bot's win rate with intervals", "Win rate by bot", sa.Bots, sb.Bots); err != nil {
		return nil, err
	}
	if err := rates("Win rate by team", "bars of each team's win rate", "Win rate by team", sa.Teams, sb.Teams); err != nil {
		return nil, err
	}

	turns := func(d *Dir) []float64 {
		var v []float64
		for _, r := range d.Results {
			v = append(v, float64(r.Turns))
		}
		return v
	}
	pa, pb, err := sharedHists("Game length", "turns", turns(a), turns(b))
	if err != nil {
		return nil, fmt.Errorf("lab: plot %q: %w", "Length histogram", err)
	}
	// Counts of games share a y axis only between runs of as many games.
	sameAxes(pa, pb, true, len(a.Results) == len(b.Results))
	if err := add("Length histogram", "histogram of the games' lengths in turns", pa, pb, height); err != nil {
		return nil, err
	}

	pa, pb = nil, nil
	if len(sa.Scores) > 0 {
		if pa, err = scorePlot(a, sa); err != nil {
			return nil, fmt.Errorf("lab: plot %q: %w", "Score distributions", err)
		}
	}
	if len(sb.Scores) > 0 {
		if pb, err = scorePlot(b, sb); err != nil {
			return nil, fmt.Errorf("lab: plot %q: %w", "Score distributions", err)
		}
	}
	sameAxes(pa, pb, false, true)
	if err := add("Score distributions", "box plots of the final scores by seat", pa, pb, height); err != nil {
		return nil, err
	}

	// The end reasons and counts: the names of both runs, A's order
	// first, so that a bar is at one place in both plots.
	bars := func(title, alt, what string, na, nb []string, va, vb []float64) error {
		if len(na) == 0 && len(nb) == 0 {
			return nil
		}
		names := slices.Clone(na)
		for _, n := range nb {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		values := func(ns []string, vs []float64) []float64 {
			out := make([]float64, len(names))
			for i, n := range ns {
				out[slices.Index(names, n)] = vs[i]
			}
			return out
		}
		var pa, pb *plot.Plot
		var err error
		if len(na) > 0 {
			if pa, err = barPlot(what, names, values(na, va)); err != nil {
				return fmt.Errorf("lab: plot %q: %w", title, err)
			}
		}
		if len(nb) > 0 {
			if pb, err = barPlot(what, names, values(nb, vb)); err != nil {
				return fmt.Errorf("lab: plot %q: %w", title, err)
			}
		}
		sameAxes(pa, pb, true, false)
		h := max(3.4*vg.Inch, vg.Length(len(names))*0.22*vg.Inch+vg.Inch)
		return add(title, alt, pa, pb, h)
	}
	var ena, enb []string
	var eva, evb []float64
	for _, e := range sa.Ends {
		ena, eva = append(ena, e.Key), append(eva, e.Share)
	}
	for _, e := range sb.Ends {
		enb, evb = append(enb, e.Key), append(evb, e.Share)
	}
	if err := bars("End reasons", "bars of the share of games ending each way", "End reasons (share of games)", ena, enb, eva, evb); err != nil {
		return nil, err
	}
	var cna, cnb []string
	var cva, cvb []float64
	for _, c := range sa.Counts {
		cna, cva = append(cna, c.Name), append(cva, c.Mean)
	}
	for _, c := range sb.Counts {
		cnb, cvb = append(cnb, c.Name), append(cvb, c.Mean)
	}
	if err := bars("Game events", "bars of each counted event's mean per game", "The game's own events (mean per game)", cna, cnb, cva, cvb); err != nil {
		return nil, err
	}
	return figs, nil
}

// sameAxes puts two plots on the union of their ranges, along x, y or
// both; a nil plot is left out.
func sameAxes(p, q *plot.Plot, x, y bool) {
	if p == nil || q == nil {
		return
	}
	if x {
		lo, hi := math.Min(p.X.Min, q.X.Min), math.Max(p.X.Max, q.X.Max)
		p.X.Min, p.X.Max, q.X.Min, q.X.Max = lo, hi, lo, hi
	}
	if y {
		lo, hi := math.Min(p.Y.Min, q.Y.Min), math.Max(p.Y.Max, q.Y.Max)
		p.Y.Min, p.Y.Max, q.Y.Min, q.Y.Max = lo, hi, lo, hi
	}
}

// sharedHists draws the histograms of two runs' values with the same
// bins: whole numbers one to a bin when the range of both has at most 40,
// else 40 bins or fewer of a whole width. A run without values gets none.
func sharedHists(title, unit string, va, vb []float64) (*plot.Plot, *plot.Plot, error) {
	all := slices.Concat(va, vb)
	if len(all) == 0 {
		return nil, nil, nil
	}
	lo, hi := slices.Min(all), slices.Max(all)
	width := math.Max(1, math.Ceil((hi-lo+1)/40))
	start := math.Floor(lo) - 0.5
	n := int(math.Floor((hi-start)/width)) + 1
	one := func(v []float64) (*plot.Plot, error) {
		if len(v) == 0 {
			return nil, nil
		}
		bins := make([]plotter.HistogramBin, n)
		for i := range bins {
			bins[i].Min = start + float64(i)*width
			bins[i].Max = bins[i].Min + width
		}
		for _, x := range v {
			i := min(n-1, max(0, int(math.Floor((x-start)/width))))
			bins[i].Weight++
		}
		p := plot.New()
		p.Title.Text = title
		p.X.Label.Text = unit
		p.Y.Label.Text = "games"
		h := &plotter.Histogram{Bins: bins, Width: width, FillColor: barColour}
		h.LineStyle.Width = 0
		p.Add(h)
		return p, nil
	}
	pa, err := one(va)
	if err != nil {
		return nil, nil, err
	}
	pb, err := one(vb)
	return pa, pb, err
}
