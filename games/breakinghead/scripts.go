package breakinghead

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/commons-games/commons/game"
)

// The scripted strategies (game.Scripter): a beginner's ways of playing
// Breaking Head, each a few rules of thumb, for measuring the bots
// against. None looks further than the card in hand, and each reads only
// what the seat to move may see (B18): its own hand, role and peeks, the
// table, the face-up end cards, hand sizes and problems. (The script bot
// calls them on a state the Sampler drew for the seat, so the rest is
// dealt at random anyway.)
var scripts = []game.ScriptInfo{
	{Name: "east", Doc: "builds the path east whatever its role: the normal card that brings the start's path nearest the end cards (or the one it knows is Fixed & Committed); else unblocks itself, spams a dead-end in the path's way, peeks or unblocks others; else passes its least useful card"},
	{Name: "block", Doc: "blocks everybody: Blocked! on another player whenever it can, Spam! on the path's card nearest the end cards, dead-ends at the path's open ends; else passes the card builders need most"},
	{Name: "rarely-pass", Doc: "places any comment card that fits anywhere (at random), else plays any action card, and passes only when nothing else is legal"},
	{Name: "role", Doc: "plays its role: east as a Contributor, block as a Blocker"},
	{Name: "peek", Doc: "peeks at the end cards first (WTF Dries?!) until it knows where Fixed & Committed lies, then builds towards it as east does"},
}

// Script plays the named script for the seat to move.
func (s *State) Script(name string, r *rand.Rand) (game.Action, error) {
	switch name {
	case "east", "block", "rarely-pass", "role", "peek":
	default:
		return 0, fmt.Errorf("breaking-head: no script %q", name)
	}
	if s.phase != phasePlay {
		return 0, fmt.Errorf("breaking-head: script %s: no seat is to play (%s)", name, s.CurrentPlayer())
	}
	sc := scratchPool.Get().(*scratch)
	defer func() {
		sc.k.s = nil // the pool keeps the room, not the state
		scratchPool.Put(sc)
	}()
	legal := s.moves(sc.legal[:0])
	sc.legal = legal
	if name == "rarely-pass" {
		return rarelyPass(legal, r), nil
	}
	k := s.knowledge(&sc.k)
	switch name {
	case "east":
		return k.east(legal, false, r), nil
	case "block":
		return k.block(legal, r), nil
	case "role":
		if s.roles[s.toMove] == roleBlocker {
			return k.block(legal, r), nil
		}
		return k.east(legal, false, r), nil
	}
	return k.east(legal, true, r), nil // peek
}

// knowledge is what the seat to move knows and works out for a move:
// where Fixed & Committed may lie, the start's path and how far each
// empty position lies from those end cards.
type knowledge struct {
	s  *State
	me int
	// goal has a bit per end card that may be Fixed & Committed as far as
	// the seat knows: the one it saw, or those it has not seen.
	goal uint8
	// net is the start's network (B8, B10).
	net [nWords]uint64
	// dist is, for each empty position and end card of the region, the
	// number of steps to a goal end card through empty positions and end
	// cards, ignoring the edges (-1: none); see distances.
	dist []int16
	// The region dist covers: columns x0 to x0+w-1, rows y0 to y0+h-1.
	x0, y0, w, h int
	queue        []int32 // the walk's, kept for its room
	// best is the least dist of the path's open ends: the empty positions
	// an open edge of the network faces.
	best int
}

// scratch is a script's working room, pooled: the search's playouts play
// the scripts at every move (SearchHints), and allocate nothing for them.
type scratch struct {
	legal []game.Action
	k     knowledge
}

var scratchPool = sync.Pool{New: func() any { return &scratch{legal: make([]game.Action, 0, 256)} }}

// knowledge works out into k (keeping its room) what the seat to move
// knows, and returns k.
func (s *State) knowledge(k *knowledge) *knowledge {
	*k = knowledge{s: s, me: int(s.toMove), dist: k.dist, queue: k.queue}
	seen := s.faceUp | s.peeked[k.me]
	if seen&(1<<s.fixedAt) != 0 {
		// The seat saw Fixed & Committed. (A face-up one has ended the
		// game; in a sampled state fixedAt is drawn among the end cards
		// the seat has not seen unless it saw it: this is knowledge.)
		k.goal = 1 << s.fixedAt
	} else {
		k.goal = 7 &^ seen
	}
	k.net = s.network()
	k.distances()
	k.best = 1 << 14
	k.openEnds(func(c int) {
		if d := k.distAt(c); d >= 0 && int(d) < k.best {
			k.best = int(d)
		}
	})
	return k
}

// distances fills dist by a breadth-first walk from the goal end cards,
// over a region only: the cards' bounding box (the start, the end cards
// and every card on the table) grown by two positions on every side.
// That loses nothing the scripts read, which is dist at positions at most
// two steps from a card: every position outside the box is empty, and
// clamping a walk's positions to the region's outer ring (empty, as it
// lies outside the box) keeps each step a step or none, so the shortest
// walk between two positions of the region never needs to leave it
// (TestDistancesMatchTheWholeTable). The walk over the region costs a
// few hundred positions where the whole table is 7,565.
func (k *knowledge) distances() {
	s := k.s
	lx, ly := cellXY(startCell)
	hx, hy := lx, ly
	grow := func(c int) {
		x, y := cellXY(c)
		lx, ly, hx, hy = min(lx, x), min(ly, y), max(hx, x), max(hy, y)
	}
	for _, c := range endCells {
		grow(c)
	}
	for _, c := range s.occ[:s.nOcc] {
		grow(int(c))
	}
	k.x0, k.y0 = lx-2, ly-2
	k.w, k.h = hx-lx+5, hy-ly+5
	n := k.w * k.h
	if cap(k.dist) < n {
		k.dist = make([]int16, n)
	}
	k.dist = k.dist[:n]
	for i := range k.dist {
		k.dist[i] = -1
	}
	queue := k.queue[:0]
	for e, c := range endCells {
		if k.goal&(1<<e) != 0 {
			k.dist[k.index(c)] = 0
			queue = append(queue, int32(c))
		}
	}
	for head := 0; head < len(queue); head++ {
		c := int(queue[head])
		dc := k.dist[k.index(c)]
		for d := 0; d < 4; d++ {
			nc := c + dirDelta[d]
			i := k.index(nc)
			if i < 0 || !isPlaceable(nc) || k.dist[i] >= 0 {
				continue
			}
			if code := s.table[nc]; code != cellEmpty && code != cellEnd {
				continue
			}
			k.dist[i] = dc + 1
			queue = append(queue, int32(nc))
		}
	}
	k.queue = queue
}

// index is c's place in dist, -1 outside the region.
func (k *knowledge) index(c int) int {
	x, y := cellXY(c)
	x, y = x-k.x0, y-k.y0
	if x < 0 || y < 0 || x >= k.w || y >= k.h {
		return -1
	}
	return y*k.w + x
}

// distAt is dist at c: -1 outside the region (the scripts never ask there).
func (k *knowledge) distAt(c int) int16 {
	if i := k.index(c); i >= 0 {
		return k.dist[i]
	}
	return -1
}

func (k *knowledge) inNet(c int) bool { return k.net[c>>6]&(1<<(c&63)) != 0 }

// openEnds calls f for each empty position an open edge of the start's
// network faces (a position may come more than once).
func (k *knowledge) openEnds(f func(c int)) {
	s := k.s
	for _, c16 := range s.occ[:s.nOcc] {
		c := int(c16)
		if !k.inNet(c) {
			continue
		}
		e := codeEdges[s.table[c]]
		for d := 0; d < 4; d++ {
			nc := c + dirDelta[d]
			if e&dirBit[d] != 0 && s.table[nc] == cellEmpty && isPlaceable(nc) {
				f(nc)
			}
		}
	}
}

// facesNet reports whether an empty position c has a network card next to
// it with an open edge towards it: a card placed there joins the path.
func (k *knowledge) facesNet(c int) bool {
	for d := 0; d < 4; d++ {
		nc := c + dirDelta[d]
		if k.inNet(nc) && codeEdges[k.s.table[nc]]&dirBit[(d+2)&3] != 0 {
			return true
		}
	}
	return false
}

// reachAfter is how near a normal card placed at c with edges e brings
// the path to a goal: the least dist of the positions its open edges face
// (0 when one faces a goal end card), or -1 if none leads on.
func (k *knowledge) reachAfter(c int, e uint8) int {
	best := -1
	for d := 0; d < 4; d++ {
		if e&dirBit[d] == 0 {
			continue
		}
		nc := c + dirDelta[d]
		code := k.s.table[nc]
		if code != cellEmpty && code != cellEnd {
			continue
		}
		if dd := int(k.distAt(nc)); dd >= 0 && (best < 0 || dd < best) {
			best = dd
		}
	}
	return best
}

// chooser keeps the best-rated move, ties drawn uniformly.
type chooser struct {
	r    *rand.Rand
	a    game.Action
	v    int
	ties int
}

func (c *chooser) offer(a game.Action, v int) {
	switch {
	case c.ties == 0 || v > c.v:
		c.a, c.v, c.ties = a, v, 1
	case v == c.v:
		c.ties++
		if c.r.IntN(c.ties) == 0 {
			c.a = a
		}
	}
}

func (c *chooser) ok() bool { return c.ties > 0 }

// east builds the path towards the goal; with peekFirst it looks at an
// end card first while it does not know where Fixed & Committed lies.
func (k *knowledge) east(legal []game.Action, peekFirst bool, r *rand.Rand) game.Action {
	s := k.s
	if peekFirst {
		if a, ok := k.peek(legal, r); ok {
			return a
		}
	}
	// The normal card that brings the path nearest a goal, never farther
	// than its nearest open end now.
	place := chooser{r: r}
	for _, a := range legal {
		if a >= spamBase {
			break
		}
		c, v := int(a)/nVariants, int(a)%nVariants
		if commentDead[variantKind[v]] || !k.facesNet(c) {
			continue
		}
		after := k.reachAfter(c, variantEdges[v])
		if after < 0 || after > k.best {
			continue
		}
		place.offer(a, -100*after-int(k.distAt(c)))
	}
	if place.ok() {
		return place.a
	}
	// Blocked: Unblocked! on itself.
	self := chooser{r: r}
	others := chooser{r: r}
	for _, a := range legal {
		if a >= unblockBase && a < passBase {
			q := int(a-unblockBase) % 30 / 3
			if q == k.me {
				self.offer(a, 0)
			} else {
				others.offer(a, 0)
			}
		}
	}
	if self.ok() {
		return self.a
	}
	// Spam! on a dead-end that stands in the path's way.
	if s.hands[k.me][kSpam] > 0 {
		spam := chooser{r: r}
		for _, a := range legal {
			if a >= spamBase && a < peekBase {
				c := int(a - spamBase)
				if commentDead[variantKind[s.table[c]-1]] && k.facesNet(c) {
					spam.offer(a, -int(k.manhattan(c)))
				}
			}
		}
		if spam.ok() {
			return spam.a
		}
	}
	// A peek while the goal is not known, then help a blocked player.
	if a, ok := k.peek(legal, r); ok {
		return a
	}
	if others.ok() {
		return others.a
	}
	return k.pass(legal, builderValue, r)
}

// manhattan is the number of steps from c to the nearest goal end card.
func (k *knowledge) manhattan(c int) int {
	x, y := cellXY(c)
	best := 1 << 14
	for e, ec := range endCells {
		if k.goal&(1<<e) != 0 {
			ex, ey := cellXY(ec)
			best = min(best, abs(x-ex)+abs(y-ey))
		}
	}
	return best
}

// peek plays WTF Dries?! on the end card that may be Fixed & Committed
// nearest the path's open ends, while the seat does not know where it
// lies.
func (k *knowledge) peek(legal []game.Action, r *rand.Rand) (game.Action, bool) {
	if bits.OnesCount8(k.goal) <= 1 || k.s.hands[k.me][kWTF] == 0 {
		return 0, false
	}
	ch := chooser{r: r}
	for _, a := range legal {
		if a >= peekBase && a < blockBase && k.goal&(1<<(a-peekBase)) != 0 {
			ex, ey := cellXY(endCells[a-peekBase])
			near := 1 << 14
			k.openEnds(func(c int) {
				x, y := cellXY(c)
				near = min(near, abs(x-ex)+abs(y-ey))
			})
			ch.offer(a, -near)
		}
	}
	return ch.a, ch.ok()
}

// builderValue is how much a builder wants to keep each kind: dead-ends
// and Blocked! least, crossings and junctions most.
var builderValue = [nKinds]int{
	kCrossing: 9, kJunctionESW: 8, kJunctionNES: 8, kStraightEW: 7,
	kCurveSW: 5, kCurveES: 5, kStraightNS: 4,
	kWTF: 3, kSpam: 3,
	kUnblockLAN: 6, kUnblockVit: 6, kUnblockFix: 6,
	kUnblockLANVit: 6, kUnblockLANFix: 6, kUnblockVitFix: 6,
	kBlockWifi: 1, kBlockFlu: 1, kBlockHead: 1,
	// dead-ends: 0
}

// blockerValue is how much a blocker wants to keep each kind: Blocked!,
// Spam! and dead-ends most; the cards builders need least, so that it
// passes them.
var blockerValue = [nKinds]int{
	kCrossingDead: 8, kJunctionESWDead: 8, kJunctionNESDead: 8,
	kCurveSWDead: 8, kCurveESDead: 8, kStraightNSDead: 8, kStraightEWDead: 8,
	kStubWDead: 8, kStubSDead: 8,
	kBlockWifi: 9, kBlockFlu: 9, kBlockHead: 9, kSpam: 9,
	kWTF: 5, kUnblockLAN: 4, kUnblockVit: 4, kUnblockFix: 4,
	kUnblockLANVit: 4, kUnblockLANFix: 4, kUnblockVitFix: 4,
	kStraightNS: 3, kCurveSW: 2, kCurveES: 2, kStraightEW: 1,
	kJunctionESW: 1, kJunctionNES: 1, kCrossing: 0,
}

// pass passes the card the seat values least (ties at random); with the
// WTF Dries?! card worth little once the goal is known.
func (k *knowledge) pass(legal []game.Action, value [nKinds]int, r *rand.Rand) game.Action {
	ch := chooser{r: r}
	for _, a := range legal {
		if a >= passBase {
			kind := int(a - passBase)
			v := value[kind]
			if kind == kWTF && bits.OnesCount8(k.goal) <= 1 {
				v = 0
			}
			ch.offer(a, -v)
		}
	}
	return ch.a
}

// block stalls everybody: Blocked! on another player (one with the fewest
// problems), Spam! on the path's card nearest a goal, a dead-end on the
// path's open end nearest a goal; else it passes what builders need most.
func (k *knowledge) block(legal []game.Action, r *rand.Rand) game.Action {
	s := k.s
	blk := chooser{r: r}
	for _, a := range legal {
		if a >= blockBase && a < unblockBase {
			q := int(a-blockBase) % 10
			blk.offer(a, -bits.OnesCount8(s.problems[q]))
		}
	}
	if blk.ok() {
		return blk.a
	}
	spam := chooser{r: r}
	for _, a := range legal {
		if a >= spamBase && a < peekBase {
			c := int(a - spamBase)
			if k.inNet(c) {
				spam.offer(a, -k.manhattan(c))
			}
		}
	}
	if spam.ok() {
		return spam.a
	}
	dead := chooser{r: r}
	for _, a := range legal {
		if a >= spamBase {
			break
		}
		c, v := int(a)/nVariants, int(a)%nVariants
		if commentDead[variantKind[v]] && k.facesNet(c) && k.distAt(c) >= 0 {
			dead.offer(a, -int(k.distAt(c)))
		}
	}
	if dead.ok() {
		return dead.a
	}
	return k.pass(legal, blockerValue, r)
}

// rarelyPass places any comment card that fits, else plays any action
// card, and passes only when nothing else is legal: each at random.
func rarelyPass(legal []game.Action, r *rand.Rand) game.Action {
	nPlace, nAct := 0, 0
	for _, a := range legal {
		switch {
		case a < spamBase:
			nPlace++
		case a < passBase:
			nAct++
		}
	}
	switch {
	case nPlace > 0:
		return legal[r.IntN(nPlace)]
	case nAct > 0:
		return legal[r.IntN(nAct)]
	}
	return legal[r.IntN(len(legal))]
}
