package threeio

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

var _ game.Tutor = threeIO{}

// tutorialSeed decides the draws and the bot's choices once the lessons
// are over; the lessons script their draws.
const tutorialSeed = 11

// Tutorial is 3io's guided first game (game.Tutor), at a table of two:
// the learner lines up Dust with a crew meeple among them, fuses four
// into a light Dust with a bonus token, plays a Station beside it and
// scores the crew meeple's tile, multiplied. The bot plays its tiles in
// the far corners, out of the way. While the learner has no crew on the
// board, expand is the only move there is, and the lessons' Before
// script it with the draw; once there is crew to score, choosing to
// expand is a lesson of its own.
// The numbers quoted come from the tile table, so that the words follow
// the rules as played.
func (g threeIO) Tutorial() game.Tutorial {
	r, err := newRules(game.Config{Players: 2})
	if err != nil {
		panic(fmt.Sprintf("3io: the tutorial's rules: %v", err))
	}
	tb := r.tiles
	dark, light := tb.Points[Dust][0], tb.Points[Dust][1]
	mult := tb.Multiplier[Station]
	return game.Tutorial{
		Players: 2,
		Seed:    tutorialSeed,
		Intro:   "Fuse space dust into bigger tiles, send your crew onto the best of them, and score them beside a civilization that multiplies the points.",
		Lessons: []game.Lesson{
			{
				Before: []string{"expand", "Dust"},
				Say:    "You expanded: you drew a Dust and now hold two. Play one, dark side up, on any empty sector: put it on b3.",
				Move:   "play Dust b3",
				Marks:  []string{"b3"},
				Wrong:  "Play your Dust on b3, without crew for now.",
				Done:   "Your Dust lies on b3, and you keep the other one for your next turn.",
			},
			{
				Before: []string{"expand", "Probe", "play Probe f6", "expand", "Dust"},
				Say:    "Points are scored by crew meeples. Play a Dust on c3, beside b3, and put a crew meeple on it: it will ride along when the Dust fuse.",
				Move:   "play Dust c3 crew",
				Marks:  []string{"b3", "c3"},
				Wrong:  "Play on c3 and add crew: \"play Dust c3 crew\".",
				Done:   "Your crew meeple is on c3. b3 and c3 are a group of two Dust: not enough to fuse yet.",
			},
			{
				Before: []string{"expand", "Dust", "play Dust a6"},
				Say:    fmt.Sprintf("Your crew on c3 could score now, but a dark Dust is worth just %d point. Expand instead: draw a tile and keep building.", dark),
				Move:   "expand",
				Wrong:  "Not yet: expand, and score once the tile is worth more.",
				Done:   "You drew a Dust.",
			},
			{
				Before: []string{"Dust"},
				Say:    fmt.Sprintf("%d Dust touching along edges fuse, and a fusion of %d or more earns a bonus token. Do not fuse yet: play this Dust on e3, one sector apart.", tb.Fusion, tb.OneBonusAt),
				Move:   "play Dust e3",
				Marks:  []string{"e3", "d3"},
				Wrong:  "Play on e3, leaving d3 open for a bigger fusion next turn.",
				Done:   "d3 now touches c3 and e3: a Dust there would join all four.",
			},
			{
				Before: []string{"expand", "Rock", "play Rock f1"},
				Say:    "Expand again: one more Dust on d3 would make a group of four.",
				Move:   "expand",
				Wrong:  "Expand: you need one more Dust for the fusion.",
				Done:   "You drew a Dust.",
			},
			{
				Before: []string{"Dust"},
				Say:    fmt.Sprintf("Play a Dust on d3 to join b3, c3 and e3: the four fuse into your tile, which flips to its light side and takes a bonus token for a group of %d.", tb.OneBonusAt),
				Move:   "play Dust d3",
				Marks:  []string{"b3", "c3", "d3", "e3"},
				Wrong:  "Play on d3, without crew: it joins the four Dust and fuses them.",
				Done:   fmt.Sprintf("Four Dust fused into a light Dust on d3 (%d points, not %d) with one bonus token. The others went back to the box, and your crew meeple moved from c3 onto d3.", light, dark),
			},
			{
				Before: []string{"expand", "Dust", "play Dust a5"},
				Say:    fmt.Sprintf("Your crew's tile is now worth %d + 1 bonus. Expand once more before scoring: a civilization tile beside it would multiply that.", light),
				Move:   "expand",
				Wrong:  "Expand first: a civilization tile beside d3 will make the score bigger.",
				Done:   "You drew a Station.",
			},
			{
				Before: []string{"Station"},
				Say:    fmt.Sprintf("You drew a Station, a civilization tile with a multiplier of ×%d. A score is multiplied by the best civilization tile beside it: play the Station on e3, next to d3.", mult),
				Move:   "play Station e3",
				Marks:  []string{"e3", "d3"},
				Wrong:  "Play the Station on e3, right beside your crew's tile on d3.",
				Done:   fmt.Sprintf("The Station on e3 touches d3: a score there is now multiplied by %d.", mult),
			},
			{
				Before: []string{"expand", "Probe", "play Probe f5"},
				Say:    fmt.Sprintf("Instead of expanding, you may score: take a crew meeple back and score its tile. Score d3: (%d + 1 bonus) × %d.", light, mult),
				Move:   "score d3",
				Marks:  []string{"d3", "e3"},
				Wrong:  "Score d3 now: your crew meeple is on a light Dust with a bonus token, beside the Station.",
				Done:   fmt.Sprintf("You scored (%d + 1) × %d = %d points. Your meeple is back in your hand and the bonus token is spent.", light, mult, (light+1)*mult),
			},
		},
		Learned: []string{
			"On your turn, expand (draw, play a tile dark side up, maybe with crew) or score.",
			fmt.Sprintf("%d or more tiles of one type and side, touching along edges, fuse into the tile you played: dark flips to light, light climbs to the next type.", tb.Fusion),
			fmt.Sprintf("A fusion of %d or more earns a bonus token; of %d or more, two.", tb.OneBonusAt, tb.TwoBonusAt),
			"Crew meeples ride along with fusions; scoring takes one back and counts its tile's points and bonus tokens.",
			"The best civilization tile beside it multiplies the score. The game ends when the board is full: the most points wins.",
		},
	}
}
