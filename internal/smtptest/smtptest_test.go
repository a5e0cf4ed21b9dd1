package smtptest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// send is a client independent of the one package mail uses, so that
// the server is tested on its own.
func send(t *testing.T, s *Server, c *smtp.Client, auth sasl.Client, data string) error {
	t.Helper()
	defer c.Close()
	if auth != nil {
		if err := c.Auth(auth); err != nil {
			return err
		}
	}
	return c.SendMail("sender@example.org", []string{"a@example.org", "b@example.org"}, strings.NewReader(data))
}

func dial(t *testing.T, s *Server) *smtp.Client {
	t.Helper()
	c, err := smtp.Dial(s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func wait(t *testing.T, s *Server, n int) []Received {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := s.Wait(ctx, n)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

const crlf = "\r\n"

func lines(ls ...string) string { return strings.Join(ls, crlf) + crlf }

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name                string
		data                string
		subject, text, html string
		header              map[string]string
		bad                 string // a word of Err; "" for none
	}{
		{
			name:    "one part, no MIME",
			data:    lines("Subject: Hello", "X-Thing: a", "  folded", "", "Body line 1", "line 2"),
			subject: "Hello",
			text:    "Body line 1\nline 2\n",
			header:  map[string]string{"X-Thing": "a folded"},
		},
		{
			name: "alternative, quoted-printable",
			data: lines(
				"Subject: =?UTF-8?q?Your_turn:_Source_against_Jos=C3=A9?=",
				"MIME-Version: 1.0",
				`Content-Type: multipart/alternative; boundary="b1"`,
				"",
				"--b1",
				"Content-Type: text/plain; charset=UTF-8",
				"Content-Transfer-Encoding: quoted-printable",
				"",
				"Jos=C3=A9, a long line that was bro=",
				"ken, 1+1=3D2",
				"--b1",
				"Content-Type: text/html; charset=UTF-8",
				"Content-Transfer-Encoding: quoted-printable",
				"",
				`<a href=3D"https://x/m/1">go</a>`,
				"--b1--"),
			subject: "Your turn: Source against José",
			text:    "José, a long line that was broken, 1+1=2",
			html:    `<a href="https://x/m/1">go</a>`,
		},
		{
			name: "nested, base64, with an attachment",
			data: lines(
				"Subject: nested",
				`Content-Type: multipart/mixed; boundary="outer"`,
				"",
				"--outer",
				`Content-Type: multipart/alternative; boundary="inner"`,
				"",
				"--inner",
				"Content-Type: text/plain",
				"",
				"plain",
				"--inner",
				"Content-Type: text/html; charset=utf-8",
				"Content-Transfer-Encoding: base64",
				"",
				"PHA+aHRt",
				"bDwvcD4=",
				"--inner--",
				"--outer",
				"Content-Type: text/plain",
				"Content-Disposition: attachment",
				"",
				"not the body",
				"--outer--"),
			subject: "nested",
			text:    "plain",
			html:    "<p>html</p>",
		},
		{
			name:    "another charset",
			data:    lines("Subject: latin", "Content-Type: text/plain; charset=iso-8859-1", "", "caf\xe9"),
			subject: "latin",
			bad:     "iso-8859-1",
		},
		{
			name: "no header",
			data: lines("just a line"),
			bad:  "header",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t)
			if err := send(t, s, dial(t, s), nil, tc.data); err != nil {
				t.Fatal(err)
			}
			r := wait(t, s, 1)[0]
			if r.From != "sender@example.org" || strings.Join(r.To, " ") != "a@example.org b@example.org" {
				t.Errorf("envelope from %q to %q", r.From, r.To)
			}
			if string(r.Data) != tc.data {
				t.Errorf("data %q, want %q", r.Data, tc.data)
			}
			switch {
			case tc.bad == "" && r.Err != nil:
				t.Fatalf("Err: %v", r.Err)
			case tc.bad != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), tc.bad)):
				t.Fatalf("Err %v, want one about %q", r.Err, tc.bad)
			}
			if r.Subject != tc.subject || r.Text != tc.text || r.HTML != tc.html {
				t.Errorf("subject %q, text %q, HTML %q; want %q, %q, %q", r.Subject, r.Text, r.HTML, tc.subject, tc.text, tc.html)
			}
			for k, v := range tc.header {
				if got := r.Header.Get(k); got != v {
					t.Errorf("%s: %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestRefuse(t *testing.T) {
	for _, tc := range []struct {
		at   Step
		code int
	}{
		{AtMail, 550}, {AtMail, 421}, {AtRcpt, 550}, {AtRcpt, 450}, {AtData, 554}, {AtData, 451},
	} {
		t.Run(fmt.Sprintf("%s %d", tc.at, tc.code), func(t *testing.T) {
			s := Start(t)
			s.Refuse(tc.at, tc.code)
			err := send(t, s, dial(t, s), nil, lines("Subject: x", "", "y"))
			var se *smtp.SMTPError
			if !errors.As(err, &se) || se.Code != tc.code || !strings.Contains(se.Message, string(tc.at)) {
				t.Fatalf("error %v, want a %d naming %s", err, tc.code, tc.at)
			}
			if n := len(s.Messages()); n != 0 {
				t.Errorf("%d messages kept", n)
			}
			s.Accept()
			if err := send(t, s, dial(t, s), nil, lines("Subject: x", "", "y")); err != nil {
				t.Fatalf("after Accept: %v", err)
			}
			wait(t, s, 1)
		})
	}
}

func TestAuth(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mechs []string
		auth  sasl.Client
		code  int // the refusal's code; 0 for none
	}{
		{"PLAIN", nil, sasl.NewPlainClient("", "u", "p"), 0},
		{"LOGIN", nil, sasl.NewLoginClient("u", "p"), 0},
		{"LOGIN only", []string{"LOGIN"}, sasl.NewLoginClient("u", "p"), 0},
		{"PLAIN not offered", []string{"LOGIN"}, sasl.NewPlainClient("", "u", "p"), 504},
		{"wrong password", nil, sasl.NewPlainClient("", "u", "wrong"), 535},
		{"wrong user", nil, sasl.NewLoginClient("v", "p"), 535},
		{"none", nil, nil, 502},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := []Option{WithAuth("u", "p")}
			if tc.mechs != nil {
				opts = append(opts, WithMechanisms(tc.mechs...))
			}
			s := Start(t, opts...)
			err := send(t, s, dial(t, s), tc.auth, lines("Subject: x", "", "y"))
			if tc.code == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if r := wait(t, s, 1)[0]; r.User != "u" {
					t.Errorf("user %q", r.User)
				}
				return
			}
			var se *smtp.SMTPError
			if !errors.As(err, &se) || se.Code != tc.code {
				t.Errorf("error %v, want a %d", err, tc.code)
			}
		})
	}
}

func TestTLS(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Option
		dial func(addr string, cfg *tls.Config) (*smtp.Client, error)
	}{
		{"STARTTLS", WithStartTLS(), smtp.DialStartTLS},
		{"implicit", WithImplicitTLS(), smtp.DialTLS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Start(t, tc.opt, WithAuth("u", "p"))
			c, err := tc.dial(s.Addr(), &tls.Config{RootCAs: s.RootCAs(), ServerName: "127.0.0.1"})
			if err != nil {
				t.Fatal(err)
			}
			if err := send(t, s, c, sasl.NewPlainClient("", "u", "p"), lines("Subject: x", "", "y")); err != nil {
				t.Fatal(err)
			}
			if r := wait(t, s, 1)[0]; !r.TLS || r.User != "u" {
				t.Errorf("TLS %v, user %q", r.TLS, r.User)
			}
			// Not trusted without RootCAs.
			if c, err := tc.dial(s.Addr(), &tls.Config{ServerName: "127.0.0.1"}); err == nil {
				if err := send(t, s, c, nil, lines("Subject: x", "", "y")); err == nil {
					t.Error("the certificate is trusted without RootCAs")
				}
			}
		})
	}
	if Start(t).RootCAs() != nil {
		t.Error("RootCAs without TLS")
	}
}

func TestWait(t *testing.T) {
	s := Start(t)
	const n = 8
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			c, err := smtp.Dial(s.Addr())
			if err != nil {
				t.Error(err)
				return
			}
			if err := send(t, s, c, nil, lines(fmt.Sprintf("Subject: %d", i), "", "y")); err != nil {
				t.Error(err)
			}
		})
	}
	if got := wait(t, s, n); len(got) != n {
		t.Errorf("%d messages, want %d", len(got), n)
	}
	wg.Wait()

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	got, err := s.Wait(ctx, n+1)
	if !errors.Is(err, context.DeadlineExceeded) || len(got) != n || !strings.Contains(err.Error(), fmt.Sprintf("%d of %d", n, n+1)) {
		t.Errorf("Wait for one too many: %d messages, %v", len(got), err)
	}
}
