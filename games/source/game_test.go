package source

import (
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestInfoAndConfig(t *testing.T) {
	in := Game.Info()
	if in.Name != "source" || in.Title != "Source" || in.MinPlayers != 2 || in.MaxPlayers != 2 || in.Chance || in.HiddenInformation {
		t.Errorf("Info = %+v", in)
	}
	for _, name := range []string{OptCaptureAdjacency, OptTerritory} {
		if _, ok := in.Option(name); !ok {
			t.Errorf("option %s missing", name)
		}
	}
	for _, n := range []int{1, 3, 4} {
		if _, err := game.NewState(Game, n, nil); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if _, err := game.NewState(Game, 2, game.Options{OptTerritory: "both"}); err == nil {
		t.Errorf("territory=both accepted")
	}
	if _, err := Game.New(game.Config{Players: 2, Options: game.Options{OptCaptureAdjacency: "maybe"}}); err == nil {
		t.Errorf("New accepted capture-needs-adjacency=maybe")
	}
	// New with no options at all takes the defaults.
	s, err := Game.New(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.(*State); st.adjacency || st.regions {
		t.Errorf("defaults not off/single")
	}
}

// TestParams: every parameter a designer may tune (game.Info.Params) names
// an option of the game, lists the option's default among its values, and
// every value makes a game.
func TestParams(t *testing.T) {
	in := Game.Info()
	want := []string{OptCaptureAdjacency, OptTerritory, OptEnd, OptCompensation}
	if len(in.Params) != len(want) {
		t.Fatalf("%d params, want %v", len(in.Params), want)
	}
	for i, p := range in.Params {
		if p.Option != want[i] {
			t.Errorf("param %d sets %s, want %s", i, p.Option, want[i])
		}
		spec, ok := in.Option(p.Option)
		if !ok {
			t.Errorf("param %s: no such option", p.Option)
			continue
		}
		if !slices.Contains(p.Values, spec.Default) {
			t.Errorf("param %s: values %v leave out the default %q", p.Option, p.Values, spec.Default)
		}
		if p.Doc == "" || p.Numeric != (p.Option == OptCompensation) {
			t.Errorf("param %s: doc %q, numeric %v", p.Option, p.Doc, p.Numeric)
		}
		for _, v := range p.Values {
			if _, err := game.NewState(Game, 2, game.Options{p.Option: v}); err != nil {
				t.Errorf("param %s=%s: %v", p.Option, v, err)
			}
		}
	}
	for _, o := range in.Options {
		if !strings.Contains(o.Doc, "S1") && !strings.Contains(o.Doc, "ruling") {
			t.Errorf("option %s: doc %q names no ruling", o.Name, o.Doc)
		}
	}
}
