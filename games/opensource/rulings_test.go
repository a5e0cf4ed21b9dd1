package opensource

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
	"github.com/commons-games/commons/games/opensource/tri"
	"github.com/commons-games/commons/record"
)

// One test (or more) per ruling G1-G19 of the rulings on
// seeds/open-source-board-game.txt, named after it. Positions are written
// with the spaces of the notation; round the start space 1,0 (pointing
// down): 2,0 above it across its edge 0, 1,1 to its right across edge 1,
// 1,-1 to its left across edge 2.

func TestG1_TwentyOfEachType(t *testing.T) {
	c := DefaultCards()
	total := 0
	for tt, n := range c.Supply {
		if n != 20 {
			t.Errorf("%v: %d tiles, want 20", TileType(tt), n)
		}
		total += n
	}
	if total != 220 || newGame(t, 2).supplyN != 220 {
		t.Errorf("supply of %d", total)
	}
}

// TestG3_FacingSegmentsJoin: across a Y edge two Application areas join;
// across an R edge the red lines join and so do the blue halves on each
// side, segment i facing segment 2-i.
func TestG3_FacingSegmentsJoin(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	s.commons.clear()
	put(t, s, "1,0 BBY 0:Y", "2,0 BBY 0:Y")
	if st := commonsStats(s); st.finished[Application] != 1 || st.largest[Application] != 2 || st.finished[Platform] != 0 {
		t.Errorf("two BBY joined by their Y edges: %s", describe(st))
	}
	s.commons.clear()
	put(t, s, "1,0 BBR 1:R", "1,1 BBR 1:R")
	st := commonsStats(s)
	if st.finished[Format] != 1 || st.largest[Format] != 2 {
		t.Errorf("two BBR joined by their R edges: %s", describe(st))
	}
	a := s.commons.find(0*maxAreas + int16(s.commons.cells[sp(t, "1,0")].area(1, 0)))
	b := s.commons.find(1*maxAreas + int16(s.commons.cells[sp(t, "1,1")].area(1, 2)))
	if a != b {
		t.Error("the blue halves facing each other across the R edge are not one Platform")
	}
	// Edges of different kinds never meet in play (G8 refuses them).
	s = started(t, 2, "YYY", "web-app")
	apply(t, s, "dice BBB", "take BBB")
	for _, m := range legal(s) {
		if strings.HasPrefix(m, "place ") {
			t.Errorf("%s offered: BBB has no yellow edge to meet the start YYY", m)
		}
	}
}

// TestG4_SizeCountsATileOnce: a Platform reaching both Platform areas of
// one RRB tile (round the end of a red line) counts that tile once.
func TestG4_SizeCountsATileOnce(t *testing.T) {
	s := started(t, 2, "RRB", "web-app")
	s.commons.clear()
	// RRB with R on edges 0 and 1: two Platform areas, cut by the red
	// line. BBR above it, its one R edge facing down: its single blue area
	// takes both halves of RRB's edge 0, one from each of RRB's areas.
	put(t, s, "1,0 RRB 0:R 1:R", "2,0 BBR 0:R")
	rrb := s.commons.cells[sp(t, "1,0")]
	a1, a2 := rrb.area(0, 0), rrb.area(0, 2)
	if a1 == a2 {
		t.Fatal("RRB's halves of edge 0 are one area: the red line does not cut")
	}
	r1, r2 := s.commons.find(int16(a1)), s.commons.find(int16(a2))
	if r1 != r2 {
		t.Fatal("the Platform does not go round the red line's end")
	}
	if got := s.commons.size(r1); got != 2 {
		t.Errorf("the Platform touches 2 tiles, size %d", got)
	}
	if err := compareWithSlow(&s.commons); err != nil {
		t.Error(err)
	}
}

// TestG5_Finished: a feature is finished when no segment lies on an edge
// without a tile across; empty spaces, the rim and a Lab's border leave it
// open; a Format whose ends are centre endpoints is finished.
func TestG5_Finished(t *testing.T) {
	s := started(t, 2, "YYY", "web-app")
	s.commons.clear()
	put(t, s, "1,0 YYY")
	if st := commonsStats(s); st.finished[Application] != 0 {
		t.Errorf("a lone YYY: %s", describe(st))
	}
	put(t, s, "2,0 BBY 0:Y", "1,1 BBY 1:Y")
	if st := commonsStats(s); st.finished[Application] != 0 {
		t.Errorf("YYY with an empty space on one side: %s", describe(st))
	}
	put(t, s, "1,-1 BBY 2:Y")
	if st := commonsStats(s); st.finished[Application] != 1 || st.largest[Application] != 4 {
		t.Errorf("YYY closed on three sides by BBY: %s", describe(st))
	}
	// The rim: 16,1 points down from the top row, its edge 0 the rim; a
	// BBY there with its Y edge on the rim and tiles on its other two
	// sides keeps its Application open.
	s.commons.clear()
	if nbr[sp(t, "16,1")][0] >= 0 {
		t.Fatal("16,1 is not on the rim")
	}
	put(t, s, "16,1 BBY 0:Y 1:B 2:B", "16,2 YYB 1:B", "16,0 YYB 2:B")
	if st := commonsStats(s); st.finished[Application] != 0 {
		t.Errorf("an Application on the rim: %s", describe(st))
	}
	// A Format of two BBR, its ends both at tile centres: finished.
	s.commons.clear()
	put(t, s, "1,0 BBR 2:R", "1,-1 BBR 2:R")
	if st := commonsStats(s); st.finished[Format] != 1 {
		t.Errorf("two BBR, red line centre to centre: %s", describe(st))
	}
	// In a Lab, the border leaves a feature open: two BBY on the ring
	// facing each other by their Y edges are finished; a BBY whose Y faces
	// out of the Lab is not.
	putLab(t, s, 0, "1,0 BBY 1:Y", "1,1 BBY 1:Y")
	if st := s.labStats(0); st.finished[Application] != 1 {
		t.Errorf("Lab pair: %s", describe(st))
	}
	putLab(t, s, 1, "1,0 BBY 0:Y")
	if st := s.labStats(1); st.finished[Application] != 0 {
		t.Errorf("Lab tile facing the border: %s", describe(st))
	}
}

func TestG6_StartTileAtTheCentre(t *testing.T) {
	if nSpaces != 1536 || hex.Len() != 1536 {
		t.Fatalf("the Commons has %d spaces", nSpaces)
	}
	s := newGame(t, 3)
	outs := s.ChanceOutcomes(nil)
	if len(outs) != NumTypes {
		t.Fatalf("%d start tiles", len(outs))
	}
	for _, o := range outs {
		if math.Abs(o.P-20.0/220) > 1e-12 {
			t.Errorf("start %v: P=%v", TileType(o.Action), o.P)
		}
	}
	apply(t, s, "start RRY")
	if c := s.commons.cells[sp(t, "1,0")]; c != cellOf(RRY, 0) || s.commons.n != 1 || s.supply[RRY] != 19 {
		t.Errorf("start tile %v at 1,0, %d tiles, supply %d", c, s.commons.n, s.supply[RRY])
	}
	if s.phase != phaseReveal {
		t.Errorf("after the start tile: phase %s, want the Market Demand reveal", phaseNames[s.phase])
	}
}

func TestG7_LabGrows(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	l := &s.labs[0]
	if l.n != 6 {
		t.Fatalf("a Lab of %d spaces", l.n)
	}
	for _, c := range centre {
		if !l.has(c) {
			t.Errorf("%v not in the Lab", coords[c])
		}
	}
	// Take the top card (Web App: YYB below BBY) by building it.
	put(t, s, "2,0 BBY 0:B")
	put(t, s, "0,0 YYR")
	s.commons.clear()
	put(t, s, "1,0 YYB 0:B", "2,0 BBY 0:B")
	s.phase = phaseReward
	if !hasMove(s, "reward demand") {
		t.Fatalf("Web App not takeable: %v", legal(s))
	}
	apply(t, s, "reward demand")
	if s.phase != phaseExtend || s.extend != 1 {
		t.Fatalf("phase %s, extend %d", phaseNames[s.phase], s.extend)
	}
	opts := legal(s)
	if len(opts) != 6 {
		t.Errorf("the ring may grow to %d spaces, want 6: %v", len(opts), opts)
	}
	refused(t, s, "extend 3,0", "shares an edge")
	refused(t, s, "extend 1,0", "shares an edge")
	apply(t, s, "extend 2,0")
	if !l.has(sp(t, "2,0")) || l.n != 7 || s.mdHeld[0] != 1 {
		t.Errorf("after extend: Lab of %d, cards %d", l.n, s.mdHeld[0])
	}
}

func TestG8_PlacingInTheCommons(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	apply(t, s, "dice YYB", "take YYB")
	var commons []string
	for _, m := range legal(s) {
		if strings.HasPrefix(m, "place ") {
			commons = append(commons, m)
		}
	}
	// BBY at 1,0 turn 0 shows B on edges 0 and 1, Y on edge 2. A YYB must
	// meet it with a matching edge: B facing 2,0 or 1,1, Y facing 1,-1.
	for _, m := range commons {
		f := strings.Fields(m)
		at := sp(t, f[1])
		turn := int(f[2][1] - '0')
		if !s.fitsCommons(at, cellOf(YYB, turn)) {
			t.Errorf("%s offered but does not fit", m)
		}
		if !slices.Contains([]string{"2,0", "1,1", "1,-1"}, f[1]) {
			t.Errorf("%s: not next to the start tile", m)
		}
	}
	if len(commons) == 0 {
		t.Fatal("no Commons placement")
	}
	refused(t, s, "place 1,0 t0", "does not fit")
	refused(t, s, "place 3,0 t0", "does not fit")
	apply(t, s, commons[0])
	if s.commons.n != 2 {
		t.Errorf("%d tiles after the placement", s.commons.n)
	}
}

func TestG8_PlacingInTheLab(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	apply(t, s, "dice YYB", "take YYB")
	// An empty Lab takes the tile on any of its spaces, at any turn.
	n := 0
	for _, m := range legal(s) {
		if strings.HasPrefix(m, "lab ") {
			n++
		}
	}
	if n != 18 {
		t.Errorf("%d Lab placements into an empty Lab, want 6 spaces x 3 turns", n)
	}
	apply(t, s, "lab 1,0 t0")
	if s.labs[0].cellAt(sp(t, "1,0")) != cellOf(YYB, 0) {
		t.Fatal("not in the Lab")
	}
	// Next turn (seat 1 again): an empty Lab space must be next to a Lab
	// tile and match; an occupied one may be replaced.
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR")
	for _, m := range legal(s) {
		if !strings.HasPrefix(m, "lab ") {
			continue
		}
		at := strings.Fields(m)[1]
		if at != "1,0" && at != "1,1" && at != "1,-1" {
			t.Errorf("%s: not next to the Lab's tile, nor its space", m)
		}
	}
	// YYB at 1,0 turn 0 shows Y on edge 0, Y on 1, B on 2: RRR cannot go
	// beside it, only replace it.
	supply := s.supply[YYB]
	apply(t, s, "lab 1,0 t0")
	if s.supply[YYB] != supply+1 || s.labs[0].cellAt(sp(t, "1,0")) != cellOf(RRR, 0) || s.labs[0].tiles != 1 {
		t.Errorf("replacement: YYB supply %d (was %d), Lab tile %v", s.supply[YYB], supply, s.labs[0].cellAt(sp(t, "1,0")))
	}
}

// TestG8a_EmptyCommonsTakesATileOnTheStartSpace: with every tile lifted,
// the Commons takes a tile on the start space of G6, 1,0, at any turn
// (each way it lies once, G8b), and nowhere else.
func TestG8a_EmptyCommonsTakesATileOnTheStartSpace(t *testing.T) {
	commons := func(s *State) []string {
		var out []string
		for _, m := range legal(s) {
			if strings.HasPrefix(m, "place ") {
				out = append(out, m)
			}
		}
		return out
	}
	for _, tc := range []struct {
		typ  TileType
		want []string
	}{
		{YYB, []string{"place 1,0 t0", "place 1,0 t1", "place 1,0 t2"}},
		{RRR, []string{"place 1,0 t0"}},
	} {
		s := started(t, 2, tc.typ.String(), "web-app")
		s.supplyN -= int16(s.supply[tc.typ])
		s.supply[tc.typ] = 0
		dice := map[TileType]string{YYB: "dice YYB", RRR: "dice RRR"}[tc.typ]
		apply(t, s, dice, "lift 1,0")
		if s.commons.n != 0 {
			t.Fatalf("%v: %d Commons tiles after the lift", tc.typ, s.commons.n)
		}
		if got := commons(s); !slices.Equal(got, tc.want) {
			t.Errorf("%v into an empty Commons: %v, want %v", tc.typ, got, tc.want)
		}
		refused(t, s, "place 2,0 t0", "does not fit")
		apply(t, s, tc.want[len(tc.want)-1])
		if s.commons.n != 1 || s.commons.cells[sp(t, "1,0")].tile() != tc.typ {
			t.Errorf("%v: not on 1,0", tc.typ)
		}
	}
}

// TestG8b_ATileOfThreeLikeEdgesIsOneMovePerSpace: a YYY, BBB or RRR lies
// the same at every turn, so placing it is offered once per space, at t0;
// its t1 and t2 are read as that move, and their action numbers refused.
func TestG8b_ATileOfThreeLikeEdgesIsOneMovePerSpace(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	apply(t, s, "dice BBB", "take BBB")
	// BBY at 1,0 t0 shows B across edges 0 and 1: the BBB fits above it
	// (2,0) and to its right (1,1), and anywhere in the empty Lab.
	want := []string{"place 2,0 t0", "place 1,1 t0"}
	for _, at := range []string{"1,0", "1,1", "1,-1", "0,0", "0,1", "0,-1"} {
		want = append(want, "lab "+at+" t0")
	}
	got := legal(s)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("a BBB: %v, want %v", got, want)
	}
	for _, m := range []string{"place 2,0 t1", "place 2,0 t2", "PLACE 2,0 T2"} {
		a, err := s.ParseAction(m)
		if err != nil || s.ActionString(a) != "place 2,0 t0" {
			t.Errorf("%q reads as %q (%v), want place 2,0 t0", m, s.ActionString(a), err)
		}
	}
	before := *s
	err := s.Apply(game.Action(actPlace + 3*int(sp(t, "2,0")) + 1))
	if err == nil || !strings.Contains(err.Error(), "G8b") || *s != before {
		t.Errorf("the action number of place 2,0 t1: %v, want refused naming G8b, the state unchanged", err)
	}
	apply(t, s, "place 2,0 t2")
	if c := s.commons.cells[sp(t, "2,0")]; c != cellOf(BBB, 0) {
		t.Errorf("place 2,0 t2 put %v, want the BBB at t0", c)
	}
	// Every other type lies three ways: a YYB is offered at each turn
	// that fits (TestG8_PlacingInTheLab: 18 placements in an empty Lab).
}

// TestG8b_RecordsMadeBeforeReplay: a record made before G8b, which
// placed an RRR at t1 where it is now offered at t0 only, replays to the
// same end, and its canonical form writes that move at t0.
func TestG8b_RecordsMadeBeforeReplay(t *testing.T) {
	rec, err := record.ReadFile("testdata/records-before-g8b/4p-mixed.json")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(rec.Moves, "place 1,-1 t1") {
		t.Fatal("the record no longer holds the RRR placed at t1 that this test is about")
	}
	rep, err := record.Play(rec, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.State.(*State)
	if !game.IsTerminal(s) || s.EndReason() != "supply" || !slices.Equal(s.Scores(nil), []float64{4, 5, 1, 0}) {
		t.Errorf("ends by %q with Market Demand cards %v, want by the supply with [4 5 1 0]", s.EndReason(), s.Scores(nil))
	}
	i := slices.Index(rec.Moves, "place 1,-1 t1")
	if got := rep.Complete.Moves[i]; got != "place 1,-1 t0" {
		t.Errorf("the canonical record writes move %d as %q, want place 1,-1 t0", i, got)
	}
}

// TestR14_ALabPlacementThatChangesNothingIsOneMove: placed on a Lab tile
// of its own type lying as that tile lies, the tile in hand changes
// nothing wherever it goes (the old tile goes back to the supply), so that
// outcome is one move, written on the Lab's first such tile by row then
// column; the others read as it.
func TestR14_ALabPlacementThatChangesNothingIsOneMove(t *testing.T) {
	s := started(t, 2, "BBY", "web-app")
	putLab(t, s, 0, "0,1 YYB 2:B", "0,0 YYB 2:B")
	begin(s, 0)
	apply(t, s, "dice YYB", "take YYB")
	turn := turnShowing(t, YYB, "2:B")
	same := func(at string) string { return fmt.Sprintf("lab %s t%d", at, turn) }
	if !hasMove(s, same("0,0")) || hasMove(s, same("0,1")) {
		t.Fatalf("a YYB onto the Lab's two like YYBs: %v, want %s offered and not %s", legal(s), same("0,0"), same("0,1"))
	}
	a, err := s.ParseAction(same("0,1"))
	if err != nil || s.ActionString(a) != same("0,0") {
		t.Errorf("%q reads as %q (%v), want %s", same("0,1"), s.ActionString(a), err, same("0,0"))
	}
	before := *s
	err = s.Apply(game.Action(actLab + 3*int(sp(t, "0,1")) + turn))
	if err == nil || !strings.Contains(err.Error(), "R14") || *s != before {
		t.Errorf("the action number of %s: %v, want refused naming R14, the state unchanged", same("0,1"), err)
	}
	// The same tile turned otherwise on 0,1 changes the Lab: offered.
	for k := range 3 {
		if k != turn && s.fitsLab(sp(t, "0,1"), cellOf(YYB, k)) && !hasMove(s, fmt.Sprintf("lab 0,1 t%d", k)) {
			t.Errorf("lab 0,1 t%d fits and changes the Lab, but is not offered", k)
		}
	}
	supply := s.supply[YYB]
	apply(t, s, same("0,1"))
	if s.supply[YYB] != supply+1 || s.labs[0].cellAt(sp(t, "0,1")) != cellOf(YYB, turn) || s.labs[0].cellAt(sp(t, "0,0")) != cellOf(YYB, turn) {
		t.Error("the placement that changes nothing changed the Lab, or the old tile did not go back")
	}
}

// TestG9_FitsNowhere: a tile that fits nowhere in the Commons goes to the
// Lab; one that fits nowhere at all goes back to the supply.
func TestG9_FitsNowhere(t *testing.T) {
	s := started(t, 2, "YYY", "web-app")
	putLab(t, s, 0, "1,0 YYY", "1,-1 YYY", "0,-1 YYY", "0,0 YYY", "0,1 YYY", "1,1 YYY")
	apply(t, s, "dice BBB", "take BBB")
	if got := legal(s); !slices.Equal(got, []string{"return"}) {
		t.Fatalf("BBB beside yellow everywhere: %v, want return", got)
	}
	supply := s.supply[BBB]
	apply(t, s, "return")
	if s.supply[BBB] != supply+1 {
		t.Error("the tile did not go back")
	}
	refusedAt := started(t, 2, "YYY", "web-app")
	apply(t, refusedAt, "dice BBB", "take BBB")
	refused(t, refusedAt, "return", "fits somewhere")
}

func TestG10_ThreeDice(t *testing.T) {
	s := started(t, 2, "YYY", "web-app")
	if s.phase != phaseRoll || s.nDice != 3 {
		t.Fatalf("phase %s with %d dice", phaseNames[s.phase], s.nDice)
	}
	sum := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		y, b := int(o.Action)/32, int(o.Action)%32
		d := [3]int8{int8(y), int8(b), int8(3 - y - b)}
		want := map[int]float64{1: 1.0 / 27, 2: 3.0 / 27, 3: 6.0 / 27}[distinct(d)]
		if math.Abs(o.P-want) > 1e-12 {
			t.Errorf("roll %s: P=%v, want %v", diceString(d), o.P, want)
		}
		sum += o.P
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
	// Y+B+R names YBR or YRB: the player chooses.
	apply(t, s, "dice YBR")
	if got := legal(s); !slices.Equal(got, []string{"take YBR", "take YRB"}) {
		t.Errorf("Y+B+R: %v", got)
	}
}

func distinct(d [3]int8) int {
	n := 0
	for _, k := range d {
		if k > 0 {
			n++
		}
	}
	return n
}

// TestG11_LiftWhenTheTypeIsOut: a natural roll of a type the supply is out
// of lifts a Commons tile of that type, never one under another seat's
// token; the lifted tile's place empties.
func TestG11_LiftWhenTheTypeIsOut(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	put(t, s, "2,0 BBY 0:B")
	s.supplyN -= int16(s.supply[YYB])
	s.supply[YYB] = 0
	apply(t, s, "dice YYB")
	if got := legal(s); !slices.Equal(got, []string{"lift 1,0"}) {
		t.Fatalf("rolled YYB with none in the supply: %v, want lift 1,0", got)
	}
	refused(t, s, "take YYB", "the supply has no YYB")
	apply(t, s, "lift 1,0")
	if s.hand != YYB || s.commons.occupied(sp(t, "1,0")) || s.phase != phasePlace {
		t.Errorf("after the lift: hand %v, 1,0 occupied %v, phase %s", s.hand, s.commons.occupied(sp(t, "1,0")), phaseNames[s.phase])
	}
}

func TestG11_LockedTileCannotBeLifted(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 1, "D")
	s.tokens[0].at = sp(t, "1,0") // seat 2's token on the start tile
	s.supplyN -= int16(s.supply[YYB])
	s.supply[YYB] = 0
	begin(s, 0)
	// The only YYB is locked: rolling YYB is not obtainable (G11).
	for _, o := range s.ChanceOutcomes(nil) {
		if s.ActionString(o.Action) == "dice YYB" {
			t.Fatal("a roll of YYB offered though the only YYB is under another's token")
		}
	}
	s.tokens[0].owner = 0 // one's own token does not lock
	if !s.rollPossible(2, 1) {
		t.Error("one's own token locks the tile")
	}
}

func TestG11_YBROnlyWhenBothOut(t *testing.T) {
	s := started(t, 2, "YBR", "web-app")
	s.supplyN -= int16(s.supply[YBR])
	s.supply[YBR] = 0
	apply(t, s, "dice YBR")
	if got := legal(s); !slices.Equal(got, []string{"take YRB"}) {
		t.Errorf("YBR out, YRB in: %v, want take YRB only", got)
	}
	s = started(t, 2, "YBR", "web-app")
	s.supplyN -= int16(s.supply[YBR] + s.supply[YRB])
	s.supply[YBR], s.supply[YRB] = 0, 0
	apply(t, s, "dice YBR")
	if got := legal(s); !slices.Equal(got, []string{"lift 1,0"}) {
		t.Errorf("both out: %v, want the lift", got)
	}
}

// TestG11_ChangedRollCannotLift: after Bug catching, or with Agility, the
// dice must name a type the supply has.
func TestG11_ChangedRollCannotLift(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "E") // Protocol: change a die to yellow
	s.supplyN -= int16(s.supply[YYB])
	s.supply[YYB] = 0
	begin(s, 0)
	apply(t, s, "dice YBB")
	// Changing a blue die to yellow names YYB, which is out: not offered.
	if hasMove(s, "catch B>Y") {
		t.Error("a change to a type out of the supply offered")
	}
	apply(t, s, "take BBY")
	// A natural roll whose type is out and that no tile of the Commons
	// can answer is not a possible roll: renormalised away.
	s = started(t, 2, "BBB", "web-app")
	s.supplyN -= int16(s.supply[YYY])
	s.supply[YYY] = 0
	total := 0.0
	for _, o := range s.ChanceOutcomes(nil) {
		if s.ActionString(o.Action) == "dice YYY" {
			t.Fatal("YYY offered with none in the supply nor the Commons")
		}
		total += o.P
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("renormalised probabilities sum to %v", total)
	}
	for _, o := range s.ChanceOutcomes(nil) {
		if s.ActionString(o.Action) == "dice BBB" && math.Abs(o.P-(1.0/27)/(26.0/27)) > 1e-12 {
			t.Errorf("dice BBB: P=%v, want 1/26", o.P)
		}
	}
}

// TestG11a_ADieOutcomePossibleOnlyThroughCatching: a roll naming no type
// the supply has nor a tile to lift is still possible when the roller's
// Bug catching can complete it (G11a), with its probability renormalised
// over the possible rolls; without the card it is not possible.
func TestG11a_ADieOutcomePossibleOnlyThroughCatching(t *testing.T) {
	setUp := func(cards string) *State {
		s := started(t, 2, "YYB", "web-app")
		give(t, s, 0, cards)
		// No BBB nor YYY in the supply, none in the Commons to lift.
		s.supplyN -= int16(s.supply[BBB] + s.supply[YYY])
		s.supply[BBB], s.supply[YYY] = 0, 0
		begin(s, 0)
		return s
	}
	p := func(s *State, roll string) float64 {
		for _, o := range s.ChanceOutcomes(nil) {
			if s.ActionString(o.Action) == roll {
				return o.P
			}
		}
		return 0
	}
	if got := p(setUp(""), "dice BBB"); got != 0 {
		t.Errorf("without Bug catching dice BBB has P=%v, want impossible", got)
	}
	s := setUp("E") // Protocol: a die to yellow; YYY stays YYY
	if got := p(s, "dice YYY"); got != 0 {
		t.Errorf("dice YYY has P=%v though no change of a die to yellow completes it", got)
	}
	if got, want := p(s, "dice BBB"), (1.0/27)/(26.0/27); math.Abs(got-want) > 1e-12 {
		t.Errorf("dice BBB: P=%v, want 1/26 (1/27 renormalised over the 26/27 possible)", got)
	}
	apply(t, s, "dice BBB")
	if got := legal(s); !slices.Equal(got, []string{"catch B>Y"}) {
		t.Fatalf("after dice BBB: %v, want catch B>Y only", got)
	}
	apply(t, s, "catch B>Y", "take BBY")
}

// TestG11a_AChangeThroughALackingTypeCompletedByASecond: only the roll
// after the last change must name a type the supply has; a change may
// pass through one it lacks when a second change of the same turn
// completes it.
func TestG11a_AChangeThroughALackingTypeCompletedByASecond(t *testing.T) {
	setUp := func(cards string) *State {
		s := started(t, 2, "YYB", "web-app")
		give(t, s, 0, cards)
		// No RRR nor RRY anywhere; YYR in the supply.
		s.supplyN -= int16(s.supply[RRR] + s.supply[RRY])
		s.supply[RRR], s.supply[RRY] = 0, 0
		begin(s, 0)
		return s
	}
	rolls := func(s *State) []string {
		var out []string
		for _, o := range s.ChanceOutcomes(nil) {
			out = append(out, s.ActionString(o.Action))
		}
		return out
	}
	if slices.Contains(rolls(setUp("E")), "dice RRR") {
		t.Error("one change to yellow cannot complete RRR (RRY is out), yet dice RRR is possible")
	}
	s := setUp("EE") // two Protocol cards: two dice to yellow
	if !slices.Contains(rolls(s), "dice RRR") {
		t.Fatalf("two changes to yellow complete RRR through RRY to YYR, yet dice RRR is not possible: %v", rolls(s))
	}
	apply(t, s, "dice RRR")
	if got := legal(s); !slices.Equal(got, []string{"catch R>Y"}) {
		t.Fatalf("after dice RRR: %v, want catch R>Y (to RRY, which the supply lacks)", got)
	}
	apply(t, s, "catch R>Y")
	if got := legal(s); !slices.Equal(got, []string{"catch R>Y"}) {
		t.Fatalf("at RRY, out of the supply: %v, want the second catch R>Y only", got)
	}
	apply(t, s, "catch R>Y", "take YYR")
}

// TestG11a_AKeepOfferedOnlyWhenCompletable: with Agility's extra die, a
// trio of dice may be kept only when it names a type the supply has or
// Bug catching can complete it (a changed roll never lifts).
func TestG11a_AKeepOfferedOnlyWhenCompletable(t *testing.T) {
	keeps := func(cards string) []string {
		s := started(t, 2, "BBY", "web-app")
		give(t, s, 0, cards)
		s.supplyN -= int16(s.supply[YYR])
		s.supply[YYR] = 0
		begin(s, 0)
		apply(t, s, "roll +1", "dice YYBR")
		return legal(s)
	}
	// In the order of the action numbers: 4y + b.
	if got, want := keeps("A"), []string{"keep YBR", "keep YYB"}; !slices.Equal(got, want) {
		t.Errorf("YYR out, no Bug catching: %v, want %v", got, want)
	}
	if got, want := keeps("AE"), []string{"keep YBR", "keep YYR", "keep YYB"}; !slices.Equal(got, want) {
		t.Errorf("YYR out, a die to yellow (YYR to YYY): %v, want %v", got, want)
	}
}

// TestG12_CardsOncePerTurnNotTheTurnTaken: a card is used at most once a
// turn, and not on the turn it was taken.
// TestR13_ProductivityAfterTheSupplyRunsOut: the supply may run out
// during a turn; Productivity still repeats phases b-d (G12 e) while a
// tile can be had, a natural roll lifting it from the Commons (G11), and
// the end is checked only when the turn ends (G18). Agility and Forking,
// which need a type the supply has, are not offered then; with every
// Commons tile under another seat's token there is no tile to be had.
func TestR13_ProductivityAfterTheSupplyRunsOut(t *testing.T) {
	setUp := func(t *testing.T) *State {
		s := started(t, 2, "YYB", "web-app")
		give(t, s, 0, "ABDI") // Agility, Productivity, BDFL, Forking
		s.supply = [NumTypes]int8{}
		s.supply[RRR], s.supplyN = 1, 1
		begin(s, 0)
		apply(t, s, "roll", "dice RRR", "take RRR", "lab 1,0 t0")
		if s.supplyN != 0 || s.phase != phaseAfter {
			t.Fatalf("supply %d, phase %s: not the position meant", s.supplyN, phaseNames[s.phase])
		}
		return s
	}
	t.Run("again", func(t *testing.T) {
		s := setUp(t)
		if got := legal(s); !slices.Equal(got, []string{"bdfl 1", "again", "done"}) {
			t.Fatalf("phase e with the supply out: %v, want [bdfl 1 again done]", got)
		}
		apply(t, s, "again")
		// Only a natural roll: no Agility dice, nothing to fork (BDFL
		// keeps the decision from being skipped, R4).
		if got := legal(s); !slices.Equal(got, []string{"roll", "bdfl 1"}) {
			t.Fatalf("after again with the supply out: %v, want [roll bdfl 1]", got)
		}
		refused(t, s, "roll +1", "only a natural roll")
		apply(t, s, "roll")
		var rolls []string
		for _, o := range s.ChanceOutcomes(nil) {
			rolls = append(rolls, s.ActionString(o.Action))
		}
		if !slices.Equal(rolls, []string{"dice YYB"}) {
			t.Fatalf("rolls %v, want only the one naming the Commons' YYB", rolls)
		}
		// The lifted YYB replaces the RRR in the Lab, which goes back to
		// the supply: the turn ends with a tile in it, and the game goes on.
		apply(t, s, "dice YYB", "lift 1,0", "lab 1,0 t0")
		if s.supplyN != 1 || s.commons.occupied(sp(t, "1,0")) {
			t.Fatalf("supply %d, 1,0 occupied %v: want the RRR back in the supply and the YYB lifted from the Commons", s.supplyN, s.commons.occupied(sp(t, "1,0")))
		}
		turns := s.turns
		for s.turns == turns {
			apply(t, s, legal(s)[len(legal(s))-1]) // done, then pass
		}
		if s.end != endNone || s.CurrentPlayer() == game.Terminal {
			t.Errorf("the turn ended with a tile in the supply, and the game with it (end %d)", s.end)
		}
	})
	t.Run("nothing to lift", func(t *testing.T) {
		s := setUp(t)
		give(t, s, 1, "D")
		s.tokens[1].at = sp(t, "1,0") // seat 2's token (its card the second awarded) on the only Commons tile
		if s.tokens[1].owner != 1 {
			t.Fatalf("token 2 is seat %d's", s.tokens[1].owner+1)
		}
		s.toMove, s.phase = 0, phaseAfter
		if hasMove(s, "again") {
			t.Fatalf("again offered with nothing to lift: %v", legal(s))
		}
		refused(t, s, "again", "every Commons tile carries another seat's token")
	})
}

func TestG12_CardsOncePerTurnNotTheTurnTaken(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	give(t, s, 0, "B") // File Browser: Productivity
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0")
	if !hasMove(s, "again") {
		t.Fatal("Productivity not offered after the first tile")
	}
	apply(t, s, "again", "dice RRR", "take RRR", "lab 1,-1 t0")
	if hasMove(s, "again") {
		t.Error("Productivity offered twice in a turn")
	}
	// A card taken this turn is not used this turn: seat 1 takes an A
	// card (Agility) and the next roll of this turn has no extra die.
	s = started(t, 2, "YYB", "web-app")
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0")
	if s.phase != phaseReward || !hasMove(s, "reward A") {
		t.Fatalf("phase %s: %v", phaseNames[s.phase], legal(s))
	}
	apply(t, s, "reward A")
	if s.held[0][0] != 1 || s.toMove != 1 {
		t.Fatalf("held %v, seat %d to move", s.held[0], s.toMove+1)
	}
}

func TestG13_RewardsInCommonsOrOwnLabOnly(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	s.phase = phaseReward
	// File Browser (B, n=0) needs a finished Application.
	if hasMove(s, "reward B") {
		t.Fatal("B offered without a finished Application")
	}
	putLab(t, s, 1, "1,0 BBY 1:Y", "1,1 BBY 1:Y") // in seat 2's Lab
	if hasMove(s, "reward B") {
		t.Error("B offered for a formation only in another player's Lab")
	}
	putLab(t, s, 0, "1,0 BBY 1:Y", "1,1 BBY 1:Y") // in seat 1's own Lab
	if !hasMove(s, "reward B") {
		t.Errorf("B not offered for a finished Application in seat 1's Lab: %v", legal(s))
	}
	if !hasMove(s, "pass") {
		t.Error("a reward is optional: pass not offered")
	}
}

// TestG14_FormationUnderRotationNeverMirrored finds every Market Demand
// card of the deck in the Commons under each of the six rotations, at
// several places, and its mirror image only when that mirror is one of
// its rotations (the formation has no handedness).
func TestG14_FormationUnderRotationNeverMirrored(t *testing.T) {
	chiral := 0
	for _, d := range DefaultCards().Demands {
		f := makeForm(d)
		for k := range 6 {
			for _, anchor := range []string{"1,0", "0,0", "-3,5", "4,-2"} {
				var cells [nSpaces]cell
				at := layForm(t, &cells, turned(d, k), anchor)
				if at == nil {
					continue // the turned formation does not fit that anchor's orientation
				}
				if !f.foundIn(&cells, at) {
					t.Fatalf("%s turned %d at %s: not found", d.Name, k*60, anchor)
				}
			}
		}
		m := mirror(d)
		achiral := false
		for k := range 6 {
			achiral = achiral || sameShape(f.cells[k], m)
		}
		if !achiral {
			chiral++
		}
		for _, anchor := range []string{"1,0", "0,0"} {
			var cells [nSpaces]cell
			at := layForm(t, &cells, m, anchor)
			if at != nil && f.foundIn(&cells, at) != achiral {
				t.Errorf("%s: its mirror image found %v, but it is a rotation of it: %v", d.Name, !achiral, achiral)
			}
		}
	}
	if chiral == 0 {
		t.Error("no card has a handedness: the test proves nothing")
	}
}

// turned turns a formation by k*60 degrees, each tile keeping its edges
// where they were: what lay on edge e of a space lies on edge
// tri.RotateEdge(e, k) of the turned space.
func turned(d Demand, k int) []formCell {
	var out []formCell
	for _, cl := range d.Tiles {
		orig := cellOf(cl.Tile, int(cl.Turn))
		var tc cell
		for turn := range 3 {
			c := cellOf(cl.Tile, turn)
			ok := true
			for e := range 3 {
				ok = ok && c.edgeAt(tri.RotateEdge(e, k)) == orig.edgeAt(e)
			}
			if ok {
				tc = c
			}
		}
		out = append(out, formCell{at: cl.At.Rotate(k), c: tc})
	}
	return out
}

// mirror reflects a formation in the vertical line through the origin
// vertex: a column c goes to -c, edges 1 and 2 swap, so each tile reads
// the other way round (YBR becomes YRB; the others keep their type).
func mirror(d Demand) []formCell {
	var out []formCell
	for _, cl := range d.Tiles {
		r, col := cl.At.RowCol()
		orig := cellOf(cl.Tile, int(cl.Turn))
		mt := cl.Tile
		switch cl.Tile {
		case YBR:
			mt = YRB
		case YRB:
			mt = YBR
		}
		var mc cell
		for turn := range 3 {
			c := cellOf(mt, turn)
			if c.edgeAt(0) == orig.edgeAt(0) && c.edgeAt(1) == orig.edgeAt(2) && c.edgeAt(2) == orig.edgeAt(1) {
				mc = c
			}
		}
		out = append(out, formCell{at: tri16(r, -col), c: mc})
	}
	return out
}

// sameShape reports whether two formations are the same up to a
// translation.
func sameShape(a, b []formCell) bool {
	for _, y := range b {
		v, ok := subSpaces(y.at, a[0].at)
		if !ok || !sameTile(y.c, a[0].c) {
			continue
		}
		all := true
		for _, x := range a {
			found := false
			for _, z := range b {
				found = found || (z.at == x.at.Add(v) && sameTile(z.c, x.c))
			}
			all = all && found
		}
		if all && len(a) == len(b) {
			return true
		}
	}
	return false
}

// layForm lays formation cells on a board so that the first lands on the
// anchor, returning the spaces, or nil when orientations differ.
func layForm(t testing.TB, cells *[nSpaces]cell, fc []formCell, anchor string) []space {
	t.Helper()
	a := coords[sp(t, anchor)]
	var at []space
	for _, c := range fc {
		v, ok := subSpaces(a, fc[0].at)
		if !ok {
			return nil
		}
		s := spaceAt(c.at.Add(v))
		cells[s] = c.c
		at = append(at, s)
	}
	return at
}

func TestG16_EmptiedStackReplaced(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	if !slices.Equal(s.placemat[:3], []int8{0, 1, 2}) || s.reserve != 3 {
		t.Fatalf("placemat %v, reserve %d", s.placemat, s.reserve)
	}
	give(t, s, 0, "AAAA")
	if !slices.Equal(s.placemat[:3], []int8{3, 1, 2}) || s.reserve != 4 {
		t.Errorf("after stack A empties: placemat %v (want D in A's place), reserve %d", s.placemat, s.reserve)
	}
	give(t, s, 1, "CCCC")
	if !slices.Equal(s.placemat[:3], []int8{3, 1, 4}) {
		t.Errorf("after stack C empties: placemat %v, want E in C's place", s.placemat)
	}
}

// TestG17_MarketDemandDeck checks our 20 cards: 12 formations of 2 tiles
// giving 1 Lab space, 8 of 3 giving 2, none with YYY, BBB or RRR, every
// shared edge matching; and that the deck comes up in random order.
func TestG17_MarketDemandDeck(t *testing.T) {
	c := DefaultCards()
	if len(c.Demands) != 20 {
		t.Fatalf("%d cards", len(c.Demands))
	}
	var two, three int
	names := map[string]bool{}
	for _, d := range c.Demands {
		switch {
		case len(d.Tiles) == 2 && d.Spaces == 1:
			two++
		case len(d.Tiles) == 3 && d.Spaces == 2:
			three++
		default:
			t.Errorf("%s: %d tiles, %d spaces", d.Name, len(d.Tiles), d.Spaces)
		}
		for _, cl := range d.Tiles {
			if cl.Tile == YYY || cl.Tile == BBB || cl.Tile == RRR {
				t.Errorf("%s uses %v", d.Name, cl.Tile)
			}
		}
		if err := checkFormation(d.Tiles); err != nil {
			t.Errorf("%s: %v", d.Name, err)
		}
		if names[demandSlug(d)] {
			t.Errorf("%s named twice", d.Name)
		}
		names[demandSlug(d)] = true
	}
	if two != 12 || three != 8 {
		t.Errorf("%d cards of 2 tiles and %d of 3", two, three)
	}
	s := newGame(t, 2)
	apply(t, s, "start YYB")
	for _, o := range s.ChanceOutcomes(nil) {
		if math.Abs(o.P-1.0/20) > 1e-12 {
			t.Errorf("card %d: P=%v", o.Action, o.P)
		}
	}
}

// The four endings of G18, checked at the end of a turn in this order.

func TestG18_SupplyOutEverybodyLoses(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	s.supply = [NumTypes]int8{}
	s.supply[RRR], s.supplyN = 1, 1
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "pass")
	if s.phase != phaseOver || s.EndReason() != "supply" || !slices.Equal(s.Returns(nil), []float64{0, 0}) {
		t.Errorf("end %q, returns %v", s.EndReason(), s.Returns(nil))
	}
}

func TestG18_InfrastructureOutEverybodyWins(t *testing.T) {
	s := started(t, 3, "YYB", "web-app")
	for i := range s.left {
		s.left[i] = 0
	}
	s.left[0] = 1
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "reward A")
	if s.phase != phaseOver || s.EndReason() != "infrastructure" || !slices.Equal(s.Returns(nil), []float64{1, 1, 1}) {
		t.Errorf("end %q, returns %v", s.EndReason(), s.Returns(nil))
	}
}

func TestG18_DemandOutMostCardsWin(t *testing.T) {
	for _, tc := range []struct {
		held []int8
		want []float64
	}{
		{[]int8{2, 5, 3}, []float64{0, 1, 0}},
		{[]int8{4, 3, 4}, []float64{0.5, 0, 0.5}},
	} {
		s := started(t, 3, "YYB", "web-app")
		copy(s.mdHeld[:], tc.held)
		s.drawn = 1<<20 - 1 // every card drawn; Web App on top
		s.commons.clear()
		put(t, s, "1,0 YYB 0:B", "2,0 BBY 0:B")
		s.mdHeld[0]-- // seat 1 takes the last card now
		begin(s, 0)
		apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "reward demand", "extend 2,0")
		if s.phase != phaseOver || s.EndReason() != "market-demand" || !slices.Equal(s.Returns(nil), tc.want) {
			t.Errorf("cards %v: end %q, returns %v", s.mdHeld[:3], s.EndReason(), s.Returns(nil))
		}
	}
}

func TestG18_TurnLimitEverybodyLoses(t *testing.T) {
	s := started(t, 2, "YYB", "web-app")
	s.turns = int32(s.r.cards.TurnLimit - 1)
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "pass")
	if s.phase != phaseOver || s.EndReason() != "turn-limit" || !slices.Equal(s.Returns(nil), []float64{0, 0}) {
		t.Errorf("end %q after %d turns, returns %v", s.EndReason(), s.turns, s.Returns(nil))
	}
}

func TestG19_TwoToFourPlayersSeatOneFirst(t *testing.T) {
	for n := 1; n <= 5; n++ {
		_, err := game.NewState(Game, n, nil)
		if ok := n >= 2 && n <= 4; (err == nil) != ok {
			t.Errorf("%d players: %v", n, err)
		}
	}
	s := started(t, 4, "YYB", "web-app")
	if s.CurrentPlayer() != game.Chance || s.toMove != 0 {
		t.Errorf("first turn: seat %d", s.toMove+1)
	}
}

// TestR15_UndoUntilTheRollOrTheReward: our ruling R15, the engine's undo
// rule (issue 38) in Open Source. Within a turn a seat may take back its
// decisions back to the turn's start or to its last roll (G10, chance):
// what it takes, lifts or forks, where it places the tile, its Bug
// catching, Compatibility and BDFL uses, and a Market Demand card taken
// with its extra Lab spaces but the last, which brings the next card up
// (G17, chance). A Productivity "again" stands once its dice are rolled
// (G12 e), and a reward or a pass ends the turn (G12 f).
func TestR15_UndoUntilTheRollOrTheReward(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cards  string // seat 1's Infrastructure cards
		webApp bool   // Web App's formation lies in the Commons
		moves  []string
		want   []int // after each move, how many the seat to move may take back
	}{
		{"the roll stands, the take and the placement not, the reward ends the turn", "", false,
			[]string{"dice RRR", "take RRR", "lab 1,0 t0", "reward A"}, []int{0, 1, 2, 0}},
		{"a Productivity again stands once its dice are rolled", "B", false,
			[]string{"dice RRR", "take RRR", "lab 1,0 t0", "again", "dice RRR", "take RRR"}, []int{0, 1, 2, 0, 0, 1}},
		{"a Forking take before any roll", "I", false,
			[]string{"fork RRR", "lab 1,0 t0"}, []int{1, 2}},
		{"a Market Demand card and its extra space, then the next card's reveal", "", true,
			[]string{"dice RRR", "take RRR", "lab 1,0 t0", "reward demand", "extend 2,0"}, []int{0, 1, 2, 3, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, 2, "YYB", "web-app")
			give(t, s, 0, tc.cards)
			if tc.webApp {
				s.commons.clear()
				put(t, s, "1,0 YYB 0:B", "2,0 BBY 0:B")
			}
			begin(s, 0)
			if got := gametest.UndoDepths(t, s, tc.moves...); !slices.Equal(got, tc.want) {
				t.Errorf("undo depths %v, want %v", got, tc.want)
			}
		})
	}
}

// Our rulings R16-R19: the numbers of the cards file a designer may tune
// by option, each overriding the file's value; empty keeps it.

// withOptions returns a new game of n players with the options, before
// the start tile.
func withOptions(t testing.TB, n int, opts game.Options) *State {
	t.Helper()
	st, err := game.NewState(Game, n, opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// refusedOption checks that the option's value makes no game, with an
// error naming the option and the value.
func refusedOption(t testing.TB, name, value string) {
	t.Helper()
	_, err := game.NewState(Game, 2, game.Options{name: value})
	if err == nil {
		t.Fatalf("option %s=%q accepted", name, value)
	}
	if want := "option " + name + "=" + `"` + value + `"`; !strings.Contains(err.Error(), want) {
		t.Errorf("option %s=%q: error %q, want it to name %s", name, value, err, want)
	}
}

func TestR16_SupplyOption(t *testing.T) {
	if s := withOptions(t, 2, game.Options{OptSupply: ""}); s.supplyN != 220 {
		t.Errorf("supply= : %d tiles, want the data's 220", s.supplyN)
	}
	s := withOptions(t, 2, game.Options{OptSupply: "5"})
	for tt, n := range s.supply {
		if n != 5 {
			t.Errorf("supply=5: %v has %d tiles", TileType(tt), n)
		}
	}
	if s.supplyN != 55 {
		t.Errorf("supply=5: %d tiles, want 55", s.supplyN)
	}
	if DefaultCards().Supply[YYY] != 20 {
		t.Error("the option changed the embedded cards")
	}
	// A small supply runs out: one tile of each type, 11 in all; the
	// start tile and ten turns later everybody has lost (G18).
	s = withOptions(t, 2, game.Options{OptSupply: "1"})
	apply(t, s, "start YYB", "demand web-app")
	if s.supplyN != 10 {
		t.Fatalf("supply=1 after the start tile: %d tiles", s.supplyN)
	}
	s.supply = [NumTypes]int8{}
	s.supply[RRR], s.supplyN = 1, 1
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "pass")
	if s.EndReason() != "supply" {
		t.Errorf("end %q, want supply", s.EndReason())
	}
	for _, v := range []string{"0", "41", "-3", "twenty", "20.5"} {
		refusedOption(t, OptSupply, v)
	}
}

func TestR17_InfrastructureCardsOption(t *testing.T) {
	s := withOptions(t, 3, game.Options{OptSetCards: "2"})
	for i := range s.r.cards.Sets {
		if s.left[i] != 2 {
			t.Errorf("infrastructure-cards=2: set %c has %d cards", 'A'+i, s.left[i])
		}
	}
	if DefaultCards().Sets[0].Cards != 4 {
		t.Error("the option changed the embedded cards")
	}
	// The second card of set B needs n+1 = 2 finished Applications, and
	// then set B is empty: D takes its place (G16).
	apply(t, s, "start YYB", "demand web-app")
	give(t, s, 0, "BB")
	if s.left[1] != 0 || !slices.Contains(s.placemat[:], 3) {
		t.Errorf("after two B cards: %d left, placemat %v", s.left[1], s.placemat)
	}
	// With one card a set, the game ends with everybody winning when
	// nine cards are taken (G18): seat 2 takes B to I, seat 1 then A.
	s = withOptions(t, 3, game.Options{OptSetCards: "1"})
	apply(t, s, "start YYB", "demand web-app")
	give(t, s, 1, "BCDEFGHI")
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "reward A")
	if s.EndReason() != "infrastructure" || !slices.Equal(s.Returns(nil), []float64{1, 1, 1}) {
		t.Errorf("end %q, returns %v", s.EndReason(), s.Returns(nil))
	}
	if a, b := Game.MaxLength(game.Config{Players: 2, Options: game.Options{OptSetCards: "1"}}), Game.MaxLength(game.Config{Players: 2}); a >= b {
		t.Errorf("MaxLength with 1 card a set %d, with 4 %d", a, b)
	}
	for _, v := range []string{"0", "9", "four"} {
		refusedOption(t, OptSetCards, v)
	}
}

func TestR18_PlacematOption(t *testing.T) {
	for _, tc := range []struct {
		v        string
		placemat []int8
	}{
		{"", []int8{0, 1, 2, -1}},
		{"1", []int8{0, -1, -1, -1}},
		{"4", []int8{0, 1, 2, 3}},
	} {
		s := withOptions(t, 2, game.Options{OptPlacemat: tc.v})
		stacks := 4
		if i := slices.Index(tc.placemat, -1); i >= 0 {
			stacks = i
		}
		if !slices.Equal(s.placemat[:], tc.placemat) || int(s.reserve) != stacks {
			t.Errorf("placemat=%s: placemat %v, reserve %d", tc.v, s.placemat, s.reserve)
		}
	}
	// With one stack, emptying A brings B (G16).
	s := withOptions(t, 2, game.Options{OptPlacemat: "1"})
	apply(t, s, "start YYB", "demand web-app")
	give(t, s, 0, "AAAA")
	if s.placemat[0] != 1 {
		t.Errorf("placemat=1 after A empties: %v, want B", s.placemat)
	}
	for _, v := range []string{"0", "5", "x"} {
		refusedOption(t, OptPlacemat, v)
	}
}

func TestR19_TurnLimitOption(t *testing.T) {
	s := withOptions(t, 2, game.Options{OptTurnLimit: "10"})
	apply(t, s, "start YYB", "demand web-app")
	if s.r.cards.TurnLimit != 10 {
		t.Fatalf("turn-limit=10: limit %d", s.r.cards.TurnLimit)
	}
	s.turns = 9
	begin(s, 0)
	apply(t, s, "dice RRR", "take RRR", "lab 1,0 t0", "pass")
	if s.EndReason() != "turn-limit" || !slices.Equal(s.Returns(nil), []float64{0, 0}) {
		t.Errorf("end %q after %d turns, returns %v", s.EndReason(), s.turns, s.Returns(nil))
	}
	if a, b := Game.MaxLength(game.Config{Players: 2, Options: game.Options{OptTurnLimit: "10"}}), Game.MaxLength(game.Config{Players: 2}); a*50 > b {
		t.Errorf("MaxLength with 10 turns %d, with 1,000 %d", a, b)
	}
	for _, v := range []string{"0", "10001", "ten"} {
		refusedOption(t, OptTurnLimit, v)
	}
}
