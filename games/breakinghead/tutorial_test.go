package breakinghead

import (
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

// after plays lesson k's move on s.
func after(t *testing.T, s *State, l game.Lesson) *State {
	t.Helper()
	s = s.Clone().(*State)
	a, err := s.ParseAction(l.Move)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
	return s
}

func cellAt(t *testing.T, s *State, name string) uint8 {
	t.Helper()
	c, err := parsePos(name)
	if err != nil {
		t.Fatal(err)
	}
	return s.table[c]
}

func deadAt(t *testing.T, s *State, name string) bool {
	code := cellAt(t, s, name)
	return code != cellEmpty && code <= nVariants && commentDead[variantKind[code-1]]
}

func canPlace(s *State) bool {
	for _, a := range s.LegalActions(nil) {
		if strings.HasPrefix(s.ActionString(a), "place ") {
			return true
		}
	}
	return false
}

func endCardIndex(t *testing.T, name string) int {
	t.Helper()
	c, err := parsePos(name)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range endCells {
		if e == c {
			return i
		}
	}
	t.Fatalf("%s is not an end card", name)
	return -1
}

// TestTutorialLessons plays each lesson and checks that the position
// before and after its move shows the rule its words teach.
func TestTutorialLessons(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	if tu.Players != 3 || len(tu.Lessons) != 6 {
		t.Fatalf("%d players, %d lessons", tu.Players, len(tu.Lessons))
	}
	fixed := endCardIndex(t, tutorialFixed)
	check := []struct {
		rule          string
		before, after func(t *testing.T, s *State) string
	}{{
		rule: "the path starts at the Issue summary",
		before: func(t *testing.T, s *State) string {
			if s.roles[0] != roleContributor || s.roles[1] != roleContributor || s.roles[2] != roleBlocker {
				return "the roles are not contributor, contributor, blocker"
			}
			if cellAt(t, s, "1,0") != cellEmpty {
				return "1,0 is taken"
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if code := cellAt(t, s, "1,0"); code == cellEmpty || !codeLinks[code] {
				return "no normal comment card at 1,0"
			}
			return ""
		},
	}, {
		rule: "spam removes a dead-end",
		before: func(t *testing.T, s *State) string {
			if !deadAt(t, s, "3,0") {
				return "no dead-end at 3,0"
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if cellAt(t, s, "3,0") != cellEmpty {
				return "3,0 is not empty"
			}
			return ""
		},
	}, {
		rule: "a blocked player cannot place until unblocked",
		before: func(t *testing.T, s *State) string {
			if s.problems[0]&(1<<probFlu) == 0 || canPlace(s) {
				return "seat 1 is not blocked by flu, or can place"
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if s.problems[0] != 0 {
				return "seat 1 still has a problem"
			}
			return ""
		},
	}, {
		rule: "WTF Dries?! shows an end card in secret",
		before: func(t *testing.T, s *State) string {
			if s.peeked[0] != 0 {
				return "seat 1 has already peeked"
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if s.peeked[0] != 1<<fixed || int(s.fixedAt) != fixed {
				return "seat 1 did not see Fixed & Committed at " + tutorialFixed
			}
			if !strings.Contains(s.Render(0), "peeked at "+tutorialFixed+": fixed-committed") {
				return "the learner's view does not show what was seen"
			}
			return ""
		},
	}, {
		rule: "the path is carried on toward the end card",
		before: func(t *testing.T, s *State) string {
			for _, c := range []string{"1,0", "2,0", "3,0", "4,0", "5,0"} {
				if code := cellAt(t, s, c); code == cellEmpty || !codeLinks[code] {
					return "the path does not run to 5,0"
				}
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if s.reachedEnds() != 0 {
				return "an end card is reached already"
			}
			return ""
		},
	}, {
		rule: "reaching Fixed & Committed wins for the Contributors",
		before: func(t *testing.T, s *State) string {
			if s.reachedEnds() != 0 || !canPlace(s) {
				return "the path already reaches an end, or seat 1 cannot place"
			}
			return ""
		},
		after: func(t *testing.T, s *State) string {
			if !game.IsTerminal(s) {
				return "the game goes on"
			}
			r := s.Returns(nil)
			if !(r[0] > r[2] && r[1] > r[2]) {
				return "the Contributors did not win"
			}
			if s.faceUp&(1<<fixed) == 0 {
				return "Fixed & Committed is not face up"
			}
			return ""
		},
	}}
	for k, c := range check {
		l := tu.Lessons[k]
		t.Run(c.rule, func(t *testing.T) {
			s := tutorialPlay(t, tu, k)
			if msg := c.before(t, s); msg != "" {
				t.Errorf("before %q: %s", l.Move, msg)
			}
			if msg := c.after(t, after(t, s, l)); msg != "" {
				t.Errorf("after %q: %s", l.Move, msg)
			}
		})
	}
}

// TestTutorialMarks checks each lesson's marks name a cell of the table
// (or a seat) that the move touches.
func TestTutorialMarks(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	for k, l := range tu.Lessons {
		if len(l.Marks) == 0 {
			t.Errorf("lesson %d: no marks", k+1)
		}
		for _, m := range l.Marks {
			if strings.HasPrefix(m, "seat ") {
				if !strings.Contains(l.Move, m) {
					t.Errorf("lesson %d: mark %q is not in %q", k+1, m, l.Move)
				}
				continue
			}
			if _, err := parsePos(m); err != nil {
				t.Errorf("lesson %d: mark %q: %v", k+1, m, err)
			}
		}
		if !strings.Contains(l.Move, l.Marks[0]) {
			t.Errorf("lesson %d: the first mark %q is not where %q is made", k+1, l.Marks[0], l.Move)
		}
	}
}

// TestTutorialBefore checks that the other seats' scripted moves are a
// gentle bot's: no seat but the Blocker works against the path.
func TestTutorialBefore(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	for k, l := range tu.Lessons {
		for _, m := range l.Before {
			if strings.HasPrefix(m, "spam ") || strings.HasPrefix(m, "block ") {
				if k != 2 {
					t.Errorf("lesson %d: %q before it", k+1, m)
				}
			}
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
