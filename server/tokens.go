package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"io"
	"net/http"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// bearer returns the seat token of a request: "Authorization: Bearer T".
// The WebSocket takes the query parameter token=T too (wsBearer); on any
// other endpoint a token there is refused (checkRequestText).
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
		return strings.TrimSpace(h)
	}
	return ""
}

// newToken returns a new secret seat token and its hash. Only the hash is
// stored, so a copy of the database hands nobody a seat.
// A token is tokenBytes (256 bits) read from tokenSource, crypto/rand's
// generator: nobody can guess one, and the hashes are compared in
// constant time (tokenHashEqual).
func newToken() (token, hash string) {
	var b [tokenBytes]byte
	if _, err := io.ReadFull(tokenSource, b[:]); err != nil {
		panic("server: no random bits for a seat token: " + err.Error())
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

const tokenBytes = 32

// tokenSource is where seat tokens' bits come from (a test replaces it
// to see that they come from it).
var tokenSource io.Reader = rand.Reader

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func tokenHashEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// rematchToken is the seat token of the rematch newID for the holder of
// token in the old match. Derived, not drawn, so that a player who asks
// for the rematch twice (a retry, a second tab) gets its one seat back
// instead of taking another; nobody without the old token can compute
// it.
func rematchToken(token, newID string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("commons rematch " + newID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newID returns a new match ID: 60 random bits in lower-case base32.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:12]
}

func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & record.MaxSeed
}

// requireSeat returns the seat the request's token holds in m.
func requireSeat(r *http.Request, m *live) (game.Player, string, error) {
	tok := bearer(r)
	if tok == "" {
		return 0, "", errorf(http.StatusUnauthorized, "missing seat token: send Authorization: Bearer TOKEN")
	}
	hash := hashToken(tok)
	m.mu.Lock()
	p, ok := m.seatOfLocked(hash)
	m.mu.Unlock()
	if !ok {
		return 0, "", errorf(http.StatusForbidden, "that token holds no seat of match %s", m.id)
	}
	return p, hash, nil
}
