package gametest_test

import (
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
	"github.com/commons-games/commons/internal/testgame"
)

func TestCountdownConforms(t *testing.T) {
	gametest.Run(t, testgame.Game, gametest.Params{Games: 30})
}

// flaw names one way a state can break the engine's promises.
type flaw int

const (
	unsorted flaw = iota
	mutatesOnIllegal
	acceptsIllegal
	badNotation
	badProbabilities
	sharedClone
	endless
	returnsOutOfRange
	badCopyFrom
	badOutcome
	fickleStanding
	badLevelBudget
	badSearchHints
	sameOutcome
)

// broken wraps countdown and breaks one promise.
type broken struct {
	flaw flaw
}

func (b broken) Info() game.Info {
	in := testgame.Game.Info()
	return in // registered under countdown, so records replay it as countdown
}

func (b broken) New(cfg game.Config) (game.State, error) {
	s, err := testgame.Game.New(cfg)
	return &brokenState{State: s.(*testgame.State), flaw: b.flaw, shared: new(int)}, err
}

func (b broken) MaxLength(cfg game.Config) int {
	if b.flaw == endless {
		return 2
	}
	return testgame.Game.MaxLength(cfg)
}

type brokenState struct {
	*testgame.State
	flaw   flaw
	shared *int // a pointer a bad Clone shares
}

func (s *brokenState) Clone() game.State {
	c := &brokenState{State: s.State.Clone().(*testgame.State), flaw: s.flaw, shared: s.shared}
	if s.flaw != sharedClone {
		n := *s.shared
		c.shared = &n
	}
	return c
}

func (s *brokenState) CopyFrom(src game.State) {
	o := src.(*brokenState)
	if s.flaw != badCopyFrom {
		s.State.CopyFrom(o.State)
	}
	n := *o.shared
	s.flaw, s.shared = o.flaw, &n
}

func (s *brokenState) LegalActions(buf []game.Action) []game.Action {
	buf = s.State.LegalActions(buf)
	if s.flaw == unsorted && len(buf) > 1 && s.CurrentPlayer() != game.Chance {
		buf[0], buf[1] = buf[1], buf[0]
	}
	if s.flaw == sameOutcome && s.offersTakeOneAgain() {
		buf = append(buf, takeOneAgain)
	}
	return buf
}

// takeOneAgain is the move the flaw sameOutcome adds: a second name for
// take1, leading to the same state.
const takeOneAgain game.Action = 3

func (s *brokenState) offersTakeOneAgain() bool {
	p := s.CurrentPlayer()
	return p != game.Chance && p != game.Terminal
}

func (s *brokenState) ParseAction(str string) (game.Action, error) {
	if s.flaw == sameOutcome && str == "take1 again" && s.offersTakeOneAgain() {
		return takeOneAgain, nil
	}
	return s.State.ParseAction(str)
}

func (s *brokenState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = s.State.ChanceOutcomes(buf)
	if s.flaw == badProbabilities && len(buf) > 0 {
		buf[0].P += 0.1
	}
	return buf
}

func (s *brokenState) Apply(a game.Action) error {
	if s.flaw == sameOutcome && a == takeOneAgain && s.offersTakeOneAgain() {
		a = 1
	}
	err := s.State.Apply(a)
	switch {
	case err != nil && s.flaw == mutatesOnIllegal:
		*s.shared++
	case err != nil && s.flaw == acceptsIllegal:
		return nil
	case err == nil:
		*s.shared++
	}
	return err
}

func (s *brokenState) ActionString(a game.Action) string {
	if s.flaw == badNotation && a == 1 {
		return "take one"
	}
	if s.flaw == sameOutcome && a == takeOneAgain && s.offersTakeOneAgain() {
		return "take1 again"
	}
	return s.State.ActionString(a)
}

func (s *brokenState) Returns(dst []float64) []float64 {
	dst = s.State.Returns(dst)
	if s.flaw == returnsOutOfRange && s.CurrentPlayer() == game.Terminal {
		dst[0] = 2
	}
	return dst
}

// The kit must catch each broken promise; a kit that passes everything
// would let every game's tests pass vacuously.
func TestCheckCatchesFlaws(t *testing.T) {
	for _, tc := range []struct {
		flaw flaw
		want string
	}{
		{unsorted, "not strictly ascending"},
		{mutatesOnIllegal, "changed the state"},
		{acceptsIllegal, "accepted"},
		{badNotation, "ParseAction"},
		{badProbabilities, "sum to"},
		{sharedClone, "differs from one rebuilt from the same actions"}, // the moves the kit tries on clones show through
		{endless, "MaxLength"},
		{returnsOutOfRange, "return of seat 1 is 2"},
		{badCopyFrom, "CopyFrom does not make an equal state"},
		{badOutcome, `Outcome at the end: reason "Over!"`},
		{fickleStanding, "at an earlier state of the same game"},
		{badLevelBudget, `LevelBudget("medium") = {Iterations:0 Time:0s Workers:3}: workers 3 without iterations or time`},
		{badSearchHints, `SearchHints: playout "script:nobody": countdown has no script "nobody"`},
		{sameOutcome, `moves "take1" and "take1 again" lead to the same state`},
	} {
		err := gametest.Check(broken{tc.flaw}, gametest.Params{Games: 10})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("flaw %d: Check = %v, want an error containing %q", tc.flaw, err, tc.want)
		}
	}
}

// Outcome makes brokenState a game.Outcomer: a good one, but for the flaw
// badOutcome, whose reason is no key.
func (s *brokenState) Outcome(counts []game.Count) game.Outcome {
	if !game.IsTerminal(s) {
		return game.Outcome{}
	}
	o := game.Outcome{Reason: "last-take", Words: "the last counter was taken", Counts: append(counts[:0], game.Count{Name: "takes", N: 1})}
	if s.flaw == badOutcome {
		o.Reason = "Over!"
	}
	return o
}

// Evaluate and Standing make brokenState a game.StandingEvaluator: one
// that says so at every state, but for the flaw fickleStanding, which
// says so only while seat 1 is to move.
func (s *brokenState) Evaluate(dst []float64) []float64 {
	return s.State.Returns(dst)
}

// LevelBudget makes brokenState a game.LevelTuner: a budget for medium,
// but for the flaw badLevelBudget, which gives it workers and nothing
// for them to search.
func (s *brokenState) LevelBudget(level string) game.Budget {
	switch {
	case level != "medium":
		return game.Budget{}
	case s.flaw == badLevelBudget:
		return game.Budget{Workers: 3}
	}
	return game.Budget{Iterations: 200, Workers: 1}
}

// SearchHints makes brokenState a game.SearchTuner, with hints in range
// but for the flaw badSearchHints, whose playout is a script the game
// does not have.
func (s *brokenState) SearchHints() game.SearchHints {
	if s.flaw == badSearchHints {
		return game.SearchHints{Playout: "script:nobody"}
	}
	return game.SearchHints{Depth: 3, C: 0.5}
}

func (s *brokenState) Standing() bool {
	return s.flaw != fickleStanding || s.CurrentPlayer() == 0
}

// paramGame is countdown with declared parameters, for checkParams.
type paramGame struct{ params []game.Param }

func (p paramGame) Info() game.Info {
	in := testgame.Game.Info()
	in.Params = p.params
	return in
}
func (paramGame) New(cfg game.Config) (game.State, error) { return testgame.Game.New(cfg) }
func (paramGame) MaxLength(cfg game.Config) int           { return testgame.Game.MaxLength(cfg) }

// The kit checks the parameters a game declares tunable.
func TestCheckParams(t *testing.T) {
	tests := []struct {
		param game.Param
		err   string
	}{
		{game.Param{Option: "start", Values: []string{"random", "fixed"}, Doc: "d"}, ""},
		{game.Param{Option: "nonesuch", Values: []string{"a"}, Doc: "d"}, `parameter "nonesuch": no such option`},
		{game.Param{Option: "start", Doc: "d"}, "no values"},
		{game.Param{Option: "start", Values: []string{"fixed"}, Doc: "d"}, `today's value "random" is not among`},
		{game.Param{Option: "start", Values: []string{"random", "loaded"}, Doc: "d"}, `value "loaded" is not one of`},
		{game.Param{Option: "start", Values: []string{"random", "random"}, Doc: "d"}, `value "random" twice`},
		{game.Param{Option: "start", Values: []string{"random"}}, "no Doc"},
	}
	for _, tc := range tests {
		err := gametest.Check(paramGame{[]game.Param{tc.param}}, gametest.Params{Games: 1})
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%+v: %v, want %q", tc.param, err, tc.err)
		}
	}
}
