// Package breakinghead implements Breaking Head, a hidden-role card game
// about the Drupal.org issue queue after Saboteur: Contributors lay comment
// cards to build a path from the Issue summary to the hidden Fixed &
// Committed card while secret Blockers stall them.
//
// The rules, the notation and our own rulings are in
// docs/rules/breaking-head.md; numbered rulings (B1..B19) are cited in
// comments where they decide something.
package breakinghead

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// Game is Breaking Head. It is registered with package game as
// "breaking-head".
var Game game.Game = breakingHead{}

func init() { game.Register(Game) }

// What a State offers the runners and the bots beside game.State, checked
// when the package is built: a method with a wrong signature fails the
// build rather than leaving the State without the capability, found by a
// type assertion that fails in silence.
var _ interface {
	game.State
	game.Sampler
	game.Resampler
	game.PublicNotationer
	game.Copier
	game.Equaler
	game.StandingEvaluator
	game.SearchTuner
	game.Outcomer
	game.Scripter
	game.Teamer
	game.Undoer
} = (*State)(nil)

type breakingHead struct{}

// Option values of unblock-mix (B5).
var mixValues = []string{"2nd", "3rd"}

// Info describes the game.
func (breakingHead) Info() game.Info {
	return game.Info{
		Name:       "breaking-head",
		Title:      "Breaking Head",
		Summary:    "Hidden-role path building: Contributors lay comments towards Fixed & Committed while secret Blockers stall them.",
		MinPlayers: 3,
		MaxPlayers: 10,
		Options: []game.OptionSpec{{
			Name:    "unblock-mix",
			Default: "2nd",
			Values:  mixValues,
			Doc: "the nine Unblocked! cards (B5): 2nd = LAN, Vitamins and Fixed head x2 each plus " +
				"LAN|Vitamins, LAN|Fixed head and Vitamins|Fixed head; 3rd = LAN, Vitamins and Fixed head x3 each",
		}},
		Chance:            true,
		HiddenInformation: true,
		Doc:               "docs/rules/breaking-head.md",
		Scripts:           scripts,
		// The roles' teams (Team), dealt before the first decision.
		Teams: []string{roleNames[roleBlocker], roleNames[roleContributor]},
	}
}

// New returns the state before the role deal.
func (breakingHead) New(cfg game.Config) (game.State, error) {
	if cfg.Players < 3 || cfg.Players > 10 {
		return nil, fmt.Errorf("breaking-head: %d players: the game takes 3 to 10", cfg.Players)
	}
	mix := 0
	switch v := cfg.Options.Get("unblock-mix"); v {
	case "", "2nd":
	case "3rd":
		mix = 1
	default:
		return nil, fmt.Errorf("breaking-head: option unblock-mix=%q: want 2nd or 3rd", v)
	}
	return newState(cfg.Players, mix), nil
}

// MaxLength bounds a game: the role deal (one draw per seat), the end-card
// mix, the first player, at most 66 cards dealt or drawn and at most 66
// cards played (every turn plays one card).
func (breakingHead) MaxLength(cfg game.Config) int { return cfg.Players + 2 + 2*nCards }
