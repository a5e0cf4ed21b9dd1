package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// storedGame is a finished match written into the server's store from a
// record of a game's testdata: no API chooses a match's seed or plays a
// bot to a given end, and the records end in the ways a test wants (a
// draw, the idle rule, a table that wins or loses together).
type storedGame struct {
	id     string
	result []float64
	// tokens are the seats' tokens, seat 1 first: a page that keeps
	// one in localStorage plays that seat.
	tokens []string
}

// storeRecord writes the record file (under games/GAME/testdata/records)
// into a's store as the finished match id, every seat a person's (named
// p1, p2...) held by a token of the test's.
func storeRecord(t *testing.T, a *app, id, file string) storedGame {
	t.Helper()
	rec, err := record.ReadFile(filepath.Join("..", "..", "games", file))
	if err != nil {
		t.Fatal(err)
	}
	rp, err := record.Play(rec, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !game.IsTerminal(rp.State) {
		t.Fatalf("%s does not end", file)
	}
	g, err := game.Lookup(rec.Game)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := game.Resolve(g, rec.Players, rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	sg := storedGame{id: id, result: rp.State.Returns(nil)}
	seats := make([]store.Seat, rec.Players)
	for i := range seats {
		tok := fmt.Sprintf("test-token-%s-%d-0123456789abcdef", id, i+1)
		sum := sha256.Sum256([]byte(tok))
		seats[i] = store.Seat{Name: fmt.Sprintf("p%d", i+1), TokenHash: hex.EncodeToString(sum[:])}
		sg.tokens = append(sg.tokens, tok)
	}
	var seed uint64 = 1
	if rec.Seed != nil {
		seed = *rec.Seed
	}
	// A match is created open or running, and ends as the server ends
	// one: its last move appended with the result.
	moves := rp.Complete.Moves
	ctx := context.Background()
	if err := a.store.Create(ctx, &store.Match{
		ID: id, Game: g.Info().Name, Players: rec.Players, Options: cfg.Options, Seed: seed,
		Seats: seats, Status: store.Running,
	}, moves[:len(moves)-1]); err != nil {
		t.Fatal(err)
	}
	if err := a.store.Append(ctx, store.Append{ID: id, Version: len(moves) - 1, Moves: moves[len(moves)-1:], Result: sg.result, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return sg
}

// holdSeat has s's browser keep the token of seat of match id, as it
// does for a seat it took, and returns nothing: the next page of the
// match plays that seat.
func holdSeat(s *session, id string, seat int, token string) {
	s.t.Helper()
	s.eval(fmt.Sprintf(`localStorage.setItem("commons.seat." + %s, JSON.stringify({seat: %d, token: %s})), true`, js(id), seat, js(token)), new(bool))
}
