package threeio

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/3io.md) shows example positions
// (game.Illustrator), drawn by the game's web board.
var _ game.Illustrator = threeIO{}

// exampleTurn is one expansion of a rulebook example: the seat to move
// announces expand, chance draws Tile, and the seat plays the drawn tile
// on Sector, with a crew meeple if Crew. Every seat is dealt a Dust and
// keeps it, so a script plays the same at every player count.
type exampleTurn struct {
	tile   Tile
	sector string
	crew   bool
}

func (t exampleTurn) moves() []string {
	play := "play " + t.tile.String() + " " + t.sector
	if t.crew {
		play += " crew"
	}
	return []string{"expand", t.tile.String(), play}
}

// playExample makes a game for cfg and applies the legal actions of the
// turns in order, then the extra moves in notation (an "expand" and a
// draw, to stop a turn before its play). Any refused move is an error.
func playExample(cfg game.Config, name string, turns []exampleTurn, extra ...string) (*State, error) {
	st, err := threeIO{}.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	var moves []string
	for _, t := range turns {
		moves = append(moves, t.moves()...)
	}
	moves = append(moves, extra...)
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			return nil, fmt.Errorf("3io: example %s: %w", name, err)
		}
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("3io: example %s: %q: %w", name, m, err)
		}
	}
	return s, nil
}

// The scripts of the examples. Each builds on the rules' own examples
// (docs/rules/3io.md, Fusion and Score).
var (
	// Two dark Dust touching on c3 and d3; the next seat draws a Dust.
	exDustBefore = []exampleTurn{{Dust, "c3", false}, {Dust, "d3", false}}
	// The Dust played on d4 touches d3, which touches c3: three fuse.
	exDustPlay = "play Dust d4"
	// Light Dust on c3 (from a3, b3, c3) and on e3 (from f3, f4, e3), two
	// dark Dust on d1 and d2; the next seat draws a Dust for d3.
	exChain = []exampleTurn{
		{Dust, "a3", false}, {Dust, "b3", false}, {Dust, "c3", false},
		{Dust, "f3", false}, {Dust, "f4", false}, {Dust, "e3", false},
		{Dust, "d1", false}, {Dust, "d2", false},
	}
	exChainPlay = "play Dust d3"
	// The dust-after board, then dark Dust played again on c3 and d3,
	// beside the light Dust on d4.
	exDarkLight = append(append([]exampleTurn{}, exDustBefore...),
		exampleTurn{Dust, "d4", false}, exampleTurn{Dust, "c3", false}, exampleTurn{Dust, "d3", false})
	// Seat 1 puts crew on a Dust at c3 and seat 2 on one at e3; a Dust on
	// b3, then one on d3 joins the four, which fuse into d3 with one bonus
	// token and both meeples.
	exShared = []exampleTurn{
		{Dust, "c3", true}, {Dust, "e3", true}, {Dust, "b3", false}, {Dust, "d3", false},
	}
	// Seat 1 puts crew on a Dust at c3, beside a Dust on b3; a Dust on e3,
	// then one on d3 joins the four, which fuse into d3: it turns light
	// with a bonus token and takes the crew. A Station and a Colony are
	// then played beside it.
	exCrew = []exampleTurn{
		{Dust, "c3", true}, {Dust, "b3", false}, {Dust, "e3", false}, {Dust, "d3", false},
		{Station, "e3", false}, {Colony, "d4", false},
	}
)

// Examples returns the rulebook's pictures for cfg, each built by legal
// actions from a new game of cfg: three Dust fusing (before and after),
// a chain of fusions into a Rock, a crew meeple's score, dark and light
// Dust that do not group, and two players' crew gathered on one tile. The scripts
// are written for the fusion numbers of T10 and T12 (groups of three,
// bonus tokens from four and five); a tile table with others, or a box
// without the tiles a script draws, gets an error.
func (threeIO) Examples(cfg game.Config) ([]game.Example, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	tb := r.tiles
	if tb.Fusion != 3 || tb.OneBonusAt != 4 || tb.TwoBonusAt != 5 {
		return nil, fmt.Errorf("3io: the rulebook's examples are drawn for fusions of 3 tiles with bonus tokens from 4 and 5; the tile table has %d, %d and %d", tb.Fusion, tb.OneBonusAt, tb.TwoBonusAt)
	}
	var out []game.Example

	before, err := playExample(cfg, "dust-before", exDustBefore, "expand", "Dust")
	if err != nil {
		return nil, err
	}
	out = append(out, game.Example{
		Name:    "dust-before",
		Caption: "Two dark Dust touch on c3 and d3, and the player to move has just drawn a Dust. Played on d4, it touches d3 along an edge, so the three make a group.",
		State:   before,
		Marks:   []string{"c3", "d3", "d4"},
	})

	after, err := playExample(cfg, "dust-after", exDustBefore, "expand", "Dust", exDustPlay)
	if err != nil {
		return nil, err
	}
	out = append(out, game.Example{
		Name:    "dust-after",
		Caption: "The same board after the Dust is played on d4: the group fused into the new tile, which flipped to its light side. The Dust from c3 and d3 went back into the box.",
		State:   after,
		Marks:   []string{"d4"},
	})

	chain, err := playExample(cfg, "fusion-chain", exChain, "expand", "Dust")
	if err != nil {
		return nil, err
	}
	out = append(out, game.Example{
		Name: "fusion-chain",
		Caption: "A chain of fusions: a Dust played on d3 fuses with d2 and d1 into a light Dust, which then touches the light Dust on c3 and e3. " +
			"Those three fuse at once, and d3 becomes a dark Rock in a single turn.",
		State: chain,
		Marks: []string{"d3", "d2", "d1", "c3", "e3"},
	})

	crew, err := playExample(cfg, "crew-score", exCrew)
	if err != nil {
		return nil, err
	}
	pts, mult := tb.Points[Dust][1], max(tb.Multiplier[Station], tb.Multiplier[Colony])
	var sc strings.Builder
	fmt.Fprintf(&sc, "When four Dust fused into d3, seat 1's crew meeple on c3 moved with them onto d3, now a light Dust with one bonus token. ")
	if r.pacing {
		fmt.Fprintf(&sc, "Scoring it earns %d + 1 = %d: in this variant the Station and the Colony beside it multiply nothing.", pts, pts+1)
	} else {
		fmt.Fprintf(&sc, "Beside it are a Station (×%d) and a Colony (×%d); only the best counts, so scoring it earns (%d + 1) × %d = %d.",
			tb.Multiplier[Station], tb.Multiplier[Colony], pts, mult, (pts+1)*mult)
	}
	out = append(out, game.Example{
		Name:    "crew-score",
		Caption: sc.String(),
		State:   crew,
		Marks:   []string{"d3", "e3", "d4"},
	})

	dl, err := playExample(cfg, "dark-light", exDarkLight)
	if err != nil {
		return nil, err
	}
	out = append(out, game.Example{
		Name:    "dark-light",
		Caption: "Three Dust touch here, yet nothing fused: the Dust on d4 shows its light side, the two on c3 and d3 their dark side, and only tiles of one type and one side group together.",
		State:   dl,
		Marks:   []string{"c3", "d3", "d4"},
	})

	shared, err := playExample(cfg, "shared-tile", exShared)
	if err != nil {
		return nil, err
	}
	out = append(out, game.Example{
		Name: "shared-tile",
		Caption: fmt.Sprintf("When four Dust fused into d3, the crew of seat 1 on c3 and of seat 2 on e3 both moved onto it, a light Dust with one bonus token. "+
			"Each scores it on a turn of its own: the first earns %d + 1, the other just %d.", tb.Points[Dust][1], tb.Points[Dust][1]),
		State: shared,
		Marks: []string{"d3"},
	})
	return out, nil
}
