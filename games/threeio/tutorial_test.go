package threeio

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

func sector(t *testing.T, s *State, name string) *cell {
	t.Helper()
	c, err := parseSector(name)
	if err != nil {
		t.Fatal(err)
	}
	return &s.board[c]
}

// TestTutorialLessons plays each lesson and checks that the position
// after its move shows the rule its words teach.
func TestTutorialLessons(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	r, err := newRules(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	tb := r.tiles
	crew := tutorialAt(t, tu, 0).crew[0] // all in hand before any is played
	has := func(s *State, name string, tile Tile, light bool) error {
		c := sector(t, s, name)
		if c.kind == 0 || c.tile() != tile || c.light != light {
			return fmt.Errorf("%s holds kind %d light %v, want %s light %v", name, c.kind, c.light, tile, light)
		}
		return nil
	}
	empty := func(s *State, names ...string) error {
		for _, n := range names {
			if sector(t, s, n).kind != 0 {
				return fmt.Errorf("%s is not empty", n)
			}
		}
		return nil
	}
	checks := []struct {
		rule  string
		after func(s *State) error
	}{
		{"a tile is played dark side up on an empty sector", func(s *State) error {
			return has(s, "b3", Dust, false)
		}},
		{"crew goes on the tile just played", func(s *State) error {
			if err := has(s, "c3", Dust, false); err != nil {
				return err
			}
			if sector(t, s, "c3").meeples[0] != 1 || s.crew[0] != crew-1 {
				return fmt.Errorf("crew on c3 %d, in hand %d", sector(t, s, "c3").meeples[0], s.crew[0])
			}
			return nil
		}},
		{"expand rather than score a small tile", func(s *State) error {
			if s.CurrentPlayer() != game.Chance {
				return fmt.Errorf("%s to move after expand, want a draw", s.CurrentPlayer())
			}
			return nil
		}},
		{"two of a kind do not fuse", func(s *State) error {
			for _, n := range []string{"b3", "c3", "e3"} {
				if err := has(s, n, Dust, false); err != nil {
					return err
				}
			}
			return empty(s, "d3")
		}},
		{"expand to complete the group", func(s *State) error {
			if s.CurrentPlayer() != game.Chance {
				return fmt.Errorf("%s to move after expand, want a draw", s.CurrentPlayer())
			}
			return nil
		}},
		{"four fuse into a light tile with a bonus token", func(s *State) error {
			if err := has(s, "d3", Dust, true); err != nil {
				return err
			}
			c := sector(t, s, "d3")
			if c.bonus != 1 || c.meeples[0] != 1 {
				return fmt.Errorf("d3 has %d bonus tokens and %d of the learner's crew", c.bonus, c.meeples[0])
			}
			if tb.Fusion > 4 || tb.OneBonusAt > 4 || tb.TwoBonusAt <= 4 {
				return fmt.Errorf("the words are written for a fusion of 4 earning one token")
			}
			return empty(s, "b3", "c3", "e3")
		}},
		{"expand for a multiplier before scoring", func(s *State) error {
			if s.CurrentPlayer() != game.Chance {
				return fmt.Errorf("%s to move after expand, want a draw", s.CurrentPlayer())
			}
			return nil
		}},
		{"a civilization tile multiplies its neighbours", func(s *State) error {
			return has(s, "e3", Station, false)
		}},
		{"scoring takes the crew back", func(s *State) error {
			want := (int64(tb.Points[Dust][1]) + 1) * int64(tb.Multiplier[Station])
			c := sector(t, s, "d3")
			if s.score[0] != want || c.meeples[0] != 0 || c.bonus != 0 || s.crew[0] != crew {
				return fmt.Errorf("score %d (want %d), crew on d3 %d, bonus %d, in hand %d", s.score[0], want, c.meeples[0], c.bonus, s.crew[0])
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
			if s.CurrentPlayer() != 0 {
				t.Fatalf("%s to move, want the learner", s.CurrentPlayer())
			}
			do(t, s, tu.Lessons[k].Move)
			if err := c.after(s); err != nil {
				t.Errorf("after %s: %v\n%s", tu.Lessons[k].Move, err, s.Render(0))
			}
		})
	}
}

// TestTutorialScriptedExpandIsForced: the learner's "expand" scripted in
// a lesson's Before is the only move the learner has there (no crew on
// the board to score), so the lessons never choose for the learner.
func TestTutorialScriptedExpandIsForced(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	st, err := game.NewState(Game, tu.Players, tu.Options)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for k, l := range tu.Lessons {
		for _, m := range l.Before {
			if s.CurrentPlayer() == 0 {
				if legal := s.LegalActions(nil); len(legal) != 1 || s.ActionString(legal[0]) != m {
					t.Errorf("lesson %d: the learner's %s is scripted, but the learner has %d moves", k+1, m, len(legal))
				}
			}
			do(t, s, m)
		}
		do(t, s, l.Move)
	}
}

// TestTutorialMarks: every lesson's marks are sectors, and they name the
// sector its move is made on.
func TestTutorialMarks(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	for k, l := range tu.Lessons {
		f := strings.Fields(l.Move)
		if l.Move == "expand" {
			if len(l.Marks) != 0 {
				t.Errorf("lesson %d: expand marks %v", k+1, l.Marks)
			}
			continue
		}
		target := f[len(f)-1]
		if target == "crew" {
			target = f[len(f)-2]
		}
		found := false
		for _, m := range l.Marks {
			if _, err := parseSector(m); err != nil {
				t.Errorf("lesson %d: mark %q is not a sector", k+1, m)
			}
			found = found || m == target
		}
		if !found {
			t.Errorf("lesson %d: marks %v do not name the move's sector %s", k+1, l.Marks, target)
		}
	}
}

// TestTutorialQuotesTheNumbers: the points the words quote are the
// tile table's.
func TestTutorialQuotesTheNumbers(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	r, err := newRules(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	tb := r.tiles
	pts, mult := tb.Points[Dust][1], tb.Multiplier[Station]
	for _, tc := range []struct {
		lesson int
		text   string
		want   string
	}{
		{3, tu.Lessons[2].Say, fmt.Sprintf("worth just %d point", tb.Points[Dust][0])},
		{7, tu.Lessons[6].Say, fmt.Sprintf("worth %d + 1 bonus", pts)},
		{6, tu.Lessons[5].Done, fmt.Sprintf("light Dust on d3 (%d points", pts)},
		{8, tu.Lessons[7].Say, fmt.Sprintf("×%d", mult)},
		{9, tu.Lessons[8].Done, fmt.Sprintf("(%d + 1) × %d = %d points", pts, mult, (pts+1)*mult)},
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
