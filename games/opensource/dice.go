package opensource

import "github.com/commons-games/commons/game"

// The dice (G10, G11). A roll is the multiset of colours shown, kept as
// counts of yellow, blue and red dice. Three dice name a tile type: the
// colours of its edges; Y+B+R names both YBR and YRB.

// named returns the types three dice name (one, or YBR and YRB).
func named(d [3]int8) (TileType, TileType, int) {
	switch d {
	case [3]int8{3, 0, 0}:
		return YYY, 0, 1
	case [3]int8{0, 3, 0}:
		return BBB, 0, 1
	case [3]int8{0, 0, 3}:
		return RRR, 0, 1
	case [3]int8{2, 1, 0}:
		return YYB, 0, 1
	case [3]int8{2, 0, 1}:
		return YYR, 0, 1
	case [3]int8{1, 2, 0}:
		return BBY, 0, 1
	case [3]int8{0, 2, 1}:
		return BBR, 0, 1
	case [3]int8{1, 0, 2}:
		return RRY, 0, 1
	case [3]int8{0, 1, 2}:
		return RRB, 0, 1
	case [3]int8{1, 1, 1}:
		return YBR, YRB, 2
	}
	return 0, 0, 0
}

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
	if s.inSupply(d) {
		return true
	}
	for to := range 3 {
		if u[to] == 0 {
			continue
		}
		for from := range 3 {
			if from == to || d[from] == 0 {
				continue
			}
			e, v := d, u
			e[from]--
			e[to]++
			v[to]--
			if s.reachesSupply(e, v) {
				return true
			}
		}
	}
	return false
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
	for slot := range s.commons.n {
		t := s.commons.at[slot]
		k := s.commons.cells[t].tile()
		if (k == t1 || (n == 2 && k == t2)) && !s.lockedFor(t, s.toMove) {
			return true
		}
	}
	return false
}

// rollPossible reports whether a roll of the pending dice with y yellow
// and b blue is obtainable (G11): some choice of three (Agility) and
// changes (Bug catching) names a type in the supply, or it is a natural
// roll that may lift.
func (s *State) rollPossible(y, b int8) bool {
	r := s.nDice - y - b
	if y < 0 || b < 0 || r < 0 {
		return false
	}
	d := [3]int8{y, b, r}
	if s.nDice == 3 {
		return s.reachesSupply(d, s.catchUses()) || s.liftableType(d)
	}
	u := s.catchUses()
	for ky := int8(0); ky <= min(y, 3); ky++ {
		for kb := int8(0); kb <= min(b, 3-ky); kb++ {
			if kr := 3 - ky - kb; kr <= r && s.reachesSupply([3]int8{ky, kb, kr}, u) {
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

// ChanceOutcomes lists the chance outcomes with their probabilities: a
// start tile, each tile of the supply equally likely (G6); a Market Demand
// card, each left equally likely (G17); or a roll, one chance event over
// the obtainable rolls, their probabilities renormalised (G11).
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phaseStart:
		for t := range TileType(NumTypes) {
			if s.supply[t] > 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(t), P: float64(s.supply[t]) / float64(s.supplyN)})
			}
		}
	case phaseReveal:
		left := 0
		for i := range s.r.cards.Demands {
			if s.drawn&(1<<i) == 0 {
				left++
			}
		}
		for i := range s.r.cards.Demands {
			if s.drawn&(1<<i) == 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(i), P: 1 / float64(left)})
			}
		}
	case phaseRoll:
		total := 0.0
		for y := int8(0); y <= s.nDice; y++ {
			for b := int8(0); y+b <= s.nDice; b++ {
				if s.rollPossible(y, b) {
					p := multinomial[s.nDice][y][b]
					buf = append(buf, game.ChanceOutcome{Action: game.Action(32*int(y) + int(b)), P: p})
					total += p
				}
			}
		}
		for i := range buf {
			buf[i].P /= total
		}
	}
	return buf
}

// keepable reports whether keeping y yellow, b blue and the rest red of
// the rolled dice (Agility: keep three) can still name a supply type.
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
// a Bug-catching card, so that the dice can still name a supply type.
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
	if s.natural() && !s.inSupply(s.dice) {
		tiles := s.commons.tiles()
		forEach(&tiles, func(t space) {
			if s.liftable(t) {
				buf = append(buf, game.Action(actLift+int(t)))
			}
		})
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
