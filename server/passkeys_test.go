package server_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/commons-games/commons/server"
)

// A software authenticator, as a browser and a passkey would answer the
// server's ceremonies (WebAuthn Level 3: "none" attestation, an ES256
// key), for the server's own tests; the browser tests use Chromium's
// virtual authenticator.

var b64url = base64.RawURLEncoding

// authenticator is one passkey: its credential ID, key, the user handle
// it was made for and its signature count.
type authenticator struct {
	id     []byte
	key    *ecdsa.PrivateKey
	user   []byte
	count  uint32
	origin string // the origin the "browser" reports
	rpID   string
}

// cbor writes the little of CBOR (RFC 8949) an attestation needs.
type cbor struct{ bytes.Buffer }

func (c *cbor) head(major byte, n int) {
	switch {
	case n < 24:
		c.WriteByte(major<<5 | byte(n))
	case n < 256:
		c.WriteByte(major<<5 | 24)
		c.WriteByte(byte(n))
	default:
		c.WriteByte(major<<5 | 25)
		c.WriteByte(byte(n >> 8))
		c.WriteByte(byte(n))
	}
}
func (c *cbor) int(n int) {
	if n < 0 {
		c.head(1, -1-n)
	} else {
		c.head(0, n)
	}
}
func (c *cbor) bytes(b []byte) { c.head(2, len(b)); c.Write(b) }
func (c *cbor) text(s string)  { c.head(3, len(s)); c.WriteString(s) }
func (c *cbor) mapOf(n int)    { c.head(5, n) }

// coseKey is the credential's public key as COSE (EC2, ES256, P-256).
func (a *authenticator) coseKey() []byte {
	var c cbor
	c.mapOf(5)
	c.int(1)
	c.int(2) // kty: EC2
	c.int(3)
	c.int(-7) // alg: ES256
	c.int(-1)
	c.int(1) // crv: P-256
	x, y := make([]byte, 32), make([]byte, 32)
	a.key.PublicKey.X.FillBytes(x)
	a.key.PublicKey.Y.FillBytes(y)
	c.int(-2)
	c.bytes(x)
	c.int(-3)
	c.bytes(y)
	return c.Bytes()
}

// authData is the authenticator data: the RP ID's hash, flags (user
// present and verified, and with attested credential data when made),
// the signature count, and the credential when made.
func (a *authenticator) authData(made bool) []byte {
	h := sha256.Sum256([]byte(a.rpID))
	out := append([]byte(nil), h[:]...)
	flags := byte(0x01 | 0x04) // UP, UV
	if made {
		flags |= 0x40 // AT
	}
	out = append(out, flags)
	out = binary.BigEndian.AppendUint32(out, a.count)
	if made {
		out = append(out, make([]byte, 16)...) // AAGUID
		out = binary.BigEndian.AppendUint16(out, uint16(len(a.id)))
		out = append(out, a.id...)
		out = append(out, a.coseKey()...)
	}
	return out
}

func (a *authenticator) clientData(typ, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	return b
}

// ceremonyBegin is the answer of a ceremony's first step, as far as the
// authenticator reads it.
type ceremonyBegin struct {
	Ceremony string `json:"ceremony"`
	Options  struct {
		PublicKey struct {
			Challenge string `json:"challenge"`
			RP        struct {
				ID string `json:"id"`
			} `json:"rp"`
			RPID string `json:"rpId"`
			User struct {
				ID string `json:"id"`
			} `json:"user"`
			AuthenticatorSelection struct {
				ResidentKey string `json:"residentKey"`
			} `json:"authenticatorSelection"`
		} `json:"publicKey"`
	} `json:"options"`
}

// create answers a registration: navigator.credentials.create's
// PublicKeyCredential, as toJSON() writes it.
func (a *authenticator) create(b ceremonyBegin) map[string]any {
	a.user, _ = b64url.DecodeString(b.Options.PublicKey.User.ID)
	var att cbor
	att.mapOf(3)
	att.text("fmt")
	att.text("none")
	att.text("attStmt")
	att.mapOf(0)
	att.text("authData")
	att.bytes(a.authData(true))
	return map[string]any{
		"id": b64url.EncodeToString(a.id), "rawId": b64url.EncodeToString(a.id), "type": "public-key",
		"authenticatorAttachment": "platform", "clientExtensionResults": map[string]any{},
		"response": map[string]any{
			"clientDataJSON":    b64url.EncodeToString(a.clientData("webauthn.create", b.Options.PublicKey.Challenge)),
			"attestationObject": b64url.EncodeToString(att.Bytes()),
			"transports":        []string{"internal"},
		},
	}
}

// get answers a sign-in: navigator.credentials.get's assertion.
func (a *authenticator) get(b ceremonyBegin) map[string]any {
	data := a.authData(false)
	cd := a.clientData("webauthn.get", b.Options.PublicKey.Challenge)
	h := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte(nil), data...), h[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		panic(err)
	}
	return map[string]any{
		"id": b64url.EncodeToString(a.id), "rawId": b64url.EncodeToString(a.id), "type": "public-key",
		"authenticatorAttachment": "platform", "clientExtensionResults": map[string]any{},
		"response": map[string]any{
			"clientDataJSON":    b64url.EncodeToString(cd),
			"authenticatorData": b64url.EncodeToString(data),
			"signature":         b64url.EncodeToString(sig),
			"userHandle":        b64url.EncodeToString(a.user),
		},
	}
}

func newAuthenticator(t *testing.T, n *node) *authenticator {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &authenticator{id: id, key: key, origin: "http://" + localHost(n), rpID: "localhost"}
}

// localHost is the node's address with localhost for its host: browsers
// take no IP address for a relying party's ID.
func localHost(n *node) string {
	return "localhost:" + n.url[strings.LastIndex(n.url, ":")+1:]
}

// localPerson is a browser at http://localhost:PORT, where passkeys
// work.
func (n *node) localPerson() *person {
	p := n.newPerson("")
	p.host = localHost(n)
	return p
}

// passkeyCall POSTs body to a passkey endpoint.
func (p *person) passkeyCall(path string, body any, out any) (int, []byte) {
	p.n.t.Helper()
	if p.host == "" {
		p.n.t.Fatal("passkeys want a browser at localhost (localPerson)")
	}
	return p.call("POST", path, body, out)
}

func (p *person) mustPasskey(want int, path string, body any, out any) []byte {
	p.n.t.Helper()
	code, raw := p.passkeyCall(path, body, out)
	if code != want {
		p.n.t.Fatalf("%s: status %d, want %d: %s", path, code, want, raw)
	}
	return raw
}

// passkeySignUp signs a new account up with a new passkey.
func passkeySignUp(t *testing.T, n *node, name string) (*person, *authenticator) {
	t.Helper()
	p, key := n.localPerson(), newAuthenticator(t, n)
	var b ceremonyBegin
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/register/begin", map[string]any{"name": name}, &b)
	if b.Options.PublicKey.RP.ID != "localhost" || b.Options.PublicKey.AuthenticatorSelection.ResidentKey != "required" {
		t.Fatalf("registration options: %+v", b.Options.PublicKey)
	}
	p.mustPasskey(http.StatusCreated, "/api/account/passkeys/register/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.create(b)}, nil)
	return p, key
}

// TestPasskeySignUpAndSignIn: an account made with a passkey, and
// signed in with it on another browser, by no name; it has no password.
func TestPasskeySignUpAndSignIn(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	p, key := passkeySignUp(t, n, "Ada")
	var me struct {
		Name     string
		Password bool
		Passkeys int
	}
	p.mustCall(http.StatusOK, "GET", "/api/account", nil, &me)
	if me.Name != "Ada" || me.Password || me.Passkeys != 1 {
		t.Fatalf("the account made with a passkey: %+v", me)
	}
	other := n.localPerson()
	var b ceremonyBegin
	other.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/begin", map[string]any{}, &b)
	key.count++
	var ans accountAnswer
	other.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.get(b)}, &ans)
	if ans.Account.Name != "Ada" {
		t.Fatalf("signed in with the passkey as %+v", ans)
	}
	other.mustCall(http.StatusOK, "GET", "/api/account", nil, nil)
	// No password is the account's.
	for _, pw := range []string{"", "anything at all"} {
		code, _ := n.localPerson().call("POST", "/api/account/signin", map[string]any{"name": "Ada", "password": pw}, nil)
		if code != http.StatusUnauthorized && code != http.StatusBadRequest {
			t.Fatalf("a password sign-in of a passkey account: %d", code)
		}
	}
	// Its name is taken for a sign-up of either kind.
	code, raw := n.localPerson().passkeyCall("/api/account/passkeys/register/begin", map[string]any{"name": "ada"}, nil)
	if code != http.StatusConflict || !strings.Contains(string(raw), "taken") {
		t.Fatalf("a second passkey sign-up of one name: %d %s", code, raw)
	}
}

// TestPasskeyAddedToAPasswordAccount: signed in, a person adds a
// passkey, then signs in with either.
func TestPasskeyAddedToAPasswordAccount(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	p := n.localPerson()
	p.mustCall(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "Ada", "password": "password of Ada"}, nil)
	key := newAuthenticator(t, n)
	var b ceremonyBegin
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/register/begin", map[string]any{}, &b)
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/register/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.create(b)}, nil)
	// The same passkey twice is refused (excluded, and stored once).
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/register/begin", map[string]any{}, &b)
	if code, raw := p.passkeyCall("/api/account/passkeys/register/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.create(b)}, nil); code != http.StatusConflict {
		t.Fatalf("a passkey registered twice: %d %s", code, raw)
	}
	q := n.localPerson()
	q.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/begin", map[string]any{}, &b)
	key.count++
	q.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.get(b)}, nil)
	n.localPerson().mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "password of Ada"}, nil)
}

// TestPasskeyRefusals: a ceremony answered twice, an answer made for
// another site, another challenge, or by a copied key (its count going
// back), signs nobody in.
func TestPasskeyRefusals(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	_, key := passkeySignUp(t, n, "Ada")
	signIn := func(tamper func(*authenticator, *ceremonyBegin)) (int, string, *person) {
		p := n.localPerson()
		var b ceremonyBegin
		p.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/begin", map[string]any{}, &b)
		k := *key
		tamper(&k, &b)
		code, raw := p.passkeyCall("/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": k.get(b)}, nil)
		return code, string(raw), p
	}
	for _, tc := range []struct {
		name   string
		tamper func(*authenticator, *ceremonyBegin)
	}{
		{"another site's origin", func(k *authenticator, b *ceremonyBegin) { k.count++; k.origin = "http://evil.example" }},
		{"another site's RP ID", func(k *authenticator, b *ceremonyBegin) { k.count++; k.rpID = "evil.example" }},
		{"another challenge", func(k *authenticator, b *ceremonyBegin) {
			k.count++
			b.Options.PublicKey.Challenge = b64url.EncodeToString([]byte("a challenge the server never sent"))
		}},
		{"another key", func(k *authenticator, b *ceremonyBegin) {
			k.count++
			k.key, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		}},
	} {
		code, raw, p := signIn(tc.tamper)
		if code < 400 || code >= 500 || !strings.Contains(raw, "passkey not accepted") {
			t.Errorf("%s: %d %s", tc.name, code, raw)
		}
		if c, _ := p.call("GET", "/api/account", nil, nil); c != http.StatusUnauthorized {
			t.Errorf("%s signed in", tc.name)
		}
	}
	// A good sign-in, then its ceremony again: refused.
	p := n.localPerson()
	var b ceremonyBegin
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/begin", map[string]any{}, &b)
	key.count = 10
	cred := key.get(b)
	p.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": cred}, nil)
	if code, raw := n.localPerson().passkeyCall("/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": cred}, nil); code != http.StatusBadRequest || !strings.Contains(string(raw), "no such passkey ceremony") {
		t.Fatalf("a ceremony answered twice: %d %s", code, raw)
	}
	// A count that goes back is a copied key.
	code, raw, _ := signIn(func(k *authenticator, b *ceremonyBegin) { k.count = 3 })
	if code != http.StatusUnauthorized || !strings.Contains(raw, "signature count went back") {
		t.Fatalf("a copied key: %d %s", code, raw)
	}
	// Garbage is refused, naming the credential.
	q := n.localPerson()
	q.mustPasskey(http.StatusOK, "/api/account/passkeys/signin/begin", map[string]any{}, &b)
	if code, raw := q.passkeyCall("/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": map[string]any{"id": 5}}, nil); code != http.StatusBadRequest || !strings.Contains(string(raw), "credential") {
		t.Fatalf("a malformed credential: %d %s", code, raw)
	}
	// A registration's ceremony does not finish a sign-in.
	q.mustPasskey(http.StatusOK, "/api/account/passkeys/register/begin", map[string]any{"name": "Grace"}, &b)
	if code, raw := q.passkeyCall("/api/account/passkeys/signin/finish", map[string]any{"ceremony": b.Ceremony, "credential": key.get(b)}, nil); code != http.StatusBadRequest || !strings.Contains(string(raw), "not a signin") {
		t.Fatalf("a registration's ceremony finishing a sign-in: %d %s", code, raw)
	}
}
