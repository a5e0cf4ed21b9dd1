package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestMoveKey(t *testing.T) {
	for _, tc := range []struct{ move, key string }{
		{"play Dust a1 crew", "play Dust"},
		{"play Rock f6", "play Rock"},
		{"score c3", "score"},
		{"expand", ""},
		{"place junction-esw@3,-1 turned", "place junction-esw@"},
		{"place crossing@-1,0", "place crossing@"},
		{"block seat 2 wifi", "block seat"},
		{"unblock seat 3 head with unblocked-lan-fixedhead", "unblock seat"},
		{"pass spam", "pass"},
		{"peek 8,-2", "peek"},
		{"e5", ""},
		{"+e5", ""},
		{"end", ""},
		{"take1", ""},
	} {
		if got := moveKey(tc.move); got != tc.key {
			t.Errorf("moveKey(%q) = %q, want %q", tc.move, got, tc.key)
		}
	}
}

// threeioPlays is what a 3io seat holding Dust and Rock may play: 144 moves.
func threeioPlays() []string {
	var moves []string
	for _, tile := range []string{"Dust", "Rock"} {
		for r := 1; r <= 6; r++ {
			for f := 'a'; f <= 'f'; f++ {
				moves = append(moves, fmt.Sprintf("play %s %c%d", tile, f, r), fmt.Sprintf("play %s %c%d crew", tile, f, r))
			}
		}
	}
	return moves
}

// placements is a Breaking Head hand with many places: more than a screen
// even grouped.
func placements() []string {
	var moves []string
	for _, kind := range []string{"crossing", "junction-esw", "junction-nes", "curve-sw", "straight-ns"} {
		for x := -3; x <= 9; x++ {
			for y := -3; y <= 3; y += 2 {
				moves = append(moves, fmt.Sprintf("place %s@%d,%d", kind, x, y), fmt.Sprintf("place %s@%d,%d turned", kind, x, y))
			}
		}
	}
	return append(moves, "block seat 2 wifi", "block seat 3 wifi", "pass crossing", "pass spam")
}

// ? at the prompt lists few moves on one line, many grouped by kind, and
// too many for a screen as a summary of the kinds with how to filter;
// "? TEXT" keeps the moves that start with TEXT or have a word that does.
func TestWriteMoves(t *testing.T) {
	for _, tc := range []struct {
		name   string
		moves  []string
		filter string
		want   []string // substrings, in order
		not    []string
	}{
		{"few on one line", []string{"take1", "take2"}, "", []string{"legal moves: take1  take2\n"}, nil},
		{"one-word moves wrap without a kind", strings.Fields(strings.Repeat("b9 +a9 xi9 ", 20) + "end"), "",
			[]string{"legal moves: b9  +a9  xi9", "\n  ", "end\n"}, []string{"legal moves ("}},
		{"grouped by kind", threeioPlays(), "", []string{
			"144 legal moves:\n",
			"  play Dust  a1  a1 crew  b1  b1 crew",
			"\n             ", // continuation lines under the first move
			"  play Rock  a1  a1 crew",
		}, []string{"play Dust a1  play Dust"}},
		{"word filter", threeioPlays(), "c3", []string{"legal moves: play Dust c3  play Dust c3 crew  play Rock c3  play Rock c3 crew\n"}, nil},
		{"prefix filter, any case and spacing", threeioPlays(), "PLAY   rock", []string{`72 legal moves matching "play rock":`, "  play Rock  a1"}, []string{"Dust"}},
		{"no match", threeioPlays(), "xyz", []string{`no legal move matches "xyz" (? alone lists them all)`}, nil},
		{"too many: a summary", placements(), "", []string{
			"524 legal moves, of 7 kinds:\n",
			"  place crossing@...         104, such as place crossing@-3,-3\n",
			"  block seat ...               2, such as block seat 2 wifi\n",
			"  pass ...                     2, such as pass crossing\n",
			"To list them, type ? and the start of a move (? place crossing)\nor a part of one (? -3,-3).\n",
		}, []string{"junction-esw@  "}},
		{"filtered by a point after @", placements(), "3,1", []string{
			"legal moves: place crossing@3,1  place crossing@3,1 turned\n  place junction-esw@3,1", "place straight-ns@3,1 turned\n",
		}, []string{"-3,1"}},
		{"filtered to one kind", placements(), "place curve", []string{
			`104 legal moves matching "place curve":`, "\n  place curve-sw@  -3,-3  -3,-3 turned  -3,-1",
		}, []string{"crossing"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeMoves(&b, tc.moves, tc.filter)
			out := b.String()
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("has %q:\n%s", n, out)
				}
			}
			for _, l := range strings.Split(out, "\n") {
				if len(l) > listWidth {
					t.Errorf("line of %d columns: %q", len(l), l)
				}
			}
		})
	}
}
