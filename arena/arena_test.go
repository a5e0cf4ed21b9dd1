package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/bot/testgames"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"

	"github.com/commons-games/commons/stats"
)

func init() { testgames.Register() }

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestRunErrors(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Run: match.Run{Game: "no-such-game", Bots: []string{"random"}, Games: 1}}, `unknown game "no-such-game"`},
		{Config{Run: match.Run{Game: "test-tictactoe", Players: 3, Bots: []string{"random"}, Games: 1}}, "3 players: the game is for 2"},
		{Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"random", "mcts:iter=3"}, Games: 1}}, `mcts has no parameter "iter"`},
		{Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"random"}, Games: 0}}, "0 games"},
		{Config{Run: match.Run{Game: "test-tictactoe", Games: 1}}, "no bots"},
		{Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"random"}, Teams: map[string]string{"x": "random"}, Games: 1}}, "not both"},
		{Config{Run: match.Run{Game: "test-tictactoe", Teams: map[string]string{"x": "random"}, Games: 1}}, "has no teams"},
		{Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"random"}, Games: 1}, Workers: -1}, "-1 workers"},
		{Config{Run: match.Run{Game: "test-relay", Teams: map[string]string{"red": "random"}, Games: 1}}, "give a bot for every team of test-relay: blue has none"},
		{Config{Run: match.Run{Game: "test-relay", Teams: map[string]string{"red": "random", "blue": "bogus"}, Games: 1}}, `team blue: bot spec "bogus"`},
		{Config{Run: match.Run{Game: "test-nim", Options: game.Options{"piles": "9"}, Bots: []string{"random"}, Games: 1}}, "not a number from 1 to 7"},
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
		{Run: match.Run{Game: "test-tictactoe", Bots: []string{"mcts:iterations=40,workers=2", "random"}, Games: 12, Seed: 5}},
		{Run: match.Run{Game: "test-pig", Players: 3, Bots: []string{"greedy", "random", "ismcts:iterations=30,workers=1"}, Games: 9, Seed: 6}},
		{Run: match.Run{Game: "test-kuhn", Bots: []string{"ismcts:iterations=30,workers=2", "greedy"}, Games: 10, Seed: 7}},
		{Run: match.Run{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "mcts:iterations=20,workers=1", "blue": "random"}, Games: 6, Seed: 8}},
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
	r, err := Run(context.Background(), Config{Run: match.Run{Game: "test-tictactoe", Bots: []string{"mcts:iterations=500,workers=1", "random"}, Games: 30, Seed: 1}, Workers: 2})
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
	r, err := Run(context.Background(), Config{Run: match.Run{Game: "test-nim", Players: 4, Bots: []string{"random", "greedy"}, Games: 20, Seed: 2}, Workers: 2, KeepGames: true})
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
	r, err := Run(context.Background(), Config{Run: match.Run{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "greedy", "blue": "random"}, Games: 30, Seed: 3}})
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

	r, err = Run(context.Background(), Config{Run: match.Run{Game: "test-relay", Players: 4, Bots: []string{"greedy", "random"}, Games: 40, Seed: 4}})
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
	r, err := Run(context.Background(), Config{Run: match.Run{Game: "test-relay", Players: 4, Teams: map[string]string{"red": "random", "blue": "random"}, Games: games, Seed: 5}, KeepGames: true})
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
		lo, hi := stats.Wilson(sum, n)
		if ts.Games != games || n != games || ts.Seats <= ts.Games {
			t.Errorf("%s: %d games, %d seats; want %d games and more seats", ts.Team, ts.Games, ts.Seats, games)
		}
		if !near(ts.WinRate, sum/float64(n), 1e-12) || !near(ts.Low, lo, 1e-12) || !near(ts.High, hi, 1e-12) {
			t.Errorf("%s: %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f] over the games", ts.Team, ts.WinRate, ts.Low, ts.High, sum/float64(n), lo, hi)
		}
		if seatLo, seatHi := stats.Wilson(ts.WinRate*float64(ts.Seats), ts.Seats); ts.High-ts.Low <= seatHi-seatLo {
			t.Errorf("%s: interval %.4f wide, no wider than over the seats (%.4f)", ts.Team, ts.High-ts.Low, seatHi-seatLo)
		}
	}
}

func TestProgressAndCancel(t *testing.T) {
	var calls []int
	_, err := Run(context.Background(), Config{Run: match.Run{Game: "test-nim", Bots: []string{"random"}, Games: 7}, Workers: 3, Progress: func(done, total int) {
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
	if _, err := Run(ctx, Config{Run: match.Run{Game: "test-nim", Bots: []string{"random"}, Games: 7}}); err == nil {
		t.Error("Run with a cancelled context succeeded")
	}
}

func TestWriteText(t *testing.T) {
	r, err := Run(context.Background(), Config{Run: match.Run{Game: "test-pig", Players: 3, Options: game.Options{"target": "20"}, Bots: []string{"greedy", "random", "random"}, Games: 9, Seed: 1}})
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
