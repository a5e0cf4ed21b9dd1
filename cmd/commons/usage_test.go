package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// commons help COMMAND and COMMAND --help print the usage, the flags as
// they are typed (--seed, not -seed), and examples, on standard output.
func TestHelpHasFlagsAndExamples(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{"help", c.name}, {c.name, "--help"}, {c.name, "-h"}} {
			code, out, errOut := commons(t, "", args...)
			if code != 0 || errOut != "" {
				t.Errorf("%v: exit %d, stderr %q; want exit 0 and the help on stdout", args, code, errOut)
				continue
			}
			for _, want := range []string{"Usage: commons " + c.name, "\nFlags:\n  --", "\nExamples:\n  commons " + c.name} {
				if !strings.Contains(out, want) {
					t.Errorf("%v: help lacks %q:\n%s", args, want, out)
				}
			}
			if regexp.MustCompile(`\n  -[a-z]|\n  --\S+ (value|string|int|duration)\n`).MatchString(out) {
				t.Errorf("%v: a flag is shown with one dash or an unnamed value:\n%s", args, out)
			}
		}
	}
	// The commands that take bot specs list the bots.
	for _, name := range []string{"play", "bench", "arena"} {
		if _, out, _ := commons(t, "", "help", name); !strings.Contains(out, "mcts: ") || !strings.Contains(out, "iterations: ") {
			t.Errorf("help %s does not list the bots:\n%s", name, out)
		}
	}
	if _, out, _ := commons(t, "", "help", "play"); !strings.Contains(out, "--seat K=WHO") || !strings.Contains(out, "--save FILE") || !strings.Contains(out, "? TEXT") {
		t.Errorf("help play:\n%s", out)
	}
	if _, out, _ := commons(t, "", "help", "serve"); !strings.Contains(out, "--log-level LEVEL") || !strings.Contains(out, "--bot-time DURATION") {
		t.Errorf("help serve: flags without names for their values:\n%s", out)
	}
	if code, out, _ := commons(t, ""); code != 0 || !strings.Contains(out, "Exit codes") {
		t.Errorf("commons alone: exit %d\n%s", code, out)
	}
}

// A mistake on the command line is said once, names the flag or argument
// and what it wants, points to the help, and exits 2; a command that fails
// on good arguments exits 1.
func TestCommandLineErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "g.json")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"new", "countdown", "--bogus"}, 2, "unknown flag --bogus (flags: --option, --players, --seed)"},
		{[]string{"new", "countdown", "--players", "x"}, 2, `--players "x": want a whole number`},
		{[]string{"new", "countdown", "--players=two"}, 2, `--players "two": want a whole number`},
		{[]string{"new", "countdown", "--seed", "abc"}, 2, `--seed "abc": want a whole number from 0 to 18446744073709551615`},
		{[]string{"new", "countdown", "--seed", "-1"}, 2, `--seed "-1": want a whole number`},
		{[]string{"new", "countdown", "--seed"}, 2, "--seed needs a value: --seed S"},
		{[]string{"new"}, 2, "name a game: "},
		{[]string{"new", "countdown", "extra"}, 2, `unexpected argument "extra" after the game "countdown"`},
		{[]string{"new", "chess"}, 2, `unknown game "chess": the games are `},
		{[]string{"new", "countdown", "--players", "9"}, 2, "--players 9: countdown is for 2 players"},
		{[]string{"new", "breaking-head", "--players", "2"}, 2, "--players 2: breaking-head is for 3 to 10 players"},
		{[]string{"new", "countdown", "--option", "start"}, 2, `--option: option "start": want key=value, e.g. --option start=fixed`},
		{[]string{"new", "countdown", "--option", "start=slow"}, 1, `option start="slow": want one of random, fixed`},
		{[]string{"replay"}, 2, "name a record file, or - for standard input"},
		{[]string{"replay", "a.json", "b.json"}, 2, `unexpected argument "b.json"`},
		{[]string{"play", "countdown", "--seat", "3=random"}, 2, `--seat "3=random": seat "3" is not a number from 1 to 2 or all`},
		{[]string{"play", "countdown", "--seat", "2"}, 2, "want SEAT=human or SEAT=BOT"},
		{[]string{"play", "countdown", "--seat", "2=genius"}, 2, `--seat 2=genius: unknown bot "genius" (bots: random, greedy, mcts, ismcts, easy, medium, hard, script)`},
		{[]string{"bench", "countdown", "--bot", "mcts:foo=1"}, 2, `--bot mcts:foo=1: mcts has no parameter "foo" (parameters: `},
		{[]string{"play", "countdown", "--seat", "all=random", "--save", missing}, 1, "--save: open " + missing},
		{[]string{"bench", "countdown", "--games", "0"}, 2, "--games 0: want at least 1"},
		{[]string{"bench", "countdown", "--games", "50", "--bot", "mcts"}, 2, "--games counts random games and --bot times one search"},
		{[]string{"bench", "countdown", "--bot", "random"}, 2, `--bot random: bot "random" does not search; want mcts or ismcts (without --bot, bench times random playouts)`},
		{[]string{"arena", "countdown"}, 2, "--bots is required"},
		{[]string{"arena", "countdown", "--bots", "random", "--games", "-1"}, 2, "--games -1: want at least 1"},
		{[]string{"arena", "countdown", "--bots", "random", "--workers", "-3"}, 2, "--workers -3"},
		{[]string{"arena", "countdown", "--team", "a=random"}, 2, "--team: countdown has no teams: give bots by seat instead"},
		{[]string{"arena", "breaking-head", "--team", "Contributors=random"}, 2, `breaking-head has no team "Contributors"; its teams are blocker, contributor`},
		{[]string{"arena", "breaking-head", "--team", "contributor=random"}, 2, "--team: give a bot for every team of breaking-head: blocker has none"},
		{[]string{"arena", "breaking-head", "--team", "contributor"}, 2, "want TEAM=SPEC, e.g. --team contributor=ismcts"},
		{[]string{"serve", "--bot-time", "soon"}, 2, `--bot-time "soon": want a duration such as 500ms`},
	} {
		code, out, errOut := commons(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
			continue
		}
		if strings.Contains(out, "Game over") {
			t.Errorf("%v: a game was played before the error:\n%s", tc.args, out)
		}
		if n := strings.Count(errOut, tc.want); n != 1 {
			t.Errorf("%v: the error is said %d times:\n%s", tc.args, n, errOut)
		}
		hint := `Run "commons help ` + tc.args[0] + `"`
		if tc.code == 2 && !strings.Contains(errOut, hint) {
			t.Errorf("%v: no pointer to the help in %q", tc.args, errOut)
		}
		if strings.Contains(errOut, "Flags:") {
			t.Errorf("%v: the whole usage is dumped with the error:\n%s", tc.args, errOut)
		}
	}
	if code, _, errOut := commons(t, "", "fly"); code != 2 || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("unknown command: exit %d, %q", code, errOut)
	}
}

// Games are found by name, title or a near spelling of either.
func TestGameNameForgiving(t *testing.T) {
	for _, name := range []string{"countdown", "Countdown", "COUNT-DOWN", "Breaking Head", "breakinghead", "breaking_head", "SOURCE"} {
		if code, out, errOut := commons(t, "", "new", name, "--seed", "1"); code != 0 || !strings.Contains(out, `"game"`) {
			t.Errorf("new %q: exit %d, %s", name, code, errOut)
		}
	}
}

func TestGamesText(t *testing.T) {
	_, out, _ := commons(t, "", "games")
	for _, want := range []string{
		"countdown: Countdown, 2 players",
		"  --option start=random  (or fixed)",
		"breaking-head: Breaking Head, 3 to 10 players, rules in docs/rules/breaking-head.md",
		`--option pacing-level=""  (or Probe,`,
		`--option tiles=""  (or the path of a file)`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("commons games lacks %q:\n%s", want, out)
		}
	}
}

// The arena's \r progress line is for terminals only: written to a file or
// a pipe it would be one long line of noise.
func TestArenaNoProgressOffTerminal(t *testing.T) {
	code, _, errOut := commons(t, "", "arena", "countdown", "--bots", "greedy,random", "--games", "6")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

func TestArenaTeams(t *testing.T) {
	code, out, errOut := commons(t, "", "arena", "breaking-head", "--team", "contributor=random", "--team", "blocker=random", "--games", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Bots []struct{ Team string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Bots) != 2 {
		t.Fatalf("%v: %s", err, out)
	}
}

func TestBenchTextNamesSeed(t *testing.T) {
	code, out, _ := commons(t, "", "bench", "countdown", "--games", "20", "--seed", "9")
	if code != 0 || !strings.Contains(out, "countdown, 2 players, seed 9: 20 random games") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestReplayEmptyFile(t *testing.T) {
	code, out, errOut := commons(t, "", "replay", writeFile(t, "e.json", "\n"))
	if code != 1 || !strings.Contains(out, "the record is empty") || !strings.Contains(errOut, "docs/records.md") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = commons(t, "", "replay", writeFile(t, "a.json", "[1]"))
	if code != 1 || !strings.Contains(errOut, "the format is in docs/records.md") {
		t.Fatalf("malformed: exit %d %s", code, errOut)
	}
	code, _, errOut = commons(t, "", "replay", "--view", "7", writeFile(t, "g.json", `{"game":"countdown","players":2,"seed":1}`))
	if code != 2 || !strings.Contains(errOut, `--view "7": want a seat from 1 to 2, or spectator`) {
		t.Fatalf("bad --view: exit %d %s", code, errOut)
	}
}

// A record of the wrong JSON types is explained in the record's terms, not
// Go's ("Record.seed of type uint64").
func TestReplayMalformedSaysWhichField(t *testing.T) {
	for _, tc := range []struct{ rec, want string }{
		{`{"game":"countdown","players":2,"seed":"7"}`, `"seed" wants a whole number from 0 to 18446744073709551615, not a string`},
		{`{"game":"countdown","players":2,"seed":-1}`, `"seed" wants a whole number from 0 to 18446744073709551615, not -1`},
		{`{"game":"countdown","players":2.5}`, `"players" wants a whole number, not 2.5`},
		{`{"game":"countdown","players":2,"moves":"take1"}`, `"moves" wants a list of strings in the game's notation, not a string`},
		{`{"game":"countdown","players":2,"options":{"start":1}}`, `"options" wants an object of strings`},
		{`[1]`, "a record is a JSON object {...}, not an array"},
	} {
		code, out, errOut := commons(t, "", "replay", writeFile(t, "r.json", tc.rec))
		var e struct{ Error struct{ Reason string } }
		json.Unmarshal([]byte(out), &e)
		if code != 1 || !strings.Contains(errOut, tc.want) || !strings.Contains(e.Error.Reason, tc.want) || strings.Contains(errOut, "Go ") {
			t.Errorf("%s: exit %d\nstdout %s\nstderr %s\nwant %q", tc.rec, code, out, errOut, tc.want)
		}
	}
}
