package opensource

import (
	"strings"
	"testing"
)

// TestNotation_Examples reads the rules document's examples, any case.
func TestNotation_Examples(t *testing.T) {
	s := newGame(t, 2)
	give(t, s, 0, "ACEI")
	s.phase = phaseStart
	for _, tc := range []struct {
		moves []string // played first
		text  string
		want  string
	}{
		{nil, "START yyb", "start YYB"},
		{[]string{"start YYB"}, "demand Web App", "demand web-app"},
		{[]string{"demand web-app"}, "ROLL +1", "roll +1"},
		{nil, "roll", "roll"},
		{nil, "fork rrr", "fork RRR"},
		{[]string{"roll +1"}, "dice yybr", "dice YYBR"},
		{[]string{"dice YYBR"}, "keep ybr", "keep YBR"},
		{[]string{"keep YYB"}, "catch b>y", "catch B>Y"},
		{nil, "take yyb", "take YYB"},
		{[]string{"take YYB"}, "place 2,0 T1", "place 2,0 t1"},
		{nil, "lab 0,-1 t2", "lab 0,-1 t2"},
		{nil, "return", "return"},
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
	for text, want := range map[string]string{
		"lift 3,-2": "lift 3,-2", "move 1,0": "move 1,0", "move lab 0,0": "move lab 0,0", "to 1,1 t2": "to 1,1 t2",
		"bdfl 2": "bdfl 2", "on 1,0": "on 1,0", "hardware b": "hardware B", "again": "again", "done": "done",
		"reward c": "reward C", "reward DEMAND": "reward demand", "pass": "pass", "extend 2,0": "extend 2,0",
	} {
		a, err := s.ParseAction(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got := s.moveString(a); got != want {
			t.Errorf("%q reads as %q", text, got)
		}
	}
}

// TestNotation_BadInput: malformed notation is refused saying what is
// wanted, and changes nothing.
func TestNotation_BadInput(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	for text, want := range map[string]string{
		"":              "empty move",
		"fly":           "unknown move",
		"place 1,0":     `want "place R,C tN"`,
		"place 1;0 t1":  "bad space",
		"place 99,0 t1": "outside the Commons",
		"place 1,0 t3":  "bad turn",
		"take YYG":      `unknown tile type "YYG"`,
		"keep YB":       "want 3 letters",
		"catch R-Y":     `want "catch X>Y"`,
		"roll 2":        `want "roll" or "roll +N"`,
		"bdfl 0":        `want "bdfl N"`,
		"hardware Z":    `want "hardware SET"`,
		"reward Q":      `want "reward SET"`,
		"return now":    "takes nothing after it",
	} {
		// A move is due after the dice.
		c := *s
		apply(t, &c, "dice RRR")
		before := c
		_, err := c.ParseAction(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to say %q", text, err, want)
		}
		if c != before {
			t.Errorf("%q changed the state", text)
		}
	}
	for text, want := range map[string]string{
		"take RRR": "a roll of 3 dice is due",
		"dice RR":  "want 3 letters",
		"dice RRX": "letters Y, B or R",
	} {
		if _, err := s.ParseAction(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q at the roll: %v, want %q", text, err, want)
		}
	}
}

// TestNotation_IllegalExplained: well-formed moves that are not legal now
// are refused by Apply with the reason.
func TestNotation_IllegalExplained(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	apply(t, s, "dice RRR")
	refused(t, s, "take YYY", "do not name YYY")
	refused(t, s, "lift 1,0", "the supply has the tile the dice name")
	refused(t, s, "again", "the dice show RRR: take, lift or catch")
	apply(t, s, "take RRR")
	refused(t, s, "place 2,0 t0", "does not fit")
	refused(t, s, "lab 5,0 t0", "does not fit there in seat 1's Lab")
}

// TestNotation_ActionNumbers pins the action numbers the rules document
// lists for programs.
func TestNotation_ActionNumbers(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"lab", actLab, 4608}, {"return", actReturn, 9216}, {"lift", actLift, 9217}, {"take", actTake, 10753},
		{"keep", actKeep, 10764}, {"catch", actCatch, 10780}, {"roll", actRoll, 10789}, {"fork", actFork, 10806},
		{"move", actMove, 10817}, {"move lab", actMoveLab, 12353}, {"to", actTo, 13889}, {"bdfl", actBDFL, 18497},
		{"on", actOn, 18505}, {"hardware", actHardware, 20041}, {"again", actAgain, 20053}, {"done", actDone, 20054},
		{"reward", actInfra, 20055}, {"reward demand", actDemand, 20067}, {"pass", actPass, 20068}, {"extend", actExtend, 20069},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: action %d, the rules document says %d", tc.name, tc.got, tc.want)
		}
	}
}
