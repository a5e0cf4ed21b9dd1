package lab

import (
	"fmt"
	"strconv"

	"github.com/commons-games/commons/game"
)

// coinGame is a game whose balance and length are set by its options, so
// that a tuning's optimum is known: chance gives the win to seat 1 with
// probability bias/10 before the first move; then each seat makes
// length moves in turn (two legal moves each, which change nothing).
// Seat 1 wins half the games at bias=5 exactly, and a game lasts
// 2·length turns.
type coinGame struct{}

func init() { game.Register(coinGame{}) }

func (coinGame) Info() game.Info {
	return game.Info{
		Name: "tune-coin", Title: "Tuning coin", Summary: "a test game whose balance and length are its options",
		MinPlayers: 2, MaxPlayers: 2, Chance: true,
		Options: []game.OptionSpec{
			{Name: "bias", Default: "8", Doc: "seat 1 wins with probability bias/10"},
			{Name: "length", Default: "1", Doc: "moves of each seat"},
		},
		Params: []game.Param{
			{Option: "bias", Values: game.Range(0, 10, 1), Numeric: true, Doc: "seat 1's chance in tenths"},
			{Option: "length", Values: game.Range(1, 6, 1), Numeric: true, Doc: "each seat's moves"},
		},
	}
}

func (coinGame) New(cfg game.Config) (game.State, error) {
	bias, err := strconv.Atoi(cfg.Options.Get("bias"))
	if err != nil || bias < 0 || bias > 10 {
		return nil, fmt.Errorf("tune-coin: option bias=%q: want a whole number from 0 to 10", cfg.Options.Get("bias"))
	}
	length, err := strconv.Atoi(cfg.Options.Get("length"))
	if err != nil || length < 1 || length > 50 {
		return nil, fmt.Errorf("tune-coin: option length=%q: want a whole number from 1 to 50", cfg.Options.Get("length"))
	}
	return &coinState{cfg: cfg, bias: bias, left: 2 * length, winner: -1}, nil
}

func (coinGame) MaxLength(cfg game.Config) int { return 102 }

type coinState struct {
	cfg    game.Config
	bias   int
	left   int // moves left
	moved  int
	winner game.Player // -1 before chance
}

func (s *coinState) Config() game.Config { return s.cfg }
func (s *coinState) CurrentPlayer() game.Player {
	switch {
	case s.winner < 0:
		return game.Chance
	case s.left == 0:
		return game.Terminal
	}
	return game.Player(s.moved % 2)
}

func (s *coinState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.CurrentPlayer() {
	case game.Terminal:
	case game.Chance:
		if s.bias > 0 {
			buf = append(buf, 0)
		}
		if s.bias < 10 {
			buf = append(buf, 1)
		}
	default:
		buf = append(buf, 0, 1)
	}
	return buf
}

func (s *coinState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.CurrentPlayer() != game.Chance {
		return buf
	}
	if s.bias > 0 {
		buf = append(buf, game.ChanceOutcome{Action: 0, P: float64(s.bias) / 10})
	}
	if s.bias < 10 {
		buf = append(buf, game.ChanceOutcome{Action: 1, P: 1 - float64(s.bias)/10})
	}
	return buf
}

func (s *coinState) Apply(a game.Action) error {
	var l [2]game.Action
	legal := false
	for _, x := range s.LegalActions(l[:0]) {
		legal = legal || x == a
	}
	if !legal {
		return fmt.Errorf("tune-coin: %d is not legal now", a)
	}
	if s.CurrentPlayer() == game.Chance {
		s.winner = game.Player(a)
		return nil
	}
	s.left--
	s.moved++
	return nil
}

func (s *coinState) ActionString(a game.Action) string {
	if s.CurrentPlayer() == game.Chance {
		return "win" + strconv.Itoa(int(a)+1)
	}
	return "m" + strconv.Itoa(int(a))
}

func (s *coinState) ParseAction(str string) (game.Action, error) {
	for a := game.Action(0); a < 2; a++ {
		if s.ActionString(a) == str {
			return a, nil
		}
	}
	return 0, fmt.Errorf("tune-coin: %q is not a move", str)
}

func (s *coinState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.CurrentPlayer() == game.Terminal {
		dst[s.winner] = 1
	}
	return dst
}

func (s *coinState) Observation(game.Player) any { return s.left }
func (s *coinState) Render(game.Player) string   { return strconv.Itoa(s.left) }
func (s *coinState) Clone() game.State           { c := *s; return &c }
