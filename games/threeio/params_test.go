package threeio

import (
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestParamsBuildGames checks the tuning parameters (game.Info.Params):
// each names an option of the game, has today's value among its values
// (the option's default, or the data's), and every value makes a game at
// every player count.
func TestParamsBuildGames(t *testing.T) {
	in := Game.Info()
	tb := DefaultTiles()
	today := map[string]string{
		OptBoxDust:     "50",
		OptBoxProbe:    "25",
		OptPacing:      "off",
		OptPacingLevel: tb.PacingLevel.String(),
	}
	if len(in.Params) != len(today) {
		t.Errorf("%d Params, want %d", len(in.Params), len(today))
	}
	for _, p := range in.Params {
		spec, ok := in.Option(p.Option)
		if !ok {
			t.Errorf("param %s: no such option", p.Option)
			continue
		}
		if p.Doc == "" || spec.Doc == "" {
			t.Errorf("param %s: no Doc", p.Option)
		}
		if want, ok := today[p.Option]; !ok || !slices.Contains(p.Values, want) {
			t.Errorf("param %s: values %v lack today's %q", p.Option, p.Values, want)
		}
		for _, v := range p.Values {
			if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
				t.Errorf("param %s: value %q is not one of the option's %v", p.Option, v, spec.Values)
			}
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				opts := game.Options{p.Option: v}
				if p.Option == OptPacingLevel {
					opts[OptPacing] = "on"
				}
				if _, err := game.NewState(Game, n, opts); err != nil {
					t.Errorf("param %s=%s, %d players: %v", p.Option, v, n, err)
				}
			}
		}
	}
}

// refusedOption checks that the option's value makes no game of n
// players, with an error naming the option and the value.
func refusedOption(t testing.TB, n int, name, value string) {
	t.Helper()
	_, err := game.NewState(Game, n, game.Options{name: value})
	if err == nil {
		t.Fatalf("option %s=%q accepted", name, value)
	}
	if want := "option " + name + "=" + `"` + value + `"`; !strings.Contains(err.Error(), want) {
		t.Errorf("option %s=%q: error %q, want it to name %s", name, value, err, want)
	}
}
