package source

import (
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
