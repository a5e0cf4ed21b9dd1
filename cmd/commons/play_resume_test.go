package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// A game saved on quit goes on with --resume: the moves so far replay,
// the person plays on, and the record saved at the end holds every move,
// the first session's and the second's, and replays to the end.
func TestPlayResume(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.json")
	// Countdown from 6, seat 2 the greedy bot: seat 1 takes 1, the bot
	// moves, seat 1 quits.
	code, out, stderr := commons(t, "take1\nquit\n", "play", "countdown", "--option", "start=fixed", "--seat", "2=greedy", "--seed", "5", "--save", save)
	if code != 0 {
		t.Fatalf("first session: exit %d: %s\n%s", code, stderr, out)
	}
	first := readRecord(t, save)
	if len(first.Moves) < 2 {
		t.Fatalf("first session saved %v", first.Moves)
	}
	code, out, stderr = commons(t, strings.Repeat("take1\n", 10), "play", "--resume", save, "--seat", "2=greedy")
	if code != 0 {
		t.Fatalf("resumed: exit %d: %s\n%s", code, stderr, out)
	}
	for _, want := range []string{
		"Countdown, 2 players, seed 5\nResumed from " + save + " after " + strconv.Itoa(len(first.Moves)) + " moves; saved to " + save + " when the game ends or you quit.\n",
		"Seats: 1 you, 2 greedy.\n",
		"Game over",
		"record saved to " + save,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("resumed session lacks %q:\n%s", want, out)
		}
	}
	all := readRecord(t, save)
	if !slices.Equal(all.Moves[:len(first.Moves)], first.Moves) || len(all.Moves) <= len(first.Moves) {
		t.Fatalf("first session %v, after resuming %v: want the first's moves and more", first.Moves, all.Moves)
	}
	if all.Seed == nil || *all.Seed != 5 || all.Options["start"] != "fixed" {
		t.Errorf("the resumed record's seed %v, options %v: want the first's", all.Seed, all.Options)
	}
	rep, err := record.Play(all, record.Options{})
	if err != nil || rep.State.CurrentPlayer() >= 0 {
		t.Fatalf("the saved record replays to %v (%v), want the end", rep, err)
	}
}

// lastBot plays the last of the legal moves: a bot whose move depends on
// the state alone, unlike the others, whose generators have drawn for the
// moves before.
type lastBot struct{}

func (lastBot) Act(_ context.Context, s game.State) (game.Action, error) {
	legal := s.LegalActions(nil)
	return legal[len(legal)-1], nil
}

// A game resumed draws the chance outcomes it would have drawn had it
// not stopped: stopped anywhere and resumed, a game of bots that play by
// the state alone is the same game as one played in one go.
func TestPlayResumeSameGame(t *testing.T) {
	old := newBot
	newBot = func(spec string, seed uint64) (bot.Bot, error) {
		if spec == "last" {
			return lastBot{}, nil
		}
		return old(spec, seed)
	}
	t.Cleanup(func() { newBot = old })
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if code, _, stderr := commons(t, "", "play", "countdown", "--seat", "all=last", "--seed", "16", "--save", whole); code != 0 {
		t.Fatal(stderr)
	}
	want := readRecord(t, whole)
	chances := 0
	for _, m := range want.Moves {
		if record.IsChance(m) {
			chances++
		}
	}
	if chances < 2 {
		t.Fatalf("seed 16 plays %v: want a game with chance after the start", want.Moves)
	}
	for k := range len(want.Moves) {
		part := *want
		part.Moves = want.Moves[:k]
		f := filepath.Join(dir, "part.json")
		if err := part.WriteFile(f); err != nil {
			t.Fatal(err)
		}
		if code, out, stderr := commons(t, "", "play", "--resume", f, "--seat", "all=last"); code != 0 {
			t.Fatalf("resumed after %d moves: exit %d: %s\n%s", k, code, stderr, out)
		}
		if got := readRecord(t, f); !slices.Equal(got.Moves, want.Moves) {
			t.Errorf("resumed after %d moves: %v, want %v", k, got.Moves, want.Moves)
		}
	}
}

// The seats of a resumed game are the --seat flags' (a record does not
// say who played it), and --save writes it elsewhere, leaving the
// resumed file as it was.
func TestPlayResumeSeatsAndSave(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "from.json")
	data, err := os.ReadFile(filepath.Join("testdata", "records", "countdown-unfinished.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(from, data, 0o644); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(dir, "to.json")
	// Seat 2 (a person) is to move after 7 - 1.
	code, out, stderr := commons(t, "take2\nquit\n", "play", "--resume", from, "--seat", "1=greedy", "--seat", "2=human", "--seed", "4", "--save", to)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, out)
	}
	if !strings.Contains(out, "Seats: 1 greedy, 2 you.") || !strings.Contains(out, "seat 2> ") {
		t.Errorf("seats:\n%s", out)
	}
	if got, _ := os.ReadFile(from); string(got) != string(data) {
		t.Errorf("--save elsewhere rewrote the resumed file:\n%s", got)
	}
	rec := readRecord(t, to)
	// The record had no seed: the one given is kept for the chance
	// outcomes to come (take2 flips a coin).
	if rec.Seed == nil || *rec.Seed != 4 || len(rec.Moves) < 3 || !slices.Equal(rec.Moves[:3], []string{"*7", "take1", "take2"}) {
		t.Errorf("saved seed %v, moves %v", rec.Seed, rec.Moves)
	}
}

// A record that cannot be resumed is refused with the reason, naming the
// entry that does not replay, before anything is played or written: the
// file is left as it was.
func TestPlayResumeRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		record string // "" for no file
		args   []string
		code   int
		want   string
	}{
		{"not a move", `{"game": "countdown", "players": 2, "moves": ["*6", "take1", "take3"]}`, nil, 1,
			`: move 2 "take3": "take3" is not a countdown move here; the file is left as it is`},
		{"illegal move", `{"game": "countdown", "players": 2, "moves": ["*5", "take2", "*tails", "take2", "*tails", "take2"]}`, nil, 1,
			`: move 5 "take2": take2 is not legal now; the file is left as it is`},
		{"move after chance is due", `{"game": "countdown", "players": 2, "moves": ["take1"]}`, nil, 1,
			`: move 0 "take1": a chance outcome (written *...) is due here and the record has no seed`},
		{"malformed", `{"game": "countdown", "players": 2, "move": []}`, nil, 1, `malformed record: json: unknown field "move"`},
		{"not JSON", `moves: take1`, nil, 1, "malformed record"},
		{"unknown game", `{"game": "chess", "players": 2}`, nil, 1, `chess`},
		{"over", `{"game": "countdown", "players": 2, "moves": ["*5", "take2", "*tails", "take2", "*tails", "take1"]}`, nil, 1,
			": the game is over after 6 moves: there is nothing to go on with (commons replay --words "},
		{"ended", `{"game": "countdown", "players": 2, "moves": ["*6"], "end": {"reason": "draw", "returns": [0.5, 0.5]}}`, nil, 1,
			": the game ended by draw after 1 moves: there is nothing to go on with"},
		{"missing file", "", nil, 1, "--resume "},
		{"a game too", `{"game": "countdown", "players": 2, "seed": 1}`, []string{"countdown"}, 2,
			`unexpected argument "countdown": with --resume the record names the game`},
		{"--players", `{"game": "countdown", "players": 2, "seed": 1}`, []string{"--players", "2"}, 2,
			"--players with --resume: the game goes on with the record's players and options; leave --players out"},
		{"--option", `{"game": "countdown", "players": 2, "seed": 1}`, []string{"--option", "start=fixed"}, 2,
			"--option with --resume"},
		{"--seed", `{"game": "countdown", "players": 2, "seed": 1}`, []string{"--seed", "2"}, 2,
			"--seed with --resume: the record's seed, 1, decides the chance outcomes to come; leave --seed out"},
		{"bad seat", `{"game": "countdown", "players": 2, "seed": 1}`, []string{"--seat", "3=random"}, 2,
			`--seat "3=random": seat "3" is not a number from 1 to 2 or all`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join(t.TempDir(), "g.json")
			var before time.Time
			if tc.record != "" {
				if err := os.WriteFile(f, []byte(tc.record), 0o644); err != nil {
					t.Fatal(err)
				}
				old := time.Now().Add(-time.Hour)
				os.Chtimes(f, old, old)
				fi, _ := os.Stat(f)
				before = fi.ModTime()
			}
			args := append([]string{"play", "--resume", f, "--seat", "all=random"}, tc.args...)
			code, out, stderr := commons(t, "", args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Fatalf("%v: exit %d, stderr %q; want exit %d and %q", args, code, stderr, tc.code, tc.want)
			}
			if tc.code == 1 && !strings.HasPrefix(stderr, "commons play: --resume "+f+": ") {
				t.Errorf("the error does not name the file first: %q", stderr)
			}
			if strings.Contains(out, "seat 1") || strings.Contains(out, "record saved") {
				t.Errorf("something was played or saved:\n%s", out)
			}
			fi, err := os.Stat(f)
			switch {
			case tc.record == "" && err == nil:
				t.Error("a missing file was created")
			case tc.record != "":
				got, _ := os.ReadFile(f)
				if string(got) != tc.record || !fi.ModTime().Equal(before) {
					t.Errorf("the file was written: %s", got)
				}
			}
		})
	}
}

func readRecord(t *testing.T, path string) *record.Record {
	t.Helper()
	r, err := record.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
