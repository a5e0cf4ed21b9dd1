package threeio

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// pic makes a game of n players with opts and lays out the board from a
// picture: six lines, rank 6 first, six tokens each. A token is "." for
// an empty sector or a cell code as Render writes it: the tile's code
// (Du Ro Pl Su Ga Pr Co St Sp Si), "*" for the light side, "+n" for n
// bonus tokens, "@" and one seat digit per crew meeple ("Ro*+1@13").
// Tiles come out of the box and meeples out of their owners' hands, so
// every tile and meeple stays accounted for.
func pic(t testing.TB, n int, opts game.Options, picture string) *State {
	t.Helper()
	st, err := game.NewState(Game, n, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var rows []string
	for _, l := range strings.Split(picture, "\n") {
		if strings.TrimSpace(l) != "" {
			rows = append(rows, l)
		}
	}
	if len(rows) != side {
		t.Fatalf("picture has %d rows, want %d", len(rows), side)
	}
	for i, row := range rows {
		toks := strings.Fields(row)
		if len(toks) != side {
			t.Fatalf("picture row %d has %d sectors, want %d: %q", i+1, len(toks), side, row)
		}
		for f, tok := range toks {
			if tok != "." {
				place(t, s, (side-1-i)*side+f, tok)
			}
		}
	}
	return s
}

func place(t testing.TB, s *State, c int, tok string) {
	t.Helper()
	code := tok
	if len(code) < 2 {
		t.Fatalf("bad token %q", tok)
	}
	tt := Tile(-1)
	for i, k := range tileCodes {
		if k == code[:2] {
			tt = Tile(i)
		}
	}
	if tt < 0 {
		t.Fatalf("bad tile code in %q", tok)
	}
	rest := code[2:]
	cl := cell{kind: uint8(tt) + 1}
	if strings.HasPrefix(rest, "*") {
		cl.light, rest = true, rest[1:]
	}
	meeples := ""
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		rest, meeples = rest[:i], rest[i+1:]
	}
	if rest != "" {
		if rest[0] != '+' {
			t.Fatalf("bad token %q", tok)
		}
		b, err := strconv.Atoi(rest[1:])
		if err != nil {
			t.Fatalf("bad bonus in %q", tok)
		}
		cl.bonus = uint16(b)
	}
	for _, d := range meeples {
		q := int(d - '1')
		if q < 0 || q >= s.r.players || s.crew[q] == 0 {
			t.Fatalf("token %q: seat %c has no crew left", tok, d)
		}
		s.crew[q]--
		cl.meeples[q]++
	}
	if s.box[tt] == 0 {
		t.Fatalf("token %q: the box has no %s left", tok, tt)
	}
	s.box[tt]--
	s.boxTotal--
	s.board[c] = cl
	s.occ |= 1 << c
}

// picture draws the board the way pic reads it.
func picture(s *State) string {
	var b strings.Builder
	for r := side - 1; r >= 0; r-- {
		for f := range side {
			if f > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.cellCode(r*side + f))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// normalize rewrites a picture with single spaces, for comparisons.
func normalize(p string) string {
	var b strings.Builder
	for _, l := range strings.Split(p, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			b.WriteString(strings.Join(f, " ") + "\n")
		}
	}
	return b.String()
}

func wantBoard(t testing.TB, s *State, want string) {
	t.Helper()
	if got := picture(s); got != normalize(want) {
		t.Fatalf("board:\n%swant:\n%s", got, normalize(want))
	}
}

// do applies moves in notation; a move at a draw is the tile drawn.
func do(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		if err := s.Apply(a); err != nil {
			t.Fatalf("%q: %v\n%s", m, err, s.Render(game.Spectator))
		}
	}
}

// refuse checks that move is refused with an error containing want and
// that the state is unchanged.
func refuse(t testing.TB, s *State, move, want string) {
	t.Helper()
	a, err := s.ParseAction(move)
	if err != nil {
		t.Fatalf("%q: %v", move, err)
	}
	before := *s
	err = s.Apply(a)
	if err == nil {
		t.Fatalf("%q accepted", move)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%q: error %q, want it to contain %q", move, err, want)
	}
	if !reflect.DeepEqual(*s, before) {
		t.Fatalf("%q: refused move changed the state", move)
	}
}

// legal returns the notation of the legal actions.
func legal(s *State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

// hold gives seat (1-based) exactly the tiles named, returning what it
// held to the box and taking the new tiles from it.
func hold(t testing.TB, s *State, seat int, tiles ...Tile) {
	t.Helper()
	p := seat - 1
	for _, h := range s.held[p] {
		if h >= 0 {
			s.box[h]++
			s.boxTotal++
		}
	}
	s.held[p] = [2]int8{-1, -1}
	for i, tt := range tiles {
		if s.box[tt] == 0 {
			t.Fatalf("hold: the box has no %s", tt)
		}
		s.box[tt]--
		s.boxTotal--
		s.held[p][i] = int8(tt)
	}
	if len(tiles) == 2 && s.held[p][1] < s.held[p][0] {
		s.held[p][0], s.held[p][1] = s.held[p][1], s.held[p][0]
	}
}

// conserved checks that every tile is in the box, on the board or held,
// and every crew meeple in a hand or on the board.
func conserved(t testing.TB, s *State) {
	t.Helper()
	var n [NumTiles]int
	for k := range NumTiles {
		n[k] = int(s.box[k])
	}
	total := 0
	for _, c := range s.box {
		total += int(c)
	}
	if total != int(s.boxTotal) {
		t.Fatalf("boxTotal %d, box holds %d", s.boxTotal, total)
	}
	var crew [maxPlayers]int
	for c := range numCells {
		cl := &s.board[c]
		if (cl.kind != 0) != (s.occ&(1<<c) != 0) {
			t.Fatalf("occupancy bit of %s is wrong", sectorName(c))
		}
		if cl.kind != 0 {
			n[cl.tile()]++
		}
		for q, m := range cl.meeples {
			crew[q] += int(m)
		}
	}
	for q := range s.r.players {
		for _, h := range s.held[q] {
			if h >= 0 {
				n[h]++
			}
		}
		if crew[q]+int(s.crew[q]) != s.r.tiles.Crew {
			t.Fatalf("seat %d has %d crew on the board and %d in hand", q+1, crew[q], s.crew[q])
		}
	}
	if n != s.r.tiles.Count {
		t.Fatalf("tiles counted %v, table has %v", n, s.r.tiles.Count)
	}
}

// writeTiles writes a tile table in the file format and returns its path.
func writeTiles(t testing.TB, tb Tiles) string {
	t.Helper()
	type points struct {
		Dark  int `json:"dark"`
		Light int `json:"light"`
	}
	type entry struct {
		Count      int    `json:"count"`
		Points     points `json:"points"`
		Multiplier *int   `json:"multiplier,omitempty"`
	}
	tiles := map[string]entry{}
	for i := range NumTiles {
		e := entry{Count: tb.Count[i], Points: points{tb.Points[i][0], tb.Points[i][1]}}
		if Tile(i).Civilization() {
			m := tb.Multiplier[i]
			e.Multiplier = &m
		}
		tiles[tileNames[i]] = e
	}
	data, err := json.MarshalIndent(map[string]any{
		"about":        tb.About,
		"tiles":        tiles,
		"pacing_level": tb.PacingLevel.String(),
		"turn_limit":   tb.TurnLimit,
		"crew":         tb.Crew,
		"fusion":       map[string]int{"group": tb.Fusion, "one_bonus_at": tb.OneBonusAt, "two_bonus_at": tb.TwoBonusAt},
	}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tiles.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withCounts writes the default table with some counts changed.
func withCounts(t testing.TB, counts map[Tile]int) string {
	t.Helper()
	tb := DefaultTiles()
	for tt, n := range counts {
		tb.Count[tt] = n
	}
	return writeTiles(t, tb)
}

// only writes the default table with every count zero but those given.
func only(t testing.TB, counts map[Tile]int) string {
	t.Helper()
	tb := DefaultTiles()
	tb.Count = [NumTiles]int{}
	for tt, n := range counts {
		tb.Count[tt] = n
	}
	return writeTiles(t, tb)
}

const emptyBoard = `
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .`
