// Package engine serves the Commons games to programs in any language
// over a JSON-lines protocol (commons engine; docs/engine.md has every
// request, every answer and a transcript per game).
//
// Each line of input is one JSON object, a request; each gets one line
// of output, its answer, in order, carrying the request's "id" (a number
// or a string, echoed verbatim; null when absent):
//
//	{"id":1,"op":"new","game":"source","seed":7}
//	{"id":1,"state":1,"game":"source","players":2,"player":1}
//	{"id":2,"op":"legal","state":1}
//	{"id":2,"actions":[0,1,...],"moves":["a1","b1",...]}
//	{"id":3,"op":"apply","state":1,"move":"zz9"}
//	{"id":3,"error":"apply: move \"zz9\": ..."}
//
// Requests work on state handles, small integers that new, clone and
// resample return and free releases, so that a client holds and branches
// as many states as it likes. The ops: games, new, clone, free, legal,
// apply (by "action" id or "move" notation; an illegal move is refused
// with the game's reason and the state is unchanged), chance (outcomes
// and their probabilities), sample (a chance outcome drawn from a seed,
// optionally applied), player, terminal, returns, status, observation
// (form text, json or tensor, for a "seat" from 1 or "spectator"),
// information_state, resample (hidden-information games: a state drawn
// for a seat by the game's Sampler), undo (by the engine's undo rule,
// game.Undoable), record (the game's record, every chance outcome
// written out, as commons replay reads it), bot (any bot spec's move)
// and shape (the observation tensor's shape).
//
// Seats are numbered from 1, as everywhere people or records read them;
// "player" is a seat, "chance" or "terminal". An answer carries either
// its fields or "error", a message naming what was wrong. Bad input
// (malformed JSON, unknown fields or ops, wrong types, unknown handles,
// a line over Options.MaxLine) is answered with an error line and Serve
// goes on: no input stops it.
//
// Serve is built for throughput: requests are parsed by hand, answers
// are appended to one reused buffer, and output is flushed only when no
// more input is waiting, so that a client that writes many requests
// before reading (pipelining) gets them answered in batches.
// BenchmarkPipe measures it.
package engine
