package web

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// Limits of a replay request: a record is at most this large and this
// long. Every Commons game ends within a few thousand actions.
const (
	maxReplayBody  = 1 << 20
	maxReplayMoves = 20000
)

// Replay is the answer of POST /web/replay: a record's positions as one
// viewer sees them.
type Replay struct {
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Viewer is the seat whose eyes the positions are seen with, 0 for a
	// spectator.
	Viewer int `json:"viewer"`
	// Moves are the record's entries with who made each (seat 0 for
	// chance), every chance outcome written out.
	Moves []ReplayEntry `json:"moves"`
	// Steps are the positions at which a seat is to move or the game is
	// over (a position waiting for a chance outcome is passed over: the
	// outcome follows at once). Steps[0] is the position after the
	// set-up's chance outcomes.
	Steps []ReplayStep `json:"steps"`
	// Over reports whether the record reaches the end of the game;
	// Result and Scores are given then.
	Over   bool      `json:"over"`
	Result []float64 `json:"result,omitempty"`
	Scores []float64 `json:"scores,omitempty"`
	// End is the record's end when the game ended other than by its
	// rules (a resignation, a draw agreed); Over is true then, and Result
	// is the end's returns.
	End *record.End `json:"end,omitempty"`
}

// ReplayEntry is one entry of a record.
type ReplayEntry struct {
	N    int    `json:"n"`
	Seat int    `json:"seat,omitempty"`
	Move string `json:"move"`
}

// ReplayStep is one position: the one after the first N entries.
type ReplayStep struct {
	N int `json:"n"`
	// ToMove is the seat to move, 0 at the end.
	ToMove      int    `json:"to_move"`
	Observation any    `json:"observation"`
	Text        string `json:"text"`
}

// Positions replays rec and returns its positions as viewer (a seat or
// game.Spectator) sees them. The record is checked move by move, as
// record.Play does. Its moves are rec's, every one in full: for a caller
// that holds the record already.
func Positions(rec *record.Record, viewer game.Player) (*Replay, error) {
	return positions(rec, viewer, false)
}

// PositionsAsSeen is Positions for a complete record its caller may not
// see whole (a server's, of a match with hidden information): each move
// that is not the viewer's own is given as record.PublicEntry shows it,
// as the match's log showed it to the viewer while it was played, so
// that a card drawn or passed face down stays hidden. Its positions end
// where rec's moves end: a chance outcome the moves leave out is not
// drawn from rec's seed, since a server draws the match's next outcomes
// from that same seed, and the replay would show what nobody has seen.
func PositionsAsSeen(rec *record.Record, viewer game.Player) (*Replay, error) {
	if rec.Seed != nil {
		seen := *rec
		seen.Seed = nil
		rec = &seen
	}
	return positions(rec, viewer, true)
}

func positions(rec *record.Record, viewer game.Player, asSeen bool) (*Replay, error) {
	g, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	if viewer != game.Spectator && (viewer < 0 || int(viewer) >= rec.Players) {
		return nil, fmt.Errorf("seat %d: the record has %d players", viewer.Seat(), rec.Players)
	}
	out := &Replay{Game: rec.Game, Title: g.Info().Title, Players: rec.Players, Options: rec.Options,
		Moves: []ReplayEntry{}, Steps: []ReplayStep{}}
	if viewer >= 0 {
		out.Viewer = viewer.Seat()
	}
	step := func(n int, s game.State) {
		p := s.CurrentPlayer()
		if p == game.Chance {
			return
		}
		st := ReplayStep{N: n, Observation: s.Observation(viewer), Text: s.Render(viewer)}
		if p >= 0 {
			st.ToMove = p.Seat()
		}
		// The observation may share the state's memory, which the next
		// action changes: keep it as JSON.
		b, err := json.Marshal(st.Observation)
		if err == nil {
			st.Observation = json.RawMessage(b)
		}
		out.Steps = append(out.Steps, st)
	}
	rp, err := record.Play(rec, record.Options{Trace: func(s record.Step) {
		step(s.Index, s.State)
		e := ReplayEntry{N: s.Index, Move: s.Move}
		if asSeen && s.Player != viewer {
			e.Move = record.PublicEntry(g.Info(), s.State, s.Player, s.Action, s.Move)
		}
		if s.Player >= 0 {
			e.Seat = s.Player.Seat()
		}
		out.Moves = append(out.Moves, e)
	}})
	if err != nil {
		return nil, err
	}
	step(len(out.Moves), rp.State)
	if rp.End != nil {
		out.Over, out.Result, out.End = true, rp.End.Returns, rp.End
		out.Steps[len(out.Steps)-1].ToMove = 0 // nobody moves after a resignation
	}
	if game.IsTerminal(rp.State) {
		out.Over = true
		out.Result = rp.State.Returns(nil)
		if sc, ok := rp.State.(game.Scorer); ok {
			out.Scores = sc.Scores(nil)
		}
	}
	return out, nil
}

// ReplayHandler answers POST /web/replay?seat=N with the positions
// (Replay) of the record in the request body, seen by seat N (0 or left
// out: a spectator), for a record its caller holds (one downloaded, or
// played with commons play): this handler needs no access to the matches,
// and hands out nothing that its caller did not already have. A match's
// replay page asks the server instead (GET /api/matches/{id}/replay,
// PositionsAsSeen), which never gives out the complete record of a game
// with hidden information.
func ReplayHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fail := func(status int, format string, args ...any) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf(format, args...)})
		}
		viewer := game.Spectator
		if v := r.URL.Query().Get("seat"); v != "" && v != "0" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				fail(http.StatusBadRequest, "seat %q: want a seat number, or 0 for a spectator", v)
				return
			}
			viewer = game.Player(n - 1)
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxReplayBody))
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			fail(http.StatusRequestEntityTooLarge, "record over %d bytes", maxReplayBody)
			return
		} else if err != nil {
			fail(http.StatusBadRequest, "reading the record: %v", err)
			return
		}
		rec, err := record.Parse(body)
		if err != nil {
			fail(http.StatusBadRequest, "%v", err)
			return
		}
		if len(rec.Moves) > maxReplayMoves {
			fail(http.StatusRequestEntityTooLarge, "record of %d moves: at most %d", len(rec.Moves), maxReplayMoves)
			return
		}
		for _, m := range rec.Moves {
			if m == record.MaskedMove || m == record.MaskedChance {
				fail(http.StatusUnprocessableEntity, "the record has hidden moves (%q): replay the complete record, given out once the game is over", m)
				return
			}
		}
		if g, err := game.Lookup(rec.Game); err == nil {
			// A file option names a file on this machine, which a
			// browser may not make the server read.
			for k, v := range rec.Options {
				if o, ok := g.Info().Option(k); ok && o.Path && v != o.Default {
					fail(http.StatusBadRequest, "option %s names a file on the server: not allowed here", k)
					return
				}
			}
		}
		rp, err := Positions(rec, viewer)
		if err != nil {
			fail(http.StatusUnprocessableEntity, "%v", err)
			return
		}
		b, err := json.Marshal(rp)
		if err != nil {
			fail(http.StatusInternalServerError, "internal error: %v", err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && len(b) > 1024 {
			w.Header().Set("Content-Encoding", "gzip")
			zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
			zw.Write(b)
			zw.Close()
			return
		}
		w.Write(b)
	})
}
