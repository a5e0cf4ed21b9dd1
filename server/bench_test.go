package server_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/postgres/pgtest"
)

// benchPlayer plays Source matches through the HTTP API, one move per
// call of move, starting a new match when one ends.
type benchPlayer struct {
	n      *node
	rng    *rand.Rand
	id     string
	tokens []string
	posts  time.Duration // time spent in the move requests alone
}

func (p *benchPlayer) newMatch() {
	a := p.n.create(map[string]any{"game": "source", "join": 1})
	b := p.n.join(a.Match.ID, 2)
	p.id, p.tokens = a.Match.ID, []string{a.Token, b.Token}
}

func (p *benchPlayer) move() {
	if p.id == "" {
		p.newMatch()
	}
	s := p.n.state(p.id, "")
	if s.Status == "over" {
		p.newMatch()
		s = p.n.state(p.id, "")
	}
	tok := p.tokens[s.ToMove-1]
	mine := p.n.state(p.id, tok)
	if !mine.YourTurn {
		return // the server played a forced move
	}
	start := time.Now()
	p.n.mustCall(http.StatusOK, "POST", "/api/matches/"+p.id+"/moves", tok,
		map[string]any{"move": mine.Legal[p.rng.IntN(len(mine.Legal))], "version": mine.Version}, nil)
	p.posts += time.Since(start)
}

// benchMoves measures moves through the API: one client moving as fast
// as the answers come (the latency of a move: parse, check, durable
// commit, broadcast), and eight clients each playing its own match (the
// throughput of one node).
func benchMoves(b *testing.B, st func() store.Store) {
	b.Run("latency", func(b *testing.B) {
		n := startBenchNode(b, st())
		p := &benchPlayer{n: n, rng: rand.New(rand.NewPCG(1, 1))}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p.move()
		}
		b.ReportMetric(float64(p.posts.Microseconds())/float64(b.N)/1000, "ms/move")
	})
	b.Run("parallel8", func(b *testing.B) {
		n := startBenchNode(b, st())
		var moves atomic.Int64
		start := time.Now()
		var wg sync.WaitGroup
		per := (b.N + 7) / 8
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := &benchPlayer{n: n, rng: rand.New(rand.NewPCG(uint64(w), 1))}
				for i := 0; i < per; i++ {
					p.move()
					moves.Add(1)
				}
			}()
		}
		wg.Wait()
		b.ReportMetric(float64(moves.Load())/time.Since(start).Seconds(), "moves/s")
	})
}

func startBenchNode(b *testing.B, st store.Store) *node {
	return startNode(b, st, server.Config{})
}

func BenchmarkMovesSQLite(b *testing.B) {
	benchMoves(b, func() store.Store { return sqliteStore(b) })
}

func BenchmarkMovesPostgres(b *testing.B) {
	c := pgtest.Shared(b)
	benchMoves(b, func() store.Store {
		st, err := postgres.Open(context.Background(), c.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		return st
	})
}

// BenchmarkWatchers plays a match of two random bots at Open Source
// (about 2,000 moves, large states) with K spectators reading every
// state, and reports the moves a second: every move sends each watcher
// the state, so a server that encoded it once for each watcher would
// slow down as they come.
func BenchmarkWatchers(b *testing.B) {
	for _, k := range []int{1, 10, 50} {
		b.Run(fmt.Sprintf("watchers=%d", k), func(b *testing.B) {
			n := startBenchNode(b, nil)
			moves, elapsed := 0, time.Duration(0)
			for b.Loop() {
				start := time.Now()
				a := n.create(map[string]any{"game": "open-source-board-game", "players": 2, "seats": []string{"random", "random"}})
				var wg sync.WaitGroup
				for range k {
					wg.Add(1)
					go func() {
						defer wg.Done()
						watchToTheEnd(b, n.url, a.Match.ID)
					}()
				}
				wg.Wait()
				elapsed += time.Since(start)
				moves += n.state(a.Match.ID, "").Version
			}
			b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
		})
	}
}

// watchToTheEnd reads a match's states as a spectator until it is over.
func watchToTheEnd(b *testing.B, base, id string) {
	url := "ws" + strings.TrimPrefix(base, "http") + "/api/matches/" + id + "/ws"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		b.Error(err)
		return
	}
	defer conn.CloseNow()
	conn.SetReadLimit(16 << 20)
	for {
		_, msg, err := conn.Read(ctx)
		if err != nil {
			b.Error(err)
			return
		}
		if bytes.Contains(msg, []byte(`"status":"over"`)) {
			return
		}
	}
}
