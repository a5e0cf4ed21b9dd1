package record_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/threeio"
	"github.com/commons-games/commons/record"
)

// A record names the variant it was played as, and round-trips it; a
// record without one (every record before variants) reads as before.
func TestVariantRoundTrip(t *testing.T) {
	seed := uint64(7)
	r := record.New("3io", 2, game.Options{"civilization-pacing": "on"}, &seed)
	r.Variant = &record.Variant{Name: "small", Data: strings.Repeat("ab", 32)}
	r.Tables = game.Options{"tiles": "/srv/variants/small.json"}
	data := r.Marshal()
	if strings.Contains(string(data), "/srv") || strings.Contains(string(data), "tables") {
		t.Fatalf("the record carries the server's path:\n%s", data)
	}
	if !strings.Contains(string(data), `"variant": {`) {
		t.Fatalf("no variant in\n%s", data)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Variant == nil || *back.Variant != *r.Variant || back.Tables != nil {
		t.Errorf("read back variant %+v, tables %v", back.Variant, back.Tables)
	}
	old, err := record.Parse([]byte(`{"game": "3io", "players": 2, "moves": []}`))
	if err != nil || old.Variant != nil {
		t.Errorf("a record without a variant: %v, %+v", err, old)
	}
	for _, c := range []struct{ in, want string }{
		{`{"game": "3io", "players": 2, "variant": {"data": "ab"}}`, `misses its "name"`},
		{`{"game": "3io", "players": 2, "variant": "small"}`, `"variant" wants an object`},
		{`{"game": "3io", "players": 2, "variant": {"name": "a", "file": "x"}}`, `unknown field "file"`},
	} {
		if _, err := record.Parse([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v, want %q", c.in, err, c.want)
		}
	}
}

// A record of a variant replays with the variant's table (Tables), and
// only with the table it was played with.
func TestVariantReplay(t *testing.T) {
	small, err := filepath.Abs("../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.Lookup("3io")
	cfg, err := game.Resolve(g, 2, game.Options{"tiles": small})
	if err != nil {
		t.Fatal(err)
	}
	hash, err := g.(game.DataHasher).DataHash(cfg)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	r := record.New("3io", 2, nil, &seed)
	r.Variant = &record.Variant{Name: "small", Data: hash}

	// Without its table: the embedded one is not the one played with.
	if _, err := record.Play(r, record.Options{}); err == nil || !strings.Contains(err.Error(), "--variants DIR") {
		t.Fatalf("replayed without the table: %v", err)
	}
	r.Tables = game.Options{"tiles": small}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete.Variant == nil || rep.Complete.Variant.Name != "small" || rep.Complete.Tables["tiles"] != small {
		t.Errorf("the complete record lost the variant: %+v", rep.Complete)
	}
	if got := rep.State.(game.State).Config().Options.Get("tiles"); got != small {
		t.Errorf("played with tiles %q, want %q", got, small)
	}

	// Another table under the variant's name: refused, saying so.
	other := filepath.Join(t.TempDir(), "other.json")
	data, err := os.ReadFile("../games/threeio/testdata/tiles/t3-classic.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	r.Tables = game.Options{"tiles": other}
	if _, err := record.Play(r, record.Options{}); err == nil || !strings.Contains(err.Error(), "the table changed") {
		t.Fatalf("replayed with another table: %v", err)
	}
}
