package fuzzgame

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// The seed corpora: go test runs every target on these and on the files
// in testdata/fuzz/FuzzXxx (the inputs fuzzing found worth keeping, in the
// standard format, and a few real ones written by TestWriteSeedCorpus).
// Seeds made here follow the registry, so a new game gets its own.

type playSeed struct {
	name    string
	players uint8
	prog    []byte
}

// playSeeds gives, for every registered game and a few player counts, a
// random game written as a program: mostly legal choices, some moves
// typed out in notation, some mistyped, some raw action numbers.
func playSeeds() []playSeed {
	var out []playSeed
	for _, g := range game.Games() {
		in := g.Info()
		for k := 0; k < 3; k++ {
			players := uint8(k * 3)
			r := game.NewRand(uint64(k) + 1)
			var prog []byte
			// Option choices (one byte per listed option).
			for _, spec := range in.Options {
				if len(spec.Values) > 0 {
					prog = append(prog, byte(r.IntN(len(spec.Values))))
				}
			}
			n := in.MinPlayers + int(players)%(in.MaxPlayers-in.MinPlayers+1)
			cfg, err := game.Resolve(g, n, decodeOptions(g, prog))
			if err != nil {
				continue
			}
			s, err := g.New(cfg)
			if err != nil {
				continue
			}
			for step := 0; step < 120 && !game.IsTerminal(s); step++ {
				legal := s.LegalActions(nil)
				i := r.IntN(len(legal))
				a := legal[i]
				note := s.ActionString(a)
				switch {
				case step%5 == 1 && len(note) < 64:
					prog = append(prog, opText, byte(len(note)))
					prog = append(prog, note...)
				case step%7 == 3:
					prog = append(prog, opMutate, byte(r.IntN(256)), byte(r.IntN(3)), byte(r.IntN(256)), byte(r.IntN(8)), byte(r.IntN(256)))
					prog = append(prog, encodeChoice(legal, i)...)
				case step%11 == 5:
					prog = append(prog, opRaw, 0, byte(r.IntN(256)), byte(r.IntN(256)), 0, 0, opViews, opClone)
					prog = append(prog, encodeChoice(legal, i)...)
				default:
					prog = append(prog, encodeChoice(legal, i)...)
				}
				if err := s.Apply(a); err != nil {
					break
				}
			}
			out = append(out, playSeed{in.Name, players, prog})
		}
	}
	return out
}

// encodeChoice is the program step that plays legal[i].
func encodeChoice(legal []game.Action, i int) []byte {
	if len(legal) > 256 {
		return []byte{opLegal, byte(i >> 8), byte(i)}
	}
	return []byte{opLegal, byte(i)}
}

func decodeOptions(g game.Game, prog []byte) game.Options {
	return options(g, &program{b: prog})
}

// recordSeeds are the games' frozen records (games/*/testdata/records),
// the header alone of a record of each game, and a few malformed ones.
func recordSeeds(tb testing.TB) [][]byte {
	var out [][]byte
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*", "testdata", "records", "*.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	for _, g := range game.Games() {
		seed := uint64(7)
		out = append(out, record.New(g.Info().Name, g.Info().MinPlayers, nil, &seed).Marshal())
	}
	for _, s := range []string{
		``, `{}`, `[]`, `{"game": "source"}`, `{"game": "source", "players": 2, "moves": ["b9", "*heads"]}`,
		`{"game": "source", "players": "two"}`, `{"game": "3io", "players": 2, "seed": -1}`,
		`{"game": "3io", "players": 2, "seed": 1, "moves": []} {}`, `{"game": "nope", "players": 2}`,
		`{"game": "breaking-head", "players": 11}`, `{"game": "3io", "players": 2, "options": {"tiles": "/etc/passwd"}, "seed": 3}`,
		`{"game": "breaking-head", "players": 4, "seed": 9, "moves": ["*seat 1 role blocker"]}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

type dataSeed struct {
	sel  string
	data []byte
}

// dataSeeds are the games' embedded tables (games/*/*.json) and their
// test tables, good and broken (games/*/testdata/{tiles,cards}*), each
// offered to every file option: a card file given as a tile table is a
// mistake a designer makes too.
func dataSeeds(tb testing.TB, opts []fileOption) []dataSeed {
	var files []string
	for _, pat := range []string{
		filepath.Join("..", "..", "games", "*", "*.json"),
		filepath.Join("..", "..", "games", "*", "testdata", "tiles*", "*.json"),
		filepath.Join("..", "..", "games", "*", "testdata", "cards*", "*.json"),
	} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	var out []dataSeed
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for _, o := range opts {
			// The broken tables of another game add little: keep the
			// good ones for every option, the broken ones for their own.
			broken := strings.Contains(f, "broken")
			if broken && !strings.Contains(f, string(filepath.Separator)+gameDir(o)+string(filepath.Separator)) {
				continue
			}
			out = append(out, dataSeed{o.String(), b})
		}
	}
	return out
}

// gameDir guesses the folder of a game's package from its name ("3io" is
// games/threeio): only to sort the seeds, never to find a game.
func gameDir(o fileOption) string {
	return map[string]string{"3io": "threeio", "breaking-head": "breakinghead", "open-science-alliance": "openscience", "open-source-board-game": "opensource"}[o.g.Info().Name]
}

// TestWriteSeedCorpus writes a few of the seeds above to testdata/fuzz in
// the standard format, when COMMONS_WRITE_CORPUS=1, so that the corpus is
// there for a person to read and for go test -fuzz to start from.
func TestWriteSeedCorpus(t *testing.T) {
	if os.Getenv("COMMONS_WRITE_CORPUS") != "1" {
		t.Skip("set COMMONS_WRITE_CORPUS=1 to write testdata/fuzz")
	}
	write := func(target, name string, vals ...any) {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("go test fuzz v1\n")
		for _, v := range vals {
			switch x := v.(type) {
			case string:
				fmt.Fprintf(&b, "string(%q)\n", x)
			case byte:
				fmt.Fprintf(&b, "byte(%q)\n", x)
			case []byte:
				fmt.Fprintf(&b, "[]byte(%q)\n", x)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range playSeeds() {
		if i%3 == 0 {
			write("FuzzPlay", "seed-"+s.name, s.name, s.players, s.prog)
		}
	}
	recs := recordSeeds(t)
	files, _ := filepath.Glob(filepath.Join("..", "..", "games", "*", "testdata", "records", "*.json"))
	for i, f := range files {
		if i%3 == 0 {
			write("FuzzRecord", "seed-"+strings.TrimSuffix(filepath.Base(f), ".json"), recs[i])
		}
	}
	for _, o := range fileOptions() {
		// The game's own embedded table, and two broken ones of its tests.
		dir := filepath.Join("..", "..", "games", gameDir(o))
		own, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		broken, _ := filepath.Glob(filepath.Join(dir, "testdata", "*-broken", "*.json"))
		for i, f := range append(own, broken[:min(2, len(broken))]...) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			name := "seed-" + strings.ReplaceAll(o.String(), ":", "-")
			if i >= len(own) {
				name += "-" + strings.TrimSuffix(filepath.Base(f), ".json")
			}
			write("FuzzDataFile", name, o.String(), b)
		}
	}
}
