package engine

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/transcripts from the engine's answers")

// transcriptGames are the games of docs/engine.md's transcripts.
var transcriptGames = []struct {
	name    string
	players int
}{
	{"source", 2}, {"3io", 2}, {"breaking-head", 3}, {"open-science-alliance", 2}, {"open-source-board-game", 2},
}

// transcript plays one game's script through the engine and returns the
// exchange: each request line after "> " and its answer after "< ".
// The script: new, status, the chance outcomes and samples up to the
// first decision, legal, an illegal move, the first legal move, a clone
// and a bot's move on it, shape, returns, record, free, and a request
// on the freed handle.
func transcript(t *testing.T, name string, players int) string {
	c := newClient(t)
	defer c.close()
	var b strings.Builder
	id := 0
	do := func(req string) map[string]any {
		id++
		line := fmt.Sprintf(`{"id":%d,%s}`, id, req)
		if _, err := c.w.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
		ans, err := c.r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "> %s\n< %s", line, ans)
		var m map[string]any
		if err := json.Unmarshal([]byte(ans), &m); err != nil {
			t.Fatalf("%s: %v", ans, err)
		}
		return m
	}
	do(fmt.Sprintf(`"op":"new","game":%q,"players":%d,"seed":7`, name, players))
	st := do(`"op":"status","state":1`)
	for first := true; st["player"] == "chance"; first = false {
		if first {
			do(`"op":"chance","state":1`)
		}
		st = do(`"op":"sample","state":1,"apply":true`)
	}
	legal := do(`"op":"legal","state":1`)
	do(`"op":"apply","state":1,"move":"no such move"`)
	move, _ := json.Marshal(legal["moves"].([]any)[0])
	do(fmt.Sprintf(`"op":"apply","state":1,"move":%s`, move))
	do(`"op":"clone","state":1`)
	do(`"op":"bot","state":2,"bot":"greedy","seed":1,"apply":true`)
	do(`"op":"shape","state":1`)
	do(`"op":"returns","state":2`)
	do(`"op":"record","state":2`)
	do(`"op":"free","state":2`)
	do(`"op":"legal","state":2`)
	return b.String()
}

// TestTranscripts checks that the engine still answers each game's
// script as testdata/transcripts/GAME.txt says (go test -update rewrites
// them), and that docs/engine.md shows each of them.
func TestTranscripts(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "engine.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range transcriptGames {
		t.Run(g.name, func(t *testing.T) {
			got := transcript(t, g.name, g.players)
			file := filepath.Join("testdata", "transcripts", g.name+".txt")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("the engine's answers differ from %s (go test ./engine -run TestTranscripts -update rewrites it):\ngot:\n%s", file, got)
			}
			if !strings.Contains(string(doc), got) {
				t.Errorf("docs/engine.md does not show the transcript of %s as %s has it", g.name, file)
			}
		})
	}
}
