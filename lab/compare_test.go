package lab

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// handGame is one game of a hand-made run.
type handGame struct {
	bots    []int
	teams   []string
	returns []float64
	turns   int
	choices int // decisions with a choice, of turns (0: three quarters)
	counts  Counts
}

// handRun makes a run of games by hand, game i with seed seed+i: the
// seats' moves are the turns, all of them seat 1's.
func handRun(path string, seed uint64, labels []string, opts game.Options, games []handGame) *Dir {
	players := len(games[0].returns)
	m := Manifest{Format: FormatVersion, Game: "3io", Players: players, Options: opts,
		Labels: labels, Games: len(games), Seed: seed, Trace: TraceTurn}
	d := &Dir{Path: path, Manifest: m}
	for i, g := range games {
		moves, choices, legal := make([]int, players), make([]int, players), make([]int, players)
		moves[0], choices[0], legal[0] = g.turns, g.turns*3/4, 4*g.turns
		if g.choices > 0 {
			choices[0] = g.choices
		}
		bots := g.bots
		if bots == nil {
			bots = make([]int, players)
		}
		d.Results = append(d.Results, Result{Index: i, Seed: seed + uint64(i), Bots: bots, Teams: g.teams,
			Returns: g.returns, Actions: g.turns, Turns: g.turns, Moves: moves, Choices: choices, Legal: legal,
			End: "board-full", Counts: g.counts})
	}
	return d
}

// win is the returns of a game that seat won, of players seats.
func win(players, seat int) []float64 {
	r := make([]float64, players)
	r[seat] = 1
	return r
}

func rowOf(c *Comparison, key string) *Diff {
	for i := range c.Rows {
		if c.Rows[i].Key == key {
			return &c.Rows[i]
		}
	}
	return nil
}

// checkRows checks what every comparison must hold: a star means both
// intervals leave out 0 on the same side, a difference of rates stays in
// [-1, 1], and a relative change never falls below -100%.
func checkRows(t *testing.T, c *Comparison) {
	t.Helper()
	for _, d := range c.Rows {
		if d.Significant {
			up := d.Low > 0 && (!d.HasRel || d.RelLow > 0)
			down := d.High < 0 && (!d.HasRel || d.RelHigh < 0)
			if !up && !down {
				t.Errorf("%s starred with %v to %v (relative %v to %v, shown %v)", d.Key, d.Low, d.High, d.RelLow, d.RelHigh, d.HasRel)
			}
		}
		if isShare(d.Key) && (d.Low < -1 || d.High > 1) {
			t.Errorf("%s: a difference of rates from %v to %v", d.Key, d.Low, d.High)
		}
		if d.HasRel && (d.RelLow < -1 || d.RelLow > d.Rel || d.RelHigh < d.Rel) {
			t.Errorf("%s: relative change %v from %v to %v", d.Key, d.Rel, d.RelLow, d.RelHigh)
		}
		if d.Change == ChangeReal && !d.Significant {
			t.Errorf("%s: a real change that is not significant: %+v", d.Key, d)
		}
	}
}

func mustCompare(t *testing.T, a, b *Dir) *Comparison {
	t.Helper()
	c, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, c)
	return c
}

// TestCompareTinyChangeIsNoRealChange: 2000 paired games tell a 0.2%
// change in length from 0, and the verdict must still call it no
// change ("shortens games by 0% (95% CI 0-0%)" was the documented
// example's), nor list a Decision Moves "falling" from 0.735 to 0.735.
func TestCompareTinyChangeIsNoRealChange(t *testing.T) {
	tests := []struct {
		name       string
		shorter    func(turns, i int) int
		wantChange string
		want       string
	}{
		{"one turn fewer in one game of six", func(n, i int) int {
			if i%6 == 0 {
				return n - 1
			}
			return n
		}, ChangeNone, "civilization-pacing=on leaves game length unchanged (-0.2%, 95% CI -0.2% to -0.2%); seat balance unchanged"},
		{"three tenths shorter (rounded down)", func(n, i int) int { return n * 7 / 10 }, ChangeReal, "civilization-pacing=on shortens games by 31%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ga, gb []handGame
			for i := range 2000 {
				n := 60 + i*37%41
				ga = append(ga, handGame{returns: win(2, i%2), turns: n})
				m := tt.shorter(n, i)
				gb = append(gb, handGame{returns: win(2, i%2), turns: m, choices: m*3/4 - b2i(i%50 == 0)})
			}
			c := mustCompare(t, handRun("a", 1, []string{"random"}, game.Options{"civilization-pacing": "off"}, ga),
				handRun("b", 1, []string{"random"}, game.Options{"civilization-pacing": "on"}, gb))
			if d := rowOf(c, keyTurns); d.Change != tt.wantChange || !d.Significant {
				t.Errorf("turns: %+v, want a significant change of class %s", *d, tt.wantChange)
			}
			if d := rowOf(c, keyDecisionMove); d.Change == ChangeReal {
				t.Errorf("Decision Moves: %+v, want no real change", *d)
			}
			if !strings.HasPrefix(c.Verdict, tt.want) || strings.Contains(c.Verdict, "Decision Moves") {
				t.Errorf("verdict %q, want it to begin %q and not to name Decision Moves", c.Verdict, tt.want)
			}
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCompareSeatWinsAndBalanceAgree: the balance and the seats are said
// together, so that "seat balance unchanged" never stands beside a seat
// whose wins rise by 9 points.
func TestCompareSeatWinsAndBalanceAgree(t *testing.T) {
	tests := []struct {
		name    string
		players int
		n       int
		a, b    func(i int) int // the winning seat of game i
		want    []string
	}{
		{"seat 1 gains 9 points of 3 seats", 3, 300, func(i int) int { return i % 3 }, func(i int) int {
			switch {
			case i%100 < 42:
				return 0
			case i%100 < 71:
				return 1
			}
			return 2
		}, []string{"no clear change in seat balance (1.00 to 0.87, 95% CI of the change -0.20 to +0.01), but seat 1's wins rise from 33% to 42% (95% CI of the change +1 to +16 points)"}},
		{"the seats trade places", 2, 2000, func(i int) int { return b2i(i%20 >= 9) }, func(i int) int { return b2i(i%20 >= 11) },
			[]string{"no clear change in seat balance (0.90 to 0.90, 95% CI of the change -0.09 to +0.09), but seat 1's wins rise from 45% to 55% (95% CI of the change +9 to +11 points) and seat 2's wins fall from 55% to 45%"}},
		{"nothing changes", 2, 400, func(i int) int { return i % 2 }, func(i int) int { return i % 2 }, []string{"; seat balance unchanged"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ga, gb []handGame
			for i := range tt.n {
				ga = append(ga, handGame{returns: win(tt.players, tt.a(i)), turns: 50})
				gb = append(gb, handGame{returns: win(tt.players, tt.b(i)), turns: 50})
			}
			c := mustCompare(t, handRun("a", 1, []string{"random"}, nil, ga), handRun("b", 1, []string{"random"}, nil, gb))
			for _, w := range tt.want {
				if !strings.Contains(c.Verdict, w) {
					t.Errorf("verdict %q, want %q in it", c.Verdict, w)
				}
			}
			// Whatever the case: every seat that really changes is said,
			// and beside an unchanged balance only after a "but".
			real := false
			for p := range tt.players {
				if d := rowOf(c, seatKey(p)); d.Change == ChangeReal {
					real = true
					if !strings.Contains(c.Verdict, fmt.Sprintf("seat %d's wins", p+1)) {
						t.Errorf("verdict %q leaves out seat %d: %+v", c.Verdict, p+1, *d)
					}
				}
			}
			if real && strings.Contains(c.Verdict, "seat balance unchanged") && !strings.Contains(c.Verdict, ", but seat") {
				t.Errorf("verdict %q: the balance unchanged beside a seat that changes", c.Verdict)
			}
		})
	}
}

// TestCompareShowsEachBotsWinRate: a variant that erases the skill gap
// (in Source, capture-needs-adjacency=on took mcts from 88.5% to 48.5%
// against greedy) leaves the seats as they were; the bots' and teams'
// rows and the skill gap show it.
func TestCompareShowsEachBotsWinRate(t *testing.T) {
	type want struct {
		key  string
		a, b float64
	}
	tests := []struct {
		name    string
		labels  []string
		players int
		game    func(i int, strong bool) handGame
		aWins   int // of 200 games, the games the favourite wins in A
		bWins   int
		rows    []want
		verdict string
	}{
		{"mcts against greedy", []string{"mcts", "greedy"}, 2, func(i int, mctsWins bool) handGame {
			bots := []int{i % 2, 1 - i%2} // mcts in seat 1 in even games
			seat := i % 2                 // mcts's seat
			if !mctsWins {
				seat = 1 - seat
			}
			return handGame{bots: bots, returns: win(2, seat), turns: 40}
		}, 177, 97, []want{{botPrefix + "mcts", .885, .485}, {botPrefix + "greedy", .115, .515}, {keySkillGap, .885, .485}},
			"; mcts's win rate against greedy falls from 88% to 48% (95% CI of the change -47 to -33 points)"},
		{"three bots", []string{"a", "b", "c"}, 3, func(i int, aWins bool) handGame {
			bots := []int{i % 3, (i + 1) % 3, (i + 2) % 3}
			seat := (3 - i%3) % 3 // a's seat
			if !aWins {
				seat = (seat + 1 + i%2) % 3
			}
			return handGame{bots: bots, returns: win(3, seat), turns: 40}
		}, 66, 120, []want{{botPrefix + "a", .33, .6}},
			"a's win rate rises from 33% to 60%"},
		{"contributors against blockers", []string{"ismcts"}, 4, func(i int, contributorsWin bool) handGame {
			seats := []int{0, 1}
			if !contributorsWin {
				seats = []int{2, 3}
			}
			r := make([]float64, 4)
			for _, p := range seats {
				r[p] = 1
			}
			return handGame{teams: []string{"contributor", "contributor", "blocker", "blocker"}, returns: r, turns: 40}
		}, 120, 60, []want{{teamPrefix + "contributor", .6, .3}, {teamPrefix + "blocker", .4, .7}},
			"team contributor's win rate falls from 60% to 30%"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ga, gb []handGame
			for i := range 200 {
				// Spread the favourite's wins over the games, and so the seats.
				ga = append(ga, tt.game(i, i*7%200 < tt.aWins))
				gb = append(gb, tt.game(i, i*7%200 < tt.bWins))
			}
			c := mustCompare(t, handRun("a", 1, tt.labels, game.Options{"capture-needs-adjacency": "off"}, ga),
				handRun("b", 1, tt.labels, game.Options{"capture-needs-adjacency": "on"}, gb))
			for _, w := range tt.rows {
				d := rowOf(c, w.key)
				if d == nil {
					t.Fatalf("no row %s in %+v", w.key, c.Rows)
				}
				if !near3(d.A, w.a) || !near3(d.B, w.b) || d.Change != ChangeReal {
					t.Errorf("%s: %+v, want %v to %v, a real change", w.key, *d, w.a, w.b)
				}
			}
			if (rowOf(c, keySkillGap) != nil) != (len(tt.labels) == 2) {
				t.Errorf("a skill gap row with bots %v: %v", tt.labels, rowOf(c, keySkillGap))
			}
			if !strings.Contains(c.Verdict, tt.verdict) {
				t.Errorf("verdict %q, want %q in it", c.Verdict, tt.verdict)
			}
		})
	}
}

// TestCompareCountFallsAtMost100Percent: a count cannot fall by more than
// all of it, where the delta method's interval of B/A ("station-light
// -87.5%, -113.5% to -61.5%") went below -100%: here, unpaired, it
// would give -85%, -105% to -65%.
func TestCompareCountFallsAtMost100Percent(t *testing.T) {
	tests := []struct {
		name    string
		a, b    func(i int) int
		seedB   uint64
		rel     float64
		relHigh float64 // at most
	}{
		{"85% fewer, unpaired", func(i int) int { return 32 * b2i(i%4 == 0) }, func(i int) int { return 8 * b2i(i%8 == 0) }, 2, -.85, -.4},
		{"85% fewer, paired", func(i int) int { return 32 * b2i(i%4 == 0) }, func(i int) int { return 8 * b2i(i%8 == 0) }, 1, -.85, -.6},
		{"gone", func(i int) int { return 32 * b2i(i%4 == 0) }, func(i int) int { return 0 }, 1, -1, -.1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ga, gb []handGame
			for i := range 20 {
				ga = append(ga, handGame{returns: win(2, i%2), turns: 40, counts: Counts{{Name: "station-light", N: tt.a(i)}}})
				gb = append(gb, handGame{returns: win(2, i%2), turns: 40, counts: Counts{{Name: "station-light", N: tt.b(i)}}})
			}
			c := mustCompare(t, handRun("a", 1, []string{"random"}, nil, ga), handRun("b", tt.seedB, []string{"random"}, nil, gb))
			d := rowOf(c, "count:station-light")
			if !d.HasRel || !near3(d.Rel, tt.rel) || d.RelLow < -1 || d.RelHigh > tt.relHigh || d.RelHigh <= d.Rel && d.Rel > -1 {
				t.Errorf("station-light: %+v, want %v within [-1, %v]", *d, tt.rel, tt.relHigh)
			}
		})
	}
}

// TestCompareSignificantMeansIntervalExcludesZero: where the interval of
// B - A leaves out 0 and that of B/A - 1 does not (or the other way
// round), the row is not starred, and the verdict finds nothing.
func TestCompareSignificantMeansIntervalExcludesZero(t *testing.T) {
	tests := []struct {
		name  string
		a, b  []int
		seedB uint64
	}{
		// Paired: B - A from +0.06 to +1.94 turns, B/A - 1 from -1.0% to
		// +22%.
		{"the difference clear, the ratio not", []int{6, 9, 26, 4, 5, 10}, []int{7, 11, 26, 4, 7, 11}, 1},
		// Unpaired: B - A from -17.3 to +2.8, B/A - 1 from -81% to -7%.
		{"the ratio clear, the difference not", []int{17, 6, 19, 8}, []int{9, 6, 1, 5}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ga, gb []handGame
			for i := range tt.a {
				ga = append(ga, handGame{returns: win(2, i%2), turns: tt.a[i]})
				gb = append(gb, handGame{returns: win(2, i%2), turns: tt.b[i]})
			}
			c := mustCompare(t, handRun("a", 1, []string{"random"}, nil, ga), handRun("b", tt.seedB, []string{"random"}, nil, gb))
			d := rowOf(c, keyTurns)
			absOut := d.Low > 0 || d.High < 0
			relOut := d.RelLow > 0 || d.RelHigh < 0
			if !d.HasRel || absOut == relOut {
				t.Fatalf("turns: %+v: want the two intervals to disagree", *d)
			}
			if d.Significant || d.Change == ChangeReal || strings.Contains(c.Verdict, "lengthens") || strings.Contains(c.Verdict, "shortens") {
				t.Errorf("turns starred or found: %+v; verdict %q", *d, c.Verdict)
			}
		})
	}
}

// TestCompareDocumentedExamples runs the study of docs/lab.md as written
// (its lab run and compare commands) and checks that every verdict the
// page quotes is what the comparison now says, word for word.
func TestCompareDocumentedExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the documented study")
	}
	page, err := os.ReadFile(filepath.Join("..", "docs", "lab.md"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var verdicts []*Comparison
	var quoted []string
	made := map[string]bool{}
	for _, line := range strings.Split(string(page), "\n") {
		if !strings.HasPrefix(line, "    ") {
			continue
		}
		cmd, _, _ := strings.Cut(strings.TrimSpace(line), "#")
		f := strings.Fields(cmd)
		switch {
		case len(f) > 3 && f[0] == "commons" && f[1] == "lab" && f[2] == "run" && !strings.Contains(cmd, "GAME"):
			cfg := docRun(t, f[3:], dir)
			if _, err := Run(context.Background(), cfg); err != nil {
				t.Fatalf("%s: %v", cmd, err)
			}
			made[cfg.Dir] = true
		case len(f) == 5 && f[0] == "commons" && f[1] == "lab" && f[2] == "compare" && f[3] != "DIR_A" &&
			made[filepath.Join(dir, f[3])] && made[filepath.Join(dir, f[4])]:
			// (A compare of runs the page does not make by lab run, such
			// as an import of people's games, is not a bot study.)
			a, err := Load(filepath.Join(dir, f[3]))
			if err != nil {
				t.Fatal(err)
			}
			b, err := Load(filepath.Join(dir, f[4]))
			if err != nil {
				t.Fatal(err)
			}
			verdicts = append(verdicts, mustCompare(t, a, b))
		case strings.Contains(line, "95% CI") || strings.Contains(line, "unchanged"):
			quoted = append(quoted, strings.TrimSpace(line))
		}
	}
	if len(verdicts) == 0 || len(quoted) == 0 {
		t.Fatalf("%d comparisons and %d quoted verdicts found in docs/lab.md", len(verdicts), len(quoted))
	}
	for _, c := range verdicts {
		said := false
		for _, q := range quoted {
			if strings.HasPrefix(q, c.Subject) {
				said = true
				if q != c.Verdict {
					t.Errorf("docs/lab.md quotes\n\t%s\nwhere the comparison says\n\t%s", q, c.Verdict)
				}
			}
		}
		if !said {
			t.Errorf("docs/lab.md does not quote the verdict of its comparison of %s: %s", c.Subject, c.Verdict)
		}
	}
}

// docRun reads the flags of a documented lab run into its Config, the
// run's directory under dir.
func docRun(t *testing.T, f []string, dir string) Config {
	t.Helper()
	cfg := Config{Run: match.Run{Game: f[0], Seed: 1, Options: game.Options{}}}
	for i := 1; i+1 < len(f); i += 2 {
		v := f[i+1]
		switch f[i] {
		case "--players":
			cfg.Players, _ = strconv.Atoi(v)
		case "--bots":
			cfg.Bots = strings.Split(v, ",")
		case "--games":
			cfg.Games, _ = strconv.Atoi(v)
		case "--seed":
			s, _ := strconv.ParseUint(v, 10, 64)
			cfg.Seed = s
		case "--option":
			k, val, _ := strings.Cut(v, "=")
			cfg.Options[k] = val
		case "--out":
			cfg.Dir = filepath.Join(dir, v)
		default:
			t.Fatalf("a documented lab run with %s: teach docRun", f[i])
		}
	}
	return cfg
}
