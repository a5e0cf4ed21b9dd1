package opensource

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/opensource/tri"
)

// The notation (docs/rules/open-source-board-game.md, "Notation"). A space
// is "row,col" (see rowCol); a tile's turn is t0, t1 or t2.

func spaceString(t space) string { return coords[t].String() }

func placeString(t space, turn int) string { return fmt.Sprintf("%s t%d", spaceString(t), turn) }

// diceString writes dice as their colours, yellow first: "YYB".
func diceString(d [3]int8) string {
	var b strings.Builder
	for k, n := range d {
		for range n {
			b.WriteByte(edgeLetters[k])
		}
	}
	return b.String()
}

func demandSlug(d Demand) string { return strings.ToLower(strings.Join(strings.Fields(d.Name), "-")) }

// ActionString returns the notation of a at this state.
func (s *State) ActionString(a game.Action) string {
	switch s.phase {
	case phaseStart:
		if a >= 0 && a < NumTypes {
			return "start " + TileType(a).String()
		}
	case phaseReveal:
		if a >= 0 && int(a) < len(s.r.cards.Demands) {
			return "demand " + demandSlug(s.r.cards.Demands[a])
		}
	case phaseRoll:
		y, b := int8(a/32), int8(a%32)
		if a >= 0 && a < 32*32 && y+b <= s.nDice {
			return "dice " + diceString([3]int8{y, b, s.nDice - y - b})
		}
	case phaseOver:
	default:
		if a >= 0 && a < nActions {
			return s.moveString(a)
		}
	}
	return fmt.Sprintf("action %d", a)
}

// moveString is the notation of a seat's action, whatever the phase.
func (s *State) moveString(a game.Action) string {
	switch {
	case a < actLab:
		return "place " + placeString(space(a/3), int(a%3))
	case a < actReturn:
		b := a - actLab
		return "lab " + placeString(space(b/3), int(b%3))
	case a == actReturn:
		return "return"
	case a < actTake:
		return "lift " + spaceString(space(a-actLift))
	case a < actKeep:
		return "take " + TileType(a-actTake).String()
	case a < actCatch:
		y, b := int8(a-actKeep)/4, int8(a-actKeep)%4
		if y+b > 3 {
			break
		}
		return "keep " + diceString([3]int8{y, b, 3 - y - b})
	case a < actRoll:
		from, to := int(a-actCatch)/3, int(a-actCatch)%3
		return fmt.Sprintf("catch %c>%c", edgeLetters[from], edgeLetters[to])
	case a < actFork:
		if k := int(a - actRoll); k > 0 {
			return fmt.Sprintf("roll +%d", k)
		}
		return "roll"
	case a < actMove:
		return "fork " + TileType(a-actFork).String()
	case a < actMoveLab:
		return "move " + spaceString(space(a-actMove))
	case a < actTo:
		return "move lab " + spaceString(space(a-actMoveLab))
	case a < actBDFL:
		b := a - actTo
		return "to " + placeString(space(b/3), int(b%3))
	case a < actOn:
		return fmt.Sprintf("bdfl %d", a-actBDFL+1)
	case a < actHardware:
		return "on " + spaceString(space(a-actOn))
	case a < actAgain:
		return fmt.Sprintf("hardware %c", 'A'+byte(a-actHardware))
	case a == actAgain:
		return "again"
	case a == actDone:
		return "done"
	case a < actDemand:
		return fmt.Sprintf("reward %c", 'A'+byte(a-actInfra))
	case a == actDemand:
		return "reward demand"
	case a == actPass:
		return "pass"
	case a < nActions:
		return "extend " + spaceString(space(a-actExtend))
	}
	return fmt.Sprintf("action %d", a)
}

const notationHelp = `moves: roll [+N], fork TYPE, keep DICE, catch X>Y, take TYPE, lift R,C, place R,C tN, lab R,C tN, return, again, done, move [lab] R,C, to R,C tN, bdfl N, on R,C, hardware SET, reward SET|demand, pass, extend R,C`

// parseSpace reads "row,col" as a space of the hexagon.
func parseSpaceName(w string) (space, error) {
	r, c, ok := strings.Cut(w, ",")
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("bad space %q: want row,col such as 0,1", w)
	}
	if row < -64 || row > 64 || col < -128 || col > 128 {
		return 0, fmt.Errorf("space %q lies outside the Commons (rows %d to %d)", w, 1-side, side)
	}
	t := spaceAt(tri.FromRowCol(row, col))
	if t < 0 {
		return 0, fmt.Errorf("space %q lies outside the Commons (rows %d to %d)", w, 1-side, side)
	}
	return t, nil
}

func parseTurn(w string) (int, error) {
	if len(w) != 2 || (w[0] != 't' && w[0] != 'T') || w[1] < '0' || w[1] > '2' {
		return 0, fmt.Errorf("bad turn %q: want t0, t1 or t2", w)
	}
	return int(w[1] - '0'), nil
}

func parseDice(w string, n int) ([3]int8, error) {
	var d [3]int8
	if len(w) != n {
		return d, fmt.Errorf("bad dice %q: want %d letters Y, B or R", w, n)
	}
	for _, ch := range strings.ToUpper(w) {
		k := strings.IndexRune("YBR", ch)
		if k < 0 {
			return d, fmt.Errorf("bad dice %q: want letters Y, B or R", w)
		}
		d[k]++
	}
	return d, nil
}

// readTurn is the turn a placement (base actPlace or actLab) or a
// Compatibility target (actTo) written with turn stands for: a YYY, BBB
// or RRR lies the same at every turn and is placed, moved and turned at
// t0 only (G8b), but its t1 and t2 are read as t0, so that records made
// before G8b, which may name them, replay unchanged.
func (s *State) readTurn(base game.Action, turn int) int {
	switch {
	case base == actTo && s.phase == phaseMove:
		var c cell
		if s.chosenLab {
			c = s.labs[s.toMove].cellAt(s.chosen)
		} else if s.chosen >= 0 && int(s.chosen) < nSpaces {
			c = s.commons.cells[s.chosen]
		}
		if c != 0 {
			return canonicalTurn(c.tile(), turn)
		}
	case base != actTo && s.phase == phasePlace:
		return canonicalTurn(s.hand, turn)
	}
	return turn
}

// readLab is the Lab space and turn a placement written on t at turn
// stands for: a placement on a Lab tile of the hand's type, lying as that
// tile lies, changes nothing wherever it is made, and is one move written
// on the first such tile at its turn (R14); the others are read as that
// move, as records made before R14 may name them.
func (s *State) readLab(t space, turn int) (space, int) {
	l := &s.labs[s.toMove]
	if s.phase != phasePlace || l.cellAt(t) != cellOf(s.hand, turn) {
		return t, turn
	}
	if i := l.noop(s.hand); i >= 0 {
		return l.spaces[i], l.cells[i].turn()
	}
	return t, turn
}

// ParseAction reads notation at this state, ignoring case. It checks the
// form; Apply checks legality.
func (s *State) ParseAction(text string) (game.Action, error) {
	f := strings.Fields(text)
	bad := func(why string) (game.Action, error) { return 0, fmt.Errorf("%q: %s", text, why) }
	if len(f) == 0 {
		return bad("empty move; " + notationHelp)
	}
	verb := strings.ToLower(f[0])
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	tileArg := func(w string) (TileType, error) {
		t, ok := ParseTileType(w)
		if !ok {
			return 0, fmt.Errorf("%q: unknown tile type %q (types: %s)", text, w, strings.Join(typeNames[:], " "))
		}
		return t, nil
	}
	switch s.phase {
	case phaseStart:
		if verb != "start" || len(f) != 2 {
			return bad(`the start tile is due: want "start TYPE", e.g. start YYB`)
		}
		t, err := tileArg(f[1])
		return game.Action(t), err
	case phaseReveal:
		if verb != "demand" || len(f) < 2 {
			return bad(`a Market Demand card is due: want "demand NAME"`)
		}
		name := strings.ToLower(strings.Join(f[1:], "-"))
		for i, d := range s.r.cards.Demands {
			if demandSlug(d) == name {
				return game.Action(i), nil
			}
		}
		return bad(fmt.Sprintf("no Market Demand card is called %q", name))
	case phaseRoll:
		if verb != "dice" || len(f) != 2 {
			return bad(fmt.Sprintf(`a roll of %d dice is due: want "dice COLOURS", e.g. dice %s`, s.nDice, strings.Repeat("Y", int(s.nDice))))
		}
		d, err := parseDice(f[1], int(s.nDice))
		if err != nil {
			return bad(err.Error())
		}
		return game.Action(32*int(d[0]) + int(d[1])), nil
	case phaseOver:
		return bad("the game is over")
	}
	where := func(i int) (space, error) {
		t, err := parseSpaceName(arg(i))
		if err != nil {
			return 0, fmt.Errorf("%q: %w", text, err)
		}
		return t, nil
	}
	placed := func(base game.Action) (game.Action, error) {
		if len(f) != 3 {
			return bad(fmt.Sprintf("want %q, e.g. %s 0,1 t0", verb+" R,C tN", verb))
		}
		t, err := where(1)
		if err != nil {
			return 0, err
		}
		turn, err := parseTurn(f[2])
		if err != nil {
			return bad(err.Error())
		}
		turn = s.readTurn(base, turn)
		if base == actLab {
			t, turn = s.readLab(t, turn)
		}
		return base + game.Action(3*int(t)+turn), nil
	}
	switch verb {
	case "place":
		return placed(actPlace)
	case "lab":
		return placed(actLab)
	case "to":
		return placed(actTo)
	case "return", "again", "done", "pass":
		if len(f) != 1 {
			return bad(verb + " takes nothing after it")
		}
		return map[string]game.Action{"return": actReturn, "again": actAgain, "done": actDone, "pass": actPass}[verb], nil
	case "lift", "on", "extend":
		if len(f) != 2 {
			return bad(fmt.Sprintf("want %q", verb+" R,C"))
		}
		t, err := where(1)
		base := map[string]game.Action{"lift": actLift, "on": actOn, "extend": actExtend}[verb]
		return base + game.Action(t), err
	case "take", "fork":
		if len(f) != 2 {
			return bad(fmt.Sprintf("want %q", verb+" TYPE"))
		}
		t, err := tileArg(f[1])
		if verb == "fork" {
			return actFork + game.Action(t), err
		}
		return actTake + game.Action(t), err
	case "keep":
		if len(f) != 2 {
			return bad(`want "keep DICE", three of the dice rolled, e.g. keep YBR`)
		}
		d, err := parseDice(f[1], 3)
		if err != nil {
			return bad(err.Error())
		}
		return actKeep + game.Action(4*int(d[0])+int(d[1])), nil
	case "catch":
		w := strings.ToUpper(arg(1))
		if len(f) != 2 || len(w) != 3 || w[1] != '>' || strings.IndexByte("YBR", w[0]) < 0 || strings.IndexByte("YBR", w[2]) < 0 {
			return bad(`want "catch X>Y": change a die showing X to Y, e.g. catch R>Y`)
		}
		return actCatch + game.Action(3*strings.IndexByte("YBR", w[0])+strings.IndexByte("YBR", w[2])), nil
	case "roll":
		switch {
		case len(f) == 1:
			return actRoll, nil
		case len(f) == 2:
			k, err := strconv.Atoi(strings.TrimPrefix(f[1], "+"))
			if err != nil || !strings.HasPrefix(f[1], "+") || k < 0 || k > maxExtra {
				return bad(`want "roll" or "roll +N", N extra dice from Agility`)
			}
			return actRoll + game.Action(k), nil
		}
		return bad(`want "roll" or "roll +N"`)
	case "move":
		if len(f) == 3 && strings.EqualFold(f[1], "lab") {
			t, err := where(2)
			return actMoveLab + game.Action(t), err
		}
		if len(f) != 2 {
			return bad(`want "move R,C" (a Commons tile) or "move lab R,C" (a tile of your Lab)`)
		}
		t, err := where(1)
		return actMove + game.Action(t), err
	case "bdfl":
		k, err := strconv.Atoi(arg(1))
		if len(f) != 2 || err != nil || k < 1 || k > maxSetCards {
			return bad(`want "bdfl N", the number of your BDFL card`)
		}
		return actBDFL + game.Action(k-1), nil
	case "hardware", "reward":
		w := strings.ToUpper(arg(1))
		if verb == "reward" && w == "DEMAND" && len(f) == 2 {
			return actDemand, nil
		}
		if len(f) != 2 || len(w) != 1 || w[0] < 'A' || int(w[0]-'A') >= len(s.r.cards.Sets) {
			if verb == "reward" {
				return bad(`want "reward SET", a placemat stack's letter, or "reward demand"`)
			}
			return bad(`want "hardware SET": the letter of the set whose card is used once more`)
		}
		if verb == "reward" {
			return actInfra + game.Action(w[0]-'A'), nil
		}
		return actHardware + game.Action(w[0]-'A'), nil
	}
	return bad("unknown move; " + notationHelp)
}

// whyIllegal explains why a well-formed move is not legal now.
func (s *State) whyIllegal(a game.Action) error {
	name := s.moveString(a)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", name, fmt.Sprintf(format, args...))
	}
	p := s.toMove + 1
	switch s.phase {
	case phaseBegin:
		switch {
		case a >= actRoll && a < actFork:
			if s.supplyN == 0 {
				return bad("the supply is empty: only a natural roll, which lifts from the Commons, is possible (G11)")
			}
			return bad("seat %d has %d Agility use(s) this turn", p, s.usesOf(Agility))
		case a >= actFork && a < actMove:
			if s.usesOf(Forking) == 0 {
				return bad("seat %d has no Forking (set I) to use this turn", p)
			}
			return bad("the supply has no %v", TileType(a-actFork))
		case a >= actHardware && a < actAgain:
			return bad("Hardware is used before the roll, on another card seat %d holds", p)
		}
		return s.whyInfra(a, bad)
	case phaseKeep:
		return bad("keep three of the dice rolled (%s) that can name a tile of the supply", diceString(s.dice))
	case phaseDice:
		switch {
		case a >= actTake && a < actKeep:
			t := TileType(a - actTake)
			if s.supply[t] == 0 {
				return bad("the supply has no %v (G11: a natural roll lifts one from the Commons)", t)
			}
			return bad("the dice (%s) do not name %v", diceString(s.dice), t)
		case a >= actLift && a < actTake:
			switch {
			case !s.natural():
				return bad("only a natural roll may lift a tile (G11)")
			case s.inSupply(s.dice):
				return bad("the supply has the tile the dice name: take it")
			case s.lockedFor(space(a-actLift), s.toMove):
				return bad("another player's BDFL token is on that tile")
			}
			return bad("no tile the dice (%s) name lies there", diceString(s.dice))
		case a >= actCatch && a < actRoll:
			return bad("no Bug-catching card of that colour is left, no die shows that colour, or the change leads to no tile of the supply")
		}
		return bad("the dice show %s: take, lift or catch", diceString(s.dice))
	case phasePlace:
		if a < actReturn && a%3 != 0 && canonicalTurn(s.hand, int(a%3)) == 0 {
			return bad("a %v lies the same at every turn: it is placed at t0 (G8b)", s.hand)
		}
		switch {
		case a == actReturn:
			return bad("the tile fits somewhere: only a tile that fits nowhere goes back (G9)")
		case a < actLab:
			return bad("a %v does not fit there turned so (G8: an empty space next to a tile, every edge facing a tile matching)", s.hand)
		case a < actReturn:
			b := a - actLab
			if l := &s.labs[s.toMove]; l.cellAt(space(b/3)) == cellOf(s.hand, int(b%3)) {
				if i := l.noop(s.hand); i >= 0 {
					return bad("on a Lab tile of its own type lying so, the %v changes nothing, wherever: that move is lab %s (R14)", s.hand, placeString(l.spaces[i], l.cells[i].turn()))
				}
			}
			return bad("a %v does not fit there in seat %d's Lab (G8)", s.hand, p)
		}
		return bad("place the %v: place R,C tN, lab R,C tN", s.hand)
	case phaseAfter:
		if a == actAgain {
			if s.usesOf(Productivity) == 0 {
				return bad("seat %d has no Productivity use left", p)
			}
			return bad("the supply is empty and every Commons tile carries another seat's token: no tile to be had (G11)")
		}
		return s.whyInfra(a, bad)
	case phaseMove:
		if a >= actTo && a < actBDFL {
			c := s.commons.cells[s.chosen]
			if s.chosenLab {
				c = s.labs[s.toMove].cellAt(s.chosen)
			}
			b := a - actTo
			if turn := int(b % 3); c != 0 && canonicalTurn(c.tile(), turn) != turn {
				return bad("a %v lies the same at every turn: it moves at t0 (G8b)", c.tile())
			}
			if c != 0 && space(b/3) == s.chosen && canonicalTurn(c.tile(), int(b%3)) == c.turn() {
				return bad("the tile would lie as it lies: Compatibility must change the layout (G15 C)")
			}
		}
		return bad("the tile cannot go there turned so: it must touch another tile and match every neighbour (Compatibility)")
	case phaseToken:
		return bad("a token goes on a Commons tile without a token")
	case phaseReward:
		switch {
		case a == actDemand:
			return bad("the top Market Demand card's formation is in neither the Commons nor seat %d's Lab", p)
		case a >= actInfra && a < actDemand:
			return bad("that set is not on the placemat, or its condition holds in neither the Commons nor seat %d's Lab", p)
		}
		return bad("take a reward or pass")
	case phaseExtend:
		return bad("an extra Lab space shares an edge with a space of the Lab (G7)")
	}
	return bad("not a move now")
}

func (s *State) whyInfra(a game.Action, bad func(string, ...any) error) error {
	switch {
	case a >= actMove && a < actTo:
		if s.usesOf(Compatibility) == 0 {
			return bad("no Compatibility (set C) use left this turn")
		}
		return bad("that tile cannot be moved: no tile there, another player's token on it, or nowhere it fits")
	case a >= actBDFL && a < actOn:
		return bad("no such BDFL card of yours unused this turn, or no Commons tile without a token")
	}
	return bad("not a move now; %s", notationHelp)
}
