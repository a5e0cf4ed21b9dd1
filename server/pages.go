package server

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/commons-games/commons/web"
)

// pages routes the web app (package web) on mux:
//
//   - GET /static/NAME: the bundled script, style sheet and icon;
//   - GET / and the app's own paths (/match/ID, /replay/ID, /rules/GAME,
//     /new): the page, which routes on the client;
//   - GET /favicon.ico: the icon;
//   - any other path: 404. A browser asking for a page (Accept: text/html)
//     gets the app's page with the 404 status, and the app shows "no such
//     page" with links on; anything else gets a plain 404. (The API's
//     unknown paths are the API's, and answer JSON; /static's stay plain.)
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
		pageHeaders(w)
		serveAsset(w, r, web.Page())
	}
	for _, p := range web.PageRoutes {
		pattern := "GET " + p
		switch {
		case p == "/":
			pattern = "GET /{$}"
		case strings.HasSuffix(p, "/"):
			pattern = "GET " + p + "{rest...}"
		}
		mux.HandleFunc(pattern, page)
	}
	// Every request no other route takes. Registered for every method,
	// since "GET /" would conflict with the API's "/api/" (neither is more
	// specific); the methods are told apart here. A path some GET route
	// serves, asked with another method, is 405 as the mux would say had
	// this route not taken it.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			get := r.Clone(r.Context())
			get.Method = http.MethodGet
			if _, p := mux.Handler(get); p != "/" {
				w.Header().Set("Allow", "GET, HEAD")
				http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
				return
			}
			http.NotFound(w, r)
			return
		}
		if !acceptsHTML(r) {
			http.NotFound(w, r)
			return
		}
		// A person who followed a stale link, or mistyped one: the app's
		// page says so, with the ways on (the lobby, the games' rules).
		// The status stays 404, for crawlers and link checkers; nothing
		// is cached or compared, so ServeContent (which answers 200) is
		// not used.
		pageHeaders(w)
		a := web.Page()
		w.Header().Set("Content-Type", a.Type)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Length", strconv.Itoa(len(a.Body)))
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			w.Write(a.Body)
		}
	})
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

// pageHeaders are the headers of the app's page.
func pageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	// The page loads its script and styles from this server only, and
	// talks to this server only (HTTP and WebSocket).
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "+
		"style-src 'self'; connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "same-origin")
}

// acceptsHTML reports whether r asks for an HTML page, as a browser's
// navigation does (Accept: text/html,...), rather than a file or data.
func acceptsHTML(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, _, _ := strings.Cut(part, ";")
		mt = strings.ToLower(strings.TrimSpace(mt))
		if mt == "text/html" || mt == "application/xhtml+xml" {
			return true
		}
	}
	return false
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
