package breakinghead

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Observation is what one seat (or a spectator) may see (B18). It is built
// so that hidden things have no field to hide in: roles appear only as the
// strings "contributor" and "blocker" (the viewer's own in You, everyone's
// in Seats once the game is over), card kinds only by their unique names
// (the viewer's hand, the table, the log of public plays and the viewer's
// own passes), and end-card identities only as "fixed-committed" and
// "needs-work" (face-up ends in Table, the viewer's own peeks in You).
type Observation struct {
	Game       string `json:"game"`
	Viewer     int    `json:"viewer"` // the viewer's seat; 0 for a spectator
	Players    int    `json:"players"`
	UnblockMix string `json:"unblock_mix"`
	// Status is "setup", "playing" or "over".
	Status string `json:"status"`
	// ToMove is the seat to play, 0 at a chance node or at the end.
	ToMove int `json:"to_move"`
	// Chance describes the pending chance event, if any (public: which
	// seat draws, never what).
	Chance string `json:"chance,omitempty"`
	// You is the viewer's private knowledge; absent for a spectator.
	You   *Private   `json:"you,omitempty"`
	Seats []SeatView `json:"seats"`
	// Deck and Discards are the sizes of the draw pile and of the pile
	// of passed (face-down) cards.
	Deck     int        `json:"deck"`
	Discards int        `json:"discards"`
	Table    []CardView `json:"table"`
	Log      []LogView  `json:"log"`
	// Winners is "contributors", "blockers" or "nobody" (B17) at the end.
	Winners string `json:"winners,omitempty"`
}

// Private is what only the viewer knows.
type Private struct {
	Seat int `json:"seat"`
	// Role is "contributor" or "blocker" once dealt.
	Role string `json:"role,omitempty"`
	// Hand lists the viewer's cards by kind, one entry per card.
	Hand []string `json:"hand"`
	// Peeks are the end cards the viewer looked at (B12).
	Peeks []PeekView `json:"peeks,omitempty"`
}

// PeekView is one end card the viewer looked at.
type PeekView struct {
	At   string `json:"at"`
	Card string `json:"card"` // "fixed-committed" or "needs-work"
}

// SeatView is the public part of a seat.
type SeatView struct {
	Seat     int      `json:"seat"`
	HandSize int      `json:"hand_size"`
	Problems []string `json:"problems,omitempty"` // wifi, flu, head (B14)
	// Peeked lists the end cards the seat looked at: that it looked is
	// public, what it saw is not (B18).
	Peeked []string `json:"peeked,omitempty"`
	// Role is revealed at the end only (B17).
	Role string `json:"role,omitempty"`
}

// CardView is one card on the table.
type CardView struct {
	At string `json:"at"`
	// Card is a comment card's kind, "start", "end" (an end card face
	// down) or the identity of a face-up end card.
	Card   string `json:"card"`
	Turned bool   `json:"turned,omitempty"`
	// Edges lists the open edges as the card lies, such as "NSW".
	Edges string `json:"edges"`
}

// LogView is one card played, in order. A pass names its card only in the
// passing seat's own view.
type LogView struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
	// Removed is the comment card a Spam! took off the table.
	Removed string `json:"removed,omitempty"`
}

func edgeString(e uint8) string {
	var b strings.Builder
	for d, n := range [4]byte{'N', 'E', 'S', 'W'} {
		if e&dirBit[d] != 0 {
			b.WriteByte(n)
		}
	}
	return b.String()
}

func endName(fixed bool) string {
	if fixed {
		return "fixed-committed"
	}
	return "needs-work"
}

// Observation returns what p may see (p a seat or game.Spectator).
func (s *State) Observation(p game.Player) any { return s.observe(p) }

func (s *State) observe(p game.Player) *Observation {
	me := -1
	if p >= 0 && int(p) < int(s.n) {
		me = int(p)
	}
	o := &Observation{
		Game: "breaking-head", Viewer: me + 1, Players: int(s.n), UnblockMix: mixValues[s.mix],
		Deck: int(s.deckSize), Discards: int(s.discards),
		Seats: make([]SeatView, s.n), Table: []CardView{}, Log: []LogView{},
	}
	switch s.phase {
	case phasePlay:
		o.Status, o.ToMove = "playing", int(s.toMove)+1
	case phaseDraw:
		o.Status, o.Chance = "playing", fmt.Sprintf("seat %d draws a card", s.toMove+1)
	case phaseOver:
		o.Status = "over"
		switch {
		case s.winner == winContributors:
			o.Winners = "contributors"
		case s.roleCount(roleBlocker) == 0: // B17
			o.Winners = "nobody"
		default:
			o.Winners = "blockers"
		}
	default:
		o.Status, o.Chance = "setup", s.setupWhat()
	}
	if me >= 0 {
		y := &Private{Seat: me + 1, Hand: []string{}}
		if r := s.roles[me]; r != noRole {
			y.Role = roleNames[r]
		}
		for k := 0; k < nKinds; k++ {
			for range s.hands[me][k] {
				y.Hand = append(y.Hand, kindNames[k])
			}
		}
		for e := 0; e < 3; e++ {
			if s.peeked[me]&(1<<e) != 0 {
				y.Peeks = append(y.Peeks, PeekView{At: posString(endCells[e]), Card: endName(int(s.fixedAt) == e)})
			}
		}
		o.You = y
	}
	for q := range o.Seats {
		sv := SeatView{Seat: q + 1, HandSize: int(s.handSize[q])}
		for pr := 0; pr < nProblems; pr++ {
			if s.problems[q]&(1<<pr) != 0 {
				sv.Problems = append(sv.Problems, problemNames[pr])
			}
		}
		for e := 0; e < 3; e++ {
			if s.peeked[q]&(1<<e) != 0 {
				sv.Peeked = append(sv.Peeked, posString(endCells[e]))
			}
		}
		if s.phase == phaseOver { // B17: only the seats' roles
			sv.Role = roleNames[s.roles[q]]
		}
		o.Seats[q] = sv
	}
	for _, c16 := range s.occ[:s.nOcc] {
		c := int(c16)
		code := s.table[c]
		cv := CardView{At: posString(c), Edges: edgeString(codeEdges[code])}
		switch code {
		case cellStart:
			cv.Card = "start"
		case cellEnd:
			cv.Card = "end"
			for e, ec := range endCells {
				if ec == c && s.faceUp&(1<<e) != 0 {
					cv.Card = endName(int(s.fixedAt) == e)
				}
			}
		default:
			cv.Card, cv.Turned = kindNames[variantKind[code-1]], variantTurned[code-1]
		}
		o.Table = append(o.Table, cv)
	}
	for _, e := range s.log[:s.nLog] {
		lv := LogView{Seat: int(e.seat) + 1, Move: moveString(game.Action(e.act))}
		if e.act >= passBase && int(e.seat) != me { // B11: a pass is face down
			lv.Move = "pass"
		}
		if e.act >= spamBase && e.act < peekBase {
			lv.Removed = kindNames[variantKind[e.extra-1]]
		}
		o.Log = append(o.Log, lv)
	}
	return o
}

// setupWhat describes a set-up chance event publicly.
func (s *State) setupWhat() string {
	switch s.phase {
	case phaseRoles:
		return fmt.Sprintf("dealing seat %d's secret card", s.dealt+1)
	case phaseEnds:
		return "mixing the three end cards"
	case phaseDeal:
		return fmt.Sprintf("dealing a card to seat %d", s.dealingSeat()+1)
	}
	return "drawing the first player"
}

func (s *State) roleCount(r int8) int {
	n := 0
	for q := 0; q < int(s.n); q++ {
		if s.roles[q] == r {
			n++
		}
	}
	return n
}

// Render draws the table and what p may know, from p's observation only,
// so it can show nothing the observation hides.
func (s *State) Render(p game.Player) string {
	o := s.observe(p)
	var b strings.Builder
	renderTable(&b, o)
	if y := o.You; y != nil {
		role := y.Role
		if role == "" {
			role = "no role yet"
		}
		fmt.Fprintf(&b, "You are seat %d (%s). Hand: %s\n", y.Seat, role, handString(y.Hand))
		for _, pk := range y.Peeks {
			fmt.Fprintf(&b, "You peeked at %s: %s\n", pk.At, pk.Card)
		}
	} else {
		b.WriteString("Spectator view.\n")
	}
	for _, sv := range o.Seats {
		fmt.Fprintf(&b, "  seat %d: %d cards", sv.Seat, sv.HandSize)
		if len(sv.Problems) > 0 {
			fmt.Fprintf(&b, ", blocked: %s", strings.Join(sv.Problems, ", "))
		}
		if len(sv.Peeked) > 0 {
			fmt.Fprintf(&b, ", peeked at %s", strings.Join(sv.Peeked, " "))
		}
		if sv.Role != "" {
			fmt.Fprintf(&b, ", %s", sv.Role)
		}
		if sv.Seat == o.ToMove {
			b.WriteString("  <- to play")
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "Deck %d, passed %d.\n", o.Deck, o.Discards)
	if n := len(o.Log); n > 0 {
		b.WriteString("Last plays:")
		for _, l := range o.Log[max(0, n-6):] {
			fmt.Fprintf(&b, " [seat %d: %s", l.Seat, l.Move)
			if l.Removed != "" {
				fmt.Fprintf(&b, " (%s)", l.Removed)
			}
			b.WriteString("]")
		}
		b.WriteByte('\n')
	}
	switch {
	case o.Winners != "":
		fmt.Fprintf(&b, "Game over: %s win.\n", o.Winners)
		if o.Winners == "nobody" {
			b.WriteString("(Every hand is empty, but no seat holds the Blockers' card.)\n")
		}
	case o.Chance != "":
		fmt.Fprintf(&b, "Chance: %s.\n", o.Chance)
	default:
		fmt.Fprintf(&b, "Seat %d to play.\n", o.ToMove)
	}
	return b.String()
}

func handString(h []string) string {
	if len(h) == 0 {
		return "(empty)"
	}
	var parts []string
	for i := 0; i < len(h); {
		j := i
		for j < len(h) && h[j] == h[i] {
			j++
		}
		if j-i > 1 {
			parts = append(parts, fmt.Sprintf("%s x%d", h[i], j-i))
		} else {
			parts = append(parts, h[i])
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// renderTable draws the cards as a grid, three characters wide per card:
// the open edges as lines, the centre + (a comment card), x (a dead-end),
// S (the start), ? (an end card face down), F or N (Fixed & Committed,
// Needs work face up); f or n marks an end card the viewer peeked at; · an
// empty space.
func renderTable(b *strings.Builder, o *Observation) {
	type cell struct {
		edges  uint8
		centre rune
	}
	grid := map[[2]int]cell{}
	x0, x1, y0, y1 := 0, 8, -2, 2
	peek := map[string]string{}
	if o.You != nil {
		for _, pk := range o.You.Peeks {
			peek[pk.At] = pk.Card
		}
	}
	for _, cv := range o.Table {
		var x, y int
		fmt.Sscanf(cv.At, "%d,%d", &x, &y)
		var e uint8
		for d, n := range "NESW" {
			if strings.ContainsRune(cv.Edges, n) {
				e |= dirBit[d]
			}
		}
		c := cell{edges: e, centre: '+'}
		switch cv.Card {
		case "start":
			c.centre = 'S'
		case "end":
			c.centre = '?'
			switch peek[cv.At] {
			case "fixed-committed":
				c.centre = 'f'
			case "needs-work":
				c.centre = 'n'
			}
		case "fixed-committed":
			c.centre = 'F'
		case "needs-work":
			c.centre = 'N'
		default:
			if strings.HasSuffix(cv.Card, "-dead") {
				c.centre = 'x'
			}
		}
		grid[[2]int{x, y}] = c
		x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
	}
	x0, x1, y0, y1 = x0-1, x1+1, y0-1, y1+1
	b.WriteString("    ")
	for x := x0; x <= x1; x++ {
		fmt.Fprintf(b, "%3d", x)
	}
	b.WriteByte('\n')
	// Rows of cards alternate with rows of vertical edges: the edges
	// between rows y and y+1 show a | where either card is open.
	vertical := func(y int) {
		b.WriteString("    ")
		for x := x0; x <= x1; x++ {
			up, down := grid[[2]int{x, y}], grid[[2]int{x, y + 1}]
			if up.edges&edgeS != 0 || down.edges&edgeN != 0 {
				b.WriteString(" | ")
			} else {
				b.WriteString("   ")
			}
		}
		b.WriteByte('\n')
	}
	vertical(y0 - 1)
	for y := y0; y <= y1; y++ {
		fmt.Fprintf(b, "%3d ", y)
		for x := x0; x <= x1; x++ {
			c, ok := grid[[2]int{x, y}]
			if !ok {
				b.WriteString(" · ")
				continue
			}
			w, e := ' ', ' '
			if c.edges&edgeW != 0 {
				w = '-'
			}
			if c.edges&edgeE != 0 {
				e = '-'
			}
			fmt.Fprintf(b, "%c%c%c", w, c.centre, e)
		}
		b.WriteByte('\n')
		vertical(y)
	}
	b.WriteString("S start, ? end card face down, F/N Fixed & Committed/Needs work face up")
	if len(peek) > 0 {
		b.WriteString(", f/n as you peeked")
	}
	b.WriteString(", + comment card, x dead-end\n")
}
