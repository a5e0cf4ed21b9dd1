package game_test

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestNumberOption(t *testing.T) {
	tests := []struct {
		value string
		want  int
		err   string
	}{
		{"", 0, ""},
		{"7", 7, ""},
		{"1", 1, ""},
		{"40", 40, ""},
		{"0", 0, `g: option supply="0": want the tiles of each type, a whole number from 1 to 40, or empty for the cards file's`},
		{"41", 0, "from 1 to 40"},
		{"2.5", 0, `supply="2.5"`},
		{"abc", 0, `supply="abc"`},
	}
	for _, tc := range tests {
		cfg := game.Config{Options: game.Options{"supply": tc.value}}
		n, err := game.NumberOption(cfg, "g", "supply", 1, 40, "the tiles of each type", "the cards file's")
		if tc.err == "" && (err != nil || n != tc.want) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("supply=%q: %d, %v; want %d, %q", tc.value, n, err, tc.want, tc.err)
		}
	}
}
