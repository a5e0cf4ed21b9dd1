package breakinghead

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// pos builds positions for rule tests directly: roles, hands, the table,
// problems and the seat to play, skipping the set-up chance nodes. Cards
// given to hands or put on the table come out of the deck, so the card
// counts stay those of B5.
type pos struct {
	t *testing.T
	*State
}

// position starts a game in play with the given roles, one letter per seat
// ('c' contributor, 'b' blocker); the left-over card is what remains of the
// set of B1. Fixed & Committed lies at 8,0 and seat 1 is to play, all hands
// empty and the deck full.
func position(t *testing.T, roles string) *pos {
	t.Helper()
	n := len(roles)
	if n < 3 || n > 10 {
		t.Fatalf("position: %d seats", n)
	}
	s := newState(n, 0)
	s.roleLeft = roleSet[n]
	for i, r := range roles {
		role := int8(roleContributor)
		if r == 'b' {
			role = roleBlocker
		}
		s.roles[i] = role
		s.roleLeft[role]--
		if s.roleLeft[role] < 0 {
			t.Fatalf("position: roles %q do not fit the %d-player set %v", roles, n, roleSet[n])
		}
	}
	s.fixedAt, s.phase, s.toMove = 1, phasePlay, 0
	return &pos{t, s}
}

func kind(t *testing.T, name string) int {
	t.Helper()
	k, err := parseKind(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// hand gives seat (1-based) the named cards from the deck.
func (p *pos) hand(seat int, kinds ...string) *pos {
	p.t.Helper()
	for _, name := range kinds {
		k := kind(p.t, name)
		if p.deck[k] == 0 {
			p.t.Fatalf("hand: no %s left in the deck", name)
		}
		p.deck[k]--
		p.deckSize--
		p.hands[seat-1][k]++
		p.handSize[seat-1]++
	}
	return p
}

// put lays a card on the table without checking the rules: "1,0 crossing"
// or "2,0 junction-nes turned".
func (p *pos) put(cards ...string) *pos {
	p.t.Helper()
	for _, spec := range cards {
		f := strings.Fields(spec)
		c, err := parsePos(f[0])
		if err != nil {
			p.t.Fatal(err)
		}
		k := kind(p.t, f[1])
		v := int(kindVariant[k])
		if len(f) == 3 {
			v++
		}
		if p.deck[k] == 0 || p.table[c] != cellEmpty {
			p.t.Fatalf("put %q: no card left or the place is taken", spec)
		}
		p.deck[k]--
		p.deckSize--
		p.setCell(c, uint8(v+1))
	}
	return p
}

// path puts cards open to the E and W on x = from..to of row 0, crossings
// and junctions E-S-W in turn (leaving the straights for hands).
func (p *pos) path(from, to int) *pos {
	for x := from; x <= to; x++ {
		k := "crossing"
		if x%2 == 0 {
			k = "junction-esw"
		}
		p.put(fmt.Sprintf("%d,0 %s", x, k))
	}
	return p
}

// fixed says which end card is Fixed & Committed ("8,-2", "8,0", "8,2").
func (p *pos) fixed(at string) *pos {
	c, _ := parsePos(at)
	p.fixedAt = int8(slices.Index(endCells[:], c))
	return p
}

func (p *pos) turn(seat int) *pos { p.toMove = int8(seat - 1); return p }

func (p *pos) blocked(seat int, problems ...string) *pos {
	for _, pr := range problems {
		i, err := parseProblem(pr)
		if err != nil {
			p.t.Fatal(err)
		}
		p.problems[seat-1] |= 1 << i
	}
	return p
}

// noDeck moves the rest of the deck onto the pile of passed cards.
func (p *pos) noDeck() *pos {
	p.discards += p.deckSize
	p.deck, p.deckSize = [nKinds]uint8{}, 0
	return p
}

// try parses and applies a move or chance outcome.
func (p *pos) try(move string) error {
	a, err := p.ParseAction(move)
	if err != nil {
		return err
	}
	return p.Apply(a)
}

// do plays a move or chance outcome that must be legal.
func (p *pos) do(moves ...string) *pos {
	p.t.Helper()
	for _, m := range moves {
		if err := p.try(m); err != nil {
			p.t.Fatalf("%s: %v", m, err)
		}
	}
	return p
}

// refuse checks that a move is refused with an error containing want and
// leaves the state unchanged.
func (p *pos) refuse(move, want string) {
	p.t.Helper()
	before := *p.State
	err := p.try(move)
	if err == nil {
		p.t.Fatalf("%s was accepted", move)
	}
	if !strings.Contains(err.Error(), want) {
		p.t.Fatalf("%s: error %q does not say %q", move, err, want)
	}
	if *p.State != before {
		p.t.Fatalf("%s: the refused move changed the state", move)
	}
}

// legal returns the notation of every legal action.
func (p *pos) legal() []string {
	var out []string
	for _, a := range p.LegalActions(nil) {
		out = append(out, p.ActionString(a))
	}
	return out
}

// isLegal reports whether the move is among the legal actions.
func (p *pos) isLegal(move string) bool { return slices.Contains(p.legal(), move) }

// legalWith returns the legal moves that start with prefix.
func (p *pos) legalWith(prefix string) []string {
	var out []string
	for _, m := range p.legal() {
		if strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// faceUpAt reports whether the end card at pos is face up.
func (p *pos) faceUpAt(at string) bool {
	c, _ := parsePos(at)
	return p.faceUp&(1<<slices.Index(endCells[:], c)) != 0
}

// returns gives the state's returns.
func (p *pos) returns() []float64 { return p.Returns(nil) }

// playRandom plays a seeded random game to the end with n players.
func playRandom(t testing.TB, n int, opts game.Options, seed uint64, each func(s *State)) *State {
	st, err := game.NewState(Game, n, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := game.NewRand(seed)
	for {
		if each != nil {
			each(s)
		}
		if s.phase == phaseOver {
			return s
		}
		var a game.Action
		if s.phase == phasePlay {
			l := s.LegalActions(nil)
			a = l[r.IntN(len(l))]
		} else {
			a = game.SampleChance(s, r, nil)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}
