package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/rating"
	"github.com/commons-games/commons/store"
)

// Ratings (docs/api.md, Ratings). A rated match is played by accounts
// (and bots); when it ends, each account's rating in its game, and each
// bot's, is updated by OpenSkill (package rating) from the match's
// result, once: the store's RateMatch writes a match's changes together
// with the mark that it was rated, refuses a second time, and refuses
// changes computed from a rating another match has changed since, which
// are then computed again. Bots are rated as "bot:SPEC", apart from the
// people: the leaderboard of people lists accounts only.
//
// A person who leaves a rated match while it is played (leave, or
// resign in a team game, where the seat goes to a bot), or whose turn it
// was when an abandoned match expired, abandoned it: it is rated as
// having lost to every seat that played on, whatever its seat's result
// (settings "left.N" keep who left seat N, until that account takes the
// seat again).

// rated reports whether h is a rated match.
func rated(h *store.Match) bool { return h.Settings[settingRated] == "true" }

// leftSetting is the setting that keeps which account left seat (from
// 1) of a rated match.
func leftSetting(seat int) string { return "left." + strconv.Itoa(seat) }

// markLeft records, in a rated match being played, that the account in
// seat i (from 0) abandons it.
func markLeft(h *store.Match, i int) {
	if !rated(h) || h.Status != store.Running || i < 0 || i >= len(h.Seats) || h.Seats[i].Account == "" {
		return
	}
	h.Settings[leftSetting(i+1)] = h.Seats[i].Account
}

// ratingOptions are OpenSkill's options for a game: its defaults, and,
// for a game of teams of unequal sizes (Breaking Head's Contributors and
// Blockers), team strength measured above new players', so that seven
// new Contributors are not taken to be sure to beat three new Blockers
// (rating.Options.Centered).
func ratingOptions(info game.Info) rating.Options {
	return rating.Options{Centered: len(info.Teams) > 0}
}

// botPlayer is the rated player of a bot's seat.
func botPlayer(spec string) string { return "bot:" + spec }

// ratedSeat is a seat's player in a rated match.
type ratedSeat struct {
	seat      int // from 0
	player    string
	abandoned bool
}

// ratedSeats returns the players a rated match h rates, by seat: the
// account in the seat, or the one that abandoned it, or the bot playing
// it. A bot in several seats is not rated from that match (one rating
// cannot play against itself); a seat nobody holds is not rated.
func ratedSeats(h *store.Match) []ratedSeat {
	var out []ratedSeat
	count := map[string]int{}
	for i, seat := range h.Seats {
		rs := ratedSeat{seat: i}
		switch left := h.Settings[leftSetting(i+1)]; {
		case left != "":
			rs.player, rs.abandoned = left, true
		case seat.Account != "":
			rs.player = seat.Account
		case seat.Bot != "":
			rs.player = botPlayer(seat.Bot)
		default:
			continue
		}
		count[rs.player]++
		out = append(out, rs)
	}
	kept := out[:0]
	for _, rs := range out {
		if count[rs.player] == 1 {
			kept = append(kept, rs)
		}
	}
	return kept
}

// rateMatch rates match id if it is a rated match that is over and not
// rated yet: it is called by the node that ended the match, and at
// start for the matches that ended before a node went down.
func (s *Server) rateMatch(ctx context.Context, id string) error {
	if s.people == nil {
		return nil
	}
	for try := 0; ; try++ {
		changes, err := s.ratingChanges(ctx, id)
		if err != nil || changes == nil {
			return err
		}
		err = s.people.RateMatch(ctx, id, changes)
		switch {
		case err == nil:
			s.log.Info("match rated", "match", id, "players", len(changes))
			s.ratedNotice(id)
			return nil
		case errors.Is(err, store.ErrConflict):
			return nil // rated already, here or on another node
		case errors.Is(err, store.ErrStale) && try < 10:
			continue // another match changed a rating meanwhile
		default:
			return err
		}
	}
}

// ratingChanges computes the rating changes of match id from the
// ratings now; nil for a match that is not to be rated (not rated, not
// over, rated already, or with fewer than two players rated).
func (s *Server) ratingChanges(ctx context.Context, id string) ([]store.RatingChange, error) {
	h, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !rated(h) || h.Status != store.Over || len(h.Result) != h.Players {
		return nil, nil
	}
	if done, err := s.people.MatchRatings(ctx, id); err != nil || len(done) > 0 {
		return nil, err
	}
	g, err := game.Lookup(h.Game)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	seats := ratedSeats(h)
	if len(seats) < 2 {
		return nil, nil
	}
	var teamOf []string
	if len(info.Teams) > 0 {
		if teamOf, err = s.teamsOf(ctx, id, seats); err != nil {
			return nil, err
		}
	}
	// An abandoner ranks below every seat that played on.
	low := h.Result[0]
	for _, r := range h.Result {
		low = min(low, r)
	}
	returns := make([]float64, len(seats))
	before := make([]store.Rating, len(seats))
	ratings := make([]rating.Rating, len(seats))
	for i, rs := range seats {
		returns[i] = h.Result[rs.seat]
		if rs.abandoned {
			returns[i] = low - 1
			if teamOf != nil {
				teamOf[i] = "left " + strconv.Itoa(rs.seat)
			}
		}
		b, err := s.ratingOf(ctx, rs.player, h.Game)
		if err != nil {
			return nil, err
		}
		before[i] = b
		ratings[i] = rating.Rating{Mu: b.Mu, Sigma: b.Sigma}
	}
	after, err := rating.RateSeats(ratings, returns, teamOf, ratingOptions(info))
	if err != nil {
		return nil, fmt.Errorf("rating match %s: %w", id, err)
	}
	best, worst := returns[0], returns[0]
	for _, r := range returns {
		best, worst = max(best, r), min(worst, r)
	}
	changes := make([]store.RatingChange, len(seats))
	for i, rs := range seats {
		a := before[i]
		a.Mu, a.Sigma = after[i].Mu, after[i].Sigma
		a.Games++
		if won(returns[i], best, worst) {
			a.Wins++
		}
		changes[i] = store.RatingChange{Match: id, Player: rs.player, Game: h.Game, Before: before[i], After: a}
	}
	return changes, nil
}

// won reports whether a seat whose return is r won: it has the best
// return, and either someone did worse or all won (a shared win, such as
// Open Source's Infrastructure; a draw, where all have less than a win's
// 1, is no win).
func won(r, best, worst float64) bool {
	return r == best && (best > worst || r >= 1)
}

// ratingOf returns a player's rating in a game, a new player's if it
// has none.
func (s *Server) ratingOf(ctx context.Context, player, gameName string) (store.Rating, error) {
	all, err := s.people.Ratings(ctx, player)
	if err != nil {
		return store.Rating{}, err
	}
	for _, r := range all {
		if r.Game == gameName {
			return r, nil
		}
	}
	d := rating.Default()
	return store.Rating{Player: player, Game: gameName, Mu: d.Mu, Sigma: d.Sigma}, nil
}

// teamsOf returns the team of each rated seat of a match of teams, from
// its final state (the roles are revealed at the end).
func (s *Server) teamsOf(ctx context.Context, id string, seats []ratedSeat) ([]string, error) {
	m, err := s.match(ctx, id)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.state.(game.Teamer)
	if !ok {
		return nil, fmt.Errorf("match %s: %s plays in teams, but its state tells no teams", id, m.info.Name)
	}
	out := make([]string, len(seats))
	for i, rs := range seats {
		out[i] = t.Team(game.Player(rs.seat))
	}
	return out, nil
}

// endedLocked is called when m's match has just ended, by this node's
// doing: a rated match is rated, in the background.
func (m *live) endedLocked() {
	if !rated(m.hdr) || m.s.people == nil {
		return
	}
	id := m.id
	m.s.goBackground(func() {
		ctx, cancel := context.WithTimeout(m.s.ctx, time.Minute)
		defer cancel()
		if err := m.s.rateMatch(ctx, id); err != nil && m.s.ctx.Err() == nil {
			m.s.log.Error("rating a match", "match", id, "err", err)
		}
	})
}

// rateMissed rates the rated matches that ended without being rated (a
// node that went down between ending a match and rating it), among the
// last that ended.
func (s *Server) rateMissed(ctx context.Context) {
	if s.people == nil {
		return
	}
	over, err := s.store.List(ctx, store.ListOptions{Status: []store.Status{store.Over}, Limit: 1000})
	if err != nil {
		s.log.Error("listing ended matches to rate", "err", err)
		return
	}
	// Oldest first: ratings build on each other.
	for i := len(over) - 1; i >= 0; i-- {
		if !rated(over[i]) {
			continue
		}
		if err := s.rateMatch(ctx, over[i].ID); err != nil {
			s.log.Error("rating a match", "match", over[i].ID, "err", err)
		}
	}
}

// ratedNotice tells the clients of match id, on this node, that its
// ratings are out (another node's are told by the store's notification).
func (s *Server) ratedNotice(id string) {
	s.mu.Lock()
	m := s.live[id]
	s.mu.Unlock()
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	msg := marshal(map[string]string{"type": "ratings", "match": id})
	for c := range m.clients {
		c.enqueue(msg)
	}
}

// ratingView is a rating as the API shows it: Rating is the display
// value, on the Elo-like scale people know (1500 for a new player;
// rating.Rating.Display), and Ordinal the conservative value
// leaderboards sort by.
type ratingView struct {
	Game    string  `json:"game"`
	Rating  int     `json:"rating"`
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
}

func viewRating(r store.Rating) ratingView {
	rr := rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
	return ratingView{Game: r.Game, Rating: int(rr.Display() + 0.5), Mu: r.Mu, Sigma: r.Sigma, Ordinal: rr.Ordinal(), Games: r.Games, Wins: r.Wins}
}

// matchRatingView is one seat's change in a rated match.
type matchRatingView struct {
	Seat int `json:"seat"`
	// Name is the account's name, or the bot's spec (Bot set).
	Name      string     `json:"name"`
	Bot       bool       `json:"bot,omitempty"`
	Abandoned bool       `json:"abandoned,omitempty"`
	Before    ratingView `json:"before"`
	After     ratingView `json:"after"`
}

// handleMatchRatings answers a rated match's rating changes, by seat:
// empty while it is played, or for a match not rated.
func (s *Server) handleMatchRatings(w http.ResponseWriter, r *http.Request) error {
	people, err := s.requirePeople()
	if err != nil {
		return err
	}
	h, err := s.store.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		return s.storeError(r.PathValue("id"), err)
	}
	changes, err := people.MatchRatings(r.Context(), h.ID)
	if err != nil {
		return err
	}
	byPlayer := map[string]store.RatingChange{}
	for _, c := range changes {
		byPlayer[c.Player] = c
	}
	out := []matchRatingView{}
	for _, rs := range ratedSeats(h) {
		c, ok := byPlayer[rs.player]
		if !ok {
			continue
		}
		v := matchRatingView{Seat: rs.seat + 1, Abandoned: rs.abandoned, Before: viewRating(c.Before), After: viewRating(c.After)}
		if spec, ok := cutBot(rs.player); ok {
			v.Name, v.Bot = spec, true
		} else if acc, err := people.Account(r.Context(), rs.player); err == nil {
			v.Name = acc.Name
		}
		out = append(out, v)
	}
	writeJSON(w, http.StatusOK, map[string]any{"match": h.ID, "rated": rated(h), "ratings": out})
	return nil
}

// cutBot returns the spec of a bot's rated player "bot:SPEC".
func cutBot(player string) (string, bool) {
	if len(player) > 4 && player[:4] == "bot:" {
		return player[4:], true
	}
	return "", false
}
