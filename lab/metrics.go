package lab

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/commons-games/commons/stats"
)

// Summary is what a run measured: the metric table, win rates, lengths,
// end reasons and the game's own counts. It is report.json.
type Summary struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options map[string]string `json:"options"`
	Labels  []string          `json:"bots"`
	Seed    uint64            `json:"seed"`
	// Games is the run's size, Played the games found.
	Games  int    `json:"games"`
	Played int    `json:"played"`
	Trace  string `json:"trace"`
	// Metrics is the table of Ludii's metrics, in a fixed order.
	Metrics []Metric `json:"metrics"`
	// Seats, Bots and Teams are win rates (mean returns) with 95%
	// Wilson intervals.
	Seats []Rate `json:"seat_win_rates"`
	Bots  []Rate `json:"bot_win_rates"`
	Teams []Rate `json:"team_win_rates,omitempty"`
	// Deals are the teams' win rates again, by how many seats each team
	// had, when that differs from game to game (Breaking Head deals its
	// roles, B1).
	Deals []Deal `json:"team_win_rates_by_deal,omitempty"`
	// Results counts the games of each class (docs/lab.md).
	Results Classes `json:"results"`
	// Duration in actions (chance included), moves (decisions) and turns.
	Duration struct {
		Actions Dist `json:"actions"`
		Moves   Dist `json:"moves"`
		Turns   Dist `json:"turns"`
	} `json:"duration"`
	// Ends are the games' own end reasons, the most frequent first.
	Ends []Share `json:"ends,omitempty"`
	// Counts are the games' own event counts, in the game's order.
	Counts []CountStat `json:"counts,omitempty"`
	// Scores are the final scores by seat, in games that keep scores.
	Scores []Dist `json:"scores,omitempty"`
	// Finding is DIR/finding.md, the finding in plain words, if the run
	// has one (Markdown).
	Finding string `json:"finding,omitempty"`
}

// Metric is one row of the metric table.
type Metric struct {
	Key   string  `json:"key"`
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	// Low and High bound a 95% interval, when Interval says how it was
	// made ("Wilson", "t", "bootstrap").
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	Interval string  `json:"interval,omitempty"`
	// N is the number of games the value is over; 0 means undefined
	// (no game had what it needs), and Value is then 0.
	N int `json:"n"`
	// SD is the standard deviation over games, for the per-game means.
	SD float64 `json:"sd,omitempty"`
}

// Rate is a win rate: the mean return over N games, with its 95% Wilson
// interval.
type Rate struct {
	Name string  `json:"name"`
	N    int     `json:"n"`
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Deal is the games in which the teams had one make-up (how many seats
// each), and each team's win rate in them.
type Deal struct {
	// Name gives each team's seats, the teams in alphabetical order:
	// "blocker 2, contributor 3".
	Name string `json:"name"`
	// Games is how many games had this deal; Share is that over the
	// games with teams, with its 95% Wilson interval.
	Games int     `json:"games"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Teams are the teams' win rates in those games, as in
	// Summary.Teams.
	Teams []Rate `json:"teams"`
}

// Classes counts games by result (docs/lab.md): a winner (some seats won,
// maybe all), a draw (every seat shared the win equally), nobody won
// (every return 0), or a timeout (a move or turn limit ended the game).
type Classes struct {
	Wins     int `json:"wins"`
	Draws    int `json:"draws"`
	NoWinner int `json:"no_winner"`
	Timeouts int `json:"timeouts"`
}

// Dist describes a distribution: the mean, the sample standard deviation
// and percentiles (linear interpolation between order statistics).
type Dist struct {
	Name string  `json:"name,omitempty"`
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	P10  float64 `json:"p10"`
	P25  float64 `json:"p25"`
	P50  float64 `json:"p50"`
	P75  float64 `json:"p75"`
	P90  float64 `json:"p90"`
	Max  float64 `json:"max"`
}

// Share is how often something happened: N of Of games, with its 95%
// Wilson interval.
type Share struct {
	Key   string  `json:"key"`
	Words string  `json:"words,omitempty"`
	N     int     `json:"n"`
	Of    int     `json:"of"`
	Share float64 `json:"share"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// CountStat sums up one of the game's own counts over the games: its
// mean per game and the share of games in which it happened at all.
type CountStat struct {
	Name  string  `json:"name"`
	Mean  float64 `json:"mean"`
	SD    float64 `json:"sd"`
	Total int     `json:"total"`
	Games int     `json:"games"` // games in which it happened
	Share float64 `json:"share"`
}

// class is a game's result class.
type class int

const (
	classWin class = iota
	classDraw
	classNobody
	classTimeout
)

// classify puts a game in its class: a timeout when a limit ended it
// (whatever the returns), nobody when every return is 0, a draw when
// every seat has the same return below 1 (a win shared by all), else a
// win (some seats won; every seat returning 1, a win of all, counts).
func classify(returns []float64, limit bool) class {
	if limit {
		return classTimeout
	}
	top, low := math.Inf(-1), math.Inf(1)
	for _, x := range returns {
		top, low = max(top, x), min(low, x)
	}
	switch {
	case top <= 0:
		return classNobody
	case top-low < 1e-9 && top < 1-1e-9 && len(returns) > 1:
		return classDraw
	}
	return classWin
}

// Series is a per-game quantity: Value[k] for game Index[k], ascending,
// over the games where it is defined.
type Series struct {
	Index []int
	Value []float64
}

func (s *Series) add(i int, v float64) {
	s.Index = append(s.Index, i)
	s.Value = append(s.Value, v)
}

// Per-game series keys besides seat-K, end:KEY and count:NAME.
const (
	keyBalance      = "balance"
	keyCompletion   = "completion"
	keyDrawishness  = "drawishness"
	keyTimeouts     = "timeouts"
	keyNoWinner     = "no-winner"
	keyAdvantageP1  = "advantage-p1"
	keyActions      = "duration-actions"
	keyMoves        = "duration-moves"
	keyTurns        = "duration-turns"
	keyDecisionMove = "decision-moves"
	keyBranching    = "branching-factor"
	keyDecisionFac  = "decision-factor"
	keyLeadChange   = "lead-change"
	keyDrama        = "drama"
	keyDramaMax     = "drama-max"
	keyDecisiveness = "decisiveness"
)

// metricNames are the metric table's rows in order, with their names.
var metricNames = []struct{ key, name string }{
	{keyBalance, "Balance"},
	{keyCompletion, "Completion"},
	{keyDrawishness, "Drawishness"},
	{keyTimeouts, "Timeouts"},
	{keyNoWinner, "No winner"},
	{keyAdvantageP1, "AdvantageP1"},
	{keyActions, "Duration (actions)"},
	{keyMoves, "Duration (moves)"},
	{keyTurns, "Duration (turns)"},
	{keyDecisionMove, "Decision Moves"},
	{keyBranching, "Branching Factor"},
	{keyDecisionFac, "Decision Factor"},
	{keyLeadChange, "Lead Change"},
	{keyDrama, "Drama (average)"},
	{keyDramaMax, "Drama (max)"},
	{keyDecisiveness, "Decisiveness"},
}

// MetricName returns the display name of a metric or series key.
func MetricName(key string) string {
	for _, m := range metricNames {
		if m.key == key {
			return m.name
		}
	}
	switch {
	case len(key) > 5 && key[:5] == "seat-":
		return "win rate of seat " + key[5:]
	case len(key) > 4 && key[:4] == "end:":
		return "ending " + key[4:]
	case len(key) > 6 && key[:6] == "count:":
		return key[6:] + " per game"
	}
	return key
}

// isRate reports whether a series is of 0/1 indicators or returns, whose
// interval is Wilson's.
func isRate(key string) bool {
	switch key {
	case keyCompletion, keyDrawishness, keyTimeouts, keyNoWinner, keyAdvantageP1:
		return true
	}
	return len(key) > 5 && key[:5] == "seat-" || len(key) > 4 && key[:4] == "end:"
}

// SeriesOf computes every per-game series of the results: the quantities
// whose means are the metrics, and which Compare pairs by game.
func SeriesOf(m *Manifest, results []Result) map[string]*Series {
	out := map[string]*Series{}
	get := func(k string) *Series {
		s := out[k]
		if s == nil {
			s = &Series{}
			out[k] = s
		}
		return s
	}
	for _, k := range metricNames {
		if k.key != keyBalance {
			get(k.key)
		}
	}
	for p := range m.Players {
		get(seatKey(p))
	}
	var ends, counts []string
	for _, r := range results {
		if r.End != "" && !slices.Contains(ends, r.End) {
			ends = append(ends, r.End)
		}
		for _, c := range r.Counts {
			if !slices.Contains(counts, c.Name) {
				counts = append(counts, c.Name)
			}
		}
	}
	var win [16]int
	for _, r := range results {
		i := r.Index
		c := classify(r.Returns, r.Limit)
		get(keyCompletion).add(i, b2f(c == classWin))
		get(keyDrawishness).add(i, b2f(c == classDraw))
		get(keyTimeouts).add(i, b2f(c == classTimeout))
		get(keyNoWinner).add(i, b2f(c == classNobody))
		get(keyAdvantageP1).add(i, r.Returns[0])
		for p, x := range r.Returns {
			get(seatKey(p)).add(i, x)
		}
		moves, choices, legal := 0, 0, 0
		for p := range r.Moves {
			moves += r.Moves[p]
			choices += r.Choices[p]
			legal += r.Legal[p]
		}
		get(keyActions).add(i, float64(r.Actions))
		get(keyMoves).add(i, float64(moves))
		get(keyTurns).add(i, float64(r.Turns))
		if moves > 0 {
			get(keyDecisionMove).add(i, float64(choices)/float64(moves))
			get(keyBranching).add(i, float64(legal)/float64(moves))
		}
		if choices > 0 {
			// A move without a choice has exactly one legal action.
			get(keyDecisionFac).add(i, float64(legal-(moves-choices))/float64(choices))
		}
		if r.Evals > 0 {
			get(keyLeadChange).add(i, float64(r.Leads)/float64(r.Evals))
			if len(winners(win[:0], r.Returns)) > 0 {
				get(keyDrama).add(i, r.Drama)
				get(keyDramaMax).add(i, r.DramaMax)
			}
			if r.Decided > 0 {
				// The share of the points before the one at which the
				// game was decided (docs/lab.md).
				get(keyDecisiveness).add(i, float64(min(r.Decided, r.Evals+1)-1)/float64(r.Evals))
			}
		}
		for _, e := range ends {
			get("end:"+e).add(i, b2f(r.End == e))
		}
		for _, name := range counts {
			get("count:"+name).add(i, float64(r.Counts.Get(name)))
		}
	}
	return out
}

func seatKey(p int) string { return "seat-" + strconv.Itoa(p+1) }

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Summarise computes a run's metrics.
func Summarise(d *Dir) *Summary {
	m := &d.Manifest
	res := d.Results
	s := &Summary{Game: m.Game, Players: m.Players, Options: m.Options, Labels: m.Labels, Seed: m.Seed,
		Games: m.Games, Played: len(res), Trace: m.Trace}
	if m.Shard != nil {
		s.Games = 0
		for i := range m.Games {
			if m.Shard.Has(i) {
				s.Games++
			}
		}
	}
	series := SeriesOf(m, res)
	for _, mn := range metricNames {
		var row Metric
		if mn.key == keyBalance {
			row = balanceMetric(m.Players, series)
		} else {
			row = meanMetric(mn.key, series[mn.key])
		}
		row.Key, row.Name = mn.key, mn.name
		s.Metrics = append(s.Metrics, row)
	}
	for p := range m.Players {
		sr := series[seatKey(p)]
		s.Seats = append(s.Seats, rate("seat "+strconv.Itoa(p+1), stats.Sum(sr.Value), len(sr.Value)))
	}
	// Bots: per game, the mean return of the bot's seats.
	for b, label := range m.Labels {
		total, n := 0.0, 0
		for _, r := range res {
			got, seats := 0.0, 0
			for p, x := range r.Returns {
				if r.Bots[p] == b {
					got += x
					seats++
				}
			}
			if seats > 0 {
				total += got / float64(seats)
				n++
			}
		}
		s.Bots = append(s.Bots, rate(label, total, n))
	}
	// Teams: per game, the mean return of the team's seats.
	var teams []string
	for _, r := range res {
		for _, t := range r.Teams {
			if t != "" && !slices.Contains(teams, t) {
				teams = append(teams, t)
			}
		}
	}
	slices.Sort(teams)
	for _, t := range teams {
		total, n := 0.0, 0
		for _, r := range res {
			got, seats := 0.0, 0
			for p, x := range r.Returns {
				if p < len(r.Teams) && r.Teams[p] == t {
					got += x
					seats++
				}
			}
			if seats > 0 {
				total += got / float64(seats)
				n++
			}
		}
		s.Teams = append(s.Teams, rate(t, total, n))
	}
	s.Deals = deals(res, teams)
	for _, r := range res {
		switch classify(r.Returns, r.Limit) {
		case classWin:
			s.Results.Wins++
		case classDraw:
			s.Results.Draws++
		case classNobody:
			s.Results.NoWinner++
		case classTimeout:
			s.Results.Timeouts++
		}
	}
	s.Duration.Actions = distOf("actions", series[keyActions].Value)
	s.Duration.Moves = distOf("moves", series[keyMoves].Value)
	s.Duration.Turns = distOf("turns", series[keyTurns].Value)
	words := map[string]string{}
	for _, r := range res {
		if _, ok := words[r.End]; !ok && r.End != "" {
			words[r.End] = r.Why
		}
	}
	for k, sr := range series {
		if len(k) > 4 && k[:4] == "end:" {
			n := int(stats.Sum(sr.Value))
			sh := Share{Key: k[4:], Words: words[k[4:]], N: n, Of: len(res)}
			sh.Share = float64(n) / float64(max(1, len(res)))
			sh.Low, sh.High = stats.Wilson(float64(n), len(res))
			s.Ends = append(s.Ends, sh)
		}
	}
	sort.Slice(s.Ends, func(i, j int) bool {
		if s.Ends[i].N != s.Ends[j].N {
			return s.Ends[i].N > s.Ends[j].N
		}
		return s.Ends[i].Key < s.Ends[j].Key
	})
	if len(res) > 0 {
		for _, c := range res[0].Counts {
			sr := series["count:"+c.Name]
			cs := CountStat{Name: c.Name}
			cs.Mean, cs.SD = stats.MeanSD(sr.Value)
			for _, v := range sr.Value {
				cs.Total += int(v)
				if v > 0 {
					cs.Games++
				}
			}
			cs.Share = float64(cs.Games) / float64(len(sr.Value))
			s.Counts = append(s.Counts, cs)
		}
		if res[0].Scores != nil {
			for p := range m.Players {
				var v []float64
				for _, r := range res {
					if p < len(r.Scores) {
						v = append(v, r.Scores[p])
					}
				}
				s.Scores = append(s.Scores, distOf("seat "+strconv.Itoa(p+1), v))
			}
		}
	}
	return s
}

// deals splits the teams' win rates by deal (Summary.Deals): a blend
// over deals can hide that each deal decides most of its games (in
// Breaking Head at five players with ismcts in every seat, two Blockers
// won 70% of their games and one Blocker 4%). It returns nil when every
// game had the same deal.
func deals(res []Result, teams []string) []Deal {
	type group struct {
		sizes []int     // seats per team, in teams' order
		won   []float64 // per team, the sum over games of its mean return
		games int
	}
	var groups []*group
	withTeams := 0
	for _, r := range res {
		if len(r.Teams) == 0 {
			continue
		}
		withTeams++
		sizes := make([]int, len(teams))
		got := make([]float64, len(teams))
		for p, t := range r.Teams {
			if i := slices.Index(teams, t); i >= 0 && p < len(r.Returns) {
				sizes[i]++
				got[i] += r.Returns[p]
			}
		}
		k := slices.IndexFunc(groups, func(g *group) bool { return slices.Equal(g.sizes, sizes) })
		if k < 0 {
			groups = append(groups, &group{sizes: sizes, won: make([]float64, len(teams))})
			k = len(groups) - 1
		}
		g := groups[k]
		g.games++
		for i, n := range sizes {
			if n > 0 {
				g.won[i] += got[i] / float64(n)
			}
		}
	}
	if len(groups) < 2 {
		return nil
	}
	slices.SortFunc(groups, func(a, b *group) int { return slices.Compare(a.sizes, b.sizes) })
	out := make([]Deal, 0, len(groups))
	for _, g := range groups {
		var name []string
		d := Deal{Games: g.games, Share: float64(g.games) / float64(withTeams)}
		d.Low, d.High = stats.Wilson(float64(g.games), withTeams)
		for i, t := range teams {
			name = append(name, t+" "+strconv.Itoa(g.sizes[i]))
			if g.sizes[i] > 0 {
				d.Teams = append(d.Teams, rate(t, g.won[i], g.games))
			}
		}
		d.Name = strings.Join(name, ", ")
		out = append(out, d)
	}
	return out
}

func rate(name string, total float64, n int) Rate {
	r := Rate{Name: name, N: n}
	if n > 0 {
		r.Rate = total / float64(n)
	}
	r.Low, r.High = stats.Wilson(total, n)
	return r
}

// meanMetric is a per-game series' mean with its 95% interval: Wilson's
// for rates, Student's t for the others.
func meanMetric(key string, s *Series) Metric {
	var m Metric
	if s == nil || len(s.Value) == 0 {
		return m
	}
	m.N = len(s.Value)
	m.Value, m.SD = stats.MeanSD(s.Value)
	if isRate(key) {
		m.Low, m.High = stats.Wilson(stats.Sum(s.Value), m.N)
		m.Interval = "Wilson"
	} else if m.N > 1 {
		h := stats.TQuantile(m.N-1) * m.SD / math.Sqrt(float64(m.N))
		m.Low, m.High = m.Value-h, m.Value+h
		m.Interval = "t"
	} else {
		m.Low, m.High = m.Value, m.Value
	}
	return m
}

// Balance is 1 less the largest difference between two seats' win rates
// (Ludii's Balance.java, wins counted as the returns, shared wins as
// partial wins).
func Balance(rates []float64) float64 {
	gap := 0.0
	for a := range rates {
		for b := a + 1; b < len(rates); b++ {
			gap = max(gap, math.Abs(rates[a]-rates[b]))
		}
	}
	return 1 - gap
}

// balanceMetric computes Balance over the games with a 95% percentile
// bootstrap interval (games resampled, 1000 times, from a fixed seed).
func balanceMetric(players int, series map[string]*Series) Metric {
	cols := make([][]float64, players)
	for p := range players {
		cols[p] = series[seatKey(p)].Value
	}
	n := len(cols[0])
	m := Metric{N: n}
	if n == 0 || players < 2 {
		m.N = 0
		return m
	}
	m.Value = balanceOf(cols, nil)
	m.Low, m.High = stats.BootstrapInterval(n, 1000, func(idx []int) float64 { return balanceOf(cols, idx) })
	m.Interval = "bootstrap"
	return m
}

// balanceOf is Balance of the seats' mean returns over the games idx
// (all games when idx is nil).
func balanceOf(cols [][]float64, idx []int) float64 {
	rates := make([]float64, len(cols))
	for p, c := range cols {
		if idx == nil {
			rates[p] = stats.Sum(c) / float64(len(c))
			continue
		}
		t := 0.0
		for _, i := range idx {
			t += c[i]
		}
		rates[p] = t / float64(len(idx))
	}
	return Balance(rates)
}

func distOf(name string, v []float64) Dist {
	d := Dist{Name: name, N: len(v)}
	if len(v) == 0 {
		return d
	}
	d.Mean, d.SD = stats.MeanSD(v)
	s := slices.Sorted(slices.Values(v))
	d.Min, d.Max = s[0], s[len(s)-1]
	d.P10, d.P25, d.P50, d.P75, d.P90 = stats.Percentile(s, .1), stats.Percentile(s, .25), stats.Percentile(s, .5), stats.Percentile(s, .75), stats.Percentile(s, .9)
	return d
}
