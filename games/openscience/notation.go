package openscience

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// roleAt names the role card at index i (role*levels+level) as the
// notation does: its code and its level, "CC1".
func roleAt(i int) string { return roleCodes[i/levels] + strconv.Itoa(i%levels) }

// ActionString returns the notation of a at this state
// (docs/rules/open-science-alliance.md, "Notation").
func (s *State) ActionString(a game.Action) string {
	switch s.phase {
	case phaseDeal, phaseHire:
		if a >= 0 && a < NumRoles {
			return "draw " + roleCodes[a]
		}
	case phaseEvent:
		if a >= 0 && int(a) < len(s.r.cards.Events) {
			return "event " + s.r.cards.Events[a].slug()
		}
	case phasePick:
		if a >= actPick && a <= actPick+game.Action(KnowledgeLiberator) {
			return "pick " + roleCodes[a-actPick]
		}
	case phaseStep1:
		switch a {
		case actHire:
			return "hire"
		case actUpOne:
			return "upskill +2"
		case actUpTwo:
			return "upskill +1+1"
		case actUpDriver:
			return "upskill DD"
		}
	case phaseRaise:
		if a >= actRaise && a < actNothing {
			return "raise " + roleAt(int(a-actRaise))
		}
	case phaseCollect:
		switch {
		case a == actNothing:
			return "collect nothing"
		case a >= actAmount && a < actCredit && s.step < NumResources:
			return string(resourceLetters[s.step]) + strconv.Itoa(int(a-actAmount))
		case a == actCredit:
			return "credit none"
		case a > actCredit && a < nActions:
			return "credit " + strconv.Itoa(int(a-actCredit))
		}
	}
	return fmt.Sprintf("action %d", a)
}

// expected says what notation the state wants.
func (s *State) expected() string {
	switch s.phase {
	case phasePick:
		return `want "pick ROLE", a Specialist: pick DW, pick CC, pick PEG or pick KL`
	case phaseDeal, phaseHire:
		return `a draw is due: want "draw ROLE", e.g. draw TC`
	case phaseEvent:
		return `an Event is due: want "event NAME", e.g. event ` + s.r.cards.Events[0].slug()
	case phaseStep1:
		return `want "hire", "upskill +2", "upskill +1+1" or "upskill DD"`
	case phaseRaise:
		return `want "raise ROLE" with the role's level, e.g. raise CC1`
	case phaseCollect:
		switch {
		case s.step == 0:
			return `want "collect nothing" or the green amount, e.g. g2`
		case s.step < NumResources:
			return fmt.Sprintf("want the %s amount, e.g. %c1", resourceNames[s.step], resourceLetters[s.step])
		}
		return `want "credit none" or "credit SEAT", the seat that receives Social Glue's credit`
	}
	return "the game is over"
}

// ParseAction reads notation at this state, ignoring case. It checks the
// form; Apply checks legality.
func (s *State) ParseAction(text string) (game.Action, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(why string) (game.Action, error) {
		return 0, fmt.Errorf("%q: %s", text, why)
	}
	if len(f) == 0 {
		return bad(s.expected())
	}
	role := func(w string) (Role, error) {
		r, ok := parseRole(w)
		if !ok {
			return 0, fmt.Errorf("%q: unknown role %q (roles: %s)", text, w, strings.Join(roleCodes[:], ", "))
		}
		return r, nil
	}
	switch s.phase {
	case phaseDeal, phaseHire:
		if len(f) != 2 || f[0] != "draw" {
			return bad(s.expected())
		}
		r, err := role(f[1])
		return game.Action(r), err
	case phaseEvent:
		if len(f) < 2 || f[0] != "event" {
			return bad(s.expected())
		}
		name := strings.Join(f[1:], "-")
		for i, e := range s.r.cards.Events {
			if e.slug() == name {
				return game.Action(i), nil
			}
		}
		return bad(fmt.Sprintf("no Event is called %q", name))
	case phaseOver:
		return bad("the game is over")
	}
	switch {
	case f[0] == "pick" && len(f) == 2:
		r, err := role(f[1])
		if err == nil && !r.Specialist() {
			return bad(fmt.Sprintf("%s is not a Specialist: pick one of DW, CC, PEG, KL (O5)", roleTitles[r]))
		}
		return game.Action(actPick + int(r)), err
	case f[0] == "hire" && len(f) == 1:
		return actHire, nil
	case f[0] == "upskill" && len(f) == 2:
		switch f[1] {
		case "+2":
			return actUpOne, nil
		case "+1+1":
			return actUpTwo, nil
		case "dd":
			return actUpDriver, nil
		}
		return bad(`want "upskill +2" (one role by 2), "upskill +1+1" (two roles by 1) or "upskill DD"`)
	case f[0] == "raise" && len(f) == 2:
		w := f[1]
		cut := strings.IndexFunc(w, func(r rune) bool { return r >= '0' && r <= '9' })
		if cut <= 0 {
			return bad(`want "raise ROLE" with the role's level, e.g. raise CC1`)
		}
		r, err := role(w[:cut])
		if err != nil {
			return 0, err
		}
		l, err := strconv.Atoi(w[cut:])
		if err != nil || l < 0 || l > maxRoleLevel {
			return bad(fmt.Sprintf("level %q: want 0 to %d", w[cut:], s.r.cards.RoleMax))
		}
		return game.Action(actRaise + int(r)*levels + l), nil
	case f[0] == "collect" && len(f) == 2 && f[1] == "nothing":
		return actNothing, nil
	case f[0] == "credit" && len(f) == 2:
		if f[1] == "none" || f[1] == "nobody" {
			return actCredit, nil
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > s.n() {
			return bad(fmt.Sprintf("want \"credit none\" or \"credit SEAT\" with a seat from 1 to %d", s.n()))
		}
		return game.Action(actCredit + n), nil
	case len(f) == 1 && len(f[0]) >= 2 && strings.IndexByte("gpyb", f[0][0]) >= 0:
		n, err := strconv.Atoi(f[0][1:])
		if err != nil || n < 0 {
			return bad("an amount is a letter g, p, y or b and a whole number, e.g. p2")
		}
		t := strings.IndexByte(string(resourceLetters[:]), f[0][0])
		if s.phase != phaseCollect || s.step >= NumResources {
			return bad("no amount is being chosen: " + s.expected())
		}
		if t != int(s.step) {
			return bad(fmt.Sprintf("the %s amount comes now (amounts go g, p, y, b): %s", resourceNames[s.step], s.expected()))
		}
		if n > maxStock {
			return bad(fmt.Sprintf("%d is more than any stock", n))
		}
		return game.Action(actAmount + n), nil
	}
	return bad("unknown move: " + s.expected())
}

// whyIllegal explains why a well-formed move a is not legal now.
func (s *State) whyIllegal(a game.Action) error {
	name := s.ActionString(a)
	p := s.toMove + 1
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	switch s.phase {
	case phasePick:
		if a >= actPick && a <= actPick+game.Action(KnowledgeLiberator) {
			return bad("no %s is left in the role deck", roleTitles[a-actPick])
		}
		return bad("seat %d picks a Specialist now (O5): pick DW, CC, PEG or KL", p)
	case phaseStep1:
		switch a {
		case actHire:
			if s.deckN == 0 {
				return bad("the role deck is empty (O11)")
			}
			return bad("the Event %s allows no hiring", s.r.cards.Events[s.event].Name)
		case actUpOne:
			return bad("no role of seat %d is at level %d or less (O10)", p, s.r.cards.RoleMax-2)
		case actUpTwo:
			return bad("seat %d has fewer than two roles at level %d or less (O10)", p, s.r.cards.RoleMax-1)
		case actUpDriver:
			return bad("the Discovery Driver is at its highest level, %d (O4)", s.r.cards.DriverMax)
		}
		return bad("seat %d upskills or hires now: %s", p, s.expected())
	case phaseRaise:
		if a < actRaise || a >= actNothing {
			return bad("seat %d chooses a role to raise now: %s", p, s.expected())
		}
		i := int(a - actRaise)
		k, l := i/levels, i%levels
		switch {
		case s.team[s.toMove][k][l] == 0:
			return bad("seat %d has no %s at level %d", p, roleTitles[k], l)
		case s.form == formOne:
			return bad("a role goes up by 2 only from level %d or less (O10)", s.r.cards.RoleMax-2)
		case l > s.r.cards.RoleMax-1:
			return bad("a role goes up by 1 only from level %d or less (O10)", s.r.cards.RoleMax-1)
		case s.raised >= 0:
			return bad("the second role is chosen after the first in the order of the team (DW, CC, PEG, KL, TC, SG; lower levels first), and is a different card: %s was chosen first", roleAt(int(s.raised)))
		}
		return bad("no second role at level %d or less comes after it in the order of the team, so it cannot be the first of two (choose the roles in order: DW, CC, PEG, KL, TC, SG, lower levels first)", s.r.cards.RoleMax-1)
	case phaseCollect:
		switch {
		case a == actNothing:
			return bad("the collection is under way; collecting nothing was the first choice")
		case a >= actAmount && a < actCredit && s.step < NumResources:
			return bad("no legal collection takes %d %s (%s) with the amounts chosen so far%s; the choices are %s",
				a-actAmount, resourceNames[s.step], resourceTitles[s.step], s.chosenSoFar(), s.choiceList())
		case a >= actCredit && s.step == NumResources:
			return bad("no legal collection of these amounts passes that credit (O15); the choices are %s", s.choiceList())
		}
		return bad("%s", s.expected())
	}
	return bad("%s", s.expected())
}

// chosenSoFar lists the collection's amounts chosen so far, " (g2 p0)".
func (s *State) chosenSoFar() string {
	if s.step == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" (")
	for t := range int(s.step) {
		if t > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%c%d", resourceLetters[t], s.amount[t])
	}
	b.WriteByte(')')
	return b.String()
}

// choiceList lists the current choice's legal values in notation.
func (s *State) choiceList() string {
	var parts []string
	if s.step == 0 {
		parts = append(parts, "collect nothing")
	}
	base := game.Action(actAmount)
	if s.step == NumResources {
		base = actCredit
	}
	for m := s.choices; m != 0; m &= m - 1 {
		parts = append(parts, s.ActionString(base+game.Action(bits.TrailingZeros64(m))))
	}
	return strings.Join(parts, ", ")
}

// chanceWhat names the pending chance event.
func (s *State) chanceWhat() string {
	switch s.phase {
	case phaseDeal:
		return fmt.Sprintf("seat %d's first role (O5)", s.toMove+1)
	case phaseHire:
		return fmt.Sprintf("seat %d's hire (O11)", s.toMove+1)
	case phaseEvent:
		return fmt.Sprintf("the Event of round %d (O7)", s.round+1)
	}
	return "no chance event"
}

// deckWhat lists the role deck.
func (s *State) deckWhat() string {
	var parts []string
	for k, n := range s.deck {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, roleCodes[k]))
		}
	}
	if len(parts) == 0 {
		return "the role deck is empty"
	}
	return "the role deck holds " + strings.Join(parts, ", ")
}

// eventsLeft lists the Events not yet revealed.
func (s *State) eventsLeft() string {
	var parts []string
	for i, e := range s.r.cards.Events {
		if s.used&(1<<i) == 0 {
			parts = append(parts, e.slug())
		}
	}
	return strings.Join(parts, ", ")
}
