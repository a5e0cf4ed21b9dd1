package source

import "github.com/commons-games/commons/game"

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
	sc := s.colourScores()
	return [2]int{sc[Red] + sc[Yellow], sc[Blue] + sc[Green]}
}

// Scores appends each seat's score on the current board (S17).
func (s *State) Scores(dst []float64) []float64 {
	sc := s.seatScores()
	return append(dst[:0], float64(sc[0]), float64(sc[1]))
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

// Evaluate appends each seat's score lead, with a quarter point for the
// seat holding the centre, which breaks ties (S18).
func (s *State) Evaluate(dst []float64) []float64 {
	sc := s.seatScores()
	d := float64(sc[0] - sc[1])
	if at := s.colourAt(centre); at >= 0 {
		if at.Player() == 0 {
			d += 0.25
		} else {
			d -= 0.25
		}
	}
	return append(dst[:0], d, -d)
}
