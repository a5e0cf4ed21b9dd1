package openscience

import (
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestParamsBuildGames checks the tuning parameters (game.Info.Params):
// each names an option of the game, has today's value among its values
// (the option's default, or the data's for a number), and every value
// makes a game at every player count.
func TestParamsBuildGames(t *testing.T) {
	in := Game.Info()
	c := DefaultCards()
	data := map[string]string{
		OptRoundStart: RoundStartRotate,
		OptRoundEnd:   RoundEndImmediate,
		OptRoleMax:    "4",
		OptDriverMax:  "6",
	}
	if len(in.Params) != len(data) {
		t.Errorf("%d Params, want %d", len(in.Params), len(data))
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
		if want, ok := data[p.Option]; !ok || !slices.Contains(p.Values, want) {
			t.Errorf("param %s: values %v lack today's %q", p.Option, p.Values, want)
		}
		if len(spec.Values) > 0 && !slices.Equal(spec.Values, p.Values) {
			t.Errorf("param %s: values %v, the option's %v", p.Option, p.Values, spec.Values)
		}
		for _, v := range p.Values {
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				if _, err := game.NewState(Game, n, game.Options{p.Option: v}); err != nil {
					t.Errorf("param %s=%s, %d players: %v", p.Option, v, n, err)
				}
			}
		}
	}
	if c.RoleMax != 4 || c.DriverMax != 6 {
		t.Errorf("the embedded cards changed: role max %d, driver max %d", c.RoleMax, c.DriverMax)
	}
}

// refusedOption checks that the option's value makes no game, with an
// error naming the option and the value.
func refusedOption(t testing.TB, name, value string) {
	t.Helper()
	_, err := game.NewState(Game, 2, game.Options{name: value})
	if err == nil {
		t.Fatalf("option %s=%q accepted", name, value)
	}
	if want := "option " + name + "=" + `"` + value + `"`; !strings.Contains(err.Error(), want) {
		t.Errorf("option %s=%q: error %q, want it to name %s", name, value, err, want)
	}
}
