package source

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Observation is what everybody sees: Source has no hidden information,
// so every seat and spectators get the same value.
type Observation struct {
	// Board holds the points by rows from row 9 (top) down to row 1,
	// each row by columns a to i: Board[0][0] is a9, Board[4][4] e5.
	Board [size][size]Cell `json:"board"`
	// Colours are red, blue, yellow and green in turn order.
	Colours [4]ColourView `json:"colours"`
	// ToMove is the colour to move and Seat its 1-based seat; AP its
	// action points left. Empty and 0 at the end.
	ToMove string `json:"to_move,omitempty"`
	Seat   int    `json:"seat,omitempty"`
	AP     int    `json:"ap"`
	// EndOnlyTurns counts the colour turns in a row that took no action
	// but end; the game ends at 4 (S16).
	EndOnlyTurns int `json:"end_only_turns"`
	// Scores are seat 1's and seat 2's scores on the current board (S17),
	// seat 2's with the compensation.
	Scores [2]int `json:"scores"`
	// Compensation is the points added to seat 2's score (our ruling 12,
	// option compensation); 0 and left out without one.
	Compensation int `json:"compensation,omitempty"`
	// LastRound says that a supply has emptied under end=round: the game
	// ends after green's turn of this round (our ruling 11).
	LastRound bool `json:"last_round,omitempty"`
	Over      bool `json:"over"`
	// Winner is the winning seat at the end, 0 for a draw or before the end.
	Winner int `json:"winner,omitempty"`
}

// Cell is one point: empty (Colour "") or a colour's token, possibly
// fortified, connected to its source or not.
type Cell struct {
	Colour    string `json:"colour,omitempty"`
	Fortified bool   `json:"fortified,omitempty"`
	Connected bool   `json:"connected,omitempty"`
}

// ColourView is one colour's supply and score.
type ColourView struct {
	Colour string `json:"colour"`
	Seat   int    `json:"seat"`
	Supply int    `json:"supply"`
	Score  int    `json:"score"`
}

// Observation returns the whole position, the same for every viewer.
func (s *State) Observation(game.Player) any {
	var o Observation
	for p := 0; p < points; p++ {
		if c := s.colourAt(p); c >= 0 {
			o.Board[p/size][p%size] = Cell{Colour: c.String(), Fortified: s.fort[c].has(p), Connected: s.conn[c].has(p)}
		}
	}
	cs := s.colourScores()
	for c := Red; c <= Green; c++ {
		o.Colours[c] = ColourView{Colour: c.String(), Seat: c.Player().Seat(), Supply: int(s.supply[c]), Score: cs[c]}
	}
	o.Scores = s.seatScores()
	o.Compensation = int(s.compensation)
	o.LastRound = s.LastRound()
	o.EndOnlyTurns = int(s.endRun)
	o.Over = s.over
	if s.over {
		if w := s.winner(); w >= 0 {
			o.Winner = w.Seat()
		}
	} else {
		o.ToMove = s.colour.String()
		o.Seat = s.colour.Player().Seat()
		o.AP = int(s.ap)
	}
	return o
}

var letters = [4]byte{'R', 'B', 'Y', 'G'}

// Render draws the board with coordinates: R B Y G for connected tokens,
// r b y g for unconnected ones, a '*' after a fortified point, '.' for an
// empty point and '+' for the empty centre. The same for every viewer.
func (s *State) Render(game.Player) string {
	var b strings.Builder
	cols := "    a  b  c  d  e  f  g  h  i\n"
	b.WriteString(cols)
	for r := 0; r < size; r++ {
		fmt.Fprintf(&b, " %d  ", size-r)
		for col := 0; col < size; col++ {
			p := r*size + col
			cell := [2]byte{'.', ' '}
			if c := s.colourAt(p); c >= 0 {
				cell[0] = letters[c]
				if !s.conn[c].has(p) {
					cell[0] += 'a' - 'A'
				}
				if s.fort[c].has(p) {
					cell[1] = '*'
				}
			} else if p == centre {
				cell[0] = '+'
			}
			b.Write(cell[:])
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, " %d\n", size-r)
	}
	b.WriteString(cols)
	b.WriteString("    upper case: connected, lower case: not connected, *: fortified\n\n")
	cs := s.colourScores()
	for c := Red; c <= Green; c++ {
		fmt.Fprintf(&b, "%-6s (seat %d)  supply %2d  score %3d\n", c, c.Player().Seat(), s.supply[c], cs[c])
	}
	sc := s.seatScores()
	fmt.Fprintf(&b, "Score: seat 1 (red+yellow) %d, seat 2 (blue+green) %d", sc[0], sc[1])
	if k := int(s.compensation); k != 0 {
		fmt.Fprintf(&b, " (%d on the board, %+d compensation)", sc[1]-k, k)
	}
	b.WriteString("\n")
	if s.over {
		if w := s.winner(); w >= 0 {
			fmt.Fprintf(&b, "Game over: seat %d wins.\n", w.Seat())
		} else {
			b.WriteString("Game over: draw.\n")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "To move: %s (seat %d), %d AP left", s.colour, s.colour.Player().Seat(), s.ap)
	if s.LastRound() {
		b.WriteString("; a supply is empty: the last round, the game ends after green's turn")
	}
	if s.endRun > 0 {
		fmt.Fprintf(&b, "; %d end-only turn(s) in a row (the game ends at %d)", s.endRun, endRunLimit)
	}
	b.WriteString("\n")
	return b.String()
}
