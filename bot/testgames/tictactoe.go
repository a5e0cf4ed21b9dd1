package testgames

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Tic-tac-toe: seat 1 plays X, seat 2 plays O. Actions 0 to 8 are the
// cells row by row; notation "b2" is column b, row 2 (a1 is action 0).
// A draw returns 0.5 to each. The state is an Evaluator.
type tttGame struct{}

func (tttGame) Info() game.Info {
	return game.Info{Name: "test-tictactoe", Title: "Tic-tac-toe (test)", Summary: "three in a row", MinPlayers: 2, MaxPlayers: 2}
}

func (tttGame) New(cfg game.Config) (game.State, error) { return &tttState{cfg: cfg, result: -1}, nil }

func (tttGame) MaxLength(game.Config) int { return 9 }

type tttState struct {
	cfg    game.Config
	board  [9]int8 // 0 empty, 1 X (seat 1), 2 O (seat 2)
	moves  int8
	result int8 // -1 playing, 0 or 1 the winner, 2 a draw
}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *tttState) Config() game.Config { return s.cfg }

func (s *tttState) CurrentPlayer() game.Player {
	if s.result >= 0 {
		return game.Terminal
	}
	return game.Player(s.moves % 2)
}

func (s *tttState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	if s.result >= 0 {
		return buf
	}
	for i, c := range s.board {
		if c == 0 {
			buf = append(buf, game.Action(i))
		}
	}
	return buf
}

func (s *tttState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome { return buf[:0] }

func (s *tttState) Apply(a game.Action) error {
	if a < 0 || a > 8 {
		return fmt.Errorf("action %d: no such cell", a)
	}
	if s.result >= 0 {
		return fmt.Errorf("%s: the game is over", s.ActionString(a))
	}
	if s.board[a] != 0 {
		return fmt.Errorf("%s: the cell is taken", s.ActionString(a))
	}
	mark := s.moves%2 + 1
	s.board[a] = mark
	s.moves++
	for _, l := range tttLines {
		if s.board[l[0]] == mark && s.board[l[1]] == mark && s.board[l[2]] == mark {
			s.result = mark - 1
			return nil
		}
	}
	if s.moves == 9 {
		s.result = 2
	}
	return nil
}

func (s *tttState) ActionString(a game.Action) string {
	return fmt.Sprintf("%c%d", 'a'+rune(a%3), a/3+1)
}

func (s *tttState) ParseAction(str string) (game.Action, error) {
	if len(str) != 2 || str[0] < 'a' || str[0] > 'c' || str[1] < '1' || str[1] > '3' {
		return 0, fmt.Errorf("%q: want a cell a1 to c3", str)
	}
	return game.Action(int(str[1]-'1')*3 + int(str[0]-'a')), nil
}

func (s *tttState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	switch s.result {
	case 0, 1:
		dst[s.result] = 1
	case 2:
		dst[0], dst[1] = 0.5, 0.5
	}
	return dst
}

// Evaluate counts, for each seat, the lines it can still complete, weighted
// by the square of its marks on them, less the same for the other seat.
func (s *tttState) Evaluate(dst []float64) []float64 {
	var v [2]float64
	for _, l := range tttLines {
		var n [3]int
		for _, c := range l {
			n[s.board[c]]++
		}
		if n[2] == 0 {
			v[0] += float64(n[1] * n[1])
		}
		if n[1] == 0 {
			v[1] += float64(n[2] * n[2])
		}
	}
	return append(dst[:0], v[0]-v[1], v[1]-v[0])
}

type tttObs struct {
	Board  string `json:"board"`
	ToMove int    `json:"to_move,omitempty"`
	Result string `json:"result,omitempty"`
}

func (s *tttState) Observation(game.Player) any {
	var b strings.Builder
	for i, c := range s.board {
		if i > 0 && i%3 == 0 {
			b.WriteByte('/')
		}
		b.WriteByte(".XO"[c])
	}
	o := tttObs{Board: b.String()}
	switch s.result {
	case -1:
		o.ToMove = int(s.moves%2) + 1
	case 2:
		o.Result = "draw"
	default:
		o.Result = fmt.Sprintf("seat %d wins", s.result+1)
	}
	return o
}

func (s *tttState) Render(p game.Player) string {
	o := s.Observation(p).(tttObs)
	rows := strings.Split(o.Board, "/")
	var b strings.Builder
	for r := 2; r >= 0; r-- {
		fmt.Fprintf(&b, "%d %s\n", r+1, rows[r])
	}
	b.WriteString("  abc\n")
	if o.Result != "" {
		b.WriteString(o.Result + "\n")
	}
	return b.String()
}

func (s *tttState) Clone() game.State { c := *s; return &c }
