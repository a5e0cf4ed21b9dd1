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
// # Undo
//
// A player may take back its own moves within its own turn, never past a
// chance outcome, a hidden card drawn or revealed, or another seat's move
// (the project's issue 38, after Board Game Arena's undo policy); the
// records keep only the moves that stand. The rule is the engine's
// (Undoable, and UndoTrail, which follows a match and takes moves back);
// each game tells it, as an Undoer, where its turns end (Turn) and which
// of its moves show something hidden (Reveals), and its rules document
// says where an undo point ends. A state that is no Undoer lets nothing
// be taken back, so the test games and wrappers elsewhere need nothing;
// every game under games/ asserts Undoer at compile time, and the
// conformance kit checks the rule in random games.
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
//
// # A game package's files
//
// The game packages under games/ share one layout: a concept lives in the
// file of the same name in each.
//
//   - game.go: the package comment; the Game value (var Game game.Game)
//     with Info, New, MaxLength and DataHash, the option names and the
//     rules a Config resolves to; init's registration; the compile-time
//     assertion of the interfaces the State implements
//     (var _ interface{ game.State; game.Scorer; ... } = (*State)(nil)).
//   - state.go: State and its parts, its set-up (newState), Config,
//     CurrentPlayer, Turn, Clone, CopyFrom, Equal, Returns and Scores.
//   - moves.go: the action numbering, LegalActions, ChanceOutcomes,
//     Reveals and Apply, with the checks and the rules of play they run.
//   - notation.go: ActionString, ParseAction, PublicActionString, and the
//     words for an illegal move where they are written apart from its
//     check (whyIllegal).
//   - view.go: Observation and its types, and Render.
//   - eval.go: the bots' heuristics: Evaluate, Standing, Prior,
//     SearchHints, LevelBudget.
//   - scripts.go: the scripted players (Script, Info.Scripts).
//   - sample.go: Sample and SampleFrom, in a game with hidden information
//     only.
//   - outcome.go: Outcome, how the game ended and its counts, for the lab.
//   - a data table's file, named for it (cards.go with cards.json, tiles.go
//     with tiles.json): its types, parsing and checks.
//
// A game's own concepts get files of their own, named for them: Source's
// bits.go (the bitboard) and score.go (the scoring, S17, and the winner,
// S18), Breaking Head's path.go (what fits where, and the paths, B7-B10),
// Open Science Alliance's collect.go, Open Source's features.go, place.go,
// dice.go and others.
//
// A file's tests are in its _test.go (state_test.go, view_test.go,
// eval_test.go...), and beside them:
//
//   - conformance_test.go: package gametest's kit run on the game;
//   - rulings_test.go: a test for each ruling, named after it
//     (TestS6_CapturedCorner); a ruling's test that belongs to another
//     file, or to machinery of its own (Breaking Head's leak_test.go for
//     B18), is there and still named after the ruling;
//   - notation_test.go: the notation, and the errors of illegal moves;
//   - records_test.go: the games of testdata/records replayed;
//   - independent_test.go: the rules read again, naively and apart from
//     the package's code, and checked against it in random games;
//   - bench_test.go: benchmarks, and checks that play allocates nothing;
//   - example_test.go: the examples;
//   - helpers_test.go: helpers that build positions and play moves.
package game
