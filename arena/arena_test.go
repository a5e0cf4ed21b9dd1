package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
)

func init() { testgames.Register() }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	// Reference values: Wilson (1927) score interval, z = 1.95996, as
	// tabulated by Newcombe (1998), table I, and R's prop.test without
	// continuity correction.
	tests := []struct {
		score    float64
		n        int
		low, hi  float64
		comments string
	}{
		{81, 263, 0.2553, 0.3662, "Newcombe 1998, example (a)"},
		{15, 148, 0.0624, 0.1605, "Newcombe 1998, example (b)"},
		{0, 20, 0, 0.1611, "Newcombe 1998, example (c)"},
		{1, 29, 0.0061, 0.1718, "Newcombe 1998, example (d)"},
		{8, 10, 0.4902, 0.9433, "8 of 10"},
		{50, 100, 0.4038, 0.5962, "half of 100"},
		{10, 10, 0.7225, 1, "all of 10"},
		{0, 0, 0, 1, "no games"},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.score, tt.n)
		if !near(lo, tt.low, 1e-4) || !near(hi, tt.hi, 1e-4) {
			t.Errorf("Wilson(%v, %d) = [%.4f, %.4f], want [%.4f, %.4f] (%s)", tt.score, tt.n, lo, hi, tt.low, tt.hi, tt.comments)
		}
	}
}

func matrix(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

func TestFitBradleyTerryTwo(t *testing.T) {
	// A scores 300 of 400 against B: Elo difference 400 log10(3).
	w, g := matrix(2), matrix(2)
	w[0][1], w[1][0] = 300, 100
	g[0][1], g[1][0] = 400, 400
	r := FitBradleyTerry(w, g, 0)
	want := 400 * math.Log10(3)
	if d := r.Elo[0] - r.Elo[1]; !near(d, want, 1e-6) {
		t.Errorf("Elo difference %v, want %v", d, want)
	}
	if !near(r.Elo[0]+r.Elo[1], 0, 1e-9) {
		t.Errorf("ratings %v do not average 0", r.Elo)
	}
	// The 95% interval of the difference is 1.96 / sqrt(n p (1-p)) in
	// log-odds; each rating, half the difference, has half that width.
	p := 0.75
	ci := z95 * 400 / math.Ln10 / math.Sqrt(400*p*(1-p)) / 2
	if !near(r.CI[0], ci, 1e-6) || !near(r.CI[1], ci, 1e-6) {
		t.Errorf("CI %v, want %v each", r.CI, ci)
	}
}

func TestFitBradleyTerryThree(t *testing.T) {
	// Strengths 4, 2, 1: each pair's scores exactly as the model says.
	gamma := []float64{4, 2, 1}
	w, g := matrix(3), matrix(3)
	for i := range 3 {
		for j := range 3 {
			if i != j {
				g[i][j] = 120
				w[i][j] = 120 * gamma[i] / (gamma[i] + gamma[j])
			}
		}
	}
	r := FitBradleyTerry(w, g, 0)
	for i := range 3 {
		for j := range 3 {
			want := 400 * math.Log10(gamma[i]/gamma[j])
			if d := r.Elo[i] - r.Elo[j]; !near(d, want, 1e-6) {
				t.Errorf("Elo[%d]-Elo[%d] = %v, want %v", i, j, d, want)
			}
		}
	}
	// The same data seen through a chain A-B, B-C only still orders them.
	g[0][2], g[2][0], w[0][2], w[2][0] = 0, 0, 0, 0
	r = FitBradleyTerry(w, g, 0)
	if !(r.Elo[0] > r.Elo[1] && r.Elo[1] > r.Elo[2]) || !near(r.Elo[0]-r.Elo[2], 400*math.Log10(4), 1e-6) {
		t.Errorf("chain: %v", r.Elo)
	}
}

func TestFitBradleyTerryPrior(t *testing.T) {
	// A won all 10: without prior the fit diverges; with one virtual draw
	// A has 10.5 of 11: 400 log10(10.5/0.5).
	w, g := matrix(2), matrix(2)
	w[0][1], g[0][1], g[1][0] = 10, 10, 10
	r := FitBradleyTerry(w, g, 1)
	if d, want := r.Elo[0]-r.Elo[1], 400*math.Log10(21); !near(d, want, 1e-6) {
		t.Errorf("Elo difference %v, want %v", d, want)
	}
	// A bot that met nobody: rating 0-ish, no interval.
	w, g = matrix(3), matrix(3)
	w[0][1], w[1][0], g[0][1], g[1][0] = 6, 4, 10, 10
	r = FitBradleyTerry(w, g, 1)
	if !math.IsNaN(r.CI[2]) || math.IsNaN(r.CI[0]) {
		t.Errorf("CI %v: want NaN only for the bot that met nobody", r.CI)
	}
}

func TestSchedule(t *testing.T) {
	tests := []struct {
		bots, seats int
		want        [][]int
	}{
		{2, 2, [][]int{{0, 1}, {1, 0}}},
		{1, 3, [][]int{{0, 0, 0}}},
		{2, 5, [][]int{{0, 1, 0, 1, 0}, {1, 0, 1, 0, 1}}},
		{3, 3, [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}},
		{3, 2, [][]int{{0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}}},
	}
	for _, tt := range tests {
		got, err := schedule(tt.bots, tt.seats)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("schedule(%d, %d) = %v, %v; want %v", tt.bots, tt.seats, got, err, tt.want)
		}
	}
	if _, err := schedule(12, 10); err == nil {
		t.Error("schedule(12, 10) accepted")
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "no-such-game", Bots: []string{"random"}, Games: 1}, `unknown game "no-such-game"`},
		{Config{Game: "test-tictactoe", Players: 3, Bots: []string{"random"}, Games: 1}, "3 players: the game is for 2"},
		{Config{Game: "test-tictactoe", Bots: []string{"random", "mcts:iter=3"}, Games: 1}, `mcts has no parameter "iter"`},
		{Config{Game: "test-tictactoe", Bots: []string{"random"}, Games: 0}, "0 games"},
		{Config{Game: "test-tictactoe", Games: 1}, "no bots"},
		{Config{Game: "test-tictactoe", Bots: []string{"random"}, Teams: map[string]string{"x": "random"}, Games: 1}, "not both"},
		{Config{Game: "test-tictactoe", Teams: map[string]string{"x": "random"}, Games: 1}, "has no teams"},
		{Config{Game: "test-tictactoe", Bots: []string{"random"}, Games: 1, Workers: -1}, "-1 workers"},
		{Config{Game: "test-relay", Teams: map[string]string{"red": "random"}, Games: 1}, "give a bot for every team of test-relay: blue has none"},
		{Config{Game: "test-relay", Teams: map[string]string{"red": "random", "blue": "bogus"}, Games: 1}, `team blue: bot spec "bogus"`},
		{Config{Game: "test-nim", Options: game.Options{"piles": "9"}, Bots: []string{"random"}, Games: 1}, "not a number from 1 to 7"},
	}
	for _, tt := range tests {
		_, err := Run(context.Background(), tt.cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Run(%+v): %v, want an error containing %q", tt.cfg, err, tt.want)
		}
	}
}

// strip drops what depends on timing.
func strip(r *Result) *Result {
	c := *r
	c.Elapsed = 0
	c.Bots = append([]BotStats(nil), r.Bots...)
	for i := range c.Bots {
		c.Bots[i].MoveTime = 0
	}
	c.GameResults = append([]GameResult(nil), r.GameResults...)
	for i := range c.GameResults {
		c.GameResults[i].think = nil
	}
	return &c
}

// TestRunReproducible: the same seed gives the same games and the same
// statistics whatever the number of workers.
func TestRunReproducible(t *testing.T) {
	for _, cfg := range []Config{
		{Game: "test-tictactoe", Bots: []string{"mcts:iterations=40,workers=2", "random"}, Games: 12, Seed: 5},
		{Game: "test-pig", Players: 3, Bots: []string{"greedy", "random", "ismcts:iterations=30,workers=1"}, Games: 9, Seed: 6},
		{Game: "test-kuhn", Bots: []string{"ismcts:iterations=30,workers=2", "greedy"}, Games: 10, Seed: 7},
		{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "mcts:iterations=20,workers=1", "blue": "random"}, Games: 6, Seed: 8},
	} {
		var first *Result
		for _, w := range []int{1, 3} {
			cfg.Workers, cfg.KeepGames = w, true
			r, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = strip(r)
				continue
			}
			if got := strip(r); !reflect.DeepEqual(got, first) {
				t.Errorf("%s: workers=%d gives a different result from workers=1", cfg.Game, w)
			}
		}
		// Each game's record replays to its returns.
		for _, g := range first.GameResults {
			if g.Record == nil || len(g.Record.Moves) != g.Actions {
				t.Fatalf("%s game %d: record %v", cfg.Game, g.Index, g.Record)
			}
		}
	}
}

func TestRunStrength(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: "test-tictactoe", Bots: []string{"mcts:iterations=500,workers=1", "random"}, Games: 30, Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.WriteText(&buf)
	t.Log("\n" + buf.String())
	m, rnd := r.Bots[0], r.Bots[1]
	if m.Games != 30 || m.Seats != 30 || m.Wins+m.Draws+m.Losses != 30 || m.Moves == 0 {
		t.Errorf("mcts stats %+v", m)
	}
	if m.WinRate < 0.85 || m.Low > m.WinRate || m.High < m.WinRate || m.Rating <= rnd.Rating || m.Rating+rnd.Rating > 1e-6 {
		t.Errorf("mcts %+v vs random %+v", m, rnd)
	}
	if !near(m.WinRate+rnd.WinRate, 1, 1e-9) {
		t.Errorf("win rates %v + %v != 1 in a two-player game with returns summing to 1", m.WinRate, rnd.WinRate)
	}
	if len(r.Pairs) != 1 || !near(r.Pairs[0].ScoreA, m.WinRate, 1e-9) {
		t.Errorf("pairs %+v", r.Pairs)
	}
	if len(r.Seats) != 2 || r.Seats[0].Games != 30 {
		t.Errorf("seats %+v", r.Seats)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Error(err)
	}
}

// TestRunMoreSeatsThanBots: with 2 bots in 4 seats each bot fills two
// seats per game; the pairwise scores compare seats across bots only.
func TestRunMoreSeatsThanBots(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: "test-nim", Players: 4, Bots: []string{"random", "greedy"}, Games: 20, Seed: 2, Workers: 2, KeepGames: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range r.Bots {
		if b.Games != 20 || b.Seats != 40 {
			t.Errorf("%s: %d games, %d seats; want 20 and 40", b.Label, b.Games, b.Seats)
		}
	}
	if g := r.GameResults[1]; !reflect.DeepEqual(g.Seats, []int{1, 0, 1, 0}) {
		t.Errorf("game 1 seats %v", g.Seats)
	}
}

// TestRunTeams covers both team reports: by seat rotation with the game's
// teams reported at the end, and with one bot per team.
func TestRunTeams(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "greedy", "blue": "random"}, Games: 30, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.WriteText(&buf)
	t.Log("\n" + buf.String())
	// Bots are the teams, sorted: blue (random), red (greedy).
	if r.Bots[0].Team != "blue" || r.Bots[1].Team != "red" || r.Bots[1].Label != "red: greedy" {
		t.Fatalf("bots %+v", r.Bots)
	}
	if r.Bots[1].WinRate < 0.9 || r.Bots[1].Seats != 60 {
		t.Errorf("greedy red team %+v", r.Bots[1])
	}
	if len(r.Teams) != 4 { // blue/random, blue/all, red/greedy, red/all
		t.Errorf("teams %+v", r.Teams)
	}

	r, err = Run(context.Background(), Config{Game: "test-relay", Players: 4, Bots: []string{"greedy", "random"}, Games: 40, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]TeamStats{}
	for _, ts := range r.Teams {
		rows[ts.Team+"/"+ts.Label] = ts
	}
	if len(rows) != 6 || rows["red/all"].Seats != 80 || rows["blue/all"].Seats != 80 || rows["red/greedy"].Seats+rows["red/random"].Seats != 80 {
		t.Errorf("teams %+v", r.Teams)
	}
}

// A team's seats in one game share their result, so its win rate's
// interval counts games, not seats: with seats it would be narrower than
// the data allow, by the square root of the team's seats a game.
func TestTeamIntervalsCountGames(t *testing.T) {
	const games = 40
	r, err := Run(context.Background(), Config{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "random", "blue": "random"},
		Games: games, Seed: 5, KeepGames: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, ts := range r.Teams {
		if ts.Label != "all" {
			continue
		}
		var sum float64
		n := 0
		for _, g := range r.GameResults {
			s, k := 0.0, 0
			for p, team := range g.Teams {
				if team == ts.Team {
					s += g.Returns[p]
					k++
				}
			}
			if k > 0 {
				sum += s / float64(k)
				n++
			}
		}
		lo, hi := Wilson(sum, n)
		if ts.Games != games || n != games || ts.Seats <= ts.Games {
			t.Errorf("%s: %d games, %d seats; want %d games and more seats", ts.Team, ts.Games, ts.Seats, games)
		}
		if !near(ts.WinRate, sum/float64(n), 1e-12) || !near(ts.Low, lo, 1e-12) || !near(ts.High, hi, 1e-12) {
			t.Errorf("%s: %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f] over the games", ts.Team, ts.WinRate, ts.Low, ts.High, sum/float64(n), lo, hi)
		}
		if seatLo, seatHi := Wilson(ts.WinRate*float64(ts.Seats), ts.Seats); ts.High-ts.Low <= seatHi-seatLo {
			t.Errorf("%s: interval %.4f wide, no wider than over the seats (%.4f)", ts.Team, ts.High-ts.Low, seatHi-seatLo)
		}
	}
}

func TestProgressAndCancel(t *testing.T) {
	var calls []int
	_, err := Run(context.Background(), Config{Game: "test-nim", Bots: []string{"random"}, Games: 7, Workers: 3,
		Progress: func(done, total int) {
			if total != 7 {
				t.Errorf("total %d", total)
			}
			calls = append(calls, done)
		}})
	if err != nil || !reflect.DeepEqual(calls, []int{1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("progress calls %v, %v", calls, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Game: "test-nim", Bots: []string{"random"}, Games: 7}); err == nil {
		t.Error("Run with a cancelled context succeeded")
	}
}

// liar chooses an illegal action.
type liar struct{}

func (liar) Act(context.Context, game.State) (game.Action, error) { return 99, nil }

func TestPlay(t *testing.T) {
	g, _ := game.Lookup("test-pig")
	s, _ := game.NewState(g, 2, nil)
	b1, _ := bot.New("mcts:iterations=50,workers=1", 1)
	b2, _ := bot.New("greedy", 2)
	steps := 0
	if err := Play(context.Background(), s, []bot.Bot{b1, b2}, game.NewRand(1), func(game.State, game.Player, game.Action) { steps++ }); err != nil {
		t.Fatal(err)
	}
	if !game.IsTerminal(s) || steps == 0 {
		t.Errorf("game not played: %d steps", steps)
	}
	s, _ = game.NewState(g, 2, nil)
	err := Play(context.Background(), s, []bot.Bot{liar{}, b2}, game.NewRand(1), nil)
	if err == nil || !strings.Contains(err.Error(), "seat 1 played") {
		t.Errorf("illegal action: %v", err)
	}
	if err := Play(context.Background(), s, []bot.Bot{b1}, game.NewRand(1), nil); err == nil {
		t.Error("one bot for two seats accepted")
	}
}

func TestWriteText(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: "test-pig", Players: 3, Options: game.Options{"target": "20"}, Bots: []string{"greedy", "random", "random"}, Games: 9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	t.Log("\n" + out)
	for _, want := range []string{
		"test-pig (target=20): 3 players, 9 games, seed 1",
		"win rate", "95% CI", "Elo",
		"greedy", "random #2",
		"pairs: the row bot's score against the column bot",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q", want)
		}
	}
}

// watcher is a random bot that counts the actions Observe reports.
type watcher struct {
	bot.Bot
	seen int
}

func (w *watcher) Observe(game.State, game.Action) { w.seen++ }

// TestPlayObserves: Observers hear every action, their own, the other
// seats' and chance's, in perfect-information games, and none in games
// with hidden information.
func TestPlayObserves(t *testing.T) {
	for _, c := range []struct {
		game    string
		observe bool
	}{{"test-pig", true}, {"test-tictactoe", true}, {"test-kuhn", false}, {"test-guess", false}} {
		g, _ := game.Lookup(c.game)
		s, _ := game.NewState(g, 2, nil)
		r1, _ := bot.New("random", 1)
		r2, _ := bot.New("random", 2)
		w1, w2 := &watcher{Bot: r1}, &watcher{Bot: r2}
		steps := 0
		if err := Play(context.Background(), s, []bot.Bot{w1, w2}, game.NewRand(3), func(game.State, game.Player, game.Action) { steps++ }); err != nil {
			t.Fatal(err)
		}
		want := 0
		if c.observe {
			want = steps
		}
		if w1.seen != want || w2.seen != want {
			t.Errorf("%s: observers saw %d and %d of %d actions, want %d", c.game, w1.seen, w2.seen, steps, want)
		}
	}
}
