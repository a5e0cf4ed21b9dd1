package mail

import (
	"strings"
	"testing"
	"time"
)

func TestYourTurn(t *testing.T) {
	since := time.Date(2026, 3, 2, 14, 3, 0, 0, time.UTC)
	deadline := time.Date(2026, 3, 3, 15, 30, 0, 0, time.FixedZone("CET", 3600))
	base := YourTurnMail{
		To:             "ada@example.org",
		Name:           "Ada",
		Game:           "Source",
		MatchURL:       "https://commons.example/m/abc123",
		Opponents:      []string{"Bob"},
		UnsubscribeURL: "https://commons.example/unsubscribe/tok",
	}
	for _, tc := range []struct {
		name    string
		change  func(*YourTurnMail)
		subject string
		// both and neither are in the text and in the HTML; text and
		// html in only the one; notHTML not in the HTML.
		both, neither, text, html, notHTML []string
		noUnsubscribe                      bool
	}{
		{
			name:    "one opponent",
			subject: "Your turn: Source against Bob",
			both:    []string{"Hello Ada,", "against Bob", "https://commons.example/m/abc123", "https://commons.example/unsubscribe/tok", "one mail a turn"},
			neither: []string{"You have until", "since"},
		},
		{
			name:    "deadline and waiting since, each in its zone",
			change:  func(y *YourTurnMail) { y.WaitingSince, y.Deadline = since, deadline },
			subject: "Your turn: Source against Bob",
			both:    []string{"since Mon 2 Mar 2026, 14:03 UTC", "Tue 3 Mar 2026, 15:30 CET"},
			text:    []string{"You have until Tue 3 Mar 2026, 15:30 CET to move."},
		},
		{
			name:    "two opponents",
			change:  func(y *YourTurnMail) { y.Game, y.Opponents = "3io", []string{"Bob", "Carol"} },
			subject: "Your turn: 3io against Bob and Carol",
			both:    []string{"against Bob and Carol"},
		},
		{
			name:    "four opponents, all in the subject",
			change:  func(y *YourTurnMail) { y.Opponents = []string{"B", "C", "D", "E"} },
			subject: "Your turn: Source against B, C, D and E",
		},
		{
			name: "nine opponents, five of them counted in the subject",
			change: func(y *YourTurnMail) {
				y.Game, y.Opponents = "Breaking Head", []string{"B", "C", "D", "E", "F", "G", "H", "I", "J"}
			},
			subject: "Your turn: Breaking Head against B, C, D and 6 others",
			both:    []string{"against B, C, D, E, F, G, H, I and J."},
		},
		{
			name:    "no opponents, no name",
			change:  func(y *YourTurnMail) { y.Opponents, y.Name = nil, "" },
			subject: "Your turn: Source",
			both:    []string{"Hello,", "your turn in"},
			neither: []string{"against"},
		},
		{
			name: "names escaped in HTML",
			change: func(y *YourTurnMail) {
				y.Name = "<script>alert(1)</script>"
				y.Opponents = []string{`Bob & "Eve"`, "<b>Mallory</b>"}
			},
			subject: `Your turn: Source against Bob & "Eve" and <b>Mallory</b>`,
			notHTML: []string{"<script>", "<b>Mallory", `"Eve"`},
			text:    []string{"Hello <script>alert(1)</script>,", `against Bob & "Eve" and <b>Mallory</b>`},
			html:    []string{"Hello &lt;script&gt;alert(1)&lt;/script&gt;,", "Bob &amp; &#34;Eve&#34; and &lt;b&gt;Mallory&lt;/b&gt;"},
		},
		{
			name:    "line breaks in names kept out of the subject",
			change:  func(y *YourTurnMail) { y.Opponents = []string{"Bob\r\nBcc: eve@example.org", "\u202eevE"} },
			subject: "Your turn: Source against Bob\ufffd\ufffdBcc: eve@example.org and \ufffdevE",
		},
		{
			name:    "a link that is not http is not a link",
			change:  func(y *YourTurnMail) { y.MatchURL = "javascript:alert(1)" },
			subject: "Your turn: Source against Bob",
			neither: []string{`href="javascript:`},
			html:    []string{`href="#ZgotmplZ"`},
		},
		{
			name:          "without an unsubscribe link",
			change:        func(y *YourTurnMail) { y.UnsubscribeURL = "" },
			subject:       "Your turn: Source against Bob",
			neither:       []string{"Stop these mails", "stop these mails", "/unsubscribe/"},
			noUnsubscribe: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			y := base
			if tc.change != nil {
				tc.change(&y)
			}
			m := YourTurn(y)
			if err := m.Check(); err != nil {
				t.Fatalf("YourTurn made a message Check refuses: %v", err)
			}
			if m.To != y.To {
				t.Errorf("To %q", m.To)
			}
			if m.Subject != tc.subject {
				t.Errorf("subject %q, want %q", m.Subject, tc.subject)
			}
			checkParts(t, m, tc.both, tc.neither, tc.text, tc.html, tc.notHTML)
			checkHeaders(t, m, y.UnsubscribeURL, tc.noUnsubscribe)
		})
	}
}

func TestConfirmAddress(t *testing.T) {
	for _, tc := range []struct {
		name                               string
		c                                  ConfirmMail
		both, neither, text, html, notHTML []string
	}{
		{
			name:    "with an unsubscribe link",
			c:       ConfirmMail{To: "ada@example.org", Name: "Ada", ConfirmURL: "https://commons.example/confirm/c0de", UnsubscribeURL: "https://commons.example/unsubscribe/tok"},
			both:    []string{"Hello Ada,", "https://commons.example/confirm/c0de", "https://commons.example/unsubscribe/tok", "nothing to do"},
			neither: []string{"\ufffd"},
		},
		{
			name:    "without",
			c:       ConfirmMail{To: "ada@example.org", ConfirmURL: "https://commons.example/confirm/c0de"},
			both:    []string{"Hello,", "https://commons.example/confirm/c0de"},
			neither: []string{"unsubscribe", "Refuse", "refuse"},
		},
		{
			name:    "name escaped in HTML",
			c:       ConfirmMail{To: "ada@example.org", Name: `<img src=x onerror="alert(1)">`, ConfirmURL: "https://commons.example/confirm/c0de"},
			notHTML: []string{"<img"},
			text:    []string{`Hello <img src=x onerror="alert(1)">,`},
			html:    []string{"Hello &lt;img src=x onerror=&#34;alert(1)&#34;&gt;,"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := ConfirmAddress(tc.c)
			if err := m.Check(); err != nil {
				t.Fatalf("ConfirmAddress made a message Check refuses: %v", err)
			}
			if m.To != tc.c.To || m.Subject != "Confirm your address for Commons" {
				t.Errorf("To %q, subject %q", m.To, m.Subject)
			}
			checkParts(t, m, tc.both, tc.neither, tc.text, tc.html, tc.notHTML)
			checkHeaders(t, m, tc.c.UnsubscribeURL, tc.c.UnsubscribeURL == "")
		})
	}
}

func checkParts(t *testing.T, m *Message, both, neither, text, html, notHTML []string) {
	t.Helper()
	for _, p := range []struct {
		name, body string
		only, not  []string
	}{{"text", m.Text, text, nil}, {"HTML", m.HTML, html, notHTML}} {
		for _, w := range append(append([]string(nil), both...), p.only...) {
			if !strings.Contains(p.body, w) {
				t.Errorf("%s part without %q:\n%s", p.name, w, p.body)
			}
		}
		for _, w := range append(append([]string(nil), neither...), p.not...) {
			if strings.Contains(p.body, w) {
				t.Errorf("%s part with %q:\n%s", p.name, w, p.body)
			}
		}
	}
}

func checkHeaders(t *testing.T, m *Message, unsubscribe string, none bool) {
	t.Helper()
	want := map[string]string{"Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All"}
	if !none {
		want["List-Unsubscribe"] = "<" + unsubscribe + ">"
		want["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
	}
	if len(m.Headers) != len(want) {
		t.Errorf("headers %q, want %q", m.Headers, want)
	}
	for k, v := range want {
		if m.Headers[k] != v {
			t.Errorf("%s: %q, want %q", k, m.Headers[k], v)
		}
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		most int
		want string
	}{
		{nil, 0, ""},
		{[]string{"Bob"}, 0, "Bob"},
		{[]string{"Bob", "Carol"}, 0, "Bob and Carol"},
		{[]string{"Bob", "Carol", "Dan"}, 0, "Bob, Carol and Dan"},
		{[]string{"Bob", "", " ", "Carol"}, 0, "Bob and Carol"},
		{[]string{" Bob "}, 0, "Bob"},
		{[]string{"A", "B", "C", "D"}, 3, "A, B, C and D"},
		{[]string{"A", "B", "C", "D", "E"}, 3, "A, B, C and 2 others"},
		{[]string{"A", "B", "C", "D", "E"}, 0, "A, B, C, D and E"},
		{[]string{"A\tB"}, 0, "A\ufffdB"},
	} {
		if got := names(tc.in, tc.most); got != tc.want {
			t.Errorf("names(%q, %d) = %q, want %q", tc.in, tc.most, got, tc.want)
		}
	}
}
