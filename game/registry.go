package game

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

var registry struct {
	sync.RWMutex
	games map[string]Game
}

// Register makes g available by its Info().Name. It panics if the name is
// taken, as registering twice is a programming error. Game packages call
// it from init; import commons/games/all to register every game.
func Register(g Game) {
	name := g.Info().Name
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]Game{}
	}
	if _, dup := registry.games[name]; dup {
		panic("game: Register called twice for " + name)
	}
	registry.games[name] = g
}

// Lookup returns the registered game with the given name.
func Lookup(name string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	if g, ok := registry.games[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(namesLocked(), ", "))
}

// Games returns the registered games in order of name.
func Games() []Game {
	registry.RLock()
	defer registry.RUnlock()
	var gs []Game
	for _, n := range namesLocked() {
		gs = append(gs, registry.games[n])
	}
	return gs
}

func namesLocked() []string {
	names := make([]string, 0, len(registry.games))
	for n := range registry.games {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
