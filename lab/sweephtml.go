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
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

//go:embed sweep.html.tmpl
var sweepTemplate string

// sweepColumns are the table's headline values, when measured.
var sweepColumns = []string{keyBalance, "seat-1", keyTurns, keyDecisionMove, keyLeadChange, keyDrama, keyCompletion}

// sweepRow is one point in the page's table.
type sweepRow struct {
	Values []string
	Cells  []string
}

// RenderSweepHTML writes a sweep's page: a table of the points and, for
// every value some point measured, a plot of it against the first axis
// with a line for each combination of the other axes' values.
func RenderSweepHTML(w io.Writer, sw *Sweep) error {
	keys := sweepKeys(sw)
	var cols []Value
	for _, k := range sweepColumns {
		for _, v := range keys {
			if v.Key == k {
				cols = append(cols, v)
			}
		}
	}
	for _, v := range keys { // every bot's and team's win rate too
		if strings.HasPrefix(v.Key, "bot:") || strings.HasPrefix(v.Key, "team:") {
			cols = append(cols, v)
		}
	}
	var rows []sweepRow
	for _, p := range sw.Points {
		r := sweepRow{}
		for _, v := range p.Values {
			if v == "" {
				v = "(default)"
			}
			r.Values = append(r.Values, v)
		}
		vs := Values(p.Summary)
		for _, c := range cols {
			v, ok := valueOf(vs, c.Key)
			switch {
			case !ok:
				r.Cells = append(r.Cells, "n/a")
			case v.Low != v.High:
				r.Cells = append(r.Cells, fmt.Sprintf("%s [%s, %s]", num(v.V), num(v.Low), num(v.High)))
			default:
				r.Cells = append(r.Cells, num(v.V))
			}
		}
		rows = append(rows, r)
	}
	var figs []Figure
	for _, k := range keys {
		p, err := sweepPlot(sw, k)
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", k.Name, err)
		}
		uri, err := pngURI(p, 6*vg.Inch, 3.4*vg.Inch)
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", k.Name, err)
		}
		figs = append(figs, Figure{Title: k.Name, Alt: k.Name + " against " + sw.Axes[0].Option, URI: uri})
	}
	var over []string
	for _, a := range sw.Axes {
		over = append(over, a.Option)
	}
	t, err := template.New("sweep").Parse(sweepTemplate)
	if err != nil {
		return err
	}
	return t.Execute(w, struct {
		W           *Sweep
		Over, Fixed string
		First       string
		Cols        []Value
		Rows        []sweepRow
		Figures     []Figure
	}{sw, strings.Join(over, " × "), describeOptions(sw.Options), sw.Axes[0].Option, cols, rows, figs})
}

// sweepLine is a measure along the first axis at one combination of the
// others' values.
type sweepLine struct {
	x, y, lo, hi []float64
}

func (l sweepLine) Len() int                    { return len(l.x) }
func (l sweepLine) XY(i int) (float64, float64) { return l.x[i], l.y[i] }
func (l sweepLine) YError(i int) (float64, float64) {
	return l.y[i] - l.lo[i], l.hi[i] - l.y[i]
}

// sweepPlot draws one measure against the first axis.
func sweepPlot(sw *Sweep, k Value) (*plot.Plot, error) {
	first := sw.Axes[0]
	xs := axisX(first)
	p := plot.New()
	p.Title.Text = k.Name
	p.X.Label.Text = first.Option
	if k.Unit {
		p.Y.Min, p.Y.Max = 0, 1
	}
	lines := map[string]*sweepLine{}
	var order []string
	for _, pt := range sw.Points {
		rest := PointName(sw.Axes[1:], pt.Values[1:])
		v, ok := valueOf(Values(pt.Summary), k.Key)
		if !ok {
			continue
		}
		l := lines[rest]
		if l == nil {
			l = &sweepLine{}
			lines[rest] = l
			order = append(order, rest)
		}
		i := indexOf(first.Values, pt.Values[0])
		l.x = append(l.x, xs[i])
		l.y = append(l.y, v.V)
		l.lo = append(l.lo, v.Low)
		l.hi = append(l.hi, v.High)
	}
	for n, name := range order {
		l := lines[name]
		lp, pts, err := plotter.NewLinePoints(l)
		if err != nil {
			return nil, err
		}
		c := plotutil.Color(n)
		if len(order) == 1 {
			c = barColour
		}
		lp.Color, pts.Color = c, c
		errs, err := plotter.NewYErrorBars(l)
		if err != nil {
			return nil, err
		}
		errs.Color = c
		p.Add(lp, pts, errs)
		if name != "" {
			p.Legend.Add(name, lp, pts)
		}
	}
	p.Legend.Top = true
	// Room at both ends, so that the first and last points' bars show.
	lo, hi := slices.Min(xs), slices.Max(xs)
	pad := max((hi-lo)*0.06, 0.5)
	if first.Numeric {
		pad = max((hi-lo)*0.06, 0.05*max(math.Abs(hi), 1))
	}
	p.X.Min, p.X.Max = lo-pad, hi+pad
	if !first.Numeric {
		labels := make([]string, len(first.Values))
		for i, v := range first.Values {
			labels[i] = v
			if v == "" {
				labels[i] = "(default)"
			}
		}
		p.NominalX(labels...)
	}
	p.Add(plotter.NewGrid())
	return p, nil
}

func indexOf(vals []string, v string) int {
	for i, x := range vals {
		if x == v {
			return i
		}
	}
	return 0
}
