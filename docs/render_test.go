package docs

import (
	"strings"
	"testing"
)

// TestRenderSafely: raw HTML and dangerous links are left out, links to
// another rules document go to its page, links to other files of the
// repository and images become text, and sections keep their links.
func TestRenderSafely(t *testing.T) {
	src := "# A game\n\n" +
		"<script>alert(1)</script>\n\n" +
		"See [the notation](#notation), [3io's](3io.md#notation), [the package](../../games/x), " +
		"[bots](../bots.md), [evil](javascript:alert(1)), [a site](https://example.org/) and ![a drawing](board.png).\n\n" +
		"| a | b |\n|:--|--:|\n| 1 | 2 |\n\n## Notation\n"
	pageOf := func(doc string) string {
		if doc == "docs/rules/3io.md" {
			return "/rules/3io"
		}
		return ""
	}
	p, err := render("docs/rules/x.md", []byte(src), pageOf)
	if err != nil {
		t.Fatal(err)
	}
	html := string(p.HTML)
	for _, want := range []string{
		`<a href="#notation">the notation</a>`, `<a href="/rules/3io#notation">3io's</a>`,
		"the package,", "bots,", `<a href="https://example.org/">a site</a>`, "and a drawing.",
		`<h2 id="notation">Notation</h2>`, `<th align="left">a</th>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("no %q in:\n%s", want, html)
		}
	}
	for _, bad := range []string{"<script", "javascript:", "games/x", "bots.md", "<img", "style="} {
		if strings.Contains(html, bad) {
			t.Errorf("%q in:\n%s", bad, html)
		}
	}
	if p.Title != "A game" {
		t.Errorf("title %q", p.Title)
	}
}
