package threeio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// The crew size (T1) and the fusion sizes (T10, T12) are data too: a
// designer's table changes them, and the rules follow.
func TestT1_CrewIsData(t *testing.T) {
	tb := DefaultTiles()
	tb.Crew = 1
	s := pic(t, 2, game.Options{OptTiles: writeTiles(t, tb)}, ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .")
	if s.crew[0] != 1 || s.crew[1] != 1 {
		t.Fatalf("crew in hand %v, want 1 each", s.crew[:2])
	}
	do(t, s, "expand", "Rock", "play Dust a1 crew")
	// Seat 2 plays; then seat 1 has no crew left to put down.
	do(t, s, "expand", "Rock", "play Dust f6")
	do(t, s, "expand", "Rock")
	refuse(t, s, "play Rock b1 crew", "no crew in hand")
}

func TestT10_T12_FusionSizesAreData(t *testing.T) {
	tb := DefaultTiles()
	tb.Fusion, tb.OneBonusAt, tb.TwoBonusAt = 4, 5, 6
	path := writeTiles(t, tb)
	for _, tc := range []struct {
		size  int
		fused bool
		bonus uint16
	}{{3, false, 0}, {4, true, 0}, {5, true, 1}, {6, true, 2}} {
		t.Run(fmt.Sprintf("group of %d", tc.size), func(t *testing.T) {
			row := make([]string, 6)
			for i := range row {
				row[i] = "."
				if i > 0 && i < tc.size {
					row[i] = "Du"
				}
			}
			s := pic(t, 2, game.Options{OptTiles: path}, ". . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"+strings.Join(row, " "))
			do(t, s, "expand", "Rock", "play Dust a1")
			cl := s.board[0]
			if cl.light != tc.fused || cl.bonus != tc.bonus {
				t.Fatalf("a1: %s, want light=%v with %d tokens", s.cellCode(0), tc.fused, tc.bonus)
			}
		})
	}
}

func TestTiles_CrewAndFusionChecked(t *testing.T) {
	def, err := os.ReadFile("tiles.json")
	if err != nil {
		t.Fatal(err)
	}
	const fusion = `"fusion": {"group": 3, "one_bonus_at": 4, "two_bonus_at": 5}`
	const crew = `"crew": 3`
	if !strings.Contains(string(def), fusion) || !strings.Contains(string(def), crew) {
		t.Fatalf("tiles.json lacks %s or %s", fusion, crew)
	}
	for _, tc := range []struct{ old, new, want string }{
		{crew + ",", "", "crew: missing"},
		{crew, `"crew": 0`, "crew: 0 is outside 1..9"},
		{crew, `"crew": "3"`, `crew: want a whole number, got "3"`},
		{",\n  " + fusion, "", "fusion: missing"},
		{fusion, `"fusion": {"group": 3, "one_bonus_at": 4}`, "fusion.two_bonus_at: missing"},
		{fusion, `"fusion": {"group": 2, "one_bonus_at": 4, "two_bonus_at": 5}`, "fusion.group: 2 is outside 3..36"},
		{fusion, `"fusion": {"group": 3, "one_bonus_at": 3, "two_bonus_at": 5}`, "fusion.one_bonus_at: 3 is not above fusion.group 3"},
		{fusion, `"fusion": {"group": 3, "one_bonus_at": 4, "two_bonus_at": 4}`, "fusion.two_bonus_at: 4 is not above fusion.one_bonus_at 4"},
		{fusion, `"fusion": {"group": 3, "one_bonus_at": 4, "two_bonus_at": 5, "three_at": 6}`, "fusion.three_at: unknown field"},
		{fusion, `"fusion": [3, 4, 5]`, "fusion: want an object"},
	} {
		data := strings.Replace(string(def), tc.old, tc.new, 1)
		if data == string(def) {
			t.Fatalf("%q not found in tiles.json", tc.old)
		}
		path := filepath.Join(t.TempDir(), "t.json")
		os.WriteFile(path, []byte(data), 0o644)
		_, err := LoadTiles(path)
		if err == nil || !strings.Contains(err.Error(), path+": "+tc.want) {
			t.Errorf("%s -> %s: error %v, want %q", tc.old, tc.new, err, tc.want)
		}
	}
}
