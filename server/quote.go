package server

import (
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/commons-games/commons/game"
)

// maxQuoted is how much of a client's text an error quotes: an error
// answer says what was wrong in a line, not the client's input back to
// it (a 60,000-byte bot spec would come back as 120 KB of escapes).
const maxQuoted = 100

// Bounds on what a client may send, each far over anything the API reads
// (docs/api.md, Errors). Text over a bound is refused before it reaches
// a lower layer (the game's ParseAction, bot.ParseSpec, game.Resolve,
// game.Find), whose errors quote their input whole; so those quote at
// most the bound.
const (
	// maxMoveBytes bounds a move's notation. The longest legal move of
	// any game, over many random games of every game at every player
	// count and option, is 54 bytes (Breaking Head's "unblock seat 10
	// head with unblocked-vitamins-fixedhead"; TestMoveBoundHasRoom
	// checks that every game stays under two thirds of the bound).
	maxMoveBytes = 100
	// maxBotSpecBytes bounds a bot spec: the longest in the repository's
	// documents and tests is 82 bytes (a lab's, run from the command
	// line); a server's are levels and short specs, whose budgets it
	// bounds anyway (a search bot with every parameter set takes some
	// 150 bytes, which no server needs).
	maxBotSpecBytes = 100
	// maxOptionBytes bounds an option's name and its value: the longest
	// of any game are 23 bytes ("capture-needs-adjacency") and 11
	// ("Singularity").
	maxOptionBytes = 64
	// maxGameNameBytes bounds a game's name or title as a client writes
	// it: the longest is 27 bytes ("Open Source, the Board Game").
	maxGameNameBytes = 64
	// maxQueryBytes bounds each query parameter's value: the longest the
	// API reads is a list of statuses, "open,running,over" (17 bytes).
	maxQueryBytes = maxQuoted
	// maxClientIDBytes bounds the id of a WebSocket message, which every
	// answer echoes.
	maxClientIDBytes = maxQuoted
)

// clip quotes s, text a client sent, for an error message: whole when it
// is at most maxQuoted bytes, else its first maxQuoted bytes (cut at a
// character's boundary) and "…", with its length: "mcts:aaaa…" (60000
// bytes). Every error that quotes a client's text quotes it with clip,
// or quotes text bounded before it (a move, by checkMove, which the
// match's own errors quote with %q).
func clip(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(s[:cut]+"…"), len(s))
}

// tooLong is the error for text over a bound: what it is (field), the text
// clipped, and the bound.
func tooLong(status int, field, s string, bound int) *apiError {
	return errorf(status, "%s %s: at most %d bytes", field, clip(s), bound)
}

// findGame is game.Find for a game a client names ("game", "?game=",
// the path's {name}), its error answered with status: a name over
// maxGameNameBytes is refused here, since Find's error quotes the name
// whole.
func findGame(status int, name string) (game.Game, error) {
	if len(name) > maxGameNameBytes {
		return nil, errorf(status, "unknown game %s: a game's name or title is at most %d bytes (see GET /api/games)", clip(name), maxGameNameBytes)
	}
	g, err := game.Find(name)
	if err != nil {
		return nil, errorf(status, "%v", err)
	}
	return g, nil
}

// checkOptions refuses option names and values over maxOptionBytes
// before game.Resolve, whose errors quote them whole.
func checkOptions(opts game.Options) error {
	for k, v := range opts {
		if len(k) > maxOptionBytes {
			return tooLong(http.StatusBadRequest, "option", k, maxOptionBytes)
		}
		if len(v) > maxOptionBytes {
			return errorf(http.StatusBadRequest, "option %s=%s: a value is at most %d bytes", clip(k), clip(v), maxOptionBytes)
		}
	}
	return nil
}

// checkMove refuses a move's notation over maxMoveBytes before the
// game's ParseAction, whose error often quotes the whole text. 422, as
// for any text that is not a move of the game.
func checkMove(text string) error {
	if len(text) > maxMoveBytes {
		return errorf(http.StatusUnprocessableEntity, "move %s is no move of any game here: a move's notation is at most %d bytes", clip(text), maxMoveBytes)
	}
	return nil
}
