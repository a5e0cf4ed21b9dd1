package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/commons-games/commons/game"
)

// scriptBot plays one of the game's scripted strategies (game.Scripter),
// named by the spec script:NAME. In a game with hidden information the
// script is asked on a state drawn from the Sampler for the bot's seat,
// so that it cannot use what the seat may not see.
type scriptBot struct {
	name string
	rng  *rand.Rand
}

func newScript(sp Spec, seed uint64) *scriptBot {
	return &scriptBot{name: sp.Script, rng: game.NewRand(seed)}
}

// Act returns the script's move.
func (b *scriptBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	me, err := checkToMove(s)
	if err != nil {
		return 0, err
	}
	if smp, ok := s.(game.Sampler); ok {
		s = smp.Sample(me, b.rng)
	}
	sc, ok := s.(game.Scripter)
	if !ok {
		return 0, fmt.Errorf("bot: script:%s: this game has no scripts", b.name)
	}
	return sc.Script(b.name, b.rng)
}

// CheckFor checks that a parsed spec can play the game described by in:
// a script it names must be one of the game's. Other bots play every
// game.
func CheckFor(sp Spec, in game.Info) error {
	if sp.Name != "script" {
		return nil
	}
	if _, ok := in.Script(sp.Script); ok {
		return nil
	}
	if len(in.Scripts) == 0 {
		return fmt.Errorf("bot spec %q: %s has no scripts", sp.String(), in.Name)
	}
	names := make([]string, len(in.Scripts))
	for i, s := range in.Scripts {
		names[i] = s.Name
	}
	return fmt.Errorf("bot spec %q: %s has no script %q (scripts: %s)", sp.String(), in.Name, sp.Script, strings.Join(names, ", "))
}
