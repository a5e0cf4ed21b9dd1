package game

import "fmt"

// Undoer is implemented by states of games whose players may take back
// their own moves within their turn (the undo rule; see Undoable). It
// tells the engine the two things only the game knows: where a turn ends,
// and which moves show somebody something hidden. A state that is no
// Undoer lets nothing be taken back, which is always safe.
type Undoer interface {
	// Turn returns the number of turns begun before the current one, as
	// the game's rules count turns (a turn: one seat's run of decisions).
	// It never decreases; it changes whenever a turn ends, even when the
	// same seat moves next (a seat taking turn after turn because the
	// others are skipped); and it stays the same within a turn, over the
	// chance nodes inside it too. The engine reads it only to tell
	// whether two states are in the same turn.
	Turn() int
	// Reveals reports whether the legal action a of the player to move
	// shows anybody something this state hides from them: a card drawn
	// from a deck the state keeps in an order of its own rather than as a
	// chance node, a card played out of a secret hand, a face-down card
	// turned up or looked at. A move that shows nothing but itself (a
	// face-down pass) reveals nothing. In a game without hidden
	// information it is always false: draws there are chance nodes, and a
	// chance node stops an undo by itself.
	Reveals(a Action) bool
}

// Undoable reports whether the player to move at before may take back its
// move a once a has been played, by the engine's undo rule (the project's
// issue 38, after Board Game Arena's undo policy): a player takes back
// only its own moves within its own turn, never past a chance outcome, a
// hidden card drawn or revealed, or another seat's move. So a must be a
// legal move of a seat (not a chance outcome), before must be an Undoer
// whose Reveals(a) is false, and after a the same seat must still be to
// move in the same turn (Undoer.Turn): a move that ends the game or the
// turn, or hands the next decision to chance or to another seat, stands.
// Undoable applies a to a clone and leaves before unchanged.
func Undoable(before State, a Action) bool {
	if _, ok := before.(Undoer); !ok || before.CurrentPlayer() < 0 {
		return false
	}
	after := before.Clone()
	if after.Apply(a) != nil {
		return false
	}
	return undoableStep(before, a, after)
}

// undoableStep is Undoable given the state after a too, so that a caller
// that plays a anyway applies it once.
func undoableStep(before State, a Action, after State) bool {
	u, ok := before.(Undoer)
	if !ok {
		return false
	}
	p := before.CurrentPlayer()
	if p < 0 || after.CurrentPlayer() != p {
		return false
	}
	v, ok := after.(Undoer)
	if !ok || v.Turn() != u.Turn() {
		return false
	}
	return !u.Reveals(a)
}

// UndoTrail follows a game move by move and keeps what an undo needs: a
// clone of the state before each move of the trailing run that may be
// taken back, the longest run of last moves that are all Undoable (all
// of them the moves of the seat to move, in its current turn). A move
// that is not undoable empties it, so it holds no more than a turn's
// moves, and nothing in a game whose states are no Undoers. The zero
// value is an empty trail, for a game at its start or a game whose
// earlier moves nobody may take back (as after a restart: replaying a
// match's log through Apply builds the same trail).
type UndoTrail struct {
	before []State // before[i]: the state before the run's i-th move
}

// Apply plays a at s, as s.Apply(a) does, and follows it: when the move
// is undoable the trail keeps a clone of s before it, and otherwise it
// forgets every move before, which now stand for good. An illegal move
// returns the game's error and changes neither s nor the trail.
func (t *UndoTrail) Apply(s State, a Action) error {
	var before State
	if _, ok := s.(Undoer); ok && s.CurrentPlayer() >= 0 {
		before = s.Clone()
	}
	if err := s.Apply(a); err != nil {
		return err
	}
	if before != nil && undoableStep(before, a, s) {
		t.before = append(t.before, before)
		return nil
	}
	t.Reset()
	return nil
}

// Reset empties the trail: no move played so far may be taken back.
func (t *UndoTrail) Reset() {
	clear(t.before) // let the dropped states go
	t.before = t.before[:0]
}

// Depth returns how many of the last moves seat p may take back now: the
// trail's length when they are p's moves (p is then the seat to move),
// else 0. A server offers p an undo while it is positive.
func (t *UndoTrail) Depth(p Player) int {
	if len(t.before) == 0 || t.before[0].CurrentPlayer() != p {
		return 0
	}
	return len(t.before)
}

// Undo takes back the last n moves, 1 to the trail's length: it returns
// the state before them, which is the trail's own and now the caller's to
// play on (through Apply, to go on following the game), and forgets
// them. They leave the game's record with it: the moves that stand are
// the log without its last n entries, which replay to the state
// returned, so a server drops those entries from the log it keeps.
func (t *UndoTrail) Undo(n int) (State, error) {
	if n < 1 || n > len(t.before) {
		return nil, fmt.Errorf("undo %d moves: %d may be taken back", n, len(t.before))
	}
	k := len(t.before) - n
	s := t.before[k]
	clear(t.before[k:])
	t.before = t.before[:k]
	return s, nil
}

// UndoDepth returns how many of the last of moves, played from initial,
// seat p may take back now (UndoTrail.Depth after each of moves went
// through UndoTrail.Apply): for a game known by its record rather than
// followed as it is played. It replays moves on a clone of initial,
// which it leaves unchanged, and returns the error of a move the game
// refuses, naming it by its index.
func UndoDepth(initial State, moves []Action, p Player) (int, error) {
	s := initial.Clone()
	var t UndoTrail
	for i, a := range moves {
		if err := t.Apply(s, a); err != nil {
			return 0, fmt.Errorf("move %d: %w", i, err)
		}
	}
	return t.Depth(p), nil
}
