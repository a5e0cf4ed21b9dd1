package record_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// TestEndResignation: a record of a game a seat resigned replays to the
// position at the resignation, which is not the end of the game, and
// carries the end, with its returns, in the replay and the complete
// record; it survives a round trip through JSON.
func TestEndResignation(t *testing.T) {
	r := &record.Record{Game: "countdown", Players: 2, Moves: []string{"*5", "take2"},
		End: &record.End{Reason: record.EndResignation, Seat: 2, Returns: []float64{1, 0}}}
	got, err := record.Parse(r.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(r.Marshal()), `"end": {`) {
		t.Errorf("no end in:\n%s", r.Marshal())
	}
	rep, err := record.Play(got, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if game.IsTerminal(rep.State) {
		t.Error("the resigned game replays to its end")
	}
	if !cmp.Equal(rep.End, r.End) || !cmp.Equal(rep.Complete.End, r.End) {
		t.Errorf("replay end %+v, complete record's %+v", rep.End, rep.Complete.End)
	}
	// A record without an end has none in JSON.
	if strings.Contains(string((&record.Record{Game: "countdown", Players: 2}).Marshal()), "end") {
		t.Error("an end in a record without one")
	}
}

// TestEndTimeout: a turn-based match ended for a seat out of time
// (docs/api.md, "Turn-based matches") replays to that end, and its
// record says so.
func TestEndTimeout(t *testing.T) {
	r := &record.Record{Game: "countdown", Players: 2, Moves: []string{"*5", "take1"},
		End: &record.End{Reason: record.EndTimeout, Seat: 2, Returns: []float64{1, 0}}}
	back, err := record.Parse(r.Marshal())
	if err != nil || back.End == nil || back.End.Reason != record.EndTimeout || back.End.Seat != 2 {
		t.Fatalf("parsed back: %+v, %v", back, err)
	}
	if _, err := record.Play(back, record.Options{}); err != nil {
		t.Fatalf("Play: %v", err)
	}
}

// TestEndRejected: an end that is not one, or that follows moves which
// end the game by its rules, is refused.
func TestEndRejected(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no such reason", `{"game":"countdown","players":2,"moves":[],"end":{"reason":"boredom","returns":[0,0]}}`, `reason "boredom"`},
		{"resignation without a seat", `{"game":"countdown","players":2,"moves":[],"end":{"reason":"resignation","returns":[1,0]}}`, "want 1 to 2"},
		{"timeout without a seat", `{"game":"countdown","players":2,"moves":[],"end":{"reason":"timeout","returns":[1,0]}}`, "a timeout's \"seat\" is 0: want 1 to 2"},
		{"returns for too few", `{"game":"countdown","players":2,"moves":[],"end":{"reason":"draw","returns":[0.5]}}`, "1 returns for 2 seats"},
		{"end a string", `{"game":"countdown","players":2,"moves":[],"end":"resigned"}`, `"end" wants an object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := record.Parse([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse: %v, want an error saying %q", err, tc.want)
			}
		})
	}
	over := &record.Record{Game: "countdown", Players: 2, Moves: []string{"*5", "take2", "*tails", "take2", "*heads", "take2"},
		End: &record.End{Reason: record.EndDraw, Returns: []float64{0.5, 0.5}}}
	if _, err := record.Play(over, record.Options{}); err == nil || !strings.Contains(err.Error(), "cannot also end by draw") {
		t.Errorf("Play of a finished game with an end: %v", err)
	}
}
