package server_test

import (
	"context"
	"database/sql"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, to move a turn's start by hand
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
)

// twoNodes starts two servers on one new PostgreSQL database.
func twoNodes(t *testing.T) (*node, *node) {
	t.Helper()
	return twoNodesWith(t, server.Config{})
}

// twoNodesWith is twoNodes with both servers configured as cfg.
func twoNodesWith(t *testing.T, cfg server.Config) (*node, *node) {
	t.Helper()
	_, open := newDatabase(t)
	return startNode(t, open(), cfg), startNode(t, open(), cfg)
}

// newDatabase makes a PostgreSQL database for the test, and returns its
// DSN and a function that opens a store on it (closed when the test
// ends): one per node.
func newDatabase(t *testing.T) (string, func() store.Store) {
	t.Helper()
	dsn := pgtest.Shared(t).NewDatabase(t)
	return dsn, func() store.Store {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
}

// TestTwoNodesPostgres runs two servers on one PostgreSQL database: a
// Source match whose two players are connected to different nodes (and a
// spectator to the second), moves racing at one version on both nodes,
// and a match of bots that both nodes hold at once.
func TestTwoNodesPostgres(t *testing.T) {
	n1, n2 := twoNodes(t)

	t.Run("PlayersOnTwoNodes", func(t *testing.T) {
		n1.t, n2.t = t, t
		a := n1.create(map[string]any{"game": "source", "join": 1})
		id := a.Match.ID
		b := n2.join(id, 2) // the seat taken on node 2 starts the match on node 1 too
		c1 := n1.dial(id, a.Token)
		c2 := n2.dial(id, b.Token)
		spectator := n2.dial(id, "")
		start := time.Now()
		playAll(t, []*wsClient{c1, c2, spectator}, 20*time.Second, nil)
		elapsed := time.Since(start)
		v1 := n1.waitStatus(id, "over", 5*time.Second)
		v2 := n2.waitStatus(id, "over", 5*time.Second)
		if v1.Version != v2.Version {
			t.Fatalf("node 1 at version %d, node 2 at %d", v1.Version, v2.Version)
		}
		r := replayAll(t, n2.record(id, ""))
		r.checkMessages(t, "seat 1 on node 1", 0, c1.all)
		r.checkMessages(t, "seat 2 on node 2", 1, c2.all)
		r.checkMessages(t, "spectator on node 2", game.Spectator, spectator.all)
		t.Logf("Source across two nodes: %d moves in %v (%.0f moves/s)", v1.Version, elapsed.Round(time.Millisecond), float64(v1.Version)/elapsed.Seconds())
	})

	t.Run("RacingMoves", func(t *testing.T) {
		n1.t, n2.t = t, t
		a := n1.create(map[string]any{"game": "source", "join": 1})
		id := a.Match.ID
		tokens := []string{a.Token, n2.join(id, 2).Token}
		for round := 0; round < 20; round++ {
			s := n1.state(id, "")
			if s.Status != "running" {
				break
			}
			s = n1.state(id, tokens[s.ToMove-1])
			var wg sync.WaitGroup
			codes := make([]int, 2)
			for i, n := range []*node{n1, n2} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes[i] = n.quietCall("POST", "/api/matches/"+id+"/moves", tokens[s.Seat-1], map[string]any{"move": s.Legal[i%len(s.Legal)], "version": s.Version}, nil)
				}()
			}
			wg.Wait()
			ok := 0
			for _, c := range codes {
				switch c {
				case http.StatusOK:
					ok++
				case http.StatusConflict:
				default:
					t.Fatalf("round %d: status %d", round, c)
				}
			}
			if ok != 1 {
				t.Fatalf("round %d: two nodes each took a move at version %d: statuses %v", round, s.Version, codes)
			}
			rec := n2.record(id, "")
			if len(rec.Moves) != s.Version+1 || n1.match(id).Version != s.Version+1 {
				t.Fatalf("round %d: the log has %d entries, want %d", round, len(rec.Moves), s.Version+1)
			}
		}
	})

	t.Run("BotsOnBothNodes", func(t *testing.T) {
		n1.t, n2.t = t, t
		a := n1.create(map[string]any{"game": "source", "seats": []string{"random", "random"}})
		// Node 2 loads the match too: the node holding the match's
		// lease plays its bots, the other stands by (TestBotsOnOneNode),
		// and the spectator on node 2 sees every move.
		spectator := n2.dial(a.Match.ID, "")
		v := n2.waitStatus(a.Match.ID, "over", 30*time.Second)
		// Node 1 learns of the last move from its notification, a
		// moment later maybe (docs/reliability.md): a record read there
		// before could lack it.
		if v1 := n1.waitStatus(a.Match.ID, "over", 30*time.Second); v1.Version != v.Version {
			t.Fatalf("over at version %d on node 1, %d on node 2", v1.Version, v.Version)
		}
		r := replayAll(t, n1.record(a.Match.ID, ""))
		if len(r.rec.Moves) != v.Version {
			t.Fatalf("record %d, version %d", len(r.rec.Moves), v.Version)
		}
		for {
			if s := spectator.nextState(5 * time.Second); s.Status == "over" {
				break
			}
		}
		r.checkMessages(t, "spectator on node 2", game.Spectator, spectator.all)
	})
}

// gateStore holds up the next log read of a match being loaded until
// the test lets it go.
type gateStore struct {
	*postgres.Store
	mu      sync.Mutex
	gate    chan struct{} // closed by the test to let the read go on
	reached chan struct{} // closed when the read is held up
}

func (g *gateStore) hold() (reached, release chan struct{}) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.gate, g.reached = make(chan struct{}), make(chan struct{})
	return g.reached, g.gate
}

func (g *gateStore) Moves(ctx context.Context, id string, from int) ([]string, error) {
	g.mu.Lock()
	gate, reached := g.gate, g.reached
	g.gate = nil
	g.mu.Unlock()
	if gate != nil {
		close(reached)
		<-gate
	}
	return g.Store.Moves(ctx, id, from)
}

// TestChangeDuringLoad makes a move on node 1 while node 2 is loading the
// match (it has read the header, not yet the log): node 2 must not miss
// the move's notification, or its clients would wait forever for a move
// made long ago.
func TestChangeDuringLoad(t *testing.T) {
	c := pgtest.Shared(t)
	dsn := c.NewDatabase(t)
	open := func() *postgres.Store {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	n1 := startNode(t, open(), server.Config{})
	g := &gateStore{Store: open()}
	n2 := startNode(t, g, server.Config{})
	a := n1.create(map[string]any{"game": "source", "join": 1})
	id := a.Match.ID
	b := n1.join(id, 2)

	reached, release := g.hold()
	loaded := make(chan stateMsg, 1)
	go func() {
		var s stateMsg
		n2.quietCall("GET", "/api/matches/"+id+"/state", b.Token, nil, &s)
		loaded <- s
	}()
	<-reached
	s := n1.state(id, a.Token)
	n1.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": s.Legal[0], "version": s.Version}, nil)
	time.Sleep(300 * time.Millisecond) // node 2 hears of the move while loading
	close(release)
	<-loaded

	deadline := time.Now().Add(5 * time.Second)
	for {
		s := n2.state(id, b.Token)
		if s.Version == 1 && len(s.Moves) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node 2 is still at version %d: it missed the move made while it loaded the match", s.Version)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTwoNodesTalkAndRate: on two nodes sharing PostgreSQL, what is said
// on one reaches the other's clients (and a message taken down), the
// lobby's waiting request on one wakes for a message said on the
// other, and a rated match that ends on one is rated once, its clients
// on the other told.
func TestTwoNodesTalkAndRate(t *testing.T) {
	const op = "operator token"
	n1, n2 := twoNodesWith(t, server.Config{OperatorToken: op})
	ada, bob := n1.signUp("Ada"), n2.newPerson("")
	bob.mustCall(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "Bob", "password": "password of Bob"}, nil)
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	adaWS, bobWS := ada.dial(id), bob.dial(id)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "said on node 1"}, nil)
	if got := bobWS.heard(0, 10*time.Second); got[0].Text != "said on node 1" {
		t.Fatalf("node 2's client heard %+v", got)
	}
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "said on node 2"}, nil)
	if got := adaWS.heard(1, 10*time.Second); got[1].Text != "said on node 2" || got[1].Name != "Bob" {
		t.Fatalf("node 1's client heard %+v", got)
	}
	// Taken down on node 2: node 1's client is told.
	n2.mustCall(http.StatusOK, "DELETE", "/api/matches/"+id+"/chat/0", op, nil, nil)
	for {
		if got := adaWS.nextChat(10 * time.Second); len(got) == 1 && got[0].N == 0 && got[0].Deleted {
			break
		}
	}

	// The lobby: a long poll on node 2, a message on node 1.
	var first struct{ Generation uint64 }
	n2.mustCall(http.StatusOK, "GET", "/api/chat", "", nil, &first)
	woke := make(chan int, 1)
	go func() {
		var next struct{ Messages []chatView }
		n2.call("GET", "/api/chat?wait=1&since="+strconv.FormatUint(first.Generation, 10), "", nil, &next)
		woke <- len(next.Messages)
	}()
	time.Sleep(100 * time.Millisecond)
	ada.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "lobby, from node 1"}, nil)
	select {
	case got := <-woke:
		if got != 1 {
			t.Fatalf("node 2's lobby shows %d messages", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("node 2's lobby did not wake for a message said on node 1")
	}

	// The rated match ends on node 1 (Ada resigns there); Bob, on node
	// 2, is told its ratings are out.
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", nil, nil)
	for {
		typ, _ := bobWS.next(10 * time.Second)
		if typ == "ratings" {
			break
		}
	}
	r := n2.waitRatings(id, 10*time.Second)
	if len(r.Ratings) != 2 || r.Ratings[1].After.Wins != 1 {
		t.Fatalf("ratings: %+v", r)
	}
	// Both nodes restart (each rates what it missed at start): still
	// rated once.
	for _, n := range []*node{n1, n2} {
		startNode(t, n.st, server.Config{})
	}
	time.Sleep(300 * time.Millisecond)
	if p := n2.profile("Bob"); p.Ratings[0].Games != 1 || p.Ratings[0].Wins != 1 {
		t.Fatalf("Bob after restarts: %+v", p.Ratings)
	}
}

// TestTurnDeadlineFiresOnceOnTwoNodes: two nodes take up a turn-based
// match whose deadline has passed: the timeout bot moves once, and the
// person whose turn it then is gets one notice.
func TestTurnDeadlineFiresOnceOnTwoNodes(t *testing.T) {
	dsn, open := newDatabase(t)
	outbox := &mail.Recorder{}
	cfg := server.Config{NewBot: firstLegalBots, Mail: outbox, PublicOrigin: "http://commons.test"}
	n0 := startNode(t, open(), cfg)
	ada, bob := n0.signUp("Ada"), n0.signUp("Bob")
	bob.mustCall(http.StatusOK, "PUT", "/api/account/prefs", map[string]any{"email": "bob@example.org", "notify_turns": true}, nil)
	got, err := outbox.Wait(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	bob.call("GET", local(t, links(got[0], "/api/account/email/confirm")[0]), nil, nil)
	a := ada.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "turn_based": true, "join": 1})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	v := n0.match(id).Version
	n0.stop()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE matches SET turn_start_ms = $1 WHERE id = $2`, time.Now().Add(-25*time.Hour).UnixMilli(), id); err != nil {
		t.Fatal(err)
	}
	n1, n2 := startNode(t, open(), cfg), startNode(t, open(), cfg)
	waitVersion(t, n1, id, v+1)
	if _, err := outbox.Wait(context.Background(), 2); err != nil { // Bob's notice
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a second timeout or notice would come now
	for _, n := range []*node{n1, n2} {
		s := n.state(id, "")
		timeouts := 0
		for _, e := range s.Moves {
			if e.Mark == "timeout" {
				timeouts++
			}
		}
		if s.Version != v+1 || timeouts != 1 || s.ToMove != 2 {
			t.Errorf("node's state: version %d (want %d), %d timeouts, %d to move", s.Version, v+1, timeouts, s.ToMove)
		}
	}
	if msgs := outbox.Messages(); len(msgs) != 2 || msgs[1].To != "bob@example.org" {
		t.Errorf("%d mails, want the confirmation and one notice to Bob", len(msgs))
	}
}

// TestUndoHeardOnTwoNodes: a move taken back on one node is taken back
// on the other, whose clients get the state at the lower version.
func TestUndoHeardOnTwoNodes(t *testing.T) {
	n1, n2 := twoNodes(t)
	a := n1.create(map[string]any{"game": "source", "join": 1, "name": "Ada"})
	id := a.Match.ID
	n2.join(id, 2)
	n1.waitStatus(id, "running", 10*time.Second) // node 1 heard of the join
	s := n1.state(id, a.Token)
	v := s.Version
	n1.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": s.Legal[0], "version": v}, nil)
	waitVersion(t, n2, id, v+1)
	watcher := n2.dial(id, "")
	n1.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/undo", a.Token, map[string]any{"version": v + 1}, nil)
	for end := time.Now().Add(10 * time.Second); ; {
		if got := watcher.nextState(10 * time.Second); got.Version == v {
			break
		}
		if time.Now().After(end) {
			t.Fatal("node 2's client never saw the move taken back")
		}
	}
	if got := n2.state(id, a.Token); got.Version != v || !got.YourTurn {
		t.Errorf("node 2's state after the undo: version %d, your turn %v", got.Version, got.YourTurn)
	}
}
