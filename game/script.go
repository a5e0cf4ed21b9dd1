package game

import "math/rand/v2"

// ScriptInfo names one of a game's scripted strategies: a fixed, simple
// way of playing that a beginner might use ("grow chains only", "capture
// first"). Bots are measured against them, and people can play them.
type ScriptInfo struct {
	// Name is how a bot spec names it (script:NAME): lower case, words
	// joined by hyphens.
	Name string `json:"name"`
	// Doc says in a line how it plays.
	Doc string `json:"doc"`
}

// Scripter is implemented by states of games that offer scripted
// strategies (listed in Info.Scripts).
//
// A script plays only on what the seat to move may see: in a game with
// hidden information the script bot calls Script on a state drawn from
// the Sampler for that seat, never on the real state.
type Scripter interface {
	// Script returns the action the named script plays for the player to
	// move, using r for its random choices (ties between equally good
	// moves), or an error for a name the game does not know. It must not
	// modify the state.
	Script(name string, r *rand.Rand) (Action, error)
}
