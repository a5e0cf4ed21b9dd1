package breakinghead

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// Notation (docs/rules/breaking-head.md):
//
//	place junction-nes@3,-1 turned   a comment card (kind@x,y, optionally turned)
//	peek 8,-2                        WTF Dries?! on an end card
//	spam 3,0                         Spam! on a comment card
//	block seat 2 wifi                Blocked! (wifi, flu or head)
//	unblock seat 2 wifi with unblocked-lan-vitamins
//	pass crossing                    discard a card face down
//
// Chance outcomes: "seat 2 role blocker", "fixed-committed at 8,0",
// "seat 2 draws spam" (a deal or a draw), "seat 3 starts".

// ActionString returns the notation of a at this state.
func (s *State) ActionString(a game.Action) string {
	switch s.phase {
	case phasePlay:
		return s.moveString(a)
	case phaseOver:
		return fmt.Sprintf("action %d (the game is over)", a)
	}
	return s.chanceString(a)
}

func posString(c int) string {
	x, y := cellXY(c)
	return strconv.Itoa(x) + "," + strconv.Itoa(y)
}

// moveString writes a player's move; it does not depend on the state.
func moveString(a game.Action) string {
	switch {
	case a < 0 || a >= nActions:
		return fmt.Sprintf("action %d", a)
	case a < spamBase:
		c, v := int(a)/nVariants, int(a)%nVariants
		str := "place " + kindNames[variantKind[v]] + "@" + posString(c)
		if variantTurned[v] {
			str += " turned"
		}
		return str
	case a < peekBase:
		return "spam " + posString(int(a-spamBase))
	case a < blockBase:
		return "peek " + posString(endCells[a-peekBase])
	case a < unblockBase:
		pr, q := int(a-blockBase)/10, int(a-blockBase)%10
		return fmt.Sprintf("block seat %d %s", q+1, problemNames[pr])
	case a < passBase:
		r := int(a - unblockBase)
		u, q, pr := r/30, r%30/3, r%3
		return fmt.Sprintf("unblock seat %d %s with %s", q+1, problemNames[pr], kindNames[kUnblockLAN+u])
	}
	return "pass " + kindNames[a-passBase]
}

func (s *State) moveString(a game.Action) string { return moveString(a) }

// PublicActionString returns the notation of a as everybody may know it
// (game.PublicNotationer). Every card played is seen by all (B11), so a
// placement, peek, spam, block or unblock is public in full; a pass hides
// its card, and the chance outcomes hide what they deal: a role, where
// Fixed & Committed lies, a card (B18). The first player is public.
func (s *State) PublicActionString(a game.Action) string {
	switch s.phase {
	case phasePlay:
		if a >= passBase && a < nActions {
			return "pass"
		}
	case phaseRoles:
		return fmt.Sprintf("seat %d is dealt a role", s.dealt+1)
	case phaseEnds:
		return "the end cards are mixed"
	case phaseDeal, phaseDraw:
		return fmt.Sprintf("seat %d draws a card", s.drawingSeat()+1)
	}
	return s.ActionString(a)
}

// chanceString writes a chance outcome of the pending chance event.
func (s *State) chanceString(a game.Action) string {
	switch s.phase {
	case phaseRoles:
		if a == 0 || a == 1 {
			return fmt.Sprintf("seat %d role %s", s.dealt+1, roleNames[a])
		}
	case phaseEnds:
		if a >= 0 && a < 3 {
			return "fixed-committed at " + posString(endCells[a])
		}
	case phaseDeal, phaseDraw:
		if a >= 0 && a < nKinds {
			return fmt.Sprintf("seat %d draws %s", s.drawingSeat()+1, kindNames[a])
		}
	case phaseFirst:
		if a >= 0 && a < game.Action(s.n) {
			return fmt.Sprintf("seat %d starts", a+1)
		}
	}
	return fmt.Sprintf("chance outcome %d", a)
}

// drawingSeat is the seat that receives the card of a deal or a draw.
func (s *State) drawingSeat() int {
	if s.phase == phaseDeal {
		return s.dealingSeat()
	}
	return int(s.toMove)
}

var kindByName = func() map[string]int {
	m := make(map[string]int, nKinds)
	for k, n := range kindNames {
		m[n] = k
	}
	return m
}()

func parseKind(str string) (int, error) {
	if k, ok := kindByName[str]; ok {
		return k, nil
	}
	return 0, fmt.Errorf("%q is not a card kind (kinds: %s)", str, strings.Join(kindNames[:], ", "))
}

// parsePos reads "x,y" and returns a cell inside the table window.
func parsePos(str string) (int, error) {
	xs, ys, ok := strings.Cut(str, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("%q is not a position (want x,y such as 3,-1)", str)
	}
	if x < minX || x > maxX || y < minY || y > maxY || !isPlaceable(cellOf(x, y)) {
		return 0, fmt.Errorf("position %d,%d: no card can ever lie there (a card lies at most %d steps from the start or an end card)", x, y, nCommentCards)
	}
	return cellOf(x, y), nil
}

func parseSeat(str string, n int) (int, error) {
	q, err := strconv.Atoi(str)
	if err != nil || q < 1 || q > n {
		return 0, fmt.Errorf("%q is not a seat (1 to %d)", str, n)
	}
	return q - 1, nil
}

func parseProblem(str string) (int, error) {
	for pr, name := range problemNames {
		if str == name {
			return pr, nil
		}
	}
	return 0, fmt.Errorf("%q is not a problem (wifi, flu, head)", str)
}

// ParseAction reads a move or, at a chance node, a chance outcome.
func (s *State) ParseAction(str string) (game.Action, error) {
	// Any spacing is read: around "@" and "," spaces are dropped, and
	// words may be separated by any run of white space.
	f := strings.Fields(spaceAroundMarks.ReplaceAllString(strings.ToLower(str), "$1"))
	switch s.phase {
	case phaseOver:
		return 0, fmt.Errorf("%q: the game is over", str)
	case phasePlay:
		a, err := s.parseMove(f)
		if err != nil {
			return 0, fmt.Errorf("%q: %w", str, err)
		}
		return a, nil
	}
	a, err := s.parseChance(f)
	if err != nil {
		return 0, fmt.Errorf("%q: %w", str, err)
	}
	return a, nil
}

// spaceAroundMarks matches white space around the "@" and "," of a
// position, as in "crossing @ 8, -3".
var spaceAroundMarks = regexp.MustCompile(`\s*([@,])\s*`)

const moveForms = "want place KIND@X,Y [turned], peek X,Y, spam X,Y, block seat N PROBLEM, unblock seat N PROBLEM with KIND or pass KIND"

func (s *State) parseMove(f []string) (game.Action, error) {
	if len(f) == 0 {
		return 0, fmt.Errorf("empty move (%s)", moveForms)
	}
	switch f[0] {
	case "place":
		if len(f) < 2 || len(f) > 3 || (len(f) == 3 && f[2] != "turned") {
			return 0, fmt.Errorf("want place KIND@X,Y or place KIND@X,Y turned")
		}
		ks, ps, ok := strings.Cut(f[1], "@")
		if !ok {
			return 0, fmt.Errorf("want place KIND@X,Y, such as place crossing@1,0")
		}
		k, err := parseKind(ks)
		if err != nil {
			return 0, err
		}
		if k >= nComment {
			return 0, fmt.Errorf("%s is an action card, not a comment card", ks)
		}
		c, err := parsePos(ps)
		if err != nil {
			return 0, err
		}
		v := int(kindVariant[k])
		if len(f) == 3 {
			if v+1 >= nVariants || variantKind[v+1] != uint8(k) {
				return 0, fmt.Errorf("%s looks the same turned by 180 degrees: write it without \"turned\"", ks)
			}
			v++
		}
		return game.Action(c*nVariants + v), nil
	case "spam", "peek":
		if len(f) != 2 {
			return 0, fmt.Errorf("want %s X,Y", f[0])
		}
		c, err := parsePos(f[1])
		if err != nil {
			return 0, err
		}
		if f[0] == "spam" {
			return spamBase + game.Action(c), nil
		}
		for e, ec := range endCells {
			if ec == c {
				return peekBase + game.Action(e), nil
			}
		}
		return 0, fmt.Errorf("%s is not an end card's position (8,-2, 8,0 or 8,2)", f[1])
	case "block":
		if len(f) != 4 || f[1] != "seat" {
			return 0, fmt.Errorf("want block seat N PROBLEM, such as block seat 2 wifi")
		}
		q, err := parseSeat(f[2], int(s.n))
		if err != nil {
			return 0, err
		}
		pr, err := parseProblem(f[3])
		if err != nil {
			return 0, err
		}
		return blockBase + game.Action(pr*10+q), nil
	case "unblock":
		if len(f) != 6 || f[1] != "seat" || f[4] != "with" {
			return 0, fmt.Errorf("want unblock seat N PROBLEM with KIND, such as unblock seat 2 wifi with unblocked-lan")
		}
		q, err := parseSeat(f[2], int(s.n))
		if err != nil {
			return 0, err
		}
		pr, err := parseProblem(f[3])
		if err != nil {
			return 0, err
		}
		k, err := parseKind(f[5])
		if err != nil {
			return 0, err
		}
		if k < kUnblockLAN {
			return 0, fmt.Errorf("%s is not an Unblocked! card", f[5])
		}
		return unblockBase + game.Action((k-kUnblockLAN)*30+q*3+pr), nil
	case "pass":
		if len(f) != 2 {
			return 0, fmt.Errorf("want pass KIND, such as pass crossing")
		}
		k, err := parseKind(f[1])
		if err != nil {
			return 0, err
		}
		return passBase + game.Action(k), nil
	}
	return 0, fmt.Errorf("not a move (%s)", moveForms)
}

func (s *State) parseChance(f []string) (game.Action, error) {
	want := s.chanceForm()
	if len(f) == 0 {
		return 0, fmt.Errorf("empty; a chance outcome of %s is due (%s)", s.chanceWhat(), want)
	}
	switch s.phase {
	case phaseRoles:
		if len(f) == 4 && f[0] == "seat" && f[2] == "role" {
			if err := s.checkSeat(f[1], int(s.dealt)); err != nil {
				return 0, err
			}
			for r, name := range roleNames {
				if f[3] == name {
					return game.Action(r), nil
				}
			}
			return 0, fmt.Errorf("%q is not a role (contributor or blocker)", f[3])
		}
	case phaseEnds:
		if len(f) == 3 && f[0] == "fixed-committed" && f[1] == "at" {
			c, err := parsePos(f[2])
			if err != nil {
				return 0, err
			}
			for e, ec := range endCells {
				if ec == c {
					return game.Action(e), nil
				}
			}
			return 0, fmt.Errorf("%s is not an end card's position (8,-2, 8,0 or 8,2)", f[2])
		}
	case phaseDeal, phaseDraw:
		if len(f) == 4 && f[0] == "seat" && f[2] == "draws" {
			if err := s.checkSeat(f[1], s.drawingSeat()); err != nil {
				return 0, err
			}
			k, err := parseKind(f[3])
			if err != nil {
				return 0, err
			}
			return game.Action(k), nil
		}
	case phaseFirst:
		if len(f) == 3 && f[0] == "seat" && f[2] == "starts" {
			q, err := parseSeat(f[1], int(s.n))
			if err != nil {
				return 0, err
			}
			return game.Action(q), nil
		}
	}
	return 0, fmt.Errorf("a chance outcome of %s is due (%s)", s.chanceWhat(), want)
}

// checkSeat checks that the seat written in a chance outcome is the one
// the pending event concerns.
func (s *State) checkSeat(str string, want int) error {
	q, err := parseSeat(str, int(s.n))
	if err != nil {
		return err
	}
	if q != want {
		return fmt.Errorf("the card now goes to seat %d, not seat %d", want+1, q+1)
	}
	return nil
}

// chanceForm describes the notation of the pending chance event.
func (s *State) chanceForm() string {
	switch s.phase {
	case phaseRoles:
		return fmt.Sprintf("want seat %d role contributor|blocker", s.dealt+1)
	case phaseEnds:
		return "want fixed-committed at X,Y"
	case phaseDeal, phaseDraw:
		return fmt.Sprintf("want seat %d draws KIND", s.drawingSeat()+1)
	case phaseFirst:
		return "want seat N starts"
	}
	return ""
}
