package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"

	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// A match can end other than by its game's rules: a seat resigns, the
// players agree a draw, or the match is abandoned and expires. The game
// state then is not terminal; the header says how it ended, in settings
// the server keeps beside the players' own (docs/api.md, "Resigning,
// draws and abandoned matches"), and the complete record carries it as
// its "end" (docs/records.md), so that it replays.
const (
	// settingEnd is the record.End, in JSON, of a match so ended.
	settingEnd = "end"
	// settingDrawOffer is the standing drawOffer, in JSON.
	settingDrawOffer = "draw_offer"
	// settingAbandoned is when the match was found abandoned, and
	// settingExpires when it ends unless a person comes back (RFC 3339).
	settingAbandoned = "abandoned"
	settingExpires   = "expires"
)

// userSettings are the settings a client chose, shown in a match's
// "settings"; the others are the server's own bookkeeping, shown in
// fields of their own.
var userSettings = []string{settingTurnTimer, settingTimeoutBot, settingRated, settingMode}

// teamResignBot plays the seat of a person who resigns in a team game.
const teamResignBot = "medium"

// drawOffer is a draw offered at a version: it stands until the next
// move, and the match ends in a draw once every seat has agreed.
type drawOffer struct {
	// Version is the log's length when the draw was offered.
	Version int `json:"version"`
	// Seats are the seats that agreed, the offerer first.
	Seats []int `json:"seats"`
}

// endOf returns how h ended other than by its game's rules, or nil.
func endOf(h *store.Match) *record.End {
	if h.Status != store.Over || h.Settings[settingEnd] == "" {
		return nil
	}
	var e record.End
	if json.Unmarshal([]byte(h.Settings[settingEnd]), &e) != nil || e.Check(h.Players) != nil {
		return nil
	}
	return &e
}

// drawOfferOf returns the draw offer standing in h, or nil.
func drawOfferOf(h *store.Match) *drawOffer {
	if h.Status != store.Running || h.Settings[settingDrawOffer] == "" {
		return nil
	}
	var o drawOffer
	if json.Unmarshal([]byte(h.Settings[settingDrawOffer]), &o) != nil || o.Version != h.Version {
		return nil
	}
	return &o
}

// abandonedOf returns when h was found abandoned and when it expires,
// or zero times.
func abandonedOf(h *store.Match) (since, expires time.Time) {
	if h.Status != store.Running {
		return
	}
	since, _ = time.Parse(time.RFC3339Nano, h.Settings[settingAbandoned])
	expires, _ = time.Parse(time.RFC3339Nano, h.Settings[settingExpires])
	return
}

// endMatch ends h (fresh from the store, in changeSeats) with e.
func endMatch(h *store.Match, e *record.End) {
	b, _ := json.Marshal(e)
	if h.Settings == nil {
		h.Settings = map[string]string{}
	}
	h.Settings[settingEnd] = string(b)
	delete(h.Settings, settingDrawOffer)
	delete(h.Settings, settingAbandoned)
	delete(h.Settings, settingExpires)
	h.Status, h.Result = store.Over, e.Returns
}

// mustBeRunning refuses a resignation or a draw in a match not being
// played.
func mustBeRunning(h *store.Match) error {
	switch h.Status {
	case store.Open:
		return errorf(http.StatusConflict, "the match has not started: leave it instead")
	case store.Over:
		return errorf(http.StatusConflict, "the game is over")
	}
	return nil
}

// seatOfHash is the index of the seat whose token hashes to hash in h,
// or -1.
func seatOfHolder(h *store.Match, holder string) int {
	return slices.IndexFunc(h.Seats, func(s store.Seat) bool { return holds(s, holder) })
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) error {
	if err := s.decode(w, r, &struct{}{}, true); err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	_, hash, err := s.requireSeat(r, m)
	if err != nil {
		return err
	}
	// In a game of teams (Breaking Head's, game.Info.Teams) a person may
	// not concede for teammates, who are secret there, so resigning hands
	// the seat to a bot.
	team := len(m.info.Teams) > 0
	bot := ""
	if team {
		if bot, err = s.checkBot(teamResignBot); err != nil {
			return errorf(http.StatusConflict, "in a team game a resigning player's seat goes to a bot, and %v", err)
		}
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		if err := mustBeRunning(h); err != nil {
			return err
		}
		i := seatOfHolder(h, hash)
		if i < 0 {
			return errorf(http.StatusForbidden, "you hold no seat of match %s", h.ID)
		}
		if team {
			markLeft(h, i)
			h.Seats[i] = store.Seat{Bot: bot, Name: bot}
			return nil
		}
		e := &record.End{Reason: record.EndResignation, Seat: i + 1, Returns: make([]float64, h.Players)}
		for j := range e.Returns {
			if j != i {
				e.Returns[j] = 1 / float64(h.Players-1)
			}
		}
		endMatch(h, e)
		return nil
	})
	if err != nil {
		return err
	}
	if team {
		s.log.Info("seat resigned to a bot", "match", h.ID, "bot", bot)
	} else {
		s.log.Info("match over", "match", h.ID, "game", h.Game, "end", record.EndResignation, "result", h.Result)
	}
	writeJSON(w, http.StatusOK, viewMatch(h))
	return nil
}

// drawRequest is the body of POST /api/matches/{id}/draw.
type drawRequest struct {
	// Decline withdraws the caller's offer, or declines another's.
	Decline bool `json:"decline"`
}

func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) error {
	var req drawRequest
	if err := s.decode(w, r, &req, true); err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	_, hash, err := s.requireSeat(r, m)
	if err != nil {
		return err
	}
	if !m.info.Draws {
		return errorf(http.StatusBadRequest, "%s has no draws: a game of it ends with a winner (or shared wins) by its rules, so no draw can be agreed; resign to end it", m.info.Title)
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		if err := mustBeRunning(h); err != nil {
			return err
		}
		i := seatOfHolder(h, hash)
		if i < 0 {
			return errorf(http.StatusForbidden, "you hold no seat of match %s", h.ID)
		}
		offer := drawOfferOf(h)
		if req.Decline {
			if offer == nil {
				return errUnchanged
			}
			delete(h.Settings, settingDrawOffer)
			return nil
		}
		for j, seat := range h.Seats {
			switch {
			case j == i:
			case seat.Bot != "":
				return errorf(http.StatusConflict, "seat %d is a bot's, and bots play on: only people agree to a draw", j+1)
			case seat.Free():
				return errorf(http.StatusConflict, "seat %d is free: nobody there can agree to a draw", j+1)
			}
		}
		if offer == nil {
			offer = &drawOffer{Version: h.Version}
		}
		if slices.Contains(offer.Seats, i+1) {
			return errUnchanged
		}
		offer.Seats = append(offer.Seats, i+1)
		if len(offer.Seats) == h.Players {
			e := &record.End{Reason: record.EndDraw, Returns: make([]float64, h.Players)}
			for j := range e.Returns {
				e.Returns[j] = 1 / float64(h.Players)
			}
			endMatch(h, e)
			return nil
		}
		b, _ := json.Marshal(offer)
		h.Settings[settingDrawOffer] = string(b)
		return nil
	})
	if err != nil {
		return err
	}
	if h.Status == store.Over {
		s.log.Info("match over", "match", h.ID, "game", h.Game, "end", record.EndDraw, "result", h.Result)
	}
	writeJSON(w, http.StatusOK, viewMatch(h))
	return nil
}

// sweep finds the running matches that nobody plays any more and marks
// them abandoned, and ends those marked long enough ago (Config's
// AbandonAfter and ExpireAfter). A match is abandoned when no person
// holds a seat in it (all left), or, without a turn timer, when no
// person has moved or been connected to this node for AbandonAfter. A
// person who comes back (moves, connects, takes a seat) lifts the mark.
func (s *Server) sweep(ctx context.Context, now time.Time) {
	running, err := s.store.List(ctx, store.ListOptions{Status: []store.Status{store.Running}, Limit: 10000})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing running matches", "err", err)
		}
		return
	}
	for _, h := range running {
		if ctx.Err() != nil {
			return
		}
		if _, expires := abandonedOf(h); !expires.IsZero() {
			if !now.Before(expires) {
				s.expire(ctx, h.ID)
			}
			continue
		}
		var seen time.Time
		connected := false
		s.mu.Lock()
		m := s.live[h.ID]
		s.mu.Unlock()
		if turnBased(h) && dueSoon(h, now) {
			// Its deadline comes near: load it, which arms its timer,
			// or arm the timer of the match held (scheduleLocked left
			// it unarmed while the deadline was far).
			if m == nil {
				if _, err := s.match(ctx, h.ID); err != nil {
					s.log.Error("loading a turn-based match due", "match", h.ID, "err", err)
				}
				continue
			}
			m.armDeadline()
		}
		if m != nil && m.ready() {
			m.mu.Lock()
			seen, connected = m.seenLocked()
			m.mu.Unlock()
		}
		if s.idle(h, now, seen, connected) {
			s.markAbandoned(ctx, h.ID, now)
		}
	}
}

// idle reports whether nobody plays h: no person holds a seat and one is
// free (a match of bots alone plays itself to its end), or (with no turn
// timer) no person has moved since seen, or been connected (connected),
// for AbandonAfter.
func (s *Server) idle(h *store.Match, now, seen time.Time, connected bool) bool {
	switch {
	case !slices.ContainsFunc(h.Seats, func(s store.Seat) bool { return s.TokenHash != "" }):
		return peopleGone(h)
	case turnTimer(h) > 0 || connected:
		return false // the timeout bot keeps it going; or a person is here
	}
	if seen.Before(h.TurnStart) {
		seen = h.TurnStart
	}
	return now.Sub(seen) >= s.cfg.AbandonAfter
}

// peopleGone reports whether no person holds a seat of h and a seat is
// free, waiting for one.
func peopleGone(h *store.Match) bool {
	return !slices.ContainsFunc(h.Seats, func(s store.Seat) bool { return s.TokenHash != "" }) &&
		slices.ContainsFunc(h.Seats, store.Seat.Free)
}

// seenLocked returns when a person of m last moved or connected, and
// whether one is connected now.
func (m *live) seenLocked() (time.Time, bool) {
	return m.seen, m.peopleConnectedLocked()
}

func (s *Server) markAbandoned(ctx context.Context, id string, now time.Time) {
	m, err := s.match(ctx, id)
	if err != nil {
		s.log.Error("loading an abandoned match", "match", id, "err", err)
		return
	}
	_, err = m.changeSeats(ctx, func(h *store.Match) error {
		seen, connected := m.seenLocked() // changeSeats holds m.mu
		if h.Status != store.Running || h.Settings[settingAbandoned] != "" || !s.idle(h, now, seen, connected) {
			return errUnchanged
		}
		if h.Settings == nil {
			h.Settings = map[string]string{}
		}
		h.Settings[settingAbandoned] = now.UTC().Format(time.RFC3339Nano)
		h.Settings[settingExpires] = now.Add(s.cfg.ExpireAfter).UTC().Format(time.RFC3339Nano)
		return nil
	})
	if err != nil {
		s.log.Error("marking a match abandoned", "match", id, "err", err)
		return
	}
	s.log.Info("match abandoned", "match", id)
}

func (s *Server) expire(ctx context.Context, id string) {
	m, err := s.match(ctx, id)
	if err != nil {
		s.log.Error("loading an abandoned match", "match", id, "err", err)
		return
	}
	h, err := m.changeSeats(ctx, func(h *store.Match) error {
		if _, expires := abandonedOf(h); expires.IsZero() || time.Now().Before(expires) {
			return errUnchanged // somebody came back, or it ended
		}
		// In a rated match, the people it waited for abandoned it.
		if p := m.state.CurrentPlayer(); p >= 0 && h.Version == len(m.log) {
			markLeft(h, int(p))
		}
		endMatch(h, &record.End{Reason: record.EndAbandoned, Returns: make([]float64, h.Players)})
		return nil
	})
	if err != nil {
		s.log.Error("ending an abandoned match", "match", id, "err", err)
		return
	}
	if h.Status == store.Over {
		s.log.Info("match over", "match", id, "game", h.Game, "end", record.EndAbandoned)
	}
}

// peopleConnectedLocked reports whether a client holding a seat of m is
// connected to this node.
func (m *live) peopleConnectedLocked() bool {
	for c := range m.clients {
		if _, ok := m.seatOfLocked(c.hash); ok {
			return true
		}
	}
	return false
}

// cameBackLocked notes that a person of m moved or connected, and lifts
// an abandoned mark (in the background: the change takes m's lock).
func (m *live) cameBackLocked() {
	m.seen = time.Now()
	if m.hdr.Settings[settingAbandoned] == "" || m.hdr.Status != store.Running {
		return
	}
	m.s.goBackground(func() {
		ctx, cancel := context.WithTimeout(m.s.ctx, 30*time.Second)
		defer cancel()
		_, err := m.changeSeats(ctx, func(h *store.Match) error {
			if h.Settings[settingAbandoned] == "" {
				return errUnchanged
			}
			delete(h.Settings, settingAbandoned)
			delete(h.Settings, settingExpires)
			return nil
		})
		var ae *apiError
		if err != nil && !(errors.As(err, &ae) && ae.Status != http.StatusServiceUnavailable) && m.s.ctx.Err() == nil {
			m.s.log.Error("lifting a match's abandoned mark", "match", m.id, "err", err)
		}
	})
}
