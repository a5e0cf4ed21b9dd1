package game_test

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// newAt makes a game of name with options and plays moves (notation).
func newAt(t *testing.T, name string, opts game.Options, moves ...string) game.State {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.NewState(g, 2, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// TestUndoable_OwnMovesWithinOwnTurn: the engine's undo rule (issue 38)
// lets a seat take back a move only while its turn goes on; a move that
// ends the turn, a chance outcome, an illegal move and any move of a game
// whose states are no game.Undoer (countdown) stand. Undoable leaves the
// state as it was.
func TestUndoable_OwnMovesWithinOwnTurn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		game  string
		opts  game.Options
		moves []string
		move  string
		want  bool
	}{
		{"the first action of a turn", "source", nil, nil, "b9", true},
		{"the action that spends the turn's last point", "source", nil, []string{"b9"}, "b8", false},
		{"end", "source", nil, nil, "end", false},
		{"a capture of 2 AP, which ends the turn", "source", nil, []string{"b9", "b8", "+i9", "end", "h1", "h2"}, "xb8", false},
		{"an illegal move", "source", nil, nil, "e5", false},
		{"a game that is no Undoer", "countdown", game.Options{"start": "fixed"}, nil, "take1", false},
		{"a chance outcome", "countdown", nil, nil, "6", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newAt(t, tc.game, tc.opts, tc.moves...)
			a, err := s.ParseAction(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			before := s.Render(game.Spectator)
			if got := game.Undoable(s, a); got != tc.want {
				t.Errorf("Undoable(%s) = %v, want %v", tc.move, got, tc.want)
			}
			if s.Render(game.Spectator) != before {
				t.Error("Undoable changed the state")
			}
		})
	}
}

// TestUndoTrail_TakesBackOnlyWhatItMay: Undo takes back 1 to Depth
// moves and refuses anything else; an illegal move changes neither the
// state nor the trail; UndoDepth, over a record's moves, agrees with
// the trail and names a refused move.
func TestUndoTrail_TakesBackOnlyWhatItMay(t *testing.T) {
	s := newAt(t, "source", nil)
	var trail game.UndoTrail
	if _, err := trail.Undo(1); err == nil {
		t.Error("an empty trail took a move back")
	}
	b9, _ := s.ParseAction("b9")
	if err := trail.Apply(s, b9); err != nil {
		t.Fatal(err)
	}
	if err := trail.Apply(s, b9); err == nil {
		t.Fatal("b9 played twice")
	}
	if got := trail.Depth(0); got != 1 {
		t.Errorf("Depth after an illegal move = %d, want 1", got)
	}
	for _, n := range []int{0, 2, -1} {
		if _, err := trail.Undo(n); err == nil || !strings.Contains(err.Error(), "1 may be taken back") {
			t.Errorf("Undo(%d) = %v, want a refusal", n, err)
		}
	}
	back, err := trail.Undo(1)
	if err != nil || back.(interface{ AP() int }).AP() != 2 {
		t.Fatalf("Undo(1) = %v, %v; want the turn's start, with 2 AP", back, err)
	}
	if got := trail.Depth(0); got != 0 {
		t.Errorf("Depth after the undo = %d, want 0", got)
	}

	start := newAt(t, "source", nil)
	moves := []game.Action{b9}
	if d, err := game.UndoDepth(start, moves, 0); d != 1 || err != nil {
		t.Errorf("UndoDepth(b9) for seat 1 = %d, %v; want 1", d, err)
	}
	if d, err := game.UndoDepth(start, moves, 1); d != 0 || err != nil {
		t.Errorf("UndoDepth(b9) for seat 2 = %d, %v; want 0", d, err)
	}
	if _, err := game.UndoDepth(start, []game.Action{b9, b9}, 0); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("UndoDepth(b9 b9) = %v, want move 1's refusal", err)
	}
	if start.(interface{ AP() int }).AP() != 2 {
		t.Error("UndoDepth played on its initial state")
	}
}
