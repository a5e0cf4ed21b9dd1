package fuzzgame

import (
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
)

// fileOption is an option of a registered game that names a designer's
// data file (game.OptionSpec.Path): 3io's tiles, the cards of Open Science
// Alliance and of Open Source.
type fileOption struct {
	g    game.Game
	name string
}

func (o fileOption) String() string { return o.g.Info().Name + ":" + o.name }

// fileOptions lists them all, from the registry.
func fileOptions() []fileOption {
	var out []fileOption
	for _, g := range game.Games() {
		for _, spec := range g.Info().Options {
			if spec.Path {
				out = append(out, fileOption{g, spec.Name})
			}
		}
	}
	return out
}

// pickFile returns the file option called sel ("3io:tiles"), or one chosen
// by sel's hash.
func pickFile(opts []fileOption, sel string) fileOption {
	for _, o := range opts {
		if o.String() == sel {
			return o
		}
	}
	h := fnv.New32a()
	h.Write([]byte(sel))
	return opts[int(h.Sum32()%uint32(len(opts)))]
}

// maxPlayout bounds the actions played with a table the loader accepted
// (a table may allow a game of 300,000 actions).
const maxPlayout = 3000

// FuzzDataFile writes a fuzz input to a file and makes a game with it, as
// a designer's file named by an option (tiles=FILE, cards=FILE). Every
// such option of every registered game is fuzzed: sel picks one. It
// checks that the loader never panics nor hangs, that a file it refuses
// gets an error naming the file (and, by the loaders' design, the field),
// and that a file it accepts makes a game that plays: random legal moves,
// with chance outcomes of positive probabilities summing to 1, up to the
// end or a few thousand actions.
func FuzzDataFile(f *testing.F) {
	opts := fileOptions()
	if len(opts) == 0 {
		f.Skip("no registered game has a file option")
	}
	for _, s := range dataSeeds(f, opts) {
		f.Add(s.sel, s.data)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, sel string, data []byte) {
		start := time.Now()
		o := pickFile(opts, sel)
		// One file per option: the loaders keep the tables they accepted
		// by name and content, so a fixed name bounds nothing but keeps
		// the cache to what differs.
		path := filepath.Join(dir, strings.ReplaceAll(o.String(), ":", "-")+".json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := checkDataFile(o, path); err != nil {
			t.Fatalf("%s: %v\nfile: %q", o, err, data)
		}
		if d := time.Since(start); d > slowInput {
			t.Fatalf("%s: one input took %v", o, d)
		}
	})
}

func checkDataFile(o fileOption, path string) error {
	in := o.g.Info()
	var accepted game.State
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		s, err := game.NewState(o.g, n, game.Options{o.name: path})
		if err != nil {
			if !strings.Contains(err.Error(), path) && !strings.Contains(err.Error(), filepath.Base(path)) {
				return fmt.Errorf("%d players: the error %q does not name the file", n, err)
			}
			continue
		}
		if accepted == nil {
			accepted = s
		}
		cfg := s.Config()
		if ml := o.g.MaxLength(cfg); ml <= 0 {
			return fmt.Errorf("%d players: MaxLength %d", n, ml)
		}
	}
	if accepted == nil {
		return nil
	}
	return playout(accepted, game.NewRand(uint64(len(path))))
}

// playout plays s with random legal moves and chance outcomes.
func playout(s game.State, r interface{ IntN(int) int }) error {
	var buf []game.Action
	var outs []game.ChanceOutcome
	for k := 0; k < maxPlayout && !game.IsTerminal(s); k++ {
		var a game.Action
		if game.IsChance(s) {
			outs = s.ChanceOutcomes(outs)
			if len(outs) == 0 {
				return fmt.Errorf("after %d actions: a chance node without outcomes", k)
			}
			sum := 0.0
			for _, o := range outs {
				if !(o.P > 0) {
					return fmt.Errorf("after %d actions: chance outcome %q has probability %v", k, s.ActionString(o.Action), o.P)
				}
				sum += o.P
			}
			if math.Abs(sum-1) > 1e-9 {
				return fmt.Errorf("after %d actions: chance probabilities sum to %v", k, sum)
			}
			a = outs[r.IntN(len(outs))].Action
		} else {
			buf = s.LegalActions(buf)
			if len(buf) == 0 {
				return fmt.Errorf("after %d actions: %v to move has no legal action", k, s.CurrentPlayer())
			}
			a = buf[r.IntN(len(buf))]
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("after %d actions: legal action %q rejected: %v", k, s.ActionString(a), err)
		}
	}
	if game.IsTerminal(s) {
		for i, x := range s.Returns(nil) {
			if !(x >= 0 && x <= 1) {
				return fmt.Errorf("return of seat %d is %v", i+1, x)
			}
		}
	}
	return nil
}
