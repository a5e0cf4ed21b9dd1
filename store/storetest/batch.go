package storetest

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/internal/sqlstore"
)

// Batcher is a store that commits appends together (group commit) and
// says what it did.
type Batcher interface {
	store.Store
	GroupCommitStats() sqlstore.GroupCommitStats
}

// RunBatch makes a batch for certain: hold stops the store's first
// transaction of appends short (a second connection holds the write
// lock, or the row of the first match, ids[0]) while appends queue
// behind the one the committer has taken, until the function it returns
// lets go. The queued appends then commit in one transaction, in the
// order they came: two of one match (the second at the version the first
// makes), a stale one (refused alone, with ErrConflict), one to an
// unknown match (ErrNotFound), and one that depends on the first batch.
// An append whose context ends while it waits is withdrawn and writes
// nothing. A store opened again reads the moves back, and a Watcher
// tells each change made, once. open must open a
// Batcher with one committer on the same database each time.
func RunBatch(t *testing.T, open func(t *testing.T) store.Store, hold func(t *testing.T, ids []string) (release func())) {
	ctx := context.Background()
	s := open(t).(Batcher)
	defer s.Close()
	var ids []string
	for range 4 {
		m := NewMatch(2)
		m.Status = store.Running
		if err := s.Create(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	a, b, c, d := ids[0], ids[1], ids[2], ids[3]
	// A Watcher tells every change the batches made, and no other.
	var heard chan store.Change
	if w, ok := s.(store.Watcher); ok {
		heard = make(chan store.Change, 100)
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		listening := make(chan struct{})
		go w.Watch(wctx, func(ch store.Change) {
			if ch.Resync {
				select {
				case <-listening:
				default:
					close(listening)
				}
				return
			}
			heard <- ch
		})
		select {
		case <-listening:
		case <-time.After(10 * time.Second):
			t.Fatal("Watch did not begin")
		}
	}
	release := hold(t, ids)
	before := s.GroupCommitStats()
	waitFor := func(what string, ok func(sqlstore.GroupCommitStats) bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !ok(s.GroupCommitStats()) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: stats %+v", what, s.GroupCommitStats())
			}
			time.Sleep(time.Millisecond)
		}
	}
	type call struct {
		a    store.Append
		want error
	}
	calls := []call{
		{store.Append{ID: a, Version: 0, Moves: []string{"a0"}}, nil}, // the first batch, held up
		{store.Append{ID: b, Version: 0, Moves: []string{"b0"}}, nil},
		{store.Append{ID: b, Version: 1, Moves: []string{"b1", "*b2"}}, nil},
		{store.Append{ID: c, Version: 3, Moves: []string{"stale"}}, store.ErrConflict},
		{store.Append{ID: "nope", Version: 0, Moves: []string{"x"}}, store.ErrNotFound},
		{store.Append{ID: a, Version: 1, Moves: []string{"a1"}, Result: []float64{1, 0}}, nil},
	}
	errs := make([]chan error, len(calls))
	for i, cl := range calls {
		errs[i] = make(chan error, 1)
		go func() { errs[i] <- s.Append(ctx, cl.a) }()
		if i == 0 {
			waitFor("the first append taken", func(st sqlstore.GroupCommitStats) bool { return st.Appends > before.Appends })
			// An append that gives up while it waits.
			wctx, cancel := context.WithCancel(ctx)
			gaveUp := make(chan error, 1)
			go func() { gaveUp <- s.Append(wctx, store.Append{ID: d, Version: 0, Moves: []string{"never"}}) }()
			waitFor("one queued", func(st sqlstore.GroupCommitStats) bool { return st.Queued == 1 })
			cancel()
			if err := <-gaveUp; !errors.Is(err, context.Canceled) {
				t.Fatalf("append withdrawn: %v, want context.Canceled", err)
			}
		} else {
			// The withdrawn one is still in the queue.
			waitFor("queued in turn", func(st sqlstore.GroupCommitStats) bool { return st.Queued == i+1 })
		}
	}
	release()
	for i, cl := range calls {
		if err := <-errs[i]; !errors.Is(err, cl.want) || (cl.want == nil) != (err == nil) {
			t.Errorf("append %d (%s at %d): %v, want %v", i, cl.a.ID, cl.a.Version, err, cl.want)
		}
	}
	if heard != nil {
		want := map[store.Change]bool{{ID: a, Version: 1}: true, {ID: b, Version: 1}: true, {ID: b, Version: 3}: true, {ID: a, Version: 2}: true}
		for len(want) > 0 {
			select {
			case ch := <-heard:
				if !want[ch] {
					t.Fatalf("heard %+v; still waiting for %v", ch, want)
				}
				delete(want, ch)
			case <-time.After(10 * time.Second):
				t.Fatalf("changes not heard: %v", want)
			}
		}
	}
	st := s.GroupCommitStats()
	if st.Batches-before.Batches != 2 || st.Appends-before.Appends != int64(len(calls)) || st.Largest != int64(len(calls)-1) {
		t.Errorf("group commit stats %+v (before %+v): want 2 batches more, the second of %d appends", st, before, len(calls)-1)
	}
	s.Close()
	s2 := open(t)
	defer s2.Close()
	for id, want := range map[string][]string{a: {"a0", "a1"}, b: {"b0", "b1", "*b2"}, c: {}, d: {}} {
		if got, err := s2.Moves(ctx, id, 0); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("match %s after reopening: %q, %v; want %q", id, got, err, want)
		}
	}
	if h, err := s2.Get(ctx, a); err != nil || h.Status != store.Over || h.Version != 2 {
		t.Errorf("match a: %+v, %v; want over at version 2", h, err)
	}
}
