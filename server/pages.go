package server

import (
	"bytes"
	"net/http"
	"strings"
	"time"

	"github.com/commons-games/commons/web"
)

// pages routes the web app (package web) on mux:
//
//   - GET /static/NAME: the bundled script, style sheet and icon;
//   - GET / and the app's own paths (/match/ID, /replay/ID, /rules/GAME,
//     /new): the page, which routes on the client;
//   - GET /favicon.ico: the icon.
func pages(mux *http.ServeMux) {
	mux.HandleFunc("GET /static/{name...}", func(w http.ResponseWriter, r *http.Request) {
		a, ok := web.File(r.PathValue("name"))
		if !ok {
			http.NotFound(w, r)
			return
		}
		// A request naming the file's hash (as the page does) may be
		// cached for good; any other must be revalidated.
		if v := r.URL.Query().Get("v"); v != "" && `"`+v+`"` == a.ETag {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		serveAsset(w, r, a)
	})
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		// The page loads its script and styles from this server only,
		// and talks to this server only (HTTP and WebSocket).
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "+
			"style-src 'self'; connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		w.Header().Set("Referrer-Policy", "same-origin")
		serveAsset(w, r, web.Page())
	}
	for _, p := range web.PageRoutes {
		switch {
		case p == "/":
			mux.HandleFunc("GET /{$}", page)
		case strings.HasSuffix(p, "/"):
			mux.HandleFunc("GET "+p+"{rest...}", page)
		default:
			mux.HandleFunc("GET "+p, page)
		}
	}
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		a, ok := web.File("favicon.svg")
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=86400")
		serveAsset(w, r, a)
	})
}

func serveAsset(w http.ResponseWriter, r *http.Request, a *web.Asset) {
	h := w.Header()
	h.Set("Content-Type", a.Type)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", a.ETag)
	// ServeContent answers If-None-Match with 304 and handles HEAD and
	// ranges; the zero time leaves Last-Modified out (the ETag decides).
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.Body))
}
