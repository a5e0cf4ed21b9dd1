package breakinghead

// fit returns, for an empty cell, the sides with a neighbour (mask) and
// which of those sides must be open (need): a card fits if its edges
// restricted to mask equal need (B7).
func (s *State) fit(c int) (mask, need uint8) {
	for d := 0; d < 4; d++ {
		code := s.table[c+dirDelta[d]]
		if code != cellEmpty {
			mask |= dirBit[d]
			if codeEdges[code]&dirBit[(d+2)&3] != 0 {
				need |= dirBit[d]
			}
		}
	}
	return mask, need
}

// network returns the set of cells connected to the start by a path (B8,
// B10): through open edges of normal comment cards and end cards, never
// through a dead-end.
func (s *State) network() (seen [nWords]uint64) {
	var stack [4 + nCommentCards]int16
	stack[0] = int16(startCell)
	seen[startCell>>6] |= 1 << (startCell & 63)
	for sp := 1; sp > 0; {
		sp--
		c := int(stack[sp])
		e := codeEdges[s.table[c]]
		for d := 0; d < 4; d++ {
			if e&dirBit[d] == 0 {
				continue
			}
			nc := c + dirDelta[d]
			code := s.table[nc]
			if !codeLinks[code] || codeEdges[code]&dirBit[(d+2)&3] == 0 || seen[nc>>6]&(1<<(nc&63)) != 0 {
				continue
			}
			seen[nc>>6] |= 1 << (nc & 63)
			stack[sp] = int16(nc)
			sp++
		}
	}
	return seen
}

// reachedEnds returns the end cards the start's network reaches (bit per end).
func (s *State) reachedEnds() uint8 {
	seen := s.network()
	var r uint8
	for i, c := range endCells {
		if seen[c>>6]&(1<<(c&63)) != 0 {
			r |= 1 << i
		}
	}
	return r
}
