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

// Find returns the registered game a person names: by its name, or by
// its name or its title in any case (ASCII's), with or without spaces,
// hyphens and underscores ("source", "Source", "Breaking Head",
// "breaking-head", "breakinghead", "open-source board game", "Open
// Source, the Board Game", "3IO"). Nothing else is dropped: punctuation
// the title does not have, or a character nobody sees (a NUL, a
// zero-width space), is not a game's name, and neither is a letter that
// only Unicode's case mapping makes one (the Kelvin sign for k).
// Commands and the server look games up from people's words with it,
// so that every name one accepts the others accept too. The error lists
// the games' names.
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

// looseName is s with its ASCII letters in lower case and its spaces,
// hyphens and underscores dropped: the ways people write one name.
func looseName(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '-' || c == '_':
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
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
