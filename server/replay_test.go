package server_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/internal/loadtest"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
)

// bigReplay is the record of a finished 4-player Open Source match of
// 1,884 entries: the longest replay of the five games' usual lengths,
// 26.6 MB when every position was sent whole.
const bigReplay = "../replay/testdata/open-source-4p.json"

// finishedMatch puts the record in file into n's store as a finished
// match of bots and returns its ID.
func finishedMatch(t testing.TB, n *node, file string) string {
	t.Helper()
	rec, err := record.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := record.Play(rec, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]store.Seat, rec.Players)
	for i := range seats {
		seats[i] = store.Seat{Bot: "random"}
	}
	id := "replay" + strconv.Itoa(int(time.Now().UnixNano()%1e6))
	m := &store.Match{ID: id, Game: rec.Game, Players: rec.Players, Options: rec.Options, Seats: seats,
		Status: store.Running, Created: time.Now(), TurnStart: time.Now()}
	if rec.Seed != nil {
		m.Seed = *rec.Seed
	}
	ctx := context.Background()
	if err := n.st.Create(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	if err := n.st.Append(ctx, store.Append{ID: id, Moves: rec.Moves, Result: rp.State.Returns(nil), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	return id
}

// metric reads a counter or histogram count from n's /metrics.
func metric(t testing.TB, n *node, name string) float64 {
	t.Helper()
	resp, err := http.Get(n.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sum := 0.0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, name+" ") || strings.HasPrefix(line, name+"{") {
			f := strings.Fields(line)
			v, _ := strconv.ParseFloat(f[len(f)-1], 64)
			sum += v
		}
	}
	return sum
}

// TestReplayIsBuiltOnceAndPaced: ten clients of one address looping on
// the replay of a long finished match make the server build it once; the
// answers they get are bounded by the address's replay rate (the others
// wait their turn, then are refused with 429 and Retry-After), and the
// replay, whole, is at most 1 MB.
func TestReplayIsBuiltOnceAndPaced(t *testing.T) {
	const rate, burst = 4, 4
	n := startNode(t, nil, server.Config{ReplayRate: rate, ReplayBurst: burst})
	id := finishedMatch(t, n, bigReplay)
	start := time.Now()
	var ok, limited, bytes atomic.Int64
	var wg sync.WaitGroup
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, "GET", n.url+"/api/matches/"+id+"/replay", nil)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				switch resp.StatusCode {
				case http.StatusOK:
					ok.Add(1)
					bytes.Store(int64(len(b)))
				case http.StatusTooManyRequests:
					if resp.Header.Get("Retry-After") == "" {
						t.Error("a 429 without Retry-After")
					}
					limited.Add(1)
				default:
					t.Errorf("GET replay: %d %.200s", resp.StatusCode, b)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	if max := burst + rate*elapsed + 1; float64(ok.Load()) > max {
		t.Errorf("%d replays served in %.1f s to one address, want at most %.0f (burst %d, %d a second)", ok.Load(), elapsed, max, burst, rate)
	}
	if ok.Load() < burst {
		t.Errorf("%d replays served, want at least the burst of %d", ok.Load(), burst)
	}
	if built := metric(t, n, "commons_replay_build_seconds_count"); built != 1 {
		t.Errorf("the replay was built %v times, want once", built)
	}
	if b := bytes.Load(); b == 0 || b > 1<<20 {
		t.Errorf("the replay is %d bytes, want at most 1 MB", b)
	}
	t.Logf("%.1f s: %d served (%d bytes each), %d refused", elapsed, ok.Load(), bytes.Load(), limited.Load())
}

// TestReplayLoopersCostPlayersLittle: ten clients looping on the replay
// of a long finished match cost the players of other matches at most a
// tenth of their moves a second. Players are commons loadtest's closed
// loop (20 matches of Source); their moves a second are measured in
// phases, without and with the loopers, four of each, turn about, and
// the medians compared. On a busy machine phases differ by themselves, so the
// comparison is made up to three times: a server that spends on replays
// what it did before (ten loopers took players from 2,218 to 44 moves a
// second) fails every one.
func TestReplayLoopersCostPlayersLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("measures throughput for some seconds")
	}
	n := startNode(t, nil, server.Config{ReplayRate: 4, ReplayBurst: 20})
	id := finishedMatch(t, n, bigReplay)
	players := func() float64 {
		res, err := loadtest.Run(context.Background(), loadtest.Options{Addr: n.url, Matches: 20, Duration: 700 * time.Millisecond, Game: "source", Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return res.MovesPerSecond
	}
	loop := func(ctx context.Context, served *atomic.Int64) {
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, "GET", n.url+"/api/matches/"+id+"/replay", nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				served.Add(1)
			}
		}
	}
	median := func(v []float64) float64 {
		slices.Sort(v)
		return v[len(v)/2]
	}
	var ratio float64
	for try := 1; try <= 3; try++ {
		var without, with []float64
		var served atomic.Int64
		looping := func() float64 {
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			defer func() { cancel(); wg.Wait() }()
			for range 10 {
				wg.Add(1)
				go func() { defer wg.Done(); loop(ctx, &served) }()
			}
			time.Sleep(100 * time.Millisecond) // the loopers under way
			return players()
		}
		// Turn about, each first in every other round: the store grows
		// with every phase, and the later phase of a pair is slower.
		for round := range 4 {
			if round%2 == 0 {
				without = append(without, players())
				with = append(with, looping())
			} else {
				with = append(with, looping())
				without = append(without, players())
			}
		}
		ratio = median(with) / median(without)
		t.Logf("try %d: players' moves a second %v without the loopers, %v with them (%d replays served): %.2f", try, without, with, served.Load(), ratio)
		if ratio >= 0.9 {
			return
		}
	}
	t.Errorf("ten clients looping on a replay cost the players %.0f%% of their moves a second, want at most 10%%", 100*(1-ratio))
}

// BenchmarkReplayServed is the cost of a replay asked for again: the
// finished 4-player Open Source match's, built once, then served from
// the cache, whole (bytes/op is the answer's size).
func BenchmarkReplayServed(b *testing.B) {
	n := startNode(b, nil, server.Config{})
	id := finishedMatch(b, n, bigReplay)
	get := func() int {
		resp, err := http.Get(n.url + "/api/matches/" + id + "/replay")
		if err != nil {
			b.Fatal(err)
		}
		m, _ := io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("%d", resp.StatusCode)
		}
		return int(m)
	}
	size := get() // built
	b.ResetTimer()
	for b.Loop() {
		get()
	}
	b.ReportMetric(float64(size), "bytes")
}

// TestStateTextOnlyWhenAsked: the state a client gets, over the
// WebSocket or from GET .../state, has the game's text rendering only
// when it asked for it with text=1 (the web app's boards draw the
// observation, and rendering every state as text for nobody was a
// fourteenth of the server's CPU under load).
func TestStateTextOnlyWhenAsked(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	id := a.Match.ID
	for _, q := range []string{"", "?text=1", "?text=0"} {
		_, raw := n.call("GET", "/api/matches/"+id+"/state"+q, a.Token, nil, nil)
		if has := strings.Contains(string(raw), `"text":`); has != (q == "?text=1") {
			t.Errorf("GET /state%s: text given %v", q, has)
		}
	}
	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + id + "/ws"
	for _, q := range []string{"", "?text=1"} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		conn, _, err := websocket.Dial(ctx, url+q, nil)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetReadLimit(1 << 20)
		_, raw, err := conn.Read(ctx)
		cancel()
		conn.CloseNow()
		if err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(string(raw), `"text":`); has != (q != "") {
			t.Errorf("WebSocket%s: text given %v", q, has)
		}
	}
	if code, raw := n.call("GET", "/api/matches/"+id+"/state?text=yes", a.Token, nil, nil); code != http.StatusBadRequest || !strings.Contains(string(raw), `want 1`) {
		t.Errorf("text=yes: %d %s", code, raw)
	}
}
