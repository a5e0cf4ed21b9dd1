// Package gametest is the conformance kit every Commons game runs: random
// games over many seeds, checking at every step the properties the game
// package promises, in the spirit of OpenSpiel's random simulation tests.
package gametest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
)

// Params choose the games the kit plays.
type Params struct {
	Players int          // player count; 0 means the game's minimum
	Options game.Options // options; unset ones take their defaults
	Games   int          // number of random games; 0 means 20
	Seed    uint64       // first seed; game k uses Seed+k
	// SampleEvery runs the Sampler checks at every n-th step (0: every
	// step). Sampling is the slowest check for games with many cards.
	SampleEvery int
}

// Run plays p.Games random games of g and fails t at the first broken
// promise. Each failure names the game's seed and step, so it can be
// reproduced.
func Run(t *testing.T, g game.Game, p Params) {
	t.Helper()
	if err := Check(g, p); err != nil {
		t.Fatal(err)
	}
}

// Check is Run without a testing.T: it returns the first broken promise.
func Check(g game.Game, p Params) error {
	if p.Players == 0 {
		p.Players = g.Info().MinPlayers
	}
	if p.Games == 0 {
		p.Games = 20
	}
	cfg, err := game.Resolve(g, p.Players, p.Options)
	if err != nil {
		return err
	}
	info := g.Info()
	if info.Name == "" || info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers {
		return fmt.Errorf("bad Info: %+v", info)
	}
	if err := checkParams(g); err != nil {
		return err
	}
	var samples sampleCount
	var counts []string // the Outcome count names of the first game
	for k := 0; k < p.Games; k++ {
		seed := p.Seed + uint64(k)
		if err := playOne(g, cfg, p, seed, &samples, &counts); err != nil {
			return fmt.Errorf("%s players=%d options=%v seed=%d: %w", info.Name, cfg.Players, cfg.Options, seed, err)
		}
	}
	if samples.total > 0 && samples.differed == 0 {
		return fmt.Errorf("%s: none of %d samples differed from the real state: the Sampler must deal the unknown part again, not return what it does not know", info.Name, samples.total)
	}
	return nil
}

// checkParams checks the parameters a game declares tunable (Info.Params):
// each sets an option of the game, once, with distinct values allowed by
// the option, today's value among them, and each value makes a game at
// some player count.
func checkParams(g game.Game) error {
	in := g.Info()
	seen := map[string]bool{}
	for _, p := range in.Params {
		spec, ok := in.Option(p.Option)
		switch {
		case !ok:
			return fmt.Errorf("%s: parameter %q: no such option", in.Name, p.Option)
		case seen[p.Option]:
			return fmt.Errorf("%s: parameter %q declared twice", in.Name, p.Option)
		case len(p.Values) == 0:
			return fmt.Errorf("%s: parameter %q: no values", in.Name, p.Option)
		case p.Doc == "":
			return fmt.Errorf("%s: parameter %q: no Doc", in.Name, p.Option)
		case spec.Path:
			return fmt.Errorf("%s: parameter %q: a file's name is no parameter", in.Name, p.Option)
		case spec.Default != "" && !slices.Contains(p.Values, spec.Default):
			return fmt.Errorf("%s: parameter %q: today's value %q is not among its values %v", in.Name, p.Option, spec.Default, p.Values)
		}
		seen[p.Option] = true
		for i, v := range p.Values {
			if slices.Contains(p.Values[:i], v) {
				return fmt.Errorf("%s: parameter %q: value %q twice", in.Name, p.Option, v)
			}
			if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
				return fmt.Errorf("%s: parameter %q: value %q is not one of the option's %v", in.Name, p.Option, v, spec.Values)
			}
			var err error
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				if _, err = game.NewState(g, n, game.Options{p.Option: v}); err == nil {
					break
				}
			}
			if err != nil {
				return fmt.Errorf("%s: parameter %s=%q makes no game at any player count: %w", in.Name, p.Option, v, err)
			}
		}
	}
	return nil
}

// sampleCount counts Sampler results and those that differ from the real
// state.
type sampleCount struct{ total, differed int }

type checker struct {
	g       game.Game
	cfg     game.Config
	info    game.Info
	rng     *rand.Rand
	history []game.Action
	notes   []string
	buf     []game.Action
	outs    []game.ChanceOutcome
	samples *sampleCount
	counts  *[]string
	// distinctSeen reports whether checkDistinctOutcomes has met a choice
	// in this game.
	distinctSeen bool
	// standing is the first answer of a game.StandingEvaluator's
	// Standing in this game: 0 unseen, 1 false, 2 true.
	standing int
	undo     undoCheck
}

func playOne(g game.Game, cfg game.Config, p Params, seed uint64, samples *sampleCount, counts *[]string) error {
	c := &checker{g: g, cfg: cfg, info: g.Info(), rng: game.NewRand(seed), samples: samples, counts: counts}
	s, err := g.New(cfg)
	if err != nil {
		return fmt.Errorf("New: %w", err)
	}
	maxLen := g.MaxLength(cfg)
	if maxLen <= 0 {
		return fmt.Errorf("MaxLength = %d", maxLen)
	}
	_, isSampler := s.(game.Sampler)
	if c.info.HiddenInformation && !isSampler {
		return fmt.Errorf("game declares hidden information but its state does not implement game.Sampler")
	}
	c.undo.start(s)
	err = match.Play(context.Background(), s, match.Fixed(slices.Repeat([]bot.Bot{kitPlayer{c}}, cfg.Players)), match.Options{
		Rand: c.rng, MaxLength: maxLen,
		Before: func(s game.State, step int) error {
			if err := c.checkUndo(s, step, p.SampleEvery); err != nil {
				return fmt.Errorf("undo: %w", err)
			}
			return c.checkStep(s, step, isSampler, p.SampleEvery)
		},
		OnStep: func(st match.Step) {
			c.undo.played(st.State, st.Action)
			c.history = append(c.history, st.Action)
			c.notes = append(c.notes, record.Notation(st.State, st.Action))
		},
	})
	if err != nil {
		return fmt.Errorf("step %d: %w", len(c.history), err)
	}
	return c.checkEnd(s)
}

// kitPlayer plays every seat of the kit's games: a legal action drawn
// from the checker's generator, which draws the chance outcomes and the
// checks' inputs too, so that a game is its seed's whatever is checked.
type kitPlayer struct{ c *checker }

func (k kitPlayer) Act(_ context.Context, s game.State) (game.Action, error) {
	k.c.buf = s.LegalActions(k.c.buf)
	return k.c.buf[k.c.rng.IntN(len(k.c.buf))], nil
}

// checkStep makes the checks of one state of a game, before its action is
// chosen: every one at every step, the dearer ones every few steps.
func (c *checker) checkStep(s game.State, step int, isSampler bool, sampleEvery int) error {
	if err := c.checkState(s, step); err != nil {
		return err
	}
	if isSampler && (sampleEvery <= 1 || step%sampleEvery == 0) {
		if err := c.checkSampler(s); err != nil {
			return fmt.Errorf("sampler: %w", err)
		}
	}
	if step%5 == 1 {
		if err := c.checkHeuristics(s); err != nil {
			return err
		}
	}
	if step%7 == 3 {
		if err := c.checkCloneIndependent(s); err != nil {
			return err
		}
	}
	if !c.distinctSeen || step%distinctEvery == distinctEvery/2 {
		if err := c.checkDistinctOutcomes(s); err != nil {
			return err
		}
	}
	return nil
}

// checkState checks legal actions, notation, chance outcomes, illegal
// actions, clones and observations at one state.
func (c *checker) checkState(s game.State, step int) error {
	pl := s.CurrentPlayer()
	n := c.cfg.Players
	if pl != game.Chance && pl != game.Terminal && (pl < 0 || int(pl) >= n) {
		return fmt.Errorf("CurrentPlayer = %d with %d players", pl, n)
	}
	c.buf = s.LegalActions(c.buf)
	legal := append([]game.Action(nil), c.buf...)
	c.outs = s.ChanceOutcomes(c.outs)
	switch pl {
	case game.Terminal:
		if len(legal) != 0 || len(c.outs) != 0 {
			return fmt.Errorf("terminal state has %d legal actions and %d chance outcomes", len(legal), len(c.outs))
		}
		return c.checkObservations(s)
	case game.Chance:
		if len(c.outs) == 0 {
			return fmt.Errorf("chance node without outcomes")
		}
		if len(c.outs) != len(legal) {
			return fmt.Errorf("chance node: %d outcomes but %d legal actions", len(c.outs), len(legal))
		}
		sum := 0.0
		for i, o := range c.outs {
			if o.Action != legal[i] {
				return fmt.Errorf("chance outcome %d is action %d, LegalActions says %d", i, o.Action, legal[i])
			}
			if !(o.P > 0) || o.P > 1 {
				return fmt.Errorf("chance outcome %q has probability %v", s.ActionString(o.Action), o.P)
			}
			sum += o.P
		}
		if math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("chance probabilities sum to %v", sum)
		}
	default:
		if len(legal) == 0 {
			return fmt.Errorf("%v to move has no legal action", pl)
		}
		if len(c.outs) != 0 {
			return fmt.Errorf("player node has %d chance outcomes", len(c.outs))
		}
	}
	for i, a := range legal {
		if a < 0 {
			return fmt.Errorf("negative action %d", a)
		}
		if i > 0 && a <= legal[i-1] {
			return fmt.Errorf("legal actions not strictly ascending: %d after %d", a, legal[i-1])
		}
		str := s.ActionString(a)
		if str == "" {
			return fmt.Errorf("action %d has empty notation", a)
		}
		back, err := s.ParseAction(str)
		if err != nil {
			return fmt.Errorf("ParseAction(%q) (action %d): %w", str, a, err)
		}
		if back != a {
			return fmt.Errorf("ParseAction(ActionString(%d)) = %d (notation %q)", a, back, str)
		}
	}
	seen := make(map[string]game.Action, len(legal))
	for _, a := range legal {
		str := s.ActionString(a)
		if b, dup := seen[str]; dup {
			return fmt.Errorf("actions %d and %d share the notation %q", b, a, str)
		}
		seen[str] = a
	}
	if err := c.checkIllegal(s, legal); err != nil {
		return err
	}
	clone := s.Clone()
	if !equal(s, clone) {
		return fmt.Errorf("Clone is not equal to the original")
	}
	if _, err := s.ParseAction("\x00 not a move \x00"); err == nil {
		return fmt.Errorf("ParseAction accepted garbage")
	}
	return c.checkObservations(s)
}

// checkIllegal applies actions that are not legal and checks that each is
// refused and changes nothing.
func (c *checker) checkIllegal(s game.State, legal []game.Action) error {
	max := game.Action(0)
	if len(legal) > 0 {
		max = legal[len(legal)-1]
	}
	cands := []game.Action{-1, max + 1, 1 << 30}
	for range 3 {
		cands = append(cands, game.Action(c.rng.IntN(int(max)+2)))
	}
	before := s.Clone()
	for _, a := range cands {
		if contains(legal, a) {
			continue
		}
		if err := s.Apply(a); err == nil {
			return fmt.Errorf("illegal action %d accepted", a)
		} else if err.Error() == "" {
			return fmt.Errorf("illegal action %d: empty error", a)
		}
		if !equal(s, before) {
			return fmt.Errorf("refused action %d changed the state", a)
		}
	}
	return nil
}

// checkCloneIndependent plays on a clone and checks that the original
// still equals a state rebuilt from scratch from the same history.
func (c *checker) checkCloneIndependent(s game.State) error {
	if game.IsTerminal(s) {
		return nil
	}
	rebuilt, err := c.rebuild()
	if err != nil {
		return err
	}
	if !equal(s, rebuilt) {
		return fmt.Errorf("state differs from one rebuilt from the same actions")
	}
	cl := s.Clone()
	for range 5 {
		if game.IsTerminal(cl) {
			break
		}
		var a game.Action
		if game.IsChance(cl) {
			a = game.SampleChance(cl, c.rng, nil)
		} else {
			l := cl.LegalActions(nil)
			a = l[c.rng.IntN(len(l))]
		}
		if err := cl.Apply(a); err != nil {
			return fmt.Errorf("clone: legal action rejected: %w", err)
		}
	}
	if !equal(s, rebuilt) {
		return fmt.Errorf("playing on a clone changed the original")
	}
	if cp, ok := cl.(game.Copier); ok {
		// cl has moved on; copying s over it must give s back, and
		// playing on the copy must leave s alone.
		cp.CopyFrom(s)
		if !equal(s, cl) {
			return fmt.Errorf("CopyFrom does not make an equal state")
		}
		if !game.IsTerminal(cl) {
			if err := c.playout(cl, 5); err != nil {
				return fmt.Errorf("after CopyFrom: %w", err)
			}
		}
		if !equal(s, rebuilt) {
			return fmt.Errorf("playing on a CopyFrom copy changed the original")
		}
	}
	return nil
}

func (c *checker) rebuild() (game.State, error) {
	s, err := c.g.New(c.cfg)
	if err != nil {
		return nil, err
	}
	for i, a := range c.history {
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("rebuild: action %d rejected: %w", i, err)
		}
	}
	return s, nil
}

// checkObservations marshals every seat's and the spectator's observation
// and renders them.
func (c *checker) checkObservations(s game.State) error {
	for p := game.Spectator; int(p) < c.cfg.Players; p++ {
		if p == game.Terminal || p == game.Chance {
			continue
		}
		if _, err := json.Marshal(s.Observation(p)); err != nil {
			return fmt.Errorf("Observation(%v) does not marshal: %w", p, err)
		}
		if s.Render(p) == "" {
			return fmt.Errorf("Render(%v) is empty", p)
		}
	}
	return nil
}

// checkSampler checks that a sample for each seat looks the same to that
// seat and to spectators as the real state, and can be played on.
func (c *checker) checkSampler(s game.State) error {
	smp := s.(game.Sampler)
	for p := game.Player(0); int(p) < c.cfg.Players; p++ {
		sample := smp.Sample(p, c.rng)
		c.samples.total++
		if !equal(s, sample) {
			c.samples.differed++
		}
		for _, viewer := range []game.Player{p, game.Spectator} {
			want, got := obsJSON(s, viewer), obsJSON(sample, viewer)
			if !bytes.Equal(want, got) {
				return fmt.Errorf("sample for %v: Observation(%v) differs:\nreal:   %s\nsample: %s", p, viewer, want, got)
			}
		}
		if sample.CurrentPlayer() != s.CurrentPlayer() {
			return fmt.Errorf("sample for %v: CurrentPlayer %v, real %v", p, sample.CurrentPlayer(), s.CurrentPlayer())
		}
		if s.CurrentPlayer() == p {
			if !reflect.DeepEqual(sample.LegalActions(nil), s.LegalActions(nil)) {
				return fmt.Errorf("sample for %v, who is to move: different legal actions", p)
			}
		}
		if err := c.playout(sample, 30); err != nil {
			return fmt.Errorf("sample for %v: %w", p, err)
		}
		if err := c.checkResampler(s, p); err != nil {
			return err
		}
	}
	return nil
}

// checkResampler checks that SampleFrom, into another state or into the
// state it samples, draws what Sample draws from the same numbers. The
// other state is the game's start, so that a SampleFrom that leaves any
// of its receiver as it was shows.
func (c *checker) checkResampler(s game.State, p game.Player) error {
	if _, ok := s.(game.Resampler); !ok {
		return nil
	}
	start, err := c.g.New(c.cfg)
	if err != nil {
		return fmt.Errorf("New: %w", err)
	}
	into, ok := start.(game.Resampler)
	if !ok {
		return fmt.Errorf("the game's start is no game.Resampler where its later states are")
	}
	seed := c.rng.Uint64()
	want := s.(game.Sampler).Sample(p, game.NewRand(seed))
	into.SampleFrom(s, p, game.NewRand(seed))
	if !equal(want, into.(game.State)) {
		return fmt.Errorf("SampleFrom(state, %v) draws another state than Sample(%v) from the same numbers", p, p)
	}
	self := s.Clone()
	self.(game.Resampler).SampleFrom(self, p, game.NewRand(seed))
	if !equal(want, self) {
		return fmt.Errorf("SampleFrom(itself, %v) draws another state than Sample(%v) from the same numbers", p, p)
	}
	return nil
}

// playout applies up to n random actions to s.
func (c *checker) playout(s game.State, n int) error {
	for range n {
		if game.IsTerminal(s) {
			return nil
		}
		var a game.Action
		if game.IsChance(s) {
			a = game.SampleChance(s, c.rng, nil)
		} else {
			l := s.LegalActions(nil)
			if len(l) == 0 {
				return fmt.Errorf("%v to move has no legal action", s.CurrentPlayer())
			}
			a = l[c.rng.IntN(len(l))]
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("playout: legal action %q rejected: %w", s.ActionString(a), err)
		}
	}
	return nil
}

// checkEnd checks the returns and that the game's record replays to the
// same state and observations.
func (c *checker) checkEnd(s game.State) error {
	ret := s.Returns(nil)
	if len(ret) != c.cfg.Players {
		return fmt.Errorf("Returns has %d values for %d players", len(ret), c.cfg.Players)
	}
	for i, r := range ret {
		if !(r >= 0 && r <= 1) {
			return fmt.Errorf("return of seat %d is %v, want within [0, 1]", i+1, r)
		}
	}
	if err := c.checkOutcome(s); err != nil {
		return err
	}
	rec := &record.Record{Game: c.info.Name, Players: c.cfg.Players, Options: c.cfg.Options, Moves: c.notes}
	data := rec.Marshal()
	parsed, err := record.Parse(data)
	if err != nil {
		return fmt.Errorf("record does not parse back: %w", err)
	}
	rep, err := record.Play(parsed, record.Options{})
	if err != nil {
		return fmt.Errorf("replaying the game's record: %w", err)
	}
	if !equal(s, rep.State) {
		return fmt.Errorf("replayed record reaches a different state")
	}
	for p := game.Spectator; int(p) < c.cfg.Players; p++ {
		if p == game.Terminal || p == game.Chance {
			continue
		}
		if !bytes.Equal(obsJSON(s, p), obsJSON(rep.State, p)) {
			return fmt.Errorf("replayed record: Observation(%v) differs", p)
		}
	}
	return nil
}

// distinctEvery is how often, in steps, checkDistinctOutcomes runs after
// a game's first choice (which it always checks): it plays every legal
// move, the kit's dearest check.
const distinctEvery = 11

// checkDistinctOutcomes plays each legal move of the seat to move on a
// copy and fails when two lead to the same state. A move is a distinct
// outcome: two moves that are one show people a choice that is none,
// weigh that outcome twice in random play and in every search's
// branching, and make a record say more than happened. (Open Source
// offered a YYY tile at its three turns, one lie, until its ruling G8b.)
// States are grouped by what spectators observe (equal states look
// alike), and only states that look alike are compared whole.
func (c *checker) checkDistinctOutcomes(s game.State) error {
	pl := s.CurrentPlayer()
	if pl == game.Chance || pl == game.Terminal {
		return nil
	}
	legal := s.LegalActions(nil)
	if len(legal) < 2 {
		return nil
	}
	c.distinctSeen = true
	type child struct {
		a game.Action
		s game.State
	}
	groups := make(map[string][]child, len(legal))
	var key bytes.Buffer
	for _, a := range legal {
		next := s.Clone()
		if err := next.Apply(a); err != nil {
			return fmt.Errorf("legal action %q rejected: %w", s.ActionString(a), err)
		}
		key.Reset()
		fmt.Fprintf(&key, "%d|", next.CurrentPlayer())
		key.Write(obsJSON(next, game.Spectator))
		k := key.String()
		for _, o := range groups[k] {
			if equal(o.s, next) {
				return fmt.Errorf("%v's moves %q and %q lead to the same state: a move must be a distinct outcome", pl, s.ActionString(o.a), s.ActionString(a))
			}
		}
		groups[k] = append(groups[k], child{a, next})
	}
	return nil
}

func obsJSON(s game.State, p game.Player) []byte {
	b, err := json.Marshal(s.Observation(p))
	if err != nil {
		return []byte("error: " + err.Error())
	}
	return b
}

// Equal reports whether two states are the same position: by the
// state's Equal when it has one (game.Equaler), else reflect.DeepEqual.
func Equal(a, b game.State) bool {
	if e, ok := a.(game.Equaler); ok {
		return e.Equal(b)
	}
	return reflect.DeepEqual(a, b)
}

func equal(a, b game.State) bool { return Equal(a, b) }

func contains(l []game.Action, a game.Action) bool { return slices.Contains(l, a) }

// checkHeuristics checks what a game offers bots at a player node: its
// Prior gives one positive, finite weight per legal action; its Evaluator
// one finite value per seat; each script its Info lists plays a legal
// action (asked on a sample for the seat in a hidden-information game,
// as the script bot does) and an unknown script is refused; a
// StandingEvaluator answers Standing the same at every state; a
// LevelTuner's budgets and a SearchTuner's hints are in range
// (game.Budget.Check, game.SearchHints.Check); none of them changes the
// state.
func (c *checker) checkHeuristics(s game.State) error {
	pl := s.CurrentPlayer()
	if pl < 0 {
		return nil
	}
	before := s.Clone()
	legal := s.LegalActions(nil)
	if pr, ok := s.(game.Prior); ok {
		w := pr.Prior(legal, nil)
		if len(w) != len(legal) {
			return fmt.Errorf("Prior: %d weights for %d legal actions", len(w), len(legal))
		}
		for i, x := range w {
			if !(x > 0) || math.IsInf(x, 0) {
				return fmt.Errorf("Prior: weight %v for %q: want a positive finite number", x, s.ActionString(legal[i]))
			}
		}
	}
	if ev, ok := s.(game.Evaluator); ok {
		v := ev.Evaluate(nil)
		if len(v) != c.cfg.Players {
			return fmt.Errorf("Evaluate: %d values for %d players", len(v), c.cfg.Players)
		}
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("Evaluate: %v", v)
			}
		}
	}
	if se, ok := s.(game.StandingEvaluator); ok {
		// Whether evaluations are standings is a property of the game's
		// evaluator, the same at every state: a search reads it at each
		// cut-off.
		got := 1
		if se.Standing() {
			got = 2
		}
		if c.standing != 0 && got != c.standing {
			return fmt.Errorf("Standing: %v here, %v at an earlier state of the same game", got == 2, c.standing == 2)
		}
		c.standing = got
	}
	_, isScripter := s.(game.Scripter)
	if len(c.info.Scripts) > 0 && !isScripter {
		return fmt.Errorf("Info lists scripts but the state does not implement game.Scripter")
	}
	if len(c.info.Scripts) > 0 {
		on := s
		if smp, ok := s.(game.Sampler); ok {
			on = smp.Sample(pl, c.rng)
		}
		sc := on.(game.Scripter)
		for _, info := range c.info.Scripts {
			a, err := sc.Script(info.Name, c.rng)
			if err != nil {
				return fmt.Errorf("script %s: %w", info.Name, err)
			}
			if !contains(legal, a) {
				return fmt.Errorf("script %s played %d (%q), which is not legal", info.Name, a, s.ActionString(a))
			}
		}
		if _, err := sc.Script("no-such-script", c.rng); err == nil {
			return fmt.Errorf("Script(%q) accepted an unknown name", "no-such-script")
		}
	}
	if lt, ok := s.(game.LevelTuner); ok {
		for _, level := range []string{"easy", "medium", "hard"} {
			b := lt.LevelBudget(level)
			err := b.Check()
			if err == nil && level == "easy" && !b.IsZero() {
				err = fmt.Errorf("the easy level (greedy) takes no budget")
			}
			if err != nil {
				return fmt.Errorf("LevelBudget(%q) = %+v: %w", level, b, err)
			}
		}
	}
	if tu, ok := s.(game.SearchTuner); ok {
		if err := tu.SearchHints().Check(c.info); err != nil {
			return fmt.Errorf("SearchHints: %w", err)
		}
	}
	if oc, ok := s.(game.Outcomer); ok {
		if o := oc.Outcome(nil); o.Reason != "" || len(o.Counts) != 0 {
			return fmt.Errorf("Outcome before the end: %+v, want the zero Outcome", o)
		}
	}
	if !equal(s, before) {
		return fmt.Errorf("Prior, Evaluate, Script or Outcome changed the state")
	}
	return nil
}

// checkOutcome checks a terminal state's game.Outcome, when the game has
// one: a reason that is a key (lower-case words joined by hyphens) with
// words for people, counts with distinct key names and no negative
// number, the same names in every game of the configuration, and a state
// left as it was.
func (c *checker) checkOutcome(s game.State) error {
	oc, ok := s.(game.Outcomer)
	if !ok {
		return nil
	}
	before := s.Clone()
	o := oc.Outcome(make([]game.Count, 0, 1))
	if !isKey(o.Reason) {
		return fmt.Errorf("Outcome at the end: reason %q, want a key such as \"supply\" (lower-case words joined by hyphens)", o.Reason)
	}
	if o.Words == "" {
		return fmt.Errorf("Outcome at the end: reason %q without words", o.Reason)
	}
	names := make([]string, 0, len(o.Counts))
	seen := map[string]bool{}
	for _, n := range o.Counts {
		switch {
		case !isKey(n.Name):
			return fmt.Errorf("Outcome: count name %q, want a key (lower-case words joined by hyphens)", n.Name)
		case seen[n.Name]:
			return fmt.Errorf("Outcome: count %q twice", n.Name)
		case n.N < 0:
			return fmt.Errorf("Outcome: count %s = %d", n.Name, n.N)
		}
		seen[n.Name] = true
		names = append(names, n.Name)
	}
	if *c.counts == nil {
		*c.counts = names
	} else if !reflect.DeepEqual(*c.counts, names) {
		return fmt.Errorf("Outcome: counts %v, but another game of the same configuration had %v", names, *c.counts)
	}
	if !equal(s, before) {
		return fmt.Errorf("Outcome changed the state")
	}
	return nil
}

// isKey reports whether k is lower-case letters and digits in words
// joined by single hyphens.
func isKey(k string) bool {
	if k == "" || k[0] == '-' || k[len(k)-1] == '-' {
		return false
	}
	for i := 0; i < len(k); i++ {
		ch := k[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9':
		case ch == '-' && k[i-1] != '-':
		default:
			return false
		}
	}
	return true
}
