package gametest

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/commons-games/commons/game"
)

// undoCheck is what the kit keeps of a game to check the engine's undo
// rule (game.Undoable) as it is played: a game followed through a
// game.UndoTrail, and its own account of the same run.
type undoCheck struct {
	on    bool           // the game's states are game.Undoers
	trail game.UndoTrail // follows shad
	shad  game.State     // the game played again through trail
	err   error          // a move the trail refused
	prev  game.State     // a clone of the state before the last action
	act   game.Action    // the last action
	run   []game.State   // the kit's own run: the states before the trailing undoable moves
	turn  int            // Turn at the last state checked
	seen  bool           // a state was checked
	seat  game.Player    // the seat to move at the last player node checked
	seatT int            // Turn there
	seatN bool           // a player node was checked
	// replayed says whether a take-back was checked against a replay of
	// the moves that stand in this game.
	replayed bool
}

func (u *undoCheck) start(s game.State) {
	_, u.on = s.(game.Undoer)
	if u.on {
		u.shad = s.Clone()
	}
}

// played notes action a at s, before it is applied.
func (u *undoCheck) played(s game.State, a game.Action) {
	if !u.on {
		return
	}
	u.prev, u.act = s.Clone(), a
	if u.err == nil {
		if err := u.trail.Apply(u.shad, a); err != nil {
			u.err = fmt.Errorf("UndoTrail.Apply refused %q, which the game took: %w", s.ActionString(a), err)
		}
	}
}

// replayEvery is how often, in steps, the undo check replays the moves
// that stand from the game's start, as their record would be, besides
// the first take-back of each game: it costs a replay of the whole game,
// and the state before the moves taken back (which the check compares
// with the undo's anyway) is the rebuilt state wherever the game is
// deterministic, which checkCloneIndependent checks.
const replayEvery = 101

// checkUndo checks the engine's undo rule at s, the state after the last
// action: Turn never decreases and changes whenever the seat to move
// does; Reveals is false in a game without hidden information and, in
// one with, shows no seat anything its sample of the state before would
// not (a seat's view after a move that reveals nothing depends only on
// what it knew); Undoable holds exactly when the mover is still to move
// in the same turn and revealed nothing, and leaves the state alone; the
// UndoTrail's depth is the kit's own count of that trailing run for the
// seat to move and 0 for the others; and taking moves back through the
// trail gives the state before them — the one the moves that stand
// replay to — with the same seat to move in the same turn, and playing
// them again gives s back.
func (c *checker) checkUndo(s game.State, step, sampleEvery int) error {
	u := &c.undo
	if !u.on {
		return nil
	}
	if u.err != nil {
		return u.err
	}
	un, ok := s.(game.Undoer)
	if !ok {
		return fmt.Errorf("the game's start is a game.Undoer but this state is not")
	}
	turn, pl := un.Turn(), s.CurrentPlayer()
	if u.seen && turn < u.turn {
		return fmt.Errorf("Turn went back from %d to %d", u.turn, turn)
	}
	u.turn, u.seen = turn, true
	if pl >= 0 {
		if u.seatN && pl != u.seat && turn == u.seatT {
			return fmt.Errorf("%v is to move in turn %d, in which %v moved: Turn must change when the turn passes", pl, turn, u.seat)
		}
		u.seat, u.seatT, u.seatN = pl, turn, true
	}
	if before := u.prev; before != nil && before.CurrentPlayer() >= 0 {
		if err := c.checkUndoable(before, u.act, s, sampleEvery <= 1 || (step-1)%sampleEvery == 0); err != nil {
			return err
		}
	} else if before != nil { // a chance outcome stands
		clear(u.run)
		u.run = u.run[:0]
	}
	for q := game.Player(0); int(q) < c.cfg.Players; q++ {
		want := 0
		if q == pl {
			want = len(u.run)
		}
		if got := u.trail.Depth(q); got != want {
			return fmt.Errorf("UndoTrail.Depth(%v) = %d, want %d", q, got, want)
		}
	}
	if len(u.run) > 0 {
		return c.checkTakeBack(s, step)
	}
	return nil
}

// checkUndoable checks Reveals and Undoable for action a, played at
// before and leading to after, and extends or ends the kit's run.
func (c *checker) checkUndoable(before game.State, a game.Action, after game.State, sample bool) error {
	u := &c.undo
	mover := before.CurrentPlayer()
	move := before.ActionString(a)
	reveals := before.(game.Undoer).Reveals(a)
	switch {
	case reveals && !c.info.HiddenInformation:
		return fmt.Errorf("%v's move %q: Reveals is true in a game without hidden information, where nothing is hidden to reveal", mover, move)
	case !reveals && c.info.HiddenInformation && sample:
		if err := c.checkRevealsNothing(before, a, after); err != nil {
			return err
		}
	}
	want := !reveals && after.CurrentPlayer() == mover && after.(game.Undoer).Turn() == before.(game.Undoer).Turn()
	kept := before.Clone()
	if got := game.Undoable(before, a); got != want {
		return fmt.Errorf("%v's move %q: Undoable = %v, want %v (reveals %v; after it %v to move in turn %d, before %v in turn %d)", mover, move, got, want, reveals, after.CurrentPlayer(), after.(game.Undoer).Turn(), mover, before.(game.Undoer).Turn())
	}
	if !equal(before, kept) {
		return fmt.Errorf("Undoable(%q) changed the state", move)
	}
	if want {
		u.run = append(u.run, before)
	} else {
		clear(u.run)
		u.run = u.run[:0]
	}
	return nil
}

// checkRevealsNothing checks a move that Reveals says shows nothing: in a
// sample of the state before for any seat, a deal of all that seat could
// not see, the move leaves that seat's observation as it does in the
// real game. Where the move is no legal move of a sample (another seat's
// sample, whose deal of the mover's hand lacks the card a face-down pass
// names) the move is news of its own, which the check leaves aside; the
// mover's own sample always has it.
func (c *checker) checkRevealsNothing(before game.State, a game.Action, after game.State) error {
	mover := before.CurrentPlayer()
	smp := before.(game.Sampler)
	for q := game.Player(0); int(q) < c.cfg.Players; q++ {
		sample := smp.Sample(q, c.rng)
		if err := sample.Apply(a); err != nil {
			if q == mover {
				return fmt.Errorf("%v's move %q is refused in the mover's own sample: %w", mover, before.ActionString(a), err)
			}
			continue
		}
		if want, got := obsJSON(after, q), obsJSON(sample, q); !bytes.Equal(want, got) {
			return fmt.Errorf("%v's move %q, which Reveals says shows nothing, shows %v something hidden: after it %v's observation depends on what it could not see before:\nreal:   %s\nsample: %s", mover, before.ActionString(a), q, q, want, got)
		}
	}
	return nil
}

// checkTakeBack takes back the run's moves through the trail (all of
// them at even steps, the last one at odd ones) and plays them again.
func (c *checker) checkTakeBack(s game.State, step int) error {
	u := &c.undo
	d := len(u.run)
	n := d
	if step%2 == 1 {
		n = 1
	}
	back, err := u.trail.Undo(n)
	if err != nil {
		return fmt.Errorf("UndoTrail.Undo(%d) with %d undoable moves: %w", n, d, err)
	}
	if !equal(back, u.run[d-n]) {
		return fmt.Errorf("taking back %d moves gives another state than the one before them", n)
	}
	if back.CurrentPlayer() != s.CurrentPlayer() || back.(game.Undoer).Turn() != s.(game.Undoer).Turn() {
		return fmt.Errorf("taking back %d moves gives %v to move in turn %d, not %v in turn %d", n, back.CurrentPlayer(), back.(game.Undoer).Turn(), s.CurrentPlayer(), s.(game.Undoer).Turn())
	}
	if got := u.trail.Depth(s.CurrentPlayer()); got != d-n {
		return fmt.Errorf("UndoTrail.Depth after taking back %d of %d moves = %d", n, d, got)
	}
	stand := c.history[:len(c.history)-n]
	if !u.replayed || step%replayEvery == 0 {
		u.replayed = true
		// The record keeps only the moves that stand: they must replay
		// to the state the undo gives.
		rebuilt, err := c.g.New(c.cfg)
		if err != nil {
			return err
		}
		for i, a := range stand {
			if err := rebuilt.Apply(a); err != nil {
				return fmt.Errorf("replaying the moves that stand: action %d rejected: %w", i, err)
			}
		}
		if !equal(back, rebuilt) {
			return fmt.Errorf("taking back %d moves gives another state than the moves that stand replay to", n)
		}
		start, err := c.g.New(c.cfg)
		if err != nil {
			return err
		}
		if got, err := game.UndoDepth(start, c.history, s.CurrentPlayer()); err != nil || got != d {
			return fmt.Errorf("UndoDepth over the game's %d actions = %d, %v; the trail says %d", len(c.history), got, err, d)
		}
	}
	for _, a := range c.history[len(stand):] {
		if err := u.trail.Apply(back, a); err != nil {
			return fmt.Errorf("playing a move taken back again: %w", err)
		}
	}
	if !equal(back, s) {
		return fmt.Errorf("playing the %d moves taken back again gives another state", n)
	}
	if got := u.trail.Depth(s.CurrentPlayer()); got != d {
		return fmt.Errorf("UndoTrail.Depth after playing %d moves again = %d, want %d", n, got, d)
	}
	u.shad = back
	return nil
}

// UndoDepths plays moves, written in notation, at s through a
// game.UndoTrail and returns after each how many moves the seat then to
// move may take back (0 at a chance node or at the end), for a game's
// tests of where its undo points end. A move that does not parse or that
// the game refuses fails t.
func UndoDepths(t testing.TB, s game.State, moves ...string) []int {
	t.Helper()
	var trail game.UndoTrail
	depths := make([]int, 0, len(moves))
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err == nil {
			err = trail.Apply(s, a)
		}
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		d := 0
		if p := s.CurrentPlayer(); p >= 0 {
			d = trail.Depth(p)
		}
		depths = append(depths, d)
	}
	return depths
}
