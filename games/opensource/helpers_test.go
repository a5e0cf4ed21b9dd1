package opensource

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/opensource/tri"
)

// newGame returns a new game of n players before the start tile.
func newGame(t testing.TB, n int) *State {
	t.Helper()
	st, err := game.NewState(Game, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// started returns a game of n players whose start tile (at 1,0, turn 0)
// is typ and whose top Market Demand card is the named one, with seat 1
// to move.
func started(t testing.TB, n int, typ, demand string) *State {
	t.Helper()
	s := newGame(t, n)
	apply(t, s, "start "+typ, "demand "+demand)
	return s
}

// apply plays moves and chance outcomes given in notation.
func apply(t testing.TB, s *State, moves ...string) {
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

// hasMove reports whether m is among the legal moves.
func hasMove(s *State, m string) bool { return slices.Contains(legal(s), m) }

// sp returns the space written "row,col".
func sp(t testing.TB, rc string) space {
	t.Helper()
	c, err := tri.Parse(rc)
	if err != nil {
		t.Fatal(err)
	}
	s := spaceAt(c)
	if s < 0 {
		t.Fatalf("%s is outside the Commons", rc)
	}
	return s
}

// turnShowing returns a turn of typ at which the tile shows, on each space
// edge given, the kind given ("0:Y 2:B": edge 0 yellow, edge 2 blue).
func turnShowing(t testing.TB, typ TileType, want string) int {
	t.Helper()
	for turn := range 3 {
		c := cellOf(typ, turn)
		ok := true
		for _, w := range strings.Fields(want) {
			e := int(w[0] - '0')
			if c.edgeAt(e) != EdgeKind(strings.IndexByte("YBR", w[2])) {
				ok = false
			}
		}
		if ok {
			return turn
		}
	}
	t.Fatalf("%v shows %s at no turn", typ, want)
	return 0
}

// put places tiles on the Commons as the tracker takes them, bypassing
// the placement rules: each spec "row,col TYPE edges", edges as for
// turnShowing ("1,1 BBY 2:Y").
func put(t testing.TB, s *State, specs ...string) {
	t.Helper()
	for _, spec := range specs {
		f := strings.SplitN(spec, " ", 3)
		typ, ok := ParseTileType(f[1])
		if !ok {
			t.Fatalf("%q: bad type", spec)
		}
		want := ""
		if len(f) == 3 {
			want = f[2]
		}
		at := sp(t, f[0])
		if s.commons.cells[at] != 0 {
			t.Fatalf("%q: occupied", spec)
		}
		s.commons.add(at, cellOf(typ, turnShowing(t, typ, want)))
	}
}

// putLab places tiles in seat p's Lab, bypassing the rules.
func putLab(t testing.TB, s *State, p int, specs ...string) {
	t.Helper()
	l := &s.labs[p]
	for _, spec := range specs {
		f := strings.SplitN(spec, " ", 3)
		typ, _ := ParseTileType(f[1])
		want := ""
		if len(f) == 3 {
			want = f[2]
		}
		at := sp(t, f[0])
		i := l.pos(at)
		if i < 0 {
			l.addSpace(at)
			i = int(l.n) - 1
		}
		if l.cells[i] == 0 {
			l.tiles++
		}
		l.cells[i] = cellOf(typ, turnShowing(t, typ, want))
	}
}

// give gives seat p cards: a letter per card ("AAB": two A cards and a B
// card), taken from their stacks.
func give(t testing.TB, s *State, p int, letters string) {
	t.Helper()
	for _, l := range letters {
		i := int(l - 'A')
		if i < 0 || i >= len(s.r.cards.Sets) || s.left[i] == 0 {
			t.Fatalf("no card of set %c left", l)
		}
		s.toMove, s.phase = int8(p), phaseReward // takeInfra reads the seat
		s.takeInfra(i)
	}
}

// begin starts seat p's turn afresh (its cards usable once each).
func begin(s *State, p int) {
	s.toMove = int8(p)
	s.startTurn()
}

// stats of the Commons.
func commonsStats(s *State) stats { return statsOf(&s.commons) }

func describe(st stats) string {
	return fmt.Sprintf("finished %v largest %v holes %d", st.finished, st.largest, st.holes)
}

func tri16(row, col int) tri.Space { return tri.FromRowCol(row, col) }

func subSpaces(p, q tri.Space) (tri.Vec, bool) { return tri.Sub(p, q) }
