package source

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestNotation(t *testing.T) {
	s := newState(t, nil)
	names := map[string]int{"a9": 0, "i9": 8, "e5": 40, "a1": 72, "i1": 80, "b8": 10}
	for n, p := range names {
		if pointName(p) != n {
			t.Errorf("pointName(%d) = %s, want %s", p, pointName(p), n)
		}
	}
	for a := game.Action(0); a < numActions; a++ {
		str := s.ActionString(a)
		back, err := s.ParseAction(str)
		if err != nil || back != a {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", str, back, err, a)
		}
	}
	ok := map[string]string{" E5 ": "e5", "+A9": "+a9", "-i1\t": "-i1", "Xe5": "xe5", " END ": "end"}
	for in, want := range ok {
		a, err := s.ParseAction(in)
		if err != nil || s.ActionString(a) != want {
			t.Errorf("ParseAction(%q) = %q, %v; want %q", in, s.ActionString(a), err, want)
		}
	}
	for _, bad := range []string{"", "e", "e0", "j5", "e10", "x", "+", "++e5", "xxe5", "ende", "pass", "5e", "*e5"} {
		if _, err := s.ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		} else if !strings.Contains(err.Error(), "e5") {
			t.Errorf("ParseAction(%q): unhelpful error %q", bad, err)
		}
	}
}

func TestIllegalActions(t *testing.T) {
	s := newState(t, nil)
	refuse(t, s, "e5", "place e5: e5 is not next to a connected red token")
	refuse(t, s, "a1", "place a1: point a1 is occupied by green")
	refuse(t, s, "xi1", "capture i1")
	for _, a := range []game.Action{-1, numActions, 1 << 20} {
		if err := s.Apply(a); err == nil || !strings.Contains(err.Error(), "no such action") {
			t.Errorf("Apply(%d) = %v", a, err)
		}
	}
	play(t, s, "end", "end", "end", "end")
	if err := s.Apply(ActionEnd); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("Apply after the end = %v", err)
	}
	if got := s.LegalActions(nil); len(got) != 0 {
		t.Errorf("legal actions at the end: %v", got)
	}
}
