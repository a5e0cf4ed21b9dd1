package opensource

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/open-source-board-game.md) shows
// example positions ({{example "NAME"}}), drawn by the game's web board.
var _ game.Illustrator = openSource{}

// Examples returns the rulebook's pictures for cfg, each built from a new
// game by legal moves and chance outcomes only (the start tile, the
// Market Demand card, the dice), so that none shows a position the rules
// cannot reach. In the examples of seat 1's Lab the other seats lay
// their tiles in their own Labs, out of the way; in those of the Commons
// every seat lays a BBB there in turn. Each works at every player count.
func (g openSource) Examples(cfg game.Config) ([]game.Example, error) {
	var out []game.Example
	for _, ex := range []struct {
		name, caption string
		marks         []string
		build         func(b *exampleBuilder)
	}{{
		name:    "finished-application",
		caption: "Seat 1 has laid a BBY at 1,-1 with its yellow edge against the start tile's: no yellow edge faces an empty space, so the Application is finished, and seat 1 may take the top File Browser card for it.",
		marks:   []string{"1,0", "1,-1"},
		build: func(b *exampleBuilder) {
			b.setup("BBY", "")
			b.turn("YBB", "BBY", "place 1,-1 t0", "")
		},
	}, {
		name:    "web-app-in-lab",
		caption: "Seat 1's Lab holds the Web App formation, turned a third of a full turn: a YYB at 0,1 and a BBY at 0,0, as the card shows them. Seat 1 may take the card, and with it an extra Lab space.",
		marks:   []string{"0,1", "0,0"},
		build: func(b *exampleBuilder) {
			b.setup("BBY", "web-app")
			b.turn("YYB", "YYB", "lab 0,1 t0", "pass")
			b.others()
			b.turn("YBB", "BBY", "lab 0,0 t1", "")
		},
	}, {
		name:    "lab-replaced",
		caption: "Seat 1 has laid an RRB on its own Lab tile at 0,0: the YYB that lay there went back to the supply. A tile laid on a Lab tile costs the supply nothing, and the supply is the game's clock.",
		marks:   []string{"0,0"},
		build: func(b *exampleBuilder) {
			b.setup("BBY", "")
			b.turn("YYB", "YYB", "lab 0,0 t0", "pass")
			b.others()
			b.turn("BRR", "RRB", "lab 0,0 t0", "pass")
		},
	}, {
		name:    "hole",
		caption: "A hole: the empty space 0,0 has Commons tiles across all three of its edges (0,-1, 0,1 and -1,0). Hardware's condition counts holes like it.",
		marks:   []string{"0,0"},
		build: func(b *exampleBuilder) {
			b.setup("BBB", "")
			for _, at := range []string{"1,-1", "0,-1", "0,-2", "-1,-2", "-1,-1", "-1,0", "1,1", "0,1"} {
				b.turn("BBB", "BBB", "place "+at+" t0", "pass")
			}
		},
	}, {
		name:    "lift-from-commons",
		caption: "The supply has no BBB left, and the player to move has rolled three blue dice, none changed: instead of taking a tile from the supply, it lifts a BBB of its choice from the Commons.",
		build: func(b *exampleBuilder) {
			b.setup("BBB", "")
			for b.err == nil && b.s.supply[BBB] > 0 {
				b.turn("BBB", "BBB", "", "")
				b.nearest()
				if b.err == nil && b.s.phase == phaseReward {
					b.play("pass")
				}
			}
			b.play("dice BBB")
		},
	}} {
		st, err := g.New(cfg)
		if err != nil {
			return nil, err
		}
		b := &exampleBuilder{s: st.(*State)}
		ex.build(b)
		if b.err != nil {
			return nil, fmt.Errorf("%s: example %s: %w", info.Name, ex.name, b.err)
		}
		out = append(out, game.Example{Name: ex.name, Caption: ex.caption, State: b.s, Marks: ex.marks})
	}
	return out, nil
}

// exampleBuilder plays an example's moves, keeping the first error.
type exampleBuilder struct {
	s   *State
	err error
}

// play applies moves and chance outcomes in notation.
func (b *exampleBuilder) play(moves ...string) {
	for _, m := range moves {
		if b.err != nil {
			return
		}
		a, err := b.s.ParseAction(m)
		if err == nil {
			err = b.s.Apply(a)
		}
		if err != nil {
			b.err = fmt.Errorf("%s: %w", m, err)
		}
	}
}

// setup draws the start tile and the Market Demand card named, or the
// first of the deck when demand is "".
func (b *exampleBuilder) setup(start, demand string) {
	b.play("start " + start)
	if b.err != nil {
		return
	}
	if demand != "" {
		b.play("demand " + demand)
		return
	}
	if cs := b.s.ChanceOutcomes(nil); len(cs) > 0 {
		b.apply(cs[0].Action)
	}
}

func (b *exampleBuilder) apply(a game.Action) {
	if b.err == nil {
		if err := b.s.Apply(a); err != nil {
			b.err = err
		}
	}
}

// turn plays the seat to move's turn: the dice, the tile taken (asked
// only when there is a choice), where it goes ("" to stop before it), and
// the reward ("" to stop before it; a pass is asked only when a card
// could be taken).
func (b *exampleBuilder) turn(dice, take, place, reward string) {
	b.play("dice " + dice)
	if b.err == nil && b.s.phase == phaseDice {
		b.play("take " + take)
	}
	if place != "" {
		b.play(place)
	}
	if b.err != nil || reward == "" {
		return
	}
	if reward != "pass" || b.s.phase == phaseReward {
		b.play(reward)
	}
}

// others plays the turns of the seats after the one to move until it is
// its turn again: each lays a YYY in its own Lab at 1,1.
func (b *exampleBuilder) others() {
	for range b.s.n() - 1 {
		b.turn("YYY", "YYY", "lab 1,1 t0", "pass")
	}
}

// nearest places the tile in hand in the Commons on the legal space
// nearest the centre (the first such, in the order of the moves), so that
// the tiles gather round it.
func (b *exampleBuilder) nearest() {
	if b.err != nil {
		return
	}
	best, bestD := game.Action(-1), 0
	for _, a := range b.s.LegalActions(nil) {
		var r, c, k int
		if _, err := fmt.Sscanf(b.s.ActionString(a), "place %d,%d t%d", &r, &c, &k); err != nil {
			continue
		}
		// Squared distance from the centre vertex, in quarters of a
		// row's height and halves of a column's width.
		if d := 3*(2*r-1)*(2*r-1) + 4*c*c; best < 0 || d < bestD {
			best, bestD = a, d
		}
	}
	if best < 0 {
		b.err = fmt.Errorf("no Commons placement in phase %s", phaseNames[b.s.phase])
		return
	}
	b.apply(best)
}
