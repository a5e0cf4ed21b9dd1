// Package web is the Commons web app: the lobby, the boards of the games,
// live play and replays, in the browser. Its pages are TypeScript (src/),
// bundled by esbuild into dist/ with go generate and embedded in the
// binary, so serving them needs neither Node.js nor any file at run time.
// The same go generate first writes src/observations.ts, the TypeScript
// types of the games' observations, from the Go structs (package
// web/internal/obstypes), so that the boards read what the server sends.
//
// Everything a page does goes through the server's API (docs/api.md):
// it lists games and matches, creates and joins matches, keeps its seat
// token in the browser's localStorage (so a reload keeps the seat),
// plays over the match's WebSocket, and reads a match's replay in pages
// of patches (GET /api/matches/{id}/replay, built by package replay).
// Signed in (a session cookie the page never reads), it plays the
// account's seats without tokens, talks at tables and in the lobby, and
// shows ratings, profiles and leaderboards.
// This package holds the page and its static files (Page, File,
// PageRoutes); the server serves them, beside the API.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"path"
	"strings"
)

//go:embed dist
var dist embed.FS

// asset is one embedded file, ready to serve.
type asset struct {
	body  []byte
	ctype string
	etag  string // strong ETag: a hash of the body
}

var (
	assets = map[string]*asset{}
	index  *asset
)

// contentTypes are those of the files in dist/, set here rather than
// taken from the system's MIME tables, which differ between machines.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
	".png":  "image/png",
}

func init() {
	files, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	err = fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		ct, ok := contentTypes[path.Ext(name)]
		if !ok {
			ct = "application/octet-stream"
		}
		sum := sha256.Sum256(b)
		assets[name] = &asset{body: b, ctype: ct, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		panic(err)
	}
	// index.html names the script and style sheet with their hashes as
	// query strings, so a browser never runs a new page with an old
	// cached script.
	raw := assets["index.html"]
	if raw == nil {
		panic("web: dist/index.html missing: run go generate ./web/...")
	}
	html := raw.body
	for _, name := range []string{"app.js", "app.css", "favicon.svg"} {
		if a := assets[name]; a != nil {
			html = bytes.ReplaceAll(html, []byte(`"/static/`+name+`"`),
				[]byte(`"/static/`+name+`?v=`+strings.Trim(a.etag, `"`)+`"`))
		}
	}
	sum := sha256.Sum256(html)
	index = &asset{body: html, ctype: contentTypes[".html"], etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}

// Asset is one embedded file, ready to serve.
type Asset struct {
	Body []byte
	// Type is its Content-Type.
	Type string
	// ETag is a strong ETag: a hash of the body, quoted.
	ETag string
}

// File returns the bundle's file name ("app.js", "favicon.svg"): not
// index.html, the page, which Page returns.
func File(name string) (*Asset, bool) {
	a := assets[name]
	if a == nil || name == "index.html" {
		return nil, false
	}
	return &Asset{Body: a.body, Type: a.ctype, ETag: a.etag}, true
}

// Page returns the app's page: index.html, naming the script, the style
// sheet and the icon with their hashes (see File).
func Page() *Asset { return &Asset{Body: index.body, Type: index.ctype, ETag: index.etag} }

// PageRoutes are the app's own paths: the page decides what to show for
// them (client-side routing), and a server answers each with Page. A
// path ending in "/" stands for every path below it: /u/NAME is a
// profile, /leaderboard/GAME a game's leaderboard.
var PageRoutes = []string{"/", "/new", "/match/", "/replay/", "/rules/", "/learn/",
	"/signin", "/signup", "/account", "/u/", "/leaderboard", "/leaderboard/"}
