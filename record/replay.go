package record

import (
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// MoveError reports a move of a record that could not be played.
type MoveError struct {
	Index  int    // index of the move in the record's Moves
	Move   string // the move as written
	Reason string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d %q: %s", e.Index, e.Move, e.Reason)
}

// Step is one action of a replay, given to a Trace function before the
// action is applied.
type Step struct {
	// Index is the position of the action in the complete record (every
	// chance outcome explicit); see Replay.Complete.
	Index  int
	Player game.Player
	State  game.State // the state before the action; do not modify
	Action game.Action
	Move   string // the action's record entry
	// FromSeed is true for a chance outcome the record left to its seed.
	FromSeed bool
}

// Replay is the result of playing a record.
type Replay struct {
	State game.State
	// Complete is the record with every chance outcome written out,
	// including those drawn from the seed.
	Complete *Record
	// End is the record's End: how the game ended when its moves do not
	// finish it (a resignation, a draw agreed); nil otherwise.
	End *End
}

// Options adjust Play.
type Options struct {
	// Trace, if set, is called before each action.
	Trace func(Step)
}

// Play replays r from its start. Each move is checked; the first one that
// does not parse or is illegal stops the replay with a *MoveError.
//
// At a chance node the next entry is used if it is a chance outcome;
// otherwise the outcome is drawn from the record's seed (an error without
// a seed, unless the moves are used up). When the moves run out, chance
// nodes are still drawn from the seed until a player is to move or the
// game ends, so that a record of set-up alone (as commons new writes)
// replays to the first decision.
//
// A relative path in an option that names a file (game.OptionSpec.Path)
// is read from r.Dir, the record file's folder when ReadFile read it. A
// record played as a server's Variant takes its data tables from
// r.Tables, and must find there the table it was played with (its
// Variant.Data hash).
func Play(r *Record, opt Options) (*Replay, error) {
	g, err := game.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	opts := r.gameOptions(g.Info())
	if err := r.checkData(g, opts); err != nil {
		return nil, err
	}
	s, err := game.NewState(g, r.Players, opts)
	if err != nil {
		return nil, err
	}
	var rng *rand.Rand
	if r.Seed != nil {
		rng = game.NewRand(*r.Seed)
	}
	complete := &Record{Game: r.Game, Players: r.Players, Options: r.Options, Seed: r.Seed, Moves: make([]string, 0, len(r.Moves)), Dir: r.Dir, Variant: r.Variant, Tables: r.Tables}
	var outcomes []game.ChanceOutcome
	for i := 0; ; {
		p := s.CurrentPlayer()
		var (
			a        game.Action
			move     string
			fromSeed bool
		)
		switch {
		case p == game.Terminal:
			if i < len(r.Moves) {
				return nil, &MoveError{i, r.Moves[i], "the game is already over"}
			}
			if r.End != nil {
				return nil, fmt.Errorf("the moves end the game by its rules, so it cannot also end by %s (\"end\" is for a game its moves do not finish)", r.End.Reason)
			}
			return &Replay{State: s, Complete: complete}, nil
		case p == game.Chance && i < len(r.Moves) && IsChance(r.Moves[i]):
			move = r.Moves[i]
			a, err = s.ParseAction(move[len(ChancePrefix):])
			if err != nil {
				return nil, &MoveError{i, move, "not a chance outcome here: " + err.Error()}
			}
			if !isOutcome(s, a, &outcomes) {
				return nil, &MoveError{i, move, "not a possible chance outcome here"}
			}
			i++
		case p == game.Chance && rng != nil:
			outcomes = s.ChanceOutcomes(outcomes)
			a = game.SampleOutcome(outcomes, rng)
			move, fromSeed = Notation(s, a), true
		case p == game.Chance && i < len(r.Moves):
			return nil, &MoveError{i, r.Moves[i], "a chance outcome (written " + ChancePrefix + "...) is due here and the record has no seed to draw it from"}
		case i >= len(r.Moves):
			if r.End != nil {
				if err := r.End.Check(r.Players); err != nil {
					return nil, err
				}
				complete.End = r.End
			}
			return &Replay{State: s, Complete: complete, End: r.End}, nil
		default:
			move = r.Moves[i]
			if IsChance(move) {
				return nil, &MoveError{i, move, fmt.Sprintf("%v is to move, not chance", p)}
			}
			a, err = s.ParseAction(move)
			if err != nil {
				return nil, &MoveError{i, move, err.Error()}
			}
			i++
		}
		canon := Notation(s, a)
		if opt.Trace != nil {
			opt.Trace(Step{Index: len(complete.Moves), Player: p, State: s, Action: a, Move: canon, FromSeed: fromSeed})
		}
		if err := s.Apply(a); err != nil {
			if fromSeed {
				return nil, fmt.Errorf("%s: chance outcome %q drawn from the seed was rejected: %w", r.Game, move, err)
			}
			return nil, &MoveError{i - 1, move, err.Error()}
		}
		complete.Moves = append(complete.Moves, canon)
	}
}

func isOutcome(s game.State, a game.Action, buf *[]game.ChanceOutcome) bool {
	*buf = s.ChanceOutcomes(*buf)
	for _, o := range *buf {
		if o.Action == a {
			return true
		}
	}
	return false
}
