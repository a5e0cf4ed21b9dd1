package testgames

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// Nim for 2 to 4 players: in turn each takes 1 or more counters from one
// pile; whoever takes the last counter wins. Option "piles" lists up to
// four pile sizes of 1 to 7 ("3,4,5" by default). Notation: "p2-3" takes
// 3 counters from pile 2. Nim has no Evaluator and no Scorer, so greedy
// bots fall back on Returns.
type nimGame struct{}

const nimMaxPiles, nimMaxTake = 4, 7

func (nimGame) Info() game.Info {
	return game.Info{
		Name: "test-nim", Title: "Nim (test)", Summary: "take counters; the last to take wins",
		MinPlayers: 2, MaxPlayers: 4,
		Options: []game.OptionSpec{{Name: "piles", Default: "3,4,5", Doc: "pile sizes, 1 to 7 each, up to 4 piles"}},
	}
}

func (nimGame) New(cfg game.Config) (game.State, error) {
	s := &nimState{cfg: cfg, players: int8(cfg.Players), winner: -1}
	fields := strings.Split(cfg.Options.Get("piles"), ",")
	if len(fields) > nimMaxPiles {
		return nil, fmt.Errorf("test-nim: piles=%q: at most %d piles", cfg.Options.Get("piles"), nimMaxPiles)
	}
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > nimMaxTake {
			return nil, fmt.Errorf("test-nim: piles=%q: pile %q is not a number from 1 to %d", cfg.Options.Get("piles"), f, nimMaxTake)
		}
		s.piles[i] = int8(n)
	}
	s.npiles = int8(len(fields))
	return s, nil
}

func (nimGame) MaxLength(cfg game.Config) int { return nimMaxPiles * nimMaxTake }

type nimState struct {
	cfg     game.Config
	players int8
	npiles  int8
	turn    int8
	winner  int8
	piles   [nimMaxPiles]int8
}

func (s *nimState) Config() game.Config { return s.cfg }

func (s *nimState) CurrentPlayer() game.Player {
	if s.winner >= 0 {
		return game.Terminal
	}
	return game.Player(s.turn)
}

func (s *nimState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.winner >= 0 {
		return buf
	}
	for p := 0; p < int(s.npiles); p++ {
		for k := 1; k <= int(s.piles[p]); k++ {
			buf = append(buf, game.Action(p*nimMaxTake+k-1))
		}
	}
	return buf
}

func (s *nimState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome { return buf[:0] }

func (s *nimState) Apply(a game.Action) error {
	if s.winner >= 0 {
		return fmt.Errorf("%d: the game is over", a)
	}
	p, k := int(a)/nimMaxTake, int(a)%nimMaxTake+1
	if a < 0 || p >= int(s.npiles) {
		return fmt.Errorf("action %d: no such move", a)
	}
	if k > int(s.piles[p]) {
		return fmt.Errorf("p%d-%d: pile %d holds %d", p+1, k, p+1, s.piles[p])
	}
	s.piles[p] -= int8(k)
	empty := true
	for i := 0; i < int(s.npiles); i++ {
		empty = empty && s.piles[i] == 0
	}
	if empty {
		s.winner = s.turn
		return nil
	}
	s.turn = (s.turn + 1) % s.players
	return nil
}

func (s *nimState) ActionString(a game.Action) string {
	return fmt.Sprintf("p%d-%d", int(a)/nimMaxTake+1, int(a)%nimMaxTake+1)
}

func (s *nimState) ParseAction(str string) (game.Action, error) {
	var p, k int
	if _, err := fmt.Sscanf(str, "p%d-%d", &p, &k); err != nil || fmt.Sprintf("p%d-%d", p, k) != str {
		return 0, fmt.Errorf("%q: want p<pile>-<count>, as p2-3", str)
	}
	if p < 1 || p > nimMaxPiles || k < 1 || k > nimMaxTake {
		return 0, fmt.Errorf("%q: no such pile or count", str)
	}
	return game.Action((p-1)*nimMaxTake + k - 1), nil
}

func (s *nimState) Returns(dst []float64) []float64 {
	dst = dst[:0]
	for p := 0; p < int(s.players); p++ {
		v := 0.0
		if int(s.winner) == p {
			v = 1
		}
		dst = append(dst, v)
	}
	return dst
}

type nimObs struct {
	Piles  []int `json:"piles"`
	ToMove int   `json:"to_move,omitempty"`
	Winner int   `json:"winner,omitempty"`
}

func (s *nimState) Observation(p game.Player) any {
	o := nimObs{Winner: int(s.winner) + 1}
	for i := 0; i < int(s.npiles); i++ {
		o.Piles = append(o.Piles, int(s.piles[i]))
	}
	if s.winner < 0 {
		o.ToMove = int(s.turn) + 1
	}
	return o
}

func (s *nimState) Render(p game.Player) string {
	o := s.Observation(p).(nimObs)
	if o.Winner > 0 {
		return fmt.Sprintf("piles %v; seat %d took the last counter and wins\n", o.Piles, o.Winner)
	}
	return fmt.Sprintf("piles %v; seat %d to move\n", o.Piles, o.ToMove)
}

func (s *nimState) Clone() game.State { c := *s; return &c }
