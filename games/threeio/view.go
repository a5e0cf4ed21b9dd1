package threeio

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commons-games/commons/game"
)

// Observation is what everyone sees: 3io has no hidden information (T6:
// holdings are public, and the box's counts follow from the public
// history), so every seat and the spectator get the same.
type Observation struct {
	// Sectors are the 36 sectors a1, b1, ..., f6.
	Sectors []SectorView `json:"sectors"`
	Players []PlayerView `json:"players"`
	// Box counts the tiles of each type left in the box, in T2 order.
	Box      []BoxCount `json:"box"`
	BoxTotal int        `json:"box_total"`
	// TurnOf is the seat whose turn it is (0 once the game is over).
	TurnOf int `json:"turn_of"`
	// Phase is "announce" (expand or score; with an empty box, play or
	// score), "draw" (chance draws for TurnOf), "play" or "over".
	Phase     string `json:"phase"`
	Turn      int    `json:"turn"` // finished turns
	TurnLimit int    `json:"turn_limit"`
	// PacingLevel is set under civilization-pacing (T15).
	PacingLevel string `json:"pacing_level,omitempty"`
	// Ended says why the game ended.
	Ended   string    `json:"ended,omitempty"`
	Returns []float64 `json:"returns,omitempty"`
}

// SectorView is one sector. Tile is empty for an empty sector.
type SectorView struct {
	Sector string `json:"sector"`
	Tile   string `json:"tile,omitempty"`
	Side   string `json:"side,omitempty"` // "dark" or "light"
	Bonus  int    `json:"bonus,omitempty"`
	// Meeples lists the seat of each crew meeple on the tile.
	Meeples []int `json:"meeples,omitempty"`
}

// PlayerView is one seat's public standing.
type PlayerView struct {
	Seat  int      `json:"seat"`
	Score int64    `json:"score"`
	Crew  int      `json:"crew_in_hand"`
	Held  []string `json:"held"`
}

// BoxCount is how many tiles of a type are in the box.
type BoxCount struct {
	Tile  string `json:"tile"`
	Count int    `json:"count"`
}

var phaseNames = [...]string{"announce", "draw", "play", "over"}

// Observation returns the public state; p does not matter (see
// Observation's doc).
func (s *State) Observation(p game.Player) any {
	o := Observation{
		Sectors:   make([]SectorView, numCells),
		BoxTotal:  int(s.boxTotal),
		Phase:     phaseNames[s.phase],
		Turn:      int(s.turns),
		TurnLimit: s.r.tiles.TurnLimit,
	}
	for c := range numCells {
		cl := &s.board[c]
		v := SectorView{Sector: sectorName(c)}
		if cl.kind != 0 {
			v.Tile = cl.tile().String()
			v.Side = "dark"
			if cl.light {
				v.Side = "light"
			}
			v.Bonus = int(cl.bonus)
			for q := range s.r.players {
				for range cl.meeples[q] {
					v.Meeples = append(v.Meeples, q+1)
				}
			}
		}
		o.Sectors[c] = v
	}
	for q := range s.r.players {
		pv := PlayerView{Seat: q + 1, Score: s.score[q], Crew: int(s.crew[q]), Held: []string{}}
		for _, t := range s.held[q] {
			if t >= 0 {
				pv.Held = append(pv.Held, Tile(t).String())
			}
		}
		o.Players = append(o.Players, pv)
	}
	for t := range NumTiles {
		o.Box = append(o.Box, BoxCount{Tile: Tile(t).String(), Count: int(s.box[t])})
	}
	if s.phase != phaseOver {
		o.TurnOf = int(s.player) + 1
	} else {
		o.Ended = endReasons[s.end]
		o.Returns = s.Returns(nil)
	}
	if s.r.pacing {
		o.PacingLevel = s.r.level.String()
	}
	return o
}

// cellCode is a sector's short code: tile code, "*" for the light side,
// "+n" bonus tokens, "@" and the seat of each meeple ("Ro*+1@13"); "." if
// empty. The tests' board pictures use the same codes.
func (s *State) cellCode(c int) string {
	cl := &s.board[c]
	if cl.kind == 0 {
		return "."
	}
	var b strings.Builder
	b.WriteString(tileCodes[cl.tile()])
	if cl.light {
		b.WriteByte('*')
	}
	if cl.bonus > 0 {
		b.WriteString("+" + strconv.Itoa(int(cl.bonus)))
	}
	if cl.meeples != [maxPlayers]uint8{} {
		b.WriteByte('@')
		for q, m := range cl.meeples {
			for range m {
				b.WriteByte(byte('1' + q))
			}
		}
	}
	return b.String()
}

// Render draws the board (rank 6 at the top), the key, the box and each
// seat's score, crew and holdings. Everyone sees the same.
func (s *State) Render(p game.Player) string {
	var b strings.Builder
	if s.phase == phaseOver {
		fmt.Fprintf(&b, "3io, game over after %d turns", s.turns)
	} else {
		fmt.Fprintf(&b, "3io, turn %d (limit %d)", s.turns+1, s.r.tiles.TurnLimit)
	}
	if s.r.pacing {
		fmt.Fprintf(&b, ", civilization-pacing: ends at a fused %s or higher", s.r.level)
	}
	b.WriteString("\n\n")
	w := 4
	var codes [numCells]string
	for c := range numCells {
		codes[c] = s.cellCode(c)
		w = max(w, len(codes[c]))
	}
	var row strings.Builder
	row.WriteString("    ")
	for f := range side {
		fmt.Fprintf(&row, " %-*c", w, 'a'+f)
	}
	b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	for r := side - 1; r >= 0; r-- {
		row.Reset()
		fmt.Fprintf(&row, "  %d ", r+1)
		for f := range side {
			fmt.Fprintf(&row, " %-*s", w, codes[r*side+f])
		}
		b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
	for _, chain := range [...]struct {
		name     string
		from, to Tile
	}{{"\nSpace:        ", Dust, Galaxy}, {"\nCivilization: ", Probe, Singularity}} {
		b.WriteString(chain.name)
		for t := chain.from; t <= chain.to; t++ {
			if t > chain.from {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %s %d/%d", tileCodes[t], t, s.r.tiles.Points[t][0], s.r.tiles.Points[t][1])
			if t.Civilization() && !s.r.pacing && s.r.tiles.Multiplier[t] > 1 {
				fmt.Fprintf(&b, " x%d", s.r.tiles.Multiplier[t])
			}
		}
	}
	b.WriteString("\nPoints dark/light; * light side, +n bonus tokens, @13 crew of seats 1 and 3.\n")
	fmt.Fprintf(&b, "Box (%d):", s.boxTotal)
	for t := range NumTiles {
		fmt.Fprintf(&b, " %s %d", Tile(t), s.box[t])
	}
	b.WriteString("\n\n")
	for q := range s.r.players {
		var held []string
		for _, t := range s.held[q] {
			if t >= 0 {
				held = append(held, Tile(t).String())
			}
		}
		h := "nothing"
		if len(held) > 0 {
			h = strings.Join(held, " and ")
		}
		mark := "  "
		if s.phase != phaseOver && int(s.player) == q {
			mark = "> "
		}
		if game.Player(q) == p {
			h += "  (you)"
		}
		fmt.Fprintf(&b, "%sseat %d: %d points, %d crew in hand, holds %s\n", mark, q+1, s.score[q], s.crew[q], h)
	}
	b.WriteString("\n")
	seat := int(s.player) + 1
	switch s.phase {
	case phaseAnnounce:
		if s.boxTotal > 0 {
			fmt.Fprintf(&b, "Seat %d to move: expand or score.\n", seat)
		} else {
			fmt.Fprintf(&b, "Seat %d to move: the box is empty, so play a held tile or score.\n", seat)
		}
	case phaseDraw:
		fmt.Fprintf(&b, "Seat %d expands: a tile is drawn from the box.\n", seat)
	case phasePlay:
		fmt.Fprintf(&b, "Seat %d to play a held tile.\n", seat)
	case phaseOver:
		fmt.Fprintf(&b, "Game over: %s.", endReasons[s.end])
		ret := s.Returns(nil)
		var win []string
		for q, r := range ret {
			if r > 0 {
				win = append(win, "seat "+strconv.Itoa(q+1))
			}
		}
		if len(win) == 1 {
			fmt.Fprintf(&b, " %s wins.\n", win[0])
		} else {
			fmt.Fprintf(&b, " %s share the win.\n", strings.Join(win, ", "))
		}
	}
	return b.String()
}
