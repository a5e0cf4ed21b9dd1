package main

import (
	"crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// seedFlag is an optional uint64 flag.
type seedFlag struct {
	set bool
	v   uint64
}

func (s *seedFlag) String() string {
	if !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(1<<64-1))
	}
	s.v, s.set = n, true
	return nil
}

// get returns the seed, making one up when none was given.
func (s *seedFlag) get() uint64 {
	if s.set {
		return s.v
	}
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & record.MaxSeed
}

// gameFlags are the flags every command that makes a game takes.
type gameFlags struct {
	players int
	options listFlag
	seed    seedFlag
}

// register adds --players, --option and --seed to fs; seedDoc says what
// happens without --seed.
func (gf *gameFlags) register(fs *flag.FlagSet, seedDoc string) {
	fs.IntVar(&gf.players, "players", 0, "the number of players `N` (default: the game's minimum; see commons games)")
	fs.Var(&gf.options, "option", "a variant option, as `key=value` (repeatable; commons games lists them)")
	fs.Var(&gf.seed, "seed", "the seed `S` of the chance outcomes, a whole number ("+seedDoc+")")
}

// parse parses the command's flags and resolves its one argument, GAME.
func (gf *gameFlags) parse(fs *flag.FlagSet, args []string) (game.Game, game.Config, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, game.Config{}, err
	}
	return gf.resolveArgs(pos)
}

// resolveArgs resolves a command's arguments, which must be one: GAME.
func (gf *gameFlags) resolveArgs(pos []string) (game.Game, game.Config, error) {
	switch len(pos) {
	case 0:
		return nil, game.Config{}, usagef("name a game: %s (commons games describes them)", strings.Join(gameNames(), ", "))
	case 1:
	default:
		return nil, game.Config{}, usagef("unexpected argument %q after the game %q (flags start with --)", pos[1], pos[0])
	}
	return gf.resolve(pos[0])
}

// resolve looks the game up and checks players and options.
func (gf *gameFlags) resolve(name string) (game.Game, game.Config, error) {
	g, err := lookupGame(name)
	if err != nil {
		return nil, game.Config{}, err
	}
	in := g.Info()
	opts, err := game.ParseOptions(gf.options)
	if err != nil {
		return nil, game.Config{}, usagef("--option: %v, e.g. %s", err, optionExample(in))
	}
	players := gf.players
	if players == 0 {
		players = in.MinPlayers
	}
	if players < in.MinPlayers || players > in.MaxPlayers {
		if in.MinPlayers == in.MaxPlayers {
			return nil, game.Config{}, usagef("--players %d: %s is for %d players", players, in.Name, in.MinPlayers)
		}
		return nil, game.Config{}, usagef("--players %d: %s is for %d to %d players", players, in.Name, in.MinPlayers, in.MaxPlayers)
	}
	if err := checkOptions(in, opts); err != nil {
		return nil, game.Config{}, err
	}
	cfg, err := game.Resolve(g, players, opts)
	if err != nil {
		return nil, game.Config{}, usagef("%v", err)
	}
	// The game may still refuse the options together, or a file one
	// names (3io's tile table): a bad value too, found before any work.
	if _, err := g.New(cfg); err != nil {
		return nil, game.Config{}, usagef("%v", err)
	}
	return g, cfg, nil
}

// checkOptions checks --option flags against the game's options: each
// must be one of them, with one of its values when it lists them.
func checkOptions(in game.Info, opts game.Options) error {
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		v := opts[k]
		spec, ok := in.Option(k)
		if !ok {
			if len(in.Options) == 0 {
				return usagef("--option %s=%s: %s has no options", k, v, in.Name)
			}
			var names []string
			for _, o := range in.Options {
				names = append(names, o.Name)
			}
			return usagef("--option %s=%s: %s has no option %q (options: %s; commons games describes them)", k, v, in.Name, k, strings.Join(names, ", "))
		}
		if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
			return usagef("--option %s=%s: want one of %s", k, v, strings.Join(quoteEmpty(spec.Values), ", "))
		}
	}
	return nil
}

// quoteEmpty writes "" for an empty value, as commons games does.
func quoteEmpty(vals []string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = optionValue(v)
	}
	return out
}

// optionExample is an --option flag the game accepts, for error messages.
func optionExample(in game.Info) string {
	for _, o := range in.Options {
		if len(o.Values) > 1 {
			return "--option " + o.Name + "=" + o.Values[1]
		}
	}
	return "--option key=value"
}

// gameNames lists the registered games' names.
func gameNames() []string {
	var names []string
	for _, g := range game.Games() {
		names = append(names, g.Info().Name)
	}
	return names
}

// lookupGame finds a game by its name or its title, as game.Find does
// for the server too (any case, with or without spaces, hyphens and
// underscores: Source, "Breaking Head" and breakinghead all work).
func lookupGame(name string) (game.Game, error) {
	g, err := game.Find(name)
	if err != nil {
		return nil, usagef("unknown game %q: the games are %s (commons games describes them)", name, strings.Join(gameNames(), ", "))
	}
	return g, nil
}

func runNew(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("new", "new GAME [--players N] [--seed S] [--option key=value]...", stderr)
	var gf gameFlags
	gf.register(fs, "default: a random one, written in the record")
	g, cfg, err := gf.parse(fs, args)
	if err != nil {
		return err
	}
	seed := gf.seed.get()
	_, err = stdout.Write(record.New(g.Info().Name, cfg.Players, cfg.Options, &seed).Marshal())
	return err
}
