package main

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// A person's decision with one legal move is played for them and the log
// says so; --ask-forced asks for it like any other. Countdown from 6 with
// two people taking 1 each: after five takes seat 2 has only take1 left.
func TestPlayForcedMove(t *testing.T) {
	five := strings.Repeat("take1\n", 5)
	for _, tc := range []struct {
		name    string
		flags   []string
		input   string
		code    int
		prompts int
		want    []string
		absent  []string
	}{
		{"played for the person", nil, five, 0, 2,
			[]string{"forced: seat 2: take1 (the only legal move)\n", "Game over after 6 moves."}, nil},
		{"asked with --ask-forced", []string{"--ask-forced"}, five, 1, 3,
			[]string{"seat 2: take1\n"}, []string{"forced:", "Game over"}},
		{"answered with --ask-forced", []string{"--ask-forced"}, five + "take1\n", 0, 3,
			[]string{"Game over after 6 moves."}, []string{"forced:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"play", "countdown", "--option", "start=fixed", "--seat", "all=human"}, tc.flags...)
			code, out, stderr := commons(t, tc.input, args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s\n%s", code, tc.code, stderr, out)
			}
			// A prompt for each move typed, and none for a forced one.
			if n := strings.Count(out, "seat 2> "); n != tc.prompts {
				t.Errorf("%d prompts for seat 2, want %d:\n%s", n, tc.prompts, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.absent {
				if strings.Contains(out, w) {
					t.Errorf("has %q:\n%s", w, out)
				}
			}
		})
	}
}

// announce marks only a person's forced move: a bot's only move is its
// own choice, as far as the table can tell, and the log of a bot-only
// game stays what it was. In a hot-seat game of hidden information the
// forced move shows as far as it is public, like any other.
func TestAnnounceForced(t *testing.T) {
	g := mustGame(t, "countdown")
	cfg, err := game.Resolve(g, 2, game.Options{"start": "fixed"})
	if err != nil {
		t.Fatal(err)
	}
	one, err := g.New(cfg) // 6 left: take1 and take2
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []game.Action{2, 0, 2, 0} { // take2, tails, take2, tails
		if err := one.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	// 2 left, seat 1 to move: take1 or take2. One take1 later seat 2 has
	// only take1.
	if err := one.Apply(1); err != nil {
		t.Fatal(err)
	}
	two := mustGame(t, "countdown")
	s2, _ := two.New(cfg)
	for _, tc := range []struct {
		name      string
		humans    []game.Player
		bots      map[game.Player]bot.Bot
		askForced bool
		s         game.State
		want      string
	}{
		{"person", []game.Player{0, 1}, nil, false, one, "forced: seat 2: take1 (the only legal move)\n"},
		{"person asked", []game.Player{0, 1}, nil, true, one, "seat 2: take1\n"},
		{"bot", []game.Player{0}, map[game.Player]bot.Bot{1: slowBot{}}, false, one, "seat 2: take1\n"},
		{"a choice", []game.Player{0, 1}, nil, false, s2, "seat 1: take1\n"},
	} {
		var out strings.Builder
		m := &terminalMatch{g: g, cfg: cfg, out: &out, humans: tc.humans, bots: tc.bots, askForced: tc.askForced}
		if m.bots == nil {
			m.bots = map[game.Player]bot.Bot{}
		}
		m.announce(tc.s, tc.s.CurrentPlayer(), 1)
		if out.String() != tc.want {
			t.Errorf("%s: announced %q, want %q", tc.name, out.String(), tc.want)
		}
	}
}
