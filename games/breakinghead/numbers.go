package breakinghead

// This file gives the players' rulebook (docs/rulebooks/breaking-head.md)
// its numbers, read from the card data and the options of a Config.

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/game"
)

// The game gives its rulebook its numbers (game.Numberer).
var _ game.Numberer = breakingHead{}

// PlayerRow is one line of the rulebook's set-up table: for a player
// count, the role cards dealt and the hand size.
type PlayerRow struct {
	Players, Contributors, Blockers, RoleCards, Hand, Deck int
}

// CommentRow is one comment card shape of the rulebook's card table.
type CommentRow struct {
	Name   string // a name for players ("T-junction")
	Sides  string // the open sides as the card lies unturned ("east, south, west")
	Normal int    // normal copies
	Dead   int    // dead-end copies
}

// ActionRow is one action card of the rulebook's card table.
type ActionRow struct {
	Name   string // the card's title ("Blocked! (Broken Wi-Fi)")
	Count  int
	Effect string
}

// sideNames are the compass sides in the order of the edge bits.
var sideNames = [4]string{"north", "east", "south", "west"}

// problemTitles and fixTitles name the problems (B14) and the symbols
// that fix them (B15) as the cards print them.
var (
	problemTitles = [nProblems]string{"Broken Wi-Fi", "Drupal-Flu", "Broken Head"}
	fixTitles     = [nProblems]string{"LAN", "Vitamins", "Fixed head"}
)

// shapeName names a comment card's shape by its number of open sides.
func shapeName(e uint8) string {
	switch bits.OnesCount8(e) {
	case 4:
		return "Crossing"
	case 3:
		return "T-junction"
	case 1:
		return "Stub"
	}
	if e == edgeN|edgeS || e == edgeE|edgeW {
		return "Straight"
	}
	return "Curve"
}

func sidesOf(e uint8) string {
	s := ""
	for d := 0; d < 4; d++ {
		if e&dirBit[d] != 0 {
			if s != "" {
				s += ", "
			}
			s += sideNames[d]
		}
	}
	return s
}

// Numbers returns the numbers the players' rulebook quotes for cfg: the
// cards of the unblock mix, the role deal and hand size of the player
// count with the options applied, and the set-up table for every player
// count the options allow.
func (g breakingHead) Numbers(cfg game.Config) (map[string]any, error) {
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	in := g.Info()
	deck := deckCounts(int(s.mix))

	m := map[string]any{
		"name":        in.Title,
		"players_min": in.MinPlayers,
		"players_max": in.MaxPlayers,
		"players":     cfg.Players,
	}

	// Roles (B1, our ruling 14) and hands (B2, our ruling 15).
	rd := s.roleDeal()
	m["contributors"] = int(rd[roleContributor])
	m["blockers"] = int(rd[roleBlocker])
	m["role_cards"] = int(rd[0] + rd[1])
	m["role_left_over"] = int(rd[0]+rd[1]) - cfg.Players
	m["hand"] = s.handSizeNow()
	m["deck"] = nCards - cfg.Players*s.handSizeNow()
	var rows []PlayerRow
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		o, err := g.New(game.Config{Players: n, Options: cfg.Options})
		if err != nil {
			continue // the options do not take this player count
		}
		os := o.(*State)
		r := os.roleDeal()
		h := os.handSizeNow()
		rows = append(rows, PlayerRow{
			Players: n, Contributors: int(r[0]), Blockers: int(r[1]),
			RoleCards: int(r[0] + r[1]), Hand: h, Deck: nCards - n*h,
		})
	}
	m["setup"] = rows

	// The cards (B5).
	total, comments, dead := 0, 0, 0
	var shapes []CommentRow
	for k := 0; k < nComment; k++ {
		total += int(deck[k])
		comments += int(deck[k])
		if commentDead[k] {
			dead += int(deck[k])
		}
	}
	// One row per shape: a normal kind and its dead-end twin share the
	// edges; the stubs exist only as dead-ends.
	for k := 0; k < nComment; k++ {
		e := commentEdges[k]
		found := -1
		for i := 0; i < k; i++ {
			if commentEdges[i] == e {
				found = i
			}
		}
		if found >= 0 {
			continue
		}
		r := CommentRow{Name: shapeName(e), Sides: sidesOf(e)}
		for j := k; j < nComment; j++ {
			if commentEdges[j] == e {
				if commentDead[j] {
					r.Dead += int(deck[j])
				} else {
					r.Normal += int(deck[j])
				}
			}
		}
		shapes = append(shapes, r)
	}
	m["comment_shapes"] = shapes
	m["comment_cards"] = comments
	m["dead_ends"] = dead
	m["normal_comments"] = comments - dead
	m["crossings"] = int(deck[kCrossing])

	var actions []ActionRow
	actionCards := 0
	add := func(name string, count int, effect string) {
		if count > 0 {
			actions = append(actions, ActionRow{Name: name, Count: count, Effect: effect})
		}
	}
	add("WTF Dries?!", int(deck[kWTF]), "Look at a face-down end card in secret.")
	add("Spam!", int(deck[kSpam]), "Remove a comment card from the table.")
	var probs []string
	var probCounts []int
	blocked := 0
	for p := 0; p < nProblems; p++ {
		c := int(deck[kBlockWifi+p])
		if c > 0 {
			probs = append(probs, problemTitles[p])
			probCounts = append(probCounts, c)
		}
		blocked += c
	}
	add("Blocked!", blocked, "Give another player a problem: "+listOf(probs, probCounts, "or")+".")
	single, double := 0, 0
	var fixes, doubles []string
	var fixCounts, doubleCounts []int
	for u := 0; u < nUnblock; u++ {
		c := int(deck[kUnblockLAN+u])
		if c == 0 {
			continue
		}
		var fix []string
		var prob string
		for p := 0; p < nProblems; p++ {
			if unblockFixes[u]&(1<<p) != 0 {
				fix = append(fix, fixTitles[p])
				prob = problemTitles[p]
			}
		}
		if len(fix) == 1 {
			single += c
			fixes = append(fixes, fix[0]+" fixes "+prob)
			fixCounts = append(fixCounts, c)
		} else {
			double += c
			doubles = append(doubles, fix[0]+" or "+fix[1])
			doubleCounts = append(doubleCounts, c)
		}
	}
	add("Unblocked!", single, "Remove one problem from anybody: "+listOf(fixes, fixCounts, "and")+".")
	add("Unblocked! with two symbols", double, "Remove either of two problems from anybody: "+listOf(doubles, doubleCounts, "and")+".")
	for k := nComment; k < nKinds; k++ {
		actionCards += int(deck[k])
		total += int(deck[k])
	}
	if total != nCards {
		return nil, fmt.Errorf("breaking-head: %d playable cards, want %d", total, nCards)
	}
	m["actions"] = actions
	m["action_cards"] = actionCards
	m["cards"] = total
	m["peeks"] = int(deck[kWTF])
	m["spams"] = int(deck[kSpam])
	m["blocked_cards"] = blocked
	m["blocked_each"] = int(deck[kBlockWifi])
	m["unblocked_cards"] = single + double
	m["unblocked_single"] = single
	m["unblocked_double"] = double
	m["problems"] = int(nProblems)

	// The special cards and the layout (B3, B4).
	sx, _ := cellXY(startCell)
	ex, _ := cellXY(endCells[1])
	m["end_cards"] = len(endCells)
	m["needs_work"] = len(endCells) - 1
	m["special_cards"] = len(endCells) + 1
	m["gap"] = ex - sx - 1
	_, north := cellXY(endCells[0])
	_, mid := cellXY(endCells[1])
	m["end_spacing"] = mid - north - 1
	return m, nil
}

// listOf joins items for a card table: "a, b or c (3 of each)" when the
// counts are equal, else each with its count ("a (2), b (1)").
func listOf(items []string, counts []int, and string) string {
	same := true
	for _, c := range counts {
		same = same && c == counts[0]
	}
	out := ""
	for i, it := range items {
		switch {
		case i == 0:
		case i == len(items)-1:
			out += " " + and + " "
		default:
			out += ", "
		}
		out += it
		if !same {
			out += fmt.Sprintf(" (%d)", counts[i])
		}
	}
	if same && len(items) > 1 {
		out += fmt.Sprintf(" (%d of each)", counts[0])
	}
	return out
}
