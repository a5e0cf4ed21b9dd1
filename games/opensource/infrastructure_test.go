package opensource

import (
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// G15: each Infrastructure condition at its threshold and one below, with
// no card of the set awarded before (n = 0) and with one (n = 1), and each
// reward used as a power in its phase of the turn (G12).

// Boards: a finished feature of each kind in pairs of tiles, and longer
// ones of three tiles.
var (
	appPair      = []string{"1,0 BBY 1:Y", "1,1 BBY 1:Y"}
	appPair2     = []string{"5,0 BBY 1:Y", "5,1 BBY 1:Y"}
	formatPair   = []string{"1,0 BBR 1:R", "1,1 BBR 1:R"}
	formatPair2  = []string{"5,0 BBR 1:R", "5,1 BBR 1:R"}
	platformPair = []string{"1,0 YYB 1:B", "1,1 YYB 1:B"}
	platPair2    = []string{"5,0 YYB 1:B", "5,1 YYB 1:B"}
	appThree     = []string{"1,0 BBY 1:Y", "1,1 YYB 1:Y 2:Y", "1,2 BBY 2:Y"}
	formatThree  = []string{"1,0 BBR 1:R", "1,1 RRB 1:R 2:R", "1,2 BBR 2:R"}
	platThree    = []string{"1,0 YYB 1:B", "1,1 BBY 1:B 2:B", "1,2 YYB 2:B"}
	oneHole      = []string{"-1,0 YYY", "0,-1 YYY", "0,1 YYY"}                                   // round 0,0
	twoHoles     = []string{"-1,0 YYY", "0,-1 YYY", "0,1 YYY", "2,0 YYY", "1,-1 YYY", "1,1 YYY"} // round 0,0 and 1,0
	threeFinishd = []string{"1,0 BBY 1:Y", "1,1 BBY 1:Y", "5,0 BBR 1:R", "5,1 BBR 1:R", "-5,0 YYB 1:B", "-5,1 YYB 1:B"}
)

func cat(parts ...[]string) []string { return slices.Concat(parts...) }

func TestG15_ConditionsAtTheThresholdAndOneBelow(t *testing.T) {
	for _, tc := range []struct {
		set       byte
		n         int
		met, miss []string // a board that meets the condition and one just below
	}{
		{'B', 0, appPair, nil},
		{'B', 1, cat(appPair, appPair2), appPair},
		{'C', 0, formatPair, nil},
		{'C', 1, cat(formatPair, formatPair2), formatPair},
		{'D', 0, platformPair, nil},
		{'D', 1, cat(platformPair, platPair2), platformPair},
		{'E', 0, formatPair, nil},
		{'E', 1, formatThree, formatPair},
		{'F', 0, appPair, nil},
		{'F', 1, appThree, appPair},
		{'G', 0, platformPair, nil},
		{'G', 1, platThree, platformPair},
		{'H', 0, oneHole, nil},
		{'H', 1, twoHoles, oneHole},
		{'I', 0, threeFinishd, cat(appPair, formatPair2)},
	} {
		i := int(tc.set - 'A')
		for _, board := range []struct {
			tiles []string
			want  bool
		}{{tc.met, true}, {tc.miss, false}} {
			s := started(t, 2, "YYY", "web-app")
			s.commons.clear()
			put(t, s, board.tiles...)
			s.left[i] = int8(s.r.cards.Sets[i].Cards - tc.n)
			s.placemat[0] = int8(i)
			s.phase = phaseReward
			if got := s.infraOK(i); got != board.want {
				t.Errorf("set %c, n=%d (%s), board %v (%s): met %v, want %v", tc.set, tc.n, s.stack(i).Condition, board.tiles, describe(commonsStats(s)), got, board.want)
			}
			if got := hasMove(s, "reward "+string(tc.set)); got != board.want {
				t.Errorf("set %c, n=%d: reward offered %v, want %v", tc.set, tc.n, got, board.want)
			}
		}
	}
	// A, Nothing To Lose: always, even when others could be taken.
	s := started(t, 2, "YYY", "web-app")
	s.phase = phaseReward
	if !hasMove(s, "reward A") {
		t.Error("A not offered")
	}
}

func TestG15_Agility(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "A")
	begin(s, 0)
	if got := legal(s); !slices.Equal(got, []string{"roll", "roll +1"}) {
		t.Fatalf("with Agility: %v", got)
	}
	apply(t, s, "roll +1")
	if s.nDice != 4 || len(s.ChanceOutcomes(nil)) != 15 {
		t.Fatalf("%d dice, %d outcomes (want 15 multisets of 4)", s.nDice, len(s.ChanceOutcomes(nil)))
	}
	apply(t, s, "dice YYBR")
	if got := legal(s); !slices.Equal(got, []string{"keep YBR", "keep YYR", "keep YYB"}) {
		t.Fatalf("keep: %v", got)
	}
	apply(t, s, "keep YYR", "take YYR")
	if s.hand != YYR || s.usesOf(Agility) != 0 {
		t.Errorf("hand %v, Agility left %d", s.hand, s.usesOf(Agility))
	}
}

func TestG15_Compatibility(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	put(t, s, "2,0 YYB 0:B") // above the start tile, joined by a B edge
	give(t, s, 0, "C")
	begin(s, 0)
	if !hasMove(s, "move 2,0") {
		t.Fatalf("Compatibility: %v", legal(s))
	}
	apply(t, s, "move 2,0")
	targets := legal(s)
	for _, m := range targets {
		f := strings.Fields(m)
		if !s.moveFits(sp(t, "2,0"), false, sp(t, f[1]), int(f[2][1]-'0')) {
			t.Errorf("%s offered but does not fit", m)
		}
	}
	// 1,1 (right of the start tile, across its B edge 1) takes the YYB.
	turn := turnShowing(t, YYB, "1:B")
	m := "to 1,1 t" + string(rune('0'+turn))
	if !slices.Contains(targets, m) {
		t.Fatalf("%s not among %v", m, targets)
	}
	apply(t, s, m)
	if s.commons.occupied(sp(t, "2,0")) || s.commons.cells[sp(t, "1,1")] != cellOf(YYB, turn) {
		t.Error("the tile did not move")
	}
	if err := compareWithSlow(&s.commons); err != nil {
		t.Error(err)
	}
	if s.usesOf(Compatibility) != 0 || hasMove(s, "move 1,1") {
		t.Error("Compatibility usable twice")
	}
}

// TestG15C_CompatibilityMustChangeTheLayout: turning a YYY, BBB or RRR in
// place changes nothing and is no use of Compatibility: a tile whose only
// moves are such turns is not offered, and a BBB that is offered goes
// only where the layout changes.
func TestG15C_CompatibilityMustChangeTheLayout(t *testing.T) {
	ring := []string{"1,0", "1,1", "1,-1", "0,0", "0,1", "0,-1"}
	s := started(t, 2, "BBY", "web-app")
	for _, at := range ring {
		putLab(t, s, 0, at+" BBB")
	}
	give(t, s, 0, "C")
	begin(s, 0)
	// A full Lab of BBBs: no empty space to go to, and a turn in place
	// is the same lie; the lone start tile touches nothing once moved.
	if s.anyMovable() {
		t.Fatalf("Compatibility offered with only turns in place of BBBs: %v", legal(s))
	}
	for _, a := range []game.Action{game.Action(actMoveLab + int(sp(t, "1,0"))), game.Action(actMove + int(sp(t, "1,0")))} {
		if s.legal(a) {
			t.Errorf("%s legal", s.moveString(a))
		}
	}

	// One Lab space empty: a BBB may move into it, but not turn in place.
	s = started(t, 2, "BBY", "web-app")
	for _, at := range ring[:5] {
		putLab(t, s, 0, at+" BBB")
	}
	give(t, s, 0, "C")
	begin(s, 0)
	if !hasMove(s, "move lab 0,0") {
		t.Fatalf("a BBB with an empty Lab space beside the others is not movable: %v", legal(s))
	}
	apply(t, s, "move lab 0,0")
	if got := legal(s); !slices.Equal(got, []string{"to 0,-1 t0"}) {
		t.Errorf("where the BBB at 0,0 may go: %v, want to 0,-1 t0 only", got)
	}
	refused(t, s, "to 0,0 t1", "G15 C")
}

func TestG15_BDFLTokenLocksTheTile(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	put(t, s, "2,0 YYB 0:B")
	give(t, s, 0, "D")
	give(t, s, 1, "C")
	begin(s, 0)
	if !hasMove(s, "bdfl 1") {
		t.Fatalf("BDFL: %v", legal(s))
	}
	apply(t, s, "bdfl 1", "on 2,0")
	if s.tokenAt(sp(t, "2,0")) != 0 || s.tokens[0].owner != 0 {
		t.Fatalf("token at %v", s.tokens[0])
	}
	// Seat 2 may not move it (nor lift it).
	begin(s, 1)
	refused(t, s, "move 2,0", "another player's token")
	if !hasMove(s, "move 1,0") {
		t.Errorf("the unlocked tile is not movable: %v", legal(s))
	}
	if !s.lockedFor(sp(t, "2,0"), 1) || s.lockedFor(sp(t, "2,0"), 0) {
		t.Error("the token locks for the wrong seat")
	}
}

func TestG15_BugCatching(t *testing.T) {
	for _, tc := range []struct {
		set         string
		dice, catch string
		take        string
	}{
		{"E", "dice BBB", "catch B>Y", "take BBY"},
		{"F", "dice YYY", "catch Y>B", "take YYB"},
		{"G", "dice YYY", "catch Y>R", "take YYR"},
	} {
		s := started(t, 2, "YYB", "web-app")
		give(t, s, 0, tc.set)
		begin(s, 0)
		apply(t, s, tc.dice)
		if !hasMove(s, tc.catch) {
			t.Fatalf("%s: %v", tc.set, legal(s))
		}
		apply(t, s, tc.catch, tc.take)
		if !s.caught {
			t.Errorf("%s: the roll is still natural", tc.set)
		}
	}
}

func TestG15_HardwareUsesACardTwice(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "BH")
	begin(s, 0)
	if !hasMove(s, "hardware B") || hasMove(s, "hardware H") {
		t.Fatalf("Hardware: %v", legal(s))
	}
	apply(t, s, "hardware B")
	if s.usesOf(Productivity) != 2 {
		t.Fatalf("Productivity uses %d", s.usesOf(Productivity))
	}
	// Nothing else to decide before the roll: the dice are due at once.
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "again", "dice RRR", "take RRR", "lab 1,-1 t0", "again")
	if hasMove(s, "hardware B") {
		t.Error("Hardware offered after the roll (G12 a only)")
	}
}

func TestG15_Forking(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "I")
	begin(s, 0)
	if !hasMove(s, "fork RRR") {
		t.Fatalf("Forking: %v", legal(s))
	}
	apply(t, s, "fork RRR")
	if s.hand != RRR || s.phase != phasePlace || s.usesOf(Forking) != 0 {
		t.Errorf("hand %v, phase %s", s.hand, phaseNames[s.phase])
	}
}

// TestG15_HardwareAloneIsNoChoice: Hardware with no other card to use
// again offers nothing, so the roll comes at once.
func TestG15_HardwareAloneIsNoChoice(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "H")
	begin(s, 0)
	if s.phase != phaseRoll {
		t.Errorf("phase %s with only Hardware: %v", phaseNames[s.phase], legal(s))
	}
}
