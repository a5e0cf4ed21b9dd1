package gametest_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// steps is a test game for the undo rule, with turns of several moves,
// a chance node and a hidden card. Chance deals a secret, 0 to 3, that
// nobody sees. Then the two seats take turns: a turn is up to two "add"s
// (1 point each; the second ends the turn), "end", or "peek", which shows
// the mover the secret once in a game and leaves its turn going. After
// stepsTurns turns the higher total wins. So a seat may take back the
// first add of its turn (and a peek never): what the kit's undo checks
// need to have something to check. A flaw breaks one promise of
// game.Undoer.
type steps struct{ flaw undoFlaw }

type undoFlaw int

const (
	honest     undoFlaw = iota
	frozenTurn          // Turn never changes
	hiddenPeek          // Reveals says a peek shows nothing
)

const (
	stepsTurns = 12
	actAdd     = game.Action(0)
	actEnd     = game.Action(1)
	actPeek    = game.Action(2)
)

var stepsNames = [...]string{"add", "end", "peek"}

func init() { game.Register(steps{}) }

func (steps) Info() game.Info {
	return game.Info{Name: "test-steps", Title: "Steps (test)", Summary: "turns of several moves",
		MinPlayers: 2, MaxPlayers: 2, Chance: true, HiddenInformation: true}
}

func (g steps) New(cfg game.Config) (game.State, error) {
	return &stepsState{cfg: cfg, flaw: g.flaw, secret: -1}, nil
}

func (steps) MaxLength(game.Config) int { return 1 + 3*stepsTurns }

type stepsState struct {
	cfg    game.Config
	flaw   undoFlaw
	secret int8 // -1 before the deal
	toMove int8
	adds   int8 // adds this turn
	turns  int8 // turns finished
	total  [2]int8
	peeked [2]bool
}

func (s *stepsState) Config() game.Config { return s.cfg }

func (s *stepsState) CurrentPlayer() game.Player {
	switch {
	case s.secret < 0:
		return game.Chance
	case s.turns >= stepsTurns:
		return game.Terminal
	}
	return game.Player(s.toMove)
}

func (s *stepsState) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.CurrentPlayer() {
	case game.Chance:
		return append(buf, 0, 1, 2, 3)
	case game.Terminal:
		return buf
	}
	buf = append(buf, actAdd, actEnd)
	if !s.peeked[s.toMove] {
		buf = append(buf, actPeek)
	}
	return buf
}

func (s *stepsState) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	if s.CurrentPlayer() == game.Chance {
		for a := range game.Action(4) {
			buf = append(buf, game.ChanceOutcome{Action: a, P: 0.25})
		}
	}
	return buf
}

func (s *stepsState) Apply(a game.Action) error {
	legal := false
	for _, b := range s.LegalActions(nil) {
		legal = legal || a == b
	}
	if !legal {
		return fmt.Errorf("action %d is not legal now", a)
	}
	switch {
	case s.CurrentPlayer() == game.Chance:
		s.secret = int8(a)
	case a == actPeek:
		s.peeked[s.toMove] = true
	case a == actAdd && s.adds == 0:
		s.total[s.toMove]++
		s.adds++
	default: // the second add, or end, ends the turn
		if a == actAdd {
			s.total[s.toMove]++
		}
		s.adds, s.toMove, s.turns = 0, 1-s.toMove, s.turns+1
	}
	return nil
}

func (s *stepsState) ActionString(a game.Action) string {
	if s.CurrentPlayer() == game.Chance {
		return fmt.Sprint(a)
	}
	if a >= 0 && int(a) < len(stepsNames) {
		return stepsNames[a]
	}
	return fmt.Sprintf("move%d", a)
}

func (s *stepsState) ParseAction(str string) (game.Action, error) {
	if s.CurrentPlayer() == game.Chance && len(str) == 1 && str[0] >= '0' && str[0] <= '3' {
		return game.Action(str[0] - '0'), nil
	}
	for i, n := range stepsNames {
		if str == n {
			return game.Action(i), nil
		}
	}
	return 0, fmt.Errorf("%q: no such move", str)
}

func (s *stepsState) Returns(dst []float64) []float64 {
	dst = append(dst[:0], 0, 0)
	if s.CurrentPlayer() == game.Terminal {
		return game.ShareWin(dst, s.total[:])
	}
	return dst
}

type stepsObs struct {
	Total  [2]int8 `json:"total"`
	ToMove int8    `json:"to_move"`
	Adds   int8    `json:"adds"`
	Turns  int8    `json:"turns"`
	Peeked [2]bool `json:"peeked"`
	Secret int8    `json:"secret"` // -1 unseen
}

func (s *stepsState) Observation(p game.Player) any {
	o := stepsObs{Total: s.total, ToMove: s.toMove, Adds: s.adds, Turns: s.turns, Peeked: s.peeked, Secret: -1}
	if p >= 0 && s.peeked[p] {
		o.Secret = s.secret
	}
	return o
}

func (s *stepsState) Render(p game.Player) string {
	return fmt.Sprintf("%+v", s.Observation(p))
}

func (s *stepsState) Clone() game.State { c := *s; return &c }

// Equal compares the positions, not the flaws, so that a flawed game's
// record replays (as the honest game, registered under its name) to an
// equal state.
func (s *stepsState) Equal(other game.State) bool {
	o, ok := other.(*stepsState)
	if !ok {
		return false
	}
	a, b := *s, *o
	a.flaw, b.flaw = honest, honest
	return reflect.DeepEqual(a, b)
}

// Sample deals the secret again for a seat that has not peeked.
func (s *stepsState) Sample(p game.Player, r *rand.Rand) game.State {
	c := *s
	if c.secret >= 0 && !c.peeked[p] {
		c.secret = int8(r.IntN(4))
	}
	return &c
}

func (s *stepsState) Turn() int {
	if s.flaw == frozenTurn {
		return 0
	}
	return int(s.turns)
}

func (s *stepsState) Reveals(a game.Action) bool {
	return a == actPeek && s.flaw != hiddenPeek
}

var _ interface {
	game.Sampler
	game.Undoer
} = (*stepsState)(nil)

// TestUndoRuleChecked: the kit passes a game that keeps game.Undoer's
// promises and takes moves back in it, and catches each broken promise,
// so that the games' conformance runs do not pass vacuously.
func TestUndoRuleChecked(t *testing.T) {
	if err := gametest.Check(steps{}, gametest.Params{Games: 40}); err != nil {
		t.Fatalf("an honest game: %v", err)
	}
	for _, tc := range []struct {
		flaw undoFlaw
		want string
	}{
		{frozenTurn, "seat 2 is to move in turn 0, in which seat 1 moved: Turn must change when the turn passes"},
		{hiddenPeek, `move "peek", which Reveals says shows nothing, shows seat`},
	} {
		err := gametest.Check(steps{tc.flaw}, gametest.Params{Games: 40})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("flaw %d: Check = %v, want an error containing %q", tc.flaw, err, tc.want)
		}
	}
}

// TestUndoTrailInSteps: in steps a seat may take back the first add of
// its turn, and nothing else: not a peek (it shows the secret), not a
// second add or an end (they end the turn), not the deal (chance).
func TestUndoTrailInSteps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves []game.Action // after the deal
		seat  game.Player
		want  int
	}{
		{"the deal stands", nil, 0, 0},
		{"a first add", []game.Action{actAdd}, 0, 1},
		{"not for the other seat", []game.Action{actAdd}, 1, 0},
		{"a second add ends the turn", []game.Action{actAdd, actAdd}, 0, 0},
		{"an end ends the turn", []game.Action{actEnd}, 1, 0},
		{"a peek shows the secret", []game.Action{actPeek}, 0, 0},
		{"an add after a peek", []game.Action{actPeek, actAdd}, 0, 1},
		{"the next turn's add", []game.Action{actAdd, actEnd, actAdd}, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := steps{}.New(game.Config{Players: 2})
			moves := append([]game.Action{2}, tc.moves...)
			got, err := game.UndoDepth(s, moves, tc.seat)
			if err != nil || got != tc.want {
				t.Errorf("UndoDepth = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}
