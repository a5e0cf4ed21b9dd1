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
	"github.com/commons-games/commons/store"
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

// A holder is who holds a seat as the server compares it: the hash of
// the seat token a request carries (hashToken), or, for a person signed
// in, accountHolder of the account's ID. A seat taken signed in has
// both: its token plays it, and so does its account from any browser.
// (A token hash is hex, so it never begins with accountPrefix.)
const accountPrefix = "account:"

func accountHolder(id string) string { return accountPrefix + id }

// holds reports whether holder holds seat.
func holds(seat store.Seat, holder string) bool {
	if id, ok := strings.CutPrefix(holder, accountPrefix); ok {
		return id != "" && seat.Account == id
	}
	return holder != "" && seat.TokenHash != "" && tokenHashEqual(seat.TokenHash, holder)
}

// holderOf returns who the request says it is for m's seats: the hash of
// its seat token, or else, if it is signed in and the account holds a
// seat of m, the account; "" for neither.
func (s *Server) holderOf(r *http.Request, m *live) (string, error) {
	if tok := bearer(r); tok != "" {
		return hashToken(tok), nil
	}
	acc, err := s.signedIn(r)
	if err != nil || acc == nil {
		return "", err
	}
	if _, ok := m.seatOf(accountHolder(acc.ID)); !ok {
		return "", nil
	}
	return accountHolder(acc.ID), nil
}

// requireSeat returns the seat the request's token, or its account,
// holds in m, and the holder.
func (s *Server) requireSeat(r *http.Request, m *live) (game.Player, string, error) {
	holder, refusal := hashToken(bearer(r)), "that token holds no seat of match %s"
	if bearer(r) == "" {
		acc, err := s.signedIn(r)
		if err != nil {
			return 0, "", err
		}
		if acc == nil {
			return 0, "", errorf(http.StatusUnauthorized, "missing seat token: send Authorization: Bearer TOKEN, or sign in")
		}
		holder, refusal = accountHolder(acc.ID), "your account holds no seat of match %s"
	}
	p, ok := m.seatOf(holder)
	if !ok {
		return 0, "", errorf(http.StatusForbidden, refusal, m.id)
	}
	return p, holder, nil
}

// seatOf is seatOfLocked, taking m's lock.
func (m *live) seatOf(holder string) (game.Player, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.seatOfLocked(holder)
}
