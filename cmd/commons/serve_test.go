package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeCPUProfile: serve --cpuprofile writes a CPU profile (gzipped,
// as go tool pprof reads it) when the server stops on an interrupt.
func TestServeCPUProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.prof")
	var out lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- runServe([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "c.db"), "--log-level", "error", "--cpuprofile", prof}, nil, &out, io.Discard)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), "is serving at") {
		select {
		case err := <-done:
			t.Fatalf("serve stopped before serving: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not start: %q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// serve listens for the interrupt itself (signal.NotifyContext), so
	// this stops the server, not the test.
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop on an interrupt")
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("the profile is not a gzipped pprof profile: % x", data[:min(len(data), 8)])
	}
}

// A profile that cannot be written is refused before the server starts.
func TestServeCPUProfileUnwritable(t *testing.T) {
	dir := t.TempDir()
	err := runServe([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "c.db"), "--cpuprofile", filepath.Join(dir, "no", "such", "cpu.prof")}, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--cpuprofile") {
		t.Fatalf("err = %v, want one naming --cpuprofile", err)
	}
}
