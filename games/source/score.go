package source

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// colourScores scores each colour on the current board (S17).
func (s *State) colourScores() [4]int {
	var sc [4]int
	occupied := s.occupied()
	empty := full.andNot(occupied)
	for c := Red; c <= Green; c++ {
		conn := s.conn[c]
		// Connected points 2, unconnected 1; a fortification adds nothing.
		sc[c] = 2*conn.count() + s.occ[c].andNot(conn).count()
		if conn.has(centre) {
			sc[c] += 10 - 2 // the connected centre is worth 10 instead of 2
		}
		if !s.regions {
			// Empty points none of whose neighbours is anything but c.
			// Every point has at least two neighbours, so no point
			// qualifies vacuously.
			terr := empty.andNot(full.andNot(s.occ[c]).neighbours())
			sc[c] += 3 * terr.count()
		}
	}
	if s.regions {
		// Each empty region bordered by exactly one colour scores 3 per
		// point to that colour; one bordered by none or several scores 0.
		for rest := empty; !rest.isEmpty(); {
			region := flood(single(rest.lowest()), empty)
			rest = rest.andNot(region)
			border := region.neighbours().and(occupied)
			owner, owners := Colour(-1), 0
			for c := Red; c <= Green; c++ {
				if !border.and(s.occ[c]).isEmpty() {
					owner, owners = c, owners+1
				}
			}
			if owners == 1 {
				sc[owner] += 3 * region.count()
			}
		}
	}
	return sc
}

// seatScores adds up each player's two colours (S17).
func (s *State) seatScores() [2]int {
	p0, p1 := s.scores()
	return [2]int{p0, p1}
}

// scores returns seat 1's and seat 2's scores: the sums of their colours'
// colourScores. It is what Scores returns, and the lab reads it at every
// point of its trace, dozens of times in a random game that takes
// microseconds, so with single territory it counts seat by seat instead
// of colour by colour, a cheaper way to the same sums
// (TestScoresMatchColourScores). A seat's two colours never share a
// point, so their points can be counted together: connected points count
// 2 and unconnected ones 1, that is one for each of the seat's tokens and
// one more for each connected one. A territory point is an empty point
// all of whose neighbours are occupied, by one colour: such points are
// few (none in seven positions of a random game in eight), so instead of
// a neighbour set for each colour this takes the one of the empty points
// and looks at what is left point by point. Two results rather than an
// array keep them in registers (an array built up element by element on
// the stack and read back whole stalls the processor's store forwarding).
func (s *State) scores() (p0, p1 int) {
	if s.regions {
		sc := s.colourScores()
		return sc[Red] + sc[Yellow], sc[Blue] + sc[Green]
	}
	// Each count reads its words from s rather than from variables:
	// without GOAMD64=v2 a count may call a function instead of POPCNT,
	// and every value live across it would be saved and reloaded around
	// each of the six. A board's high word holds 17 points, so a seat's
	// two high words are counted in one.
	const hi = points - 64
	p0 = bits.OnesCount64(s.conn[Red].lo | s.conn[Yellow].lo)
	p0 += bits.OnesCount64(s.occ[Red].lo | s.occ[Yellow].lo)
	p0 += bits.OnesCount64(s.conn[Red].hi | s.conn[Yellow].hi | (s.occ[Red].hi|s.occ[Yellow].hi)<<hi)
	p1 = bits.OnesCount64(s.conn[Blue].lo | s.conn[Green].lo)
	p1 += bits.OnesCount64(s.occ[Blue].lo | s.occ[Green].lo)
	p1 += bits.OnesCount64(s.conn[Blue].hi | s.conn[Green].hi | (s.occ[Blue].hi|s.occ[Green].hi)<<hi)
	if s.conn[Red].or(s.conn[Yellow]).has(centre) {
		p0 += 10 - 2 // the connected centre is worth 10 instead of 2
	} else if s.conn[Blue].or(s.conn[Green]).has(centre) {
		p1 += 10 - 2
	}
	empty := full.andNot(s.occupied())
	for w := empty.andNot(empty.neighbours()); !w.isEmpty(); {
		p := w.lowest()
		w = w.without(p)
		// Every neighbour is occupied: any of them names the only colour
		// that may own p.
		nb := adjacent[p]
		if c := s.colourAt(nb.lowest()); nb.andNot(s.occ[c]).isEmpty() {
			if c.Player() == 0 {
				p0 += 3
			} else {
				p1 += 3
			}
		}
	}
	return p0, p1
}

// Scores appends each seat's score on the current board (S17).
func (s *State) Scores(dst []float64) []float64 {
	p0, p1 := s.scores()
	return append(dst[:0], float64(p0), float64(p1))
}

// winner returns the winning player at the end, or -1 for a draw (S18):
// the higher score wins; on a tie the player with a token on the centre,
// connected or not, wins.
func (s *State) winner() game.Player {
	sc := s.seatScores()
	switch {
	case sc[0] > sc[1]:
		return 0
	case sc[1] > sc[0]:
		return 1
	}
	if at := s.colourAt(centre); at >= 0 {
		return at.Player()
	}
	return -1
}

// Returns appends win 1 / loss 0, or 0.5 each for a draw (S18); all zeros
// before the end.
func (s *State) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if !s.over {
		return dst
	}
	switch w := s.winner(); w {
	case -1:
		dst[0], dst[1] = 0.5, 0.5
	default:
		dst[w] = 1
	}
	return dst
}

// Evaluate appends each seat's expected lead (game.Evaluator): the
// score of the board as it will stand once each colour has put back the
// tokens that reconnect its cut-off groups (its captured corner, a
// captured link of a chain), a point less for each such group, with the
// colour to move's action points left counted as tokens still to place,
// and a quarter point for the seat holding the centre, which breaks ties
// (S18). Counting a cut-off chain at 1 a token, as the score does, would
// reward raids: capturing a corner costs the raider two action points and
// its victim one to put it back.
func (s *State) Evaluate(dst []float64) []float64 {
	var sc [4]float64
	occupied := s.occupied()
	empty := full.andNot(occupied)
	for c := Red; c <= Green; c++ {
		conn := s.conn[c]
		if s.supply[c] > 0 {
			// Groups one token away from the chain (or from the corner)
			// count as connected, a point less each.
			bridges := s.placeMask(c)
			extra := flood(conn.or(bridges), s.occ[c].or(bridges)).and(s.occ[c]).andNot(conn)
			for rest := extra; !rest.isEmpty(); {
				rest = rest.andNot(flood(single(rest.lowest()), extra))
				sc[c]--
			}
			conn = conn.or(extra)
		}
		sc[c] += float64(2*conn.count() + s.occ[c].andNot(conn).count())
		if conn.has(centre) {
			sc[c] += 10 - 2
		}
		if !s.regions {
			sc[c] += float64(3 * empty.andNot(full.andNot(s.occ[c]).neighbours()).count())
		}
	}
	if s.regions {
		cs := s.colourScores()
		for c := range sc {
			// Territory of regions: what colourScores counts beyond tokens.
			conn := s.conn[c]
			tokens := 2*conn.count() + s.occ[c].andNot(conn).count()
			if conn.has(centre) {
				tokens += 8
			}
			sc[c] += float64(cs[c] - tokens)
		}
	}
	if !s.over {
		// The colour to move's action points left, at a point each (half
		// the 2 a placed token scores), so that the value stays level
		// over a turn of placing: 2 AP in hand are worth 2, two tokens
		// placed 4 less the 2 the next colour now holds. A whole token
		// for each would swing the value by a turn's worth from one
		// colour to the next, and searches cut at uneven depths would
		// then favour the 2-AP captures that end a turn early.
		sc[s.colour] += float64(s.ap)
	}
	d := sc[Red] + sc[Yellow] - sc[Blue] - sc[Green]
	d += s.centreRace()
	if at := s.colourAt(centre); at >= 0 {
		if at.Player() == 0 {
			d += 0.25
		} else {
			d -= 0.25
		}
	}
	return append(dst[:0], d, -d)
}

// centreRace values the race to an empty centre for seat 1 (negative for
// seat 2). The connected centre scores 10: a seat whose chain touches the
// empty centre can take it with one action point (8 net of the 2 that
// point would score elsewhere), so capturing the centre from a seat that
// takes it straight back gains nothing; when both touch it, the seat of
// the colour to move takes it first. Farther off, the nearer seat leads
// by 2 a step, up to 4.
func (s *State) centreRace() float64 {
	occupied := s.occupied()
	if occupied.has(centre) {
		return 0
	}
	empty := full.andNot(occupied)
	near := [2]board{s.conn[Red].or(s.conn[Yellow]), s.conn[Blue].or(s.conn[Green])}
	dist := [2]int{100, 100}
	ring, seen := single(centre), single(centre)
	for step := 1; step <= 8 && (dist[0] == 100 || dist[1] == 100) && !ring.isEmpty(); step++ {
		next := ring.neighbours()
		for p := range near {
			if dist[p] == 100 && !next.and(near[p]).isEmpty() {
				dist[p] = step
			}
		}
		ring = next.and(empty).andNot(seen)
		seen = seen.or(ring)
	}
	switch {
	case dist[0] == 1 && dist[1] == 1:
		if s.colour.Player() == 0 {
			return 8
		}
		return -8
	case dist[0] == 1:
		return 8
	case dist[1] == 1:
		return -8
	}
	return float64(2 * max(-2, min(2, dist[1]-dist[0])))
}
