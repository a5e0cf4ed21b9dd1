package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/tutorial"
)

// TestLearnWalksThroughEveryGame follows each game's lessons in the
// terminal as a learner who first types something wrong: the refusal
// names the move and says what to play, each lesson's words and what
// its move did are shown, and "What you learned" comes after the last.
func TestLearnWalksThroughEveryGame(t *testing.T) {
	for _, g := range game.Games() {
		if _, ok := g.(game.Tutor); !ok {
			continue
		}
		name := g.Info().Name
		t.Run(name, func(t *testing.T) {
			gd, err := tutorial.New(g)
			if err != nil {
				t.Fatal(err)
			}
			tu := gd.Tutorial()
			in := []string{"no-such-move", "hint"}
			for _, l := range tu.Lessons {
				in = append(in, l.Move)
			}
			in = append(in, "quit")
			var out, errOut bytes.Buffer
			if err := runLearn([]string{name}, strings.NewReader(strings.Join(in, "\n")+"\n"), &out, &errOut); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			got := out.String()
			want := []string{"Your first game of", "Not no-such-move", tu.Lessons[0].Say, "Play " + tu.Lessons[0].Move,
				"What you learned:", tu.Learned[0]}
			if end, _ := gd.At(len(tu.Lessons)); end.Over() {
				want = append(want, "Game over: you")
			} else {
				want = append(want, "You left the first game.")
			}
			for i, l := range tu.Lessons {
				want = append(want, "Lesson "+strconv.Itoa(i+1)+" of "+strconv.Itoa(len(tu.Lessons))+": "+l.Say, "✓ "+l.Done)
			}
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("the walk-through does not say %q", w)
				}
			}
			if t.Failed() {
				t.Logf("output:\n%s", got)
			}
		})
	}
}

// TestLearnGoesBackAndRestarts: back, restart and lesson N show that
// lesson's words again; leaving mid-way says how to come back.
func TestLearnGoesBackAndRestarts(t *testing.T) {
	g, err := game.Find("source")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(game.Tutor); !ok {
		t.Skip("source has no first game")
	}
	gd, err := tutorial.New(g)
	if err != nil {
		t.Fatal(err)
	}
	ls := gd.Tutorial().Lessons
	in := strings.Join([]string{ls[0].Move, ls[1].Move, "back", "restart", "lesson 3", "lesson 99"}, "\n") + "\n"
	var out bytes.Buffer
	if err := runLearn([]string{"source"}, strings.NewReader(in), &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, w := range []struct {
		what string
		n    int
	}{
		{"Lesson 1 of", 2}, // the start, restart
		{"Lesson 2 of", 2}, // after lesson 1, back
		{"Lesson 3 of", 2}, // after lesson 2, lesson 3
		{"lesson \"99\": want a lesson's number", 1},
		{"commons learn source --lesson 3", 1},
	} {
		if n := strings.Count(got, w.what); n != w.n {
			t.Errorf("%q shown %d times, want %d\n%s", w.what, n, w.n, got)
		}
	}
}

func TestLearnRefusesBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{nil, "learn takes one game"},
		{[]string{"nosuchgame"}, "nosuchgame"},
		{[]string{"source", "--lesson", "0"}, "lessons 1 to"},
	} {
		err := runLearn(tc.args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%v: %v, want an error naming %q", tc.args, err, tc.says)
		}
	}
}
