package threeio

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/commons-games/commons/game"
)

func TestTiles_EmbeddedTableIsOurDefaults(t *testing.T) {
	tb, err := LoadTiles("")
	if err != nil {
		t.Fatal(err)
	}
	if tb != DefaultTiles() {
		t.Fatal("LoadTiles(\"\") differs from DefaultTiles")
	}
	if tb.PacingLevel != Sphere || tb.TurnLimit != 1000 {
		t.Fatalf("pacing level %v, turn limit %d", tb.PacingLevel, tb.TurnLimit)
	}
	// A table written back in the file format reads the same.
	again, err := LoadTiles(writeTiles(t, tb))
	if err != nil {
		t.Fatal(err)
	}
	if again != tb {
		t.Fatalf("round trip: %+v, want %+v", again, tb)
	}
}

// TestTiles_BrokenFilesRejected runs every file of testdata/tiles-broken:
// each is rejected with an error naming the file and the field.
func TestTiles_BrokenFilesRejected(t *testing.T) {
	want := map[string]string{
		"bad-json.json":             "bad JSON at line 17, column 2: invalid character '}' looking for beginning of object key string",
		"duplicate-tile.json":       "tiles.Rock: given twice in tiles",
		"empty.json":                "bad JSON at line 1, column 1: unexpected end of JSON input",
		"fractional-count.json":     "tiles.Planet.count: want a whole number, got 1.5",
		"huge-count.json":           "tiles.Dust.count: 300 is more than 255",
		"lowercase-tile.json":       "tiles.dust: unknown tile type (did you mean Dust? names are spelt as in T2)",
		"missing-count.json":        "tiles.Planet.count: missing",
		"missing-dark-points.json":  "tiles.Station.points.dark: missing",
		"missing-light-points.json": "tiles.Galaxy.points.light: missing",
		"missing-multiplier.json":   "tiles.Colony.multiplier: missing (a civilization tile needs one; 1 means none)",
		"missing-pacing-level.json": "pacing_level: missing",
		"missing-points.json":       "tiles.Colony.points: missing",
		"missing-tile.json":         "tiles.Sun: missing (every tile type of T2 needs an entry)",
		"missing-tiles.json":        "tiles: missing",
		"missing-turn-limit.json":   "turn_limit: missing",
		"negative-count.json":       "tiles.Rock.count: -3 is negative",
		"negative-points.json":      "tiles.Probe.points.light: -2 is negative",
		"not-object.json":           "want an object, got [1,2,3]",
		"null-count.json":           "tiles.Rock.count: want a whole number, got null",
		"space-multiplier.json":     "tiles.Rock.multiplier: Rock is a space tile: only civilization tiles carry a multiplier (T5)",
		"space-pacing-level.json":   "pacing_level: Planet is a space tile; the pacing level is a civilization tile (T15)",
		"string-points.json":        `tiles.Sun.points.dark: want a whole number, got "20"`,
		"tiles-not-object.json":     "tiles: want an object, got [1,2,3]",
		"trailing-data.json":        "bad JSON at line 18, column 2: invalid character '{' after top-level value",
		"unknown-field.json":        "tiles.Dust.colour: unknown field (fields: count, points, multiplier)",
		"unknown-pacing-level.json": `pacing_level: unknown tile type "Dyson" (want one of Probe, Colony, Station, Sphere, Singularity)`,
		"unknown-points-field.json": "tiles.Dust.points.shiny: unknown field (fields: dark, light)",
		"unknown-tile.json":         "tiles.Asteroid: unknown tile type (tile types: Dust, Rock, Planet, Sun, Galaxy, Probe, Colony, Station, Sphere, Singularity)",
		"unknown-top-field.json":    "version: unknown field (fields: about, tiles, pacing_level, turn_limit, crew, fusion)",
		"zero-multiplier.json":      "tiles.Sphere.multiplier: 0 is outside 1..100 (1 means no multiplier)",
		"zero-turn-limit.json":      "turn_limit: 0 is outside 1..100000",
	}
	files, err := filepath.Glob("testdata/tiles-broken/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(want) {
		t.Fatalf("%d files in testdata/tiles-broken, %d in the table", len(files), len(want))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			w, ok := want[filepath.Base(f)]
			if !ok {
				t.Fatal("file missing from the table")
			}
			_, err := LoadTiles(f)
			if err == nil || err.Error() != f+": "+w {
				t.Fatalf("error %v\nwant   %s: %s", err, f, w)
			}
			// New rejects it too, before any game starts.
			_, err = game.NewState(Game, 2, game.Options{OptTiles: f})
			if err == nil || !strings.Contains(err.Error(), f+": "+w) {
				t.Fatalf("New: %v", err)
			}
		})
	}
}

func TestTiles_NewChecksWhatOnlyTheGameKnows(t *testing.T) {
	_, err := game.NewState(Game, 2, game.Options{OptTiles: "testdata/no-such-file.json"})
	if err == nil || !strings.Contains(err.Error(), "testdata/no-such-file.json") {
		t.Fatalf("missing file: %v", err)
	}
	// T6 deals a Dust to every player.
	path := only(t, map[Tile]int{Dust: 3})
	_, err = game.NewState(Game, 4, game.Options{OptTiles: path})
	if want := path + ": tiles.Dust.count: 3 is fewer than the 4 players, each dealt a Dust (T6)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want %s", err, want)
	}
	if _, err := game.NewState(Game, 3, game.Options{OptTiles: path}); err != nil {
		t.Fatal(err)
	}
}

func TestTiles_DesignerTableIsUsed(t *testing.T) {
	tb := DefaultTiles()
	tb.Points[Rock] = [2]int{7, 11}
	tb.Multiplier[Colony] = 9
	s := pic(t, 2, game.Options{OptTiles: writeTiles(t, tb)}, strings.Replace(emptyBoard, ". .", "Ro*@1 Co", 1))
	do(t, s, "score a6")
	if s.score[0] != 99 {
		t.Fatalf("scored %d, want 11 x 9", s.score[0])
	}
}

func TestTiles_CacheOncePerContent(t *testing.T) {
	path := writeTiles(t, DefaultTiles())
	var wg sync.WaitGroup
	got := make([]*Tiles, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tp, err := loadTiles(path)
			if err != nil {
				t.Error(err)
			}
			got[i] = tp
		}()
	}
	wg.Wait()
	again, _ := loadTiles(path)
	for _, g := range got {
		if g != again {
			t.Fatal("the same file gave different tables")
		}
	}
	// New content under the same name is read afresh.
	tb := DefaultTiles()
	tb.TurnLimit = 7
	data, _ := os.ReadFile(writeTiles(t, tb))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fresh, err := loadTiles(path)
	if err != nil || fresh.TurnLimit != 7 {
		t.Fatalf("changed file: %v, %+v", err, fresh)
	}
}

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
