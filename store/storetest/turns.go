package storetest

import (
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commons-games/commons/store"
)

// testMarks: an append's mark stays with its first entry, and Marks
// reads the marked entries from an index on.
func testMarks(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m, "*5")
	appends := []store.Append{
		{ID: m.ID, Version: 1, Moves: []string{"take2", "*heads"}, Mark: store.MarkTimeout},
		{ID: m.ID, Version: 3, Moves: []string{"take1"}},
		{ID: m.ID, Version: 4, Moves: []string{"take1"}, Mark: store.MarkForced},
	}
	for _, a := range appends {
		if err := s.Append(c, a); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		from int
		want map[int]string
	}{
		{0, map[int]string{1: store.MarkTimeout, 4: store.MarkForced}},
		{2, map[int]string{4: store.MarkForced}},
		{5, map[int]string{}},
	} {
		got, err := s.Marks(c, m.ID, tc.from)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Marks from %d = %v, %v; want %v", tc.from, got, err, tc.want)
		}
	}
}

// testUndo: Undo takes the log's end back only at the version the caller
// saw, never in a match that is over, and the entries taken back (and
// their marks) are gone; the log grows again from there.
func testUndo(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m, "*5")
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1", "take1"}, Mark: store.MarkForced}); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(c, store.Undo{ID: m.ID, Version: 2, To: 1}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Undo at stale version 2: %v, want ErrConflict", err)
	}
	if err := s.Undo(c, store.Undo{ID: "nope", Version: 3, To: 1}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Undo of an unknown match: %v, want ErrNotFound", err)
	}
	at := time.Now().Add(time.Hour).Truncate(time.Millisecond)
	if err := s.Undo(c, store.Undo{ID: m.ID, Version: 3, To: 1, At: at}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(c, m.ID)
	if err != nil || got.Version != 1 || !got.TurnStart.Equal(at) {
		t.Fatalf("after Undo: %+v, %v; want version 1, turn start %v", got, err, at)
	}
	if moves, err := s.Moves(c, m.ID, 0); err != nil || !reflect.DeepEqual(moves, []string{"*5"}) {
		t.Errorf("Moves after Undo = %q, %v", moves, err)
	}
	if marks, err := s.Marks(c, m.ID, 0); err != nil || len(marks) != 0 {
		t.Errorf("Marks after Undo = %v, %v; want none", marks, err)
	}
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take2"}, Result: []float64{1, 0}}); err != nil {
		t.Fatalf("Append after Undo: %v", err)
	}
	if err := s.Undo(c, store.Undo{ID: m.ID, Version: 2, To: 1}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Undo in a match that is over: %v, want ErrConflict", err)
	}
	if moves, err := s.Moves(c, m.ID, 0); err != nil || !reflect.DeepEqual(moves, []string{"*5", "take2"}) {
		t.Errorf("Moves of the match over = %q, %v", moves, err)
	}
}

// testWatchUndo: watchers hear an undo as a change to a lower version.
func testWatchUndo(t *testing.T, s store.Store) {
	if _, ok := s.(store.Watcher); !ok {
		t.Skip("not a Watcher")
	}
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m, "*5")
	changes := watch(t, s, func(ch store.Change) bool { return ch.ID == m.ID && !ch.Chat })
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(c, store.Undo{ID: m.ID, Version: 2, To: 1}); err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{2, 1} {
		select {
		case ch := <-changes:
			if ch.Version != v {
				t.Fatalf("change %+v, want version %d", ch, v)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("change to version %d not heard", v)
		}
	}
}

// testPrefs: preferences default to forced moves on and no notices, with
// a secret that stays; Unsubscribe by the secret turns notices off.
func testPrefs(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a := mustAccount(t, p, "pr")
	got, err := p.Prefs(c, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.ForcedMoves || got.NotifyTurns || got.Email != "" || len(got.Unsubscribe) < 16 {
		t.Errorf("default prefs %+v", got)
	}
	secret := got.Unsubscribe
	put := &store.Prefs{Email: "ada@example.org", EmailConfirmed: true, NotifyTurns: true, ForcedMoves: false, Unsubscribe: "ignored"}
	if err := p.PutPrefs(c, a.ID, put); err != nil {
		t.Fatal(err)
	}
	got, err = p.Prefs(c, a.ID)
	want := store.Prefs{Email: "ada@example.org", EmailConfirmed: true, NotifyTurns: true, Unsubscribe: secret}
	if err != nil || *got != want {
		t.Errorf("prefs after PutPrefs = %+v, %v; want %+v", got, err, want)
	}
	if _, err := p.Unsubscribe(c, "not-a-secret"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Unsubscribe with a wrong secret: %v, want ErrNotFound", err)
	}
	if id, err := p.Unsubscribe(c, secret); err != nil || id != a.ID {
		t.Fatalf("Unsubscribe = %q, %v; want %q", id, err, a.ID)
	}
	if got, err = p.Prefs(c, a.ID); err != nil || got.NotifyTurns || !got.EmailConfirmed {
		t.Errorf("prefs after Unsubscribe = %+v, %v", got, err)
	}
	b := mustAccount(t, p, "pr")
	if other, err := p.Prefs(c, b.ID); err != nil || other.Unsubscribe == secret {
		t.Errorf("another account's secret %+v, %v: want a different one", other, err)
	}
}

// testClaimNotice: of many claims of one turn's notice, from racing
// writers, exactly one wins; another turn's is claimed apart.
func testClaimNotice(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m)
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			ok, err := p.ClaimNotice(c, m.ID, "acct", 7, time.Now())
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Errorf("%d of 8 claims won, want 1", won.Load())
	}
	if ok, err := p.ClaimNotice(c, m.ID, "acct", 9, time.Now()); !ok || err != nil {
		t.Errorf("claim of another turn = %v, %v", ok, err)
	}
}
