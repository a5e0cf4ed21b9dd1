package main

import (
	"bytes"
	"errors"
	"io"
	"net/http"
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

// serve --variants checks every variant before anything is opened: a
// wrong one stops it with the file and what is wrong, a usage error.
func TestServeVariantsRefused(t *testing.T) {
	dir := t.TempDir()
	vdir := filepath.Join(dir, "variants")
	if err := os.Mkdir(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(vdir, "far.variant.json"), []byte(`{"name": "far", "game": "3io", "options": {"tiles": "../tiles.json"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "c.db")
	err := runServe([]string{"--addr", "127.0.0.1:0", "--db", db, "--variants", vdir}, nil, io.Discard, io.Discard)
	var ue *usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "far.variant.json") || !strings.Contains(err.Error(), "outside the variants' folder") {
		t.Fatalf("err = %v, want a usage error naming far.variant.json and the path", err)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the database was made before the variants were checked")
	}
}

// serve --variants DIR offers the folder's variants.
func TestServeVariants(t *testing.T) {
	dir := t.TempDir()
	tiles, err := os.ReadFile("../../games/threeio/testdata/tiles/small-box.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "small-box.json"), tiles, 0o644)
	os.WriteFile(filepath.Join(dir, "small.variant.json"), []byte(`{"name": "small", "game": "3io", "title": "Small box", "options": {"tiles": "small-box.json"}}`), 0o644)
	var out lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- runServe([]string{"--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "c.db"), "--log-level", "error", "--variants", dir}, nil, &out, io.Discard)
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
	url := strings.TrimSpace(strings.Fields(strings.SplitAfter(out.String(), "is serving at ")[1])[0])
	resp, err := http.Get(url + "api/games")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"variants":[{"name":"small","title":"Small box"`) {
		t.Errorf("GET /api/games does not offer the variant: %s", body)
	}
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
}
