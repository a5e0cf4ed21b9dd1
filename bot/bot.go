// Package bot holds the players that need no person: random, greedy, MCTS,
// information-set MCTS and rollouts of greedy play. Every bot serves every game through the engine
// API alone and never looks at hidden state: for a game with hidden
// information it works on states drawn from the game's Sampler for its
// own seat.
//
// Bots are named by spec strings used everywhere (the command line, the
// server, the arena): "random", "greedy", "mcts:iterations=2000",
// "ismcts:time=500ms". See docs/bots.md.
package bot

import (
	"context"

	"github.com/commons-games/commons/game"
)

// Bot chooses moves for one seat of one game.
type Bot interface {
	// Act returns an action for the player to move at s, a player node.
	// It must not modify s. For games with hidden information it must use
	// only what that player may know (Observation, Sample), never the
	// rest of s. It returns early with ctx's error if ctx is done.
	Act(ctx context.Context, s game.State) (game.Action, error)
}

// Observer is implemented by bots that keep state between moves, such as
// a search tree to reuse. In games of perfect information the game loop
// calls Observe for every action applied in the game (every seat's, and
// chance outcomes), with the state before the action. In games with hidden
// information it never does, since an action (a card drawn by another
// seat) may be something the bot's seat must not learn.
type Observer interface {
	Observe(s game.State, a game.Action)
}
