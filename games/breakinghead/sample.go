package breakinghead

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// kindOf returns the card a logged move used up.
func kindOf(a int32) int {
	switch {
	case a < spamBase:
		return int(variantKind[a%nVariants])
	case a < peekBase:
		return kSpam
	case a < blockBase:
		return kWTF
	case a < unblockBase:
		return kBlockWifi + int(a-blockBase)/10
	case a < passBase:
		return kUnblockLAN + int(a-unblockBase)/30
	}
	return int(a - passBase)
}

// drawFrom takes one card (or role) at random from pool, each copy equally
// likely, and returns its index.
func drawFrom(pool []int, total int, r *rand.Rand) int {
	x := r.IntN(total)
	for k, c := range pool {
		if x < c {
			pool[k]--
			return k
		}
		x -= c
	}
	panic("breakinghead: drawFrom: pool smaller than its total")
}

// Sample deals everything seat p does not know again at random (B18),
// keeping what p knows: its role and hand, its own passed cards, the end
// cards it peeked at and the face-up ones, the table, every public play
// and every public count. Other seats' roles and the left-over role card,
// other hands, other seats' passed cards, the deck and the identity of the
// end cards p has not seen are drawn uniformly among the assignments
// consistent with that. Other seats' peeks are kept as "seat q looked at
// end e", so whatever they saw is the sampled identity of e: their memory
// stays consistent with the sample.
func (s *State) Sample(p game.Player, r *rand.Rand) game.State {
	t := new(State)
	sampleInto(t, s, p, r)
	return t
}

// SampleFrom makes s the state src.Sample(p, r) would return
// (game.Resampler): ismcts draws a sample at every iteration, and a State
// is some 8.5 kB to allocate.
func (s *State) SampleFrom(src game.State, p game.Player, r *rand.Rand) {
	from := src.(*State)
	if from == s {
		cp := *from
		from = &cp
	}
	sampleInto(s, from, p, r)
}

// sampleInto makes t a sample of s for seat p (see Sample); t is not s.
func sampleInto(t, s *State, p game.Player, r *rand.Rand) {
	*t = *s
	me := -1
	if p >= 0 && int(p) < int(s.n) {
		me = int(p)
	}
	n := int(s.n)

	// Roles: at the end every seat's role is public (B17); before, only
	// one's own.
	if s.phase != phaseOver {
		rs := roleSet[n]
		pool := []int{int(rs[0]), int(rs[1])}
		if me >= 0 && s.roles[me] != noRole {
			pool[s.roles[me]]--
		}
		total := pool[0] + pool[1]
		for q := 0; q < n; q++ {
			if q != me && s.roles[q] != noRole {
				t.roles[q] = int8(drawFrom(pool, total, r))
				total--
			}
		}
		t.roleLeft = [2]int8{int8(pool[0]), int8(pool[1])}
	}

	// End cards (B3, B12): the Fixed & Committed card is uniform among the
	// end cards p has neither seen face up nor peeked at, unless p knows
	// where it is.
	if s.fixedAt >= 0 {
		known := s.faceUp
		if me >= 0 {
			known |= s.peeked[me]
		}
		if known&(1<<s.fixedAt) == 0 {
			unknown := uint32(7 &^ known)
			i := r.IntN(bits.OnesCount32(unknown))
			for ; i > 0; i-- {
				unknown &= unknown - 1
			}
			t.fixedAt = int8(bits.TrailingZeros32(unknown))
		}
	}

	// Cards: the unknown pool is every card but those p has seen go: p's
	// hand, p's passes and every public play.
	full := deckCounts(int(s.mix))
	pool := make([]int, nKinds)
	total := 0
	for k := range pool {
		pool[k] = int(full[k])
		if me >= 0 {
			pool[k] -= int(s.hands[me][k])
		}
	}
	for _, e := range s.log[:s.nLog] {
		if e.act < passBase || int(e.seat) == me {
			pool[kindOf(e.act)]--
		}
	}
	for _, c := range pool {
		total += c
	}
	for q := 0; q < n; q++ {
		if q == me {
			continue
		}
		t.hands[q] = [nKinds]uint8{}
		for range s.handSize[q] {
			t.hands[q][drawFrom(pool, total, r)]++
			total--
		}
	}
	for i, e := range s.log[:s.nLog] {
		if e.act >= passBase && int(e.seat) != me {
			t.log[i].act = passBase + int32(drawFrom(pool, total, r))
			total--
		}
	}
	if total != int(s.deckSize) {
		panic("breakinghead: Sample: the unknown cards do not add up to the deck")
	}
	for k := range pool {
		t.deck[k] = uint8(pool[k])
	}
}

// Evaluate estimates each seat's standing: for a Contributor, minus the
// number of cards still needed to join the start's network to the Fixed &
// Committed card (the Manhattan distance from the nearest open edge of the
// network), less a little for every blocked Contributor; a Blocker gets the
// opposite. Each seat adds what its hand is worth to its role (handWeight
// per point of the scripts' builderValue or blockerValue). Roles are
// private, so bots call it on sampled states. At the end the winners get
// 100, the others -100.
func (s *State) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	n := int(s.n)
	if s.phase == phaseOver {
		dst = s.Returns(dst)
		for i := range dst {
			dst[i] = 200*dst[i] - 100
		}
		return dst
	}
	if s.fixedAt < 0 {
		for range n {
			dst = append(dst, 0)
		}
		return dst
	}
	v := -float64(s.distance())
	for q := 0; q < n; q++ {
		if s.roles[q] == roleContributor && s.problems[q] != 0 {
			v -= 0.5
		}
	}
	for q := 0; q < n; q++ {
		if s.roles[q] == roleBlocker {
			dst = append(dst, -v+s.handWorth(q, &blockerValue))
		} else {
			dst = append(dst, v+s.handWorth(q, &builderValue))
		}
	}
	return dst
}

// handWeight is what a point of a card's value to its holder's role adds
// to the holder's standing. Without it every move that leaves the path
// as it is (a pass, a card placed out of the way) scores alike, and a
// search passes a card its role needs as readily as one it does not.
// One card is worth at most 9 points, 0.18 here: too little to outweigh
// a card of distance to the goal or a blocked Contributor (0.5), enough
// to break ties the way the scripts would. docs/bots.md measures it:
// over 150 games, Blockers 0.675 -> 0.727 against script:role,
// Contributors 0.545 -> 0.573 against script:block.
const handWeight = 0.02

// handWorth is what seat q's hand is worth to it by value (a role's
// table of what each kind of card is worth to it). A hand holds a few
// kinds of the 27, so it reads the counts eight at a time and looks only
// at those that are not 0: Evaluate sums every seat's hand, and a count
// at a time was a third of its cost (TestHandWorthMatchesDefinition).
func (s *State) handWorth(q int, value *[nKinds]int) float64 {
	h := &s.hands[q]
	w := 0
	k := 0
	for ; k+8 <= nKinds; k += 8 {
		for word := binary.LittleEndian.Uint64(h[k:]); word != 0; {
			i := bits.TrailingZeros64(word) >> 3
			word &^= 0xff << (8 * i)
			w += int(h[k+i]) * value[k+i]
		}
	}
	for ; k < nKinds; k++ {
		w += int(h[k]) * value[k]
	}
	return handWeight * float64(w)
}

// Standing says that Evaluate gives each seat its own standing, its
// team's (game.StandingEvaluator): a search then scores a cut-off by the
// seat's own value, not by its lead over the others, which in a sample
// moves with the roles drawn for them (docs/bots.md: with five players a
// Contributor's lead is its value times half the Blockers among the
// other four, one or two).
func (s *State) Standing() bool { return true }

// distance is the number of comment cards still needed to reach the Fixed
// & Committed card from the start's network, ignoring what lies between:
// the Manhattan distance to it from the nearest empty cell that a card of
// the network opens onto. It floods the network as network does and
// looks at those cells on the way, in one pass: the lab reads it once a
// round of every game (Evaluate is Breaking Head's trace), where a second
// pass over the table, and network's bitset copied out, cost as much as
// the flood (TestDistanceMatchesDefinition).
func (s *State) distance() int {
	var seen [nWords]uint64
	var stack [4 + nCommentCards]int16
	gx, gy := cellXY(endCells[s.fixedAt])
	best := 2 * nCommentCards
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
			if code == cellEmpty {
				if isPlaceable(nc) {
					x, y := cellXY(nc)
					best = min(best, abs(x-gx)+abs(y-gy))
				}
				continue
			}
			if !codeLinks[code] || codeEdges[code]&dirBit[(d+2)&3] == 0 || seen[nc>>6]&(1<<(nc&63)) != 0 {
				continue
			}
			seen[nc>>6] |= 1 << (nc & 63)
			stack[sp] = int16(nc)
			sp++
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
