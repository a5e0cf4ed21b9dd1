package testgames

import (
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// TestConformance runs the engine's conformance kit on every test game, so
// that the bots are tested against games that keep the engine's promises.
func TestConformance(t *testing.T) {
	Register()
	for _, g := range All() {
		in := g.Info()
		for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
			opts := []game.Options{}
			for _, o := range in.Options {
				for _, v := range o.Values {
					opts = append(opts, game.Options{o.Name: v})
				}
			}
			if len(opts) == 0 {
				opts = append(opts, nil)
			}
			for _, o := range opts {
				t.Run(in.Name, func(t *testing.T) {
					gametest.Run(t, g, gametest.Params{Players: n, Options: o, Games: 30, Seed: 1})
				})
			}
		}
	}
}

func TestRegisterTwice(t *testing.T) {
	Register()
	Register()
	if _, err := game.Lookup("test-nim"); err != nil {
		t.Fatal(err)
	}
}
