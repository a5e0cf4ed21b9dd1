package main

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// newBot makes the bot a spec names (see docs/bots.md).
var newBot = bot.New

var reSpecPrefix = regexp.MustCompile(`^bot spec "[^"]*": `)

// botSpecError is the bot package's complaint about spec without the
// prefixes that repeat what the flag in front of it already says.
func botSpecError(spec string, err error) string {
	msg := strings.TrimPrefix(err.Error(), "measure: ")
	return reSpecPrefix.ReplaceAllString(msg, "")
}

// checkBots checks the bot specs of --bots against the game before any
// game is played: each must name a bot with good parameters, and a
// script one of the game's.
func checkBots(specs []string, in game.Info) error {
	for _, s := range specs {
		if _, err := bot.ParseFor(s, in); err != nil {
			return usagef("--bots %s: %s", s, botSpecError(s, err))
		}
	}
	return nil
}

// parseTeams reads --team TEAM=SPEC flags for the game of in: every team
// of the game (game.Info.Teams) given a bot, no other, and each spec
// checked as checkBots does.
func parseTeams(flags []string, in game.Info) (map[string]string, error) {
	teams := map[string]string{}
	for _, t := range flags {
		name, spec, ok := strings.Cut(t, "=")
		if !ok || name == "" || spec == "" {
			return nil, usagef("--team %q: want TEAM=SPEC, e.g. --team contributor=ismcts", t)
		}
		teams[name] = spec
	}
	if err := match.CheckTeams(in, teams); err != nil {
		return nil, usagef("--team: %v", err)
	}
	for _, name := range slices.Sorted(maps.Keys(teams)) {
		if _, err := bot.ParseFor(teams[name], in); err != nil {
			return nil, usagef("--team %s=%s: %s", name, teams[name], botSpecError(teams[name], err))
		}
	}
	return teams, nil
}
