package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// Table talk (docs/api.md, Table talk): a room per match, where its
// seats and signed-in spectators talk, and the lobby's, where accounts
// do. Messages are kept by the store, durably, with the match's version
// when they were said, so that a replay shows each where it was said;
// they are public to all who watch, in every game (Breaking Head's
// accusations are said at the table). A message is plain text: no
// control character, at most Config.ChatBytes; a person says at most
// Config.ChatLimit a minute; a person signed in may mute an account,
// whose messages it is then not sent; an operator may take a message
// down (its text is gone, its place kept).

// chatView is a message as clients see it.
type chatView struct {
	N int `json:"n"`
	// Name is who said it: an account's name when Account, else a
	// guest's chosen name (a guest is seated; only accounts speak from
	// the audience and in the lobby).
	Name    string `json:"name,omitempty"`
	Account bool   `json:"account,omitempty"`
	// Seat is the speaker's seat, 0 for a spectator (and in the lobby).
	Seat int `json:"seat,omitempty"`
	// Version is the match's version when it was said.
	Version int       `json:"version"`
	Text    string    `json:"text,omitempty"`
	At      time.Time `json:"at"`
	Deleted bool      `json:"deleted,omitempty"`
}

func viewChat(m store.ChatMessage) chatView {
	return chatView{N: m.N, Name: m.Name, Account: m.Account != "", Seat: m.Seat, Version: m.Version, Text: m.Text, At: m.At, Deleted: m.Deleted}
}

// chatMsg is the WebSocket message that brings a match's messages: new
// ones, or ones taken down (Deleted, without their text).
type chatMsg struct {
	Type     string     `json:"type"` // "chat"
	Match    string     `json:"match"`
	Messages []chatView `json:"messages"`
}

// speaker is who says a message: an account, a seat, or both.
type speaker struct {
	account *store.Account
	// holder holds seat (see holds); seat is game.Spectator for an
	// account that watches.
	holder string
	seat   game.Player
	name   string
}

// key is the speaker's key for the rate limit of messages.
func (sp speaker) key() string {
	if sp.account != nil {
		return "account " + sp.account.ID
	}
	return "seat " + sp.holder
}

// checkChatText says what is wrong with text as a message: empty,
// longer than max bytes, or with a control character (a line break or
// a tab among them: a message is one line) or a character that reorders
// the text shown after it (the bidirectional overrides and isolates,
// which would let a message disguise what follows it).
func checkChatText(text string, max int) error {
	if strings.TrimSpace(text) == "" {
		return errorf(http.StatusBadRequest, `missing "text": the message`)
	}
	if len(text) > max {
		return tooLong(http.StatusBadRequest, "message", text, max)
	}
	for i, c := range text {
		if c == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(text[i:]); size == 1 {
				return errorf(http.StatusBadRequest, "message not UTF-8")
			}
		}
		if unicode.IsControl(c) || bidiControl(c) {
			return errorf(http.StatusBadRequest, "message with the control character %U at byte %d: a message is one line of text", c, i)
		}
	}
	return nil
}

func bidiControl(c rune) bool {
	return c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069 || c == 0x200e || c == 0x200f || c == 0x061c
}

// matchSpeaker returns who the request speaks as in m: the seat its
// token or account holds, or its account in the audience.
func (s *Server) matchSpeaker(r *http.Request, m *live) (speaker, error) {
	acc, err := s.signedIn(r)
	if err != nil {
		return speaker{}, err
	}
	sp := speaker{account: acc, seat: game.Spectator}
	if bearer(r) != "" {
		p, holder, err := s.requireSeat(r, m)
		if err != nil {
			return sp, err
		}
		sp.holder, sp.seat = holder, p
	} else if acc != nil {
		if p, ok := m.seatOf(accountHolder(acc.ID)); ok {
			sp.holder, sp.seat = accountHolder(acc.ID), p
		}
	}
	return sp, nil
}

// say keeps what sp says in m's room (m nil: the lobby's) and delivers
// it.
func (s *Server) say(ctx context.Context, m *live, sp speaker, text string) (*store.ChatMessage, error) {
	people, err := s.requirePeople()
	if err != nil {
		return nil, err
	}
	if err := checkChatText(text, s.cfg.ChatBytes); err != nil {
		return nil, err
	}
	msg := &store.ChatMessage{Text: text}
	if sp.account != nil {
		msg.Account, msg.Name = sp.account.ID, sp.account.Name
	}
	if m == nil {
		if sp.account == nil {
			return nil, errorf(http.StatusUnauthorized, "sign in to talk in the lobby")
		}
	} else {
		m.mu.Lock()
		msg.Room, msg.Version = m.id, len(m.log)
		if sp.seat >= 0 {
			seat := m.hdr.Seats[sp.seat]
			msg.Seat, msg.Name, msg.Account = sp.seat.Seat(), seat.Name, seat.Account
		}
		m.mu.Unlock()
		if sp.seat < 0 && sp.account == nil {
			return nil, errorf(http.StatusUnauthorized, "sign in to talk at a table you watch (or take a seat)")
		}
	}
	if ok, wait := s.chats.take(sp.key(), time.Now()); !ok {
		s.metrics.limited.WithLabelValues("chat").Inc()
		e := errorf(http.StatusTooManyRequests, "too many messages: the limit is %s a minute (bursts of %d); say it again in %v",
			formatRate(s.cfg.ChatLimit), s.cfg.ChatBurst, retryIn(wait))
		e.RetryAfter = wait
		return nil, e
	}
	if err := people.Say(ctx, msg); err != nil {
		return nil, s.storeError(msg.Room, err)
	}
	if m != nil {
		m.deliverChat(ctx)
	} else {
		s.lobby.changed()
	}
	return msg, nil
}

// deliverChat sends m's clients the messages said since the last it
// sent, read from the store (which any node may have written to).
func (m *live) deliverChat(ctx context.Context) {
	people := m.s.people
	if people == nil {
		return
	}
	m.chatMu.Lock()
	defer m.chatMu.Unlock()
	msgs, err := people.Chat(ctx, m.id, m.chatN)
	if err != nil {
		if m.s.ctx.Err() == nil {
			m.s.log.Error("reading a match's chat", "match", m.id, "err", err)
		}
		return
	}
	if len(msgs) == 0 {
		return
	}
	m.chatN = msgs[len(msgs)-1].N + 1
	m.sendChat(ctx, msgs)
}

// sendChat sends msgs to each of m's clients, less the messages of the
// accounts it muted.
func (m *live) sendChat(ctx context.Context, msgs []store.ChatMessage) {
	m.mu.Lock()
	clients := make([]*client, 0, len(m.clients))
	for c := range m.clients {
		clients = append(clients, c)
	}
	m.mu.Unlock()
	var all []byte
	for _, c := range clients {
		muted := m.s.mutedBy(ctx, c.account)
		if len(muted) == 0 {
			if all == nil {
				all = marshal(chatMsg{Type: "chat", Match: m.id, Messages: chatViews(msgs, nil)})
			}
			c.enqueue(all)
			continue
		}
		if vs := chatViews(msgs, muted); len(vs) > 0 {
			c.enqueue(marshal(chatMsg{Type: "chat", Match: m.id, Messages: vs}))
		}
	}
}

// sendChatHistory sends a client that has just connected the room's
// messages so far. A message said meanwhile may come twice (here and
// delivered): a client keeps one message per number.
func (m *live) sendChatHistory(ctx context.Context, c *client) {
	if m.s.people == nil {
		return
	}
	msgs, err := m.s.people.Chat(ctx, m.id, 0)
	if err != nil || len(msgs) == 0 {
		return
	}
	c.enqueue(marshal(chatMsg{Type: "chat", Match: m.id, Messages: chatViews(msgs, m.s.mutedBy(ctx, c.account))}))
}

// chatViews returns msgs as clients see them, less those of the muted
// accounts.
func chatViews(msgs []store.ChatMessage, muted map[string]bool) []chatView {
	out := make([]chatView, 0, len(msgs))
	for _, msg := range msgs {
		if msg.Account != "" && muted[msg.Account] {
			continue
		}
		out = append(out, viewChat(msg))
	}
	return out
}

// muteTime is how long an account's mutes are kept in memory before
// they are read again (a mute made on another node shows after that).
const muteTime = 30 * time.Second

// mutedBy returns the accounts acc muted (nil for nobody signed in).
func (s *Server) mutedBy(ctx context.Context, acc *store.Account) map[string]bool {
	if acc == nil || s.people == nil {
		return nil
	}
	c := &s.mutes
	c.mu.Lock()
	if e, ok := c.m[acc.ID]; ok && time.Since(e.at) < muteTime {
		c.mu.Unlock()
		return e.ids
	}
	c.mu.Unlock()
	ids, err := s.people.Muted(ctx, acc.ID)
	if err != nil {
		return nil
	}
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) > 10000 {
		c.m = map[string]mutesAt{}
	}
	c.m[acc.ID] = mutesAt{ids: set, at: time.Now()}
	c.mu.Unlock()
	return set
}

// sayRequest is the body of POST .../chat.
type sayRequest struct {
	Text string `json:"text"`
}

// saidAnswer answers a message said: its number.
type saidAnswer struct {
	N int `json:"n"`
}

func (s *Server) handleMatchChat(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	from := 0
	if v := r.URL.Query().Get("from"); v != "" {
		if from, err = strconv.Atoi(v); err != nil || from < 0 {
			return errorf(http.StatusBadRequest, "from %s: want a message number, 0 or more", clip(v))
		}
	}
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	msgs, err := people.Chat(r.Context(), m.id, from)
	if err != nil {
		return s.storeError(m.id, err)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, map[string]any{"match": m.id, "messages": chatViews(msgs, s.mutedBy(r.Context(), acc))})
	return nil
}

func (s *Server) handleMatchSay(w http.ResponseWriter, r *http.Request) error {
	var req sayRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	sp, err := s.matchSpeaker(r, m)
	if err != nil {
		return err
	}
	msg, err := s.say(r.Context(), m, sp, req.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, saidAnswer{N: msg.N})
	return nil
}

// lobbyChatMessages is how many of the lobby's last messages it shows.
const lobbyChatMessages = 50

// defaultLobbyWait is the longest GET /api/chat?wait=1 waits for a
// change, by default (Config.LobbyWait): less than the usual minute a
// proxy gives an idle request.
const defaultLobbyWait = 25 * time.Second

// handleLobbyChat answers the lobby's last messages. With since=G and
// wait=1, it first waits (up to Config.LobbyWait) for a change after the
// generation G an earlier answer gave: a long poll.
func (s *Server) handleLobbyChat(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	q := r.URL.Query()
	if q.Get("wait") == "1" {
		since, err := strconv.ParseUint(q.Get("since"), 10, 64)
		if err != nil {
			return errorf(http.StatusBadRequest, "since %s: want the generation of the last answer, with wait=1", clip(q.Get("since")))
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.LobbyWait)
		s.lobby.wait(ctx, since)
		cancel()
		if r.Context().Err() != nil {
			return nil
		}
	}
	gen := s.lobby.generation()
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	msgs, err := people.RecentChat(r.Context(), "", lobbyChatMessages)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"generation": gen, "messages": chatViews(msgs, s.mutedBy(r.Context(), acc))})
	return nil
}

func (s *Server) handleLobbySay(w http.ResponseWriter, r *http.Request) error {
	var req sayRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	acc, err := s.requireAccount(r)
	if err != nil {
		return err
	}
	msg, err := s.say(r.Context(), nil, speaker{account: acc, seat: game.Spectator}, req.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, saidAnswer{N: msg.N})
	return nil
}

// requireOperator checks the request's operator token.
func (s *Server) requireOperator(r *http.Request) error {
	if s.cfg.OperatorToken == "" {
		return errorf(http.StatusForbidden, "this server has no operator token (commons serve --operator-token, or COMMONS_OPERATOR_TOKEN)")
	}
	tok := bearer(r)
	if tok == "" {
		return errorf(http.StatusUnauthorized, "missing operator token: send Authorization: Bearer TOKEN")
	}
	if subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.OperatorToken)) != 1 {
		return errorf(http.StatusForbidden, "that is not the operator token")
	}
	return nil
}

// handleDeleteChat takes a message down: DELETE
// /api/matches/{id}/chat/{n}, or /api/chat/{n} for the lobby's.
func (s *Server) handleDeleteChat(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	if err := s.requireOperator(r); err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 {
		return errorf(http.StatusBadRequest, "message %s: want its number", clip(r.PathValue("n")))
	}
	room := r.PathValue("id")
	var m *live
	if room != "" {
		if m, err = s.match(r.Context(), room); err != nil {
			return err
		}
	}
	if err := people.DeleteChat(r.Context(), room, n); errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "no message %d in %s", n, roomName(room))
	} else if err != nil {
		return err
	}
	s.log.Info("chat message taken down", "room", room, "n", n)
	if m != nil {
		m.sendChat(r.Context(), []store.ChatMessage{{Room: room, N: n, Deleted: true}})
	} else {
		s.lobby.changed()
	}
	writeJSON(w, http.StatusOK, map[string]any{"room": room, "n": n, "deleted": true})
	return nil
}

func roomName(room string) string {
	if room == "" {
		return "the lobby"
	}
	return fmt.Sprintf("match %s", room)
}

// onChatChange handles a change of a room another node (or this one)
// made: the match's clients here get its messages, the lobby's waiters
// wake up.
func (s *Server) onChatChange(ch store.Change) {
	if ch.ID == "" {
		s.lobby.changed()
		return
	}
	s.mu.Lock()
	m := s.live[ch.ID]
	s.mu.Unlock()
	if m == nil {
		return
	}
	s.goBackground(func() {
		// A match still loading may have read its chat before this
		// message: deliver once it is loaded, or it goes unheard.
		select {
		case <-m.loaded:
		case <-s.ctx.Done():
			return
		}
		if m.err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		defer cancel()
		if ch.Rev > 0 {
			m.sendChat(ctx, []store.ChatMessage{{Room: ch.ID, N: ch.Rev - 1, Deleted: true}})
			return
		}
		m.deliverChat(ctx)
	})
}

// roomWaiters wakes the requests waiting for the lobby's chat to change:
// its generation goes up at each change.
type roomWaiters struct {
	mu  sync.Mutex
	gen uint64
	ch  chan struct{}
}

func newRoomWaiters() *roomWaiters { return &roomWaiters{gen: 1, ch: make(chan struct{})} }

func (w *roomWaiters) changed() {
	w.mu.Lock()
	w.gen++
	close(w.ch)
	w.ch = make(chan struct{})
	w.mu.Unlock()
}

func (w *roomWaiters) generation() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.gen
}

// wait returns once the generation is not since, or ctx is done.
func (w *roomWaiters) wait(ctx context.Context, since uint64) {
	w.mu.Lock()
	if w.gen != since {
		w.mu.Unlock()
		return
	}
	ch := w.ch
	w.mu.Unlock()
	select {
	case <-ch:
	case <-ctx.Done():
	}
}
