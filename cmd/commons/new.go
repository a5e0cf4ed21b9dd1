package main

import (
	"crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"strconv"

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
		return fmt.Errorf("seed %q: want a whole number from 0 to %d", v, uint64(1<<64-1))
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

// register adds --players, --option and --seed to fs.
func (gf *gameFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&gf.players, "players", 0, "number of players (default: the game's minimum)")
	fs.Var(&gf.options, "option", "a variant option key=value (repeatable; see commons games)")
	fs.Var(&gf.seed, "seed", "seed for the chance outcomes (default: a random one, written in any record)")
}

// parse parses the command's flags and resolves its one argument, GAME.
func (gf *gameFlags) parse(fs *flag.FlagSet, args []string) (game.Game, game.Config, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, game.Config{}, err
	}
	if len(pos) != 1 {
		fs.Usage()
		return nil, game.Config{}, fmt.Errorf("want one game name, got %d arguments", len(pos))
	}
	return gf.resolve(pos[0])
}

// resolve looks the game up and checks players and options.
func (gf *gameFlags) resolve(name string) (game.Game, game.Config, error) {
	g, err := game.Lookup(name)
	if err != nil {
		return nil, game.Config{}, err
	}
	opts, err := game.ParseOptions(gf.options)
	if err != nil {
		return nil, game.Config{}, err
	}
	players := gf.players
	if players == 0 {
		players = g.Info().MinPlayers
	}
	cfg, err := game.Resolve(g, players, opts)
	if err != nil {
		return nil, game.Config{}, err
	}
	return g, cfg, nil
}

func runNew(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("new", "new GAME --players N [--seed S] [--option key=value]...", stderr)
	var gf gameFlags
	gf.register(fs)
	g, cfg, err := gf.parse(fs, args)
	if err != nil {
		return err
	}
	if _, err := g.New(cfg); err != nil {
		return err
	}
	seed := gf.seed.get()
	_, err = stdout.Write(record.New(g.Info().Name, cfg.Players, cfg.Options, &seed).Marshal())
	return err
}
