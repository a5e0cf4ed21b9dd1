package docs_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/commons-games/commons/docs"
	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
)

// pageOf maps a rules document to its page, as the server does.
func pageOf(doc string) string {
	for _, g := range game.Games() {
		if g.Info().Doc == doc {
			return "/rules/" + g.Info().Name
		}
	}
	return ""
}

// TestEveryGameRenders: the rules document of every registered game is
// in the binary and renders with the game's title, a Notation section
// that links can reach (#notation), no raw HTML and no link into the
// repository's files, which a web page could not follow.
func TestEveryGameRenders(t *testing.T) {
	hrefs := regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	for _, g := range game.Games() {
		in := g.Info()
		if in.Doc == "" {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			p, err := docs.Render(in.Doc, pageOf)
			if err != nil {
				t.Fatal(err)
			}
			if p.Title != in.Title {
				t.Errorf("title %q, want %q", p.Title, in.Title)
			}
			if !bytes.Contains(p.HTML, []byte(`<h2 id="notation">Notation</h2>`)) {
				t.Errorf("no Notation heading with its id:\n%.2000s", p.HTML)
			}
			if !bytes.Contains(p.HTML, []byte("<table>")) {
				t.Error("no table: the tables extension is off?")
			}
			for _, bad := range []string{"<script", "style=", "raw HTML omitted"} {
				if bytes.Contains(p.HTML, []byte(bad)) {
					t.Errorf("the page holds %q", bad)
				}
			}
			for _, m := range hrefs.FindAllSubmatch(p.HTML, -1) {
				dest := string(m[1])
				if !strings.HasPrefix(dest, "#") && !strings.HasPrefix(dest, "/rules/") && !strings.HasPrefix(dest, "https://") && !strings.HasPrefix(dest, "http://") {
					t.Errorf("a link the page cannot follow: %q", dest)
				}
			}
			again, _ := docs.Render(in.Doc, pageOf)
			if again != p {
				t.Error("a page is rendered twice")
			}
		})
	}
}

// TestLinksIntoTheRepository: a link to another rules document becomes
// that document's page, a link to any other file of the repository
// becomes its text, and raw HTML is left out.
func TestLinksIntoTheRepository(t *testing.T) {
	p, err := docs.Render("docs/rules/breaking-head.md", pageOf)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(p.HTML, []byte("games/breakinghead")) && bytes.Contains(p.HTML, []byte(`href="../../games`)) {
		t.Error("a link to the package's folder is left in")
	}
	if _, err := docs.Render("docs/rules/chess.md", pageOf); err == nil {
		t.Error("a document that does not exist renders")
	}
	if _, err := docs.Render("../../etc/passwd", pageOf); err == nil {
		t.Error("a path out of the documents renders")
	}
}
