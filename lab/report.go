package lab

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

//go:embed report.html.tmpl
var reportTemplate string

// Figure is one plot of a report, as a PNG data URI.
type Figure struct {
	Title string
	Alt   string
	URI   template.URL
}

// WriteReport writes DIR/report.html, one self-contained page (its plots
// inlined as data: URIs, nothing fetched from a network), and
// DIR/report.json, the Summary it shows, with DIR/finding.md at the top
// of both if there is one. It returns the Summary.
func WriteReport(d *Dir) (*Summary, error) {
	s := Summarise(d)
	switch f, err := os.ReadFile(filepath.Join(d.Path, FindingFile)); {
	case err == nil:
		s.Finding = string(f)
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("lab: the run's finding: %w", err)
	}
	data, err := marshalIndent(s)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(d.Path, ReportJSON), data, 0o644); err != nil {
		return nil, err
	}
	var html bytes.Buffer
	if err := RenderHTML(&html, d, s); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(d.Path, ReportHTML), html.Bytes(), 0o644); err != nil {
		return nil, err
	}
	return s, nil
}

// RenderHTML writes the report page of d, whose Summary is s.
func RenderHTML(w io.Writer, d *Dir, s *Summary) error {
	figs, err := Figures(d, s)
	if err != nil {
		return err
	}
	t, err := template.New("report").Funcs(template.FuncMap{
		"num":  num,
		"pct":  func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
		"def":  func(key string) string { return Definitions[key] },
		"src":  func(key string) string { return Sources[key] },
		"opts": func() string { return describeOptions(s.Options) },
	}).Parse(reportTemplate)
	if err != nil {
		return err
	}
	var finding bytes.Buffer
	if err := findingMarkdown.Convert([]byte(s.Finding), &finding); err != nil {
		return fmt.Errorf("lab: the run's finding: %w", err)
	}
	return t.Execute(w, struct {
		S       *Summary
		Finding template.HTML
		Figures []Figure
	}{s, template.HTML(finding.String()), figs})
}

// findingMarkdown renders a finding: GitHub's Markdown (tables too),
// raw HTML in it escaped, since the page must fetch nothing.
var findingMarkdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// num formats a metric value: whole numbers plainly, others to three
// significant digits or two decimals.
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e9 {
		return strconv.FormatInt(int64(x), 10)
	}
	if math.Abs(x) >= 100 {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

func describeOptions(o map[string]string) string {
	var kv []string
	for _, k := range slices.Sorted(mapsKeys(o)) {
		kv = append(kv, k+"="+o[k])
	}
	if len(kv) == 0 {
		return "none"
	}
	return strings.Join(kv, ", ")
}

func mapsKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Figures draws a report's plots with gonum/plot: win rate by seat and by
// bot with their intervals, the length histogram, the score
// distributions, the end reasons and the game's own counts.
func Figures(d *Dir, s *Summary) ([]Figure, error) {
	var figs []Figure
	height := 3.4 * vg.Inch
	add := func(title, alt string, p *plot.Plot, err error) error {
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", title, err)
		}
		if p == nil {
			return nil
		}
		uri, err := pngURI(p, 6*vg.Inch, height)
		if err != nil {
			return fmt.Errorf("lab: plot %q: %w", title, err)
		}
		figs = append(figs, Figure{Title: title, Alt: alt, URI: uri})
		return nil
	}
	if len(d.Results) == 0 {
		return nil, nil
	}
	p, err := ratePlot("Win rate by seat (95% Wilson intervals)", s.Seats)
	if err := add("Win rate by seat", "bars of each seat's win rate with intervals", p, err); err != nil {
		return nil, err
	}
	p, err = ratePlot("Win rate by bot (95% Wilson intervals)", s.Bots)
	if err := add("Win rate by bot", "bars of each bot's win rate with intervals", p, err); err != nil {
		return nil, err
	}
	if len(s.Teams) > 0 {
		p, err = ratePlot("Win rate by team (95% Wilson intervals)", s.Teams)
		if err := add("Win rate by team", "bars of each team's win rate", p, err); err != nil {
			return nil, err
		}
	}
	var turns []float64
	for _, r := range d.Results {
		turns = append(turns, float64(r.Turns))
	}
	p, err = histPlot("Game length", "turns", turns)
	if err := add("Length histogram", "histogram of the games' lengths in turns", p, err); err != nil {
		return nil, err
	}
	if len(s.Scores) > 0 {
		p, err = scorePlot(d, s)
		if err := add("Score distributions", "box plots of the final scores by seat", p, err); err != nil {
			return nil, err
		}
	}
	if len(s.Ends) > 0 {
		var names []string
		var vals []float64
		for _, e := range s.Ends {
			names = append(names, e.Key)
			vals = append(vals, e.Share)
		}
		height = max(3.4*vg.Inch, vg.Length(len(vals))*0.22*vg.Inch+vg.Inch)
		p, err = barPlot("End reasons (share of games)", names, vals)
		if err := add("End reasons", "bars of the share of games ending each way", p, err); err != nil {
			return nil, err
		}
	}
	if len(s.Counts) > 0 {
		var names []string
		var vals []float64
		for _, c := range s.Counts {
			names = append(names, c.Name)
			vals = append(vals, c.Mean)
		}
		height = max(3.4*vg.Inch, vg.Length(len(vals))*0.22*vg.Inch+vg.Inch)
		p, err = barPlot("The game's own events (mean per game)", names, vals)
		if err := add("Game events", "bars of each counted event's mean per game", p, err); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

func pngURI(p *plot.Plot, w, h vg.Length) (template.URL, error) {
	wt, err := p.WriterTo(w, h, "png")
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return "", err
	}
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())), nil
}

var barColour = color.RGBA{R: 0x3b, G: 0x6e, B: 0xa8, A: 0xff}

// rateErrs are bars' tops with their intervals, for YErrorBars.
type rateErrs []Rate

func (r rateErrs) Len() int                    { return len(r) }
func (r rateErrs) XY(i int) (float64, float64) { return float64(i), r[i].Rate }
func (r rateErrs) YError(i int) (float64, float64) {
	return r[i].Rate - r[i].Low, r[i].High - r[i].Rate
}

func ratePlot(title string, rates []Rate) (*plot.Plot, error) {
	if len(rates) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = "mean return"
	p.Y.Min, p.Y.Max = 0, 1
	vals := make(plotter.Values, len(rates))
	names := make([]string, len(rates))
	for i, r := range rates {
		vals[i] = r.Rate
		names[i] = shorten(r.Name, 28)
	}
	bars, err := plotter.NewBarChart(vals, barWidth(len(rates)))
	if err != nil {
		return nil, err
	}
	bars.Color = barColour
	bars.LineStyle.Width = 0
	errs, err := plotter.NewYErrorBars(rateErrs(rates))
	if err != nil {
		return nil, err
	}
	p.Add(bars, errs)
	p.NominalX(names...)
	return p, nil
}

func barPlot(title string, names []string, vals []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	short := make([]string, len(names))
	for i, n := range names {
		short[i] = shorten(n, 22)
	}
	bars, err := plotter.NewBarChart(plotter.Values(vals), barWidth(len(vals)))
	if err != nil {
		return nil, err
	}
	bars.Color = barColour
	bars.LineStyle.Width = 0
	bars.Horizontal = true
	p.Add(bars)
	p.NominalY(short...)
	p.X.Min = 0
	p.X.Max = 1.05 * max(slices.Max(vals), 1e-9)
	return p, nil
}

func barWidth(n int) vg.Length {
	return vg.Length(max(4, min(40, 300/max(1, n))))
}

func histPlot(title, unit string, v []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = unit
	p.Y.Label.Text = "games"
	lo, hi := slices.Min(v), slices.Max(v)
	bins := int(min(40, max(1, hi-lo+1)))
	h, err := plotter.NewHist(plotter.Values(v), bins)
	if err != nil {
		return nil, err
	}
	h.FillColor = barColour
	h.LineStyle.Width = 0
	p.Add(h)
	return p, nil
}

func scorePlot(d *Dir, s *Summary) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Final scores by seat"
	p.Y.Label.Text = "score"
	names := make([]string, len(s.Scores))
	for seat := range s.Scores {
		var v plotter.Values
		for _, r := range d.Results {
			if seat < len(r.Scores) {
				v = append(v, r.Scores[seat])
			}
		}
		b, err := plotter.NewBoxPlot(vg.Length(30), float64(seat), v)
		if err != nil {
			return nil, err
		}
		b.FillColor = color.RGBA{R: 0xc6, G: 0xd8, B: 0xee, A: 0xff}
		p.Add(b)
		names[seat] = s.Scores[seat].Name
	}
	p.NominalX(names...)
	return p, nil
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// Definitions say what each metric measures, as docs/lab.md does.
var Definitions = map[string]string{
	keyBalance:      "1 - the largest difference between two seats' win rates (mean returns; shared wins count as partial wins).",
	keyCompletion:   "Share of games with a winner: not a draw, not a timeout, not a game nobody won.",
	keyDrawishness:  "Share of games that ended in a draw: every seat shared the win equally (returns equal and below 1), no limit reached.",
	keyTimeouts:     "Share of games ended by a move or turn limit (the game's Outcome says Limit).",
	keyNoWinner:     "Share of games nobody won: every return 0 (Open Source's supply ending, Breaking Head's nobody). Ours, not Ludii's.",
	keyAdvantageP1:  "Seat 1's mean return: its share of wins, shared wins as partial wins.",
	keyActions:      "Actions per game, chance outcomes included.",
	keyMoves:        "Decisions per game (player moves; chance outcomes are not moves).",
	keyTurns:        "Turns per game; a turn is one seat's run of decisions (chance outcomes within it do not break it).",
	keyDecisionMove: "Per game, the share of moves at which the mover had more than one legal move; averaged over games.",
	keyBranching:    "Per game, the mean number of legal moves at the moves; averaged over games.",
	keyDecisionFac:  "Per game, the mean number of legal moves at the moves with more than one; averaged over the games that have such moves.",
	keyLeadChange:   "Per game, the trace points at which the set of leaders (the seats with the highest evaluation) differs from the previous point's, over the number of points; averaged over games.",
	keyDrama:        "Per game, at each trace point, the mean over the eventual winners of the leader's normalised evaluation less the winner's (0 to 1), averaged over the points; averaged over the games that have winners.",
	keyDramaMax:     "As Drama, with the largest such gap of each game instead of the average.",
	keyDecisiveness: "Per game, the share of the trace points before the first at which an eventual winner's evaluation is above the Decisiveness Threshold, the highest evaluation any seat that did not win had in the game (1 when no winner's ever is); averaged over the games with a winner and a seat that did not win.",
}

// Sources name the Ludii file each metric follows (Ludeme/Ludii,
// Evaluation/src/metrics).
var Sources = map[string]string{
	keyBalance:      "single/outcome/Balance.java",
	keyCompletion:   "single/outcome/Completion.java",
	keyDrawishness:  "single/outcome/Drawishness.java",
	keyTimeouts:     "single/outcome/Timeouts.java",
	keyNoWinner:     "",
	keyAdvantageP1:  "single/outcome/AdvantageP1.java",
	keyActions:      "single/duration/DurationActions.java",
	keyMoves:        "single/duration/DurationMoves.java",
	keyTurns:        "single/duration/DurationTurns.java",
	keyDecisionMove: "single/complexity/DecisionMoves.java",
	keyBranching:    "multiple/metrics/BranchingFactor.java (Average)",
	keyDecisionFac:  "multiple/metrics/DecisionFactor.java (Average)",
	keyLeadChange:   "single/stateEvaluation/LeadChange.java",
	keyDrama:        "multiple/metrics/Drama.java (Average)",
	keyDramaMax:     "multiple/metrics/Drama.java (Max)",
	keyDecisiveness: "single/stateEvaluation/decisiveness/DecisivenessMoves.java, DecisivenessThreshold.java",
}
