package lab

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// pcgStream is the second PCG seed of game.NewRand: a worker reseeds its
// generators with it instead of making new ones for every game
// (TestReseededRandMatchesNewRand keeps the two the same).
const pcgStream = 0x636f6d6d6f6e73

// worker plays games one after another, reusing its buffers, so that a
// game of random bots allocates next to nothing.
type worker struct {
	r        *runner
	s        game.State
	cp       game.Copier
	chance   *rand.Rand
	chanceSr *rand.PCG
	seats    []*rand.Rand
	seatSrc  []*rand.PCG
	buf      []game.Action
	outs     []game.ChanceOutcome
	// raw holds the trace's values as read, Players per point, for
	// finish to sum up: Lead Change and Drama in games of more than two
	// seats, Decisiveness in every game.
	raw []float64
	// two sums up a two-seat game's Lead Change and Drama as the trace
	// is read, into pair.
	two  twoTrace
	pair []float64 // room for a reading of two values
	// What the trace reads on w.s, found once per state rather than by a
	// type assertion at every point: its scores, else its evaluation.
	scorer    game.Scorer
	evaluator game.Evaluator
	rounder   game.Rounder // the game's count of rounds, with --trace round in a game that keeps one
	round     int          // the round of the last trace point, -1 before the first
	last      game.Player
	first     game.Player // the game's first mover, whose turns start rounds
	watch     bool        // the trace takes points
	byRound   bool        // once a round (--trace round)
	everyMove bool        // the trace takes a point at every decision
	tally     []tally     // by seat, for res's Moves, Legal and Choices
	res       Result
	counts    []game.Count
	line      []byte
	plain     lineMemo // what the lines before wrote, remembered
}

// tally counts a seat's decisions (Result's Moves), their legal actions
// (Legal) and those with a choice (Choices) as the game goes.
type tally struct{ moves, legal, choices int }

func (r *runner) newWorker() *worker {
	n := r.gcfg.Players
	w := &worker{r: r, chanceSr: rand.NewPCG(0, 0), buf: make([]game.Action, 0, 256), outs: make([]game.ChanceOutcome, 0, 64),
		raw: make([]float64, 0, 128*n), counts: make([]game.Count, 0, 32), line: make([]byte, 0, 1024)}
	w.chance = rand.New(w.chanceSr)
	w.watch, w.everyMove, w.byRound = r.trace != 0, r.trace == 2, r.trace == 3
	w.two.on, w.pair = n == 2, make([]float64, 0, 2)
	w.tally = make([]tally, n)
	for range n {
		src := rand.NewPCG(0, 0)
		w.seatSrc = append(w.seatSrc, src)
		w.seats = append(w.seats, rand.New(src))
	}
	w.s = r.init.Clone()
	w.cp, _ = w.s.(game.Copier)
	w.traceSource()
	res := &w.res
	res.Bots, res.Returns, res.Moves, res.Choices, res.Legal = make([]int, n), make([]float64, n), make([]int, n), make([]int, n), make([]int, n)
	return w
}

// reset readies the worker for game idx and returns the fresh state.
func (w *worker) reset(idx int) game.State {
	r := w.r
	res := &w.res
	gs := r.man.Seed + uint64(idx)
	*res = Result{Index: idx, Seed: gs, Bots: res.Bots, Returns: res.Returns[:0], Scores: res.Scores[:0],
		Moves: res.Moves, Choices: res.Choices, Legal: res.Legal, Teams: res.Teams[:0], Counts: res.Counts[:0]}
	clear(w.tally)
	if r.schedule != nil {
		copy(res.Bots, r.schedule[idx%len(r.schedule)])
	} else {
		for p := range res.Bots {
			res.Bots[p] = -1
		}
	}
	w.raw = w.raw[:0]
	w.two.reset()
	w.last, w.first = game.Chance, game.Chance
	w.round = -1
	w.chanceSr.Seed(gs, pcgStream)
	if w.cp != nil {
		w.cp.CopyFrom(r.init)
	} else {
		w.s = r.init.Clone()
		w.traceSource()
	}
	return w.s
}

// playGame plays game idx into w.res.
func (w *worker) playGame(ctx context.Context, idx int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s := w.reset(idx)
	var err error
	if w.r.fast {
		err = w.playRandom(s)
	} else {
		err = w.playBots(ctx, s)
	}
	if err != nil {
		return fmt.Errorf("lab: game %d (seed %d): %w", idx, w.res.Seed, err)
	}
	return w.finish(s)
}

// decision records a decision of p, who has nlegal legal actions at the
// state being played (w.s): a turn begun, a point of the trace where one
// is due, the seat's tally. playBots calls it; playRandom has it written
// out. w.first, the game's first mover, is found by point with --trace
// round only; it stays Chance otherwise, so that point sees every turn
// begin.
func (w *worker) decision(p game.Player, nlegal int) {
	if p != w.last { // a turn begins (see point)
		w.res.Turns++
		w.last = p
		if w.watch && (p == w.first || w.first == game.Chance) && (w.rounder == nil || w.roundBegun()) {
			w.point(p)
		}
	} else if w.everyMove {
		w.point(p)
	}
	w.tally[p].add(nlegal)
}

// roundBegun reports whether a round has begun since the last trace
// point by the game's count (game.Rounder), asked with --trace round at
// the turns of the game's first mover of a game that keeps one (rounder
// is nil otherwise). It is small enough to be inlined: in Source half the
// turns it is asked at begin no round, and a call to say so cost some
// 400 instructions a game.
func (w *worker) roundBegun() bool {
	r := w.rounder.Round()
	begun := r != w.round
	w.round = r
	return begun
}

// add counts a decision with nlegal legal actions.
func (t *tally) add(nlegal int) {
	t.moves++
	t.legal += nlegal
	if nlegal > 1 {
		t.choices++
	}
}

// playRandom plays a game of random bots without the bot package: each
// seat draws uniformly among the legal actions with its own generator,
// seeded as bot.New("random", match.BotSeed(seed, p)) would be, so the
// games are those the bots would play (TestFastPathMatchesBots).
func (w *worker) playRandom(s game.State) error {
	gs := w.res.Seed
	for p, src := range w.seatSrc {
		src.Seed(match.BotSeed(gs, game.Player(p)), pcgStream)
	}
	maxLen := w.r.maxLen
	for n := 0; ; n++ {
		p := s.CurrentPlayer()
		if p == game.Terminal {
			return nil
		}
		if n > maxLen {
			return fmt.Errorf("the game is not over after its MaxLength of %d actions", maxLen)
		}
		var a game.Action
		if p == game.Chance {
			w.outs = s.ChanceOutcomes(w.outs)
			if len(w.outs) == 0 {
				return fmt.Errorf("a chance node without outcomes")
			}
			a = game.SampleOutcome(w.outs, w.chance)
		} else {
			w.buf = s.LegalActions(w.buf)
			if len(w.buf) == 0 {
				return fmt.Errorf("%v to move has no legal action", p)
			}
			// decision's body, written out: a call at every move costs
			// 1.2% of a random game's instructions (Source, by
			// callgrind), which this loop, as fast as the bench, cannot
			// spare; TestFastPathMatchesBots keeps the two the same.
			if p != w.last { // a turn begins (see point)
				w.res.Turns++
				w.last = p
				if w.watch && (p == w.first || w.first == game.Chance) && (w.rounder == nil || w.roundBegun()) {
					w.point(p)
				}
			} else if w.everyMove {
				w.point(p)
			}
			w.tally[p].add(len(w.buf))
			a = w.buf[w.seats[p].IntN(len(w.buf))]
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%v played %q (%d), which the game refuses: %w", p, s.ActionString(a), a, err)
		}
		w.res.Actions++
	}
}

// playBots plays a game with the bot package's bots through match.Play.
// With teams, each seat gets its team's bot once the roles are dealt.
func (w *worker) playBots(ctx context.Context, s game.State) error {
	r := w.r
	res := &w.res
	gs := res.Seed
	newBot := func(p game.Player, b int) (bot.Bot, error) {
		res.Bots[p] = b
		return bot.NewFromSpec(r.bots[b], match.BotSeed(gs, p))
	}
	seat := func(_ game.State, p game.Player) (bot.Bot, error) { return newBot(p, res.Bots[p]) }
	if r.byTeam != nil {
		seat = match.ByTeam(r.man.Game, func(team string, p game.Player) (bot.Bot, error) {
			b, ok := r.byTeam[team]
			if !ok {
				return nil, fmt.Errorf("seat %d is in team %q, which no bot was given", p+1, team)
			}
			return newBot(p, b)
		})
	}
	return match.Play(ctx, s, seat, match.Options{Rand: w.chance, MaxLength: r.maxLen, OnStep: func(st match.Step) {
		res.Actions++
		if p := st.Player; p >= 0 {
			w.buf = st.State.LegalActions(w.buf)
			w.decision(p, len(w.buf))
		}
	}})
}

// traceSource finds what the trace reads on w.s: the per-seat scores of
// a game that keeps scores (its Scorer), else the values of its
// Evaluator. Scores come first: who leads on the score sheet is what
// players see, and they cost little, where an evaluation (a search's
// guess) may cost as much as the turn's moves. It finds the game's
// count of rounds too, by which --trace round reads.
func (w *worker) traceSource() {
	w.scorer, w.evaluator = nil, nil
	w.rounder = nil
	if rd, ok := w.s.(game.Rounder); ok && w.byRound {
		w.rounder = rd
	}
	if sc, ok := w.s.(game.Scorer); ok {
		w.scorer = sc
	} else if ev, ok := w.s.(game.Evaluator); ok {
		w.evaluator = ev
	}
}

// point takes a point of the trace at w.s, the state being played, at a
// decision of p; with --trace round the first one finds the game's first
// mover (w.first), at whose turns the rounds begin.
//
// Two seats, the common case, are summed up as they come (twoTrace),
// which costs less than keeping the points and summing them up at the
// end; more are kept, for finish to sum up (summarise) once the game is
// over. A point comes dozens of times in a random game of a few
// microseconds, where every nanosecond shows (docs/lab.md, Performance):
// the two seats' reading is written out here rather than called.
func (w *worker) point(p game.Player) {
	if w.byRound && w.first == game.Chance {
		w.first = p
	}
	if !w.two.on {
		w.pointAny()
		return
	}
	var v []float64
	switch {
	case w.scorer != nil:
		v = w.scorer.Scores(w.pair[:0])
	case w.evaluator != nil:
		v = w.evaluator.Evaluate(w.pair[:0])
	default:
		return
	}
	if len(v) == 2 && w.two.add(v[0], v[1]) {
		// Kept for Decisiveness, whose threshold is known at the end.
		w.raw = append(w.raw, v[0], v[1])
		w.res.Evals++
	}
}

// pointAny is point's reading for more than two seats (or one).
func (w *worker) pointAny() {
	// The values are read straight into w.raw's spare room (a Scorer
	// appends to dst[:0]), else copied there.
	w.raw = slices.Grow(w.raw, w.r.gcfg.Players)
	n := len(w.raw)
	var v []float64
	switch {
	case w.scorer != nil:
		v = w.scorer.Scores(w.raw[n:n])
	case w.evaluator != nil:
		v = w.evaluator.Evaluate(w.raw[n:n])
	default:
		return
	}
	if len(v) != w.r.gcfg.Players || !usable(v) {
		return // a value per seat, finite, or no point
	}
	if &v[0] == &w.raw[:n+1][n] {
		w.raw = w.raw[:n+len(v)]
	} else {
		w.raw = append(w.raw, v...)
	}
	w.res.Evals++
}

// usable reports whether a point's values can be placed between the
// smallest and the largest: they and the range between them are finite.
// A game's scores always are; a point whose are not, which would make
// Drama NaN, is left out.
func usable(v []float64) bool {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	d := hi - lo
	return d-d == 0
}

// winners appends the seats that won, by the returns: those with the top
// return when it is above 0 (a shared win, a team's win, everybody's win);
// none when every seat has 0 (nobody won).
func winners(dst []int, returns []float64) []int {
	dst = dst[:0]
	if len(returns) == 0 {
		return dst
	}
	top := returns[0]
	for _, x := range returns {
		top = max(top, x)
	}
	if top <= 0 {
		return dst
	}
	for p, x := range returns {
		if top-x < 1e-9 {
			dst = append(dst, p)
		}
	}
	return dst
}

// summarise sums up a game's trace, n values a point, given its winners
// (summed up at the end, where they are known): the points where the
// leaders (the seats with the largest value) differ from the point
// before's, and Ludii's Drama: each point's values are placed between
// the smallest (0) and the largest (1), every value 1 when all are equal,
// and Drama is the mean over the points of the mean over the winners of
// the leader's value (1) less the winner's, and most the largest such
// point.
func summarise(raw []float64, n int, win []int) (leads int, mean, most float64) {
	points := len(raw) / n
	var last uint64
	sum := 0.0
	for k := range points {
		row := raw[k*n : (k+1)*n]
		lo, hi := row[0], row[0]
		for _, x := range row {
			lo, hi = min(lo, x), max(hi, x)
		}
		var leaders uint64
		for p, x := range row {
			leaders |= bit(x == hi) << p
		}
		if k == 0 {
			last = leaders
		}
		leads += int(bit(leaders != last))
		last = leaders
		if len(win) == 0 {
			continue
		}
		d := 0.0
		for _, p := range win {
			e := 1.0
			if hi > lo {
				e = (row[p] - lo) / (hi - lo)
			}
			d += 1 - e
		}
		d /= float64(len(win))
		sum += d
		most = max(most, d)
	}
	if points == 0 || len(win) == 0 {
		return leads, 0, 0
	}
	return leads, sum / float64(points), most
}

// decided finds the point at which a game was decided, for Ludii's
// Decisiveness, in its trace raw (n values a point), given its winners:
// the Decisiveness Threshold is the largest value any seat that did not
// win had at any point, and the game was decided at the first point at
// which a winner's value is above it. It returns that point's number,
// from 1, or the number of points + 1 when no winner's value ever is;
// 0 when the game has no trace, no winner or no seat that did not win
// (a draw, everybody's win), where Decisiveness is not defined. The
// values are the trace's as read, not normalised: normalised, every seat
// is at 1 where all are equal, as at the start of most games, and no
// winner could ever be above the threshold.
func decided(raw []float64, n int, win []int) int {
	points := len(raw) / n
	if points == 0 || len(win) == 0 || len(win) >= n {
		return 0
	}
	if n == 2 {
		return decidedTwo(raw, win[0])
	}
	var won uint64
	for _, p := range win {
		won |= 1 << p
	}
	// The values are finite (usable), so a comparison finds the largest.
	threshold := math.Inf(-1)
	for k := range points {
		for p, x := range raw[k*n : (k+1)*n] {
			if won&(1<<p) == 0 && x > threshold {
				threshold = x
			}
		}
	}
	for k := range points {
		row := raw[k*n : (k+1)*n]
		for _, p := range win {
			if row[p] > threshold {
				return k + 1
			}
		}
	}
	return points + 1
}

// decidedTwo is decided for two seats, seat w the winner: a pass over
// the other seat's values for the threshold, and one over w's until
// one is above it. It runs at the end of every two-seat game with a
// trace, so it strides through raw rather than slicing it by point.
func decidedTwo(raw []float64, w int) int {
	threshold := math.Inf(-1)
	for i := 1 - w; i < len(raw); i += 2 {
		if x := raw[i]; x > threshold {
			threshold = x
		}
	}
	for i := w; i < len(raw); i += 2 {
		if raw[i] > threshold {
			return i/2 + 1
		}
	}
	return len(raw)/2 + 1
}

// twoTrace is summarise for two seats, the common case, done point by
// point as the trace is read, which costs less than keeping the points
// and summing them up at the end. A point's two values sit at 0 and 1,
// or both at 1, so it counts instead of dividing: the points by their
// leaders. With one winner or two, every Drama term is a multiple of a
// half, and so is every partial sum, all exact in floating point: the
// results are summarise's to the bit (TestTwoTraceMatchesSummarise).
type twoTrace struct {
	on bool // the game has two seats
	// changes counts the points whose leaders differ from the point
	// before's, the first point's included (there is none before it).
	changes int
	last    uint64 // the leaders' bits at the last point, 0 before the first
	seen    [4]int // the points by their leaders' bits: 1 seat 1, 2 seat 2, 3 both
}

// reset readies t for a game.
func (t *twoTrace) reset() {
	*t = twoTrace{on: t.on}
}

// add sums up a point with values a and b, in a few instructions: it
// comes dozens of times a game. It reports false, and leaves the point
// out, when a value or their difference is not finite (usable, finite).
func (t *twoTrace) add(a, b float64) bool {
	if d := a - b; d-d != 0 { // seldom: NaN or an infinity
		return false
	}
	// The leaders, a >= b being a == max(a, b) for finite values.
	leaders := bit(a >= b) | bit(b >= a)<<1
	if leaders != t.last { // seldom: a change of leaders
		t.changes++
	}
	t.last = leaders
	t.seen[leaders]++
	return true
}

// summary returns summarise's results for the points added, given the
// winners (at most two).
func (t *twoTrace) summary(win []int) (leads int, mean, most float64) {
	points := t.seen[1] + t.seen[2] + t.seen[3]
	if points == 0 {
		return 0, 0, 0
	}
	// Finite values always have a leader, so the first point counted as
	// a change.
	leads = t.changes - 1
	if len(win) == 0 {
		return leads, 0, 0
	}
	// behind counts the winners behind the leader over all points: a
	// seat is behind where the other leads alone. At a point at most one
	// seat is behind, so the most at one point is 1 if any winner ever
	// was.
	behind := 0
	for _, p := range win {
		behind += t.seen[2-p]
	}
	worst := min(behind, 1)
	w := float64(len(win))
	return leads, float64(behind) / w / float64(points), float64(worst) / w
}

// bit is 1 for true, 0 for false: a seat's bit in the leaders, set
// without a branch, which would be mispredicted whenever the lead
// changes hands.
func bit(b bool) uint64 {
	var u uint64
	if b {
		u = 1
	}
	return u
}

// finish reads the end of the game into w.res.
func (w *worker) finish(s game.State) error {
	r := w.r
	res := &w.res
	for p, t := range w.tally {
		res.Moves[p], res.Legal[p], res.Choices[p] = t.moves, t.legal, t.choices
	}
	res.Returns = s.Returns(res.Returns)
	if sc, ok := s.(game.Scorer); ok {
		res.Scores = sc.Scores(res.Scores)
	} else {
		res.Scores = nil
	}
	if tm, ok := s.(game.Teamer); ok {
		for p := range r.gcfg.Players {
			t := tm.Team(game.Player(p))
			res.Teams = append(res.Teams, t)
			if r.byTeam != nil && res.Bots[p] < 0 {
				b, ok := r.byTeam[t]
				if !ok {
					return fmt.Errorf("lab: game %d: seat %d is in team %q, which no bot was given", res.Index, p+1, t)
				}
				res.Bots[p] = b
			}
		}
	} else {
		res.Teams = nil
	}
	if oc, ok := s.(game.Outcomer); ok {
		o := oc.Outcome(w.counts)
		w.counts = o.Counts
		res.End, res.Why, res.Limit = o.Reason, o.Words, o.Limit
		res.Counts = append(res.Counts[:0], o.Counts...)
	} else {
		res.Counts = nil
	}
	if res.Evals > 0 {
		var buf [16]int
		win := winners(buf[:0], res.Returns)
		if w.two.on {
			res.Leads, res.Drama, res.DramaMax = w.two.summary(win)
		} else {
			res.Leads, res.Drama, res.DramaMax = summarise(w.raw, r.gcfg.Players, win)
		}
		res.Decided = decided(w.raw, r.gcfg.Players, win)
	}
	return nil
}
