// Package smtptest runs a real SMTP server inside a test, on 127.0.0.1,
// so that code which sends mail can be tested through a whole SMTP
// conversation (EHLO, STARTTLS, AUTH, MAIL, RCPT, DATA) and the mail read
// back as a recipient would see it.
//
//	srv := smtptest.Start(t)
//	// configure the sender with srv.Addr() and TLS "none", send...
//	got, err := srv.Wait(ctx, 1)
//	// got[0].Subject, got[0].Text, got[0].Header.Get("List-Unsubscribe")
//
// The server keeps every accepted message in memory and is closed when the
// test ends. It can ask for a password (WithAuth), offer STARTTLS
// (WithStartTLS) or speak TLS from the start (WithImplicitTLS) with a
// certificate that RootCAs trusts, and say no on purpose (Refuse).
package smtptest

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/mail"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	// From is the envelope sender (MAIL FROM) and To the envelope
	// recipients (RCPT TO), which need not match the From and To headers.
	From string
	To   []string
	// User is the name the client authenticated as, "" if it did not.
	User string
	// TLS says whether the message came over an encrypted connection.
	TLS bool
	// Data is the message exactly as the client sent it after DATA.
	Data []byte

	// Header holds the message's header fields, unfolded but otherwise
	// as sent (encoded words are left encoded; Subject is decoded below).
	Header mail.Header
	// Subject is the Subject header decoded (RFC 2047).
	Subject string
	// Text and HTML are the first text/plain and text/html parts (or the
	// body, for a message of one part), with the transfer encoding
	// (quoted-printable or base64) undone and line ends turned to "\n".
	Text, HTML string
	// Err says why Header, Subject, Text or HTML could not be read; the
	// server accepts such a message anyway, since telling the client
	// would hide the malformed mail from the test.
	Err error
}

// Step is an SMTP command at which Refuse makes the server say no.
type Step string

// The steps Refuse can fail.
const (
	AtMail Step = "MAIL" // the envelope sender
	AtRcpt Step = "RCPT" // each recipient
	AtData Step = "DATA" // the message, after it has been read
)

// Option changes how Start sets up the server.
type Option func(*options)

type options struct {
	user, password string
	mechs          []string
	startTLS       bool
	implicitTLS    bool
}

// WithAuth makes the server offer AUTH (PLAIN and LOGIN, unless
// WithMechanisms says otherwise) and refuse MAIL until the client has
// authenticated with this username and password. Without TLS the server
// allows AUTH in the clear, as a client does for 127.0.0.1.
func WithAuth(username, password string) Option {
	return func(o *options) { o.user, o.password = username, password }
}

// WithMechanisms limits the SASL mechanisms WithAuth offers to mechs,
// "PLAIN" and/or "LOGIN", to test a client's choice between them.
func WithMechanisms(mechs ...string) Option {
	return func(o *options) { o.mechs = mechs }
}

// WithStartTLS makes the server offer STARTTLS, with a certificate for
// 127.0.0.1 that only RootCAs trusts.
func WithStartTLS() Option {
	return func(o *options) { o.startTLS = true }
}

// WithImplicitTLS makes the server speak TLS from the first byte, as on
// port 465 (RFC 8314), with a certificate for 127.0.0.1 that only RootCAs
// trusts.
func WithImplicitTLS() Option {
	return func(o *options) { o.implicitTLS = true }
}

// Server is an SMTP server started by Start. Its methods are safe for
// concurrent use.
type Server struct {
	addr  string
	roots *x509.CertPool
	opts  options

	mu       sync.Mutex
	received []Received
	arrived  chan struct{} // closed and replaced whenever a message arrives
	refuseAt Step
	refuseCd int
}

// Start starts a server on 127.0.0.1 at a port of the system's choosing
// and closes it when the test and its subtests end.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{arrived: make(chan struct{})}
	for _, o := range opts {
		o(&s.opts)
	}
	if s.opts.user == "" && s.opts.mechs != nil {
		t.Fatal("smtptest: WithMechanisms without WithAuth")
	}
	if s.opts.user != "" && s.opts.mechs == nil {
		s.opts.mechs = []string{sasl.Plain, sasl.Login}
	}
	for _, m := range s.opts.mechs {
		if m != sasl.Plain && m != sasl.Login {
			t.Fatalf("smtptest: mechanism %q: only PLAIN and LOGIN", m)
		}
	}

	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		_, isTLS := c.TLSConnectionState()
		sess := &session{s: s, tls: isTLS}
		if s.opts.user != "" {
			return &authSession{sess}, nil
		}
		return sess, nil
	}))
	srv.Domain = "localhost"
	// A client may authenticate in the clear: clients allow it only for
	// 127.0.0.1, which is where this server is.
	srv.AllowInsecureAuth = true
	srv.EnableSMTPUTF8 = true
	srv.MaxMessageBytes = 10 << 20
	srv.MaxRecipients = 100
	// Bounded, so that a client that stops mid-conversation cannot keep
	// a test waiting.
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	// go-smtp logs only broken connections; a test does not want them on
	// its standard error after it has ended.
	srv.ErrorLog = log.New(io.Discard, "", 0)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: %v", err)
	}
	s.addr = l.Addr().String()
	if s.opts.startTLS || s.opts.implicitTLS {
		cert, roots, err := certificate()
		if err != nil {
			l.Close()
			t.Fatalf("smtptest: certificate: %v", err)
		}
		s.roots = roots
		cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		if s.opts.implicitTLS {
			l = tls.NewListener(l, cfg)
		} else {
			srv.TLSConfig = cfg
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(l) // returns when Close closes the listener
	}()
	t.Cleanup(func() {
		srv.Close()
		// Close closes only the listeners Serve has registered, and a
		// test that ends at once may end before Serve starts.
		l.Close()
		<-done
	})
	return s
}

// Addr is the server's address, "127.0.0.1:PORT".
func (s *Server) Addr() string { return s.addr }

// RootCAs trusts the server's certificate (WithStartTLS, WithImplicitTLS);
// it is nil for a server without TLS.
func (s *Server) RootCAs() *x509.CertPool { return s.roots }

// Messages returns the messages accepted so far, oldest first.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.received)
}

// Wait waits until at least n messages have been accepted and returns
// them all, or returns those that arrived with an error once ctx is done.
func (s *Server) Wait(ctx context.Context, n int) ([]Received, error) {
	for {
		s.mu.Lock()
		got, arrived := slices.Clone(s.received), s.arrived
		s.mu.Unlock()
		if len(got) >= n {
			return got, nil
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return got, fmt.Errorf("smtptest: %d of %d messages arrived: %w", len(got), n, context.Cause(ctx))
		}
	}
}

// Refuse makes the server answer the step at of every later message with
// code: 4xx for a failure the client may retry, 5xx for one it should not.
// A refused message is not kept. Accept undoes it.
func (s *Server) Refuse(at Step, code int) {
	if code < 400 || code > 599 {
		panic(fmt.Sprintf("smtptest: Refuse with code %d: a refusal is 4xx or 5xx", code))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuseAt, s.refuseCd = at, code
}

// Accept makes the server accept mail again after Refuse.
func (s *Server) Accept() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuseAt, s.refuseCd = "", 0
}

// refusal returns the error to answer step with, or nil.
func (s *Server) refusal(step Step) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuseAt != step {
		return nil
	}
	return &smtp.SMTPError{
		Code:         s.refuseCd,
		EnhancedCode: smtp.EnhancedCode{s.refuseCd / 100, 7, 1},
		Message:      fmt.Sprintf("smtptest refuses %s", step),
	}
}

func (s *Server) add(r Received) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received = append(s.received, r)
	close(s.arrived)
	s.arrived = make(chan struct{})
}

// session is one SMTP connection's state. go-smtp calls its methods from
// the connection's goroutine only.
type session struct {
	s    *Server
	tls  bool
	user string // authenticated as, "" if not
	from string
	to   []string
}

func (c *session) Reset() { c.from, c.to = "", nil }

func (c *session) Logout() error { return nil }

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	if c.s.opts.user != "" && c.user == "" {
		return smtp.ErrAuthRequired
	}
	if err := c.s.refusal(AtMail); err != nil {
		return err
	}
	c.from = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := c.s.refusal(AtRcpt); err != nil {
		return err
	}
	c.to = append(c.to, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r) // go-smtp wants r consumed before Data returns
	if err != nil {
		return err
	}
	if err := c.s.refusal(AtData); err != nil {
		return err
	}
	m := Received{From: c.from, To: slices.Clone(c.to), User: c.user, TLS: c.tls, Data: data}
	m.Err = parse(&m)
	c.s.add(m)
	return nil
}

// authSession is a session that offers AUTH; a separate type, since
// go-smtp advertises AUTH for any session with these methods.
type authSession struct{ *session }

func (c *authSession) AuthMechanisms() []string { return c.s.opts.mechs }

func (c *authSession) Auth(mech string) (sasl.Server, error) {
	if !slices.Contains(c.s.opts.mechs, mech) {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	check := func(user, password string) error {
		if user != c.s.opts.user || password != c.s.opts.password {
			return smtp.ErrAuthFailed
		}
		c.user = user
		return nil
	}
	if mech == sasl.Login {
		return &loginServer{check: check}, nil
	}
	return sasl.NewPlainServer(func(_, user, password string) error { return check(user, password) }), nil
}

// loginServer is the server side of the LOGIN mechanism, which go-sasl
// has only as a client: ask for the username, then the password.
type loginServer struct {
	check func(user, password string) error
	step  int
	user  string
}

func (l *loginServer) Next(response []byte) (challenge []byte, done bool, err error) {
	switch l.step {
	case 0:
		l.step++
		if response != nil { // an initial response is the username
			l.user = string(response)
			l.step++
			return []byte("Password:"), false, nil
		}
		return []byte("Username:"), false, nil
	case 1:
		l.step++
		l.user = string(response)
		return []byte("Password:"), false, nil
	case 2:
		l.step++
		return nil, true, l.check(l.user, string(response))
	}
	return nil, false, errors.New("unexpected response")
}

// certificate makes a self-signed certificate for 127.0.0.1 and a pool
// that trusts it, so that a test exercises real certificate checks.
func certificate() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "smtptest"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	roots := x509.NewCertPool()
	roots.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, roots, nil
}

// trimCR turns CRLF line ends into LF, for Text and HTML.
func trimCR(b []byte) string {
	return string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")))
}
