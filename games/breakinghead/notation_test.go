package breakinghead

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// TestActionNumbering pins the numbers documented in the rules document.
func TestActionNumbering(t *testing.T) {
	for name, got := range map[string][2]int{
		"cells":   {nCells, 89 * 85},
		"spam":    {spamBase, 196690},
		"peek":    {peekBase, 204255},
		"block":   {blockBase, 204258},
		"unblock": {unblockBase, 204288},
		"pass":    {passBase, 204468},
		"0,0":     {cellOf(0, 0), 42*89 + 40},
		"3,-1":    {cellOf(3, -1), 41*89 + 43},
	} {
		if got[0] != got[1] {
			t.Errorf("%s: %d, documented %d", name, got[0], got[1])
		}
	}
	p := position(t, "ccb")
	for str, want := range map[string]game.Action{
		"place junction-nes@3,-1 turned":     game.Action(cellOf(3, -1)*nVariants + int(kindVariant[kJunctionNES]) + 1),
		"PLACE  crossing@1,0":                game.Action(cellOf(1, 0) * nVariants),
		"place crossing @ 1, 0":              game.Action(cellOf(1, 0) * nVariants),
		"place\tjunction-nes@ 3 ,-1  turned": game.Action(cellOf(3, -1)*nVariants + int(kindVariant[kJunctionNES]) + 1),
		"spam 3 , 0":                         spamBase + game.Action(cellOf(3, 0)),
		"peek 8,2":                           peekBase + 2,
		"block seat 3 head":                  blockBase + 22,
		"unblock seat 2 flu with unblocked-vitamins-fixedhead": unblockBase + 5*30 + 3 + 1,
		"pass unblocked-vitamins-fixedhead":                    passBase + 26,
	} {
		a, err := p.ParseAction(str)
		if err != nil || a != want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", str, a, err, want)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	p := position(t, "ccb")
	for str, want := range map[string]string{
		"":                                  "empty move",
		"dance":                             "not a move",
		"place crossing":                    "KIND@X,Y",
		"place crossing@1,0 upside-down":    "turned",
		"place spam@1,0":                    "action card",
		"place bridge@1,0":                  "not a card kind",
		"place crossing@1;0":                "not a position",
		"place crossing@99,0":               "can ever lie there",
		"peek 7,0":                          "not an end card",
		"block seat 4 wifi":                 "not a seat (1 to 3)",
		"block seat 2 cold":                 "not a problem",
		"unblock seat 2 wifi with spam":     "not an Unblocked! card",
		"unblock seat 2 wifi":               "with KIND",
		"pass":                              "pass KIND",
		"seat 1 draws crossing":             "not a move",
		"place straight-ew-dead@1,0 turned": "looks the same",
	} {
		_, err := p.ParseAction(str)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseAction(%q): %v, want an error saying %q", str, err, want)
		}
	}
	s := newState(3, 0)
	if _, err := s.ParseAction("pass crossing"); err == nil || !strings.Contains(err.Error(), "chance outcome of the role deal") {
		t.Errorf("a move at a chance node: %v", err)
	}
	if err := s.Apply(5); err == nil || !strings.Contains(err.Error(), "not possible") {
		t.Errorf("Apply(5) at the role deal: %v", err)
	}
	if err := p.Apply(-1); err == nil {
		t.Error("Apply(-1) accepted")
	}
}

func TestEvaluate(t *testing.T) {
	p := position(t, "cbc").hand(1, "straight-ew")
	before := p.Evaluate(nil)
	if before[0] != -7+7*handWeight || before[2] != -7 || before[1] != 7 {
		t.Fatalf("at the start %v, want the Contributors at -7 (seven cards to 8,0), seat 1 plus its straight-ew", before)
	}
	p.do("place straight-ew@1,0")
	p.hands[0] = [nKinds]uint8{} // the card drawn is not the point
	after := p.Evaluate(nil)
	if !(after[0] > before[0] && after[2] == after[0] && after[1] == -after[0]) {
		t.Fatalf("after a step towards the goal %v (before %v)", after, before)
	}
}

// TestEvaluateValuesTheHandForTheRole: of two hands, a seat is worth more
// with the one its role needs (the scripts' builderValue, blockerValue),
// by less than a card of distance to the goal: a Contributor keeps a
// crossing rather than a Blocked!, a Blocker the other way round.
func TestEvaluateValuesTheHandForTheRole(t *testing.T) {
	value := func(seat int, cards ...string) float64 {
		return position(t, "cbc").hand(seat, cards...).Evaluate(nil)[seat-1]
	}
	base := position(t, "cbc").Evaluate(nil)
	for _, tt := range []struct {
		seat       int
		good, poor string
	}{
		{1, "crossing", "blocked-wifi"},
		{1, "junction-nes", "stub-w-dead"},
		{2, "blocked-wifi", "crossing"},
		{2, "spam", "straight-ew"},
	} {
		good, poor := value(tt.seat, tt.good), value(tt.seat, tt.poor)
		if !(good > poor) {
			t.Errorf("seat %d is worth %v holding %s, %v holding %s", tt.seat, good, tt.good, poor, tt.poor)
		}
		if d := good - base[tt.seat-1]; d <= 0 || d >= 0.5 {
			t.Errorf("seat %d gains %v by holding %s: want more than nothing, less than a blocked Contributor's 0.5", tt.seat, d, tt.good)
		}
	}
}
