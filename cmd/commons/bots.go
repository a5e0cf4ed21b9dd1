package main

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// newBot makes the bot a spec names.
func newBot(spec string, seed uint64) (bot.Bot, error) {
	if spec != "random" {
		return nil, fmt.Errorf("unknown bot %q", spec)
	}
	return &randomBot{rng: game.NewRand(seed)}, nil
}

type randomBot struct {
	rng *rand.Rand
	buf []game.Action
}

func (b *randomBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	b.buf = s.LegalActions(b.buf)
	return b.buf[b.rng.IntN(len(b.buf))], nil
}
