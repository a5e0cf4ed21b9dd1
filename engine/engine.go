package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// Options adjust Serve; a zero field takes its default.
type Options struct {
	// MaxLine is the longest request line read, in bytes (default
	// DefaultMaxLine). A longer line is skipped to its end and answered
	// with an error.
	MaxLine int
	// MaxStates bounds the states held at once (default
	// DefaultMaxStates); a new or clone beyond it is refused.
	MaxStates int
}

// The defaults of Options.
const (
	DefaultMaxLine   = 1 << 20
	DefaultMaxStates = 1 << 20
)

// entry is one state handle: the state and what the record, the
// information state and undo need.
type entry struct {
	g       game.Game
	info    game.Info
	cfg     game.Config
	seed    uint64
	initial game.State
	s       game.State
	pcg     rand.PCG // the draws of op sample without a seed
	rng     *rand.Rand
	history []game.Action
}

func (e *entry) clone() *entry {
	c := &entry{g: e.g, info: e.info, cfg: e.cfg, seed: e.seed, initial: e.initial, s: e.s.Clone(), pcg: e.pcg}
	c.rng = rand.New(&c.pcg)
	c.history = append(make([]game.Action, 0, cap(e.history)), e.history...)
	return c
}

// server is one Serve call's state.
type server struct {
	ctx     context.Context
	opt     Options
	states  map[int64]*entry
	next    int64
	req     request
	out     []byte
	actions []game.Action
	chance  []game.ChanceOutcome
	returns []float64
	tensor  []float32
}

// Serve answers the requests read from in, one JSON object a line, with
// one JSON line each on out, until in ends (nil) or ctx is done (its
// error). No input makes it fail: a bad request is answered with an
// error line. It returns the error of a failed read or write.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opt Options) error {
	if opt.MaxLine <= 0 {
		opt.MaxLine = DefaultMaxLine
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	sv := &server{ctx: ctx, opt: opt, states: map[int64]*entry{}, next: 1}
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	var long []byte
	for {
		if err := ctx.Err(); err != nil {
			w.Flush()
			return err
		}
		line, err := r.ReadSlice('\n')
		tooLong := false
		if err == bufio.ErrBufferFull {
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = r.ReadSlice('\n')
				if len(long) <= opt.MaxLine {
					long = append(long, line...)
				}
			}
			if len(long) > opt.MaxLine {
				tooLong = true
			}
			line = long
		}
		if len(line) > opt.MaxLine+2 && len(trimLine(line)) > opt.MaxLine {
			tooLong = true
		}
		if err != nil && err != io.EOF {
			w.Flush()
			return err
		}
		body := trimLine(line)
		switch {
		case tooLong:
			sv.out = sv.out[:0]
			sv.out = append(sv.out, `{"id":null,"error":"request line too long: over `...)
			sv.out = strconv.AppendInt(sv.out, int64(opt.MaxLine), 10)
			sv.out = append(sv.out, ` bytes (the line was skipped)"}`+"\n"...)
		case len(body) == 0:
			sv.out = sv.out[:0]
		default:
			sv.handle(body)
		}
		if len(long) > opt.MaxLine*2 || cap(long) > 4*opt.MaxLine {
			long = nil
		}
		if _, werr := w.Write(sv.out); werr != nil {
			return werr
		}
		if err == io.EOF {
			return w.Flush()
		}
		if r.Buffered() == 0 {
			if werr := w.Flush(); werr != nil {
				return werr
			}
		}
	}
}

func trimLine(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

// handle answers one request line into sv.out.
func (sv *server) handle(line []byte) {
	req := &sv.req
	err := parse(line, req)
	sv.out = sv.out[:0]
	sv.out = append(sv.out, `{"id":`...)
	if req.id == nil {
		sv.out = append(sv.out, "null"...)
	} else {
		sv.out = append(sv.out, req.id...)
	}
	mark := len(sv.out)
	if err == nil {
		err = sv.dispatch(req)
	}
	if err != nil {
		sv.out = sv.out[:mark]
		sv.out = append(sv.out, `,"error":`...)
		sv.out = appendString(sv.out, err.Error())
	}
	sv.out = append(sv.out, "}\n"...)
}

// errorf names the op in an error.
func opError(op string, err error) error { return fmt.Errorf("%s: %w", op, err) }

func (sv *server) dispatch(req *request) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%s: internal error (please report it): %v: %s", req.op, v, firstFrames(debug.Stack()))
		}
	}()
	op := req.op
	h, ok := handlers[op]
	if !ok {
		return fmt.Errorf("unknown op %q (ops: %s)", op, opNames)
	}
	if err := h(sv, req); err != nil {
		return opError(op, err)
	}
	return nil
}

func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 12 {
		lines = lines[:12]
	}
	return strings.Join(lines, " | ")
}

var handlers map[string]func(*server, *request) error

const opNames = "games, new, clone, free, legal, apply, chance, sample, player, terminal, returns, status, observation, information_state, resample, undo, record, bot, shape"

func init() {
	handlers = map[string]func(*server, *request) error{
		"games":             (*server).opGames,
		"new":               (*server).opNew,
		"clone":             (*server).opClone,
		"free":              (*server).opFree,
		"legal":             (*server).opLegal,
		"apply":             (*server).opApply,
		"chance":            (*server).opChance,
		"sample":            (*server).opSample,
		"player":            (*server).opPlayer,
		"terminal":          (*server).opTerminal,
		"returns":           (*server).opReturns,
		"status":            (*server).opStatus,
		"observation":       (*server).opObservation,
		"information_state": (*server).opInfoState,
		"resample":          (*server).opResample,
		"undo":              (*server).opUndo,
		"record":            (*server).opRecord,
		"bot":               (*server).opBot,
		"shape":             (*server).opShape,
	}
}

// need reports the first of the named fields a request lacks.
func need(req *request, fields ...string) error {
	for _, f := range fields {
		var has bool
		switch f {
		case "state":
			has = req.hasState
		case "game":
			has = req.hasGame
		case "seat":
			has = req.hasSeat
		case "bot":
			has = req.hasBot
		}
		if !has {
			return fmt.Errorf("missing field %q", f)
		}
	}
	return nil
}

func (sv *server) entry(req *request) (*entry, error) {
	if !req.hasState {
		return nil, errors.New(`missing field "state" (a handle from new or clone)`)
	}
	e, ok := sv.states[req.state]
	if !ok {
		return nil, fmt.Errorf("unknown state %d (freed, or never made by new, clone or resample)", req.state)
	}
	return e, nil
}

func (sv *server) add(e *entry) (int64, error) {
	if len(sv.states) >= sv.opt.MaxStates {
		return 0, fmt.Errorf("too many states: %d held (free some)", len(sv.states))
	}
	h := sv.next
	sv.next++
	sv.states[h] = e
	return h, nil
}

// viewer reads the request's seat: a seat of the state's game, or the
// spectator.
func viewer(req *request, e *entry) (game.Player, error) {
	if !req.hasSeat {
		return 0, errors.New(`missing field "seat" (a seat from 1, or "spectator")`)
	}
	if req.seatSpectator {
		return game.Spectator, nil
	}
	if req.seat < 1 || req.seat > int64(e.cfg.Players) {
		return 0, fmt.Errorf("seat %d: want a seat from 1 to %d, or \"spectator\"", req.seat, e.cfg.Players)
	}
	return game.PlayerOfSeat(int(req.seat)), nil
}

// key appends ,"name": to the answer.
func (sv *server) key(name string) {
	sv.out = append(sv.out, ',', '"')
	sv.out = append(sv.out, name...)
	sv.out = append(sv.out, '"', ':')
}

func (sv *server) appendPlayer(p game.Player) {
	if p < 0 {
		sv.out = append(sv.out, '"')
		sv.out = append(sv.out, p.String()...)
		sv.out = append(sv.out, '"')
		return
	}
	sv.out = strconv.AppendInt(sv.out, int64(p.Seat()), 10)
}

func (sv *server) opGames(req *request) error {
	type gameInfo struct {
		game.Info
		Shape   []int `json:"observation_shape,omitempty"`
		Actions int   `json:"num_distinct_actions,omitempty"`
	}
	var list []gameInfo
	for _, g := range game.Games() {
		gi := gameInfo{Info: g.Info()}
		if s, err := game.NewState(g, gi.MinPlayers, nil); err == nil {
			if t, ok := s.(game.Tensorer); ok {
				gi.Shape, gi.Actions = t.ObservationShape(), t.NumDistinctActions()
			}
		}
		list = append(list, gi)
	}
	data, err := json.Marshal(list)
	if err != nil {
		return err
	}
	sv.key("games")
	sv.out = append(sv.out, data...)
	return nil
}

func (sv *server) opNew(req *request) error {
	if err := need(req, "game"); err != nil {
		return err
	}
	g, err := game.Find(req.game)
	if err != nil {
		return err
	}
	in := g.Info()
	players := int(req.players)
	if !req.hasPlayers {
		players = in.MinPlayers
	}
	opts := game.Options{}
	for _, o := range req.options {
		opts[o[0]] = o[1]
	}
	cfg, err := game.Resolve(g, players, opts)
	if err != nil {
		return err
	}
	s, err := g.New(cfg)
	if err != nil {
		return err
	}
	seed := req.seed
	if req.seed > record.MaxSeed {
		return fmt.Errorf("seed %d: want at most %d", req.seed, uint64(record.MaxSeed))
	}
	e := &entry{g: g, info: in, cfg: cfg, seed: seed, initial: s.Clone(), s: s}
	e.pcg = *rand.NewPCG(seed, 0x636f6d6d6f6e73)
	e.rng = rand.New(&e.pcg)
	h, err := sv.add(e)
	if err != nil {
		return err
	}
	sv.key("state")
	sv.out = strconv.AppendInt(sv.out, h, 10)
	sv.key("game")
	sv.out = appendString(sv.out, in.Name)
	sv.key("players")
	sv.out = strconv.AppendInt(sv.out, int64(players), 10)
	sv.key("player")
	sv.appendPlayer(s.CurrentPlayer())
	return nil
}

func (sv *server) opClone(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	h, err := sv.add(e.clone())
	if err != nil {
		return err
	}
	sv.key("state")
	sv.out = strconv.AppendInt(sv.out, h, 10)
	return nil
}

func (sv *server) opFree(req *request) error {
	if _, err := sv.entry(req); err != nil {
		return err
	}
	delete(sv.states, req.state)
	return nil
}

func (sv *server) opLegal(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.actions = e.s.LegalActions(sv.actions)
	sv.key("actions")
	sv.out = appendList(sv.out, sv.actions, func(out []byte, a game.Action) []byte { return strconv.AppendInt(out, int64(a), 10) })
	sv.key("moves")
	sv.out = appendList(sv.out, sv.actions, func(out []byte, a game.Action) []byte { return appendString(out, e.s.ActionString(a)) })
	return nil
}

// action reads the request's action: by id, or by notation.
func (sv *server) action(req *request, e *entry) (game.Action, error) {
	switch {
	case req.hasAction && req.hasMove:
		return 0, errors.New(`give "action" or "move", not both`)
	case req.hasAction:
		if req.action < 0 || req.action > 1<<31-1 {
			return 0, fmt.Errorf("action %d: want a non-negative action id", req.action)
		}
		return game.Action(req.action), nil
	case req.hasMove:
		m := req.move
		if e.s.CurrentPlayer() == game.Chance {
			m = strings.TrimPrefix(m, record.ChancePrefix)
		}
		a, err := e.s.ParseAction(m)
		if err != nil {
			return 0, fmt.Errorf("move %q: %v", req.move, err)
		}
		return a, nil
	}
	return 0, errors.New(`missing field "action" (an id from legal or chance) or "move" (notation)`)
}

// play applies a to e, checking it is legal or a possible outcome.
func (sv *server) play(e *entry, a game.Action) error {
	p := e.s.CurrentPlayer()
	if p == game.Terminal {
		return errors.New("the game is over")
	}
	if p == game.Chance {
		sv.chance = e.s.ChanceOutcomes(sv.chance)
		found := false
		for _, o := range sv.chance {
			if o.Action == a {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("action %d is not a chance outcome here", a)
		}
	}
	if err := e.s.Apply(a); err != nil {
		return fmt.Errorf("action %d (%s): %v", a, e.s.ActionString(a), err)
	}
	e.history = append(e.history, a)
	return nil
}

func (sv *server) opApply(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	a, err := sv.action(req, e)
	if err != nil {
		return err
	}
	if err := sv.play(e, a); err != nil {
		return err
	}
	sv.key("player")
	sv.appendPlayer(e.s.CurrentPlayer())
	return nil
}

func (sv *server) opChance(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.chance = e.s.ChanceOutcomes(sv.chance)
	sv.key("actions")
	sv.out = appendList(sv.out, sv.chance, func(out []byte, o game.ChanceOutcome) []byte { return strconv.AppendInt(out, int64(o.Action), 10) })
	sv.key("probs")
	sv.out = appendList(sv.out, sv.chance, func(out []byte, o game.ChanceOutcome) []byte { return strconv.AppendFloat(out, o.P, 'g', -1, 64) })
	sv.key("moves")
	sv.out = appendList(sv.out, sv.chance, func(out []byte, o game.ChanceOutcome) []byte { return appendString(out, e.s.ActionString(o.Action)) })
	return nil
}

func (sv *server) opSample(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	if e.s.CurrentPlayer() != game.Chance {
		return fmt.Errorf("not a chance node: %v is to move", e.s.CurrentPlayer())
	}
	r := e.rng
	if req.hasSeed {
		r = game.NewRand(req.seed)
	}
	sv.chance = e.s.ChanceOutcomes(sv.chance)
	a := game.SampleOutcome(sv.chance, r)
	move := e.s.ActionString(a)
	sv.key("action")
	sv.out = strconv.AppendInt(sv.out, int64(a), 10)
	sv.key("move")
	sv.out = appendString(sv.out, move)
	if req.apply {
		if err := sv.play(e, a); err != nil {
			return err
		}
		sv.key("player")
		sv.appendPlayer(e.s.CurrentPlayer())
	}
	return nil
}

func (sv *server) opPlayer(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.key("player")
	sv.appendPlayer(e.s.CurrentPlayer())
	return nil
}

func (sv *server) opTerminal(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.key("terminal")
	sv.out = strconv.AppendBool(sv.out, game.IsTerminal(e.s))
	return nil
}

func (sv *server) appendReturns(e *entry) {
	sv.returns = e.s.Returns(sv.returns)
	sv.key("returns")
	sv.out = appendList(sv.out, sv.returns, func(out []byte, r float64) []byte { return strconv.AppendFloat(out, r, 'g', -1, 64) })
}

func (sv *server) opReturns(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.appendReturns(e)
	return nil
}

func (sv *server) opStatus(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	sv.key("player")
	sv.appendPlayer(e.s.CurrentPlayer())
	sv.key("terminal")
	sv.out = strconv.AppendBool(sv.out, game.IsTerminal(e.s))
	sv.appendReturns(e)
	sv.key("moves")
	sv.out = strconv.AppendInt(sv.out, int64(len(e.history)), 10)
	return nil
}

func (sv *server) opObservation(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	p, err := viewer(req, e)
	if err != nil {
		return err
	}
	form := req.form
	if !req.hasForm {
		form = "json"
	}
	switch form {
	case "text":
		sv.key("text")
		sv.out = appendString(sv.out, e.s.Render(p))
	case "json":
		data, err := json.Marshal(e.s.Observation(p))
		if err != nil {
			return fmt.Errorf("the observation does not encode: %v", err)
		}
		sv.key("observation")
		sv.out = append(sv.out, data...)
	case "tensor":
		t, ok := e.s.(game.Tensorer)
		if !ok {
			return fmt.Errorf("%s has no observation tensor", e.info.Name)
		}
		if p == game.Spectator {
			return errors.New(`form "tensor": want a seat, not the spectator`)
		}
		sv.tensor = t.ObservationTensor(p, sv.tensor)
		sv.key("shape")
		sv.appendShape(t.ObservationShape())
		sv.key("tensor")
		sv.out = append(sv.out, '[')
		for i, v := range sv.tensor {
			if i > 0 {
				sv.out = append(sv.out, ',')
			}
			switch v {
			case 0:
				sv.out = append(sv.out, '0')
			case 1:
				sv.out = append(sv.out, '1')
			default:
				sv.out = strconv.AppendFloat(sv.out, float64(v), 'g', -1, 32)
			}
		}
		sv.out = append(sv.out, ']')
	default:
		return fmt.Errorf("form %q: want text, json or tensor", form)
	}
	return nil
}

func (sv *server) appendShape(shape []int) {
	sv.out = appendList(sv.out, shape, func(out []byte, n int) []byte { return strconv.AppendInt(out, int64(n), 10) })
}

func (sv *server) opShape(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	t, ok := e.s.(game.Tensorer)
	if !ok {
		return fmt.Errorf("%s has no observation tensor", e.info.Name)
	}
	sv.key("shape")
	sv.appendShape(t.ObservationShape())
	sv.key("num_distinct_actions")
	sv.out = strconv.AppendInt(sv.out, int64(t.NumDistinctActions()), 10)
	return nil
}

// InformationState returns seat p's information state at the end of
// history played from initial: the moves as p knows them (p's own in
// full, the others' and chance's as everybody may see them:
// record.PublicEntry), one a line, then a blank line and Render(p).
// Two histories p cannot tell apart give the same text.
func InformationState(info game.Info, initial game.State, history []game.Action, p game.Player) (string, error) {
	s := initial.Clone()
	var b strings.Builder
	for i, a := range history {
		mover := s.CurrentPlayer()
		entry := record.Notation(s, a)
		if mover != p || p == game.Spectator {
			entry = record.PublicEntry(info, s, mover, a, entry)
		}
		if mover >= 0 {
			fmt.Fprintf(&b, "%d. seat %d: %s\n", i+1, mover.Seat(), entry)
		} else {
			fmt.Fprintf(&b, "%d. chance: %s\n", i+1, entry)
		}
		if err := s.Apply(a); err != nil {
			return "", fmt.Errorf("move %d: %v", i, err)
		}
	}
	b.WriteString("\n")
	b.WriteString(s.Render(p))
	return b.String(), nil
}

func (sv *server) opInfoState(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	p, err := viewer(req, e)
	if err != nil {
		return err
	}
	text, err := InformationState(e.info, e.initial, e.history, p)
	if err != nil {
		return err
	}
	sv.key("text")
	sv.out = appendString(sv.out, text)
	return nil
}

func (sv *server) opResample(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	p, err := viewer(req, e)
	if err != nil {
		return err
	}
	if p == game.Spectator {
		return errors.New(`want a seat, not the spectator`)
	}
	smp, ok := e.s.(game.Sampler)
	if !ok {
		return fmt.Errorf("%s has no hidden information: every seat sees the whole state (clone it instead)", e.info.Name)
	}
	seed := req.seed
	if !req.hasSeed {
		seed = e.rng.Uint64() & record.MaxSeed
	}
	c := &entry{g: e.g, info: e.info, cfg: e.cfg, seed: e.seed, s: smp.Sample(p, game.NewRand(seed)), pcg: e.pcg}
	c.rng = rand.New(&c.pcg)
	// The sample's history is unknown: it starts afresh, so its record,
	// information state and undo begin at the sample.
	c.initial = c.s.Clone()
	h, err := sv.add(c)
	if err != nil {
		return err
	}
	sv.key("state")
	sv.out = strconv.AppendInt(sv.out, h, 10)
	return nil
}

func (sv *server) opUndo(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	n := req.n
	if !req.hasN {
		n = 1
	}
	p := e.s.CurrentPlayer()
	depth := 0
	if p >= 0 {
		depth, err = game.UndoDepth(e.initial, e.history, p)
		if err != nil {
			return err
		}
	}
	if n < 1 || n > int64(depth) {
		return fmt.Errorf("undo %d moves: %d may be taken back (a seat takes back only its own moves in its turn, never past chance, a card revealed or another seat's move)", n, depth)
	}
	keep := e.history[:len(e.history)-int(n)]
	s := e.initial.Clone()
	for i, a := range keep {
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("replaying move %d: %v", i, err)
		}
	}
	e.s, e.history = s, keep
	sv.key("player")
	sv.appendPlayer(e.s.CurrentPlayer())
	sv.key("undoable")
	sv.out = strconv.AppendInt(sv.out, int64(depth)-n, 10)
	return nil
}

// Record returns the record of e's game: the game, its configuration,
// the seed and every move, chance outcomes written out.
func (e *entry) record() (*record.Record, error) {
	seed := e.seed
	rec := record.New(e.info.Name, e.cfg.Players, e.cfg.Options, &seed)
	rec.Options = nonDefault(e.info, e.cfg.Options)
	s := e.initial.Clone()
	for i, a := range e.history {
		rec.Moves = append(rec.Moves, record.Notation(s, a))
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("move %d: %v", i, err)
		}
	}
	return rec, nil
}

// nonDefault is the options that differ from their defaults, as a
// record written by commons new keeps them; nil when none does.
func nonDefault(in game.Info, opts game.Options) game.Options {
	var out game.Options
	for _, spec := range in.Options {
		if v, ok := opts[spec.Name]; ok && v != spec.Default {
			if out == nil {
				out = game.Options{}
			}
			out[spec.Name] = v
		}
	}
	return out
}

func (sv *server) opRecord(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	if e.initial == nil {
		return errors.New("no record")
	}
	rec, err := e.record()
	if err != nil {
		return err
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	sv.key("record")
	sv.out = append(sv.out, data...)
	return nil
}

func (sv *server) opBot(req *request) error {
	e, err := sv.entry(req)
	if err != nil {
		return err
	}
	if err := need(req, "bot"); err != nil {
		return err
	}
	p := e.s.CurrentPlayer()
	if p < 0 {
		return fmt.Errorf("no seat is to move: the state is at %v", p)
	}
	spec := req.bot
	if ls, ok := bot.LevelSpec(spec, e.s); ok {
		spec = ls
	}
	sp, err := bot.ParseFor(spec, e.info)
	if err != nil {
		return fmt.Errorf("bot %q: %v", req.bot, err)
	}
	seed := req.seed
	if !req.hasSeed {
		seed = e.rng.Uint64() & record.MaxSeed
	}
	b, err := bot.NewFromSpec(sp, seed)
	if err != nil {
		return fmt.Errorf("bot %q: %v", req.bot, err)
	}
	a, err := b.Act(sv.ctx, e.s)
	if err != nil {
		return fmt.Errorf("bot %q: %v", req.bot, err)
	}
	sv.key("action")
	sv.out = strconv.AppendInt(sv.out, int64(a), 10)
	sv.key("move")
	sv.out = appendString(sv.out, e.s.ActionString(a))
	if req.apply {
		if err := sv.play(e, a); err != nil {
			return err
		}
		sv.key("player")
		sv.appendPlayer(e.s.CurrentPlayer())
	}
	return nil
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x80 {
			continue
		}
		if c >= 0x80 {
			continue // valid UTF-8 passes through
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendList appends xs as a JSON array to out, each element written by
// item.
func appendList[T any](out []byte, xs []T, item func([]byte, T) []byte) []byte {
	out = append(out, '[')
	for i, x := range xs {
		if i > 0 {
			out = append(out, ',')
		}
		out = item(out, x)
	}
	return append(out, ']')
}
