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
