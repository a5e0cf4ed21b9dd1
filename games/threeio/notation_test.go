package threeio

import (
	"encoding/json"
	"math"
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

func TestObservation_PublicAndComplete(t *testing.T) {
	s := pic(t, 3, game.Options{OptPacing: "on"}, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		Co Ro*+2@13 . . . .`)
	do(t, s, "expand")
	o := s.Observation(game.Player(2)).(Observation)
	b := o.Sectors[1]
	if b.Sector != "b1" || b.Tile != "Rock" || b.Side != "light" || b.Bonus != 2 || len(b.Meeples) != 2 || b.Meeples[0] != 1 || b.Meeples[1] != 3 {
		t.Fatalf("b1: %+v", b)
	}
	if o.Sectors[0].Side != "dark" || o.Sectors[2].Tile != "" {
		t.Fatalf("a1 %+v, c1 %+v", o.Sectors[0], o.Sectors[2])
	}
	if o.Phase != "draw" || o.TurnOf != 1 || o.PacingLevel != "Sphere" || o.BoxTotal != 130-3-2 {
		t.Fatalf("observation %+v", o)
	}
	if o.Players[0].Crew != 2 || o.Players[2].Crew != 2 || o.Players[1].Crew != 3 || o.Players[1].Held[0] != "Dust" {
		t.Fatalf("players %+v", o.Players)
	}
	if o.Box[Rock].Tile != "Rock" || o.Box[Rock].Count != 11 {
		t.Fatalf("box %+v", o.Box)
	}
	spect, _ := json.Marshal(s.Observation(game.Spectator))
	mine, _ := json.Marshal(o)
	if string(spect) != string(mine) {
		t.Fatal("a seat sees more than a spectator")
	}
	s.finish(boardFull)
	o = s.Observation(game.Spectator).(Observation)
	if o.Phase != "over" || o.TurnOf != 0 || o.Ended != "every sector is occupied" || len(o.Returns) != 3 {
		t.Fatalf("at the end: %+v", o)
	}
}

func TestRender_BoardKeyAndHoldings(t *testing.T) {
	s := pic(t, 2, nil, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		Co Ro*+2@12 . . . .`)
	got := s.Render(game.Player(1))
	for _, want := range []string{
		"     a        b        c        d        e        f\n",
		"  6  .        .        .        .        .        .\n",
		"  1  Co       Ro*+2@12 .        .        .        .\n",
		"Civilization: Pr Probe 1/2, Co Colony 2/4 x2,",
		"* light side, +n bonus tokens, @13 crew of seats 1 and 3.",
		"Box (126): Dust 48 Rock 11",
		"> seat 1: 0 points, 2 crew in hand, holds Dust\n",
		"  seat 2: 0 points, 2 crew in hand, holds Dust  (you)\n",
		"Seat 1 to move: expand or score.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("render lacks %q:\n%s", want, got)
		}
	}
	s.score[1] = 4
	s.finish(noMoves)
	if got := s.Render(game.Spectator); !strings.Contains(got, "Game over: no player can expand or score. seat 2 wins.") {
		t.Errorf("end render:\n%s", got)
	}
}

func TestEvaluate_PointsPlusWhatThePositionPromises(t *testing.T) {
	// Seat 1's Planet would score 8 x3 = 24 (the Station beside it), seat
	// 2's Dust 1 x3 = 3; each seat holds a Dust, which could go beside the
	// Station at b2 (x3); seats 1 and 2 have 2 crew in hand, seat 3 has 3.
	base := func(t *testing.T) *State {
		s := pic(t, 3, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Pl@1 St Du@2 . . .`)
		s.score = [4]int64{10, 10, 10}
		return s
	}
	for _, tt := range []struct {
		name   string
		change func(s *State)
		want   []float64 // before subtracting the best other seat
	}{
		{"as set", func(*State) {},
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10 + 6*3 + 0.3*1*3}},
		{"seat 1 holds a Singularity: x5 instead of x3 on its Planet, which has room beside it",
			func(s *State) { s.held[0] = [2]int8{int8(Dust), int8(Singularity)} },
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3 + 0.3*10 + 0.7*8*2, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10 + 6*3 + 0.3*1*3}},
		{"seat 3 has no crew in hand or on the board: its tile promises nothing",
			func(s *State) { s.crew[2] = 0 },
			[]float64{10 + 0.8*24 + 6*2 + 0.3*1*3, 10 + 0.8*3 + 6*2 + 0.3*1*3, 10}},
		{"no civilization tile on the board: x1 everywhere",
			func(s *State) { s.board[1] = cell{}; s.occ &^= 1 << 1 },
			[]float64{10 + 0.8*8 + 6*2 + 0.3*1*1, 10 + 0.8*1 + 6*2 + 0.3*1*1, 10 + 6*3 + 0.3*1*1}},
	} {
		s := base(t)
		tt.change(s)
		got := s.Evaluate(nil)
		for p := range tt.want {
			best := math.Inf(-1)
			for q := range tt.want {
				if q != p {
					best = max(best, tt.want[q])
				}
			}
			if want := tt.want[p] - best; math.Abs(got[p]-want) > 1e-9 {
				t.Errorf("%s: seat %d: evaluate %v, want %v", tt.name, p+1, got[p], want)
			}
		}
	}
}
