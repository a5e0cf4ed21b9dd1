package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store/postgres/pgtest"
)

// The crash test's knobs: COMMONS_CRASH_KILLS kills (default 10),
// COMMONS_CRASH_SEED the seed of the moments and moves (default 1).
func crashKnobs(t *testing.T) (kills int, seed uint64) {
	kills, seed = 10, 1
	if v := os.Getenv("COMMONS_CRASH_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("COMMONS_CRASH_KILLS=%q: want a whole number from 1", v)
		}
		kills = n
	}
	if v := os.Getenv("COMMONS_CRASH_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("COMMONS_CRASH_SEED=%q: want a whole number", v)
		}
		seed = n
	}
	return kills, seed
}

// buildCommons builds the commons command into a temporary directory.
func buildCommons(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "commons")
	build := exec.Command("go", "build", "-o", bin, "github.com/commons-games/commons/cmd/commons")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// cluster is one or more commons serve processes on one database, which
// the test kills and starts again.
type cluster struct {
	t     *testing.T
	bin   string
	db    string
	mu    sync.Mutex
	procs []*process
}

func (c *cluster) url(i int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.procs[i%len(c.procs)].url
}

// restart kills node i with SIGKILL and starts it again on the database.
func (c *cluster) restart(i int) {
	c.mu.Lock()
	p := c.procs[i]
	c.mu.Unlock()
	p.kill(c.t)
	q := startProcess(c.t, c.bin, c.db)
	c.mu.Lock()
	c.procs[i] = q
	c.mu.Unlock()
}

// crashCall makes a request to node (any node answers for any match) and
// decodes a success into out; it never fails the test and reports a
// failed connection (a node being killed) as status 0.
func (c *cluster) call(node int, method, path, token string, body, out any) int {
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.url(node)+path, rd)
	if err != nil {
		return 0
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := http.Client{Timeout: 20 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 && json.Unmarshal(raw, out) != nil {
		return 0
	}
	return resp.StatusCode
}

// crashMatch is a match of the crash test and what the test knows of
// it: every entry acknowledged to its players, and the longest log it
// has seen (any log the server showed was committed).
type crashMatch struct {
	id     string
	tokens []string // of the seats the test plays ("" for a bot's)
	mu     sync.Mutex
	acked  map[int]string
	seen   []string
}

// TestCrashUnderLoad runs commons serve on a SQLite file under a load of
// matches, people's (played by the test over HTTP, as fast as they are
// acknowledged), people against bots, and bots alone (new ones after
// every restart, with a people's match), kills it with SIGKILL at random
// moments (seeded), and starts it again on the same file, many times. After every restart
// every acknowledged move is in its match's log and every log seen
// before is a prefix of the log now; at the end every match has gone on
// to its end, and its complete record replays to its result.
func TestCrashUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commons command and kills it many times")
	}
	bin := buildCommons(t)
	db := filepath.Join(t.TempDir(), "commons.db")
	c := &cluster{t: t, bin: bin, db: db}
	c.procs = []*process{startProcess(t, bin, db)}
	crashTest(t, c)
}

// TestCrashUnderLoadTwoNodesPostgres is the crash test with two
// commons serve processes on one PostgreSQL database: the players send
// their moves to either node, and the test kills one node or the other.
func TestCrashUnderLoadTwoNodesPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commons command and kills it many times")
	}
	pg := pgtest.Shared(t)
	dsn := pg.NewDatabase(t)
	bin := buildCommons(t)
	c := &cluster{t: t, bin: bin, db: dsn}
	c.procs = []*process{startProcess(t, bin, dsn), startProcess(t, bin, dsn)}
	crashTest(t, c)
}

func crashTest(t *testing.T, c *cluster) {
	kills, seed := crashKnobs(t)
	rng := rand.New(rand.NewPCG(seed, 0xc0ffee))
	nodes := len(c.procs)
	var (
		mu      sync.Mutex
		matches []*crashMatch
	)
	add := func(req map[string]any, people []int) *crashMatch {
		t.Helper()
		var a seatAnswer
		if code := c.call(0, "POST", "/api/matches", "", req, &a); code != http.StatusCreated {
			t.Fatalf("creating %v: status %d", req, code)
		}
		m := &crashMatch{id: a.Match.ID, tokens: make([]string, a.Match.Players), acked: map[int]string{}}
		for _, p := range people {
			if p == a.Seat {
				m.tokens[p-1] = a.Token
				continue
			}
			var b seatAnswer
			if code := c.call(0, "POST", "/api/matches/"+m.id+"/join", "", map[string]any{"seat": p}, &b); code != http.StatusOK {
				t.Fatalf("joining %s seat %d: status %d", m.id, p, code)
			}
			m.tokens[p-1] = b.Token
		}
		mu.Lock()
		matches = append(matches, m)
		mu.Unlock()
		return m
	}
	addBots := func(k int) {
		for range k {
			add(map[string]any{"game": "source", "seats": []string{"random", "random"}}, nil)
		}
	}

	// The people's matches, each played by a goroutine until it is over.
	var acks atomic.Int64
	var wg sync.WaitGroup
	play := func(m *crashMatch, r *rand.Rand) {
		defer wg.Done()
		for {
			node := r.IntN(nodes)
			var s stateMsg
			if c.call(node, "GET", "/api/matches/"+m.id+"/state", "", nil, &s) != http.StatusOK {
				time.Sleep(20 * time.Millisecond) // a node being killed
				continue
			}
			if s.Status == "over" {
				return
			}
			tok := m.tokens[s.ToMove-1]
			if tok == "" { // a bot's turn
				time.Sleep(5 * time.Millisecond)
				continue
			}
			var mine stateMsg
			if c.call(node, "GET", "/api/matches/"+m.id+"/state", tok, nil, &mine) != http.StatusOK || len(mine.Legal) == 0 {
				continue
			}
			var ans moveAnswer
			if c.call(node, "POST", "/api/matches/"+m.id+"/moves", tok,
				map[string]any{"move": mine.Legal[r.IntN(len(mine.Legal))], "version": mine.Version}, &ans) == http.StatusOK {
				m.mu.Lock()
				for _, e := range ans.Applied {
					m.acked[e.N] = e.Move
				}
				m.mu.Unlock()
				acks.Add(1)
			}
		}
	}
	start := func(m *crashMatch) {
		wg.Add(1)
		go play(m, rand.New(rand.NewPCG(seed, uint64(len(m.id))<<32|rng.Uint64()>>32)))
	}
	for range 4 {
		start(add(map[string]any{"game": "source", "join": 1}, []int{1, 2}))
	}
	for range 2 {
		start(add(map[string]any{"game": "source", "join": 1, "seats": []string{"human", "random"}}, []int{1}))
	}
	addBots(4)

	var lagged int
	var longestLag time.Duration
	// check fetches every match's log from a node and checks it against
	// what was acknowledged and seen; it records the log as seen.
	check := func(when string) {
		t.Helper()
		mu.Lock()
		ms := slices.Clone(matches)
		mu.Unlock()
		for _, m := range ms {
			// A node of several may not have heard of the latest moves
			// yet (it holds the match in memory and reloads it when
			// notified): a missing move is looked for again for a few
			// seconds before it counts as lost.
			began := time.Now()
			deadline := began.Add(10 * time.Second)
			for try := 0; ; try++ {
				rec := c.fetchRecord(m.id, try)
				m.mu.Lock()
				lost := ""
				for n, e := range m.acked {
					if n >= len(rec.Moves) || rec.Moves[n] != e {
						lost = fmt.Sprintf("acknowledged entry %d %q is not in the log (%d entries)", n, e, len(rec.Moves))
						break
					}
				}
				if lost == "" && (len(rec.Moves) < len(m.seen) || !slices.Equal(rec.Moves[:len(m.seen)], m.seen)) {
					lost = fmt.Sprintf("the log seen before (%d entries) is not a prefix of the log now (%d)", len(m.seen), len(rec.Moves))
				}
				if lost == "" {
					m.seen = rec.Moves
				}
				m.mu.Unlock()
				if lost == "" {
					if try > 0 {
						lagged++
						longestLag = max(longestLag, time.Since(began))
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: match %s: %s", when, m.id, lost)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
	}

	began := time.Now()
	for k := 1; k <= kills; k++ {
		// Under load for a random moment, then SIGKILL: what was
		// acknowledged must survive, the rest may or may not.
		time.Sleep(time.Duration(50+rng.IntN(450)) * time.Millisecond)
		before := acks.Load()
		node := rng.IntN(nodes)
		c.restart(node)
		check(fmt.Sprintf("after kill %d (node %d, %d moves acknowledged so far)", k, node+1, before))
		// New matches keep the load up in a long run.
		addBots(2)
		start(add(map[string]any{"game": "source", "join": 1}, []int{1, 2}))
	}
	t.Logf("%d kills survived in %v; %d people's moves acknowledged; %d checks waited for a node to catch up (longest %v)",
		kills, time.Since(began).Round(time.Millisecond), acks.Load(), lagged, longestLag.Round(time.Millisecond))

	// Every match goes on to its end.
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(90 * time.Second):
		t.Fatal("the people's matches did not end within 90 s of the last restart")
	}
	deadline := time.Now().Add(60 * time.Second)
	mu.Lock()
	ms := slices.Clone(matches)
	mu.Unlock()
	entries := 0
	for _, m := range ms {
		var v matchView
		for {
			if c.call(0, "GET", "/api/matches/"+m.id, "", nil, &v) == http.StatusOK && v.Status == "over" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("match %s still %s at version %d, 60 s after the people's matches ended", m.id, v.Status, v.Version)
			}
			time.Sleep(50 * time.Millisecond)
		}
		rec := c.fetchRecord(m.id, 0)
		r := replayAll(t, rec)
		if !slices.Equal(r.states[len(r.states)-1].Returns(nil), v.Result) {
			t.Fatalf("match %s: the complete record does not replay to the result %v", m.id, v.Result)
		}
		entries += len(rec.Moves)
	}
	check("at the end")
	t.Logf("%d matches over (%d entries), every acknowledged move in its log", len(ms), entries)
}

// fetchRecord gets a match's record from a node that answers, node
// first.
func (c *cluster) fetchRecord(id string, node int) *record.Record {
	c.t.Helper()
	for try := 0; ; try++ {
		var raw json.RawMessage
		if code := c.call(node+try, "GET", "/api/matches/"+id+"/record", "", nil, &raw); code == http.StatusOK {
			rec, err := record.Parse(raw)
			if err != nil {
				c.t.Fatalf("record of %s: %v", id, err)
			}
			return rec
		}
		if try == 50 {
			c.t.Fatalf("no node gives the record of %s", id)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
