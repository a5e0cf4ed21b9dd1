package openscience

import (
	"fmt"
	"github.com/commons-games/commons/tutorial"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// tutorialPlay plays the first game's lessons before lesson k (0-based)
// and lesson k's Before, and returns the position the learner is asked to
// move in.
func tutorialPlay(t *testing.T, tu game.Tutorial, k int) *State {
	t.Helper()
	return lessonState(t, k)
}

// finish plays the learner's move of lesson l on a copy of s and the
// forced moves after it (the steps of a collection with one choice).
func finish(t *testing.T, s *State, l game.Lesson) *State {
	t.Helper()
	s = s.Clone().(*State)
	if err := s.play(l.Move); err != nil {
		t.Fatal(err)
	}
	for s.CurrentPlayer() == 0 {
		ls := s.LegalActions(nil)
		if len(ls) != 1 {
			break
		}
		if err := s.Apply(ls[0]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// team is seat 1's team as the learner sees it ("DD2 CC2 TC0").
func team(s *State) string {
	o := s.observe(0)
	parts := []string{fmt.Sprintf("DD%d", o.Seats[0].Driver)}
	for _, r := range o.Seats[0].Roles {
		parts = append(parts, fmt.Sprintf("%s%d", r.Code, r.Level))
	}
	return strings.Join(parts, " ")
}

// TestTutorialLessons plays each lesson and checks the team, the credits
// and the counters its words describe.
func TestTutorialLessons(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	r, err := newRules(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	dd := r.cards.DriverStart
	check := []struct {
		rule          string
		before, after string // seat 1's team
		credits       int    // seat 1's credits after the move (and forced steps)
		stock         Amounts
	}{
		{"a team starts with a Discovery Driver", fmt.Sprintf("DD%d", dd), fmt.Sprintf("DD%d CC0", dd), 0, Amounts{}},
		{"each turn begins with an upskill or a hire", fmt.Sprintf("DD%d CC0 TC0", dd), fmt.Sprintf("DD%d CC0 TC0", dd), 0, Amounts{6, 6, 6, 6}},
		{"upskill +2 raises one role by 2", fmt.Sprintf("DD%d CC0 TC0", dd), fmt.Sprintf("DD%d CC2 TC0", dd), 0, Amounts{6, 6, 6, 6}},
		{"a collaboration takes the Driver's level and a bonus per role", fmt.Sprintf("DD%d CC2 TC0", dd), fmt.Sprintf("DD%d CC2 TC0", dd), dd + 2, Amounts{5, 3, 6, 6}},
		{"a hire draws a role at level 0", fmt.Sprintf("DD%d CC2 TC0", dd), fmt.Sprintf("DD%d CC2 TC0", dd), dd + 2, Amounts{5, 3, 6, 4}},
		{"the collaboration begins again", fmt.Sprintf("DD%d CC2 PEG0 TC0", dd), fmt.Sprintf("DD%d CC2 PEG0 TC0", dd), dd + 2, Amounts{5, 3, 6, 4}},
		{"a level-0 role earns its bonus", fmt.Sprintf("DD%d CC2 PEG0 TC0", dd), fmt.Sprintf("DD%d CC2 PEG0 TC0", dd), 2*dd + 5, Amounts{4, 0, 5, 4}},
		{"the Discovery Driver rises by 1", fmt.Sprintf("DD%d CC2 PEG0 TC0", dd), fmt.Sprintf("DD%d CC2 PEG0 TC0", dd+1), 2*dd + 5, Amounts{2, 0, 5, 4}},
	}
	if len(check) != len(tu.Lessons) {
		t.Fatalf("%d checks for %d lessons", len(check), len(tu.Lessons))
	}
	for k, c := range check {
		l := tu.Lessons[k]
		t.Run(c.rule, func(t *testing.T) {
			s := tutorialPlay(t, tu, k)
			if got := team(s); got != c.before {
				t.Errorf("before %q: team %q, want %q", l.Move, got, c.before)
			}
			for _, m := range l.Marks {
				if len(m) > 1 && !strings.Contains(" "+team(s)+" ", " "+m+" ") {
					t.Errorf("mark %q is not in the team %q", m, team(s))
				}
			}
			a := finish(t, s, l)
			if got := team(a); got != c.after {
				t.Errorf("after %q: team %q, want %q", l.Move, got, c.after)
			}
			o := a.observe(0)
			if o.Seats[0].Credits != c.credits {
				t.Errorf("after %q: %d credits, want %d", l.Move, o.Seats[0].Credits, c.credits)
			}
			if k > 0 && o.Stock != c.stock {
				t.Errorf("after %q: stock %+v, want %+v", l.Move, o.Stock, c.stock)
			}
		})
	}
}

// TestTutorialWords checks the numbers the lessons quote.
func TestTutorialWords(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	s := tutorialPlay(t, tu, 1)
	o := s.observe(0)
	if o.Event == nil || o.Event.Name != "Funding Call" || o.Event.Levels != (Amounts{6, 6, 6, 6}) {
		t.Errorf("round 1's Event is %+v, not a Funding Call of 6 each", o.Event)
	}
	if !strings.Contains(tu.Lessons[1].Say, "each colour to 6") {
		t.Errorf("lesson 2 does not quote the Funding Call")
	}
	// The last lesson's words: purple is at 0 and the round goes on.
	s = tutorialPlay(t, tu, len(tu.Lessons)-1)
	if o := s.observe(0); o.Stock.Purple != 0 || o.Round != 1 {
		t.Errorf("before the last lesson: purple %d, round %d", o.Stock.Purple, o.Round)
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
