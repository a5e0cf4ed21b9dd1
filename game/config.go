package game

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Config is what a game is made with: the number of players and the value
// of every option.
type Config struct {
	Players int
	Options Options
}

// Options maps option names to values.
type Options map[string]string

// Get returns the value of the named option ("" if unset).
func (o Options) Get(name string) string { return o[name] }

// ParseOptions reads "key=value" strings, as given on the command line.
func ParseOptions(kvs []string) (Options, error) {
	o := Options{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("option %q: want key=value", kv)
		}
		if _, dup := o[k]; dup {
			return nil, fmt.Errorf("option %q given twice", k)
		}
		o[k] = v
	}
	return o, nil
}

// Resolve checks a player count and options against g's Info and returns
// the full Config, every option filled with its value or default.
func Resolve(g Game, players int, opts Options) (Config, error) {
	in := g.Info()
	switch {
	case players >= in.MinPlayers && players <= in.MaxPlayers:
	case in.MinPlayers == in.MaxPlayers:
		return Config{}, fmt.Errorf("%s: %d players: the game is for %d", in.Name, players, in.MinPlayers)
	default:
		return Config{}, fmt.Errorf("%s: %d players: the game takes %d to %d", in.Name, players, in.MinPlayers, in.MaxPlayers)
	}
	full := make(Options, len(in.Options))
	for _, spec := range in.Options {
		full[spec.Name] = spec.Default
	}
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		spec, ok := in.Option(k)
		if !ok {
			known := make([]string, len(in.Options))
			for i, s := range in.Options {
				known[i] = s.Name
			}
			if len(known) == 0 {
				return Config{}, fmt.Errorf("%s: unknown option %q: the game has no options", in.Name, k)
			}
			return Config{}, fmt.Errorf("%s: unknown option %q (options: %s)", in.Name, k, strings.Join(known, ", "))
		}
		if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
			return Config{}, fmt.Errorf("%s: option %s=%q: want one of %s", in.Name, k, v, strings.Join(spec.Values, ", "))
		}
		full[k] = v
	}
	return Config{Players: players, Options: full}, nil
}

// NewState resolves the configuration and returns g's initial state.
func NewState(g Game, players int, opts Options) (State, error) {
	cfg, err := Resolve(g, players, opts)
	if err != nil {
		return nil, err
	}
	return g.New(cfg)
}

// NumberOption reads option name of cfg as a whole number from lo to hi,
// for a number a game's data table holds and an option may override (a
// parameter a designer tunes): 0 and no error when the option is empty
// (the data decides). The error names the game, the option, its value,
// what the number is (what) and whose value empty means (data, as "the
// cards file's").
func NumberOption(cfg Config, gameName, name string, lo, hi int, what, data string) (int, error) {
	v := cfg.Options.Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s: option %s=%q: want %s, a whole number from %d to %d, or empty for %s", gameName, name, v, what, lo, hi, data)
	}
	return n, nil
}
