package replay_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/replay"
)

// whole builds rec's replay and reads it back as one page.
func whole(t *testing.T, rec *record.Record, viewer game.Player, opt replay.Options) *replay.Page {
	t.Helper()
	p, err := replay.Build(rec, viewer, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.JSON(-1)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := replay.ReadPage(b)
	if err != nil {
		t.Fatal(err)
	}
	return pg
}

// TestAsSeen: a replay made from a complete record its caller may not
// see whole shows the viewer's own moves in full and every other entry in
// its public form (B18: another seat's pass is "pass", a draw names no
// card); in a game of perfect information every entry is the record's.
// The positions are the same either way.
func TestAsSeen(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		viewer  game.Player
	}{
		{"breaking-head", 4, 2},
		{"breaking-head", 3, game.Spectator},
		{"source", 2, game.Spectator},
	} {
		rec := randomRecord(t, tc.game, tc.players, 3)
		full := whole(t, rec, tc.viewer, replay.Options{})
		seen := whole(t, rec, tc.viewer, replay.Options{AsSeen: true})
		if !reflect.DeepEqual(full.Positions, seen.Positions) {
			t.Errorf("%s: the positions differ", tc.game)
		}
		own, masked := 0, 0
		for i, e := range seen.Moves {
			mine := tc.viewer >= 0 && e.Seat == tc.viewer.Seat()
			switch {
			case tc.game != "breaking-head" || mine:
				if e.Move != full.Moves[i].Move {
					t.Errorf("%s: entry %d shown as %q, want %q in full", tc.game, i, e.Move, full.Moves[i].Move)
				}
				if mine {
					own++
				}
			case strings.HasPrefix(full.Moves[i].Move, "pass "):
				if e.Move != "pass" {
					t.Errorf("%s: another seat's pass %d shown as %q, want \"pass\"", tc.game, i, e.Move)
				}
				masked++
			case e.Seat == 0 && strings.Contains(full.Moves[i].Move, " draws "):
				if e.Move == full.Moves[i].Move || !strings.HasSuffix(e.Move, " draws a card") {
					t.Errorf("%s: draw %d (%q) shown as %q", tc.game, i, full.Moves[i].Move, e.Move)
				}
				masked++
			}
		}
		if tc.game == "breaking-head" && (masked == 0 || tc.viewer >= 0 && own == 0) {
			t.Errorf("%s: %d entries masked, %d of the viewer's own: the game showed nothing to check", tc.game, masked, own)
		}
	}
}

// TestAsSeenDrawsNothingFromTheSeed: a record cut just before a chance
// outcome (a draw still to come) replays, as seen, to its last move and
// no further, although its seed could draw the outcome: the seed a server
// keeps is the one its match's next draws come from.
func TestAsSeenDrawsNothingFromTheSeed(t *testing.T) {
	rec := randomRecord(t, "breaking-head", 4, 5)
	cut := -1
	for i := len(rec.Moves) / 2; i < len(rec.Moves); i++ {
		if record.IsChance(rec.Moves[i]) && !record.IsChance(rec.Moves[i-1]) {
			cut = i
			break
		}
	}
	if cut < 0 {
		t.Fatal("the record has no draw after its middle")
	}
	seed := uint64(11)
	short := &record.Record{Game: rec.Game, Players: rec.Players, Seed: &seed, Moves: rec.Moves[:cut]}
	if full := whole(t, short, 2, replay.Options{}); len(full.Moves) <= cut {
		t.Fatalf("without AsSeen nothing was drawn from the seed (%d moves): the test shows nothing", len(full.Moves))
	}
	seen := whole(t, short, 2, replay.Options{AsSeen: true})
	if len(seen.Moves) != cut || seen.Over {
		t.Fatalf("AsSeen: %d moves (over %v), want the record's %d: it drew outcomes from the seed", len(seen.Moves), seen.Over, cut)
	}
	if short.Seed == nil {
		t.Fatal("Build changed its caller's record")
	}
}

// TestResignedGame: a record that ends by a resignation replays to the
// position where it stopped, which the replay shows as the end, with
// nobody to move, the end and its returns.
func TestResignedGame(t *testing.T) {
	end := &record.End{Reason: record.EndResignation, Seat: 1, Returns: []float64{0, 1}}
	rp := whole(t, &record.Record{Game: "source", Players: 2, Moves: []string{"a8"}, End: end}, game.Spectator, replay.Options{})
	last := rp.Positions[len(rp.Positions)-1]
	if !rp.Over || !cmp.Equal(rp.Result, end.Returns) || !cmp.Equal(rp.End, end) || last.ToMove != 0 {
		t.Fatalf("over %v, result %v, end %+v, last step to move %d", rp.Over, rp.Result, rp.End, last.ToMove)
	}
}
