package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wordsRuns are the records commons replay --words is kept to: a record
// of every game from its testdata, as everybody sees it and, for a game
// of hidden information, as one seat does; and test records for a chance
// outcome drawn from the seed, an end by resignation and a game not over.
var wordsRuns = []struct {
	name string
	args []string
}{
	{"source", []string{"../../games/source/testdata/records/greedy-default.json"}},
	{"3io", []string{"../../games/threeio/testdata/records/2p-classic.json"}},
	{"breaking-head", []string{"../../games/breakinghead/testdata/records/contributors-win-5p.json"}},
	{"breaking-head-seat-2", []string{"--view", "2", "../../games/breakinghead/testdata/records/contributors-win-5p.json"}},
	{"open-science-alliance", []string{"../../games/openscience/testdata/records/2p-tie.json"}},
	{"open-source-board-game", []string{"../../games/opensource/testdata/records/4p-mixed.json"}},
	{"countdown-seeded", []string{"testdata/records/countdown-seeded.json"}},
	{"countdown-resigned", []string{"testdata/records/countdown-resigned.json"}},
	{"countdown-unfinished", []string{"testdata/records/countdown-unfinished.json"}},
}

// TestReplayWords: commons replay --words prints what testdata/words
// holds, byte for byte. A change that means to move them writes the
// files anew with
//
//	go test ./cmd/commons -run TestReplayWords -update-golden
func TestReplayWords(t *testing.T) {
	for _, r := range wordsRuns {
		t.Run(r.name, func(t *testing.T) {
			args := append([]string{"replay", "--words"}, r.args...)
			code, got, stderr := commons(t, "", args...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
			}
			file := filepath.Join("testdata", "words", r.name+".golden")
			if *updateGolden {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (write it with -update-golden)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s: line %d differs:\n got %s\nwant %s", strings.Join(args, " "), i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s: %d lines, want %d", strings.Join(args, " "), len(gl), len(wl))
			}
		})
	}
}

// The words say what the goldens cannot show at a glance: every action
// of the complete record has its line, numbered from 1, chance outcomes
// with their probability and, when the record leaves them to the seed,
// so; a seat's view hides the cards the others draw.
func TestReplayWordsLines(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    []string
		notWant []string
	}{
		{[]string{"testdata/records/countdown-seeded.json"}, []string{
			"Countdown, 2 players, seed 3\n1. chance: ",
			", probability 1/3 (drawn from the seed)\n2. seat 1: take2\n3. chance: heads, probability 1/2\n4. seat 2: take2\n5. chance: ",
			"After 6 moves seat 2 is to move.\n",
		}, []string{"(drawn from the seed)\n3."}},
		{[]string{"testdata/records/countdown-resigned.json"}, []string{
			"Countdown, 2 players\n1. chance: 6, probability 1/3\n",
			"\nEnded after 4 moves by resignation of seat 2: seat 1 won, seat 2 lost.\n",
		}, []string{"seed"}},
		{[]string{"../../games/breakinghead/testdata/records/contributors-win-5p.json"}, []string{
			"1. chance: seat 1 role contributor, probability 2/3\n",
			"5. chance: seat 5 role blocker, certain\n",
		}, nil},
		{[]string{"--view", "2", "../../games/breakinghead/testdata/records/contributors-win-5p.json"}, []string{
			", as seat 2 saw it\n1. chance: seat 1 is dealt a role\n",
			"chance: seat 1 draws a card\n",
		}, []string{"role contributor", "draws junction", "draws spam", "seed"}},
	} {
		code, out, stderr := commons(t, "", append([]string{"replay", "--words"}, tc.args...)...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: lacks %q:\n%s", tc.args, w, out)
			}
		}
		for _, w := range tc.notWant {
			if strings.Contains(out, w) {
				t.Errorf("%v: has %q:\n%s", tc.args, w, out)
			}
		}
	}
}

// A record that does not replay prints its error alone, as without
// --words, and no line of the moves before it; --words does not go with
// the other outputs.
func TestReplayWordsErrors(t *testing.T) {
	bad := writeFile(t, "bad.json", `{"game": "countdown", "players": 2, "moves": ["*6", "take1", "take3"]}`)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string
		stdout string
	}{
		{[]string{"replay", "--words", bad}, 1, `move 2 "take3"`, `"index": 2`},
		{[]string{"replay", "--words", "--complete", bad}, 2, "--words and --complete: give one", ""},
		{[]string{"replay", "--trace", "--words", bad}, 2, "--words and --trace: give one", ""},
	} {
		code, out, stderr := commons(t, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) || !strings.Contains(out, tc.stdout) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q and %q", tc.args, code, out, stderr, tc.code, tc.stdout, tc.stderr)
		}
		if strings.Contains(out, "seat 1: take1") {
			t.Errorf("%v: the moves before the error are printed:\n%s", tc.args, out)
		}
	}
}

func TestProbabilityWords(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		want string
	}{
		{1, "certain"},
		{0.5, "probability 1/2"},
		{1.0 / 6, "probability 1/6"},
		{3.0 / 47, "probability 3/47"},
		{2.0 / 9, "probability 2/9"},
		{1.0 / 1024, "probability 0.0977%"},
		{0.123456789, "probability 12.3%"},
	} {
		if got := probability(tc.p); got != tc.want {
			t.Errorf("probability(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

// The words of a game played with commons play are its log's: a
// bot-only game's lines are the lines --words prints of its record.
func TestReplayWordsIsPlayLog(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.json")
	code, out, stderr := commons(t, "", "play", "countdown", "--seat", "all=random", "--seed", "8", "--save", save)
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, stderr)
	}
	_, words, _ := commons(t, "", "replay", "--words", save)
	var played, replayed bytes.Buffer
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, ". seat ") {
			played.WriteString(l + "\n")
		}
	}
	for _, l := range strings.Split(words, "\n") {
		if strings.Contains(l, ". seat ") {
			replayed.WriteString(l + "\n")
		}
	}
	if played.Len() == 0 || played.String() != replayed.String() {
		t.Fatalf("the play log's moves:\n%s\nreplay --words:\n%s", played.String(), replayed.String())
	}
}
