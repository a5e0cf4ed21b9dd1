package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// Axis is one parameter of a sweep or a tuning: an option of the game and
// the values to try, in order.
type Axis struct {
	Option string   `json:"option"`
	Values []string `json:"values"`
	// Numeric reports whether the values are numbers (plotted on a
	// numeric axis).
	Numeric bool `json:"numeric,omitempty"`
}

// ParseAxis reads an axis as the command line gives it: "OPTION", the
// values the game declares for it (game.Param), or "OPTION=V1,V2,...".
func ParseAxis(s string, in game.Info) (Axis, error) {
	name, vals, given := strings.Cut(s, "=")
	spec, ok := in.Option(name)
	if !ok {
		return Axis{}, fmt.Errorf("%s has no option %q (tunable: %s)", in.Name, name, paramNames(in))
	}
	p, declared := in.Param(name)
	a := Axis{Option: name, Numeric: declared && p.Numeric}
	switch {
	case given:
		for v := range strings.SplitSeq(vals, ",") {
			if slices.Contains(a.Values, v) {
				return Axis{}, fmt.Errorf("option %s: value %q given twice", name, v)
			}
			a.Values = append(a.Values, v)
		}
		if !declared {
			a.Numeric = allNumbers(a.Values)
		}
	case declared:
		a.Values = slices.Clone(p.Values)
	case len(spec.Values) > 0:
		a.Values = slices.Clone(spec.Values)
	default:
		return Axis{}, fmt.Errorf("option %s: name its values (%s=V1,V2,...): %s declares none", name, name, in.Name)
	}
	if len(a.Values) == 0 {
		return Axis{}, fmt.Errorf("option %s: no values", name)
	}
	return a, nil
}

// paramNames lists the options a game declares tunable.
func paramNames(in game.Info) string {
	var names []string
	for _, p := range in.Params {
		names = append(names, p.Option)
	}
	if len(names) == 0 {
		return "none declared"
	}
	return strings.Join(names, ", ")
}

func allNumbers(vals []string) bool {
	for _, v := range vals {
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return false
		}
	}
	return true
}

// Grid returns every combination of the axes' values, the last axis
// varying fastest.
func Grid(axes []Axis) [][]string {
	points := [][]string{nil}
	for _, a := range axes {
		var next [][]string
		for _, p := range points {
			for _, v := range a.Values {
				next = append(next, append(slices.Clip(p), v))
			}
		}
		points = next
	}
	return points
}

// PointName names a point of a grid, as its folder: "end=round,compensation=2";
// an empty value (the game's data decides) reads "default".
func PointName(axes []Axis, vals []string) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		v := vals[i]
		if v == "" {
			v = "default"
		}
		parts[i] = a.Option + "=" + safeName(v)
	}
	return strings.Join(parts, ",")
}

// safeName keeps a value's letters, digits, dots and hyphens, so that a
// folder's name never leaves its parent.
func safeName(v string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.' && v != "." && v != "..", r == '-':
			return r
		}
		return '_'
	}, v)
}

// pointOptions returns the run's options with the point's values set.
func pointOptions(base game.Options, axes []Axis, vals []string) game.Options {
	o := maps.Clone(base)
	if o == nil {
		o = game.Options{}
	}
	for i, a := range axes {
		o[a.Option] = vals[i]
	}
	return o
}

// checkAxes refuses axes that name an option twice or that the run's own
// options already fix.
func checkAxes(axes []Axis, fixed game.Options) error {
	if len(axes) == 0 {
		return fmt.Errorf("lab: no parameter to vary: name one or more (--param OPTION)")
	}
	seen := map[string]bool{}
	for _, a := range axes {
		if seen[a.Option] {
			return fmt.Errorf("lab: option %s is varied twice", a.Option)
		}
		seen[a.Option] = true
		if _, ok := fixed[a.Option]; ok {
			return fmt.Errorf("lab: option %s is both fixed (--option) and varied (--param)", a.Option)
		}
	}
	return nil
}

// SweepFile is the sweep's own file in its directory: its axes and every
// point's summary.
const (
	SweepFile = "sweep.json"
	SweepHTML = "sweep.html"
)

// SweepConfig describes a sweep: one run of Config at each point of the
// axes' grid. Config.Dir is the sweep's directory, each point's run a
// folder in it named by PointName; Config.Options are the options every
// point shares. Every point plays the same seeds, so that points differ
// by their rules and not by their luck (common random numbers).
type SweepConfig struct {
	Config
	Axes []Axis
	// OnPoint, if set, is called before each point's run with its number
	// (from 0), the number of points and the point's name.
	OnPoint func(i, n int, name string)
}

// Sweep is a finished sweep: every point's summary, in grid order.
type Sweep struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	Axes    []Axis       `json:"axes"`
	Labels  []string     `json:"bots"`
	Games   int          `json:"games"`
	Seed    uint64       `json:"seed"`
	Points  []SweepPoint `json:"points"`
}

// SweepPoint is one point of a sweep.
type SweepPoint struct {
	Values []string `json:"values"`
	// Dir is the point's run, relative to the sweep's directory.
	Dir     string   `json:"dir"`
	Summary *Summary `json:"summary"`
}

// RunSweep plays every point of the sweep (resuming any point already
// begun, as Run does), summarises each and writes DIR/sweep.json and
// DIR/sweep.html. Every point is prepared before the first game, so that
// a value the game refuses stops the sweep before it plays.
func RunSweep(ctx context.Context, cfg SweepConfig) (*Sweep, error) {
	if err := checkAxes(cfg.Axes, cfg.Options); err != nil {
		return nil, err
	}
	grid := Grid(cfg.Axes)
	cfgs := make([]Config, len(grid))
	var first *Manifest
	for i, vals := range grid {
		c := cfg.Config
		c.Dir = filepath.Join(cfg.Dir, PointName(cfg.Axes, vals))
		c.Options = pointOptions(cfg.Options, cfg.Axes, vals)
		m, err := Prepare(c)
		if err != nil {
			return nil, fmt.Errorf("lab: point %s: %w", PointName(cfg.Axes, vals), trimLab(err))
		}
		if first == nil {
			first = m
		}
		cfgs[i] = c
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	sw := &Sweep{Game: first.Game, Players: first.Players, Options: cfg.Options, Axes: cfg.Axes,
		Labels: first.Labels, Games: first.Games, Seed: first.Seed}
	if sw.Options == nil {
		sw.Options = game.Options{}
	}
	for i, c := range cfgs {
		name := PointName(cfg.Axes, grid[i])
		if cfg.OnPoint != nil {
			cfg.OnPoint(i, len(grid), name)
		}
		if _, err := Run(ctx, c); err != nil {
			return nil, fmt.Errorf("lab: point %s: %w", name, trimLab(err))
		}
		d, err := Load(c.Dir)
		if err != nil {
			return nil, err
		}
		sw.Points = append(sw.Points, SweepPoint{Values: grid[i], Dir: name, Summary: Summarise(d)})
	}
	if err := WriteSweep(cfg.Dir, sw); err != nil {
		return nil, err
	}
	return sw, nil
}

// trimLab drops the "lab: " of an error from this package, for an error
// that says "lab: " itself.
func trimLab(err error) error {
	if s := err.Error(); strings.HasPrefix(s, "lab: ") {
		return fmt.Errorf("%s", s[len("lab: "):])
	}
	return err
}

// WriteSweep writes DIR/sweep.json and DIR/sweep.html.
func WriteSweep(dir string, sw *Sweep) error {
	data, err := json.MarshalIndent(sw, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, SweepFile), append(data, '\n'), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, SweepHTML))
	if err != nil {
		return err
	}
	if err := RenderSweepHTML(f, sw); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Value is one measured quantity of a run, as sweeps plot and targets
// read them: a metric of the table, a seat's, bot's or team's win rate,
// an ending's share or a count's mean.
type Value struct {
	Key  string  `json:"key"`
	Name string  `json:"name"`
	V    float64 `json:"value"`
	// Low and High bound its 95% interval; both are V when it has none.
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Unit is true for a value between 0 and 1 (a rate, a share, a
	// balance).
	Unit bool `json:"unit,omitempty"`
}

// Values lists what s measured, keyed as targets name them: the metric
// keys of the table ("balance", "duration-turns", ...), "seat-N" for seat
// N's win rate, "bot:LABEL", "team:NAME", "end:KEY" for an ending's share
// and "count:NAME" for a count's mean per game. Undefined metrics are
// left out.
func Values(s *Summary) []Value {
	var out []Value
	for _, m := range s.Metrics {
		if m.N == 0 {
			continue
		}
		v := Value{Key: m.Key, Name: m.Name, V: m.Value, Low: m.Low, High: m.High, Unit: isRate(m.Key) || m.Key == keyBalance}
		if m.Interval == "" {
			v.Low, v.High = m.Value, m.Value
		}
		out = append(out, v)
	}
	rate := func(key, name string, r Rate) Value {
		return Value{Key: key, Name: name, V: r.Rate, Low: r.Low, High: r.High, Unit: true}
	}
	for i, r := range s.Seats {
		out = append(out, rate(seatKey(i), "win rate of seat "+strconv.Itoa(i+1), r))
	}
	for _, r := range s.Bots {
		out = append(out, rate("bot:"+r.Name, "win rate of "+r.Name, r))
	}
	for _, r := range s.Teams {
		out = append(out, rate("team:"+r.Name, "win rate of the "+r.Name+"s", r))
	}
	for _, e := range s.Ends {
		out = append(out, Value{Key: "end:" + e.Key, Name: "games ending " + e.Key, V: e.Share, Low: e.Low, High: e.High, Unit: true})
	}
	for _, c := range s.Counts {
		out = append(out, Value{Key: "count:" + c.Name, Name: c.Name + " per game", V: c.Mean, Low: c.Mean, High: c.Mean})
	}
	return out
}

// valueOf returns the value keyed key of vs.
func valueOf(vs []Value, key string) (Value, bool) {
	for _, v := range vs {
		if v.Key == key {
			return v, true
		}
	}
	return Value{}, false
}

// sweepKeys are the values a sweep's page plots, in order: every key
// some point measured, the table's metrics first.
func sweepKeys(sw *Sweep) []Value {
	var keys []Value
	for _, p := range sw.Points {
		for _, v := range Values(p.Summary) {
			if !slices.ContainsFunc(keys, func(k Value) bool { return k.Key == v.Key }) {
				keys = append(keys, Value{Key: v.Key, Name: v.Name, Unit: v.Unit})
			}
		}
	}
	return keys
}

// axisX returns the x of each value of an axis: the numbers of a numeric
// axis, else their places.
func axisX(a Axis) []float64 {
	x := make([]float64, len(a.Values))
	for i, v := range a.Values {
		x[i] = float64(i)
		if a.Numeric {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				x[i] = f
			}
		}
	}
	return x
}

// finite reports whether x is a number.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
