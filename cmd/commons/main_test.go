package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/record"
)

// commons runs the command with args and stdin, returning its exit code
// and outputs.
func commons(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGamesJSON(t *testing.T) {
	code, out, errOut := commons(t, "", "games", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("not a JSON list: %v\n%s", err, out)
	}
	found := false
	for _, g := range list {
		for _, k := range []string{"name", "min_players", "max_players", "options"} {
			if _, ok := g[k]; !ok {
				t.Errorf("game %v lacks %q", g["name"], k)
			}
		}
		found = found || g["name"] == "countdown"
	}
	if !found {
		t.Fatalf("countdown not listed: %s", out)
	}
	if code, out, _ := commons(t, "", "games"); code != 0 || !strings.Contains(out, "countdown") || !strings.Contains(out, "start=random") {
		t.Fatalf("games text: exit %d\n%s", code, out)
	}
}

func TestNew(t *testing.T) {
	code, out, errOut := commons(t, "", "new", "countdown", "--players", "2", "--seed", "5", "--option", "start=fixed")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	r, err := record.Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != "countdown" || r.Players != 2 || r.Seed == nil || *r.Seed != 5 || r.Options["start"] != "fixed" || len(r.Moves) != 0 {
		t.Fatalf("record %+v", r)
	}
	// Without --seed a seed is made up and written down.
	_, out, _ = commons(t, "", "new", "countdown")
	if r, err := record.Parse([]byte(out)); err != nil || r.Seed == nil || *r.Seed > record.MaxSeed {
		t.Fatalf("record without --seed: %v %s", err, out)
	}
	// Its mistakes are in TestCommandLineErrors.
}

func TestReplaySummary(t *testing.T) {
	f := writeFile(t, "g.json", `{"game":"countdown","players":2,"moves":["*5","take2","*tails","take2","*heads","take2"]}`)
	code, out, errOut := commons(t, "", "replay", "--view", "2", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sum struct {
		Terminal bool
		Turn     any
		Returns  []float64
		Legal    []string
		Moves    int
		View     map[string]any
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.Terminal || sum.Turn != "terminal" || len(sum.Returns) != 2 || sum.Returns[0] != 1 || len(sum.Legal) != 0 || sum.Moves != 6 || sum.View == nil {
		t.Fatalf("summary %s", out)
	}
}

func TestReplayInProgress(t *testing.T) {
	f := writeFile(t, "g.json", `{"game":"countdown","players":2,"seed":9,"moves":["take1"]}`)
	code, out, errOut := commons(t, "", "replay", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sum struct {
		Terminal bool
		Turn     float64
		Legal    []string
	}
	json.Unmarshal([]byte(out), &sum)
	if sum.Terminal || sum.Turn != 2 || len(sum.Legal) == 0 {
		t.Fatalf("summary %s", out)
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tc := range []struct {
		name, rec string
		index     float64 // -1: no index
		move      string
		reason    string
	}{
		{"illegal", `{"game":"countdown","players":2,"moves":["*5","take2","*tails","take2","*tails","take2"]}`, 5, "take2", "not legal"},
		{"unparsable", `{"game":"countdown","players":2,"moves":["*5","fly"]}`, 1, "fly", "not a countdown move"},
		{"malformed", `{"game":"countdown","players":2,"moves":[`, -1, "", "malformed record"},
		{"unknown game", `{"game":"go","players":2}`, -1, "", "unknown game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, _ := commons(t, "", "replay", writeFile(t, "r.json", tc.rec))
			if code == 0 {
				t.Fatal("exit 0 for a bad record")
			}
			var e struct {
				Error struct {
					Index  *float64
					Move   string
					Reason string
				}
			}
			if err := json.Unmarshal([]byte(out), &e); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			if tc.index >= 0 && (e.Error.Index == nil || *e.Error.Index != tc.index) || e.Error.Move != tc.move || !strings.Contains(e.Error.Reason, tc.reason) {
				t.Fatalf("error %s, want index %v move %q reason ~ %q", out, tc.index, tc.move, tc.reason)
			}
		})
	}
	if code, _, _ := commons(t, "", "replay", filepath.Join(t.TempDir(), "missing.json")); code == 0 {
		t.Error("missing file: exit 0")
	}
}

func TestReplayCompleteAndTrace(t *testing.T) {
	f := writeFile(t, "g.json", `{"game":"countdown","players":2,"seed":11,"moves":["take2","take2"]}`)
	code, out, errOut := commons(t, "", "replay", "--complete", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	full, err := record.Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Moves) < 4 || !record.IsChance(full.Moves[0]) {
		t.Fatalf("complete record %v", full.Moves)
	}
	code, out, _ = commons(t, "", "replay", "--trace", f)
	if code != 0 {
		t.Fatal("trace failed")
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var lines []map[string]any
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, m)
	}
	if len(lines) != len(full.Moves)+1 {
		t.Fatalf("%d JSON values, want %d trace lines and a summary:\n%s", len(lines), len(full.Moves), out)
	}
	first := lines[0]
	if first["player"] != "chance" || first["index"] != 0.0 || len(first["legal"].([]any)) != 3 {
		t.Fatalf("first trace line %v", first)
	}
	if lines[1]["player"] != 1.0 || lines[1]["move"] != "take2" {
		t.Fatalf("second trace line %v", lines[1])
	}
}

func TestPlayBots(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.json")
	code, out, errOut := commons(t, "", "play", "countdown", "--seat", "all=random", "--seed", "4", "--save", save)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Game over") {
		t.Fatalf("output:\n%s", out)
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := record.Play(r, record.Options{})
	if err != nil || rep.State.CurrentPlayer() >= 0 {
		t.Fatalf("saved record replays to %v, %v", rep, err)
	}
	// The same seed plays the same game.
	_, out2, _ := commons(t, "", "play", "countdown", "--seat", "all=random", "--seed", "4")
	if strings.ReplaceAll(out, "record saved to "+save+"\n", "") != out2 {
		t.Fatalf("same seed, different games:\n%s\n---\n%s", out, out2)
	}
}

func TestPlayHuman(t *testing.T) {
	// Seat 1 is a person who asks for the moves, types nonsense, then
	// takes one at a time; seat 2 is a random bot.
	input := "?\nfly\n" + strings.Repeat("take1\n", 10)
	code, out, errOut := commons(t, input, "play", "countdown", "--option", "start=fixed", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"legal moves: take1  take2", `not a move: "fly" is not a countdown move here`, "Game over"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, _, errOut = commons(t, "take1\n", "play", "countdown", "--option", "start=fixed", "--seat", "2=human")
	if code == 0 || !strings.Contains(errOut, "input ended") {
		t.Fatalf("input ending mid-game: exit %d, %s", code, errOut)
	}
	if code, _, errOut := commons(t, "", "play", "countdown", "--seat", "3=random"); code == 0 || !strings.Contains(errOut, "seat \"3\"") {
		t.Fatalf("bad seat: exit %d %s", code, errOut)
	}
	if code, _, errOut := commons(t, "", "play", "countdown", "--seat", "2=genius"); code == 0 || !strings.Contains(errOut, "genius") {
		t.Fatalf("bad bot: exit %d %s", code, errOut)
	}
}

func TestBenchJSON(t *testing.T) {
	code, out, errOut := commons(t, "", "bench", "countdown", "--games", "200", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "games", "actions", "seconds", "games_per_s", "actions_per_s", "mean_length"} {
		if _, ok := res[k]; !ok {
			t.Errorf("bench JSON lacks %q: %s", k, out)
		}
	}
	if res["games"] != 200.0 || res["mean_length"].(float64) < 3 {
		t.Fatalf("bench %s", out)
	}
}

func TestArenaJSON(t *testing.T) {
	code, out, errOut := commons(t, "", "arena", "countdown", "--bots", "greedy,random", "--games", "40", "--seed", "3", "--json", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Games int
		Bots  []struct {
			Spec    string
			Games   int
			WinRate float64 `json:"win_rate"`
			Low     float64
			High    float64
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Games != 40 || len(res.Bots) != 2 || res.Bots[0].Spec != "greedy" || res.Bots[0].Games != 40 {
		t.Fatalf("arena result %s", out)
	}
	for _, b := range res.Bots {
		if !(b.Low <= b.WinRate && b.WinRate <= b.High) {
			t.Errorf("%s: win rate %v outside its interval [%v, %v]", b.Spec, b.WinRate, b.Low, b.High)
		}
	}
	if code, _, errOut := commons(t, "", "arena", "countdown", "--games", "2"); code == 0 || !strings.Contains(errOut, "--bots") {
		t.Fatalf("arena without bots: exit %d %s", code, errOut)
	}
	if code, _, errOut := commons(t, "", "arena", "countdown", "--bots", "random,wizard", "--games", "2"); code == 0 || !strings.Contains(errOut, "wizard") {
		t.Fatalf("arena with an unknown bot: exit %d %s", code, errOut)
	}
}

func TestBenchBot(t *testing.T) {
	code, out, errOut := commons(t, "", "bench", "countdown", "--bot", "mcts:iterations=200,workers=1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var m struct {
		Game       string
		Iterations int
		IPS        float64 `json:"iterations_per_second"`
		PPS        float64 `json:"playouts_per_second"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if m.Game != "countdown" || m.Iterations != 200 || m.IPS <= 0 || m.PPS <= 0 {
		t.Fatalf("bench --bot: %s", out)
	}
	if code, _, _ := commons(t, "", "bench", "countdown", "--bot", "random"); code == 0 {
		t.Fatal("bench --bot random: want an error (random does not search)")
	}
}

// In a hot-seat game of hidden information, a seat's private view is shown
// only after a "pass the device" prompt, and the screen is cleared before
// the next person looks.
func TestPlayHotSeat(t *testing.T) {
	input := "\n" + "?\n" + "quit\n"
	code, out, errOut := commons(t, input, "play", "breaking-head", "--players", "3", "--seat", "all=human", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	prompt := strings.Index(out, "Pass the device to seat")
	private := strings.Index(out, "You are seat")
	if prompt < 0 || private < 0 || private < prompt {
		t.Fatalf("private view at %d, prompt at %d:\n%s", private, prompt, out)
	}
	if !strings.Contains(out[prompt:private], clearScreen) {
		t.Fatal("the screen is not cleared between the prompt and the private view")
	}
	if strings.Contains(out[:prompt], "You are seat") || strings.Contains(out[:prompt], "Hand:") {
		t.Fatalf("a private view appears before the prompt:\n%s", out[:prompt])
	}
}

func TestSplitBots(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"mcts,greedy,random", []string{"mcts", "greedy", "random"}},
		{"mcts:iterations=1000,workers=1,random", []string{"mcts:iterations=1000,workers=1", "random"}},
		{"greedy,ismcts:time=500ms,workers=2,depth=1,mcts:iterations=50", []string{"greedy", "ismcts:time=500ms,workers=2,depth=1", "mcts:iterations=50"}},
		{"random", []string{"random"}},
		{"mcts:iterations=4000,playout=script:hoard,script:hoard", []string{"mcts:iterations=4000,playout=script:hoard", "script:hoard"}},
		{"script:fuse,ismcts:playout=script:role,tree=own", []string{"script:fuse", "ismcts:playout=script:role,tree=own"}},
	} {
		if got := splitBots(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("splitBots(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
