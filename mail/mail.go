// Package mail sends the e-mail Commons sends: the notice that it is a
// person's turn (YourTurn) and the request to confirm an address before
// any notice goes to it (ConfirmAddress).
//
// A Message is one mail to one person; a Sender sends it. NewSMTP makes
// the Sender that hands mail to a submission server; Log, Discard and
// Recorder are Senders for development and tests. Which person gets which
// mail, and that a turn is announced at most once, is the server's; this
// package only writes and delivers.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/mail"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Message is one mail to one address.
type Message struct {
	// To is the recipient's bare address, as CheckAddress returns it.
	To string
	// Subject is one line of text, without encoding: the Sender encodes
	// it when it is not plain ASCII.
	Subject string
	// Text and HTML are the two forms of the body; a reader's mail
	// program shows one. At least one is needed.
	Text, HTML string
	// Headers are extra header fields, such as List-Unsubscribe. The
	// fields a Sender writes itself (From, To, Subject, Date, the MIME
	// fields...) are not allowed here; Message-ID is, and replaces the
	// one the Sender would make.
	Headers map[string]string
}

// Sender sends messages. Implementations are safe for concurrent use.
type Sender interface {
	// Send delivers m, or says why it could not. A nil error means the
	// next server took responsibility for the mail, not that it reached
	// the person.
	Send(ctx context.Context, m *Message) error
}

// reserved are the header fields a Sender writes itself; one in
// Message.Headers would be a second copy or a forged one.
var reserved = []string{
	"bcc", "cc", "content-transfer-encoding", "content-type", "date", "from",
	"mime-version", "reply-to", "return-path", "sender", "subject", "to",
}

// Check says what is wrong with m, or nil: a To that CheckAddress
// refuses, an empty or multi-line Subject, no body, or a header field
// that is reserved or not one line. Every Sender here calls it, so that
// a message a test's Recorder takes is one NewSMTP would send.
func (m *Message) Check() error {
	if m == nil {
		return errors.New("mail: nil message")
	}
	if _, err := CheckAddress(m.To); err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	if strings.TrimSpace(m.Subject) == "" {
		return errors.New("mail: empty subject")
	}
	if err := checkLine(m.Subject); err != nil {
		return fmt.Errorf("mail: subject: %w", err)
	}
	if m.Text == "" && m.HTML == "" {
		return errors.New("mail: no body: neither Text nor HTML")
	}
	seen := make(map[string]bool, len(m.Headers))
	for k, v := range m.Headers {
		if err := checkHeader(k, v); err != nil {
			return fmt.Errorf("mail: header %q: %w", k, err)
		}
		// Names are case-insensitive: two spellings would be two fields.
		lk := strings.ToLower(k)
		if seen[lk] {
			return fmt.Errorf("mail: header %q given twice, in two spellings", k)
		}
		seen[lk] = true
	}
	return nil
}

func checkHeader(name, value string) error {
	if name == "" {
		return errors.New("empty name")
	}
	for _, c := range []byte(name) { // RFC 5322, 3.6.8: printable ASCII but the colon
		if c < '!' || c > '~' || c == ':' {
			return fmt.Errorf("name with the byte %q", c)
		}
	}
	if slices.Contains(reserved, strings.ToLower(name)) {
		return errors.New("set by the sender itself")
	}
	// The writer folds long values at spaces only; 998 is the longest
	// line RFC 5322 allows.
	if len(value) > 998 {
		return fmt.Errorf("value of %d bytes: at most 998", len(value))
	}
	return checkLine(value)
}

// checkLine refuses the control characters, CR and LF first among them,
// with which user text could start a header field or a message of its own.
func checkLine(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("not UTF-8")
	}
	for _, c := range s {
		if c < ' ' || c == 0x7f || (c >= 0x80 && c < 0xa0) {
			return fmt.Errorf("the control character %U", c)
		}
	}
	return nil
}

// MaxAddressBytes is the longest address CheckAddress accepts, in bytes:
// what fits the 256 bytes of an SMTP path (RFC 5321, 4.5.3.1.3) with its
// angle brackets.
const MaxAddressBytes = 254

// CheckAddress checks an address a person typed and returns it as it
// should be stored: local-part@domain with the domain in lower case
// (local parts may in principle be case-sensitive, so that one is kept).
// It refuses what net/mail reads as more than a bare address (a display
// name, angle brackets, a comment, a quoted local part), since this is
// where a person says where to send mail, not how to label it; control
// characters, CR and LF among them, which could add header fields; more
// than MaxAddressBytes bytes, or a local part of more than 64; and a
// domain that is not a name with a dot (no "localhost", no [1.2.3.4]),
// since every address a person reads mail at has one. A local part in
// UTF-8 (RFC 6531) is accepted; delivering to it needs a server with
// SMTPUTF8.
func CheckAddress(s string) (string, error) {
	s = strings.Trim(s, " ")
	switch {
	case s == "":
		return "", errors.New("empty address")
	case len(s) > MaxAddressBytes:
		return "", fmt.Errorf("address of %d bytes: at most %d", len(s), MaxAddressBytes)
	}
	if err := checkLine(s); err != nil {
		return "", fmt.Errorf("address with %w", err)
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", fmt.Errorf("%q is not an e-mail address: %v", s, strings.TrimPrefix(err.Error(), "mail: "))
	}
	if a.Name != "" {
		return "", fmt.Errorf("%q has a name besides the address: give the address alone", s)
	}
	if a.Address != s {
		return "", fmt.Errorf("%q is more than an address: give it alone, as name@example.org", s)
	}
	at := strings.LastIndexByte(s, '@')
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return "", fmt.Errorf("address whose part before the @ has %d bytes: at most 64", len(local))
	}
	if err := checkDomain(domain); err != nil {
		return "", fmt.Errorf("address at %q: %w", domain, err)
	}
	return local + "@" + strings.ToLower(domain), nil
}

// checkDomain wants a host name of two or more labels of letters
// (of any script, for internationalized names), digits and inner hyphens,
// the last not all digits.
func checkDomain(d string) error {
	labels := strings.Split(d, ".")
	if len(labels) < 2 {
		return errors.New("not a domain with a dot")
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 {
			return errors.New("a domain with an empty part or one over 63 bytes")
		}
		if l[0] == '-' || l[len(l)-1] == '-' {
			return errors.New("a domain part beginning or ending with a hyphen")
		}
		for _, c := range l {
			if c != '-' && !unicode.IsLetter(c) && !unicode.IsDigit(c) && !unicode.IsMark(c) {
				return fmt.Errorf("a domain with the character %q", c)
			}
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return errors.New("a number, not a domain name")
	}
	return nil
}

// Discard is a Sender that checks each message and drops it: for a
// server run without mail.
var Discard Sender = discard{}

type discard struct{}

func (discard) Send(_ context.Context, m *Message) error { return m.Check() }

// Log returns a Sender for development that checks each message and
// writes its recipient and subject to l (slog.Default() if nil) instead
// of sending it. It writes no body: the links in one (unsubscribe,
// confirm) carry secrets that do not belong in a log.
func Log(l *slog.Logger) Sender {
	if l == nil {
		l = slog.Default()
	}
	return logSender{l}
}

type logSender struct{ l *slog.Logger }

func (s logSender) Send(ctx context.Context, m *Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	s.l.InfoContext(ctx, "mail not sent (no SMTP server configured)", "to", m.To, "subject", m.Subject)
	return nil
}

// Recorder is a Sender for tests: it checks each message and keeps a copy
// in memory. The zero Recorder is ready to use; it is safe for concurrent
// use.
type Recorder struct {
	mu      sync.Mutex
	sent    []*Message
	arrived chan struct{} // closed and replaced on each Send; nil until needed
	err     error
}

// Send checks m and keeps a copy of it, or returns the error Fail set.
func (r *Recorder) Send(_ context.Context, m *Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return r.err
	}
	c := *m
	c.Headers = maps.Clone(m.Headers)
	r.sent = append(r.sent, &c)
	if r.arrived != nil {
		close(r.arrived)
		r.arrived = nil
	}
	return nil
}

// Fail makes every later Send return err without keeping the message, to
// test what happens when mail cannot be sent; Fail(nil) undoes it.
func (r *Recorder) Fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.err = err
}

// Messages returns the messages sent so far, oldest first.
func (r *Recorder) Messages() []*Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sent)
}

// Wait waits until at least n messages have been sent and returns them
// all, or returns those sent with an error once ctx is done: for a
// Sender called from another goroutine.
func (r *Recorder) Wait(ctx context.Context, n int) ([]*Message, error) {
	for {
		r.mu.Lock()
		got := slices.Clone(r.sent)
		if r.arrived == nil {
			r.arrived = make(chan struct{})
		}
		arrived := r.arrived
		r.mu.Unlock()
		if len(got) >= n {
			return got, nil
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return got, fmt.Errorf("mail: %d of %d messages sent: %w", len(got), n, context.Cause(ctx))
		}
	}
}
