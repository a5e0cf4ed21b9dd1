package server_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/variant"
)

// variantsFolder is a folder of one 3io variant, "small": the small box
// of tiles (31 tiles) and civilization pacing.
func variantsFolder(t *testing.T) *variant.Set {
	t.Helper()
	dir := t.TempDir()
	tiles, err := os.ReadFile("../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"small-box.json":     string(tiles),
		"small.variant.json": `{"name": "small", "game": "3io", "title": "Small box", "description": "31 tiles: a short game.", "options": {"tiles": "small-box.json", "civilization-pacing": "on"}}`,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// boxTotal is the number of tiles in the box of a 3io match's state.
func boxTotal(t *testing.T, s stateMsg) int {
	t.Helper()
	var obs struct {
		BoxTotal int `json:"box_total"`
	}
	if err := json.Unmarshal(s.Observation, &obs); err != nil {
		t.Fatal(err)
	}
	return obs.BoxTotal
}

func TestVariantMatch(t *testing.T) {
	set := variantsFolder(t)
	small := set.Lookup("small")
	st := sqliteStore(t)
	n := startNode(t, st, server.Config{Variants: set})

	// The games list the variant, without its file.
	var games []struct {
		Name     string `json:"name"`
		Variants []struct {
			Name, Title, Description, Data string
			Options                        map[string]string
			Tables                         []string
		} `json:"variants"`
	}
	raw := n.mustCall(http.StatusOK, "GET", "/api/games", "", nil, &games)
	if strings.Contains(string(raw), "small-box.json") || strings.Contains(string(raw), set.Dir) {
		t.Errorf("GET /api/games names the variant's file: %s", raw)
	}
	for _, g := range games {
		switch {
		case g.Name == "3io" && (len(g.Variants) != 1 || g.Variants[0].Name != "small" || g.Variants[0].Title != "Small box" ||
			g.Variants[0].Data != small.Data || g.Variants[0].Options["civilization-pacing"] != "on" || len(g.Variants[0].Tables) != 1):
			t.Errorf("3io's variants: %+v", g.Variants)
		case g.Name != "3io" && len(g.Variants) > 0:
			t.Errorf("%s has variants %+v", g.Name, g.Variants)
		}
	}

	// A match of the variant plays with its table.
	a := n.create(map[string]any{"game": "3io", "variant": "small", "seats": []string{"human", "human"}, "join": 1})
	id := a.Match.ID
	if v := a.Match.Variant; v == nil || v.Name != "small" || v.Title != "Small box" || v.Data != small.Data {
		t.Fatalf("the match's variant: %+v", v)
	}
	if a.Match.Options["tiles"] != "" || a.Match.Options["civilization-pacing"] != "on" {
		t.Errorf("the match's options: %v", a.Match.Options)
	}
	// 31 tiles, one dealt to each seat.
	if got := boxTotal(t, n.state(id, "")); got != 29 {
		t.Errorf("box of %d tiles, want the small box's 31 less the 2 dealt", got)
	}
	plain := n.create(map[string]any{"game": "3io"})
	if got := boxTotal(t, n.state(plain.Match.ID, "")); got <= 31 || plain.Match.Variant != nil {
		t.Errorf("a match of the game's own rules: box of %d tiles, variant %+v", got, plain.Match.Variant)
	}
	b := n.join(id, 2)
	for i := 0; i < 4; i++ {
		s := n.state(id, "")
		tok := []string{a.Token, b.Token}[s.ToMove-1]
		mine := n.state(id, tok)
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", tok, map[string]any{"move": mine.Legal[0], "version": mine.Version}, nil)
	}

	// Its record names the variant and its table's hash, not the file,
	// and replays with the variant's folder only.
	raw = n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/record", "", nil, nil)
	if strings.Contains(string(raw), "small-box.json") || strings.Contains(string(raw), set.Dir) {
		t.Errorf("the record names the variant's file: %s", raw)
	}
	rec, err := record.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Variant == nil || rec.Variant.Name != "small" || rec.Variant.Data != small.Data {
		t.Fatalf("the record's variant: %+v", rec.Variant)
	}
	if _, err := record.Play(rec, record.Options{}); err == nil || !strings.Contains(err.Error(), "--variants") {
		t.Errorf("the record replayed without its table: %v", err)
	}
	if err := set.Bind(rec); err != nil {
		t.Fatal(err)
	}
	if _, err := record.Play(rec, record.Options{}); err != nil {
		t.Errorf("the record does not replay with its variant: %v", err)
	}
	n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/replay?view=spectator", "", nil, nil)

	// Another server on the same store, with the same variants, goes on
	// with the match on the variant's table.
	n.stop()
	n2 := startNode(t, st, server.Config{Variants: set})
	if got := boxTotal(t, n2.state(id, "")); got >= 29 {
		t.Errorf("after a restart: box of %d tiles, want fewer than 29 (tiles drawn)", got)
	}
	// A rematch is of the same variant.
	n2.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", a.Token, nil, nil)
	var re seatAnswer
	n2.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/rematch", b.Token, nil, &re)
	if re.Match.Variant == nil || re.Match.Variant.Name != "small" || boxTotal(t, n2.state(re.Match.ID, "")) != 29 {
		t.Errorf("the rematch: variant %+v", re.Match.Variant)
	}
	n2.stop()
	// A server without the variant says so rather than playing another
	// table.
	n3 := startNode(t, st, server.Config{})
	if code, raw := n3.call("GET", "/api/matches/"+id+"/state", "", nil, nil); code != http.StatusServiceUnavailable || !strings.Contains(string(raw), "serve --variants") {
		t.Errorf("a server without the variant: %d %s", code, raw)
	}
}

// A client names a variant, never a file: a path option stays refused,
// with a variant too, and so does a variant the server does not have.
func TestVariantRefused(t *testing.T) {
	n := startNode(t, nil, server.Config{Variants: variantsFolder(t)})
	bare := startNode(t, nil, server.Config{})
	for _, c := range []struct {
		name string
		n    *node
		req  map[string]any
		want string
	}{
		{"path option", n, map[string]any{"game": "3io", "options": map[string]string{"tiles": "small-box.json"}}, "option tiles names a file"},
		{"path option with a variant", n, map[string]any{"game": "3io", "variant": "small", "options": map[string]string{"tiles": "/etc/passwd"}}, "option tiles names a file"},
		{"unknown variant", n, map[string]any{"game": "3io", "variant": "big"}, `unknown variant "big" of 3io (variants: small)`},
		{"another game's variant", n, map[string]any{"game": "source", "variant": "small"}, `unknown variant "small" of source (variants: none)`},
		{"a path as variant", n, map[string]any{"game": "3io", "variant": "../small"}, "not a variant's name"},
		{"a file as variant", n, map[string]any{"game": "3io", "variant": "small.variant.json"}, "not a variant's name"},
		{"an option the variant sets", n, map[string]any{"game": "3io", "variant": "small", "options": map[string]string{"civilization-pacing": "off"}}, `variant small sets option "civilization-pacing"`},
		{"no variants", bare, map[string]any{"game": "3io", "variant": "small"}, "3io has no variants here"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var e struct{ Error string }
			code, raw := c.n.call("POST", "/api/matches", "", c.req, nil)
			json.Unmarshal(raw, &e)
			if code != http.StatusBadRequest || !strings.Contains(e.Error, c.want) {
				t.Errorf("status %d %s, want 400 saying %q", code, raw, c.want)
			}
		})
	}
	// The variant's own value of an option it sets may be repeated, and
	// an option it leaves alone chosen.
	a := n.create(map[string]any{"game": "3io", "variant": "small", "players": 3, "options": map[string]string{"civilization-pacing": "on", "pacing-level": "Colony"}})
	if a.Match.Options["pacing-level"] != "Colony" || a.Match.Variant == nil {
		t.Errorf("options %v, variant %+v", a.Match.Options, a.Match.Variant)
	}
}
