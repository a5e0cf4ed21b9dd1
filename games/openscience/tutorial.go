package openscience

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

var _ game.Tutor = openScience{}

// tutorialSeed decides the draws, the Events and the bot's choices once
// the lessons are over; the lessons script theirs.
const tutorialSeed = 5

// Tutorial is Open Science Alliance's guided first game (game.Tutor), at
// a table of two under the Funding Call: the learner picks a Code
// Conjurer, upskills it by 2 and collaborates with it and a level-0
// Transparency Champion, hires a Public Engagement Guru and invites it at
// level 0 for its bonus, then raises the Discovery Driver. The bot's
// scripted turns upskill its Knowledge Liberator and Data Wizard and send
// them alone. Collection steps with a single choice (the purple the
// Conjurer must take, a blue of 0, the credit no Social Glue shares) are
// forced moves, scripted in the next lesson's Before.
// The levels quoted come from the cards file, so that the words follow
// the rules as played.
func (g openScience) Tutorial() game.Tutorial {
	r, err := newRules(game.Config{Players: 2})
	if err != nil {
		panic(fmt.Sprintf("open-science-alliance: the tutorial's rules: %v", err))
	}
	dd := r.cards.DriverStart
	return game.Tutorial{
		Players: 2,
		Seed:    tutorialSeed,
		Intro:   "Grow a research team and send it to collect the shared resources: each resource you collect is one research credit, and the most credits after the last round wins.",
		Lessons: []game.Lesson{
			{
				Say:   fmt.Sprintf("Your team starts with a level-%d Discovery Driver. First pick a Specialist: a Code Conjurer collects purple. Pick CC.", dd),
				Move:  "pick CC",
				Marks: []string{fmt.Sprintf("DD%d", dd)},
				Wrong: "Pick the Code Conjurer for this game: pick CC.",
				Done:  "Your Code Conjurer joins your team at level 0.",
			},
			{
				Before: []string{"pick KL", "draw TC", "draw DW", "event funding-call"},
				Say:    "You drew a Transparency Champion, and the Funding Call set each colour to 6. Each turn you must first upskill or hire: choose to raise one role by 2.",
				Move:   "upskill +2",
				Marks:  []string{"CC0", "TC0"},
				Wrong:  "Upskill one role by 2 this turn: upskill +2.",
				Done:   "Now choose the role to raise.",
			},
			{
				Say:   "Raise your Code Conjurer: at level 2 it can take 2 purple.",
				Move:  "raise CC0",
				Marks: []string{"CC0"},
				Wrong: "Raise the Code Conjurer: raise CC0.",
				Done:  "Your Code Conjurer is at level 2.",
			},
			{
				Say:   fmt.Sprintf("Now collect, one colour at a time. Your level-%d Discovery Driver can invite your level-2 Code Conjurer (2 is enough) and your Transparency Champion: each invited role also takes a bonus. Take 1 green, the Champion's bonus: g1.", dd),
				Move:  "g1",
				Marks: []string{"CC2", "TC0", "g"},
				Wrong: "Collaborate and let the Champion's bonus be green: g1.",
				Done:  fmt.Sprintf("The Conjurer takes its 2 purple and a bonus purple: %d resources, %d for the Discovery Driver's level and 1 per role invited, so %d credits.", dd+2, dd, dd+2),
			},
			{
				Before: []string{"p3", "y0", "b0", "credit none", "upskill +2", "raise KL0", "g0", "p0", "y0", "b2", "credit none"},
				Say:    "Seat 2 sent its Knowledge Liberator alone for 2 blue. This turn, hire instead of upskilling: draw a role from the deck, it joins your team at level 0.",
				Move:   "hire",
				Marks:  []string{"CC2", "TC0"},
				Wrong:  "Grow your team this turn: hire.",
				Done:   "You hired a role from the role deck.",
			},
			{
				Before: []string{"draw PEG"},
				Say:    "You hired a Public Engagement Guru, which collects yellow. Collaborate again: start with the Champion's green bonus, g1.",
				Move:   "g1",
				Marks:  []string{"PEG0", "g"},
				Wrong:  "Collaborate again, the Champion's bonus green: g1.",
				Done:   "The Conjurer takes its purple again: 3, the last purple.",
			},
			{
				Before: []string{"p3"},
				Say:    "A level-0 role adds nothing to the levels, but still takes its bonus. Invite your level-0 Guru too by taking 1 yellow: y1 earns you 1 more credit.",
				Move:   "y1",
				Marks:  []string{"PEG0", "y"},
				Wrong:  "Invite the level-0 Guru for its bonus yellow: y1.",
				Done:   fmt.Sprintf("Three roles invited: %d + 3 = %d credits this turn.", dd, dd+3),
			},
			{
				Before: []string{"b0", "credit none", "upskill +2", "raise DW0", "g2", "p0", "y0", "b0", "credit none"},
				Say:    fmt.Sprintf("Purple is gone, and a round ends once two colours are at 0. Raise your Discovery Driver to %d: it earns more in a collaboration, but needs more levels among the roles it invites.", dd+1),
				Move:   "upskill DD",
				Marks:  []string{fmt.Sprintf("DD%d", dd)},
				Wrong:  "Raise your Discovery Driver this turn: upskill DD.",
				Done:   fmt.Sprintf("Your Discovery Driver is at level %d. Play on: the bot plays seat 2 now.", dd+1),
			},
		},
		Learned: []string{
			"Each turn, upskill or hire first, then collect if you want to.",
			"Alone, a Specialist takes its level in its colour.",
			"In a collaboration the invited roles take your Discovery Driver's level, plus a bonus each: you earn the level plus one per role.",
			"A level-0 role still takes its bonus, so inviting it earns one more credit.",
			"Each resource is one credit; the most credits after the last round wins.",
		},
	}
}
