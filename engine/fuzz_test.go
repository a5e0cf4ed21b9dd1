package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzServe feeds Serve arbitrary input after a prelude that makes
// states of two games: it must never panic or stop early, and must
// answer every line with one line of JSON.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"op":"legal","state":1}`,
		`{"id":2,"op":"apply","state":2,"move":"pass crossing"}`,
		`{"id":3,"op":"observation","state":2,"seat":1,"form":"tensor"}`,
		`{"id":4,"op":"resample","state":2,"seat":"spectator"}`,
		`{"op":"new","game":"3io","players":4,"options":{"civilization-pacing":"on"}}`,
		`{"op":"undo","state":1,"n":-3}`,
		`{"op":"sample","state":2,"apply":true,"seed":5}`,
		`{"op":"record","state":2}`,
		`{"op":"information_state","state":2,"seat":3}`,
		`{"op":"bot","state":1,"bot":"greedy","apply":true}`,
		`{"id":"\u00e9\ud83d\ude00","op":"chance","state":2}`,
		`{"op":"free","state":1}` + "\n" + `{"op":"legal","state":1}`,
		"{\"op\":\"games\"\r\n[1,2]\n\"x\"\nnull\n{}\n{{",
	} {
		f.Add(s)
	}
	prelude := `{"op":"new","game":"source","seed":1}` + "\n" + `{"op":"new","game":"breaking-head","players":3,"seed":1}` + "\n"
	f.Fuzz(func(t *testing.T, in string) {
		for _, slow := range []string{"mcts", "rollout", "easy", "medium", "hard", "script"} {
			if strings.Contains(in, slow) {
				return // a search bot's budget makes the fuzzer slow, not find bugs
			}
		}
		var out bytes.Buffer
		if err := Serve(context.Background(), strings.NewReader(prelude+in), &out, Options{MaxLine: 4096, MaxStates: 64}); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		want := 2
		for _, l := range strings.Split(in, "\n") {
			if len(trimLine([]byte(l))) > 0 {
				want++
			}
		}
		if len(lines) != want {
			t.Fatalf("%d answer lines to %d request lines:\n%s", len(lines), want, out.String())
		}
		for _, l := range lines {
			if !json.Valid([]byte(l)) {
				t.Fatalf("an answer is not JSON: %q", l)
			}
			if strings.Contains(l, "internal error") {
				t.Fatalf("a panic: %s", l)
			}
		}
	})
}
