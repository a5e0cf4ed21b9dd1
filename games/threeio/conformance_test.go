package threeio

import (
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the engine's conformance kit for every player
// count, with civilization-pacing on (T15), and with a small box that runs
// dry (T7's empty-box plays, T9's skips, T14's end when nobody can act).
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    game.Options
		games   int
	}{
		{"2 players", 2, nil, 60},
		{"3 players", 3, nil, 60},
		{"4 players", 4, nil, 60},
		{"2 players pacing", 2, game.Options{OptPacing: "on"}, 30},
		{"4 players pacing", 4, game.Options{OptPacing: "on"}, 30},
		{"3 players pacing at Probe", 3, game.Options{OptPacing: "on", OptPacingLevel: "Probe"}, 30},
		{"2 players small box", 2, game.Options{OptTiles: "testdata/tiles/small-box.json"}, 40},
		{"4 players small box pacing", 4, game.Options{OptTiles: "testdata/tiles/small-box.json", OptPacing: "on"}, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game, gametest.Params{Players: tc.players, Options: tc.opts, Games: tc.games, Seed: 3})
		})
	}
}
