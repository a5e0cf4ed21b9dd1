package breakinghead

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// The Sampler must not only keep what the seat knows (the conformance kit
// and TestB18_SamplerRedealsHidden check that) but deal the rest with the
// right odds: a biased sampler makes bots believe things nobody could
// know. These tests draw many seeded samples and compare frequencies with
// the exact odds, with tolerances of about five standard deviations: wide
// enough never to flake, narrow enough to catch a sampler that, say,
// forgets to take the viewer's own role card out of the B1 set (2/6
// instead of 2/5) or ignores a Needs work card the viewer has seen (1/3
// instead of 1/2).

const nSamples = 6000

// near reports whether a frequency out of nSamples is within tol of p.
func near(count int, p, tol float64) bool {
	return math.Abs(float64(count)/nSamples-p) <= tol
}

// TestB18_SamplerRolesFollowTheB1Set: for a seat, the other seats and the
// left-over card share what remains of the B1 set once its own card is
// out, each equally likely to hold a Blocker; for a spectator the whole
// set. Every sample deals exactly the set.
func TestB18_SamplerRolesFollowTheB1Set(t *testing.T) {
	cases := []struct {
		roles  string // the real deal (the left-over is the rest of the set)
		viewer game.Player
		p      float64 // P(Blocker) for every other seat and the left-over
	}{
		{"cbccb", 0, 2.0 / 5},                // 5 players, 4C/2B: 3C/2B left for 5 cards
		{"cbccb", 1, 1.0 / 5},                // a Blocker: 4C/1B left
		{"cbccb", game.Spectator, 2.0 / 6},   // nothing known: 4C/2B over 6 cards
		{"ccb", 0, 1.0 / 3},                  // 3 players, 3C/1B: 2C/1B left
		{"ccb", 2, 0},                        // the only Blocker card is the viewer's
		{"cbcbccbcbc", 0, 4.0 / 10},          // 10 players, 7C/4B
		{"cbcbccbcbc", 1, 3.0 / 10},          //
		{"bccccbb", game.Spectator, 3.0 / 8}, // 7 players, 5C/3B
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s as %v", c.roles, c.viewer), func(t *testing.T) {
			p := position(t, c.roles)
			n := len(c.roles)
			set := roleSet[n]
			r := game.NewRand(uint64(n)*100 + uint64(c.viewer+5))
			blocker := make([]int, n)
			left := 0
			for range nSamples {
				smp := p.Sample(c.viewer, r).(*State)
				b := int(smp.roleLeft[roleBlocker])
				if smp.roleLeft[0]+smp.roleLeft[1] != 1 {
					t.Fatalf("sample leaves %v role cards over, want one", smp.roleLeft)
				}
				left += b
				for q := 0; q < n; q++ {
					if smp.roles[q] == roleBlocker {
						blocker[q]++
						b++
					}
				}
				if b != int(set[roleBlocker]) {
					t.Fatalf("sample deals %d Blocker cards, the B1 set has %d", b, set[roleBlocker])
				}
				if c.viewer >= 0 && smp.roles[c.viewer] != p.roles[c.viewer] {
					t.Fatal("the sample changed the viewer's own role")
				}
			}
			for q := 0; q < n; q++ {
				if game.Player(q) != c.viewer && !near(blocker[q], c.p, 0.03) {
					t.Errorf("seat %d is a Blocker in %d of %d samples, want %.3f", q+1, blocker[q], nSamples, c.p)
				}
			}
			if !near(left, c.p, 0.03) {
				t.Errorf("the left-over card is a Blocker in %d of %d samples, want %.3f", left, nSamples, c.p)
			}
		})
	}
	// At the end every seat's role is public (B17): samples keep them.
	p := position(t, "cbccb")
	p.phase, p.winner = phaseOver, winBlockers
	r := game.NewRand(3)
	for range 200 {
		if smp := p.Sample(game.Spectator, r).(*State); smp.roles != p.roles || smp.roleLeft != p.roleLeft {
			t.Fatal("a sample at the end changed the revealed roles")
		}
	}
}

// TestB18_SamplerEndCards: Fixed & Committed lies uniformly among the end
// cards the viewer has neither seen face up nor peeked at (B3, B10, B12),
// or where the viewer knows it is; other seats' peeks tell the viewer
// nothing.
func TestB18_SamplerEndCards(t *testing.T) {
	const third, half = 1.0 / 3, 0.5
	cases := []struct {
		name   string
		fixed  string // the real Fixed & Committed card
		viewer game.Player
		peeked map[int]uint8 // seat (0-based) -> ends peeked at
		faceUp uint8
		want   [3]float64 // P(Fixed & Committed) at 8,-2, 8,0, 8,2
	}{
		{"nothing known", "8,0", 0, nil, 0, [3]float64{third, third, third}},
		{"spectator", "8,2", game.Spectator, map[int]uint8{0: 4}, 0, [3]float64{third, third, third}},
		{"peeked at a Needs work", "8,0", 0, map[int]uint8{0: 1}, 0, [3]float64{0, half, half}},
		{"a Needs work face up", "8,0", 1, nil, 4, [3]float64{half, half, 0}},
		{"spectator, a Needs work face up", "8,-2", game.Spectator, map[int]uint8{1: 1}, 2, [3]float64{half, 0, half}},
		{"another seat peeked at it", "8,0", 0, map[int]uint8{1: 2, 2: 7}, 0, [3]float64{third, third, third}},
		{"peeked at Fixed & Committed", "8,2", 0, map[int]uint8{0: 4}, 0, [3]float64{0, 0, 1}},
		{"two Needs work known", "8,0", 2, map[int]uint8{2: 1}, 4, [3]float64{0, 1, 0}},
		{"peeked at all three", "8,-2", 1, map[int]uint8{1: 7}, 0, [3]float64{1, 0, 0}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := position(t, "ccbc").fixed(c.fixed)
			p.faceUp = c.faceUp
			for q, m := range c.peeked {
				p.peeked[q] = m
			}
			r := game.NewRand(uint64(40 + i))
			var at [3]int
			for range nSamples {
				smp := p.Sample(c.viewer, r).(*State)
				at[smp.fixedAt]++
				if smp.peeked != p.peeked || smp.faceUp != p.faceUp {
					t.Fatal("the sample changed the peeks or the face-up cards")
				}
			}
			for e := range at {
				if !near(at[e], c.want[e], 0.03) {
					t.Errorf("Fixed & Committed at %s in %d of %d samples, want %.3f", posString(endCells[e]), at[e], nSamples, c.want[e])
				}
			}
		})
	}
}

// knownKinds counts, from the viewer's own observation only, the cards the
// viewer has seen leave the unknown pool: its hand, every public play
// (B11: only passes are hidden) and its own passes.
func knownKinds(t *testing.T, o *Observation) (known [nKinds]int, hiddenPasses int) {
	t.Helper()
	for _, k := range o.You.Hand {
		known[kindByName[k]]++
	}
	for _, l := range o.Log {
		f := strings.Fields(l.Move)
		switch f[0] {
		case "place":
			known[kindByName[strings.Split(f[1], "@")[0]]]++
		case "spam":
			known[kSpam]++
		case "peek":
			known[kWTF]++
		case "block":
			known[kindByName["blocked-"+f[3]]]++
		case "unblock":
			known[kindByName[f[5]]]++
		case "pass":
			if len(f) == 1 {
				hiddenPasses++
			} else {
				known[kindByName[f[1]]]++
			}
		default:
			t.Fatalf("log move %q", l.Move)
		}
	}
	return known, hiddenPasses
}

// TestB18_SamplerCards: the cards the viewer has not seen (other hands,
// other seats' passes, the deck) are dealt uniformly from what the B5 list
// leaves once the viewer's hand, the public plays and its own passes are
// out; the expected count of each kind in each place is its share of that
// pool. The pool is worked out here from the viewer's observation, not
// from the state.
func TestB18_SamplerCards(t *testing.T) {
	var s *State
	playRandom(t, 5, nil, 21, func(st *State) {
		if s != nil || st.phase != phasePlay || st.discards < 4 || st.nLog < 20 {
			return
		}
		for _, e := range st.log[:st.nLog] {
			if e.act >= passBase && e.seat != st.toMove {
				s = st.Clone().(*State)
				return
			}
		}
	})
	if s == nil {
		t.Fatal("no suitable state")
	}
	me := game.Player(s.toMove)
	o := s.observe(me)
	known, hiddenPasses := knownKinds(t, o)
	full := deckCounts(int(s.mix))
	var pool [nKinds]float64
	total := 0.0
	for k := range pool {
		pool[k] = float64(int(full[k]) - known[k])
		total += pool[k]
	}
	if int(total) != int(s.deckSize)+hiddenPasses+int(s.handSize[0]+s.handSize[1]+s.handSize[2]+s.handSize[3]+s.handSize[4])-int(s.handSize[me]) {
		t.Fatalf("pool of %v unknown cards does not match the public counts", total)
	}
	// Places: the other seats' hands, the other seats' passes, the deck.
	type place struct {
		name string
		size int
		sum  [nKinds]int
	}
	var places []*place
	hand := map[int]*place{}
	for q := 0; q < int(s.n); q++ {
		if q != int(me) {
			pl := &place{name: fmt.Sprintf("seat %d's hand", q+1), size: int(s.handSize[q])}
			hand[q] = pl
			places = append(places, pl)
		}
	}
	passes := &place{name: "other seats' passes", size: hiddenPasses}
	deck := &place{name: "the deck", size: int(s.deckSize)}
	places = append(places, passes, deck)
	r := game.NewRand(77)
	for range nSamples {
		smp := s.Sample(me, r).(*State)
		for q, pl := range hand {
			for k := range pl.sum {
				pl.sum[k] += int(smp.hands[q][k])
			}
		}
		for _, e := range smp.log[:smp.nLog] {
			if e.act >= passBase && game.Player(e.seat) != me {
				passes.sum[e.act-passBase]++
			}
		}
		for k := range deck.sum {
			deck.sum[k] += int(smp.deck[k])
		}
	}
	for _, pl := range places {
		for k := range pl.sum {
			p := pool[k] / total
			want := float64(pl.size) * p
			got := float64(pl.sum[k]) / nSamples
			// The binomial spread bounds the hypergeometric one.
			tol := 5*math.Sqrt(float64(pl.size)*p*(1-p)/nSamples) + 0.01
			if math.Abs(got-want) > tol {
				t.Errorf("%s holds %.3f %s on average, want %.3f (±%.3f)", pl.name, got, kindNames[k], want, tol)
			}
		}
	}
}

// TestB18_RenderShowsNoMoreThanObservation: a seat's rendering of the real
// state and of any sample for that seat are the same text, and so is the
// spectator's (a spectator's own samples included). Since samples deal
// every hidden thing again (roles, the left-over card, hands, passes, the
// deck, unseen end cards, what others peeked at), Render cannot show any
// of them.
func TestB18_RenderShowsNoMoreThanObservation(t *testing.T) {
	r := game.NewRand(8)
	for n := 3; n <= 10; n += 7 {
		step := 0
		playRandom(t, n, nil, uint64(n), func(s *State) {
			step++
			if step%5 != 0 && s.phase != phaseOver {
				return
			}
			for p := game.Spectator; int(p) < n; p++ {
				if p == game.Terminal || p == game.Chance {
					continue
				}
				for range 2 {
					smp := s.Sample(p, r).(*State)
					if err := conserved(smp); err != nil {
						t.Fatalf("%d players, step %d, sample for %v: %v", n, step, p, err)
					}
					for _, v := range []game.Player{p, game.Spectator} {
						if a, b := s.Render(v), smp.Render(v); a != b {
							t.Fatalf("%d players, step %d, sample for %v: Render(%v) differs:\nreal:\n%s\nsample:\n%s", n, step, p, v, a, b)
						}
						ja, _ := json.Marshal(s.Observation(v))
						jb, _ := json.Marshal(smp.Observation(v))
						if string(ja) != string(jb) {
							t.Fatalf("%d players, step %d, sample for %v: Observation(%v) differs", n, step, p, v)
						}
					}
				}
			}
		})
	}
}
