package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/tutorial"
)

var learnExamples = []string{
	"commons learn 3io                 # the guided first game of 3io, from its first lesson",
	"commons learn source --lesson 4   # ... from lesson 4 (the lessons before it played as asked)",
}

// runLearn walks through a game's guided first game (package tutorial)
// in the terminal: the same lessons as the web app's /learn/GAME/first.
func runLearn(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("learn", "learn GAME [--lesson K]", stderr)
	from := fs.Int("lesson", 1, "start at lesson `K` (the lessons before it played as they ask)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("learn takes one game (commons games lists them), not %d arguments", len(pos))
	}
	g, err := game.Find(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	if _, ok := g.(game.Tutor); !ok {
		return fmt.Errorf("%s has no guided first game yet", g.Info().Name)
	}
	gd, err := tutorial.New(g)
	if err != nil {
		return err
	}
	n := len(gd.Tutorial().Lessons)
	if *from < 1 || *from > n {
		return usagef("--lesson %d: %s's first game has lessons 1 to %d", *from, g.Info().Name, n)
	}
	l := &learner{gd: gd, in: bufio.NewScanner(stdin), out: stdout}
	return l.run(*from - 1)
}

type learner struct {
	gd  *tutorial.Guide
	in  *bufio.Scanner
	out io.Writer
	st  *tutorial.Step
}

func (l *learner) name() string { return l.gd.Game().Info().Name }

func (l *learner) run(from int) error {
	t := l.gd.Tutorial()
	fmt.Fprintf(l.out, "Your first game of %s, against %s. %s\n", l.gd.Game().Info().Title, others(l.gd.Config().Players), t.Intro)
	fmt.Fprintln(l.out, `Type the move each lesson asks for, or: hint, ? (your legal moves), board, back, restart, lesson N, quit.`)
	if err := l.goTo(from); err != nil {
		return err
	}
	for {
		fmt.Fprint(l.out, "you> ")
		if !l.in.Scan() {
			if err := l.in.Err(); err != nil {
				return err
			}
			l.left()
			return nil
		}
		line := strings.TrimSpace(l.in.Text())
		cmd, arg, _ := strings.Cut(line, " ")
		lesson := l.st.Asked(l.gd)
		switch {
		case line == "":
			continue
		case cmd == "quit" || cmd == "exit":
			l.left()
			return nil
		case cmd == "hint":
			if lesson == nil {
				fmt.Fprintln(l.out, "The lessons are done: any legal move (? lists them).")
				continue
			}
			fmt.Fprintf(l.out, "Play %s.\n", lesson.Move)
			continue
		case cmd == "board":
			fmt.Fprintf(l.out, "%s\n", l.st.State.Render(tutorial.Learner))
			continue
		case cmd == "?" || cmd == "moves" || strings.HasPrefix(line, "?"):
			if cmd != "?" && cmd != "moves" {
				arg = line[1:]
			}
			writeMoves(l.out, legalNotationPlain(l.st.State), arg)
			continue
		case cmd == "restart":
			if err := l.goTo(0); err != nil {
				return err
			}
			continue
		case cmd == "back":
			if err := l.goTo(max(0, min(l.st.Lesson, len(t.Lessons))-1)); err != nil {
				return err
			}
			continue
		case cmd == "lesson":
			k, err := strconv.Atoi(arg)
			if err != nil || k < 1 || k > len(t.Lessons) {
				fmt.Fprintf(l.out, "lesson %q: want a lesson's number, 1 to %d\n", arg, len(t.Lessons))
				continue
			}
			if err := l.goTo(k - 1); err != nil {
				return err
			}
			continue
		}
		var r *tutorial.Refusal
		switch err := l.gd.Continue(l.st, line); {
		case errors.As(err, &r):
			fmt.Fprintf(l.out, "Not %s", line)
			if r.Reason != "" {
				fmt.Fprintf(l.out, ": %s", strings.TrimPrefix(r.Reason, l.name()+": "))
			}
			fmt.Fprintln(l.out, ".")
			if r.Hint != "" {
				fmt.Fprintf(l.out, "%s (hint shows the move)\n", r.Hint)
			}
			continue
		case err != nil:
			return err
		}
		if lesson != nil {
			fmt.Fprintf(l.out, "✓ %s\n", lesson.Done)
		}
		if l.st.Lesson == len(t.Lessons) && lesson != nil {
			fmt.Fprintln(l.out, "\nWhat you learned:")
			for _, s := range t.Learned {
				fmt.Fprintf(l.out, "  - %s\n", s)
			}
			fmt.Fprintf(l.out, "\nThe lessons are done. Play on to the end against the bot (%s), or type quit.\n", l.gd.Bot())
		}
		if l.show() {
			return nil
		}
	}
}

// goTo shows lesson k (from 0).
func (l *learner) goTo(k int) error {
	st, err := l.gd.At(k)
	if err != nil {
		return err
	}
	l.st = st
	l.show()
	return nil
}

// show draws the position, what the others played and the lesson; it
// reports whether the game is over.
func (l *learner) show() bool {
	for _, p := range l.st.Played {
		if p.Seat == 0 {
			fmt.Fprintf(l.out, "Chance: %s\n", p.Move)
		} else {
			fmt.Fprintf(l.out, "Seat %d played %s\n", p.Seat, p.Move)
		}
	}
	fmt.Fprintf(l.out, "\n%s\n", l.st.State.Render(tutorial.Learner))
	if l.st.Over() {
		res := l.st.State.Returns(nil)
		fmt.Fprintf(l.out, "Game over: you %s. Play a real game with: commons play %s\n", outcome(res[0]), l.name())
		return true
	}
	if lesson := l.st.Asked(l.gd); lesson != nil {
		fmt.Fprintf(l.out, "Lesson %d of %d: %s\n", l.st.Lesson+1, len(l.gd.Tutorial().Lessons), lesson.Say)
	}
	return false
}

func (l *learner) left() {
	fmt.Fprintln(l.out, "\nYou left the first game.")
	if k := l.st.Lesson; k < len(l.gd.Tutorial().Lessons) {
		fmt.Fprintf(l.out, "Come back to this lesson with: commons learn %s --lesson %d\n", l.name(), k+1)
	}
}

func others(players int) string {
	if players == 2 {
		return "a gentle bot"
	}
	return fmt.Sprintf("%d gentle bots", players-1)
}
