package testgames

import (
	"fmt"
	"strconv"

	"github.com/commons-games/commons/game"
)

// Pig, a dice race for 2 to 4 players. On its turn a seat rolls a die as
// often as it likes ("roll"), adding the pips to its turn total, and then
// banks the total ("hold"). A roll of 1 loses the turn total and ends the
// turn. Whoever banks the target (option "target", 20 or 50) first wins.
// Rolling is not allowed once banked plus turn total reach the target, and
// after 30 turns each the highest bank wins (tied leaders share 1), so
// every game ends. Chance outcomes are the pips, notation "1" to "6".
// The state is a Scorer (banked points) and an Evaluator.
type pigGame struct{}

const pigTurnsEach = 30

// Pig actions at a player node.
const (
	pigRoll game.Action = 0
	pigHold game.Action = 1
)

func (pigGame) Info() game.Info {
	return game.Info{
		Name: "test-pig", Title: "Pig (test)", Summary: "a dice race", MinPlayers: 2, MaxPlayers: 4, Chance: true,
		Options: []game.OptionSpec{{Name: "target", Default: "20", Values: []string{"20", "50"}, Doc: "points to win"}},
	}
}

func (pigGame) New(cfg game.Config) (game.State, error) {
	t, err := strconv.Atoi(cfg.Options.Get("target"))
	if err != nil {
		return nil, fmt.Errorf("test-pig: target=%q: %w", cfg.Options.Get("target"), err)
	}
	return &pigState{cfg: cfg, players: int8(cfg.Players), target: int16(t)}, nil
}

func (pigGame) MaxLength(cfg game.Config) int {
	t, _ := strconv.Atoi(cfg.Options.Get("target"))
	return pigTurnsEach * cfg.Players * (t + 2)
}

type pigState struct {
	cfg     game.Config
	players int8
	turn    int8
	rolling bool // a die is in the air: chance to move
	over    bool
	target  int16
	total   int16 // the turn total
	turns   int16 // turns finished
	banked  [4]int16
}

func (s *pigState) Config() game.Config { return s.cfg }

func (s *pigState) CurrentPlayer() game.Player {
	switch {
	case s.over:
		return game.Terminal
	case s.rolling:
		return game.Chance
	}
	return game.Player(s.turn)
}

func (s *pigState) canRoll() bool { return s.banked[s.turn]+s.total < s.target }

func (s *pigState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch {
	case s.over:
	case s.rolling:
		for a := game.Action(1); a <= 6; a++ {
			buf = append(buf, a)
		}
	default:
		if s.canRoll() {
			buf = append(buf, pigRoll)
		}
		if s.total > 0 {
			buf = append(buf, pigHold)
		}
	}
	return buf
}

func (s *pigState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.rolling && !s.over {
		for a := game.Action(1); a <= 6; a++ {
			buf = append(buf, game.ChanceOutcome{Action: a, P: 1.0 / 6})
		}
	}
	return buf
}

func (s *pigState) Apply(a game.Action) error {
	switch {
	case s.over:
		return fmt.Errorf("action %d: the game is over", a)
	case s.rolling:
		if a < 1 || a > 6 {
			return fmt.Errorf("action %d: a die shows 1 to 6", a)
		}
		s.rolling = false
		if a == 1 {
			s.total = 0
			s.endTurn()
		} else {
			s.total += int16(a)
		}
	case a == pigRoll:
		if !s.canRoll() {
			return fmt.Errorf("roll: bank and turn total already reach %d; hold", s.target)
		}
		s.rolling = true
	case a == pigHold:
		if s.total == 0 {
			return fmt.Errorf("hold: nothing to bank yet")
		}
		s.banked[s.turn] += s.total
		s.total = 0
		if s.banked[s.turn] >= s.target {
			s.over = true
			return nil
		}
		s.endTurn()
	default:
		return fmt.Errorf("action %d: no such move", a)
	}
	return nil
}

func (s *pigState) endTurn() {
	s.turns++
	s.turn = (s.turn + 1) % s.players
	if int(s.turns) >= pigTurnsEach*int(s.players) {
		s.over = true
	}
}

func (s *pigState) ActionString(a game.Action) string {
	if s.rolling {
		return strconv.Itoa(int(a))
	}
	switch a {
	case pigRoll:
		return "roll"
	case pigHold:
		return "hold"
	}
	return fmt.Sprintf("?%d", a)
}

func (s *pigState) ParseAction(str string) (game.Action, error) {
	if s.rolling {
		if len(str) == 1 && str[0] >= '1' && str[0] <= '6' {
			return game.Action(str[0] - '0'), nil
		}
		return 0, fmt.Errorf("%q: want a die roll 1 to 6", str)
	}
	switch str {
	case "roll":
		return pigRoll, nil
	case "hold":
		return pigHold, nil
	}
	return 0, fmt.Errorf("%q: want roll or hold", str)
}

func (s *pigState) Returns(dst []float64) []float64 {
	dst = dst[:0]
	for p := 0; p < int(s.players); p++ {
		dst = append(dst, 0)
	}
	if !s.over {
		return dst
	}
	best, n := int16(-1), 0
	for p := 0; p < int(s.players); p++ {
		switch {
		case s.banked[p] > best:
			best, n = s.banked[p], 1
		case s.banked[p] == best:
			n++
		}
	}
	for p := 0; p < int(s.players); p++ {
		if s.banked[p] == best {
			dst[p] = 1 / float64(n)
		}
	}
	return dst
}

// Scores are the banked points.
func (s *pigState) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for p := 0; p < int(s.players); p++ {
		dst = append(dst, float64(s.banked[p]))
	}
	return dst
}

// Evaluate counts the banked points and half of the turn total at risk.
func (s *pigState) Evaluate(dst []float64) []float64 {
	dst = s.Scores(dst)
	if !s.over {
		dst[s.turn] += float64(s.total) / 2
	}
	return dst
}

type pigObs struct {
	Banked []int `json:"banked"`
	ToMove int   `json:"to_move,omitempty"`
	Total  int   `json:"turn_total"`
	Turns  int   `json:"turns"`
}

func (s *pigState) Observation(game.Player) any {
	o := pigObs{Total: int(s.total), Turns: int(s.turns)}
	for p := 0; p < int(s.players); p++ {
		o.Banked = append(o.Banked, int(s.banked[p]))
	}
	if !s.over {
		o.ToMove = int(s.turn) + 1
	}
	return o
}

func (s *pigState) Render(p game.Player) string {
	o := s.Observation(p).(pigObs)
	if s.over {
		return fmt.Sprintf("banked %v; game over\n", o.Banked)
	}
	return fmt.Sprintf("banked %v; seat %d has %d this turn\n", o.Banked, o.ToMove, o.Total)
}

func (s *pigState) Clone() game.State { c := *s; return &c }
