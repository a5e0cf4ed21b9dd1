package testgame_test

import (
	"testing"

	"github.com/commons-games/commons/game/gametest"
	"github.com/commons-games/commons/internal/testgame"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, testgame.Game, gametest.Params{Games: 50})
	gametest.Run(t, testgame.Game, gametest.Params{Games: 10, Options: map[string]string{"start": "fixed"}})
}
