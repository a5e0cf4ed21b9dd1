package openscience

import (
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the engine's conformance kit for every player
// count (O1), both values of round-end (O8) and round-start=last-place
// (our variant of O7).
func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    game.Options
		games   int
	}{
		{"2 players", 2, nil, 40},
		{"3 players", 3, nil, 40},
		{"4 players", 4, nil, 40},
		{"5 players", 5, nil, 40},
		{"2 players full circle", 2, game.Options{OptRoundEnd: RoundEndFullCircle}, 30},
		{"5 players full circle", 5, game.Options{OptRoundEnd: RoundEndFullCircle}, 30},
		{"4 players last place", 4, game.Options{OptRoundStart: RoundStartLastPlace}, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			gametest.Run(t, Game, gametest.Params{Players: tc.players, Options: tc.opts, Games: tc.games, Seed: 5})
		})
	}
}
