package main

import (
	"encoding/json"
	"os"
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

// A mistake on the command line is said once, in one line that names the
// flag or argument and what it wants, without repeating the command
// ("commons arena: arena: ..."), points to the help, and exits 2; a
// command that fails on good arguments exits 1. Every command is here.
func TestCommandLineErrors(t *testing.T) {
	// serve must refuse its flags before it opens (and so creates) its
	// database in the working directory.
	cwd := t.TempDir()
	t.Chdir(cwd)
	missing := filepath.Join(t.TempDir(), "no", "such", "dir", "g.json")
	out := filepath.Join(t.TempDir(), "r")
	tooMany := strings.TrimSuffix(strings.Repeat("random,", 72), ",") // 72*71 seatings of 2 seats
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		// games
		{[]string{"games", "extra"}, 2, `unexpected argument "extra": games takes no arguments`},
		{[]string{"games", "--bogus"}, 2, "unknown flag --bogus (flags: --json)"},
		{[]string{"games", "--json=maybe"}, 2, `--json "maybe": want true or false`},

		// new
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
		{[]string{"new", "countdown", "--option", "start=slow"}, 2, "--option start=slow: want one of random, fixed"},
		{[]string{"new", "countdown", "--option", "speed=2"}, 2, `--option speed=2: countdown has no option "speed" (options: start;`},
		{[]string{"new", "3io", "--option", "civilization-pacing=maybe"}, 2, "--option civilization-pacing=maybe: want one of off, on"},
		{[]string{"new", "3io", "--option", "tiles=" + missing}, 2, "3io: option tiles: cannot read the tile table"},

		// replay
		{[]string{"replay"}, 2, "name a record file, or - for standard input"},
		{[]string{"replay", "a.json", "b.json"}, 2, `unexpected argument "b.json": replay takes one record file`},
		{[]string{"replay", "--bogus", "a.json"}, 2, "unknown flag --bogus (flags: --complete, --trace, --variants, --view, --words)"},
		{[]string{"replay", "a.json", "--view"}, 2, "--view needs a value: --view P"},
		{[]string{"replay", "--view", "7", writeFile(t, "g.json", `{"game":"countdown","players":2,"seed":1}`)}, 2, `--view "7": want a seat from 1 to 2, or spectator`},
		{[]string{"replay", missing}, 1, "g.json: no such file or directory"},

		// play
		{[]string{"play"}, 2, "name a game: "},
		{[]string{"play", "chess"}, 2, `unknown game "chess"`},
		{[]string{"play", "countdown", "extra"}, 2, `unexpected argument "extra" after the game "countdown"`},
		{[]string{"play", "countdown", "--players", "3"}, 2, "--players 3: countdown is for 2 players"},
		{[]string{"play", "countdown", "--seed", "x"}, 2, `--seed "x": want a whole number`},
		{[]string{"play", "countdown", "--option", "start=slow"}, 2, "--option start=slow: want one of random, fixed"},
		{[]string{"play", "countdown", "--seat", "3=random"}, 2, `--seat "3=random": seat "3" is not a number from 1 to 2 or all`},
		{[]string{"play", "countdown", "--seat", "2"}, 2, "want SEAT=human or SEAT=BOT"},
		{[]string{"play", "countdown", "--seat", "2=genius"}, 2, `--seat 2=genius: unknown bot "genius" (bots: random, greedy, mcts, ismcts, rollout, easy, medium, hard, script)`},
		{[]string{"play", "countdown", "--seat", "all=mcts:foo=1"}, 2, `--seat 1=mcts:foo=1: mcts has no parameter "foo"`},
		{[]string{"play", "source", "--seat", "2=script:nonesuch"}, 2, `--seat 2=script:nonesuch: source has no script "nonesuch" (scripts: `},
		{[]string{"play", "countdown", "--seat", "2=script:first"}, 2, "--seat 2=script:first: countdown has no scripts"},
		{[]string{"play", "countdown", "--save"}, 2, "--save needs a value: --save FILE"},
		{[]string{"play", "countdown", "--seat", "all=random", "--save", missing}, 1, "--save: open " + missing},

		// bench
		{[]string{"bench"}, 2, "name a game: "},
		{[]string{"bench", "chess"}, 2, `unknown game "chess"`},
		{[]string{"bench", "countdown", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"bench", "countdown", "--games", "x"}, 2, `--games "x": want a whole number`},
		{[]string{"bench", "countdown", "--games", "0"}, 2, "--games 0: want at least 1"},
		{[]string{"bench", "countdown", "--players", "1"}, 2, "--players 1: countdown is for 2 players"},
		{[]string{"bench", "countdown", "--option", "start=slow"}, 2, "--option start=slow: want one of random, fixed"},
		{[]string{"bench", "countdown", "--bot", "mcts:foo=1"}, 2, `--bot mcts:foo=1: mcts has no parameter "foo" (parameters: `},
		{[]string{"bench", "countdown", "--bot", "genius"}, 2, `--bot genius: unknown bot "genius"`},
		{[]string{"bench", "countdown", "--games", "50", "--bot", "mcts"}, 2, "--games counts random games and --bot times one search"},
		{[]string{"bench", "countdown", "--bot", "random"}, 2, `--bot random: bot "random" does not search; want mcts or ismcts (without --bot, bench times random playouts)`},

		// arena
		{[]string{"arena"}, 2, "name a game: "},
		{[]string{"arena", "chess", "--bots", "random"}, 2, `unknown game "chess"`},
		{[]string{"arena", "countdown", "--bots", "random", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"arena", "countdown"}, 2, "--bots is required"},
		{[]string{"arena", "countdown", "--bots", "foo,random"}, 2, `--bots foo: unknown bot "foo" (bots: `},
		{[]string{"arena", "countdown", "--bots", "random,mcts:iterations=0"}, 2, "--bots mcts:iterations=0: "},
		{[]string{"arena", "source", "--bots", "script:nonesuch,random"}, 2, `--bots script:nonesuch: source has no script "nonesuch"`},
		{[]string{"arena", "countdown", "--bots", tooMany}, 2, "--bots: 72 bots for 2 seats make more than 5040 seatings"},
		{[]string{"arena", "countdown", "--bots", "random", "--games", "-1"}, 2, "--games -1: want at least 1"},
		{[]string{"arena", "countdown", "--bots", "random", "--workers", "-3"}, 2, "--workers -3"},
		{[]string{"arena", "countdown", "--bots", "random", "--seed", "x"}, 2, `--seed "x": want a whole number`},
		{[]string{"arena", "countdown", "--bots", "random", "--option", "start=slow"}, 2, "--option start=slow: want one of random, fixed"},
		{[]string{"arena", "countdown", "--team", "a=random"}, 2, "--team: countdown has no teams: give bots by seat instead"},
		{[]string{"arena", "breaking-head", "--team", "Contributors=random"}, 2, `breaking-head has no team "Contributors"; its teams are blocker, contributor`},
		{[]string{"arena", "breaking-head", "--team", "contributor=random"}, 2, "--team: give a bot for every team of breaking-head: blocker has none"},
		{[]string{"arena", "breaking-head", "--team", "contributor"}, 2, "want TEAM=SPEC, e.g. --team contributor=ismcts"},
		{[]string{"arena", "breaking-head", "--team", "contributor=foo", "--team", "blocker=random"}, 2, `--team contributor=foo: unknown bot "foo"`},
		{[]string{"arena", "breaking-head", "--bots", "random", "--team", "blocker=random"}, 2, "give --bots or --team, not both"},

		// lab
		{[]string{"lab"}, 2, "name what to do: commons lab run, merge, report, compare, sweep, tune, import or skill"},
		{[]string{"lab", "bogus"}, 2, `unknown lab command "bogus": want run, merge, report, compare, sweep, tune, import or skill`},
		{[]string{"lab", "run"}, 2, "commons lab run: name a game"},
		{[]string{"lab", "run", "source", "extra"}, 2, `commons lab run: unexpected argument "extra" after the game "source"`},
		{[]string{"lab", "run", "chess", "--bots", "random", "--games", "5", "--out", out}, 2, `unknown game "chess"`},
		{[]string{"lab", "run", "source", "--bots", "random", "--out", out}, 2, "--games 0: want at least 1"},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5"}, 2, "--out is required"},
		{[]string{"lab", "run", "source", "--games", "5", "--out", out}, 2, "--bots is required"},
		{[]string{"lab", "run", "source", "--bots", "genius", "--games", "5", "--out", out}, 2, `commons lab run: --bots genius: unknown bot "genius"`},
		{[]string{"lab", "run", "source", "--bots", "random,script:nonesuch", "--games", "5", "--out", out}, 2, `--bots script:nonesuch: source has no script "nonesuch"`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--option", "territory=huge"}, 2, "--option territory=huge: want one of "},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--players", "3"}, 2, "--players 3: source is for 2 players"},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--seed", "-2"}, 2, `--seed "-2": want a whole number`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--workers", "-1"}, 2, "--workers -1"},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--shard", "4/4"}, 2, `--shard "4/4": want i/n with 0 <= i < n`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "5", "--out", out, "--trace", "often"}, 2, `--trace "often": want round, turn, move or off`},
		{[]string{"lab", "run", "source", "--bots", "random", "--games", "x"}, 2, `--games "x": want a whole number`},
		{[]string{"lab", "run", "source", "--bogus"}, 2, "commons lab run: unknown flag --bogus"},
		{[]string{"lab", "run", "source", "--team", "contributor=random", "--games", "5", "--out", out}, 2, "--team: source has no teams"},
		{[]string{"lab", "run", "breaking-head", "--team", "contributor=foo", "--team", "blocker=random", "--games", "5", "--out", out}, 2, `--team contributor=foo: unknown bot "foo"`},
		{[]string{"lab", "merge", "a"}, 2, "commons lab merge: --out is required"},
		{[]string{"lab", "merge", "--out", out}, 2, "commons lab merge: name the shards' directories"},
		{[]string{"lab", "merge", "--bogus"}, 2, "commons lab merge: unknown flag --bogus (flags: --out)"},
		{[]string{"lab", "report"}, 2, "commons lab report: name one run's directory"},
		{[]string{"lab", "report", "a", "b"}, 2, `commons lab report: unexpected argument "b"`},
		{[]string{"lab", "report", "--json=x", "a"}, 2, `--json "x": want true or false`},
		{[]string{"lab", "compare", "a"}, 2, "commons lab compare: name two runs' directories"},
		{[]string{"lab", "compare", "a", "b", "c"}, 2, `commons lab compare: unexpected argument "c"`},
		{[]string{"lab", "compare", "--bogus", "a", "b"}, 2, "commons lab compare: unknown flag --bogus (flags: --html, --json)"},
		{[]string{"lab", "report", t.TempDir()}, 1, "lab.json: no such file"},

		// serve
		{[]string{"serve", "extra"}, 2, `unexpected argument "extra": serve takes flags only`},
		{[]string{"serve", "--bogus"}, 2, "unknown flag --bogus (flags: --addr, "},
		{[]string{"serve", "--log-level", "loud"}, 2, `--log-level "loud": want debug, info, warn or error`},
		{[]string{"serve", "--log-format", "xml"}, 2, `--log-format "xml": want text or json`},
		{[]string{"serve", "--bot-time", "soon"}, 2, `--bot-time "soon": want a duration such as 500ms`},
		{[]string{"serve", "--bot-time", "-1s"}, 2, "--bot-time -1s: want a positive duration"},
		{[]string{"serve", "--addr", "nowhere"}, 2, `--addr "nowhere": want HOST:PORT`},
		{[]string{"serve", "--addr", ":70000"}, 2, `--addr ":70000": port 70000: want 0 to 65535`},
		{[]string{"serve", "--timeout-bot", "genius"}, 2, `--timeout-bot genius: unknown bot "genius"`},
		{[]string{"serve", "--origin", "[a"}, 2, `--origin "[a": not a pattern`},
		{[]string{"serve", "--smtp-addr", "mail.example.org:587"}, 2, "--smtp-addr needs --smtp-from"},
		{[]string{"serve", "--smtp-from", "turns@example.org"}, 2, "--smtp-from, --smtp-user and --smtp-tls need --smtp-addr"},
		{[]string{"serve", "--smtp-addr", "nowhere", "--smtp-from", "turns@example.org"}, 2, "--smtp-addr: "},
		{[]string{"serve", "--smtp-addr", "mail.example.org:587", "--smtp-from", "turns@example.org", "--smtp-tls", "maybe"}, 2, "--smtp-addr: "},
		{[]string{"serve", "--move-rate", "fast"}, 2, `--move-rate "fast": want a number`},
		{[]string{"serve", "--move-rate", "-1"}, 2, "--move-rate -1: want a number of moves a second, or 0 for no limit"},
		{[]string{"serve", "--move-burst", "0"}, 2, "--move-burst 0: want at least 1"},
		{[]string{"serve", "--create-limit", "-5"}, 2, "--create-limit -5: want a number of matches, or 0 for no limit"},
		{[]string{"serve", "--create-window", "0s"}, 2, "--create-window 0s: want a positive duration"},
		{[]string{"serve", "--read-timeout", "-1s"}, 2, "--read-timeout -1s: want a duration such as 30s, or 0 for no limit"},
		{[]string{"serve", "--ws-idle-timeout", "often"}, 2, `--ws-idle-timeout "often": want a duration such as 500ms`},

		// loadtest
		{[]string{"loadtest", "extra"}, 2, `unexpected argument "extra": loadtest takes flags only`},
		{[]string{"loadtest", "--bogus"}, 2, "unknown flag --bogus (flags: --addr, "},
		{[]string{"loadtest", "--addr", "localhost:8080"}, 2, `--addr "localhost:8080": want the server's URL, such as http://localhost:8080`},
		{[]string{"loadtest", "--matches", "0"}, 2, "--matches 0: want at least 1"},
		{[]string{"loadtest", "--matches", "many"}, 2, `--matches "many": want a whole number`},
		{[]string{"loadtest", "--duration", "-1s"}, 2, "--duration -1s: want a positive duration"},
		{[]string{"loadtest", "--duration", "long"}, 2, `--duration "long": want a duration such as 500ms`},
		{[]string{"loadtest", "--rate", "-5"}, 2, "--rate -5: want a number of moves a second, or 0 for the closed loop"},
		{[]string{"loadtest", "--rate", "fast"}, 2, `--rate "fast": want a number`},
		{[]string{"loadtest", "--game", "chess"}, 2, `unknown game "chess"`},
		{[]string{"loadtest", "--addr", "http://127.0.0.1:1"}, 1, "the server at http://127.0.0.1:1: "},

		// help, and no command at all
		{[]string{"help", "fly"}, 2, `commons: unknown command "fly": the commands are games, new, `},
		{[]string{"help", "play", "extra"}, 2, `commons help: unexpected argument "extra": help takes one command`},
		{[]string{"fly"}, 2, `commons: unknown command "fly": the commands are games, new, `},
		{[]string{"--bogus"}, 2, `commons: unknown command "--bogus"`},
	} {
		code, stdout, errOut := commons(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.want)
			continue
		}
		if strings.Contains(stdout, "Game over") {
			t.Errorf("%v: a game was played before the error:\n%s", tc.args, stdout)
		}
		if n := strings.Count(errOut, tc.want); n != 1 {
			t.Errorf("%v: the error is said %d times:\n%s", tc.args, n, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if !strings.HasPrefix(lines[0], "commons") || !strings.Contains(lines[0], tc.want) {
			t.Errorf("%v: the error is not said in the first line:\n%s", tc.args, errOut)
		}
		// "commons arena: arena: ...", "commons lab run: lab run: ...",
		// "commons serve: server: ..." say the command twice.
		if _, rest, ok := strings.Cut(lines[0], ": "); ok && strings.HasPrefix(rest, tc.args[0]) {
			t.Errorf("%v: the command is said twice: %q", tc.args, lines[0])
		}
		if tc.code == 2 {
			want := 1
			if c := tc.args[0]; c != "help" && c != "fly" && c != "--bogus" {
				want = 2
				if hint := `Run "commons help ` + c + `" for its flags and examples.`; len(lines) != 2 || lines[1] != hint {
					t.Errorf("%v: want the error then %q, got:\n%s", tc.args, hint, errOut)
				}
			} else if tc.args[0] != "help" || tc.args[1] == "fly" {
				want = 2 // the unknown command, then where the commands are
			}
			if len(lines) != want {
				t.Errorf("%v: %d lines on stderr, want %d:\n%s", tc.args, len(lines), want, errOut)
			}
		}
		if strings.Contains(errOut, "Flags:") || strings.Contains(errOut, "Usage:") {
			t.Errorf("%v: the whole usage is dumped with the error:\n%s", tc.args, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(cwd, "commons.db")); err == nil {
		t.Error("serve with bad flags created commons.db")
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("lab run with bad flags created its directory")
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

// The usage names the registered games, counted, rather than a number
// written down once.
func TestUsageListsRegisteredGames(t *testing.T) {
	_, out, _ := commons(t, "")
	first := strings.ReplaceAll(strings.SplitN(out, "\n\n", 2)[0], "\n", " ")
	names := gameNames()
	if want := gamesLine(); first != want {
		t.Errorf("usage starts %q, want %q", first, want)
	}
	for _, n := range names {
		if !strings.Contains(first, n) {
			t.Errorf("usage lacks the game %s: %q", n, first)
		}
	}
	// countdown, the test game, is registered too: six, not five.
	if len(names) != 6 || !strings.Contains(first, " six open tabletop games: ") {
		t.Errorf("%d games; usage %q", len(names), first)
	}
	if !strings.Contains(out, "easy, medium and hard") || !strings.Contains(out, "script:NAME") {
		t.Errorf("usage does not name the bot levels and scripted players:\n%s", out)
	}
}
