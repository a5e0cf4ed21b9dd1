package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/bot"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/sqlite"
	"github.com/commons-games/commons/store/storetest"
)

// The browser: one headless Chromium for the whole run, started on first
// use; each session is a browser context of its own (its own cookies and
// localStorage, as two people on two machines have).
var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	stopBrowser = func() {}

	artifactsOnce sync.Once
	artifactsDir  string
	// artifactsKept is set when the screenshots are asked for
	// ($COMMONS_E2E_ARTIFACTS): all are kept. Otherwise only those of
	// failed tests are.
	artifactsKept bool
)

func TestMain(m *testing.M) {
	if chromiumPath() == "" && os.Getenv("COMMONS_REQUIRE_BROWSER") != "1" {
		// go test shows a passing package's output only with -v: tell
		// the person at the terminal why the browser tests did not run,
		// and mark the package's summary line ("[no tests to run]").
		msg := "web/e2e: the browser tests are skipped: " + noChromium + "\n"
		if os.Getenv("COMMONS_E2E_NO_TTY") == "" {
			if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
				tty.WriteString(msg)
				tty.Close()
			}
		}
		os.Stdout.WriteString(msg)
		code := m.Run()
		os.Stdout.WriteString("\ntesting: warning: no tests to run\n")
		os.Exit(code)
	}
	code := m.Run()
	stopBrowser()
	if artifactsDir != "" && !artifactsKept {
		// Only failed tests' screenshots are left: say where, or leave
		// nothing behind.
		if entries, _ := os.ReadDir(artifactsDir); len(entries) > 0 {
			fmt.Printf("web/e2e: screenshots of the failed tests are in %s\n", artifactsDir)
		} else {
			os.Remove(artifactsDir)
		}
	}
	os.Exit(code)
}

// noChromium says why the browser tests cannot run, and what to do.
const noChromium = "no Chromium found (install it: apt-get install chromium; or set COMMONS_CHROMIUM to a Chromium binary). COMMONS_REQUIRE_BROWSER=1 makes this a failure"

// chromiumPath finds Debian's chromium (or another Chromium build).
func chromiumPath() string {
	if p := os.Getenv("COMMONS_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser returns the browser's context, or skips the test when no
// Chromium is installed (fails instead with COMMONS_REQUIRE_BROWSER=1,
// as CI sets).
func needBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("COMMONS_REQUIRE_BROWSER") == "1" {
			t.Fatal("no chromium found, and COMMONS_REQUIRE_BROWSER=1: install it (apt-get install -y chromium)")
		}
		t.Skip(noChromium)
	}
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "commons-chromium-*")
		if err != nil {
			browserErr = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.UserDataDir(dir),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.WindowSize(1280, 900),
		)
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		// Start the browser now. (The first Do binds the browser's life to
		// its context, so it gets the browser's own, without a timeout.)
		if err := chromedp.Do(bctx); err != nil {
			browserErr = fmt.Errorf("starting %s: %v", path, err)
		}
		browserCtx = bctx
		stopBrowser = func() {
			cancelBrowser()
			cancelAlloc()
			os.RemoveAll(dir)
		}
	})
	if browserErr != nil {
		t.Fatal(browserErr)
	}
	return browserCtx
}

// artifacts is the directory the screenshots go to: $COMMONS_E2E_ARTIFACTS,
// where all are kept, or a new temporary directory, where only those of
// failed tests are kept (see TestMain and session.screenshot).
func artifacts(t *testing.T) string {
	artifactsOnce.Do(func() {
		artifactsDir = os.Getenv("COMMONS_E2E_ARTIFACTS")
		artifactsKept = artifactsDir != ""
		if artifactsDir == "" {
			artifactsDir, _ = os.MkdirTemp("", "commons-e2e-*")
		}
		os.MkdirAll(artifactsDir, 0o755)
	})
	return artifactsDir
}

// app is a Commons server under test: the API (package server) and the
// pages (package web), composed as commons serve composes them, on a
// fresh SQLite database, listening on 127.0.0.1 only.
type app struct {
	t   *testing.T
	url string
	// local is url with the host localhost: browsers take passkeys for
	// localhost over http, never for an IP address (a relying party ID
	// is a domain name).
	local string
	// store is the server's store, for a test that writes a match into
	// it (a log of its choosing) before a page opens it.
	store store.Store
}

func startApp(t *testing.T) *app {
	t.Helper()
	return startAppWith(t, nil)
}

// fastPasswords are argon2id parameters that hash in a moment: the
// tests sign many people up on two cores (one test keeps the server's
// own, RFC 9106's).
var fastPasswords = account.Params{Time: 1, Memory: 64, Threads: 1, SaltBytes: 16, KeyBytes: 32}

// startAppWith is startApp with the server's configuration changed by
// tweak (nil: none).
func startAppWith(t *testing.T, tweak func(*server.Config)) *app {
	t.Helper()
	needBrowser(t) // every test here needs one: skip before starting anything
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "commons.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := appConfig(t)
	cfg.Store = st
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler()) // the API and the web app's pages
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		hs.Close()
		st.Close()
	})
	return &app{t: t, url: hs.URL, local: strings.Replace(hs.URL, "://127.0.0.1:", "://localhost:", 1), store: st}
}

// appConfig is the server's configuration in the tests, without its
// store.
func appConfig(t *testing.T) server.Config {
	return server.Config{
		NewBot: bot.New, BotTime: 5 * time.Second,
		// A browser driven by a test moves faster than a person, all
		// from 127.0.0.1: no per-client limits (docs/reliability.md),
		// the accounts' and the chat's among them.
		MoveRate: -1, CreateLimit: -1, SignInLimit: -1, SignUpLimit: -1, ChatLimit: -1,
		PasswordParams: fastPasswords,
		Logger:         slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
}

// restartableApp is an app whose server stops and starts again (restart)
// on the same SQLite database and at the same address, as a deployment
// restarts: the pages open in the browsers reconnect by themselves.
type restartableApp struct {
	*app
	path string
	addr string
	cfg  server.Config
	srv  *server.Server
	hs   *http.Server
	st   store.Store
	ln   net.Listener
}

// startRestartableApp is startAppWith for a server that restarts.
// tweak (nil: none) sees the app's URL, which it knows before the
// server starts (for PublicOrigin, which mail needs).
func startRestartableApp(t *testing.T, tweak func(c *server.Config, url string)) *restartableApp {
	t.Helper()
	needBrowser(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	r := &restartableApp{
		app:  &app{t: t, url: url, local: strings.Replace(url, "://127.0.0.1:", "://localhost:", 1)},
		path: filepath.Join(t.TempDir(), "commons.db"), addr: ln.Addr().String(), cfg: appConfig(t), ln: ln,
	}
	if tweak != nil {
		tweak(&r.cfg, url)
	}
	r.start()
	t.Cleanup(func() {
		if r.srv != nil {
			r.stop()
		}
	})
	return r
}

// start opens the database and serves the app at its address.
func (r *restartableApp) start() {
	r.t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, r.path)
	if err != nil {
		r.t.Fatal(err)
	}
	cfg := r.cfg
	cfg.Store = st
	srv, err := server.New(cfg)
	if err != nil {
		r.t.Fatal(err)
	}
	if err := srv.Start(ctx); err != nil {
		r.t.Fatal(err)
	}
	ln := r.ln
	for end := time.Now().Add(10 * time.Second); ln == nil; {
		// The port was this server's a moment ago: take it again.
		if ln, err = net.Listen("tcp", r.addr); err != nil {
			if time.Now().After(end) {
				r.t.Fatalf("listening at %s again: %v", r.addr, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	r.ln = nil
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	r.srv, r.hs, r.st, r.app.store = srv, hs, st, st
}

// stop shuts the server down (its WebSockets are closed, going away)
// and closes the database.
func (r *restartableApp) stop() {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.srv.Shutdown(ctx); err != nil {
		r.t.Errorf("Shutdown: %v", err)
	}
	r.hs.Close()
	r.st.Close()
	r.srv = nil
}

// restart stops the server and starts it again on the same database.
func (r *restartableApp) restart() {
	r.t.Helper()
	r.stop()
	r.start()
}

// storedRecord is the complete record of match id as the server holds
// it: the server never gives out the complete record of a game with
// hidden information (Breaking Head's B17), so a test that checks the
// pages against the truth reads it from the store.
func (a *app) storedRecord(id string) *record.Record {
	a.t.Helper()
	return storetest.CompleteRecord(a.t, a.store, id)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// call makes an API request and decodes the JSON answer into out.
func (a *app) call(method, path string, body any, out any) {
	a.t.Helper()
	a.callAs("", method, path, body, out)
}

// callAs is call with a seat token ("": none).
func (a *app) callAs(token, method, path string, body any, out any) {
	a.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, a.url+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		a.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			a.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
}

// session is one person's browser.
type session struct {
	t    *testing.T
	name string
	ctx  context.Context
	mu   sync.Mutex
	errs []string // JavaScript exceptions and console errors
}

// newSession opens a tab in a new browser context; width and height
// set the viewport (0: the window's), mobile emulates a phone.
func newSession(t *testing.T, name string, width, height int64, mobile bool) *session {
	t.Helper()
	bctx := needBrowser(t)
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	s := &session{t: t, name: name, ctx: ctx}
	t.Cleanup(func() {
		cancel()
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, e := range s.errs {
			t.Errorf("%s: JavaScript error: %s", name, e)
		}
	})
	// Start the tab, then collect what goes wrong in its page: uncaught
	// exceptions, console errors, and the browser's security errors
	// (a script or style the Content-Security-Policy refused).
	if err := chromedp.Do(ctx); err != nil { // opens the tab, for as long as ctx lives
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError && (m.Source == "" || m.Source == "security") {
				s.mu.Lock()
				s.errs = append(s.errs, m.String())
				s.mu.Unlock()
			}
		}
	}()
	var acts []chromedp.Action[chromedp.Void]
	if width > 0 {
		var vopts []chromedp.EmulateViewportOption
		if mobile {
			vopts = append(vopts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		acts = append(acts, chromedp.EmulateViewport(width, height, vopts...))
	}
	s.run(30*time.Second, acts...)
	return s
}

// run runs browser actions, failing the test after timeout.
func (s *session) run(timeout time.Duration, acts ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, acts...); err != nil {
		s.t.Fatalf("%s: %v", s.name, err)
	}
}

// value runs an action that returns a value, failing the test after
// timeout.
func value[T any](s *session, timeout time.Duration, act chromedp.Action[T]) T {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, act)
	if err != nil {
		s.t.Fatalf("%s: %v", s.name, err)
	}
	return v
}

func (s *session) open(url string) {
	s.t.Helper()
	s.run(30*time.Second, chromedp.Navigate(url))
}

// eval evaluates a JavaScript expression into out (by way of JSON).
func (s *session) eval(js string, out any) {
	s.t.Helper()
	raw := value(s, 10*time.Second, chromedp.Evaluate[[]byte](js))
	if err := json.Unmarshal(raw, out); err != nil {
		s.t.Fatalf("%s: %s: %v (%s)", s.name, js, err, raw)
	}
}

// waitJS waits until the JavaScript expression is true.
func (s *session) waitJS(js string, timeout time.Duration) {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		s.eval("!!("+js+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var text string
			s.eval("document.body.innerText.slice(0, 2000)", &text)
			s.t.Fatalf("%s: timed out waiting for %s; the page says:\n%s", s.name, js, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// typeIn types text into the input a CSS selector names.
func (s *session) typeIn(sel, text string) {
	s.t.Helper()
	s.run(10*time.Second, chromedp.SendKeys(chromedp.CSS(sel), text))
}

// click clicks the element a CSS selector names, as a person would (a
// mouse press and release on the element's middle).
func (s *session) click(sel string) {
	s.t.Helper()
	s.run(10*time.Second, chromedp.Click(chromedp.CSS(sel)))
}

// data returns the page's state attributes (document.body.dataset).
func (s *session) data() map[string]string {
	s.t.Helper()
	var d map[string]string
	s.eval("Object.assign({}, document.body.dataset)", &d)
	return d
}

// selectValue chooses a value in a <select>, firing its change event as
// the browser does when a person picks an option.
func (s *session) selectValue(sel, value string) {
	s.t.Helper()
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event("change", {bubbles: true})); return e.value })()`, sel, value)
	var got string
	s.eval(js, &got)
	if got != value {
		s.t.Fatalf("%s: %s has no option %q", s.name, sel, value)
	}
}

// screenshot saves the page (or the element sel names, if not "") as a
// PNG under the artifacts directory.
func (s *session) screenshot(file, sel string) {
	s.t.Helper()
	var buf []byte
	if sel == "" {
		buf = value(s, 20*time.Second, chromedp.FullScreenshot(100))
	} else {
		buf = value(s, 20*time.Second, chromedp.Screenshot(chromedp.CSS(sel)))
	}
	s.saveShot(file, buf)
}

// saveShot writes the PNG buf under the artifacts directory as file,
// kept if the test fails (or all are kept: artifacts).
func (s *session) saveShot(file string, buf []byte) {
	s.t.Helper()
	path := filepath.Join(artifacts(s.t), file)
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.t.Logf("screenshot: %s", path)
	if !artifactsKept {
		t := s.t
		t.Cleanup(func() {
			if !t.Failed() {
				os.Remove(path)
			}
		})
	}
}

// viewShot saves what the window shows, without scrolling (not the
// whole page, as screenshot does), as a PNG under the artifacts
// directory: what a person sees first.
func (s *session) viewShot(file string) {
	s.t.Helper()
	s.saveShot(file, value(s, 20*time.Second, chromedp.CaptureScreenshot()))
}

// versionAfter waits until the page shows a version other than v and
// no move is pending, and returns the page's state.
func (s *session) versionAfter(v string, timeout time.Duration) map[string]string {
	s.t.Helper()
	s.waitJS(fmt.Sprintf(`document.body.dataset.version !== %q && !document.body.dataset.pending`, v), timeout)
	return s.data()
}

// endHeadline is the end screen's headline for the player in seat (from 1)
// of a finished match with this result, by the page's rule: when every
// seat has the same result the end is the table's, "Everybody won!" (all
// 1: a cooperative win), "Everybody lost." (all 0: a table that loses
// together, or Breaking Head's without a Blocker, B17) or "A draw."; else
// the seat's own win or loss, or a win shared by some seats.
func endHeadline(result []float64, seat int) string {
	r := result[seat-1]
	same := true
	for _, x := range result {
		same = same && x == result[0]
	}
	switch {
	case same && len(result) > 1 && r == 0:
		return "Everybody lost."
	case same && len(result) > 1 && r >= 1:
		return "Everybody won!"
	case same && len(result) > 1:
		return "A draw."
	case r == 1:
		return "You won!"
	case r == 0:
		return "You lost."
	}
	return "You share the win."
}
