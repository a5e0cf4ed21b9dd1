package server

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"testing"
)

// Seat tokens are at least 128 random bits (256 today) from crypto/rand,
// never repeated, and their hashes are compared in constant time.
func TestSeatTokensRandom(t *testing.T) {
	if tokenSource != rand.Reader {
		t.Fatal("seat tokens do not come from crypto/rand.Reader")
	}
	seen := map[string]bool{}
	for range 1000 {
		tok, hash := newToken()
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil {
			t.Fatalf("token %q is not base64url: %v", tok, err)
		}
		if len(b)*8 < 128 {
			t.Fatalf("token %q holds %d bits, want at least 128", tok, len(b)*8)
		}
		if seen[tok] {
			t.Fatalf("token %q drawn twice", tok)
		}
		seen[tok] = true
		if hash != hashToken(tok) || !tokenHashEqual(hash, hashToken(tok)) || tokenHashEqual(hash, hashToken(tok+"x")) {
			t.Fatal("hash of a token")
		}
	}
	// The bits are the source's, all of them: a source of known bytes
	// gives a token of exactly those bytes.
	want := bytes.Repeat([]byte{0xA5}, tokenBytes)
	tokenSource = bytes.NewReader(want)
	defer func() { tokenSource = rand.Reader }()
	tok, _ := newToken()
	if got, _ := base64.RawURLEncoding.DecodeString(tok); !bytes.Equal(got, want) {
		t.Fatalf("token %x, want the source's %x", got, want)
	}
}
