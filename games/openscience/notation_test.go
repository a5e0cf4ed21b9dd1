package openscience

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestNotation_Examples reads the examples of the rules document's
// Notation section, in every case.
func TestNotation_Examples(t *testing.T) {
	s := newGame(t, 3, nil)
	for _, tc := range []struct {
		moves []string // played first
		text  string
		want  string // ActionString of the parsed action
	}{
		{nil, "pick CC", "pick CC"},
		{nil, "PICK code-conjurer", "pick CC"},
		{[]string{"pick CC", "pick DW", "pick KL"}, "draw TC", "draw TC"},
		{[]string{"draw TC", "draw SG", "draw PEG"}, "event Data Deluge", "event data-deluge"},
		{[]string{"event data-deluge"}, "hire", "hire"},
		{nil, "upskill +2", "upskill +2"},
		{nil, "Upskill +1+1", "upskill +1+1"},
		{nil, "upskill dd", "upskill DD"},
		{[]string{"upskill +1+1"}, "raise cc0", "raise CC0"},
		{[]string{"raise CC0", "raise TC0"}, "collect nothing", "collect nothing"},
		{nil, "g2", "g2"},
		{[]string{"g1"}, "P0", "p0"},
		{[]string{"p0", "y0"}, "b0", "b0"},
		{[]string{"b0"}, "credit none", "credit none"},
		{nil, "credit 2", "credit 2"},
	} {
		apply(t, s, tc.moves...)
		a, err := s.ParseAction(tc.text)
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		if got := s.ActionString(a); got != tc.want {
			t.Errorf("%q reads as %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestNotation_BadInput: malformed or out-of-place notation is refused
// with a message saying what is wanted, and changes nothing.
func TestNotation_BadInput(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
	for _, tc := range []struct {
		moves []string
		text  string
		want  string
	}{
		{nil, "", `want "hire", "upskill +2", "upskill +1+1" or "upskill DD"`},
		{nil, "upskill +3", `want "upskill +2" (one role by 2)`},
		{nil, "fly", "unknown move"},
		{nil, "pick TC", "not a Specialist"},
		{nil, "pick XY", `unknown role "xy"`},
		{[]string{"upskill +2"}, "raise CC", "want \"raise ROLE\" with the role's level"},
		{nil, "raise ZZ1", `unknown role "zz"`},
		{nil, "raise CC99", `level "99": want 0 to 4`},
		{[]string{"raise CC1"}, "p2", "the green amount comes now"},
		{nil, "g-1", "an amount is a letter g, p, y or b and a whole number"},
		{nil, "g99", "99 is more than any stock"},
		{nil, "credit 9", `want "credit none" or "credit SEAT" with a seat from 1 to 2`},
		{nil, "draw CC", "unknown move"},
	} {
		apply(t, s, tc.moves...)
		before := *s
		_, err := s.ParseAction(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to say %q", tc.text, err, tc.want)
		}
		if *s != before {
			t.Errorf("%q changed the state", tc.text)
		}
	}
	// At a chance node only chance notation reads.
	c := position(t, "Funding Call", "DD2 CC1", "DD2")
	apply(t, c, "hire")
	for text, want := range map[string]string{
		"hire":      `a draw is due: want "draw ROLE"`,
		"draw XX":   `unknown role "xx"`,
		"draw":      `a draw is due`,
		"event foo": `a draw is due`,
	} {
		if _, err := c.ParseAction(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q at a draw: %v, want %q", text, err, want)
		}
	}
	c = newGame(t, 2, nil)
	apply(t, c, "pick CC", "pick DW", "draw TC", "draw TC")
	if _, err := c.ParseAction("event coffee-break"); err == nil || !strings.Contains(err.Error(), `no Event is called "coffee-break"`) {
		t.Errorf("unknown event: %v", err)
	}
}

// TestNotation_IllegalMovesExplained: well-formed moves that are not legal
// now are refused by Apply with the reason, naming the ruling.
func TestNotation_IllegalMovesExplained(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
	refused(t, s, "g2", "no amount is being chosen")
	refused(t, s, "credit none", "seat 1 upskills or hires now")
	apply(t, s, "upskill +2")
	refused(t, s, "raise DW0", "seat 1 has no Data Wizard at level 0")
	refused(t, s, "hire", "chooses a role to raise now")
	apply(t, s, "raise CC1") // CC3
	refused(t, s, "g7", "no legal collection takes 7 green")
	apply(t, s, "g1")
	refused(t, s, "collect nothing", "the collection is under way")
	if err := s.Apply(game.Action(nActions)); err == nil || !strings.Contains(err.Error(), "no such move") {
		t.Errorf("action out of range: %v", err)
	}
}
