package testgames

import (
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// Guess, for 2: chance deals a secret number 1 to 8 that only seat 2 sees
// (notation "1" to "8"); seat 1 names one ("g1" to "g8") and wins if it is
// the secret, else seat 2 wins. The secret is shown at the end. A bot that
// read the real state would always win; a fair one wins one game in eight.
type guessGame struct{}

func (guessGame) Info() game.Info {
	return game.Info{Name: "test-guess", Title: "Guess (test)", Summary: "guess the secret",
		MinPlayers: 2, MaxPlayers: 2, Chance: true, HiddenInformation: true}
}

func (guessGame) New(cfg game.Config) (game.State, error) {
	return &guessState{cfg: cfg, secret: -1, guess: -1}, nil
}

func (guessGame) MaxLength(game.Config) int { return 2 }

type guessState struct {
	cfg    game.Config
	secret int8
	guess  int8
}

func (s *guessState) Config() game.Config { return s.cfg }

func (s *guessState) CurrentPlayer() game.Player {
	switch {
	case s.secret < 0:
		return game.Chance
	case s.guess < 0:
		return 0
	}
	return game.Terminal
}

func (s *guessState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.guess < 0 {
		for a := game.Action(0); a < 8; a++ {
			buf = append(buf, a)
		}
	}
	return buf
}

func (s *guessState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.secret < 0 {
		for a := game.Action(0); a < 8; a++ {
			buf = append(buf, game.ChanceOutcome{Action: a, P: 1.0 / 8})
		}
	}
	return buf
}

func (s *guessState) Apply(a game.Action) error {
	if a < 0 || a > 7 {
		return fmt.Errorf("action %d: the numbers are 1 to 8", a)
	}
	switch {
	case s.secret < 0:
		s.secret = int8(a)
	case s.guess < 0:
		s.guess = int8(a)
	default:
		return fmt.Errorf("%s: the game is over", s.ActionString(a))
	}
	return nil
}

func (s *guessState) ActionString(a game.Action) string {
	if s.secret < 0 {
		return fmt.Sprint(a + 1)
	}
	return fmt.Sprintf("g%d", a+1)
}

func (s *guessState) ParseAction(str string) (game.Action, error) {
	want := "g"
	if s.secret < 0 {
		want = ""
	}
	if len(str) == len(want)+1 && str[:len(want)] == want && str[len(want)] >= '1' && str[len(want)] <= '8' {
		return game.Action(str[len(want)] - '1'), nil
	}
	return 0, fmt.Errorf("%q: want %s1 to %s8", str, want, want)
}

func (s *guessState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.guess >= 0 {
		if s.guess == s.secret {
			dst[0] = 1
		} else {
			dst[1] = 1
		}
	}
	return dst
}

type guessObs struct {
	Secret int `json:"secret,omitempty"`
	Guess  int `json:"guess,omitempty"`
}

func (s *guessState) Observation(p game.Player) any {
	o := guessObs{Guess: int(s.guess) + 1}
	if s.secret >= 0 && (p == 1 || s.guess >= 0) {
		o.Secret = int(s.secret) + 1
	}
	return o
}

func (s *guessState) Render(p game.Player) string {
	o := s.Observation(p).(guessObs)
	return fmt.Sprintf("secret %d guess %d\n", o.Secret, o.Guess)
}

func (s *guessState) Clone() game.State { c := *s; return &c }

// Sample deals the secret again for seat 1 before it guessed.
func (s *guessState) Sample(p game.Player, r *rand.Rand) game.State {
	c := *s
	if p == 0 && c.secret >= 0 && c.guess < 0 {
		c.secret = int8(r.IntN(8))
	}
	return &c
}
