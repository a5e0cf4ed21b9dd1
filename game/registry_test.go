package game_test

import (
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/internal/testgame"
)

// TestFind: a game is found by its name, or by its name or title in any
// case and spacing; anything else is an error naming the games.
func TestFind(t *testing.T) {
	for _, name := range []string{"countdown", "Countdown", "COUNT DOWN", "count-down", " countdown "} {
		g, err := game.Find(name)
		if err != nil {
			t.Errorf("Find(%q): %v", name, err)
			continue
		}
		if g.Info().Name != "countdown" {
			t.Errorf("Find(%q) = %s", name, g.Info().Name)
		}
	}
	for _, name := range []string{"", "-", "chess"} {
		if _, err := game.Find(name); err == nil {
			t.Errorf("Find(%q) found a game", name)
		}
	}
}
