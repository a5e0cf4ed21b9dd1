package breakinghead

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// setupUntil plays seeded chance outcomes until the phase is reached.
func setupUntil(t *testing.T, s *State, phase int8, seed uint64) {
	t.Helper()
	r := game.NewRand(seed)
	for s.phase != phase {
		if s.phase == phasePlay || s.phase == phaseOver {
			t.Fatalf("phase %d not reached", phase)
		}
		if err := s.Apply(game.SampleChance(s, r, nil)); err != nil {
			t.Fatal(err)
		}
	}
}

func obsString(s *State, p game.Player) string {
	b, err := json.Marshal(s.Observation(p))
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestB1_RoleCardsPerPlayerCount(t *testing.T) {
	// The table of B1, written out again.
	want := map[int][2]int{3: {3, 1}, 4: {4, 1}, 5: {4, 2}, 6: {5, 2}, 7: {5, 3}, 8: {6, 3}, 9: {7, 3}, 10: {7, 4}}
	for n := 3; n <= 10; n++ {
		s := newState(n, 0)
		c, b := float64(want[n][0]), float64(want[n][1])
		outs := s.ChanceOutcomes(nil)
		wantOuts := []game.ChanceOutcome{{Action: 0, P: c / (c + b)}, {Action: 1, P: b / (c + b)}}
		if !reflect.DeepEqual(outs, wantOuts) {
			t.Errorf("%d players: first role draw %v, want %v", n, outs, wantOuts)
		}
		for seed := uint64(0); seed < 20; seed++ {
			s := newState(n, 0)
			setupUntil(t, s, phaseEnds, seed)
			got := [2]int{int(s.roleLeft[0]), int(s.roleLeft[1])}
			if got[0]+got[1] != 1 {
				t.Fatalf("%d players: %v role cards left over, want exactly one", n, got)
			}
			for q := 0; q < n; q++ {
				got[s.roles[q]]++
			}
			if got != want[n] {
				t.Fatalf("%d players: dealt set %v, want %v", n, got, want[n])
			}
		}
	}
}

func TestB1_LeftOverRoleCard(t *testing.T) {
	p := &pos{t, newState(3, 0)}
	p.refuse("seat 2 role contributor", "goes to seat 1")
	p.do("seat 1 role contributor", "seat 2 role contributor")
	if outs := p.ChanceOutcomes(nil); len(outs) != 2 || outs[0].P != 0.5 {
		t.Fatalf("third role draw: %v, want contributor and blocker at 1/2", outs)
	}
	p.do("seat 3 role contributor")
	if p.roleLeft != [2]int8{0, 1} {
		t.Fatalf("left-over %v, want the Blocker card", p.roleLeft)
	}
	// Nobody sees the left-over card: no observation names a Blocker.
	for v := game.Spectator; v < 3; v++ {
		if v == game.Terminal || v == game.Chance {
			continue
		}
		if o := obsString(p.State, v); strings.Contains(o, "blocker") {
			t.Errorf("Observation(%v) names the left-over card: %s", v, o)
		}
	}
	// Only one Blocker in the 3-player set.
	q := &pos{t, newState(3, 0)}
	q.do("seat 1 role blocker")
	if l := q.legal(); !reflect.DeepEqual(l, []string{"seat 2 role contributor"}) {
		t.Fatalf("after the Blocker card, outcomes %v", l)
	}
}

func TestB2_HandSizes(t *testing.T) {
	want := map[int]int{3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}
	for n := 3; n <= 10; n++ {
		s := newState(n, 0)
		setupUntil(t, s, phaseDeal, 1)
		if outs := s.ChanceOutcomes(nil); outs[0].Action != kCrossing || math.Abs(outs[0].P-5.0/66) > 1e-12 {
			t.Fatalf("first card of the deal: %v, want crossing at 5/66", outs[0])
		}
		setupUntil(t, s, phaseFirst, uint64(n))
		for q := 0; q < n; q++ {
			if int(s.handSize[q]) != want[n] {
				t.Errorf("%d players: seat %d holds %d cards, want %d", n, q+1, s.handSize[q], want[n])
			}
		}
		if int(s.deckSize) != 66-n*want[n] {
			t.Errorf("%d players: deck %d, want %d", n, s.deckSize, 66-n*want[n])
		}
	}
}

func TestB3_EndCardsHidden(t *testing.T) {
	s := newState(5, 0)
	setupUntil(t, s, phaseEnds, 3)
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 3 {
		t.Fatalf("end mix: %d outcomes", len(outs))
	}
	for i, o := range outs {
		if o.P != 1.0/3 || s.ActionString(o.Action) != "fixed-committed at "+posString(endCells[i]) {
			t.Errorf("end mix outcome %d: %q at %v", i, s.ActionString(o.Action), o.P)
		}
	}
	setupUntil(t, s, phasePlay, 3)
	for v := game.Spectator; v < 5; v++ {
		if v == game.Terminal || v == game.Chance {
			continue
		}
		o := obsString(s, v)
		if strings.Contains(o, "fixed-committed") || strings.Contains(o, "needs-work") {
			t.Errorf("Observation(%v) shows an end card's identity: %s", v, o)
		}
		if strings.Count(o, `"card":"end"`) != 3 {
			t.Errorf("Observation(%v) does not show three face-down end cards", v)
		}
	}
}

func TestB4_LayoutAndUnboundedTable(t *testing.T) {
	s := newState(3, 0)
	var got []string
	for _, c := range s.occ[:s.nOcc] {
		got = append(got, posString(int(c)))
	}
	slices.Sort(got)
	if want := []string{"0,0", "8,-2", "8,0", "8,2"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("set-up table %v, want %v", got, want)
	}
	if s.table[startCell] != cellStart {
		t.Fatal("the start is not at 0,0")
	}
	// Seven empty spaces: six cards do not reach the middle end card, the
	// seventh does.
	p := position(t, "ccb").fixed("8,-2").path(1, 5).hand(1, "straight-ew", "straight-ew")
	p.do("place straight-ew@6,0", "seat 1 draws crossing")
	if p.faceUp != 0 {
		t.Fatal("an end card turned up with six cards in the row")
	}
	p.do("place straight-ew@7,0")
	if !p.faceUpAt("8,0") {
		t.Fatal("seven cards in the row do not reach 8,0")
	}
	// No edge: with a column of 38 cards north of the start, the 39th
	// fits at 0,-39.
	q := position(t, "ccb")
	y := -1
	for k := nComment - 1; k >= 0 && y > -38; k-- {
		for q.deck[k] > 0 && y > -38 {
			q.put("0," + itoa(y) + " " + kindNames[k])
			y--
		}
	}
	q.put("0,-38 crossing").hand(1, "crossing")
	if _, err := q.ParseAction("place crossing@0,-40"); err == nil || !strings.Contains(err.Error(), "can ever lie") {
		t.Fatalf("0,-40 is beyond any card's reach; ParseAction said %v", err)
	}
	q.do("place crossing@0,-39")
	// The window holds every position within 39 steps of the start or an
	// end card, and no other.
	for c := 0; c < nCells; c++ {
		x, y := cellXY(c)
		d := abs(x) + abs(y)
		for _, e := range endCells {
			ex, ey := cellXY(e)
			d = min(d, abs(x-ex)+abs(y-ey))
		}
		if d <= nCommentCards && !isPlaceable(c) {
			t.Fatalf("%d,%d is within reach but outside the window", x, y)
		}
	}
	if nCommentCards != 39 {
		t.Fatal("the window's bound must be the number of comment cards")
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func TestB5_CardList(t *testing.T) {
	want := map[string][2]int{ // kind: 2nd mix, 3rd mix
		"crossing": {5, 5}, "crossing-dead": {1, 1},
		"junction-esw": {5, 5}, "junction-esw-dead": {1, 1},
		"junction-nes": {5, 5}, "junction-nes-dead": {1, 1},
		"curve-sw": {4, 4}, "curve-sw-dead": {1, 1},
		"curve-es": {4, 4}, "curve-es-dead": {1, 1},
		"straight-ns": {4, 4}, "straight-ns-dead": {1, 1},
		"straight-ew": {3, 3}, "straight-ew-dead": {1, 1},
		"stub-w-dead": {1, 1}, "stub-s-dead": {1, 1},
		"wtf-dries": {6, 6}, "spam": {3, 3},
		"blocked-wifi": {3, 3}, "blocked-flu": {3, 3}, "blocked-head": {3, 3},
		"unblocked-lan": {2, 3}, "unblocked-vitamins": {2, 3}, "unblocked-fixedhead": {2, 3},
		"unblocked-lan-vitamins": {1, 0}, "unblocked-lan-fixedhead": {1, 0}, "unblocked-vitamins-fixedhead": {1, 0},
	}
	edges := map[string]string{
		"crossing": "NESW", "junction-esw": "ESW", "junction-nes": "NES", "curve-sw": "SW",
		"curve-es": "ES", "straight-ns": "NS", "straight-ew": "EW", "stub-w": "W", "stub-s": "S",
	}
	for mix, opt := range mixValues {
		st, err := game.NewState(Game, 4, game.Options{"unblock-mix": opt})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		total, comment := 0, 0
		for k := 0; k < nKinds; k++ {
			if int(s.deck[k]) != want[kindNames[k]][mix] {
				t.Errorf("%s: %d %s, want %d", opt, s.deck[k], kindNames[k], want[kindNames[k]][mix])
			}
			total += int(s.deck[k])
			if k < nComment {
				comment += int(s.deck[k])
				shape := strings.TrimSuffix(kindNames[k], "-dead")
				if edgeString(commentEdges[k]) != edges[shape] {
					t.Errorf("%s has edges %s, want %s", kindNames[k], edgeString(commentEdges[k]), edges[shape])
				}
				if commentDead[k] != strings.HasSuffix(kindNames[k], "-dead") {
					t.Errorf("%s: dead-end flag %v", kindNames[k], commentDead[k])
				}
			}
		}
		if total != 66 || comment != 39 || int(s.deckSize) != 66 {
			t.Errorf("%s: %d cards (%d comment), want 66 (39)", opt, total, comment)
		}
	}
	if _, err := game.NewState(Game, 4, game.Options{"unblock-mix": "4th"}); err == nil {
		t.Error("unblock-mix=4th accepted")
	}
	spec, ok := Game.Info().Option("unblock-mix")
	if !ok || spec.Default != "2nd" || !strings.Contains(spec.Doc, "B5") {
		t.Errorf("unblock-mix option spec %+v", spec)
	}
}

func TestB6_TurnedCards(t *testing.T) {
	turned := map[string]string{
		"junction-esw": "NEW", "junction-nes": "NSW", "curve-sw": "NE", "curve-es": "NW",
		"stub-w-dead": "E", "stub-s-dead": "N", "junction-nes-dead": "NSW",
	}
	for v := 0; v < nVariants; v++ {
		name := kindNames[variantKind[v]]
		if !variantTurned[v] {
			continue
		}
		if w, ok := turned[name]; ok && edgeString(variantEdges[v]) != w {
			t.Errorf("%s turned has edges %s, want %s", name, edgeString(variantEdges[v]), w)
		}
		if strings.HasPrefix(name, "crossing") || strings.HasPrefix(name, "straight") {
			t.Errorf("%s looks the same turned but has a turned placement", name)
		}
	}
	// West of the start only an open E edge fits: the curve S-W fits
	// only turned (N-E).
	p := position(t, "ccb").hand(1, "curve-sw", "crossing", "straight-ew")
	if got, want := p.legalWith("place curve-sw@-1,0"), []string{"place curve-sw@-1,0 turned"}; !reflect.DeepEqual(got, want) {
		t.Errorf("curve-sw west of the start: %v, want %v", got, want)
	}
	p.refuse("place curve-sw@-1,0", "do not match the neighbour(s) to the E")
	for _, m := range p.legal() {
		if strings.HasPrefix(m, "place crossing") && strings.HasSuffix(m, "turned") ||
			strings.HasPrefix(m, "place straight") && strings.HasSuffix(m, "turned") {
			t.Errorf("symmetric card with a turned move: %s", m)
		}
	}
	if _, err := p.ParseAction("place crossing@1,0 turned"); err == nil || !strings.Contains(err.Error(), "looks the same") {
		t.Errorf("ParseAction of a turned crossing: %v", err)
	}
	p.do("place curve-sw@-1,0 turned")
	if p.table[cellOf(-1, 0)] != kindVariant[kCurveSW]+2 {
		t.Error("the turned curve is not on the table turned")
	}
}

func TestB7_EdgeMatching(t *testing.T) {
	all := kindNames[:nComment]
	// 1,0 has four neighbours: the start to the W (open), a straight N-S
	// to the N (open towards it), a straight E-W to the E (open) and a
	// curve S-W to the S, whose N edge is closed.
	p := position(t, "ccb").hand(1, all...).put("1,-1 straight-ns", "2,0 straight-ew", "1,1 curve-sw")
	want := []string{"place junction-esw@1,0 turned", "place junction-esw-dead@1,0 turned"}
	if got := p.legalWith("place "); !reflect.DeepEqual(filter(got, "@1,0"), want) {
		t.Errorf("at 1,0: %v, want %v", filter(got, "@1,0"), want)
	}
	cases := []struct{ move, why string }{
		{"place crossing@1,0", "to the S"},
		{"place junction-nes@1,0", "to the S, W"},
		{"place junction-nes@1,0 turned", "to the E, S"},
		{"place curve-es@1,0", "to the N, S, W"},
		{"place straight-ew@1,0", "to the N"},
		{"place crossing@5,5", "no card lies next to"},
		{"place crossing@2,0", "occupied"},
		{"place crossing@0,0", "occupied"},
		{"place straight-ns@7,0", "to the E"}, // a face-down end card is a crossing
		{"place straight-ew@8,1", "to the N, S"},
		{"place straight-ew@8,3", "to the N"},
	}
	for _, c := range cases {
		p.refuse(c.move, c.why)
	}
	for _, m := range []string{"place straight-ns@8,1", "place crossing@7,0", "place straight-ns@0,-1", "place junction-nes@0,1"} {
		if !p.isLegal(m) {
			t.Errorf("%s is not legal", m)
		}
	}
}

func filter(l []string, sub string) []string {
	var out []string
	for _, m := range l {
		if strings.Contains(m, sub) {
			out = append(out, m)
		}
	}
	return out
}

func TestB8_DeadEndBreaksPath(t *testing.T) {
	p := position(t, "ccb").fixed("8,2").path(1, 3).put("4,0 straight-ew-dead").path(5, 6).hand(1, "straight-ew", "spam").hand(2, "straight-ew")
	// The dead-end's edges match, so the row is complete, but it does not
	// connect.
	p.do("place straight-ew@7,0")
	if p.faceUp != 0 {
		t.Fatal("an end card turned up through a dead-end")
	}
	p.do("seat 1 draws wtf-dries", "pass straight-ew", "seat 2 draws wtf-dries").turn(1)
	p.do("spam 4,0", "seat 1 draws wtf-dries").turn(1).hand(1, "straight-ew").do("place straight-ew@4,0")
	if !p.faceUpAt("8,0") {
		t.Fatal("the repaired path does not reach 8,0")
	}
	// A dead-end next to an end card does not reach it either.
	q := position(t, "ccb").path(1, 6).hand(1, "crossing-dead")
	q.do("place crossing-dead@7,0")
	if q.faceUp != 0 || q.phase == phaseOver {
		t.Fatal("a dead-end passed the path on to an end card")
	}
}

func TestB9_PlacementNeedNotBeReachable(t *testing.T) {
	p := position(t, "ccb").hand(1, "straight-ew", "straight-ns").put("3,3 crossing")
	for _, m := range []string{"place straight-ew@9,0", "place straight-ns@3,4", "place straight-ew@4,3"} {
		if !p.isLegal(m) {
			t.Errorf("%s (next to a card the start does not reach) is not legal", m)
		}
	}
	p.do("place straight-ew@9,0")
}

func TestB10_EndCardsTurnUp(t *testing.T) {
	t.Run("needs work", func(t *testing.T) {
		p := position(t, "ccb").fixed("8,2").path(1, 6).hand(1, "straight-ew")
		p.do("place straight-ew@7,0")
		if !p.faceUpAt("8,0") || p.faceUp != 2 {
			t.Fatalf("face up %b, want 8,0 only", p.faceUp)
		}
		if p.phase != phaseDraw {
			t.Fatal("the game did not go on after Needs work")
		}
		if o := obsString(p.State, game.Spectator); !strings.Contains(o, `{"at":"8,0","card":"needs-work","edges":"NESW"}`) {
			t.Fatalf("spectator does not see the Needs work card: %s", o)
		}
	})
	t.Run("fixed and committed", func(t *testing.T) {
		p := position(t, "cbc").path(1, 6).hand(1, "straight-ew", "crossing")
		deck := p.deckSize
		p.do("place straight-ew@7,0")
		if p.phase != phaseOver || p.winner != winContributors {
			t.Fatal("reaching Fixed & Committed did not end the game")
		}
		if p.deckSize != deck || p.handSize[0] != 1 {
			t.Fatal("a card was drawn after the winning placement")
		}
		if got := p.returns(); !reflect.DeepEqual(got, []float64{1, 0, 1}) {
			t.Fatalf("returns %v", got)
		}
	})
	t.Run("several at once", func(t *testing.T) {
		p := position(t, "ccb").fixed("8,2").put("8,-1 straight-ns").path(1, 6).hand(1, "straight-ew")
		p.do("place straight-ew@7,0")
		if !p.faceUpAt("8,0") || !p.faceUpAt("8,-2") || p.faceUpAt("8,2") || p.phase == phaseOver {
			t.Fatalf("face up %b, want 8,0 and 8,-2", p.faceUp)
		}
	})
	t.Run("through a Needs work card to the winner", func(t *testing.T) {
		p := position(t, "ccb").fixed("8,2").put("8,1 straight-ns").path(1, 6).hand(1, "straight-ew")
		p.do("place straight-ew@7,0")
		if p.faceUp != 7&^1 || p.winner != winContributors {
			t.Fatalf("face up %b, winner %d", p.faceUp, p.winner)
		}
	})
	t.Run("stays up", func(t *testing.T) {
		p := position(t, "ccb").fixed("8,2").path(1, 6).hand(1, "straight-ew").hand(2, "spam")
		p.do("place straight-ew@7,0", "seat 1 draws crossing", "spam 7,0")
		if !p.faceUpAt("8,0") {
			t.Fatal("the end card turned back after its path was broken")
		}
	})
}

func TestB11_TurnOrderAndDraw(t *testing.T) {
	p := position(t, "cccb").turn(4).hand(4, "crossing").hand(1, "crossing")
	p.do("pass crossing")
	if p.CurrentPlayer() != game.Chance || p.phase != phaseDraw {
		t.Fatal("no draw after a turn")
	}
	if l := p.legal(); len(l) == 0 || !strings.HasPrefix(l[0], "seat 4 draws ") {
		t.Fatalf("draw outcomes %v", l)
	}
	p.refuse("seat 1 draws crossing", "goes to seat 4")
	p.do("seat 4 draws spam")
	if p.CurrentPlayer() != 0 {
		t.Fatalf("after seat 4, %v is to play, want seat 1", p.CurrentPlayer())
	}
	// Without a deck there is no draw.
	q := position(t, "cccb").hand(1, "crossing").hand(2, "crossing").noDeck()
	q.do("pass crossing")
	if q.CurrentPlayer() != 1 {
		t.Fatalf("with an empty deck, %v is to play, want seat 2", q.CurrentPlayer())
	}
}

func TestB11_FirstPlayerIsDrawn(t *testing.T) {
	s := newState(7, 0)
	setupUntil(t, s, phaseFirst, 5)
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 7 {
		t.Fatalf("%d first-player outcomes", len(outs))
	}
	for i, o := range outs {
		if int(o.Action) != i || o.P != 1.0/7 {
			t.Errorf("outcome %v", o)
		}
	}
	p := &pos{t, s}
	p.do("seat 5 starts")
	if p.CurrentPlayer() != 4 {
		t.Fatal("seat 5 does not start")
	}
}

func TestB11_PassIsAlwaysAllowedAndHidden(t *testing.T) {
	p := position(t, "ccb").hand(1, "crossing", "junction-nes").blocked(1, "flu")
	if got, want := p.legal(), []string{"pass crossing", "pass junction-nes"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("blocked seat with comment cards: %v, want %v", got, want)
	}
	p.do("pass junction-nes")
	if p.discards != 1 {
		t.Fatal("the passed card is not on the pile")
	}
	if o := obsString(p.State, 1); strings.Contains(o, "junction-nes") || !strings.Contains(o, `"move":"pass"`) {
		t.Errorf("another seat sees the passed card: %s", o)
	}
	if o := obsString(p.State, 0); !strings.Contains(o, `"move":"pass junction-nes"`) {
		t.Errorf("the passing seat does not see its own pass: %s", o)
	}
}

func TestB11_ActionCardWithoutTargetOnlyPassable(t *testing.T) {
	// No comment card to spam, everybody else already has Broken Head,
	// nobody has a problem the LAN|Vitamins card fixes.
	p := position(t, "ccb").hand(1, "spam", "unblocked-lan-vitamins", "blocked-head").
		blocked(2, "head").blocked(3, "head")
	want := []string{"pass spam", "pass blocked-head", "pass unblocked-lan-vitamins"}
	if got := p.legal(); !reflect.DeepEqual(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	q := position(t, "ccb").hand(1, "blocked-head").blocked(2, "head").blocked(3, "head")
	if got := q.legal(); !reflect.DeepEqual(got, []string{"pass blocked-head"}) {
		t.Fatalf("Blocked! without target: %v", got)
	}
	q.refuse("block seat 2 head", "already has")
}

func TestB12_PeekIsPrivate(t *testing.T) {
	p := position(t, "ccb").fixed("8,2").hand(1, "wtf-dries", "wtf-dries").hand(2, "crossing")
	if got := p.legalWith("peek"); !reflect.DeepEqual(got, []string{"peek 8,-2", "peek 8,0", "peek 8,2"}) {
		t.Fatalf("peeks %v", got)
	}
	p.do("peek 8,2", "seat 1 draws crossing", "pass crossing", "seat 2 draws crossing")
	if o := obsString(p.State, 0); !strings.Contains(o, `"peeks":[{"at":"8,2","card":"fixed-committed"}]`) {
		t.Fatalf("the peeker does not remember: %s", o)
	}
	for _, v := range []game.Player{1, 2, game.Spectator} {
		o := obsString(p.State, v)
		if strings.Contains(o, "fixed-committed") {
			t.Errorf("Observation(%v) shows what seat 1 saw: %s", v, o)
		}
		if !strings.Contains(o, `"seat":1,"hand_size":2,"peeked":["8,2"]`) {
			t.Errorf("Observation(%v) does not show that seat 1 peeked: %s", v, o)
		}
	}
	// Looking again is allowed; a face-up card cannot be looked at.
	p.faceUp = 1
	if !p.isLegal("peek 8,2") || p.isLegal("peek 8,-2") {
		t.Fatalf("peeks %v", p.legalWith("peek"))
	}
	p.refuse("peek 8,-2", "already face up")
	p.do("peek 8,2")
}

func TestB13_Spam(t *testing.T) {
	p := position(t, "ccb").fixed("8,2").path(1, 6).hand(1, "straight-ew").hand(2, "spam", "spam")
	p.do("place straight-ew@7,0", "seat 1 draws crossing")
	if got := p.legalWith("spam"); len(got) != 7 || got[0] != "spam 1,0" {
		t.Fatalf("spam targets %v, want the seven comment cards", got)
	}
	p.refuse("spam 0,0", "start and the end cards")
	p.refuse("spam 8,0", "start and the end cards")
	p.refuse("spam 3,3", "no card lies there")
	p.do("spam 7,0")
	if p.table[cellOf(7, 0)] != cellEmpty {
		t.Fatal("the card is still on the table")
	}
	if !p.faceUpAt("8,0") {
		t.Fatal("the turned-up end card turned back")
	}
	o := obsString(p.State, game.Spectator)
	if !strings.Contains(o, `{"seat":2,"move":"spam 7,0","removed":"straight-ew"}`) {
		t.Fatalf("the log does not show the removed card: %s", o)
	}
}

func TestB14_Blocked(t *testing.T) {
	p := position(t, "cccb").hand(1, "blocked-wifi", "blocked-flu", "crossing").blocked(2, "wifi")
	p.refuse("block seat 1 wifi", "cannot block yourself")
	p.refuse("block seat 2 wifi", "already has that problem")
	// An empty hand does not protect (seats 3 and 4 hold nothing).
	want := []string{"block seat 3 wifi", "block seat 4 wifi", "block seat 2 flu", "block seat 3 flu", "block seat 4 flu"}
	if got := p.legalWith("block"); !reflect.DeepEqual(got, want) {
		t.Fatalf("blocks %v, want %v", got, want)
	}
	p.do("block seat 2 flu")
	if p.problems[1] != 1<<probWifi|1<<probFlu {
		t.Fatalf("seat 2 problems %b", p.problems[1])
	}
	// A blocked seat cannot place but may play action cards and pass.
	q := position(t, "cccb").hand(1, "crossing", "spam").blocked(1, "head").put("1,0 crossing")
	if got := q.legalWith("place"); len(got) != 0 {
		t.Fatalf("a blocked seat may place: %v", got)
	}
	q.refuse("place crossing@2,0", "blocked (head)")
	if !q.isLegal("spam 1,0") || !q.isLegal("pass crossing") {
		t.Fatalf("a blocked seat cannot play actions or pass: %v", q.legal())
	}
}

func TestB15_Unblocked(t *testing.T) {
	p := position(t, "cccb").hand(1, "unblocked-lan-fixedhead", "unblocked-vitamins").
		blocked(2, "wifi", "head").blocked(1, "flu").blocked(3, "flu")
	want := []string{
		"unblock seat 1 flu with unblocked-vitamins",
		"unblock seat 3 flu with unblocked-vitamins",
		"unblock seat 2 wifi with unblocked-lan-fixedhead",
		"unblock seat 2 head with unblocked-lan-fixedhead",
	}
	got := p.legalWith("unblock")
	slices.Sort(got)
	slices.Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("unblocks %v, want %v", got, want)
	}
	p.refuse("unblock seat 2 flu with unblocked-vitamins", "does not have that problem")
	p.refuse("unblock seat 1 flu with unblocked-lan-fixedhead", "cannot fix flu")
	p.refuse("unblock seat 2 wifi with unblocked-lan", "holds no unblocked-lan")
	p.do("unblock seat 2 head with unblocked-lan-fixedhead")
	if p.problems[1] != 1<<probWifi {
		t.Fatalf("a two-symbol card fixed %b, want head only", p.problems[1])
	}
	// Fixing one's own problem lets one place again.
	q := position(t, "ccb").hand(1, "unblocked-vitamins", "crossing").blocked(1, "flu")
	q.do("unblock seat 1 flu with unblocked-vitamins", "seat 1 draws crossing").turn(1)
	if !q.isLegal("place crossing@1,0") {
		t.Fatal("the unblocked seat cannot place")
	}
}

func TestB16_EmptyHandsAreSkipped(t *testing.T) {
	p := position(t, "cccb").hand(1, "crossing").hand(3, "crossing").hand(4, "spam").noDeck()
	p.do("pass crossing")
	if p.CurrentPlayer() != 2 {
		t.Fatalf("%v to play, want seat 3 (seat 2 has no cards)", p.CurrentPlayer())
	}
	p.do("pass crossing")
	if p.CurrentPlayer() != 3 {
		t.Fatalf("%v to play, want seat 4", p.CurrentPlayer())
	}
	p.do("pass spam")
	if p.CurrentPlayer() != game.Terminal {
		t.Fatal("the game goes on with every hand empty")
	}
}

func TestB17_Returns(t *testing.T) {
	t.Run("contributors", func(t *testing.T) {
		p := position(t, "cbccb").path(1, 6).hand(3, "straight-ew").turn(3)
		if got := p.returns(); !reflect.DeepEqual(got, []float64{0, 0, 0, 0, 0}) {
			t.Fatalf("returns before the end %v", got)
		}
		p.do("place straight-ew@7,0")
		if got := p.returns(); !reflect.DeepEqual(got, []float64{1, 0, 1, 1, 0}) {
			t.Fatalf("returns %v", got)
		}
	})
	t.Run("blockers when every hand is empty", func(t *testing.T) {
		p := position(t, "cbccb").hand(2, "crossing").turn(2).noDeck()
		p.do("place crossing@1,0")
		if !game.IsTerminal(p) || p.winner != winBlockers {
			t.Fatal("the game did not end with every hand empty")
		}
		if got := p.returns(); !reflect.DeepEqual(got, []float64{0, 1, 0, 0, 1}) {
			t.Fatalf("returns %v", got)
		}
		o := obsString(p.State, game.Spectator)
		if !strings.Contains(o, `"winners":"blockers"`) || strings.Count(o, `"role":"blocker"`) != 2 || strings.Count(o, `"role":"contributor"`) != 3 {
			t.Fatalf("the end does not reveal the roles: %s", o)
		}
	})
	t.Run("no blocker seated", func(t *testing.T) {
		p := position(t, "ccc").hand(1, "crossing").noDeck()
		if p.roleLeft != [2]int8{0, 1} {
			t.Fatal("the Blocker card is not the left-over")
		}
		p.do("pass crossing")
		if got := p.returns(); !reflect.DeepEqual(got, []float64{0, 0, 0}) {
			t.Fatalf("returns %v, want nobody winning", got)
		}
		o := obsString(p.State, game.Spectator)
		if !strings.Contains(o, `"winners":"nobody"`) || strings.Contains(o, "blocker") {
			t.Fatalf("end observation %s", o)
		}
	})
}

func TestB19_MovesByKind(t *testing.T) {
	// Two copies of a card give the same moves as one.
	one := position(t, "ccb").hand(1, "crossing", "spam").put("1,0 crossing")
	two := position(t, "ccb").hand(1, "crossing", "crossing", "spam").put("1,0 crossing")
	if a, b := one.LegalActions(nil), two.LegalActions(nil); !reflect.DeepEqual(a, b) {
		t.Fatalf("one copy: %d moves, two copies: %d", len(a), len(b))
	}
	// A symmetric kind has one placement per position, others up to two.
	p := position(t, "ccb").hand(1, "straight-ns", "curve-es")
	for _, m := range p.legalWith("place straight-ns@0,1") {
		if strings.HasSuffix(m, "turned") {
			t.Fatalf("%s", m)
		}
	}
	// In random positions the legal moves are exactly the actions Apply
	// accepts, and their notations are unique.
	for seed := uint64(0); seed < 8; seed++ {
		s := playoutState(3+int(seed%8), seed, 40+int(seed)*7)
		if s.phase != phasePlay {
			continue
		}
		legal := s.LegalActions(nil)
		var brute []game.Action
		for a := game.Action(0); a < nActions; a++ {
			if s.checkMove(a) == nil {
				brute = append(brute, a)
			}
		}
		if !reflect.DeepEqual(legal, brute) {
			t.Fatalf("seed %d: LegalActions %d moves, Apply accepts %d", seed, len(legal), len(brute))
		}
		seen := map[string]bool{}
		for _, a := range legal {
			str := s.ActionString(a)
			if seen[str] {
				t.Fatalf("duplicate notation %q", str)
			}
			seen[str] = true
		}
	}
}

// TestOurRuling13_UndoEveryPlayStands: our ruling 13, the engine's undo
// rule (issue 38) in Breaking Head. Nothing can be taken back: a turn is
// one card (B11), and every card played but a pass shows something
// hidden, the card itself out of a secret hand or the end card a WTF
// Dries?! looks at (B12). A pass shows nothing, unless it is the last
// card in any hand, whose end shows every role (B17, our ruling 9); but
// it ends the turn, even when the same seat plays next because every
// other hand is empty (B16).
func TestOurRuling13_UndoEveryPlayStands(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pos     func(t *testing.T) *pos
		move    string
		reveals bool
		then    game.Player // to move after the move
	}{
		{"a placement", func(t *testing.T) *pos { return position(t, "ccb").hand(1, "crossing") },
			"place crossing@1,0", true, game.Chance},
		{"a peek", func(t *testing.T) *pos { return position(t, "ccb").hand(1, "wtf-dries") },
			"peek 8,2", true, game.Chance},
		{"a Blocked! card", func(t *testing.T) *pos { return position(t, "ccb").hand(1, "blocked-wifi") },
			"block seat 2 wifi", true, game.Chance},
		{"a pass, then the draw", func(t *testing.T) *pos { return position(t, "ccb").hand(1, "crossing") },
			"pass crossing", false, game.Chance},
		{"a pass with the deck empty", func(t *testing.T) *pos {
			return position(t, "ccb").hand(1, "crossing", "crossing").hand(2, "spam").noDeck()
		}, "pass crossing", false, 1},
		{"a pass of the only seat holding cards, which plays again", func(t *testing.T) *pos {
			return position(t, "ccb").hand(1, "crossing", "straight-ns").noDeck()
		}, "pass crossing", false, 0},
		{"a pass of the last card in any hand", func(t *testing.T) *pos {
			return position(t, "ccb").hand(1, "crossing").noDeck()
		}, "pass crossing", true, game.Terminal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pos(t)
			a, err := p.ParseAction(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Reveals(a); got != tc.reveals {
				t.Errorf("Reveals(%s) = %v, want %v", tc.move, got, tc.reveals)
			}
			if got := gametest.UndoDepths(t, p.State, tc.move); !slices.Equal(got, []int{0}) {
				t.Errorf("undo depth %v, want [0]", got)
			}
			if p.CurrentPlayer() != tc.then {
				t.Errorf("%v to move after %s, want %v", p.CurrentPlayer(), tc.move, tc.then)
			}
		})
	}
}

// newWith makes a game with options through the engine, as a record or the
// lab does.
func newWith(t *testing.T, n int, opts game.Options) *State {
	t.Helper()
	s, err := game.NewState(Game, n, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// refusedWith checks that the options make no game with n players, with an
// error naming the option and the value.
func refusedWith(t *testing.T, n int, name, value string) {
	t.Helper()
	_, err := game.NewState(Game, n, game.Options{name: value})
	if err == nil {
		t.Fatalf("%d players: option %s=%q accepted", n, name, value)
	}
	if want := "option " + name + "=" + strconv.Quote(value); !strings.Contains(err.Error(), want) {
		t.Errorf("%d players: option %s=%q: error %q, want it to name %s", n, name, value, err, want)
	}
}

// TestOurRuling14_BlockersInTheRoleDeal: our ruling 14, the option
// blockers. It sets the Blocker cards of the role deal; the rest of B1
// stands: the deal holds one card more than the players, the rest
// Contributors, one card is dealt to each seat and the left-over one stays
// hidden. From 1 to one fewer than the players, so that some seat is a
// Contributor; "" is B1's table. The sampler deals the roles again from
// the same set.
func TestOurRuling14_BlockersInTheRoleDeal(t *testing.T) {
	for n := 3; n <= 10; n++ {
		if got := newWith(t, n, game.Options{OptBlockers: ""}).roleLeft; got != roleSet[n] {
			t.Errorf("%d players, blockers=\"\": deal %v, want B1's %v", n, got, roleSet[n])
		}
		for b := 1; b < n; b++ {
			v := strconv.Itoa(b)
			s := newWith(t, n, game.Options{OptBlockers: v})
			set := [2]int{n + 1 - b, b}
			if got := s.Config().Options[OptBlockers]; got != v {
				t.Errorf("%d players, blockers=%s: Config says %q", n, v, got)
			}
			c, bl := float64(set[0]), float64(set[1])
			want := []game.ChanceOutcome{{Action: 0, P: c / (c + bl)}, {Action: 1, P: bl / (c + bl)}}
			if outs := s.ChanceOutcomes(nil); !reflect.DeepEqual(outs, want) {
				t.Errorf("%d players, blockers=%s: first role draw %v, want %v", n, v, outs, want)
			}
			setupUntil(t, s, phaseEnds, uint64(10*n+b))
			got := [2]int{int(s.roleLeft[0]), int(s.roleLeft[1])}
			if got[0]+got[1] != 1 {
				t.Fatalf("%d players, blockers=%s: %v role cards left over, want one", n, v, got)
			}
			for q := 0; q < n; q++ {
				got[s.roles[q]]++
			}
			if got != set {
				t.Fatalf("%d players, blockers=%s: dealt set %v, want %v", n, v, got, set)
			}
		}
		refusedWith(t, n, OptBlockers, strconv.Itoa(n)) // as many Blockers as players
		refusedWith(t, n, OptBlockers, "0")
	}
	refusedWith(t, 5, OptBlockers, "two")
	refusedWith(t, 5, OptBlockers, "-1")

	// Samples deal the other roles from the option's set: 4 Contributors
	// and 3 Blockers with 6 players, where B1 has 5 and 2.
	s := newWith(t, 6, game.Options{OptBlockers: "3"})
	setupUntil(t, s, phasePlay, 6)
	r := rand.New(rand.NewPCG(14, 14))
	seen := [2]bool{}
	for i := 0; i < 200; i++ {
		o := s.Sample(0, r).(*State)
		got := [2]int{int(o.roleLeft[0]), int(o.roleLeft[1])}
		for q := 0; q < 6; q++ {
			got[o.roles[q]]++
		}
		if got != [2]int{4, 3} {
			t.Fatalf("sample %d: roles and the left-over card %v, want the set [4 3]", i, got)
		}
		seen[o.roleLeft[roleBlocker]] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("the samples never or always leave a Blocker out: %v", seen)
	}
}

// TestOurRuling15_HandSize: our ruling 15, the option hand. It sets the
// cards dealt to each seat, from 1 to as many as the 66 cards deal every
// seat; "" is B2's table.
func TestOurRuling15_HandSize(t *testing.T) {
	for _, tc := range []struct{ n, hand int }{{3, 3}, {3, 22}, {4, 8}, {10, 1}, {10, 6}} {
		s := newWith(t, tc.n, game.Options{OptHand: strconv.Itoa(tc.hand)})
		setupUntil(t, s, phasePlay, uint64(tc.n))
		for q := 0; q < tc.n; q++ {
			if int(s.handSize[q]) != tc.hand {
				t.Errorf("%d players, hand=%d: seat %d holds %d cards", tc.n, tc.hand, q+1, s.handSize[q])
			}
		}
		if int(s.deckSize) != nCards-tc.n*tc.hand {
			t.Errorf("%d players, hand=%d: deck %d, want %d", tc.n, tc.hand, s.deckSize, nCards-tc.n*tc.hand)
		}
		if got := s.Config().Options[OptHand]; got != strconv.Itoa(tc.hand) {
			t.Errorf("Config says hand=%q", got)
		}
	}
	for n := 3; n <= 10; n++ {
		s := newWith(t, n, game.Options{OptHand: ""})
		setupUntil(t, s, phasePlay, uint64(n))
		if int(s.handSize[0]) != int(handSizes[n]) {
			t.Errorf("%d players, hand=\"\": %d cards, want B2's %d", n, s.handSize[0], handSizes[n])
		}
		refusedWith(t, n, OptHand, strconv.Itoa(nCards/n+1))
	}
	refusedWith(t, 4, OptHand, "0")
	refusedWith(t, 4, OptHand, "six")
}

// TestParams: the parameters a designer may tune (game.Info.Params) name
// options of the game, list today's rules first ("" for B1's and B2's
// tables) or the option's values, and every value makes a game with 3
// players, the default; the blockers values with every player count.
func TestParams(t *testing.T) {
	in := Game.Info()
	want := []string{OptBlockers, OptHand, OptUnblockMix}
	if len(in.Params) != len(want) {
		t.Fatalf("%d params, want %v", len(in.Params), want)
	}
	for i, p := range in.Params {
		if p.Option != want[i] {
			t.Errorf("param %d sets %s, want %s", i, p.Option, want[i])
		}
		spec, ok := in.Option(p.Option)
		if !ok {
			t.Errorf("param %s: no such option", p.Option)
			continue
		}
		if p.Values[0] != spec.Default || p.Doc == "" || !strings.Contains(spec.Doc, "B") {
			t.Errorf("param %s: values %v (default %q), doc %q, option doc %q", p.Option, p.Values, spec.Default, p.Doc, spec.Doc)
		}
		if len(spec.Values) > 0 && !slices.Equal(spec.Values, p.Values) {
			t.Errorf("param %s: values %v, the option's %v", p.Option, p.Values, spec.Values)
		}
		for _, v := range p.Values {
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				_, err := game.NewState(Game, n, game.Options{p.Option: v})
				if err != nil && (n == in.MinPlayers || p.Option != OptHand) {
					t.Errorf("param %s=%s, %d players: %v", p.Option, v, n, err)
				}
			}
		}
	}
}
