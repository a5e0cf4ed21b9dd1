package source

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestObservation(t *testing.T) {
	s := position(t, nil, `
		R* R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . G . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	play(t, s, "c9")
	o := s.Observation(game.Spectator).(Observation)
	want := Cell{Colour: "red", Fortified: true, Connected: true}
	if o.Board[0][0] != want {
		t.Errorf("a9 = %+v, want %+v", o.Board[0][0], want)
	}
	if o.Board[4][4] != (Cell{Colour: "green"}) {
		t.Errorf("e5 = %+v, want unconnected green", o.Board[4][4])
	}
	if o.ToMove != "red" || o.Seat != 1 || o.AP != 1 || o.Over {
		t.Errorf("to move %q seat %d AP %d over %v", o.ToMove, o.Seat, o.AP, o.Over)
	}
	if o.Colours[Red].Supply != 19 || o.Colours[Blue].Seat != 2 || o.Scores != [2]int{8, 5} {
		t.Errorf("colours %+v scores %v", o.Colours, o.Scores)
	}
	// Perfect information: every viewer sees the same.
	spec, _ := json.Marshal(o)
	for _, p := range []game.Player{0, 1} {
		b, _ := json.Marshal(s.Observation(p))
		if string(b) != string(spec) {
			t.Errorf("seat %d sees %s, spectator %s", p.Seat(), b, spec)
		}
		if s.Render(p) != s.Render(game.Spectator) {
			t.Errorf("seat %d render differs", p.Seat())
		}
	}
	play(t, s, "end", "end", "end", "end", "end")
	o = s.Observation(game.Spectator).(Observation)
	if !o.Over || o.Winner != 1 || o.ToMove != "" || o.Seat != 0 {
		t.Errorf("at the end: over %v winner %d to move %q seat %d", o.Over, o.Winner, o.ToMove, o.Seat)
	}
}

func TestRender(t *testing.T) {
	s := position(t, nil, `
		R* R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . B . . .
		G . . . . . . . Y`)
	r := s.Render(game.Spectator)
	for _, want := range []string{
		"    a  b  c  d  e  f  g  h  i",
		" 9  R* R  .  .  .  .  .  .  B   9",
		" 5  .  .  .  .  +  .  .  .  .   5",
		" 2  .  .  .  .  .  b  .  .  .   2",
		"red    (seat 1)  supply 20  score   4",
		"Score: seat 1 (red+yellow) 6, seat 2 (blue+green) 5",
		"To move: red (seat 1), 2 AP left",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("render lacks %q:\n%s", want, r)
		}
	}
	play(t, s, "end", "end", "end", "end")
	if r := s.Render(0); !strings.Contains(r, "Game over: seat 1 wins.") {
		t.Errorf("render at the end:\n%s", r)
	}
}
