package opensource

// Rewards (G13-G15): the conditions of the Infrastructure stacks and the
// formation of the top Market Demand card, judged in the Commons and in
// the seat's own Lab, each place on its own.

// labStats returns the features of seat p's Lab: a tracker built from its
// tiles, and the holes among its own spaces.
func (s *State) labStats(p int8) stats {
	l := &s.labs[p]
	var b tracker
	for i, t := range l.spaces[:l.n] {
		if c := l.cells[i]; c != 0 {
			b.add(t, c)
		}
	}
	st := statsOf(&b)
	st.holes = 0
	for i, t := range l.spaces[:l.n] {
		if l.cells[i] != 0 {
			continue
		}
		hole := true
		for _, o := range nbr[t] {
			hole = hole && l.cellAt(o) != 0
		}
		if hole {
			st.holes++
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
	if i < 0 || i >= len(s.r.cards.Sets) || s.left[i] == 0 {
		return false
	}
	set := &s.r.cards.Sets[i]
	n := set.Cards - int(s.left[i])
	if set.Condition.Kind == CondNone {
		return true
	}
	cs := statsOf(&s.commons)
	if set.Condition.holds(&cs, n) {
		return true
	}
	ls := s.labStats(s.toMove)
	return set.Condition.holds(&ls, n)
}

// demandOK reports whether the top Market Demand card's formation exists
// in the Commons or the seat's Lab (G14).
func (s *State) demandOK() bool {
	if s.top < 0 {
		return false
	}
	f := &s.r.forms[s.top]
	if f.foundIn(&s.commons.cells, s.commons.at[:s.commons.n]) {
		return true
	}
	l := &s.labs[s.toMove]
	if l.tiles < uint8(len(f.cells[0])) {
		return false
	}
	var cells [nSpaces]cell
	var at [maxLab]space
	n := 0
	for i, t := range l.spaces[:l.n] {
		if c := l.cells[i]; c != 0 {
			cells[t] = c
			at[n] = t
			n++
		}
	}
	return f.foundIn(&cells, at[:n])
}
