package docs

import (
	"bytes"
	"embed"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/commons-games/commons/game"
)

// The players' rulebooks (docs/rulebooks/NAME.md): a game taught to a
// newcomer in a few minutes, where the rules documents (docs/rules/) are
// the implementers' full specification. Each is a text/template of
// Markdown, executed with the game's numbers (game.Numberer) for the
// configuration played, so that a variant's rulebook quotes the
// variant's numbers and none is copied from the data by hand.

//go:embed rulebooks/*.md
var rulebooks embed.FS

// FinerPoints is the heading that ends a rulebook's basics: what comes
// before it is what a newcomer reads first, and is kept short
// (BasicsWords).
const FinerPoints = "## Finer points"

// BasicsWords bounds the words of a rulebook's basics: five minutes at
// the pace of an unhurried reader (some 130 words a minute for rules,
// which are read twice).
const BasicsWords = 650

// RulebookPath is the path of game name's rulebook in the repository.
func RulebookPath(name string) string { return "docs/rulebooks/" + name + ".md" }

// HasRulebook reports whether the build holds a rulebook of game name.
func HasRulebook(name string) bool {
	_, err := rulebooks.ReadFile("rulebooks/" + name + ".md")
	return err == nil
}

// RulebookMarkdown returns game g's rulebook for cfg as Markdown: its
// template executed with the game's numbers for cfg. A number the
// template names and the game does not give is an error, never a blank.
func RulebookMarkdown(g game.Game, cfg game.Config) ([]byte, error) {
	name := g.Info().Name
	src, err := rulebooks.ReadFile("rulebooks/" + name + ".md")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", RulebookPath(name), ErrNoDoc)
	}
	names := map[string]bool{}
	if il, ok := g.(game.Illustrator); ok {
		exs, err := il.Examples(cfg)
		if err != nil {
			return nil, fmt.Errorf("%s: its examples: %w", name, err)
		}
		for _, ex := range exs {
			names[ex.Name] = true
		}
	}
	t, err := template.New(name).Option("missingkey=error").Funcs(template.FuncMap{
		// example places a picture: a paragraph of its own, which the web
		// app replaces with the position drawn by the game's board.
		"example": func(ex string) (string, error) {
			if !names[ex] {
				return "", fmt.Errorf("no example %q: the game's Examples have %s", ex, strings.Join(slices.Sorted(maps.Keys(names)), ", "))
			}
			return "\n\n" + ExampleMark(ex) + "\n\n", nil
		},
	}).Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", RulebookPath(name), err)
	}
	numbers := map[string]any{}
	if n, ok := g.(game.Numberer); ok {
		if numbers, err = n.Numbers(cfg); err != nil {
			return nil, fmt.Errorf("%s: its numbers: %w", name, err)
		}
	}
	var b bytes.Buffer
	if err := t.Execute(&b, numbers); err != nil {
		return nil, fmt.Errorf("%s: %w", RulebookPath(name), err)
	}
	return b.Bytes(), nil
}

// Rulebook returns game g's rulebook for cfg as a page, rendered as
// Render renders the rules documents; pageOf maps a rules document to
// its page, for the rulebook's links to the rules in full.
func Rulebook(g game.Game, cfg game.Config, pageOf func(doc string) string) (*Page, error) {
	md, err := RulebookMarkdown(g, cfg)
	if err != nil {
		return nil, err
	}
	return render(RulebookPath(g.Info().Name), md, pageOf)
}

// ExampleMark is the paragraph that stands for example name in a
// rulebook's page: the web app draws the example's position there.
func ExampleMark(name string) string { return "[example: " + name + "]" }

// Examples returns the names of the examples a rulebook's Markdown
// places, in order.
func Examples(md []byte) []string {
	var out []string
	for _, m := range exampleMark.FindAllSubmatch(md, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

var exampleMark = regexp.MustCompile(`(?m)^\[example: ([a-z0-9-]+)\]$`)

// Basics returns the part of a rulebook's Markdown before its finer
// points: what a newcomer reads first.
func Basics(md []byte) []byte {
	if i := bytes.Index(md, []byte("\n"+FinerPoints)); i >= 0 {
		return md[:i]
	}
	return md
}

// ruleLine is a table's header rule (|---|:--:|), markup is the marks of
// emphasis, headings, quotes and cells: what Words does not count.
var (
	ruleLine = regexp.MustCompile(`(?m)^[ \t]*\|?[ \t:|-]*-[ \t:|-]*$`)
	markup   = regexp.MustCompile("[|#*_`>]")
)

// Words counts the words of Markdown text, its markup left out.
func Words(md []byte) int {
	text := ruleLine.ReplaceAllString(string(md), " ")
	return len(strings.Fields(markup.ReplaceAllString(text, " ")))
}
