// Package record reads, writes and replays game records: a game's
// configuration and its moves in notation, chance outcomes included.
//
// The format is documented in docs/records.md.
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"github.com/commons-games/commons/game"
)

// ChancePrefix starts every chance outcome in a record's moves, so that a
// chance outcome can never be read as a player's move or the other way round.
const ChancePrefix = "*"

// Record is one game: enough to replay it to the same state.
type Record struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options,omitempty"`
	// Seed, when set, decides every chance node the moves leave out.
	Seed *uint64 `json:"seed,omitempty"`
	// Moves are the actions in order, in the game's notation; chance
	// outcomes carry ChancePrefix.
	Moves []string `json:"moves"`
	// End, when set, says how a game ended that its moves do not finish
	// (a resignation, a draw agreed: see End). A game played to its end
	// by its rules has none.
	End *End `json:"end,omitempty"`
	// Variant, when set, names the server's variant the game was played
	// as, and the hash of the data table it played with (see Variant).
	Variant *Variant `json:"variant,omitempty"`
	// Dir is the folder from which a relative path in an option that
	// names a file (game.OptionSpec.Path, such as 3io's tile table) is
	// read: the record file's folder when ReadFile read it, and the
	// working directory when empty (a record from standard input or the
	// network). It is not part of the JSON.
	Dir string `json:"-"`
	// Tables are the options that name a data file (game.OptionSpec.Path)
	// of a record played as a Variant: the variant's files on this
	// machine, given by whoever knows the variant (a server, commons
	// replay --variants DIR; variant.Set.Bind). They take the place of
	// those options in Options when the game is made, and are not part
	// of the JSON: a record never carries a path of the server's.
	Tables game.Options `json:"-"`
}

// Variant names an operator's variant (docs/api.md, "Variants"): a
// named option set whose data tables are files on the server, which a
// record cannot carry. The record's options are the variant's others.
type Variant struct {
	Name string `json:"name"`
	// Data is the SHA-256 of the game's data table the game was played
	// with (game.DataHasher), in hexadecimal; empty for a game without
	// one. A replay with another table is refused.
	Data string `json:"data,omitempty"`
}

// MaxSeed is the largest seed Commons makes up by itself: the largest
// integer a JSON number carries exactly in every language.
const MaxSeed = 1<<53 - 1

// Parse reads a record, rejecting unknown fields and trailing data. Its
// errors speak of the record's fields, not of Go's types, and point to the
// format in docs/records.md.
func Parse(data []byte) (*Record, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New(`malformed record: the record is empty: want a JSON object such as {"game": "source", "players": 2, "moves": ["b9"]} (the format is in docs/records.md)`)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%w (the format is in docs/records.md)", decodeError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("malformed record: data after the record's closing brace")
	}
	if r.Game == "" {
		return nil, errors.New("malformed record: missing \"game\"")
	}
	if r.Players == 0 {
		return nil, errors.New("malformed record: missing \"players\"")
	}
	if r.End != nil {
		if err := r.End.Check(r.Players); err != nil {
			return nil, fmt.Errorf("malformed record: %w (the format is in docs/records.md)", err)
		}
	}
	if r.Variant != nil && r.Variant.Name == "" {
		return nil, errors.New("malformed record: \"variant\" misses its \"name\" (the format is in docs/records.md)")
	}
	return &r, nil
}

// ReadFile reads and parses the record in the named file. A relative
// path in its options is read from the file's folder (see Record.Dir), so
// that a record and the tile or card table beside it replay from any
// working directory.
func ReadFile(name string) (*Record, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	r, err := Parse(data)
	if err != nil {
		return nil, err
	}
	r.Dir = filepath.Dir(name)
	return r, nil
}

// WriteFile writes r to the named file, with the relative paths in its
// options rewritten to be read from the file's folder (see Relocate).
func (r *Record) WriteFile(name string) error {
	return os.WriteFile(name, r.Relocate(filepath.Dir(name)).Marshal(), 0o644)
}

// Relocate returns a copy of r for a record kept in dir ("" the working
// directory): a relative path in an option that names a file, read from
// r.Dir, is rewritten to be read from dir, so that it names the same file.
// The options of a game that is not registered are left as they are.
func (r *Record) Relocate(dir string) *Record {
	out := *r
	out.Dir = dir
	g, err := game.Lookup(r.Game)
	if err != nil || filepath.Clean(dir) == filepath.Clean(r.Dir) {
		return &out
	}
	out.Options = r.mapPaths(g.Info(), func(v string) string { return relocatePath(v, r.Dir, dir) })
	return &out
}

// relocatePath rewrites path, relative to folder from, to be relative to
// folder to (both relative to the working directory when relative); it
// falls back on the absolute path when there is no relative one.
func relocatePath(path, from, to string) string {
	abs, err := filepath.Abs(filepath.Join(from, path))
	if err != nil {
		return filepath.Join(from, path)
	}
	base, err := filepath.Abs(to)
	if err != nil {
		return abs
	}
	rel, err := filepath.Rel(base, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(rel)
}

// gameOptions returns the options to make the game with: r.Options, with
// a relative path in an option that names a file read from r.Dir, and
// r.Tables in place of those options.
func (r *Record) gameOptions(in game.Info) game.Options {
	opts := r.Options
	if r.Dir != "" {
		opts = r.mapPaths(in, func(v string) string { return filepath.Join(r.Dir, v) })
	}
	if len(r.Tables) > 0 {
		opts = maps.Clone(opts)
		if opts == nil {
			opts = game.Options{}
		}
		maps.Copy(opts, r.Tables)
	}
	return opts
}

// checkData checks that the data table a record of a variant is made
// with is the one it was played with.
func (r *Record) checkData(g game.Game, opts game.Options) error {
	if r.Variant == nil || r.Variant.Data == "" {
		return nil
	}
	dh, ok := g.(game.DataHasher)
	if !ok {
		return nil
	}
	cfg, err := game.Resolve(g, r.Players, opts)
	if err != nil {
		return err
	}
	h, err := dh.DataHash(cfg)
	if err != nil {
		return err
	}
	if h == r.Variant.Data {
		return nil
	}
	if len(r.Tables) == 0 {
		return fmt.Errorf("%s: the record was played as the server's variant %q, with a data table (sha256 %s) it does not carry: replay it with --variants DIR, the folder of the server's variants", r.Game, r.Variant.Name, short(r.Variant.Data))
	}
	return fmt.Errorf("%s: variant %q: its data table here has sha256 %s, and the record was played with sha256 %s: the table changed since the game was played", r.Game, r.Variant.Name, short(h), short(r.Variant.Data))
}

// short is a hash's first 12 digits, enough to tell tables apart in an
// error.
func short(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}

// mapPaths returns r.Options with f applied to every relative path in an
// option that names a file; r.Options itself is not changed.
func (r *Record) mapPaths(in game.Info, f func(string) string) game.Options {
	opts := r.Options
	cloned := false
	for _, spec := range in.Options {
		v := r.Options[spec.Name]
		if !spec.Path || v == "" || filepath.IsAbs(v) {
			continue
		}
		if !cloned {
			opts, cloned = maps.Clone(r.Options), true
		}
		opts[spec.Name] = f(v)
	}
	return opts
}

// decodeError says a JSON mistake in a record in the record's terms
// ("seed" wants a whole number) rather than Go's (Record.seed of type
// uint64).
func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return fmt.Errorf("malformed record: %w", err)
	}
	// Value is a kind ("string", "array") or "number" and the number.
	got := article(te.Value) + " " + te.Value
	if n, ok := strings.CutPrefix(te.Value, "number "); ok {
		got = n
	}
	if te.Field == "" {
		return fmt.Errorf("malformed record: a record is a JSON object {...}, not %s", got)
	}
	field, _, _ := strings.Cut(te.Field, ".")
	want, ok := map[string]string{
		"game":    "a string, the game's name",
		"players": "a whole number",
		"seed":    "a whole number from 0 to 18446744073709551615",
		"moves":   "a list of strings in the game's notation",
		"options": `an object of strings, such as {"territory": "regions"}`,
		"end":     `an object such as {"reason": "resignation", "seat": 2, "returns": [1, 0]}`,
		"variant": `an object such as {"name": "two-dust", "data": "5f2c..."}`,
	}[field]
	if !ok {
		return fmt.Errorf("malformed record: %w", err)
	}
	return fmt.Errorf("malformed record: %q wants %s, not %s", field, want, got)
}

func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an"
	}
	return "a"
}

// Marshal writes r as indented JSON ending in a newline.
func (r *Record) Marshal() []byte {
	out := *r
	if out.Moves == nil {
		out.Moves = []string{}
	}
	b, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		panic(err) // a Record always marshals
	}
	return append(b, '\n')
}

// IsChance reports whether a move entry is a chance outcome.
func IsChance(move string) bool { return strings.HasPrefix(move, ChancePrefix) }

// Notation returns the record entry for action a applied at s.
func Notation(s game.State, a game.Action) string {
	if s.CurrentPlayer() == game.Chance {
		return ChancePrefix + s.ActionString(a)
	}
	return s.ActionString(a)
}

// New returns the record of a game not yet played.
func New(name string, players int, opts game.Options, seed *uint64) *Record {
	return &Record{Game: name, Players: players, Options: opts, Seed: seed, Moves: []string{}}
}
