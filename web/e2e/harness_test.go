package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The browser tests' harness, tested by running this test binary again
// in another setting.

// rerun runs this test binary with args and env added, and returns its
// output.
func rerun(t *testing.T, env []string, args ...string) (string, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), append(env, "COMMONS_E2E_NO_TTY=1", "COMMONS_E2E_CHILD=1")...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestSkipSaysWhy: without Chromium the browser tests skip, and say why
// in the test binary's output, whose last word makes go test's summary
// line read "[no tests to run]"; with COMMONS_REQUIRE_BROWSER=1 they
// fail instead.
func TestSkipSaysWhy(t *testing.T) {
	if os.Getenv("COMMONS_E2E_CHILD") != "" {
		t.Skip("the child of a harness test")
	}
	noBrowser := []string{"PATH=" + t.TempDir(), "COMMONS_CHROMIUM=", "COMMONS_REQUIRE_BROWSER=", "COMMONS_E2E_ARTIFACTS="}
	out, err := rerun(t, noBrowser, "-test.run=^TestHowToPlay$")
	if err != nil {
		t.Fatalf("without Chromium: %v\n%s", err, out)
	}
	for _, want := range []string{"the browser tests are skipped: no Chromium found (install it", "testing: warning: no tests to run"} {
		if !strings.Contains(out, want) {
			t.Errorf("without Chromium the output has no %q:\n%s", want, out)
		}
	}
	out, err = rerun(t, append(noBrowser, "COMMONS_REQUIRE_BROWSER=1"), "-test.run=^TestHowToPlay$")
	if err == nil || !strings.Contains(out, "COMMONS_REQUIRE_BROWSER=1") {
		t.Errorf("with COMMONS_REQUIRE_BROWSER=1 and no Chromium: %v\n%s", err, out)
	}
}

// TestScreenshotsKeptOnlyOnFailure: a passing test leaves no
// screenshot behind; a failing one keeps its own and says where.
func TestScreenshotsKeptOnlyOnFailure(t *testing.T) {
	if os.Getenv("COMMONS_E2E_CHILD") != "" {
		t.Skip("the child of a harness test")
	}
	needBrowser(t)
	for _, fail := range []bool{false, true} {
		tmp := t.TempDir()
		env := []string{"TMPDIR=" + tmp, "COMMONS_E2E_ARTIFACTS=", "COMMONS_E2E_SHOT=1"}
		if fail {
			env = append(env, "COMMONS_E2E_SHOT_FAIL=1")
		}
		out, err := rerun(t, env, "-test.run=^TestScreenshotChild$")
		shots, _ := filepath.Glob(filepath.Join(tmp, "commons-e2e-*", "*.png"))
		dirs, _ := filepath.Glob(filepath.Join(tmp, "commons-e2e-*"))
		switch {
		case !fail && (err != nil || len(dirs) != 0):
			t.Errorf("a passing test left %v (%v):\n%s", dirs, err, out)
		case fail && (err == nil || len(shots) != 1 || !strings.Contains(out, "screenshots of the failed tests are in")):
			t.Errorf("a failing test left %v (%v):\n%s", shots, err, out)
		}
	}
}

// TestScreenshotChild takes a screenshot, and fails if asked to: run by
// TestScreenshotsKeptOnlyOnFailure only.
func TestScreenshotChild(t *testing.T) {
	if os.Getenv("COMMONS_E2E_SHOT") == "" {
		t.Skip("run by TestScreenshotsKeptOnlyOnFailure")
	}
	a := startApp(t)
	p := newSession(t, "shot", 640, 480, false)
	p.open(a.url + "/")
	p.waitJS(`document.body.dataset.view === "lobby"`, 10*time.Second)
	p.screenshot("child.png", "")
	if os.Getenv("COMMONS_E2E_SHOT_FAIL") != "" {
		t.Error("failing, as asked")
	}
}
