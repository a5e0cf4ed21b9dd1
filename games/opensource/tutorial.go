package opensource

import "github.com/commons-games/commons/game"

var _ game.Tutor = openSource{}

// tutorialSeed decides the chance outcomes and the bot's choices once the
// lessons are over; the lessons script theirs.
const tutorialSeed = 7

// Tutorial is Open Source's guided first game (game.Tutor), at a table of
// two: the start tile is a BBY and the first Market Demand card is Web
// App. The learner takes the BBY the dice name, finishes an Application
// with it in the Commons and takes a File Browser card for it, starts a
// Lab, uses the card's Productivity to lay a second tile, builds Web App
// (turned) in the Lab and takes the card with its extra Lab space, and
// lays a tile on one of its Lab tiles to give a tile back to the supply.
// The bot's scripted turns lay a YYY in its own Lab and pass.
func (g openSource) Tutorial() game.Tutorial {
	return game.Tutorial{
		Players: 2,
		Seed:    tutorialSeed,
		Intro:   "Lay triangular code tiles to build software. Take every Infrastructure card before the supply of tiles runs out and everybody wins; or hold the most Market Demand cards when that deck runs out.",
		Lessons: []game.Lesson{
			{
				Before: []string{"start BBY", "demand web-app", "dice YBB"},
				Say:    "Each turn you roll the three colour dice: their colours name a tile. You rolled yellow, blue, blue: take a BBY from the supply.",
				Move:   "take BBY",
				Wrong:  "The dice show one yellow and two blue: the tile they name is BBY. Take it: take BBY.",
				Done:   "You hold a BBY: two blue edges and one yellow.",
			},
			{
				Say:   "Lay it in the Commons, the shared board, next to the start tile. Touching edges must match: at 1,-1, unturned, its yellow edge meets the start tile's yellow edge and closes the Application.",
				Move:  "place 1,-1 t0",
				Marks: []string{"1,-1", "1,0"},
				Wrong: "Lay the BBY at 1,-1, unturned (place 1,-1 t0): there its yellow edge meets the start tile's and no yellow edge is left facing an empty space.",
				Done:  "The yellow parts joined into one Application of 2 tiles, and none of its edges faces an empty space: it is finished.",
			},
			{
				Say:   "Now take a reward: one card whose condition is met. File Browser (stack B) needs 1 finished Application, and you just made one. Take it.",
				Move:  "reward B",
				Marks: []string{"stack:B"},
				Wrong: "Take the File Browser card (reward B): it is an Infrastructure card, and taking every Infrastructure card is how everybody wins.",
				Done:  "You hold a File Browser card. Its power, Productivity, lets you roll and place a second tile from your next turn on. The next File Browser card needs 2 finished Applications.",
			},
			{
				Before: []string{"dice YYY", "take YYY", "lab 1,1 t0", "pass", "dice YYB", "take YYB"},
				Say:    "Your opponent started its Lab. You rolled YYB. This time lay it in your own Lab, your private board: only you build there. While your Lab is empty, any space will do: lay it at 0,1.",
				Move:   "lab 0,1 t0",
				Marks:  []string{"lab:0,1"},
				Wrong:  "Lay the YYB in your Lab at 0,1, unturned (lab 0,1 t0): the Market Demand card on top, Web App, wants a YYB and a BBY side by side, and your Lab is where nobody can spoil it.",
				Done:   "Your Lab holds its first tile. The Commons is for everybody; your Lab is yours alone.",
			},
			{
				Say:   "Your File Browser's Productivity works now: after placing, you may roll and place another tile. Use it: again.",
				Move:  "again",
				Wrong: "Use your Productivity power (again): a second tile this turn brings Web App within reach.",
				Done:  "You roll the dice a second time this turn.",
			},
			{
				Before: []string{"dice YBB", "take BBY"},
				Say:    "The top Market Demand card, Web App, shows a YYB and a BBY in set places and turns. You may build it turned any way: lay your BBY at 0,0, turned once (t1), and your two tiles match the card turned a third of a full turn.",
				Move:   "lab 0,0 t1",
				Marks:  []string{"lab:0,0", "lab:0,1"},
				Wrong:  "Lay the BBY in your Lab at 0,0, turned once (lab 0,0 t1): that completes Web App's formation, turned, beside your YYB.",
				Done:   "Your Lab now holds the Web App formation, turned a third of a full turn.",
			},
			{
				Say:   "The formation is built, so you may take the top Market Demand card as your reward.",
				Move:  "reward demand",
				Marks: []string{"demand"},
				Wrong: "Take the Web App card (reward demand): you built its formation, and Market Demand cards win the game if their deck runs out.",
				Done:  "You hold 1 Market Demand card. Web App also gives you 1 extra Lab space.",
			},
			{
				Say:   "Add your extra Lab space next to your Lab: put it at 0,2, beside your YYB.",
				Move:  "extend 0,2",
				Marks: []string{"lab:0,2"},
				Wrong: "Put the extra Lab space at 0,2 (extend 0,2), next to your YYB.",
				Done:  "Your Lab has grown by one space, and a new Market Demand card will be turned up on top of the deck.",
			},
			{
				Before: []string{"demand plugin", "dice YYY", "take YYY", "lab 1,0 t0", "pass", "dice YYB", "take YYB"},
				Say:    "The supply is the game's clock: if it runs out, everybody loses. A tile laid on one of your Lab tiles sends that tile back. Lay your YYB on your YYB at 0,1, turned the same way.",
				Move:   "lab 0,1 t0",
				Marks:  []string{"lab:0,1"},
				Wrong:  "Lay the YYB on your own YYB at 0,1 (lab 0,1 t0): it keeps Web App's tiles as they are and gives a tile back to the supply.",
				Done:   "The old YYB went back to the supply: the board is the same, and the table has one more tile of time.",
			},
		},
		Learned: []string{
			"The dice name the tile you take; you lay it in the Commons or in your Lab, every touching edge matching.",
			"A feature is finished when none of its edges faces an empty space; Infrastructure conditions count finished features.",
			"Infrastructure cards give powers, like Productivity's second tile; when none is left, everybody wins.",
			"A Market Demand card asks for its formation, turned any way, in the Commons or your Lab; it gives extra Lab spaces, and the most such cards win when the deck runs out.",
			"The supply is the clock: if it runs out, everybody loses. Laying on your own Lab tiles gives tiles back.",
		},
	}
}
