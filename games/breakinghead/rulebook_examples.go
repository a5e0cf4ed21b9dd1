package breakinghead

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// The rulebook's pictures (docs/rulebooks/breaking-head.md).
var _ game.Illustrator = breakingHead{}

// scene is how an example is played from a new game: where Fixed &
// Committed lies and the moves, played in turn from seat 1. Every chance
// outcome is one the rules allow: the role deal takes the first card the
// set has left, seat 1 starts, and each card dealt or drawn is the next
// card the seat's scripted moves need, else the kind the deck holds most
// copies of beyond what the script still needs.
type scene struct {
	fixed string
	moves []string
}

// rowPath lays the seven cards of row 0 from the start to the middle end
// card, open to the E and W.
var rowPath = []string{
	"place straight-ew@1,0", "place crossing@2,0", "place junction-esw@3,0",
	"place straight-ew@4,0", "place crossing@5,0", "place junction-esw@6,0",
	"place straight-ew@7,0",
}

// rowCells are the positions of rowPath.
var rowCells = []string{"1,0", "2,0", "3,0", "4,0", "5,0", "6,0", "7,0"}

// Examples implements game.Illustrator: the pictures of the rulebook,
// each a position played from a new game for cfg.
func (g breakingHead) Examples(cfg game.Config) ([]game.Example, error) {
	type ex struct {
		name, caption string
		sc            scene
		marks         []string
	}
	list := []ex{{
		name: "needs-work",
		caption: "Seven comment cards make an unbroken path from the Issue summary to the middle end card, " +
			"so it is turned face up: it is Needs work, and the game goes on.",
		sc:    scene{fixed: "8,2", moves: rowPath},
		marks: append(append([]string{}, rowCells...), "8,0"),
	}, {
		name: "fixed-committed",
		caption: "The face-up Needs work card passes the path on: one card below it reaches the end card at 8,2, " +
			"which is Fixed & Committed, and the Contributors win at once.",
		sc:    scene{fixed: "8,2", moves: append(append([]string{}, rowPath...), "place straight-ns@8,1")},
		marks: []string{"8,0", "8,1", "8,2"},
	}, {
		name: "dead-end",
		caption: "The card at 7,0 is a dead-end: it matches its neighbours, but its path is broken, " +
			"so the middle end card stays face down.",
		sc:    scene{fixed: "8,0", moves: append(append([]string{}, rowPath[:6]...), "place straight-ew-dead@7,0")},
		marks: []string{"7,0", "8,0"},
	}, {
		name: "spam",
		caption: "Spam! has taken the card at 4,0 off the table and broken the path, " +
			"but the Needs work card the path had reached stays face up.",
		sc:    scene{fixed: "8,2", moves: append(append([]string{}, rowPath...), "spam 4,0")},
		marks: []string{"4,0", "8,0"},
	}, {
		name: "blocked",
		caption: "Seat 2 has put a Blocked! card (Drupal-Flu) in front of seat 3. Seat 3 is to play " +
			"but cannot place a comment card until an Unblocked! card removes the problem.",
		sc:    scene{fixed: "8,0", moves: []string{"place crossing@1,0", "block seat 3 flu"}},
		marks: []string{"seat 3"},
	}}
	var out []game.Example
	for _, e := range list {
		s, err := g.playScene(cfg, e.sc)
		if err != nil {
			return nil, fmt.Errorf("breaking-head: example %s: %w", e.name, err)
		}
		out = append(out, game.Example{Name: e.name, Caption: e.caption, State: s, Marks: e.marks})
	}
	return out, nil
}

// sceneCard is the card a scripted move plays.
func sceneCard(move string) (string, error) {
	f := strings.Fields(move)
	switch {
	case len(f) >= 2 && f[0] == "place":
		k, _, _ := strings.Cut(f[1], "@")
		return k, nil
	case len(f) == 4 && f[0] == "block":
		return "blocked-" + f[3], nil
	case len(f) == 2 && (f[0] == "pass" || f[0] == "peek" || f[0] == "spam"):
		if f[0] == "pass" {
			return f[1], nil
		}
		if f[0] == "peek" {
			return "wtf-dries", nil
		}
		return "spam", nil
	}
	return "", fmt.Errorf("move %q: no card known for it", move)
}

// dealer chooses the cards a scripted game deals: each seat, in order,
// the cards its moves play, and otherwise the kind the deck holds most
// of beyond what is still to be dealt.
type dealer struct {
	need   [][]int
	got    []int
	demand [nKinds]int
}

// newDealer reads the card each move of moves plays (card names it),
// the moves being made in turn from seat 1 at a table of n.
func newDealer(n int, moves []string, card func(move string) (string, error)) (*dealer, error) {
	d := &dealer{need: make([][]int, n), got: make([]int, n)}
	for i, m := range moves {
		name, err := card(m)
		if err != nil {
			return nil, err
		}
		k, err := parseKind(name)
		if err != nil {
			return nil, fmt.Errorf("move %q: %w", m, err)
		}
		d.need[i%n] = append(d.need[i%n], k)
		d.demand[k]++
	}
	return d, nil
}

// draw names the card seat (as the chance outcome writes it) draws
// among outs.
func (d *dealer) draw(s *State, seatText string, outs []game.ChanceOutcome) (string, error) {
	seat := 0
	if _, err := fmt.Sscanf(seatText, "%d", &seat); err != nil || seat < 1 || seat > len(d.need) {
		return "", fmt.Errorf("chance outcome: no seat %q", seatText)
	}
	q := seat - 1
	if d.got[q] < len(d.need[q]) {
		k := d.need[q][d.got[q]]
		d.got[q]++
		d.demand[k]--
		return fmt.Sprintf("seat %d draws %s", seat, kindNames[k]), nil
	}
	best, most := -1, 0
	for _, o := range outs {
		k := int(o.Action)
		if k >= 0 && k < nKinds && int(s.deck[k])-d.demand[k] > most {
			best, most = k, int(s.deck[k])-d.demand[k]
		}
	}
	if best < 0 {
		return "", fmt.Errorf("the deck has no card to spare for seat %d", seat)
	}
	return fmt.Sprintf("seat %d draws %s", seat, kindNames[best]), nil
}

// playScene plays sc from a new game for cfg by legal actions only.
func (g breakingHead) playScene(cfg game.Config, sc scene) (*State, error) {
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	n := int(s.n)
	d, err := newDealer(n, sc.moves, sceneCard)
	if err != nil {
		return nil, err
	}
	played := 0
	for played < len(sc.moves) {
		if s.CurrentPlayer() != game.Chance {
			if want := game.Player(played % n); s.CurrentPlayer() != want {
				return nil, fmt.Errorf("move %q: %v is to play, not %v", sc.moves[played], s.CurrentPlayer(), want)
			}
			a, err := s.ParseAction(sc.moves[played])
			if err != nil {
				return nil, err
			}
			if err := s.Apply(a); err != nil {
				return nil, fmt.Errorf("%s: %w", sc.moves[played], err)
			}
			played++
			continue
		}
		outs := s.ChanceOutcomes(nil)
		pick := ""
		first := s.ActionString(outs[0].Action)
		f := strings.Fields(first)
		switch {
		case strings.HasPrefix(first, "fixed-committed at "):
			pick = "fixed-committed at " + sc.fixed
		case len(f) == 3 && f[2] == "starts":
			pick = "seat 1 starts"
		case len(f) == 4 && f[2] == "draws":
			if pick, err = d.draw(s, f[1], outs); err != nil {
				return nil, err
			}
		default: // the role deal
			pick = first
		}
		a, err := s.ParseAction(pick)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("%s: %w", pick, err)
		}
	}
	// The last play's draw, if the game goes on.
	for s.CurrentPlayer() == game.Chance {
		outs := s.ChanceOutcomes(nil)
		if len(outs) == 0 {
			break
		}
		first := s.ActionString(outs[0].Action)
		f := strings.Fields(first)
		if len(f) != 4 || f[2] != "draws" {
			return nil, fmt.Errorf("unexpected chance event %q after the moves", first)
		}
		best, most := -1, 0
		for _, o := range outs {
			k := int(o.Action)
			if k >= 0 && k < nKinds && int(s.deck[k]) > most {
				best, most = k, int(s.deck[k])
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("no card to draw after the moves")
		}
		pick := fmt.Sprintf("%s %s %s %s", f[0], f[1], f[2], kindNames[best])
		a, err := s.ParseAction(pick)
		if err != nil {
			return nil, err
		}
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("%s: %w", pick, err)
		}
	}
	return s, nil
}
