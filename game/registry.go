package game

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
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

// Find returns the registered game a person names: by its name, or else
// by its name or its title written in any case, with or without spaces,
// hyphens and other punctuation ("source", "Source", "Breaking Head",
// "breakinghead", "open-source board game"). Commands and the server
// look games up from people's words with it, so that every name one
// accepts the others accept too. The error lists the games' names.
func Find(name string) (Game, error) {
	if g, err := Lookup(name); err == nil {
		return g, nil
	}
	key := looseName(name)
	if key != "" {
		for _, g := range Games() {
			in := g.Info()
			if looseName(in.Name) == key || looseName(in.Title) == key {
				return g, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", name, strings.Join(names(), ", "))
}

// looseName is s in lower case with only its letters and digits.
func looseName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func names() []string {
	registry.RLock()
	defer registry.RUnlock()
	return namesLocked()
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
