package main

import "github.com/commons-games/commons/bot"

// newBot makes the bot a spec names (see docs/bots.md).
var newBot = bot.New
