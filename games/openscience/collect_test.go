package openscience

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
)

// A second, deliberately naive reading of O13-O16, written from the
// rulings' words: it lists every collection by trying every set of
// collaborators, every split of the base and every bonus, card by card.
// The package's closed form (collect.go) is checked against it on many
// positions, at every prefix of the choices (O17).

// outcome is a collection as O17 names it: the amounts and the receiver
// of a Social Glue credit (-1 nobody).
type outcome struct {
	a    [NumResources]int
	recv int
}

// card is one role card in a collaboration; owner is its seat.
type card struct {
	role  Role
	level int
	owner int
}

func cardsOf(s *State, q int) []card {
	var cs []card
	for k := range NumRoles {
		for l := range levels {
			for range s.team[q][k][l] {
				cs = append(cs, card{Role(k), l, q})
			}
		}
	}
	return cs
}

// naiveOutcomes lists every legal collection of the seat to move, "collect
// nothing" left out, as a set.
func naiveOutcomes(s *State) map[outcome]bool {
	out := map[outcome]bool{}
	p := int(s.toMove)
	var stock [NumResources]int
	for t := range stock {
		stock[t] = int(s.stock[t])
	}
	restr := s.restriction()
	own := cardsOf(s, p)
	add := func(a [NumResources]int, recv int) {
		total := 0
		for t := range a {
			if a[t] > stock[t] {
				return // O14: every resource must be available
			}
			total += a[t]
		}
		if total > 0 { // nothing taken is "collect nothing"
			out[outcome{a, recv}] = true
		}
	}
	// O13: independent actions.
	if restr != CollaborationsOnly {
		inStock := []int{}
		for t := range stock {
			if stock[t] > 0 {
				inStock = append(inStock, t)
			}
		}
		for _, c := range own {
			switch {
			case c.role.Specialist():
				var a [NumResources]int
				a[c.role] = min(c.level, stock[c.role])
				add(a, -1)
			case c.role == TransparencyChampion:
				q := min(c.level, len(inStock))
				for m := range 1 << len(inStock) {
					if popcount(m) != q {
						continue
					}
					var a [NumResources]int
					for i, t := range inStock {
						if m&(1<<i) != 0 {
							a[t] = 1
						}
					}
					add(a, -1)
				}
			}
		}
	}
	if restr == NoCollaborations {
		return out
	}
	// O14, O15: collaborations.
	D := int(s.driver[p])
	bonus := restr != NoCollaborationBonus
	var others []card
	for q := range s.n() {
		if q == p {
			continue
		}
		for _, c := range cardsOf(s, q) {
			if c.role.Specialist() {
				others = append(others, c)
			}
		}
	}
	for m := 1; m < 1<<len(own); m++ {
		var members []card
		glue := false
		ok := true
		for i, c := range own {
			if m&(1<<i) != 0 {
				if c.role == SocialGlue {
					if restr == NoSocialGlue {
						ok = false
					}
					glue = true
				}
				members = append(members, c)
			}
		}
		if !ok {
			continue
		}
		brought := []*card{nil}
		if glue {
			for i := range others {
				brought = append(brought, &others[i])
			}
		}
		for _, x := range brought {
			team := slices.Clone(members)
			if x != nil {
				team = append(team, *x)
			}
			sum := 0
			for _, c := range team {
				sum += c.level
			}
			if sum < D {
				continue // O14: the levels must total at least D
			}
			naiveSplits(team, 0, D, [NumResources]int{}, func(base [NumResources]int, throughX int) {
				recvOf := func(through int) int {
					if x != nil && through > 1 {
						return x.owner
					}
					return -1
				}
				if !bonus {
					add(base, recvOf(throughX))
					return
				}
				naiveBonus(team, 0, base, func(a [NumResources]int) {
					add(a, recvOf(throughX+1))
				})
			})
		}
	}
	return out
}

func popcount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// naiveSplits calls f with every split of exactly left base resources
// among team[i:] (O14): a Specialist up to its level of its own type, a
// Transparency Champion one each of up to its level of types, Social Glue
// nothing. throughX is the base of the brought Specialist, the last card
// if its owner differs from the first card's.
func naiveSplits(team []card, i, left int, acc [NumResources]int, f func([NumResources]int, int)) {
	naiveSplitsX(team, i, left, acc, 0, f)
}

func naiveSplitsX(team []card, i, left int, acc [NumResources]int, throughX int, f func([NumResources]int, int)) {
	if i == len(team) {
		if left == 0 {
			f(acc, throughX)
		}
		return
	}
	c := team[i]
	isX := c.owner != team[0].owner
	switch {
	case c.role.Specialist():
		for b := 0; b <= min(c.level, left); b++ {
			next := acc
			next[c.role] += b
			tx := throughX
			if isX {
				tx = b
			}
			naiveSplitsX(team, i+1, left-b, next, tx, f)
		}
	case c.role == TransparencyChampion:
		for m := range 1 << NumResources {
			k := popcount(m)
			if k > c.level || k > left {
				continue
			}
			next := acc
			for t := range NumResources {
				if m&(1<<t) != 0 {
					next[t]++
				}
			}
			naiveSplitsX(team, i+1, left-k, next, throughX, f)
		}
	default: // Social Glue
		naiveSplitsX(team, i+1, left, acc, throughX, f)
	}
}

// naiveBonus adds one bonus resource per collaborator (O14).
func naiveBonus(team []card, i int, acc [NumResources]int, f func([NumResources]int)) {
	if i == len(team) {
		f(acc)
		return
	}
	c := team[i]
	if c.role.Specialist() {
		acc[c.role]++
		naiveBonus(team, i+1, acc, f)
		return
	}
	for t := range NumResources {
		next := acc
		next[t]++
		naiveBonus(team, i+1, next, f)
	}
}

// randomCollectPosition makes a position at the start of a collection
// with random teams, levels, stock and Event for the seat to move.
func randomCollectPosition(t testing.TB, rng *rand.Rand, players int) *State {
	st, err := game.NewState(Game, players, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.round = 1
	s.event = int8(rng.IntN(len(s.r.cards.Events)))
	s.toMove = int8(rng.IntN(players))
	for q := range players {
		s.driver[q] = int8(2 + rng.IntN(5))
		size := 1 + rng.IntN(4)
		if q == int(s.toMove) {
			size = 1 + rng.IntN(6)
		}
		for range size {
			s.team[q][rng.IntN(NumRoles)][rng.IntN(5)]++
		}
	}
	for r := range NumResources {
		s.stock[r] = int8(rng.IntN(7))
	}
	s.startCollect()
	return s
}

// walkChoices checks the choices at every prefix of a collection against
// the naive list: each offered value is completed by some collection and
// each collection's values are offered (O17).
func walkChoices(t *testing.T, s *State, want map[outcome]bool) {
	t.Helper()
	var walk func(s *State, prefix []int) error
	walk = func(s *State, prefix []int) error {
		legal := s.LegalActions(nil)
		var got []int
		for _, a := range legal {
			switch {
			case a == actNothing:
			case len(prefix) < NumResources:
				got = append(got, int(a-actAmount))
			default:
				got = append(got, int(a-actCredit)-1)
			}
		}
		wantVals := map[int]bool{}
		for o := range want {
			match := true
			for i, v := range prefix {
				if i < NumResources && o.a[i] != v {
					match = false
				}
			}
			if !match {
				continue
			}
			if len(prefix) < NumResources {
				wantVals[o.a[len(prefix)]] = true
			} else {
				wantVals[o.recv] = true
			}
		}
		var w []int
		for v := range wantVals {
			w = append(w, v)
		}
		slices.Sort(w)
		if !slices.Equal(got, w) {
			return fmt.Errorf("after %v: offered %v, completable %v", prefix, got, w)
		}
		if len(prefix) == NumResources {
			return nil
		}
		for _, a := range legal {
			if a == actNothing {
				continue
			}
			c := s.Clone().(*State)
			if err := c.Apply(a); err != nil {
				return err
			}
			if err := walk(c, append(slices.Clone(prefix), int(a-actAmount))); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(s, nil); err != nil {
		t.Fatalf("%v\n%s", err, s.Render(game.Spectator))
	}
}

// TestO17_OnlyCompletableValues walks every prefix of the collection's
// choices on many random positions, under every Event (so every
// restriction), and finds for each offered value a legal collection that
// completes it, and for each legal collection its values offered.
func TestO17_OnlyCompletableValues(t *testing.T) {
	rng := game.NewRand(17)
	positions := 600
	if testing.Short() {
		positions = 150
	}
	for i := range positions {
		s := randomCollectPosition(t, rng, 2+i%4)
		walkChoices(t, s, naiveOutcomes(s))
	}
}

// TestO17_ChoicesInRandomGames does the same on positions of random
// games, at the start of every collection.
func TestO17_ChoicesInRandomGames(t *testing.T) {
	rng := game.NewRand(71)
	games := 20
	if testing.Short() {
		games = 5
	}
	for g := range games {
		st, _ := game.NewState(Game, 2+g%4, nil)
		s := st.(*State)
		for s.phase != phaseOver {
			if s.phase == phaseCollect && s.step == 0 && len(cardsOf(s, int(s.toMove))) <= 7 {
				walkChoices(t, s, naiveOutcomes(s))
			}
			var a game.Action
			if s.CurrentPlayer() == game.Chance {
				a = game.SampleChance(s, rng, nil)
			} else {
				l := s.LegalActions(nil)
				a = l[rng.IntN(len(l))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
