package openscience

import (
	"strconv"

	"github.com/commons-games/commons/game"
)

// roundIdleNames are the names of the per-round counts of Outcome.
var roundIdleNames = func() (n [maxRounds]string) {
	for r := range n {
		n[r] = "round-" + strconv.Itoa(r+1) + "-idle"
	}
	return n
}()

// Outcome says how the game ended (game.Outcomer): it always ends after
// its last round (O9), so the reason is how that round ended, "depleted"
// (two resource types at 0) or "idle" (a lap of turns without a
// collection, the safety rule of O8). The counts are the rounds that ended
// each way and, for each round r, round-r-idle: 1 when it ended by the
// safety rule.
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if s.phase != phaseOver {
		return game.Outcome{Counts: counts[:0]}
	}
	rounds := s.r.cards.Rounds
	o := game.Outcome{Reason: "depleted", Words: "the last round ended when two resource types ran out"}
	if s.idleRounds&(1<<(rounds-1)) != 0 {
		o.Reason, o.Words = "idle", "the last round ended by the safety rule: a lap of turns without a collection"
	}
	counts = append(counts[:0],
		game.Count{Name: "rounds-depleted", N: int(s.ends[endDepleted])},
		game.Count{Name: "rounds-idle", N: int(s.ends[endIdle])})
	for r := range rounds {
		counts = append(counts, game.Count{Name: roundIdleNames[r], N: int(s.idleRounds >> r & 1)})
	}
	o.Counts = counts
	return o
}
