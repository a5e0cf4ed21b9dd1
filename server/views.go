package server

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
)

// entryView is one log entry as a client sees it.
type entryView struct {
	// N is the entry's index in the log (from 0); after it the match is
	// at version N+1.
	N int `json:"n"`
	// Seat is the 1-based seat that moved; 0 (left out) for chance.
	Seat int    `json:"seat,omitempty"`
	Move string `json:"move"`
	// Mark says the server made the move for the seat's person:
	// "timeout" (their time ran out and the timeout bot moved) or
	// "forced" (it was their only legal move).
	Mark string `json:"mark,omitempty"`
}

// entriesLocked returns log entries from index from as viewer (a seat or
// game.Spectator) may see them: the public entries, except the viewer's
// own moves, which it knows in full.
func (m *live) entriesLocked(from int, viewer game.Player) []entryView {
	out := make([]entryView, 0, len(m.log)-from)
	for i := from; i < len(m.log); i++ {
		e := entryView{N: i, Move: m.public[i], Mark: m.marks[i]}
		if p := m.actors[i]; p >= 0 {
			e.Seat = p.Seat()
			if p == viewer {
				e.Move = m.log[i]
			}
		}
		out = append(out, e)
	}
	return out
}

// seatView is a seat as everybody may see it.
type seatView struct {
	Seat int `json:"seat"`
	// Kind is "human" or "bot".
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
	Name string `json:"name,omitempty"`
	// Taken is false for a free human seat, which anybody may join.
	Taken bool `json:"taken"`
	// Account is true when the person in the seat is signed in: Name is
	// then the account's (its profile is /u/NAME), where a guest's is
	// any name it chose.
	Account bool `json:"account,omitempty"`
}

func seatViews(h *store.Match) []seatView {
	out := make([]seatView, len(h.Seats))
	for i, s := range h.Seats {
		v := seatView{Seat: i + 1, Kind: "human", Name: s.Name, Taken: !s.Free(), Account: s.Account != ""}
		if s.Bot != "" {
			v.Kind, v.Bot = "bot", s.Bot
		}
		out[i] = v
	}
	return out
}

// matchView is a match as the lobby lists it.
type matchView struct {
	ID                string            `json:"id"`
	Game              string            `json:"game"`
	Title             string            `json:"title,omitempty"`
	Players           int               `json:"players"`
	Options           game.Options      `json:"options"`
	HiddenInformation bool              `json:"hidden_information"`
	Status            store.Status      `json:"status"`
	Version           int               `json:"version"`
	Seats             []seatView        `json:"seats"`
	FreeSeats         int               `json:"free_seats"`
	Settings          map[string]string `json:"settings"`
	// ToMove is the seat to move (0: nobody, the game is over) and
	// Deadline when its turn timer runs out: given in the answers about
	// one match, which is loaded, and left out of the lobby's listing.
	ToMove    *int       `json:"to_move,omitempty"`
	Deadline  *time.Time `json:"deadline,omitempty"`
	Result    []float64  `json:"result,omitempty"`
	Rematch   string     `json:"rematch,omitempty"`
	RematchOf string     `json:"rematch_of,omitempty"`
	Created   time.Time  `json:"created"`
	// Draws reports whether players may agree a draw in this game.
	Draws bool `json:"draws,omitempty"`
	// DrawOffer lists the seats that offered or agreed to the draw
	// standing (until the next move).
	DrawOffer []int `json:"draw_offer,omitempty"`
	// End says how a match ended that its game's rules did not end: a
	// resignation, a draw agreed, or abandoned.
	End *record.End `json:"end,omitempty"`
	// Abandoned is when a running match was found abandoned (nobody
	// plays it); Expires when it ends unless a person comes back.
	Abandoned *time.Time `json:"abandoned,omitempty"`
	Expires   *time.Time `json:"expires,omitempty"`
	// Rated says the match is rated: only accounts take its seats, and
	// its end updates their ratings (GET .../ratings).
	Rated bool `json:"rated,omitempty"`
	// TurnBased says the match is played turn based; its settings'
	// turn_timer is then the time per move. TakeOver are the seats
	// offered to be taken over, their person having run out of time
	// (a bot plays them meanwhile; they count among FreeSeats), and
	// OutOfTime (in a live match's view) the seats whose time ran out
	// two turns in a row, for which the others may choose
	// (POST .../out-of-time).
	TurnBased bool  `json:"turn_based,omitempty"`
	TakeOver  []int `json:"take_over,omitempty"`
	OutOfTime []int `json:"out_of_time,omitempty"`
	// Variant names the server's variant the match is played as (its
	// title as the variant's file gives it, and the hash of its data
	// table); nil for the game's own rules.
	Variant *matchVariant `json:"variant,omitempty"`
}

func viewMatch(h *store.Match) matchView {
	v := matchView{
		ID: h.ID, Game: h.Game, Players: h.Players, Options: h.Options, Status: h.Status,
		Version: h.Version, Seats: seatViews(h), Settings: h.Settings, Result: h.Result,
		Rematch: h.Rematch, RematchOf: h.RematchOf, Created: h.Created,
	}
	if v.Options == nil {
		v.Options = game.Options{}
	}
	v.Settings = map[string]string{}
	for _, k := range userSettings {
		if val, ok := h.Settings[k]; ok {
			v.Settings[k] = val
		}
	}
	if g, err := game.Lookup(h.Game); err == nil {
		in := g.Info()
		v.Title, v.HiddenInformation, v.Draws = in.Title, in.HiddenInformation, in.Draws
	}
	if o := drawOfferOf(h); o != nil {
		v.DrawOffer = o.Seats
	}
	v.End = endOf(h)
	v.Rated = rated(h)
	if since, expires := abandonedOf(h); !since.IsZero() {
		v.Abandoned, v.Expires = &since, &expires
	}
	for _, s := range h.Seats {
		if s.Free() {
			v.FreeSeats++
		}
	}
	v.TurnBased, v.TakeOver = turnBased(h), offered(h)
	v.FreeSeats += len(v.TakeOver)
	if name := h.Settings[settingVariant]; name != "" {
		v.Variant = &matchVariant{Name: name, Title: h.Settings[settingVariantTitle], Data: h.Settings[settingVariantData]}
		if v.Variant.Title == "" {
			v.Variant.Title = name
		}
	}
	return v
}

func (m *live) viewLocked() matchView {
	v := viewMatch(m.hdr)
	to := 0
	if cur := m.state.CurrentPlayer(); cur >= 0 && m.hdr.Status != store.Over {
		to = cur.Seat()
	}
	if m.endLocked() == nil {
		v.End = nil // the game's own end came first (see endLocked)
	}
	v.ToMove = &to
	v.Deadline = m.deadlineLocked()
	v.OutOfTime = m.outOfTimeLocked()
	return v
}

// deadlineLocked is when the turn timer of the person to move runs out.
func (m *live) deadlineLocked() *time.Time {
	d := turnTimer(m.hdr)
	cur := m.state.CurrentPlayer()
	if d <= 0 || m.hdr.Status != store.Running || cur < 0 || m.hdr.Seats[cur].Bot != "" {
		return nil
	}
	t := m.hdr.TurnStart.Add(d).UTC()
	return &t
}

// stateMsg is the message a client gets after every change, and the
// answer of GET /api/matches/{id}/state. Everything in it is for its
// viewer's eyes: the observation of its own seat (or the public one),
// the legal moves only on its own turn, its own moves in the log in full
// and the others' as record.PublicEntry shows them.
type stateMsg struct {
	Type  string `json:"type"` // "state"
	Match string `json:"match"`
	// Game and Title name the match's game.
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Version int          `json:"version"`
	Status  store.Status `json:"status"`
	// Seat is the viewer's seat, 0 for a spectator.
	Seat int `json:"seat"`
	// ToMove is the seat to move, 0 when nobody is (the game is over).
	ToMove   int        `json:"to_move"`
	YourTurn bool       `json:"your_turn"`
	Legal    []string   `json:"legal,omitempty"`
	Deadline *time.Time `json:"deadline,omitempty"`
	// Observation is the game's Observation for the viewer.
	Observation any `json:"observation"`
	// Text is the game's Render for the viewer, for a client that asked
	// for it (text=1): one that draws the game as text. Every other
	// client draws the observation, and the server does not render the
	// state for it at every move.
	Text string `json:"text,omitempty"`
	// Moves are the log entries from index From on (every entry in a
	// client's first message, then those since its previous message).
	From    int         `json:"from"`
	Moves   []entryView `json:"moves"`
	Seats   []seatView  `json:"seats"`
	Result  []float64   `json:"result,omitempty"`
	Scores  []float64   `json:"scores,omitempty"`
	Rematch string      `json:"rematch,omitempty"`
	// Teams reports a game of teams, in which resigning hands the seat
	// to a bot (see handleResign).
	Teams bool `json:"teams,omitempty"`
	// Draws, DrawOffer, End and Abandoned are as in the match's view.
	Draws     bool        `json:"draws,omitempty"`
	DrawOffer []int       `json:"draw_offer,omitempty"`
	End       *record.End `json:"end,omitempty"`
	Abandoned *time.Time  `json:"abandoned,omitempty"`
	// TurnBased, MoveTime (its time per move, a Go duration), TakeOver
	// and OutOfTime are as in the match's view (turns.go).
	TurnBased bool   `json:"turn_based,omitempty"`
	MoveTime  string `json:"move_time,omitempty"`
	TakeOver  []int  `json:"take_over,omitempty"`
	OutOfTime []int  `json:"out_of_time,omitempty"`
	// Forced says the viewer is to move and has one legal move, which
	// the server plays for them (forced moves on): YourTurn is false
	// and Legal empty, so no client plays it twice.
	Forced bool `json:"forced,omitempty"`
	// Undo is how many of the last entries the viewer may take back
	// now (POST .../undo takes back their last move); 0: none.
	Undo int `json:"undo,omitempty"`
}

// stateLocked is the state message for viewer with the log entries from
// index from on, and with the text rendering when text is set.
func (m *live) stateLocked(viewer game.Player, from int, text bool) *stateMsg {
	if from > len(m.log) {
		from = 0
	}
	msg := &stateMsg{
		Type: "state", Match: m.id, Game: m.info.Name, Title: m.info.Title, Version: len(m.log), Status: m.hdr.Status,
		Observation: m.state.Observation(viewer),
		From:        from, Moves: m.entriesLocked(from, viewer), Seats: seatViews(m.hdr),
		Deadline: m.deadlineLocked(), Rematch: m.hdr.Rematch,
	}
	if text {
		msg.Text = m.state.Render(viewer)
	}
	if viewer >= 0 {
		msg.Seat = viewer.Seat()
		msg.Undo = m.undoDepthLocked(viewer)
	}
	if turnBased(m.hdr) {
		msg.TurnBased, msg.MoveTime = true, turnTimer(m.hdr).String()
		msg.TakeOver, msg.OutOfTime = offered(m.hdr), m.outOfTimeLocked()
	}
	cur := m.state.CurrentPlayer()
	if cur >= 0 && m.hdr.Status != store.Over {
		msg.ToMove = cur.Seat()
	}
	msg.Teams = len(m.info.Teams) > 0
	msg.Draws = m.info.Draws
	if o := drawOfferOf(m.hdr); o != nil {
		msg.DrawOffer = o.Seats
	}
	if since, _ := abandonedOf(m.hdr); !since.IsZero() {
		msg.Abandoned = &since
	}
	if e := m.endLocked(); e != nil {
		msg.End, msg.Result = e, e.Returns
	}
	if cur >= 0 && cur == viewer && m.hdr.Status == store.Running && m.hdr.Seats[cur].Bot == "" && m.forcedLocked(cur) {
		// The server plays the viewer's only move for them at once: a
		// client that played it too would race the server.
		msg.Forced = true
	} else if cur >= 0 && cur == viewer && m.hdr.Status == store.Running {
		msg.YourTurn = true
		m.abuf = m.state.LegalActions(m.abuf)
		msg.Legal = make([]string, len(m.abuf))
		for i, a := range m.abuf {
			msg.Legal[i] = m.state.ActionString(a)
		}
	}
	if game.IsTerminal(m.state) {
		msg.Result = m.state.Returns(nil)
		if sc, ok := m.state.(game.Scorer); ok {
			msg.Scores = sc.Scores(nil)
		}
	}
	return msg
}

// recordLocked is the complete record (complete is only asked for once
// the game is over), or the record anybody may download at any time: the
// header without the seed (which would tell the chance outcomes to come)
// and the public log.
func (m *live) recordLocked(complete bool) *record.Record {
	var r *record.Record
	if complete {
		r = m.hdr.Record(append([]string(nil), m.log...))
	} else {
		r = &record.Record{Game: m.hdr.Game, Players: m.hdr.Players, Options: m.hdr.Options, Moves: append([]string{}, m.public...)}
	}
	m.s.recordVariant(m.hdr, r)
	r.End = m.endLocked()
	return r
}

// endLocked is how the match ended other than by its game's rules (a
// resignation, a draw agreed, abandoned), or nil. A match whose log
// ends the game ended by the rules, even if a resignation raced the
// last move (on another node) and was written too.
func (m *live) endLocked() *record.End {
	if game.IsTerminal(m.state) {
		return nil
	}
	return endOf(m.hdr)
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// An observation that does not marshal is a bug of its game.
		b, _ = json.Marshal(map[string]string{"type": "error", "error": "internal error: " + err.Error()})
	}
	return b
}

// textWanted reads a request's text=1: the game's text rendering is
// wanted beside the observation (by a client that draws the game as
// text). Without it the server does not render the game.
func textWanted(r *http.Request) (bool, error) {
	switch v := r.URL.Query().Get("text"); v {
	case "", "0":
		return false, nil
	case "1":
		return true, nil
	default:
		return false, errorf(http.StatusBadRequest, "text %s: want 1 (the text rendering too) or 0", clip(v))
	}
}
