package engine

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// request is one parsed request line. Fields absent from the line keep
// their zero value and their has flag false.
type request struct {
	id      []byte // the id's JSON text, echoed verbatim; nil when absent
	op      string
	game    string
	players int64
	options [][2]string
	seed    uint64
	state   int64
	action  int64
	move    string
	seat    int64 // 1-based; 0 with seatSpectator for a spectator
	bot     string
	form    string
	n       int64

	hasGame, hasPlayers, hasOptions, hasSeed, hasState, hasAction bool
	hasMove, hasSeat, hasBot, hasForm, hasN, hasApply             bool
	seatSpectator, apply                                          bool

	scratch []byte // for unescaping strings
}

func (r *request) reset() {
	sc, opts := r.scratch[:0], r.options[:0]
	*r = request{scratch: sc, options: opts}
}

// parser reads one JSON object of the protocol's request fields.
type parser struct {
	b   []byte
	i   int
	req *request
}

var errSyntax = errors.New("malformed JSON")

func (p *parser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\r', '\n':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) errf(format string, args ...any) error {
	return fmt.Errorf("malformed request at byte %d: "+format, append([]any{p.i}, args...)...)
}

// parse reads the request in line into req.
func parse(line []byte, req *request) error {
	req.reset()
	p := parser{b: line, req: req}
	p.ws()
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return p.errf("want a JSON object {...}")
	}
	p.i++
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
	} else {
		for {
			p.ws()
			key, err := p.str()
			if err != nil {
				return err
			}
			p.ws()
			if p.i >= len(p.b) || p.b[p.i] != ':' {
				return p.errf("want ':' after the key %q", key)
			}
			p.i++
			p.ws()
			if err := p.field(key); err != nil {
				return err
			}
			p.ws()
			if p.i >= len(p.b) {
				return p.errf("the object is not closed")
			}
			if p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.b[p.i] == '}' {
				p.i++
				break
			}
			return p.errf("want ',' or '}' after a value, found %q", p.b[p.i])
		}
	}
	p.ws()
	if p.i != len(p.b) {
		return p.errf("data after the object")
	}
	if req.op == "" {
		return errors.New(`missing field "op"`)
	}
	return nil
}

// field reads the value of one key.
func (p *parser) field(key string) error {
	r := p.req
	var err error
	switch key {
	case "id":
		start := p.i
		if err = p.skip(0); err == nil {
			r.id = p.b[start:p.i]
			if c := r.id[0]; c == '{' || c == '[' {
				return fmt.Errorf(`field "id": want a number or a string`)
			}
		}
	case "op":
		r.op, err = p.strField(key)
	case "game":
		r.game, err = p.strField(key)
		r.hasGame = true
	case "move":
		r.move, err = p.strField(key)
		r.hasMove = true
	case "bot":
		r.bot, err = p.strField(key)
		r.hasBot = true
	case "form":
		r.form, err = p.strField(key)
		r.hasForm = true
	case "players":
		r.players, err = p.intField(key)
		r.hasPlayers = true
	case "state":
		r.state, err = p.intField(key)
		r.hasState = true
	case "action":
		r.action, err = p.intField(key)
		r.hasAction = true
	case "n":
		r.n, err = p.intField(key)
		r.hasN = true
	case "seed":
		var n int64
		n, err = p.intField(key)
		if err == nil && n < 0 {
			err = fmt.Errorf(`field "seed": %d: want a whole number from 0 to %d`, n, int64(1<<53-1))
		}
		r.seed = uint64(n)
		r.hasSeed = true
	case "seat":
		r.hasSeat = true
		if p.i < len(p.b) && p.b[p.i] == '"' {
			var s string
			s, err = p.str()
			if err == nil && s != "spectator" {
				err = fmt.Errorf(`field "seat": %q: want a seat number from 1 or "spectator"`, s)
			}
			r.seatSpectator = true
		} else {
			r.seat, err = p.intField(key)
		}
	case "apply":
		r.apply, err = p.boolField(key)
		r.hasApply = true
	case "options":
		err = p.options()
		r.hasOptions = true
	default:
		return fmt.Errorf("unknown field %q (fields: id, op, game, players, options, seed, state, action, move, seat, form, bot, n, apply)", key)
	}
	return err
}

func (p *parser) typeName() string {
	if p.i >= len(p.b) {
		return "nothing"
	}
	switch c := p.b[p.i]; {
	case c == '"':
		return "a string"
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || (c >= '0' && c <= '9'):
		return "a number"
	}
	return "something that is not JSON"
}

func (p *parser) strField(key string) (string, error) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", fmt.Errorf("field %q: want a string, not %s", key, p.typeName())
	}
	return p.str()
}

func (p *parser) boolField(key string) (bool, error) {
	switch {
	case hasPrefix(p.b[p.i:], "true"):
		p.i += 4
		return true, nil
	case hasPrefix(p.b[p.i:], "false"):
		p.i += 5
		return false, nil
	}
	return false, fmt.Errorf("field %q: want true or false, not %s", key, p.typeName())
}

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// intField reads a whole number that fits in 53 bits (exact in a float64,
// so any JSON client can send it).
func (p *parser) intField(key string) (int64, error) {
	start := p.i
	if p.typeName() != "a number" {
		return 0, fmt.Errorf("field %q: want a whole number, not %s", key, p.typeName())
	}
	if err := p.number(); err != nil {
		return 0, fmt.Errorf("field %q: %v", key, err)
	}
	for _, c := range p.b[start:p.i] {
		if c == '.' || c == 'e' || c == 'E' {
			return 0, fmt.Errorf("field %q: want a whole number, not a fraction", key)
		}
	}
	n, err := strconv.ParseInt(string(p.b[start:p.i]), 10, 64)
	if err != nil || n > 1<<53-1 || n < -(1<<53-1) {
		return 0, fmt.Errorf("field %q: %s is out of range (at most 2^53-1)", key, p.b[start:p.i])
	}
	return n, nil
}

func (p *parser) options() error {
	if p.i < len(p.b) && p.b[p.i] == 'n' && hasPrefix(p.b[p.i:], "null") {
		p.i += 4
		return nil
	}
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return fmt.Errorf(`field "options": want an object of strings, not %s`, p.typeName())
	}
	p.i++
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return nil
	}
	for {
		p.ws()
		k, err := p.str()
		if err != nil {
			return err
		}
		p.ws()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return p.errf("want ':' after the option %q", k)
		}
		p.i++
		p.ws()
		var v string
		if p.i < len(p.b) && p.b[p.i] != '"' {
			// A number or a boolean is taken as its text: {"compensation": 7}.
			start := p.i
			if p.typeName() != "a number" && p.typeName() != "a boolean" {
				return fmt.Errorf("option %q: want a string, not %s", k, p.typeName())
			}
			if err := p.skip(0); err != nil {
				return err
			}
			v = string(p.b[start:p.i])
		} else if v, err = p.str(); err != nil {
			return err
		}
		for _, o := range p.req.options {
			if o[0] == k {
				return fmt.Errorf("option %q given twice", k)
			}
		}
		p.req.options = append(p.req.options, [2]string{k, v})
		p.ws()
		if p.i >= len(p.b) {
			return p.errf(`field "options": the object is not closed`)
		}
		if p.b[p.i] == ',' {
			p.i++
			continue
		}
		if p.b[p.i] == '}' {
			p.i++
			return nil
		}
		return p.errf(`field "options": want ',' or '}', found %q`, p.b[p.i])
	}
}

// str reads a JSON string.
func (p *parser) str() (string, error) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", p.errf("want a string, not %s", p.typeName())
	}
	p.i++
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		if c == '"' {
			s := string(p.b[start:p.i])
			p.i++
			if !utf8.ValidString(s) {
				return "", p.errf("a string is not UTF-8")
			}
			return s, nil
		}
		if c == '\\' {
			return p.strSlow(start)
		}
		if c < 0x20 {
			return "", p.errf("a control character in a string")
		}
		p.i++
	}
	return "", p.errf("a string is not closed")
}

// strSlow reads the rest of a string with escapes, from start.
func (p *parser) strSlow(start int) (string, error) {
	buf := append(p.req.scratch[:0], p.b[start:p.i]...)
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			p.req.scratch = buf
			if !utf8.Valid(buf) {
				return "", p.errf("a string is not UTF-8")
			}
			return string(buf), nil
		case c < 0x20:
			return "", p.errf("a control character in a string")
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		p.i++
		if p.i >= len(p.b) {
			break
		}
		e := p.b[p.i]
		p.i++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", p.errf(`a bad \u escape`)
			}
			if r >= 0xD800 && r < 0xDC00 && hasPrefix(p.b[p.i:], `\u`) {
				p.i += 2
				r2, ok := p.hex4()
				if !ok {
					return "", p.errf(`a bad \u escape`)
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
				if r2 < 0xDC00 || r2 >= 0xE000 {
					r = utf8.RuneError
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", p.errf("a bad escape \\%c", e)
		}
	}
	return "", p.errf("a string is not closed")
}

func (p *parser) hex4() (rune, bool) {
	if p.i+4 > len(p.b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// skip passes over any JSON value, checking its syntax; depth bounds
// nesting.
func (p *parser) skip(depth int) error {
	if depth > 64 {
		return p.errf("nested too deep")
	}
	p.ws()
	if p.i >= len(p.b) {
		return p.errf("want a value")
	}
	switch c := p.b[p.i]; {
	case c == '"':
		_, err := p.str()
		return err
	case c == '{' || c == '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		p.i++
		p.ws()
		if p.i < len(p.b) && p.b[p.i] == closer {
			p.i++
			return nil
		}
		for {
			p.ws()
			if c == '{' {
				if _, err := p.str(); err != nil {
					return err
				}
				p.ws()
				if p.i >= len(p.b) || p.b[p.i] != ':' {
					return p.errf("want ':'")
				}
				p.i++
			}
			if err := p.skip(depth + 1); err != nil {
				return err
			}
			p.ws()
			if p.i >= len(p.b) {
				return p.errf("not closed")
			}
			if p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.b[p.i] == closer {
				p.i++
				return nil
			}
			return p.errf("want ',' or %q", closer)
		}
	case hasPrefix(p.b[p.i:], "true"):
		p.i += 4
	case hasPrefix(p.b[p.i:], "false"):
		p.i += 5
	case hasPrefix(p.b[p.i:], "null"):
		p.i += 4
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		return p.errf("want a value, found %q", c)
	}
	return nil
}

// number passes over a JSON number, checking its grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *parser) number() error {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	first := p.i
	if n := digits(); n == 0 || (n > 1 && p.b[first] == '0') {
		return p.errf("a bad number %q", p.b[start:p.i])
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return p.errf("a bad number %q", p.b[start:p.i])
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return p.errf("a bad number %q", p.b[start:p.i])
		}
	}
	return nil
}
