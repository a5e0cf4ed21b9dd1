// Package datafile reads the JSON data files designers write for the
// games (3io's tile table, Open Science Alliance's cards, Open Source's
// tiles and cards) strictly and with errors a designer can act on: every
// error names the file and the field ("cards.json: events[3].resources.blue:
// -1 is negative"), objects keep their members in order, and a key given
// twice is refused instead of the last one silently winning, as
// encoding/json would let it.
//
// It also keeps the files already read, by name and content, so that a
// game made many times from one designer's file checks it once.
package datafile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Parser reads one file. Name is how errors call it.
type Parser struct{ Name string }

// Member is one member of a JSON object.
type Member struct {
	Key string
	Val json.RawMessage
}

// Errorf returns an error naming the file and the field (which may be
// empty for the file as a whole).
func (p Parser) Errorf(field, format string, args ...any) error {
	if field == "" {
		return fmt.Errorf("%s: %s", p.Name, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("%s: %s: %s", p.Name, field, fmt.Sprintf(format, args...))
}

// Top checks that data is one JSON value, saying where the syntax breaks,
// and returns the members of the object it must be.
func (p Parser) Top(data []byte) ([]Member, error) {
	var probe any
	if err := json.Unmarshal(data, &probe); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := lineCol(data, se.Offset)
			return nil, p.Errorf("", "bad JSON at line %d, column %d: %v", line, col, se)
		}
		return nil, p.Errorf("", "bad JSON: %v", err)
	}
	return p.Object(data, "")
}

// Object reads a JSON object keeping its members in order, refusing
// anything else and keys given twice.
func (p Parser) Object(raw []byte, field string) ([]Member, error) {
	name := field
	if name == "" {
		name = "the file"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		return nil, p.Errorf(field, "want an object, got %s", Short(raw))
	}
	var out []Member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, p.Errorf(field, "bad JSON: %v", err)
		}
		key := tok.(string) // object keys are strings once the JSON is valid
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, p.Errorf(Join(field, key), "bad JSON: %v", err)
		}
		for _, m := range out {
			if m.Key == key {
				return nil, p.Errorf(Join(field, key), "given twice in %s", name)
			}
		}
		out = append(out, Member{key, val})
	}
	return out, nil
}

// Fields reads an object whose members are all known: each member's
// value goes to the function of its key, in the file's order, and a key
// without one is refused with the list of the known ones (in the order
// given by names). Required keys that are absent are refused too.
func (p Parser) Fields(raw []byte, field string, names []string, required []string, read func(key string, val json.RawMessage, field string) error) error {
	members, err := p.Object(raw, field)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, m := range members {
		known := false
		for _, n := range names {
			if n == m.Key {
				known = true
			}
		}
		if !known {
			return p.Errorf(Join(field, m.Key), "unknown field (fields: %s)", strings.Join(names, ", "))
		}
		seen[m.Key] = true
		if err := read(m.Key, m.Val, Join(field, m.Key)); err != nil {
			return err
		}
	}
	for _, r := range required {
		if !seen[r] {
			return p.Errorf(Join(field, r), "missing")
		}
	}
	return nil
}

// Array reads a JSON array's elements.
func (p Parser) Array(raw []byte, field string) ([]json.RawMessage, error) {
	s := bytes.TrimSpace(raw)
	if len(s) == 0 || s[0] != '[' {
		return nil, p.Errorf(field, "want a list, got %s", Short(raw))
	}
	var out []json.RawMessage
	if err := json.Unmarshal(s, &out); err != nil {
		return nil, p.Errorf(field, "bad JSON: %v", err)
	}
	return out, nil
}

// Whole reads a JSON integer.
func (p Parser) Whole(raw json.RawMessage, field string) (int, error) {
	s := strings.TrimSpace(string(raw))
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, p.Errorf(field, "want a whole number, got %s", Short(raw))
	}
	return n, nil
}

// WholeIn reads a JSON integer from lo to hi.
func (p Parser) WholeIn(raw json.RawMessage, field string, lo, hi int) (int, error) {
	n, err := p.Whole(raw, field)
	if err != nil {
		return 0, err
	}
	switch {
	case n < 0 && lo >= 0:
		return 0, p.Errorf(field, "%d is negative", n)
	case n < lo || n > hi:
		return 0, p.Errorf(field, "%d is outside %d..%d", n, lo, hi)
	}
	return n, nil
}

// String reads a JSON string.
func (p Parser) String(raw json.RawMessage, field string) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", p.Errorf(field, "want a string, got %s", Short(raw))
	}
	return s, nil
}

// Join names a member of field ("tiles" and "Rock" give "tiles.Rock").
func Join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}

// Index names an element of a list field ("events" and 3 give "events[3]").
func Index(field string, i int) string { return fmt.Sprintf("%s[%d]", field, i) }

// Short quotes a JSON value for an error message, cut if long.
func Short(raw []byte) string {
	var b bytes.Buffer
	s := strings.TrimSpace(string(raw))
	if json.Compact(&b, raw) == nil {
		s = b.String()
	}
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func lineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col = 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// Cache keeps the files a parse function accepted, by file name and
// content, so that a game made once per match or per lab game reads and
// checks a designer's file once. It is safe for concurrent use; the zero
// value is ready.
type Cache[T any] struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]*T
}

// Load reads the named file and returns parse's result for it, from the
// cache when the same name and content were parsed before. what names the
// file in a read error ("the tile table").
func (c *Cache[T]) Load(path, what string, parse func(name string, data []byte) (*T, error)) (*T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		// err names the path already.
		return nil, fmt.Errorf("cannot read %s: %w", what, err)
	}
	h := sha256.New()
	io.WriteString(h, path)
	h.Write([]byte{0})
	h.Write(data)
	var key [sha256.Size]byte
	h.Sum(key[:0])
	c.mu.Lock()
	v := c.m[key]
	c.mu.Unlock()
	if v != nil {
		return v, nil
	}
	v, err = parse(path, data)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[[sha256.Size]byte]*T{}
	}
	// Two games may have parsed the same new file at once: keep the first.
	if first := c.m[key]; first != nil {
		return first, nil
	}
	c.m[key] = v
	return v, nil
}

// Table is a game's data table: an embedded default that a designer's file
// may replace. Its zero value is not ready: give the fields.
type Table[T any] struct {
	// Name is the embedded file's name in errors ("tiles.json"), Data
	// its contents, What how a read error calls a designer's file ("the
	// tile table").
	Name, What string
	Data       []byte
	// Parse reads and checks a table.
	Parse func(name string, data []byte) (*T, error)

	once  sync.Once
	def   *T
	err   error
	cache Cache[T]
}

// Load returns the table in the named file, read once per name and
// content; the empty name means the embedded table. It is safe for
// concurrent use.
func (t *Table[T]) Load(path string) (*T, error) {
	if path == "" {
		t.once.Do(func() { t.def, t.err = t.Parse(t.Name, t.Data) })
		return t.def, t.err
	}
	return t.cache.Load(path, t.What, t.Parse)
}

// Hash returns the SHA-256, in hex, of the content of the named file, or
// of the embedded table for the empty name: what a run spread over hours
// or machines records, to tell when the data under it changed. It does
// not check the table; Load does.
func (t *Table[T]) Hash(path string) (string, error) {
	data := t.Data
	if path != "" {
		var err error
		if data, err = os.ReadFile(path); err != nil {
			return "", fmt.Errorf("cannot read %s: %w", t.What, err)
		}
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Default returns the embedded table. It panics if the embedded table is
// broken, which the game's tests rule out.
func (t *Table[T]) Default() T {
	v, err := t.Load("")
	if err != nil {
		panic(err)
	}
	return *v
}
