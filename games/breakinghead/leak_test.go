package breakinghead

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// The observation is designed so that a search can find leaks: roles appear
// only as the words "contributor" and "blocker", card kinds only by their
// unique names, end identities only as "fixed-committed" and "needs-work".
// leaks counts those words in every string of an observation's JSON and
// compares the counts with what viewer v may know, computed here from the
// state independently of observe: its own role and hand, its own passes,
// the end cards it peeked at, the face-up end cards, the table and the
// public plays. Any hidden card, role or identity that got into the
// observation, in whatever field, raises a count.

type word struct{ path, tok string }

// words returns every lower-case word of every string value in a JSON
// document, with the path of the value.
func words(doc []byte) ([]word, error) {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return nil, err
	}
	var out []word
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		case string:
			for _, t := range tokens(x) {
				out = append(out, word{path, t})
			}
		}
	}
	walk("", v)
	return out, nil
}

// tokens splits text into lower-case words of letters, digits and hyphens.
func tokens(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
}

// secretWord reports whether a word names a role, an end card's identity or
// a card kind.
func secretWord(w string) bool {
	_, kind := kindByName[w]
	return kind || w == "contributor" || w == "blocker" || w == "fixed-committed" || w == "needs-work"
}

// renderLeaks checks Render(v) against the observation (whose words leaks
// checked exactly): the rendering is drawn from the observation, so it may
// mention each role, identity and kind at most as often.
func renderLeaks(s *State, v game.Player) []string {
	doc, _ := json.Marshal(s.Observation(v))
	ws, _ := words(doc)
	inObs := map[string]int{}
	for _, w := range ws {
		inObs[w.tok]++
	}
	inText := map[string]int{}
	for _, w := range tokens(s.Render(v)) {
		if secretWord(w) {
			inText[w]++
		}
	}
	var bad []string
	for w, n := range inText {
		if n > inObs[w] {
			bad = append(bad, fmt.Sprintf("Render mentions %s %d times, the observation %d", w, n, inObs[w]))
		}
	}
	return bad
}

// leaks lists what viewer v's observation shows beyond what v may know.
func leaks(s *State, v game.Player, doc []byte) []string {
	ws, err := words(doc)
	if err != nil {
		return []string{err.Error()}
	}
	me := -1
	if v >= 0 {
		me = int(v)
	}
	var bad []string
	over := s.phase == phaseOver

	// Roles (B17, B18): one's own; everyone's at the end; never the
	// left-over card.
	roleWords := map[string]bool{"contributor": true, "blocker": true}
	var roleSeen []word
	for _, w := range ws {
		if roleWords[w.tok] {
			roleSeen = append(roleSeen, w)
		}
	}
	switch {
	case over:
		want := map[string]int{}
		for q := 0; q < int(s.n); q++ {
			want[roleNames[s.roles[q]]]++
		}
		if me >= 0 {
			want[roleNames[s.roles[me]]]++ // also under "you"
		}
		got := map[string]int{}
		for _, w := range roleSeen {
			got[w.tok]++
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			bad = append(bad, fmt.Sprintf("roles at the end %v, want %v (one per seat, never the left-over card)", got, want))
		}
	case me >= 0 && s.roles[me] != noRole:
		if len(roleSeen) != 1 || roleSeen[0].tok != roleNames[s.roles[me]] || roleSeen[0].path != ".you.role" {
			bad = append(bad, fmt.Sprintf("role words %v, want only the viewer's own", roleSeen))
		}
	default:
		if len(roleSeen) != 0 {
			bad = append(bad, fmt.Sprintf("role words %v, want none", roleSeen))
		}
	}

	// End cards (B3, B12): face-up ones, and one's own peeks.
	wantEnd := map[string]int{}
	if s.fixedAt >= 0 {
		for e := 0; e < 3; e++ {
			id := endName(int(s.fixedAt) == e)
			if s.faceUp&(1<<e) != 0 {
				wantEnd[id]++
			}
			if me >= 0 && s.peeked[me]&(1<<e) != 0 {
				wantEnd[id]++
			}
		}
	}
	gotEnd := map[string]int{}
	for _, w := range ws {
		if w.tok == "fixed-committed" || w.tok == "needs-work" {
			gotEnd[w.tok]++
		}
	}
	if fmt.Sprint(gotEnd) != fmt.Sprint(wantEnd) {
		bad = append(bad, fmt.Sprintf("end identities %v, want %v", gotEnd, wantEnd))
	}

	// Cards (B11, B18): one's hand, the table, the public plays (a placed
	// card in its move, Spam! in its move and the card it removed, an
	// Unblocked! card in its move) and one's own passes; nothing else.
	var wantKind [nKinds]int
	if me >= 0 {
		for k := range wantKind {
			wantKind[k] += int(s.hands[me][k])
		}
	}
	for _, c := range s.occ[:s.nOcc] {
		if code := s.table[c]; code >= 1 && code <= nVariants {
			wantKind[variantKind[code-1]]++
		}
	}
	for _, e := range s.log[:s.nLog] {
		switch a := e.act; {
		case a < spamBase:
			wantKind[variantKind[a%nVariants]]++
		case a < peekBase:
			wantKind[kSpam]++
			wantKind[variantKind[e.extra-1]]++
		case a >= unblockBase && a < passBase:
			wantKind[kUnblockLAN+int(a-unblockBase)/30]++
		case a >= passBase && int(e.seat) == me:
			wantKind[a-passBase]++
		}
	}
	var gotKind [nKinds]int
	for _, w := range ws {
		if k, ok := kindByName[w.tok]; ok {
			gotKind[k]++
		}
	}
	for k := range gotKind {
		if gotKind[k] != wantKind[k] {
			bad = append(bad, fmt.Sprintf("%s mentioned %d times, want %d", kindNames[k], gotKind[k], wantKind[k]))
		}
	}
	return bad
}

// conserved checks that every card is somewhere: deck, hands, or used up
// by a logged play or pass (B5).
func conserved(s *State) error {
	var n [nKinds]int
	for k := range n {
		n[k] = int(s.deck[k])
		for q := 0; q < int(s.n); q++ {
			n[k] += int(s.hands[q][k])
		}
	}
	for _, e := range s.log[:s.nLog] {
		n[kindOf(e.act)]++
	}
	full := deckCounts(int(s.mix))
	for k := range n {
		if n[k] != int(full[k]) {
			return fmt.Errorf("%d %s accounted for, want %d", n[k], kindNames[k], full[k])
		}
	}
	return nil
}

func viewers(n int) []game.Player {
	vs := []game.Player{game.Spectator}
	for p := 0; p < n; p++ {
		vs = append(vs, game.Player(p))
	}
	return vs
}

// TestB18_NoLeaks plays random games with every player count and checks
// every observation and rendering at every step.
func TestB18_NoLeaks(t *testing.T) {
	for n := 3; n <= 10; n++ {
		for g := 0; g < 3; g++ {
			seed := uint64(1000*n + g)
			step := 0
			playRandom(t, n, game.Options{"unblock-mix": mixValues[g%2]}, seed, func(s *State) {
				step++
				if err := conserved(s); err != nil {
					t.Fatalf("%d players, seed %d: %v", n, seed, err)
				}
				for _, v := range viewers(n) {
					doc, err := json.Marshal(s.Observation(v))
					if err != nil {
						t.Fatal(err)
					}
					if bad := leaks(s, v, doc); len(bad) > 0 {
						t.Fatalf("%d players, seed %d, Observation(%v): %v\n%s", n, seed, v, bad, doc)
					}
					if step%4 != 0 && s.phase != phaseOver {
						continue // rendering is slower; every fourth step will do
					}
					if bad := renderLeaks(s, v); len(bad) > 0 {
						t.Fatalf("%d players, seed %d, Render(%v): %v\n%s", n, seed, v, bad, s.Render(v))
					}
				}
			})
		}
	}
}

// TestB18_LeakCheckCanFail shows that the search above finds each kind of
// leak when one is put into an observation.
func TestB18_LeakCheckCanFail(t *testing.T) {
	var s *State
	playRandom(t, 5, nil, 77, func(st *State) {
		if s == nil && st.phase == phasePlay && st.nLog >= 12 && st.discards > 0 {
			s = st.Clone().(*State)
		}
	})
	if s == nil {
		t.Fatal("no suitable state")
	}
	v := game.Player(0)
	other := 1
	// Let the other seat have looked at an end card the viewer knows
	// nothing about: that it looked is public, what it saw is not (B18).
	unseen := -1
	for e := 0; e < 3; e++ {
		if s.faceUp&(1<<e) == 0 && s.peeked[v]&(1<<e) == 0 {
			unseen = e
			break
		}
	}
	if unseen < 0 {
		t.Fatal("the viewer knows every end card")
	}
	s.peeked[other] |= 1 << unseen
	inject := map[string]func(o *Observation){
		"another hand": func(o *Observation) {
			for k := 0; k < nKinds; k++ {
				if s.hands[other][k] > 0 {
					o.Seats[other].Problems = append(o.Seats[other].Problems, kindNames[k])
					return
				}
			}
		},
		"a passed card": func(o *Observation) {
			for i, e := range s.log[:s.nLog] {
				if e.act >= passBase && int(e.seat) != int(v) {
					o.Log[i].Move = moveString(game.Action(e.act))
					return
				}
			}
			t.Fatal("nobody else passed")
		},
		"the deck": func(o *Observation) {
			for k := 0; k < nKinds; k++ {
				if s.deck[k] > 0 {
					o.Chance = "next card " + kindNames[k]
					return
				}
			}
		},
		"another role": func(o *Observation) { o.Seats[other].Role = roleNames[s.roles[other]] },
		"the left-over role": func(o *Observation) {
			o.Chance = "left over: " + roleNames[map[bool]int{true: 0, false: 1}[s.roleLeft[0] > 0]]
		},
		"what another seat peeked at": func(o *Observation) {
			sv := &o.Seats[other]
			for i, at := range sv.Peeked {
				if at == posString(endCells[unseen]) {
					sv.Peeked[i] = at + " " + endName(int(s.fixedAt) == unseen)
					return
				}
			}
			t.Fatal("the other seat's peek is not in the observation")
		},
		"an unseen end card": func(o *Observation) {
			for e := 0; e < 3; e++ {
				if s.faceUp&(1<<e) == 0 && s.peeked[v]&(1<<e) == 0 {
					for i := range o.Table {
						if o.Table[i].At == posString(endCells[e]) {
							o.Table[i].Card = endName(int(s.fixedAt) == e)
						}
					}
					return
				}
			}
		},
	}
	for name, f := range inject {
		o := s.observe(v)
		f(o)
		doc, _ := json.Marshal(o)
		if bad := leaks(s, v, doc); len(bad) == 0 {
			t.Errorf("a leak of %s went unnoticed", name)
		}
	}
}

// TestB18_SamplerRedealsHidden checks that samples keep what the seat
// knows, are consistent (every card accounted for, other seats' peeks
// referring to the sampled end cards) and really deal the unknown again,
// which is what makes the kit's check "a sample looks the same to the seat"
// a test that observations hide those things.
func TestB18_SamplerRedealsHidden(t *testing.T) {
	var s *State
	playRandom(t, 6, nil, 5, func(st *State) {
		if s == nil && st.phase == phasePlay && st.discards >= 2 {
			s = st.Clone().(*State)
		}
	})
	if s == nil {
		t.Fatal("no suitable state")
	}
	r := game.NewRand(9)
	me := int(s.toMove)
	changed := map[string]bool{}
	for i := 0; i < 200; i++ {
		smp := s.Sample(game.Player(me), r).(*State)
		if err := conserved(smp); err != nil {
			t.Fatalf("sample: %v", err)
		}
		if smp.hands[me] != s.hands[me] || smp.roles[me] != s.roles[me] || smp.peeked != s.peeked || smp.table != s.table {
			t.Fatal("the sample changed what the seat knows")
		}
		if smp.faceUp&(1<<smp.fixedAt) != 0 {
			t.Fatal("the sample put Fixed & Committed on a face-up Needs work card")
		}
		if known := s.peeked[me] | s.faceUp; known&(1<<s.fixedAt) != 0 && smp.fixedAt != s.fixedAt {
			t.Fatal("the sample moved a Fixed & Committed card the seat knows")
		}
		for q := 0; q < int(s.n); q++ {
			if q != me && smp.hands[q] != s.hands[q] {
				changed["hands"] = true
			}
			if q != me && smp.roles[q] != s.roles[q] {
				changed["roles"] = true
			}
		}
		if smp.deck != s.deck {
			changed["deck"] = true
		}
		if smp.roleLeft != s.roleLeft {
			changed["left-over"] = true
		}
		if smp.fixedAt != s.fixedAt {
			changed["ends"] = true
		}
		if smp.log != s.log {
			changed["passes"] = true
		}
	}
	for _, k := range []string{"hands", "roles", "deck", "left-over", "passes"} {
		if !changed[k] {
			t.Errorf("200 samples never changed the %s", k)
		}
	}
	if s.peeked[me]|s.faceUp == 0 && !changed["ends"] {
		t.Error("200 samples never moved the Fixed & Committed card")
	}
}
