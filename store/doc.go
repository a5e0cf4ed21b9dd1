// Package store keeps Commons matches durably, behind a small interface
// with two implementations: store/sqlite (an embedded file, the default)
// and store/postgres (a PostgreSQL server, for several nodes at once).
//
// A match is its game record: a header (game, player count, options,
// seed) and an append-only log of moves in the game's notation, chance
// outcomes included (see docs/records.md). Beside the record a match keeps
// what the server needs to run it: who sits in each seat (a person, whose
// secret seat token is kept only as a hash, or a bot spec), its status and
// a few settings.
//
// # Versions and compare-and-set
//
// A match's Version is the number of entries in its log. Append adds
// entries only if the log still has the version the caller saw, in one
// transaction that is committed (durable) before Append returns; two
// servers that try to append at the same version can never both succeed:
// one gets ErrConflict. The header's seats change the same way, guarded by
// its revision Rev. A server therefore never needs a lock across nodes: it
// reads, decides, and writes conditionally, and on ErrConflict reads again.
//
// Both implementations group commit appends: those of different matches
// that wait together share one transaction (one fsync), each checked
// against its own version inside it, a stale one refused alone; none
// returns before the transaction that holds it has committed.
//
// # Leases
//
// A store that several servers share also implements Leaser: a match's
// lease makes one server at a time the one that plays its bots, and dies
// with the server that holds it.
//
// # Changes
//
// A store that several servers share also implements Watcher: it tells
// every server "match X is at version N" after any change, so that each
// reloads what it lacks (PostgreSQL does it with LISTEN/NOTIFY).
//
// Package storetest holds the conformance tests every implementation runs.
package store
