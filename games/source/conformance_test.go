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
	// Our rulings 11 and 12: the round played out, and a compensation.
	for _, opts := range []game.Options{
		{OptEnd: EndRound},
		{OptEnd: EndRound, OptCaptureAdjacency: "on", OptTerritory: TerritoryRegions, OptCompensation: "7"},
	} {
		t.Run("end="+opts[OptEnd]+"/"+opts[OptCaptureAdjacency]+"/"+opts[OptTerritory]+"/"+opts[OptCompensation], func(t *testing.T) {
			gametest.Run(t, Game, gametest.Params{Players: 2, Options: opts, Games: 60, Seed: 2000})
		})
	}
}
