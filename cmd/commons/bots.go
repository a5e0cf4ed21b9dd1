package main

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/bot"
)

// newBot makes the bot a spec names (see docs/bots.md).
var newBot = bot.New

// botSpecError is the bot package's complaint about spec without the
// prefixes that repeat what the flag in front of it already says.
func botSpecError(spec string, err error) string {
	msg := strings.TrimPrefix(err.Error(), "measure: ")
	return strings.TrimPrefix(msg, fmt.Sprintf("bot spec %q: ", spec))
}
