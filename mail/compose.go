package mail

import (
	"fmt"
	htmltemplate "html/template"
	"strings"
	"text/template"
	"time"
	"unicode"
)

// YourTurnMail is what YourTurn writes about. Names are people's own
// text: YourTurn escapes them in the HTML and keeps them to one line.
type YourTurnMail struct {
	To   string // the address, as CheckAddress returns it
	Name string // the person's name, for the greeting; "" for none
	Game string // the game's title, such as "Source"

	// MatchURL is the absolute address of the match's page, where the
	// person can move.
	MatchURL string
	// Opponents are the names of the others in the match.
	Opponents []string
	// WaitingSince is when the turn began, Deadline the time by which to
	// move; zero leaves either out. Both are written in their own
	// location: pass the person's time zone if it is known, UTC if not.
	WaitingSince, Deadline time.Time
	// UnsubscribeURL stops these mails without signing in. It should be
	// https, stop them at once on an RFC 8058 one-click POST (body
	// "List-Unsubscribe=One-Click", no cookie), and on a GET only show a
	// page with a button, since link scanners GET every link in a mail.
	UnsubscribeURL string
}

// YourTurn writes the mail that tells a person it is their turn: the
// subject names the game and the opponents ("Your turn: Source against
// Bob"), the body links straight to the match, gives the deadline if there
// is one and ends with the unsubscribe link, which the List-Unsubscribe
// and List-Unsubscribe-Post headers also give, so that mail programs can
// offer their own button (RFC 2369, RFC 8058). It is marked
// Auto-Submitted (RFC 3834), so that no out-of-office reply comes back.
func YourTurn(y YourTurnMail) *Message {
	game := line(y.Game)
	subject := "Your turn: " + game
	against := names(y.Opponents, 0)
	if against != "" {
		subject += " against " + names(y.Opponents, 3)
	}
	d := yourTurnData{
		Name:        line(y.Name),
		Game:        game,
		Against:     against,
		MatchURL:    y.MatchURL,
		Unsubscribe: y.UnsubscribeURL,
	}
	if !y.WaitingSince.IsZero() {
		d.Since = when(y.WaitingSince)
	}
	if !y.Deadline.IsZero() {
		d.Deadline = when(y.Deadline)
	}
	return &Message{
		To:      y.To,
		Subject: subject,
		Text:    run(yourTurnText, d),
		HTML:    runHTML(yourTurnHTML, d),
		Headers: headers(y.UnsubscribeURL),
	}
}

// ConfirmMail is what ConfirmAddress writes about.
type ConfirmMail struct {
	To   string // the address to confirm, as CheckAddress returns it
	Name string // the name of the account that gave the address; "" for none

	// ConfirmURL confirms the address when visited; it should work
	// without signing in, since the mail may be read on another device.
	ConfirmURL string
	// UnsubscribeURL, if not "", lets whoever reads the address refuse
	// all mail from Commons to it: for the person whose address someone
	// else typed.
	UnsubscribeURL string
}

// ConfirmAddress writes the mail that asks a person to confirm their
// address before any notice is sent to it, so that notices go only to an
// address whose owner wants them. Like YourTurn it is marked
// Auto-Submitted and, with an UnsubscribeURL, carries the
// List-Unsubscribe headers.
func ConfirmAddress(c ConfirmMail) *Message {
	d := confirmData{
		Name:        line(c.Name),
		ConfirmURL:  c.ConfirmURL,
		Unsubscribe: c.UnsubscribeURL,
	}
	return &Message{
		To:      c.To,
		Subject: "Confirm your address for Commons",
		Text:    run(confirmText, d),
		HTML:    runHTML(confirmHTML, d),
		Headers: headers(c.UnsubscribeURL),
	}
}

// headers are the fields both mails carry.
func headers(unsubscribe string) map[string]string {
	h := map[string]string{
		// RFC 3834: made by a program, so no vacation reply.
		"Auto-Submitted": "auto-generated",
		// The same for Exchange, which does not read Auto-Submitted.
		"X-Auto-Response-Suppress": "All",
	}
	if unsubscribe != "" {
		h["List-Unsubscribe"] = "<" + unsubscribe + ">"
		// RFC 8058: the mail program may POST to the link at once,
		// without showing the page.
		h["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
	}
	return h
}

type yourTurnData struct {
	Name, Game, Against, Since, Deadline string
	MatchURL, Unsubscribe                string
}

type confirmData struct {
	Name, ConfirmURL, Unsubscribe string
}

var yourTurnText = template.Must(template.New("yourturn.txt").Parse(
	`Hello{{with .Name}} {{.}}{{end}},

It is your turn in {{.Game}}{{with .Against}} against {{.}}{{end}}.
{{- with .Since}}
It has been your turn since {{.}}.{{end}}
{{- with .Deadline}}
You have until {{.}} to move.{{end}}

Go to the match:
{{.MatchURL}}

Commons sends one mail a turn: this is the only one about this move.
{{- with .Unsubscribe}}
To stop these mails (no need to sign in):
{{.}}{{end}}
`))

var yourTurnHTML = htmltemplate.Must(htmltemplate.New("yourturn.html").Parse(
	`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Your turn in {{.Game}}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #222; max-width: 36em">
<p>Hello{{with .Name}} {{.}}{{end}},</p>
<p>It is your turn in <strong>{{.Game}}</strong>{{with .Against}} against {{.}}{{end}}.
{{- with .Since}}<br>It has been your turn since {{.}}.{{end}}
{{- with .Deadline}}<br>You have until <strong>{{.}}</strong> to move.{{end}}</p>
<p><a href="{{.MatchURL}}" style="display: inline-block; padding: 0.5em 1em; background: #2b6cb0; color: #fff; text-decoration: none; border-radius: 4px">Go to the match</a></p>
<p style="font-size: small">Or open {{.MatchURL}}</p>
<hr>
<p style="font-size: small; color: #555">Commons sends one mail a turn: this is the only one about this move.
{{- with .Unsubscribe}}<br><a href="{{.}}">Stop these mails</a> (no need to sign in).{{end}}</p>
</body>
</html>
`))

var confirmText = template.Must(template.New("confirm.txt").Parse(
	`Hello{{with .Name}} {{.}}{{end}},

Someone, we hope you, asked Commons to write to this address when it is
their turn in a match. Before Commons sends any, please confirm that the
address is yours:
{{.ConfirmURL}}

If it was not you, there is nothing to do: without confirmation,
Commons sends nothing more.
{{- with .Unsubscribe}}

To refuse all mail from Commons at this address:
{{.}}{{end}}
`))

var confirmHTML = htmltemplate.Must(htmltemplate.New("confirm.html").Parse(
	`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Confirm your address for Commons</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #222; max-width: 36em">
<p>Hello{{with .Name}} {{.}}{{end}},</p>
<p>Someone, we hope you, asked Commons to write to this address when it is their turn in a match. Before Commons sends any, please confirm that the address is yours:</p>
<p><a href="{{.ConfirmURL}}" style="display: inline-block; padding: 0.5em 1em; background: #2b6cb0; color: #fff; text-decoration: none; border-radius: 4px">Confirm my address</a></p>
<p style="font-size: small">Or open {{.ConfirmURL}}</p>
<p>If it was not you, there is nothing to do: without confirmation, Commons sends nothing more.</p>
{{- with .Unsubscribe}}
<hr>
<p style="font-size: small; color: #555"><a href="{{.}}">Refuse all mail from Commons at this address</a></p>
{{- end}}
</body>
</html>
`))

// run and runHTML execute a template of this file. The templates and
// their data are fixed here, so an error is a bug in this package.
func run(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("mail: template %s: %v", t.Name(), err))
	}
	return b.String()
}

func runHTML(t *htmltemplate.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("mail: template %s: %v", t.Name(), err))
	}
	return b.String()
}

// when writes a time for a reader anywhere: day, date, time and zone.
func when(t time.Time) string {
	return t.Format("Mon 2 Jan 2006, 15:04 MST")
}

// line makes user text safe for one line of a mail: a character that is
// not printable (a line break, a tab, a bidi override that would turn
// the subject around) becomes U+FFFD, and spaces at either end go.
func line(s string) string {
	s = strings.Map(func(c rune) rune {
		if c != ' ' && !unicode.IsPrint(c) {
			return unicode.ReplacementChar
		}
		return c
	}, s)
	return strings.TrimSpace(s)
}

// names joins names as English does ("Bob", "Bob and Carol", "Bob, Carol
// and Dan"); with most > 0, the names past the first most become "and N
// others", for the subject line of a ten-player game.
func names(list []string, most int) string {
	var ns []string
	for _, n := range list {
		if n = line(n); n != "" {
			ns = append(ns, n)
		}
	}
	if most > 0 && len(ns) > most+1 { // "and 1 other" is no shorter than the name
		rest := len(ns) - most
		ns = append(ns[:most:most], fmt.Sprintf("%d others", rest))
	}
	switch len(ns) {
	case 0:
		return ""
	case 1:
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}
