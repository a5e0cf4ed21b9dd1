package record

import "github.com/commons-games/commons/game"

// Masked entries of a public record of a game with hidden information
// whose states do not say what of a move everybody may know.
const (
	MaskedMove   = "?"
	MaskedChance = ChancePrefix + "?"
)

// PublicEntry is record entry e (action a by p at state s, before the
// action) as everybody may see it. In a game of perfect information every
// entry is public (the seed, which decides the chance outcomes to come,
// is not: a public record has none). In a game with hidden information
// an entry may name a card drawn in secret or passed face down; since the
// engine cannot say which entries do, each is masked ("?", or "*?" for
// chance) unless the state implements game.PublicNotationer.
func PublicEntry(info game.Info, s game.State, p game.Player, a game.Action, e string) string {
	if !info.HiddenInformation {
		return e
	}
	if pn, ok := s.(game.PublicNotationer); ok {
		if p == game.Chance {
			return ChancePrefix + pn.PublicActionString(a)
		}
		return pn.PublicActionString(a)
	}
	if p == game.Chance {
		return MaskedChance
	}
	return MaskedMove
}
