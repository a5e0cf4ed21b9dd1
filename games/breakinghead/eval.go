package breakinghead

import (
	"encoding/binary"
	"math/bits"

	"github.com/commons-games/commons/game"
)

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

// SearchHints are the search settings Breaking Head plays best with
// (game.SearchTuner; docs/bots.md, "Breaking Head, 5 players, by role").
// A search here is a rollout of the scripts: its tree holds only the
// searching seat's move (tree=own), and each playout has every seat play
// its role's script (script:role, by the roles of the state drawn) for
// one round, up to the searching seat's next turn (depth = the number of
// players), where Evaluate scores it. Uniformly random playouts almost
// never finish a path, and a playout cut as soon as the seat's turn is
// over weighs a move only by what it does at once: over the same 150
// games against script:block, Contributors searching that way won 0.573,
// below script:east's own 0.597; playing a round of the scripts, 0.671.
// 4,000 iterations (about a tenth of a second) is the budget when none
// is given.
func (s *State) SearchHints() game.SearchHints {
	return game.SearchHints{Budget: game.Budget{Iterations: 4000}, Depth: int(s.n), Playout: "script:role", Tree: "own"}
}
