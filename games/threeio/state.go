package threeio

import "github.com/commons-games/commons/game"

const (
	side       = 6
	numCells   = side * side
	maxPlayers = 4
	fullBoard  = uint64(1)<<numCells - 1
)

// phase is where a turn stands (T7a).
type phase uint8

const (
	// phaseAnnounce: the player announces expand or score at a sector; with
	// an empty box its play actions stand here instead of expand.
	phaseAnnounce phase = iota
	// phaseDraw: after expand, chance draws a tile from the box.
	phaseDraw
	// phasePlay: after the draw, the player plays one held tile.
	phasePlay
	// phaseOver: the game has ended.
	phaseOver
)

// endReason says why a game ended, for people.
type endReason uint8

const (
	notOver   endReason = iota
	boardFull           // T14
	noMoves             // T14: nobody can expand or score
	paced               // T15
	turnLimit           // our ruling: the table's turn_limit
)

var endReasons = [...]string{"", "every sector is occupied", "no player can expand or score", "a fusion reached the pacing level", "the turn limit was reached"}

// cell is one sector of the board.
type cell struct {
	kind  uint8 // 0 empty, else Tile+1
	light bool
	// bonus counts the tile's bonus tokens (T12). uint16 is enough: a
	// fusion makes at most 1 token per 2 tiles it takes off the board
	// (4 tiles: 1 for 3 removed; 5 or more: 2 for 4 or more), and a board
	// only gets its tiles from plays, at most one per turn, so a game of
	// the longest turn limit (100000) makes fewer than 51000 tokens.
	bonus   uint16
	meeples [maxPlayers]uint8 // crew on the tile, by player
}

func (c *cell) tile() Tile { return Tile(c.kind - 1) }

func (c *cell) sideIndex() int {
	if c.light {
		return 1
	}
	return 0
}

// State is a position of 3io. It is a plain value: Clone copies it.
type State struct {
	r     *rules // shared, never changed
	board [numCells]cell
	occ   uint64 // bit c set when sector c holds a tile
	// held are each player's tiles, ascending, -1 for an empty slot. A
	// player holds two tiles only between a draw and the play.
	held     [maxPlayers][2]int8
	crew     [maxPlayers]uint8 // crew in hand (T1)
	score    [maxPlayers]int64
	box      [NumTiles]uint8
	boxTotal uint16
	player   int8
	phase    phase
	end      endReason
	turns    uint32 // finished turns
	// fusions counts the fusions of each type over the game, for the lab
	// (game.Outcomer; no rule reads them): [t][0] a dark group turned
	// light, [t][1] a light group turned into the next type (for Galaxy
	// and Singularity: a T13 clearing), [t][2] a light group that stayed
	// light for want of the next type (T10).
	fusions [NumTiles][3]uint16
}

// neighbors lists each sector's orthogonal neighbours, -1 padding.
var neighbors = func() (n [numCells][4]int8) {
	for c := range numCells {
		k := 0
		n[c] = [4]int8{-1, -1, -1, -1}
		f, r := c%side, c/side
		if f > 0 {
			n[c][k], k = int8(c-1), k+1
		}
		if f < side-1 {
			n[c][k], k = int8(c+1), k+1
		}
		if r > 0 {
			n[c][k], k = int8(c-side), k+1
		}
		if r < side-1 {
			n[c][k] = int8(c + side)
		}
	}
	return n
}()

func newState(r *rules) *State {
	s := &State{r: r}
	for t := range NumTiles {
		s.box[t] = uint8(r.tiles.Count[t])
		s.boxTotal += uint16(r.tiles.Count[t])
	}
	for p := range maxPlayers {
		s.held[p] = [2]int8{-1, -1}
	}
	// T6: each player is dealt one Dust, face up. The type is fixed, so the
	// deal is part of the initial state, not a chance event.
	for p := range r.players {
		s.held[p][0] = int8(Dust)
		s.box[Dust]--
		s.boxTotal--
		s.crew[p] = uint8(r.tiles.Crew)
	}
	// T9: seat 1 starts. With an empty box after the deal, seat 1 still
	// holds its Dust, so it can act.
	return s
}

// Config returns the game's configuration.
func (s *State) Config() game.Config { return s.r.cfg }

// CurrentPlayer returns the seat to move, Chance at a draw, or Terminal.
func (s *State) CurrentPlayer() game.Player {
	switch s.phase {
	case phaseOver:
		return game.Terminal
	case phaseDraw:
		return game.Chance
	}
	return game.Player(s.player)
}

// Clone returns a copy; the shared rules are immutable.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Turn returns the number of turns finished (game.Undoer). It counts a
// turn of a seat that moves again because the others are skipped (T9),
// so that such a seat's next turn is a turn of its own.
func (s *State) Turn() int { return int(s.turns) }

// CopyFrom makes s a copy of src (game.Copier): the state is a flat value.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Returns gives 1 to the top scorer, 1/k each to k tied top scorers and 0
// to the rest at the end (T14); zeros before.
func (s *State) Returns(dst []float64) []float64 {
	dst = dst[:0]
	n := s.r.players
	if s.phase != phaseOver {
		for range n {
			dst = append(dst, 0)
		}
		return dst
	}
	return game.ShareWin(dst, s.score[:n])
}

// Scores appends each seat's points.
func (s *State) Scores(dst []float64) []float64 {
	// Filled in place rather than appended: the lab reads the scores
	// every round of a random game (docs/lab.md, Performance).
	n := s.r.players
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	for p, x := range s.score[:n] {
		dst[p] = float64(x)
	}
	return dst
}
