package game

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Player identifies who acts at a state: a seat numbered from 0, or one of
// the special values Chance, Terminal and (for observations) Spectator.
type Player int

// Special players.
const (
	// Chance is the player at a chance node: the next action is one of the
	// state's ChanceOutcomes.
	Chance Player = -1
	// Terminal is the "player" of a finished game.
	Terminal Player = -2
	// Spectator asks Observation and Render for what anybody may see.
	Spectator Player = -3
)

// Seat returns the 1-based seat number people use for p.
func (p Player) Seat() int { return int(p) + 1 }

// PlayerOfSeat returns the Player sitting in 1-based seat n.
func PlayerOfSeat(n int) Player { return Player(n - 1) }

// String returns "seat N", "chance", "terminal" or "spectator".
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Terminal:
		return "terminal"
	case Spectator:
		return "spectator"
	}
	return fmt.Sprintf("seat %d", p.Seat())
}

// Action is a move of a player or an outcome of chance. Its meaning is
// local to a game and to the kind of node (player or chance) it is applied
// at. Actions are small non-negative integers.
type Action int32

// ChanceOutcome is one outcome of a chance node and its probability.
type ChanceOutcome struct {
	Action Action
	P      float64
}

// Game is one game: its description and its initial states.
type Game interface {
	// Info describes the game. It must not change.
	Info() Info
	// New returns the initial state for cfg. The caller (see NewState) has
	// already checked the player count and filled every option with its
	// value or default; New checks what only the game can check, such as
	// the contents of a data file named by an option.
	New(cfg Config) (State, error)
	// MaxLength bounds the number of actions, chance outcomes included,
	// in any game played with cfg.
	MaxLength(cfg Config) int
}

// State is a position in a game. A State is not safe for concurrent use;
// Clone it for each goroutine.
type State interface {
	// Config returns the configuration the game was made with.
	Config() Config
	// CurrentPlayer returns the seat to move, Chance, or Terminal.
	CurrentPlayer() Player
	// LegalActions appends the legal actions of the player to move (or
	// the chance outcomes' actions) to buf[:0] in ascending order, without
	// duplicates, and returns the result. Each of a player's is a
	// distinct outcome: no two lead to the same state, since a choice that
	// is none would weigh that outcome twice in random play and search
	// (the conformance kit checks it). At a terminal state it returns
	// buf[:0]. It must not allocate when buf has room.
	LegalActions(buf []Action) []Action
	// ChanceOutcomes appends the outcomes of a chance node to buf[:0],
	// in ascending order of action, with positive probabilities summing
	// to 1. At any other node it returns buf[:0].
	ChanceOutcomes(buf []ChanceOutcome) []ChanceOutcome
	// Apply plays a legal action of the player to move, or a chance
	// outcome at a chance node. An illegal action returns an error that
	// says why and leaves the state unchanged. Apply must not allocate.
	Apply(a Action) error
	// ActionString returns the notation of action a at this state, for
	// the player to move or for chance.
	ActionString(a Action) string
	// ParseAction reads notation in the context of this state. It reports
	// malformed text; it may, but need not, check legality (Apply does).
	ParseAction(s string) (Action, error)
	// Returns appends each seat's return to dst[:0]: at a terminal state
	// the result (win 1, loss 0, shared wins as the rules say); before the
	// end all zeros.
	Returns(dst []float64) []float64
	// Observation returns everything p may see (p a seat, or Spectator for
	// what is public), as a value encoding/json can marshal.
	Observation(p Player) any
	// Render draws the state as text as p sees it (p a seat or Spectator).
	Render(p Player) string
	// Clone returns an independent copy.
	Clone() State
}

// Sampler is implemented by states of games with hidden information.
type Sampler interface {
	// Sample returns a full state drawn from r among those consistent with
	// everything seat p knows at this state: the same Observation(p), with
	// the unknown part (others' hands, the deck, roles...) dealt again at
	// random. The result must be playable to the end like any state.
	Sample(p Player, r *rand.Rand) State
}

// Resampler is implemented by Samplers that can draw a sample into a
// state that already exists, so that an information-set search, which
// draws one at every iteration, reuses one scratch state instead of
// allocating a state an iteration.
type Resampler interface {
	// SampleFrom makes the receiver the state src.Sample(p, r) would
	// return, drawing the same numbers from r. src must be a state of the
	// same game (it panics otherwise); it may be the receiver.
	SampleFrom(src State, p Player, r *rand.Rand)
}

// PublicNotationer is implemented by states of games with hidden
// information to say how much of each action everybody may see, so that a
// public log or record can show it.
type PublicNotationer interface {
	// PublicActionString returns the notation of action a at this state
	// (the player to move's, or a chance outcome) as every seat and
	// spectator may know it: the full notation when the action is public,
	// or a masked form ("pass", "seat 2 draws a card") that gives nothing
	// hidden away. It need not parse back.
	PublicActionString(a Action) string
}

// Scorer is implemented by states of games that keep scores (points,
// credits) beside the returns.
type Scorer interface {
	// Scores appends each seat's current score to dst[:0].
	Scores(dst []float64) []float64
}

// Rounder is implemented by states of games whose round is more than one
// turn of each player, which the order of the players to move cannot
// tell (Source: a turn for each colour, two a player). The lab reads its
// default trace once a round by it (docs/lab.md); without it a round
// begins at every turn of the game's first mover.
type Rounder interface {
	// Round returns the number of rounds begun before the current one:
	// 0 in the first round.
	Round() int
}

// Copier is implemented by states that can become a copy of another state
// of the same game without allocating, so that search bots reuse one
// scratch state for every iteration instead of cloning the root each time.
type Copier interface {
	// CopyFrom makes the receiver an independent copy of src, which must
	// be a state of the same game (it panics otherwise).
	CopyFrom(src State)
}

// Equaler is implemented by states whose equality reflect.DeepEqual cannot
// judge (for example because they keep scratch buffers). The conformance
// kit uses it when present.
type Equaler interface {
	Equal(other State) bool
}

// Evaluator is implemented by states that can estimate how well each seat
// stands before the end, for greedy bots and search cut-offs.
type Evaluator interface {
	// Evaluate appends one value per seat to dst[:0]; larger is better for
	// that seat. Values need not be on the scale of Returns.
	Evaluate(dst []float64) []float64
}

// StandingEvaluator is implemented by states whose Evaluate gives each
// seat its own standing on one scale, whoever the other seats are, so
// that a search scoring a playout cut short compares a seat's value with
// the same seat's values elsewhere, not its lead over the other seats'
// mean. The lead is the default because it puts evaluations of any scale
// on one footing; but in a game of hidden teams of unequal sizes the lead
// moves with the roles a sampled state deals the others (in Breaking
// Head a Contributor's lead scales with the number of Blockers among
// them), drowning the difference a move makes.
type StandingEvaluator interface {
	Evaluator
	// Standing reports whether Evaluate's values are standings as above.
	Standing() bool
}

// IsTerminal reports whether s is a finished game.
func IsTerminal(s State) bool { return s.CurrentPlayer() == Terminal }

// IsChance reports whether s is a chance node.
func IsChance(s State) bool { return s.CurrentPlayer() == Chance }

// Prior is implemented by states that can say which of the legal moves
// look promising before any search: a game's rule of thumb. Bots draw
// their playouts' moves in proportion to it and bias their search trees
// towards it; a game without one is played out uniformly at random.
type Prior interface {
	// Prior appends to dst[:0] one weight for each action of actions,
	// which are legal actions of the player to move at this state, in the
	// same order. Weights are positive and need not sum to 1; larger
	// means more promising. It must not allocate when dst has room.
	Prior(actions []Action, dst []float64) []float64
}

// SearchTuner is implemented by states of games that know which search
// settings play them best, as measured (docs/bots.md): the search bots
// take each hint their spec leaves unset, and the bot levels (easy,
// medium, hard) add them to their own budgets, so that a level plays
// every game well without a person choosing parameters.
type SearchTuner interface {
	SearchHints() SearchHints
}

// SearchHints are a game's search settings (SearchTuner); a zero field
// hints nothing, the bot's default standing.
type SearchHints struct {
	// Budget replaces the search's default budget when its spec gives
	// none.
	Budget Budget
	// Depth cuts playouts after that many turns (a turn: one seat's run
	// of decisions) and scores them with the game's Evaluator.
	Depth int
	// C is the UCB exploration constant.
	C float64
	// Playout is how playouts choose moves: "random", "prior", "greedy"
	// or "script:NAME", one of the game's scripts.
	Playout string
	// Tree is which decisions the search tree holds: "all" or "own" (the
	// searching seat's turn only).
	Tree string
	// Score is the weight, 0 to 1, of the final score beside the win in
	// a playout's reward, in a game that keeps scores.
	Score float64
}

// Budget is a search's budget; a zero field is unset.
type Budget struct {
	// Iterations of the search a move; with Time too, whichever comes
	// first ends it.
	Iterations int
	// Time is the wall time a move.
	Time time.Duration
	// Workers is the number of trees searched side by side.
	Workers int
}

// IsZero reports whether b sets nothing.
func (b Budget) IsZero() bool { return b == Budget{} }

// LevelTuner is implemented by states of games in which the levels'
// own budgets would not stand apart (docs/bots.md): where a search plays
// as well after a few hundred iterations as after a second, a fifth of a
// second makes the medium level as strong as the hard one, and the game
// gives the medium level a smaller budget, so that each level is clearly
// stronger than the one below.
type LevelTuner interface {
	// LevelBudget returns the budget the named level ("easy", "medium",
	// "hard") searches with in this game, or the zero Budget for the
	// level's own.
	LevelBudget(level string) Budget
}

// Teamer is implemented by states of games whose seats play in teams
// (Breaking Head's Contributors and Blockers; Info.Teams names the
// teams). Team names the team of seat p, or "" while it is not settled.
// It is a referee's question, asked of the real state by the runners (to
// seat a team's bot, to report results by team) and by a server (a
// resignation hands the seat to a bot); bots never see it.
type Teamer interface {
	Team(p Player) string
}

// DataHasher is implemented by games whose rules come from a data table
// (a tile table, a cards file) that the build embeds or an option names.
// DataHash returns a hash of the content of the table cfg selects, so that
// a run spread over hours or machines (the playtesting lab's) can tell
// when the data under it changed, which its options alone cannot show.
type DataHasher interface {
	DataHash(cfg Config) (string, error)
}

// Numberer is implemented by games whose rulebook for players
// (docs/rulebooks/NAME.md, a text/template) quotes the game's numbers:
// Numbers returns them for cfg, by the names the rulebook uses
// ({{.hand}}), read from the game's data and options, so that a
// variant's rulebook shows the variant's numbers and none is copied by
// hand. The values are what text/template prints: numbers, strings, or
// slices and maps of them for the rulebook's tables.
type Numberer interface {
	Numbers(cfg Config) (map[string]any, error)
}

// Illustrator is implemented by games whose rulebook shows example
// positions ({{example "NAME"}} in docs/rulebooks/NAME.md), drawn by the
// game's own web board. Each is built by applying legal actions, chance
// outcomes included, to a state the game made for cfg, so that no
// picture shows a position the rules cannot reach or a rule the engine
// does not apply; each game's tests check that every example shows what
// its caption says.
type Illustrator interface {
	Examples(cfg Config) ([]Example, error)
}

// Example is one picture of a rulebook.
type Example struct {
	// Name is how the rulebook names it: lower case, digits and hyphens.
	Name string
	// Caption says what the picture shows, in a player's words.
	Caption string
	// State is the position shown, as a spectator sees it.
	State State
	// Marks are what the picture points at (points, sectors, cards), in
	// the game's notation, for the board to highlight.
	Marks []string
}

// Outcomer is implemented by states of games that can say, at the end, how
// the game ended in their own terms, for the playtesting lab (docs/lab.md):
// why it ended, and how often the game's own events happened over the
// whole game (fusions, rounds that ended one way or another...).
type Outcomer interface {
	// Outcome describes the ending of a terminal state, appending its
	// counts to counts[:0] (so that it need not allocate when counts has
	// room). Before the end it returns the zero Outcome.
	Outcome(counts []Count) Outcome
}

// Outcome is how a game ended, as its rules tell it.
type Outcome struct {
	// Reason is a short, stable key for the ending ("supply", "idle",
	// "contributors"), lower-case words joined by hyphens; empty before
	// the end.
	Reason string
	// Words say the same for people ("a colour's supply ran out").
	Words string
	// Limit reports an ending forced by a move or turn limit rather than
	// by the rules' own end: a timeout, for the lab's metrics.
	Limit bool
	// Counts are named counts of the game's own events over the whole
	// game, in a fixed order, the same names in every game of one
	// configuration (a count that did not happen is there with 0).
	Counts []Count
}

// Count is one named count of an Outcome.
type Count struct {
	Name string
	N    int
}

// Check reports what is wrong with a game's budget: a negative field, or
// workers without iterations or time to give them.
func (b Budget) Check() error {
	switch {
	case b.Iterations < 0:
		return fmt.Errorf("iterations %d: want at least 1, or 0 for unset", b.Iterations)
	case b.Time < 0:
		return fmt.Errorf("time %v: want a positive duration, or 0 for unset", b.Time)
	case b.Workers < 0:
		return fmt.Errorf("workers %d: want at least 1, or 0 for unset", b.Workers)
	case b.Workers > 0 && b.Iterations == 0 && b.Time == 0:
		return fmt.Errorf("workers %d without iterations or time", b.Workers)
	}
	return nil
}

// Check reports what is wrong with a game's search hints, a game of in's:
// a value out of its range, a playout or tree the search bots do not
// have, or a script the game does not.
func (h SearchHints) Check(in Info) error {
	if err := h.Budget.Check(); err != nil {
		return fmt.Errorf("budget: %w", err)
	}
	switch {
	case h.Depth < 0:
		return fmt.Errorf("depth %d: want 0 or more", h.Depth)
	case !(h.C >= 0 && h.C <= 100):
		return fmt.Errorf("c %v: want 0 to 100", h.C)
	case !(h.Score >= 0 && h.Score <= 1):
		return fmt.Errorf("score %v: want 0 to 1", h.Score)
	case h.Tree != "" && h.Tree != "all" && h.Tree != "own":
		return fmt.Errorf("tree %q: want all or own", h.Tree)
	}
	switch name, script := strings.CutPrefix(h.Playout, "script:"); {
	case script:
		if _, ok := in.Script(name); !ok {
			return fmt.Errorf("playout %q: %s has no script %q", h.Playout, in.Name, name)
		}
	case h.Playout != "" && h.Playout != "random" && h.Playout != "prior" && h.Playout != "greedy":
		return fmt.Errorf("playout %q: want random, prior, greedy or script:NAME", h.Playout)
	}
	return nil
}
