package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// The lines of commons replay --words: the record read as a log, one line
// per action of the complete record (chance outcomes drawn from the seed
// too), numbered from 1 as the terminal's log and the web app's are:
//
//	3. seat 1: play Dust e2 crew
//	4. chance: Dust, probability 3/10
//
// The words are the engine's: a move's notation is what the game's
// ActionString writes, which is what the web app shows for a game without
// a board of its own words; a chance outcome adds the probability the
// game's ChanceOutcomes give it.

// wordsLine is one action of a replay in words, as viewer sees it
// (game.Terminal: everything, as the complete record has it).
func wordsLine(info game.Info, st record.Step, viewer game.Player) string {
	s, p, a := st.State, st.Player, st.Action
	n := st.Index + 1
	if p != game.Chance {
		move := s.ActionString(a)
		if viewer != game.Terminal && viewer != p {
			move = record.PublicEntry(info, s, p, a, move)
		}
		return fmt.Sprintf("%d. %v: %s", n, p, move)
	}
	outcome := s.ActionString(a)
	if viewer != game.Terminal {
		// What everybody may see of it, and no probability when that
		// hides the outcome: the odds of a card would tell which it was.
		if public := strings.TrimPrefix(record.PublicEntry(info, s, p, a, record.ChancePrefix+outcome), record.ChancePrefix); public != outcome {
			return fmt.Sprintf("%d. chance: %s", n, public)
		}
	}
	line := fmt.Sprintf("%d. chance: %s", n, outcome)
	for _, o := range s.ChanceOutcomes(nil) {
		if o.Action == a {
			line += ", " + probability(o.P)
		}
	}
	if st.FromSeed {
		// The record leaves it out; a reader looking for it there would
		// not find it.
		line += " (drawn from the seed)"
	}
	return line
}

// probability says p in words: a fraction with a small denominator when p
// is one (a die's 1/6, a card's 3/47), else a percentage.
func probability(p float64) string {
	if p >= 1 {
		return "certain"
	}
	for d := 2; d <= 1000; d++ {
		n := math.Round(p * float64(d))
		if n >= 1 && math.Abs(p-n/float64(d)) < 1e-9 {
			return fmt.Sprintf("probability %d/%d", int(n), d)
		}
	}
	return fmt.Sprintf("probability %.3g%%", 100*p)
}

// wordsEnd says where a replay stops: the result of a game over, how a
// game ended that its moves do not finish, or who is to move.
func wordsEnd(rep *record.Replay) string {
	s := rep.State
	moves := len(rep.Complete.Moves)
	var returns []float64
	var b strings.Builder
	switch {
	case rep.End != nil:
		fmt.Fprintf(&b, "Ended after %d moves by %s", moves, rep.End.Reason)
		if rep.End.Seat > 0 {
			fmt.Fprintf(&b, " of seat %d", rep.End.Seat)
		}
		returns = rep.End.Returns
	case game.IsTerminal(s):
		fmt.Fprintf(&b, "Game over after %d moves", moves)
		if oc, ok := s.(game.Outcomer); ok {
			if o := oc.Outcome(nil); o.Words != "" {
				fmt.Fprintf(&b, " (%s)", o.Words)
			}
		}
		returns = s.Returns(nil)
	case s.CurrentPlayer() == game.Chance:
		// Only a record without a seed stops at a chance node.
		return fmt.Sprintf("After %d moves a chance outcome is due, which the record does not give.", moves)
	default:
		return fmt.Sprintf("After %d moves %v is to move.", moves, s.CurrentPlayer())
	}
	var scores []float64
	if sc, ok := s.(game.Scorer); ok && rep.End == nil {
		scores = sc.Scores(nil)
	}
	for i, r := range returns {
		sep := ", "
		if i == 0 {
			sep = ": "
		}
		said := outcome(r)
		if scores != nil {
			// Inside the outcome's own brackets when it has some.
			if s, ok := strings.CutSuffix(said, ")"); ok {
				said = fmt.Sprintf("%s, score %g)", s, scores[i])
			} else {
				said += fmt.Sprintf(" (score %g)", scores[i])
			}
		}
		fmt.Fprintf(&b, "%sseat %d %s", sep, i+1, said)
	}
	b.WriteString(".")
	return b.String()
}

// replayWords replays rec and writes it in words to w, as viewer sees it;
// nothing is written for a record that does not replay.
func replayWords(w io.Writer, rec *record.Record, viewer game.Player) error {
	g, err := game.Lookup(rec.Game)
	if err != nil {
		return err
	}
	info := g.Info()
	var lines []string
	rep, err := record.Play(rec, record.Options{Trace: func(st record.Step) {
		lines = append(lines, wordsLine(info, st, viewer))
	}})
	if err != nil {
		return err
	}
	head := fmt.Sprintf("%s, %d players", info.Title, rec.Players)
	if rec.Seed != nil && viewer == game.Terminal {
		// The seed decides chance outcomes to come: not a viewer's to see.
		head += fmt.Sprintf(", seed %d", *rec.Seed)
	}
	if len(rec.Options) > 0 {
		head += ", options " + optionsWords(rec.Options)
	}
	if viewer != game.Terminal {
		head += ", as " + viewer.String() + " saw it"
	}
	fmt.Fprintln(w, head)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	_, err = fmt.Fprintln(w, wordsEnd(rep))
	return err
}

// optionsWords writes a record's options as --option flags take them,
// key=value, in key order.
func optionsWords(opts game.Options) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		parts = append(parts, k+"="+optionValue(opts[k]))
	}
	return strings.Join(parts, " ")
}
