package source

import "github.com/commons-games/commons/game"

// Outcome says why the game ended (game.Outcomer): "supply" when a
// colour's supply ran out (S16; with end=round, and the round was played
// out, our ruling 11), "idle" when four colour turns in a row
// passed with no action but end (the S16 safety rule). The counts say
// which colour's supply ran out (supply-red... 1 for that colour) and what
// corner captures (S6) did:
//
//   - raids-p1, raids-p2: the opponents' corners each player captured
//     over the game;
//   - sources-lost-p1, sources-lost-p2: the player's colours whose corner
//     is empty at the end, so that none of their tokens is connected;
//   - decided-by-sources: 1 when the result would be another had every
//     empty corner held its colour's token at the end (its chains
//     connected again): the corners lost decided the game.
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if !s.over {
		return game.Outcome{Counts: counts[:0]}
	}
	o := game.Outcome{Reason: "supply", Words: "a colour's supply ran out"}
	if s.lastRound {
		o.Words = "a colour's supply ran out and the round was played out (end=round)"
	}
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
	var lost [2]int
	restored := *s
	for c := Red; c <= Green; c++ {
		if !s.occ[c].has(corners[c]) {
			lost[c.Player()]++
			restored.occ[c] = restored.occ[c].with(corners[c])
			restored.conn[c] = restored.connection(c)
		}
	}
	decided := 0
	if s.winner() != restored.winner() {
		decided = 1
	}
	o.Counts = append(counts,
		game.Count{Name: "raids-p1", N: int(s.raids[0])},
		game.Count{Name: "raids-p2", N: int(s.raids[1])},
		game.Count{Name: "sources-lost-p1", N: lost[0]},
		game.Count{Name: "sources-lost-p2", N: lost[1]},
		game.Count{Name: "decided-by-sources", N: decided},
	)
	return o
}

var supplyNames = [4]string{"supply-red", "supply-blue", "supply-yellow", "supply-green"}
