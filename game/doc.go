// Package game defines the interfaces every Commons game implements and the
// registry through which commands, the server, bots and the lab find them.
//
// The shape follows OpenSpiel's game API, which game-AI researchers already
// know:
//
//   - A Game describes itself (Info) and makes initial States for a Config:
//     a player count and named variant options.
//   - A State says who is to move (CurrentPlayer): a seat, Chance or
//     Terminal.
//   - Legal actions are small non-negative integers listed in ascending
//     order; each has a notation (ActionString, ParseAction) documented in
//     the game's rules document.
//   - Chance is explicit. At a chance node the state lists its outcomes with
//     their probabilities (ChanceOutcomes) and the caller picks one and
//     applies it like any other action. A shuffle is a sequence of draws.
//     No game ever calls a random number generator itself, so a game record
//     that lists every chance outcome replays to the same state anywhere.
//   - Apply returns an error saying why an action is illegal and leaves the
//     state unchanged.
//   - Clone makes a cheap, independent copy; Returns gives each seat's result
//     at the end (win 1, loss 0, shared results as the game's rules say).
//   - Observation gives everything one seat may see, or what a spectator may
//     see, as a JSON-serialisable value. Games with hidden information also
//     implement Sampler: a full state drawn at random among those consistent
//     with what one seat knows, so that bots search over such samples and
//     never over the real hidden state. A Resampler draws such a sample
//     into a state that already exists, without allocating.
//
// # Seats
//
// In the Go API players are numbered from 0 (Player 0 moves first in most
// games). Everywhere a person reads or writes a seat — notation, game
// records, observations, the command line — seats are numbered from 1:
// seat = int(player) + 1. Seat and PlayerOfSeat convert.
//
// # Performance
//
// LegalActions and ChanceOutcomes append into a caller's buffer, and Apply
// must not allocate, so that random playouts and tree search run without
// garbage. Observation, Render and notation are for people and the network
// and may allocate.
package game
