package mail

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCheckAddress(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the normalized address; "" when refused
		bad  string // a word of the error when refused
	}{
		{"ada@example.org", "ada@example.org", ""},
		{"Ada.Lovelace+turns@Example.ORG", "Ada.Lovelace+turns@example.org", ""},
		{"  ada@example.org ", "ada@example.org", ""},
		{"o'brien@mail.example.co.uk", "o'brien@mail.example.co.uk", ""},
		{"josé@example.org", "josé@example.org", ""},
		{"用户@例子.中国", "用户@例子.中国", ""},
		{"a@b-c.io", "a@b-c.io", ""},
		{strings.Repeat("a", 64) + "@example.org", strings.Repeat("a", 64) + "@example.org", ""},
		{"a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 56) + ".org", "a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 56) + ".org", ""},

		{"", "", "empty"},
		{"   ", "", "empty"},
		{"ada", "", "not an e-mail address"},
		{"ada@", "", "not an e-mail address"},
		{"@example.org", "", "not an e-mail address"},
		{"ada@@example.org", "", "not an e-mail address"},
		{"a..b@example.org", "", "not an e-mail address"},
		{"ada@exa mple.org", "", "not an e-mail address"},
		{"Ada Lovelace <ada@example.org>", "", "name"},
		{`"Ada" <ada@example.org>`, "", "name"},
		{"ada@example.org (Ada)", "", "name"},
		{"<ada@example.org>", "", "alone"},
		{`"a b"@example.org`, "", "alone"},
		{`"ada"@example.org`, "", "alone"},
		{"ada@example.org, eve@example.org", "", "not an e-mail address"},
		{"ada@example.org\r\nBcc: eve@example.org", "", "U+000D"},
		{"ada@example.org\nBcc: eve@example.org", "", "U+000A"},
		{"ada@example.org\r\n", "", "U+000D"},
		{"ada\x00@example.org", "", "U+0000"},
		{"ada\u0085@example.org", "", "U+0085"},
		{"\xffada@example.org", "", "UTF-8"},
		{strings.Repeat("a", 65) + "@example.org", "", "64"},
		{"a@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 63) + "." + strings.Repeat("e", 57) + ".org", "", "254"},
		{"a@" + strings.Repeat("b", 64) + ".org", "", "63"},
		{"ada@localhost", "", "dot"},
		{"ada@[127.0.0.1]", "", "domain"},
		{"ada@127.0.0.1", "", "number"},
		{"ada@-example.org", "", "hyphen"},
		{"ada@example-.org", "", "hyphen"},
		{"ada@example..org", "", "not an e-mail address"},
		{"ada@example_x.org", "", "character"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := CheckAddress(tc.in)
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.bad == "" && got != tc.want:
				t.Errorf("= %q, want %q", got, tc.want)
			case tc.bad != "" && err == nil:
				t.Fatalf("= %q, want an error about %q", got, tc.bad)
			case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
				t.Errorf("error %q, want one about %q", err, tc.bad)
			case tc.bad != "" && got != "":
				t.Errorf("= %q with an error", got)
			}
		})
	}
}

func TestMessageCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Message)
		bad    string // a word of the error; "" for a good message
	}{
		{"good", func(*Message) {}, ""},
		{"text only", func(m *Message) { m.HTML = "" }, ""},
		{"HTML only", func(m *Message) { m.Text = "" }, ""},
		{"no headers", func(m *Message) { m.Headers = nil }, ""},
		{"Message-ID", func(m *Message) { m.Headers["Message-ID"] = "<a@b.c>" }, ""},
		{"non-ASCII header", func(m *Message) { m.Headers["X-Game"] = "Ärger" }, ""},
		{"bad recipient", func(m *Message) { m.To = "Ada <ada@example.org>" }, "recipient"},
		{"no recipient", func(m *Message) { m.To = "" }, "recipient"},
		{"no subject", func(m *Message) { m.Subject = " " }, "subject"},
		{"subject with LF", func(m *Message) { m.Subject = "Your turn\nBcc: eve@example.org" }, "U+000A"},
		{"subject with CR", func(m *Message) { m.Subject = "Your turn\rX" }, "U+000D"},
		{"no body", func(m *Message) { m.Text, m.HTML = "", "" }, "body"},
		{"reserved header", func(m *Message) { m.Headers["bcc"] = "eve@example.org" }, "set by the sender"},
		{"reserved From", func(m *Message) { m.Headers["From"] = "eve@example.org" }, "set by the sender"},
		{"header name with a colon", func(m *Message) { m.Headers["X-A:B"] = "c" }, "name"},
		{"header name with a space", func(m *Message) { m.Headers["X A"] = "c" }, "name"},
		{"empty header name", func(m *Message) { m.Headers[""] = "c" }, "empty name"},
		{"header value with CRLF", func(m *Message) { m.Headers["X-A"] = "b\r\nBcc: eve@example.org" }, "U+000D"},
		{"header too long", func(m *Message) { m.Headers["X-A"] = strings.Repeat("b", 999) }, "998"},
		{"header in two spellings", func(m *Message) { m.Headers["auto-submitted"] = "no" }, "twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := turnMail("ada@example.org")
			tc.change(m)
			err := m.Check()
			switch {
			case tc.bad == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.bad != "" && err == nil:
				t.Errorf("accepted, want an error about %q", tc.bad)
			case tc.bad != "" && !strings.Contains(err.Error(), tc.bad):
				t.Errorf("error %q, want one about %q", err, tc.bad)
			}
		})
	}
	if err := (*Message)(nil).Check(); err == nil {
		t.Error("nil message accepted")
	}
}

// TestSenders checks that every Sender here refuses what Check refuses.
func TestSenders(t *testing.T) {
	bad := turnMail("ada@example.org")
	bad.Subject = "a\nb"
	for _, tc := range []struct {
		name string
		s    Sender
	}{
		{"Discard", Discard},
		{"Log", Log(slog.New(slog.DiscardHandler))},
		{"Recorder", &Recorder{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.s.Send(context.Background(), turnMail("ada@example.org")); err != nil {
				t.Errorf("good message: %v", err)
			}
			if err := tc.s.Send(context.Background(), bad); err == nil {
				t.Error("bad message accepted")
			}
		})
	}
}

// TestLog checks that the development Sender logs who and what, and no
// link: links carry tokens.
func TestLog(t *testing.T) {
	var buf bytes.Buffer
	s := Log(slog.New(slog.NewTextHandler(&buf, nil)))
	if err := s.Send(context.Background(), turnMail("ada@example.org")); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"ada@example.org", "Your turn: Source against Bob"} {
		if !strings.Contains(out, want) {
			t.Errorf("log without %q: %s", want, out)
		}
	}
	for _, secret := range []string{"tok-SECRET", "abc123", "https://"} {
		if strings.Contains(out, secret) {
			t.Errorf("log with %q: %s", secret, out)
		}
	}
}

func TestRecorder(t *testing.T) {
	var r Recorder
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	const n = 20
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if err := r.Send(ctx, turnMail("ada@example.org")); err != nil {
				t.Error(err)
			}
		})
	}
	got, err := r.Wait(ctx, n)
	if err != nil || len(got) != n {
		t.Fatalf("Wait: %d messages, %v", len(got), err)
	}
	wg.Wait()

	// The Recorder keeps a copy: changing the message sent changes nothing.
	m := turnMail("bob@example.org")
	if err := r.Send(ctx, m); err != nil {
		t.Fatal(err)
	}
	m.Subject = "changed"
	m.Headers["List-Unsubscribe"] = "changed"
	last := r.Messages()[n]
	if last.Subject == "changed" || last.Headers["List-Unsubscribe"] == "changed" {
		t.Error("the Recorder shares the message with the caller")
	}

	failure := errors.New("no mail today")
	r.Fail(failure)
	if err := r.Send(ctx, turnMail("ada@example.org")); !errors.Is(err, failure) {
		t.Errorf("Send after Fail: %v", err)
	}
	r.Fail(nil)
	if err := r.Send(ctx, turnMail("ada@example.org")); err != nil {
		t.Errorf("Send after Fail(nil): %v", err)
	}
	if k := len(r.Messages()); k != n+2 {
		t.Errorf("%d messages, want %d", k, n+2)
	}

	short, cancelShort := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancelShort()
	if got, err := r.Wait(short, n+3); !errors.Is(err, context.DeadlineExceeded) || len(got) != n+2 {
		t.Errorf("Wait for one too many: %d messages, %v", len(got), err)
	}
}
