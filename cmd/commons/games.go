package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

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
	for _, in := range infos {
		players := fmt.Sprintf("%d-%d players", in.MinPlayers, in.MaxPlayers)
		if in.MinPlayers == in.MaxPlayers {
			players = fmt.Sprintf("%d players", in.MinPlayers)
		}
		fmt.Fprintf(stdout, "%s (%s): %s\n", in.Name, players, in.Summary)
		for _, o := range in.Options {
			vals := ""
			if len(o.Values) > 0 {
				vals = " (" + strings.Join(o.Values, " | ") + ")"
			}
			fmt.Fprintf(stdout, "    --option %s=%s%s\n        %s\n", o.Name, o.Default, vals, o.Doc)
		}
	}
	return nil
}
