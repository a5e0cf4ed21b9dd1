package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLSMode says how an SMTP connection is encrypted.
type TLSMode string

// The TLS modes. Mail carries unsubscribe and confirm links, which are
// secrets, and often a password to log in: the default is to encrypt or
// not send.
const (
	// TLSStartTLS connects in the clear and requires STARTTLS (RFC 3207)
	// with a valid certificate before anything else: the usual mode for
	// port 587, and the default but for port 465.
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit speaks TLS from the first byte (RFC 8314): the mode
	// for port 465, and its default.
	TLSImplicit TLSMode = "tls"
	// TLSOpportunistic uses STARTTLS when the server offers it and goes on
	// in the clear when it does not. A password is still sent only over
	// TLS or to a loopback address.
	TLSOpportunistic TLSMode = "opportunistic"
	// TLSNone never encrypts: for a relay on the same machine or in
	// tests. NewSMTP refuses it with a password unless the server is
	// on a loopback address.
	TLSNone TLSMode = "none"
)

// SMTPConfig says how NewSMTP reaches the submission server.
type SMTPConfig struct {
	// Addr is the server as host:port, such as "smtp.example.org:587".
	Addr string
	// From is the sender's bare address, such as
	// "turns@commons.example"; mail shows it as "Commons <From>".
	From string
	// Username and Password, both or neither, log in with AUTH PLAIN, or
	// LOGIN for a server that offers only that.
	Username, Password string
	// TLS is the TLS mode; "" is TLSImplicit for port 465 and
	// TLSStartTLS for any other.
	TLS TLSMode
	// RootCAs are the authorities trusted to sign the server's
	// certificate; nil is the system's.
	RootCAs *x509.CertPool
	// Timeout bounds connecting and then each command of the
	// conversation; 0 is DefaultTimeout.
	Timeout time.Duration
}

// DefaultTimeout is SMTPConfig.Timeout when it is 0.
const DefaultTimeout = 30 * time.Second

// fromName is the display name of every mail's From.
const fromName = "Commons"

// SMTP is a Sender that hands each message to a submission server over
// its own connection. It is safe for concurrent use.
type SMTP struct {
	addr   string // host:port, for errors
	host   string
	from   string
	domain string // of from, for Message-IDs
	opts   []gomail.Option
}

// NewSMTP checks cfg and returns a Sender for it. It does not connect:
// a server that is down shows in Send, so that the web app starts
// without it.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	host, portText, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP address %q: %v", cfg.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if host == "" || err != nil || port < 1 || port > 65535 {
		return nil, fmt.Errorf("mail: SMTP address %q: want host:port, the port from 1 to 65535", cfg.Addr)
	}
	from, err := CheckAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail: sender address: %w", err)
	}
	if (cfg.Username == "") != (cfg.Password == "") {
		return nil, errors.New("mail: SMTP username without a password, or a password without a username")
	}
	mode := cfg.TLS
	if mode == "" {
		mode = TLSStartTLS
		if port == 465 {
			mode = TLSImplicit
		}
	}
	timeout := cfg.Timeout
	switch {
	case timeout < 0:
		return nil, fmt.Errorf("mail: SMTP timeout %v: negative", timeout)
	case timeout == 0:
		timeout = DefaultTimeout
	}

	opts := []gomail.Option{
		gomail.WithPort(port),
		gomail.WithTimeout(timeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: host, RootCAs: cfg.RootCAs, MinVersion: tls.VersionTLS12}),
	}
	switch mode {
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSOpportunistic:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	case TLSNone:
		if cfg.Username != "" && !loopback(host) {
			return nil, fmt.Errorf("mail: SMTP TLS mode %q with a password for %s: the password would cross the network in the clear; use %q or %q",
				mode, host, TLSStartTLS, TLSImplicit)
		}
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		return nil, fmt.Errorf("mail: SMTP TLS mode %q: want %q, %q, %q or %q",
			mode, TLSStartTLS, TLSImplicit, TLSOpportunistic, TLSNone)
	}
	if cfg.Username != "" {
		opts = append(opts,
			// PLAIN if offered, else LOGIN; go-mail sends either only
			// over TLS or to a loopback address.
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(cfg.Username),
			gomail.WithPassword(cfg.Password))
	}
	s := &SMTP{addr: cfg.Addr, host: host, from: from, domain: from[strings.LastIndexByte(from, '@')+1:], opts: opts}
	// Once here, so that an option go-mail refuses shows now, not at the
	// first turn.
	if _, err := gomail.NewClient(host, opts...); err != nil {
		return nil, fmt.Errorf("mail: SMTP client for %s: %w", cfg.Addr, err)
	}
	return s, nil
}

// loopback reports whether host is one go-mail sends a password to
// without TLS: exactly these three names, so that NewSMTP refuses what
// Send would.
func loopback(host string) bool {
	return host == "localhost" || host == "127.0.0.1" || host == "::1"
}

// Send checks m and delivers it over a new connection. ctx bounds
// connecting; each command after that is bounded by the timeout. Send
// returns nil once the server has accepted the message, even if ending
// the conversation fails after that, so that a caller who retries on
// error does not send the same mail twice. Temporary tells whether an
// error is worth a retry.
func (s *SMTP) Send(ctx context.Context, m *Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("mail: sending to %s: %w", m.To, err)
	}
	msg, err := s.compose(m)
	if err != nil {
		return fmt.Errorf("mail: composing the mail to %s: %w", m.To, err)
	}
	// A go-mail client per message: its state (the chosen AUTH mechanism
	// among it) is then never shared between goroutines.
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: SMTP client for %s: %w", s.addr, err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil && !msg.IsDelivered() {
		return fmt.Errorf("mail: sending to %s through %s: %w", m.To, s.addr, err)
	}
	return nil
}

// compose turns m into go-mail's message.
func (s *SMTP) compose(m *Message) (*gomail.Msg, error) {
	to, _ := CheckAddress(m.To) // Check has accepted it
	// No User-Agent: which library sends is nobody's business.
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.FromFormat(fromName, s.from); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := msg.To(to); err != nil {
		return nil, fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	// go-mail would name the machine in the Message-ID; the sender's
	// domain is what RFC 5322 suggests and what spam filters expect.
	msg.SetMessageIDWithValue(rand.Text() + "@" + s.domain)
	for k, v := range m.Headers {
		h := gomail.Header(k)
		if strings.EqualFold(k, string(gomail.HeaderMessageID)) {
			h = gomail.HeaderMessageID // go-mail's spelling, to replace its own
		}
		msg.SetGenHeader(h, v)
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	default:
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

// Temporary reports whether err, from a Sender's Send, may pass if the
// same message is sent later: the server answered 4xx (busy, greylisting),
// or could not be reached, or the connection broke. It is false for a 5xx
// answer (an unknown recipient, a refused password), a message Check
// refuses, and a certificate that does not verify, which need a person.
func Temporary(err error) bool {
	if err == nil {
		return false
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		return se.IsTemp()
	}
	var te *textproto.Error
	if errors.As(err, &te) {
		return te.Code/100 == 4
	}
	var ve *tls.CertificateVerificationError
	if errors.As(err, &ve) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}
