// Package replay turns a game record into the positions one viewer saw,
// step by step, for a replay page: the answer of GET
// /api/matches/{id}/replay (docs/api.md).
//
// A replay is built once and then served in pieces. A position is a
// game's Observation for the viewer, as JSON, and it is large (a 4-player
// Open Source position is some 20 KB) where a move changes little of it;
// so only the first position of each page is sent whole, and every other
// as a patch, the change from the position before it (Diff). A finished
// 4-player Open Source match of 1,900 entries, 26.6 MB when every
// position was sent whole, is some 0.6 MB so (BenchmarkBuild). A page is
// PageSteps positions: a client reads the page of the step it shows and
// need not read the rest.
//
// A server builds the replay of a record it may not give out whole (a
// game with hidden information, Breaking Head's B17) with AsSeen: each
// move that is not the viewer's own is written as the match's log showed
// it to the viewer (record.PublicEntry), and no chance outcome is drawn
// beyond the record's moves.
package replay

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// PageSteps is how many positions a page holds: the first whole, the
// others as patches.
const PageSteps = 128

// Options say how a replay is built.
type Options struct {
	// AsSeen writes the moves as the viewer saw them, and draws no chance
	// outcome from the record's seed (see the package comment).
	AsSeen bool
	// Text adds each position's text rendering (game.State.Render) as
	// the position's "text", a list of lines, for a page that draws the
	// game as text.
	Text bool
}

// Entry is one entry of the record, with who made it (seat 0: chance).
type Entry struct {
	N    int    `json:"n"`
	Seat int    `json:"seat,omitempty"`
	Move string `json:"move"`
}

// Positions is a built replay: the record's entries, and the position
// after each step at which a seat is to move or the game is over (a
// position waiting for a chance outcome is passed over: the outcome
// follows at once). Positions is immutable once built and safe to share.
type Positions struct {
	head  header
	moves []byte // the entries, a JSON array
	steps []step
	size  int
}

// header is what every page of a replay says.
type header struct {
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Viewer is the seat whose eyes the positions are seen with, 0 for a
	// spectator.
	Viewer int `json:"viewer"`
	// Over reports whether the record reaches the end of the game;
	// Result and Scores are given then.
	Over   bool      `json:"over"`
	Result []float64 `json:"result,omitempty"`
	Scores []float64 `json:"scores,omitempty"`
	// End is the record's end when the game ended other than by its
	// rules (a resignation, a draw agreed).
	End *record.End `json:"end,omitempty"`
	// Entries is the number of the record's entries, Steps of
	// positions, Pages of pages.
	Entries   int `json:"entries"`
	Steps     int `json:"steps"`
	PageSteps int `json:"page_steps"`
	Pages     int `json:"pages"`
}

// step is one position: the one after the first n entries, with the seat
// to move (0 at the end); whole is the position's JSON, kept at the first
// step of each page only, and patch the change from the step before.
type step struct {
	n, toMove int
	whole     []byte
	patch     []byte
}

// position is what a step shows, as JSON: the viewer's observation and,
// with Options.Text, the text rendering.
type position struct {
	Observation any      `json:"observation"`
	Text        []string `json:"text,omitempty"`
}

// Build replays rec, checking every move as record.Play does, and returns
// its positions as viewer (a seat or game.Spectator) sees them.
func Build(rec *record.Record, viewer game.Player, opt Options) (*Positions, error) {
	g, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	if viewer != game.Spectator && (viewer < 0 || int(viewer) >= rec.Players) {
		return nil, fmt.Errorf("seat %d: the record has %d players", viewer.Seat(), rec.Players)
	}
	if opt.AsSeen && rec.Seed != nil {
		seen := *rec
		seen.Seed = nil
		rec = &seen
	}
	info := g.Info()
	out := &Positions{head: header{Game: rec.Game, Title: info.Title, Players: rec.Players, Options: rec.Options, PageSteps: PageSteps}}
	if viewer >= 0 {
		out.head.Viewer = viewer.Seat()
	}
	var entries []Entry
	d := newDiffer()
	var prev *node // the position before, split as far as diffed
	add := func(n int, s game.State) error {
		p := s.CurrentPlayer()
		if p == game.Chance {
			return nil
		}
		pos := position{Observation: s.Observation(viewer)}
		if opt.Text {
			pos.Text = strings.Split(s.Render(viewer), "\n")
		}
		b, err := json.Marshal(pos)
		if err != nil {
			return fmt.Errorf("position after entry %d: %w", n, err)
		}
		st := step{n: n}
		if p >= 0 {
			st.toMove = p.Seat()
		}
		if len(out.steps)%PageSteps == 0 {
			st.whole = b
		}
		cur := &node{raw: b}
		if prev != nil {
			st.patch = d.patch(prev, cur)
			if st.patch == nil {
				st.patch = []byte("[]")
			}
		}
		out.size += len(st.whole) + len(st.patch)
		out.steps = append(out.steps, st)
		prev = cur
		return nil
	}
	var stepErr error
	rp, err := record.Play(rec, record.Options{Trace: func(s record.Step) {
		if stepErr == nil {
			stepErr = add(s.Index, s.State)
		}
		e := Entry{N: s.Index, Move: s.Move}
		if opt.AsSeen && s.Player != viewer {
			e.Move = record.PublicEntry(info, s.State, s.Player, s.Action, s.Move)
		}
		if s.Player >= 0 {
			e.Seat = s.Player.Seat()
		}
		entries = append(entries, e)
	}})
	if err != nil {
		return nil, err
	}
	if stepErr == nil {
		stepErr = add(len(entries), rp.State)
	}
	if stepErr != nil {
		return nil, stepErr
	}
	if rp.End != nil {
		out.head.Over, out.head.Result, out.head.End = true, rp.End.Returns, rp.End
		out.steps[len(out.steps)-1].toMove = 0 // nobody moves after a resignation
	}
	if game.IsTerminal(rp.State) {
		out.head.Over = true
		out.head.Result = rp.State.Returns(nil)
		if sc, ok := rp.State.(game.Scorer); ok {
			out.head.Scores = sc.Scores(nil)
		}
	}
	if entries == nil {
		entries = []Entry{}
	}
	out.moves, _ = json.Marshal(entries)
	out.size += len(out.moves)
	out.head.Entries = len(entries)
	out.head.Steps = len(out.steps)
	out.head.Pages = (len(out.steps) + PageSteps - 1) / PageSteps
	return out, nil
}

// Size is about how many bytes p holds.
func (p *Positions) Size() int { return p.size }

// Steps is the number of positions.
func (p *Positions) Steps() int { return len(p.steps) }

// Pages is the number of pages.
func (p *Positions) Pages() int { return p.head.Pages }

// JSON returns page k of the replay as JSON (docs/api.md): the header,
// the entries when k is 0, and the page's steps, its first position whole
// and each other as a patch. k = -1 is every step, as one page: the first
// position whole, then patches.
func (p *Positions) JSON(k int) ([]byte, error) {
	if k < -1 || k >= p.head.Pages {
		return nil, fmt.Errorf("page %d: the replay has pages 0 to %d", k, p.head.Pages-1)
	}
	from, to := 0, len(p.steps)
	head := p.head
	page := k
	if k >= 0 {
		from, to = k*PageSteps, min((k+1)*PageSteps, len(p.steps))
	}
	hb, err := json.Marshal(struct {
		header
		Page int `json:"page"`
	}{head, page})
	if err != nil {
		return nil, err
	}
	size := len(hb) + 64
	if k <= 0 {
		size += len(p.moves)
	}
	for _, st := range p.steps[from:to] {
		size += len(st.whole) + len(st.patch) + 40
	}
	out := make([]byte, 0, size)
	out = append(out, hb[:len(hb)-1]...) // the header without its closing brace
	if k <= 0 {
		out = append(out, `,"moves":`...)
		out = append(out, p.moves...)
	}
	out = append(out, `,"from":`...)
	out = appendInt(out, from)
	out = append(out, `,"positions":[`...)
	for i, st := range p.steps[from:to] {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `{"n":`...)
		out = appendInt(out, st.n)
		out = append(out, `,"to_move":`...)
		out = appendInt(out, st.toMove)
		if i == 0 {
			out = append(out, `,"position":`...)
			out = append(out, st.whole...)
		} else {
			out = append(out, `,"patch":`...)
			out = append(out, st.patch...)
		}
		out = append(out, '}')
	}
	out = append(out, "]}"...)
	return out, nil
}

func appendInt(b []byte, n int) []byte { return fmt.Appendf(b, "%d", n) }

// Page is a page of a replay as a client reads it (ReadPage), every
// position whole.
type Page struct {
	header
	Page int `json:"page"`
	From int `json:"from"`
	// Moves are the record's entries: on page 0 and in the whole replay.
	Moves     []Entry    `json:"moves"`
	Positions []Position `json:"-"`
}

// Position is one position of a Page: the one after the first N entries,
// with the seat to move (0 at the end).
type Position struct {
	N           int
	ToMove      int
	Observation json.RawMessage
	// Text is the text rendering, when the replay was asked with it.
	Text string
	// HasText reports whether the position has a text rendering.
	HasText bool
}

// ReadPage reads a page of a replay (Positions.JSON, or the answer of
// GET /api/matches/{id}/replay), rebuilding each position from the first
// and the patches, as a client does.
func ReadPage(data []byte) (*Page, error) {
	var raw struct {
		Page
		Positions []struct {
			N        int             `json:"n"`
			ToMove   int             `json:"to_move"`
			Position json.RawMessage `json:"position"`
			Patch    json.RawMessage `json:"patch"`
		} `json:"positions"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("a replay page: %w", err)
	}
	p := raw.Page
	var cur any
	for i, rp := range raw.Positions {
		switch {
		case i == 0 && rp.Position != nil && rp.Patch == nil:
			if err := json.Unmarshal(rp.Position, &cur); err != nil {
				return nil, fmt.Errorf("position %d: %w", i, err)
			}
		case i > 0 && rp.Position == nil && rp.Patch != nil:
			var ops []any
			if err := json.Unmarshal(rp.Patch, &ops); err != nil {
				return nil, fmt.Errorf("position %d: its patch: %w", i, err)
			}
			next, err := ApplyPatch(cur, ops)
			if err != nil {
				return nil, fmt.Errorf("position %d: %w", i, err)
			}
			cur = next
		default:
			return nil, fmt.Errorf("position %d: want the first position whole and every other as a patch", i)
		}
		b, _ := json.Marshal(cur)
		var pos struct {
			Observation json.RawMessage `json:"observation"`
			Text        *[]string       `json:"text"`
		}
		if err := json.Unmarshal(b, &pos); err != nil {
			return nil, fmt.Errorf("position %d: %w", i, err)
		}
		out := Position{N: rp.N, ToMove: rp.ToMove, Observation: pos.Observation}
		if pos.Text != nil {
			out.Text, out.HasText = strings.Join(*pos.Text, "\n"), true
		}
		p.Positions = append(p.Positions, out)
		// Each position is rebuilt from a copy: the next patch must not
		// change this one.
		var c any
		json.Unmarshal(b, &c)
		cur = c
	}
	return &p, nil
}
