package main

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
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
		if err := checkSpec(s, in); err != nil {
			return usagef("--bots %s: %s", s, botSpecError(s, err))
		}
	}
	return nil
}

// checkTeams checks the specs of --team TEAM=SPEC flags as checkBots does.
func checkTeams(teams map[string]string, in game.Info) error {
	for _, name := range slices.Sorted(maps.Keys(teams)) {
		if err := checkSpec(teams[name], in); err != nil {
			return usagef("--team %s=%s: %s", name, teams[name], botSpecError(teams[name], err))
		}
	}
	return nil
}

func checkSpec(spec string, in game.Info) error {
	sp, err := bot.ParseSpec(spec)
	if err != nil {
		return err
	}
	return bot.CheckFor(sp, in)
}

// maxSeatings is the arena's and the lab's bound on the ordered choices
// of bots cycled through when there are more bots than seats.
const maxSeatings = 5040

// checkSeatings says when there are too many bots for the seats, before
// the arena says it in its own words.
func checkSeatings(bots, seats int) error {
	if bots <= seats {
		return nil
	}
	count := 1
	for i := range seats {
		count *= bots - i
		if count > maxSeatings {
			return usagef("--bots: %d bots for %d seats make more than %d seatings; run fewer bots at a time", bots, seats, maxSeatings)
		}
	}
	return nil
}
