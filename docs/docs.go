// Package docs holds the rules documents (docs/rules/*.md) in the
// binary, and renders them as HTML for the web app's "How to play"
// pages, so that a server shows a game's rules without the repository
// beside it and without the network.
package docs

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

//go:embed rules/*.md
var files embed.FS

// ErrNoDoc is returned for a path that names no embedded document.
var ErrNoDoc = errors.New("no such document")

// Markdown returns the text of the document at doc, a path as a game's
// Info.Doc gives it ("docs/rules/source.md").
func Markdown(doc string) ([]byte, error) {
	name, ok := strings.CutPrefix(path.Clean(doc), "docs/")
	if !ok || !fs.ValidPath(name) {
		return nil, fmt.Errorf("%s: %w", doc, ErrNoDoc)
	}
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", doc, ErrNoDoc)
	}
	return b, nil
}

// Page is a document rendered for the web.
type Page struct {
	// Title is the text of the document's first heading.
	Title string
	// HTML is the document's body as an HTML fragment.
	HTML []byte
}

var cache sync.Map // doc path -> *Page

// Render returns the document at doc as HTML. GitHub's Markdown is
// followed (tables, strikethrough, autolinks), and headings get the ids
// GitHub gives them, so that links to a section (#notation) work. No
// raw HTML of the document is passed on (goldmark leaves it out), nor a
// link with a dangerous scheme (javascript:). A link to another file of
// the repository would not resolve on a web page: one to another rules
// document becomes a link to that document's page (via pageOf, which
// maps a document's path to its page, or "" for none), and any other
// becomes its text alone. Pages are rendered once and kept.
func Render(doc string, pageOf func(doc string) string) (*Page, error) {
	if p, ok := cache.Load(doc); ok {
		return p.(*Page), nil
	}
	src, err := Markdown(doc)
	if err != nil {
		return nil, err
	}
	p, err := render(doc, src, pageOf)
	if err != nil {
		return nil, err
	}
	cache.Store(doc, p)
	return p, nil
}

// render renders src, the text of document doc.
func render(doc string, src []byte, pageOf func(string) string) (*Page, error) {
	md := goldmark.New(
		goldmark.WithExtensions(
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough, extension.Linkify,
		),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(&links{doc: doc, pageOf: pageOf}, 100)),
		),
	)
	var buf bytes.Buffer
	ctx := parser.NewContext()
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(ctx))
	if err := md.Renderer().Render(&buf, src, root); err != nil {
		return nil, fmt.Errorf("%s: %w", doc, err)
	}
	return &Page{Title: firstHeading(root, src), HTML: buf.Bytes()}, nil
}

func firstHeading(root ast.Node, src []byte) string {
	var title string
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering && h.Level == 1 {
			title = plainText(h, src)
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return title
}

func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch t := c.(type) {
			case *ast.Text:
				b.Write(t.Segment.Value(src))
			case *ast.String:
				b.Write(t.Value)
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// links rewrites the links of document doc that point into the
// repository (see Render).
type links struct {
	doc    string
	pageOf func(string) string
}

func (l *links) Transform(root *ast.Document, reader text.Reader, pc parser.Context) {
	var unlink []ast.Node
	ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *ast.Link:
			if dest, ok := l.target(string(t.Destination)); ok {
				t.Destination = []byte(dest)
			} else {
				unlink = append(unlink, t)
			}
		case *ast.Image:
			// The page may show images of its own server only, and the
			// documents have none there.
			unlink = append(unlink, t)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unlink {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		if img, ok := n.(*ast.Image); ok {
			// An image that cannot be shown: its description instead.
			parent.ReplaceChild(parent, img, ast.NewString([]byte(plainText(img, reader.Source()))))
			continue
		}
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
}

// target is where a link of the document goes on the web: itself for a
// link to a section or to another site, the page of another rules
// document, or nothing (false) for any other file of the repository.
func (l *links) target(dest string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil {
		return "", false
	}
	if u.Scheme != "" || u.Host != "" {
		return dest, true // another site (goldmark drops dangerous schemes)
	}
	if u.Path == "" {
		return dest, true // #section of this document
	}
	if l.pageOf == nil {
		return "", false
	}
	target := path.Join(path.Dir(l.doc), u.Path)
	page := l.pageOf(target)
	if page == "" {
		return "", false
	}
	if u.Fragment != "" {
		page += "#" + u.Fragment
	}
	return page, true
}
