package server_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// process is a commons serve subprocess.
type process struct {
	cmd    *exec.Cmd
	url    string
	stderr *strings.Builder
}

var servingRE = regexp.MustCompile(`serving at (http://\S+)/ `)

func startProcess(t *testing.T, bin, db string) *process {
	t.Helper()
	// The test plays fast from one address: no move or match limits.
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--log-level", "warn", "--move-rate", "0", "--create-limit", "0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, stderr: &strings.Builder{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := servingRE.FindStringSubmatch(sc.Text()); m != nil {
				line <- m[1]
			}
		}
	}()
	select {
	case p.url = <-line:
	case <-time.After(20 * time.Second):
		t.Fatalf("commons serve printed no address; stderr:\n%s", p.stderr)
	}
	return p
}

// kill stops the process with SIGKILL: no shutdown, no flush.
func (p *process) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
}

// TestRestartAfterSIGKILL runs commons serve as a process on a SQLite
// file, plays a Source match through the API, kills the server with
// SIGKILL between moves (and once while moves are in flight), starts it
// again, and checks that every acknowledged move is in the log and that
// the match goes on to the end.
func TestRestartAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commons command")
	}
	bin := buildCommons(t)
	db := filepath.Join(t.TempDir(), "commons.db")
	p := startProcess(t, bin, db)
	n := &node{t: t, url: p.url}
	a := n.create(map[string]any{"game": "source", "join": 1})
	b := n.join(a.Match.ID, 2)
	id := a.Match.ID
	tokens := []string{a.Token, b.Token}
	acked := map[int]string{} // log index -> entry, from the acknowledgements
	rng := rand.New(rand.NewPCG(1, 2))

	// move makes one random legal move of the seat to move and records
	// what the server acknowledged. It reports whether the game goes on.
	move := func() bool {
		s := n.state(id, "")
		if s.Status == "over" {
			return false
		}
		tok := tokens[s.ToMove-1]
		mine := n.state(id, tok)
		if !mine.YourTurn {
			return mine.Status != "over" // the server played a forced move
		}
		var ans moveAnswer
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", tok,
			map[string]any{"move": mine.Legal[rng.IntN(len(mine.Legal))], "version": mine.Version}, &ans)
		for _, e := range ans.Applied {
			acked[e.N] = e.Move
		}
		return true
	}
	check := func(when string) {
		rec := n.record(id, "")
		for i, e := range acked {
			if i >= len(rec.Moves) || rec.Moves[i] != e {
				t.Fatalf("%s: acknowledged entry %d %q is not in the log %q", when, i, e, rec.Moves)
			}
		}
	}

	var inflight sync.Mutex
	restarts := 0
	for round := 0; ; round++ {
		over := false
		for k := 0; k < 4+rng.IntN(6); k++ {
			if !move() {
				over = true
				break
			}
		}
		if over {
			break
		}
		if restarts < 3 {
			if restarts == 2 {
				// Kill while moves are in flight: whatever was
				// acknowledged must survive; the rest may or may not.
				s := n.state(id, "")
				mine := n.state(id, tokens[s.ToMove-1])
				s.Version = mine.Version // after a forced move the server played
				var wg sync.WaitGroup
				for _, mv := range mine.Legal[:min(4, len(mine.Legal))] {
					wg.Add(1)
					go func() {
						defer wg.Done()
						var ans moveAnswer
						if n.quietCall("POST", "/api/matches/"+id+"/moves", tokens[s.ToMove-1], map[string]any{"move": mv, "version": s.Version}, &ans) == http.StatusOK {
							inflight.Lock()
							for _, e := range ans.Applied {
								acked[e.N] = e.Move
							}
							inflight.Unlock()
						}
					}()
				}
				time.Sleep(time.Millisecond)
				p.kill(t)
				wg.Wait()
			} else {
				p.kill(t)
			}
			p = startProcess(t, bin, db)
			n.url = p.url
			restarts++
			check(fmt.Sprintf("after restart %d", restarts))
		}
	}
	if restarts < 3 {
		t.Fatalf("the game ended after %d restarts; want 3 (game too short?)", restarts)
	}
	check("at the end")
	rec := n.record(id, "")
	r := replayAll(t, rec)
	if !slices.Equal(r.states[len(r.states)-1].Returns(nil), n.match(id).Result) {
		t.Fatal("the complete record does not replay to the result")
	}
	// A clean stop: SIGTERM shuts down gracefully.
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after SIGTERM: %v\n%s", err, p.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("commons serve did not stop on SIGTERM")
	}
}
