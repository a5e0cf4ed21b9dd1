package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// spy wraps the real state of a hidden-information game and records every
// use a bot makes of it beyond what its seat may see: CurrentPlayer,
// Config, LegalActions (the seat's own moves), ActionString, its own
// Observation and Sample for its own seat. A sample it hands out is the
// wrapped game's own state, for the bot to use freely.
type spy struct {
	real   game.State
	seat   game.Player
	misuse []string
}

func (s *spy) bad(what string)                              { s.misuse = append(s.misuse, what) }
func (s *spy) Config() game.Config                          { return s.real.Config() }
func (s *spy) CurrentPlayer() game.Player                   { return s.real.CurrentPlayer() }
func (s *spy) LegalActions(buf []game.Action) []game.Action { return s.real.LegalActions(buf) }
func (s *spy) ActionString(a game.Action) string            { return s.real.ActionString(a) }
func (s *spy) ParseAction(str string) (game.Action, error)  { return s.real.ParseAction(str) }
func (s *spy) Apply(game.Action) error                      { s.bad("Apply"); return fmt.Errorf("spy") }
func (s *spy) Returns(dst []float64) []float64              { s.bad("Returns"); return s.real.Returns(dst) }
func (s *spy) Render(p game.Player) string                  { s.bad("Render"); return s.real.Render(p) }
func (s *spy) Clone() game.State                            { s.bad("Clone"); return s.real.Clone() }
func (s *spy) Evaluate(dst []float64) []float64             { s.bad("Evaluate"); return append(dst[:0], 0, 0) }
func (s *spy) Scores(dst []float64) []float64               { s.bad("Scores"); return append(dst[:0], 0, 0) }
func (s *spy) ChanceOutcomes(b []game.ChanceOutcome) []game.ChanceOutcome {
	s.bad("ChanceOutcomes")
	return s.real.ChanceOutcomes(b)
}

func (s *spy) Observation(p game.Player) any {
	if p != s.seat {
		s.bad(fmt.Sprintf("Observation(%v)", p))
	}
	return s.real.Observation(p)
}

func (s *spy) Sample(p game.Player, r *rand.Rand) game.State {
	if p != s.seat {
		s.bad(fmt.Sprintf("Sample(%v)", p))
	}
	return s.real.(game.Sampler).Sample(p, r)
}

var allSpecs = append(slices.Clip(testSpecs), "mcts:iterations=100,workers=1", "ismcts:iterations=100,workers=1")

// TestNeverTouchesHiddenState hands every bot a wrapped real state of
// each hidden-information test game at every decision of random games,
// and fails on any use of it beyond what the seat to move may know.
// Every registered game with hidden information is covered: the test
// games and the real ones games/all registers.
func TestNeverTouchesHiddenState(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		if !in.HiddenInformation {
			continue
		}
		// Real games: one game for each kind of bot, on small budgets.
		name, games, specs := in.Name, uint64(1), []string{"random", "greedy:samples=2", "mcts:iterations=30,workers=2", "ismcts:iterations=30,workers=2,depth=5"}
		if strings.HasPrefix(name, "test-") {
			games, specs = 6, allSpecs
		}
		for _, spec := range specs {
			for k := range games {
				s := newState(t, name, in.MinPlayers, nil)
				rng := game.NewRand(k)
				bots := newBots(t, spec, in.MinPlayers, k)
				for !game.IsTerminal(s) {
					var a game.Action
					if p := s.CurrentPlayer(); p == game.Chance {
						a = game.SampleChance(s, rng, nil)
					} else {
						sp := &spy{real: s, seat: p}
						var err error
						if a, err = bots[p].Act(context.Background(), sp); err != nil {
							t.Fatal(err)
						}
						if len(sp.misuse) > 0 {
							t.Fatalf("%s on %s: the bot used the real state: %v", spec, name, sp.misuse)
						}
					}
					if err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// TestCannotSeeTheSecret: in Guess, a bot that read the real state would
// name the secret every time. A fair one wins about one game in eight;
// require fewer than one in four over 96 games (a fair guesser does that
// with probability well above 0.999).
func TestCannotSeeTheSecret(t *testing.T) {
	for _, spec := range allSpecs {
		wins := 0
		const games = 96
		for k := range uint64(games) {
			s := newState(t, "test-guess", 2, nil)
			play(t, s, newBots(t, spec, 2, k), k)
			wins += int(s.Returns(nil)[0])
		}
		if wins >= games/4 {
			t.Errorf("%s guessed the secret %d times in %d games: it must read hidden state", spec, wins, games)
		}
	}
}

// TestISMCTSBeatsRandomAtKuhnPoker: information-set search must win chips
// from a random player over many hands, playing either seat.
func TestISMCTSBeatsRandomAtKuhnPoker(t *testing.T) {
	for _, spec := range []string{"ismcts:iterations=400,workers=1", "mcts:iterations=400,workers=2"} {
		total := 0.0
		const hands = 300
		for k := range uint64(hands) {
			s := newState(t, "test-kuhn", 2, nil)
			me := int(k % 2)
			bots := []Bot{newBots(t, spec, 1, k)[0], newBots(t, "random", 1, k)[0]}
			if me == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			play(t, s, bots, k)
			total += s.(game.Scorer).Scores(nil)[me]
		}
		t.Logf("%s vs random at Kuhn poker: %+.3f chips a hand", spec, total/hands)
		if total/hands < 0.1 {
			t.Errorf("%s vs random at Kuhn poker: %+.3f chips a hand, want at least +0.1", spec, total/hands)
		}
	}
}
