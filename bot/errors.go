package bot

import (
	"errors"
	"fmt"

	"github.com/commons-games/commons/game"
)

// ErrNotToMove is returned by Act at a chance node or a finished game.
var ErrNotToMove = errors.New("bot: no seat is to move")

func noMoveError(s game.State) error {
	return fmt.Errorf("bot: %v to move has no legal action (a bug in the game)", s.CurrentPlayer())
}

func illegalError(s game.State, a game.Action, err error) error {
	return fmt.Errorf("bot: the game refused its own legal action %q (%d): %w (a bug in the game)", s.ActionString(a), a, err)
}

// checkToMove returns the player to move at s, or an error if no seat is.
func checkToMove(s game.State) (game.Player, error) {
	p := s.CurrentPlayer()
	if p < 0 {
		return p, fmt.Errorf("%w (%v)", ErrNotToMove, p)
	}
	return p, nil
}
