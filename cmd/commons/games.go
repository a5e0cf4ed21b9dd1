package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/commons-games/commons/game"
)

func runGames(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("games", "games [--json]", stderr)
	asJSON := fs.Bool("json", false, "print a JSON list")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	var infos []game.Info
	for _, g := range game.Games() {
		infos = append(infos, g.Info())
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(infos)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	for _, in := range infos {
		fmt.Fprintf(tw, "%s\t%d-%d players\t%s\n", in.Name, in.MinPlayers, in.MaxPlayers, in.Summary)
		for _, o := range in.Options {
			vals := ""
			if len(o.Values) > 0 {
				vals = " (" + strings.Join(o.Values, " | ") + ")"
			}
			def := o.Default
			if def == "" {
				def = `""`
			}
			fmt.Fprintf(tw, "\t  --option %s=%s%s\t%s\n", o.Name, def, vals, o.Doc)
		}
	}
	return tw.Flush()
}
