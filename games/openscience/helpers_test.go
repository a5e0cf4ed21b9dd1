package openscience

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// newGame returns a new game's first state.
func newGame(t testing.TB, players int, opts game.Options) *State {
	t.Helper()
	st, err := game.NewState(Game, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// eventIndex returns the index of the named Event of the default cards.
func eventIndex(t testing.TB, name string) int {
	t.Helper()
	for i, e := range DefaultCards().Events {
		if e.Name == name {
			return i
		}
	}
	t.Fatalf("no Event %q", name)
	return -1
}

// position makes a position of round 1 under the named Event with seat 1
// to move at step (1) (or at its collection, if step (1) is impossible),
// and each seat's team as written: "DD2 CC1 TC1 SG0" (the Discovery
// Driver's level, then role codes with levels). The role deck keeps what
// the teams do not hold.
func position(t testing.TB, event string, teams ...string) *State {
	t.Helper()
	return positionWith(t, nil, event, teams...)
}

// positionWith is position in a game with the options opts.
func positionWith(t testing.TB, opts game.Options, event string, teams ...string) *State {
	t.Helper()
	s := newGame(t, len(teams), opts)
	for q, team := range teams {
		for _, w := range strings.Fields(team) {
			cut := strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' })
			l, err := strconv.Atoi(w[cut:])
			if cut <= 0 || err != nil {
				t.Fatalf("team %q: bad card %q", team, w)
			}
			if w[:cut] == "DD" {
				s.driver[q] = int8(l)
				continue
			}
			r, ok := parseRole(w[:cut])
			if !ok {
				t.Fatalf("team %q: bad role %q", team, w)
			}
			s.team[q][r][l]++
			s.deck[r]--
			s.deckN--
		}
	}
	s.phase, s.toMove = phaseEvent, 0
	apply(t, s, "event "+slugify(event))
	return s
}

// apply plays moves and chance outcomes given in notation, failing t on
// the first one refused.
func apply(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// refused checks that move m is refused with an error containing want,
// and that the state did not change.
func refused(t testing.TB, s *State, m, want string) {
	t.Helper()
	before := *s
	a, err := s.ParseAction(m)
	if err == nil {
		err = s.Apply(a)
	}
	if err == nil {
		t.Fatalf("%s: accepted, want refused (%s)", m, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q, want it to say %q", m, err, want)
	}
	if *s != before {
		t.Fatalf("%s: a refused move changed the state", m)
	}
}

// legal returns the legal moves in notation.
func legal(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

// collections lists every collection open to the seat to move, as the
// moves that make it ("g1 p2 y0 b1 credit none"), by walking the choices
// (O17); "collect nothing" is listed too when offered. s must be at the
// start of a collection.
func collections(t testing.TB, s *State) []string {
	t.Helper()
	if s.phase != phaseCollect || s.step != 0 {
		t.Fatalf("not at the start of a collection: %s", s.Render(game.Spectator))
	}
	var out []string
	var walk func(s *State, prefix []string)
	walk = func(s *State, prefix []string) {
		for _, a := range s.LegalActions(nil) {
			m := s.ActionString(a)
			if a == actNothing {
				out = append(out, m)
				continue
			}
			c := *s
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			p := append(slices.Clone(prefix), m)
			if c.phase == phaseCollect && c.toMove == s.toMove && c.step > s.step {
				walk(&c, p)
			} else {
				out = append(out, strings.Join(p, " "))
			}
		}
	}
	walk(s, nil)
	return out
}

// collectionOf writes amounts and a receiver as collections does.
func collectionOf(g, p, y, b int, credit string) string {
	return fmt.Sprintf("g%d p%d y%d b%d credit %s", g, p, y, b, credit)
}

// credits returns every seat's credits.
func credits(s *State) []int {
	var c []int
	for q := range s.n() {
		c = append(c, int(s.credits[q]))
	}
	return c
}
