package source

import (
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

func TestConformance(t *testing.T) {
	for _, adj := range []string{"off", "on"} {
		for _, terr := range []string{TerritorySingle, TerritoryRegions} {
			t.Run(adj+"/"+terr, func(t *testing.T) {
				gametest.Run(t, Game, gametest.Params{
					Players: 2,
					Options: game.Options{OptCaptureAdjacency: adj, OptTerritory: terr},
					Games:   60,
					Seed:    1000,
				})
			})
		}
	}
}
