package web_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/web"
	"github.com/commons-games/commons/web/internal/bundle"
)

// TestDistUpToDate checks that the bundle checked in under dist/ is what
// go generate makes from src/ and static/ now: a change to the
// TypeScript without a new bundle fails here (and the bundle is
// reproducible: the same sources give the same bytes).
func TestDistUpToDate(t *testing.T) {
	want, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := bundle.Read("dist")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range bundle.Names(want) {
		if !bytes.Equal(got[name], want[name]) {
			t.Errorf("dist/%s is stale or missing: run go generate ./web/...", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("dist/%s is not made by the build: run go generate ./web/...", name)
		}
	}
	again, err := bundle.Build(".")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, again) {
		t.Error("two builds of the same sources differ")
	}
}

func get(t *testing.T, h http.Handler, method, path string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestHandlerPages(t *testing.T) {
	h := web.Handler()
	for _, path := range []string{"/", "/new", "/match/k3h2v9q8z0ab", "/replay/k3h2v9q8z0ab", "/match/"} {
		resp := get(t, h, "GET", path, nil)
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
	for _, path := range []string{"/nothing", "/static/none.js", "/static/index.html", "/api/games"} {
		if resp := get(t, h, "GET", path, nil); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
	if resp := get(t, h, "POST", "/", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", resp.StatusCode)
	}
}

func TestHandlerAssets(t *testing.T) {
	h := web.Handler()
	for path, ctype := range map[string]string{
		"/static/app.js":      "text/javascript; charset=utf-8",
		"/static/app.css":     "text/css; charset=utf-8",
		"/static/favicon.svg": "image/svg+xml",
		"/favicon.ico":        "image/svg+xml",
	} {
		resp := get(t, h, "GET", path, nil)
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
		if r2 := get(t, h, "GET", path, map[string]string{"If-None-Match": etag}); r2.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", path, r2.StatusCode)
		}
		if path == "/favicon.ico" {
			continue
		}
		// Named with its hash, the file may be cached for good.
		v := strings.Trim(etag, `"`)
		if r3 := get(t, h, "GET", path+"?v="+v, nil); !strings.Contains(r3.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("GET %s?v=HASH: Cache-Control %q", path, r3.Header.Get("Cache-Control"))
		}
		if r4 := get(t, h, "GET", path+"?v=old", nil); r4.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s?v=old: Cache-Control %q", path, r4.Header.Get("Cache-Control"))
		}
	}
}
