package game_test

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	_ "github.com/commons-games/commons/internal/testgame"
)

// TestFind: a game is found by its name, or by its name or title in any
// case, with or without spaces, hyphens and underscores (as docs/api.md
// and the README promise); anything else, punctuation and characters
// that are not there to see included, is an error naming the games.
func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name, want string // want "": refused
	}{
		{"countdown", "countdown"},
		{"Countdown", "countdown"},
		{"COUNT DOWN", "countdown"},
		{"count-down", "countdown"},
		{"count_down", "countdown"},
		{" countdown ", "countdown"},
		{"source", "source"},
		{"Source", "source"},
		{"SOURCE", "source"},
		{"Breaking Head", "breaking-head"},
		{"breaking-head", "breaking-head"},
		{"breakinghead", "breaking-head"},
		{"breaking_head", "breaking-head"},
		{"open-source board game", "open-source-board-game"},
		{"Open Source, the Board Game", "open-source-board-game"},
		{"open source, the board game", "open-source-board-game"},
		{"Open Science Alliance", "open-science-alliance"},
		{"3io", "3io"},
		{"3IO", "3io"},

		{"", ""},
		{"-", ""},
		{"   ", ""},
		{"chess", ""},
		{".s.o.u.r.c.e.", ""},
		{"source!!!", ""},
		{"sou\x00rce", ""},
		{"sou\u200brce", ""},   // a zero-width space
		{"sou\ufffdrce", ""},   // what invalid UTF-8 reads as
		{"\u212aountdown", ""}, // the Kelvin sign, which Unicode lower-cases to k
		{"source\t", ""},
		{"open source the board game", ""}, // the title has a comma
		{"sourc", ""},
	} {
		g, err := game.Find(tc.name)
		switch {
		case err != nil && tc.want != "":
			t.Errorf("Find(%q): %v", tc.name, err)
		case err != nil && (!strings.Contains(err.Error(), "unknown game") || !strings.Contains(err.Error(), "breaking-head, countdown")):
			t.Errorf("Find(%q): %v; want unknown game, listing the games", tc.name, err)
		case err == nil && tc.want == "":
			t.Errorf("Find(%q) = %s, want an error", tc.name, g.Info().Name)
		case err == nil && g.Info().Name != tc.want:
			t.Errorf("Find(%q) = %s, want %s", tc.name, g.Info().Name, tc.want)
		}
	}
}
