package source

import "github.com/commons-games/commons/game"

// Evaluate appends each seat's expected lead (game.Evaluator): the
// score of the board as it will stand once each colour has put back the
// tokens that reconnect its cut-off groups (its captured corner, a
// captured link of a chain), a point less for each such group, with the
// colour to move's action points left counted as tokens still to place,
// and a quarter point for the seat holding the centre, which breaks ties
// (S18); seat 2's compensation counts too (our ruling 12). Counting a cut-off chain at 1 a token, as the score does, would
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
	d := sc[Red] + sc[Yellow] - sc[Blue] - sc[Green] - float64(s.compensation) // our ruling 12
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

// Prior weighs the legal moves by a rule of thumb (game.Prior), for the
// bots' playouts and search: placing is the game (each token on the board
// scores, and placing spends the supply whose end ends the game), more so
// towards the centre; a colour re-takes its own empty corner at once and
// fortifies its corner; captures are worth their cost only against an
// opponent's corner or an unconnected token; ending a turn early is
// rarely right.
func (s *State) Prior(actions []game.Action, dst []float64) []float64 {
	dst = dst[:0]
	c := s.colour
	// Once per call: the points next to c's cut-off tokens (a place there
	// reconnects them) and the opponents' unconnected tokens.
	rejoin := s.occ[c].andNot(s.conn[c]).neighbours().or(single(corners[c]))
	o1, o2 := (c+1)&3, (c+3)&3
	loose := s.occ[o1].andNot(s.conn[o1]).or(s.occ[o2].andNot(s.conn[o2]))
	for _, a := range actions {
		if a == ActionEnd {
			dst = append(dst, 0.05)
			continue
		}
		kind, p := decode(a)
		w := 0.2
		switch kind {
		case kindPlace:
			w = placeWeight[p]
			if rejoin.has(p) {
				w = 40 // reconnects a cut-off group, or re-takes the corner
			}
		case kindFortify:
			w = 0.3
			if p == corners[c] {
				w = 6
			}
		case kindUnfortify:
			w = 0.3
			if allCorners.has(p) {
				w = 2
			}
		case kindCapture:
			switch {
			case allCorners.has(p):
				w = 3
			case loose.has(p):
				w = 1.5
			}
		}
		dst = append(dst, w)
	}
	return dst
}

// placeWeight is a place's weight by point: more towards the centre.
var placeWeight = func() (w [points]float64) {
	for p := range w {
		w[p] = 4 + 0.5*float64(8-manhattan(p, centre))
	}
	return w
}()

// SearchHints are the search settings Source plays best with
// (game.SearchTuner; docs/bots.md): playouts cut after thirteen colour
// turns and scored by Evaluate, whose values differ by a few points
// between moves, hence a small exploration constant. Thirteen, measured
// at equal iterations (docs/bots.md, "Cut-offs in Source"): nine beat
// five 95% of the time, thirteen beat nine 65%, and seventeen or playouts
// to the end did no better than thirteen; five had been chosen at small
// budgets, and with it a search stopped gaining from time.
func (s *State) SearchHints() game.SearchHints { return game.SearchHints{Depth: 13, C: 0.3} }
