package opensource

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Observation is what a seat or a spectator sees: everything. The supply,
// the placemat and the top Market Demand card lie face up, and what lies
// under the top card is not yet drawn (our ruling: the deck is drawn as
// its cards come to the top, G17).
type Observation struct {
	Game    string `json:"game"`
	Viewer  int    `json:"viewer"` // the viewer's seat; 0 for a spectator
	Players int    `json:"players"`
	// Status is "setup", "playing" or "over"; Phase the step awaited
	// (start, reveal, begin, roll, keep, dice, place, after, move, token,
	// reward, extend, over).
	Status string `json:"status"`
	Phase  string `json:"phase"`
	ToMove int    `json:"to_move"` // 0 at a chance node or the end
	Chance string `json:"chance,omitempty"`
	// Turn is the turn under way (1 for the first), TurnLimit G18's.
	Turn      int `json:"turn"`
	TurnLimit int `json:"turn_limit"`
	// Commons are its tiles; Frontier the empty spaces next to them.
	Commons  []TileView `json:"commons"`
	Labs     []LabView  `json:"labs"`
	Supply   []Count    `json:"supply"`
	SupplyN  int        `json:"supply_size"`
	Placemat []Stack    `json:"placemat"`
	// Reserve are the sets still to come to the placemat, in order (G16).
	Reserve []Stack    `json:"reserve"`
	Seats   []SeatView `json:"seats"`
	// Demand is the face-up Market Demand card; DeckLeft the cards under it.
	Demand   *DemandView `json:"demand,omitempty"`
	DeckLeft int         `json:"deck_left"`
	// Turn state: the dice (letters Y, B, R), the tile to place, the uses
	// of each set left this turn, the tile chosen for Compatibility, the
	// BDFL card chosen, the extra Lab spaces still to place.
	Dice    string         `json:"dice,omitempty"`
	Hand    string         `json:"hand,omitempty"`
	Uses    map[string]int `json:"uses,omitempty"`
	Moving  string         `json:"moving,omitempty"`
	Token   int            `json:"token,omitempty"`
	Extend  int            `json:"extend,omitempty"`
	Placed  []string       `json:"placed,omitempty"` // this turn's placements, the last first
	Stats   PlaceStats     `json:"stats"`            // the Commons' features
	End     string         `json:"end,omitempty"`
	Returns []float64      `json:"returns,omitempty"`
}

// TileView is one tile on a board: its space ("row,col" and the numbers),
// whether the space points up, the tile's type and turn, its edges as
// they lie (space edge 0, the horizontal one, then clockwise), and a BDFL
// token on it (its number and owner's seat).
type TileView struct {
	At    string `json:"at"`
	Row   int    `json:"row"`
	Col   int    `json:"col"`
	Up    bool   `json:"up"`
	Tile  string `json:"tile,omitempty"`
	Turn  int    `json:"turn"`
	Edges string `json:"edges,omitempty"`
	Token int    `json:"token,omitempty"`
	Owner int    `json:"owner,omitempty"`
}

// LabView is a seat's Lab: every space, with its tile if any.
type LabView struct {
	Seat   int        `json:"seat"`
	Spaces []TileView `json:"spaces"`
	Stats  PlaceStats `json:"stats"`
}

// PlaceStats are what the conditions read of a place (G15).
type PlaceStats struct {
	Finished map[string]int `json:"finished"`
	Largest  map[string]int `json:"largest"`
	Holes    int            `json:"holes"`
}

// Count is a tile type and how many.
type Count struct {
	Tile  string `json:"tile"`
	Count int    `json:"count"`
}

// Stack is an Infrastructure set: on the placemat, the condition of its
// top card in words (n cards awarded before).
type Stack struct {
	Set       string `json:"set"`
	Name      string `json:"name"`
	Condition string `json:"condition"`
	Reward    string `json:"reward"`
	Left      int    `json:"left"`
	// Met says the condition holds for the seat to move (Commons or Lab).
	Met bool `json:"met,omitempty"`
}

// SeatView is a seat's cards.
type SeatView struct {
	Seat           int        `json:"seat"`
	Infrastructure []Holding  `json:"infrastructure"`
	BDFL           []int      `json:"bdfl,omitempty"` // numbers of its BDFL cards
	Demands        int        `json:"demands"`        // Market Demand cards taken
	Tokens         []TokenPos `json:"tokens,omitempty"`
}

// Holding is a set and how many of its cards a seat holds.
type Holding struct {
	Set    string `json:"set"`
	Name   string `json:"name"`
	Reward string `json:"reward"`
	Cards  int    `json:"cards"`
}

// TokenPos is where a BDFL token lies ("" off the board).
type TokenPos struct {
	Number int    `json:"number"`
	At     string `json:"at,omitempty"`
}

// DemandView is a Market Demand card: its formation and extra spaces.
type DemandView struct {
	Name   string     `json:"name"`
	Tiles  []TileView `json:"tiles"`
	Spaces int        `json:"spaces"`
	Met    bool       `json:"met,omitempty"`
}

func tileView(t space, c cell) TileView {
	row, col := rowCol(coords[t])
	v := TileView{At: spaceString(t), Row: row, Col: col, Up: coords[t].Up()}
	if c != 0 {
		v.Tile, v.Turn = c.tile().String(), c.turn()
		v.Edges = string([]byte{edgeLetters[c.edgeAt(0)], edgeLetters[c.edgeAt(1)], edgeLetters[c.edgeAt(2)]})
	}
	return v
}

func placeStats(st stats) PlaceStats {
	ps := PlaceStats{Finished: map[string]int{}, Largest: map[string]int{}, Holes: st.holes}
	for k := range NumKinds {
		name := strings.ToLower(k.String())
		ps.Finished[name], ps.Largest[name] = st.finished[k], st.largest[k]
	}
	return ps
}

// Observation returns what p sees (p a seat or game.Spectator).
func (s *State) Observation(p game.Player) any { return s.observe(p) }

func (s *State) observe(p game.Player) *Observation {
	o := &Observation{
		Game: info.Name, Players: s.n(), Phase: phaseNames[s.phase], Turn: int(s.turns) + 1,
		TurnLimit: s.r.cards.TurnLimit, SupplyN: int(s.supplyN), Commons: []TileView{}, Placemat: []Stack{}, Reserve: []Stack{},
		Stats: placeStats(statsOf(&s.commons)),
	}
	if p >= 0 && int(p) < s.n() {
		o.Viewer = int(p) + 1
	}
	switch {
	case s.phase == phaseOver:
		o.Status, o.End, o.Returns = "over", endNames[s.end], s.Returns(nil)
		o.Turn = int(s.turns)
	case s.setup:
		o.Status = "setup"
	default:
		o.Status = "playing"
	}
	switch cp := s.CurrentPlayer(); {
	case cp >= 0:
		o.ToMove = int(cp) + 1
	case cp == game.Chance:
		o.Chance = map[phase]string{phaseStart: "the start tile (G6)", phaseReveal: "the next Market Demand card (G17)",
			phaseRoll: fmt.Sprintf("seat %d's roll of %d dice (G10)", s.toMove+1, s.nDice)}[s.phase]
	}
	for slot := range s.commons.n {
		t := s.commons.at[slot]
		v := tileView(t, s.commons.cells[t])
		if k := s.tokenAt(t); k >= 0 {
			v.Token, v.Owner = k+1, int(s.tokens[k].owner)+1
		}
		o.Commons = append(o.Commons, v)
	}
	for q := range s.n() {
		l := &s.labs[q]
		lv := LabView{Seat: q + 1, Stats: placeStats(s.labStats(int8(q)))}
		for i, t := range l.spaces[:l.n] {
			lv.Spaces = append(lv.Spaces, tileView(t, l.cells[i]))
		}
		o.Labs = append(o.Labs, lv)
		sv := SeatView{Seat: q + 1, Demands: int(s.mdHeld[q]), Infrastructure: []Holding{}}
		for i, set := range s.r.cards.Sets {
			if h := s.held[q][i]; h > 0 {
				sv.Infrastructure = append(sv.Infrastructure, Holding{Set: string(set.Letter), Name: set.Name, Reward: set.Reward.String(), Cards: int(h)})
			}
		}
		for k, tk := range s.tokens {
			if int(tk.owner) == q {
				sv.BDFL = append(sv.BDFL, k+1)
				pos := TokenPos{Number: k + 1}
				if tk.at >= 0 {
					pos.At = spaceString(tk.at)
				}
				sv.Tokens = append(sv.Tokens, pos)
			}
		}
		o.Seats = append(o.Seats, sv)
	}
	for t := range TileType(NumTypes) {
		o.Supply = append(o.Supply, Count{t.String(), int(s.supply[t])})
	}
	seat := s.phase != phaseOver && s.CurrentPlayer() >= 0
	for _, i := range s.placemat {
		if i < 0 {
			continue
		}
		st := s.stack(int(i))
		st.Met = seat && s.infraOK(int(i))
		o.Placemat = append(o.Placemat, st)
	}
	for i := int(s.reserve); i < len(s.r.cards.Sets); i++ {
		o.Reserve = append(o.Reserve, s.stack(i))
	}
	if s.top >= 0 {
		d := s.r.cards.Demands[s.top]
		dv := &DemandView{Name: d.Name, Spaces: d.Spaces, Met: seat && s.demandOK()}
		for _, c := range d.Tiles {
			v := tileView(space(0), cellOf(c.Tile, int(c.Turn)))
			row, col := rowCol(c.At)
			v.At, v.Row, v.Col, v.Up = c.At.String(), row, col, c.At.Up()
			dv.Tiles = append(dv.Tiles, v)
		}
		o.Demand = dv
	}
	o.DeckLeft = len(s.r.cards.Demands) - popcount64(s.drawn)
	if s.phase == phaseOver || s.setup {
		return o
	}
	if s.phase == phaseKeep || s.phase == phaseDice {
		o.Dice = diceString(s.dice)
	}
	if s.phase == phasePlace {
		o.Hand = s.hand.String()
	}
	if s.phase == phaseMove {
		o.Moving = spaceString(s.chosen)
		if s.chosenLab {
			o.Moving = "lab " + o.Moving
		}
	}
	if s.phase == phaseToken {
		o.Token = int(s.chosen) + 1
	}
	o.Extend = int(s.extend)
	o.Uses = map[string]int{}
	for i, set := range s.r.cards.Sets {
		if s.uses[i] > 0 {
			o.Uses[string(set.Letter)] = int(s.uses[i])
		}
	}
	for _, t := range s.placed {
		if t >= 0 {
			o.Placed = append(o.Placed, spaceString(t))
		}
	}
	return o
}

func (s *State) stack(i int) Stack {
	set := &s.r.cards.Sets[i]
	n := set.Cards - int(s.left[i])
	return Stack{Set: string(set.Letter), Name: set.Name, Condition: set.Condition.Describe(n), Reward: set.Reward.String(), Left: int(s.left[i])}
}

func popcount64(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Render draws the state as text: the Commons (the part with tiles), each
// Lab, the supply, the placemat, the top Market Demand card, each seat's
// cards, and what the turn waits for.
func (s *State) Render(p game.Player) string {
	o := s.observe(p)
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d (limit %d). Commons:\n", o.Turn, o.TurnLimit)
	var cells [nSpaces]cell
	var at []space
	for slot := range s.commons.n {
		t := s.commons.at[slot]
		cells[t] = s.commons.cells[t]
		at = append(at, t)
	}
	drawPlace(&b, &cells, at, s.commons.frontier(), func(t space) string {
		if k := s.tokenAt(t); k >= 0 {
			return fmt.Sprint(k + 1)
		}
		return ""
	})
	for q, lv := range o.Labs {
		l := &s.labs[q]
		var lc [nSpaces]cell
		var f [(nSpaces + 63) / 64]uint64
		var lat []space
		for i, t := range l.spaces[:l.n] {
			lc[t] = l.cells[i]
			if l.cells[i] != 0 {
				lat = append(lat, t)
			} else {
				f[t/64] |= 1 << (t % 64)
			}
		}
		fmt.Fprintf(&b, "Seat %d's Lab:\n", lv.Seat)
		drawPlace(&b, &lc, lat, f, func(space) string { return "" })
	}
	b.WriteString("Supply:")
	for _, c := range o.Supply {
		fmt.Fprintf(&b, " %s %d", c.Tile, c.Count)
	}
	fmt.Fprintf(&b, " (%d)\n", o.SupplyN)
	for _, st := range o.Placemat {
		fmt.Fprintf(&b, "Stack %s %s (%d left): %s -> %s\n", st.Set, st.Name, st.Left, st.Condition, st.Reward)
	}
	if o.Demand != nil {
		fmt.Fprintf(&b, "Market Demand (%d under it): %s, %d extra Lab space(s):", o.DeckLeft, o.Demand.Name, o.Demand.Spaces)
		for _, t := range o.Demand.Tiles {
			fmt.Fprintf(&b, " %s %s t%d", t.At, t.Tile, t.Turn)
		}
		b.WriteByte('\n')
	}
	for _, sv := range o.Seats {
		mark := "  "
		if sv.Seat == o.ToMove {
			mark = "> "
		}
		fmt.Fprintf(&b, "%sseat %d: %d Market Demand", mark, sv.Seat, sv.Demands)
		for _, h := range sv.Infrastructure {
			fmt.Fprintf(&b, ", %s %s x%d", h.Set, h.Reward, h.Cards)
		}
		b.WriteByte('\n')
	}
	switch {
	case o.Status == "over":
		fmt.Fprintf(&b, "Game over: %s.\n", endWords[s.end])
	case o.Chance != "":
		fmt.Fprintf(&b, "Chance: %s\n", o.Chance)
	case o.Dice != "":
		fmt.Fprintf(&b, "Seat %d rolled %s\n", o.ToMove, o.Dice)
	case o.Hand != "":
		fmt.Fprintf(&b, "Seat %d places a %s\n", o.ToMove, o.Hand)
	default:
		fmt.Fprintf(&b, "Seat %d: %s\n", o.ToMove, phaseNames[s.phase])
	}
	return b.String()
}

// drawPlace draws the rows of a place that hold tiles or frontier spaces,
// a column of the notation every four characters: a tile as its three
// edges from the space's horizontal edge clockwise, in capitals on a
// space pointing up and in small letters on one pointing down, followed
// by the number of a token on it; " . " an empty space where a tile may
// go.
func drawPlace(b *strings.Builder, cells *[nSpaces]cell, at []space, frontier [(nSpaces + 63) / 64]uint64, mark func(space) string) {
	var show []space
	show = append(show, at...)
	forEach(&frontier, func(t space) { show = append(show, t) })
	if len(show) == 0 {
		b.WriteString("  (empty)\n")
		return
	}
	minR, maxR, minC, maxC := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
	for _, t := range show {
		r, c := rowCol(coords[t])
		minR, maxR, minC, maxC = min(minR, r), max(maxR, r), min(minC, c), max(maxC, c)
	}
	header := fmt.Sprintf("%6s", "")
	for c := minC; c <= maxC; c++ {
		header += fmt.Sprintf("%-4d", c)
	}
	b.WriteString(strings.TrimRight(header, " "))
	b.WriteByte('\n')
	for r := maxR; r >= minR; r-- {
		line := []byte(strings.Repeat(" ", 4*(maxC-minC+1)))
		for _, t := range show {
			tr, tc := rowCol(coords[t])
			if tr != r {
				continue
			}
			text := " . "
			if c := cells[t]; c != 0 {
				e := []byte{edgeLetters[c.edgeAt(0)], edgeLetters[c.edgeAt(1)], edgeLetters[c.edgeAt(2)]}
				text = string(e)
				if !coords[t].Up() {
					text = strings.ToLower(text)
				}
				text += mark(t)
			}
			copy(line[4*(tc-minC):], text)
		}
		fmt.Fprintf(b, "%4d  %s\n", r, strings.TrimRight(string(line), " "))
	}
}
