package openscience

import "math/bits"

// Which collections are legal (O13-O17), without listing them.
//
// A collection's outcome is the vector a of amounts taken of the four
// types and the seat, if any, that receives a Social Glue credit. The
// choices of a collection name a's coordinates in order and then the
// receiver, and each offers only the values that some legal collection
// completes (O17). This file answers "which values of the next
// coordinate, given the ones chosen" in closed form.
//
// Every way of collecting is a "way": the set of vectors a with
//
//	a = lo + z,  0 <= z <= up - lo,  z(V) = Z,  z(B) <= H(B) for every set B of types,
//
// where lo is what the way takes for certain, Z what it still splits and
// H a submodular function, so the z form the integer points of a
// polymatroid base cut by a box. For a collaboration (O14) of the Discovery
// Driver at level D with j_t Specialists of type t, m Transparency
// Champions and s Social Glues (k = m + s of them take a free bonus):
//
//	lo_t = j_t (their bonus, of their own type), Z = D + k,
//	H(B) = k + sum of c_t over t in B + Phi_m(|B|),
//
// where c_t is the sum of the j_t Specialists' levels and Phi_m(q) the
// most the m Champions can take in q types, one each per type and at most
// their levels: sum of min(level, q). This is max-flow min-cut on the
// network source -> Specialists, Champions -> types -> sink: the base of
// D resources fits under a - lo minus the free bonus exactly when no cut
// is smaller. The levels of the collaborators then total at least D too,
// since no role takes more than its level (O14's first condition).
//
// Among collaborations with the same counts, the highest-levelled roles
// can take everything the others can, so only counts are enumerated: a
// product over the four Specialist types, and the number of Generalists
// (Champions first: they take base resources, Social Glue takes none).
// Without a bonus (the Event "no collaboration bonus") more collaborators
// never hurt, so only the whole team is tried.
//
// A Specialist brought by Social Glue (O15) is one more Specialist of its
// type with its own bonus. Whether its owner gets a credit depends on how
// much passes through it, so it is tried twice: passing nothing (it takes
// at most 1 resource, its bonus included: base 0, or base 1 without a
// bonus) with nobody receiving, and passing a credit (its base at least 1,
// or 2 without a bonus: taken into lo) with its owner receiving.
//
// An independent action (O13) is a way too: a Specialist's is a single
// vector, a Transparency Champion's any choice of min(level, types in
// stock) types, one each.
//
// For one way and a fixed prefix, the feasible values of the next
// coordinate form an interval (polymatroids have no holes), read off the
// conditions for a box [Lb, Ub] to meet the base polytope of sum Z:
//
//	(i)   Lb(B) <= H(B) for every B,
//	(ii)  Lb(V) <= Z,
//	(iii) Z <= H(B) + Ub(V \ B) for every B.
//
// The union of the intervals over all ways is the set of choices.

// way is one way of collecting as a set of outcomes (see above).
type way struct {
	lo, up [NumResources]int
	z      int
	h      [1 << NumResources]int
	recv   int // the receiving seat's bit in a receiver choice: 0 nobody, 1+q seat q
}

// chooser accumulates the choices of one collection step.
type chooser struct {
	step  int // 0..3 an amount's type, 4 the receiver
	fixed [NumResources]int
	out   uint64
}

// add unions the values way w allows at the step into c.out.
func (c *chooser) add(w *way) {
	var lb, ub [NumResources]int
	for t := range NumResources {
		u := w.up[t] - w.lo[t]
		if u < 0 {
			return
		}
		if t < c.step {
			x := c.fixed[t] - w.lo[t]
			if x < 0 || x > u {
				return
			}
			lb[t], ub[t] = x, x
		} else {
			ub[t] = u
		}
	}
	var L, U [1 << NumResources]int
	for B := 1; B < 1<<NumResources; B++ {
		t := bits.TrailingZeros(uint(B))
		L[B] = L[B&(B-1)] + lb[t]
		U[B] = U[B&(B-1)] + ub[t]
	}
	const all = 1<<NumResources - 1
	if c.step == NumResources {
		// Every amount is fixed: is the vector in the way?
		if L[all] != w.z {
			return
		}
		for B := 1; B <= all; B++ {
			if L[B] > w.h[B] {
				return
			}
		}
		c.out |= 1 << w.recv
		return
	}
	j := c.step
	bit := 1 << j
	lo, hi := 0, ub[j]
	for B := range 1 << NumResources {
		if B&bit != 0 {
			hi = min(hi, w.h[B]-L[B]) // (i), lb[j] being 0
			if w.z > w.h[B]+U[all^B] {
				return // (iii), whatever the value
			}
		} else {
			if L[B] > w.h[B] {
				return // (i)
			}
			lo = max(lo, w.z-w.h[B]-(U[all^B]-ub[j])) // (iii)
		}
	}
	hi = min(hi, w.z-L[all]) // (ii)
	if lo > hi {
		return
	}
	c.out |= (1<<(hi+1) - 1) &^ (1<<lo - 1) << w.lo[j]
}

// collectChoices returns the legal values of the collection's current
// choice (see State.choices) for the seat to move.
func (s *State) collectChoices() uint64 {
	c := chooser{step: int(s.step)}
	for t := range int(s.step) {
		c.fixed[t] = int(s.amount[t])
	}
	s.collectWays(&c)
	return c.out
}

// collectWays feeds every way of collecting open to the seat to move to c.
func (s *State) collectWays(c *chooser) {
	p := int(s.toMove)
	team := &s.team[p]
	var stock [NumResources]int
	inStock := 0
	for t, n := range s.stock {
		stock[t] = int(n)
		if n > 0 {
			inStock++
		}
	}
	restr := s.restriction()

	// O13: independent actions.
	if restr != CollaborationsOnly {
		var w way
		for t := range NumResources {
			for l := 1; l < levels; l++ {
				if team[t][l] == 0 {
					continue
				}
				a := min(l, stock[t])
				if a == 0 {
					continue // the same as collecting nothing
				}
				w = way{}
				w.lo[t], w.up[t] = a, a
				c.add(&w)
			}
		}
		for l := 1; l < levels; l++ {
			q := min(l, inStock)
			if team[TransparencyChampion][l] == 0 || q == 0 {
				continue
			}
			w = way{z: q}
			for t := range NumResources {
				w.up[t] = min(stock[t], 1)
			}
			for B := range w.h {
				w.h[B] = bits.OnesCount(uint(B))
			}
			c.add(&w)
		}
	}
	if restr == NoCollaborations {
		return
	}

	// O14, O15: collaborations.
	bonus := restr != NoCollaborationBonus
	var spec [NumResources]struct {
		n   int
		cum [32]int // cum[j]: the sum of the j highest levels
	}
	for t := range NumResources {
		sp := &spec[t]
		for l := levels - 1; l >= 0; l-- {
			for range team[t][l] {
				sp.cum[sp.n+1] = sp.cum[sp.n] + l
				sp.n++
			}
		}
	}
	// phi[m][q]: what the m best Transparency Champions take in q types.
	var phi [32][NumResources + 1]int
	nTC := 0
	for l := levels - 1; l >= 0; l-- {
		for range team[TransparencyChampion][l] {
			for q := range NumResources + 1 {
				phi[nTC+1][q] = phi[nTC][q] + min(l, q)
			}
			nTC++
		}
	}
	nSG := 0
	if restr != NoSocialGlue {
		for l := range levels {
			nSG += int(team[SocialGlue][l])
		}
	}
	// Specialists Social Glue may bring (O15): for each type, the best
	// level of each other seat (-1 for none), the best of all other seats,
	// and whether any other seat has one with a level of at least 1.
	var best [NumResources][maxPlayers]int
	var bestAll [NumResources]int
	var anyOtherUp [NumResources]bool
	for t := range NumResources {
		bestAll[t] = -1
		if nSG == 0 {
			continue
		}
		for q := range s.n() {
			best[t][q] = -1
			if q == p {
				continue
			}
			for l := levels - 1; l >= 0; l-- {
				if s.team[q][t][l] > 0 {
					best[t][q] = l
					bestAll[t] = max(bestAll[t], l)
					anyOtherUp[t] = anyOtherUp[t] || l >= 1
					break
				}
			}
		}
	}
	D := int(s.driver[p])
	add := 0 // the bonus each collaborator takes for certain
	if bonus {
		add = 1
	}

	// What the choices can still reach: the amounts fixed, the stock of the
	// others. A collection takes D + its collaborators (with a bonus), so
	// room bounds their number.
	var allowed [NumResources]int
	room, fixed := 0, 0
	for t := range NumResources {
		allowed[t] = stock[t]
		if t < c.step {
			allowed[t] = c.fixed[t]
			fixed += c.fixed[t]
		}
		room += allowed[t]
	}
	// fits reports whether a collection of total resources can have the
	// amounts fixed: between them and room. Without a bonus the total is
	// always D.
	fits := func(total int) bool { return !bonus || (total >= fixed && total <= room) }
	// full is every value the choice could offer: once offered, no way can
	// add one, and the search stops. The receiver's choice is never cut
	// short: its amounts are fixed, which leaves little to search.
	full := ^uint64(0)
	if c.step < NumResources {
		full = 1<<(stock[c.step]+1) - 1
	}

	var lo, cap [NumResources]int
	var w way
	// try adds the collaborations of the Specialists in lo and cap (own of
	// them) with k Generalists, with and without a brought Specialist.
	try := func(own, k int) {
		// Without a brought Specialist: Champions first.
		if m := min(k, nTC); k-m <= nSG && own+k > 0 && fits(D+own+k) {
			c.collab(&w, lo, cap, stock, D, k, bonus, &phi[m], 0)
		}
		m := min(k-1, nTC)
		if k < 1 || nSG == 0 || k-m < 1 || k-m > nSG || !fits(D+own+k+1) {
			return
		}
		for t := range NumResources {
			if bestAll[t] < 0 {
				continue
			}
			// Passing nothing: at most 1 resource through it.
			lo2, cap2 := lo, cap
			lo2[t] += add
			if !bonus && anyOtherUp[t] {
				cap2[t]++
			}
			c.collab(&w, lo2, cap2, stock, D, k, bonus, &phi[m], 0)
			// Passing a credit: more than 1 through it, so a base of at
			// least need. The owner matters only to the receiver's choice;
			// for the amounts, the best level of all serves.
			need := 2 - add
			if D < need || bestAll[t] < need {
				continue
			}
			for q := range s.n() {
				l := best[t][q]
				if c.step < NumResources {
					if q > 0 {
						break
					}
					l = bestAll[t]
				}
				if l < need {
					continue
				}
				lo2, cap2 := lo, cap
				lo2[t] += add + need
				cap2[t] += l - need
				c.collab(&w, lo2, cap2, stock, D-need, k, bonus, &phi[m], 1+q)
			}
		}
	}
	if !bonus {
		// More collaborators never hurt: the whole team.
		own := 0
		for t := range NumResources {
			cap[t] = spec[t].cum[spec[t].n]
			own += spec[t].n
		}
		try(own, nTC+nSG)
		return
	}
	// With a bonus every collaborator takes one resource of its own type
	// for certain, which bounds each type's Specialists by what that type
	// may still reach. Large teams first: they reach the most values, so
	// the search is more often cut short.
	var n [NumResources]int
	for t := range NumResources {
		n[t] = min(spec[t].n, allowed[t])
	}
	var j [NumResources]int
search:
	for j[0] = n[0]; j[0] >= 0; j[0]-- {
		for j[1] = n[1]; j[1] >= 0; j[1]-- {
			for j[2] = n[2]; j[2] >= 0; j[2]-- {
				for j[3] = n[3]; j[3] >= 0; j[3]-- {
					own := j[0] + j[1] + j[2] + j[3]
					if D+own > room {
						continue
					}
					for t := range NumResources {
						lo[t], cap[t] = j[t], spec[t].cum[j[t]]
					}
					for k := max(0, fixed-D-own-1); k <= min(nTC+nSG, room-D-own); k++ {
						try(own, k)
					}
					if c.out == full {
						break search
					}
				}
			}
		}
	}
}

// collab adds the way of a collaboration: lo taken for certain, the
// Specialists' capacities cap, base resources still to take, k
// Generalists taking a free bonus (if bonus), Champions taking phi[q] in q
// types, and the receiver's bit recv. It skips the work when the way
// cannot add a value: when everything it might allow is offered already.
func (c *chooser) collab(w *way, lo, cap, stock [NumResources]int, base, k int, bonus bool, phi *[NumResources + 1]int, recv int) {
	free := 0
	if bonus {
		free = k
	}
	z := base + free
	for t := range c.step {
		if lo[t] > c.fixed[t] {
			return
		}
	}
	if c.step == NumResources {
		if c.out&(1<<recv) != 0 {
			return
		}
	} else {
		// The values of the step's type j lie within [lo_j + the least
		// the other types cannot take, lo_j + the most j can take]; when
		// all of them are offered already the way adds nothing.
		j := c.step
		others := 0
		for t := range NumResources {
			if t != j {
				others += cap[t]
			}
		}
		least := max(0, z-(free+others+phi[NumResources-1]))
		most := min(z, stock[j]-lo[j], free+cap[j]+phi[1])
		if least > most {
			return
		}
		if span := (uint64(1)<<(most+1) - 1) &^ (uint64(1)<<least - 1) << lo[j]; span&^c.out == 0 {
			return
		}
	}
	*w = way{lo: lo, up: stock, z: z, recv: recv}
	var sum [1 << NumResources]int
	for B := 1; B < len(w.h); B++ {
		t := bits.TrailingZeros(uint(B))
		sum[B] = sum[B&(B-1)] + cap[t]
		w.h[B] = free + sum[B] + phi[bits.OnesCount(uint(B))]
	}
	c.add(w)
}
