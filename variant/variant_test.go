package variant_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/commons-games/commons/games/openscience"
	_ "github.com/commons-games/commons/games/threeio"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/variant"
)

// tiles is a 3io tile table for every player count.
var tiles = mustRead("../games/threeio/testdata/tiles/small-box.json")

func mustRead(name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// folder writes files (name: content) to a new folder.
func folder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const good = `{"name": "small", "game": "3io", "title": "Small box", "description": "Fewer tiles.", "options": {"tiles": "small.json", "civilization-pacing": "on"}}`

func TestLoad(t *testing.T) {
	dir := folder(t, map[string]string{
		"small.variant.json":  good,
		"pacing.variant.json": `{"name": "pacing", "game": "3IO", "options": {"civilization-pacing": "on"}}`,
		"small.json":          string(tiles),
	})
	s, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.All()); n != 2 {
		t.Fatalf("%d variants, want 2", n)
	}
	v := s.Lookup("small")
	if v == nil || v.Game != "3io" || v.Title != "Small box" {
		t.Fatalf("small = %+v", v)
	}
	if want := filepath.Join(dir, "small.json"); v.Tables["tiles"] != want {
		t.Errorf("tables = %v, want tiles %s", v.Tables, want)
	}
	if v.Public()["tiles"] != "" || v.Public()["civilization-pacing"] != "on" {
		t.Errorf("public options = %v", v.Public())
	}
	p := s.Lookup("pacing")
	if p.Title != "pacing" || p.Data == "" || p.Data == v.Data || len(v.Data) != 64 {
		t.Errorf("data hashes: small %q, pacing %q: want two different SHA-256s", v.Data, p.Data)
	}
	if _, err := s.Find("source", "small"); err == nil {
		t.Error("a 3io variant found for source")
	}
	// Bind gives a record of the variant its tables.
	r := &record.Record{Game: "3io", Players: 2, Variant: &record.Variant{Name: "small", Data: v.Data}}
	if err := s.Bind(r); err != nil || r.Tables["tiles"] != v.Tables["tiles"] {
		t.Errorf("Bind: %v, tables %v", err, r.Tables)
	}
	r.Variant.Name = "gone"
	if err := s.Bind(r); err == nil || !strings.Contains(err.Error(), `"gone"`) {
		t.Errorf("Bind of an unknown variant: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"bad JSON", map[string]string{"a.variant.json": `{"name": "a",`}, "a.variant.json: bad JSON"},
		{"unknown field", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "tables": {}}`}, `unknown field "tables"`},
		{"trailing data", map[string]string{"a.variant.json": `{"name": "a", "game": "3io"} {}`}, "after the object"},
		{"no name", map[string]string{"a.variant.json": `{"game": "3io"}`}, `missing "name"`},
		{"unsafe name", map[string]string{"a.variant.json": `{"name": "../a", "game": "3io"}`}, "only lower-case letters"},
		{"upper-case name", map[string]string{"a.variant.json": `{"name": "Big", "game": "3io"}`}, "only lower-case letters"},
		{"no game", map[string]string{"a.variant.json": `{"name": "a"}`}, `missing "game"`},
		{"unknown game", map[string]string{"a.variant.json": `{"name": "a", "game": "chess"}`}, `unknown game "chess"`},
		{"unknown option", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"speed": "fast"}}`}, `unknown option "speed"`},
		{"bad value", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"civilization-pacing": "maybe"}}`}, "want one of"},
		{"missing file", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "none.json"}}`}, "no such file"},
		{"escaping the folder", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "../small.json"}}`}, "outside the variants' folder"},
		{"absolute path", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "/etc/passwd"}}`}, "not by an absolute path"},
		{"a variant file as table", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "a.variant.json"}}`}, "is a variant file"},
		{"bad table", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "t.json"}}`, "t.json": `{"tiles": 3}`}, "t.json"},
		{"duplicate names", map[string]string{"a.variant.json": good, "b.variant.json": good, "small.json": string(tiles)}, `name "small" is taken by`},
		{"no variants", map[string]string{"small.json": string(tiles)}, "no variant files"},
		{"line break in the title", map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "title": "a\nb"}`}, "title: only printable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := folder(t, c.files)
			_, err := variant.Load(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one saying %q", err, c.want)
			}
			if c.name != "no variants" && !strings.Contains(err.Error(), ".variant.json") {
				t.Errorf("err = %v: names no file", err)
			}
		})
	}
}

// An Open Science Alliance variant with a cards file of its own.
func TestLoadCards(t *testing.T) {
	dir := folder(t, map[string]string{
		"short.variant.json": `{"name": "short", "game": "Open Science Alliance", "title": "Short", "options": {"cards": "cards/short.json"}}`,
		"cards/short.json":   string(mustRead("../games/openscience/testdata/cards/short.json")),
	})
	s, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if v := s.Lookup("short"); v.Game != "open-science-alliance" || v.Data == "" || v.Tables["cards"] != filepath.Join(dir, "cards", "short.json") {
		t.Errorf("short = %+v", v)
	}
}

// A link out of the folder is refused like a path with "..".
func TestLoadLinkOut(t *testing.T) {
	outside := folder(t, map[string]string{"t.json": string(tiles)})
	dir := folder(t, map[string]string{"a.variant.json": `{"name": "a", "game": "3io", "options": {"tiles": "t.json"}}`})
	if err := os.Symlink(filepath.Join(outside, "t.json"), filepath.Join(dir, "t.json")); err != nil {
		t.Skip(err)
	}
	if _, err := variant.Load(dir); err == nil || !strings.Contains(err.Error(), "leads outside") {
		t.Fatalf("err = %v", err)
	}
}

func TestLoadNoFolder(t *testing.T) {
	if _, err := variant.Load(filepath.Join(t.TempDir(), "none")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("err = %v", err)
	}
}
