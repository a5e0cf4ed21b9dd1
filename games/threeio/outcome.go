package threeio

import (
	"math"
	"strings"

	"github.com/commons-games/commons/game"
)

// count adds one to a fusion counter (State.fusions), saturating.
func (s *State) count(t Tile, kind int) {
	if c := &s.fusions[t][kind]; *c < math.MaxUint16 {
		*c++
	}
}

// endKeys are the Outcome reasons of the endReasons.
var endKeys = [...]string{"", "board-full", "no-moves", "pacing", "turn-limit"}

// fusionNames names the counts of Outcome, by type and kind of fusion:
// "dust-light" (dark Dust turned light), "dust-to-rock" (light Dust turned
// into Rock), "dust-stuck" (light Dust that stayed light, no Rock left),
// and for the top types "t13-galaxy", "t13-singularity" (T13 clearings).
var fusionNames = func() (n [NumTiles][3]string) {
	for t := range Tile(NumTiles) {
		name := strings.ToLower(t.String())
		n[t][0] = name + "-light"
		if t.Top() {
			n[t][1] = "t13-" + name
			continue
		}
		n[t][1] = name + "-to-" + strings.ToLower((t + 1).String())
		n[t][2] = name + "-stuck"
	}
	return n
}()

// Outcome says why the game ended (game.Outcomer): "board-full" or
// "no-moves" (T14), "pacing" (T15) or "turn-limit" (our ruling; a timeout
// for the lab), and counts every fusion step over the game, type by type
// (see fusionNames), with "t13" the clearings of both top types together.
func (s *State) Outcome(counts []game.Count) game.Outcome {
	if s.phase != phaseOver {
		return game.Outcome{Counts: counts[:0]}
	}
	counts = counts[:0]
	t13 := 0
	for t := range Tile(NumTiles) {
		for k, name := range fusionNames[t] {
			if name != "" {
				counts = append(counts, game.Count{Name: name, N: int(s.fusions[t][k])})
			}
		}
		if t.Top() {
			t13 += int(s.fusions[t][1])
		}
	}
	counts = append(counts, game.Count{Name: "t13", N: t13})
	return game.Outcome{Reason: endKeys[s.end], Words: endReasons[s.end], Limit: s.end == turnLimit, Counts: counts}
}
