package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/record"
)

// serve runs Serve on the lines and returns the answers, one a line.
func serve(t testing.TB, lines ...string) []string {
	t.Helper()
	var out bytes.Buffer
	if err := Serve(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, Options{}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d answers to %d requests:\n%s", len(got), len(lines), out.String())
	}
	return got
}

// answer decodes an answer line, failing on a line that is no JSON.
func answer(t testing.TB, line string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		t.Fatalf("answer %q is not JSON: %v", line, err)
	}
	return m
}

func TestErrors(t *testing.T) {
	prelude := []string{`{"id":0,"op":"new","game":"source","seed":1}`}
	tests := []struct {
		name, line, want string
	}{
		{"not JSON", `hello`, "want a JSON object"},
		{"truncated", `{"id":1,"op":"legal"`, "not closed"},
		{"no op", `{"id":1}`, `missing field "op"`},
		{"unknown op", `{"id":1,"op":"fly"}`, `unknown op "fly"`},
		{"unknown field", `{"id":1,"op":"legal","stat":1}`, `unknown field "stat"`},
		{"wrong type", `{"id":1,"op":"legal","state":"one"}`, `field "state": want a whole number, not a string`},
		{"fraction", `{"id":1,"op":"legal","state":1.5}`, "not a fraction"},
		{"huge number", `{"id":1,"op":"legal","state":123456789012345678901}`, "out of range"},
		{"op not a string", `{"id":1,"op":3}`, `field "op": want a string, not a number`},
		{"id an object", `{"id":{},"op":"games"}`, `field "id": want a number or a string`},
		{"unknown handle", `{"id":1,"op":"legal","state":99}`, "legal: unknown state 99"},
		{"no handle", `{"id":1,"op":"legal"}`, `missing field "state"`},
		{"unknown game", `{"id":1,"op":"new","game":"chess"}`, `unknown game "chess"`},
		{"bad players", `{"id":1,"op":"new","game":"source","players":3}`, "3 players"},
		{"bad option", `{"id":1,"op":"new","game":"source","options":{"nope":"1"}}`, `unknown option "nope"`},
		{"options not an object", `{"id":1,"op":"new","game":"source","options":[1]}`, `field "options": want an object`},
		{"illegal move", `{"id":1,"op":"apply","state":1,"move":"zz99"}`, `apply: move "zz99"`},
		{"illegal id", `{"id":1,"op":"apply","state":1,"action":100000}`, "apply: action 100000"},
		{"negative id", `{"id":1,"op":"apply","state":1,"action":-1}`, "want a non-negative action id"},
		{"both", `{"id":1,"op":"apply","state":1,"action":1,"move":"a1"}`, "not both"},
		{"no action", `{"id":1,"op":"apply","state":1}`, `missing field "action"`},
		{"bad seat", `{"id":1,"op":"observation","state":1,"seat":3}`, "seat 3: want a seat from 1 to 2"},
		{"bad seat word", `{"id":1,"op":"observation","state":1,"seat":"all"}`, `"all": want a seat number`},
		{"bad form", `{"id":1,"op":"observation","state":1,"seat":1,"form":"png"}`, `form "png"`},
		{"no sampler", `{"id":1,"op":"resample","state":1,"seat":1}`, "source has no hidden information"},
		{"not chance", `{"id":1,"op":"sample","state":1}`, "not a chance node"},
		{"no undo", `{"id":1,"op":"undo","state":1}`, "undo 1 moves: 0 may be taken back"},
		{"bad bot", `{"id":1,"op":"bot","state":1,"bot":"wizard"}`, `bot "wizard"`},
		{"data after", `{"id":1,"op":"games"} x`, "data after the object"},
		{"bad escape", `{"id":1,"op":"ga\qmes"}`, `bad escape`},
		{"control char", "{\"id\":1,\"op\":\"ga\x01mes\"}", "control character"},
		{"bool wrong", `{"id":1,"op":"sample","state":1,"apply":1}`, `field "apply": want true or false`},
		{"negative seed", `{"id":1,"op":"new","game":"source","seed":-1}`, `field "seed"`},
		{"missing table", `{"id":1,"op":"new","game":"3io","options":{"tiles":"/no/such/tiles.json"}}`, "/no/such/tiles.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := serve(t, append(prelude, tt.line)...)
			m := answer(t, got[1])
			msg, _ := m["error"].(string)
			if !strings.Contains(msg, tt.want) {
				t.Errorf("%s\n got %s\nwant an error containing %q", tt.line, got[1], tt.want)
			}
		})
	}
}

func TestLongLine(t *testing.T) {
	var out bytes.Buffer
	long := `{"id":1,"op":"games","x":"` + strings.Repeat("a", 3000) + `"}`
	in := long + "\n" + `{"id":2,"op":"new","game":"source"}` + "\n"
	if err := Serve(context.Background(), strings.NewReader(in), &out, Options{MaxLine: 1000}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "request line too long: over 1000 bytes") || !strings.Contains(lines[1], `"state":1`) {
		t.Fatalf("got %q", lines)
	}
}

func TestIDEcho(t *testing.T) {
	got := serve(t, `{"id":"abc","op":"games"}`, `{"op":"new","game":"source"}`, `{"id":-7.5e3,"op":"player","state":1}`)
	for i, want := range []string{`{"id":"abc",`, `{"id":null,`, `{"id":-7.5e3,`} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("answer %d %q: want it to start %s", i, got[i], want)
		}
	}
}

// TestSourceFlow walks one state through every op of a perfect-
// information game.
func TestSourceFlow(t *testing.T) {
	first := answer(t, serve(t, `{"op":"new","game":"source","seed":3}`, `{"op":"legal","state":1}`)[1])["moves"].([]any)[0].(string)
	got := serve(t,
		`{"id":1,"op":"new","game":"Source","seed":3}`,
		`{"id":2,"op":"legal","state":1}`,
		`{"id":3,"op":"apply","state":1,"move":"`+first+`"}`,
		`{"id":4,"op":"clone","state":1}`,
		`{"id":4.5,"op":"clone","state":1}`,
		`{"id":5,"op":"bot","state":2,"bot":"random","apply":true}`,
		`{"id":6,"op":"status","state":1}`,
		`{"id":7,"op":"status","state":2}`,
		`{"id":8,"op":"undo","state":1}`,
		`{"id":9,"op":"record","state":2}`,
		`{"id":10,"op":"observation","state":1,"seat":1,"form":"tensor"}`,
		`{"id":11,"op":"observation","state":1,"seat":"spectator","form":"text"}`,
		`{"id":12,"op":"bot","state":2,"bot":"greedy","apply":true}`,
		`{"id":13,"op":"free","state":2}`,
		`{"id":14,"op":"player","state":2}`,
		`{"id":15,"op":"terminal","state":1}`,
		`{"id":16,"op":"returns","state":1}`,
		`{"id":17,"op":"shape","state":1}`,
		`{"id":18,"op":"information_state","state":3,"seat":2}`,
	)
	a := func(i int) map[string]any { return answer(t, got[i]) }
	if a(0)["state"] != 1.0 || a(0)["game"] != "source" || a(0)["player"] != 1.0 {
		t.Errorf("new: %s", got[0])
	}
	if n := len(a(1)["actions"].([]any)); n == 0 || n != len(a(1)["moves"].([]any)) {
		t.Errorf("legal: %s", got[1])
	}
	if _, ok := a(2)["error"]; ok {
		t.Fatalf("apply %s: %s", first, got[2])
	}
	if a(3)["state"] != 2.0 {
		t.Errorf("clone: %s", got[3])
	}
	if a(6)["moves"] != 1.0 || a(7)["moves"] != 2.0 {
		t.Errorf("the clone's move changed the original: %s / %s", got[6], got[7])
	}
	if a(8)["error"] != nil || a(8)["undoable"] != 0.0 {
		t.Errorf("undo of the seat's own move in its turn: %s", got[8])
	}
	rec := a(9)["record"].(map[string]any)
	if rec["game"] != "source" || len(rec["moves"].([]any)) != 2 || rec["seed"] != 3.0 {
		t.Errorf("record: %s", got[9])
	}
	if sh := a(10)["shape"].([]any); len(sh) != 3 || len(a(10)["tensor"].([]any)) != 18*81 {
		t.Errorf("tensor: %.200s", got[10])
	}
	if !strings.Contains(a(11)["text"].(string), "a  b  c") {
		t.Errorf("text: %s", got[11])
	}
	if a(12)["error"] != nil || a(12)["move"] == nil {
		t.Errorf("bot: %s", got[12])
	}
	if a(14)["error"] == nil {
		t.Errorf("a freed state still answers: %s", got[14])
	}
	if a(15)["terminal"] != false || len(a(16)["returns"].([]any)) != 2 {
		t.Errorf("terminal, returns: %s %s", got[15], got[16])
	}
	if !strings.Contains(a(18)["text"].(string), "1. seat 1: ") {
		t.Errorf("information state: %s", got[18])
	}
}

// TestChanceAndRecord plays every game to its end through the protocol
// with seeded samples and random legal moves, and checks that the record
// the engine writes replays to the same end.
func TestChanceAndRecord(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		t.Run(in.Name, func(t *testing.T) {
			c := newClient(t)
			defer c.close()
			h := c.call(fmt.Sprintf(`{"op":"new","game":%q,"players":%d,"seed":11}`, in.Name, in.MinPlayers))["state"]
			r := game.NewRand(5)
			for step := 0; step < 5000; step++ {
				st := c.call(fmt.Sprintf(`{"op":"status","state":%v}`, h))
				if st["terminal"] == true {
					break
				}
				if st["player"] == "chance" {
					ch := c.call(fmt.Sprintf(`{"op":"chance","state":%v}`, h))
					sum := 0.0
					for _, p := range ch["probs"].([]any) {
						sum += p.(float64)
					}
					if sum < 0.999999 || sum > 1.000001 {
						t.Fatalf("chance probabilities sum to %v", sum)
					}
					c.call(fmt.Sprintf(`{"op":"sample","state":%v,"seed":%d,"apply":true}`, h, step))
					continue
				}
				acts := c.call(fmt.Sprintf(`{"op":"legal","state":%v}`, h))["actions"].([]any)
				a := acts[r.IntN(len(acts))]
				if res := c.call(fmt.Sprintf(`{"op":"apply","state":%v,"action":%v}`, h, a)); res["error"] != nil {
					t.Fatalf("apply %v: %v", a, res["error"])
				}
			}
			recJSON, _ := json.Marshal(c.call(fmt.Sprintf(`{"op":"record","state":%v}`, h))["record"])
			rec, err := record.Parse(recJSON)
			if err != nil {
				t.Fatalf("the record does not parse: %v\n%s", err, recJSON)
			}
			rp, err := record.Play(rec, record.Options{})
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			want := c.call(fmt.Sprintf(`{"op":"returns","state":%v}`, h))["returns"].([]any)
			got := rp.State.Returns(nil)
			for i := range got {
				if got[i] != want[i].(float64) {
					t.Fatalf("replayed returns %v, the engine's %v", got, want)
				}
			}
			if !game.IsTerminal(rp.State) {
				t.Fatal("the replay did not end")
			}
		})
	}
}

// TestHiddenInformation checks resample, the observation's privacy and
// the information state of Breaking Head.
func TestHiddenInformation(t *testing.T) {
	c := newClient(t)
	defer c.close()
	h := c.call(`{"op":"new","game":"breaking-head","players":4,"seed":2}`)["state"]
	for c.call(fmt.Sprintf(`{"op":"player","state":%v}`, h))["player"] == "chance" {
		c.call(fmt.Sprintf(`{"op":"sample","state":%v,"apply":true}`, h))
	}
	p := c.call(fmt.Sprintf(`{"op":"player","state":%v}`, h))["player"]
	obs := func(state any, seat any) string {
		b, _ := json.Marshal(c.call(fmt.Sprintf(`{"op":"observation","state":%v,"seat":%v}`, state, seat))["observation"])
		return string(b)
	}
	s2 := c.call(fmt.Sprintf(`{"op":"resample","state":%v,"seat":%v,"seed":9}`, h, p))["state"]
	if obs(h, p) != obs(s2, p) {
		t.Errorf("the resampled state shows seat %v another observation", p)
	}
	t1 := c.call(fmt.Sprintf(`{"op":"observation","state":%v,"seat":%v,"form":"tensor"}`, h, p))["tensor"]
	t2 := c.call(fmt.Sprintf(`{"op":"observation","state":%v,"seat":%v,"form":"tensor"}`, s2, p))["tensor"]
	if fmt.Sprint(t1) != fmt.Sprint(t2) {
		t.Error("the resampled state gives another tensor")
	}
	// A move, then the information states: the mover's shows its move,
	// another's at most the public form.
	acts := c.call(fmt.Sprintf(`{"op":"legal","state":%v}`, h))["moves"].([]any)
	var pass string
	for _, m := range acts {
		if strings.HasPrefix(m.(string), "pass ") {
			pass = m.(string)
		}
	}
	if pass == "" {
		t.Skip("no pass move to check")
	}
	c.call(fmt.Sprintf(`{"op":"apply","state":%v,"move":%q}`, h, pass))
	mine := c.call(fmt.Sprintf(`{"op":"information_state","state":%v,"seat":%v}`, h, p))["text"].(string)
	other := int(p.(float64))%4 + 1
	theirs := c.call(fmt.Sprintf(`{"op":"information_state","state":%v,"seat":%d}`, h, other))["text"].(string)
	if !strings.Contains(mine, pass) || strings.Contains(theirs, pass) {
		t.Errorf("the pass %q: in the mover's information state %v, in another's %v", pass, strings.Contains(mine, pass), strings.Contains(theirs, pass))
	}
}

func TestTooManyStates(t *testing.T) {
	var out bytes.Buffer
	in := `{"op":"new","game":"source"}` + "\n" + `{"op":"clone","state":1}` + "\n" + `{"op":"clone","state":1}` + "\n"
	Serve(context.Background(), strings.NewReader(in), &out, Options{MaxStates: 2})
	if !strings.Contains(out.String(), "too many states: 2 held") {
		t.Errorf("got %s", out.String())
	}
}

func TestContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Serve(ctx, strings.NewReader(`{"op":"games"}`+"\n"), &bytes.Buffer{}, Options{}); err != context.Canceled {
		t.Errorf("Serve with a cancelled context: %v", err)
	}
}

// TestUndoRule follows the engine's undo rule in Source: a colour turn
// has two action points, so the first move of a turn may be taken back
// but not two, and after the turn's second move (which ends the colour
// turn) nothing may.
func TestUndoRule(t *testing.T) {
	c := newClient(t)
	defer c.close()
	c.call(`{"op":"new","game":"source"}`)
	before := c.call(`{"op":"observation","state":1,"seat":1,"form":"text"}`)["text"]
	place := func() map[string]any {
		for _, m := range c.call(`{"op":"legal","state":1}`)["moves"].([]any) {
			if m != "end" {
				return c.call(fmt.Sprintf(`{"op":"apply","state":1,"move":%q}`, m))
			}
		}
		t.Fatal("no move but end")
		return nil
	}
	if res := place(); res["player"] != 1.0 {
		t.Fatalf("after the first action point: %v", res)
	}
	if res := c.call(`{"op":"undo","state":1,"n":2}`); !strings.Contains(fmt.Sprint(res["error"]), "undo 2 moves: 1 may be taken back") {
		t.Errorf("undo 2: %v", res)
	}
	if res := c.call(`{"op":"undo","state":1}`); res["error"] != nil || res["undoable"] != 0.0 || res["player"] != 1.0 {
		t.Errorf("undo: %v", res)
	}
	if after := c.call(`{"op":"observation","state":1,"seat":1,"form":"text"}`)["text"]; after != before {
		t.Errorf("after undo:\n%v\nwant:\n%v", after, before)
	}
	if n := c.call(`{"op":"status","state":1}`)["moves"]; n != 0.0 {
		t.Errorf("after undo the state has %v moves, want 0", n)
	}
	place()
	if res := place(); res["player"] != 2.0 {
		t.Fatalf("after the second action point: %v", res)
	}
	if res := c.call(`{"op":"undo","state":1}`); !strings.Contains(fmt.Sprint(res["error"]), "0 may be taken back") {
		t.Errorf("undo after the turn ended: %v", res)
	}
}

func TestOptionsAndSpectator(t *testing.T) {
	got := serve(t,
		`{"id":1,"op":"new","game":"3io","players":2,"options":{"civilization-pacing":"on"}}`,
		`{"id":2,"op":"record","state":1}`,
		`{"id":3,"op":"new","game":"breaking-head","players":3}`,
		`{"id":4,"op":"resample","state":2,"seat":"spectator"}`,
		`{"id":5,"op":"observation","state":2,"seat":"spectator","form":"tensor"}`,
		`{"id":6,"op":"observation","state":2,"seat":"spectator"}`,
		`{"id":7,"op":"games"}`,
	)
	if !strings.Contains(got[1], `"options":{"civilization-pacing":"on"}`) {
		t.Errorf("the record keeps the option: %s", got[1])
	}
	if !strings.Contains(got[3], "want a seat, not the spectator") || !strings.Contains(got[4], "not the spectator") {
		t.Errorf("the spectator resampled or given a tensor: %s / %s", got[3], got[4])
	}
	if !strings.Contains(got[5], `"viewer":0`) {
		t.Errorf("the spectator's observation: %.200s", got[5])
	}
	var games struct {
		Games []struct {
			Name    string `json:"name"`
			Shape   []int  `json:"observation_shape"`
			Actions int    `json:"num_distinct_actions"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(got[6]), &games); err != nil || len(games.Games) != 5 {
		t.Fatalf("games: %v %.300s", err, got[6])
	}
	for _, g := range games.Games {
		if len(g.Shape) == 0 || g.Actions == 0 {
			t.Errorf("%s: no tensor shape or action count in games", g.Name)
		}
	}
}
