package source

import (
	"fmt"
	"github.com/commons-games/commons/tutorial"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// tutorialAt plays the first game's lessons before lesson k (0-based),
// then lesson k's Before, and returns the position the learner is asked
// to move in.
func tutorialAt(t *testing.T, tu game.Tutorial, k int) *State {
	t.Helper()
	return lessonState(t, k)
}

func tutorialNumbers(t *testing.T) map[string]any {
	t.Helper()
	n, err := Game.(game.Numberer).Numbers(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTutorialLessons plays each lesson and checks that the position
// before and after its move shows the rule its words teach.
func TestTutorialLessons(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	n := tutorialNumbers(t)
	connected, loose := n["connected"].(int), n["loose"].(int)
	isConn := func(s *State, c Colour, p string) bool { return s.conn[c].has(pt(t, p)) }
	isOcc := func(s *State, c Colour, p string) bool { return s.occ[c].has(pt(t, p)) }
	checks := []struct {
		rule   string
		colour Colour // the learner's colour to move in the lesson
		after  func(s *State) error
	}{
		{"place next to the source", Red, func(s *State) error {
			if !isConn(s, Red, "b9") || s.colourScores()[Red] != 2*connected {
				return fmt.Errorf("b9 connected %v, red scores %d", isConn(s, Red, "b9"), s.colourScores()[Red])
			}
			return nil
		}},
		{"a chain grows from a connected token", Red, func(s *State) error {
			for _, p := range []string{"a9", "b9", "c9"} {
				if !isConn(s, Red, p) {
					return fmt.Errorf("%s not connected", p)
				}
			}
			if s.colour != Blue {
				return fmt.Errorf("%s to move, want blue once red's points are spent", s.colour)
			}
			return nil
		}},
		{"the partner colour plays from its own source", Yellow, func(s *State) error {
			if !isConn(s, Yellow, "h1") {
				return fmt.Errorf("h1 not connected to yellow")
			}
			return nil
		}},
		{"a fortified connected point cannot be captured", Yellow, func(s *State) error {
			if !s.fort[Yellow].has(pt(t, "h1")) {
				return fmt.Errorf("h1 not fortified")
			}
			if s.colour != Green {
				return fmt.Errorf("%s to move, want green", s.colour)
			}
			legal := map[string]bool{}
			for _, a := range s.LegalActions(nil) {
				legal[s.ActionString(a)] = true
			}
			if legal["xh1"] || !legal["xi1"] {
				return fmt.Errorf("green may capture the fortified h1 (%v) or not the single i1 (%v)", legal["xh1"], !legal["xi1"])
			}
			return nil
		}},
		{"the chain keeps growing", Red, func(s *State) error {
			if !isConn(s, Red, "d9") {
				return fmt.Errorf("d9 not connected")
			}
			return nil
		}},
		{"taking the top edge", Red, func(s *State) error {
			if got := s.colourScores()[Red]; got != 5*connected {
				return fmt.Errorf("red scores %d, the lesson says %d", got, 5*connected)
			}
			return nil
		}},
		{"capturing a link cuts the chain", Yellow, func(s *State) error {
			if isOcc(s, Blue, "g9") || !isOcc(s, Blue, "f9") || !isOcc(s, Blue, "f8") {
				return fmt.Errorf("g9 not captured or f9, f8 gone")
			}
			if isConn(s, Blue, "f9") || isConn(s, Blue, "f8") || !isConn(s, Blue, "h9") {
				return fmt.Errorf("f9, f8 still connected or h9 cut off")
			}
			if got, want := s.colourScores()[Blue], 2*connected+2*loose; got != want {
				return fmt.Errorf("blue scores %d, want %d", got, want)
			}
			if s.colour != Green {
				return fmt.Errorf("the capture of a connected token did not spend yellow's turn")
			}
			return nil
		}},
		{"a cut-off token is cheap to capture", Red, func(s *State) error {
			if isOcc(s, Blue, "f9") || s.colour != Red || s.AP() != 2-n["capture_loose"].(int) {
				return fmt.Errorf("f9 blue %v, %s to move with %d AP", isOcc(s, Blue, "f9"), s.colour, s.AP())
			}
			return nil
		}},
		{"an emptied point may be played again", Red, func(s *State) error {
			if !isConn(s, Red, "f9") || isConn(s, Blue, "f8") {
				return fmt.Errorf("f9 red connected %v, f8 blue connected %v", isConn(s, Red, "f9"), isConn(s, Blue, "f8"))
			}
			return nil
		}},
	}
	if len(checks) != len(tu.Lessons) {
		t.Fatalf("%d lessons, %d checks", len(tu.Lessons), len(checks))
	}
	for k, c := range checks {
		t.Run(c.rule, func(t *testing.T) {
			s := tutorialAt(t, tu, k)
			if s.CurrentPlayer() != 0 || s.colour != c.colour {
				t.Fatalf("%s (%s) to move, want the learner's %s", s.colour, s.CurrentPlayer(), c.colour)
			}
			play(t, s, tu.Lessons[k].Move)
			if err := c.after(s); err != nil {
				t.Errorf("after %s: %v\n%s", tu.Lessons[k].Move, err, s.Render(0))
			}
		})
	}
}

// TestTutorialMarks: every lesson's marks are points of the board, and
// they name the point its move is made on.
func TestTutorialMarks(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	for k, l := range tu.Lessons {
		target := strings.TrimLeft(l.Move, "+x-")
		found := false
		for _, m := range l.Marks {
			if _, ok := parsePoint(m); !ok {
				t.Errorf("lesson %d: mark %q is not a point", k+1, m)
			}
			found = found || m == target
		}
		if !found {
			t.Errorf("lesson %d: marks %v do not name the move's point %s", k+1, l.Marks, target)
		}
	}
}

// TestTutorialQuotesTheNumbers: the costs and points the words quote are
// the game's.
func TestTutorialQuotesTheNumbers(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	n := tutorialNumbers(t)
	for _, tc := range []struct {
		lesson int
		text   string
		want   string
	}{
		{1, tu.Lessons[0].Done, fmt.Sprintf("scores %v points", n["connected"])},
		{6, tu.Lessons[5].Done, fmt.Sprintf("worth %d", 5*n["connected"].(int))},
		{7, tu.Lessons[6].Say, fmt.Sprintf("costs %v action points", n["capture"])},
		{7, tu.Lessons[6].Done, fmt.Sprintf("score only %v each", n["loose"])},
		{8, tu.Lessons[7].Say, fmt.Sprintf("costs only %v action point", n["capture_loose"])},
	} {
		if !strings.Contains(tc.text, tc.want) {
			t.Errorf("lesson %d: %q does not say %q", tc.lesson, tc.text, tc.want)
		}
	}
}

// lessonState is the position the learner is asked to move in at lesson
// k (0-based), as package tutorial plays the first game to it.
func lessonState(t *testing.T, k int) *State {
	t.Helper()
	st, err := tutorial.StateAt(Game, k)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}
