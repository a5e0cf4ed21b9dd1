package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHelpExamplesRun runs every example command line of commons help, in
// the order the help gives them, in one folder (so that the files one
// example writes, a record or a lab run, are there for the next), and
// wants each to succeed: an example that no longer runs is a help that
// lies. Budgets are cut so that the test takes seconds: --games to at
// most 4 (an arena or lab example of a search bot, 2), --duration to 1 s
// and --matches to 10; commons serve starts on a free port and a
// temporary database and is stopped at once, and commons loadtest runs
// against a server started for it. A person's seat plays with no input:
// the game ends there, and the example has shown it starts.
func TestHelpExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	// The admin examples take messages down on the load tests' server,
	// which they find said in its lobby.
	t.Setenv("COMMONS_OPERATOR_TOKEN", "the examples' operator token")
	lobbySaid := false
	sayInLobby := func(addr string) {
		if lobbySaid {
			return
		}
		lobbySaid = true
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		resp, err := c.Post(addr+"/api/account/signup", "application/json", strings.NewReader(`{"name": "Ada", "password": "the examples' password"}`))
		if err != nil || resp.StatusCode != http.StatusCreated {
			t.Fatalf("signing up for the admin examples: %v %v", resp, err)
		}
		resp.Body.Close()
		for i := range 3 {
			resp, err := c.Post(addr+"/api/chat", "application/json", strings.NewReader(fmt.Sprintf(`{"text": "message %d"}`, i)))
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("saying a message for the admin examples: %v %v", resp, err)
			}
			resp.Body.Close()
		}
	}
	// The server of the load tests, started at the first: the serve
	// examples before it stop every server of the process when they stop
	// (by an interrupt).
	addr := ""
	serverFor := func() string {
		if addr == "" {
			addr = startServe(t, filepath.Join(dir, "loadtest.db"), "--move-rate", "0", "--create-limit", "0")
		}
		return addr
	}
	for _, c := range commands {
		for _, line := range c.examples {
			if line == "" {
				break // the prose after the examples
			}
			line, _, _ = strings.Cut(line, "#")
			line = strings.TrimSpace(line)
			t.Run(line, func(t *testing.T) {
				stdin := ""
				for _, part := range strings.Split(line, "|") {
					server := ""
					if strings.Contains(part, "commons loadtest") || strings.Contains(part, "commons admin") {
						server = serverFor()
					}
					if strings.Contains(part, "commons admin") {
						sayInLobby(server)
					}
					args, outFile := exampleArgs(t, strings.TrimSpace(part), dir, server)
					if args[0] == "serve" {
						startServe(t, "", args[1:]...)
						return
					}
					code, stdout, stderr := commons(t, stdin, args...)
					// A person's seat with no input ends the game: the
					// example has started it, which is what it shows.
					if code != 0 && !strings.Contains(stderr, "input ended before the game did") {
						t.Fatalf("%s: exit %d\n%s%s", part, code, stdout, stderr)
					}
					if outFile != "" {
						if err := os.WriteFile(outFile, []byte(stdout), 0o644); err != nil {
							t.Fatal(err)
						}
					}
					stdin = stdout
				}
			})
		}
	}
}

// exampleArgs reads one command of an example line into arguments, with
// its budgets cut (see TestHelpExamplesRun), and the file its output is
// redirected to, if any.
func exampleArgs(t *testing.T, cmd, dir, addr string) (args []string, outFile string) {
	f := strings.Fields(cmd)
	if f[0] != "commons" {
		t.Fatalf("%q: an example command starts with commons", cmd)
	}
	f = f[1:]
	search := regexp.MustCompile(`(mcts|ismcts|rollout)`).MatchString(cmd)
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case ">":
			outFile = filepath.Join(dir, f[i+1])
			i++
			continue
		case "--games":
			n, _ := strconv.Atoi(f[i+1])
			limit := 4
			if search {
				limit = 2
			}
			f[i+1] = strconv.Itoa(min(n, limit))
		case "--duration":
			f[i+1] = "1s"
		case "--matches":
			f[i+1] = "10"
		case "--rate":
			f[i+1] = "100"
		case "--server":
			f[i+1] = addr
		case "--addr":
			if f[0] == "loadtest" {
				f[i+1] = addr
			} else {
				f[i+1] = "127.0.0.1:0"
			}
		case "--db":
			f[i+1] = filepath.Join(dir, fmt.Sprintf("serve-%d.db", i))
		}
		args = append(args, f[i])
	}
	if args[0] == "loadtest" && !strings.Contains(cmd, "--addr") {
		args = append(args, "--addr", addr)
	}
	if args[0] == "admin" && !strings.Contains(cmd, "--server") {
		args = append([]string{"admin", "--server", addr}, args[1:]...)
	}
	if args[0] == "serve" && !strings.Contains(cmd, "--addr") {
		args = append(args, "--addr", "127.0.0.1:0")
	}
	if args[0] == "serve" && !strings.Contains(cmd, "--db") {
		args = append(args, "--db", filepath.Join(dir, "serve.db"))
	}
	return args, outFile
}

// startServe runs commons serve with args (and a database db, unless
// args name one) until the test ends, and returns the address it serves
// at.
func startServe(t *testing.T, db string, args ...string) string {
	t.Helper()
	if db != "" {
		args = append(args, "--addr", "127.0.0.1:0", "--db", db)
	}
	args = append(args, "--log-level", "error")
	var out lockedBuffer
	done := make(chan error, 1)
	go func() { done <- runServe(args, nil, &out, io.Discard) }()
	re := regexp.MustCompile(`is serving at (\S+) `)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			t.Cleanup(func() {
				// serve listens for the interrupt itself
				// (signal.NotifyContext): this stops the server, not
				// the test.
				syscall.Kill(os.Getpid(), syscall.SIGINT)
				select {
				case <-done:
				case <-time.After(30 * time.Second):
					t.Error("serve did not stop on an interrupt")
				}
			})
			return strings.TrimSuffix(m[1], "/")
		}
		select {
		case err := <-done:
			t.Fatalf("serve %v stopped before serving: %v", args, err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not start: %q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
