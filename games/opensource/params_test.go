package opensource

import (
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestParamsBuildGames checks the tuning parameters (game.Info.Params):
// each names an option of the game, has the data's value among its
// values, and every value makes a game at every player count.
func TestParamsBuildGames(t *testing.T) {
	in := Game.Info()
	if len(in.Params) == 0 {
		t.Fatal("no Params")
	}
	c := DefaultCards()
	data := map[string]string{
		OptSupply:    "20",
		OptSetCards:  "4",
		OptPlacemat:  "3",
		OptTurnLimit: "1000",
	}
	for _, p := range in.Params {
		spec, ok := in.Option(p.Option)
		if !ok {
			t.Errorf("param %s: no such option", p.Option)
			continue
		}
		if !strings.Contains(spec.Doc, "R1") || p.Doc == "" {
			t.Errorf("param %s: the option's Doc names no ruling of ours, or the param has no Doc", p.Option)
		}
		if want, ok := data[p.Option]; !ok || !slices.Contains(p.Values, want) {
			t.Errorf("param %s: values %v lack the data's %q", p.Option, p.Values, want)
		}
		for _, v := range p.Values {
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				if _, err := game.NewState(Game, n, game.Options{p.Option: v}); err != nil {
					t.Errorf("param %s=%s, %d players: %v", p.Option, v, n, err)
				}
			}
		}
	}
	if c.Supply[YYY] != 20 || c.Sets[0].Cards != 4 || c.Placemat != 3 || c.TurnLimit != 1000 {
		t.Errorf("the embedded cards changed: supply %d, set A %d cards, placemat %d, turn limit %d", c.Supply[YYY], c.Sets[0].Cards, c.Placemat, c.TurnLimit)
	}
}
