package testgames

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// Relay, a team game for 4: chance first pairs the seats into two teams
// (notation "12-34", "13-24", "14-23"; the team holding seat 1 is "red",
// the other "blue"). Then in three rounds each seat in turn adds 0, 1 or
// 2 ("0", "1", "2") to its team's total. The higher total wins (1 to both
// members, 0 to the others; a tie gives 0.5 to all). The state says each
// seat's team through Team, as the arena's Teamer asks.
type relayGame struct{}

const relayRounds = 3

var relayPairings = [3]string{"12-34", "13-24", "14-23"}

func (relayGame) Info() game.Info {
	return game.Info{Name: "test-relay", Title: "Relay (test)", Summary: "a team game", MinPlayers: 4, MaxPlayers: 4, Chance: true, Teams: []string{"blue", "red"}}
}

func (relayGame) New(cfg game.Config) (game.State, error) {
	return &relayState{cfg: cfg, pairing: -1}, nil
}

func (relayGame) MaxLength(game.Config) int { return 1 + 4*relayRounds }

type relayState struct {
	cfg     game.Config
	pairing int8
	moves   int8
	total   [2]int8
}

func (s *relayState) Config() game.Config { return s.cfg }

// team returns 0 (red, with seat 1) or 1 (blue) for player p.
func (s *relayState) team(p game.Player) int {
	if p == 0 || int(p) == int(s.pairing)+1 {
		return 0
	}
	return 1
}

// Team names p's team.
func (s *relayState) Team(p game.Player) string {
	if s.pairing < 0 {
		return ""
	}
	return [2]string{"red", "blue"}[s.team(p)]
}

func (s *relayState) CurrentPlayer() game.Player {
	switch {
	case s.pairing < 0:
		return game.Chance
	case s.moves >= 4*relayRounds:
		return game.Terminal
	}
	return game.Player(s.moves % 4)
}

func (s *relayState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.CurrentPlayer() != game.Terminal {
		buf = append(buf, 0, 1, 2)
	}
	return buf
}

func (s *relayState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.pairing < 0 {
		for a := game.Action(0); a < 3; a++ {
			buf = append(buf, game.ChanceOutcome{Action: a, P: 1.0 / 3})
		}
	}
	return buf
}

func (s *relayState) Apply(a game.Action) error {
	if a < 0 || a > 2 {
		return fmt.Errorf("action %d: want 0, 1 or 2", a)
	}
	switch p := s.CurrentPlayer(); p {
	case game.Terminal:
		return fmt.Errorf("%d: the game is over", a)
	case game.Chance:
		s.pairing = int8(a)
	default:
		s.total[s.team(p)] += int8(a)
		s.moves++
	}
	return nil
}

func (s *relayState) ActionString(a game.Action) string {
	if s.pairing < 0 && a >= 0 && a < 3 {
		return relayPairings[a]
	}
	return fmt.Sprint(a)
}

func (s *relayState) ParseAction(str string) (game.Action, error) {
	if s.pairing < 0 {
		for i, p := range relayPairings {
			if str == p {
				return game.Action(i), nil
			}
		}
		return 0, fmt.Errorf("%q: want a pairing 12-34, 13-24 or 14-23", str)
	}
	if len(str) == 1 && str[0] >= '0' && str[0] <= '2' {
		return game.Action(str[0] - '0'), nil
	}
	return 0, fmt.Errorf("%q: want 0, 1 or 2", str)
}

func (s *relayState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0, 0, 0)
	if s.CurrentPlayer() != game.Terminal {
		return dst
	}
	for p := range dst {
		t := s.team(game.Player(p))
		switch {
		case s.total[t] > s.total[1-t]:
			dst[p] = 1
		case s.total[t] == s.total[1-t]:
			dst[p] = 0.5
		}
	}
	return dst
}

// Evaluate is the seat's team total less the other's.
func (s *relayState) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	for p := game.Player(0); p < 4; p++ {
		t := s.team(p)
		dst = append(dst, float64(s.total[t]-s.total[1-t]))
	}
	return dst
}

type relayObs struct {
	Pairing string  `json:"pairing,omitempty"`
	Totals  [2]int8 `json:"totals"`
	ToMove  int     `json:"to_move,omitempty"`
}

func (s *relayState) Observation(game.Player) any {
	o := relayObs{Totals: s.total}
	if s.pairing >= 0 {
		o.Pairing = relayPairings[s.pairing]
	}
	if p := s.CurrentPlayer(); p >= 0 {
		o.ToMove = p.Seat()
	}
	return o
}

func (s *relayState) Render(p game.Player) string {
	o := s.Observation(p).(relayObs)
	return fmt.Sprintf("teams %s red %d blue %d\n", o.Pairing, o.Totals[0], o.Totals[1])
}

func (s *relayState) Clone() game.State { c := *s; return &c }
