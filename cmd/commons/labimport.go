package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/lab"
	"github.com/commons-games/commons/variant"
)

// labImportOpts are the flags of lab import.
type labImportOpts struct {
	db       *string
	out      *string
	game     *string
	players  *int
	options  listFlag
	variants *string
}

// labImportFlags registers the flags of lab import on fs.
func labImportFlags(fs *flag.FlagSet) *labImportOpts {
	o := &labImportOpts{}
	o.db = fs.String("db", "", "the server's database `DSN`: its SQLite file (as serve's --db; it must exist) or a postgres:// URL")
	o.out = fs.String("out", "", "the results folder `DIR` to write: lab.json, results.jsonl, import.json; an earlier import there is replaced, anything else refused")
	o.game = fs.String("game", "", "import only the matches of game `G`")
	o.players = fs.Int("players", 0, "import only the matches of `N` players")
	fs.Var(&o.options, "option", "import only the matches with this option value, `key=value` (repeatable; needs --game)")
	o.variants = fs.String("variants", "", "the server's variants folder `DIR` (serve --variants): matches played as a variant replay with its table")
	return o
}

// runLabImport runs commons lab import.
func runLabImport(args []string, stdout, stderr io.Writer) error {
	fs := labFlags("import", stderr)
	o := labImportFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q (lab import takes flags only: --db DSN --out DIR)", pos[0])
	}
	if *o.db == "" {
		return usagef("--db is required: the server's database, e.g. --db commons.db or --db postgres://user@host/commons")
	}
	if *o.out == "" {
		return usagef("--out is required: the results folder to write, e.g. --out runs/people")
	}
	cfg := lab.ImportConfig{Dir: *o.out, Players: *o.players}
	if *o.players < 0 {
		return usagef("--players %d: want a number of players", *o.players)
	}
	if *o.game != "" {
		g, err := lookupGame(*o.game)
		if err != nil {
			return err
		}
		in := g.Info()
		cfg.Game = in.Name
		if p := *o.players; p != 0 && (p < in.MinPlayers || p > in.MaxPlayers) {
			return usagef("--players %d: %s is for %d to %d players", p, in.Name, in.MinPlayers, in.MaxPlayers)
		}
		if cfg.Options, err = game.ParseOptions(o.options); err != nil {
			return usagef("--option: %v, e.g. %s", err, optionExample(in))
		}
		if err := checkOptions(in, cfg.Options); err != nil {
			return err
		}
	} else if len(o.options) > 0 {
		return usagef("--option needs --game: options are a game's")
	}
	postgres := strings.HasPrefix(*o.db, "postgres://") || strings.HasPrefix(*o.db, "postgresql://")
	if !postgres {
		// Opening a SQLite file that is not there would make an empty
		// database: a mistyped path would import nothing and leave a
		// file behind.
		if fi, err := os.Stat(*o.db); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return usagef("--db %s: no such file: lab import reads a server's database (serve --db), and never makes one", *o.db)
			}
			return err
		} else if fi.IsDir() {
			return usagef("--db %s is a directory: want the server's SQLite file or a postgres:// URL", *o.db)
		}
	}
	if *o.variants != "" {
		if cfg.Variants, err = variant.Load(*o.variants); err != nil {
			return usagef("--variants: %v", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, where, err := openStore(ctx, *o.db)
	if err != nil {
		return err
	}
	defer st.Close()
	cfg.Store, cfg.Source = st, where
	im, err := lab.Import(ctx, cfg)
	if err != nil {
		var ce *lab.ConfigsError
		if errors.As(err, &ce) {
			// More flags are needed: a matter of the command line.
			return usagef("%s", strings.TrimPrefix(err.Error(), "lab: import: "))
		}
		return errors.New(strings.TrimPrefix(err.Error(), "lab: import: "))
	}
	for _, s := range im.Log.Skipped {
		fmt.Fprintf(stderr, "commons lab import: skipped match %s, which does not replay: %s\n", s.ID, s.Why)
	}
	m := &im.Manifest
	verb := "written"
	if im.Replaced {
		verb = "replaced the earlier import"
	}
	fmt.Fprintf(stdout, "%s: %d finished matches of %s with %d players from %s, %s", *o.out, len(im.Log.Matches), m.Game, m.Players, where, verb)
	if n := len(im.Log.Skipped); n > 0 {
		fmt.Fprintf(stdout, " (%d skipped)", n)
	}
	fmt.Fprintf(stdout, "; %d contestants: %s.\n", len(m.Labels), strings.Join(m.Labels, ", "))
	fmt.Fprintf(stdout, "Report with: commons lab report %s; set against bots with: commons lab compare %s BOT_RUN_DIR\n", *o.out, *o.out)
	return nil
}
