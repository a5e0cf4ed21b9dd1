package threeio

import (
	"math/bits"

	"github.com/commons-games/commons/game"
)

// The weights of Evaluate, in points. They were tuned by the greedy bot's
// results against the scripted strategies (docs/bots.md, "3io's
// evaluator"); what each stands for is said at Evaluate.
var evalWeights = struct {
	onBoard, held, civGain, crewInHand float64
}{onBoard: 0.8, held: 0.3, civGain: 0.7, crewInHand: 6}

// Evaluate estimates each seat's standing in points (game.Evaluator): its
// points and what its position promises, minus the best such total among
// the other seats. What a position promises:
//   - a meeple on the board, 0.8 of what it would score now: taking it
//     back costs a turn, and the game may end first;
//   - a held space tile, 0.3 of its dark points times the best multiplier
//     beside an empty sector, where it could go with crew;
//   - a held civilization tile, 0.3 of its points and 0.7 of what its
//     multiplier would add to the seat's best crewed tile with room beside
//     it;
//   - a meeple in hand, 6 points: the chance to crew a tile worth it.
//
// Held tiles count only for a seat with crew to put on them, in hand or on
// the board to take back.
func (s *State) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	n := s.r.players
	w := &evalWeights
	bestMult := 1
	for c := range numCells {
		if s.occ&(1<<c) == 0 {
			bestMult = max(bestMult, s.multiplierAt(c))
		}
	}
	var v [maxPlayers]float64
	for p := range n {
		v[p] = float64(s.score[p])
		out := false
		for c := range numCells {
			if k := s.board[c].meeples[p]; k > 0 {
				v[p] += w.onBoard * float64(s.scoreValue(c)) * float64(k)
				out = true
			}
		}
		v[p] += w.crewInHand * float64(s.crew[p])
		if s.crew[p] == 0 && !out {
			continue
		}
		for _, h := range s.held[p] {
			if h < 0 {
				continue
			}
			t := Tile(h)
			pts := float64(s.r.tiles.Points[t][0])
			if t.Civilization() {
				v[p] += w.held*pts + w.civGain*float64(s.civGain(p, t))
			} else {
				v[p] += w.held * pts * float64(bestMult)
			}
		}
	}
	for p := range n {
		other, first := 0.0, true
		for q := range n {
			if q != p && (first || v[q] > other) {
				other, first = v[q], false
			}
		}
		dst = append(dst, v[p]-other)
	}
	return dst
}

// civGain is what civilization tile t's multiplier would add to p's
// crewed tile that gains most from it, among those with an empty sector
// beside them (where t could go).
func (s *State) civGain(p int, t Tile) int64 {
	m := int64(s.r.tiles.Multiplier[t])
	var best int64
	for c := range numCells {
		cl := &s.board[c]
		if cl.meeples[p] == 0 || spread(1<<c)&^s.occ == 0 {
			continue
		}
		if cur := int64(s.multiplierAt(c)); m > cur {
			base := int64(s.r.tiles.Points[cl.tile()][cl.sideIndex()]) + int64(cl.bonus)
			best = max(best, base*(m-cur)*int64(cl.meeples[p]))
		}
	}
	return best
}

// Bitboard masks of the 6x6 board (bit c for sector c, files a-f from
// bit 0 of each rank).
var (
	notFileA = func() (m uint64) {
		for c := range numCells {
			if c%side != 0 {
				m |= 1 << c
			}
		}
		return m
	}()
	notFileF = fullBoard &^ fileF()
)

func fileF() (m uint64) {
	for c := side - 1; c < numCells; c += side {
		m |= 1 << c
	}
	return m
}

// spread returns the sectors of b and their orthogonal neighbours.
func spread(b uint64) uint64 {
	return (b | b<<side | b>>side | (b&notFileA)>>1 | (b&notFileF)<<1) & fullBoard
}

// darkOf returns the sectors holding a dark tile of type t.
func (s *State) darkOf(t Tile) (m uint64) {
	kind := uint8(t) + 1
	for c := range numCells {
		if cl := &s.board[c]; cl.kind == kind && !cl.light {
			m |= 1 << c
		}
	}
	return m
}

// fusesAt reports whether a dark tile played on the empty sector c, with
// dark the sectors of dark tiles of its type, makes a group of n or more
// (T10): the flood from c through them.
func fusesAt(dark uint64, c, n int) bool {
	within := dark | 1<<c
	g := uint64(1) << c
	for {
		next := spread(g) & within
		if next == g {
			return bits.OnesCount64(g) >= n
		}
		g = next
	}
}

// Prior weighs the legal moves by a rule of thumb (game.Prior), for the
// bots' playouts and search: a play that fuses is worth more the higher
// its tile, crew goes on tiles that fuse or are worth points, a meeple is
// taken back in proportion to what it scores now, and expanding is the
// ordinary move.
func (s *State) Prior(actions []game.Action, dst []float64) []float64 {
	dst = dst[:0]
	tiles := &s.r.tiles
	// The dark tiles of the types held, once for all plays.
	var darkT [2]Tile
	var dark [2]uint64
	if s.phase != phaseDraw {
		for i, h := range s.held[s.player] {
			if h >= 0 {
				darkT[i], dark[i] = Tile(h), s.darkOf(Tile(h))
			}
		}
	}
	for _, a := range actions {
		var w float64
		switch {
		case s.phase == phaseDraw:
			w = 1
		case a == actExpand:
			w = 2
		case a >= scoreBase:
			w = 0.25 + float64(s.scoreValue(int(a-scoreBase)))/4
		default:
			t, c, crew := decodePlay(a)
			pts := float64(tiles.Points[t][0])
			w = 1
			d := dark[0]
			if t != darkT[0] {
				d = dark[1]
			}
			fuses := fusesAt(d, c, tiles.Fusion)
			if fuses {
				w = 4 + pts
			}
			if crew {
				switch {
				case fuses:
					w *= 2
				case pts >= 8 || s.multiplierAt(c) > 1:
					w *= 1.5
				default:
					w *= 0.3
				}
			}
		}
		dst = append(dst, w)
	}
	return dst
}

// SearchHints are the search settings 3io plays best with
// (game.SearchTuner; docs/bots.md): uniformly random playouts to the end
// (those drawn by the Prior play worse), rewarded half by the win and
// half by the final score against the other playouts'.
func (s *State) SearchHints() game.SearchHints {
	return game.SearchHints{Playout: "random", Score: 0.5}
}
