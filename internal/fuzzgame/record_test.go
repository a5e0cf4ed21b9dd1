package fuzzgame

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
	"github.com/commons-games/commons/record"
)

// FuzzRecord reads a fuzz input as a game record (docs/records.md) and
// replays it. It checks:
//
//   - record.Parse never panics, and refuses with an error that starts
//     "malformed record" and says what is wrong;
//   - a record that parses writes back (Marshal) to one that parses equal;
//   - record.Play never panics: it replays the record or refuses it with
//     a *record.MoveError that names the entry (its index, its text as
//     written, a reason), or an error about the header (game, players,
//     options) that is not empty;
//   - a replay's complete record, every chance outcome written out,
//     replays without the seed to an equal state.
//
// Options that name a file (game.OptionSpec.Path) are dropped: a fuzz
// input must not read the machine's files. FuzzDataFile fuzzes those files.
func FuzzRecord(f *testing.F) {
	for _, b := range recordSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		if err := checkRecord(data); err != nil {
			t.Fatalf("%v\nrecord: %q", err, data)
		}
		if d := time.Since(start); d > slowInput {
			t.Fatalf("one input took %v", d)
		}
	})
}

func checkRecord(data []byte) error {
	r, err := record.Parse(data)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "malformed record") || len(err.Error()) < len("malformed record: x") {
			return fmt.Errorf("Parse refused the record with %q, which does not say it is a malformed record and why", err)
		}
		return nil
	}
	again, err := record.Parse(r.Marshal())
	if err != nil {
		return fmt.Errorf("Marshal of a parsed record does not parse: %v\n%s", err, r.Marshal())
	}
	if !sameRecord(r, again) {
		return fmt.Errorf("Marshal and Parse changed the record: %+v, then %+v", r, again)
	}
	if g, err := game.Lookup(r.Game); err == nil {
		for _, spec := range g.Info().Options {
			if spec.Path {
				delete(r.Options, spec.Name)
			}
		}
	}
	if len(r.Moves) > 2000 {
		r.Moves = r.Moves[:2000]
	}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		var me *record.MoveError
		if errors.As(err, &me) {
			switch {
			case me.Index < 0 || me.Index >= len(r.Moves):
				return fmt.Errorf("MoveError index %d, the record has %d moves: %v", me.Index, len(r.Moves), err)
			case me.Move != r.Moves[me.Index]:
				return fmt.Errorf("MoveError names move %q, entry %d is %q", me.Move, me.Index, r.Moves[me.Index])
			case strings.TrimSpace(me.Reason) == "":
				return fmt.Errorf("MoveError without a reason: %v", err)
			}
			return nil
		}
		if strings.TrimSpace(err.Error()) == "" {
			return fmt.Errorf("Play refused the record with an empty error")
		}
		return nil
	}
	c := *rep.Complete
	c.Seed = nil
	rep2, err := record.Play(&c, record.Options{})
	if err != nil {
		return fmt.Errorf("the complete record does not replay without its seed: %v", err)
	}
	if !gametest.Equal(rep.State, rep2.State) {
		return fmt.Errorf("the complete record replays to another state")
	}
	if !slices.Equal(rep2.Complete.Moves, c.Moves) {
		return fmt.Errorf("the complete record is not complete: replaying it writes %d moves, it has %d", len(rep2.Complete.Moves), len(c.Moves))
	}
	return nil
}

// sameRecord compares records, an empty list or map being the same as a
// missing one.
func sameRecord(a, b *record.Record) bool {
	norm := func(r *record.Record) record.Record {
		c := *r
		if len(c.Moves) == 0 {
			c.Moves = nil
		}
		if len(c.Options) == 0 {
			c.Options = nil
		}
		return c
	}
	return reflect.DeepEqual(norm(a), norm(b))
}
