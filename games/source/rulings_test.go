package source

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

func TestS1_CornersAreSources(t *testing.T) {
	s := newState(t, nil)
	want := map[string]Colour{"a9": Red, "i9": Blue, "i1": Yellow, "a1": Green}
	for name, c := range want {
		p := pt(t, name)
		if got := s.colourAt(p); got != c {
			t.Errorf("%s holds %v, want %v", name, got, c)
		}
		if !s.conn[c].has(p) {
			t.Errorf("%s's corner %s is not connected", c, name)
		}
		if corners[c] != p {
			t.Errorf("corners[%v] = %s, want %s", c, pointName(corners[c]), name)
		}
	}
	if n := s.occupied().count(); n != 4 {
		t.Errorf("%d occupied points at set-up, want 4", n)
	}
	// 9x9 points, every one with its own name.
	seen := map[string]bool{}
	for p := 0; p < points; p++ {
		seen[pointName(p)] = true
	}
	if len(seen) != 81 || full.count() != 81 {
		t.Errorf("board has %d named points, %d in the mask; want 81", len(seen), full.count())
	}
	if pointName(centre) != "e5" {
		t.Errorf("centre is %s, want e5", pointName(centre))
	}
}

func TestS2_PlayersControlTwoColours(t *testing.T) {
	want := map[Colour]game.Player{Red: 0, Yellow: 0, Blue: 1, Green: 1}
	for c, p := range want {
		if c.Player() != p {
			t.Errorf("%v belongs to %v, want %v", c, c.Player(), p)
		}
	}
	s := newState(t, nil)
	for i, c := range []Colour{Red, Blue, Yellow} {
		if s.Colour() != c || s.CurrentPlayer() != want[c] {
			t.Fatalf("turn %d: %v (%v) to move, want %v (%v)", i, s.Colour(), s.CurrentPlayer(), c, want[c])
		}
		play(t, s, "end")
	}
	if s.Colour() != Green || s.CurrentPlayer() != 1 {
		t.Errorf("fourth turn: %v (%v) to move, want green (seat 2)", s.Colour(), s.CurrentPlayer())
	}
}

func TestS3_TwentyFiveTokensEach(t *testing.T) {
	s := newState(t, nil)
	for c := Red; c <= Green; c++ {
		if s.Supply(c) != 24 {
			t.Errorf("%v supply %d, want 24 (25 less the corner token)", c, s.Supply(c))
		}
		if s.occ[c].count() != 1 {
			t.Errorf("%v has %d tokens on the board, want 1", c, s.occ[c].count())
		}
	}
	play(t, s, "b9")
	if s.Supply(Red) != 23 || s.Supply(Blue) != 24 {
		t.Errorf("after a red place: supplies red %d blue %d, want 23 24", s.Supply(Red), s.Supply(Blue))
	}
}

func TestS4_TurnOrder(t *testing.T) {
	s := newState(t, nil)
	// Each colour places twice; its turn passes by itself (S14).
	turns := [][2]string{{"b9", "c9"}, {"h9", "g9"}, {"h1", "g1"}, {"b1", "c1"}, {"d9", "e9"}}
	order := []Colour{Red, Blue, Yellow, Green, Red}
	for i, tm := range turns {
		if s.Colour() != order[i] || s.AP() != 2 {
			t.Fatalf("turn %d: %v with %d AP to move, want %v with 2", i, s.Colour(), s.AP(), order[i])
		}
		play(t, s, tm[0])
		if s.Colour() != order[i] || s.AP() != 1 {
			t.Fatalf("turn %d after one action: %v with %d AP, want %v with 1", i, s.Colour(), s.AP(), order[i])
		}
		play(t, s, tm[1])
	}
	if s.Colour() != Blue {
		t.Errorf("after the fifth turn %v is to move, want blue", s.Colour())
	}
}

func TestS5_Connection(t *testing.T) {
	s := position(t, nil, `
		R R Y R . . . . B
		R . . . . . . . .
		. R . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	// d9 is cut off by the partner's yellow token (only own tokens chain),
	// b7 touches the chain only diagonally.
	if got, want := connectedNames(s, Red), sorted("a9", "b9", "a8"); !slices.Equal(got, want) {
		t.Fatalf("red connected %v, want %v", got, want)
	}
	if got, want := connectedNames(s, Yellow), sorted("i1"); !slices.Equal(got, want) {
		t.Errorf("yellow connected %v, want %v (c9 has no yellow chain)", got, want)
	}
	// A place is recomputed at once and joins b7 to the chain.
	play(t, s, "b8")
	if got, want := connectedNames(s, Red), sorted("a9", "b9", "a8", "b8", "b7"); !slices.Equal(got, want) {
		t.Fatalf("after b8: red connected %v, want %v", got, want)
	}
	play(t, s, "end")
	// Blue captures b8 (2 AP): a9-a8 and a9-b9 hold, b7 is cut off again.
	play(t, s, "xb8")
	if got, want := connectedNames(s, Red), sorted("a9", "b9", "a8"); !slices.Equal(got, want) {
		t.Errorf("after xb8: red connected %v, want %v", got, want)
	}
	// A corner token is always connected.
	s = newState(t, nil)
	for c := Red; c <= Green; c++ {
		if got := connectedNames(s, c); len(got) != 1 || got[0] != pointName(corners[c]) {
			t.Errorf("%v connected %v at set-up, want its corner", c, got)
		}
	}
}

func TestS6_CapturedCorner(t *testing.T) {
	s := position(t, nil, `
		. R R R R R R R .
		R . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . B
		G . . . . . . . Y`)
	// Red's source is empty: nothing of red is connected and the only
	// place open to red is its own corner.
	if got := connectedNames(s, Red); len(got) != 0 {
		t.Errorf("red connected %v with an empty corner, want none", got)
	}
	if got, want := legalOf(s, ""), []string{"a9"}; !slices.Equal(got, want) {
		t.Errorf("red places %v, want %v", got, want)
	}
	refuse(t, s, "a7", "only place on a9")
	refuse(t, s, "+b9", "not connected")
	play(t, s, "a9")
	if got, want := connectedNames(s, Red), sorted("a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "a8"); !slices.Equal(got, want) {
		t.Fatalf("after a9: red connected %v, want %v", got, want)
	}
	// Blue's corner i9 is empty too, and next to red's connected h9: red
	// still may never place there.
	if slices.Contains(legalOf(s, ""), "i9") {
		t.Errorf("red may place on blue's corner i9: %v", legalOf(s, ""))
	}
	refuse(t, s, "i9", "i9 is blue's source")
	play(t, s, "end")
	// Blue, whose corner is empty, has its unconnected i2 and may place
	// on i9 only — not on red's, yellow's or green's corner.
	if got, want := legalOf(s, ""), []string{"i9"}; !slices.Equal(got, want) {
		t.Errorf("blue places %v, want %v", got, want)
	}
	if got := connectedNames(s, Blue); len(got) != 0 {
		t.Errorf("blue connected %v, want none", got)
	}
	play(t, s, "i9")
	if got, want := connectedNames(s, Blue), sorted("i9"); !slices.Equal(got, want) {
		t.Errorf("blue connected %v, want %v (i2 is not on the chain)", got, want)
	}
	// Capturing a source disconnects its whole colour.
	s = position(t, nil, `
		R R R . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	s.colour = Blue
	play(t, s, "xa9")
	if got := connectedNames(s, Red); len(got) != 0 {
		t.Errorf("after xa9 red connected %v, want none", got)
	}
	// Green may not place on the empty red corner either.
	s.colour, s.ap = Green, 2
	refuse(t, s, "a9", "a9 is red's source")
}

func TestS7_PlaceNextToConnectedToken(t *testing.T) {
	s := newState(t, nil)
	if got, want := legalOf(s, ""), sorted("b9", "a8"); !slices.Equal(got, want) {
		t.Fatalf("red places %v at set-up, want %v", got, want)
	}
	refuse(t, s, "c9", "not next to a connected red token")
	refuse(t, s, "b8", "not next to a connected red token") // diagonal only
	play(t, s, "b9")
	if s.AP() != 1 {
		t.Errorf("a place left %d AP, want 1", s.AP())
	}
	if got, want := legalOf(s, ""), sorted("c9", "b8", "a8"); !slices.Equal(got, want) {
		t.Errorf("red places %v after b9, want %v", got, want)
	}
	refuse(t, s, "i9", "occupied by blue")
	// Next to an unconnected own token is not enough.
	s = position(t, nil, `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . R . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	refuse(t, s, "f5", "not next to a connected red token")
	if got, want := legalOf(s, ""), sorted("b9", "a8"); !slices.Equal(got, want) {
		t.Errorf("red places %v, want %v", got, want)
	}
	// Next to a connected token of the partner colour is not enough.
	s = position(t, nil, `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . Y
		G . . . . . . . Y`)
	refuse(t, s, "h2", "not next to a connected red token")
	// The token comes from the supply: none, no place. (The game ends as
	// soon as a supply empties, S16, so only a set-up reaches this.)
	s = newState(t, nil)
	s.supply[Red] = 0
	if got := legalOf(s, ""); len(got) != 0 {
		t.Errorf("red with an empty supply may place %v", got)
	}
	refuse(t, s, "b9", "red's supply is empty")
}

func TestS8_Fortify(t *testing.T) {
	s := position(t, nil, `
		R . . . . . . . B
		R . . . . . . . .
		R . . . . . . . .
		R . . . . . . . .
		R R R R R . . . .
		. . . . . . . . .
		. . . . . . R . .
		. . . . . . . . .
		G . . . . . . . Y`)
	if got, want := legalOf(s, "+"), sorted("+a9", "+a8", "+a7", "+a6", "+a5", "+b5", "+c5", "+d5"); !slices.Equal(got, want) {
		t.Errorf("red fortifies %v, want %v (not the centre e5, not the unconnected g3)", got, want)
	}
	refuse(t, s, "+e5", "centre may not be fortified")
	refuse(t, s, "+g3", "not connected")
	refuse(t, s, "+i9", "holds no red token")
	refuse(t, s, "+b9", "holds no red token")
	play(t, s, "+a9")
	if !s.fort[Red].has(pt(t, "a9")) || s.Supply(Red) != 19 || s.AP() != 1 {
		t.Errorf("after +a9: fortified %v, supply %d, AP %d; want true, 19, 1", s.fort[Red].has(pt(t, "a9")), s.Supply(Red), s.AP())
	}
	// At most two tokens on a point.
	refuse(t, s, "+a9", "already fortified")
	// The second token comes from the supply: none, no fortify.
	s.supply[Red] = 0
	if got := legalOf(s, "+"); len(got) != 0 {
		t.Errorf("red with an empty supply may fortify %v", got)
	}
	refuse(t, s, "+a8", "red's supply is empty")
	if s.occ[Red].count() != 10 {
		t.Errorf("fortifying changed the points held: %d", s.occ[Red].count())
	}
}

func TestS9_Unfortify(t *testing.T) {
	drawing := `
		R . . . B* . . . B*
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G* . . . . . . . Y*
		G . . . . . . . Y`
	s := position(t, nil, drawing)
	// Connected fortified opponent points only: not the unconnected e9,
	// not the own yellow i2.
	if got, want := legalOf(s, "-"), sorted("-i9", "-a2"); !slices.Equal(got, want) {
		t.Fatalf("red unfortifies %v, want %v", got, want)
	}
	refuse(t, s, "-e9", "not connected (capture it instead)")
	refuse(t, s, "-i2", "a colour of your own")
	refuse(t, s, "-h9", "empty")
	play(t, s, "-i9")
	i9 := pt(t, "i9")
	if s.fort[Blue].has(i9) || !s.occ[Blue].has(i9) || !s.conn[Blue].has(i9) {
		t.Errorf("after -i9 the point is fortified=%v occupied=%v connected=%v; want false true true", s.fort[Blue].has(i9), s.occ[Blue].has(i9), s.conn[Blue].has(i9))
	}
	if s.Supply(Red) != 19 || s.Supply(Blue) != 20 || s.AP() != 1 {
		t.Errorf("after -i9: red supply %d, blue supply %d, AP %d; want 19, 20, 1", s.Supply(Red), s.Supply(Blue), s.AP())
	}
	refuse(t, s, "-i9", "not fortified")

	// Not allowed with an empty supply. (The game ends as soon as a supply
	// empties, so this is only reachable by setting it up.)
	s = position(t, nil, drawing)
	s.supply[Red] = 0
	if got := legalOf(s, "-"); len(got) != 0 {
		t.Errorf("red with an empty supply may unfortify %v", got)
	}
	refuse(t, s, "-i9", "supply is empty")

	// Paying the last supply token ends the game (S16).
	s = position(t, nil, drawing)
	s.supply[Red] = 1
	play(t, s, "-i9")
	if s.CurrentPlayer() != game.Terminal {
		t.Errorf("unfortify paying red's last token: %v to move, want the end", s.CurrentPlayer())
	}
}

func TestS10_CaptureConnectedCostsTwo(t *testing.T) {
	s := position(t, nil, `
		R . . . . . . B B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G* . . . . . . . .
		G . . . . . . . Y`)
	// Connected unfortified points are capturable with 2 AP; the connected
	// fortified a2 is not.
	if got, want := legalOf(s, "x"), sorted("xi9", "xh9", "xa1"); !slices.Equal(got, want) {
		t.Fatalf("red captures %v with 2 AP, want %v", got, want)
	}
	refuse(t, s, "xa2", "connected and fortified; unfortify it first")
	play(t, s, "xh9")
	if s.occ[Blue].has(pt(t, "h9")) || s.Supply(Blue) != 20 {
		t.Errorf("xh9 left the token or changed blue's supply")
	}
	// Two AP spent: the turn passed by itself.
	if s.Colour() != Blue || s.AP() != 2 {
		t.Errorf("after a 2-AP capture %v with %d AP is to move, want blue with 2", s.Colour(), s.AP())
	}
	// With 1 AP left a connected token is out of reach.
	s = position(t, nil, `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . B . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	play(t, s, "b9")
	if got, want := legalOf(s, "x"), []string{"xe5"}; !slices.Equal(got, want) {
		t.Errorf("red captures %v with 1 AP, want only the unconnected %v", got, want)
	}
	refuse(t, s, "xi9", "costs 2 AP and red has 1")
}

func TestS11_CaptureUnconnectedCostsOne(t *testing.T) {
	s := position(t, nil, `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . G . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	play(t, s, "xe5")
	if s.Colour() != Red || s.AP() != 1 {
		t.Errorf("after capturing an unconnected token %v has %d AP, want red with 1", s.Colour(), s.AP())
	}
	if s.occupied().has(centre) || s.Supply(Green) != 20 {
		t.Errorf("xe5 left the token or returned it to green's supply")
	}
}

func TestS12_CaptureUnconnectedFortified(t *testing.T) {
	s := position(t, nil, `
		R . . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . B* . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	if got := s.seatScores(); got[1] != 2+2+1 {
		t.Fatalf("blue+green score %d, want 5", got[1])
	}
	play(t, s, "xf5")
	f5 := pt(t, "f5")
	if s.occ[Blue].has(f5) || s.fort[Blue].has(f5) {
		t.Errorf("xf5 left a token on f5 (occupied %v, fortified %v); both go", s.occ[Blue].has(f5), s.fort[Blue].has(f5))
	}
	if s.AP() != 1 || s.Supply(Blue) != 20 {
		t.Errorf("after xf5: AP %d, blue supply %d; want 1, 20", s.AP(), s.Supply(Blue))
	}
	if got := s.seatScores(); got[1] != 4 {
		t.Errorf("blue+green score %d after xf5, want 4", got[1])
	}
	refuse(t, s, "xf5", "empty")
}

func TestS13_CaptureTargets(t *testing.T) {
	drawing := `
		R . . . . . . . B
		R . . . . . . . .
		B . . . . . . . .
		. . . . . . . . .
		. . . . G R . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . Y . . Y`
	tests := []struct {
		opt  string
		want []string
	}{
		// Off (the ruling): any opponent point on the board.
		{"off", sorted("xa7", "xe5", "xi9", "xa1")},
		// On: only next to a red token, connected (a8 by a7) or not (f5 by e5).
		{"on", sorted("xa7", "xe5")},
	}
	for _, tc := range tests {
		t.Run(tc.opt, func(t *testing.T) {
			s := position(t, game.Options{OptCaptureAdjacency: tc.opt}, drawing)
			if got := legalOf(s, "x"); !slices.Equal(got, tc.want) {
				t.Errorf("red captures %v, want %v", got, tc.want)
			}
			// A player never captures its own colours.
			refuse(t, s, "xf1", "a colour of your own")
			refuse(t, s, "xa8", "a colour of your own")
			if tc.opt == "on" {
				refuse(t, s, "xi9", "must be next to a red token")
				// Adjacency to the partner's token does not count.
				s.colour = Yellow
				if got := legalOf(s, "x"); len(got) != 0 {
					t.Errorf("yellow captures %v, want none (no yellow token touches an opponent)", got)
				}
			}
		})
	}
}

func TestS14_TurnEnds(t *testing.T) {
	t.Run("end is always offered", func(t *testing.T) {
		s := newState(t, nil)
		if l := legal(s); l[len(l)-1] != "end" {
			t.Fatalf("legal actions %v do not end with end", l)
		}
		play(t, s, "b9")
		if l := legal(s); l[len(l)-1] != "end" {
			t.Fatalf("legal actions with 1 AP %v do not end with end", l)
		}
		play(t, s, "end")
		if s.Colour() != Blue || s.AP() != 2 {
			t.Errorf("after end %v with %d AP, want blue with 2", s.Colour(), s.AP())
		}
	})
	t.Run("spent AP pass the turn", func(t *testing.T) {
		s := newState(t, nil)
		play(t, s, "b9", "c9")
		if s.Colour() != Blue {
			t.Errorf("after two actions %v is to move, want blue", s.Colour())
		}
	})
	t.Run("1 AP and only 2-AP captures left", func(t *testing.T) {
		// Red's a9 is hemmed in by yellow; after fortifying it red has 1 AP
		// and could only capture the connected i9 or a1, which cost 2.
		s := position(t, nil, `
			R Y . . . . . . B
			Y . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`)
		if got, want := legal(s), []string{"+a9", "xi9", "xa1", "end"}; !slices.Equal(got, want) {
			t.Fatalf("red's legal actions %v, want %v", got, want)
		}
		play(t, s, "+a9")
		if s.Colour() != Blue || s.AP() != 2 {
			t.Errorf("after +a9 %v with %d AP to move, want blue with 2 (red's turn ends by itself)", s.Colour(), s.AP())
		}
		if s.endRun != 0 {
			t.Errorf("a turn that took an action counted as end-only (%d)", s.endRun)
		}
	})
	t.Run("1 AP: any 1-AP action keeps the turn", func(t *testing.T) {
		// Red's a9 is hemmed in by yellow; after +a9 red has 1 AP, no place
		// and no fortify. Whether its turn goes on depends on what else
		// costs 1 AP: an unfortify (S9) or a capture of an unconnected
		// point (S11, S12), and with capture-needs-adjacency=on (S13) only
		// a capture next to a red token.
		tests := []struct {
			name    string
			opts    game.Options
			drawing string
			goesOn  bool
			want    []string // red's actions with 1 AP left, if it goes on
		}{
			{"unfortify a connected fortified point", nil, `
				R Y . . . . . . B*
				Y . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				G . . . . . . . Y`, true, []string{"-i9", "end"}},
			{"capture a far unconnected point", nil, `
				R Y . . . . . . B
				Y . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . G* . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				G . . . . . . . Y`, true, []string{"xf5", "end"}},
			{"adjacency on: a far unconnected point is out of reach", game.Options{OptCaptureAdjacency: "on"}, `
				R Y . . . . . . B
				Y . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . G* . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				G . . . . . . . Y`, false, nil},
			{"adjacency on: an unconnected point next to a red token", game.Options{OptCaptureAdjacency: "on"}, `
				R Y . . . . . . B
				Y . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . R G . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				G . . . . . . . Y`, true, []string{"xf5", "end"}},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				s := position(t, tc.opts, tc.drawing)
				play(t, s, "+a9")
				if !tc.goesOn {
					if s.Colour() != Blue || s.AP() != 2 {
						t.Errorf("after +a9 %v with %d AP to move, want blue with 2", s.Colour(), s.AP())
					}
					return
				}
				if s.Colour() != Red || s.AP() != 1 {
					t.Fatalf("after +a9 %v with %d AP to move, want red with 1", s.Colour(), s.AP())
				}
				if got := legal(s); !slices.Equal(got, tc.want) {
					t.Errorf("red's actions with 1 AP %v, want %v", got, tc.want)
				}
			})
		}
	})
	t.Run("2 AP: a 2-AP capture alone keeps the turn", func(t *testing.T) {
		// Red's fortified a9 is hemmed in by yellow: red's only actions
		// are the 2-AP captures of the connected i9 and a1, and its turn
		// is not skipped.
		s := position(t, nil, `
			R* Y . . . . . . B
			Y . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`)
		s.colour = Green
		play(t, s, "end")
		if s.Colour() != Red || s.AP() != 2 {
			t.Fatalf("after green's end %v with %d AP to move, want red with 2", s.Colour(), s.AP())
		}
		if got, want := legal(s), []string{"xi9", "xa1", "end"}; !slices.Equal(got, want) {
			t.Errorf("red's actions %v, want %v", got, want)
		}
	})
	t.Run("a colour with nothing but end is skipped", func(t *testing.T) {
		// Blue and green are each walled in by the partner's tokens, fully
		// fortified, and have no opponent token to capture: red and yellow
		// have nothing on the board (but may place on their own corners).
		s := position(t, nil, `
			. . . . . . . G B*
			. . . . . . . . G
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			B . . . . . . . .
			G* B . . . . . . .`)
		if got, want := legalOf(s, ""), []string{"a9"}; !slices.Equal(got, want) {
			t.Fatalf("red's places %v, want %v", got, want)
		}
		play(t, s, "end")
		// Blue is skipped; yellow is to move and two end-only turns count.
		if s.Colour() != Yellow || s.CurrentPlayer() != 0 || s.endRun != 2 {
			t.Fatalf("after red's end: %v (%v) to move, %d end-only turns; want yellow (seat 1), 2", s.Colour(), s.CurrentPlayer(), s.endRun)
		}
		// Yellow ends too and green is skipped: four in a row end the game.
		play(t, s, "end")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("after four end-only turns %v to move, want the end", s.CurrentPlayer())
		}
	})
}

func TestS15_RemovedTokensNeverReturn(t *testing.T) {
	s := position(t, nil, `
		R R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`)
	play(t, s, "end")
	play(t, s, "xb9") // blue, 2 AP
	if s.Supply(Red) != 20 || s.Supply(Blue) != 20 {
		t.Errorf("after a capture supplies red %d blue %d, want 20 20", s.Supply(Red), s.Supply(Blue))
	}
	total := 0
	for c := Red; c <= Green; c++ {
		total += s.Supply(c) + s.occ[c].count() + s.fort[c].count()
	}
	if total != 4*20+4 {
		t.Errorf("tokens in supplies and on the board: %d, want %d", total, 4*20+4)
	}
	// No ko: red may at once take the point back.
	play(t, s, "end", "end") // yellow, green
	play(t, s, "b9")
	if !s.occ[Red].has(pt(t, "b9")) {
		t.Errorf("red could not place again on b9")
	}
}

func TestS16_GameEnd(t *testing.T) {
	t.Run("place empties the supply", func(t *testing.T) {
		s := newState(t, nil)
		s.supply[Red] = 1
		play(t, s, "b9")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("%v to move after red's last token, want the end (with AP left)", s.CurrentPlayer())
		}
	})
	t.Run("fortify empties the supply", func(t *testing.T) {
		s := newState(t, nil)
		play(t, s, "end")
		s.supply[Blue] = 1
		play(t, s, "+i9")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("%v to move after blue's last token, want the end", s.CurrentPlayer())
		}
	})
	t.Run("the token paid for an unfortify empties the supply", func(t *testing.T) {
		s := newState(t, nil)
		s.fort[Blue] = s.fort[Blue].with(pt(t, "i9"))
		s.supply[Red] = 1
		play(t, s, "-i9")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("%v to move after red paid its last token, want the end (with AP left)", s.CurrentPlayer())
		}
	})
	t.Run("captures never end it", func(t *testing.T) {
		s := newState(t, nil)
		s.supply[Blue] = 1
		play(t, s, "xi9")
		if s.CurrentPlayer() == game.Terminal {
			t.Errorf("the game ended after a capture")
		}
	})
	t.Run("four end-only turns", func(t *testing.T) {
		s := newState(t, nil)
		for i := 0; i < 3; i++ {
			play(t, s, "end")
			if s.CurrentPlayer() == game.Terminal || s.endRun != int8(i+1) {
				t.Fatalf("after %d ends: %v to move, count %d", i+1, s.CurrentPlayer(), s.endRun)
			}
		}
		play(t, s, "end")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("%v to move after four end-only turns, want the end", s.CurrentPlayer())
		}
	})
	t.Run("any other action resets the count", func(t *testing.T) {
		s := newState(t, nil)
		play(t, s, "end", "end", "end") // red, blue, yellow
		play(t, s, "a2")                // green acts, then ends
		if s.endRun != 0 {
			t.Fatalf("count %d after an action, want 0", s.endRun)
		}
		play(t, s, "end")
		play(t, s, "end", "end", "end") // red, blue, yellow
		if s.CurrentPlayer() == game.Terminal {
			t.Fatalf("the game ended though green's last turn took an action")
		}
		play(t, s, "end")
		if s.CurrentPlayer() != game.Terminal {
			t.Errorf("%v to move after four end-only turns, want the end", s.CurrentPlayer())
		}
	})
}

func TestS17_Scoring(t *testing.T) {
	tests := []struct {
		name    string
		drawing string
		want    [4]int // red, blue, yellow, green
	}{
		{"set-up: each corner 2", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2, 2, 2, 2}},
		{"connected 2, unconnected 1, fortification nothing", `
			R* R . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . R* . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2 + 2 + 1, 2, 2, 2}},
		{"connected centre 10", `
			R . . . . . . . B
			R . . . . . . . .
			R . . . . . . . .
			R . . . . . . . .
			R R R R R . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{8*2 + 10, 2, 2, 2}},
		{"unconnected centre 1", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . B . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2, 2 + 1, 2, 2}},
		{"surrounded edge point 3", `
			R . R . . . . . B
			R R R . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{5*2 + 3, 2, 2, 2}},
		{"surrounded empty corner 3", `
			. R . . . . . . B
			R . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{1 + 1 + 3, 2, 2, 2}},
		{"surrounded inner point 3", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . G . . . .
			. . . G . G . . .
			. . . . G . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2, 2, 2, 2 + 4 + 3}},
		{"partner colours do not share a point", `
			R . Y . . . . . B
			R R Y . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{3 * 2, 2, 2 + 2, 2}},
		{"a captured corner surrounded by another colour scores for it", `
			. B . . . . . . B
			B . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{0, 2 + 1 + 1 + 3, 2, 2}},
		{"a larger region scores nothing in single", `
			R . . R . . . . B
			. . . R . . . . .
			R R R . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2 + 5*1, 2, 2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, nil, tc.drawing)
			if got := s.colourScores(); got != tc.want {
				t.Errorf("colour scores %v, want %v\n%s", got, tc.want, s.Render(game.Spectator))
			}
			seats := s.Scores(nil)
			if seats[0] != float64(tc.want[Red]+tc.want[Yellow]) || seats[1] != float64(tc.want[Blue]+tc.want[Green]) {
				t.Errorf("seat scores %v, want [%d %d]", seats, tc.want[Red]+tc.want[Yellow], tc.want[Blue]+tc.want[Green])
			}
		})
	}
}

func TestS17_TerritoryRegions(t *testing.T) {
	opts := game.Options{OptTerritory: TerritoryRegions}
	tests := []struct {
		name    string
		drawing string
		single  [4]int
		regions [4]int
	}{
		{"region of 5 walled by red", `
			R . . R . . . . B
			. . . R . . . . .
			R R R . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2 + 5, 2, 2, 2}, [4]int{2 + 5 + 5*3, 2, 2, 2}},
		{"region bordered by red and yellow", `
			R . . Y . . . . B
			. . . R . . . . .
			R R R . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{2 + 4, 2, 2 + 1, 2}, [4]int{2 + 4, 2, 2 + 1, 2}},
		{"single points count as regions too", `
			R . R . . . . . B
			R R R . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, [4]int{13, 2, 2, 2}, [4]int{13, 2, 2, 2}},
		{"an empty board scores nothing", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, [4]int{}, [4]int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := position(t, nil, tc.drawing).colourScores(); got != tc.single {
				t.Errorf("single: colour scores %v, want %v", got, tc.single)
			}
			if got := position(t, opts, tc.drawing).colourScores(); got != tc.regions {
				t.Errorf("regions: colour scores %v, want %v", got, tc.regions)
			}
		})
	}
}

func TestS18_Result(t *testing.T) {
	tests := []struct {
		name    string
		drawing string
		want    []float64
	}{
		{"higher score wins", `
			R R . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, []float64{1, 0}},
		{"tie: the unconnected centre token wins it", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . B . . . .
			. . . . . . . . .
			. . R . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, []float64{0, 1}},
		{"tie: the centre for seat 1", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . Y . . . .
			. . . . . . . . .
			. . G . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, []float64{1, 0}},
		{"tie without the centre: draw", `
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, []float64{0.5, 0.5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, nil, tc.drawing)
			if got := s.Returns(nil); !reflect.DeepEqual(got, []float64{0, 0}) {
				t.Errorf("returns before the end %v, want zeros", got)
			}
			s.over = true
			if got := s.Returns(nil); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("returns %v (scores %v), want %v", got, s.Scores(nil), tc.want)
			}
		})
	}
	// Played out: four ends at once leave the set-up, a 4-4 draw.
	s := newState(t, nil)
	play(t, s, "end", "end", "end", "end")
	if got := s.Returns(nil); !reflect.DeepEqual(got, []float64{0.5, 0.5}) {
		t.Errorf("returns %v after four ends, want a draw", got)
	}
}

// TestS6_OutcomeCountsRaids checks the lab's counts of corner captures
// (S6): who raided, whose sources are empty at the end, and whether the
// lost sources decided the game (the result with every empty corner given
// back its token).
func TestS6_OutcomeCountsRaids(t *testing.T) {
	for _, c := range []struct {
		name    string
		drawing string
		decided int
	}{
		{"the raid decides", `
			R R R . . . . . B
			. . . . . . . . B
			. . . . . . . . B
			. . . . . . . . B
			. . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, 1},
		{"player 1 wins anyway", `
			R R R . . . . . B
			R . . . . . . . B
			R . . . . . . . B
			R . . . . . . . B
			R . . . . . . . B
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			G . . . . . . . Y`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := position(t, nil, c.drawing)
			s.supply[Yellow] = 1
			// Red takes blue's source (2 AP), blue passes, and yellow's
			// last token ends the game (S16) with i9 still empty.
			play(t, s, "xi9", "end", "h1")
			if s.CurrentPlayer() != game.Terminal {
				t.Fatalf("the game goes on")
			}
			if r := s.Returns(nil); r[0] != 1 {
				t.Fatalf("returns %v, want player 1 to win", r)
			}
			got := map[string]int{}
			o := s.Outcome(nil)
			for _, n := range o.Counts {
				got[n.Name] = n.N
			}
			want := map[string]int{"supply-red": 0, "supply-blue": 0, "supply-yellow": 1, "supply-green": 0,
				"raids-p1": 1, "raids-p2": 0, "sources-lost-p1": 0, "sources-lost-p2": 1, "decided-by-sources": c.decided}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("outcome counts %v, want %v", got, want)
			}
			if o.Reason != "supply" {
				t.Errorf("reason %q, want supply", o.Reason)
			}
		})
	}
}

// Seed rule 5: "each color has a discrete turn, so each player gets 2
// turns per round": Round (game.Rounder, which the lab's trace reads)
// counts the rounds begun before the current one, a new one each time
// the turn comes round to red, whether red plays or passes (S14).
func TestSeed5_RoundIsATurnOfEachColour(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	var buf []game.Action
	for g := 0; g < 100; g++ {
		s := newState(t, nil)
		var rs game.Rounder = s
		if rs.Round() != 0 {
			t.Fatalf("game %d starts in round %d", g, rs.Round())
		}
		round := 0
		for s.CurrentPlayer() != game.Terminal {
			before := s.colour
			buf = s.LegalActions(buf)
			if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
			// The colours the turn went round to, passed ones included.
			for c := before; c != s.colour && !s.over; {
				c = (c + 1) & 3
				if c == Red {
					round++
				}
			}
			if !s.over && s.Round() != round {
				t.Fatalf("game %d: round %d after %v's action, want %d", g, s.Round(), before, round)
			}
		}
	}
}

// TestOurRuling10_UndoWithinAColourTurn: our ruling 10, the engine's undo rule
// (issue 38) in Source. A seat may take back the actions of the colour
// turn under way, back to its start: with 2 AP, its first action. The
// action that ends the turn stands (end, the last AP, an action that
// leaves nothing but end, S14), and so does the one that ends the game
// (S16). A new colour turn is a new turn even when the same seat moves
// again, its partner's opponent skipped.
func TestOurRuling10_UndoWithinAColourTurn(t *testing.T) {
	hemmed := `
		R Y . . . . . . B
		Y . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`
	walled := `
		. . . . . . . G B*
		. . . . . . . . G
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		B . . . . . . . .
		G* B . . . . . . .`
	for _, tc := range []struct {
		name    string
		drawing string // "": the start
		supply  int    // red's supply, 0: as drawn
		moves   []string
		want    []int  // after each move, how many the seat to move may take back
		then    Colour // the colour to move after the moves
	}{
		{"the first action, then the second ends the turn", "", 0, []string{"b9", "b8"}, []int{1, 0}, Blue},
		{"a fortify, then a place", "", 0, []string{"+a9", "b9"}, []int{1, 0}, Blue},
		{"end stands", "", 0, []string{"b9", "end"}, []int{1, 0}, Blue},
		{"end as the turn's first choice", "", 0, []string{"end"}, []int{0}, Blue},
		{"the next colour's turn starts afresh", "", 0, []string{"b9", "b8", "+i9", "end", "h1"}, []int{1, 0, 1, 0, 1}, Yellow},
		{"a 2-AP capture ends the turn", "", 0, []string{"b9", "b8", "+i9", "end", "h1", "h2", "xb8"}, []int{1, 0, 1, 0, 1, 0, 0}, Red},
		{"1 AP left with only 2-AP captures (S14)", hemmed, 0, []string{"+a9"}, []int{0}, Blue},
		{"the action that empties the supply ends the game (S16)", "", 1, []string{"b9"}, []int{0}, Red},
		{"seat 1 again after a skipped blue: yellow's turn, not red's", walled, 0, []string{"end"}, []int{0}, Yellow},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(t, nil)
			if tc.drawing != "" {
				s = position(t, nil, tc.drawing)
			}
			if tc.supply > 0 {
				s.supply[Red] = int8(tc.supply)
			}
			if got := gametest.UndoDepths(t, s, tc.moves...); !slices.Equal(got, tc.want) {
				t.Errorf("undo depths %v, want %v", got, tc.want)
			}
			if s.Colour() != tc.then {
				t.Errorf("%v to move after the moves, want %v", s.Colour(), tc.then)
			}
		})
	}
}

// TestOurRuling11_EndRoundPlaysTheRoundOut: our ruling 11, the option
// end=round. The action that empties a supply no longer ends the game
// (S16): the round is played out, the emptying colour's own turn too,
// and the game ends when green's turn of that round does, so that every
// colour has had as many turns. With end=supply, the ruling, the same
// action ends the game at once.
func TestOurRuling11_EndRoundPlaysTheRoundOut(t *testing.T) {
	t.Run("red empties: blue, yellow and green still play", func(t *testing.T) {
		at := newState(t, nil)
		at.supply[Red] = 1
		play(t, at, "b9")
		if at.CurrentPlayer() != game.Terminal {
			t.Fatalf("end=supply: %v to move after red's last token, want the end", at.CurrentPlayer())
		}

		s := newState(t, game.Options{OptEnd: EndRound})
		s.occ[Blue] = s.occ[Blue].with(centre) // unconnected: a 1-AP capture
		s.supply[Red] = 1
		play(t, s, "b9")
		if s.CurrentPlayer() != 0 || s.colour != Red || s.ap != 1 || !s.LastRound() {
			t.Fatalf("after red's last token: %v (%v, %d AP, last round %v) to move, want red with 1 AP in the last round",
				s.CurrentPlayer(), s.colour, s.ap, s.LastRound())
		}
		// With its supply empty red may capture or end, nothing else.
		for _, a := range s.LegalActions(nil) {
			if k, _ := decode(a); k != kindCapture && k != kindEnd {
				t.Errorf("red with an empty supply may %s", s.ActionString(a))
			}
		}
		round := s.Round()
		play(t, s, "end", "i8", "h9", "h1") // red ends, blue places twice, yellow once...
		if s.colour != Yellow || s.CurrentPlayer() == game.Terminal {
			t.Fatalf("%v to move, want yellow's second AP", s.colour)
		}
		play(t, s, "h2", "a2") // ...and twice; green places once
		if s.colour != Green || s.CurrentPlayer() != 1 {
			t.Fatalf("%v to move, want green's second AP", s.colour)
		}
		if o := s.Observation(game.Spectator).(Observation); !o.LastRound {
			t.Errorf("the observation does not say it is the last round")
		}
		if !strings.Contains(s.Render(game.Spectator), "last round") {
			t.Errorf("the drawing does not say it is the last round:\n%s", s.Render(game.Spectator))
		}
		play(t, s, "a3") // green's last AP ends the round and the game
		if s.CurrentPlayer() != game.Terminal {
			t.Fatalf("%v to move after green's turn of the last round, want the end", s.CurrentPlayer())
		}
		if s.Round() != round {
			t.Errorf("the game ended in round %d, the supply emptied in round %d", s.Round(), round)
		}
		if o := s.Outcome(nil); o.Reason != "supply" || !strings.Contains(o.Words, "round") {
			t.Errorf("outcome %q (%s), want supply, the round played out", o.Reason, o.Words)
		}
		// Seat 1: red a9 b9, yellow i1 h1 h2; seat 2: blue i9 i8 h9 and
		// e5 unconnected, green a1 a2 a3.
		if got := s.Scores(nil); !reflect.DeepEqual(got, []float64{10, 13}) {
			t.Errorf("scores %v, want [10 13]", got)
		}
	})
	t.Run("green empties: its turn ends the game", func(t *testing.T) {
		s := newState(t, game.Options{OptEnd: EndRound})
		s.occ[Red] = s.occ[Red].with(centre) // unconnected: a 1-AP capture
		play(t, s, "end", "end", "end")
		s.supply[Green] = 1
		play(t, s, "a2") // green's last token, 1 AP left
		if s.CurrentPlayer() != 1 || s.colour != Green || s.ap != 1 {
			t.Fatalf("%v to move after green's last token, want green with its AP left", s.colour)
		}
		play(t, s, "xe5")
		if s.CurrentPlayer() != game.Terminal {
			t.Fatalf("%v to move after green's turn, want the end", s.CurrentPlayer())
		}
		// Without the unconnected red token green's turn, and the game,
		// end with its last token (S14: nothing but end is left).
		q := newState(t, game.Options{OptEnd: EndRound})
		play(t, q, "end", "end", "end")
		q.supply[Green] = 1
		play(t, q, "a2")
		if q.CurrentPlayer() != game.Terminal {
			t.Fatalf("%v to move after green's last token with nothing else to do, want the end", q.CurrentPlayer())
		}
	})
	t.Run("other supplies may empty in the last round", func(t *testing.T) {
		s := newState(t, game.Options{OptEnd: EndRound})
		s.supply[Red], s.supply[Blue] = 1, 1
		play(t, s, "b9", "i8") // with 1 AP left and nothing to capture, each turn passes by itself
		if s.CurrentPlayer() == game.Terminal || s.colour != Yellow {
			t.Fatalf("%v to move after blue's last token, want yellow", s.colour)
		}
		play(t, s, "end", "end")
		if s.CurrentPlayer() != game.Terminal {
			t.Fatalf("%v to move after green's turn, want the end", s.CurrentPlayer())
		}
	})
	t.Run("the safety rule still ends the game", func(t *testing.T) {
		s := newState(t, game.Options{OptEnd: EndRound})
		play(t, s, "end", "end", "end", "end")
		if o := s.Outcome(nil); s.CurrentPlayer() != game.Terminal || o.Reason != "idle" {
			t.Errorf("after four end-only turns: %v to move, reason %q", s.CurrentPlayer(), o.Reason)
		}
	})
	t.Run("random games", func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 11))
		maxLen := Game.MaxLength(newState(t, game.Options{OptEnd: EndRound}).Config())
		var buf []game.Action
		for g := 0; g < 200; g++ {
			s := newState(t, game.Options{OptEnd: EndRound})
			emptied, n := -1, 0
			for s.CurrentPlayer() != game.Terminal {
				buf = s.LegalActions(buf)
				if err := s.Apply(buf[r.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				n++
				if emptied < 0 && s.lastRound {
					emptied = s.Round()
				}
			}
			if n > maxLen {
				t.Fatalf("game %d: %d actions, MaxLength %d", g, n, maxLen)
			}
			if emptied < 0 {
				if s.endRun < endRunLimit {
					t.Fatalf("game %d ended with no supply empty and no safety rule", g)
				}
				continue
			}
			if s.endRun < endRunLimit && (s.Round() != emptied || s.colour != Green) {
				t.Fatalf("game %d: a supply emptied in round %d; the game ended in round %d on %v's turn, want green's turn of that round",
					g, emptied, s.Round(), s.colour)
			}
		}
	})
}

// TestOurRuling12_Compensation: our ruling 12, the option compensation.
// Its points are added to seat 2's score, in the scores shown throughout
// and in the result at the end; a tie after them goes to the centre
// (S18), else it is a draw.
func TestOurRuling12_Compensation(t *testing.T) {
	// Seat 1 scores 6 (red a9 b9, yellow i1), seat 2 4 (blue i9, green a1).
	const gap = `
		R R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`
	// Seat 1 6 again, seat 2 5 with blue's unconnected token on the
	// centre (1).
	const centre = `
		R R . . . . . . B
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . B . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		G . . . . . . . Y`
	tests := []struct {
		name, drawing, compensation string
		scores, want                []float64
	}{
		{"none: seat 1 leads by 2", gap, "0", []float64{6, 4}, []float64{1, 0}},
		{"1 point: seat 1 still wins", gap, "1", []float64{6, 5}, []float64{1, 0}},
		{"2 points: level, nobody on the centre, a draw", gap, "2", []float64{6, 6}, []float64{0.5, 0.5}},
		{"3 points: seat 2 wins", gap, "3", []float64{6, 7}, []float64{0, 1}},
		{"negative: seat 1's lead grows", gap, "-3", []float64{6, 1}, []float64{1, 0}},
		{"level after it: the centre token wins it (S18)", centre, "1", []float64{6, 6}, []float64{0, 1}},
		{"the centre token does not outweigh a point", centre, "0", []float64{6, 5}, []float64{1, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, game.Options{OptCompensation: tc.compensation}, tc.drawing)
			if got := s.Scores(nil); !reflect.DeepEqual(got, tc.scores) {
				t.Errorf("scores %v, want %v", got, tc.scores)
			}
			s.over = true
			if got := s.Returns(nil); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("returns %v (scores %v), want %v", got, s.Scores(nil), tc.want)
			}
			o := s.Observation(game.Spectator).(Observation)
			if o.Scores != [2]int{int(tc.scores[0]), int(tc.scores[1])} || o.Compensation != s.Compensation() {
				t.Errorf("observation scores %v compensation %d", o.Scores, o.Compensation)
			}
		})
	}
	// The bots' evaluation counts it too, a point for a point.
	plain := position(t, nil, gap).Evaluate(nil)
	komi := position(t, game.Options{OptCompensation: "5"}, gap).Evaluate(nil)
	if plain[0]-komi[0] != 5 || komi[1]-plain[1] != 5 {
		t.Errorf("evaluation %v without compensation, %v with 5", plain, komi)
	}
	if r := position(t, game.Options{OptCompensation: "5"}, gap).Render(game.Spectator); !strings.Contains(r, "+5 compensation") {
		t.Errorf("the drawing does not show the compensation:\n%s", r)
	}
	if r := position(t, nil, gap).Render(game.Spectator); strings.Contains(r, "compensation") {
		t.Errorf("the drawing shows a compensation of 0:\n%s", r)
	}
}

// TestOurRulings11And12_OptionsChecked: the options of our rulings 11 and
// 12 refuse values they do not know, naming the option and the value.
func TestOurRulings11And12_OptionsChecked(t *testing.T) {
	for _, bad := range []game.Options{
		{OptCompensation: "abc"},
		{OptCompensation: "2.5"},
		{OptCompensation: "1001"},
		{OptCompensation: "-1001"},
		{OptEnd: "never"},
	} {
		for k, v := range bad {
			_, err := game.NewState(Game, 2, bad)
			if err == nil {
				t.Errorf("%s=%s accepted", k, v)
				continue
			}
			if !strings.Contains(err.Error(), k) || !strings.Contains(err.Error(), v) {
				t.Errorf("%s=%s: error %q does not name the option and the value", k, v, err)
			}
			if _, err := Game.New(game.Config{Players: 2, Options: bad}); err == nil {
				t.Errorf("New accepted %s=%s", k, v)
			}
		}
	}
	for _, good := range []game.Options{
		{OptCompensation: "-1000"}, {OptCompensation: "1000"}, {OptCompensation: "+3"}, {OptEnd: EndSupply}, {OptEnd: EndRound},
	} {
		if _, err := game.NewState(Game, 2, good); err != nil {
			t.Errorf("%v refused: %v", good, err)
		}
	}
}
