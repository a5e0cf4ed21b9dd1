// Package variant reads an operator's variants: named option sets of a
// game, with the data tables (a 3io tile table, a cards file) their
// options name, kept in one folder. commons serve --variants DIR offers
// them in its lobby; a client names a variant, never a file. The format
// is in docs/api.md, "Variants".
//
// A folder holds one file NAME.variant.json per variant, and the data
// files they name, by file names relative to the folder:
//
//	{
//	  "name": "two-dust",
//	  "game": "3io",
//	  "title": "Two Dust",
//	  "description": "A box of Dust and little else: a short game.",
//	  "options": {"tiles": "two-dust-tiles.json", "civilization-pacing": "on"}
//	}
//
// Load reads and checks every variant at once: its game exists, its
// options resolve for every player count the game takes and make a
// state, each data file is inside the folder, and the data table's hash
// (game.DataHasher) is computed, so that a record can name the table it
// was played with.
package variant

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// Suffix ends the name of every variant file in a folder; the folder's
// other files are data files the variants may name.
const Suffix = ".variant.json"

// Bounds of a variant's words.
const (
	MaxName        = 40
	MaxTitle       = 60
	MaxDescription = 500
)

// Variant is one variant, loaded and checked.
type Variant struct {
	// Name is the variant's key: lower-case letters, digits and hyphens,
	// unique in its folder.
	Name string
	// Game is the game's registered name.
	Game string
	// Title and Description are for people (the lobby); Title is Name
	// when the file gives none.
	Title       string
	Description string
	// File is the path of the variant's file.
	File string
	// Options are the options the variant sets, as its file writes them:
	// a data file by its name relative to the folder.
	Options game.Options
	// Tables are the options that name a file (game.OptionSpec.Path),
	// each with the file's path on this machine (the folder joined with
	// the name given).
	Tables game.Options
	// Data is the SHA-256 of the game's data table with these options
	// (game.DataHasher), or "" for a game without one.
	Data string
}

// GameOptions are the options to make the game with: Options, the data
// files by their paths on this machine.
func (v *Variant) GameOptions() game.Options {
	out := maps.Clone(v.Options)
	maps.Copy(out, v.Tables)
	return out
}

// Public are the options the variant sets besides its data files: what a
// match's options and its record show (the data files are named by the
// variant and its Data hash instead).
func (v *Variant) Public() game.Options {
	out := game.Options{}
	for k, val := range v.Options {
		if _, ok := v.Tables[k]; !ok {
			out[k] = val
		}
	}
	return out
}

// Set is the variants of one folder.
type Set struct {
	Dir  string
	list []*Variant // sorted by game, then name
}

// Load reads every variant file of dir and checks it. An error names
// each file that is wrong and what is wrong with it, one a line.
func Load(dir string) (*Set, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("variants %s: %w", dir, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("variants %s: %w", dir, errors.Unwrap(err))
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("variants %s: not a folder", dir)
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil, fmt.Errorf("variants %s: %w", dir, err)
	}
	s := &Set{Dir: abs}
	var errs []error
	byName := map[string]*Variant{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), Suffix) || e.IsDir() {
			continue
		}
		file := filepath.Join(dir, e.Name())
		v, err := loadFile(abs, file)
		if err != nil {
			errs = append(errs, fmt.Errorf("variant %s: %w", file, err))
			continue
		}
		if old, ok := byName[v.Name]; ok {
			errs = append(errs, fmt.Errorf("variant %s: name %q is taken by %s: a variant's name is unique in its folder", file, v.Name, old.File))
			continue
		}
		byName[v.Name] = v
		s.list = append(s.list, v)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(s.list) == 0 {
		return nil, fmt.Errorf("variants %s: no variant files (NAME%s) in the folder", dir, Suffix)
	}
	sort.Slice(s.list, func(i, j int) bool {
		a, b := s.list[i], s.list[j]
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		return a.Name < b.Name
	})
	return s, nil
}

// file is a variant file's JSON.
type file struct {
	Name        string            `json:"name"`
	Game        string            `json:"game"`
	Title       string            `json:"title"`
	Description string            `json:"description"`
	Options     map[string]string `json:"options"`
}

func loadFile(dir, name string) (*Variant, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, errors.Unwrap(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("bad JSON: %v (want an object with name, game, title, description and options)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("bad JSON: data after the object's closing brace")
	}
	if err := CheckName(f.Name); err != nil {
		return nil, err
	}
	if f.Game == "" {
		return nil, errors.New(`missing "game"`)
	}
	g, err := game.Find(f.Game)
	if err != nil {
		return nil, err
	}
	in := g.Info()
	if f.Title == "" {
		f.Title = f.Name
	}
	if err := checkWords("title", f.Title, MaxTitle); err != nil {
		return nil, err
	}
	if err := checkWords("description", f.Description, MaxDescription); err != nil {
		return nil, err
	}
	v := &Variant{Name: f.Name, Game: in.Name, Title: f.Title, Description: f.Description, File: name,
		Options: game.Options{}, Tables: game.Options{}}
	for _, k := range slices.Sorted(maps.Keys(f.Options)) {
		val := f.Options[k]
		v.Options[k] = val
		spec, ok := in.Option(k)
		if !ok || !spec.Path || val == "" {
			continue // game.Resolve below refuses an unknown option
		}
		path, err := dataFile(dir, val)
		if err != nil {
			return nil, fmt.Errorf("option %s=%q: %w", k, val, err)
		}
		v.Tables[k] = path
	}
	opts := v.GameOptions()
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		cfg, err := game.Resolve(g, n, opts)
		if err != nil {
			return nil, err
		}
		if _, err := g.New(cfg); err != nil {
			return nil, fmt.Errorf("%d players: %w", n, err)
		}
		if dh, ok := g.(game.DataHasher); ok && n == in.MinPlayers {
			if v.Data, err = dh.DataHash(cfg); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// dataFile returns the path of the data file a variant of folder dir
// names: a file inside the folder, by a name relative to it.
func dataFile(dir, name string) (string, error) {
	if filepath.IsAbs(name) || strings.HasPrefix(name, "/") || strings.Contains(name, `\`) {
		return "", errors.New("a data file is named relative to the variants' folder, not by an absolute path")
	}
	if !filepath.IsLocal(name) {
		return "", errors.New("the data file is outside the variants' folder: name a file in it (no ..)")
	}
	if strings.HasSuffix(name, Suffix) {
		return "", errors.New("that is a variant file, not a data table")
	}
	path := filepath.Join(dir, name)
	// A link may not lead out of the folder either.
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("no such file in the variants' folder %s", dir)
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(realDir, real); err != nil || !filepath.IsLocal(rel) {
		return "", errors.New("the data file is a link that leads outside the variants' folder")
	}
	if fi, err := os.Stat(real); err != nil || !fi.Mode().IsRegular() {
		return "", errors.New("not a file")
	}
	return path, nil
}

// CheckName checks a variant's name: 1 to MaxName lower-case ASCII
// letters, digits and hyphens, starting with a letter or a digit.
func CheckName(name string) error {
	if name == "" {
		return errors.New(`missing "name" (lower-case letters, digits and hyphens, such as "two-dust")`)
	}
	if len(name) > MaxName {
		return fmt.Errorf("name %q: at most %d characters", name, MaxName)
	}
	for i, c := range name {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0 {
			continue
		}
		return fmt.Errorf("name %q: only lower-case letters, digits and hyphens (not first), such as \"two-dust\"", name)
	}
	return nil
}

func checkWords(field, s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("%s: at most %d bytes", field, max)
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return fmt.Errorf("%s: only printable characters (no line breaks)", field)
		}
	}
	return nil
}

// Lookup returns the named variant, or nil. A nil Set has none.
func (s *Set) Lookup(name string) *Variant {
	if s == nil {
		return nil
	}
	for _, v := range s.list {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// All returns the variants, by game and then by name.
func (s *Set) All() []*Variant {
	if s == nil {
		return nil
	}
	return slices.Clone(s.list)
}

// For returns the variants of the named game, by name.
func (s *Set) For(gameName string) []*Variant {
	var out []*Variant
	for _, v := range s.All() {
		if v.Game == gameName {
			out = append(out, v)
		}
	}
	return out
}

// Names lists the variants' names, for errors.
func (s *Set) names(gameName string) string {
	var n []string
	for _, v := range s.For(gameName) {
		n = append(n, v.Name)
	}
	if len(n) == 0 {
		return "none"
	}
	return strings.Join(n, ", ")
}

// Find returns the variant of game gameName that a client or a record
// names, or an error saying which there are.
func (s *Set) Find(gameName, name string) (*Variant, error) {
	v := s.Lookup(name)
	if v == nil || v.Game != gameName {
		if s == nil {
			return nil, fmt.Errorf("unknown variant %q: %s has no variants here", name, gameName)
		}
		return nil, fmt.Errorf("unknown variant %q of %s (variants: %s)", name, gameName, s.names(gameName))
	}
	return v, nil
}

// Bind gives record r, played as one of the set's variants, the
// variant's data tables (record.Record.Tables), so that it replays with
// them; record.Play then checks that they are the ones the record was
// played with (its variant's Data hash). A record of no variant is left
// as it is.
func (s *Set) Bind(r *record.Record) error {
	if r.Variant == nil {
		return nil
	}
	v, err := s.Find(r.Game, r.Variant.Name)
	if err != nil {
		return fmt.Errorf("the record was played as variant %q: %w", r.Variant.Name, err)
	}
	r.Tables = maps.Clone(v.Tables)
	return nil
}
