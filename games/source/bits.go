package source

import "math/bits"

// The board's 81 points are numbered row-major from the top-left corner:
// point 0 is a9 (red's source), 8 is i9 (blue), 40 is e5 (the centre), 72
// is a1 (green) and 80 is i1 (yellow). A set of points is a bitboard of 81
// bits in two words: points 0..63 in lo, points 64..80 in the low 17 bits
// of hi. Bitboards keep the state a flat value (cheap Clone, comparable
// with reflect.DeepEqual) and make move generation and flood fill a
// handful of shifts.
type board struct{ lo, hi uint64 }

const (
	size   = 9
	points = size * size
	hiMask = 1<<(points-64) - 1
	centre = 40
)

// Masks computed once at start-up.
var (
	full    board // every point
	notColA board // every point but column a (may shift west)
	notColI board // every point but column i (may shift east)

	adjacent [points]board // each point's orthogonal neighbours
)

func init() {
	for p := 0; p < points; p++ {
		full = full.with(p)
		if p%size != 0 {
			notColA = notColA.with(p)
		}
		if p%size != size-1 {
			notColI = notColI.with(p)
		}
	}
	for p := range adjacent {
		adjacent[p] = single(p).neighbours()
	}
}

func single(p int) board {
	if p < 64 {
		return board{lo: 1 << uint(p)}
	}
	return board{hi: 1 << uint(p-64)}
}

func (b board) with(p int) board    { return b.or(single(p)) }
func (b board) without(p int) board { return b.andNot(single(p)) }

func (b board) has(p int) bool {
	if p < 64 {
		return b.lo>>uint(p)&1 != 0
	}
	return b.hi>>uint(p-64)&1 != 0
}

func (b board) or(c board) board     { return board{b.lo | c.lo, b.hi | c.hi} }
func (b board) and(c board) board    { return board{b.lo & c.lo, b.hi & c.hi} }
func (b board) andNot(c board) board { return board{b.lo &^ c.lo, b.hi &^ c.hi} }
func (b board) isEmpty() bool        { return b.lo|b.hi == 0 }
func (b board) count() int           { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// lowest returns the lowest point of a non-empty set.
func (b board) lowest() int {
	if b.lo != 0 {
		return bits.TrailingZeros64(b.lo)
	}
	return 64 + bits.TrailingZeros64(b.hi)
}

// shl moves every point p to p+n (0 < n < 64), dropping what leaves the board.
func (b board) shl(n uint) board {
	return board{lo: b.lo << n, hi: (b.hi<<n | b.lo>>(64-n)) & hiMask}
}

// shr moves every point p to p-n (0 < n < 64).
func (b board) shr(n uint) board {
	return board{lo: b.lo>>n | b.hi<<(64-n), hi: b.hi >> n}
}

// neighbours returns the points orthogonally adjacent to some point of b.
func (b board) neighbours() board {
	n := b.shr(size).or(b.shl(size))
	n = n.or(b.and(notColA).shr(1))
	return n.or(b.and(notColI).shl(1))
}

// flood returns the points of within reachable from seed by orthogonal
// steps inside within (seed itself only where it lies within).
func flood(seed, within board) board {
	c := seed.and(within)
	for {
		n := c.or(c.neighbours()).and(within)
		if n == c {
			return c
		}
		c = n
	}
}

// forEach calls f for every point of b in ascending order.
func (b board) forEach(f func(p int)) {
	for w := b.lo; w != 0; w &= w - 1 {
		f(bits.TrailingZeros64(w))
	}
	for w := b.hi; w != 0; w &= w - 1 {
		f(64 + bits.TrailingZeros64(w))
	}
}

func trailingZeros(w uint64) int { return bits.TrailingZeros64(w) }
