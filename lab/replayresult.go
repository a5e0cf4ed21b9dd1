package lab

import (
	"fmt"
	"slices"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
)

// replayer computes the Result of a game replayed from its record, with
// the code of a run's worker: its tally of turns, moves, choices and
// legal actions, its evaluation trace (taken with TraceRound, the
// default of lab run) and its reading of the end (finish). So a game
// replayed here and the same game played by lab run give the same
// result, up to its index, seed and contestants
// (TestImportMatchesLabRun).
type replayer struct {
	r *runner
	w *worker
}

// newReplayer prepares to replay games of a configuration. Its manifest
// (r.man) is that of a lab run of the configuration with the default
// trace, seed seed and one game, before its bots are filled in: the
// options with their defaults, the data table's hash and the rounds are
// found as lab run finds them.
func newReplayer(run match.Run, seed uint64) (*replayer, error) {
	run.Bots, run.Teams, run.Games, run.Seed = []string{"random"}, nil, 1, seed
	r, err := prepare(Config{Run: run, Trace: TraceRound})
	if err != nil {
		return nil, err
	}
	// No bot plays: the seats' contestants are the caller's.
	r.bots, r.schedule, r.byTeam, r.fast = nil, nil, nil, false
	r.man.Bots, r.man.Labels = nil, nil
	return &replayer{r: r, w: r.newWorker()}, nil
}

// replay replays rec as game idx (its seed in the result is the
// manifest's seed + idx, as Load wants) and returns its result, with
// Bots left at -1 for the caller to fill in. A record whose moves do not
// finish the game must say how it ended (rec.End: a resignation, a draw
// agreed, an abandoned match): its returns are the End's, its end reason
// the End's reason, and it has no counts (the game's Outcome is only
// read on a finished game).
func (rp *replayer) replay(idx int, rec *record.Record) (Result, error) {
	w := rp.w
	s := w.reset(idx)
	var applyErr error
	rep, err := record.Play(rec, record.Options{Trace: func(st record.Step) {
		if applyErr != nil {
			return
		}
		if p := st.Player; p >= 0 {
			w.buf = s.LegalActions(w.buf)
			w.decision(p, len(w.buf))
		}
		if err := s.Apply(st.Action); err != nil {
			applyErr = fmt.Errorf("%v played %q, which the game refuses: %w", st.Player, st.Move, err)
		}
		w.res.Actions++
	}})
	if err == nil {
		err = applyErr
	}
	if err != nil {
		return Result{}, err
	}
	switch {
	case rep.End != nil:
		if err := rp.finishEnded(s, rep.End); err != nil {
			return Result{}, err
		}
	case s.CurrentPlayer() == game.Terminal:
		if err := w.finish(s); err != nil {
			return Result{}, err
		}
	default:
		return Result{}, fmt.Errorf("the record's %d moves do not finish the game and it says no other end", len(rec.Moves))
	}
	return cloneResult(&w.res), nil
}

// finishEnded is finish for a game that ended other than by its rules
// (e), at the state s it stopped in: finish reads s with the End's
// returns in place of the state's, so that the trace is summed up with
// the End's winners, and the scores and teams as they stood. The state
// is not terminal, so it has no Outcome: the end reason is the End's.
func (rp *replayer) finishEnded(s game.State, e *record.End) error {
	w := rp.w
	if len(e.Returns) != rp.r.gcfg.Players {
		return fmt.Errorf("the record's end has %d returns for %d seats", len(e.Returns), rp.r.gcfg.Players)
	}
	if err := w.finish(endedView(s, e.Returns)); err != nil {
		return err
	}
	res := &w.res
	res.End, res.Why, res.Limit, res.Counts = e.Reason, endWords(e), false, nil
	return nil
}

// ended is a state whose game ended with returns other than its own.
type ended struct {
	game.State
	returns []float64
}

func (s ended) Returns(dst []float64) []float64 { return append(dst[:0], s.returns...) }

// endedView returns s with returns as its Returns, still a game.Scorer
// and a game.Teamer where s is one (and no game.Outcomer: s has no
// Outcome before its end).
func endedView(s game.State, returns []float64) game.State {
	v := ended{s, returns}
	sc, isScorer := s.(game.Scorer)
	tm, isTeamer := s.(game.Teamer)
	switch {
	case isScorer && isTeamer:
		return struct {
			ended
			game.Scorer
			game.Teamer
		}{v, sc, tm}
	case isScorer:
		return struct {
			ended
			game.Scorer
		}{v, sc}
	case isTeamer:
		return struct {
			ended
			game.Teamer
		}{v, tm}
	}
	return v
}

// endWords says in words how a game ended by e.
func endWords(e *record.End) string {
	switch e.Reason {
	case record.EndResignation:
		return fmt.Sprintf("seat %d resigned", e.Seat)
	case record.EndTimeout:
		return fmt.Sprintf("seat %d ran out of time", e.Seat)
	case record.EndDraw:
		return "the players agreed a draw"
	case record.EndAbandoned:
		return "the match was abandoned"
	}
	return e.Reason
}

// cloneResult copies r, whose slices the worker reuses.
func cloneResult(r *Result) Result {
	c := *r
	c.Bots = slices.Clone(r.Bots)
	c.Teams = slices.Clone(r.Teams)
	c.Returns = slices.Clone(r.Returns)
	c.Scores = slices.Clone(r.Scores)
	c.Moves = slices.Clone(r.Moves)
	c.Choices = slices.Clone(r.Choices)
	c.Legal = slices.Clone(r.Legal)
	c.Counts = slices.Clone(r.Counts)
	return c
}
