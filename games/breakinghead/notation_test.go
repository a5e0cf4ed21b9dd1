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

// B11, B18: a public log shows every card played in full, a pass without
// its card, and no chance outcome's secret (role, end card, card drawn).
func TestB18_PublicActionStringHidesSecrets(t *testing.T) {
	secrets := append([]string{"contributor", "blocker", "fixed-committed", "needs-work"}, kindNames[:]...)
	var kinds [4]int // passes, public moves, hidden chance, public chance
	for seed := uint64(0); seed < 30; seed++ {
		st, err := game.NewState(Game, 3+int(seed%8), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := game.NewRand(seed)
		for !game.IsTerminal(s) {
			var a game.Action
			if game.IsChance(s) {
				a = game.SampleChance(s, rng, nil)
			} else {
				l := s.LegalActions(nil)
				a = l[rng.IntN(len(l))]
			}
			full, pub := s.ActionString(a), s.PublicActionString(a)
			switch {
			case s.phase == phasePlay && strings.HasPrefix(full, "pass "):
				kinds[0]++
				if pub != "pass" {
					t.Fatalf("pass %q shown as %q", full, pub)
				}
			case s.phase == phasePlay:
				kinds[1]++
				if pub != full {
					t.Fatalf("public move %q shown as %q", full, pub)
				}
			case s.phase == phaseFirst:
				kinds[3]++
				if pub != full {
					t.Fatalf("first player %q shown as %q", full, pub)
				}
			default:
				kinds[2]++
				for _, w := range secrets {
					if strings.Contains(pub, w) {
						t.Fatalf("chance outcome %q shown as %q, which names %q", full, pub, w)
					}
				}
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, n := range kinds {
		if n == 0 {
			t.Fatalf("case %d never happened: %v", i, kinds)
		}
	}
}
