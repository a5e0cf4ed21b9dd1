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

// Parse reads a record, rejecting unknown fields and trailing data.
func Parse(data []byte) (*Record, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("malformed record: %w", err)
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
