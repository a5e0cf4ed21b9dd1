package server_test

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
)

// countingBot is a bot that thinks a while, counting the moves it is
// asked for.
type countingBot struct {
	bot.Bot
	asked *atomic.Int64
	think time.Duration
}

func (b countingBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	b.asked.Add(1)
	select {
	case <-ctx.Done():
		return 0, ctx.Err()
	case <-time.After(b.think):
	}
	return b.Bot.Act(ctx, s)
}

// TestBotsOnOneNode runs two nodes on one PostgreSQL store, both holding
// a match of bots. The node that took its lease first (node 1 below)
// makes every bot move; node 2 stands by, and asks its bots for nothing.
// When node 1 stops, node 2 takes the lease over within LeaseRetry and
// finishes the match, each bot move of which was made by one node or the
// other, once.
func TestBotsOnOneNode(t *testing.T) {
	n1, n2, _, asked2, botMoves, id := botMatchOnTwoNodes(t)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := n1.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	by1 := botMoves(n1)
	stoppedAt := n2.match(id).Version
	start := time.Now()
	v := n2.waitStatus(id, "over", 60*time.Second)
	by2 := botMoves(n2)
	t.Logf("node 1 made %d bot moves and stopped (node 2 at version %d just after); node 2 made %d more (asked its bots %d times) and finished at version %d in %v",
		by1, stoppedAt, by2, asked2.Load(), v.Version, time.Since(start).Round(time.Millisecond))
	if by1 == 0 || by2 == 0 {
		t.Fatalf("bot moves: node 1 %d, node 2 %d; want both", by1, by2)
	}
	if n := countBotMoves(t, n2, id); by1+by2 != n {
		t.Errorf("the record has %d bot moves; node 1 made %d, node 2 %d", n, by1, by2)
	}
}

// TestBotsTakenOverFromALostSession: node 1's lease session ends as a
// dead node's does (its backend is terminated: the database frees its
// locks), while node 1 itself goes on. Node 2 takes the match over and
// finishes it; node 1, finding its session gone, stands by.
func TestBotsTakenOverFromALostSession(t *testing.T) {
	n1, n2, _, _, botMoves, id := botMatchOnTwoNodes(t)
	pg := n1.st.(*postgres.Store)
	ctx := context.Background()
	res, err := pg.DB.DB.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()`)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%d sessions hold advisory locks, want node 1's alone", n)
	}
	by1 := botMoves(n1)
	n2.waitStatus(id, "over", 60*time.Second)
	by1, by2 := botMoves(n1)-by1, botMoves(n2)
	t.Logf("after node 1's session ended: node 1 made %d more bot moves, node 2 %d", by1, by2)
	if by2 == 0 {
		t.Fatal("node 2 made no bot move")
	}
}

// countBotMoves returns the number of moves made by bots (not chance) in
// match id's record, which it replays.
func countBotMoves(t *testing.T, n *node, id string) int {
	t.Helper()
	rec := n.record(id, "")
	replayAll(t, rec)
	bots := 0
	for _, e := range rec.Moves {
		if !strings.HasPrefix(e, record.ChancePrefix) {
			bots++
		}
	}
	return bots
}

// botMatchOnTwoNodes starts two nodes on one new PostgreSQL database,
// whose bots think 10 ms a move and count how often they are asked, and
// a match of two random bots on node 1 that node 2 holds too (a
// spectator watches it there). It returns once the match is at version
// 30, with the node that made its bot moves (the owner: the first to
// take the lease) and the other, having checked that the other neither
// made a bot move (botMoves reads a node's metric) nor asked its bots
// for one.
func botMatchOnTwoNodes(t *testing.T) (owner, standby *node, ownerAsked, standbyAsked *atomic.Int64, botMoves func(*node) int, id string) {
	t.Helper()
	dsn := pgtest.Shared(t).NewDatabase(t)
	asked := new([2]atomic.Int64)
	var nodes [2]*node
	for i := range nodes {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		nodes[i] = startNode(t, st, server.Config{
			LeaseRetry: 100 * time.Millisecond,
			NewBot: func(spec string, seed uint64) (bot.Bot, error) {
				b, err := bot.New(spec, seed)
				if err != nil {
					return nil, err
				}
				return countingBot{Bot: b, asked: &asked[i], think: 10 * time.Millisecond}, nil
			},
		})
	}
	n1, n2 := nodes[0], nodes[1]
	botMoves = func(n *node) int {
		v, _ := strconv.ParseFloat(n.metric(`commons_moves_total{by="bot",game="source"}`), 64)
		return int(v)
	}

	// Bots that only ever place a token: the game outlasts the 30 moves
	// watched (random bots sometimes end it within four, by S16's safety
	// rule).
	a := n1.create(map[string]any{"game": "source", "seats": []string{"script:first", "script:first"}})
	id = a.Match.ID
	spectator := n2.dial(id, "")
	for {
		s := spectator.nextState(5 * time.Second)
		if s.Status == "over" {
			t.Fatal("the match ended before the test could stop node 1")
		}
		if s.Version >= 30 {
			break
		}
	}
	// Either node may have taken the lease first: the owner made every
	// bot move, the other none and asked its bots for none.
	o, sb := 0, 1
	if botMoves(n1) == 0 {
		o, sb = 1, 0
	}
	if n := botMoves(nodes[o]); n < 30 {
		t.Errorf("node %d made %d bot moves of 30", o+1, n)
	}
	if n := asked[sb].Load(); n != 0 {
		t.Errorf("node %d asked its bots for %d moves while node %d held the lease", sb+1, n, o+1)
	}
	if n := botMoves(nodes[sb]); n != 0 {
		t.Errorf("node %d made %d bot moves while node %d held the lease", sb+1, n, o+1)
	}
	return nodes[o], nodes[sb], &asked[o], &asked[sb], botMoves, id
}

// TestOrphanedBotsAdopted: a match of bots that only its owner holds (no
// client anywhere else) is adopted by the other node, which every ten
// LeaseRetry takes up the running matches it lacks, and finished there
// once the owner stops.
func TestOrphanedBotsAdopted(t *testing.T) {
	dsn := pgtest.Shared(t).NewDatabase(t)
	var nodes [2]*node
	for i := range nodes {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		nodes[i] = startNode(t, st, server.Config{
			LeaseRetry: 50 * time.Millisecond,
			NewBot: func(spec string, seed uint64) (bot.Bot, error) {
				b, err := bot.New(spec, seed)
				if err != nil {
					return nil, err
				}
				return countingBot{Bot: b, asked: new(atomic.Int64), think: 10 * time.Millisecond}, nil
			},
		})
	}
	n1, n2 := nodes[0], nodes[1]
	// Bots that only ever place a token, so that the game lasts well past
	// the shutdown below: random ones sometimes end it within four moves
	// (S16's safety rule: four colour turns passed without an action),
	// before node 2 has anything to adopt.
	a := n1.create(map[string]any{"game": "source", "seats": []string{"script:first", "script:first"}})
	id := a.Match.ID
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := n1.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	v := n2.waitStatus(id, "over", 60*time.Second)
	var by [2]float64
	for i, n := range nodes {
		by[i], _ = strconv.ParseFloat(n.metric(`commons_moves_total{by="bot",game="source"}`), 64)
	}
	t.Logf("node 1 made %v bot moves, node 2 %v; the match ended at version %d", by[0], by[1], v.Version)
	if by[1] == 0 {
		t.Fatal("node 2 made no bot move")
	}
	if n := countBotMoves(t, n2, id); int(by[0]+by[1]) != n {
		t.Errorf("the record has %d bot moves; node 1 made %v, node 2 %v", n, by[0], by[1])
	}
}
