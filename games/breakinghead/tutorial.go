package breakinghead

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

var _ game.Tutor = breakingHead{}

// tutorialSeed decides the draws and the bot's choices once the lessons
// are over.
const tutorialSeed = 7

// tutorialMoves are the moves of the guided first game, in turn from
// seat 1 (the learner, a Contributor), seat 2 (a Contributor) and seat 3
// (the Blocker); every third move, from the first, is a lesson's.
var tutorialMoves = []string{
	"place straight-ew@1,0", "place crossing@2,0", "place straight-ew-dead@3,0",
	"spam 3,0", "place junction-esw@3,0", "block seat 1 flu",
	"unblock seat 1 flu with unblocked-vitamins", "place straight-ew@4,0", "pass curve-sw",
	"peek 8,0", "place crossing@5,0", "pass curve-es",
	"place junction-esw@6,0", "pass stub-w-dead", "pass straight-ns-dead",
	"place straight-ew@7,0",
}

// tutorialFixed is where Fixed & Committed lies in the guided game.
const tutorialFixed = "8,0"

// tutorialActions plays tutorialMoves from a new three-seat game and
// returns every action played, in notation, with the index of each
// learner's move in it. The chance outcomes are chosen as playScene
// chooses them, except that seat 3 is dealt the Blocker role.
func (g breakingHead) tutorialActions() ([]string, []int, error) {
	st, err := g.New(game.Config{Players: 3})
	if err != nil {
		return nil, nil, err
	}
	s := st.(*State)
	n := int(s.n)
	d, err := newDealer(n, tutorialMoves, func(m string) (string, error) {
		// Curing a Blocked! card plays the cure named last.
		if f := strings.Fields(m); len(f) == 6 && f[0] == "unblock" {
			return f[5], nil
		}
		return sceneCard(m)
	})
	if err != nil {
		return nil, nil, err
	}
	var out []string
	var learner []int
	apply := func(str string) error {
		a, err := s.ParseAction(str)
		if err != nil {
			return fmt.Errorf("%s: %w", str, err)
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%s: %w", str, err)
		}
		out = append(out, str)
		return nil
	}
	played := 0
	for played < len(tutorialMoves) {
		if game.IsTerminal(s) {
			return nil, nil, fmt.Errorf("the game ended before %q", tutorialMoves[played])
		}
		if s.CurrentPlayer() != game.Chance {
			if want := game.Player(played % n); s.CurrentPlayer() != want {
				return nil, nil, fmt.Errorf("move %q: %v is to play, not %v", tutorialMoves[played], s.CurrentPlayer(), want)
			}
			if played%n == 0 {
				learner = append(learner, len(out))
			}
			if err := apply(tutorialMoves[played]); err != nil {
				return nil, nil, err
			}
			played++
			continue
		}
		outs := s.ChanceOutcomes(nil)
		first := s.ActionString(outs[0].Action)
		f := strings.Fields(first)
		pick := first
		switch {
		case strings.HasPrefix(first, "fixed-committed at "):
			pick = "fixed-committed at " + tutorialFixed
		case len(f) == 3 && f[2] == "starts":
			pick = "seat 1 starts"
		case len(f) == 4 && f[2] == "role":
			if f[1] == "3" {
				pick = "seat 3 role blocker"
			} else {
				pick = "seat " + f[1] + " role contributor"
			}
		case len(f) == 4 && f[2] == "draws":
			if pick, err = d.draw(s, f[1], outs); err != nil {
				return nil, nil, err
			}
		}
		if err := apply(pick); err != nil {
			return nil, nil, err
		}
	}
	return out, learner, nil
}

// Tutorial is Breaking Head's guided first game (game.Tutor), at a table
// of three: the learner, a Contributor, builds the comment path from the
// Issue summary with a fellow Contributor, clears a dead-end with Spam!,
// cures a Blocked! card, looks at an end card with WTF Dries?! and lays the
// card that reaches Fixed & Committed.
func (g breakingHead) Tutorial() game.Tutorial {
	acts, learner, err := g.tutorialActions()
	if err != nil {
		panic(fmt.Sprintf("breaking-head: the tutorial's script: %v", err))
	}
	type words struct {
		say, wrong, done string
		marks            []string
	}
	w := []words{{
		say:   "You are a Contributor: you win if an unbroken path of comment cards runs from the Issue summary to Fixed & Committed, one of the three end cards on the right. Start the path: place your straight card at 1,0, beside the Issue summary.",
		wrong: "Start the path beside the Issue summary: place straight-ew@1,0.",
		done:  "Your card joins the Issue summary: the path is open to the east.",
		marks: []string{"1,0"},
	}, {
		say:   "Someone laid a dead-end at 3,0: it matches its neighbours, but its path is broken. One of the players is secretly a Blocker! Play your Spam! card on 3,0 to take it off the table.",
		wrong: "The dead-end at 3,0 stops the path: play spam 3,0.",
		done:  "The dead-end is gone and 3,0 is free again for a good card.",
		marks: []string{"3,0"},
	}, {
		say:   "Seat 3 put a Blocked! card (Drupal-Flu) in front of you: while it lies there you cannot place comment cards. Play your Unblocked! Vitamins card on yourself to cure it.",
		wrong: "You are Blocked! by Drupal-Flu: cure it with unblock seat 1 flu with unblocked-vitamins.",
		done:  "Cured: you may place comment cards again. Seat 3 blocked you, a Contributor: it may well be the Blocker.",
		marks: []string{"seat 1"},
	}, {
		say:   "Only one end card is Fixed & Committed; the others are Needs work. Play your WTF Dries?! card to look at the end card at 8,0, at the end of this row.",
		wrong: "Find out where the path should go: peek 8,0.",
		done:  "You looked at 8,0: it is Fixed & Committed. Only you saw it; keep building toward it.",
		marks: []string{"8,0"},
	}, {
		say:   "The path now runs to 5,0. Place your junction at 6,0 to carry it on toward 8,0.",
		wrong: "Carry the path on toward 8,0: place junction-esw@6,0.",
		done:  "The path reaches 6,0: one more card and it touches the end card.",
		marks: []string{"6,0"},
	}, {
		say:   "Finish the path: place your straight card at 7,0, so that it touches the end card at 8,0.",
		wrong: "Reach the issue: place straight-ew@7,0.",
		done:  "The path reaches 8,0, which is turned face up: Fixed & Committed! The Contributors win.",
		marks: []string{"7,0", "8,0"},
	}}
	if len(w) != len(learner) {
		panic(fmt.Sprintf("breaking-head: the tutorial has %d lessons' words for %d moves", len(w), len(learner)))
	}
	var lessons []game.Lesson
	from := 0
	for i, at := range learner {
		lessons = append(lessons, game.Lesson{
			Before: append([]string(nil), acts[from:at]...),
			Say:    w[i].say,
			Move:   acts[at],
			Marks:  w[i].marks,
			Wrong:  w[i].wrong,
			Done:   w[i].done,
		})
		from = at + 1
	}
	return game.Tutorial{
		Players: 3,
		Seed:    tutorialSeed,
		Intro:   "Build a path of comment cards from the Issue summary to Fixed & Committed with your fellow Contributor, while a hidden Blocker tries to stop you.",
		Lessons: lessons,
		Learned: []string{
			"Comment cards are placed so their edges match, building a path from the Issue summary.",
			"Dead-ends break the path; Spam! takes a card off the table.",
			"A Blocked! card stops you placing comment cards until the matching Unblocked! card cures it.",
			"WTF Dries?! lets you look at an end card in secret, to learn where Fixed & Committed lies.",
			"The Contributors win the moment an unbroken path reaches Fixed & Committed.",
		},
	}
}
