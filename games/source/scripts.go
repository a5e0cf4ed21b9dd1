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
