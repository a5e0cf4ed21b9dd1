package lab

import (
	"context"
	"math"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// scripted is a game of two seats that play a fixed order of turns, one
// decision each unless the script says two, with fixed scores at each
// decision: enough to work out a trace by hand.
type scripted struct {
	turns  []game.Player // who plays each turn
	twice  map[int]bool  // the turns of two decisions
	scores [][2]float64  // the scores at each decision
	rounds []int         // the round of each turn (Rounder), nil for none
	turn   int           // the turn being played
	step   int           // decisions made
	second bool          // the turn's first decision is made
}

type rounded struct{ *scripted }

func (r rounded) Round() int        { return r.rounds[r.turn] }
func (r rounded) Clone() game.State { return rounded{r.scripted.Clone().(*scripted)} }

func (s *scripted) Config() game.Config { return game.Config{Players: 2} }
func (s *scripted) CurrentPlayer() game.Player {
	if s.turn == len(s.turns) {
		return game.Terminal
	}
	return s.turns[s.turn]
}
func (s *scripted) LegalActions(buf []game.Action) []game.Action { return append(buf[:0], 0) }
func (s *scripted) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	return buf[:0]
}
func (s *scripted) Apply(game.Action) error {
	s.step++
	if s.twice[s.turn] && !s.second {
		s.second = true
		return nil
	}
	s.second = false
	s.turn++
	return nil
}
func (s *scripted) ActionString(game.Action) string         { return "go" }
func (s *scripted) ParseAction(string) (game.Action, error) { return 0, nil }
func (s *scripted) Returns(dst []float64) []float64         { return append(dst[:0], 1, 0) }
func (s *scripted) Observation(game.Player) any             { return nil }
func (s *scripted) Render(game.Player) string               { return "" }
func (s *scripted) Clone() game.State                       { c := *s; return &c }
func (s *scripted) Scores(dst []float64) []float64 {
	v := s.scores[s.step]
	return append(dst[:0], v[0], v[1])
}

// The trace's points, at the decisions the docs say (docs/lab.md, The
// evaluation trace), and Lead Change and Drama over them.
func TestTracePoints(t *testing.T) {
	// Turns of seats 1 2 1 2 1 2, the second of two decisions; Source's
	// order, two turns a player a round, is rounds 0 0 0 0 1 1. Seat 1
	// wins (Returns).
	turns := []game.Player{0, 1, 0, 1, 0, 1}
	twice := map[int]bool{1: true}
	// The scores at the decisions 0..6 (turn 1 has decisions 1 and 2),
	// and at the end.
	scores := [][2]float64{{0, 0}, {0, 1}, {2, 1}, {2, 3}, {4, 3}, {math.NaN(), 0}, {5, 5}, {6, 5}}
	for _, c := range []struct {
		name   string
		trace  int
		rounds []int
		evals  int
		leads  int
		drama  float64
		most   float64
	}{
		// Every decision: (0,0) (0,1) (2,1) (2,3) (4,3) [NaN left out]
		// (5,5): leaders {1,2} {2} {2} {1} {2} {1} {1,2}, 5 changes;
		// seat 1 behind at 2 of 6.
		{"move", 2, nil, 6, 5, 2.0 / 6, 1},
		// Every turn's first decision: 0 1 3 4 5 6, that is (0,0) (0,1)
		// (2,3) (4,3) [NaN] (5,5), 3 changes, seat 1 behind at 2 of 5.
		{"turn", 1, nil, 5, 3, 2.0 / 5, 1},
		// Seat 1's turns: decisions 0, 3, 5 (NaN, left out).
		{"round without a count", 3, nil, 2, 1, 0.5, 1},
		// Once a round by the game's count: decisions 0 and 5 (NaN).
		{"round by the game's count", 3, []int{0, 0, 0, 0, 1, 1}, 1, 0, 0, 0},
		{"round by the game's count, three rounds", 3, []int{0, 0, 1, 1, 2, 2}, 2, 1, 0.5, 1},
		{"off", 0, nil, 0, 0, 0, 0},
	} {
		var s game.State = &scripted{turns: turns, twice: twice, scores: scores}
		if c.rounds != nil {
			s = rounded{&scripted{turns: turns, twice: twice, scores: scores, rounds: c.rounds}}
		}
		r := &runner{gcfg: game.Config{Players: 2}, init: s, maxLen: 100, trace: c.trace}
		w := r.newWorker()
		st := w.reset(0)
		if err := w.playRandom(st); err != nil {
			t.Fatal(err)
		}
		if err := w.finish(st); err != nil {
			t.Fatal(err)
		}
		res := w.res
		if res.Turns != 6 || res.Evals != c.evals || res.Leads != c.leads || math.Abs(res.Drama-c.drama) > 1e-12 || res.DramaMax != c.most {
			t.Errorf("%s: turns %d, evals %d, leads %d, drama %v, most %v; want 6, %d, %d, %v, %v",
				c.name, res.Turns, res.Evals, res.Leads, res.Drama, res.DramaMax, c.evals, c.leads, c.drama, c.most)
		}
	}
}

// The point at which a game was decided, taken by the worker from the
// trace it reads (two seats: the values are kept beside twoTrace's
// counts), worked out by hand.
func TestTraceDecided(t *testing.T) {
	// As in TestTracePoints: turns of seats 1 2 1 2 1 2, turn 1 of two
	// decisions; seat 1 wins. The scores at the decisions 0..6, and at
	// the end.
	turns := []game.Player{0, 1, 0, 1, 0, 1}
	twice := map[int]bool{1: true}
	scores := [][2]float64{{0, 0}, {1, 0}, {3, 1}, {3, 2}, {4, 2}, {4, 3}, {6, 3}, {7, 3}}
	for _, c := range []struct {
		name    string
		trace   int
		evals   int
		decided int
	}{
		// Every decision: (0,0) (1,0) (3,1) (3,2) (4,2) (4,3) (6,3).
		// Seat 2's largest is 3; seat 1 is first above it at (4,2), the
		// 5th point: Decisiveness 4/7.
		{"move", 2, 7, 5},
		// Every turn's first decision: 0 1 3 4 5 6, that is (0,0) (1,0)
		// (3,2) (4,2) (4,3) (6,3): seat 1 first above 3 at the 4th
		// point, 3/6.
		{"turn", 1, 6, 4},
		// Seat 1's turns: decisions 0, 3, 5: (0,0) (3,2) (4,3). Seat 2's
		// largest is 3, seat 1's 4 is above it at the 3rd point.
		{"round without a count", 3, 3, 3},
	} {
		s := &scripted{turns: turns, twice: twice, scores: scores}
		r := &runner{gcfg: game.Config{Players: 2}, init: s, maxLen: 100, trace: c.trace}
		w := r.newWorker()
		st := w.reset(0)
		if err := w.playRandom(st); err != nil {
			t.Fatal(err)
		}
		if err := w.finish(st); err != nil {
			t.Fatal(err)
		}
		if w.res.Evals != c.evals || w.res.Decided != c.decided {
			t.Errorf("%s: evals %d, decided %d; want %d, %d", c.name, w.res.Evals, w.res.Decided, c.evals, c.decided)
		}
		// The next game starts with an empty trace.
		st = w.reset(1)
		if len(w.raw) != 0 {
			t.Errorf("%s: %d values left from the last game", c.name, len(w.raw))
		}
	}
}

// BenchmarkWorkerGames plays random games of Source and 3io on one
// worker, without the results file, for each trace setting: the cost of
// the trace (and of its summing up at the end) by itself.
//
//	go test ./lab -run '^$' -bench WorkerGames -benchtime 20000x -count 5
func BenchmarkWorkerGames(b *testing.B) {
	for _, name := range []string{"source", "3io"} {
		for _, trace := range []string{TraceOff, TraceRound, TraceTurn} {
			b.Run(name+"-"+trace, func(b *testing.B) {
				r, err := prepare(Config{Run: match.Run{Game: name, Bots: []string{"random"}, Games: 1 << 30, Seed: 1}, Trace: trace})
				if err != nil {
					b.Fatal(err)
				}
				w := r.newWorker()
				b.ResetTimer()
				for i := range b.N {
					if err := w.playGame(context.Background(), i); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
