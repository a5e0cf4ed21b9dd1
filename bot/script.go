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
// a script it names, as the bot or its playouts' (playout=script:NAME),
// must be one of the game's. Other bots play every game.
func CheckFor(sp Spec, in game.Info) error {
	name := sp.Script
	if sp.Name != "script" {
		var ok bool
		if name, ok = playoutScript(sp); !ok {
			return nil
		}
	}
	if _, ok := in.Script(name); ok {
		return nil
	}
	if len(in.Scripts) == 0 {
		return fmt.Errorf("bot spec %q: %s has no scripts", sp.String(), in.Name)
	}
	names := make([]string, len(in.Scripts))
	for i, s := range in.Scripts {
		names[i] = s.Name
	}
	return fmt.Errorf("bot spec %q: %s has no script %q (scripts: %s)", sp.String(), in.Name, name, strings.Join(names, ", "))
}

// playoutScript returns the script a spec's playouts play
// (playout=script:NAME), if they play one.
func playoutScript(sp Spec) (string, bool) {
	name, ok := strings.CutPrefix(sp.Playout, "script:")
	if !ok {
		return "", false
	}
	return name, true
}

// ParseFor reads a spec string for a game of in: ParseSpec, then CheckFor.
func ParseFor(spec string, in game.Info) (Spec, error) {
	sp, err := ParseSpec(spec)
	if err == nil {
		err = CheckFor(sp, in)
	}
	return sp, err
}
