package fuzzgame

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
	_ "github.com/commons-games/commons/games/all"
	"github.com/commons-games/commons/record"
)

// slowInput is how long one fuzz input may take before it counts as a
// hang. An input is a few hundred steps at most, which take milliseconds.
const slowInput = 5 * time.Second

// pick returns the registered game named name or, for any other name, one
// chosen by the name's hash, so that every input plays some game.
func pick(name string) game.Game {
	gs := game.Games()
	for _, g := range gs {
		if g.Info().Name == name {
			return g
		}
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return gs[int(h.Sum32()%uint32(len(gs)))]
}

// program reads a fuzz input's bytes as a game's moves and probes. Reading
// past the end gives zeros.
type program struct {
	b []byte
	i int
}

func (p *program) more() bool { return p.i < len(p.b) }

func (p *program) next() byte {
	if p.i >= len(p.b) {
		return 0
	}
	p.i++
	return p.b[p.i-1]
}

func (p *program) int32() int32 {
	var v uint32
	for k := 0; k < 4; k++ {
		v |= uint32(p.next()) << (8 * k)
	}
	return int32(v)
}

func (p *program) text() string {
	n := int(p.next() % 64)
	start := min(p.i, len(p.b))
	end := min(start+n, len(p.b))
	p.i = start + n
	return string(p.b[start:end])
}

// Operations of a program: each step reads one byte and chooses by it.
const (
	opLegal  = iota // play the legal action (or chance outcome) the next byte chooses
	opLegal2        // the same: most steps move the game on
	opLegal3        //
	opRaw           // Apply an action number, legal or not
	opText          // ParseAction of raw text, then Apply what it reads
	opMutate        // ParseAction of a legal move's notation, mutated
	opViews         // every seat's and the spectator's Observation and Render
	opClone         // Clone, and CopyFrom where the state has it
	nOps
)

// maxSteps bounds an input's steps, so that no input plays for long.
const maxSteps = 600

// FuzzPlay plays a game of the registry from a fuzz input: the input's
// name picks the game, players its player count, and prog a sequence of
// operations mixing legal moves with raw action numbers, raw notation and
// mutated notation. It checks the engine's promises (game/game.go) on
// every operation:
//
//   - nothing panics, and no input takes long;
//   - Apply of an action that is not legal returns a non-empty error and
//     leaves the state as it was; a legal one is accepted;
//   - ParseAction of any text returns an action or an error that names the
//     text it refused (quoting it, or a word of it), never an empty one;
//   - ActionString and ParseAction round-trip for the actions played;
//   - observations marshal to JSON and renderings are not empty;
//   - the game's record, written as it was played, replays to an equal
//     state.
func FuzzPlay(f *testing.F) {
	for _, s := range playSeeds() {
		f.Add(s.name, s.players, s.prog)
	}
	f.Fuzz(func(t *testing.T, name string, players uint8, prog []byte) {
		start := time.Now()
		g := pick(name)
		if err := play(g, players, prog); err != nil {
			t.Fatalf("%s: %v", g.Info().Name, err)
		}
		if d := time.Since(start); d > slowInput {
			t.Fatalf("%s: one input took %v", g.Info().Name, d)
		}
	})
}

// options gives each option of g a value chosen by the program: one of its
// listed values, or its default for a free-form one (a file name, which
// FuzzDataFile fuzzes).
func options(g game.Game, p *program) game.Options {
	o := game.Options{}
	for _, spec := range g.Info().Options {
		if len(spec.Values) > 0 {
			o[spec.Name] = spec.Values[int(p.next())%len(spec.Values)]
		}
	}
	return o
}

// player is the state of one program's game.
type player struct {
	g     game.Game
	cfg   game.Config
	s     game.State
	moves []string // the record, as played
	buf   []game.Action
	outs  []game.ChanceOutcome
}

func play(g game.Game, players uint8, prog []byte) error {
	in := g.Info()
	n := in.MinPlayers + int(players)%(in.MaxPlayers-in.MinPlayers+1)
	p := &program{b: prog}
	cfg, err := game.Resolve(g, n, options(g, p))
	if err != nil {
		return fmt.Errorf("Resolve: %v", err)
	}
	s, err := g.New(cfg)
	if err != nil {
		return fmt.Errorf("New(%v): %v", cfg, err)
	}
	pl := &player{g: g, cfg: cfg, s: s}
	for step := 0; p.more() && step < maxSteps; step++ {
		op := p.next() % nOps
		if err := pl.step(op, p); err != nil {
			return fmt.Errorf("players=%d options=%v, after %d moves %q: %v", n, cfg.Options, len(pl.moves), tail(pl.moves), err)
		}
	}
	return pl.checkRecord()
}

func tail(moves []string) []string {
	if len(moves) > 6 {
		return moves[len(moves)-6:]
	}
	return moves
}

func (pl *player) step(op byte, p *program) error {
	s := pl.s
	pl.buf = s.LegalActions(pl.buf)
	legal := pl.buf
	switch op {
	case opLegal, opLegal2, opLegal3:
		if len(legal) == 0 {
			return nil
		}
		i := int(p.next())
		if len(legal) > 256 {
			i = i<<8 | int(p.next())
		}
		return pl.apply(legal[i%len(legal)])
	case opRaw:
		var a game.Action
		switch p.next() % 4 {
		case 0:
			a = game.Action(p.int32())
		case 1:
			if len(legal) > 0 {
				a = legal[int(p.next())%len(legal)]
			}
			a += game.Action(int8(p.next()))
		case 2:
			a = -1 - game.Action(p.next())
		case 3:
			a = game.Action(1<<30) + game.Action(p.next())
		}
		return pl.try(a, fmt.Sprintf("action %d", a))
	case opText:
		return pl.parse(p.text())
	case opMutate:
		if len(legal) == 0 {
			return pl.parse(p.text())
		}
		str := s.ActionString(legal[int(p.next())%len(legal)])
		return pl.parse(mutate(str, p))
	case opViews:
		return pl.views()
	case opClone:
		c := s.Clone()
		if !gametest.Equal(s, c) {
			return fmt.Errorf("Clone is not equal to the original")
		}
		if _, ok := c.(game.Copier); ok {
			fresh, err := pl.g.New(pl.cfg)
			if err != nil {
				return err
			}
			fresh.(game.Copier).CopyFrom(s)
			if !gametest.Equal(s, fresh) {
				return fmt.Errorf("CopyFrom does not make an equal state")
			}
		}
	}
	return nil
}

// apply plays a legal action, which must be accepted, and checks that its
// notation reads back.
func (pl *player) apply(a game.Action) error {
	s := pl.s
	str := s.ActionString(a)
	if str == "" {
		return fmt.Errorf("legal action %d has empty notation", a)
	}
	back, err := s.ParseAction(str)
	if err != nil {
		return fmt.Errorf("ParseAction(ActionString(%d) = %q): %v", a, str, err)
	}
	if back != a {
		return fmt.Errorf("ParseAction(%q) = %d, want %d", str, back, a)
	}
	if pn, ok := s.(game.PublicNotationer); ok && pn.PublicActionString(a) == "" {
		return fmt.Errorf("legal action %q has empty public notation", str)
	}
	note := record.Notation(s, a)
	if err := s.Apply(a); err != nil {
		return fmt.Errorf("legal action %q rejected: %v", str, err)
	}
	pl.moves = append(pl.moves, note)
	return nil
}

// try applies a, which may or may not be legal: a legal action is played,
// any other must be refused with an error and change nothing.
func (pl *player) try(a game.Action, what string) error {
	s := pl.s
	if slices.Contains(s.LegalActions(pl.buf), a) {
		return pl.apply(a)
	}
	before := s.Clone()
	err := s.Apply(a)
	switch {
	case err == nil:
		return fmt.Errorf("%s is not legal, but Apply accepted it", what)
	case strings.TrimSpace(err.Error()) == "":
		return fmt.Errorf("%s: Apply refused it with an empty error", what)
	case !gametest.Equal(s, before):
		return fmt.Errorf("%s: Apply refused it (%v) but changed the state", what, err)
	}
	return nil
}

// parse reads text as a move and applies what it reads.
func (pl *player) parse(text string) error {
	s := pl.s
	before := s.Clone()
	a, err := s.ParseAction(text)
	if !gametest.Equal(s, before) {
		return fmt.Errorf("ParseAction(%q) changed the state", text)
	}
	if err != nil {
		if !namesInput(err.Error(), text) {
			return fmt.Errorf("ParseAction(%q): the error %q does not name the text it refused", text, err)
		}
		return nil
	}
	return pl.try(a, fmt.Sprintf("%q (action %d)", text, a))
}

// namesInput reports whether an error message about text says which text
// it was: it quotes the text, or one of its words (a parser may quote only
// the word it could not read, such as a bad square), or says the text was
// empty or blank. Case and the escaping of %q are forgiven.
func namesInput(msg, text string) bool {
	if strings.TrimSpace(msg) == "" {
		return false
	}
	lmsg := strings.ToLower(msg)
	if strings.TrimSpace(text) == "" {
		return strings.Contains(lmsg, "empty") || strings.Contains(lmsg, "blank") || strings.Contains(lmsg, strings.ToLower(strconv.Quote(text)))
	}
	forms := []string{text, strconv.Quote(text), strconv.QuoteToASCII(text), strings.TrimSpace(text)}
	forms = append(forms, strings.Fields(text)...)
	for _, w := range strings.Fields(text) {
		forms = append(forms, strconv.Quote(w), strconv.QuoteToASCII(w))
	}
	for _, f := range forms {
		if f == "" {
			continue
		}
		if strings.Contains(lmsg, strings.ToLower(f)) {
			return true
		}
		if q := strconv.Quote(f); strings.Contains(lmsg, strings.ToLower(q[1:len(q)-1])) {
			return true
		}
	}
	return false
}

// mutate changes a notation string the way a person mistypes one, so that
// the parser meets text close to what it accepts.
func mutate(s string, p *program) string {
	b := []byte(s)
	for k := int(p.next() % 3); k >= 0; k-- {
		if len(b) == 0 {
			b = append(b, p.next())
			continue
		}
		i := int(p.next()) % len(b)
		switch p.next() % 8 {
		case 0: // delete a byte
			b = append(b[:i], b[i+1:]...)
		case 1: // insert a byte
			b = append(b[:i], append([]byte{p.next()}, b[i:]...)...)
		case 2: // replace a byte
			b[i] = p.next()
		case 3: // upper case
			b = []byte(strings.ToUpper(string(b)))
		case 4: // a digit changed, often a coordinate out of range
			b[i] = '0' + p.next()%10
		case 5: // cut short
			b = b[:i]
		case 6: // spaces around
			b = []byte("  " + string(b) + " \t")
		case 7: // a word repeated
			w := strings.Fields(string(b))
			if len(w) > 0 {
				b = append(b, ' ')
				b = append(b, w[int(p.next())%len(w)]...)
			}
		}
	}
	return string(b)
}

// views checks every seat's and the spectator's observation and
// rendering.
func (pl *player) views() error {
	s := pl.s
	before := s.Clone()
	for v := game.Spectator; int(v) < pl.cfg.Players; v++ {
		if v == game.Chance || v == game.Terminal {
			continue
		}
		if _, err := json.Marshal(s.Observation(v)); err != nil {
			return fmt.Errorf("Observation(%v) does not marshal: %v", v, err)
		}
		r := s.Render(v)
		if r == "" {
			return fmt.Errorf("Render(%v) is empty", v)
		}
		if !utf8.ValidString(r) {
			return fmt.Errorf("Render(%v) is not valid UTF-8", v)
		}
	}
	if ret := s.Returns(nil); len(ret) != pl.cfg.Players {
		return fmt.Errorf("Returns has %d values for %d players", len(ret), pl.cfg.Players)
	}
	if !gametest.Equal(s, before) {
		return fmt.Errorf("Observation, Render or Returns changed the state")
	}
	return nil
}

// checkRecord replays the record of the moves played and compares.
func (pl *player) checkRecord() error {
	rec := &record.Record{Game: pl.g.Info().Name, Players: pl.cfg.Players, Options: pl.cfg.Options, Moves: pl.moves}
	parsed, err := record.Parse(rec.Marshal())
	if err != nil {
		return fmt.Errorf("the record played does not parse: %v", err)
	}
	rep, err := record.Play(parsed, record.Options{})
	if err != nil {
		return fmt.Errorf("the record played does not replay: %v", err)
	}
	if !gametest.Equal(pl.s, rep.State) {
		return fmt.Errorf("the record played replays to another state")
	}
	return nil
}
