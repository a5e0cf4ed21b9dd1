package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"
)

// The ? command at the prompt lists the legal moves. A few fit on one
// line; many (3io has 144 at a play, Breaking Head hundreds) are grouped by
// kind, one line per kind ("play Dust  a1  a1 crew  b1 ..."), and when even
// that is too long only the kinds are shown, with how to filter.

const (
	listWidth    = 80 // columns of a listing
	oneLineMoves = 12 // up to this many moves go on one line
	maxListLines = 20 // a listing longer than this is summarised by kind
)

// moveGroup is the moves of one kind: their common start and the rest of
// each.
type moveGroup struct {
	key   string
	rests []string
}

// moveKey is the start a move shares with the others of its kind: its
// words before the first one with a digit in it (the point, position or
// seat), a word ending at "@" counting as one ("place curve-sw@" of
// "place curve-sw@3,-1"). A move without digits is keyed by its first
// word ("pass" of "pass spam") if it has several. A one-word move such as
// Source's "e5" or "end" has no key.
func moveKey(m string) string {
	words := splitWords(m)
	for i, w := range words {
		if strings.ContainsFunc(w, unicode.IsDigit) {
			return strings.TrimRight(strings.Join(words[:i], ""), " ")
		}
	}
	if len(words) > 1 {
		return strings.TrimRight(words[0], " ")
	}
	return ""
}

// splitWords cuts m after every space and every "@", keeping them, so that
// joining the words gives m back.
func splitWords(m string) []string {
	var words []string
	start := 0
	for i := 0; i < len(m); i++ {
		if m[i] == ' ' || m[i] == '@' {
			words = append(words, m[start:i+1])
			start = i + 1
		}
	}
	if start < len(m) {
		words = append(words, m[start:])
	}
	return words
}

// groupMoves groups moves by key, in order of each kind's first move.
func groupMoves(moves []string) []moveGroup {
	var groups []moveGroup
	index := map[string]int{}
	for _, m := range moves {
		k := moveKey(m)
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups = append(groups, moveGroup{key: k})
		}
		groups[i].rests = append(groups[i].rests, strings.TrimLeft(strings.TrimPrefix(m, k), " "))
	}
	return groups
}

// matchMove reports whether move m matches what someone typed after "?":
// case aside and with single spaces, the filter starts the move or one of
// its words ("? place", "? c3", "? 3,-1").
func matchMove(m, filter string) bool {
	m = strings.ToLower(m)
	for i := 0; i+len(filter) <= len(m); i++ {
		if (i == 0 || m[i-1] == ' ' || m[i-1] == '@') && strings.HasPrefix(m[i:], filter) {
			return true
		}
	}
	return false
}

// writeMoves answers ? or "? FILTER" at the prompt.
func writeMoves(w io.Writer, moves []string, filter string) {
	filter = strings.ToLower(strings.Join(strings.Fields(filter), " "))
	if filter != "" {
		var kept []string
		for _, m := range moves {
			if matchMove(m, filter) {
				kept = append(kept, m)
			}
		}
		if len(kept) == 0 {
			fmt.Fprintf(w, "no legal move matches %q (? alone lists them all)\n", filter)
			return
		}
		moves = kept
	}
	if len(moves) == 0 {
		fmt.Fprintln(w, "no legal moves")
		return
	}
	groups := groupMoves(moves)
	if len(moves) <= oneLineMoves || len(groups) == 1 && groups[0].key == "" {
		fmt.Fprint(w, wrapList("legal moves: ", 2, moves))
		return
	}
	header := fmt.Sprintf("%d legal moves", len(moves))
	if filter != "" {
		header += fmt.Sprintf(" matching %q", filter)
	}
	text := groupedList(groups)
	if filter == "" && len(groups) > 1 && strings.Count(text, "\n") > maxListLines {
		fmt.Fprintf(w, "%s, of %d kinds:\n", header, len(groups))
		for _, g := range groups {
			fmt.Fprintf(w, "  %-26s %3d, such as %s\n", g.label(), len(g.rests), g.move(0))
		}
		start := strings.TrimRight(groups[0].key, "@")
		if start == "" {
			start = firstWord(groups[0].rests[0])
		}
		fmt.Fprintf(w, "To list them, type ? and the start of a move (? %s)\nor a part of one (? %s).\n", start, partExample(moves))
		return
	}
	fmt.Fprintf(w, "%s:\n%s", header, text)
}

// label is the group's key as shown in a summary.
func (g moveGroup) label() string {
	switch {
	case g.key == "":
		return "(others)"
	case strings.HasSuffix(g.key, "@"):
		return g.key + "..."
	}
	return g.key + " ..."
}

// move is the group's i-th move in full.
func (g moveGroup) move(i int) string {
	if g.key == "" || g.rests[i] == "" {
		return g.key + g.rests[i]
	}
	if strings.HasSuffix(g.key, "@") {
		return g.key + g.rests[i]
	}
	return g.key + " " + g.rests[i]
}

// groupedList writes one line per kind, the key in a column and the rests
// after it, wrapped under each other.
func groupedList(groups []moveGroup) string {
	width := 0
	for _, g := range groups {
		width = max(width, len(g.key))
	}
	width = min(width, 26)
	var b strings.Builder
	for _, g := range groups {
		if g.key == "" {
			b.WriteString(wrapList("  ", 2, g.rests))
			continue
		}
		if len(g.rests) == 1 {
			b.WriteString("  " + g.move(0) + "\n")
			continue
		}
		lead := fmt.Sprintf("  %-*s  ", width, g.key)
		if len(g.key) > width {
			b.WriteString("  " + g.key + "\n")
			lead = strings.Repeat(" ", width+4)
		}
		b.WriteString(wrapList(lead, width+4, g.rests))
	}
	return b.String()
}

// wrapList writes lead and the items two spaces apart, never breaking an
// item, continuing on lines indented by indent columns.
func wrapList(lead string, indent int, items []string) string {
	var b strings.Builder
	b.WriteString(lead)
	col := len(lead)
	first := true
	for _, it := range items {
		switch {
		case first:
		case col+2+len(it) > listWidth:
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		default:
			b.WriteString("  ")
			col += 2
		}
		b.WriteString(it)
		col += len(it)
		first = false
	}
	b.WriteString("\n")
	return b.String()
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// partExample is a word with a digit from the moves, such as a point, for
// the "? c3" hint.
func partExample(moves []string) string {
	for _, m := range moves {
		for _, w := range splitWords(m) {
			w = strings.TrimRight(w, " @")
			if strings.ContainsFunc(w, unicode.IsDigit) {
				return w
			}
		}
	}
	return firstWord(moves[0])
}
