package opensource

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// Outcome says which of G18's four endings the game reached
// (game.Outcomer): "supply" (everybody loses), "infrastructure" (everybody
// wins), "market-demand" (the most Market Demand cards win) or
// "turn-limit" (everybody loses; a timeout for the lab). The counts are
// the turns played, the Infrastructure cards awarded and the Market
// Demand cards drawn.
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if s.phase != phaseOver {
		return game.Outcome{Counts: counts[:0]}
	}
	awarded := 0
	for i, set := range s.r.cards.Sets {
		awarded += set.Cards - int(s.left[i])
	}
	return game.Outcome{
		Reason: endNames[s.end],
		Words:  endWords[s.end],
		Limit:  s.end == endTurns,
		Counts: append(counts[:0],
			game.Count{Name: "turns", N: int(s.turns)},
			game.Count{Name: "infrastructure-awarded", N: awarded},
			game.Count{Name: "market-demand-drawn", N: bits.OnesCount64(s.drawn)}),
	}
}
