// Package storetest is the conformance test every store.Store
// implementation runs: round trips, compare-and-set on versions and
// revisions under concurrency, Over being final, listing, and (for a
// store.Watcher) change notifications; and for store.People (people.go)
// accounts, sessions, passkeys, ratings rated once and never from a
// stale rating, histories, chat and mutes.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// Run runs the conformance tests. open returns an empty store; Run closes
// it. Several stores may be open at once (the concurrency tests open two
// on one database when open returns stores sharing it; otherwise they use
// one store from many goroutines).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store)
	}{
		{"CreateGet", testCreateGet},
		{"CreateDuplicate", testCreateDuplicate},
		{"NotFound", testNotFound},
		{"AppendCompareAndSet", testAppendCAS},
		{"AppendConcurrent", testAppendConcurrent},
		{"AppendManyMatches", testAppendManyMatches},
		{"AppendStaleAmongOthers", testAppendStaleAmongOthers},
		{"OverIsFinal", testOverIsFinal},
		{"UpdateEnds", testUpdateEnds},
		{"UpdateCompareAndSet", testUpdateCAS},
		{"UpdateConcurrent", testUpdateConcurrent},
		{"ListCount", testListCount},
		{"Watch", testWatch},
		{"Marks", testMarks},
		{"Undo", testUndo},
		{"WatchUndo", testWatchUndo},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			tc.fn(t, s)
		})
	}
	for _, tc := range peopleTests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			p, ok := s.(store.People)
			if !ok {
				t.Fatalf("%T does not keep people (store.People)", s)
			}
			tc.fn(t, s, p)
		})
	}
}

var seq atomic.Int64

// NewMatch returns a match header for tests with a unique ID.
func NewMatch(players int) *store.Match {
	seats := make([]store.Seat, players)
	seats[players-1] = store.Seat{Bot: "random", Name: "random"}
	return &store.Match{
		ID:       fmt.Sprintf("t%d-%d", time.Now().UnixNano()%1e9, seq.Add(1)),
		Game:     "countdown",
		Players:  players,
		Options:  game.Options{"start": "random"},
		Seed:     1<<63 + 12345, // above MaxInt64: must survive signed columns
		Settings: map[string]string{"turn_timer": "30s"},
		Seats:    seats,
		Status:   store.Open,
	}
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func mustCreate(t *testing.T, s store.Store, m *store.Match, moves ...string) {
	t.Helper()
	if err := s.Create(ctx(t), m, moves); err != nil {
		t.Fatalf("Create: %v", err)
	}
}

func testCreateGet(t *testing.T, s store.Store) {
	m := NewMatch(3)
	m.Seats[0] = store.Seat{Name: "ann", TokenHash: "abc123"}
	m.RematchOf = "previous"
	mustCreate(t, s, m, "*6")
	if m.Version != 1 || m.Rev != 0 {
		t.Fatalf("after Create: version %d rev %d, want 1 0", m.Version, m.Rev)
	}
	got, err := s.Get(ctx(t), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != m.ID || got.Game != m.Game || got.Players != 3 || got.Seed != m.Seed ||
		!reflect.DeepEqual(got.Options, m.Options) || !reflect.DeepEqual(got.Settings, m.Settings) ||
		!reflect.DeepEqual(got.Seats, m.Seats) || got.Status != store.Open || got.Version != 1 ||
		got.Rev != 0 || got.RematchOf != "previous" || got.Rematch != "" || got.Result != nil {
		t.Fatalf("Get returned\n%+v\nwant\n%+v", got, m)
	}
	if d := got.Created.Sub(m.Created); d > time.Millisecond || d < -time.Millisecond {
		t.Errorf("Created %v, want %v", got.Created, m.Created)
	}
	moves, err := s.Moves(ctx(t), m.ID, 0)
	if err != nil || !reflect.DeepEqual(moves, []string{"*6"}) {
		t.Fatalf("Moves = %q, %v; want [*6]", moves, err)
	}
	if moves, err := s.Moves(ctx(t), m.ID, 1); err != nil || len(moves) != 0 {
		t.Fatalf("Moves from 1 = %q, %v; want none", moves, err)
	}
}

func testCreateDuplicate(t *testing.T, s store.Store) {
	m := NewMatch(2)
	mustCreate(t, s, m)
	again := NewMatch(2)
	again.ID = m.ID
	if err := s.Create(ctx(t), again, []string{"*5"}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("second Create with the same ID: %v, want ErrExists", err)
	}
	if moves, _ := s.Moves(ctx(t), m.ID, 0); len(moves) != 0 {
		t.Fatalf("failed Create left moves %q", moves)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	c := ctx(t)
	if _, err := s.Get(c, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get: %v", err)
	}
	if _, err := s.Moves(c, "nope", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Moves: %v", err)
	}
	if err := s.Append(c, store.Append{ID: "nope", Moves: []string{"x"}}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append: %v", err)
	}
	m := NewMatch(2)
	m.ID = "nope"
	if err := s.Update(c, m); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Update: %v", err)
	}
}

func testAppendCAS(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m, "*5")
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take2", "*heads"}}); err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{0, 1, 2, 4} {
		err := s.Append(c, store.Append{ID: m.ID, Version: v, Moves: []string{"take1"}})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append at stale version %d: %v, want ErrConflict", v, err)
		}
	}
	at := time.Now().Add(time.Hour).Truncate(time.Millisecond)
	if err := s.Append(c, store.Append{ID: m.ID, Version: 3, Moves: []string{"take1"}, At: at}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 4 || got.Status != store.Open || !got.TurnStart.Equal(at) {
		t.Errorf("after appends: version %d status %s turn start %v; want 4 open %v", got.Version, got.Status, got.TurnStart, at)
	}
	moves, err := s.Moves(c, m.ID, 0)
	if want := []string{"*5", "take2", "*heads", "take1"}; err != nil || !reflect.DeepEqual(moves, want) {
		t.Fatalf("Moves = %q, %v; want %q", moves, err, want)
	}
	if moves, err := s.Moves(c, m.ID, 2); err != nil || !reflect.DeepEqual(moves, []string{"*heads", "take1"}) {
		t.Fatalf("Moves from 2 = %q, %v", moves, err)
	}
}

// testAppendConcurrent has many writers race to append at each version:
// exactly one wins each round, and the log has no gap and no duplicate.
func testAppendConcurrent(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m)
	const rounds, writers = 10, 6
	for v := 0; v < rounds; v++ {
		var wins atomic.Int32
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.Append(c, store.Append{ID: m.ID, Version: v, Moves: []string{fmt.Sprintf("w%d", w)}})
				switch {
				case err == nil:
					wins.Add(1)
				case !errors.Is(err, store.ErrConflict):
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("round %d: %v", v, err)
		}
		if n := wins.Load(); n != 1 {
			t.Fatalf("round %d: %d appends at one version succeeded, want 1", v, n)
		}
	}
	moves, err := s.Moves(c, m.ID, 0)
	if err != nil || len(moves) != rounds {
		t.Fatalf("Moves: %d entries, %v; want %d", len(moves), err, rounds)
	}
	if got, _ := s.Get(c, m.ID); got.Version != rounds {
		t.Fatalf("version %d, want %d", got.Version, rounds)
	}
}

// testAppendManyMatches has many matches move at once, each its moves in
// turn (as the server makes them), so that a store that commits appends
// together (group commit) gets batches of many matches: every move lands,
// in its place.
func testAppendManyMatches(t *testing.T, s store.Store) {
	ids := createMany(t, s, 200)
	appendMany(t, s, ids, 5)
	checkMany(t, s, ids, 5)
}

// createMany creates n running matches with one entry each.
func createMany(t *testing.T, s store.Store, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		m := NewMatch(2)
		m.Status = store.Running
		mustCreate(t, s, m, "*5")
		ids[i] = m.ID
	}
	return ids
}

// appendMany appends moves entries to each match of ids (created by
// createMany), the matches side by side, and fails the test unless every
// append succeeds.
func appendMany(t *testing.T, s store.Store, ids []string, moves int) {
	t.Helper()
	c := ctx(t)
	var wg sync.WaitGroup
	errs := make(chan error, len(ids))
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := 1; v <= moves; v++ {
				a := store.Append{ID: id, Version: v, Moves: []string{fmt.Sprintf("m%d.%d", i, v)}}
				if v == moves && i%2 == 0 {
					a.Result = []float64{1, 0}
				}
				if err := s.Append(c, a); err != nil {
					errs <- fmt.Errorf("match %d, version %d: %w", i, v, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// checkMany checks the logs and headers appendMany wrote.
func checkMany(t *testing.T, s store.Store, ids []string, moves int) {
	t.Helper()
	c := ctx(t)
	for i, id := range ids {
		want := []string{"*5"}
		for v := 1; v <= moves; v++ {
			want = append(want, fmt.Sprintf("m%d.%d", i, v))
		}
		got, err := s.Moves(c, id, 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("match %d: Moves = %q, %v; want %q", i, got, err, want)
		}
		h, err := s.Get(c, id)
		if err != nil {
			t.Fatal(err)
		}
		wantStatus := store.Running
		if i%2 == 0 {
			wantStatus = store.Over
		}
		if h.Version != moves+1 || h.Status != wantStatus {
			t.Fatalf("match %d: version %d status %s, want %d %s", i, h.Version, h.Status, moves+1, wantStatus)
		}
	}
}

// testAppendStaleAmongOthers sends, all at once, good appends to some
// matches and stale ones (and one to an unknown match) to others: in a
// store that commits them together each stale one is refused alone,
// with ErrConflict, writing nothing, and the good ones all land.
func testAppendStaleAmongOthers(t *testing.T, s store.Store) {
	c := ctx(t)
	ids := createMany(t, s, 100)
	var wg sync.WaitGroup
	errs := make([]error, len(ids)+1)
	startGun := make(chan struct{})
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-startGun
			switch {
			case i == len(ids):
				errs[i] = s.Append(c, store.Append{ID: "nope", Version: 1, Moves: []string{"x"}})
			case i%3 == 0:
				errs[i] = s.Append(c, store.Append{ID: ids[i], Version: 0, Moves: []string{"stale"}})
			default:
				errs[i] = s.Append(c, store.Append{ID: ids[i], Version: 1, Moves: []string{"good", "*heads"}})
			}
		}()
	}
	close(startGun)
	wg.Wait()
	if !errors.Is(errs[len(ids)], store.ErrNotFound) {
		t.Errorf("append to an unknown match: %v, want ErrNotFound", errs[len(ids)])
	}
	for i, id := range ids {
		want := []string{"*5", "good", "*heads"}
		if i%3 == 0 {
			want = want[:1]
			if !errors.Is(errs[i], store.ErrConflict) {
				t.Errorf("stale append %d: %v, want ErrConflict", i, errs[i])
			}
		} else if errs[i] != nil {
			t.Errorf("good append %d: %v", i, errs[i])
		}
		got, err := s.Moves(c, id, 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("match %d: Moves = %q, %v; want %q", i, got, err, want)
		}
		if h, err := s.Get(c, id); err != nil || h.Version != len(want) {
			t.Errorf("match %d: %v, want version %d", i, err, len(want))
		}
	}
}

// RunReopen checks that appends made side by side on many matches are
// durable: each was acknowledged only once committed, so a store opened
// again on the same database after the first is closed reads every one.
// open must open a store on the same database each time.
func RunReopen(t *testing.T, open func(t *testing.T) store.Store) {
	s := open(t)
	ids := createMany(t, s, 300)
	appendMany(t, s, ids, 4)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx(t), store.Append{ID: ids[1], Version: 5, Moves: []string{"late"}}); err == nil {
		t.Error("Append after Close succeeded")
	}
	s = open(t)
	defer s.Close()
	checkMany(t, s, ids, 4)
}

func testOverIsFinal(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	m.Status = store.Running
	mustCreate(t, s, m, "*5")
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1"}, Result: []float64{1, 0}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != store.Over || !reflect.DeepEqual(got.Result, []float64{1, 0}) {
		t.Fatalf("after the last move: status %s result %v", got.Status, got.Result)
	}
	if err := s.Append(c, store.Append{ID: m.ID, Version: 2, Moves: []string{"take1"}}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Append after the end: %v, want ErrConflict", err)
	}
	// A seat change racing the last move must not reopen the match.
	got.Status = store.Running
	got.Seats[0] = store.Seat{Bot: "random"}
	if err := s.Update(c, got); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(c, m.ID); got.Status != store.Over || got.Seats[0].Bot != "random" {
		t.Fatalf("after Update: status %s seats %+v; want over, seat 1 random", got.Status, got.Seats)
	}
	// An update that would end it again (a resignation racing the last
	// move) keeps the result the end wrote.
	got, _ = s.Get(c, m.ID)
	got.Result = []float64{0, 1}
	if err := s.Update(c, got); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(c, m.ID); !reflect.DeepEqual(got.Result, []float64{1, 0}) {
		t.Fatalf("after a second end: result %v, want [1 0]", got.Result)
	}
}

// testUpdateEnds: an Update can end a running match, with its result
// (a resignation, a draw agreed), and no move can follow.
func testUpdateEnds(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	m.Status = store.Running
	mustCreate(t, s, m, "*5")
	got, err := s.Get(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	// An update that does not end it writes no result.
	got.Result = []float64{1, 1}
	if err := s.Update(c, got); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Get(c, m.ID); got.Result != nil || got.Status != store.Running {
		t.Fatalf("after a seat change: status %s result %v", got.Status, got.Result)
	}
	got.Status, got.Result = store.Over, []float64{0, 1}
	got.Settings["end"] = "resigned 1"
	if err := s.Update(c, got); err != nil {
		t.Fatal(err)
	}
	again, _ := s.Get(c, m.ID)
	if again.Status != store.Over || !reflect.DeepEqual(again.Result, []float64{0, 1}) || again.Settings["end"] != "resigned 1" {
		t.Fatalf("after the resignation: status %s result %v settings %v", again.Status, again.Result, again.Settings)
	}
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1"}}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("Append after the end: %v, want ErrConflict", err)
	}
}

func testUpdateCAS(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	m.TurnStart = time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	mustCreate(t, s, m)
	stale := m.Clone()
	m.Seats[0] = store.Seat{Name: "bob", TokenHash: "h"}
	m.Status = store.Running
	start := time.Now().Truncate(time.Millisecond)
	m.TurnStart = start
	m.Rematch = "next"
	m.Settings["turn_timer"] = "off"
	if err := s.Update(c, m); err != nil {
		t.Fatal(err)
	}
	if m.Rev != 1 {
		t.Fatalf("Rev after Update = %d, want 1", m.Rev)
	}
	stale.Seats[0] = store.Seat{Name: "eve", TokenHash: "e"}
	if err := s.Update(c, stale); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Update at a stale revision: %v, want ErrConflict", err)
	}
	got, err := s.Get(c, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rev != 1 || got.Status != store.Running || got.Seats[0].Name != "bob" || got.Rematch != "next" ||
		got.Settings["turn_timer"] != "off" || !got.TurnStart.Equal(start) {
		t.Fatalf("after Update: %+v", got)
	}
	// Once running, a seat change leaves the turn's start alone.
	got.TurnStart = start.Add(time.Hour)
	got.Seats[0] = store.Seat{}
	if err := s.Update(c, got); err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Get(c, m.ID); !again.TurnStart.Equal(start) || again.Rev != 2 {
		t.Fatalf("turn start %v rev %d, want %v 2", again.TurnStart, again.Rev, start)
	}
}

// testUpdateConcurrent has several writers race to take the same free
// seat: exactly one wins.
func testUpdateConcurrent(t *testing.T, s store.Store) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m)
	const writers = 6
	var wins atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := m.Clone()
			mine.Seats[0] = store.Seat{Name: fmt.Sprint(w), TokenHash: fmt.Sprint(w)}
			err := s.Update(c, mine)
			switch {
			case err == nil:
				wins.Add(1)
			case !errors.Is(err, store.ErrConflict):
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := wins.Load(); n != 1 {
		t.Fatalf("%d updates at one revision succeeded, want 1", n)
	}
}

func testListCount(t *testing.T, s store.Store) {
	c := ctx(t)
	before, err := s.Count(c)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i, st := range []store.Status{store.Open, store.Running, store.Running, store.Open} {
		m := NewMatch(2)
		m.Status = st
		mustCreate(t, s, m)
		ids = append(ids, m.ID)
		if i == 1 {
			time.Sleep(2 * time.Millisecond) // distinct change times
		}
	}
	// Touch the first one last: List orders by the latest change.
	time.Sleep(2 * time.Millisecond)
	if err := s.Append(c, store.Append{ID: ids[0], Version: 0, Moves: []string{"*5"}}); err != nil {
		t.Fatal(err)
	}
	after, err := s.Count(c)
	if err != nil {
		t.Fatal(err)
	}
	if after[store.Open]-before[store.Open] != 2 || after[store.Running]-before[store.Running] != 2 {
		t.Errorf("Count went from %v to %v, want 2 more open and 2 more running", before, after)
	}
	open, err := s.List(c, store.ListOptions{Status: []store.Status{store.Open}, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(open) == 0 || open[0].ID != ids[0] {
		t.Fatalf("List(open)[0] is not the latest changed match %s", ids[0])
	}
	for _, m := range open {
		if m.Status != store.Open {
			t.Errorf("List(open) returned %s, %s", m.ID, m.Status)
		}
	}
	if got, err := s.List(c, store.ListOptions{Limit: 2}); err != nil || len(got) != 2 {
		t.Fatalf("List with limit 2: %d matches, %v", len(got), err)
	}
	both, err := s.List(c, store.ListOptions{Status: []store.Status{store.Open, store.Running}, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, m := range both {
		for _, id := range ids {
			if m.ID == id {
				found++
			}
		}
	}
	if found != 4 {
		t.Fatalf("List(open, running) found %d of the 4 new matches", found)
	}
	other := NewMatch(2)
	other.Game, other.Status = "another-game", store.Running
	mustCreate(t, s, other)
	for _, opt := range []store.ListOptions{{Game: "another-game", Limit: 1000}, {Game: "another-game", Status: []store.Status{store.Running}, Limit: 1}} {
		got, err := s.List(c, opt)
		if err != nil || len(got) != 1 || got[0].ID != other.ID {
			t.Fatalf("List(%+v): %d matches, %v; want only %s", opt, len(got), err, other.ID)
		}
	}
	if got, err := s.List(c, store.ListOptions{Game: "countdown", Limit: 1000}); err != nil || len(got) < 4 || slices.ContainsFunc(got, func(m *store.Match) bool { return m.Game != "countdown" }) {
		t.Fatalf("List(countdown): %d matches, %v", len(got), err)
	}
}

// watch watches s (skipping the test if s is no Watcher) until the test
// ends, once it listens (its first Resync), and returns the changes
// keep keeps.
func watch(t *testing.T, s store.Store, keep func(store.Change) bool) <-chan store.Change {
	t.Helper()
	w, ok := s.(store.Watcher)
	if !ok {
		t.Skip("the store is not a Watcher")
	}
	c, cancel := context.WithCancel(ctx(t))
	t.Cleanup(cancel)
	changes := make(chan store.Change, 100)
	ready := make(chan struct{}, 1)
	go w.Watch(c, func(ch store.Change) {
		if ch.Resync {
			select {
			case ready <- struct{}{}:
			default:
			}
			return
		}
		if keep(ch) {
			changes <- ch
		}
	})
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("Watch reported no Resync when it began listening")
	}
	return changes
}

func testWatch(t *testing.T, s store.Store) {
	c := ctx(t)
	changes := watch(t, s, func(ch store.Change) bool { return !ch.Chat && !ch.Rated })
	m := NewMatch(2)
	mustCreate(t, s, m, "*5")
	if err := s.Append(c, store.Append{ID: m.ID, Version: 1, Moves: []string{"take1", "take1"}}); err != nil {
		t.Fatal(err)
	}
	m.Seats[0].Name = "x"
	if err := s.Update(c, m); err != nil {
		t.Fatal(err)
	}
	want := []store.Change{{ID: m.ID, Version: 1}, {ID: m.ID, Version: 3}, {ID: m.ID, Version: 3, Rev: 1}}
	for i, wc := range want {
		select {
		case got := <-changes:
			if got != wc {
				t.Fatalf("change %d: %+v, want %+v", i, got, wc)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("change %d (%+v) not reported", i, wc)
		}
	}
}

// CompleteRecord is the complete record of match id in st, as the server
// that keeps it there holds it: for a test that checks what a server
// showed against the truth, where the server never gives the complete
// record out (a game with hidden information).
func CompleteRecord(t testing.TB, st store.Store, id string) *record.Record {
	t.Helper()
	ctx := context.Background()
	m, err := st.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := st.Moves(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	return m.Record(moves)
}
