package gametest

import (
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// ReplayRecord reads the game record in file, replays it, checks that it
// reaches the end of the game and is written in canonical notation (the
// notation ActionString gives), and returns the final state, for a game's
// tests of its frozen records. A relative path in the record's options
// (a tile or card table) is read from the record's folder.
func ReplayRecord(t testing.TB, file string) game.State {
	t.Helper()
	rec, err := record.ReadFile(file)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	rep, err := record.Play(rec, record.Options{})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if !game.IsTerminal(rep.State) {
		t.Fatalf("%s: the record ends before the game:\n%s", file, rep.State.Render(game.Spectator))
	}
	if !slices.Equal(rep.Complete.Moves, rec.Moves) {
		t.Errorf("%s: the record is not in canonical notation", file)
	}
	return rep.State
}
