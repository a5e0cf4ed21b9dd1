package source

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

var _ game.Tutor = sourceGame{}

// tutorialSeed fixes the bot's choices once the lessons are over (Source
// has no chance).
const tutorialSeed = 7

// Tutorial is Source's guided first game (game.Tutor): the learner plays
// red and yellow against blue and green, grows red's chain along the top
// edge, fortifies yellow's corner, cuts blue's chain apart with yellow
// and takes a cut-off token cheaply with red. The words quote the costs
// and points from Numbers, so that they follow the rules as played.
func (g sourceGame) Tutorial() game.Tutorial {
	cfg := game.Config{Players: 2}
	n, err := g.Numbers(cfg)
	if err != nil {
		panic(fmt.Sprintf("source: the tutorial's numbers: %v", err))
	}
	ap := func(k any) string {
		if fmt.Sprint(k) == "1" {
			return "1 action point"
		}
		return fmt.Sprintf("%v action points", k)
	}
	return game.Tutorial{
		Players: 2,
		Seed:    tutorialSeed,
		Intro:   "You play red and yellow against the bot's blue and green: grow chains out from your corners, cut the opponent's chains apart, and finish with the most points.",
		Lessons: []game.Lesson{
			{
				Say:   fmt.Sprintf("You play red, whose source is a9, top left, and yellow. Each colour turn has %s; a Place costs %s and must touch a connected token. Place red on b9, next to the source.", ap(n["ap"]), ap(n["place"])),
				Move:  "b9",
				Marks: []string{"a9", "b9"},
				Wrong: "Start from the source: place red on b9, right next to a9.",
				Done:  fmt.Sprintf("b9 is linked to red's source a9, so it is connected: it scores %v points.", n["connected"]),
			},
			{
				Say:   "Red has one action point left. A chain grows from any connected token: place on c9, next to b9.",
				Move:  "c9",
				Marks: []string{"b9", "c9"},
				Wrong: "Grow the chain along the top edge: place on c9, next to b9.",
				Done:  fmt.Sprintf("Red's chain a9, b9, c9 is all connected: %v points each. Red's points are spent, so blue plays.", n["connected"]),
			},
			{
				Before: []string{"h9", "g9"},
				Say:    "Blue grew from its source i9 to h9 and g9. Now it is yellow's turn, your second colour, whose source is i1: place on h1.",
				Move:   "h1",
				Marks:  []string{"i1", "h1"},
				Wrong:  "Start yellow's chain from its source: place on h1, next to i1.",
				Done:   "Yellow's chain has begun: h1 is connected to i1.",
			},
			{
				Say:   fmt.Sprintf("Fortify h1 (%s): stack a second token on it. While it stays connected, a fortified point cannot be captured.", ap(n["fortify"])),
				Move:  "+h1",
				Marks: []string{"h1"},
				Wrong: "Fortify h1 now: a second token on it protects it from capture.",
				Done:  "h1 is fortified. It still counts as one point for scoring, but it is safe while connected.",
			},
			{
				Before: []string{"a2", "a3"},
				Say:    "Green grew up the left edge from a1. Back to red: place on d9, next to c9.",
				Move:   "d9",
				Marks:  []string{"c9", "d9"},
				Wrong:  "Keep red growing along the top: place on d9.",
				Done:   "Red's chain reaches d9.",
			},
			{
				Say:   "Take e9 before blue does: it closes the top edge off to blue.",
				Move:  "e9",
				Marks: []string{"d9", "e9"},
				Wrong: "Place on e9, the last point between red and blue on the top edge.",
				Done:  fmt.Sprintf("Red holds a9 to e9, five connected points worth %v.", 5*n["connected"].(int)),
			},
			{
				Before: []string{"f9", "f8"},
				Say:    fmt.Sprintf("Blue's chain runs i9, h9, g9, f9, f8. Capturing a connected token costs %s, a whole turn: capture g9 with yellow to cut f9 and f8 off from blue's source.", ap(n["capture"])),
				Move:   "xg9",
				Marks:  []string{"g9", "f9", "f8"},
				Wrong:  "Capture g9: it is the link between blue's source and f9 and f8.",
				Done:   fmt.Sprintf("g9 left the game. Blue's f9 and f8 are cut off: they cannot grow and score only %v each.", n["loose"]),
			},
			{
				Before: []string{"b1", "c1"},
				Say:    fmt.Sprintf("A token that is not connected costs only %s to capture. Capture blue's cut-off f9 with red.", ap(n["capture_loose"])),
				Move:   "xf9",
				Marks:  []string{"f9", "f8"},
				Wrong:  "Capture f9: it is cut off from blue's source, so it is cheap to take.",
				Done:   fmt.Sprintf("f9 is gone for %s, and red still has one action point.", ap(n["capture_loose"])),
			},
			{
				Say:   "A point just emptied may be played on again at once: place red on f9, next to e9.",
				Move:  "f9",
				Marks: []string{"e9", "f9"},
				Wrong: "Place on f9: it is empty again and touches red's connected e9.",
				Done:  "Red holds f9 now, and blue's f8 is still cut off.",
			},
		},
		Learned: []string{
			fmt.Sprintf("Each colour turn has %s; a Place must touch one of the colour's connected tokens.", ap(n["ap"])),
			fmt.Sprintf("Connected tokens score %v, cut-off ones %v; the centre e5 held connected scores %v.", n["connected"], n["loose"], n["centre_points"]),
			"A fortified point cannot be captured while it stays connected.",
			fmt.Sprintf("Capturing a link in a chain (%s) cuts everything beyond it off; a cut-off token costs only %s.", ap(n["capture"]), ap(n["capture_loose"])),
			fmt.Sprintf("An empty point walled in by one of your colours scores %v, and the game ends at once when any supply runs out.", n["surrounded"]),
		},
	}
}
