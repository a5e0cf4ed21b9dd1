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

// seatScores adds up each player's two colours (S17), seat 2's with the
// compensation (our ruling 12).
func (s *State) seatScores() [2]int {
	p0, p1 := s.scores()
	return [2]int{p0, p1 + int(s.compensation)}
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

// winner returns the winning player at the end, or -1 for a draw (S18):
// the higher score, seat 2's with the compensation (our ruling 12), wins;
// on a tie the player with a token on the centre, connected or not, wins.
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
