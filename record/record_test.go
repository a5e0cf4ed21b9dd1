package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/internal/testgame"
	"github.com/commons-games/commons/record"
)

func seed(n uint64) *uint64 { return &n }

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"not json", `{"game":`, "malformed record"},
		{"unknown field", `{"game":"countdown","players":2,"move":[]}`, `unknown field "move"`},
		{"missing game", `{"players":2,"moves":[]}`, `missing "game"`},
		{"missing players", `{"game":"countdown","moves":[]}`, `missing "players"`},
		{"trailing data", `{"game":"countdown","players":2} {}`, "data after"},
		{"moves not strings", `{"game":"countdown","players":2,"moves":[1]}`, `"moves" wants a list of strings in the game's notation, not a number`},
		{"empty", "  \n", "the record is empty"},
		{"seed a string", `{"game":"countdown","players":2,"seed":"7"}`, `"seed" wants a whole number from 0 to 18446744073709551615, not a string`},
		{"not an object", `[1]`, "a record is a JSON object {...}, not an array"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := record.Parse([]byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Parse(%s) = %v, want error containing %q", tc.in, err, tc.want)
			}
		})
	}
}

func TestMarshalParseRoundTrip(t *testing.T) {
	r := &record.Record{Game: "countdown", Players: 2, Options: game.Options{"start": "random"}, Seed: seed(7), Moves: []string{"*6", "take2", "*heads"}}
	got, err := record.Parse(r.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
}

func TestPlayExplicit(t *testing.T) {
	r := &record.Record{Game: "countdown", Players: 2, Moves: []string{"*5", "take2", "*tails", "take2", "*heads", "take2"}}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 5 -2 =3, -2 =1, +1 = 2, -2 = 0: seat 1 took the last.
	if !game.IsTerminal(rep.State) {
		t.Fatalf("not terminal: %s", rep.State.Render(game.Spectator))
	}
	if got := rep.State.Returns(nil); !cmp.Equal(got, []float64{1, 0}) {
		t.Fatalf("returns %v, want [1 0]", got)
	}
	if diff := cmp.Diff(r.Moves, rep.Complete.Moves); diff != "" {
		t.Fatalf("complete record differs from an explicit one:\n%s", diff)
	}
}

// A record may leave chance outcomes to its seed; the complete record
// writes them out and replays to the same state without the seed.
func TestPlaySeedFillsChance(t *testing.T) {
	r := &record.Record{Game: "countdown", Players: 2, Seed: seed(42), Moves: []string{"take2", "take1"}}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	chance := 0
	for _, m := range rep.Complete.Moves {
		if record.IsChance(m) {
			chance++
		}
	}
	if chance < 2 {
		t.Fatalf("complete record %v: want the start and the coin drawn from the seed", rep.Complete.Moves)
	}
	again, err := record.Play(r, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rep.Complete.Moves, again.Complete.Moves); diff != "" {
		t.Fatalf("the same seed drew differently:\n%s", diff)
	}
	explicit := *rep.Complete
	explicit.Seed = nil
	rep2, err := record.Play(&explicit, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.State.Render(game.Spectator) != rep2.State.Render(game.Spectator) {
		t.Fatalf("complete record without seed reaches %q, want %q", rep2.State.Render(game.Spectator), rep.State.Render(game.Spectator))
	}
}

// A record of set-up alone, as commons new writes, replays to the first
// decision.
func TestPlayDrawsSetupAtEnd(t *testing.T) {
	rep, err := record.Play(&record.Record{Game: "countdown", Players: 2, Seed: seed(1)}, record.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.State.CurrentPlayer(); p != 0 {
		t.Fatalf("to move: %v, want seat 1", p)
	}
	if len(rep.Complete.Moves) != 1 {
		t.Fatalf("complete moves %v, want the one set-up draw", rep.Complete.Moves)
	}
}

func TestPlayErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rec    record.Record
		index  int
		move   string
		reason string
	}{
		{"illegal move", record.Record{Moves: []string{"*5", "take1", "take1", "take1", "take1", "take1", "take1"}}, 6, "take1", "over"},
		{"unparsable", record.Record{Moves: []string{"*5", "jump"}}, 1, "jump", "not a countdown move"},
		{"chance where a player moves", record.Record{Moves: []string{"*5", "*6"}}, 1, "*6", "seat 1 is to move"},
		{"player move where chance is due, no seed", record.Record{Moves: []string{"take1"}}, 0, "take1", "no seed"},
		{"impossible outcome", record.Record{Moves: []string{"*9"}}, 0, "*9", "not a chance outcome"},
		{"illegal take", record.Record{Moves: []string{"*5", "take2", "*tails", "take2", "*tails", "take2"}}, 5, "take2", "not legal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.rec
			r.Game, r.Players = "countdown", 2
			_, err := record.Play(&r, record.Options{})
			var me *record.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("Play = %v, want a *MoveError", err)
			}
			if me.Index != tc.index || me.Move != tc.move || !strings.Contains(me.Reason, tc.reason) {
				t.Fatalf("error %+v, want index %d move %q reason containing %q", me, tc.index, tc.move, tc.reason)
			}
		})
	}
}

func TestPlayBadConfig(t *testing.T) {
	for _, tc := range []struct {
		rec  record.Record
		want string
	}{
		{record.Record{Game: "chess", Players: 2}, `unknown game "chess"`},
		{record.Record{Game: "countdown", Players: 3}, "3 players"},
		{record.Record{Game: "countdown", Players: 2, Options: game.Options{"colour": "red"}}, `unknown option "colour"`},
		{record.Record{Game: "countdown", Players: 2, Options: game.Options{"start": "late"}}, `start="late"`},
	} {
		if _, err := record.Play(&tc.rec, record.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Play(%+v) = %v, want error containing %q", tc.rec, err, tc.want)
		}
	}
}

func TestTrace(t *testing.T) {
	var steps []record.Step
	r := &record.Record{Game: "countdown", Players: 2, Seed: seed(3), Moves: []string{"take1"}}
	if _, err := record.Play(r, record.Options{Trace: func(s record.Step) { steps = append(steps, s) }}); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[0].Player != game.Chance || !steps[0].FromSeed || steps[1].Move != "take1" || steps[1].Index != 1 {
		t.Fatalf("steps %+v", steps)
	}
}
