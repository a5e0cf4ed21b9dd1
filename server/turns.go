package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// Turn-based play (docs/api.md, "Turn-based matches"): a match is played
// in real time (a turn timer of seconds or minutes, or none) or turn
// based, a move when it suits the player, with a time per move of hours
// or days. Its deadline is the turn start the store keeps plus the time
// per move, so a restart or another node computes the same one; a node
// arms a timer only for a deadline less than deadlineHorizon away, and
// the janitor loads the matches whose deadline comes nearer (sweep), so
// a server holds in memory only the turn-based matches being played or
// due, not every one waiting for days.
//
// Our rules, after Board Game Arena's: when a person's time runs out the
// match's timeout bot moves for them and the log says so (the entry's
// mark, store.MarkTimeout). After a second turn in a row run out, the
// other people of the match are offered a choice: give the seat to
// whoever takes it over (the timeout bot plays it meanwhile), or end the
// match as abandoned by that seat, which loses it (in a game of teams,
// where the others may not end it for their hidden teammates, the bot
// plays the seat for good instead). The person who ran out may still
// come back and move until one of them has chosen, and that ends it.
const (
	// settingMode is modeTurnBased in a turn-based match.
	settingMode   = "mode"
	modeTurnBased = "turn-based"
	// settingTakeOver lists the seats (1-based, comma-separated) the
	// others offered to be taken over.
	settingTakeOver = "take_over"

	// deadlineHorizon is how near a deadline must be for a node to arm
	// a timer for it.
	deadlineHorizon = 2 * time.Minute
	// timeoutsOut is the number of turns in a row run out after which
	// the others may give the seat away or end the match.
	timeoutsOut = 2
)

// Bounds of a turn-based match's time per move.
const (
	minMoveTime     = time.Hour
	maxMoveTime     = 14 * 24 * time.Hour
	defaultMoveTime = 24 * time.Hour
)

// turnBased reports whether h is played turn based.
func turnBased(h *store.Match) bool { return h.Settings[settingMode] == modeTurnBased }

// parseMoveTime reads a time per move: a Go duration ("12h") or a
// number of days ("3d").
func parseMoveTime(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%q is not a number of days", days)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	return time.ParseDuration(s)
}

// dueSoon reports whether h's deadline is near enough (deadlineHorizon)
// for a node to hold h in memory with its timer armed.
func dueSoon(h *store.Match, now time.Time) bool {
	d := turnTimer(h)
	return d > 0 && h.Status == store.Running && h.TurnStart.Add(d).Sub(now) < deadlineHorizon
}

// armDeadline arms the turn timer of a match held in memory whose
// deadline has come near, if nothing else is due in it.
func (m *live) armDeadline() {
	if !m.ready() {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.closed && m.timer == nil && m.auto < 0 {
		m.scheduleLocked()
	}
}

// offered returns the seats (1-based) of h offered to be taken over.
func offered(h *store.Match) []int {
	var out []int
	for _, f := range strings.Split(h.Settings[settingTakeOver], ",") {
		if n, err := strconv.Atoi(f); err == nil && n >= 1 && n <= h.Players {
			out = append(out, n)
		}
	}
	return out
}

func setOffered(h *store.Match, seats []int) {
	if len(seats) == 0 {
		delete(h.Settings, settingTakeOver)
		return
	}
	f := make([]string, len(seats))
	for i, n := range seats {
		f[i] = strconv.Itoa(n)
	}
	h.Settings[settingTakeOver] = strings.Join(f, ",")
}

// timeoutTurnsLocked counts the turns in a row, back from the log's end,
// that seat p's time ran out: entries marked MarkTimeout, one turn per
// run of them between other seats' moves. A move of p's own ends the
// count; a forced move, chance and the others' moves do not.
func (m *live) timeoutTurnsLocked(p game.Player) int {
	turns, newTurn := 0, true
	for i := len(m.log) - 1; i >= 0; i-- {
		switch a := m.actors[i]; {
		case a == game.Chance:
		case a != p:
			newTurn = true
		case m.marks[i] == store.MarkTimeout:
			if newTurn {
				turns++
			}
			newTurn = false
		case m.marks[i] == store.MarkForced:
		default:
			return turns
		}
	}
	return turns
}

// outOfTimeLocked returns the seats (1-based) of a turn-based match whose
// person ran out of time timeoutsOut turns in a row, for whom the others
// are offered to choose.
func (m *live) outOfTimeLocked() []int {
	if !turnBased(m.hdr) || m.hdr.Status != store.Running {
		return nil
	}
	var out []int
	for i, seat := range m.hdr.Seats {
		if seat.Bot == "" && !seat.Free() && m.timeoutTurnsLocked(game.Player(i)) >= timeoutsOut {
			out = append(out, i+1)
		}
	}
	return out
}

// turnBeganLocked returns the log index at which the player to move began
// their turn: the entry after the last one another seat made. A turn's
// notice is keyed by it, so a turn of several moves (Source's action
// points) gets one.
func (m *live) turnBeganLocked() int {
	cur := m.state.CurrentPlayer()
	for i := len(m.log) - 1; i >= 0; i-- {
		if a := m.actors[i]; a != game.Chance && a != cur {
			return i + 1
		}
	}
	return 0
}

// forcedLocked reports whether the person to move, p, has one legal move
// that the server plays for them: they did not turn forced moves off.
func (m *live) forcedLocked(p game.Player) bool {
	m.abuf = m.state.LegalActions(m.abuf)
	if len(m.abuf) != 1 {
		return false
	}
	acct := m.hdr.Seats[p].Account
	if acct == "" || m.s.people == nil {
		return true // a guest: the default
	}
	on, ok := m.forced[acct]
	if !ok {
		on = true
		ctx, cancel := context.WithTimeout(m.s.ctx, 5*time.Second)
		prefs, err := m.s.people.Prefs(ctx, acct)
		cancel()
		if err != nil {
			m.s.log.Warn("reading a person's preferences; forced moves played for them", "match", m.id, "err", err)
		} else {
			on = prefs.ForcedMoves
		}
		if m.forced == nil {
			m.forced = map[string]bool{}
		}
		m.forced[acct] = on
	}
	return on
}

// forgetPrefs drops what the matches in memory know of account's
// preferences, after it changed them.
func (s *Server) forgetPrefs(account string) {
	s.mu.Lock()
	ms := make([]*live, 0, len(s.live))
	for _, m := range s.live {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	for _, m := range ms {
		if !m.ready() {
			continue
		}
		m.mu.Lock()
		if _, ok := m.forced[account]; ok {
			delete(m.forced, account)
			m.scheduleLocked()
		}
		m.mu.Unlock()
	}
}

// outOfTimeRequest is the body of POST /api/matches/{id}/out-of-time.
type outOfTimeRequest struct {
	// Seat is the seat (from 1) whose time ran out.
	Seat int `json:"seat"`
	// Choice is "take-over" (the seat goes to whoever takes it, the
	// timeout bot playing it meanwhile) or "end" (the match ends, that
	// seat abandoned it).
	Choice string `json:"choice"`
}

func (s *Server) handleOutOfTime(w http.ResponseWriter, r *http.Request) error {
	var req outOfTimeRequest
	if err := s.decode(w, r, &req, true); err != nil {
		return err
	}
	if req.Choice != "take-over" && req.Choice != "end" {
		return errorf(http.StatusBadRequest, `choice %s: want "take-over" or "end"`, clip(req.Choice))
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	_, holder, err := s.requireSeat(r, m)
	if err != nil {
		return err
	}
	m.mu.Lock()
	out := m.outOfTimeLocked()
	team := len(m.info.Teams) > 0
	m.mu.Unlock()
	if !slices.Contains(out, req.Seat) {
		return errorf(http.StatusConflict, "seat %d has not run out of time %d turns in a row in a turn-based match being played: there is nothing to choose", req.Seat, timeoutsOut)
	}
	bot, err := s.checkBot(m.timeoutBot())
	if err != nil {
		return errorf(http.StatusConflict, "the seat would go to the timeout bot, and %v", err)
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		if err := mustBeRunning(h); err != nil {
			return err
		}
		me := seatOfHolder(h, holder)
		if me < 0 {
			return errorf(http.StatusForbidden, "you hold no seat of match %s", h.ID)
		}
		i := req.Seat - 1
		if me == i {
			return errorf(http.StatusForbidden, "seat %d is yours: move instead, and your turns run out no longer", req.Seat)
		}
		if h.Seats[i].Bot != "" {
			return errUnchanged // another chose first
		}
		markLeft(h, i)
		if req.Choice == "end" && !team {
			e := &record.End{Reason: record.EndTimeout, Seat: req.Seat, Returns: make([]float64, h.Players)}
			for j := range e.Returns {
				if j != i {
					e.Returns[j] = 1 / float64(h.Players-1)
				}
			}
			endMatch(h, e)
			return nil
		}
		h.Seats[i] = store.Seat{Bot: bot, Name: bot}
		if req.Choice == "take-over" {
			setOffered(h, append(offered(h), req.Seat))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.log.Info("seat out of time", "match", h.ID, "seat", req.Seat, "choice", req.Choice)
	writeJSON(w, http.StatusOK, viewMatch(h))
	return nil
}

// timeoutBot is the bot that moves for a person whose time ran out.
func (m *live) timeoutBot() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if spec := m.hdr.Settings[settingTimeoutBot]; spec != "" {
		return spec
	}
	return m.s.cfg.TimeoutBot
}
