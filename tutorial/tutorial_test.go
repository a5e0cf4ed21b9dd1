package tutorial_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/tutorial"
)

// taught is the countdown test game with a first game of two lessons.
type taught struct {
	game.Game
	lessons []game.Lesson
}

func (t taught) Tutorial() game.Tutorial {
	return game.Tutorial{Players: 2, Seed: 9, Intro: "Take the last one.", Lessons: t.lessons,
		Learned: []string{"Whoever takes the last one wins."}}
}

var countdownLessons = []game.Lesson{
	{Before: []string{"6"}, Say: "Take one: five are left.", Move: "take1", Wrong: "Take one, not two.", Done: "Five left."},
	{Before: []string{"take2", "tails"}, Say: "Take two: one is left.", Move: "take2", Wrong: "Two, so that one is left.", Done: "One left."},
}

func countdownGuide(t *testing.T) *tutorial.Guide {
	t.Helper()
	gd, err := tutorial.New(taught{testgame.Game, countdownLessons})
	if err != nil {
		t.Fatal(err)
	}
	return gd
}

func TestLessonsPlayInOrder(t *testing.T) {
	gd := countdownGuide(t)
	st, err := gd.At(0)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Asked(gd).Move; got != "take1" {
		t.Fatalf("lesson 1 asks for %s, want take1", got)
	}
	if want := []tutorial.Played{{Seat: 0, Move: "6"}}; !slices.Equal(st.Played, want) {
		t.Errorf("before lesson 1 the learner saw %v, want %v", st.Played, want)
	}
	st, err = gd.Play(0, nil, " take1 ")
	if err != nil {
		t.Fatal(err)
	}
	if st.Lesson != 1 || !slices.Equal(st.Played, []tutorial.Played{{Seat: 2, Move: "take2"}, {Seat: 0, Move: "tails"}}) {
		t.Fatalf("after lesson 1: lesson %d, played %v", st.Lesson+1, st.Played)
	}
	if want := []string{"6", "take1", "take2", "tails"}; !slices.Equal(st.History, want) {
		t.Errorf("history %v, want %v", st.History, want)
	}
	st, err = gd.Play(1, nil, "take2")
	if err != nil {
		t.Fatal(err)
	}
	if st.Asked(gd) != nil || st.Lesson != 2 {
		t.Fatalf("after the last lesson, lesson %d is asked", st.Lesson+1)
	}
	// Three left after take2 (and a coin if the bot takes two, drawn from
	// the seed): the bot takes one and wins, or leaves the learner to move.
	if !st.Over() && st.State.CurrentPlayer() != tutorial.Learner {
		t.Fatalf("after the lessons, %s is to move", st.State.CurrentPlayer())
	}
}

// TestRefusedMoveChangesNothing: a legal move that is not the lesson's
// is refused with the lesson's reason, an illegal one with the engine's
// as well, and the position is as it was.
func TestRefusedMoveChangesNothing(t *testing.T) {
	gd := countdownGuide(t)
	for _, tc := range []struct {
		move, reason, hint string
	}{
		{"take2", "", "Take one, not two."},
		{"take9", "take9", "Take one: five are left."},
		{"", "", "Take one"},
	} {
		_, err := gd.Play(0, nil, tc.move)
		var r *tutorial.Refusal
		if !errors.As(err, &r) {
			t.Fatalf("%q: %v, want a refusal", tc.move, err)
		}
		if tc.reason != "" && !strings.Contains(r.Reason, tc.reason) || tc.reason == "" && tc.move != "" && r.Reason != "" {
			t.Errorf("%q: reason %q, want one naming %q", tc.move, r.Reason, tc.reason)
		}
		if !strings.Contains(r.Hint, tc.hint) {
			t.Errorf("%q: hint %q, want %q", tc.move, r.Hint, tc.hint)
		}
		if !strings.Contains(err.Error(), tc.move) {
			t.Errorf("%q: %q does not name the move", tc.move, err)
		}
	}
	st, _ := gd.At(0)
	if !slices.Equal(st.History, []string{"6"}) {
		t.Errorf("after refusals the position is %v", st.History)
	}
}

func TestBrokenLessonsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lessons []game.Lesson
		says    string
	}{
		{"none", nil, "no lessons"},
		{"illegal move", []game.Lesson{{Before: []string{"6"}, Say: "x", Move: "take3"}}, "lesson 1"},
		{"chance to move", []game.Lesson{{Say: "x", Move: "take1"}}, "not the learner"},
		{"bad before", []game.Lesson{{Before: []string{"8"}, Say: "x", Move: "take1"}}, "before it, 8"},
	} {
		_, err := tutorial.New(taught{testgame.Game, tc.lessons})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.says)
		}
	}
	if _, err := tutorial.New(testgame.Game); err == nil {
		t.Error("a game without a Tutorial has a guide")
	}
}

func TestStepOutOfRange(t *testing.T) {
	gd := countdownGuide(t)
	for _, k := range []int{-1, 3} {
		if _, err := gd.At(k); err == nil || !strings.Contains(err.Error(), "lessons 1 to 2") {
			t.Errorf("At(%d): %v", k, err)
		}
	}
	if _, err := gd.Free(0, []string{"take1"}); err == nil {
		t.Error("free moves before the lessons end were played")
	}
}

// TestEveryGameTeachesItself plays every registered game's first game:
// each lesson names its move, its reason to refuse another and what it
// did; any other legal move is refused; and after the lessons a learner
// playing at random reaches the end against the bot, the same game each
// time it is replayed from the learner's moves.
func TestEveryGameTeachesItself(t *testing.T) {
	for _, g := range game.Games() {
		name := g.Info().Name
		if name == "countdown" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			gd, err := tutorial.New(g)
			if err != nil {
				t.Fatal(err)
			}
			tu := gd.Tutorial()
			if tu.Intro == "" || len(tu.Learned) == 0 {
				t.Error("no intro or nothing learned")
			}
			if len(tu.Lessons) < 4 {
				t.Errorf("%d lessons: a first game teaches more", len(tu.Lessons))
			}
			for k, l := range tu.Lessons {
				if l.Say == "" || l.Wrong == "" || l.Done == "" {
					t.Errorf("lesson %d: a word missing: %+v", k+1, l)
				}
				st, err := gd.At(k)
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range st.State.LegalActions(nil) {
					m := st.State.ActionString(a)
					if want, _ := st.State.ParseAction(l.Move); a == want {
						continue
					}
					_, err := gd.Play(k, nil, m)
					var r *tutorial.Refusal
					if !errors.As(err, &r) || r.Hint != l.Wrong {
						t.Errorf("lesson %d: another move %s: %v, want the lesson's refusal", k+1, m, err)
					}
					break
				}
			}
			r := rand.New(rand.NewPCG(1, 2))
			st, err := gd.At(len(tu.Lessons))
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !st.Over(); n++ {
				if n > g.MaxLength(gd.Config()) {
					t.Fatal("the game after the lessons does not end")
				}
				legal := st.State.LegalActions(nil)
				m := st.State.ActionString(legal[r.IntN(len(legal))])
				if err := gd.Continue(st, m); err != nil {
					t.Fatal(err)
				}
			}
			again, err := gd.Free(len(tu.Lessons), st.Free)
			if err != nil || !slices.Equal(again.History, st.History) {
				t.Fatalf("replayed from the learner's moves the game differs (%v)", err)
			}
		})
	}
}
