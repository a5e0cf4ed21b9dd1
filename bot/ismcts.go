package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/commons-games/commons/game"
)

// isNode is a node of a single-observer information-set tree: an edge
// (the action and who chose it) from its parent, with the statistics of
// that edge. A node's children form a linked list, since which of them are
// legal changes from one determinisation to the next.
type isNode struct {
	w      float64 // rewards of mover
	prior  float32 // the game's Prior for the action when it was added, normalised; 0 without one
	n      int32   // visits
	avail  int32   // iterations in which this action was available
	parent int32
	first  int32 // first child, -1 if none
	next   int32 // next sibling, -1 if last
	action game.Action
	mover  int8 // the seat that chose action, or chance
}

// isTree is one SO-ISMCTS tree (Cowling, Powley and Whitehouse 2012,
// "Information Set Monte Carlo Tree Search", algorithm 3). Each iteration
// draws a determinisation for the observer's seat, descends through the
// children compatible with it, choosing by UCB1 with availability counts
// in place of the parent's visits, adds one child for an action not yet
// tried, plays out, and backs up each seat's reward along the path.
// Chance outcomes of the determinisation are followed as edges of their
// own, with no choice made by the tree.
type isTree struct {
	nodes   []isNode
	src     game.State // determinisations are drawn from this sample
	sampler game.Sampler
	// scratch is the state each iteration searches when it can be drawn
	// or copied in place (game.Resampler, game.Copier), so that an
	// iteration allocates no state.
	scratch game.State
	resamp  game.Resampler
	me      game.Player
	c       float64
	bias    float64
	// own keeps the tree to the searching seat's turn (Spec.Tree "own"):
	// the descent stops at another seat's decision and plays out.
	own      bool
	rng      *rand.Rand
	roll     *rollout
	buf      []game.Action
	weights  []float64
	outs     []game.ChanceOutcome
	mark     []uint32 // per action: stamp = legal, stamp+1 = legal and a child
	stamp    uint32
	playouts int
	actions  int
}

func newISTree(src game.State, me game.Player, sp Spec, rng *rand.Rand) *isTree {
	t := &isTree{src: src, me: me, c: sp.C, bias: sp.Bias, own: sp.Tree == "own", rng: rng, roll: newRollout(sp, rng), nodes: make([]isNode, 0, 1024)}
	t.sampler, _ = src.(game.Sampler)
	t.scratch = src.Clone()
	if t.sampler != nil {
		if t.resamp, _ = t.scratch.(game.Resampler); t.resamp == nil {
			t.scratch = nil
		}
	}
	t.nodes = append(t.nodes, isNode{parent: -1, first: -1, next: -1, mover: int8(game.Chance)})
	return t
}

// determinise draws the state this iteration searches.
func (t *isTree) determinise() game.State {
	switch {
	case t.resamp != nil:
		t.resamp.SampleFrom(t.src, t.me, t.rng)
		return t.scratch
	case t.sampler != nil:
		return t.sampler.Sample(t.me, t.rng)
	}
	return copyInto(t.scratch, t.src)
}

func (t *isTree) iterate() error {
	d := t.determinise()
	idx := int32(0)
descent:
	for len(t.nodes) < maxNodes {
		p := d.CurrentPlayer()
		switch p {
		case game.Terminal:
			break descent
		case game.Chance:
			t.outs = d.ChanceOutcomes(t.outs)
			a := game.SampleOutcome(t.outs, t.rng)
			c := t.child(idx, int8(game.Chance), a)
			if c < 0 {
				c = t.add(idx, int8(game.Chance), a)
			}
			if err := d.Apply(a); err != nil {
				return illegalError(d, a, err)
			}
			idx = c
			continue
		}
		if t.own && p != t.me && idx != 0 {
			break descent
		}
		t.buf = d.LegalActions(t.buf)
		if len(t.buf) == 0 {
			return noMoveError(d)
		}
		t.markLegal(t.buf)
		// Walk the children: count availability of those legal here and
		// find the best by UCB1; mark them as tried.
		best, bestV := int32(-1), math.Inf(-1)
		for c := t.nodes[idx].first; c >= 0; c = t.nodes[c].next {
			k := &t.nodes[c]
			if k.mover != int8(p) || t.mark[k.action] != t.stamp {
				continue
			}
			t.mark[k.action] = t.stamp + 1
			k.avail++
			n := float64(k.n)
			v := k.w/n + t.c*math.Sqrt(math.Log(float64(k.avail))/n) + t.bias*float64(k.prior)/n
			if v > bestV {
				best, bestV = c, v
			}
		}
		// An action never tried here is tried first: expand it, and play
		// out from the new node. With the game's Prior, the most
		// promising untried action goes first (ties at random).
		var pr game.Prior
		if t.bias > 0 {
			pr, _ = d.(game.Prior)
		}
		sum := 0.0
		if pr != nil {
			t.weights = pr.Prior(t.buf, t.weights)
			for _, w := range t.weights {
				sum += w
			}
		}
		untried, count, bestW, prior := game.Action(-1), 0, -1.0, 0.0
		for i, a := range t.buf {
			if t.mark[a] != t.stamp {
				continue
			}
			w := 0.0
			if sum > 0 {
				w = t.weights[i] / sum
			}
			switch {
			case w > bestW:
				untried, count, bestW, prior = a, 1, w, w
			case w == bestW:
				count++
				if t.rng.IntN(count) == 0 {
					untried = a
				}
			}
		}
		if count > 0 {
			c := t.add(idx, int8(p), untried)
			t.nodes[c].avail = 1
			t.nodes[c].prior = float32(prior)
			if err := d.Apply(untried); err != nil {
				return illegalError(d, untried, err)
			}
			idx = c
			break
		}
		a := t.nodes[best].action
		if err := d.Apply(a); err != nil {
			return illegalError(d, a, err)
		}
		idx = best
	}
	ret, err := t.roll.run(d, game.Player(t.nodes[idx].mover))
	if err != nil {
		return err
	}
	t.playouts++
	t.actions += t.roll.length
	for i := idx; i >= 0; i = t.nodes[i].parent {
		nd := &t.nodes[i]
		nd.n++
		if nd.mover >= 0 {
			nd.w += ret[nd.mover]
		}
	}
	return nil
}

// markLegal stamps the legal actions in t.mark.
func (t *isTree) markLegal(legal []game.Action) {
	t.stamp += 2
	if t.stamp < 2 { // wrapped: clear
		clear(t.mark)
		t.stamp = 2
	}
	for _, a := range legal {
		if int(a) >= len(t.mark) {
			t.mark = append(t.mark, make([]uint32, int(a)+1-len(t.mark)+64)...)
		}
		t.mark[a] = t.stamp
	}
}

// child finds idx's child for action a chosen by mover, or -1.
func (t *isTree) child(idx int32, mover int8, a game.Action) int32 {
	for c := t.nodes[idx].first; c >= 0; c = t.nodes[c].next {
		if k := &t.nodes[c]; k.action == a && k.mover == mover {
			return c
		}
	}
	return -1
}

// add makes a new child of idx at the head of its list.
func (t *isTree) add(idx int32, mover int8, a game.Action) int32 {
	c := int32(len(t.nodes))
	t.nodes = append(t.nodes, isNode{parent: idx, first: -1, next: t.nodes[idx].first, action: a, mover: mover})
	t.nodes[idx].first = c
	return c
}

// ismctsBot is SO-ISMCTS with root parallelism: one tree per worker, the
// root statistics summed to choose. In a perfect-information game the
// determinisation is the state itself and the search is plain UCT (every
// child always available, so availability equals the parent's visits).
type ismctsBot struct {
	raw   Spec // as given; sp adds the game's settings and the defaults
	tuned bool
	sp    Spec
	rng   *rand.Rand
	stats SearchStats
}

func newISMCTS(sp Spec, seed uint64) *ismctsBot {
	return &ismctsBot{raw: sp, sp: sp.withDefaults(), rng: game.NewRand(seed)}
}

// LastSearch describes the last search.
func (b *ismctsBot) LastSearch() SearchStats { return b.stats }

// Act searches and returns the most visited action at the root.
func (b *ismctsBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	if !b.tuned {
		b.sp, b.tuned = tuned(b.raw, s), true
	}
	me, err := checkToMove(s)
	if err != nil {
		return 0, err
	}
	k := b.sp.Workers
	srcs := make([]game.State, 0, k)
	if smp, ok := s.(game.Sampler); ok {
		// The only use of s: one sample, from which each tree draws its
		// own, from which each iteration draws its determinisation.
		all := sampleRoots(smp, me, k+1, b.rng)
		if len(all) == k+1 {
			srcs = all[1:]
		} else {
			for range k {
				srcs = append(srcs, all[0].Clone())
			}
		}
	} else {
		for range k {
			srcs = append(srcs, s.Clone())
		}
	}
	legal := srcs[0].LegalActions(nil)
	if len(legal) == 0 {
		return 0, noMoveError(srcs[0])
	}
	b.stats = SearchStats{Trees: k}
	if len(legal) == 1 {
		b.stats.Elapsed = time.Since(start)
		return legal[0], nil
	}
	trees := make([]*isTree, k)
	its := make([]iterator, k)
	for i := range trees {
		trees[i] = newISTree(srcs[i], me, b.sp, game.NewRand(b.rng.Uint64()))
		its[i] = trees[i]
	}
	done, err := runBudget(ctx, its, b.sp.Iterations, b.sp.Time, b.sp.Full)
	if err != nil {
		return 0, err
	}
	visits := make(map[game.Action]float64, len(legal))
	value := make(map[game.Action]float64, len(legal))
	for i, t := range trees {
		b.stats.Iterations += done[i]
		b.stats.Nodes += len(t.nodes)
		b.stats.RootVisits += int(t.nodes[0].n)
		b.stats.Playouts += t.playouts
		b.stats.PlayoutActions += t.actions
		for c := t.nodes[0].first; c >= 0; c = t.nodes[c].next {
			if nd := t.nodes[c]; nd.mover == int8(me) {
				visits[nd.action] += float64(nd.n)
				value[nd.action] += nd.w
			}
		}
	}
	b.stats.Elapsed = time.Since(start)
	return mostVisited(legal, visits, value), nil
}

// settled reports whether the root's most visited action of the observer
// leads the runner-up by more than remaining visits.
func (t *isTree) settled(remaining int) bool {
	var best, second int32
	for c := t.nodes[0].first; c >= 0; c = t.nodes[c].next {
		nd := &t.nodes[c]
		if nd.mover != int8(t.me) {
			continue
		}
		switch n := nd.n; {
		case n > best:
			best, second = n, best
		case n > second:
			second = n
		}
	}
	return int(best-second) > remaining
}
