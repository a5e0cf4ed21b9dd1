package opensource

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// The dice (G10, G11). A roll is the multiset of colours shown, kept as
// counts of yellow, blue and red dice. Three dice name a tile type: the
// colours of its edges; Y+B+R names both YBR and YRB.

// named returns the types three dice name (one, or YBR and YRB).
func named(d [3]int8) (TileType, TileType, int) {
	if d[0] < 0 || d[1] < 0 || d[2] < 0 || d[0]+d[1]+d[2] != 3 {
		return 0, 0, 0
	}
	n := namedTable[d[0]][d[1]]
	return n.t1, n.t2, int(n.n)
}

// namedTable[y][b] is what y yellow, b blue and 3-y-b red dice name.
var namedTable = func() (tab [4][4]struct {
	t1, t2 TileType
	n      int8
}) {
	for _, t := range [...]TileType{YYY, BBB, RRR, YYB, YYR, BBY, BBR, RRY, RRB, YBR} {
		var d [3]int8
		for _, k := range tileEdges[t] {
			d[k]++
		}
		e := &tab[d[0]][d[1]]
		e.t1, e.n = t, 1
		if t == YBR {
			e.t2, e.n = YRB, 2
		}
	}
	return tab
}()

// inSupply reports whether three dice name a type the supply has.
func (s *State) inSupply(d [3]int8) bool {
	t1, t2, n := named(d)
	return (n >= 1 && s.supply[t1] > 0) || (n == 2 && s.supply[t2] > 0)
}

// catchUses returns the Bug-catching uses left, by the colour they change
// a die to.
func (s *State) catchUses() [3]int8 {
	return [3]int8{int8(s.usesOf(BugYellow)), int8(s.usesOf(BugBlue)), int8(s.usesOf(BugRed))}
}

// reachesSupply reports whether three dice can be brought, by changing
// dice with the Bug-catching uses u (each to its colour), to name a type
// the supply has.
func (s *State) reachesSupply(d [3]int8, u [3]int8) bool {
	return reachable(d, u)&s.supplyMask() != 0
}

// supplyMask has a bit for each type the supply has.
func (s *State) supplyMask() uint16 {
	var m uint16
	for t, n := range s.supply {
		if n > 0 {
			m |= 1 << t
		}
	}
	return m
}

// reachable returns the types (a bit each) that three dice d can name
// after changes with the Bug-catching uses u, each changing one die to
// its colour; none when d is not three dice.
func reachable(d [3]int8, u [3]int8) uint16 {
	if d[0] < 0 || d[1] < 0 || d[2] < 0 || d[0]+d[1]+d[2] != 3 {
		return 0
	}
	// A die changed twice could have been changed once, so no colour
	// needs more than three uses: more reach nothing more.
	return reachTable[d[0]][d[1]][min(max(u[0], 0), 3)][min(max(u[1], 0), 3)][min(max(u[2], 0), 3)]
}

// reachTable[y][b][uy][ub][ur] is reachable for y yellow and b blue dice
// (the rest red) and uses uy, ub, ur of 0..3: what the dice name now, and
// what they reach after any one change, each such entry needing one use
// fewer. Filled in once, each entry from entries already filled, where
// trying every sequence of changes from every entry anew cost some 340
// million instructions at the start of every process
// (TestG11_ReachTableTriesEverySequence keeps the two the same).
var reachTable = func() (tab [4][4][4][4][4]uint16) {
	var done [4][4][4][4][4]bool
	var reach func(d, u [3]int8) uint16
	reach = func(d, u [3]int8) uint16 {
		// A change moves a die from one colour to another, so d[2] is
		// 3-d[0]-d[1] throughout.
		e := &tab[d[0]][d[1]][u[0]][u[1]][u[2]]
		if done[d[0]][d[1]][u[0]][u[1]][u[2]] {
			return *e
		}
		m := namedMask(d)
		for to := range 3 {
			for from := range 3 {
				if u[to] > 0 && from != to && d[from] > 0 {
					c, v := d, u
					c[from]--
					c[to]++
					v[to]--
					m |= reach(c, v)
				}
			}
		}
		*e = m
		done[d[0]][d[1]][u[0]][u[1]][u[2]] = true
		return m
	}
	for y := range int8(4) {
		for b := range 4 - y {
			for uy := range int8(4) {
				for ub := range int8(4) {
					for ur := range int8(4) {
						reach([3]int8{y, b, 3 - y - b}, [3]int8{uy, ub, ur})
					}
				}
			}
		}
	}
	return tab
}()

// namedMask has a bit for each type three dice d name.
func namedMask(d [3]int8) uint16 {
	t1, t2, n := named(d)
	var m uint16
	if n >= 1 {
		m |= 1 << t1
	}
	if n == 2 {
		m |= 1 << t2
	}
	return m
}

// liftableType reports whether the Commons holds a tile of a type the
// dice name that the seat to move may lift: a natural roll of a type the
// supply is out of (on Y+B+R both YBR and YRB out), not a tile under
// another seat's token (G11).
func (s *State) liftableType(d [3]int8) bool {
	t1, t2, n := named(d)
	if n == 0 || s.inSupply(d) {
		return false
	}
	return s.liftableOf(t1) || (n == 2 && s.liftableOf(t2))
}

// liftableOf reports whether the Commons holds a tile of type t without
// another seat's token: more tiles of the type than such tokens on them
// (a token lies on one tile, a tile carries one token).
func (s *State) liftableOf(t TileType) bool {
	free := s.commons.typeCount[t]
	for _, tk := range s.tokens {
		if tk.owner >= 0 && tk.owner != s.toMove && tk.at >= 0 && s.commons.cells[tk.at] != 0 && s.commons.cells[tk.at].tile() == t {
			free--
		}
	}
	return free > 0
}

// rollPossible reports whether a roll of the pending dice with y yellow
// and b blue is obtainable (G11), judged for the roller with what it can
// do this turn (G11a): some choice of three (Agility) and changes (Bug
// catching) names a type in the supply, or it is a natural roll that may
// lift. Only the dice after the last change must name a type the supply
// has (reachable tries every sequence of changes), so a die outcome may be
// possible only through catching, and its probability is renormalised
// with the others' (ChanceOutcomes).
func (s *State) rollPossible(y, b int8) bool {
	return s.rollPossibleWith(y, b, s.catchUses(), s.supplyMask())
}

// rollPossibleWith is rollPossible with the Bug-catching uses u and the
// supply's types given.
func (s *State) rollPossibleWith(y, b int8, u [3]int8, supply uint16) bool {
	r := s.nDice - y - b
	if y < 0 || b < 0 || r < 0 {
		return false
	}
	d := [3]int8{y, b, r}
	if s.nDice == 3 {
		return reachable(d, u)&supply != 0 || s.liftableType(d)
	}
	for ky := int8(0); ky <= min(y, 3); ky++ {
		for kb := int8(0); kb <= min(b, 3-ky); kb++ {
			if kr := 3 - ky - kb; kr <= r && reachable([3]int8{ky, kb, kr}, u)&supply != 0 {
				return true
			}
		}
	}
	return false
}

// multinomial[n][y][b] is the probability that n fair dice show y yellow
// and b blue (the rest red).
var multinomial = func() (m [3 + maxExtra + 1][3 + maxExtra + 1][3 + maxExtra + 1]float64) {
	var fact [3 + maxExtra + 1]float64
	fact[0] = 1
	for i := 1; i < len(fact); i++ {
		fact[i] = fact[i-1] * float64(i)
	}
	for n := range len(m) {
		p := 1.0
		for range n {
			p /= 3
		}
		for y := 0; y <= n; y++ {
			for b := 0; y+b <= n; b++ {
				m[n][y][b] = fact[n] / (fact[y] * fact[b] * fact[n-y-b]) * p
			}
		}
	}
	return m
}()

// keepable reports whether keeping y yellow, b blue and the rest red of
// the rolled dice (Agility: keep three) can still name a supply type: a
// keep is offered only when some completion of it leads to a tile
// (G11a); a kept roll is a changed one and never lifts (G11).
func (s *State) keepable(y, b int8) bool {
	r := 3 - y - b
	if y > s.dice[0] || b > s.dice[1] || r > s.dice[2] || r < 0 {
		return false
	}
	return s.reachesSupply([3]int8{y, b, r}, s.catchUses())
}

// natural reports whether the dice are a natural roll (G11): three dice,
// none changed.
func (s *State) natural() bool { return s.nDice == 3 && !s.caught }

// catchable reports whether a die showing from may be changed to to with
// a Bug-catching card, so that the dice can still name a supply type: the
// change may name a type the supply lacks when a later change completes
// it (G11a).
func (s *State) catchable(from, to int) bool {
	u := s.catchUses()
	if from == to || s.dice[from] == 0 || u[to] == 0 {
		return false
	}
	d := s.dice
	d[from]--
	d[to]++
	u[to]--
	return s.reachesSupply(d, u)
}

// takeable reports whether the seat may take a tile of type t from the
// supply: the dice name it and the supply has it.
func (s *State) takeable(t TileType) bool {
	t1, t2, n := named(s.dice)
	return s.supply[t] > 0 && ((n >= 1 && t == t1) || (n == 2 && t == t2))
}

// liftable reports whether the seat may lift the Commons tile at t (G11).
func (s *State) liftable(t space) bool {
	if !s.natural() || t < 0 || int(t) >= nSpaces || !s.commons.occupied(t) || s.lockedFor(t, s.toMove) || s.inSupply(s.dice) {
		return false
	}
	t1, t2, n := named(s.dice)
	k := s.commons.cells[t].tile()
	return k == t1 || (n == 2 && k == t2)
}

// diceMoves lists phase c-d: changes of a die, takes, lifts.
func (s *State) diceMoves(buf []game.Action) []game.Action {
	if t1, t2, n := named(s.dice); s.natural() && !s.inSupply(s.dice) && n > 0 && (s.commons.typeCount[t1] > 0 || (n == 2 && s.commons.typeCount[t2] > 0)) {
		// The lifts (as liftable judges them): the Commons tiles of the
		// types named, not under another seat's token.
		if n == 1 {
			t2 = t1
		}
		locks := s.locks()
		b := &s.commons
		for w := range b.occ {
			for word := (b.typeSet[t1][w] | b.typeSet[t2][w]) &^ locks[w]; word != 0; word &= word - 1 {
				buf = append(buf, game.Action(actLift+w*64+bits.TrailingZeros64(word)))
			}
		}
	}
	for t := range TileType(NumTypes) {
		if s.takeable(t) {
			buf = append(buf, game.Action(actTake+int(t)))
		}
	}
	for from := range 3 {
		for to := range 3 {
			if s.catchable(from, to) {
				buf = append(buf, game.Action(actCatch+3*from+to))
			}
		}
	}
	return buf
}
