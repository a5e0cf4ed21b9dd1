package opensource

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
)

// What the state keeps up to date as tiles come and go, and the fast paths
// that read it, checked against recounts from the tiles alone along random
// games: the Commons' features and bookkeeping (compareWithSlow), each
// Lab's geometry and stats, and at every decision the legal actions that
// read them (placements, Compatibility's tiles and targets, lifts, BDFL
// tokens, rewards) and the roll's outcomes. The games favour lifts (G11),
// Compatibility moves (set C), Lab replacements (G8), BDFL tokens and
// Market Demand cards, after which caches would go stale.

// TestIncremental_MatchesRecount plays random games and compares, after
// every action, what the state keeps with a recount.
func TestIncremental_MatchesRecount(t *testing.T) {
	games := 9
	if testing.Short() {
		games = 3
	}
	counts := map[string]int{}
	defer func() { t.Logf("%d games: %v", games, counts) }()
	for g := range games {
		n := 2 + g%3
		rng := game.NewRand(uint64(100 + g))
		s := newGame(t, n)
		var buf []game.Action
		step := 0
		for s.phase != phaseOver {
			step++
			where := func() string {
				return fmt.Sprintf("game %d (%d players) step %d, phase %s", g, n, step, phaseNames[s.phase])
			}
			if err := checkDecision(s); err != nil {
				t.Fatalf("%s: %v", where(), err)
			}
			var a game.Action
			if s.CurrentPlayer() == game.Chance {
				a = game.SampleChance(s, rng, nil)
			} else {
				buf = s.LegalActions(buf)
				a = pickFavouring(s, buf, rng)
			}
			kind := actionKind(s, a)
			counts[kind]++
			if err := s.Apply(a); err != nil {
				t.Fatalf("%s: %s: %v", where(), s.ActionString(a), err)
			}
			// The Commons' tracker after every change that takes a tile
			// off (a lift, a move), else now and then.
			if kind == "lift" || kind == "move" || step%40 == 0 {
				if err := compareWithSlow(&s.commons); err != nil {
					t.Fatalf("%s, after a %s: %v", where(), kind, err)
				}
			}
			for p := range n {
				if err := checkLab(s, int8(p)); err != nil {
					t.Fatalf("%s, after a %s: seat %d's Lab: %v", where(), kind, p+1, err)
				}
			}
		}
	}
	for _, k := range []string{"lift", "move", "lab-replace", "token", "demand"} {
		if counts[k] == 0 && !testing.Short() { // a short run may miss a Market Demand card
			t.Errorf("no %s played: the test proves less than it says", k)
		}
	}
}

// actionKind names what an action does, for the counts.
func actionKind(s *State, a game.Action) string {
	switch {
	case s.CurrentPlayer() == game.Chance:
		return "chance"
	case s.phase == phasePlace && a >= actLab && a < actReturn:
		if s.labs[s.toMove].cellAt(space((a-actLab)/3)) != 0 {
			return "lab-replace"
		}
		return "lab"
	case s.phase == phaseDice && a >= actLift && a < actTake:
		return "lift"
	case s.phase == phaseMove:
		return "move"
	case s.phase == phaseToken:
		return "token"
	case s.phase == phaseReward && a == actDemand:
		return "demand"
	}
	return "other"
}

// pickFavouring picks a legal action at random, half the time among the
// ones that change what the caches follow when there are any.
func pickFavouring(s *State, legal []game.Action, rng *rand.Rand) game.Action {
	if rng.IntN(2) == 0 {
		var special []game.Action
		for _, a := range legal {
			switch {
			case s.phase == phasePlace && a >= actLab && a < actReturn && s.labs[s.toMove].cellAt(space((a-actLab)/3)) != 0,
				a >= actLift && a < actTake && s.phase == phaseDice,
				a >= actMove && a < actTo,
				a >= actBDFL && a < actOn,
				s.phase == phaseReward && a == actDemand:
				special = append(special, a)
			}
		}
		if len(special) > 0 {
			return special[rng.IntN(len(special))]
		}
	}
	return legal[rng.IntN(len(legal))]
}

// checkDecision compares what the state offers now with a recount.
func checkDecision(s *State) error {
	switch s.phase {
	case phaseRoll:
		got := s.ChanceOutcomes(nil)
		want := slowRollOutcomes(s)
		if len(got) != len(want) {
			return fmt.Errorf("roll outcomes %v, recount says %v", got, want)
		}
		for i := range got {
			if got[i].Action != want[i].Action || got[i].P != want[i].P {
				return fmt.Errorf("roll outcomes %v, recount says %v", got, want)
			}
		}
		return nil
	case phaseStart, phaseReveal, phaseOver:
		return nil
	}
	legal := s.LegalActions(nil)
	var got, want []game.Action
	switch s.phase {
	case phasePlace:
		got, want = legal, slowPlaceMoves(s)
	case phaseBegin, phaseAfter:
		got, want = within(legal, actMove, actTo), slowMovable(s)
	case phaseMove:
		got, want = legal, slowTargets(s)
	case phaseDice:
		got, want = within(legal, actLift, actTake), slowLifts(s)
	case phaseToken:
		got, want = legal, slowTokenSpaces(s)
	case phaseReward:
		got, want = within(legal, actInfra, actPass), slowRewards(s)
	default:
		return nil
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("legal %v,\nrecount says %v", names(s, got), names(s, want))
	}
	return nil
}

func within(as []game.Action, lo, hi game.Action) []game.Action {
	var out []game.Action
	for _, a := range as {
		if a >= lo && a < hi {
			out = append(out, a)
		}
	}
	return out
}

func names(s *State, as []game.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, s.ActionString(a))
	}
	return out
}

// checkLab compares a Lab's geometry and stats with a recount.
func checkLab(s *State, p int8) error {
	l := &s.labs[p]
	tiles := 0
	for i, t := range l.spaces[:l.n] {
		if l.cells[i] != 0 {
			tiles++
		}
		for e, o := range nbr[t] {
			want := -1
			for j, u := range l.spaces[:l.n] {
				if u == o {
					want = j
				}
			}
			if int(l.nb[i][e]) != want {
				return fmt.Errorf("space %s: neighbour across edge %d at position %d, recount says %d", spaceString(t), e, l.nb[i][e], want)
			}
		}
	}
	if tiles != int(l.tiles) {
		return fmt.Errorf("%d tiles, the Lab counts %d", tiles, l.tiles)
	}
	var order []space
	for _, i := range l.order[:l.n] {
		order = append(order, l.spaces[i])
	}
	if !slices.IsSorted(order) || len(slices.Compact(slices.Clone(order))) != int(l.n) {
		return fmt.Errorf("spaces in order %v", order)
	}
	if _, want := slowFeatures(labView(l)); s.labStats(p) != want {
		return fmt.Errorf("stats %s, recount says %s", describe(s.labStats(p)), describe(want))
	}
	return nil
}

func labView(l *lab) placeView {
	return placeView{spaces: l.spaces[:l.n], cellAt: func(t space) (cell, bool) { return l.cellAt(t), l.has(t) }}
}

// The recounts read only the tiles (cells), the neighbour table, the
// tokens, the dice and the supply.

// slowNeeds returns what the tiles round t ask, leaving out the tile at
// except, in a place read by cellAt; and whether any touches.
func slowNeeds(t, except space, cellAt func(space) cell) (needs, bool) {
	var n needs
	touch := false
	for e, o := range nbr[t] {
		if o < 0 || o == except {
			continue
		}
		if c := cellAt(o); c != 0 {
			touch = true
			n |= needs(1+c.edgeAt(e)) << (2 * e)
		}
	}
	return n, touch
}

// meets reports whether tile c meets needs n: every edge facing a tile
// matches it.
func meets(c cell, n needs) bool {
	for e := range 3 {
		if k := (n >> (2 * e)) & 3; k != 0 && c.edgeAt(e) != EdgeKind(k-1) {
			return false
		}
	}
	return true
}

func (s *State) commonsCell(t space) cell { return s.commons.cells[t] }

// labSpaces returns the seat to move's Lab spaces in increasing order.
func labSpaces(l *lab) []space {
	out := slices.Clone(l.spaces[:l.n])
	slices.Sort(out)
	return out
}

// sameLie reports whether cells a and b show the same edges on every
// space edge.
func sameLie(a, b cell) bool {
	for e := range 3 {
		if a.edgeAt(e) != b.edgeAt(e) {
			return false
		}
	}
	return true
}

// newLie reports whether a tile of type typ lies at turn as at no lower
// turn: each lie is one move (G8b).
func newLie(typ TileType, turn int) bool {
	for k := range turn {
		if sameLie(cellOf(typ, k), cellOf(typ, turn)) {
			return false
		}
	}
	return true
}

func slowPlaceMoves(s *State) []game.Action {
	var out []game.Action
	empty := s.commons.n == 0
	for t := range space(nSpaces) {
		for turn := range 3 {
			if !newLie(s.hand, turn) {
				continue
			}
			c := cellOf(s.hand, turn)
			if empty {
				if t == centre[0] {
					out = append(out, game.Action(actPlace+3*int(t)+turn))
				}
				continue
			}
			if s.commons.cells[t] != 0 {
				continue
			}
			if n, touch := slowNeeds(t, -1, s.commonsCell); touch && meets(c, n) {
				out = append(out, game.Action(actPlace+3*int(t)+turn))
			}
		}
	}
	l := &s.labs[s.toMove]
	// R14: the first Lab tile of the hand's type, by row then column, is
	// the one place where the hand lying as it lies changes nothing.
	first := space(-1)
	for _, t := range labSpaces(l) {
		if c := l.cellAt(t); c != 0 && c.tile() == s.hand {
			r, col := coords[t].RowCol()
			if first >= 0 {
				if fr, fc := coords[first].RowCol(); fr < r || (fr == r && fc < col) {
					continue
				}
			}
			first = t
		}
	}
	for _, t := range labSpaces(l) {
		n, touch := slowNeeds(t, t, l.cellAt)
		if l.cellAt(t) == 0 && !touch && l.tiles > 0 {
			continue
		}
		for turn := range 3 {
			if old := l.cellAt(t); !newLie(s.hand, turn) || (old != 0 && t != first && old.tile() == s.hand && sameLie(old, cellOf(s.hand, turn))) {
				continue
			}
			if meets(cellOf(s.hand, turn), n) {
				out = append(out, game.Action(actLab+3*int(t)+turn))
			}
		}
	}
	if len(out) == 0 {
		out = append(out, actReturn)
	}
	return out
}

// slowLocked reports whether another seat's token lies on Commons space t.
func slowLocked(s *State, t space) bool {
	for _, tk := range s.tokens {
		if tk.owner >= 0 && tk.at == t && tk.owner != s.toMove {
			return true
		}
	}
	return false
}

// slowTargetsOf lists where the tile at from may go (Compatibility): its
// own space at another turn or an empty space, touching another tile of
// its place, every edge matching; with first, it stops at the first.
func slowTargetsOf(s *State, from space, inLab, first bool, spaces []space) []game.Action {
	cellAt := s.commonsCell
	if inLab {
		l := &s.labs[s.toMove]
		cellAt = l.cellAt
		spaces = labSpaces(l)
	}
	c := cellAt(from)
	var out []game.Action
	for _, t := range spaces {
		if t != from && cellAt(t) != 0 {
			continue
		}
		n, touch := slowNeeds(t, from, cellAt)
		for turn := range 3 {
			if touch && newLie(c.tile(), turn) && !(t == from && sameLie(c, cellOf(c.tile(), turn))) && meets(cellOf(c.tile(), turn), n) {
				out = append(out, game.Action(actTo+3*int(t)+turn))
				if first {
					return out
				}
			}
		}
	}
	return out
}

// nextToTiles returns the Commons spaces next to a tile, in order: no
// other space touches a tile.
func nextToTiles(s *State) []space {
	var out []space
	for t := range space(nSpaces) {
		for _, o := range nbr[t] {
			if o >= 0 && s.commons.cells[o] != 0 {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

func slowMovable(s *State) []game.Action {
	if s.usesOf(Compatibility) == 0 {
		return nil
	}
	var out []game.Action
	near := nextToTiles(s)
	for t := range space(nSpaces) {
		if s.commons.cells[t] != 0 && !slowLocked(s, t) && len(slowTargetsOf(s, t, false, true, near)) > 0 {
			out = append(out, game.Action(actMove+int(t)))
		}
	}
	l := &s.labs[s.toMove]
	for _, t := range labSpaces(l) {
		if l.cellAt(t) != 0 && len(slowTargetsOf(s, t, true, true, nil)) > 0 {
			out = append(out, game.Action(actMoveLab+int(t)))
		}
	}
	return out
}

func slowTargets(s *State) []game.Action {
	return slowTargetsOf(s, s.chosen, s.chosenLab, false, nextToTiles(s))
}

// slowNamed returns the types whose edges show the colours of three dice.
func slowNamed(d [3]int8) []TileType {
	var out []TileType
	for t := range TileType(NumTypes) {
		var c [3]int8
		for _, k := range t.Edges() {
			c[k]++
		}
		if c == d {
			out = append(out, t)
		}
	}
	return out
}

func slowInSupply(s *State, d [3]int8) bool {
	for _, t := range slowNamed(d) {
		if s.supply[t] > 0 {
			return true
		}
	}
	return false
}

// slowReaches tries every sequence of Bug-catching changes.
func slowReaches(s *State, d, u [3]int8) bool {
	if slowInSupply(s, d) {
		return true
	}
	for to := range 3 {
		for from := range 3 {
			if u[to] > 0 && from != to && d[from] > 0 {
				e, v := d, u
				e[from]--
				e[to]++
				v[to]--
				if slowReaches(s, e, v) {
					return true
				}
			}
		}
	}
	return false
}

// slowLiftable reports whether the Commons has a tile of a type three
// dice name, without another seat's token, when the supply has none.
func slowLiftable(s *State, d [3]int8) bool {
	if slowInSupply(s, d) {
		return false
	}
	for t := range space(nSpaces) {
		if c := s.commons.cells[t]; c != 0 && slices.Contains(slowNamed(d), c.tile()) && !slowLocked(s, t) {
			return true
		}
	}
	return false
}

func slowRollOutcomes(s *State) []game.ChanceOutcome {
	u := s.catchUses()
	var out []game.ChanceOutcome
	total := 0.0
	for y := int8(0); y <= s.nDice; y++ {
		for b := int8(0); y+b <= s.nDice; b++ {
			r := s.nDice - y - b
			ok := false
			if s.nDice == 3 {
				ok = slowReaches(s, [3]int8{y, b, r}, u) || slowLiftable(s, [3]int8{y, b, r})
			}
			for ky := int8(0); ky <= min(y, 3) && s.nDice > 3; ky++ {
				for kb := int8(0); kb <= min(b, 3-ky); kb++ {
					if kr := 3 - ky - kb; kr <= r && slowReaches(s, [3]int8{ky, kb, kr}, u) {
						ok = true
					}
				}
			}
			if ok {
				p := multinomial[s.nDice][y][b]
				out = append(out, game.ChanceOutcome{Action: game.Action(32*int(y) + int(b)), P: p})
				total += p
			}
		}
	}
	for i := range out {
		out[i].P /= total
	}
	return out
}

func slowLifts(s *State) []game.Action {
	if !s.natural() || slowInSupply(s, s.dice) {
		return nil
	}
	var out []game.Action
	for t := range space(nSpaces) {
		if c := s.commons.cells[t]; c != 0 && slices.Contains(slowNamed(s.dice), c.tile()) && !slowLocked(s, t) {
			out = append(out, game.Action(actLift+int(t)))
		}
	}
	return out
}

func slowTokenSpaces(s *State) []game.Action {
	var out []game.Action
	for t := range space(nSpaces) {
		free := s.commons.cells[t] != 0
		for _, tk := range s.tokens {
			free = free && !(tk.owner >= 0 && tk.at == t)
		}
		if free {
			out = append(out, game.Action(actOn+int(t)))
		}
	}
	return out
}

// slowFound looks for a formation turned each way at every tile of a
// place, reading its cells.
func slowFound(f *form, cellAt func(space) cell, spaces []space) bool {
	for _, p := range spaces {
		for k := range 6 {
			fc := f.cells[k]
			v, ok := subSpaces(coords[p], fc[0].at)
			if !ok || cellAt(p) == 0 || !sameTile(cellAt(p), fc[0].c) {
				continue
			}
			for _, c := range fc[1:] {
				t := spaceAt(c.at.Add(v))
				if t < 0 || cellAt(t) == 0 || !sameTile(cellAt(t), c.c) {
					ok = false
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

func slowRewards(s *State) []game.Action {
	_, cs := slowFeatures(commonsView(&s.commons))
	_, ls := slowFeatures(labView(&s.labs[s.toMove]))
	var out []game.Action
	for _, set := range s.placemat {
		if set < 0 || s.left[set] == 0 {
			continue
		}
		c := s.r.cards.Sets[set].Condition
		n := s.r.cards.Sets[set].Cards - int(s.left[set])
		if c.holds(&cs, n) || c.holds(&ls, n) {
			out = append(out, game.Action(actInfra+int(set)))
		}
	}
	slices.Sort(out)
	if s.top >= 0 {
		f := &s.r.forms[s.top]
		all := make([]space, nSpaces)
		for i := range all {
			all[i] = space(i)
		}
		l := &s.labs[s.toMove]
		if slowFound(f, s.commonsCell, all) || slowFound(f, l.cellAt, l.spaces[:l.n]) {
			out = append(out, actDemand)
		}
	}
	return out
}

// TestFastTables checks the tables the hot paths read against the
// functions they stand for.
func TestFastTables(t *testing.T) {
	for c := cell(1); c < nCells; c++ {
		for d := cell(1); d < nCells; d++ {
			if (looks[c] == looks[d]) != sameTile(c, d) {
				t.Errorf("cells %d and %d: same looks %v, sameTile %v", c, d, looks[c] == looks[d], sameTile(c, d))
			}
		}
		for e := range 3 {
			if cellEdges[c][e] != tileEdges[c.tile()][c.tileEdge(e)] {
				t.Errorf("cell %d edge %d", c, e)
			}
		}
	}
	for _, d := range DefaultCards().Demands {
		f := makeForm(d)
		for c := cell(0); c < nCells; c++ {
			for k := range 6 {
				if want := c != 0 && sameTile(c, f.cells[k][0].c); (f.first[c]&(1<<k) != 0) != want {
					t.Errorf("%s turned %d, cell %d: first %v, want %v", d.Name, k, c, !want, want)
				}
			}
		}
	}
	// Reachable dice with up to four uses of a colour (five in all),
	// against every sequence of changes, for a supply of each type alone
	// (and of none).
	s := newGame(t, 2)
	for a := range TileType(NumTypes + 1) {
		s.supply = [NumTypes]int8{}
		if a < NumTypes {
			s.supply[a] = 1
		}
		for y := range int8(4) {
			for b := range 4 - y {
				d := [3]int8{y, b, 3 - y - b}
				if got, want := s.inSupply(d), slowInSupply(s, d); got != want {
					t.Errorf("dice %v, supply %v: in supply %v, want %v", d, s.supply, got, want)
				}
				for u := range 5 * 5 * 5 {
					uses := [3]int8{int8(u / 25), int8(u / 5 % 5), int8(u % 5)}
					if uses[0]+uses[1]+uses[2] > 5 {
						continue
					}
					if got, want := s.reachesSupply(d, uses), slowReaches(s, d, uses); got != want {
						t.Errorf("dice %v, uses %v, supply %v: reaches %v, want %v", d, uses, s.supply, got, want)
					}
				}
			}
		}
	}
}

// TestPlayout_NoAllocations plays whole random games with buffers of room
// enough: Apply, LegalActions and ChanceOutcomes allocate nothing (the
// engine's rule, for search bots' playouts).
func TestPlayout_NoAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters")
	}
	start := newGame(t, 4)
	rng := game.NewRand(3)
	buf := make([]game.Action, 0, 4096)
	outs := make([]game.ChanceOutcome, 0, 64)
	s := new(State)
	if allocs := testing.AllocsPerRun(3, func() {
		s.CopyFrom(start)
		playRandom(s, rng, buf, outs)
	}); allocs != 0 {
		t.Errorf("%v allocations a game", allocs)
	}
}
