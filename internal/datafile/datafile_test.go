package datafile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParserErrorsNameTheFileAndField(t *testing.T) {
	p := Parser{Name: "t.json"}
	for _, tc := range []struct {
		data string
		want string
	}{
		{`{"a": 1,}`, "t.json: bad JSON at line 1, column 10"},
		{`[1]`, "t.json: want an object, got [1]"},
		{`{"a": 1, "a": 2}`, "t.json: a: given twice in the file"},
		{`{"a": 1} {}`, "t.json: bad JSON at line 1, column 11: invalid character '{' after top-level value"},
		{``, "t.json: bad JSON at line 1, column 1: unexpected end of JSON input"},
	} {
		_, err := p.Top([]byte(tc.data))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.data, err, tc.want)
		}
	}
}

func TestFields(t *testing.T) {
	p := Parser{Name: "t.json"}
	read := func(key string, val json.RawMessage, field string) error {
		_, err := p.WholeIn(val, field, 0, 9)
		return err
	}
	names := []string{"x", "y"}
	for _, tc := range []struct{ data, want string }{
		{`{"x": 1, "y": 2}`, ""},
		{`{"x": 1, "z": 2}`, "t.json: f.z: unknown field (fields: x, y)"},
		{`{"x": 1}`, "t.json: f.y: missing"},
		{`{"x": 1, "y": -2}`, "t.json: f.y: -2 is negative"},
		{`{"x": 10, "y": 2}`, "t.json: f.x: 10 is outside 0..9"},
		{`{"x": 1.5, "y": 2}`, "t.json: f.x: want a whole number, got 1.5"},
	} {
		err := p.Fields([]byte(tc.data), "f", names, names, read)
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%s: %q, want %q", tc.data, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%s: accepted, want %q", tc.data, tc.want)
		}
	}
	if _, err := p.Array([]byte(`{"a":1}`), "l"); err == nil || err.Error() != `t.json: l: want a list, got {"a":1}` {
		t.Errorf("Array: %v", err)
	}
	if Index("events", 3) != "events[3]" || Join("", "a") != "a" || Join("a", "b") != "a.b" {
		t.Error("field names")
	}
}

// TestCache: a file is parsed once per name and content; a change of
// content is read again.
func TestCache(t *testing.T) {
	var c Cache[int]
	f := filepath.Join(t.TempDir(), "d.json")
	parses := 0
	parse := func(name string, data []byte) (*int, error) {
		parses++
		n := len(data)
		return &n, nil
	}
	os.WriteFile(f, []byte("abc"), 0o644)
	a, _ := c.Load(f, "the file", parse)
	b, _ := c.Load(f, "the file", parse)
	if *a != 3 || a != b || parses != 1 {
		t.Fatalf("first loads: %d %d, %d parses", *a, *b, parses)
	}
	os.WriteFile(f, []byte("abcd"), 0o644)
	d, _ := c.Load(f, "the file", parse)
	if *d != 4 || parses != 2 {
		t.Fatalf("after a change: %d, %d parses", *d, parses)
	}
	if _, err := c.Load(filepath.Join(t.TempDir(), "none"), "the file", parse); err == nil || !strings.Contains(err.Error(), "cannot read the file") {
		t.Errorf("missing file: %v", err)
	}
}

func TestTable(t *testing.T) {
	parses := 0
	tb := Table[int]{Name: "e.json", What: "the table", Data: []byte("12345"), Parse: func(name string, data []byte) (*int, error) {
		parses++
		n := len(data)
		return &n, nil
	}}
	if tb.Default() != 5 || tb.Default() != 5 || parses != 1 {
		t.Fatalf("embedded: parsed %d times", parses)
	}
	f := filepath.Join(t.TempDir(), "d.json")
	os.WriteFile(f, []byte("ab"), 0o644)
	if v, err := tb.Load(f); err != nil || *v != 2 {
		t.Fatalf("file: %v, %v", v, err)
	}
}

// Hash names a table by its content: the embedded one for the empty name,
// a file's own otherwise, the same content the same hash.
func TestTableHash(t *testing.T) {
	tb := Table[int]{Name: "e.json", What: "the table", Data: []byte("12345")}
	dir := t.TempDir()
	same, other := filepath.Join(dir, "same.json"), filepath.Join(dir, "other.json")
	os.WriteFile(same, []byte("12345"), 0o644)
	os.WriteFile(other, []byte("12346"), 0o644)
	embedded, err := tb.Hash("")
	if err != nil {
		t.Fatal(err)
	}
	// sha256("12345"), from sha256sum.
	if want := "5994471abb01112afcc18159f6cc74b4f511b99806da59b3caf5a9c173cacfc5"; embedded != want {
		t.Errorf("embedded: %s, want %s", embedded, want)
	}
	if h, err := tb.Hash(same); err != nil || h != embedded {
		t.Errorf("a file with the embedded content: %s, %v; want %s", h, err, embedded)
	}
	if h, err := tb.Hash(other); err != nil || h == embedded || len(h) != 64 {
		t.Errorf("a file with other content: %s, %v", h, err)
	}
	if _, err := tb.Hash(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "cannot read the table") || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("a missing file: %v", err)
	}
}
