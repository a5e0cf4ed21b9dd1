// Package testgames holds small games for testing bots and the arena: a
// Nim for 2 to 4 players, tic-tac-toe, Pig (a dice race: chance), Kuhn
// poker and a guessing game (hidden information, with game.Sampler), and a
// team game for 4 players.
//
// The games are not registered when the package is imported. Tests call
// Register, which adds them under names starting with "test-", so that no
// command ever lists them.
package testgames

import (
	"sync"

	"github.com/commons-games/commons/game"
)

// The games, usable without the registry.
var (
	Nim       game.Game = nimGame{}
	TicTacToe game.Game = tttGame{}
	Pig       game.Game = pigGame{}
	Kuhn      game.Game = kuhnGame{}
	Guess     game.Game = guessGame{}
	Relay     game.Game = relayGame{}
)

// All lists every test game.
func All() []game.Game { return []game.Game{Nim, TicTacToe, Pig, Kuhn, Guess, Relay} }

var once sync.Once

// Register adds every test game to the game registry. It is safe to call
// more than once; call it from tests only.
func Register() {
	once.Do(func() {
		for _, g := range All() {
			game.Register(g)
		}
	})
}
