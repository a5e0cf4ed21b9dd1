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
	return &r, nil
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
