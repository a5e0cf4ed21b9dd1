package source

import (
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// The scripted strategies (game.Scripter): a beginner's ways of playing
// Source, each a few lines, for measuring the bots against (issue: bots
// that beat the strategies a beginner would use). None looks ahead.
var scripts = []game.ScriptInfo{
	{Name: "first", Doc: "places on its first legal point (a9 side first) and never captures or fortifies"},
	{Name: "grow", Doc: "grows its chains only: places on a random legal point, never captures or fortifies"},
	{Name: "centre", Doc: "grows towards the centre: places on the legal point nearest e5"},
	{Name: "fortify", Doc: "fortifies first (its corner before anything), else places at random"},
	{Name: "capture", Doc: "captures first (the cheapest target), else places at random"},
	{Name: "raid", Doc: "raids corners: captures an opponent's corner when it can, else places at random"},
}

// Script plays the named script for the colour to move.
func (s *State) Script(name string, r *rand.Rand) (game.Action, error) {
	if s.over {
		return 0, fmt.Errorf("source: script %s: the game is over", name)
	}
	c := s.colour
	place := s.placeMask(c)
	switch name {
	case "first":
		if !place.isEmpty() {
			return encode(kindPlace, place.lowest()), nil
		}
	case "grow":
		if p, ok := pick(place, r); ok {
			return encode(kindPlace, p), nil
		}
	case "centre":
		if p, ok := pickNearest(place, centre, r); ok {
			return encode(kindPlace, p), nil
		}
	case "fortify":
		fort := s.fortifyMask(c)
		if fort.has(corners[c]) {
			return encode(kindFortify, corners[c]), nil
		}
		if p, ok := pick(fort, r); ok {
			return encode(kindFortify, p), nil
		}
		if p, ok := pick(place, r); ok {
			return encode(kindPlace, p), nil
		}
	case "capture":
		if p, ok := pick(s.captureMask(c, 1), r); ok { // 1 AP: unconnected targets
			return encode(kindCapture, p), nil
		}
		if p, ok := pick(s.captureMask(c, s.ap), r); ok {
			return encode(kindCapture, p), nil
		}
		if p, ok := pick(place, r); ok {
			return encode(kindPlace, p), nil
		}
	case "raid":
		if p, ok := pick(s.captureMask(c, s.ap).and(allCorners), r); ok {
			return encode(kindCapture, p), nil
		}
		if p, ok := pick(place, r); ok {
			return encode(kindPlace, p), nil
		}
	default:
		return 0, fmt.Errorf("source: no script %q", name)
	}
	return ActionEnd, nil
}

// pick returns a point of b drawn uniformly, and false if b is empty.
func pick(b board, r *rand.Rand) (int, bool) {
	n := b.count()
	if n == 0 {
		return 0, false
	}
	k := r.IntN(n)
	for w := b.lo; w != 0; w &= w - 1 {
		if k == 0 {
			return trailingZeros(w), true
		}
		k--
	}
	for w := b.hi; w != 0; w &= w - 1 {
		if k == 0 {
			return 64 + trailingZeros(w), true
		}
		k--
	}
	return 0, false
}

// pickNearest returns the point of b nearest to q in orthogonal steps,
// ties drawn uniformly, and false if b is empty.
func pickNearest(b board, q int, r *rand.Rand) (int, bool) {
	best, bestD, ties := 0, 1<<30, 0
	b.forEach(func(p int) {
		d := manhattan(p, q)
		switch {
		case d < bestD:
			best, bestD, ties = p, d, 1
		case d == bestD:
			ties++
			if r.IntN(ties) == 0 {
				best = p
			}
		}
	})
	return best, ties > 0
}

func manhattan(p, q int) int {
	dr, dc := p/size-q/size, p%size-q%size
	return abs(dr) + abs(dc)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
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

// SearchParams are the search settings Source plays best with
// (game.SearchTuner; docs/bots.md): playouts cut after thirteen colour
// turns and scored by Evaluate, whose values differ by a few points
// between moves, hence a small exploration constant. Thirteen, measured
// at equal iterations (docs/bots.md, "Cut-offs in Source"): nine beat
// five 95% of the time, thirteen beat nine 65%, and seventeen or playouts
// to the end did no better than thirteen; five had been chosen at small
// budgets, and with it a search stopped gaining from time.
func (s *State) SearchParams() string { return "depth=13,c=0.3" }
