// Package testgame registers "countdown", a tiny game with chance for
// testing records and commands without depending on a real game's rules.
//
// Chance first sets a counter to 5, 6 or 7 (outcomes "5", "6", "7", equally
// likely). Then the two seats take turns removing 1 or 2 ("take1",
// "take2"); whoever takes the last one wins. After every take of 2, chance
// rolls a coin ("heads" adds 1 to the counter, "tails" adds nothing), so
// records have chance outcomes in the middle too.
package testgame

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Game is the countdown game.
var Game game.Game = countdown{}

func init() { game.Register(Game) }

type countdown struct{}

func (countdown) Info() game.Info {
	return game.Info{
		Name: "countdown", Title: "Countdown", Summary: "a test game: take 1 or 2, the last take wins",
		MinPlayers: 2, MaxPlayers: 2, Chance: true,
		Options: []game.OptionSpec{{Name: "start", Default: "random", Values: []string{"random", "fixed"}, Doc: "random: chance sets 5-7; fixed: 6"}},
	}
}

func (countdown) New(cfg game.Config) (game.State, error) {
	s := &State{cfg: cfg, toMove: game.Chance}
	if cfg.Options.Get("start") == "fixed" {
		s.count, s.toMove = 6, 0
	}
	return s, nil
}

func (countdown) MaxLength(game.Config) int { return 40 }

// State is a countdown position.
type State struct {
	cfg    game.Config
	count  int
	toMove game.Player
	next   game.Player // who moves after a coin
	winner game.Player
	coin   bool
}

func (s *State) Config() game.Config        { return s.cfg }
func (s *State) CurrentPlayer() game.Player { return s.toMove }
func (s *State) Clone() game.State          { c := *s; return &c }

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch {
	case s.toMove == game.Terminal:
	case s.toMove == game.Chance && s.coin:
		buf = append(buf, 0, 1)
	case s.toMove == game.Chance:
		buf = append(buf, 5, 6, 7)
	case s.count >= 2:
		buf = append(buf, 1, 2)
	default:
		buf = append(buf, 1)
	}
	return buf
}

func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.toMove != game.Chance {
		return buf
	}
	var l [3]game.Action
	acts := s.LegalActions(l[:0])
	for _, a := range acts {
		buf = append(buf, game.ChanceOutcome{Action: a, P: 1 / float64(len(acts))})
	}
	return buf
}

func (s *State) Apply(a game.Action) error {
	legal := false
	var l [3]game.Action
	for _, x := range s.LegalActions(l[:0]) {
		legal = legal || x == a
	}
	if !legal {
		return fmt.Errorf("%s is not legal now", s.ActionString(a))
	}
	switch {
	case s.toMove == game.Chance && s.coin:
		s.count += int(a)
		s.coin, s.toMove = false, s.next
	case s.toMove == game.Chance:
		s.count, s.toMove = int(a), 0
	default:
		s.count -= int(a)
		if s.count == 0 {
			s.winner, s.toMove = s.toMove, game.Terminal
			return nil
		}
		s.next = 1 - s.toMove
		if a == 2 {
			s.coin, s.toMove = true, game.Chance
		} else {
			s.toMove = s.next
		}
	}
	return nil
}

func (s *State) ActionString(a game.Action) string {
	switch {
	case s.toMove == game.Chance && s.coin:
		switch a {
		case 0:
			return "tails"
		case 1:
			return "heads"
		}
		return fmt.Sprintf("coin?%d", a)
	case s.toMove == game.Chance:
		return fmt.Sprint(a)
	}
	return fmt.Sprintf("take%d", a)
}

func (s *State) ParseAction(str string) (game.Action, error) {
	str = strings.TrimSpace(str)
	switch {
	case s.toMove == game.Chance && s.coin:
		switch str {
		case "tails":
			return 0, nil
		case "heads":
			return 1, nil
		}
	case s.toMove == game.Chance:
		switch str {
		case "5", "6", "7":
			return game.Action(str[0] - '0'), nil
		}
	case str == "take1":
		return 1, nil
	case str == "take2":
		return 2, nil
	}
	return 0, fmt.Errorf("%q is not a countdown move here", str)
}

func (s *State) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.toMove == game.Terminal {
		dst[s.winner] = 1
	}
	return dst
}

type observation struct {
	Count int `json:"count"`
	Turn  int `json:"turn"`
}

func (s *State) Observation(game.Player) any {
	return observation{Count: s.count, Turn: int(s.toMove)}
}

func (s *State) Render(game.Player) string {
	return fmt.Sprintf("count %d, %v to move", s.count, s.toMove)
}
