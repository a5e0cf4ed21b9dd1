// Package web is the Commons web app: the lobby, the boards of the games,
// live play and replays, in the browser. Its pages are TypeScript (src/),
// bundled by esbuild into dist/ with go generate and embedded in the
// binary, so serving them needs neither Node.js nor any file at run time.
//
// Everything a page does goes through the server's API (docs/api.md):
// it lists games and matches, creates and joins matches, keeps its seat
// token in the browser's localStorage (so a reload keeps the seat),
// plays over the match's WebSocket, and reads a match's replay page by
// page (GET /api/matches/{id}/replay, built by package replay).
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
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

// Routes of the app. The page itself decides what to show for these
// paths (client-side routing); the server answers each with index.html.
var pageRoutes = []string{"/", "/new", "/match/", "/replay/", "/rules/"}

// Handler serves the web app:
//
//   - GET /static/NAME: the bundled script, style sheet and icon;
//   - GET / and the app's own paths (/match/ID, /replay/ID, /rules/GAME,
//     /new): the page, index.html, which routes on the client.
//
// Mount it at "/" beside the API; it never answers under /api/.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /static/{name...}", func(w http.ResponseWriter, r *http.Request) {
		a := assets[r.PathValue("name")]
		if a == nil || r.PathValue("name") == "index.html" {
			http.NotFound(w, r)
			return
		}
		// A request naming the file's hash (as index.html does) may be
		// cached for good; any other must be revalidated.
		if v := r.URL.Query().Get("v"); v != "" && `"`+v+`"` == a.etag {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		serve(w, r, a)
	})
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		// The page loads its script and styles from this server only,
		// and talks to this server only (HTTP and WebSocket).
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "+
			"style-src 'self'; connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "same-origin")
		serve(w, r, index)
	}
	for _, p := range pageRoutes {
		if strings.HasSuffix(p, "/") && p != "/" {
			mux.HandleFunc("GET "+p+"{rest...}", page)
		} else if p == "/" {
			mux.HandleFunc("GET /{$}", page)
		} else {
			mux.HandleFunc("GET "+p, page)
		}
	}
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		if a := assets["favicon.svg"]; a != nil {
			w.Header().Set("Cache-Control", "public, max-age=86400")
			serve(w, r, a)
			return
		}
		http.NotFound(w, r)
	})
	return mux
}

func serve(w http.ResponseWriter, r *http.Request, a *asset) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", a.etag)
	// ServeContent answers If-None-Match with 304 and handles HEAD and
	// ranges; the zero time leaves Last-Modified out (the ETag decides).
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}
