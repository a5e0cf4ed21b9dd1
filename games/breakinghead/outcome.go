package breakinghead

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// Outcome says who won (game.Outcomer): "contributors" (the path reached
// the Fixed & Committed card, B10), "blockers" (every hand is empty, B17)
// or "nobody" (every hand is empty and no seat is a Blocker). The counts
// are the cards played, the cards passed face down and the end cards
// turned face up.
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if s.phase != phaseOver {
		return game.Outcome{Counts: counts[:0]}
	}
	o := game.Outcome{Reason: "contributors", Words: "the path reached Fixed & Committed: the Contributors win"}
	if s.winner == winBlockers {
		o.Reason, o.Words = "blockers", "every hand is empty: the Blockers win"
		blockers := false
		for p := 0; p < int(s.n); p++ {
			blockers = blockers || s.roles[p] == roleBlocker
		}
		if !blockers {
			o.Reason, o.Words = "nobody", "every hand is empty and no seat is a Blocker: nobody wins"
		}
	}
	o.Counts = append(counts[:0],
		game.Count{Name: "cards-played", N: int(s.nLog)},
		game.Count{Name: "passes", N: int(s.discards)},
		game.Count{Name: "end-cards-turned", N: bits.OnesCount8(s.faceUp)})
	return o
}
