package bot

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/commons-games/commons/game"
)

// Spec is a parsed bot spec string: a bot name and its parameters, each
// parameter left unset at its zero value (meaning its default).
//
// The text form is NAME or NAME:KEY=VALUE,KEY=VALUE,..., for example
// "mcts:time=500ms,workers=2,playout=greedy,c=1.4".
type Spec struct {
	// Name is the bot: random, greedy, mcts, ismcts, rollout, a level
	// or script.
	Name string
	// Iterations is the search budget in iterations (mcts, ismcts); with
	// Time also set the search stops at whichever comes first.
	Iterations int
	// Time is the search budget in wall time per move (mcts, ismcts).
	Time time.Duration
	// Workers is the number of trees searched in parallel (root
	// parallelism; mcts, ismcts). 0 means runtime.NumCPU().
	Workers int
	// Playout is "random", "prior", "greedy" or "script:NAME" (mcts,
	// ismcts).
	Playout string
	// Tree is "all" or "own" (mcts, ismcts; "" unset: all): which decisions
	// the search tree holds.
	Tree string
	// C is the UCB exploration constant (mcts, ismcts); set means HasC.
	C    float64
	HasC bool
	// Epsilon is the chance that a greedy playout takes a random move
	// instead (mcts, ismcts with playout=greedy); set means HasEpsilon.
	Epsilon    float64
	HasEpsilon bool
	// Bias weighs the game's Prior in the tree's choices (progressive
	// bias: bias*prior/visits added to a child's value); set means HasBias.
	Bias    float64
	HasBias bool
	// Depth cuts playouts after that many turns (a turn: one seat's run
	// of decisions) and scores the state with the game's Evaluator (mcts,
	// ismcts). 0 plays to the end.
	Depth    int
	HasDepth bool
	// NoReuse turns off tree reuse between moves (mcts).
	NoReuse bool
	// Score is the weight (0 to 1) of the final score, against the win,
	// in the reward of a playout that reaches the end of a game that
	// keeps scores (mcts, ismcts).
	Score    float64
	HasScore bool
	// Full spends the whole budget even when the choice is settled
	// earlier (mcts, ismcts; see settleEvery).
	Full bool
	// Samples is the number of states drawn from the Sampler to evaluate
	// each move over in games with hidden information (greedy).
	Samples int
	// Noise is the chance that greedy plays a random legal move instead
	// of its best (the easy level's slips).
	Noise float64
	// Candidates is how many of greedy's best moves the rollout bot
	// compares by their playouts.
	Candidates int
	// Script is the game's scripted strategy a script bot plays: the spec
	// script:NAME (see game.Scripter).
	Script string
}

// Defaults of the parameters.
const (
	DefaultIterations = 1000
	DefaultC          = 1.4
	DefaultEpsilon    = 0.1
	DefaultBias       = 1
	DefaultSamples    = 8
)

// param describes one parameter of a bot, for parsing and for the docs.
type param struct {
	name, doc string
	set       func(sp *Spec, v string) error
}

type botDef struct {
	name, doc string
	params    []param
	make      func(sp Spec, seed uint64) Bot
}

var searchParams = []param{
	{"iterations", "search iterations per move (default 1000 unless time is given)", func(sp *Spec, v string) error {
		n, err := positiveInt(v)
		sp.Iterations = n
		return err
	}},
	{"time", "wall time per move, a Go duration such as 500ms or 2s", func(sp *Spec, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("want a positive duration such as 500ms or 2s")
		}
		sp.Time = d
		return nil
	}},
	{"workers", "trees searched in parallel, one goroutine each (default: the number of CPUs)", func(sp *Spec, v string) error {
		n, err := positiveInt(v)
		sp.Workers = n
		return err
	}},
	{"playout", "random, prior (moves drawn by the game's rule of thumb, random in games without one), greedy, or script:NAME (every seat plays the game's script NAME; with depth, a model of how the table plays for a few turns) (default prior)", func(sp *Spec, v string) error {
		if name, ok := strings.CutPrefix(v, "script:"); ok {
			if name == "" || strings.ContainsAny(name, "=,: ") {
				return fmt.Errorf("want script:NAME, with NAME one of the game's scripts")
			}
			sp.Playout = v
			return nil
		}
		if v != "random" && v != "greedy" && v != "prior" {
			return fmt.Errorf("want random, prior, greedy or script:NAME")
		}
		sp.Playout = v
		return nil
	}},
	{"c", "UCB exploration constant (default 1.4)", func(sp *Spec, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 100) { // NaN fails too
			return fmt.Errorf("want a number from 0 to 100")
		}
		sp.C, sp.HasC = f, true
		return nil
	}},
	{"epsilon", "chance of a random move in a greedy playout (default 0.1)", func(sp *Spec, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("want a number from 0 to 1")
		}
		sp.Epsilon, sp.HasEpsilon = f, true
		return nil
	}},
	{"bias", "weight of the game's rule of thumb (its Prior) in the tree's choices, fading with visits (default 1; 0 turns it off)", func(sp *Spec, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 100) {
			return fmt.Errorf("want a number from 0 to 100")
		}
		sp.Bias, sp.HasBias = f, true
		return nil
	}},
	{"score", "weight of the final score beside the win in a playout's reward, 0 to 1, in games with scores (default 0)", func(sp *Spec, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 1) {
			return fmt.Errorf("want a number from 0 to 1")
		}
		sp.Score, sp.HasScore = f, true
		return nil
	}},
	{"settle", "stop early once more search could not change the move: true or false (default true)", func(sp *Spec, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("want true or false")
		}
		sp.Full = !b
		return nil
	}},
	{"tree", "which decisions the tree holds: all (default), or own: only those of the searching seat's turn, every later one the playout's, so that with a scripted playout the search is a rollout of the script (Tesauro and Galperin 1996)", func(sp *Spec, v string) error {
		if v != "all" && v != "own" {
			return fmt.Errorf("want all or own")
		}
		sp.Tree = v
		return nil
	}},
	{"depth", "cut playouts after this many turns (a turn: one seat's run of decisions) and score them with the game's Evaluator (default 0: play to the end)", func(sp *Spec, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("want a whole number >= 0")
		}
		sp.Depth, sp.HasDepth = n, true
		return nil
	}},
}

// rolloutParams are the rollout bot's parameters: some of the search
// bots', with their own meaning where it differs, and candidates.
var rolloutParams = []param{
	{"iterations", "rounds of playouts per move, one playout after each candidate (default 100 unless time is given)", searchParams[0].set},
	searchParams[1], // time
	searchParams[2], // workers
	{"playout", "the base policy every seat plays in a playout: greedy (default), random, prior or script:NAME", searchParams[3].set},
	{"candidates", "how many of greedy's best moves to compare (default 6)", func(sp *Spec, v string) error {
		n, err := positiveInt(v)
		sp.Candidates = n
		return err
	}},
	{"score", "weight of a playout's final lead, in standard deviations of the leads seen, beside its win (default 0.5), in games with scores", func(sp *Spec, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0 && f <= 10) {
			return fmt.Errorf("want a number from 0 to 10")
		}
		sp.Score, sp.HasScore = f, true
		return nil
	}},
}

var botDefs = []botDef{
	{"random", "a legal action uniformly at random", nil, func(sp Spec, seed uint64) Bot { return newRandom(seed) }},
	{"greedy", "the action with the best one-ply evaluation", []param{
		{"noise", "chance of playing a random legal move instead, a slip (default 0)", func(sp *Spec, v string) error {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || !(f >= 0 && f <= 1) {
				return fmt.Errorf("want a number from 0 to 1")
			}
			sp.Noise = f
			return nil
		}},
		{"samples", "states drawn from the Sampler per move in hidden-information games (default 8)", func(sp *Spec, v string) error {
			n, err := positiveInt(v)
			sp.Samples = n
			return err
		}},
	}, func(sp Spec, seed uint64) Bot { return newGreedy(sp.withDefaults(), seed) }},
	{"mcts", "UCT Monte Carlo tree search (on sampled states in hidden-information games)", append(slices.Clip(searchParams),
		param{"reuse", "keep the tree between moves in perfect-information games: true or false (default true)", func(sp *Spec, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			sp.NoReuse = !b
			return nil
		}}), func(sp Spec, seed uint64) Bot { return newMCTS(sp, seed) }},
	{"ismcts", "single-observer information-set MCTS", searchParams, func(sp Spec, seed uint64) Bot { return newISMCTS(sp, seed) }},
	{"rollout", "the rollout algorithm: greedy's best few moves, each played out to the end by every seat's base policy, the moves compared on the same chance draws", rolloutParams, func(sp Spec, seed uint64) Bot { return newRolloutBot(sp, seed) }},
	{"easy", "the easy level: " + Levels[0].Doc, nil, func(sp Spec, seed uint64) Bot { return newLevel("easy", seed) }},
	{"medium", "the medium level: " + Levels[1].Doc, nil, func(sp Spec, seed uint64) Bot { return newLevel("medium", seed) }},
	{"hard", "the hard level: " + Levels[2].Doc, nil, func(sp Spec, seed uint64) Bot { return newLevel("hard", seed) }},
	{"script", "one of the game's scripted strategies, a beginner's way of playing: script:NAME (commons games lists them)", nil, func(sp Spec, seed uint64) Bot { return newScript(sp, seed) }},
}

func positiveInt(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("want a whole number >= 1")
	}
	return n, nil
}

func lookupDef(name string) (*botDef, error) {
	for i := range botDefs {
		if botDefs[i].name == name {
			return &botDefs[i], nil
		}
	}
	return nil, fmt.Errorf("unknown bot %q (bots: %s)", name, strings.Join(Names(), ", "))
}

// Names returns the names of the bots.
func Names() []string {
	names := make([]string, len(botDefs))
	for i, d := range botDefs {
		names[i] = d.name
	}
	return names
}

// ParseSpec reads a spec string such as "mcts:iterations=2000,workers=1".
// Errors name the spec and what is wrong: an unknown bot, an unknown or
// repeated parameter, or a bad value.
func ParseSpec(s string) (Spec, error) {
	name, params, hasParams := strings.Cut(strings.TrimSpace(s), ":")
	if name == "" {
		return Spec{}, fmt.Errorf("bot spec %q: missing the bot name (bots: %s)", s, strings.Join(Names(), ", "))
	}
	def, err := lookupDef(name)
	if err != nil {
		return Spec{}, fmt.Errorf("bot spec %q: %w", s, err)
	}
	sp := Spec{Name: name}
	if name == "script" {
		// script:NAME names one of the game's scripts, not parameters.
		sp.Script = strings.TrimSpace(params)
		if sp.Script == "" {
			return Spec{}, fmt.Errorf("bot spec %q: missing the script's name (want script:NAME; commons games lists each game's scripts)", s)
		}
		if strings.ContainsAny(sp.Script, "=,: ") {
			return Spec{}, fmt.Errorf("bot spec %q: %q is not a script name (want script:NAME, a name of lower-case words joined by hyphens)", s, sp.Script)
		}
		return sp, nil
	}
	if !hasParams {
		return sp, nil
	}
	if params == "" {
		return Spec{}, fmt.Errorf("bot spec %q: nothing after the colon (want %s:key=value,...)", s, name)
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return Spec{}, fmt.Errorf("bot spec %q: %q: want key=value", s, kv)
		}
		var p *param
		for i := range def.params {
			if def.params[i].name == k {
				p = &def.params[i]
			}
		}
		if p == nil {
			return Spec{}, fmt.Errorf("bot spec %q: %s has no parameter %q (%s)", s, name, k, paramList(def))
		}
		if seen[k] {
			return Spec{}, fmt.Errorf("bot spec %q: parameter %q given twice", s, k)
		}
		seen[k] = true
		if err := p.set(&sp, v); err != nil {
			return Spec{}, fmt.Errorf("bot spec %q: %s=%q: %w", s, k, v, err)
		}
	}
	return sp, nil
}

func paramList(def *botDef) string {
	if len(def.params) == 0 {
		return "it takes no parameters"
	}
	names := make([]string, len(def.params))
	for i, p := range def.params {
		names[i] = p.name
	}
	return "parameters: " + strings.Join(names, ", ")
}

// String writes the spec back in its text form, parameters in a fixed
// order, defaults left out: ParseSpec(sp.String()) == sp.
func (sp Spec) String() string {
	var kv []string
	add := func(k, v string) { kv = append(kv, k+"="+v) }
	if sp.Iterations > 0 {
		add("iterations", strconv.Itoa(sp.Iterations))
	}
	if sp.Time > 0 {
		add("time", sp.Time.String())
	}
	if sp.Workers > 0 {
		add("workers", strconv.Itoa(sp.Workers))
	}
	if sp.Playout != "" {
		add("playout", sp.Playout)
	}
	if sp.HasC {
		add("c", strconv.FormatFloat(sp.C, 'g', -1, 64))
	}
	if sp.HasEpsilon {
		add("epsilon", strconv.FormatFloat(sp.Epsilon, 'g', -1, 64))
	}
	if sp.HasBias {
		add("bias", strconv.FormatFloat(sp.Bias, 'g', -1, 64))
	}
	if sp.HasDepth {
		add("depth", strconv.Itoa(sp.Depth))
	}
	if sp.Tree != "" {
		add("tree", sp.Tree)
	}
	if sp.NoReuse {
		add("reuse", "false")
	}
	if sp.HasScore {
		add("score", strconv.FormatFloat(sp.Score, 'g', -1, 64))
	}
	if sp.Full {
		add("settle", "false")
	}
	if sp.Noise > 0 {
		add("noise", strconv.FormatFloat(sp.Noise, 'g', -1, 64))
	}
	if sp.Samples > 0 {
		add("samples", strconv.Itoa(sp.Samples))
	}
	if sp.Candidates > 0 {
		add("candidates", strconv.Itoa(sp.Candidates))
	}
	if sp.Script != "" {
		return sp.Name + ":" + sp.Script
	}
	if len(kv) == 0 {
		return sp.Name
	}
	return sp.Name + ":" + strings.Join(kv, ",")
}

// withDefaults fills every unset parameter with its default.
func (sp Spec) withDefaults() Spec {
	if sp.Iterations == 0 && sp.Time == 0 {
		sp.Iterations = DefaultIterations
	}
	if sp.Workers == 0 {
		sp.Workers = runtime.NumCPU()
	}
	if sp.Playout == "" {
		sp.Playout = "prior"
	}
	if !sp.HasC {
		sp.C = DefaultC
	}
	if !sp.HasBias {
		sp.Bias = DefaultBias
	}
	if !sp.HasEpsilon {
		sp.Epsilon = DefaultEpsilon
	}
	if sp.Samples == 0 {
		sp.Samples = DefaultSamples
	}
	return sp
}

// New makes the bot a spec string names, seeded: the same spec and seed
// make the same moves from the same positions (for mcts and ismcts, when
// the budget is in iterations and the worker count is fixed).
func New(spec string, seed uint64) (Bot, error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return NewFromSpec(sp, seed)
}

// NewFromSpec makes the bot a parsed Spec names.
func NewFromSpec(sp Spec, seed uint64) (Bot, error) {
	def, err := lookupDef(sp.Name)
	if err != nil {
		return nil, err
	}
	// The search bots keep sp as given, to add the game's own settings
	// (game.SearchTuner) at their first move; the others take defaults.
	return def.make(sp, seed), nil
}

// Help describes every bot and its parameters, one per line, for a
// command's usage text.
func Help() string {
	var b strings.Builder
	for _, d := range botDefs {
		fmt.Fprintf(&b, "%s: %s\n", d.name, d.doc)
		for _, p := range d.params {
			fmt.Fprintf(&b, "    %s: %s\n", p.name, p.doc)
		}
	}
	return b.String()
}

// equalStates reports whether two states are the same position.
func equalStates(a, b game.State) bool {
	if e, ok := a.(game.Equaler); ok {
		return e.Equal(b)
	}
	return reflectDeepEqual(a, b)
}

// tuned returns raw (a spec as parsed, before defaults) with the game's
// own search settings (game.SearchTuner) for the parameters raw leaves
// unset, then every parameter still unset at its default. The settings
// are typed, and the conformance kit checks them for every game
// (game.SearchHints.Check), so there is nothing here to fail.
func tuned(raw Spec, s game.State) Spec {
	tu, ok := s.(game.SearchTuner)
	if !ok {
		return raw.withDefaults()
	}
	h := tu.SearchHints()
	sp := raw
	if sp.Iterations == 0 && sp.Time == 0 {
		sp.Iterations, sp.Time = h.Budget.Iterations, h.Budget.Time
	}
	if sp.Workers == 0 {
		sp.Workers = h.Budget.Workers
	}
	if sp.Playout == "" {
		sp.Playout = h.Playout
	}
	if !sp.HasC && h.C > 0 {
		sp.C, sp.HasC = h.C, true
	}
	if !sp.HasDepth && h.Depth > 0 {
		sp.Depth, sp.HasDepth = h.Depth, true
	}
	if sp.Tree == "" {
		sp.Tree = h.Tree
	}
	if !sp.HasScore && h.Score > 0 {
		sp.Score, sp.HasScore = h.Score, true
	}
	return sp.withDefaults()
}
