package server_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/commons-games/commons/server"
)

var updateGolden = flag.Bool("update-golden", false, "write testdata/golden anew (TestScriptedMatchAnswersUnchanged)")

// TestScriptedMatchAnswersUnchanged: the server's answers to a scripted
// match of Source between two people (made, joined, forty moves over
// HTTP, each seat's and a spectator's state and replay, the records,
// a resignation) are what testdata/golden/scripted-match.golden holds,
// byte for byte, once the match's ID, its seat tokens, its seed and the
// times are written as placeholders. Source has no chance: with those
// aside, every answer is the same at every run. A change that means to
// move them writes the file anew with -update-golden.
func TestScriptedMatchAnswersUnchanged(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	var out bytes.Buffer
	var id string
	var tokens []string
	say := func(what string, code int, raw []byte) {
		fmt.Fprintf(&out, "== %s: %d\n%s\n", what, code, bytes.TrimSpace(raw))
	}
	call := func(what, method, path, token string, body any) []byte {
		code, raw := n.call(method, path, token, body, nil)
		say(what, code, raw)
		return raw
	}
	var a struct {
		Match struct{ ID string } `json:"match"`
		Token string              `json:"token"`
	}
	json.Unmarshal(call("create", "POST", "/api/matches", "", map[string]any{"game": "source", "name": "ann", "join": 1}), &a)
	id = a.Match.ID
	tokens = append(tokens, a.Token)
	json.Unmarshal(call("join", "POST", "/api/matches/"+id+"/join", "", map[string]any{"name": "bob"}), &a)
	tokens = append(tokens, a.Token)
	base := "/api/matches/" + id
	for i := range 40 {
		var st struct {
			Version int      `json:"version"`
			ToMove  int      `json:"to_move"`
			Legal   []string `json:"legal"`
		}
		for seat := 1; seat <= 2; seat++ {
			var s struct {
				Version int      `json:"version"`
				ToMove  int      `json:"to_move"`
				Legal   []string `json:"legal"`
			}
			json.Unmarshal(call(fmt.Sprintf("state of seat %d, move %d", seat, i), "GET", base+"/state", tokens[seat-1], nil), &s)
			if len(s.Legal) > 0 {
				st = s
			}
		}
		if len(st.Legal) == 0 {
			break
		}
		// Not always the first: the moves should reach every kind.
		m := st.Legal[(i*7)%len(st.Legal)]
		call(fmt.Sprintf("move %d", i), "POST", base+"/moves", tokens[st.ToMove-1], map[string]any{"move": m, "version": st.Version})
	}
	call("spectator's state", "GET", base+"/state?text=1", "", nil)
	call("match", "GET", base, "", nil)
	call("public record", "GET", base+"/record", "", nil)
	call("replay", "GET", base+"/replay", "", nil)
	call("replay page 0 as seat 2, with text", "GET", base+"/replay?seat=2&page=0&text=1", tokens[1], nil)
	call("resign", "POST", base+"/resign", tokens[0], nil)
	call("complete record", "GET", base+"/record", "", nil)
	call("replay at the end", "GET", base+"/replay", "", nil)
	call("lobby", "GET", "/api/matches?status=over", "", nil)

	got := out.Bytes()
	got = bytes.ReplaceAll(got, []byte(id), []byte("MATCHID"))
	for i, tok := range tokens {
		got = bytes.ReplaceAll(got, []byte(tok), []byte(fmt.Sprintf("TOKEN%d", i+1)))
	}
	got = regexp.MustCompile(`"(created|deadline|abandoned|expires)":"[^"]*"`).ReplaceAll(got, []byte(`"$1":"TIME"`))
	got = regexp.MustCompile(`"seed":\s*\d+`).ReplaceAll(got, []byte(`"seed":SEED`))
	got = regexp.MustCompile(`"etag":"[^"]*"`).ReplaceAll(got, []byte(`"etag":"ETAG"`))
	file := "testdata/golden/scripted-match.golden"
	if *updateGolden {
		os.MkdirAll("testdata/golden", 0o755)
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (write it with -update-golden)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("answer line %d differs:\n got %.600s\nwant %.600s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%d answer lines, want %d", len(gl), len(wl))
	}
}
