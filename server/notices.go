package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/store"
)

// "Your turn" notices (docs/api.md, "Notices"): in a turn-based match,
// when it becomes a signed-in person's turn, a mail goes to them if they
// asked for it (Prefs.NotifyTurns) at an address they confirmed. One per
// match, person and turn (the turn as the log index it began at,
// turnBeganLocked), whichever node sees the turn first: the store's
// ClaimNotice decides, before the mail is sent, so a failed send is not
// tried again (at most one, never two). Every mail carries a link that
// turns notices off without signing in (its secret is Prefs.Unsubscribe;
// RFC 8058's one-click POST works too).

// noticeLocked sends, in the background, the notice of p's turn, if it
// is due one.
func (m *live) noticeLocked(p game.Player) {
	s := m.s
	if s.cfg.Mail == nil || s.people == nil || !turnBased(m.hdr) || m.hdr.Status != store.Running {
		return
	}
	acct := m.hdr.Seats[p].Account
	turn := m.turnBeganLocked()
	if acct == "" || m.noticed == turn+1 {
		return
	}
	m.noticed = turn + 1
	n := turnNotice{
		match: m.id, account: acct, turn: turn, game: m.info.Title,
		waiting: m.hdr.TurnStart, deadline: m.hdr.TurnStart.Add(turnTimer(m.hdr)),
	}
	for i, seat := range m.hdr.Seats {
		switch {
		case i == int(p):
			n.name = seat.Name
		case seat.Bot != "":
			n.others = append(n.others, "bot "+seat.Bot)
		default:
			n.others = append(n.others, seat.Name)
		}
	}
	s.goBackground(func() {
		ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
		defer cancel()
		if err := s.sendNotice(ctx, n); err != nil && ctx.Err() == nil {
			s.metrics.mails.WithLabelValues("failed").Inc()
			s.log.Warn("turn notice", "match", n.match, "err", err)
		}
	})
}

// turnNotice is what a notice says.
type turnNotice struct {
	match, account, name, game string
	turn                       int
	others                     []string
	waiting, deadline          time.Time
}

func (s *Server) sendNotice(ctx context.Context, n turnNotice) error {
	prefs, err := s.people.Prefs(ctx, n.account)
	if err != nil {
		return err
	}
	if !prefs.NotifyTurns || !prefs.EmailConfirmed || prefs.Email == "" {
		return nil
	}
	claimed, err := s.people.ClaimNotice(ctx, n.match, n.account, n.turn, time.Now())
	if err != nil || !claimed {
		return err
	}
	msg := mail.YourTurn(mail.YourTurnMail{
		To: prefs.Email, Name: n.name, Game: n.game, Opponents: n.others,
		MatchURL:       s.cfg.PublicOrigin + "/match/" + n.match,
		WaitingSince:   n.waiting,
		Deadline:       n.deadline,
		UnsubscribeURL: s.unsubscribeURL(prefs.Unsubscribe),
	})
	if err := s.cfg.Mail.Send(ctx, msg); err != nil {
		return err
	}
	s.metrics.mails.WithLabelValues("turn").Inc()
	return nil
}

func (s *Server) unsubscribeURL(secret string) string {
	return s.cfg.PublicOrigin + "/api/unsubscribe?s=" + url.QueryEscape(secret)
}

// prefsView is the answer of GET and PUT /api/account/prefs.
type prefsView struct {
	Email          string `json:"email"`
	EmailConfirmed bool   `json:"email_confirmed"`
	NotifyTurns    bool   `json:"notify_turns"`
	ForcedMoves    bool   `json:"forced_moves"`
	// Mail says whether this server sends mail at all.
	Mail bool `json:"mail"`
}

// prefsRequest is the body of PUT /api/account/prefs: the fields to
// change (left out: unchanged).
type prefsRequest struct {
	Email       *string `json:"email"`
	NotifyTurns *bool   `json:"notify_turns"`
	ForcedMoves *bool   `json:"forced_moves"`
}

func (s *Server) viewPrefs(p *store.Prefs) prefsView {
	return prefsView{Email: p.Email, EmailConfirmed: p.EmailConfirmed, NotifyTurns: p.NotifyTurns, ForcedMoves: p.ForcedMoves, Mail: s.cfg.Mail != nil}
}

func (s *Server) handlePrefs(w http.ResponseWriter, r *http.Request) error {
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	p, err := s.people.Prefs(r.Context(), acc.ID)
	if err != nil {
		return s.storeError("", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, s.viewPrefs(p))
	return nil
}

// confirmTTL is how long the link confirming an address works.
const confirmTTL = 48 * time.Hour

func (s *Server) handlePutPrefs(w http.ResponseWriter, r *http.Request) error {
	var req prefsRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	p, err := s.people.Prefs(ctx, acc.ID)
	if err != nil {
		return s.storeError("", err)
	}
	newAddress := ""
	if req.Email != nil && *req.Email != p.Email {
		addr := ""
		if *req.Email != "" {
			if s.cfg.Mail == nil {
				return errorf(http.StatusConflict, "this server sends no mail: it was started without SMTP (commons serve --smtp-addr)")
			}
			if addr, err = mail.CheckAddress(*req.Email); err != nil {
				return errorf(http.StatusBadRequest, "email %s: %v", clip(*req.Email), err)
			}
		}
		if addr != p.Email {
			p.Email, p.EmailConfirmed, newAddress = addr, false, addr
		}
	}
	if req.NotifyTurns != nil {
		p.NotifyTurns = *req.NotifyTurns
	}
	if req.ForcedMoves != nil {
		p.ForcedMoves = *req.ForcedMoves
	}
	if err := s.people.PutPrefs(ctx, acc.ID, p); err != nil {
		return s.storeError("", err)
	}
	if req.ForcedMoves != nil {
		s.forgetPrefs(acc.ID)
	}
	if newAddress != "" {
		if err := s.mailConfirmation(ctx, acc, newAddress); err != nil {
			s.log.Warn("mailing an address's confirmation", "err", err)
			return errorf(http.StatusServiceUnavailable, "the address was kept, but the mail that confirms it could not be sent: try again later")
		}
	}
	writeJSON(w, http.StatusOK, s.viewPrefs(p))
	return nil
}

// confirmation is what a confirmation link's challenge keeps.
type confirmation struct {
	Account string `json:"account"`
	Email   string `json:"email"`
}

func (s *Server) mailConfirmation(ctx context.Context, acc *store.Account, addr string) error {
	secret := rand.Text()
	data, _ := json.Marshal(confirmation{Account: acc.ID, Email: addr})
	if err := s.people.PutChallenge(ctx, "confirm:"+hashToken(secret), data, time.Now().Add(confirmTTL)); err != nil {
		return err
	}
	err := s.cfg.Mail.Send(ctx, mail.ConfirmAddress(mail.ConfirmMail{
		To: addr, Name: acc.Name,
		ConfirmURL: s.cfg.PublicOrigin + "/api/account/email/confirm?s=" + url.QueryEscape(secret),
	}))
	if err == nil {
		s.metrics.mails.WithLabelValues("confirm").Inc()
	}
	return err
}

// handleConfirmEmail confirms the address a link was mailed to, if it
// is still the account's, and sends the browser to the account page.
func (s *Server) handleConfirmEmail(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.requirePeople(); err != nil {
		return err
	}
	secret := r.URL.Query().Get("s")
	ctx := r.Context()
	data, err := s.people.TakeChallenge(ctx, "confirm:"+hashToken(secret))
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "this confirmation link is unknown, used or out of date: ask for another on your account page")
	}
	if err != nil {
		return s.storeError("", err)
	}
	var c confirmation
	if err := json.Unmarshal(data, &c); err != nil {
		return err
	}
	p, err := s.people.Prefs(ctx, c.Account)
	if err != nil {
		return s.storeError("", err)
	}
	if p.Email != c.Email {
		return errorf(http.StatusConflict, "the account's address changed since this link was sent: confirm the new one")
	}
	p.EmailConfirmed = true
	if err := s.people.PutPrefs(ctx, c.Account, p); err != nil {
		return s.storeError("", err)
	}
	http.Redirect(w, r, "/account?email=confirmed", http.StatusSeeOther)
	return nil
}

// unsubscribePage asks before it unsubscribes: a mail program or a
// scanner that follows the link must not turn the notices off.
var unsubscribePage = template.Must(template.New("").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Turn notices · Commons</title><link rel="stylesheet" href="/static/app.css"></head>
<body><main class="card" style="max-width:32rem;margin:2rem auto;padding:1rem">
{{if .Done}}<h1>Unsubscribed</h1><p>No more "your turn" mails will be sent. You can turn them on again on your <a href="/account">account page</a>.</p>
{{else}}<h1>Stop "your turn" mails?</h1>
<form method="post" action="/api/unsubscribe"><input type="hidden" name="s" value="{{.Secret}}">
<button type="submit">Stop the mails</button></form>{{end}}
</main></body></html>`))

func (s *Server) handleUnsubscribePage(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	return unsubscribePage.Execute(w, map[string]any{"Secret": r.URL.Query().Get("s")})
}

// handleUnsubscribe turns notices off for the secret's account: from the
// page's form, or a mail program's one-click POST (RFC 8058), both of
// which send the secret in the body (the link's query works too).
func (s *Server) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.requirePeople(); err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if err := r.ParseForm(); err != nil {
		return errorf(http.StatusBadRequest, "unsubscribe: a form of at most 4096 bytes")
	}
	secret := r.PostForm.Get("s")
	if secret == "" {
		secret = r.URL.Query().Get("s")
	}
	if _, err := s.people.Unsubscribe(r.Context(), secret); errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "this unsubscribe link is unknown: its account may be gone")
	} else if err != nil {
		return s.storeError("", err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	return unsubscribePage.Execute(w, map[string]any{"Done": true})
}
