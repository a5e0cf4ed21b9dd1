package mail

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commons-games/commons/internal/smtptest"
)

const (
	testFrom = "turns@commons.example"
	testUser = "commons"
	testPass = "s3cret-Pa55word"
)

// turnMail is a your-turn mail whose parts the tests look for.
func turnMail(to string) *Message {
	return YourTurn(YourTurnMail{
		To:             to,
		Name:           "Ada",
		Game:           "Source",
		MatchURL:       "https://commons.example/m/abc123",
		Opponents:      []string{"Bob"},
		Deadline:       time.Date(2026, 3, 3, 14, 3, 0, 0, time.UTC),
		UnsubscribeURL: "https://commons.example/unsubscribe/tok-SECRET",
	})
}

func wait(t *testing.T, srv *smtptest.Server, n int) []smtptest.Received {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := srv.Wait(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestSMTPSend sends a your-turn mail through a real SMTP conversation
// in each way the server may want it, and reads it as the recipient would.
func TestSMTPSend(t *testing.T) {
	for _, tc := range []struct {
		name     string
		server   []smtptest.Option
		tls      TLSMode
		auth     bool
		wantTLS  bool
		wantUser string
	}{
		{name: "plain", tls: TLSNone},
		{name: "opportunistic without STARTTLS", tls: TLSOpportunistic},
		{name: "opportunistic with STARTTLS", server: []smtptest.Option{smtptest.WithStartTLS()}, tls: TLSOpportunistic, wantTLS: true},
		{name: "STARTTLS", server: []smtptest.Option{smtptest.WithStartTLS()}, tls: TLSStartTLS, wantTLS: true},
		{name: "implicit TLS", server: []smtptest.Option{smtptest.WithImplicitTLS()}, tls: TLSImplicit, wantTLS: true},
		{name: "AUTH PLAIN in the clear to loopback", server: []smtptest.Option{smtptest.WithAuth(testUser, testPass)}, tls: TLSNone, auth: true, wantUser: testUser},
		{name: "AUTH LOGIN only", server: []smtptest.Option{smtptest.WithAuth(testUser, testPass), smtptest.WithMechanisms("LOGIN")}, tls: TLSNone, auth: true, wantUser: testUser},
		{name: "AUTH over STARTTLS", server: []smtptest.Option{smtptest.WithAuth(testUser, testPass), smtptest.WithStartTLS()}, tls: TLSStartTLS, auth: true, wantTLS: true, wantUser: testUser},
		{name: "AUTH over implicit TLS", server: []smtptest.Option{smtptest.WithAuth(testUser, testPass), smtptest.WithImplicitTLS()}, tls: TLSImplicit, auth: true, wantTLS: true, wantUser: testUser},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := smtptest.Start(t, tc.server...)
			cfg := SMTPConfig{Addr: srv.Addr(), From: testFrom, TLS: tc.tls, RootCAs: srv.RootCAs(), Timeout: 10 * time.Second}
			if tc.auth {
				cfg.Username, cfg.Password = testUser, testPass
			}
			s, err := NewSMTP(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Send(context.Background(), turnMail("ada@example.org")); err != nil {
				t.Fatal(err)
			}
			got := wait(t, srv, 1)
			if len(got) != 1 {
				t.Fatalf("%d messages, want 1", len(got))
			}
			r := got[0]
			if r.Err != nil {
				t.Fatalf("the message did not parse: %v\n%s", r.Err, r.Data)
			}
			if r.TLS != tc.wantTLS || r.User != tc.wantUser {
				t.Errorf("TLS %v, user %q; want %v, %q", r.TLS, r.User, tc.wantTLS, tc.wantUser)
			}
			checkTurnMail(t, r)
		})
	}
}

// checkTurnMail checks a received turnMail("ada@example.org").
func checkTurnMail(t *testing.T, r smtptest.Received) {
	t.Helper()
	if r.From != testFrom || len(r.To) != 1 || r.To[0] != "ada@example.org" {
		t.Errorf("envelope from %q to %q", r.From, r.To)
	}
	for _, h := range []struct{ name, want string }{
		{"From", `"Commons" <turns@commons.example>`},
		{"To", "<ada@example.org>"},
		{"List-Unsubscribe", "<https://commons.example/unsubscribe/tok-SECRET>"},
		{"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"},
		{"Auto-Submitted", "auto-generated"},
	} {
		if got := r.Header.Get(h.name); got != h.want {
			t.Errorf("%s: %q, want %q", h.name, got, h.want)
		}
	}
	if id := r.Header.Get("Message-Id"); !strings.HasSuffix(id, "@commons.example>") {
		t.Errorf("Message-ID %q, want one at the sender's domain", id)
	}
	if r.Header.Get("Date") == "" {
		t.Error("no Date")
	}
	if ua := r.Header.Get("User-Agent") + r.Header.Get("X-Mailer"); ua != "" {
		t.Errorf("names the mailer: %q", ua)
	}
	if r.Subject != "Your turn: Source against Bob" {
		t.Errorf("subject %q", r.Subject)
	}
	for _, part := range []struct{ name, body string }{{"text", r.Text}, {"HTML", r.HTML}} {
		for _, want := range []string{"https://commons.example/m/abc123", "https://commons.example/unsubscribe/tok-SECRET", "Tue 3 Mar 2026, 14:03 UTC"} {
			if !strings.Contains(part.body, want) {
				t.Errorf("%s part without %q:\n%s", part.name, want, part.body)
			}
		}
	}
}

// TestSMTPRefused has the server refuse at each step: the error says
// which, and Temporary tells a 4xx from a 5xx.
func TestSMTPRefused(t *testing.T) {
	for _, tc := range []struct {
		at        smtptest.Step
		code      int
		wantWords []string
		temporary bool
	}{
		{smtptest.AtMail, 550, []string{"MAIL FROM", "550"}, false},
		{smtptest.AtMail, 421, []string{"MAIL FROM", "421"}, true},
		{smtptest.AtRcpt, 550, []string{"RCPT TO", "550", "ada@example.org"}, false},
		{smtptest.AtRcpt, 451, []string{"RCPT TO", "451"}, true},
		{smtptest.AtData, 554, []string{"DATA", "554"}, false},
		{smtptest.AtData, 452, []string{"DATA", "452"}, true},
	} {
		t.Run(fmt.Sprintf("%s %d", tc.at, tc.code), func(t *testing.T) {
			srv := smtptest.Start(t)
			srv.Refuse(tc.at, tc.code)
			s, err := NewSMTP(SMTPConfig{Addr: srv.Addr(), From: testFrom, TLS: TLSNone})
			if err != nil {
				t.Fatal(err)
			}
			err = s.Send(context.Background(), turnMail("ada@example.org"))
			if err == nil {
				t.Fatal("sent, though the server refused")
			}
			for _, w := range append(tc.wantWords, "ada@example.org", srv.Addr()) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q without %q", err, w)
				}
			}
			if Temporary(err) != tc.temporary {
				t.Errorf("Temporary(%q) = %v", err, !tc.temporary)
			}
			if n := len(srv.Messages()); n != 0 {
				t.Errorf("%d messages kept", n)
			}

			srv.Accept()
			if err := s.Send(context.Background(), turnMail("ada@example.org")); err != nil {
				t.Fatalf("after Accept: %v", err)
			}
			wait(t, srv, 1)
		})
	}
}

// TestSMTPFailures are the failures before any mail is handed over; none
// may show the password.
func TestSMTPFailures(t *testing.T) {
	plain := smtptest.Start(t)
	withAuth := smtptest.Start(t, smtptest.WithAuth(testUser, testPass))
	withTLS := smtptest.Start(t, smtptest.WithStartTLS())
	closed := func() string { // an address nobody listens at
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return l.Addr().String()
	}()
	for _, tc := range []struct {
		name      string
		cfg       SMTPConfig
		wantWords []string
		temporary bool
	}{
		{"wrong password", SMTPConfig{Addr: withAuth.Addr(), TLS: TLSNone, Username: testUser, Password: testPass + "-wrong"}, []string{"AUTH", "535"}, false},
		{"no password", SMTPConfig{Addr: withAuth.Addr(), TLS: TLSNone}, []string{"MAIL FROM", "502"}, false},
		{"password for a server without AUTH", SMTPConfig{Addr: plain.Addr(), TLS: TLSNone, Username: testUser, Password: testPass}, []string{"AUTH"}, false},
		{"STARTTLS required, not offered", SMTPConfig{Addr: plain.Addr(), TLS: TLSStartTLS}, []string{"STARTTLS"}, false},
		{"certificate not trusted", SMTPConfig{Addr: withTLS.Addr(), TLS: TLSStartTLS}, []string{"certificate"}, false},
		{"nobody listening", SMTPConfig{Addr: closed, TLS: TLSNone}, []string{"dial", "refused"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.From = testFrom
			tc.cfg.Timeout = 10 * time.Second
			s, err := NewSMTP(tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			err = s.Send(context.Background(), turnMail("ada@example.org"))
			if err == nil {
				t.Fatal("sent")
			}
			for _, w := range append(tc.wantWords, tc.cfg.Addr) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q without %q", err, w)
				}
			}
			if strings.Contains(err.Error(), testPass) {
				t.Errorf("error %q shows the password", err)
			}
			if Temporary(err) != tc.temporary {
				t.Errorf("Temporary(%q) = %v", err, !tc.temporary)
			}
		})
	}
}

// TestNewSMTPConfig checks that a configuration is refused up front with
// an error naming what is wrong, and never the password.
func TestNewSMTPConfig(t *testing.T) {
	good := SMTPConfig{Addr: "smtp.example.org:587", From: testFrom, Username: testUser, Password: testPass}
	for _, tc := range []struct {
		name   string
		change func(*SMTPConfig)
		bad    string // a word of the error; "" for a good config
	}{
		{"good", func(*SMTPConfig) {}, ""},
		{"port 465 defaults to implicit TLS", func(c *SMTPConfig) { c.Addr = "smtp.example.org:465" }, ""},
		{"no auth", func(c *SMTPConfig) { c.Username, c.Password = "", "" }, ""},
		{"TLS none to loopback with a password", func(c *SMTPConfig) { c.Addr, c.TLS = "127.0.0.1:25", TLSNone }, ""},
		{"TLS none to localhost with a password", func(c *SMTPConfig) { c.Addr, c.TLS = "localhost:25", TLSNone }, ""},
		{"IPv6", func(c *SMTPConfig) { c.Addr = "[::1]:587" }, ""},
		{"no port", func(c *SMTPConfig) { c.Addr = "smtp.example.org" }, "SMTP address"},
		{"port 0", func(c *SMTPConfig) { c.Addr = "smtp.example.org:0" }, "port"},
		{"port name", func(c *SMTPConfig) { c.Addr = "smtp.example.org:smtp" }, "port"},
		{"no host", func(c *SMTPConfig) { c.Addr = ":587" }, "host"},
		{"empty", func(c *SMTPConfig) { c.Addr = "" }, "SMTP address"},
		{"no sender", func(c *SMTPConfig) { c.From = "" }, "sender"},
		{"sender with a name", func(c *SMTPConfig) { c.From = "Commons <turns@commons.example>" }, "sender"},
		{"username alone", func(c *SMTPConfig) { c.Password = "" }, "password"},
		{"password alone", func(c *SMTPConfig) { c.Username = "" }, "username"},
		{"unknown TLS mode", func(c *SMTPConfig) { c.TLS = "ssl" }, `"ssl"`},
		{"password in the clear", func(c *SMTPConfig) { c.TLS = TLSNone }, "in the clear"},
		{"negative timeout", func(c *SMTPConfig) { c.Timeout = -time.Second }, "timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := good
			tc.change(&cfg)
			s, err := NewSMTP(cfg)
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.bad == "" && s == nil:
				t.Fatal("nil SMTP")
			case tc.bad != "" && err == nil:
				t.Fatalf("accepted, want an error about %q", tc.bad)
			case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
				t.Errorf("error %q, want one about %q", err, tc.bad)
			}
			if err != nil && strings.Contains(err.Error(), testPass) {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
}

// TestSMTPSendChecks checks that Send refuses a message Check refuses,
// before connecting.
func TestSMTPSendChecks(t *testing.T) {
	s, err := NewSMTP(SMTPConfig{Addr: "127.0.0.1:1", From: testFrom, TLS: TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	m := turnMail("ada@example.org")
	m.Headers["Bcc"] = "eve@example.org"
	if err := s.Send(context.Background(), m); err == nil || !strings.Contains(err.Error(), "Bcc") || Temporary(err) {
		t.Errorf("Send with a Bcc header: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Send(ctx, turnMail("ada@example.org")); !errors.Is(err, context.Canceled) {
		t.Errorf("Send with a cancelled context: %v", err)
	}
}

// TestSMTPConcurrent sends from many goroutines through one SMTP, with
// authentication, whose choice of mechanism go-mail keeps per client.
func TestSMTPConcurrent(t *testing.T) {
	srv := smtptest.Start(t, smtptest.WithAuth(testUser, testPass), smtptest.WithMechanisms("LOGIN"))
	s, err := NewSMTP(SMTPConfig{Addr: srv.Addr(), From: testFrom, TLS: TLSNone, Username: testUser, Password: testPass})
	if err != nil {
		t.Fatal(err)
	}
	const n = 16
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if err := s.Send(context.Background(), turnMail(fmt.Sprintf("p%d@example.org", i))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got := wait(t, srv, n)
	seen := map[string]bool{}
	for _, r := range got {
		seen[r.To[0]] = true
	}
	if len(got) != n || len(seen) != n {
		t.Errorf("%d messages to %d addresses, want %d", len(got), len(seen), n)
	}
}

// TestSMTPUnicode sends to a UTF-8 local part (SMTPUTF8) with names that
// need encoding in the subject.
func TestSMTPUnicode(t *testing.T) {
	srv := smtptest.Start(t)
	s, err := NewSMTP(SMTPConfig{Addr: srv.Addr(), From: testFrom, TLS: TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	m := YourTurn(YourTurnMail{
		To:        "josé@example.org",
		Name:      "José",
		Game:      "Open Science Alliance",
		MatchURL:  "https://commons.example/m/x",
		Opponents: []string{"李白", "Émilie du Châtelet"},
	})
	m.Headers["Message-ID"] = "<turn-7.match-x@commons.example>"
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	r := wait(t, srv, 1)[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := "Your turn: Open Science Alliance against 李白 and Émilie du Châtelet"; r.Subject != want {
		t.Errorf("subject %q, want %q", r.Subject, want)
	}
	if r.To[0] != "josé@example.org" {
		t.Errorf("envelope to %q", r.To)
	}
	if !strings.Contains(r.Text, "Hello José,") || !strings.Contains(r.HTML, "Hello José,") {
		t.Errorf("greeting lost:\n%s\n%s", r.Text, r.HTML)
	}
	if ids := r.Header["Message-Id"]; len(ids) != 1 || ids[0] != "<turn-7.match-x@commons.example>" {
		t.Errorf("Message-ID %q, want the one given, once", ids)
	}
}

// TestSMTPDeliveredThenBroken has a server hang up right after accepting
// the message: Send must report success, or a caller who retries on
// error would send the turn twice.
func TestSMTPDeliveredThenBroken(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan bool, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(10 * time.Second))
		r := bufio.NewReader(c)
		say := func(s string) { fmt.Fprint(c, s+"\r\n") }
		say("220 fake ESMTP")
		delivered := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			cmd := strings.ToUpper(strings.Fields(line + " x")[0])
			switch {
			case delivered: // whatever comes after the message: hang up
				accepted <- true
				return
			case cmd == "EHLO":
				say("250-fake")
				say("250 8BITMIME")
			case cmd == "DATA":
				say("354 go on")
				for {
					l, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if l == ".\r\n" {
						break
					}
				}
				say("250 2.0.0 queued")
				delivered = true
			default: // NOOP, MAIL, RCPT
				say("250 ok")
			}
		}
	}()
	s, err := NewSMTP(SMTPConfig{Addr: l.Addr().String(), From: testFrom, TLS: TLSNone, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), turnMail("ada@example.org")); err != nil {
		t.Errorf("Send after the server accepted the message: %v", err)
	}
	select {
	case <-accepted:
	case <-time.After(10 * time.Second):
		t.Error("the fake server never took the message")
	}
}
