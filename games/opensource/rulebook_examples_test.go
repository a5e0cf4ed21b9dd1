package opensource

import (
	"testing"

	"github.com/commons-games/commons/game"
)

func TestScratch(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	t.Log(legal(s))
	apply(t, s, "roll")
	apply(t, s, "dice YYB")
	t.Log(legal(s))
	apply(t, s, "take YYB")
	t.Log(legal(s))
	apply(t, s, "lab 1,0 t0")
	t.Log(legal(s))
	apply(t, s, "pass")
	t.Log(legal(s))
	t.Log(s.Render(game.Spectator))
}
