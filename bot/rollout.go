package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/commons-games/commons/game"
)

// rolloutBot is the rollout algorithm (Tesauro and Galperin 1996): each
// of the moves greedy rates best is tried in many playouts, every seat
// then playing the game's base policy (greedy's one-ply choice, by
// default) to the end, and greedy's own move is played unless another's
// playouts ended clearly better (choose).
//
// Its playouts come in rounds: a round plays one playout after every
// candidate move with the same seed, so that the box deals the same
// tiles and the Sampler draws the same hidden state after each of them
// (common random numbers). In a game as lucky as 3io, where one game
// decides little, the luck of a playout is most of its result; comparing
// moves on the same luck leaves the difference the move makes.
//
// The result does not depend on the number of workers for an iteration
// budget: a round's seed is its index mixed with the move's seed, and the
// rounds are summed in order.
type rolloutBot struct {
	sp   Spec
	rng  *rand.Rand
	runs []*rolloutRun // one per worker, kept between moves
	one  onePly
	buf  []game.Action
	last SearchStats
}

// Defaults of the rollout bot's parameters.
const (
	// DefaultCandidates is how many of greedy's best moves a rollout
	// search compares.
	DefaultCandidates = 6
	// defaultRolloutScore weighs a playout's final lead (in standard
	// deviations of the leads seen) against its win (1).
	defaultRolloutScore = 0.5
)

func newRolloutBot(sp Spec, seed uint64) *rolloutBot {
	if sp.Iterations == 0 && sp.Time == 0 {
		sp.Iterations = 100
	}
	if sp.Workers == 0 {
		sp.Workers = runtime.NumCPU()
	}
	if sp.Playout == "" {
		sp.Playout = "greedy"
	}
	if sp.Candidates == 0 {
		sp.Candidates = DefaultCandidates
	}
	if !sp.HasScore {
		sp.Score = defaultRolloutScore
	}
	return &rolloutBot{sp: sp, rng: game.NewRand(seed)}
}

// LastSearch describes the last move's search: Iterations counts rounds.
func (b *rolloutBot) LastSearch() SearchStats { return b.last }

// candidate is a move under test.
type candidate struct {
	a       game.Action
	greedyV float64 // its one-ply value, which orders the candidates
}

// Act plays the candidate whose playouts ended best for the seat.
func (b *rolloutBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	b.last = SearchStats{}
	me, err := checkToMove(s)
	if err != nil {
		return 0, err
	}
	root := s
	smp, hidden := s.(game.Sampler)
	if hidden {
		// Hidden information: from here on only samples are used; each
		// round draws its own from this one.
		root = smp.Sample(me, b.rng)
		smp, _ = root.(game.Sampler)
	}
	legal := root.LegalActions(b.buf)
	b.buf = legal
	if len(legal) == 0 {
		return 0, noMoveError(root)
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	cands := make([]candidate, len(legal))
	for i, a := range legal {
		v, err := b.one.value(root, a, me, b.rng)
		if err != nil {
			return 0, err
		}
		cands[i] = candidate{a: a, greedyV: v}
	}
	// Greedy's best first; a stable sort keeps the legal order among
	// equals, so the choice is reproducible.
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].greedyV > cands[j].greedyV })
	if len(cands) > b.sp.Candidates {
		cands = cands[:b.sp.Candidates]
	}
	seed := b.rng.Uint64()
	workers := b.sp.Workers
	for len(b.runs) < workers {
		b.runs = append(b.runs, newRolloutRun(b.sp))
	}
	var deadline time.Time
	if b.sp.Time > 0 {
		deadline = start.Add(b.sp.Time)
	}
	// rounds[j] holds round j's results, one per candidate: the seat's
	// return and its lead in points.
	var mu sync.Mutex
	var rounds [][]playoutEnd
	var next atomic.Int64
	var firstErr error
	var wg sync.WaitGroup
	for w := range workers {
		run := b.runs[w]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				j := int(next.Add(1)) - 1
				if b.sp.Iterations > 0 && j >= b.sp.Iterations {
					return
				}
				ends, ok, err := run.round(ctx, root, smp, me, cands, mix(seed, uint64(j)), deadline)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				if !ok {
					return // out of time: the round is left out whole
				}
				mu.Lock()
				for len(rounds) <= j {
					rounds = append(rounds, nil)
				}
				rounds[j] = ends
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	best := b.choose(cands, rounds)
	b.last.Trees = workers
	b.last.Elapsed = time.Since(start)
	for _, r := range b.runs[:workers] {
		b.last.Playouts += r.playouts
		b.last.PlayoutActions += r.actions
		r.playouts, r.actions = 0, 0
	}
	return cands[best].a, nil
}

// choose returns the index of the candidate to play. Each candidate is
// rewarded in a round by its return plus Score times its lead in
// standard deviations of the leads of every playout; a candidate other
// than greedy's own choice (cands[0]) is played only if it beat greedy's
// choice over the rounds by more than confidence standard errors of the
// paired differences, the best such by its mean. A plain best mean would
// pick, of several moves as good as each other, the one its playouts
// happened to favour (the winner's curse), and leave greedy's choice
// where greedy was right. With no finished round (a budget too short for
// one) greedy's choice stands.
func (b *rolloutBot) choose(cands []candidate, rounds [][]playoutEnd) int {
	var n int
	var sumLead, sumLead2 float64
	for _, r := range rounds {
		if r == nil {
			continue // a round a worker took but did not finish in time
		}
		n++
		for _, e := range r {
			sumLead += e.lead
			sumLead2 += e.lead * e.lead
		}
	}
	b.last.Iterations = n
	b.last.RootVisits = n * len(cands)
	if n < 2 {
		return 0
	}
	m := float64(n * len(cands))
	sd := math.Sqrt(max(sumLead2/m-(sumLead/m)*(sumLead/m), 0))
	leadW := 0.0
	if sd > 0 {
		leadW = b.sp.Score / sd
	}
	reward := func(e playoutEnd) float64 { return e.ret + leadW*e.lead }
	best, bestMean := 0, 0.0
	for i := 1; i < len(cands); i++ {
		var sum, sum2 float64
		for _, r := range rounds {
			if r != nil {
				d := reward(r[i]) - reward(r[0])
				sum += d
				sum2 += d * d
			}
		}
		mean := sum / float64(n)
		se := math.Sqrt(max(sum2/float64(n)-mean*mean, 0) / float64(n-1))
		if mean > bestMean && mean > confidence*se {
			best, bestMean = i, mean
		}
	}
	return best
}

// confidence is how many standard errors a candidate must beat greedy's
// choice by to be played instead.
const confidence = 2

// playoutEnd is how a playout ended for the searching seat.
type playoutEnd struct {
	ret  float64 // its return
	lead float64 // its score less the best other seat's; 0 without scores
}

// rolloutRun is one worker's playouts: the state they run on and the
// playout runner of the tree searches (rollout), its moves drawn from
// policy and its chance outcomes from chance, both seeded afresh for
// every playout.
type rolloutRun struct {
	s        game.State
	roll     *rollout
	chance   rand.PCG
	policy   rand.PCG
	ret      []float64
	scores   []float64
	playouts int
	actions  int
}

func newRolloutRun(sp Spec) *rolloutRun {
	r := &rolloutRun{}
	// Every seat plays the base policy itself: a greedy playout never
	// slips (epsilon 0), the final score is read apart (score 0).
	sp.Epsilon, sp.Score, sp.Depth = 0, 0, 0
	r.roll = newRollout(sp, rand.New(&r.policy))
	r.roll.chance = rand.New(&r.chance)
	return r
}

// round plays one playout after each candidate, all from the same seed.
// It reports false, and no results, if the deadline passed first.
func (r *rolloutRun) round(ctx context.Context, root game.State, smp game.Sampler, me game.Player, cands []candidate, seed uint64, deadline time.Time) ([]playoutEnd, bool, error) {
	ends := make([]playoutEnd, len(cands))
	for i, c := range cands {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		if !deadline.IsZero() && !time.Now().Before(deadline) {
			return nil, false, nil
		}
		r.chance.Seed(seed, 1)
		r.policy.Seed(seed, 2)
		r.loadSample(root, smp, me)
		if err := r.s.Apply(c.a); err != nil {
			return nil, false, illegalError(r.s, c.a, err)
		}
		if _, err := r.roll.run(r.s, me); err != nil {
			return nil, false, err
		}
		r.playouts++
		r.actions += r.roll.length
		r.ret = r.s.Returns(r.ret)
		ends[i].ret = r.ret[me]
		if sc, ok := r.s.(game.Scorer); ok {
			r.scores = sc.Scores(r.scores)
			ends[i].lead = lead(r.scores, me)
		}
	}
	return ends, true, nil
}

// load makes r.s a copy of st.
func (r *rolloutRun) load(st game.State) {
	r.s = copyInto(r.s, st)
}

// loadSample makes r.s a copy of root or, when smp is root's Sampler, a
// sample of root for me drawn from the playout's chance stream: in place
// when r.s is a game.Resampler, so that a playout allocates no state.
func (r *rolloutRun) loadSample(root game.State, smp game.Sampler, me game.Player) {
	if smp == nil {
		r.load(root)
		return
	}
	if rs, ok := r.s.(game.Resampler); ok {
		rs.SampleFrom(root, me, r.roll.chance)
		return
	}
	r.load(smp.Sample(me, r.roll.chance))
}

// lead is v[p] less the best of the other seats' values.
func lead(v []float64, p game.Player) float64 {
	other := math.Inf(-1)
	for i, x := range v {
		if i != int(p) {
			other = max(other, x)
		}
	}
	if math.IsInf(other, -1) {
		return 0
	}
	return v[p] - other
}
