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
		return usagef("unexpected argument %q: games takes no arguments (commons games lists them all)", pos[0])
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
	for i, in := range infos {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		players := fmt.Sprintf("%d to %d players", in.MinPlayers, in.MaxPlayers)
		if in.MinPlayers == in.MaxPlayers {
			players = fmt.Sprintf("%d players", in.MinPlayers)
		}
		fmt.Fprintf(stdout, "%s: %s, %s", in.Name, in.Title, players)
		if in.Doc != "" {
			fmt.Fprintf(stdout, ", rules in %s", in.Doc)
		}
		fmt.Fprintf(stdout, "\n%s", wrap(in.Summary, 2, 80))
		for _, o := range in.Options {
			fmt.Fprintf(stdout, "  --option %s=%s%s\n%s", o.Name, optionValue(o.Default), optionChoices(o), wrap(o.Doc, 6, 80))
		}
		if len(in.Params) > 0 {
			fmt.Fprintln(stdout, "  Parameters a designer may tune (commons lab sweep and lab tune --param OPTION):")
			for _, p := range in.Params {
				vals := make([]string, len(p.Values))
				for i, v := range p.Values {
					vals[i] = optionValue(v)
				}
				fmt.Fprintf(stdout, "    %s: %s\n%s", p.Option, strings.Join(vals, ", "), wrap(p.Doc, 6, 80))
			}
		}
		if len(in.Scripts) > 0 {
			fmt.Fprintln(stdout, "  Scripted beginners (bots script:NAME):")
			for _, sc := range in.Scripts {
				fmt.Fprintf(stdout, "    script:%s\n%s", sc.Name, wrap(sc.Doc, 6, 80))
			}
		}
	}
	fmt.Fprintln(stdout, "\nPlay one with commons play GAME (against the medium bot; --seat 2=easy or hard"+
		"\nfor the other levels); the options are the defaults as shown.")
	return nil
}

// optionValue writes an option value as it would be typed: "" when empty.
func optionValue(v string) string {
	if v == "" {
		return `""`
	}
	return v
}

// optionChoices lists the other values an option takes.
func optionChoices(o game.OptionSpec) string {
	if len(o.Values) == 0 {
		if o.Path {
			return "  (or the path of a file)"
		}
		return ""
	}
	var others []string
	for _, v := range o.Values {
		if v != o.Default {
			others = append(others, optionValue(v))
		}
	}
	return "  (or " + strings.Join(others, ", ") + ")"
}
