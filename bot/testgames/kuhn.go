package testgames

import (
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// Kuhn poker for 2: a deck of J, Q, K; each seat antes 1 and is dealt one
// card (two chance nodes, notation "J", "Q", "K"). Seat 1 passes or bets
// 1; then seat 2; after pass-bet seat 1 again. A pass facing a bet folds;
// otherwise the higher card wins the pot at the showdown. Returns map the
// chips won, -2 to 2, onto [0, 1]: (chips+2)/4. The cards are hidden
// information: the state is a Sampler.
type kuhnGame struct{}

// Kuhn actions at a player node.
const (
	kuhnPass game.Action = 0
	kuhnBet  game.Action = 1
)

func (kuhnGame) Info() game.Info {
	return game.Info{Name: "test-kuhn", Title: "Kuhn poker (test)", Summary: "three-card poker",
		MinPlayers: 2, MaxPlayers: 2, Chance: true, HiddenInformation: true}
}

func (kuhnGame) New(cfg game.Config) (game.State, error) {
	return &kuhnState{cfg: cfg, cards: [2]int8{-1, -1}}, nil
}

func (kuhnGame) MaxLength(game.Config) int { return 5 }

type kuhnState struct {
	cfg   game.Config
	cards [2]int8 // 0 J, 1 Q, 2 K; -1 not dealt yet
	hist  [3]int8 // the bets: 0 pass, 1 bet
	nh    int8
}

const kuhnCards = "JQK"

func (s *kuhnState) Config() game.Config { return s.cfg }

// over reports whether the betting is over and whether it ended in a
// showdown.
func (s *kuhnState) over() (done, showdown bool) {
	h := s.hist
	switch {
	case s.nh == 2 && h[0] == 0 && h[1] == 0, s.nh == 2 && h[0] == 1 && h[1] == 1:
		return true, true
	case s.nh == 2 && h[0] == 1 && h[1] == 0:
		return true, false
	case s.nh == 3:
		return true, h[2] == 1
	}
	return false, false
}

func (s *kuhnState) CurrentPlayer() game.Player {
	if s.cards[1] < 0 {
		return game.Chance
	}
	if done, _ := s.over(); done {
		return game.Terminal
	}
	return game.Player(s.nh % 2)
}

func (s *kuhnState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.CurrentPlayer() {
	case game.Chance:
		for c := int8(0); c < 3; c++ {
			if c != s.cards[0] {
				buf = append(buf, game.Action(c))
			}
		}
	case game.Terminal:
	default:
		buf = append(buf, kuhnPass, kuhnBet)
	}
	return buf
}

func (s *kuhnState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.CurrentPlayer() != game.Chance {
		return buf
	}
	p := 1.0 / 3
	if s.cards[0] >= 0 {
		p = 0.5
	}
	for c := int8(0); c < 3; c++ {
		if c != s.cards[0] {
			buf = append(buf, game.ChanceOutcome{Action: game.Action(c), P: p})
		}
	}
	return buf
}

func (s *kuhnState) Apply(a game.Action) error {
	switch s.CurrentPlayer() {
	case game.Terminal:
		return fmt.Errorf("action %d: the hand is over", a)
	case game.Chance:
		if a < 0 || a > 2 {
			return fmt.Errorf("action %d: no such card", a)
		}
		if s.cards[0] < 0 {
			s.cards[0] = int8(a)
			return nil
		}
		if int8(a) == s.cards[0] {
			return fmt.Errorf("%c: that card was dealt to seat 1", kuhnCards[a])
		}
		s.cards[1] = int8(a)
		return nil
	}
	if a != kuhnPass && a != kuhnBet {
		return fmt.Errorf("action %d: want pass or bet", a)
	}
	s.hist[s.nh] = int8(a)
	s.nh++
	return nil
}

func (s *kuhnState) ActionString(a game.Action) string {
	if s.CurrentPlayer() == game.Chance {
		if a >= 0 && a < 3 {
			return kuhnCards[a : a+1]
		}
		return fmt.Sprintf("?%d", a)
	}
	switch a {
	case kuhnPass:
		return "pass"
	case kuhnBet:
		return "bet"
	}
	return fmt.Sprintf("?%d", a)
}

func (s *kuhnState) ParseAction(str string) (game.Action, error) {
	if s.CurrentPlayer() == game.Chance {
		for i := range kuhnCards {
			if str == kuhnCards[i:i+1] {
				return game.Action(i), nil
			}
		}
		return 0, fmt.Errorf("%q: want a card J, Q or K", str)
	}
	switch str {
	case "pass":
		return kuhnPass, nil
	case "bet":
		return kuhnBet, nil
	}
	return 0, fmt.Errorf("%q: want pass or bet", str)
}

// chips returns what seat 1 won (seat 2 won the opposite).
func (s *kuhnState) chips() int {
	done, showdown := s.over()
	if !done {
		return 0
	}
	pot := 1
	if s.hist[0] == 1 || s.hist[1] == 1 {
		pot = 2
	}
	if !showdown {
		// The seat that passed facing a bet folds and loses its ante.
		if s.nh == 2 {
			return 1
		}
		return -1
	}
	if s.cards[0] > s.cards[1] {
		return pot
	}
	return -pot
}

func (s *kuhnState) Returns(dst []float64) []float64 {
	c := float64(s.chips())
	if done, _ := s.over(); !done || s.cards[1] < 0 {
		return append(dst[:0], 0, 0)
	}
	return append(dst[:0], (c+2)/4, (2-c)/4)
}

// Scores are the chips won so far.
func (s *kuhnState) Scores(dst []float64) []float64 {
	c := float64(s.chips())
	return append(dst[:0], c, -c)
}

type kuhnObs struct {
	Card     string   `json:"card,omitempty"`
	Bets     []string `json:"bets"`
	Showdown string   `json:"showdown,omitempty"`
}

func (s *kuhnState) Observation(p game.Player) any {
	o := kuhnObs{Bets: []string{}}
	if p >= 0 && p < 2 && s.cards[p] >= 0 {
		o.Card = kuhnCards[s.cards[p] : s.cards[p]+1]
	}
	for i := int8(0); i < s.nh; i++ {
		o.Bets = append(o.Bets, [2]string{"pass", "bet"}[s.hist[i]])
	}
	if _, showdown := s.over(); showdown {
		o.Showdown = string([]byte{kuhnCards[s.cards[0]], kuhnCards[s.cards[1]]})
	}
	return o
}

func (s *kuhnState) Render(p game.Player) string {
	o := s.Observation(p).(kuhnObs)
	return fmt.Sprintf("card %q bets %v showdown %q\n", o.Card, o.Bets, o.Showdown)
}

func (s *kuhnState) Clone() game.State { c := *s; return &c }

// Sample deals the cards p cannot see again: the other seat's card, from
// those p does not hold.
func (s *kuhnState) Sample(p game.Player, r *rand.Rand) game.State {
	c := *s
	if _, showdown := s.over(); showdown || p < 0 || p > 1 {
		return &c
	}
	o := 1 - p
	if c.cards[o] < 0 {
		return &c
	}
	for {
		k := int8(r.IntN(3))
		if k != c.cards[p] {
			c.cards[o] = k
			return &c
		}
	}
}
