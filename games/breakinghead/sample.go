package breakinghead

import (
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
		rs := s.roleDeal()
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
