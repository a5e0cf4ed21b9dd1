package threeio

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

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
