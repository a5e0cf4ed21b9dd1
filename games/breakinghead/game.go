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
	"strconv"

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

// Option names.
const (
	// OptUnblockMix is the B5 option: which nine Unblocked! cards.
	OptUnblockMix = "unblock-mix"
	// OptBlockers is the option of our ruling 14: the number of Blocker
	// cards in the role deal, "" for B1's table.
	OptBlockers = "blockers"
	// OptHand is the option of our ruling 15: the hand size, "" for B2's
	// table.
	OptHand = "hand"
)

// Info describes the game.
func (breakingHead) Info() game.Info {
	return game.Info{
		Name:       "breaking-head",
		Title:      "Breaking Head",
		Summary:    "Hidden-role path building: Contributors lay comments towards Fixed & Committed while secret Blockers stall them.",
		MinPlayers: 3,
		MaxPlayers: 10,
		Options: []game.OptionSpec{{
			Name:    OptUnblockMix,
			Default: "2nd",
			Values:  mixValues,
			Doc: "the nine Unblocked! cards (B5): 2nd = LAN, Vitamins and Fixed head x2 each plus " +
				"LAN|Vitamins, LAN|Fixed head and Vitamins|Fixed head; 3rd = LAN, Vitamins and Fixed head x3 each",
		}, {
			Name:    OptBlockers,
			Default: "",
			Doc: "B1 and our ruling 14: the number of Blocker cards in the role deal, 1 to one fewer than the players; " +
				"the deal still has one card more than the players, the rest Contributors, and one stays hidden. " +
				"\"\" (the ruling) is B1's table: 1 for 3-4 players, 2 for 5-6, 3 for 7-9, 4 for 10",
		}, {
			Name:    OptHand,
			Default: "",
			Doc: "B2 and our ruling 15: the cards each seat is dealt, at least 1 and at most what the 66 cards give every seat; " +
				"\"\" (the ruling) is B2's table: 6 for 3-5 players, 5 for 6-7, 4 for 8-10",
		}},
		Params: []game.Param{{
			Option: OptBlockers,
			Values: []string{"", "1", "2"},
			Doc: "B1 and our ruling 14: how many Blocker cards the role deal holds (\"\": B1's table for the player count); " +
				"the values are those every player count takes; with 5 players or more name more (blockers=1,2,3,4)",
		}, {
			Option: OptHand,
			Values: []string{"", "3", "4", "5", "6", "7", "8"},
			Doc: "B2 and our ruling 15: the hand size (\"\": B2's table for the player count); " +
				"fewer cards make a seat's choices, and the Blockers' cards, scarcer, more leave the deck thinner",
		}, {
			Option: OptUnblockMix,
			Values: mixValues,
			Doc:    "B5: the 2nd or the 3rd edition's nine Unblocked! cards; the 3rd's single-problem cards unblock a given problem more often",
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
	n := cfg.Players
	mix := 0
	switch v := cfg.Options.Get(OptUnblockMix); v {
	case "", "2nd":
	case "3rd":
		mix = 1
	default:
		return nil, fmt.Errorf("breaking-head: option unblock-mix=%q: want 2nd or 3rd", v)
	}
	s := newState(n, mix)
	if v := cfg.Options.Get(OptBlockers); v != "" {
		b, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("breaking-head: option %s=%q: want a number of Blocker cards (1 to %d with %d players), or \"\" for the table of B1", OptBlockers, v, n-1, n)
		}
		if b < 1 || b > n-1 {
			return nil, fmt.Errorf("breaking-head: option %s=%q with %d players: want 1 to %d Blocker cards, fewer than the players so that some seat is a Contributor (our ruling 14)", OptBlockers, v, n, n-1)
		}
		s.blockers = int8(b)
		s.roleLeft = s.roleDeal()
	}
	if v := cfg.Options.Get(OptHand); v != "" {
		h, err := strconv.Atoi(v)
		most := nCards / n
		if err != nil {
			return nil, fmt.Errorf("breaking-head: option %s=%q: want a hand size (1 to %d cards with %d players), or \"\" for the table of B2", OptHand, v, most, n)
		}
		if h < 1 || h > most {
			return nil, fmt.Errorf("breaking-head: option %s=%q with %d players: want 1 to %d cards, as many as the %d cards deal every seat (our ruling 15)", OptHand, v, n, most, nCards)
		}
		s.hand = int8(h)
	}
	return s, nil
}

// MaxLength bounds a game: the role deal (one draw per seat), the end-card
// mix, the first player, at most 66 cards dealt or drawn and at most 66
// cards played (every turn plays one card).
func (breakingHead) MaxLength(cfg game.Config) int { return cfg.Players + 2 + 2*nCards }
