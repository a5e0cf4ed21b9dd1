package server_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/breakinghead"
	"github.com/commons-games/commons/record"
)

// Breaking Head's named hidden facts for the leak proof (leak_test.go),
// from its rules (B11, B12, B17, B18 in docs/rules/breaking-head.md) and
// its notation, kept from the complete record of the match rather than
// from the game's own observation code: the roles dealt, where Fixed &
// Committed lies, every card dealt, drawn, played and passed.

// bhKinds are the card kinds' names (the rules document's card table).
var bhKinds = []string{
	"crossing", "crossing-dead", "junction-esw", "junction-esw-dead", "junction-nes", "junction-nes-dead",
	"curve-sw", "curve-sw-dead", "curve-es", "curve-es-dead", "straight-ns", "straight-ns-dead",
	"straight-ew", "straight-ew-dead", "stub-w-dead", "stub-s-dead", "wtf-dries", "spam",
	"blocked-wifi", "blocked-flu", "blocked-head", "unblocked-lan", "unblocked-vitamins", "unblocked-fixedhead",
	"unblocked-lan-vitamins", "unblocked-lan-fixedhead", "unblocked-vitamins-fixedhead",
}

// bhTrack is what the first k entries of a match's complete record say.
type bhTrack struct {
	roles  []string         // by seat index; "" before the deal
	fixed  string           // where Fixed & Committed lies ("8,0")
	hands  []map[string]int // cards held, by seat index
	passes [][]string       // cards passed face down, by seat index
	peeked []map[string]bool
	table  map[string]string // comment cards on the table by position
	plays  map[string]int    // card names in the public log of plays
	bad    []string          // entries the tracker could not read
}

func trackBreakingHead(r *replayed, k int) *bhTrack {
	n := r.rec.Players
	t := &bhTrack{
		roles: make([]string, n), hands: make([]map[string]int, n), passes: make([][]string, n),
		peeked: make([]map[string]bool, n), table: map[string]string{}, plays: map[string]int{},
	}
	for q := range n {
		t.hands[q], t.peeked[q] = map[string]int{}, map[string]bool{}
	}
	seatOf := func(s string) int {
		var q int
		fmt.Sscanf(s, "%d", &q)
		if q < 1 || q > n {
			return 0
		}
		return q - 1
	}
	for i, e := range r.rec.Moves[:k] {
		f := strings.Fields(strings.TrimPrefix(e, record.ChancePrefix))
		q := int(r.actors[i])
		use := func(kind string) {
			if q < 0 || t.hands[q][kind] == 0 {
				t.bad = append(t.bad, fmt.Sprintf("entry %d %q plays a %s the tracker did not see dealt", i, e, kind))
				return
			}
			t.hands[q][kind]--
		}
		switch {
		case record.IsChance(e) && len(f) == 4 && f[2] == "role":
			t.roles[seatOf(f[1])] = f[3]
		case record.IsChance(e) && len(f) == 3 && f[0] == "fixed-committed":
			t.fixed = f[2]
		case record.IsChance(e) && len(f) == 4 && f[2] == "draws":
			t.hands[seatOf(f[1])][f[3]]++
		case record.IsChance(e):
			// "seat N starts": public.
		case f[0] == "place":
			kind, at, _ := strings.Cut(f[1], "@")
			use(kind)
			t.table[at] = kind
			t.plays[kind]++
		case f[0] == "spam":
			use("spam")
			t.plays["spam"]++
			t.plays[t.table[f[1]]]++
			delete(t.table, f[1])
		case f[0] == "peek":
			use("wtf-dries")
			t.peeked[q][f[1]] = true
		case f[0] == "block":
			use("blocked-" + f[3])
		case f[0] == "unblock":
			kind := f[len(f)-1]
			use(kind)
			t.plays[kind]++
		case f[0] == "pass":
			use(f[1])
			t.passes[q] = append(t.passes[q], f[1])
		default:
			t.bad = append(t.bad, fmt.Sprintf("entry %d %q: not a move the tracker knows", i, e))
		}
	}
	return t
}

// breakingHeadFacts lists what viewer may not know after the first k
// entries, and how often its observation may name each role, end-card
// identity and card kind: its own role (everyone's at the end, B17), the
// face-up end cards and those it peeked at (B12), its hand, the cards on
// the table, the cards of the public log and its own passes (B11, B18).
func breakingHeadFacts(r *replayed, k int, viewer game.Player) factSet {
	t := trackBreakingHead(r, k)
	st := r.states[k]
	over := game.IsTerminal(st)
	fs := factSet{Allowed: map[string]int{}, Problems: t.bad}
	for _, w := range append([]string{"contributor", "blocker", "fixed-committed", "needs-work"}, bhKinds...) {
		fs.Allowed[w] = 0
	}
	me := -1
	if viewer >= 0 {
		me = int(viewer)
	}
	identity := func(at string) string {
		if at == t.fixed {
			return "fixed-committed"
		}
		return "needs-work"
	}
	// The end cards turned face up are public: the spectator's table
	// shows them. Their identity must be the truth.
	faceUp := map[string]bool{}
	if o, ok := st.Observation(game.Spectator).(*breakinghead.Observation); ok {
		for _, c := range o.Table {
			if c.Card == "fixed-committed" || c.Card == "needs-work" {
				if c.Card != identity(c.At) {
					fs.Problems = append(fs.Problems, fmt.Sprintf("the end card at %s is shown face up as %s; the record put Fixed & Committed at %s", c.At, c.Card, t.fixed))
				}
				faceUp[c.At] = true
				fs.Allowed[c.Card]++
			}
		}
	} else {
		fs.Problems = append(fs.Problems, fmt.Sprintf("Breaking Head's observation is a %T", st.Observation(game.Spectator)))
	}
	if me >= 0 {
		// The tracker's account of the viewer's hand must be the game's.
		if o, ok := st.Observation(viewer).(*breakinghead.Observation); ok && o.You != nil {
			var mine []string
			for kind, c := range t.hands[me] {
				for range c {
					mine = append(mine, kind)
				}
			}
			got := slices.Clone(o.You.Hand)
			slices.Sort(mine)
			slices.Sort(got)
			if !slices.Equal(mine, got) {
				fs.Problems = append(fs.Problems, fmt.Sprintf("version %d: the record deals seat %d %v, the game says it holds %v", k, me+1, mine, got))
			}
		}
		if t.roles[me] != "" {
			fs.Allowed[t.roles[me]]++
		}
		for kind, c := range t.hands[me] {
			fs.Allowed[kind] += c
		}
		for at := range t.peeked[me] {
			fs.Allowed[identity(at)]++
		}
		for _, kind := range t.passes[me] {
			fs.Allowed[kind]++
		}
	}
	if over {
		for _, role := range t.roles {
			fs.Allowed[role]++
		}
	}
	for _, kind := range t.table {
		fs.Allowed[kind]++
	}
	for kind, c := range t.plays {
		fs.Allowed[kind] += c
	}
	for q := range t.roles {
		if q == me {
			continue
		}
		if !over && t.roles[q] != "" {
			fs.Hidden = append(fs.Hidden, namedFact{fmt.Sprintf("seat %d's role (%s)", q+1, t.roles[q]), []string{t.roles[q]}})
		}
		for _, kind := range bhKinds {
			if t.hands[q][kind] > 0 {
				fs.Hidden = append(fs.Hidden, namedFact{fmt.Sprintf("a card in seat %d's hand (%s)", q+1, kind), []string{kind}})
			}
		}
		for _, kind := range t.passes[q] {
			fs.Hidden = append(fs.Hidden, namedFact{fmt.Sprintf("a card seat %d passed face down (%s)", q+1, kind), []string{kind}})
		}
	}
	if t.fixed != "" && !faceUp[t.fixed] && (me < 0 || !t.peeked[me][t.fixed]) {
		fs.Hidden = append(fs.Hidden, namedFact{fmt.Sprintf("where Fixed & Committed lies (%s)", t.fixed), []string{"fixed-committed", "needs-work"}})
	}
	return fs
}
