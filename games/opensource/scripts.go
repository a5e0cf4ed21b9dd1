package opensource

import (
	"fmt"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/opensource/tri"
)

// The scripted strategies (game.Scripter): a beginner's ways of playing
// Open Source, the Board Game, each a rule of thumb for where a tile goes
// and which reward to take, for measuring the bots against. None looks
// further than the move in hand.
//
// A turn is a chain of small decisions (G12): the powers before the roll,
// the roll or a fork, the dice kept, Bug catching, the tile taken or
// lifted, its place, Productivity, the reward and the Lab's extra spaces.
// The script is asked at each of them and answers from the state as it
// stands: every choice of a tile type (the dice kept or changed, YBR or
// YRB, a fork) goes to the type whose best place the script rates
// highest, and every placement to the place it rates highest. Only
// powers uses the Infrastructure powers; the others roll plain dice and
// end phase e at once.
var scripts = []game.ScriptInfo{
	{Name: "commons", Doc: "places every tile in the Commons where it touches the most tiles (in its Lab only when the Commons has no room); takes the Market Demand card when it can, else an Infrastructure card; uses no powers"},
	{Name: "lab", Doc: "builds the top Market Demand card's formation in its own Lab, placing in the Commons (where the tile touches the most tiles) only when its Lab has no use for the tile; takes the Market Demand card when it can; uses no powers"},
	{Name: "finisher", Doc: "places where the tile finishes the most features, in the Commons or its Lab, else where it touches the most tiles, to earn Infrastructure; takes an earned Infrastructure card first, then Nothing To Lose, then Market Demand; uses no powers"},
	{Name: "demand", Doc: "hunts the top Market Demand card: places where the tile completes or extends its formation the most, in the Commons or its Lab (a new one in its Lab), else as commons; takes the Market Demand card first; uses no powers"},
	{Name: "powers", Doc: "uses every power as soon as it can (Hardware, Compatibility to move a loose tile where it touches more, Forking or all its Agility dice, Bug catching towards a tile that fits better, Productivity, BDFL on the tile just placed); places as commons; takes an Infrastructure card of a power it lacks first"},
}

// scriptPolicy is one script: how it rates a placement and which reward
// it takes first, and whether it uses powers.
type scriptPolicy struct {
	// rater returns the script's rating of the placements of a tile of
	// type t at s (larger is better).
	rater func(s *State, t TileType) func(a game.Action) score
	// reward returns the rank of a legal reward move (larger first).
	reward func(s *State, a game.Action) int
	powers bool
}

var policies = map[string]scriptPolicy{
	"commons":  {rater: commonsRater, reward: demandFirst},
	"lab":      {rater: labRater, reward: demandFirst},
	"finisher": {rater: finisherRater, reward: earnedFirst},
	"demand":   {rater: demandRater, reward: demandFirst},
	"powers":   {rater: commonsRater, reward: lackedPowerFirst, powers: true},
}

// Script plays the named script for the seat to move.
func (s *State) Script(name string, r *rand.Rand) (game.Action, error) {
	pol, ok := policies[name]
	if !ok {
		return 0, fmt.Errorf("%s: no script %q", info.Name, name)
	}
	if s.CurrentPlayer() < 0 {
		return 0, fmt.Errorf("%s: script %s: no seat is to move (%s)", info.Name, name, s.CurrentPlayer())
	}
	legal := s.LegalActions(make([]game.Action, 0, 256))
	if len(legal) == 0 { // cannot happen: a seat to move has a move
		return 0, fmt.Errorf("%s: script %s: no legal move", info.Name, name)
	}
	switch s.phase {
	case phaseBegin:
		return s.scriptBegin(pol, legal, r), nil
	case phaseKeep:
		a, _ := choose(legal, r, func(a game.Action) score {
			y, b := int8(a-actKeep)/4, int8(a-actKeep)%4
			return s.diceValue(pol, [3]int8{y, b, 3 - y - b}, false) // Agility: not natural
		})
		return a, nil
	case phaseDice:
		return s.scriptDice(pol, legal, r), nil
	case phasePlace:
		a, _ := choose(legal, r, pol.rater(s, s.hand))
		return a, nil
	case phaseAfter:
		return s.scriptAfter(pol, legal, r), nil
	case phaseMove:
		a, _ := choose(legal, r, func(a game.Action) score {
			b := a - actTo
			return score{s.moveTouches(space(b/3), s.chosen, s.chosenLab)}
		})
		return a, nil
	case phaseToken:
		a, _ := choose(legal, r, func(a game.Action) score {
			t := space(a - actOn)
			just := 0
			if !s.placedLab && t == s.placed[0] {
				just = 1 // the tile just placed
			}
			return score{just, s.commonsTouches(t)}
		})
		return a, nil
	case phaseReward:
		a, _ := choose(legal, nil, func(a game.Action) score { return score{pol.reward(s, a)} })
		return a, nil
	case phaseExtend:
		l := &s.labs[s.toMove]
		a, _ := choose(legal, r, func(a game.Action) score {
			n := 0
			for _, o := range nbr[a-actExtend] {
				if l.has(o) {
					n++
				}
			}
			return score{n}
		})
		return a, nil
	}
	return legal[0], nil
}

// score is a rating compared in order of its values, larger first.
type score [3]int

func (x score) less(y score) bool {
	for i := range x {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

// choose returns the action of acts that value rates highest, ties drawn
// with r (the first with r nil), and its rating.
func choose(acts []game.Action, r *rand.Rand, value func(a game.Action) score) (game.Action, score) {
	best, bestV, ties := acts[0], score{}, 0
	for _, a := range acts {
		v := value(a)
		switch {
		case ties == 0 || bestV.less(v):
			best, bestV, ties = a, v, 1
		case v == bestV:
			ties++
			if r != nil && r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best, bestV
}

// worst rates what is not worth doing: a tile that cannot be had.
var worst = score{-1 << 20}

// typeValue rates a tile of type t by its best place as the script rates
// places (the return to the supply, when it fits nowhere, worst of all).
func (s *State) typeValue(pol scriptPolicy, t TileType) score {
	acts := s.placeMovesOf(t, make([]game.Action, 0, 256))
	if acts[0] == actReturn {
		return worst
	}
	_, v := choose(acts, nil, pol.rater(s, t))
	return v
}

// diceValue rates three dice by the best type they name that the supply
// has, or that the seat may lift (with natural, a natural roll: G11);
// dice that name neither are worst (Bug catching must change them
// again).
func (s *State) diceValue(pol scriptPolicy, d [3]int8, natural bool) score {
	t1, t2, n := named(d)
	v := worst
	for i, t := range [2]TileType{t1, t2} {
		if i < n && (s.supply[t] > 0 || natural && !s.inSupply(d) && s.liftableOf(t)) {
			if w := s.typeValue(pol, t); v.less(w) {
				v = w
			}
		}
	}
	return v
}

// scriptBegin plays phase a-b (G12): powers uses Hardware, then
// Compatibility on a loose tile, then forks or rolls with every Agility
// die; the others roll.
func (s *State) scriptBegin(pol scriptPolicy, legal []game.Action, r *rand.Rand) game.Action {
	if !pol.powers {
		return actRoll
	}
	var hardware []game.Action
	fork := false
	for _, a := range legal {
		switch {
		case a >= actHardware && a < actAgain:
			hardware = append(hardware, a)
		case a >= actFork && a < actMove:
			fork = true
		}
	}
	if len(hardware) > 0 {
		a, _ := choose(hardware, nil, func(a game.Action) score {
			return score{hardwareRank[s.r.cards.Sets[a-actHardware].Reward]}
		})
		return a
	}
	if a, ok := s.looseMove(legal, r); ok {
		return a
	}
	if fork {
		var forks []game.Action
		for _, a := range legal {
			if a >= actFork && a < actMove {
				forks = append(forks, a)
			}
		}
		a, _ := choose(forks, r, func(a game.Action) score { return s.typeValue(pol, TileType(a-actFork)) })
		return a
	}
	return game.Action(actRoll + s.agilityDice())
}

// hardwareRank orders the powers Hardware gives once more: another tile
// first, then a tile of one's choice, more dice, a changed die, a move, a
// token.
var hardwareRank = [numPowers]int{Productivity: 8, Forking: 7, Agility: 6, BugYellow: 5, BugBlue: 5, BugRed: 5, Compatibility: 4, BDFL: 3}

// looseMove returns Compatibility's move of a loose Commons tile (one that
// touches a single tile) that has a place where it touches more tiles,
// the loosest first, if the seat may move one.
func (s *State) looseMove(legal []game.Action, r *rand.Rand) (game.Action, bool) {
	var loose []game.Action
	for _, a := range legal {
		if a >= actMove && a < actMoveLab && s.commonsTouches(space(a-actMove)) <= 1 {
			loose = append(loose, a)
		}
	}
	if len(loose) == 0 {
		return 0, false
	}
	var buf []game.Action
	a, v := choose(loose, r, func(a game.Action) score {
		from := space(a - actMove)
		best := 0
		buf = s.appendTargets(buf[:0], from, false, false)
		for _, to := range buf {
			best = max(best, s.moveTouches(space((to-actTo)/3), from, false))
		}
		return score{best - s.commonsTouches(from)}
	})
	return a, v[0] > 0
}

// commonsTouches returns how many Commons tiles share an edge with space
// t.
func (s *State) commonsTouches(t space) int {
	n := 0
	for _, o := range nbr[t] {
		if s.commons.occupied(o) {
			n++
		}
	}
	return n
}

// moveTouches returns how many tiles the tile at from would touch on t
// (Compatibility), in the Commons or the seat's Lab.
func (s *State) moveTouches(t, from space, inLab bool) int {
	if inLab {
		l := &s.labs[s.toMove]
		n, _ := l.needs(l.pos(t), l.pos(from))
		return touches(n)
	}
	n, _ := s.commonsNeeds(t, from)
	return touches(n)
}

// touches counts the tiles a space's needs come from.
func touches(n needs) int {
	c := 0
	for e := range 3 {
		if n>>(2*e)&3 != 0 {
			c++
		}
	}
	return c
}

// scriptDice plays phase c-d: powers changes a die when the dice then
// name a tile with a better place; every script takes the type it rates
// best (YBR or YRB), or lifts the Commons tile that touches the fewest
// tiles, and changes a die only when it must.
func (s *State) scriptDice(pol scriptPolicy, legal []game.Action, r *rand.Rand) game.Action {
	var catches, takes, lifts []game.Action
	for _, a := range legal {
		switch {
		case a >= actCatch && a < actRoll:
			catches = append(catches, a)
		case a >= actTake && a < actKeep:
			takes = append(takes, a)
		case a >= actLift && a < actTake:
			lifts = append(lifts, a)
		}
	}
	catchValue := func(a game.Action) score {
		d := s.dice
		d[(a-actCatch)/3]--
		d[(a-actCatch)%3]++
		return s.diceValue(pol, d, false) // a changed roll
	}
	if len(takes)+len(lifts) == 0 {
		a, _ := choose(catches, r, catchValue)
		return a
	}
	if pol.powers && len(catches) > 0 {
		if a, v := choose(catches, r, catchValue); s.diceValue(pol, s.dice, s.natural()).less(v) {
			return a
		}
	}
	if len(takes) > 0 {
		a, _ := choose(takes, r, func(a game.Action) score { return s.typeValue(pol, TileType(a-actTake)) })
		return a
	}
	a, _ := choose(lifts, r, func(a game.Action) score { return score{-s.commonsTouches(space(a - actLift))} })
	return a
}

// scriptAfter plays phase e: powers puts a BDFL token that is off the
// board on the tile just placed, moves a loose tile (Compatibility) and
// plays another tile (Productivity); the others are done.
func (s *State) scriptAfter(pol scriptPolicy, legal []game.Action, r *rand.Rand) game.Action {
	if !pol.powers {
		return actDone
	}
	for _, a := range legal {
		if a >= actBDFL && a < actOn && s.tokens[a-actBDFL].at < 0 {
			return a
		}
	}
	if a, ok := s.looseMove(legal, r); ok {
		return a
	}
	for _, a := range legal {
		if a == actAgain {
			return a
		}
	}
	return actDone
}

// The reward ranks (G13): pass is always last.

// demandFirst takes the Market Demand card, else an Infrastructure card
// (the first stack in letter order).
func demandFirst(s *State, a game.Action) int {
	switch {
	case a == actDemand:
		return 100
	case a >= actInfra && a < actDemand:
		return 50 - int(a-actInfra)
	}
	return 0
}

// earnedFirst takes an Infrastructure card whose condition had to be
// earned, then one of a set without a condition (Nothing To Lose), then
// the Market Demand card.
func earnedFirst(s *State, a game.Action) int {
	switch {
	case a == actDemand:
		return 10
	case a >= actInfra && a < actDemand:
		i := int(a - actInfra)
		if s.r.cards.Sets[i].Condition.Kind == CondNone {
			return 50 - i
		}
		return 100 - i
	}
	return 0
}

// lackedPowerFirst takes an Infrastructure card of a power the seat holds
// no card of, then any Infrastructure card, then the Market Demand card.
func lackedPowerFirst(s *State, a game.Action) int {
	switch {
	case a == actDemand:
		return 10
	case a >= actInfra && a < actDemand:
		i := int(a - actInfra)
		pw := s.r.cards.Sets[i].Reward
		for j, set := range s.r.cards.Sets {
			if set.Reward == pw && s.held[s.toMove][j] > 0 {
				return 50 - i
			}
		}
		return 100 - i
	}
	return 0
}

// Placement ratings. Each rater is made for a tile type at a state, and
// rates that tile's legal placements (place, lab, or the return).

// placeOf decodes a placement: the space, the turn, and whether it is in
// the Lab; ok is false for the return.
func placeOf(a game.Action) (t space, turn int, inLab, ok bool) {
	switch {
	case a < actLab:
		return space(a / 3), int(a % 3), false, true
	case a < actReturn:
		b := a - actLab
		return space(b / 3), int(b % 3), true, true
	}
	return -1, 0, false, false
}

// labTouches returns how many of the seat's Lab tiles share an edge with
// its space t, and 1 if t is empty (0 if a tile would go back).
func (s *State) labTouches(t space) (int, int) {
	l := &s.labs[s.toMove]
	i := l.pos(t)
	n, _ := l.needs(i, i)
	empty := 0
	if l.cells[i] == 0 {
		empty = 1
	}
	return touches(n), empty
}

// commonsRater: the Commons where the tile touches the most tiles; the
// Lab only when the Commons has no room, where it touches the most tiles,
// an empty space before sending a tile back.
func commonsRater(s *State, t TileType) func(a game.Action) score {
	return func(a game.Action) score {
		sp, _, inLab, ok := placeOf(a)
		switch {
		case !ok:
			return worst
		case inLab:
			n, empty := s.labTouches(sp)
			return score{1, n, empty}
		}
		return score{2, touches(s.commons.need[sp])}
	}
}

// finisherRater: where the tile finishes the most features (those of the
// Commons it joins, or its Lab's, counted before and after), then where
// it touches the most tiles, the Commons first.
func finisherRater(s *State, t TileType) func(a game.Action) score {
	l := &s.labs[s.toMove]
	st := l.stats()
	before := st.finishedAll()
	return func(a game.Action) score {
		sp, turn, inLab, ok := placeOf(a)
		switch {
		case !ok:
			return worst
		case inLab:
			m := l.with(sp, cellOf(t, turn))
			st := m.stats()
			after := st.finishedAll()
			n, _ := s.labTouches(sp)
			return score{after - before, n, 0}
		}
		return score{s.commons.finishes(sp, cellOf(t, turn)), touches(s.commons.need[sp]), 1}
	}
}

// labRater: a Lab place that brings the Lab closer to the top Market
// Demand card's formation (more of its tiles in place), the closest
// first; else the Commons as commons; else the Lab place that spoils the
// formation least.
func labRater(s *State, t TileType) func(a game.Action) score {
	f := s.topForm()
	if f == nil {
		return commonsRater(s, t)
	}
	l := &s.labs[s.toMove]
	before := l.formBest(f)
	return func(a game.Action) score {
		sp, turn, inLab, ok := placeOf(a)
		switch {
		case !ok:
			return worst
		case inLab:
			m := l.with(sp, cellOf(t, turn))
			after := m.formBest(f)
			n, empty := s.labTouches(sp)
			if after > before {
				return score{2, after, empty}
			}
			return score{0, after - before, n}
		}
		return score{1, touches(s.commons.need[sp])}
	}
}

// demandRater: the place that completes or extends the top Market Demand
// card's formation the most, in the Commons (next to a tile of it) or in
// the Lab (where a new one may start), the Lab first; else as labRater.
func demandRater(s *State, t TileType) func(a game.Action) score {
	f := s.topForm()
	if f == nil {
		return commonsRater(s, t)
	}
	lab := labRater(s, t)
	return func(a game.Action) score {
		sp, turn, inLab, ok := placeOf(a)
		if ok && !inLab {
			if n := f.countInCommons(&s.commons, sp, cellOf(t, turn)); n >= 2 {
				return score{2, n, 0}
			}
		}
		return lab(a)
	}
}

// topForm returns the top Market Demand card's formation, nil if none.
func (s *State) topForm() *form {
	if s.top < 0 {
		return nil
	}
	return &s.r.forms[s.top]
}

// with returns a copy of the Lab with cell c on its space t.
func (l *lab) with(t space, c cell) lab {
	m := *l
	i := m.pos(t)
	if m.cells[i] == 0 {
		m.tiles++
	}
	m.cells[i] = c
	return m
}

// formBest returns the most tiles of formation f the Lab shows in place,
// over every way the formation lies (turned, moved) with all its spaces
// in the Lab (G14).
func (l *lab) formBest(f *form) int {
	best := 0
	if l.tiles == 0 {
		return 0
	}
	for k := range f.cells {
		fc := f.cells[k]
		for _, p := range l.spaces[:l.n] {
			v, ok := tri.Sub(coords[p], fc[0].at)
			if !ok {
				continue
			}
			n := 0
			for _, c := range fc {
				t := spaceAt(c.at.Add(v))
				if !l.has(t) {
					n = -1
					break
				}
				if tc := l.cellAt(t); tc != 0 && looks[tc] == looks[c.c] {
					n++
				}
			}
			best = max(best, n)
		}
		if best == len(fc) {
			break // all of it: nothing beats that
		}
	}
	return best
}

// countInCommons returns the most tiles of formation f that would lie in
// place in the Commons with cell c on the empty space t, over the ways
// the formation lies with c as one of its tiles and no other tile in the
// way (its other spaces holding its tiles or empty); 0 if none.
func (f *form) countInCommons(b *tracker, t space, c cell) int {
	best := 0
	for k := range f.cells {
		fc := f.cells[k]
		for j := range fc {
			if looks[fc[j].c] != looks[c] {
				continue
			}
			v, ok := tri.Sub(coords[t], fc[j].at)
			if !ok {
				continue
			}
			n := 1
			for i, x := range fc {
				if i == j {
					continue
				}
				u := spaceAt(x.at.Add(v))
				if u < 0 {
					n = 0
					break
				}
				if uc := b.cells[u]; uc != 0 {
					if looks[uc] != looks[x.c] {
						n = 0
						break
					}
					n++
				}
			}
			best = max(best, n)
		}
	}
	return best
}

// finishes returns how many features cell c placed on the empty Commons
// space t would finish (G5), leaving the tracker as it is: a small
// union-find over the tile's areas and the features across its edges.
func (b *tracker) finishes(t space, c cell) int {
	sh := &shapes[c.tile()]
	const most = maxAreas + 9 // the tile's areas, and a feature per facing segment
	var parent [most]int8
	var open [most]int
	var root [most]areaID // of the features across the edges
	n := int8(maxAreas)
	for k := range sh.n {
		parent[k], open[k] = k, int(sh.segs[k])
	}
	find := func(i int8) int8 {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	node := func(r areaID) int8 {
		for i := int8(maxAreas); i < n; i++ {
			if root[i] == r {
				return i
			}
		}
		root[n], parent[n], open[n] = r, n, int(b.open[r])
		n++
		return n - 1
	}
	for e, o := range nbr[t] {
		if !b.occupied(o) {
			continue
		}
		oc, oe := b.cells[o], facing(t, e)
		obase := (b.slotOf[o] - 1) * maxAreas
		for i := range 3 {
			x := find(c.area(e, i))
			y := find(node(b.root(obase + areaID(oc.area(oe, 2-i)))))
			open[x]--
			open[y]--
			if x != y {
				parent[y] = x
				open[x] += open[y]
			}
		}
	}
	done := 0
	var seen [maxAreas]int8
	for k := range sh.n {
		r := find(k)
		dup := false
		for _, x := range seen[:k] {
			dup = dup || x == r
		}
		seen[k] = r
		if !dup && open[r] == 0 {
			done++
		}
	}
	return done
}

// root is find without path compression, for reading the tracker without
// changing it.
func (b *tracker) root(a areaID) areaID {
	for b.parent[a] != a {
		a = b.parent[a]
	}
	return a
}
