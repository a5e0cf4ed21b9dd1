package web_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/web"
	"github.com/commons-games/commons/web/internal/bundle"
)

// TestDistUpToDate checks that the bundle checked in under dist/ is what
// go generate makes from src/ and static/ now: a change to the
// TypeScript without a new bundle fails here (and the bundle is
// reproducible: the same sources give the same bytes).
func TestDistUpToDate(t *testing.T) {
	want, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := bundle.Read("dist")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range bundle.Names(want) {
		if !bytes.Equal(got[name], want[name]) {
			t.Errorf("dist/%s is stale or missing: run go generate ./web/...", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("dist/%s is not made by the build: run go generate ./web/...", name)
		}
	}
	again, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, again) {
		t.Error("two builds of the same sources differ")
	}
}

func get(t *testing.T, h http.Handler, method, path string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestHandlerPages(t *testing.T) {
	h := web.Handler()
	for _, path := range []string{"/", "/new", "/match/k3h2v9q8z0ab", "/replay/k3h2v9q8z0ab", "/match/"} {
		resp := get(t, h, "GET", path, nil)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", path, ct)
		}
		if !bytes.Contains(body, []byte(`<main id="app">`)) {
			t.Errorf("GET %s: not the app's page:\n%s", path, body)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
		// The page names its script and styles with their hashes.
		if !bytes.Contains(body, []byte(`src="/static/app.js?v=`)) || !bytes.Contains(body, []byte(`href="/static/app.css?v=`)) {
			t.Errorf("GET %s: the page does not name versioned assets:\n%s", path, body)
		}
	}
	for _, path := range []string{"/nothing", "/static/none.js", "/static/index.html", "/api/games"} {
		if resp := get(t, h, "GET", path, nil); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	if resp := get(t, h, "POST", "/", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", resp.StatusCode)
	}
}

func TestHandlerAssets(t *testing.T) {
	h := web.Handler()
	for path, ctype := range map[string]string{
		"/static/app.js":      "text/javascript; charset=utf-8",
		"/static/app.css":     "text/css; charset=utf-8",
		"/static/favicon.svg": "image/svg+xml",
		"/favicon.ico":        "image/svg+xml",
	} {
		resp := get(t, h, "GET", path, nil)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || len(body) == 0 {
			t.Errorf("GET %s: %d, %d bytes", path, resp.StatusCode, len(body))
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", path, got, ctype)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", path)
		}
		etag := resp.Header.Get("ETag")
		if etag == "" {
			t.Errorf("GET %s: no ETag", path)
			continue
		}
		if r2 := get(t, h, "GET", path, map[string]string{"If-None-Match": etag}); r2.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", path, r2.StatusCode)
		}
		if path == "/favicon.ico" {
			continue
		}
		// Named with its hash, the file may be cached for good.
		v := strings.Trim(etag, `"`)
		if r3 := get(t, h, "GET", path+"?v="+v, nil); !strings.Contains(r3.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("GET %s?v=HASH: Cache-Control %q", path, r3.Header.Get("Cache-Control"))
		}
		if r4 := get(t, h, "GET", path+"?v=old", nil); r4.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s?v=old: Cache-Control %q", path, r4.Header.Get("Cache-Control"))
		}
	}
}

// randomRecord plays a game of name to its end with random moves.
func randomRecord(t *testing.T, name string, players int, seed uint64) *record.Record {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := game.NewState(g, players, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.New(name, players, nil, nil)
	r := rand.New(rand.NewPCG(seed, 7))
	var buf []game.Action
	for !game.IsTerminal(st) {
		buf = st.LegalActions(buf)
		a := buf[r.IntN(len(buf))]
		rec.Moves = append(rec.Moves, record.Notation(st, a))
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

func postReplay(t *testing.T, query string, body []byte, gz bool) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest("POST", "/web/replay"+query, bytes.NewReader(body))
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	rec := httptest.NewRecorder()
	web.Handler().ServeHTTP(rec, req)
	out := rec.Body.Bytes()
	if rec.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		out, _ = io.ReadAll(zr)
	}
	return rec.Code, out
}

func TestReplayPositions(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		seat    string
	}{
		{"source", 2, ""},
		{"3io", 2, "?seat=2"},
		{"breaking-head", 4, "?seat=3"},
		{"breaking-head", 3, "?seat=0"},
	} {
		t.Run(tc.game+tc.seat, func(t *testing.T) {
			rec := randomRecord(t, tc.game, tc.players, 1)
			code, body := postReplay(t, tc.seat, rec.Marshal(), true)
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			var rp web.Replay
			if err := json.Unmarshal(body, &rp); err != nil {
				t.Fatal(err)
			}
			if len(rp.Moves) != len(rec.Moves) || !rp.Over || len(rp.Result) != tc.players {
				t.Fatalf("%d moves, over %v, result %v; want %d moves to the end", len(rp.Moves), rp.Over, rp.Result, len(rec.Moves))
			}
			// Each step is the position after its first N entries, seen
			// by the viewer: the same as the engine's observation there.
			g, _ := game.Lookup(tc.game)
			viewer := game.Spectator
			if rp.Viewer > 0 {
				viewer = game.Player(rp.Viewer - 1)
			}
			for i, step := range rp.Steps {
				if i > 0 && step.N <= rp.Steps[i-1].N {
					t.Fatalf("step %d: n %d after %d", i, step.N, rp.Steps[i-1].N)
				}
				st, _ := game.NewState(g, tc.players, nil)
				for _, m := range rec.Moves[:step.N] {
					a, err := st.ParseAction(strings.TrimPrefix(m, record.ChancePrefix))
					if err != nil {
						t.Fatal(err)
					}
					st.Apply(a)
				}
				if game.IsChance(st) {
					t.Fatalf("step %d is at a chance node", i)
				}
				wantJSON, _ := json.Marshal(st.Observation(viewer))
				gotJSON, _ := json.Marshal(step.Observation)
				var want, got any
				json.Unmarshal(wantJSON, &want)
				json.Unmarshal(gotJSON, &got)
				if !reflect.DeepEqual(want, got) {
					t.Fatalf("step %d (n=%d): observation\n%s\nwant\n%s", i, step.N, gotJSON, wantJSON)
				}
				if step.Text != st.Render(viewer) {
					t.Fatalf("step %d: text differs", i)
				}
			}
			if last := rp.Steps[len(rp.Steps)-1]; last.N != len(rec.Moves) || last.ToMove != 0 {
				t.Fatalf("last step n=%d to_move=%d", last.N, last.ToMove)
			}
		})
	}
}

func TestReplayRefusals(t *testing.T) {
	good := randomRecord(t, "source", 2, 2).Marshal()
	masked := []byte(`{"game":"breaking-head","players":3,"moves":["*?","*?","?"]}`)
	for _, tc := range []struct {
		name, query string
		body        []byte
		status      int
		msg         string
	}{
		{"garbage", "", []byte("nope"), 400, "malformed record"},
		{"unknown field", "", []byte(`{"game":"source","players":2,"moves":[],"x":1}`), 400, "unknown field"},
		{"seat out of range", "?seat=3", good, 422, "seat 3"},
		{"bad seat", "?seat=x", good, 400, "seat"},
		{"masked moves", "", masked, 422, "hidden moves"},
		{"illegal move", "", []byte(`{"game":"source","players":2,"moves":["e5"]}`), 422, `"e5"`},
		{"unknown game", "", []byte(`{"game":"chess","players":2,"moves":[]}`), 422, "chess"},
		{"file option", "", []byte(`{"game":"3io","players":2,"options":{"tiles":"/etc/passwd"},"moves":[]}`), 400, "file"},
		{"too big", "", append([]byte(`{"game":"source","players":2,"moves":["`), bytes.Repeat([]byte("x"), 2<<20)...), 413, "bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := postReplay(t, tc.query, tc.body, false)
			var e struct{ Error string }
			json.Unmarshal(body, &e)
			if code != tc.status || !strings.Contains(e.Error, tc.msg) {
				t.Errorf("status %d %q, want %d and an error with %q", code, e.Error, tc.status, tc.msg)
			}
		})
	}
}

// TestPositionsAsSeen: a replay made from a complete record its caller
// may not see whole shows the viewer's own moves in full and every other
// entry in its public form (B18: another seat's pass is "pass", a draw
// names no card); in a game of perfect information every entry is the
// record's. The positions are Positions'.
func TestPositionsAsSeen(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		viewer  game.Player
	}{
		{"breaking-head", 4, 2},
		{"breaking-head", 3, game.Spectator},
		{"source", 2, game.Spectator},
	} {
		rec := randomRecord(t, tc.game, tc.players, 3)
		full, err := web.Positions(rec, tc.viewer)
		if err != nil {
			t.Fatal(err)
		}
		seen, err := web.PositionsAsSeen(rec, tc.viewer)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(full.Steps, seen.Steps) {
			t.Errorf("%s: the positions differ from Positions'", tc.game)
		}
		own, masked := 0, 0
		for i, e := range seen.Moves {
			mine := tc.viewer >= 0 && e.Seat == tc.viewer.Seat()
			switch {
			case tc.game != "breaking-head" || mine:
				if e.Move != full.Moves[i].Move {
					t.Errorf("%s: entry %d shown as %q, want %q in full", tc.game, i, e.Move, full.Moves[i].Move)
				}
				if mine {
					own++
				}
			case strings.HasPrefix(full.Moves[i].Move, "pass "):
				if e.Move != "pass" {
					t.Errorf("%s: another seat's pass %d shown as %q, want \"pass\"", tc.game, i, e.Move)
				}
				masked++
			case e.Seat == 0 && strings.Contains(full.Moves[i].Move, " draws "):
				if e.Move == full.Moves[i].Move || !strings.HasSuffix(e.Move, " draws a card") {
					t.Errorf("%s: draw %d (%q) shown as %q", tc.game, i, full.Moves[i].Move, e.Move)
				}
				masked++
			}
		}
		if tc.game == "breaking-head" && (masked == 0 || tc.viewer >= 0 && own == 0) {
			t.Errorf("%s: %d entries masked, %d of the viewer's own: the game showed nothing to check", tc.game, masked, own)
		}
	}
}

// TestPositionsAsSeenDrawsNothingFromTheSeed: a record cut just before a
// chance outcome (a draw still to come) replays, as seen, to its last
// move and no further, although its seed could draw the outcome: the
// seed a server keeps is the one its match's next draws come from.
func TestPositionsAsSeenDrawsNothingFromTheSeed(t *testing.T) {
	rec := randomRecord(t, "breaking-head", 4, 5)
	cut := -1
	for i := len(rec.Moves) / 2; i < len(rec.Moves); i++ {
		if record.IsChance(rec.Moves[i]) && !record.IsChance(rec.Moves[i-1]) {
			cut = i
			break
		}
	}
	if cut < 0 {
		t.Fatal("the record has no draw after its middle")
	}
	seed := uint64(11)
	short := &record.Record{Game: rec.Game, Players: rec.Players, Seed: &seed, Moves: rec.Moves[:cut]}
	full, err := web.Positions(short, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Moves) <= cut {
		t.Fatalf("Positions drew nothing from the seed (%d moves): the test shows nothing", len(full.Moves))
	}
	seen, err := web.PositionsAsSeen(short, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen.Moves) != cut || seen.Over {
		t.Fatalf("PositionsAsSeen: %d moves (over %v), want the record's %d: it drew outcomes from the seed", len(seen.Moves), seen.Over, cut)
	}
	if short.Seed == nil {
		t.Fatal("PositionsAsSeen changed its caller's record")
	}
}
