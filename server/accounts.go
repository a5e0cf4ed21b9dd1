package server

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/store"
)

// Accounts (docs/api.md, Accounts). Playing needs none: a guest plays
// with seat tokens, as before. A person who signs up or signs in gets a
// session: a random token in a cookie (HttpOnly, SameSite=Lax, Secure
// over TLS), kept in the store by its hash only. A seat taken signed in
// is the account's (Seat.Account): the session plays it from any
// browser, without the seat's token.

// sessionCookie is the name of the session's cookie.
const sessionCookie = "commons_session"

// accountView is an account as GET /api/account shows it to its holder.
type accountView struct {
	Name     string    `json:"name"`
	Created  time.Time `json:"created"`
	Password bool      `json:"password"`
	Passkeys int       `json:"passkeys"`
	// Muted are the names of the accounts whose messages are not shown
	// to this one.
	Muted []string `json:"muted"`
}

// signUpRequest is the body of POST /api/account/signup; signInRequest
// of POST /api/account/signin.
type signUpRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	// Seats are guest seats the person holds (each match's ID and seat
	// token): they become the account's.
	Seats []seatClaim `json:"seats"`
}

type signInRequest = signUpRequest

// seatClaim is a guest seat to make an account's: the match and the
// seat's token.
type seatClaim struct {
	Match string `json:"match"`
	Token string `json:"token"`
}

// signedInAnswer answers a sign-up or sign-in: the account, and the
// seats claimed (the matches' IDs).
type signedInAnswer struct {
	Account accountView `json:"account"`
	Claimed []string    `json:"claimed"`
}

// people returns the store's accounts, or an error for a store that
// keeps none.
func (s *Server) requirePeople() (store.People, error) {
	if s.people == nil {
		return nil, errorf(http.StatusNotImplemented, "this server's store keeps no accounts")
	}
	return s.people, nil
}

// signedIn returns the account of the request's session; nil, and no
// error, when it has no session or one that has ended.
func (s *Server) signedIn(r *http.Request) (*store.Account, error) {
	if s.people == nil {
		return nil, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, nil
	}
	se, err := s.people.Session(r.Context(), hashToken(c.Value))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	acc, err := s.people.Account(r.Context(), se.Account)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return acc, err
}

// requireAccount returns the request's account, or 401.
func (s *Server) requireAccount(r *http.Request) (*store.Account, error) {
	if _, err := s.requirePeople(); err != nil {
		return nil, err
	}
	acc, err := s.signedIn(r)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		return nil, errorf(http.StatusUnauthorized, "not signed in")
	}
	return acc, nil
}

// newAccountID returns a new account ID: 80 random bits in lower-case
// base32. An ID never changes; the name is shown.
func newAccountID() string {
	var b [10]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
}

// startSession makes a session for acc and sets its cookie.
func (s *Server) startSession(ctx context.Context, w http.ResponseWriter, r *http.Request, acc *store.Account) error {
	token, hash := newToken()
	now := time.Now()
	if err := s.people.CreateSession(ctx, &store.Session{Hash: hash, Account: acc.ID, Created: now, Expires: now.Add(s.cfg.SessionTime)}); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/",
		MaxAge: int(s.cfg.SessionTime / time.Second), HttpOnly: true,
		Secure: s.secure(r), SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// endSessionCookie tells the browser to forget its session.
func (s *Server) endSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
}

// secure reports whether the request came over TLS, to this server or
// to the proxy in front of it (Config.PublicOrigin https://...): the
// session's cookie is then Secure.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(s.cfg.PublicOrigin, "https://")
}

// hashPassword and verifyPassword run argon2id at most hashers at a time
// (each takes 64 MiB), waiting for their turn as long as the request
// may.
func (s *Server) hashPassword(ctx context.Context, password string) (string, error) {
	if err := s.hashTurn(ctx); err != nil {
		return "", err
	}
	defer func() { <-s.hashers }()
	return account.HashPassword(password, s.cfg.PasswordParams)
}

func (s *Server) verifyPassword(ctx context.Context, hash, password string) error {
	if err := s.hashTurn(ctx); err != nil {
		return err
	}
	defer func() { <-s.hashers }()
	return account.VerifyPassword(hash, password)
}

func (s *Server) hashTurn(ctx context.Context) error {
	select {
	case s.hashers <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// decoyHash is a hash of no password, verified for a sign-in of an
// unknown name, so that it takes as long as one with a wrong password:
// the time of the answer does not tell which names have accounts.
func (s *Server) decoyHash() string {
	s.decoyOnce.Do(func() {
		s.decoy, _ = account.HashPassword("no account has this password: "+newAccountID(), s.cfg.PasswordParams)
	})
	return s.decoy
}

// errWrongSignIn is the one answer to a wrong password and to an unknown
// name.
var errWrongSignIn = errorf(http.StatusUnauthorized, "wrong name or password")

func (s *Server) handleSignUp(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	var req signUpRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if err := account.CheckName(req.Name); err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	if err := account.CheckPassword(req.Password); err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	ctx := r.Context()
	if _, err := people.AccountByKey(ctx, account.Key(req.Name)); err == nil {
		return errorf(http.StatusConflict, "the name %s is taken", req.Name)
	}
	// Counted once the request is found good: a mistake costs nothing.
	if err := s.checkSignUp(r); err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, req.Password)
	if err != nil {
		return err
	}
	acc := &store.Account{ID: newAccountID(), Name: req.Name, Key: account.Key(req.Name), PasswordHash: hash}
	if err := s.createAccount(ctx, acc); err != nil {
		return err
	}
	if err := s.startSession(ctx, w, r, acc); err != nil {
		return err
	}
	s.log.Info("account made", "account", acc.ID)
	ans, err := s.signedInAnswer(ctx, acc, req.Seats)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, ans)
	return nil
}

// createAccount stores acc, answering 409 for a name taken meanwhile.
func (s *Server) createAccount(ctx context.Context, acc *store.Account) error {
	err := s.people.CreateAccount(ctx, acc)
	if errors.Is(err, store.ErrNameTaken) {
		return errorf(http.StatusConflict, "the name %s is taken", acc.Name)
	}
	return err
}

func (s *Server) handleSignIn(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	var req signInRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if req.Name == "" || req.Password == "" {
		return errorf(http.StatusBadRequest, `want "name" and "password"`)
	}
	if len(req.Name) > account.MaxNameBytes || len(req.Password) > account.MaxPasswordBytes {
		return errWrongSignIn
	}
	key := account.Key(req.Name)
	if err := s.checkSignIn(r, key); err != nil {
		return err
	}
	ctx := r.Context()
	acc, err := people.AccountByKey(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		s.verifyPassword(ctx, s.decoyHash(), req.Password)
		return errWrongSignIn
	}
	if err != nil {
		return err
	}
	if acc.PasswordHash == "" {
		// An account of passkeys only: no password is its.
		s.verifyPassword(ctx, s.decoyHash(), req.Password)
		return errWrongSignIn
	}
	switch err := s.verifyPassword(ctx, acc.PasswordHash, req.Password); {
	case errors.Is(err, account.ErrWrongPassword):
		return errWrongSignIn
	case err != nil:
		return err
	}
	if err := s.startSession(ctx, w, r, acc); err != nil {
		return err
	}
	ans, err := s.signedInAnswer(ctx, acc, req.Seats)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// signedInAnswer claims the guest seats and answers with the account.
func (s *Server) signedInAnswer(ctx context.Context, acc *store.Account, seats []seatClaim) (*signedInAnswer, error) {
	claimed, err := s.claimSeats(ctx, acc, seats)
	if err != nil {
		return nil, err
	}
	v, err := s.viewAccount(ctx, acc)
	if err != nil {
		return nil, err
	}
	return &signedInAnswer{Account: *v, Claimed: claimed}, nil
}

func (s *Server) viewAccount(ctx context.Context, acc *store.Account) (*accountView, error) {
	creds, err := s.people.Credentials(ctx, acc.ID)
	if err != nil {
		return nil, err
	}
	muted, err := s.people.Muted(ctx, acc.ID)
	if err != nil {
		return nil, err
	}
	v := &accountView{Name: acc.Name, Created: acc.Created, Password: acc.PasswordHash != "", Passkeys: len(creds), Muted: []string{}}
	for _, id := range muted {
		if other, err := s.people.Account(ctx, id); err == nil {
			v.Muted = append(v.Muted, other.Name)
		}
	}
	return v, nil
}

// maxClaims bounds the seats one request may claim.
const maxClaims = 100

// claimSeats makes the guest seats the tokens hold acc's, and returns
// the matches whose seat it claimed. A token that holds no seat, or a
// seat another account holds, is passed over: a browser's list of
// tokens may be old.
func (s *Server) claimSeats(ctx context.Context, acc *store.Account, seats []seatClaim) ([]string, error) {
	if len(seats) > maxClaims {
		return nil, errorf(http.StatusBadRequest, "%d seats to claim: at most %d", len(seats), maxClaims)
	}
	claimed := []string{}
	for _, c := range seats {
		if c.Match == "" || c.Token == "" || len(c.Match) > 100 || len(c.Token) > 100 {
			continue
		}
		m, err := s.match(ctx, c.Match)
		if err != nil {
			continue
		}
		hash := hashToken(c.Token)
		won := false
		_, err = m.changeSeats(ctx, func(h *store.Match) error {
			i := seatOfHolder(h, hash)
			if i < 0 || h.Seats[i].Account != "" {
				return errUnchanged
			}
			if seatsHoldAccount(h.Seats, acc.ID) {
				return errUnchanged // one seat per account in a match
			}
			h.Seats[i].Account = acc.ID
			h.Seats[i].Name = acc.Name
			won = true
			return nil
		})
		if err != nil {
			return nil, err
		}
		if won {
			claimed = append(claimed, m.id)
		}
	}
	return claimed, nil
}

// seatsHoldAccount reports whether an account holds one of seats.
func seatsHoldAccount(seats []store.Seat, id string) bool {
	for _, s := range seats {
		if s.Account == id {
			return true
		}
	}
	return false
}

func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request) error {
	if err := s.decode(w, r, &struct{}{}, true); err != nil {
		return err
	}
	if s.people != nil {
		if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" && len(c.Value) <= 100 {
			if err := s.people.DeleteSession(r.Context(), hashToken(c.Value)); err != nil {
				return err
			}
		}
	}
	s.endSessionCookie(w, r)
	writeJSON(w, http.StatusOK, struct{}{})
	return nil
}

// handleSignOutEverywhere ends every session of the account, this one's
// too.
func (s *Server) handleSignOutEverywhere(w http.ResponseWriter, r *http.Request) error {
	if err := s.decode(w, r, &struct{}{}, true); err != nil {
		return err
	}
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	if err := s.people.DeleteSessions(r.Context(), acc.ID); err != nil {
		return err
	}
	s.endSessionCookie(w, r)
	writeJSON(w, http.StatusOK, struct{}{})
	return nil
}

func (s *Server) handleAccount(w http.ResponseWriter, r *http.Request) error {
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	v, err := s.viewAccount(r.Context(), acc)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, v)
	return nil
}

// claimRequest is the body of POST /api/account/seats.
type claimRequest struct {
	Seats []seatClaim `json:"seats"`
}

func (s *Server) handleClaimSeats(w http.ResponseWriter, r *http.Request) error {
	var req claimRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	claimed, err := s.claimSeats(r.Context(), acc, req.Seats)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string][]string{"claimed": claimed})
	return nil
}

// muteRequest is the body of POST /api/account/mutes.
type muteRequest struct {
	Name string `json:"name"`
	// Mute is true to mute Name, false to hear it again.
	Mute bool `json:"mute"`
}

func (s *Server) handleMute(w http.ResponseWriter, r *http.Request) error {
	var req muteRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	other, err := s.people.AccountByKey(r.Context(), account.Key(req.Name))
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "no account is named %s", clip(req.Name))
	}
	if err != nil {
		return err
	}
	if other.ID == acc.ID {
		return errorf(http.StatusBadRequest, "you cannot mute yourself")
	}
	if err := s.people.Mute(r.Context(), acc.ID, other.ID, req.Mute); err != nil {
		return err
	}
	s.mutes.forget(acc.ID)
	v, err := s.viewAccount(r.Context(), acc)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}

// checkSignUp applies the limit of accounts made per address.
func (s *Server) checkSignUp(r *http.Request) error {
	return s.perAddress(r, s.signUps, "signups", "accounts made", s.cfg.SignUpLimit, s.cfg.SignUpWindow)
}

// checkSignIn applies the limits of sign-ins, per address and, for a
// password's, per name key (whether or not an account has it, so that
// the answer does not tell): one guesser cannot try many passwords, nor
// many guessers one account's. A passkey's sign-in (key "") counts per
// address only.
func (s *Server) checkSignIn(r *http.Request, key string) error {
	now := time.Now()
	ok, wait := s.signIns.take(clientIP(r), now)
	if ok && key != "" {
		if ok, wait = s.signInNames.take(key, now); !ok {
			s.signIns.giveBack(clientIP(r), 1)
		}
	}
	if ok {
		return nil
	}
	s.metrics.limited.WithLabelValues("signins").Inc()
	e := errorf(http.StatusTooManyRequests, "too many sign-ins: the limit is %d per %v from one address and for one name; try again in %v",
		s.cfg.SignInLimit, s.cfg.SignInWindow, retryIn(wait))
	e.RetryAfter = wait
	return e
}

// muteCache keeps each signed-in account's mutes for the messages sent
// to it, read again after a change (or a minute).
type muteCache struct {
	mu sync.Mutex
	m  map[string]mutesAt
}

type mutesAt struct {
	ids map[string]bool
	at  time.Time
}

func (c *muteCache) forget(id string) {
	c.mu.Lock()
	delete(c.m, id)
	c.mu.Unlock()
}
