package replay_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/replay"
)

// page is a page of a replay as a client reads it.
type page struct {
	Steps     int               `json:"steps"`
	Pages     int               `json:"pages"`
	Page      int               `json:"page"`
	From      int               `json:"from"`
	Moves     []replay.Entry    `json:"moves"`
	Positions []json.RawMessage `json:"positions"`
}

type pagePosition struct {
	N        int   `json:"n"`
	ToMove   int   `json:"to_move"`
	Position any   `json:"position"`
	Patch    []any `json:"patch"`
}

// readPage decodes page k and returns its positions, each whole, as a
// client rebuilds them: the first as sent, each other by its patch.
func readPage(t *testing.T, p *replay.Positions, k int) (page, []pagePosition) {
	t.Helper()
	b, err := p.JSON(k)
	if err != nil {
		t.Fatal(err)
	}
	var pg page
	if err := json.Unmarshal(b, &pg); err != nil {
		t.Fatalf("page %d: %v\n%.300s", k, err, b)
	}
	var out []pagePosition
	var cur any
	for i, raw := range pg.Positions {
		var pp pagePosition
		if err := json.Unmarshal(raw, &pp); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if pp.Position == nil || pp.Patch != nil {
				t.Fatalf("page %d: its first position is not whole", k)
			}
			cur = pp.Position
		} else {
			if pp.Position != nil || pp.Patch == nil {
				t.Fatalf("page %d, position %d: not a patch", k, i)
			}
			if cur, err = replay.ApplyPatch(clone(cur), pp.Patch); err != nil {
				t.Fatalf("page %d, position %d: %v", k, i, err)
			}
		}
		pp.Position, pp.Patch = cur, nil
		out = append(out, pp)
	}
	return pg, out
}

func clone(v any) any {
	b, _ := json.Marshal(v)
	var c any
	json.Unmarshal(b, &c)
	return c
}

// want replays rec and returns each position a player is to move at (or
// the end), as {"observation": ...} decoded, with the entries before it.
func want(t *testing.T, rec *record.Record, viewer game.Player) (ns []int, pos []any) {
	t.Helper()
	add := func(n int, s game.State) {
		if s.CurrentPlayer() == game.Chance {
			return
		}
		b, _ := json.Marshal(map[string]any{"observation": s.Observation(viewer)})
		var v any
		json.Unmarshal(b, &v)
		ns, pos = append(ns, n), append(pos, v)
	}
	rp, err := record.Play(rec, record.Options{Trace: func(s record.Step) { add(s.Index, s.State) }})
	if err != nil {
		t.Fatal(err)
	}
	add(len(rec.Moves), rp.State)
	return ns, pos
}

// randomRecord plays a random game of g with n players.
func randomRecord(t *testing.T, name string, n int, seed uint64) *record.Record {
	t.Helper()
	st, err := game.NewState(mustLookup(t, name), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	var moves []string
	for !game.IsTerminal(st) {
		var a game.Action
		if game.IsChance(st) {
			a = game.SampleChance(st, rng, nil)
		} else {
			l := st.LegalActions(nil)
			a = l[rng.IntN(len(l))]
		}
		moves = append(moves, record.Notation(st, a))
		if err := st.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return &record.Record{Game: name, Players: n, Moves: moves}
}

// TestPagesRebuildEveryPosition: for random games of every game and every
// viewer, every page, and the whole replay as one page, rebuild each
// position exactly from the first one and the patches.
func TestPagesRebuildEveryPosition(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		for _, c := range []struct {
			n      int
			viewer game.Player
		}{{in.MinPlayers, game.Spectator}, {in.MaxPlayers, game.Player(in.MaxPlayers - 1)}} {
			n := c.n
			rec := randomRecord(t, in.Name, n, 7)
			for _, viewer := range []game.Player{c.viewer} {
				t.Run(fmt.Sprintf("%s/%dp/%v", in.Name, n, viewer), func(t *testing.T) {
					p, err := replay.Build(rec, viewer, replay.Options{})
					if err != nil {
						t.Fatal(err)
					}
					ns, wantPos := want(t, rec, viewer)
					if p.Steps() != len(wantPos) {
						t.Fatalf("%d steps, want %d", p.Steps(), len(wantPos))
					}
					whole, all := readPage(t, p, -1)
					if whole.Steps != len(wantPos) || len(whole.Moves) != len(rec.Moves) {
						t.Fatalf("the whole replay: %d steps, %d moves; want %d, %d", whole.Steps, len(whole.Moves), len(wantPos), len(rec.Moves))
					}
					var paged []pagePosition
					for k := range p.Pages() {
						pg, pos := readPage(t, p, k)
						if pg.From != k*replay.PageSteps || (k == 0) != (pg.Moves != nil) {
							t.Fatalf("page %d: from %d, moves %v", k, pg.From, pg.Moves != nil)
						}
						paged = append(paged, pos...)
					}
					for i := range wantPos {
						for _, got := range [][]pagePosition{all, paged} {
							if got[i].N != ns[i] || !reflect.DeepEqual(got[i].Position, wantPos[i]) {
								t.Fatalf("step %d (entry %d): rebuilt position differs:\ngot  %v\nwant %v", i, ns[i], got[i].Position, wantPos[i])
							}
						}
					}
				})
			}
		}
	}
}

// TestBuildOpenSource4pIsSmall: the replay of a finished 4-player Open
// Source match of some 1,900 entries, 26.6 MB when each position was
// sent whole, is at most 1 MB (issue: the replay as a lever for a denial
// of service).
func TestBuildOpenSource4pIsSmall(t *testing.T) {
	rec, err := record.ReadFile("testdata/open-source-4p.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := replay.Build(rec, game.Spectator, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.JSON(-1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves) < 1800 || len(b) > 1<<20 {
		t.Fatalf("%d entries, replay of %d bytes: want at most 1 MB", len(rec.Moves), len(b))
	}
	t.Logf("%d entries, %d positions, %d bytes (%d a position)", len(rec.Moves), p.Steps(), len(b), len(b)/p.Steps())
}

func TestTextIsTheRenderingByLines(t *testing.T) {
	rec := randomRecord(t, "source", 2, 3)
	p, err := replay.Build(rec, game.Spectator, replay.Options{Text: true})
	if err != nil {
		t.Fatal(err)
	}
	_, pos := readPage(t, p, 0)
	s, _ := game.NewState(mustLookup(t, "source"), 2, nil)
	lines := pos[0].Position.(map[string]any)["text"].([]any)
	var got []string
	for _, l := range lines {
		got = append(got, l.(string))
	}
	if strings.Join(got, "\n") != s.Render(game.Spectator) {
		t.Errorf("text of the first position:\n%s\nwant\n%s", strings.Join(got, "\n"), s.Render(game.Spectator))
	}
}

func TestPageOutOfRange(t *testing.T) {
	p, err := replay.Build(randomRecord(t, "source", 2, 3), game.Spectator, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{-2, p.Pages()} {
		if _, err := p.JSON(k); err == nil || !bytes.Contains([]byte(err.Error()), []byte("pages 0 to")) {
			t.Errorf("page %d: %v", k, err)
		}
	}
}

func BenchmarkBuild(b *testing.B) {
	rec, err := record.ReadFile("testdata/open-source-4p.json")
	if err != nil {
		b.Fatal(err)
	}
	var size int
	for b.Loop() {
		p, err := replay.Build(rec, game.Spectator, replay.Options{})
		if err != nil {
			b.Fatal(err)
		}
		j, _ := p.JSON(-1)
		size = len(j)
	}
	b.ReportMetric(float64(size), "bytes")
}

func mustLookup(t *testing.T, name string) game.Game {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
