package python_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPython builds the commons binary and runs the Python package's
// tests against it (python3 -m unittest discover -s python/tests), with
// COMMONS_BIN naming the binary. Without python3 it skips, unless
// COMMONS_REQUIRE_PYTHON=1 (as .ci/run sets), when it fails.
func TestPython(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the Python tests")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("COMMONS_REQUIRE_PYTHON") == "1" {
			t.Fatal("python3 is not installed, and COMMONS_REQUIRE_PYTHON=1 wants the Python tests run")
		}
		t.Skip("python3 is not installed (set COMMONS_REQUIRE_PYTHON=1 to fail instead)")
	}
	bin := filepath.Join(t.TempDir(), "commons")
	build := exec.Command("go", "build", "-o", bin, "../cmd/commons")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ../cmd/commons: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "help", "engine").CombinedOutput(); err != nil {
		t.Fatalf("the commons binary has no engine command (cmd/commons/main.go's commands list wants its entry, runEngine): %v\n%s", err, out)
	}
	cmd := exec.Command(py, "-m", "unittest", "discover", "-s", "tests", "-v")
	cmd.Env = append(os.Environ(), "COMMONS_BIN="+bin, "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	t.Logf("python3 -m unittest discover -s python/tests -v:\n%s", out)
	if err != nil {
		t.Fatalf("the Python tests failed: %v", err)
	}
}
