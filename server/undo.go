package server

import (
	"errors"
	"net/http"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/store"
)

// Undo (docs/api.md, "Undo"): a person takes back their own last move
// within their own turn, by the engine's rule (game.Undoable): never
// past a chance outcome, a hidden card drawn or revealed, or another
// seat's move, nor past a move the timeout bot made for them. The moves
// taken back leave the log (store.Undo): the record keeps only moves that
// stand. A forced move after the move taken back (forcedLocked) goes with
// it, as it followed from it; it is played again at once if it is forced
// again.

// undoDepthLocked returns how many of the last entries seat p may take
// back now.
func (m *live) undoDepthLocked(p game.Player) int {
	if m.undoRun == 0 || m.hdr.Status != store.Running || p < 0 {
		return 0
	}
	if m.actors[len(m.log)-m.undoRun] != p || m.state.CurrentPlayer() != p {
		return 0
	}
	return m.undoRun
}

// undoRequest is the body of POST /api/matches/{id}/undo.
type undoRequest struct {
	// Version is the version of the state the person saw.
	Version *int `json:"version"`
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) error {
	var req undoRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if req.Version == nil {
		return errorf(http.StatusBadRequest, `missing "version": the version of the state you saw`)
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
	defer m.mu.Unlock()
	p, ok := m.seatOfLocked(holder)
	if !ok {
		return errorf(http.StatusForbidden, "you hold no seat of match %s", m.id)
	}
	if err := m.canMoveLocked(p, *req.Version); err != nil {
		return err
	}
	depth := m.undoDepthLocked(p)
	if depth == 0 {
		return errorf(http.StatusConflict, "nothing to take back: a move stands once your turn is over, or after a chance outcome, a card drawn or revealed, or a move the timeout bot made (docs/api.md, Undo)")
	}
	// The last move the person chose, with the forced moves after it.
	n := 1
	for n < depth && m.marks[len(m.log)-n] == store.MarkForced {
		n++
	}
	from := len(m.log)
	to := from - n
	now := time.Now()
	err = s.store.Undo(r.Context(), store.Undo{ID: m.id, Version: from, To: to, At: now})
	if errors.Is(err, store.ErrConflict) {
		if serr := m.syncLocked(r.Context()); serr != nil {
			s.log.Error("reloading after a conflict", "match", m.id, "err", serr)
		}
		return errorf(http.StatusConflict, "stale version %d: the match moved on to version %d; reload and try again", from, len(m.log))
	}
	if err != nil {
		return m.storeError(err)
	}
	h := m.hdr.Clone()
	h.Version, h.TurnStart = to, now
	if err := m.rebuildLocked(h, m.log[:to]); err != nil {
		return err
	}
	for i := range m.marks {
		if i >= to {
			delete(m.marks, i)
		}
	}
	marks := m.marks
	m.marks = nil
	m.addMarksLocked(marks)
	m.seen = now
	s.log.Info("moves taken back", "match", m.id, "seat", p.Seat(), "entries", n, "version", to)
	m.broadcastLocked()
	m.scheduleLocked()
	writeJSON(w, http.StatusOK, &moveResult{Version: to, Applied: []entryView{}})
	return nil
}
