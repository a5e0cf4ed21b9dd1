package source

import "github.com/commons-games/commons/game"

// Outcome says why the game ended (game.Outcomer): "supply" when a
// colour's supply ran out (S16), "idle" when four colour turns in a row
// passed with no action but end (the S16 safety rule). The counts say
// which colour's supply ran out (supply-red... 1 for that colour).
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if !s.over {
		return game.Outcome{Counts: counts[:0]}
	}
	o := game.Outcome{Reason: "supply", Words: "a colour's supply ran out"}
	if s.endRun >= endRunLimit {
		o.Reason, o.Words = "idle", "four colour turns in a row passed without an action (the safety rule)"
	}
	counts = counts[:0]
	for c := Red; c <= Green; c++ {
		n := 0
		if s.supply[c] == 0 {
			n = 1
		}
		counts = append(counts, game.Count{Name: supplyNames[c], N: n})
	}
	o.Counts = counts
	return o
}

var supplyNames = [4]string{"supply-red", "supply-blue", "supply-yellow", "supply-green"}
