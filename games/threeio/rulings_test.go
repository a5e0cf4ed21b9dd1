package threeio

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

func TestT1_BoardSixBySixAndThreeCrew(t *testing.T) {
	for _, n := range []int{1, 5} {
		if _, err := game.NewState(Game, n, nil); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	for n := 2; n <= 4; n++ {
		s := pic(t, n, nil, emptyBoard)
		obs := s.Observation(game.Spectator).(Observation)
		if len(obs.Sectors) != 36 || obs.Sectors[0].Sector != "a1" || obs.Sectors[35].Sector != "f6" {
			t.Fatalf("sectors: %d, first %s, last %s", len(obs.Sectors), obs.Sectors[0].Sector, obs.Sectors[35].Sector)
		}
		for _, pv := range obs.Players {
			if pv.Crew != 3 {
				t.Errorf("%d players: seat %d has %d crew in hand, want 3", n, pv.Seat, pv.Crew)
			}
		}
	}
	// With its three crew on the board a player has no crew plays left.
	s := pic(t, 2, nil, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		Ro@1 . Pl@1 . Pr@1 .`)
	do(t, s, "expand", "Rock")
	for _, m := range legal(s) {
		if strings.HasSuffix(m, "crew") {
			t.Fatalf("crew play %q offered with no crew in hand", m)
		}
	}
	refuse(t, s, "play Rock f6 crew", "seat 1 has no crew in hand")
	do(t, s, "play Rock f6")
	conserved(t, s)
}

func TestT2_FusionOrder(t *testing.T) {
	want := []string{"Dust", "Rock", "Planet", "Sun", "Galaxy", "Probe", "Colony", "Station", "Sphere", "Singularity"}
	for i, n := range want {
		if Tile(i).String() != n {
			t.Fatalf("tile %d is %s, want %s", i, Tile(i), n)
		}
		if Tile(i).Civilization() != (i >= 5) || Tile(i).Top() != (i == 4 || i == 9) {
			t.Fatalf("%s: wrong chain or top", n)
		}
	}
	// Three light tiles of each type but the last of a chain fuse into a
	// dark tile of the next type.
	all8 := map[Tile]int{}
	for i := range NumTiles {
		all8[Tile(i)] = 8
	}
	path := only(t, all8)
	for i := range NumTiles {
		tt := Tile(i)
		if tt.Top() {
			continue
		}
		t.Run(tt.String(), func(t *testing.T) {
			c := tileCodes[tt]
			s := pic(t, 2, game.Options{OptTiles: path}, fmt.Sprintf(`
				. . . . . .
				. . . . . .
				. . . . . .
				. . %[1]s . . .
				. . %[1]s . . .
				%[1]s* %[1]s* . . . .`, c))
			hold(t, s, 1, tt)
			do(t, s, "expand", "Dust", "play "+tt.String()+" c1")
			wantBoard(t, s, fmt.Sprintf(`
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				. . %s . . .`, tileCodes[tt+1]))
			conserved(t, s)
		})
	}
}

func TestT3_BoxMix(t *testing.T) {
	tb := DefaultTiles()
	want := [NumTiles]int{50, 12, 8, 5, 5, 25, 10, 5, 5, 5}
	if tb.Count != want {
		t.Fatalf("default box %v, want %v", tb.Count, want)
	}
	sum := 0
	for _, c := range tb.Count {
		sum += c
	}
	if sum != 130 {
		t.Fatalf("box of %d tiles, want 130", sum)
	}
	for n := 2; n <= 4; n++ {
		s := pic(t, n, nil, emptyBoard)
		do(t, s, "expand")
		outs := s.ChanceOutcomes(nil)
		if len(outs) != NumTiles {
			t.Fatalf("%d outcomes", len(outs))
		}
		remaining := float64(130 - n)
		for _, o := range outs {
			c := float64(want[o.Action])
			if o.Action == game.Action(Dust) {
				c -= float64(n) // T6: each player holds a Dust
			}
			if math.Abs(o.P-c/remaining) > 1e-12 {
				t.Errorf("%d players: P(%s) = %v, want %v/%v", n, Tile(o.Action), o.P, c, remaining)
			}
		}
	}
}

// TestT3_EveryFusionStepCanHappen: three dark tiles of a type fuse only if
// the type has three tiles; three light ones only if five of the type are
// out of the box at once (two light ones, and the played tile with the two
// dark ones that make it the third light one, T10), and a step to the next
// type needs one of it in the box. The default mix (issue 12,
// docs/lab/3io-mix/README.md) has at least five of every type, so every
// step of both chains, T13 included, is played here from the default box;
// the classic mix (testdata/tiles/t3-classic.json, the default before) had
// two Singularities and fewer than five Suns, Galaxies, Stations and
// Spheres, which ruled six steps out.
func TestT3_EveryFusionStepCanHappen(t *testing.T) {
	for _, tc := range []struct {
		name, tiles string
		impossible  []string
	}{
		{"default", "", nil},
		{"t3-classic", "testdata/tiles/t3-classic.json", []string{"sun-to-galaxy", "t13-galaxy", "station-to-sphere", "sphere-to-singularity", "singularity-light", "t13-singularity"}},
	} {
		tb, err := LoadTiles(tc.tiles)
		if err != nil {
			t.Fatal(err)
		}
		var opts game.Options
		if tc.tiles != "" {
			opts = game.Options{OptTiles: tc.tiles}
		}
		var impossible []string
		for tt := range Tile(NumTiles) {
			light := fusionNames[tt][0]
			if tb.Count[tt] < 3 {
				impossible = append(impossible, light)
			} else {
				t.Run(tc.name+"/"+light, func(t *testing.T) {
					// Two dark tiles on a1 b1, the third played on c1.
					c := tileCodes[tt]
					s := pic(t, 2, opts, fmt.Sprintf(`
						. . . . . .
						. . . . . .
						. . . . . .
						. . . . . .
						. . . . . .
						%[1]s %[1]s . . . .`, c))
					hold(t, s, 1, tt)
					do(t, s, "expand", "Dust", "play "+tt.String()+" c1")
					if s.fusions[tt][0] != 1 {
						t.Fatalf("fusions of %s: %v, want one to light", tt, s.fusions[tt])
					}
					wantBoard(t, s, `
						. . . . . .
						. . . . . .
						. . . . . .
						. . . . . .
						. . . . . .
						. . `+c+`* . . .`)
					conserved(t, s)
				})
			}
			step := fusionNames[tt][1]
			if tb.Count[tt] < 5 || !tt.Top() && tb.Count[tt+1] == 0 {
				impossible = append(impossible, step)
				continue
			}
			t.Run(tc.name+"/"+step, func(t *testing.T) {
				// Two light tiles on a1 b1, two dark ones on c2 c3, the
				// fifth played on c1: dark c1 c2 c3 make c1 light, which
				// with a1 b1 makes the step.
				c := tileCodes[tt]
				s := pic(t, 2, opts, fmt.Sprintf(`
					. . . . . .
					. . . . . .
					. . . . . .
					. . %[1]s . . .
					. . %[1]s . . .
					%[1]s* %[1]s* . . . .`, c))
				hold(t, s, 1, tt)
				do(t, s, "expand", "Dust", "play "+tt.String()+" c1")
				if s.fusions[tt][0] != 1 || s.fusions[tt][1] != 1 {
					t.Fatalf("fusions of %s: %v, want one to light and one %s", tt, s.fusions[tt], step)
				}
				want := ". . . . . ."
				if !tt.Top() {
					want = ". . " + tileCodes[tt+1] + " . . ."
				}
				wantBoard(t, s, `
					. . . . . .
					. . . . . .
					. . . . . .
					. . . . . .
					. . . . . .
					`+want)
				conserved(t, s)
			})
		}
		if !slices.Equal(impossible, tc.impossible) {
			t.Errorf("%s: steps ruled out by the mix %v, want %v", tc.name, impossible, tc.impossible)
		}
	}
}

func TestT4_PointsDarkAndLight(t *testing.T) {
	want := [NumTiles][2]int{{1, 2}, {3, 5}, {8, 12}, {20, 30}, {50, 75}, {1, 2}, {2, 4}, {4, 6}, {6, 9}, {10, 15}}
	if got := DefaultTiles().Points; got != want {
		t.Fatalf("points %v, want %v", got, want)
	}
	for i := range NumTiles {
		for sd, name := range []string{"dark", "light"} {
			t.Run(Tile(i).String()+"/"+name, func(t *testing.T) {
				tok := tileCodes[i]
				if sd == 1 {
					tok += "*"
				}
				s := pic(t, 2, nil, strings.Replace(emptyBoard, ".", tok+"@1", 1))
				do(t, s, "score a6")
				if s.score[0] != int64(want[i][sd]) {
					t.Fatalf("scored %d, want %d", s.score[0], want[i][sd])
				}
			})
		}
	}
}

func TestT5_MultipliersOfCivilizationTiles(t *testing.T) {
	want := [NumTiles]int{0, 0, 0, 0, 0, 1, 2, 3, 4, 5}
	if got := DefaultTiles().Multiplier; got != want {
		t.Fatalf("multipliers %v, want %v", got, want)
	}
	for i := range NumTiles {
		t.Run(Tile(i).String(), func(t *testing.T) {
			// A light Dust (2 points) beside the tile; the diagonal
			// Station does not count.
			s := pic(t, 2, nil, fmt.Sprintf(`
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				. St . . . .
				Du*@1 %s . . . .`, tileCodes[i]))
			do(t, s, "score a1")
			m := max(want[i], 1)
			if s.score[0] != int64(2*m) {
				t.Fatalf("scored %d beside %s, want %d", s.score[0], Tile(i), 2*m)
			}
		})
	}
}

func TestT6_EachPlayerDealtOneDustFaceUp(t *testing.T) {
	for n := 2; n <= 4; n++ {
		st, err := game.NewState(Game, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		// The deal is part of the initial state, not a chance event: seat
		// 1 is to move at once.
		if s.CurrentPlayer() != 0 {
			t.Fatalf("first to move: %v", s.CurrentPlayer())
		}
		if int(s.box[Dust]) != 50-n || int(s.boxTotal) != 130-n {
			t.Fatalf("%d players: box Dust %d, total %d", n, s.box[Dust], s.boxTotal)
		}
		spect, _ := json.Marshal(s.Observation(game.Spectator))
		for p := range n {
			got, _ := json.Marshal(s.Observation(game.Player(p)))
			if string(got) != string(spect) {
				t.Fatalf("seat %d sees something else than a spectator", p+1)
			}
		}
		for _, pv := range s.Observation(game.Spectator).(Observation).Players {
			if !slices.Equal(pv.Held, []string{"Dust"}) {
				t.Fatalf("seat %d holds %v, want a Dust", pv.Seat, pv.Held)
			}
		}
		conserved(t, s)
	}
	if Game.Info().HiddenInformation {
		t.Fatal("holdings are public (T6): no hidden information")
	}
}

func TestT7_ExpandDrawPlayOneKeepOther(t *testing.T) {
	t.Run("play the drawn tile, keep the held one", func(t *testing.T) {
		s := pic(t, 2, nil, emptyBoard)
		do(t, s, "expand", "Rock", "play Rock c3 crew")
		if s.held[0] != [2]int8{int8(Dust), -1} || s.crew[0] != 2 {
			t.Fatalf("seat 1 holds %v with %d crew", s.held[0], s.crew[0])
		}
		if s.CurrentPlayer() != 1 {
			t.Fatalf("to move: %v", s.CurrentPlayer())
		}
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Ro@1 . . .
			. . . . . .
			. . . . . .`)
		conserved(t, s)
	})
	t.Run("play the held tile, keep the drawn one, no crew", func(t *testing.T) {
		s := pic(t, 2, nil, emptyBoard)
		do(t, s, "expand", "Planet", "play Dust a1")
		if s.held[0] != [2]int8{int8(Planet), -1} || s.crew[0] != 3 {
			t.Fatalf("seat 1 holds %v with %d crew", s.held[0], s.crew[0])
		}
	})
	t.Run("holding nothing, expand draws and must play; empty box plays the held tile", func(t *testing.T) {
		s := pic(t, 2, game.Options{OptTiles: only(t, map[Tile]int{Dust: 4})}, emptyBoard)
		do(t, s, "expand", "Dust", "play Dust a1", "expand", "Dust", "play Dust b1")
		// The box is empty: seat 1 plays its Dust without a draw.
		if got := legal(s); slices.Contains(got, "expand") || len(got) != 34*2 {
			t.Fatalf("empty box: %d actions %v", len(got), got[:3])
		}
		do(t, s, "play Dust c1") // fuses a1 b1 c1: two Dust back to the box
		if s.held[0] != [2]int8{-1, -1} || s.boxTotal != 2 {
			t.Fatalf("seat 1 holds %v, box %d", s.held[0], s.boxTotal)
		}
		do(t, s, "expand", "Dust", "play Dust f6")
		if got := legal(s); !slices.Equal(got, []string{"expand"}) {
			t.Fatalf("seat 1 holding nothing: %v", got)
		}
		do(t, s, "expand", "Dust")
		for _, m := range legal(s) {
			if !strings.HasPrefix(m, "play Dust ") {
				t.Fatalf("after drawing with empty hands: %q", m)
			}
		}
		do(t, s, "play Dust a6")
		if s.held[0] != [2]int8{-1, -1} {
			t.Fatalf("seat 1 holds %v", s.held[0])
		}
		conserved(t, s)
	})
}

func TestT7a_ActionStructure(t *testing.T) {
	s := pic(t, 2, nil, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . Pr@1 . . .
		Du@1 Ro@2 . . . .`)
	// Announce: one score per sector with one of the player's meeples,
	// then expand.
	if got, want := legal(s), []string{"score a1", "score c2", "expand"}; !slices.Equal(got, want) {
		t.Fatalf("announce: %v, want %v", got, want)
	}
	refuse(t, s, "play Dust d4", "announces expand first")
	refuse(t, s, "score b1", "seat 1 has no meeple on b1")
	do(t, s, "expand")
	if s.CurrentPlayer() != game.Chance {
		t.Fatalf("after expand: %v, want the draw", s.CurrentPlayer())
	}
	if got := legal(s); !slices.Equal(got, []string{"Dust", "Rock", "Planet", "Sun", "Galaxy", "Probe", "Colony", "Station", "Sphere", "Singularity"}) {
		t.Fatalf("draws %v", got)
	}
	// Two identical held tiles give one set of plays.
	same := s.Clone().(*State)
	do(t, same, "Dust")
	if got := legal(same); len(got) != 33*2 {
		t.Fatalf("holding two Dust: %d plays, want %d", len(got), 33*2)
	}
	refuse(t, same, "expand", "already expanded")
	refuse(t, same, "score a1", "must play a tile now")
	do(t, s, "Sun")
	got := legal(s)
	if len(got) != 2*33*2 || got[0] != "play Dust c1" || got[1] != "play Dust c1 crew" || got[len(got)-1] != "play Sun f6 crew" {
		t.Fatalf("holding Dust and Sun: %d plays %v ... %v", len(got), got[:2], got[len(got)-1])
	}
	do(t, s, "play Sun f6")
	if s.CurrentPlayer() != 1 {
		t.Fatalf("after the play: %v", s.CurrentPlayer())
	}
	// Empty box: no announcement, the plays stand beside the scores.
	e := pic(t, 2, game.Options{OptTiles: only(t, map[Tile]int{Dust: 2, Rock: 1})}, `
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		. . . . . .
		Ro@1 . . . . .`)
	got = legal(e)
	if len(got) != 35*2+1 || got[0] != "play Dust b1" || got[len(got)-1] != "score a1" || slices.Contains(got, "expand") {
		t.Fatalf("empty box: %d actions, first %q, last %q", len(got), got[0], got[len(got)-1])
	}
	refuse(t, e, "expand", "the box is empty")
	do(t, e, "play Dust f6 crew")
	if e.CurrentPlayer() != 1 {
		t.Fatalf("after a direct play: %v", e.CurrentPlayer())
	}
}

func TestT8_ScoreHighestAdjacentMultiplier(t *testing.T) {
	for _, tc := range []struct {
		name, board string
		sector      string
		want        int64
	}{
		{"dark Dust alone", "Du@1 . . . . .", "a1", 1},
		{"light Rock and two bonus tokens", "Ro*+2@1 . . . . .", "a1", 7},
		{"multipliers do not stack: Colony x2 and Station x3 give x3", "Pl@1 Co . . . .\nSt . . . . .", "a1", 24},
		{"the tile's own multiplier does not count", "Sp@1 . . . . .", "a1", 6},
		{"a Sphere scored beside a Colony counts x2", "Sp@1 Co . . . .", "a1", 12},
		{"space tiles do not multiply", "Du*@1 Ga . . . .\nSu . . . . .", "a1", 2},
		{"a bonus token counts before the multiplier", "Du+1@1 Si . . . .", "a1", 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := strings.Split(tc.board, "\n")
			lines := []string{". . . . . .", ". . . . . .", ". . . . . .", ". . . . . .", ". . . . . .", ". . . . . ."}
			for i, r := range rows {
				lines[5-i] = r
			}
			s := pic(t, 2, nil, strings.Join(lines, "\n"))
			do(t, s, "score "+tc.sector)
			if s.score[0] != tc.want {
				t.Fatalf("scored %d, want %d", s.score[0], tc.want)
			}
			if s.crew[0] != 3 || s.board[0].meeples[0] != 0 {
				t.Fatal("the meeple did not go back to hand")
			}
			if s.board[0].bonus != 0 {
				t.Fatal("bonus tokens stay after a score")
			}
			if s.board[0].kind == 0 {
				t.Fatal("scoring removed the tile")
			}
			conserved(t, s)
		})
	}
	t.Run("a later score of the same tile gets no tokens", func(t *testing.T) {
		s := pic(t, 2, nil, strings.Replace(emptyBoard, ".", "Ro*+2@12", 1))
		do(t, s, "score a6", "score a6")
		if s.score != [4]int64{7, 5} {
			t.Fatalf("scores %v, want 7 then 5", s.score[:2])
		}
	})
	t.Run("scoring needs no held tile", func(t *testing.T) {
		s := pic(t, 2, nil, strings.Replace(emptyBoard, ".", "Du@1", 1))
		hold(t, s, 1)
		if got := legal(s); !slices.Equal(got, []string{"score a6", "expand"}) {
			t.Fatalf("legal %v", got)
		}
		do(t, s, "score a6")
		if s.score[0] != 1 {
			t.Fatalf("score %d", s.score[0])
		}
	})
}

func TestT9_SkipSilentlyAndSeatOneStarts(t *testing.T) {
	s := pic(t, 3, game.Options{OptTiles: only(t, map[Tile]int{Dust: 3})}, emptyBoard)
	if s.CurrentPlayer() != 0 {
		t.Fatalf("first: %v, want seat 1", s.CurrentPlayer())
	}
	do(t, s, "play Dust a1 crew", "play Dust c1", "play Dust e1 crew", "score a1")
	// Seat 2 holds nothing, the box is empty and it has no meeple: its
	// turn is skipped, with no action.
	if s.CurrentPlayer() != 2 {
		t.Fatalf("after seat 1 scored: %v, want seat 3", s.CurrentPlayer())
	}
	do(t, s, "score e1")
	if !game.IsTerminal(s) || s.end != noMoves {
		t.Fatalf("nobody can act, yet the game goes on: %v", s.CurrentPlayer())
	}
	if got := s.Returns(nil); !slices.Equal(got, []float64{0.5, 0, 0.5}) {
		t.Fatalf("returns %v", got)
	}
	// When the others cannot act, one player takes turn after turn.
	s = pic(t, 2, game.Options{OptTiles: only(t, map[Tile]int{Dust: 3})}, emptyBoard)
	do(t, s, "expand", "Dust", "play Dust a1 crew", "play Dust f6", "play Dust c1 crew", "score a1")
	if s.CurrentPlayer() != 0 {
		t.Fatalf("after seat 1 scored: %v, want seat 1 again", s.CurrentPlayer())
	}
	do(t, s, "score c1")
	if !game.IsTerminal(s) {
		t.Fatal("nobody can act, yet the game goes on")
	}
}

func TestT10_FusionStepsDarkToLightToNextType(t *testing.T) {
	t.Run("three dark Dust make a light Dust", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Du Du . . . .`)
		boxDust := s.box[Dust]
		do(t, s, "expand", "Rock", "play Dust c1")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . Du* . . .`)
		if s.box[Dust] != boxDust+2 {
			t.Fatalf("box Dust %d, want %d: the two others go back", s.box[Dust], boxDust+2)
		}
		conserved(t, s)
	})
	t.Run("three light Dust make a dark Rock", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Du . . .
			. . Du . . .
			Du* Du* . . . .`)
		rocks := s.box[Rock]
		do(t, s, "expand", "Planet", "play Dust c1")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . Ro . . .`)
		if s.box[Rock] != rocks-1 {
			t.Fatal("the Rock did not come out of the box")
		}
		conserved(t, s)
	})
	t.Run("one type, different sides, do not fuse", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. Du* . . . .
			Du Du* . . . .`)
		// Ignoring sides, a2 a1 b2 b1 would be a group of four.
		do(t, s, "expand", "Rock", "play Dust a2")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Du Du* . . . .
			Du Du* . . . .`)
	})
	t.Run("diagonal tiles do not connect", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. Du . . . .
			Du . . . . .`)
		do(t, s, "expand", "Rock", "play Dust c3")
		if s.board[14].kind == 0 || s.board[14].light {
			t.Fatal("diagonal group fused")
		}
	})
	t.Run("no tile of the next type left: stays light, chain stops, fuses with bonus", func(t *testing.T) {
		s := pic(t, 2, game.Options{OptTiles: withCounts(t, map[Tile]int{Rock: 0})}, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Du . . .
			. . Du . . .
			Du* Du* . Du*@2 . .`)
		do(t, s, "expand", "Dust", "play Dust c1 crew")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . Du*+1@12 . . .`)
		if s.CurrentPlayer() != 1 {
			t.Fatal("turn did not pass")
		}
		conserved(t, s)
	})
}

func TestT11_ChainReaction(t *testing.T) {
	t.Run("the ruling's example", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Du . . .
			. . Du . . .
			Du* Du* . . . .`)
		do(t, s, "expand", "Sun", "play Dust c1 crew")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . Ro@1 . . .`)
		conserved(t, s)
	})
	t.Run("four steps from one play, Dust to Planet", func(t *testing.T) {
		s := pic(t, 2, nil, `
			. . . . . .
			. . Du . . .
			. . Du . . .
			Du* Du* . Ro Ro+1 .
			. . Ro* . . .
			. . Ro*@2 . . .`)
		planets := s.box[Planet]
		do(t, s, "expand", "Probe", "play Dust c3 crew")
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Pl+1@12 . . .
			. . . . . .
			. . . . . .`)
		if s.box[Planet] != planets-1 {
			t.Fatal("no Planet taken from the box")
		}
		conserved(t, s)
	})
}

func TestT12_BonusTokensAndTravellingMeeples(t *testing.T) {
	for _, tc := range []struct {
		size  int
		bonus uint16
	}{{3, 0}, {4, 1}, {5, 2}, {6, 2}} {
		t.Run(fmt.Sprintf("fusion of %d", tc.size), func(t *testing.T) {
			row := make([]string, 6)
			for i := range row {
				row[i] = "."
				if i > 0 && i < tc.size {
					row[i] = "Du"
				}
			}
			s := pic(t, 2, nil, ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"+strings.Join(row, " "))
			do(t, s, "expand", "Rock", "play Dust a1")
			if cl := s.board[0]; !cl.light || cl.bonus != tc.bonus {
				t.Fatalf("a1: %s, want light with %d tokens", s.cellCode(0), tc.bonus)
			}
			if bits := s.occ; bits != 1 {
				t.Fatalf("others still on the board:\n%s", picture(s))
			}
		})
	}
	t.Run("meeples and tokens of the removed tiles move to the played tile", func(t *testing.T) {
		s := pic(t, 3, nil, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. Pr+2@23 . . . .
			. Pr@3 Pr+1@2 . . .`)
		hold(t, s, 1, Probe)
		do(t, s, "expand", "Dust", "play Probe a1 crew")
		// 2 + 1 travelling tokens and 1 for a fusion of four.
		wantBoard(t, s, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Pr*+4@12233 . . . . .`)
		conserved(t, s)
	})
}

func TestT13_GalaxyAndSingularityScoreAndClear(t *testing.T) {
	for _, tc := range []struct {
		top   Tile
		light int64
	}{{Galaxy, 75}, {Singularity, 15}} {
		t.Run(tc.top.String(), func(t *testing.T) {
			c := tileCodes[tc.top]
			s := pic(t, 2, game.Options{OptTiles: withCounts(t, map[Tile]int{tc.top: 8})}, fmt.Sprintf(`
				. . . . . .
				. . . . . .
				. . . . . .
				Sp . %[1]s . . .
				%[1]s* Co %[1]s %[1]s . .
				%[1]s*@2 %[1]s*+1 . St . .`, c))
			hold(t, s, 1, tc.top)
			do(t, s, "expand", "Dust", "play "+tc.top.String()+" c1 crew")
			// Dark c1 c2 c3 d2 (four: one token) make a light one, which
			// with a1 b1 a2 scores 4 light points + 2 tokens, never
			// multiplied by the Station, Colony or Sphere beside them,
			// and with no T12 token for a group of four.
			if want := 4*tc.light + 2; s.score[0] != want || s.score[1] != 0 {
				t.Fatalf("scores %v, want %d for seat 1 and nothing for seat 2", s.score[:2], want)
			}
			wantBoard(t, s, `
				. . . . . .
				. . . . . .
				. . . . . .
				Sp . . . . .
				. Co . . . .
				. . . St . .`)
			if s.crew[0] != 3 || s.crew[1] != 3 {
				t.Fatalf("crew in hand %v, want all home", s.crew[:2])
			}
			if s.box[tc.top] != 8 {
				t.Fatalf("box %s %d", tc.top, s.box[tc.top])
			}
			conserved(t, s)
		})
	}
}

func TestT14_End(t *testing.T) {
	// A checkerboard of Dust and Probe with f6 empty.
	var b strings.Builder
	for r := side - 1; r >= 0; r-- {
		for f := range side {
			switch {
			case r == 5 && f == 5:
				b.WriteString(". ")
			case (f+r)%2 == 0:
				b.WriteString("Du ")
			default:
				b.WriteString("Pr ")
			}
		}
		b.WriteString("\n")
	}
	full := b.String()
	t.Run("a play that fills the board ends the game", func(t *testing.T) {
		s := pic(t, 2, nil, full)
		do(t, s, "expand", "Rock", "play Dust f6")
		if !game.IsTerminal(s) || s.end != boardFull {
			t.Fatalf("board full, yet %v", s.CurrentPlayer())
		}
	})
	t.Run("the end is tested after the whole chain", func(t *testing.T) {
		s := pic(t, 2, nil, full)
		hold(t, s, 1, Probe)
		do(t, s, "expand", "Rock", "play Probe f6")
		if s.CurrentPlayer() != 1 || s.occ == fullBoard {
			t.Fatalf("the play fused and freed sectors, yet %v", s.CurrentPlayer())
		}
	})
	t.Run("no player can expand or score", func(t *testing.T) {
		s := pic(t, 2, game.Options{OptTiles: only(t, map[Tile]int{Dust: 2})}, emptyBoard)
		do(t, s, "play Dust a1", "play Dust f6")
		if !game.IsTerminal(s) || s.end != noMoves {
			t.Fatalf("to move: %v", s.CurrentPlayer())
		}
	})
	t.Run("returns are zero before the end", func(t *testing.T) {
		s := pic(t, 3, nil, emptyBoard)
		s.score = [4]int64{5, 1, 0}
		if got := s.Returns(nil); !slices.Equal(got, []float64{0, 0, 0}) {
			t.Fatalf("returns %v", got)
		}
	})
	for _, tc := range []struct {
		scores []int64
		want   []float64
	}{
		{[]int64{5, 1}, []float64{1, 0}},
		{[]int64{3, 3, 1, 0}, []float64{0.5, 0.5, 0, 0}},
		{[]int64{2, 7, 7, 7}, []float64{0, 1.0 / 3, 1.0 / 3, 1.0 / 3}},
		{[]int64{0, 0, 0, 0}, []float64{0.25, 0.25, 0.25, 0.25}},
	} {
		t.Run(fmt.Sprintf("ties split 1/k %v", tc.scores), func(t *testing.T) {
			s := pic(t, len(tc.scores), nil, emptyBoard)
			copy(s.score[:], tc.scores)
			s.finish(noMoves)
			if got := s.Returns(nil); !slices.Equal(got, tc.want) {
				t.Fatalf("returns %v, want %v", got, tc.want)
			}
		})
	}
}

func TestT15_CivilizationPacing(t *testing.T) {
	on := game.Options{OptPacing: "on"}
	sphereFusion := `
		. . . . . .
		. . . . . .
		. . . . . .
		. . Sp . . .
		. . Sp . . .
		. . . . . .`
	t.Run("a fusion producing a Sphere ends the game", func(t *testing.T) {
		s := pic(t, 2, on, sphereFusion)
		hold(t, s, 1, Sphere)
		do(t, s, "expand", "Dust", "play Sphere c1")
		if !game.IsTerminal(s) || s.end != paced {
			t.Fatalf("to move: %v", s.CurrentPlayer())
		}
	})
	t.Run("without the variant it does not", func(t *testing.T) {
		s := pic(t, 2, nil, sphereFusion)
		hold(t, s, 1, Sphere)
		do(t, s, "expand", "Dust", "play Sphere c1")
		if s.CurrentPlayer() != 1 {
			t.Fatalf("to move: %v", s.CurrentPlayer())
		}
	})
	t.Run("playing a drawn Sphere does not count", func(t *testing.T) {
		s := pic(t, 2, on, emptyBoard)
		do(t, s, "expand", "Sphere", "play Sphere a1")
		if s.CurrentPlayer() != 1 {
			t.Fatalf("to move: %v", s.CurrentPlayer())
		}
	})
	stationToSphere := `
		. . . . . .
		. . . . . .
		. . . . . .
		. . St . . .
		. . St . . .
		St* St* . . . .`
	for _, tc := range []struct {
		level string
		ends  bool
	}{{"", true}, {"Sphere", true}, {"Station", true}, {"Singularity", false}} {
		t.Run("light Stations to a dark Sphere, level "+tc.level, func(t *testing.T) {
			opts := game.Options{OptPacing: "on", OptPacingLevel: tc.level, OptTiles: withCounts(t, map[Tile]int{Station: 8})}
			s := pic(t, 2, opts, stationToSphere)
			hold(t, s, 1, Station)
			do(t, s, "expand", "Dust", "play Station c1")
			if game.IsTerminal(s) != tc.ends {
				t.Fatalf("ended %v, want %v:\n%s", game.IsTerminal(s), tc.ends, s.Render(game.Spectator))
			}
		})
	}
	t.Run("level Colony: a light Probe goes on, a Colony ends", func(t *testing.T) {
		opts := game.Options{OptPacing: "on", OptPacingLevel: "Colony"}
		s := pic(t, 2, opts, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			. . . . . .
			Pr Pr . . . .`)
		hold(t, s, 1, Probe)
		do(t, s, "expand", "Dust", "play Probe c1")
		if game.IsTerminal(s) {
			t.Fatal("a light Probe ended the game")
		}
		s = pic(t, 2, opts, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . Pr . . .
			. . Pr . . .
			Pr* Pr* . . . .`)
		hold(t, s, 1, Probe)
		do(t, s, "expand", "Dust", "play Probe c1")
		if !game.IsTerminal(s) {
			t.Fatal("a Colony did not end the game")
		}
	})
	t.Run("the table's pacing level is the default", func(t *testing.T) {
		tb := DefaultTiles()
		tb.PacingLevel = Station
		path := writeTiles(t, tb)
		s := pic(t, 2, game.Options{OptPacing: "on", OptTiles: path}, `
			. . . . . .
			. . . . . .
			. . . . . .
			. . St . . .
			. . St . . .
			. . . . . .`)
		hold(t, s, 1, Station)
		do(t, s, "expand", "Dust", "play Station c1")
		if !game.IsTerminal(s) {
			t.Fatal("a light Station did not end the game at level Station")
		}
	})
	t.Run("multipliers are off", func(t *testing.T) {
		s := pic(t, 2, on, strings.Replace(emptyBoard, ". .", "Du*@1 Si", 1))
		do(t, s, "score a6")
		if s.score[0] != 2 {
			t.Fatalf("scored %d beside a Singularity, want 2", s.score[0])
		}
	})
	t.Run("other endings stay", func(t *testing.T) {
		s := pic(t, 2, game.Options{OptPacing: "on", OptTiles: only(t, map[Tile]int{Dust: 2})}, emptyBoard)
		do(t, s, "play Dust a1", "play Dust f6")
		if s.end != noMoves {
			t.Fatalf("end %v", s.end)
		}
	})
	for _, bad := range []string{"Rock", "bogus"} {
		if _, err := game.NewState(Game, 2, game.Options{OptPacing: "on", OptPacingLevel: bad}); err == nil {
			t.Errorf("pacing-level=%s accepted", bad)
		}
	}
	if _, err := Game.New(game.Config{Players: 2, Options: game.Options{OptPacing: "on", OptPacingLevel: "sphere"}}); err != nil {
		t.Errorf("pacing-level in lower case: %v", err)
	}
}

// TestOurRuling_TurnLimit checks the table's turn limit (our ruling).
func TestOurRuling_TurnLimit(t *testing.T) {
	tb := DefaultTiles()
	tb.TurnLimit = 2
	opts := game.Options{OptTiles: writeTiles(t, tb)}
	s := pic(t, 2, opts, emptyBoard)
	do(t, s, "expand", "Dust", "play Dust a1", "expand", "Dust", "play Dust f6")
	if !game.IsTerminal(s) || s.end != turnLimit {
		t.Fatalf("to move %v", s.CurrentPlayer())
	}
	cfg, _ := game.Resolve(Game, 2, opts)
	if Game.MaxLength(cfg) != 6 {
		t.Fatalf("MaxLength %d", Game.MaxLength(cfg))
	}
	// Random games end long before our default limit.
	if !reflect.DeepEqual(DefaultTiles().TurnLimit, 1000) {
		t.Fatal("default turn limit")
	}
}

// TestR14_UndoNothingToTakeBack: our ruling R14, the engine's undo
// rule (issue 38) in 3io. Nothing can be taken back: an expand hands the
// turn to the draw, a chance event (T7), and a play or a score ends the
// turn (T7, T8), even when the same seat moves next because the others
// are skipped (T9).
func TestR14_UndoNothingToTakeBack(t *testing.T) {
	dust := game.Options{OptTiles: only(t, map[Tile]int{Dust: 3})}
	for _, tc := range []struct {
		name  string
		opts  game.Options
		moves []string
		then  game.Player // to move after the moves
	}{
		{"an expand: the draw follows", nil, []string{"expand"}, game.Chance},
		{"the play after the draw ends the turn", nil, []string{"expand", "Dust", "play Dust a1 crew"}, 1},
		{"a score ends the turn", nil, []string{"expand", "Dust", "play Dust a1 crew", "expand", "Dust", "play Dust f6", "score a1"}, 1},
		{"a play from an empty box, and one seat taking turn after turn", dust,
			[]string{"expand", "Dust", "play Dust a1 crew", "play Dust f6", "play Dust c1 crew", "score a1"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := pic(t, 2, tc.opts, emptyBoard)
			got := gametest.UndoDepths(t, s, tc.moves...)
			if want := make([]int, len(tc.moves)); !slices.Equal(got, want) {
				t.Errorf("undo depths %v, want %v", got, want)
			}
			if s.CurrentPlayer() != tc.then {
				t.Errorf("%v to move after the moves, want %v", s.CurrentPlayer(), tc.then)
			}
		})
	}
}

// Our rulings R15 and R16: the box mix of T3 as options, each overriding
// the tile table's count; empty keeps it.

// drawOdds returns the odds of each tile type on the first draw of a
// game of n players with opts.
func drawOdds(t testing.TB, n int, opts game.Options) [NumTiles]float64 {
	t.Helper()
	s := pic(t, n, opts, emptyBoard)
	do(t, s, "expand")
	var p [NumTiles]float64
	for _, o := range s.ChanceOutcomes(nil) {
		p[o.Action] = o.P
	}
	return p
}

func TestR15_BoxDustOption(t *testing.T) {
	// 20 Dust instead of 50: a box of 100, of which 2 Dust are dealt.
	p := drawOdds(t, 2, game.Options{OptBoxDust: "20"})
	if want := 18.0 / 98; math.Abs(p[Dust]-want) > 1e-12 {
		t.Errorf("box-dust=20: P(Dust) %v, want %v", p[Dust], want)
	}
	if want := 12.0 / 98; math.Abs(p[Rock]-want) > 1e-12 {
		t.Errorf("box-dust=20: P(Rock) %v, want %v", p[Rock], want)
	}
	if p := drawOdds(t, 2, game.Options{OptBoxDust: ""}); math.Abs(p[Dust]-48.0/128) > 1e-12 {
		t.Errorf("box-dust= : P(Dust) %v, want the table's 48/128", p[Dust])
	}
	// The option overrides a designer's table too, even one without Dust.
	path := only(t, map[Tile]int{Rock: 10})
	p = drawOdds(t, 2, game.Options{OptTiles: path, OptBoxDust: "4"})
	if math.Abs(p[Dust]-2.0/12) > 1e-12 || math.Abs(p[Rock]-10.0/12) > 1e-12 {
		t.Errorf("box-dust=4 over a table of 10 Rock: P(Dust) %v, P(Rock) %v", p[Dust], p[Rock])
	}
	if DefaultTiles().Count[Dust] != 50 {
		t.Error("the option changed the embedded table")
	}
	// Each player is dealt a Dust (T6): fewer Dust than players is refused.
	if _, err := game.NewState(Game, 3, game.Options{OptBoxDust: "3"}); err != nil {
		t.Errorf("box-dust=3, 3 players: %v", err)
	}
	refusedOption(t, 4, OptBoxDust, "3")
	for _, v := range []string{"1", "256", "-5", "fifty"} {
		refusedOption(t, 2, OptBoxDust, v)
	}
}

func TestR16_BoxProbeOption(t *testing.T) {
	p := drawOdds(t, 2, game.Options{OptBoxProbe: "40"})
	if want := 40.0 / 143; math.Abs(p[Probe]-want) > 1e-12 {
		t.Errorf("box-probe=40: P(Probe) %v, want %v", p[Probe], want)
	}
	p = drawOdds(t, 2, game.Options{OptBoxProbe: "0"})
	if p[Probe] != 0 || math.Abs(p[Dust]-48.0/103) > 1e-12 {
		t.Errorf("box-probe=0: P(Probe) %v, P(Dust) %v", p[Probe], p[Dust])
	}
	if DefaultTiles().Count[Probe] != 25 {
		t.Error("the option changed the embedded table")
	}
	for _, v := range []string{"-1", "256", "many", "2.5"} {
		refusedOption(t, 2, OptBoxProbe, v)
	}
}
