package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/store"
)

// Passkeys (WebAuthn, through github.com/go-webauthn/webauthn). Each
// ceremony has two steps: begin, which answers the options for the
// browser's navigator.credentials.create or .get and keeps the
// challenge in the store (store.People.PutChallenge: any node may see
// the second step), and finish, which takes the challenge back, once,
// and checks the browser's answer against it. Passkeys are discoverable
// (resident keys): signing in asks for no name.

// ceremonyTime is how long a ceremony's challenge is good for.
const ceremonyTime = 5 * time.Minute

// passkeys keeps one relying party per origin the server is reached at.
type passkeys struct {
	mu       sync.Mutex
	byOrigin map[string]*webauthn.WebAuthn
}

// maxOrigins bounds the relying parties kept (a client may send any
// Host).
const maxOrigins = 16

// relyingParty returns the relying party for the request's origin: the
// configured PublicOrigin, or else the one the request was made to.
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origin := s.cfg.PublicOrigin
	if origin == "" {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		origin = scheme + "://" + r.Host
		if err := checkOrigin(origin); err != nil {
			return nil, errorf(http.StatusBadRequest, "passkeys: the request's host: %v", err)
		}
	}
	p := &s.passkeys
	p.mu.Lock()
	defer p.mu.Unlock()
	if w := p.byOrigin[origin]; w != nil {
		return w, nil
	}
	u, _ := url.Parse(origin)
	w, err := webauthn.New(&webauthn.Config{
		RPDisplayName: "Commons",
		RPID:          u.Hostname(),
		RPOrigins:     []string{origin},
	})
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "passkeys at %s: %v", clip(origin), err)
	}
	if p.byOrigin == nil || len(p.byOrigin) >= maxOrigins {
		p.byOrigin = map[string]*webauthn.WebAuthn{}
	}
	p.byOrigin[origin] = w
	return w, nil
}

// checkOrigin says what is wrong with origin as the origin of the
// server's pages: scheme http or https, a host, nothing else.
func checkOrigin(origin string) error {
	u, err := url.Parse(origin)
	switch {
	case err != nil:
		return err
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("origin %s: want http:// or https://", clip(origin))
	case u.Hostname() == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return fmt.Errorf("origin %s: want a scheme and a host, no path", clip(origin))
	}
	return nil
}

// passkeyUser is an account as the WebAuthn library sees it: its handle
// is the account's ID.
type passkeyUser struct {
	acc   *store.Account
	creds []webauthn.Credential
}

func (u *passkeyUser) WebAuthnID() []byte                         { return []byte(u.acc.ID) }
func (u *passkeyUser) WebAuthnName() string                       { return u.acc.Name }
func (u *passkeyUser) WebAuthnDisplayName() string                { return u.acc.Name }
func (u *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// loadPasskeyUser reads an account's passkeys.
func (s *Server) loadPasskeyUser(ctx context.Context, acc *store.Account) (*passkeyUser, error) {
	stored, err := s.people.Credentials(ctx, acc.ID)
	if err != nil {
		return nil, err
	}
	u := &passkeyUser{acc: acc}
	for _, c := range stored {
		var wc webauthn.Credential
		if err := json.Unmarshal(c.Data, &wc); err != nil {
			return nil, fmt.Errorf("account %s: passkey: %w", acc.ID, err)
		}
		u.creds = append(u.creds, wc)
	}
	return u, nil
}

// ceremony is what a ceremony's first step keeps for its second.
type ceremony struct {
	// Kind is "register" or "signin".
	Kind string `json:"kind"`
	// Account and Name are the account a registration is for; New says
	// it is to be made (a sign-up with a passkey).
	Account string               `json:"account,omitempty"`
	Name    string               `json:"name,omitempty"`
	New     bool                 `json:"new,omitempty"`
	Session webauthn.SessionData `json:"session"`
}

// ceremonyAnswer answers a ceremony's first step: its ID, to send back
// with the second, and the options for the browser (the argument of
// navigator.credentials.create or .get: {"publicKey": ...}).
type ceremonyAnswer struct {
	Ceremony string `json:"ceremony"`
	Options  any    `json:"options"`
}

// passkeyRequest is the body of a ceremony's second step.
type passkeyRequest struct {
	Ceremony string `json:"ceremony"`
	// Credential is the browser's PublicKeyCredential, as JSON
	// (PublicKeyCredential.toJSON()).
	Credential json.RawMessage `json:"credential"`
	Seats      []seatClaim     `json:"seats"`
}

// registerRequest is the body of POST /api/account/passkeys/register.
type registerRequest struct {
	// Name is the new account's name, for a sign-up; "" to add a
	// passkey to the account signed in.
	Name string `json:"name"`
}

func (s *Server) putCeremony(ctx context.Context, c *ceremony) (string, error) {
	id, _ := newToken()
	data, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	if err := s.people.PutChallenge(ctx, hashToken(id), data, time.Now().Add(ceremonyTime)); err != nil {
		return "", err
	}
	return id, nil
}

func (s *Server) takeCeremony(ctx context.Context, id, kind string) (*ceremony, error) {
	if id == "" || len(id) > 100 {
		return nil, errorf(http.StatusBadRequest, `missing "ceremony": the ID the first step answered`)
	}
	data, err := s.people.TakeChallenge(ctx, hashToken(id))
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(http.StatusBadRequest, "no such passkey ceremony: it was finished already, or began over %v ago; begin again", ceremonyTime)
	}
	if err != nil {
		return nil, err
	}
	var c ceremony
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	if c.Kind != kind {
		return nil, errorf(http.StatusBadRequest, "that ceremony is a %s, not a %s", c.Kind, kind)
	}
	return &c, nil
}

// finishCeremony reads a ceremony's second step: its body, the
// ceremony of that kind it finishes (taken from the store: it cannot be
// finished twice), and the relying party.
func (s *Server) finishCeremony(w http.ResponseWriter, r *http.Request, kind string) (*passkeyRequest, *ceremony, *webauthn.WebAuthn, error) {
	if _, err := s.requirePeople(); err != nil {
		return nil, nil, nil, err
	}
	var req passkeyRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return nil, nil, nil, err
	}
	c, err := s.takeCeremony(r.Context(), req.Ceremony, kind)
	if err != nil {
		return nil, nil, nil, err
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return nil, nil, nil, err
	}
	return &req, c, rp, nil
}

// handlePasskeyRegisterBegin begins a passkey's registration: for a new
// account named Name (a sign-up), or for the account signed in.
func (s *Server) handlePasskeyRegisterBegin(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.requirePeople(); err != nil {
		return err
	}
	var req registerRequest
	if err := s.decode(w, r, &req, true); err != nil {
		return err
	}
	ctx := r.Context()
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	c := &ceremony{Kind: "register"}
	var user *passkeyUser
	switch {
	case acc != nil && req.Name != "" && account.Key(req.Name) != acc.Key:
		return errorf(http.StatusConflict, "signed in as %s: sign out to make another account", acc.Name)
	case acc != nil:
		if user, err = s.loadPasskeyUser(ctx, acc); err != nil {
			return err
		}
		c.Account, c.Name = acc.ID, acc.Name
	default:
		if req.Name == "" {
			return errorf(http.StatusBadRequest, `missing "name": the name of the account to make (or sign in first to add a passkey to yours)`)
		}
		if err := account.CheckName(req.Name); err != nil {
			return errorf(http.StatusBadRequest, "%v", err)
		}
		if _, err := s.people.AccountByKey(ctx, account.Key(req.Name)); err == nil {
			return errorf(http.StatusConflict, "the name %s is taken", req.Name)
		}
		if err := s.checkSignUp(r); err != nil {
			return err
		}
		c.Account, c.Name, c.New = newAccountID(), req.Name, true
		user = &passkeyUser{acc: &store.Account{ID: c.Account, Name: c.Name}}
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	var exclude []protocol.CredentialDescriptor
	for _, cr := range user.creds {
		exclude = append(exclude, cr.Descriptor())
	}
	creation, session, err := rp.BeginRegistration(user,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(exclude))
	if err != nil {
		return fmt.Errorf("passkey registration: %w", err)
	}
	c.Session = *session
	id, err := s.putCeremony(ctx, c)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ceremonyAnswer{Ceremony: id, Options: creation})
	return nil
}

// handlePasskeyRegisterFinish checks the browser's new credential, and
// keeps it: for the new account, which it makes and signs in, or for
// the one signed in.
func (s *Server) handlePasskeyRegisterFinish(w http.ResponseWriter, r *http.Request) error {
	req, c, rp, err := s.finishCeremony(w, r, "register")
	if err != nil {
		return err
	}
	ctx := r.Context()
	parsed, err := protocol.ParseCredentialCreationResponseBytes(req.Credential)
	if err != nil {
		return errorf(http.StatusBadRequest, "credential: %s", webauthnMessage(err))
	}
	var acc *store.Account
	if c.New {
		acc = &store.Account{ID: c.Account, Name: c.Name, Key: account.Key(c.Name)}
	} else {
		signed, err := s.requireAccount(r)
		if err != nil {
			return err
		}
		if signed.ID != c.Account {
			return errorf(http.StatusForbidden, "that ceremony was begun by another account")
		}
		acc = signed
	}
	user, err := s.loadPasskeyUser(ctx, acc)
	if c.New {
		user, err = &passkeyUser{acc: acc}, nil
	}
	if err != nil {
		return err
	}
	cred, err := rp.CreateCredential(user, c.Session, parsed)
	if err != nil {
		return errorf(http.StatusBadRequest, "passkey not accepted: %s", webauthnMessage(err))
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	if c.New {
		if err := s.createAccount(ctx, acc); err != nil {
			return err
		}
	}
	if err := s.people.AddCredential(ctx, &store.Credential{ID: cred.ID, Account: acc.ID, Data: data}); err != nil {
		if errors.Is(err, store.ErrExists) {
			return errorf(http.StatusConflict, "that passkey is registered already")
		}
		return err
	}
	status := http.StatusOK
	if c.New {
		if err := s.startSession(ctx, w, r, acc); err != nil {
			return err
		}
		s.log.Info("account made", "account", acc.ID, "with", "passkey")
		status = http.StatusCreated
	}
	ans, err := s.signedInAnswer(ctx, acc, req.Seats)
	if err != nil {
		return err
	}
	writeJSON(w, status, ans)
	return nil
}

// handlePasskeySignInBegin begins a sign-in with a passkey: the browser
// offers the passkeys it has for this site.
func (s *Server) handlePasskeySignInBegin(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.requirePeople(); err != nil {
		return err
	}
	if err := s.decode(w, r, &struct{}{}, true); err != nil {
		return err
	}
	if err := s.checkSignIn(r, ""); err != nil { // per address only
		return err
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	assertion, session, err := rp.BeginDiscoverableLogin()
	if err != nil {
		return fmt.Errorf("passkey sign-in: %w", err)
	}
	id, err := s.putCeremony(r.Context(), &ceremony{Kind: "signin", Session: *session})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ceremonyAnswer{Ceremony: id, Options: assertion})
	return nil
}

// handlePasskeySignInFinish checks the browser's assertion and signs
// its account in.
func (s *Server) handlePasskeySignInFinish(w http.ResponseWriter, r *http.Request) error {
	req, c, rp, err := s.finishCeremony(w, r, "signin")
	if err != nil {
		return err
	}
	ctx := r.Context()
	parsed, err := protocol.ParseCredentialRequestResponseBytes(req.Credential)
	if err != nil {
		return errorf(http.StatusBadRequest, "credential: %s", webauthnMessage(err))
	}
	var found *passkeyUser
	user, cred, err := rp.ValidatePasskeyLogin(func(rawID, handle []byte) (webauthn.User, error) {
		acc, err := s.people.Account(ctx, string(handle))
		if err != nil {
			return nil, err
		}
		found, err = s.loadPasskeyUser(ctx, acc)
		return found, err
	}, c.Session, parsed)
	if err != nil || user == nil || found == nil {
		return errorf(http.StatusUnauthorized, "passkey not accepted: %s", webauthnMessage(err))
	}
	if cred.Authenticator.CloneWarning {
		// The authenticator's signature count went back: two copies of
		// one key are in use.
		return errorf(http.StatusUnauthorized, "passkey not accepted: its signature count went back, as a copied key's does")
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	if err := s.people.UpdateCredential(ctx, &store.Credential{ID: cred.ID, Account: found.acc.ID, Data: data}); err != nil {
		return err
	}
	if err := s.startSession(ctx, w, r, found.acc); err != nil {
		return err
	}
	ans, err := s.signedInAnswer(ctx, found.acc, req.Seats)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// webauthnMessage is the WebAuthn library's error as a person reads it:
// its details and what it found wrong, cut short (they may quote what
// the browser sent).
func webauthnMessage(err error) string {
	if err == nil {
		return "unknown account"
	}
	msg := err.Error()
	var pe *protocol.Error
	if errors.As(err, &pe) {
		msg = pe.Details
		if pe.DevInfo != "" {
			msg += ": " + pe.DevInfo
		}
	}
	if len(msg) > 2*maxQuoted {
		cut := 2 * maxQuoted
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}
