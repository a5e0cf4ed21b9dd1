package openscience

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/commons-games/commons/game"
)

// The scripted strategies (game.Scripter): a beginner's ways of playing
// Open Science Alliance, each a rule of thumb for step (1) and one for the
// collection, for measuring the bots against. None looks further than the
// turn in hand.
//
// A turn is a chain of small decisions (O17): the upskill's form and its
// roles, then the collection's amounts one type at a time and its
// receiver. At each of them a script makes its whole plan again from the
// state (the upskills open from the choices already made, the best
// collection that completes the amounts already chosen) and plays the
// plan's next step, so the steps of a turn always agree.
var scripts = []game.ScriptInfo{
	{Name: "hire", Doc: "hires whenever it can unless its team could collect nothing as it stands (then the upskill that allows the largest collection); collects the most it can"},
	{Name: "upskill-dd", Doc: "raises its Discovery Driver while its Specialists and Champions can cover the higher level, else its weakest of them by 2; collects the most it can"},
	{Name: "specialist", Doc: "raises its best Specialist by 2 (else hires) and collects independently with its strongest role; a collaboration only when no independent action is open"},
	{Name: "greedy-collect", Doc: "the upskill that allows the largest collection this turn (it never hires unless nothing else is legal), then that collection"},
	{Name: "glue", Doc: "hires until it holds a Social Glue, then upskills for its best collection; prefers collaborations that bring another player's Specialist"},
	{Name: "spread", Doc: "raises its two weakest Specialists or Champions by 1 each (else the upskill that adds most to them, else hires); collects the most it can"},
}

// scriptPolicy is one script: how it chooses among the upskills and hires
// open to it, and how it rates a collection.
type scriptPolicy struct {
	// step1 returns the index of the plan to follow among plans (at
	// least one); s is the state at step (1) or at a raise.
	step1 func(s *State, plans []upPlan, r *rand.Rand) int
	// rate rates a collection for the seat to move: the amounts taken and
	// whether a Social Glue credit passes (larger is better).
	rate collectRate
	// alone makes the script collect with an independent action when it
	// can (O13), whatever a collaboration would bring.
	alone bool
}

// collectRate rates a complete collection: its total and whether a credit
// passes to another seat.
type collectRate func(total int, credit bool) int

// ownCredits rates a collection by the credits the collector earns, and
// among equal ones prefers that no credit passes to another seat.
func ownCredits(total int, credit bool) int {
	if credit {
		return 2*(total-1) - 1
	}
	return 2 * total
}

// glueRate rates a collection by its total, preferring one that passes a
// credit: a collaboration that brought another player's Specialist.
func glueRate(total int, credit bool) int {
	if credit {
		return 2*total + 1
	}
	return 2 * total
}

var policies = map[string]scriptPolicy{
	"hire":           {step1: hireStep1, rate: ownCredits},
	"upskill-dd":     {step1: driverStep1, rate: ownCredits},
	"specialist":     {step1: specialistStep1, rate: ownCredits, alone: true},
	"greedy-collect": {step1: greedyStep1(ownCredits), rate: ownCredits},
	"glue":           {step1: glueStep1, rate: glueRate},
	"spread":         {step1: spreadStep1, rate: ownCredits},
}

// Script plays the named script for the seat to move.
func (s *State) Script(name string, r *rand.Rand) (game.Action, error) {
	pol, ok := policies[name]
	if !ok {
		return 0, fmt.Errorf("%s: no script %q", info.Name, name)
	}
	switch s.phase {
	case phasePick:
		return s.scriptPick(r), nil
	case phaseStep1, phaseRaise:
		plans := s.upPlans(nil, nil, 0)
		if len(plans) == 0 { // cannot happen: step (1) is skipped when nothing is open
			return 0, fmt.Errorf("%s: script %s: no upskill or hire is open", info.Name, name)
		}
		return plans[pol.step1(s, plans, r)].acts[0], nil
	case phaseCollect:
		return s.scriptCollect(pol), nil
	}
	return 0, fmt.Errorf("%s: script %s: no seat is to move (%s)", info.Name, name, s.CurrentPlayer())
}

// scriptPick picks, in set-up, the Specialist of the type fewest other
// seats hold, among those the Events offer most of; ties at random.
func (s *State) scriptPick(r *rand.Rand) game.Action {
	var offer [NumResources]int
	for _, e := range s.r.cards.Events {
		for t, l := range e.Levels {
			offer[t] += l
		}
	}
	best, bestHeld, bestOffer, ties := game.Action(-1), 0, 0, 0
	for k := range KnowledgeLiberator + 1 {
		if s.deck[k] == 0 {
			continue
		}
		held := 0
		for q := range s.n() {
			for l := range levels {
				held += int(s.team[q][k][l])
			}
		}
		a := game.Action(actPick + k)
		switch {
		case ties == 0 || held < bestHeld || held == bestHeld && offer[k] > bestOffer:
			best, bestHeld, bestOffer, ties = a, held, offer[k], 1
		case held == bestHeld && offer[k] == bestOffer:
			ties++
			if r.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

// upPlan is one way to play step (1) from the state in hand: the moves
// that make it (a hire, or an upskill's form and roles from where the
// upskill stands) and the state at the collection after it (not for a
// hire, whose card is chance).
type upPlan struct {
	acts  [3]game.Action
	n     int
	hire  bool
	after State
}

// upPlans appends to out every plan open from s at step (1) or at a
// raise; prefix holds the moves made before s within the plan.
func (s *State) upPlans(out []upPlan, prefix []game.Action, depth int) []upPlan {
	var buf [NumRoles * levels]game.Action
	for _, a := range s.LegalActions(buf[:0]) {
		if a == actHire {
			p := upPlan{hire: true, n: depth + 1}
			copy(p.acts[:], prefix)
			p.acts[depth] = a
			out = append(out, p)
			continue
		}
		c := *s
		if err := c.Apply(a); err != nil {
			panic(err) // a legal move
		}
		acts := append(prefix[:depth:depth], a)
		if c.phase == phaseRaise {
			out = c.upPlans(out, acts, depth+1)
			continue
		}
		p := upPlan{n: depth + 1, after: c}
		copy(p.acts[:], acts)
		out = append(out, p)
	}
	return out
}

// pickBest returns the index of the plan with the highest value, ties at
// random; value returns ok false for a plan not to be considered, and
// pickBest returns -1 if none is.
func pickBest(plans []upPlan, r *rand.Rand, value func(p *upPlan) (int, bool)) int {
	best, bestV, ties := -1, 0, 0
	for i := range plans {
		v, ok := value(&plans[i])
		if !ok {
			continue
		}
		switch {
		case ties == 0 || v > bestV:
			best, bestV, ties = i, v, 1
		case v == bestV:
			ties++
			if r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}

// hirePlan returns the index of the hire among plans, or -1.
func hirePlan(plans []upPlan) int {
	for i := range plans {
		if plans[i].hire {
			return i
		}
	}
	return -1
}

// greedyStep1 returns the rule "the upskill that allows the best
// collection this turn by rate" (a hire only when nothing else is open).
func greedyStep1(rate collectRate) func(s *State, plans []upPlan, r *rand.Rand) int {
	return func(s *State, plans []upPlan, r *rand.Rand) int {
		i := pickBest(plans, r, func(p *upPlan) (int, bool) {
			if p.hire {
				return 0, false
			}
			v, _ := p.after.bestCollection(rate, false)
			return v, true
		})
		if i < 0 {
			return 0 // only a hire is open
		}
		return i
	}
}

// hireStep1: hire whenever possible, unless the team could collect
// nothing at all this turn as it stands (a hired card joins at level 0
// and takes nothing of a collaboration's base), then upskill greedily.
func hireStep1(s *State, plans []upPlan, r *rand.Rand) int {
	if h := hirePlan(plans); h >= 0 {
		c := *s
		c.startCollect()
		if v, _ := c.bestCollection(ownCredits, false); v > 0 {
			return h
		}
	}
	return greedyStep1(ownCredits)(s, plans, r)
}

// capacity is what the Specialists and Transparency Champions of seat q
// can take of a collaboration's base at most: the sum of their levels (a
// Champion at most one per type, O14).
func (s *State) capacity(q int) int {
	c := 0
	for k := range SocialGlue {
		for l := range levels {
			n := int(s.team[q][k][l])
			if Role(k) == TransparencyChampion {
				l = min(l, NumResources)
			}
			c += n * l
		}
	}
	return c
}

// driverStep1: the Discovery Driver up while the team covers the higher
// level; else the weakest Specialist or Champion up by 2, else any other
// upskill that raises the team's capacity the most, else a hire.
func driverStep1(s *State, plans []upPlan, r *rand.Rand) int {
	p := int(s.toMove)
	if d := pickBest(plans, r, func(u *upPlan) (int, bool) {
		return 0, !u.hire && u.after.driver[p] > s.driver[p] && u.after.capacity(p) >= int(u.after.driver[p])
	}); d >= 0 {
		return d
	}
	return raiseWeakest(s, plans, r, formOne)
}

// raiseWeakest prefers the plans of the given upskill form that raise the
// team's weakest Specialists or Champions (the lowest levels before, each
// step adding to what the team can take), then
// any upskill that adds the most capacity, then a hire.
func raiseWeakest(s *State, plans []upPlan, r *rand.Rand, form int8) int {
	p := int(s.toMove)
	before := s.capacity(p)
	if i := pickBest(plans, r, func(u *upPlan) (int, bool) {
		if u.hire || planForm(s, u) != form {
			return 0, false
		}
		// Both steps of the upskill add to what the team can take: no
		// Social Glue, no Champion beyond one per type.
		if u.after.capacity(p)-before < 2 {
			return 0, false
		}
		return -raisedLevels(s, u), true
	}); i >= 0 {
		return i
	}
	if i := pickBest(plans, r, func(u *upPlan) (int, bool) {
		if u.hire {
			return 0, false
		}
		gain := u.after.capacity(p) - before
		return gain, gain > 0
	}); i >= 0 {
		return i
	}
	if h := hirePlan(plans); h >= 0 {
		return h
	}
	return r.IntN(len(plans))
}

// planForm returns the upskill form of a plan made from s.
func planForm(s *State, u *upPlan) int8 {
	if s.phase == phaseRaise {
		return s.form
	}
	switch u.acts[0] {
	case actUpOne:
		return formOne
	case actUpTwo:
		return formTwo
	case actUpDriver:
		return formDriver
	}
	return 0
}

// raisedLevels is the sum of the levels, before the upskill, of the role
// cards a plan raises, counting a card already chosen at a raise.
func raisedLevels(s *State, u *upPlan) int {
	sum := 0
	for _, a := range u.acts[:u.n] {
		if a >= actRaise && a < actNothing {
			sum += int(a-actRaise) % levels
		}
	}
	if s.phase == phaseRaise && s.raised >= 0 {
		sum += int(s.raised) % levels
	}
	return sum
}

// specialistStep1: a Specialist up by 2, the best (highest level that can
// take it, then the most of its type in stock); else a hire; else the
// upskill that raises its Specialists' best level, then their sum.
func specialistStep1(s *State, plans []upPlan, r *rand.Rand) int {
	p := int(s.toMove)
	if i := pickBest(plans, r, func(u *upPlan) (int, bool) {
		if u.hire || planForm(s, u) != formOne {
			return 0, false
		}
		for k := range TransparencyChampion {
			for l := range levels {
				if u.after.team[p][k][l] > s.team[p][k][l] && l >= 2 {
					return 100*(l-2) + int(s.stock[k]), true
				}
			}
		}
		return 0, false
	}); i >= 0 {
		return i
	}
	if h := hirePlan(plans); h >= 0 {
		return h
	}
	return pickBest(plans, r, func(u *upPlan) (int, bool) {
		best, sum := 0, 0
		for k := range TransparencyChampion {
			for l := range levels {
				if u.after.team[p][k][l] > 0 {
					best = max(best, l)
					sum += l * int(u.after.team[p][k][l])
				}
			}
		}
		return 100*best + sum, true
	})
}

// glueStep1: hire until the team holds a Social Glue; then the upskill
// that allows the best collection by glue's rating.
func glueStep1(s *State, plans []upPlan, r *rand.Rand) int {
	p := int(s.toMove)
	glue := 0
	for l := range levels {
		glue += int(s.team[p][SocialGlue][l])
	}
	if h := hirePlan(plans); h >= 0 && glue == 0 {
		return h
	}
	return greedyStep1(glueRate)(s, plans, r)
}

// spreadStep1: two of the weakest Specialists or Champions up by 1 each;
// else whatever adds capacity, else a hire.
func spreadStep1(s *State, plans []upPlan, r *rand.Rand) int {
	return raiseWeakest(s, plans, r, formTwo)
}

// scriptCollect returns the next choice of the best collection, by the
// script's rule, that completes the choices already made.
func (s *State) scriptCollect(pol scriptPolicy) game.Action {
	_, plan := s.bestCollection(pol.rate, pol.alone)
	if plan.total == 0 {
		return actNothing // nothing can be collected
	}
	if s.step < NumResources {
		return actAmount + game.Action(plan.amount[s.step])
	}
	return actCredit + game.Action(plan.recv)
}

// collectPlan is a complete collection: the amounts and the receiver's
// choice (0 nobody, 1+q seat q).
type collectPlan struct {
	amount [NumResources]int
	recv   int
	total  int
}

// bestCollection returns the rating and the plan of the best collection
// by rate that completes the choices made so far (s at a collection).
// With alone, an independent action comes first when one is open. Among
// equally rated collections the first in a fixed order wins: the types
// with the most in stock are taken first, so that the step-by-step plans
// of one collection agree.
func (s *State) bestCollection(rate collectRate, alone bool) (int, collectPlan) {
	if s.phase != phaseCollect {
		return 0, collectPlan{}
	}
	if alone {
		if p, ok := s.independentPlan(); ok {
			return rate(p.total, false), p
		}
	}
	f := finder{rate: rate, best: -1}
	p := int(s.toMove)
	// A collection takes at most the Discovery Driver's level and a bonus
	// for each role and a brought Specialist, or one role's level alone.
	roles := 1
	for k := range NumRoles {
		for l := range levels {
			roles += int(s.team[p][k][l])
		}
	}
	f.cap = max(int(s.driver[p])+roles, s.r.cards.RoleMax)
	for t := range NumResources {
		f.rest[t] = int(s.stock[t])
	}
	for t := NumResources - 1; t > 0; t-- {
		f.rest[t-1] += f.rest[t]
	}
	c := *s
	f.search(&c)
	if f.best < 0 {
		return 0, collectPlan{}
	}
	return f.best, f.plan
}

// finder searches the collections by walking the game's own choices
// (O17), so that every collection it finds is legal, best rating first.
type finder struct {
	rate collectRate
	cap  int               // a bound on any collection's total
	rest [NumResources]int // rest[t]: the stock of types t and after
	best int
	plan collectPlan
}

// search walks the choices from c (which it changes), in order of
// preference, skipping what cannot beat the best found.
func (f *finder) search(c *State) {
	j := int(c.step)
	sum := 0
	for t := range j {
		sum += int(c.amount[t])
	}
	if j == NumResources {
		if sum == 0 {
			return
		}
		// The receiver: nobody if the rating prefers it, else the seat
		// with the fewest credits (the lowest seat on a tie).
		for m := c.choices; m != 0; m &= m - 1 {
			recv := bits.TrailingZeros64(m)
			v := f.rate(sum, recv > 0)
			better := v > f.best
			if v == f.best && recv > 0 && f.plan.recv > 0 && f.plan.amount == chosenAmounts(c) {
				better = c.credits[recv-1] < c.credits[f.plan.recv-1]
			}
			if better {
				f.best = v
				f.plan = collectPlan{amount: chosenAmounts(c), recv: recv, total: sum}
			}
		}
		return
	}
	if c.choices == 0 {
		return
	}
	hi := 63 - bits.LeadingZeros64(c.choices)
	later := 0
	if j+1 < NumResources {
		later = f.rest[j+1]
	}
	if f.best >= 0 && f.rate(min(f.cap, sum+hi+later), false) <= f.best && f.rate(min(f.cap, sum+hi+later), true) <= f.best {
		return
	}
	// The types with the most in stock are taken first: large amounts
	// first when this type is at least as plentiful as the rest on
	// average.
	desc := j+1 == NumResources || int(c.stock[j])*(NumResources-j-1) >= later
	vals := c.choices
	saved := *c
	for vals != 0 {
		var v int
		if desc {
			v = 63 - bits.LeadingZeros64(vals)
		} else {
			v = bits.TrailingZeros64(vals)
		}
		vals &^= 1 << v
		*c = saved
		c.amount[j] = int8(v)
		c.step++
		c.choices = c.collectChoices()
		f.search(c)
	}
	*c = saved
}

func chosenAmounts(c *State) [NumResources]int {
	var a [NumResources]int
	for t := range NumResources {
		a[t] = int(c.amount[t])
	}
	return a
}

// independentPlan returns the largest independent action (O13) that
// completes the choices made so far: one Specialist's min(level, stock),
// or one Transparency Champion's one each of the most plentiful types. It
// checks each step against the game's choices, and says false when none
// fits.
func (s *State) independentPlan() (collectPlan, bool) {
	if s.restriction() == CollaborationsOnly {
		return collectPlan{}, false
	}
	p := int(s.toMove)
	var best collectPlan
	found := false
	consider := func(a [NumResources]int) {
		total := 0
		for t := range NumResources {
			total += a[t]
		}
		if total == 0 || total <= best.total || !s.completes(a) {
			return
		}
		best, found = collectPlan{amount: a, total: total}, true
	}
	for k := range TransparencyChampion {
		for l := levels - 1; l >= 1; l-- {
			if s.team[p][k][l] > 0 {
				var a [NumResources]int
				a[k] = min(l, int(s.stock[k]))
				consider(a)
				break
			}
		}
	}
	for l := levels - 1; l >= 1; l-- {
		if s.team[p][TransparencyChampion][l] == 0 {
			continue
		}
		// One each of the l most plentiful types in stock.
		var a [NumResources]int
		for range l {
			bt := -1
			for t := range NumResources {
				if a[t] == 0 && s.stock[t] > 0 && (bt < 0 || s.stock[t] > s.stock[bt]) {
					bt = t
				}
			}
			if bt < 0 {
				break
			}
			a[bt] = 1
		}
		consider(a)
		break
	}
	return best, found
}

// completes reports whether the amounts a agree with the choices made so
// far and every later choice offers them (the receiver nobody).
func (s *State) completes(a [NumResources]int) bool {
	c := *s
	for t := range int(c.step) {
		if int(c.amount[t]) != a[t] {
			return false
		}
	}
	for int(c.step) < NumResources {
		if c.choices&(1<<a[c.step]) == 0 {
			return false
		}
		c.amount[c.step] = int8(a[c.step])
		c.step++
		c.choices = c.collectChoices()
	}
	return c.choices&1 != 0
}
