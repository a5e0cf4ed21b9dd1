package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// Profiles and leaderboards (docs/api.md, Profiles): public, as on
// lichess and Board Game Arena.

// profileView is GET /api/users/{name}: the account, its ratings, the
// matches waiting for its move, and its history.
type profileView struct {
	Name    string       `json:"name"`
	Created time.Time    `json:"created"`
	Ratings []ratingView `json:"ratings"`
	// Waiting are the running matches where it is this person's turn,
	// the one waiting longest first (Yucata's rule).
	Waiting []historyView `json:"waiting"`
	// Matches are the matches the person played or plays, most recently
	// changed first.
	Matches []historyView `json:"matches"`
}

// historyView is one match of a person's history.
type historyView struct {
	ID      string       `json:"id"`
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Status  store.Status `json:"status"`
	Rated   bool         `json:"rated,omitempty"`
	Created time.Time    `json:"created"`
	// Seat is the person's seat; 0 if it left the match.
	Seat int `json:"seat,omitempty"`
	// Result is the person's result once the match is over: "won",
	// "lost", "draw" (a result shared by all), or "abandoned" (left a
	// rated match).
	Result string `json:"result,omitempty"`
	// Seats are who played each seat, bots labelled as bots.
	Seats []seatView `json:"seats"`
	// ToMove is the seat to move in a running match (0: none known),
	// since TurnStart; Deadline is when its time runs out, if it has a
	// turn timer. TurnBased says the match is played turn based.
	ToMove    int        `json:"to_move,omitempty"`
	TurnStart *time.Time `json:"turn_start,omitempty"`
	Deadline  *time.Time `json:"deadline,omitempty"`
	TurnBased bool       `json:"turn_based,omitempty"`
	// Page is the web app's page of the match: /match/ID while it is
	// played, its replay /replay/ID once over.
	Page string `json:"page"`
}

// maxHistory bounds the matches of a profile.
const maxHistory = 100

func (s *Server) handleUser(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	name := r.PathValue("name")
	if len(name) > account.MaxNameBytes {
		return errorf(http.StatusNotFound, "no account is named %s", clip(name))
	}
	ctx := r.Context()
	acc, err := people.AccountByKey(ctx, account.Key(name))
	if errors.Is(err, store.ErrNotFound) {
		return errorf(http.StatusNotFound, "no account is named %s", clip(name))
	}
	if err != nil {
		return err
	}
	ratings, err := people.Ratings(ctx, acc.ID)
	if err != nil {
		return err
	}
	matches, err := people.MatchesOf(ctx, acc.ID, maxHistory)
	if err != nil {
		return err
	}
	p := profileView{Name: acc.Name, Created: acc.Created, Ratings: []ratingView{}, Waiting: []historyView{}, Matches: []historyView{}}
	for _, rt := range ratings {
		p.Ratings = append(p.Ratings, viewRating(rt))
	}
	for _, h := range matches {
		v := s.viewHistory(ctx, h, acc.ID)
		p.Matches = append(p.Matches, v)
		if v.Status == store.Running && v.Seat != 0 && v.ToMove == v.Seat {
			p.Waiting = append(p.Waiting, v)
		}
	}
	slices.SortStableFunc(p.Waiting, func(a, b historyView) int { return a.TurnStart.Compare(*b.TurnStart) })
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, p)
	return nil
}

// viewHistory is match h as account id's history shows it. The seat to
// move of a running match is read from the match held live here, or
// loaded: a profile's running matches are few.
func (s *Server) viewHistory(ctx context.Context, h *store.Match, id string) historyView {
	v := historyView{ID: h.ID, Game: h.Game, Status: h.Status, Rated: rated(h), Created: h.Created, Seats: seatViews(h), Page: "/match/" + h.ID, TurnBased: turnBased(h)}
	if h.Status == store.Over {
		v.Page = "/replay/" + h.ID
	}
	if g, err := game.Lookup(h.Game); err == nil {
		v.Title = g.Info().Title
	}
	seat := -1
	for i, st := range h.Seats {
		if st.Account == id {
			seat = i
		}
	}
	abandoned := -1
	for i := range h.Seats {
		if h.Settings[leftSetting(i+1)] == id {
			abandoned = i
		}
	}
	if seat >= 0 {
		v.Seat = seat + 1
	}
	switch {
	case h.Status == store.Over && abandoned >= 0:
		v.Result = "abandoned"
	case h.Status == store.Over && seat >= 0 && len(h.Result) == h.Players:
		best, worst := h.Result[0], h.Result[0]
		for _, r := range h.Result {
			best, worst = max(best, r), min(worst, r)
		}
		switch r := h.Result[seat]; {
		case won(r, best, worst):
			v.Result = "won"
		case best == worst:
			v.Result = "draw"
		default:
			v.Result = "lost"
		}
	case h.Status == store.Running:
		if m, err := s.match(ctx, h.ID); err == nil {
			m.mu.Lock()
			if cur := m.state.CurrentPlayer(); cur >= 0 && m.hdr.Status == store.Running {
				ts := m.hdr.TurnStart
				v.ToMove, v.TurnStart, v.Deadline = cur.Seat(), &ts, m.deadlineLocked()
			}
			m.mu.Unlock()
		}
	}
	return v
}

// leaderEntryView is a line of a leaderboard.
type leaderEntryView struct {
	Rank int    `json:"rank"`
	Name string `json:"name"`
	ratingView
}

// maxLeaders bounds a leaderboard.
const maxLeaders = 100

// handleLeaderboard answers a game's leaderboards: the people's, and,
// apart, the bots'.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	g, err := findGame(http.StatusNotFound, r.PathValue("name"))
	if err != nil {
		return err
	}
	limit := 50
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxLeaders {
			return errorf(http.StatusBadRequest, "limit %s: want 1 to %d", clip(v), maxLeaders)
		}
		limit = n
	}
	in := g.Info()
	board := func(bots bool) ([]leaderEntryView, error) {
		es, err := people.Leaderboard(r.Context(), in.Name, bots, limit)
		if err != nil {
			return nil, err
		}
		out := make([]leaderEntryView, len(es))
		for i, e := range es {
			out[i] = leaderEntryView{Rank: i + 1, Name: e.Name, ratingView: viewRating(e.Rating)}
		}
		return out, nil
	}
	ppl, err := board(false)
	if err != nil {
		return err
	}
	bots, err := board(true)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, map[string]any{"game": in.Name, "title": in.Title, "people": ppl, "bots": bots})
	return nil
}
