package threeio

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// The scripted strategies (game.Scripter): a beginner's ways of playing
// 3io, each a few lines, for measuring the bots against. None looks
// further than the play in hand.
var scripts = []game.ScriptInfo{
	{Name: "fuse", Doc: "fuses first: plays where the most tiles fuse, crew on every play; scores its best meeple when its crew is out"},
	{Name: "score", Doc: "scores early: takes a meeple back as soon as one is on the board (the best first), else expands; crew on every play"},
	{Name: "hoard", Doc: "hoards crew for big tiles: crew only on a tile of 8 points or more, scores a meeple worth 8 or more at once"},
	{Name: "fill", Doc: "fills the board: plays where nothing fuses, crew on every play, scores when its crew is out"},
	{Name: "crew", Doc: "crew on every play, anywhere at random; scores its best meeple when its crew is out"},
}

// Script plays the named script for the player to move.
func (s *State) Script(name string, r *rand.Rand) (game.Action, error) {
	p := s.player
	outOfCrew := s.crew[p] == 0
	// scoreFirst says when the script takes a meeple back rather than
	// expand; measure rates a play by the state after it (higher is
	// better, ties at random); crew says whether a play puts crew on the
	// tile.
	var scoreFirst bool
	var measure func(a game.Action, after *State) int
	crew := func(a game.Action) bool { return true }
	switch name {
	case "fuse":
		scoreFirst = outOfCrew
		measure = func(a game.Action, after *State) int { return fused(s, after) }
	case "score":
		scoreFirst = true
	case "hoard":
		scoreFirst = outOfCrew || bestScoreValue(s) >= 8
		crew = func(a game.Action) bool {
			t, _, _ := decodePlay(a)
			return s.r.tiles.Points[t][0] >= 8
		}
	case "fill":
		scoreFirst = outOfCrew
		measure = func(a game.Action, after *State) int { return -fused(s, after) }
	case "crew":
		scoreFirst = outOfCrew
	default:
		return 0, fmt.Errorf("3io: no script %q", name)
	}
	if s.phase == phaseOver || s.phase == phaseDraw {
		return 0, fmt.Errorf("3io: script %s: no seat is to move", name)
	}
	score := bestScore(s)
	if s.phase == phaseAnnounce && score >= 0 && (scoreFirst || (s.boxTotal == 0 && s.held[p][0] < 0)) {
		return score, nil
	}
	if s.phase == phaseAnnounce && s.boxTotal > 0 {
		return actExpand, nil
	}
	best, bestV, ties := game.Action(-1), 0, 0
	var after State
	for _, a := range s.appendPlays(nil) {
		t, c, withCrew := decodePlay(a)
		if !outOfCrew && withCrew != crew(a) {
			continue
		}
		v := 0
		if measure != nil {
			// Only a measure needs the play made (the others are cheap
			// enough to be a search's playout policy).
			after = *s
			after.play(t, c, withCrew)
			v = measure(a, &after)
		}
		switch {
		case ties == 0 || v > bestV:
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	if ties == 0 {
		return score, nil // nothing to play: a score is what is legal
	}
	return best, nil
}

// bestScore returns the score action worth the most to the player to
// move, or -1 if none of its meeples is on the board.
func bestScore(s *State) game.Action {
	best, bestV := game.Action(-1), int64(-1)
	for c := range numCells {
		if s.board[c].meeples[s.player] > 0 {
			if v := s.scoreValue(c); v > bestV {
				best, bestV = game.Action(scoreBase+c), v
			}
		}
	}
	return best
}

// bestScoreValue is what the player to move's best meeple would score, 0
// with none on the board.
func bestScoreValue(s *State) int64 {
	if a := bestScore(s); a >= 0 {
		return s.scoreValue(int(a - scoreBase))
	}
	return 0
}

// fused counts the tiles a play took off the board by fusing.
func fused(before, after *State) int {
	return bits.OnesCount64(before.occ) + 1 - bits.OnesCount64(after.occ)
}
