package breakinghead

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// exampleCard returns the card the spectator sees at pos, "" if none.
func exampleCard(o *Observation, at string) string {
	for _, c := range o.Table {
		if c.At == at {
			return c.Card
		}
	}
	return ""
}

// TestExamples checks that every rulebook picture shows the rule its
// caption claims, at every player count and with the options that change
// the deal.
func TestExamples(t *testing.T) {
	var cfgs []game.Config
	for n := 3; n <= 10; n++ {
		cfgs = append(cfgs, game.Config{Players: n})
	}
	cfgs = append(cfgs,
		game.Config{Players: 3, Options: game.Options{OptHand: "1"}},
		game.Config{Players: 10, Options: game.Options{OptHand: "1"}},
		game.Config{Players: 3, Options: game.Options{OptHand: "22"}},
		game.Config{Players: 5, Options: game.Options{OptUnblockMix: "3rd", OptBlockers: "4"}},
	)
	wantNames := []string{"blocked", "dead-end", "fixed-committed", "needs-work", "spam"}
	for _, cfg := range cfgs {
		t.Run(fmt.Sprintf("%d-%v", cfg.Players, cfg.Options), func(t *testing.T) {
			exs, err := breakingHead{}.Examples(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, ex := range exs {
				if slices.Contains(names, ex.Name) {
					t.Errorf("example name %q twice", ex.Name)
				}
				names = append(names, ex.Name)
				for _, r := range ex.Name {
					if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
						t.Errorf("example name %q: want lower case, digits and hyphens", ex.Name)
					}
				}
				if strings.TrimSpace(ex.Caption) == "" {
					t.Errorf("example %s: no caption", ex.Name)
				}
				s := ex.State.(*State)
				if s.n != int8(cfg.Players) {
					t.Errorf("example %s: %d players, want %d", ex.Name, s.n, cfg.Players)
				}
				o := s.observe(game.Spectator)
				t.Run(ex.Name, func(t *testing.T) { checkExample(t, ex, s, o) })
			}
			slices.Sort(names)
			if !slices.Equal(names, wantNames) {
				t.Errorf("examples %v, want %v", names, wantNames)
			}
		})
	}
	if _, err := (breakingHead{}).Examples(game.Config{Players: 2}); err == nil {
		t.Error("Examples with 2 players: no error")
	}
}

func checkExample(t *testing.T, ex game.Example, s *State, o *Observation) {
	switch ex.Name {
	case "needs-work":
		// The row path runs from the start to 8,0, which is face up
		// Needs work; the others stay face down and the game goes on.
		for _, at := range rowCells {
			if c := exampleCard(o, at); c == "" || strings.HasSuffix(c, "-dead") {
				t.Errorf("%s: card %q, want a normal comment card", at, c)
			}
		}
		if !reaches(s, startCell, cellOf(8, 0)) {
			t.Error("the path does not reach 8,0")
		}
		if c := exampleCard(o, "8,0"); c != "needs-work" {
			t.Errorf("8,0 shows %q, want needs-work face up", c)
		}
		if exampleCard(o, "8,-2") != "end" || exampleCard(o, "8,2") != "end" {
			t.Error("the other end cards are not face down")
		}
		if o.Status != "playing" || o.ToMove == 0 {
			t.Errorf("status %q, to move %d: the game should go on", o.Status, o.ToMove)
		}
	case "fixed-committed":
		if c := exampleCard(o, "8,0"); c != "needs-work" {
			t.Errorf("8,0 shows %q, want needs-work", c)
		}
		if c := exampleCard(o, "8,1"); c != "straight-ns" {
			t.Errorf("8,1 holds %q, want straight-ns", c)
		}
		if c := exampleCard(o, "8,2"); c != "fixed-committed" {
			t.Errorf("8,2 shows %q, want fixed-committed face up", c)
		}
		if !reaches(s, startCell, cellOf(8, 2)) {
			t.Error("the path does not reach 8,2")
		}
		if o.Status != "over" || o.Winners != "contributors" {
			t.Errorf("status %q, winners %q: want the Contributors' win", o.Status, o.Winners)
		}
	case "dead-end":
		if c := exampleCard(o, "7,0"); c != "straight-ew-dead" {
			t.Errorf("7,0 holds %q, want straight-ew-dead", c)
		}
		for _, at := range rowCells[:6] {
			if c := exampleCard(o, at); c == "" || strings.HasSuffix(c, "-dead") {
				t.Errorf("%s: card %q, want a normal comment card", at, c)
			}
		}
		if !reaches(s, startCell, cellOf(6, 0)) {
			t.Error("the path does not reach 6,0")
		}
		if reaches(s, startCell, cellOf(8, 0)) {
			t.Error("the path passes the dead-end to 8,0")
		}
		for _, at := range []string{"8,-2", "8,0", "8,2"} {
			if c := exampleCard(o, at); c != "end" {
				t.Errorf("%s shows %q, want face down", at, c)
			}
		}
		if o.Status != "playing" {
			t.Errorf("status %q", o.Status)
		}
	case "spam":
		if c := exampleCard(o, "4,0"); c != "" {
			t.Errorf("4,0 still holds %q", c)
		}
		if reaches(s, startCell, cellOf(8, 0)) {
			t.Error("the path still reaches 8,0")
		}
		if c := exampleCard(o, "8,0"); c != "needs-work" {
			t.Errorf("8,0 shows %q, want needs-work still face up", c)
		}
		if l := o.Log[len(o.Log)-1]; l.Move != "spam 4,0" || l.Removed != "straight-ew" {
			t.Errorf("last play %+v, want Spam! removing the straight at 4,0", l)
		}
		if o.Status != "playing" {
			t.Errorf("status %q", o.Status)
		}
		// The mark 4,0 is the empty place the card was taken from.
		if !slices.Equal(ex.Marks, []string{"4,0", "8,0"}) {
			t.Errorf("marks %v", ex.Marks)
		}
		return
	case "blocked":
		if o.ToMove != 3 {
			t.Fatalf("seat %d to move, want seat 3", o.ToMove)
		}
		if p := o.Seats[2].Problems; !slices.Equal(p, []string{"flu"}) {
			t.Errorf("seat 3's problems %v, want flu", p)
		}
		for i, sv := range o.Seats {
			if i != 2 && len(sv.Problems) > 0 {
				t.Errorf("seat %d has problems %v", sv.Seat, sv.Problems)
			}
		}
		if o.Log[len(o.Log)-1].Seat != 2 || o.Log[len(o.Log)-1].Move != "block seat 3 flu" {
			t.Errorf("last play %+v, want seat 2's Blocked!", o.Log[len(o.Log)-1])
		}
		canPass := false
		for _, a := range s.LegalActions(nil) {
			m := s.ActionString(a)
			if strings.HasPrefix(m, "place ") {
				t.Errorf("blocked seat 3 may %s", m)
			}
			canPass = canPass || strings.HasPrefix(m, "pass ")
		}
		if !canPass {
			t.Error("blocked seat 3 cannot pass")
		}
		if !slices.Equal(ex.Marks, []string{"seat 3"}) {
			t.Errorf("marks %v", ex.Marks)
		}
	default:
		t.Errorf("example %q has no test", ex.Name)
	}
	// Marks name positions on the table or seats.
	for _, m := range ex.Marks {
		if strings.HasPrefix(m, "seat ") {
			continue
		}
		if _, err := parsePos(m); err != nil || exampleCard(o, m) == "" {
			t.Errorf("mark %q: no card there (%v)", m, err)
		}
	}
}

// reaches reports whether a path of open, matching edges through normal
// comment cards (and end cards, which pass it on) joins from and to.
func reaches(s *State, from, to int) bool {
	o := s.observe(game.Spectator)
	cards := map[string]CardView{}
	for _, c := range o.Table {
		cards[c.At] = c
	}
	type xy struct{ x, y int }
	dirs := map[byte]xy{'N': {0, -1}, 'E': {1, 0}, 'S': {0, 1}, 'W': {-1, 0}}
	opp := map[byte]byte{'N': 'S', 'S': 'N', 'E': 'W', 'W': 'E'}
	fx, fy := cellXY(from)
	tx, ty := cellXY(to)
	seen := map[string]bool{}
	queue := []xy{{fx, fy}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		at := fmt.Sprintf("%d,%d", p.x, p.y)
		if seen[at] {
			continue
		}
		seen[at] = true
		if p.x == tx && p.y == ty {
			return true
		}
		c := cards[at]
		if strings.HasSuffix(c.Card, "-dead") {
			continue
		}
		for i := 0; i < len(c.Edges); i++ {
			d := dirs[c.Edges[i]]
			q := xy{p.x + d.x, p.y + d.y}
			nc, ok := cards[fmt.Sprintf("%d,%d", q.x, q.y)]
			if ok && strings.IndexByte(nc.Edges, opp[c.Edges[i]]) >= 0 && !strings.HasSuffix(nc.Card, "-dead") {
				queue = append(queue, q)
			}
		}
	}
	return false
}
