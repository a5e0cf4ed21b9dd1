package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/variant"
)

// TestVariantInLobby: the lobby offers a game's variants where the game
// is chosen (today's rules first), says what the chosen one sets and
// fixes the options it sets; the match made is of the variant, plays
// with its table, and its page says so. On a phone and on a laptop.
func TestVariantInLobby(t *testing.T) {
	dir := t.TempDir()
	tiles, err := os.ReadFile("../../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "small-box.json"), tiles, 0o644)
	os.WriteFile(filepath.Join(dir, "small.variant.json"), []byte(`{"name": "small", "game": "3io", "title": "Small box", "description": "31 tiles: a short game for a first try.", "options": {"tiles": "small-box.json", "civilization-pacing": "on"}}`), 0o644)
	set, err := variant.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := startAppWith(t, func(c *server.Config) { c.Variants = set })
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		t.Run(size.name, func(t *testing.T) {
			p := newSession(t, "vera-"+size.name, size.width, size.height, size.mobile)
			p.open(a.url + "/")
			p.waitJS(`document.body.dataset.view === "lobby" && document.querySelector("#seat-1")`, 10*time.Second)
			// Source has no variants: no choice.
			p.selectValue("#game", "source")
			var hidden bool
			p.eval(`document.querySelector(".variant-choice").hidden`, &hidden)
			if !hidden {
				t.Error("a variant choice for a game without variants")
			}
			p.selectValue("#game", "3io")
			var choices []string
			p.eval(`[...document.querySelectorAll("#variant option")].map((o) => o.value + "=" + o.textContent)`, &choices)
			if strings.Join(choices, ",") != "=Today's rules,small=Small box" {
				t.Fatalf("the variants offered: %v", choices)
			}
			p.selectValue("#variant", "small")
			var doc string
			var fixed bool
			p.eval(`document.querySelector("#variant-doc").textContent`, &doc)
			p.eval(`document.querySelector("#opt-civilization-pacing").disabled && document.querySelector("#opt-civilization-pacing").value === "on"`, &fixed)
			if !strings.Contains(doc, "31 tiles") || !strings.Contains(doc, "Tiles: the server's table") || !fixed {
				t.Errorf("the variant's words %q; civilization pacing fixed on: %v", doc, fixed)
			}
			var ok bool
			p.eval(`(document.querySelector("#new").scrollIntoView(), true)`, &ok)
			p.viewShot("variant-lobby-" + size.name + ".png")
			p.click("#create")
			p.waitJS(`document.body.dataset.view === "match" && document.querySelector(".variant-line:not([hidden])")`, 15*time.Second)
			var line string
			p.eval(`document.querySelector(".variant-line").textContent`, &line)
			if !strings.HasPrefix(line, "Variant: Small box") {
				t.Errorf("the match page's variant line: %q", line)
			}
			p.viewShot("variant-match-" + size.name + ".png")
			id := p.data()["match"]
			if id == "" {
				p.eval(`location.pathname.split("/").pop()`, &id)
			}
			var m struct {
				Variant *struct{ Name string } `json:"variant"`
			}
			a.call("GET", "/api/matches/"+id, nil, &m)
			if m.Variant == nil || m.Variant.Name != "small" {
				t.Fatalf("the match made: variant %+v", m.Variant)
			}
			var st struct{ Observation json.RawMessage }
			a.call("GET", "/api/matches/"+id+"/state", nil, &st)
			var obs struct {
				BoxTotal int `json:"box_total"`
			}
			json.Unmarshal(st.Observation, &obs)
			if obs.BoxTotal > 31 {
				t.Errorf("the match's box has %d tiles: not the variant's table", obs.BoxTotal)
			}
			// The lobby lists it with the variant's tag.
			p.open(a.url + "/")
			p.waitJS(`document.querySelector('[data-match="`+id+`"] [data-variant="small"]')`, 15*time.Second)
		})
	}
}
