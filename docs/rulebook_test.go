package docs_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/docs"
	"github.com/commons-games/commons/game"
)

// Every game has a players' rulebook that renders at every player count
// with the game's own numbers, titled as the game, in the order a
// newcomer reads, with basics short enough for five minutes.
func TestRulebooks(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		if in.Doc == "" {
			continue // a test game
		}
		t.Run(in.Name, func(t *testing.T) {
			if !docs.HasRulebook(in.Name) {
				t.Fatalf("no rulebook: write %s", docs.RulebookPath(in.Name))
			}
			if _, ok := g.(game.Numberer); !ok {
				t.Errorf("%s does not give its numbers (game.Numberer) for its rulebook", in.Name)
			}
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				cfg, err := game.Resolve(g, n, nil)
				if err != nil {
					t.Fatal(err)
				}
				md, err := docs.RulebookMarkdown(g, cfg)
				if err != nil {
					t.Fatalf("%d players: %v", n, err)
				}
				if bytes.Contains(md, []byte("<no value>")) {
					t.Errorf("%d players: a number is missing (<no value>)", n)
				}
				if w := docs.Words(docs.Basics(md)); w > docs.BasicsWords {
					t.Errorf("%d players: the basics are %d words, more than %d (five minutes' reading)", n, w, docs.BasicsWords)
				}
				if !bytes.Contains(md, []byte("\n"+docs.FinerPoints)) {
					t.Errorf("no %q section", docs.FinerPoints)
				}
				order := []string{"\n## What is on the table", "\n## A turn", "\n## The end", "\n" + docs.FinerPoints}
				last := -1
				for _, h := range order {
					i := bytes.Index(md, []byte(h))
					if i < last {
						t.Errorf("section %q is missing or out of order (%s)", strings.TrimSpace(h), strings.Join(order, ", "))
						break
					}
					last = i
				}
			}
			cfg, _ := game.Resolve(g, in.MinPlayers, nil)
			// Every example position the game builds is shown somewhere.
			if il, ok := g.(game.Illustrator); ok {
				exs, err := il.Examples(cfg)
				if err != nil {
					t.Fatal(err)
				}
				md, _ := docs.RulebookMarkdown(g, cfg)
				placed := docs.Examples(md)
				for _, ex := range exs {
					if !slices.Contains(placed, ex.Name) {
						t.Errorf("example %s is not placed in the rulebook ({{example %q}})", ex.Name, ex.Name)
					}
					if ex.Caption == "" || ex.State == nil {
						t.Errorf("example %s: no caption or no position", ex.Name)
					}
				}
			} else {
				t.Errorf("%s shows no example positions (game.Illustrator)", in.Name)
			}
			p, err := docs.Rulebook(g, cfg, pageOf)
			if err != nil {
				t.Fatal(err)
			}
			if p.Title != in.Title {
				t.Errorf("the rulebook's title %q, want the game's %q", p.Title, in.Title)
			}
			md, _ := docs.RulebookMarkdown(g, cfg)
			for _, word := range []string{"ruling", "the engine", "json", "docs/", "package games"} {
				if bytes.Contains(bytes.ToLower(docs.Basics(md)), []byte(word)) {
					t.Errorf("the basics speak of %q: a newcomer's rulebook has no implementers' words", word)
				}
			}
		})
	}
}

// Words counts what a reader reads, not the markup.
func TestWords(t *testing.T) {
	md := []byte("# Title\n\n| a | b |\n|---|---:|\n| one | **two** |\n\nA *short* line.")
	if got := docs.Words(md); got != 8 {
		t.Errorf("%d words, want 8 (Title a b one two A short line)", got)
	}
	if got := string(docs.Basics([]byte("basics\n## Finer points\nmore"))); got != "basics" {
		t.Errorf("basics %q", got)
	}
}
