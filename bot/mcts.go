package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/commons-games/commons/game"
)

// node is one node of a UCT tree, kept in a tree's slice (a node pool) and
// linked by indices, so a tree is one allocation that grows by appending
// and holds no pointers for the garbage collector to trace. A node's
// children are contiguous: an expanded node allocates one child per legal
// action (or chance outcome) at once.
type node struct {
	// w sums the rewards of the player who chose this node's action (the
	// player to move at the parent); unused under a chance node.
	w      float64
	prior  float32 // the game's Prior for this action, normalised over its siblings; 0 without one
	n      int32   // visits
	first  int32   // index of the first child; -1 until expanded
	nkids  int32
	parent int32 // -1 at the root
	action game.Action
	player int8 // the player to move here, or chance, terminal, unseen
}

// unseen marks a node whose state has not been reached yet.
const unseen = int8(-4)

// maxNodes bounds a tree's pool (about 128 MB of nodes); a full tree stops
// expanding and searches on with playouts from its leaves.
const maxNodes = 1 << 22

// uctTree is one UCT search tree over engine states.
type uctTree struct {
	nodes []node
	spare []node // the other pool, for compaction on reuse
	root  game.State
	// scratch is the state an iteration plays on, copied from root
	// afresh each time, in place when the game's states are
	// game.Copiers, so an iteration allocates no state (copyInto).
	scratch game.State
	c       float64
	bias    float64 // weight of the prior in selection (progressive bias)
	// own keeps the tree to the searching seat's turn (Spec.Tree "own"):
	// a node where another seat is to move is always a leaf, played out.
	own      bool
	rng      *rand.Rand
	roll     *rollout
	buf      []game.Action
	weights  []float64
	outs     []game.ChanceOutcome
	playouts int
	actions  int
}

func newUCTTree(root game.State, sp Spec, rng *rand.Rand) *uctTree {
	t := &uctTree{c: sp.C, bias: sp.Bias, own: sp.Tree == "own", rng: rng, roll: newRollout(sp, rng)}
	t.reset(root)
	return t
}

// reset empties the tree and roots it at st.
func (t *uctTree) reset(st game.State) {
	t.root = st
	if t.nodes == nil {
		t.nodes = make([]node, 0, 1024)
	}
	t.nodes = append(t.nodes[:0], node{first: -1, parent: -1, player: int8(st.CurrentPlayer())})
}

// start returns the state an iteration begins from: a copy of the root.
func (t *uctTree) start() game.State {
	t.scratch = copyInto(t.scratch, t.root)
	return t.scratch
}

// iterate runs one selection, expansion, playout and backup.
func (t *uctTree) iterate() error {
	st := t.start()
	idx := int32(0)
	for {
		nd := &t.nodes[idx]
		if nd.player == int8(game.Terminal) {
			break
		}
		if t.own && idx != 0 && nd.player >= 0 && nd.player != t.nodes[0].player {
			break // another seat's decision: the playout's (the root is the searcher's)
		}
		if nd.first < 0 {
			if (nd.n == 0 && idx != 0) || len(t.nodes) >= maxNodes {
				break // a new leaf: play out from here
			}
			if err := t.expand(idx, st); err != nil {
				return err
			}
		}
		c := t.choose(idx, st)
		if err := st.Apply(t.nodes[c].action); err != nil {
			return illegalError(st, t.nodes[c].action, err)
		}
		idx = c
		if t.nodes[idx].player == unseen {
			t.nodes[idx].player = int8(st.CurrentPlayer())
		}
	}
	mover := game.Chance
	if par := t.nodes[idx].parent; par >= 0 {
		mover = game.Player(t.nodes[par].player)
	}
	ret, err := t.roll.run(st, mover)
	if err != nil {
		return err
	}
	t.playouts++
	t.actions += t.roll.length
	for i := idx; i >= 0; {
		nd := &t.nodes[i]
		nd.n++
		p := nd.parent
		if p >= 0 {
			if pl := t.nodes[p].player; pl >= 0 {
				nd.w += ret[pl]
			}
		}
		i = p
	}
	return nil
}

// expand gives node idx, whose state is st, one child per legal action or
// chance outcome. A player's children are shuffled, so that the unvisited
// ones are tried in random order by taking the first.
func (t *uctTree) expand(idx int32, st game.State) error {
	t.buf = st.LegalActions(t.buf)
	if len(t.buf) == 0 {
		return noMoveError(st)
	}
	first := int32(len(t.nodes))
	for _, a := range t.buf {
		t.nodes = append(t.nodes, node{first: -1, parent: idx, action: a, player: unseen})
	}
	kids := t.nodes[first:]
	if t.nodes[idx].player >= 0 {
		t.rng.Shuffle(len(kids), func(i, j int) { kids[i], kids[j] = kids[j], kids[i] })
		if pr, ok := st.(game.Prior); ok && t.bias > 0 && len(kids) > 1 {
			// The game's prior orders the unvisited children (the most
			// promising tried first) and biases the choice among the
			// visited ones, fading as they are visited.
			for i := range kids {
				t.buf[i] = kids[i].action
			}
			t.weights = pr.Prior(t.buf, t.weights)
			sum := 0.0
			for _, w := range t.weights {
				sum += w
			}
			if sum > 0 {
				for i := range kids {
					kids[i].prior = float32(t.weights[i] / sum)
				}
				// Insertion sort, stable after the shuffle: few children.
				for i := 1; i < len(kids); i++ {
					for j := i; j > 0 && kids[j].prior > kids[j-1].prior; j-- {
						kids[j], kids[j-1] = kids[j-1], kids[j]
					}
				}
			}
		}
	}
	t.nodes[idx].first, t.nodes[idx].nkids = first, int32(len(kids))
	return nil
}

// choose returns the child to descend to from node idx: at a chance node
// an outcome drawn with its probability, at a player's node the first
// unvisited child or else the one with the best UCB1 value for that player.
func (t *uctTree) choose(idx int32, st game.State) int32 {
	nd := &t.nodes[idx]
	first, nkids := nd.first, nd.nkids
	kids := t.nodes[first : first+nkids]
	if nd.player == int8(game.Chance) {
		t.outs = st.ChanceOutcomes(t.outs)
		a := game.SampleOutcome(t.outs, t.rng)
		for i, o := range t.outs {
			if o.Action == a && i < len(kids) && kids[i].action == a {
				return first + int32(i)
			}
		}
		for i := range kids { // outcomes differ from those at expansion
			if kids[i].action == a {
				return first + int32(i)
			}
		}
		return first
	}
	logN := math.Log(float64(nd.n))
	best, bestV := int32(0), math.Inf(-1)
	for i := range kids {
		k := &kids[i]
		if k.n == 0 {
			return first + int32(i)
		}
		n := float64(k.n)
		v := k.w/n + t.c*math.Sqrt(logN/n) + t.bias*float64(k.prior)/n
		if v > bestV {
			best, bestV = int32(i), v
		}
	}
	return first + best
}

// advance moves the root to the child reached by a, keeping that subtree
// (compacted into the spare pool) or starting afresh if it was never
// visited.
func (t *uctTree) advance(a game.Action) error {
	st := t.root
	if err := st.Apply(a); err != nil {
		return err
	}
	r := &t.nodes[0]
	child := int32(-1)
	for i := r.first; r.first >= 0 && i < r.first+r.nkids; i++ {
		if t.nodes[i].action == a {
			child = i
		}
	}
	if child < 0 || t.nodes[child].n == 0 {
		t.reset(st)
		return nil
	}
	dst := append(t.spare[:0], t.nodes[child])
	dst[0].parent = -1
	for ni := 0; ni < len(dst); ni++ {
		o := dst[ni]
		if o.first < 0 {
			continue
		}
		nf := int32(len(dst))
		for k := o.first; k < o.first+o.nkids; k++ {
			ch := t.nodes[k]
			ch.parent = int32(ni)
			dst = append(dst, ch)
		}
		dst[ni].first = nf
	}
	t.nodes, t.spare = dst, t.nodes[:0]
	if t.nodes[0].player == unseen {
		t.nodes[0].player = int8(st.CurrentPlayer())
	}
	return nil
}

// mctsBot is UCT with root parallelism: one tree per worker, the trees'
// root statistics summed to choose. In a hidden-information game each tree
// searches its own determinisation, a state drawn from the Sampler for the
// bot's seat, never the real state. In a perfect-information game the
// trees are kept between moves, followed along the actions Observe reports.
type mctsBot struct {
	raw     Spec // as given; sp adds the game's settings and the defaults
	tuned   bool
	sp      Spec
	rng     *rand.Rand
	trees   []*uctTree
	tracked game.State // the position the kept trees' roots stand for
	stats   SearchStats
}

func newMCTS(sp Spec, seed uint64) *mctsBot {
	return &mctsBot{raw: sp, sp: sp.withDefaults(), rng: game.NewRand(seed)}
}

// LastSearch describes the last search.
func (b *mctsBot) LastSearch() SearchStats { return b.stats }

// Act searches from s and returns the most visited action at the root.
func (b *mctsBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	start := time.Now()
	if !b.tuned {
		b.sp, b.tuned = tuned(b.raw, s), true
	}
	me, err := checkToMove(s)
	if err != nil {
		return 0, err
	}
	k := b.sp.Workers
	var roots []game.State // the trees' roots, when not reused
	reused := false
	smp, hidden := s.(game.Sampler)
	if hidden {
		// The only use of s: one sample. Every tree's root is drawn from
		// that sample, which the seat cannot tell from the real state.
		all := sampleRoots(smp, me, k+1, b.rng)
		if len(all) == k+1 {
			roots = all[1:]
		} else { // the sample is no Sampler: every tree searches it
			for range k {
				roots = append(roots, all[0].Clone())
			}
		}
		b.trees, b.tracked = nil, nil
	} else {
		reused = !b.sp.NoReuse && b.tracked != nil && len(b.trees) == k && equalStates(b.tracked, s)
		if !reused {
			for range k {
				roots = append(roots, s.Clone())
			}
		}
		b.tracked = nil
		if !b.sp.NoReuse {
			b.tracked = s.Clone() // Observe follows the game from here
		}
	}
	var legal []game.Action
	if hidden {
		legal = roots[0].LegalActions(nil) // the seat's own moves: the same in every sample
	} else {
		legal = s.LegalActions(nil)
	}
	if len(legal) == 0 {
		return 0, noMoveError(s)
	}
	seeds := make([]uint64, k)
	for i := range seeds {
		seeds[i] = b.rng.Uint64()
	}
	if reused {
		for i, t := range b.trees {
			t.rng = game.NewRand(seeds[i])
			t.roll.rng = t.rng
		}
	} else {
		b.trees = make([]*uctTree, k)
		for i := range b.trees {
			b.trees[i] = newUCTTree(roots[i], b.sp, game.NewRand(seeds[i]))
		}
	}
	b.stats = SearchStats{Trees: k, Reused: reused}
	if len(legal) == 1 {
		b.stats.Elapsed = time.Since(start)
		return legal[0], nil
	}
	its := make([]iterator, k)
	for i, t := range b.trees {
		t.playouts, t.actions = 0, 0
		its[i] = t
	}
	done, err := runBudget(ctx, its, b.sp.Iterations, b.sp.Time, b.sp.Full)
	if err != nil {
		b.trees, b.tracked = nil, nil
		return 0, err
	}
	// Sum the root children's visits by action over the trees.
	visits := make(map[game.Action]float64, len(legal))
	value := make(map[game.Action]float64, len(legal))
	for i, t := range b.trees {
		b.stats.Iterations += done[i]
		b.stats.Nodes += len(t.nodes)
		b.stats.RootVisits += int(t.nodes[0].n)
		b.stats.Playouts += t.playouts
		b.stats.PlayoutActions += t.actions
		r := t.nodes[0]
		for c := r.first; r.first >= 0 && c < r.first+r.nkids; c++ {
			visits[t.nodes[c].action] += float64(t.nodes[c].n)
			value[t.nodes[c].action] += t.nodes[c].w
		}
	}
	if b.tracked == nil {
		b.trees = nil // nothing to keep them for
	}
	b.stats.Elapsed = time.Since(start)
	return mostVisited(legal, visits, value), nil
}

// Observe follows an action of the game in the kept trees. In a
// hidden-information game it does nothing.
func (b *mctsBot) Observe(s game.State, a game.Action) {
	if _, hidden := s.(game.Sampler); hidden || b.tracked == nil {
		b.trees, b.tracked = nil, nil
		return
	}
	if err := b.tracked.Apply(a); err != nil {
		b.trees, b.tracked = nil, nil
		return
	}
	for _, t := range b.trees {
		if err := t.advance(a); err != nil {
			b.trees, b.tracked = nil, nil
			return
		}
	}
}

// mostVisited picks the legal action with the most visits, then the best
// mean value, then the smallest action.
func mostVisited(legal []game.Action, visits, value map[game.Action]float64) game.Action {
	best := legal[0]
	for _, a := range legal[1:] {
		va, vb := visits[a], visits[best]
		if va > vb || (va == vb && va > 0 && value[a]/va > value[best]/vb) {
			best = a
		}
	}
	return best
}

// settled reports whether the root's most visited child leads the
// runner-up by more than remaining visits.
func (t *uctTree) settled(remaining int) bool {
	r := t.nodes[0]
	if r.first < 0 || r.nkids < 2 {
		return r.first >= 0
	}
	var best, second int32
	for c := r.first; c < r.first+r.nkids; c++ {
		switch n := t.nodes[c].n; {
		case n > best:
			best, second = n, best
		case n > second:
			second = n
		}
	}
	return int(best-second) > remaining
}
