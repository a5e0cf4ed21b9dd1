package threeio

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestNotation_SectorOrientation(t *testing.T) {
	// Files a-f left to right, ranks 1-6 bottom to top.
	for c, want := range map[int]string{0: "a1", 5: "f1", 6: "a2", 14: "c3", 30: "a6", 35: "f6"} {
		if got := sectorName(c); got != want {
			t.Errorf("sector %d is %s, want %s", c, got, want)
		}
		if back, err := parseSector(strings.ToUpper(want)); err != nil || back != c {
			t.Errorf("parseSector(%s) = %d, %v", want, back, err)
		}
	}
}

func TestNotation_CaseAndRoundTrip(t *testing.T) {
	s := pic(t, 2, nil, strings.Replace(emptyBoard, ".", "Du@1", 1))
	for text, want := range map[string]game.Action{
		"expand":              actExpand,
		"  EXPAND ":           actExpand,
		"score a6":            scoreBase + 30,
		"Score A6":            scoreBase + 30,
		"play Dust c3":        playAction(Dust, 14, false),
		"PLAY dust C3 CREW":   playAction(Dust, 14, true),
		"play singularity f6": playAction(Singularity, 35, false),
	} {
		got, err := s.ParseAction(text)
		if err != nil || got != want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	do(t, s, "expand")
	if a, err := s.ParseAction("pLaNeT"); err != nil || a != game.Action(Planet) {
		t.Fatalf("draw notation: %d, %v", a, err)
	}
	if got := s.ActionString(game.Action(Planet)); got != "Planet" {
		t.Fatalf("draw notation %q", got)
	}
	do(t, s, "Rock")
	for _, a := range s.LegalActions(nil) {
		if back, err := s.ParseAction(s.ActionString(a)); err != nil || back != a {
			t.Fatalf("%q: %d, %v", s.ActionString(a), back, err)
		}
	}
}

func TestNotation_GarbageRejected(t *testing.T) {
	s := pic(t, 2, nil, emptyBoard)
	for text, want := range map[string]string{
		"":                     "empty move",
		"fly":                  "unknown move",
		"expand now":           "expand takes nothing",
		"score":                `want "score <sector>"`,
		"score g1":             `bad sector "g1"`,
		"score a7":             `bad sector "a7"`,
		"play":                 `want "play <tile> <sector>"`,
		"play Dust":            `want "play <tile> <sector>"`,
		"play Comet c3":        `unknown tile type "Comet"`,
		"play Dust c3 boat":    `only "crew" may follow`,
		"play Dust c3 crew on": `want "play <tile> <sector>"`,
		"Planet":               "a tile name alone is a draw, and no draw is due",
	} {
		if _, err := s.ParseAction(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseAction(%q): %v, want an error containing %q", text, err, want)
		}
	}
	do(t, s, "expand")
	for _, text := range []string{"expand", "Comet", "Dust Rock", ""} {
		if _, err := s.ParseAction(text); err == nil || !strings.Contains(err.Error(), "a draw is due") {
			t.Errorf("at a draw, ParseAction(%q): %v", text, err)
		}
	}
}

func TestApply_IllegalNamesMoveAndReason(t *testing.T) {
	s := pic(t, 2, game.Options{OptTiles: withCounts(t, map[Tile]int{Galaxy: 0})}, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		Du . . . . .`)
	for a, want := range map[game.Action]string{
		-1:                         "action -1: no such action",
		numActs:                    "no such action",
		1 << 30:                    "no such action",
		scoreBase:                  "score a1: seat 1 has no meeple on a1",
		playAction(Dust, 3, false): "announces expand first",
	} {
		before := *s
		if err := s.Apply(a); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Apply(%d): %v, want %q", a, err, want)
		}
		if *s != before {
			t.Errorf("Apply(%d) changed the state", a)
		}
	}
	do(t, s, "expand")
	refuse(t, s, "Galaxy", "draw Galaxy: the box holds no Galaxy")
	do(t, s, "Rock")
	refuse(t, s, "play Dust a1", "play Dust a1: sector a1 is occupied")
	refuse(t, s, "play Sun b1", "play Sun b1: seat 1 holds no Sun")
	s.finish(boardFull)
	if err := s.Apply(actExpand); err == nil || !strings.Contains(err.Error(), "expand: the game is over") {
		t.Errorf("after the end: %v", err)
	}
}
