package breakinghead

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// A second, deliberately naive reading of B5-B10, written from the
// rulings' words and fed only by the spectator's observation (positions and
// card names as strings), against which the package's bit-twiddling is
// checked in random games: every placement it lists (B6, B7, B14, B19) and
// every end card it turns up (B8, B10).

type pt struct{ x, y int }

var naiveDirs = []struct {
	edge, facing rune // this card's edge, the neighbour's edge facing it
	dx, dy       int  // y grows to the south
}{{'N', 'S', 0, -1}, {'E', 'W', 1, 0}, {'S', 'N', 0, 1}, {'W', 'E', -1, 0}}

// naiveEdges reads a comment card's open edges off its name (B5), turned by
// 180 degrees if asked (B6).
func naiveEdges(name string, turned bool) string {
	shape := strings.TrimSuffix(name, "-dead")
	e := map[string]string{"crossing": "NESW", "junction-esw": "ESW", "junction-nes": "NES",
		"curve-sw": "SW", "curve-es": "ES", "straight-ns": "NS", "straight-ew": "EW",
		"stub-w": "W", "stub-s": "S"}[shape]
	if turned {
		e = strings.NewReplacer("N", "S", "S", "N", "E", "W", "W", "E").Replace(e)
	}
	b := []byte(e) // as a set: sorted letters
	slices.Sort(b)
	return string(b)
}

// naiveTable is the table as a map from position to open edges, and the
// positions a path may pass through (B8: not dead-ends).
func naiveTable(o *Observation) (edges map[pt]string, links map[pt]bool) {
	edges, links = map[pt]string{}, map[pt]bool{}
	for _, cv := range o.Table {
		var c pt
		fmt.Sscanf(cv.At, "%d,%d", &c.x, &c.y)
		switch cv.Card {
		case "start", "end", "fixed-committed", "needs-work": // B3, B7
			edges[c], links[c] = "NESW", true
		default:
			edges[c], links[c] = naiveEdges(cv.Card, cv.Turned), !strings.HasSuffix(cv.Card, "-dead")
		}
	}
	return edges, links
}

// naiveReached is the set of end cards (bit per end) a path from the start
// reaches, passing through end cards (B10).
func naiveReached(edges map[pt]string, links map[pt]bool) uint8 {
	seen := map[pt]bool{{0, 0}: true}
	queue := []pt{{0, 0}}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range naiveDirs {
			nc := pt{c.x + d.dx, c.y + d.dy}
			if strings.ContainsRune(edges[c], d.edge) && links[nc] && strings.ContainsRune(edges[nc], d.facing) && !seen[nc] {
				seen[nc] = true
				queue = append(queue, nc)
			}
		}
	}
	var r uint8
	for e, y := range []int{-2, 0, 2} {
		if seen[pt{8, y}] {
			r |= 1 << e
		}
	}
	return r
}

// naivePlacements lists the placements of the seat to play.
func naivePlacements(s *State, edges map[pt]string) []string {
	var out []string
	p := int(s.toMove)
	if s.problems[p] != 0 { // B14
		return nil
	}
	for k := 0; k < nComment; k++ {
		if s.hands[p][k] == 0 {
			continue
		}
		name := kindNames[k]
		for _, turned := range []bool{false, true} {
			e := naiveEdges(name, turned)
			if turned && e == naiveEdges(name, false) { // B19
				continue
			}
			tried := map[pt]bool{}
			for c := range edges {
				for _, d := range naiveDirs {
					at := pt{c.x + d.dx, c.y + d.dy}
					if _, taken := edges[at]; taken || tried[at] {
						continue
					}
					tried[at] = true
					fits := true
					for _, d2 := range naiveDirs { // B7: every neighbour agrees
						if ne, ok := edges[pt{at.x + d2.dx, at.y + d2.dy}]; ok &&
							strings.ContainsRune(e, d2.edge) != strings.ContainsRune(ne, d2.facing) {
							fits = false
						}
					}
					if fits {
						m := fmt.Sprintf("place %s@%d,%d", name, at.x, at.y)
						if turned {
							m += " turned"
						}
						out = append(out, m)
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestB7_B10_AgreeWithNaiveReading plays seeded games in which the seat
// to play mostly steers towards Fixed & Committed (so that paths do reach
// end cards, turn up several, get broken by Spam! and so on) and checks
// every position against the naive reading.
func TestB7_B10_AgreeWithNaiveReading(t *testing.T) {
	states, turnedUp, contributorsWon := 0, 0, 0
	for seed := uint64(0); seed < 120; seed++ {
		n := 3 + int(seed%8)
		st, err := game.NewState(Game, n, game.Options{"unblock-mix": mixValues[seed%2]})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := game.NewRand(seed)
		var up uint8 // end cards turned up so far: they never turn back
		for {
			if s.phase >= phasePlay {
				edges, links := naiveTable(s.observe(game.Spectator))
				up |= naiveReached(edges, links)
				if s.faceUp != up {
					t.Fatalf("seed %d: face up %03b, the naive reading says %03b", seed, s.faceUp, up)
				}
			}
			if s.phase == phaseOver {
				break
			}
			if s.phase != phasePlay {
				if err := s.Apply(game.SampleChance(s, r, nil)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			edges, _ := naiveTable(s.observe(game.Spectator))
			var got []string
			for _, a := range s.LegalActions(nil) {
				if a < spamBase {
					got = append(got, s.ActionString(a))
				}
			}
			slices.Sort(got)
			if want := naivePlacements(s, edges); !slices.Equal(got, want) {
				t.Fatalf("seed %d: placements\n%v\nthe naive reading says\n%v", seed, got, want)
			}
			states++
			a := guidedMove(s, r)
			if r.IntN(4) == 0 {
				l := s.LegalActions(nil)
				a = l[r.IntN(len(l))]
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if up != 0 {
			turnedUp++
		}
		if s.winner == winContributors {
			contributorsWon++
		}
	}
	t.Logf("%d positions; end cards turned up in %d games, Fixed & Committed reached in %d", states, turnedUp, contributorsWon)
	if states < 1000 || turnedUp < 20 || contributorsWon < 10 {
		t.Fatal("the games do not exercise B10 enough")
	}
}

// TestB7_FaceUpEndCardIsACrossing: an end card turned up still demands an
// open edge from every card beside it (B7: face down or up).
func TestB7_FaceUpEndCardIsACrossing(t *testing.T) {
	p := position(t, "ccb").fixed("8,2").path(1, 6).hand(1, "straight-ew").hand(2, "straight-ew", "straight-ns", "curve-es")
	p.do("place straight-ew@7,0", "seat 1 draws crossing")
	if !p.faceUpAt("8,0") {
		t.Fatal("8,0 is not face up")
	}
	p.refuse("place straight-ew@8,1", "to the N, S")   // 8,0 to the N, 8,2 to the S
	p.refuse("place straight-ns@9,0", "to the W")      // 8,0 face up to the W
	p.refuse("place curve-es@8,-1 turned", "to the S") // NW: closed towards 8,0
	for _, m := range []string{"place straight-ns@8,1", "place straight-ew@9,0", "place straight-ns@8,-1"} {
		if !p.isLegal(m) {
			t.Errorf("%s is not legal beside a face-up end card", m)
		}
	}
}
