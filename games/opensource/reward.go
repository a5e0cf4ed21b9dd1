package opensource

// Rewards (G13-G15): the conditions of the Infrastructure stacks and the
// formation of the top Market Demand card, judged in the Commons and in
// the seat's own Lab, each place on its own.

// labStats returns the features of seat p's Lab, and the holes among its
// own spaces: a union-find over the areas of its tiles, numbered by their
// spaces' positions in the Lab (a Lab is small; see tracker for the
// Commons, which is not).
func (s *State) labStats(p int8) stats { return s.labs[p].stats() }

// stats is labStats for the Lab l.
func (l *lab) stats() stats {
	var st stats
	if l.tiles < 2 {
		return st // a feature finishes on two tiles or more, a hole needs three round it
	}
	n := int(l.n)
	nb := &l.nb
	var parent, open [maxLab * maxAreas]int16
	find := func(a int16) int16 {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	for i, c := range l.cells[:n] {
		if c == 0 {
			continue
		}
		sh := &shapes[c.tile()]
		for k := range int16(sh.n) {
			a := int16(i)*maxAreas + k
			parent[a], open[a] = a, int16(sh.segs[k])
		}
	}
	// Each side of a shared edge closes its own segments (G3, G5).
	for i, c := range l.cells[:n] {
		if c == 0 {
			continue
		}
		for e := range 3 {
			j := nb[i][e]
			if j < 0 || l.cells[j] == 0 {
				continue
			}
			oc := l.cells[j]
			for k := range 3 {
				ra := find(int16(i)*maxAreas + int16(c.area(e, k)))
				open[ra]--
				if rb := find(int16(j)*maxAreas + int16(oc.area(facing(l.spaces[i], e), 2-k))); ra != rb {
					parent[rb] = ra
					open[ra] += open[rb]
				}
			}
		}
	}
	for i, c := range l.cells[:n] {
		if c == 0 {
			hole := true
			for _, j := range nb[i] {
				hole = hole && j >= 0 && l.cells[j] != 0
			}
			if hole {
				st.holes++
			}
			continue
		}
		sh := &shapes[c.tile()]
		for k := range int16(sh.n) {
			r := int16(i)*maxAreas + k
			if parent[r] != r || open[r] != 0 {
				continue
			}
			// A finished feature: its size, a tile once (G4).
			size := 0
			for j, d := range l.cells[:n] {
				if d == 0 {
					continue
				}
				for q := range int16(shapes[d.tile()].n) {
					if find(int16(j)*maxAreas+q) == r {
						size++
						break
					}
				}
			}
			kind := sh.kind[k]
			st.finished[kind]++
			st.largest[kind] = max(st.largest[kind], size)
		}
	}
	return st
}

func statsOf(b *tracker) stats {
	var st stats
	for k := range NumKinds {
		st.finished[k], st.largest[k] = int(b.finished[k]), int(b.largest[k])
	}
	st.holes = int(b.holes)
	return st
}

// holds reports whether set i's condition holds in a place, with n cards
// of the set awarded before.
func (c Condition) holds(st *stats, n int) bool {
	need := n + c.Plus
	switch c.Kind {
	case CondFinished:
		if c.Any {
			return st.finishedAll() >= need
		}
		return st.finished[c.Feature] >= need
	case CondLargest:
		return st.largest[c.Feature] >= need
	case CondHoles:
		return st.holes >= need
	}
	return true
}

// infraOK reports whether the seat to move may take the top card of set
// i: cards are left and its condition holds in the Commons or its Lab.
func (s *State) infraOK(i int) bool {
	var rs rewardStats
	return s.infraOKWith(i, &rs)
}

// rewardStats is what the conditions read of the Commons and of the seat
// to move's Lab, the Lab's counted when first needed.
type rewardStats struct {
	ready, labReady bool
	commons, lab    stats
}

// infraOKWith is infraOK reading the places' stats from rs.
func (s *State) infraOKWith(i int, rs *rewardStats) bool {
	if i < 0 || i >= len(s.r.cards.Sets) || s.left[i] == 0 {
		return false
	}
	set := &s.r.cards.Sets[i]
	n := set.Cards - int(s.left[i])
	if set.Condition.Kind == CondNone {
		return true
	}
	if !rs.ready {
		rs.commons, rs.ready = statsOf(&s.commons), true
	}
	if set.Condition.holds(&rs.commons, n) {
		return true
	}
	if !rs.labReady {
		rs.lab, rs.labReady = s.labStats(s.toMove), true
	}
	return set.Condition.holds(&rs.lab, n)
}

// demandOK reports whether the top Market Demand card's formation exists
// in the Commons or the seat's Lab (G14).
func (s *State) demandOK() bool {
	if s.top < 0 {
		return false
	}
	f := &s.r.forms[s.top]
	if f.foundInCommons(&s.commons) {
		return true
	}
	l := &s.labs[s.toMove]
	return l.tiles >= uint8(len(f.cells[0])) && f.foundInLab(l)
}
