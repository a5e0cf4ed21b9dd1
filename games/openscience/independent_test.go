package openscience_test

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/openscience"
)

// A second, deliberately naive reading of Open Science Alliance, written
// from the words of the rulings (O1-O17 and the Events table) and the
// notation of docs/rules/open-science-alliance.md, not from the package's
// code. It uses only what any program sees: the exported Observation,
// LegalActions, ActionString, ChanceOutcomes, Apply and Returns.
//
// In many seeded random games it
//   - lists at every decision the moves the rulings allow, from the
//     public observation, and compares them with the package's;
//   - lists at every chance node the outcomes and their odds (O5, O6,
//     O11);
//   - keeps a shadow of the whole public position, moved on by the move
//     strings alone (set-up, upskills, hires, collections and their
//     credits, the end of each round under O8, the next round's first
//     player under O7), and compares it with the observation after every
//     move;
//   - checks the returns at the end against O9.
//
// Collections are listed by brute force: every subset of the team, every
// split of the base, every bonus, every other player's Specialist (O13-
// O15), kept as a set of outcomes (O17). The only economy is that partial
// collaborations that agree on everything still to matter are kept once.

// indRole is a role of O2 in team order (the notation's "DW CC PEG KL TC
// SG"), with the resource type a Specialist collects (O3; -1 for the two
// Generalists).
type indRole struct {
	code, name string
	kind       int
}

var indRoles = []indRole{
	{"DW", "data-wizard", 0},             // O3: Data Wizard -> FAIR data (green)
	{"CC", "code-conjurer", 1},           // O3: Code Conjurer -> research software (purple)
	{"PEG", "public-engagement-guru", 2}, // O3: Public Engagement Guru -> citizen science (yellow)
	{"KL", "knowledge-liberator", 3},     // O3: Knowledge Liberator -> scholarly publishing (blue)
	{"TC", "transparency-champion", -1},  // Generalist
	{"SG", "social-glue", -1},            // Generalist
}

const (
	indDeckEach = 5 // O2: 5 cards of each of the six roles
	indRoleMax  = 4 // O4: roles 0..4
	indDDStart  = 2 // O4: the Discovery Driver starts at 2
	indDDMax    = 6 // O4: ... and goes up to 6
	indRounds   = 6 // O6, O9: six rounds
)

var indLetters = []string{"g", "p", "y", "b"} // O17: amounts in the order g, p, y, b

// indRoleOf finds a role by its code.
func indRoleOf(code string) (int, indRole) {
	for i, r := range indRoles {
		if r.code == code {
			return i, r
		}
	}
	panic("unknown role " + code)
}

// indEvent is an Event card as the rulings' table writes it.
type indEvent struct {
	name        string
	levels      [4]int // green, purple, yellow, blue
	restriction string
}

// The Events table of the rulings, word for word.
var indEvents = []indEvent{
	{"Funding Call", [4]int{6, 6, 6, 6}, "none"},
	{"Open Access Mandate", [4]int{3, 3, 3, 12}, "none"},
	{"Data Deluge", [4]int{12, 4, 3, 3}, "none"},
	{"Hackathon", [4]int{4, 12, 3, 3}, "collaborations only"},
	{"Citizen Science Festival", [4]int{3, 3, 12, 4}, "none"},
	{"Hiring Freeze", [4]int{6, 6, 5, 5}, "no hiring"},
	{"Reproducibility Crisis", [4]int{8, 8, 2, 2}, "collaborations only"},
	{"Budget Cuts", [4]int{3, 3, 3, 3}, "none"},
	{"Training Grant", [4]int{5, 5, 5, 5}, "no collaborations"},
	{"Conference Season", [4]int{4, 4, 4, 8}, "no collaboration bonus"},
	{"Team Science Award", [4]int{6, 6, 6, 6}, "no Social Glue"},
}

// indSlug writes a name as the notation does: lower case, hyphens.
func indSlug(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "-")) }

// indCard is one role card on the table.
type indCard struct {
	code  string
	level int
}

func (c indCard) String() string { return c.code + strconv.Itoa(c.level) }

// indSortTeam puts a team in team order: by role DW CC PEG KL TC SG, then
// by level, lowest first (the notation).
func indSortTeam(team []indCard) {
	slices.SortFunc(team, func(a, b indCard) int {
		ia, _ := indRoleOf(a.code)
		ib, _ := indRoleOf(b.code)
		if ia != ib {
			return ia - ib
		}
		return a.level - b.level
	})
}

// indTeamOf reads a seat's team off the observation, in team order.
func indTeamOf(sv openscience.SeatView) []indCard {
	var team []indCard
	for _, r := range sv.Roles {
		team = append(team, indCard{r.Code, r.Level})
	}
	indSortTeam(team)
	return team
}

func indStock(o *openscience.Observation) [4]int {
	return [4]int{o.Stock.Green, o.Stock.Purple, o.Stock.Yellow, o.Stock.Blue}
}

func indRestriction(o *openscience.Observation) string {
	if o.Event == nil {
		return "none"
	}
	return o.Event.Restriction // compared with the table's words by the shadow
}

// ---- The moves the rulings allow -------------------------------------

// indOutcome is a collection as O17 names it: the amounts of each type
// and the seat that receives a Social Glue credit (0: nobody).
type indOutcome struct {
	a    [4]int
	recv int
}

// indPlan is a collaboration under construction: what it takes so far
// (bonus included), its base so far, its collaborators' levels so far
// (counted up to D, which is all that matters), whether one of the
// player's own roles is in, and whether a Social Glue is in.
type indPlan struct {
	a       [4]int
	base    int
	levels  int
	invited bool
	glue    bool
}

func indPopcount(m int) int {
	n := 0
	for t := range 4 {
		if m&(1<<t) != 0 {
			n++
		}
	}
	return n
}

// indCollections lists every collection the seat to move may make, as a
// set of outcomes; "collect nothing" is not in it.
func indCollections(o *openscience.Observation) map[indOutcome]bool {
	me := o.Seats[o.ToMove-1]
	team := indTeamOf(me)
	stock := indStock(o)
	restr := indRestriction(o)
	out := map[indOutcome]bool{}
	keep := func(a [4]int, recv int) {
		total := 0
		for t := range 4 {
			if a[t] > stock[t] {
				return // O14: every resource must be available
			}
			total += a[t]
		}
		if total == 0 {
			return // O17 (R4): a collection of nothing is "collect nothing"
		}
		out[indOutcome{a, recv}] = true
	}

	// O13: independent action, unless the Event says "collaborations only".
	if restr != "collaborations-only" {
		for _, c := range team {
			_, r := indRoleOf(c.code)
			switch {
			case r.kind >= 0: // a Specialist: exactly min(L, stock of its type)
				var a [4]int
				a[r.kind] = min(c.level, stock[r.kind])
				keep(a, 0)
			case c.code == "TC": // exactly min(L, types in stock), one each of chosen types
				inStock := 0
				for t := range 4 {
					if stock[t] > 0 {
						inStock++
					}
				}
				want := min(c.level, inStock)
				for m := range 16 {
					if indPopcount(m) != want {
						continue
					}
					var a [4]int
					for t := range 4 {
						if m&(1<<t) != 0 {
							a[t] = 1
						}
					}
					keep(a, 0) // a type out of stock is refused by keep
				}
			}
			// O16: the Discovery Driver is not a role and never collects alone;
			// Social Glue collects nothing on its own (O15).
		}
	}
	if restr == "no-collaborations" {
		return out
	}

	// O14: a collaboration of the Discovery Driver (level D) and any
	// non-empty set of the player's own roles.
	D := me.Driver
	bonus := 1 // O14: +1 resource per collaborator
	if restr == "no-collaboration-bonus" {
		bonus = 0 // Event: no bonus is taken or earned
	}
	// ok prunes a plan that can no longer be legal: amounts only grow, and
	// the base is exactly D.
	ok := func(p indPlan) bool {
		for t := range 4 {
			if p.a[t] > stock[t] {
				return false
			}
		}
		return p.base <= D
	}
	plans := map[indPlan]bool{{}: true}
	for _, c := range team {
		_, r := indRoleOf(c.code)
		next := maps.Clone(plans) // the card is not invited
		for p := range plans {
			var joined []indPlan
			q := p
			q.invited = true
			q.levels = min(D, p.levels+c.level) // O14: levels must total at least D
			switch {
			case r.kind >= 0:
				// O14: a Specialist collects only its own type, at most its
				// level, and its bonus of its own type.
				for b := 0; b <= c.level; b++ {
					j := q
					j.a[r.kind] += b + bonus
					j.base += b
					joined = append(joined, j)
				}
			case c.code == "TC":
				// O14: a Transparency Champion at most 1 of each type, at most
				// its level in total; its bonus of the player's choice, which
				// may repeat a base type.
				for m := range 16 {
					if indPopcount(m) > c.level {
						continue
					}
					j := q
					for t := range 4 {
						if m&(1<<t) != 0 {
							j.a[t]++
						}
					}
					j.base += indPopcount(m)
					if bonus == 0 {
						joined = append(joined, j)
						continue
					}
					for u := range 4 {
						k := j
						k.a[u]++
						joined = append(joined, k)
					}
				}
			case c.code == "SG":
				// Event "no Social Glue": it may not be invited.
				if restr == "no-social-glue" {
					break
				}
				// O15: Social Glue collects nothing itself; O14: its bonus of
				// the player's choice.
				j := q
				j.glue = true
				if bonus == 0 {
					joined = append(joined, j)
					break
				}
				for u := range 4 {
					k := j
					k.a[u]++
					joined = append(joined, k)
				}
			}
			for _, j := range joined {
				if ok(j) {
					next[j] = true
				}
			}
		}
		plans = next
	}
	for p := range plans {
		if !p.invited {
			continue // O14: at least one of the player's own roles
		}
		// O14: the base is exactly D, the levels total at least D.
		if p.base == D && p.levels >= D {
			keep(p.a, 0)
		}
		if !p.glue {
			continue
		}
		// O15: Social Glue may bring ONE other player's Specialist: its
		// level counts towards D, it collects its own type up to its level
		// and brings its own bonus; if more than 1 resource came through
		// it, 1 credit goes to its owner.
		for _, sv := range o.Seats {
			if sv.Seat == o.ToMove {
				continue
			}
			for _, c := range indTeamOf(sv) {
				_, r := indRoleOf(c.code)
				if r.kind < 0 {
					continue
				}
				for b := 0; b <= c.level; b++ {
					a := p.a
					a[r.kind] += b + bonus
					recv := 0
					if b+bonus > 1 {
						recv = sv.Seat
					}
					if p.base+b == D && p.levels+c.level >= D {
						keep(a, recv)
					}
				}
			}
		}
	}
	return out
}

// indLegal lists the moves the rulings allow at a decision, in notation;
// colls is the turn's collections (indCollections) in phase "collect".
func indLegal(o *openscience.Observation, colls map[indOutcome]bool) []string {
	var out []string
	me := o.Seats[o.ToMove-1]
	team := indTeamOf(me)
	switch o.Phase {
	case "pick":
		// O5: a Specialist, taken from the role deck (so one it still holds).
		for _, r := range indRoles[:4] {
			if o.Deck[r.name] > 0 {
				out = append(out, "pick "+r.code)
			}
		}
	case "step1":
		out = indStep1(o.DeckSize, indRestriction(o), me.Driver, team)
	case "raise":
		// O10, O17: the roles of the upskill, one at a time.
		seen := map[string]bool{}
		switch o.Upskill.Form {
		case "+2":
			// O10: one role +2, at level 2 or less.
			for _, c := range team {
				if c.level <= indRoleMax-2 {
					seen[c.String()] = true
				}
			}
		case "+1+1":
			// O10: two different role cards +1 each, each at level 3 or
			// less; the notation names the pair in team order.
			for i := range team {
				for j := i + 1; j < len(team); j++ {
					if team[i].level > indRoleMax-1 || team[j].level > indRoleMax-1 {
						continue
					}
					if o.Upskill.First == "" {
						seen[team[i].String()] = true
					} else if team[i].String() == o.Upskill.First {
						seen[team[j].String()] = true
					}
				}
			}
		}
		for m := range seen {
			out = append(out, "raise "+m)
		}
	case "collect":
		// O12: collecting is optional: "collect nothing" is its own move,
		// the first choice (O17).
		chosen := o.Collecting.Chosen
		if len(chosen) == 0 {
			out = append(out, "collect nothing")
		}
		seen := map[string]bool{}
		for c := range colls {
			if !slices.Equal(c.a[:len(chosen)], chosen) {
				continue
			}
			// O17: each choice offers the values some legal collection completes.
			switch {
			case len(chosen) < 4:
				seen[indLetters[len(chosen)]+strconv.Itoa(c.a[len(chosen)])] = true
			case c.recv == 0:
				seen["credit none"] = true
			default:
				seen["credit "+strconv.Itoa(c.recv)] = true
			}
		}
		for m := range seen {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// indStep1 lists step (1): upskill (O10) or hire (O11).
func indStep1(deckSize int, restr string, driver int, team []indCard) []string {
	var out []string
	// O11: hire, not with an empty deck; Event "no hiring": unavailable.
	if deckSize > 0 && restr != "no-hiring" {
		out = append(out, "hire")
	}
	low2, low3 := 0, 0
	for _, c := range team {
		if c.level <= indRoleMax-2 {
			low2++
		}
		if c.level <= indRoleMax-1 {
			low3++
		}
	}
	if low2 >= 1 {
		out = append(out, "upskill +2") // O10: one role at level 2 or less
	}
	if low3 >= 2 {
		out = append(out, "upskill +1+1") // O10: two roles at level 3 or less
	}
	if driver <= indDDMax-1 {
		out = append(out, "upskill DD") // O10: the DD at level 5 or less
	}
	slices.Sort(out)
	return out
}

// indChance lists a chance node's outcomes with their odds.
func indChance(o *openscience.Observation, used map[string]bool) map[string]float64 {
	out := map[string]float64{}
	switch o.Phase {
	case "deal", "hire":
		// O5, O11: a card of the shuffled role deck, each card equally likely.
		for _, r := range indRoles {
			if n := o.Deck[r.name]; n > 0 {
				out["draw "+r.code] = float64(n) / float64(o.DeckSize)
			}
		}
	case "event":
		// O6: six of the 11 drawn at random, unseen: the next is any of
		// those not yet revealed, equally likely.
		left := 0
		for _, e := range indEvents {
			if !used[e.name] {
				left++
			}
		}
		for _, e := range indEvents {
			if !used[e.name] {
				out["event "+indSlug(e.name)] = 1 / float64(left)
			}
		}
	}
	return out
}

// ---- The shadow of the position --------------------------------------

// indShadow is the public position as the rulings move it on, fed only
// the move strings.
type indShadow struct {
	n          int
	fullCircle bool // O8's option
	lastPlace  bool // round-start=last-place, our variant of O7
	phase      string
	seat       int // the seat to move, or whose card is drawn (1..n)
	round      int
	first      int // O7: the round's first player
	event      int // index in indEvents, -1 before the first
	used       map[string]bool
	past       []string
	stock      [4]int
	deck       map[string]int // by role code
	credits    []int
	driver     []int
	teams      [][]indCard
	idle       int // turns in a row without a collection (O8)
	depleted   int // rounds ended with two types at 0
	idleEnds   int // rounds ended by N turns without a collection
	form       string
	raised     string // the first role of "+1+1"
	chosen     []int
}

func newIndShadow(n int, fullCircle bool) *indShadow {
	sh := &indShadow{n: n, fullCircle: fullCircle, phase: "pick", seat: 1, event: -1,
		used: map[string]bool{}, deck: map[string]int{}, credits: make([]int, n), driver: make([]int, n),
		teams: make([][]indCard, n)}
	for _, r := range indRoles {
		sh.deck[r.code] = indDeckEach // O2
	}
	for q := range n {
		sh.driver[q] = indDDStart // O5: a DD at level 2
	}
	return sh
}

func (sh *indShadow) restriction() string {
	if sh.event < 0 {
		return "none"
	}
	return indSlug(indEvents[sh.event].restriction)
}

func (sh *indShadow) deckSize() int {
	n := 0
	for _, k := range sh.deck {
		n += k
	}
	return n
}

// take gives seat q a role card from the deck, at level 0 (O5, O11).
func (sh *indShadow) take(q int, code string) error {
	if sh.deck[code] == 0 {
		return fmt.Errorf("no %s left in the deck", code)
	}
	sh.deck[code]--
	sh.teams[q-1] = append(sh.teams[q-1], indCard{code, 0})
	indSortTeam(sh.teams[q-1])
	return nil
}

// raise raises one card of seat q named name ("CC1") by d levels.
func (sh *indShadow) raise(q int, name string, d int) error {
	for i, c := range sh.teams[q-1] {
		if c.String() == name {
			sh.teams[q-1][i].level += d
			indSortTeam(sh.teams[q-1])
			return nil
		}
	}
	return fmt.Errorf("seat %d has no %s", q, name)
}

// startTurn: O11: step (1) is skipped only when neither upskill nor hire
// is possible.
func (sh *indShadow) startTurn() {
	if len(indStep1(sh.deckSize(), sh.restriction(), sh.driver[sh.seat-1], sh.teams[sh.seat-1])) > 0 {
		sh.phase = "step1"
		return
	}
	sh.startCollect()
}

func (sh *indShadow) startCollect() { sh.phase, sh.chosen, sh.form, sh.raised = "collect", nil, "", "" }

// endTurn ends the turn and, as O8 says, perhaps the round.
func (sh *indShadow) endTurn() {
	sh.phase, sh.chosen = "", nil
	zeros := 0
	for _, n := range sh.stock {
		if n == 0 {
			zeros++
		}
	}
	next := sh.seat%sh.n + 1 // clockwise
	over := false
	switch {
	case !sh.fullCircle && zeros >= 2:
		over = true // O8: at the end of a turn after which two types are at 0
		sh.depleted++
	case sh.fullCircle && zeros >= 2 && next == sh.first:
		// O8 full-circle: once two types are at 0 (stock never grows in a
		// round, so they still are) the round ends when play comes back to
		// the round's first player.
		over = true
		sh.depleted++
	case sh.idle >= sh.n:
		over = true // O8: N consecutive turns without a collection
		sh.idleEnds++
	}
	if !over {
		sh.seat = next
		sh.startTurn()
		return
	}
	if sh.round == indRounds {
		sh.phase = "over" // O9: after 6 rounds
		return
	}
	sh.phase = "event"
}

// play moves the shadow on by one move or chance outcome in notation.
func (sh *indShadow) play(move string) error {
	f := strings.Fields(move)
	switch {
	case sh.phase == "pick" && f[0] == "pick": // O5
		if err := sh.take(sh.seat, f[1]); err != nil {
			return err
		}
		sh.seat++
		if sh.seat > sh.n {
			sh.phase, sh.seat = "deal", 1
		}
	case sh.phase == "deal" && f[0] == "draw": // O5: in seat order
		if err := sh.take(sh.seat, f[1]); err != nil {
			return err
		}
		sh.seat++
		if sh.seat > sh.n {
			sh.phase = "event"
		}
	case sh.phase == "event" && f[0] == "event": // O6, O7
		e := -1
		for i, ev := range indEvents {
			if "event "+indSlug(ev.name) == move {
				e = i
			}
		}
		if e < 0 || sh.used[indEvents[e].name] {
			return fmt.Errorf("no such Event left")
		}
		if sh.event >= 0 {
			sh.past = append(sh.past, indEvents[sh.event].name)
		}
		sh.event = e
		sh.used[indEvents[e].name] = true
		sh.round++
		sh.stock = indEvents[e].levels // O7: leftovers are discarded
		// O7: round 1 starts with seat 1, each later one a seat further.
		// round-start=last-place: the seat with the fewest credits, the
		// first of the tied ones counted clockwise from the seat after
		// the last round's first player.
		switch {
		case sh.round == 1:
			sh.first = 1
		case !sh.lastPlace:
			sh.first = sh.first%sh.n + 1
		default:
			least := slices.Min(sh.credits)
			for k := range sh.n {
				if q := (sh.first+k)%sh.n + 1; sh.credits[q-1] == least {
					sh.first = q
					break
				}
			}
		}
		sh.seat = sh.first
		sh.idle = 0
		sh.startTurn()
	case sh.phase == "step1" && move == "hire": // O11
		sh.phase = "hire"
	case sh.phase == "hire" && f[0] == "draw": // O11: joins at level 0
		if err := sh.take(sh.seat, f[1]); err != nil {
			return err
		}
		sh.startCollect()
	case sh.phase == "step1" && move == "upskill DD": // O10
		sh.driver[sh.seat-1]++
		sh.startCollect()
	case sh.phase == "step1" && (move == "upskill +2" || move == "upskill +1+1"):
		sh.phase, sh.form, sh.raised = "raise", f[1], ""
	case sh.phase == "raise" && f[0] == "raise":
		switch {
		case sh.form == "+2": // O10: one role +2
			if err := sh.raise(sh.seat, f[1], 2); err != nil {
				return err
			}
			sh.startCollect()
		case sh.raised == "":
			sh.raised = f[1]
		default: // O10: two different roles +1 each
			if err := sh.raise(sh.seat, sh.raised, 1); err != nil {
				return err
			}
			if err := sh.raise(sh.seat, f[1], 1); err != nil {
				return err
			}
			sh.startCollect()
		}
	case sh.phase == "collect" && move == "collect nothing": // O12
		sh.idle++
		sh.endTurn()
	case sh.phase == "collect" && len(sh.chosen) < 4 && strings.HasPrefix(move, indLetters[len(sh.chosen)]):
		v, err := strconv.Atoi(move[1:])
		if err != nil {
			return err
		}
		sh.chosen = append(sh.chosen, v)
	case sh.phase == "collect" && len(sh.chosen) == 4 && f[0] == "credit":
		// O13, O14: each resource collected is one Research Credit.
		total := 0
		for t, v := range sh.chosen {
			sh.stock[t] -= v
			total += v
		}
		if f[1] != "none" {
			// O15: 1 credit goes to the brought Specialist's owner (the
			// seed: "the player passes 1 of that resource").
			q, _ := strconv.Atoi(f[1])
			sh.credits[q-1]++
			total--
		}
		sh.credits[sh.seat-1] += total
		sh.idle = 0
		sh.endTurn()
	default:
		return fmt.Errorf("the shadow (phase %s) cannot play %q", sh.phase, move)
	}
	return nil
}

// compare reports the first difference between the shadow and the
// observation.
func (sh *indShadow) compare(o *openscience.Observation) error {
	if o.Phase != sh.phase {
		return fmt.Errorf("phase %q, the rulings say %q", o.Phase, sh.phase)
	}
	toMove := sh.seat
	switch sh.phase {
	case "deal", "hire", "event", "over":
		toMove = 0
	}
	if o.ToMove != toMove {
		return fmt.Errorf("seat %d to move, the rulings say %d", o.ToMove, toMove)
	}
	if o.Round != sh.round {
		return fmt.Errorf("round %d, the rulings say %d", o.Round, sh.round)
	}
	if sh.round > 0 {
		// Between rounds (phase "event") too: the round just played is
		// still the observation's round, and its first player with it.
		if o.First != sh.first {
			return fmt.Errorf("round %d began with seat %d, O7 says seat %d", sh.round, o.First, sh.first)
		}
		e := indEvents[sh.event]
		if o.Event == nil || o.Event.Name != e.name || o.Event.Restriction != indSlug(e.restriction) ||
			[4]int{o.Event.Levels.Green, o.Event.Levels.Purple, o.Event.Levels.Yellow, o.Event.Levels.Blue} != e.levels {
			return fmt.Errorf("Event %+v, the table says %+v", o.Event, e)
		}
		if s := indStock(o); s != sh.stock {
			return fmt.Errorf("stock %v, the rulings say %v", s, sh.stock)
		}
	}
	if !slices.Equal(o.Past, sh.past) {
		return fmt.Errorf("past Events %v, want %v", o.Past, sh.past)
	}
	size := 0
	for _, r := range indRoles {
		if o.Deck[r.name] != sh.deck[r.code] {
			return fmt.Errorf("deck holds %d %s, the rulings say %d", o.Deck[r.name], r.code, sh.deck[r.code])
		}
		size += sh.deck[r.code]
	}
	if o.DeckSize != size {
		return fmt.Errorf("deck size %d, want %d", o.DeckSize, size)
	}
	if o.Idle != sh.idle {
		return fmt.Errorf("%d idle turns, O8's count is %d", o.Idle, sh.idle)
	}
	if o.RoundsEnded["depleted"] != sh.depleted || o.RoundsEnded["idle"] != sh.idleEnds {
		return fmt.Errorf("rounds ended %v, want depleted %d idle %d", o.RoundsEnded, sh.depleted, sh.idleEnds)
	}
	if len(o.Seats) != sh.n {
		return fmt.Errorf("%d seats", len(o.Seats))
	}
	for q, sv := range o.Seats {
		if sv.Credits != sh.credits[q] {
			return fmt.Errorf("seat %d has %d credits, the rulings say %d", q+1, sv.Credits, sh.credits[q])
		}
		if sv.Driver != sh.driver[q] {
			return fmt.Errorf("seat %d's DD at %d, the rulings say %d", q+1, sv.Driver, sh.driver[q])
		}
		if team := indTeamOf(sv); !slices.Equal(team, sh.teams[q]) {
			return fmt.Errorf("seat %d's team %v, the rulings say %v", q+1, team, sh.teams[q])
		}
	}
	switch sh.phase {
	case "raise":
		if o.Upskill == nil || o.Upskill.Form != sh.form || o.Upskill.First != sh.raised {
			return fmt.Errorf("upskill %+v, want %s first %q", o.Upskill, sh.form, sh.raised)
		}
	case "collect":
		if o.Collecting == nil || !slices.Equal(o.Collecting.Chosen, sh.chosen) {
			return fmt.Errorf("collecting %+v, want chosen %v", o.Collecting, sh.chosen)
		}
	}
	return nil
}

// indReturns are O9's results: the most Research Credits wins, tied top
// players split one win.
func indReturns(credits []int) []float64 {
	best := slices.Max(credits)
	k := 0
	for _, c := range credits {
		if c == best {
			k++
		}
	}
	out := make([]float64, len(credits))
	for q, c := range credits {
		if c == best {
			out[q] = 1 / float64(k)
		}
	}
	return out
}

// ---- The test ---------------------------------------------------------

// indCounts are what the games exercised.
type indCounts struct {
	games, decisions, chance, collections, passed, collaborations, nothing, rounds, depleted, idle, ties int
}

// indPlay plays one seeded random game, checking every node; it returns
// the first disagreement.
func indPlay(players int, seed uint64, fullCircle, lastPlace bool, n *indCounts) error {
	opts := game.Options{}
	if fullCircle {
		opts[openscience.OptRoundEnd] = openscience.RoundEndFullCircle
	}
	if lastPlace {
		opts[openscience.OptRoundStart] = openscience.RoundStartLastPlace
	}
	st, err := game.NewState(openscience.Game, players, opts)
	if err != nil {
		return err
	}
	s := st.(*openscience.State)
	rng := rand.New(rand.NewPCG(uint64(players), seed))
	sh := newIndShadow(players, fullCircle)
	sh.lastPlace = lastPlace
	var colls map[indOutcome]bool
	var moves []string // the game so far
	where := func() string {
		from := max(0, len(moves)-12)
		return fmt.Sprintf("%d players, seed %d, full-circle %v, last-place %v, after %d moves (last: %s)\n%s",
			players, seed, fullCircle, lastPlace, len(moves), strings.Join(moves[from:], ", "), s.Render(game.Spectator))
	}
	n.games++
	for {
		o := s.Observation(game.Spectator).(*openscience.Observation)
		if err := sh.compare(o); err != nil {
			return fmt.Errorf("%v\n%s", err, where())
		}
		if s.CurrentPlayer() == game.Terminal {
			// O9: the winner.
			want := indReturns(sh.credits)
			got := s.Returns(nil)
			for q := range want {
				if math.Abs(got[q]-want[q]) > 1e-12 {
					return fmt.Errorf("credits %v: returns %v, O9 says %v\n%s", sh.credits, got, want, where())
				}
			}
			if k := slices.Max(want); k < 1 {
				n.ties++
			}
			n.rounds += sh.round
			n.depleted += sh.depleted
			n.idle += sh.idleEnds
			return nil
		}
		var a game.Action
		if s.CurrentPlayer() == game.Chance {
			n.chance++
			want := indChance(o, sh.used)
			outs := s.ChanceOutcomes(nil)
			got := map[string]float64{}
			for _, c := range outs {
				got[s.ActionString(c.Action)] += c.P
			}
			same := len(got) == len(want)
			for m, p := range want {
				if math.Abs(got[m]-p) > 1e-12 {
					same = false
				}
			}
			if !same {
				return fmt.Errorf("chance outcomes\n%v\nthe rulings say\n%v\n%s", got, want, where())
			}
			a = game.SampleOutcome(outs, rng)
		} else {
			n.decisions++
			if o.Phase == "collect" && len(o.Collecting.Chosen) == 0 {
				colls = indCollections(o)
			}
			want := indLegal(o, colls)
			legal := s.LegalActions(nil)
			var got []string
			for _, a := range legal {
				got = append(got, s.ActionString(a))
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				return fmt.Errorf("legal moves\n%v\nthe rulings allow\n%v\n%s", got, want, where())
			}
			a = legal[rng.IntN(len(legal))]
		}
		m := s.ActionString(a)
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
		switch {
		case m == "collect nothing":
			n.nothing++
		case strings.HasPrefix(m, "credit"):
			n.collections++
			if m != "credit none" {
				n.passed++
			}
			if indWasCollaboration(o, sh.chosen) {
				n.collaborations++
			}
		}
		moves = append(moves, m)
		if err := sh.play(m); err != nil {
			return fmt.Errorf("%s: %v\n%s", m, err, where())
		}
	}
}

// indWasCollaboration reports, for the statistics, whether the amounts
// could not have been an independent action (more than one Specialist's
// type, or more than one of a type with several types).
func indWasCollaboration(o *openscience.Observation, a []int) bool {
	types, total, most := 0, 0, 0
	for _, v := range a {
		if v > 0 {
			types++
		}
		total += v
		most = max(most, v)
	}
	return types > 1 && most > 1 || total > indRoleMax
}

// TestIndependentReading plays seeded random games for every player count
// (O1), a quarter of them with round-end=full-circle (O8) and a quarter
// with round-start=last-place (our variant of O7), and checks
// every decision, chance node and position against the naive reading.
func TestIndependentReading(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	var n indCounts
	failed := 0
	for players := 2; players <= 5; players++ {
		for g := range games {
			if err := indPlay(players, uint64(g), g%4 == 3, g%4 == 1, &n); err != nil {
				t.Errorf("%v", err)
				if failed++; failed == 5 {
					t.FailNow()
				}
			}
		}
	}
	t.Logf("%d games, %d decisions, %d chance nodes; %d collections (%d collaborations or so, %d passing a Social Glue credit), %d turns collecting nothing; %d rounds: %d ended by two types at 0, %d by idle turns; %d games tied",
		n.games, n.decisions, n.chance, n.collections, n.collaborations, n.passed, n.nothing, n.rounds, n.depleted, n.idle, n.ties)
	if n.passed < 20 || n.collaborations < 1000 || n.idle < 50 || n.depleted < 50 {
		t.Error("the games do not exercise the rulings enough")
	}
}
