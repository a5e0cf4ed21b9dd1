package server_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/commons-games/commons/server"
)

// The web app's page and static files (package web), as the server
// serves them beside the API.

func getPage(t *testing.T, h http.Handler, method, path string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestWebAppPages(t *testing.T) {
	h := startNode(t, nil, server.Config{}).srv.Handler()
	for _, path := range []string{"/", "/new", "/match/k3h2v9q8z0ab", "/replay/k3h2v9q8z0ab", "/match/", "/signin", "/signup", "/account", "/u/Ada", "/leaderboard", "/leaderboard/source"} {
		resp := getPage(t, h, "GET", path, nil)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %d", path, resp.StatusCode)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", path, ct)
		}
		if !bytes.Contains(body, []byte(`<main id="app">`)) {
			t.Errorf("GET %s: not the app's page:\n%s", path, body)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
		// The page names its script and styles with their hashes.
		if !bytes.Contains(body, []byte(`src="/static/app.js?v=`)) || !bytes.Contains(body, []byte(`href="/static/app.css?v=`)) {
			t.Errorf("GET %s: the page does not name versioned assets:\n%s", path, body)
		}
	}
	for _, path := range []string{"/nothing", "/static/none.js", "/static/index.html", "/api/nothing"} {
		if resp := getPage(t, h, "GET", path, nil); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	if resp := getPage(t, h, "POST", "/", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", resp.StatusCode)
	}
}

func TestWebAppAssets(t *testing.T) {
	h := startNode(t, nil, server.Config{}).srv.Handler()
	for path, ctype := range map[string]string{
		"/static/app.js":      "text/javascript; charset=utf-8",
		"/static/app.css":     "text/css; charset=utf-8",
		"/static/favicon.svg": "image/svg+xml",
		"/favicon.ico":        "image/svg+xml",
	} {
		resp := getPage(t, h, "GET", path, nil)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || len(body) == 0 {
			t.Errorf("GET %s: %d, %d bytes", path, resp.StatusCode, len(body))
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", path, got, ctype)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", path)
		}
		etag := resp.Header.Get("ETag")
		if etag == "" {
			t.Errorf("GET %s: no ETag", path)
			continue
		}
		if r2 := getPage(t, h, "GET", path, map[string]string{"If-None-Match": etag}); r2.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", path, r2.StatusCode)
		}
		if path == "/favicon.ico" {
			continue
		}
		// Named with its hash, the file may be cached for good.
		v := strings.Trim(etag, `"`)
		if r3 := getPage(t, h, "GET", path+"?v="+v, nil); !strings.Contains(r3.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("GET %s?v=HASH: Cache-Control %q", path, r3.Header.Get("Cache-Control"))
		}
		if r4 := getPage(t, h, "GET", path+"?v=old", nil); r4.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s?v=old: Cache-Control %q", path, r4.Header.Get("Cache-Control"))
		}
	}
}

// TestWebAppNotFoundPage: a path that is no page, asked for by a
// browser (Accept: text/html), gets the app's page with the 404 status,
// for the app to say "no such page" with links on; asked for otherwise
// it is a plain 404. The API's unknown paths answer JSON, /static's
// stay plain, and a page path asked with another method is 405.
func TestWebAppNotFoundPage(t *testing.T) {
	h := startNode(t, nil, server.Config{}).srv.Handler()
	browser := map[string]string{"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
	for _, path := range []string{"/nothing", "/no/such/page", "/matches/x", "/index.html"} {
		for _, method := range []string{"GET", "HEAD"} {
			resp := getPage(t, h, method, path, browser)
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("%s %s: %d, want 404", method, path, resp.StatusCode)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("%s %s: Content-Type %q", method, path, ct)
			}
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("%s %s: Content-Security-Policy %q", method, path, csp)
			}
			if method == "GET" && !bytes.Contains(body, []byte(`<main id="app">`)) {
				t.Errorf("GET %s: not the app's page:\n%s", path, body)
			}
			if method == "HEAD" && len(body) != 0 {
				t.Errorf("HEAD %s: %d bytes of body", path, len(body))
			}
		}
	}
	for _, c := range []struct {
		method, path string
		hdr          map[string]string
		status       int
		ctype        string
	}{
		{"GET", "/nothing", nil, 404, "text/plain; charset=utf-8"},
		{"GET", "/nothing", map[string]string{"Accept": "application/json"}, 404, "text/plain; charset=utf-8"},
		{"GET", "/static/none.js", browser, 404, "text/plain; charset=utf-8"},
		{"GET", "/api/nothing", browser, 404, "application/json"},
		{"POST", "/nothing", browser, 404, "text/plain; charset=utf-8"},
		{"POST", "/", browser, 405, "text/plain; charset=utf-8"},
		{"POST", "/match/k3h2v9q8z0ab", nil, 405, "text/plain; charset=utf-8"},
		{"DELETE", "/static/app.js", nil, 405, "text/plain; charset=utf-8"},
		{"GET", "/match/k3h2v9q8z0ab", browser, 200, "text/html; charset=utf-8"},
	} {
		resp := getPage(t, h, c.method, c.path, c.hdr)
		if resp.StatusCode != c.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), c.ctype) {
			t.Errorf("%s %s (%v): %d %q, want %d %q", c.method, c.path, c.hdr, resp.StatusCode, resp.Header.Get("Content-Type"), c.status, c.ctype)
		}
		if c.status == 405 && resp.Header.Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", c.method, c.path)
		}
	}
}
