package source

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// newState returns the initial state with the given options.
func newState(t testing.TB, opts game.Options) *State {
	t.Helper()
	s, err := game.NewState(Game, 2, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// position builds a state from a drawing of the board: nine rows from
// row 9 (top) to row 1, nine fields each, "." for an empty point, R B Y G
// for a token, a "*" after the letter for a fortified point. Connection is
// computed as the game does (S5). Every supply holds 20 tokens; red is to
// move with 2 AP; tweak the fields afterwards as a test needs.
func position(t testing.TB, opts game.Options, drawing string) *State {
	t.Helper()
	s := newState(t, opts)
	s.occ, s.fort = [4]board{}, [4]board{}
	var rows []string
	for _, line := range strings.Split(drawing, "\n") {
		if strings.TrimSpace(line) != "" {
			rows = append(rows, line)
		}
	}
	if len(rows) != size {
		t.Fatalf("position: %d rows, want %d", len(rows), size)
	}
	for r, line := range rows {
		fields := strings.Fields(line)
		if len(fields) != size {
			t.Fatalf("position: row %d has %d fields, want %d: %q", size-r, len(fields), size, line)
		}
		for col, f := range fields {
			p := r*size + col
			if f == "." {
				continue
			}
			c := Colour(strings.IndexByte("RBYG", f[0]))
			if c < 0 || len(f) > 2 || (len(f) == 2 && f[1] != '*') {
				t.Fatalf("position: bad field %q at %s", f, pointName(p))
			}
			s.occ[c] = s.occ[c].with(p)
			if len(f) == 2 {
				s.fort[c] = s.fort[c].with(p)
			}
		}
	}
	for c := Red; c <= Green; c++ {
		s.conn[c] = s.connection(c)
		s.supply[c] = 20
	}
	return s
}

// pt returns the point named n.
func pt(t testing.TB, n string) int {
	t.Helper()
	p, ok := parsePoint(n)
	if !ok {
		t.Fatalf("bad point %q", n)
	}
	return p
}

// play applies moves in notation, failing the test on any error.
func play(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: %v\n%s", m, err, s.Render(game.Spectator))
		}
	}
}

// refuse checks that move is illegal with an error containing want, and
// that the refusal leaves the state unchanged.
func refuse(t testing.TB, s *State, move, want string) {
	t.Helper()
	a, err := s.ParseAction(move)
	if err != nil {
		t.Fatalf("%s: %v", move, err)
	}
	before := *s
	err = s.Apply(a)
	if err == nil {
		t.Fatalf("%s accepted, want an error containing %q", move, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %q, want it to contain %q", move, err, want)
	}
	if !reflect.DeepEqual(*s, before) {
		t.Errorf("%s: refused move changed the state", move)
	}
}

// legal returns the notations of the legal actions.
func legal(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

// legalOf returns the legal actions of one kind ("" place, "+", "-", "x").
func legalOf(s *State, prefix string) []string {
	var out []string
	for _, m := range legal(s) {
		if m == "end" {
			continue
		}
		if (prefix == "" && m[0] >= 'a' && m[0] <= 'i') || (prefix != "" && strings.HasPrefix(m, prefix)) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

func sorted(ms ...string) []string {
	slices.Sort(ms)
	return ms
}

// connectedNames lists c's connected points.
func connectedNames(s *State, c Colour) []string {
	var out []string
	for p := 0; p < points; p++ {
		if s.conn[c].has(p) {
			out = append(out, pointName(p))
		}
	}
	slices.Sort(out)
	return out
}
