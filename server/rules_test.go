package server_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/server"
)

// TestRulesPage: GET /api/games/{name}/rules answers every game's rules
// document as HTML, from the copy in the binary (no file, no network),
// by the game's name or its title; an unknown game and a game without a
// document are 404.
func TestRulesPage(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	type answer struct {
		Game, Title, Doc, HTML string
	}
	for _, g := range game.Games() {
		in := g.Info()
		if in.Doc == "" {
			continue
		}
		for _, name := range []string{in.Name, in.Title} {
			var a answer
			n.mustCall(http.StatusOK, "GET", "/api/games/"+urlPath(name)+"/rules", "", nil, &a)
			if a.Game != in.Name || a.Title != in.Title || a.Doc != in.Doc {
				t.Errorf("%s: %s %q %s", name, a.Game, a.Title, a.Doc)
			}
			if !strings.Contains(a.HTML, "<h1 id=") || !strings.Contains(a.HTML, `<h2 id="notation">Notation</h2>`) {
				t.Errorf("%s: the page has no title or no Notation section:\n%.800s", name, a.HTML)
			}
		}
	}
	for path, says := range map[string]string{
		"/api/games/chess/rules":     "unknown game",
		"/api/games/countdown/rules": "countdown has no rules document",
	} {
		code, raw := n.call("GET", path, "", nil, nil)
		if code != http.StatusNotFound || !strings.Contains(string(raw), says) {
			t.Errorf("GET %s: %d %s; want 404 saying %q", path, code, raw, says)
		}
	}
}

func urlPath(s string) string { return strings.ReplaceAll(s, " ", "%20") }

// TestGameTitles: the API takes a game by the names the command line
// takes: its name, or its name or title in any case and spacing.
func TestGameTitles(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for name, want := range map[string]string{
		"Breaking Head": "breaking-head", "breakinghead": "breaking-head", "SOURCE": "source",
		"Open Source, the Board Game": "open-source-board-game", "3IO": "3io",
	} {
		a := n.create(map[string]any{"game": name, "seats": nil})
		if a.Match.Game != want {
			t.Errorf("%q made a match of %s, want %s", name, a.Match.Game, want)
		}
	}
	var list []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches?game=Breaking%20Head", "", nil, &list)
	if len(list) != 2 {
		t.Errorf("the list of Breaking Head matches has %d, want 2", len(list))
	}
}

// TestRulebookPage: GET /api/games/{name}/rulebook answers every game's
// players' rulebook with the game's numbers for the player count asked
// and, for one of the server's variants, the variant's; a bad count or an
// unknown variant is refused, saying so.
func TestRulebookPage(t *testing.T) {
	n := startNode(t, nil, server.Config{Variants: variantsFolder(t)})
	type answer struct {
		Game, Title, Doc, Rulebook, HTML, Variant string
		Players                                   int
	}
	for _, g := range game.Games() {
		in := g.Info()
		if in.Doc == "" {
			continue
		}
		var a answer
		n.mustCall(http.StatusOK, "GET", "/api/games/"+in.Name+"/rulebook?players="+strconv.Itoa(in.MaxPlayers), "", nil, &a)
		if a.Game != in.Name || a.Players != in.MaxPlayers || a.Doc != in.Doc || !strings.Contains(a.HTML, "<h1 id=") ||
			!strings.Contains(a.HTML, "Finer points") {
			t.Errorf("%s: %s %d players %q, html:\n%.400s", in.Name, a.Game, a.Players, a.Doc, a.HTML)
		}
	}
	var today, small answer
	n.mustCall(http.StatusOK, "GET", "/api/games/3io/rulebook", "", nil, &today)
	n.mustCall(http.StatusOK, "GET", "/api/games/3io/rulebook?variant=small", "", nil, &small)
	if small.Variant != "small" || small.HTML == today.HTML {
		t.Errorf("the small box's rulebook (variant %q) reads as today's", small.Variant)
	}
	for path, says := range map[string]string{
		"/api/games/3io/rulebook?players=abc":                        `want a number of players, 2 to 4`,
		"/api/games/3io/rulebook?players=9":                          "9 players",
		"/api/games/3io/rulebook?variant=big":                        `of 3io (variants: small)`,
		"/api/games/countdown/rulebook":                              "countdown has no rulebook",
		"/api/games/3io/rulebook?variant=" + strings.Repeat("x", 60): "at most 40 bytes",
	} {
		code, raw := n.call("GET", path, "", nil, nil)
		if code < 400 || !strings.Contains(string(raw), says) {
			t.Errorf("GET %s: %d %s; want an error saying %q", path, code, raw, says)
		}
	}
}
