package game

// Tutor is implemented by games that teach themselves in a guided first
// game (package tutorial plays it; the web app's /learn/GAME/first and
// `commons learn GAME` show it): a game against a gentle bot on a fixed
// table in which each of the learner's first moves is asked for, with
// what to do and why, and any other move is refused with the reason.
//
// The lessons are data, checked by each game's tests and by package
// tutorial's: every action they script is legal where it is played, and
// each lesson's position shows what its words say.
type Tutor interface {
	Tutorial() Tutorial
}

// Tutorial is a game's guided first game. The learner is seat 1.
type Tutorial struct {
	// Players and Options are the table the game is played at (Options
	// nil: the game's defaults).
	Players int
	Options Options
	// Seed decides the chance outcomes and the bot's choices once the
	// lessons are over; before that, the lessons script them.
	Seed uint64
	// Bot is the spec of the gentle bot that plays the other seats once
	// the lessons are over ("" is the easy level). The lessons' Before
	// are moves such a bot might make, written out so that the words of
	// the next lesson fit the position.
	Bot string
	// Intro says in a sentence or two what the first game teaches.
	Intro string
	// Lessons are the learner's first moves, in order.
	Lessons []Lesson
	// Learned sums up what the lessons taught, a line each, shown when
	// the last lesson is played.
	Learned []string
}

// Lesson is one move of the learner's in a guided first game.
type Lesson struct {
	// Before are the actions played before the learner is asked to
	// move, in notation: the other seats' moves and the chance outcomes,
	// in the order they are played, and any move of the learner's that
	// is the only legal one (a forced move, made for them as at a
	// table). The learner is to move after them.
	Before []string
	// Say points at what to do and why ("Your Dust must touch two more
	// Dust to fuse: play it at c3").
	Say string
	// Move is the action the learner is asked to play, in notation.
	Move string
	// Marks are what the board highlights (points, sectors, cards, in
	// the game's notation, as in Example.Marks): where the move is made.
	// The web boards also know "seat N" (a seat's row), "lab:SPACE" (a
	// space of the learner's Open Source Lab), "stack:SET" (an
	// Infrastructure stack) and "demand" (the Market Demand card).
	Marks []string
	// Wrong explains, when the learner plays another legal move, why it
	// is not the one to make now; an illegal move is refused with the
	// engine's own reason as well.
	Wrong string
	// Done says what the move did, shown once it is played ("Three Dust
	// fused into Rock: 3 points").
	Done string
}
