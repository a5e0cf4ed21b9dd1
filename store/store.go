package store

import (
	"context"
	"errors"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// Errors the stores return (wrapped; test with errors.Is).
var (
	// ErrNotFound: no match has the ID.
	ErrNotFound = errors.New("no such match")
	// ErrConflict: the match is no longer at the version or revision the
	// caller saw; nothing was written.
	ErrConflict = errors.New("the match has changed")
	// ErrExists: a match with the ID already exists.
	ErrExists = errors.New("a match with that ID exists")
)

// Status is where a match stands.
type Status string

// The statuses. A match goes from Open to Running when its last free seat
// is taken, and from Running to Over when the game ends. Over is final.
const (
	Open    Status = "open"    // some seats are still free; no player moves yet
	Running Status = "running" // every seat has been taken; moves are made
	Over    Status = "over"    // the game has ended
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool { return s == Open || s == Running || s == Over }

// Seat is who plays one seat.
type Seat struct {
	// Bot is the spec of the bot playing the seat ("random",
	// "mcts:iterations=200"...), or "" for a person.
	Bot string `json:"bot,omitempty"`
	// Name is the name the person chose (or the bot's label).
	Name string `json:"name,omitempty"`
	// TokenHash is the hex SHA-256 of the secret seat token given to the
	// person in the seat; "" while the seat is free. The token itself is
	// never stored.
	TokenHash string `json:"token_hash,omitempty"`
	// Account is the ID of the account of the person in the seat, when
	// it was taken signed in: the seat is the account's, from any
	// browser (docs/api.md, Accounts).
	Account string `json:"account,omitempty"`
}

// Free reports whether nobody plays the seat: no bot, no person.
func (s Seat) Free() bool { return s.Bot == "" && s.TokenHash == "" }

// Match is a match's header: its record's header and how it is played.
// The move log is read with Moves.
type Match struct {
	ID      string
	Game    string
	Players int
	Options game.Options
	// Seed draws the chance outcomes. It stays on the server until the
	// game is over.
	Seed uint64
	// Settings are the server's per-match options (turn timer...), as
	// name: value strings the server interprets.
	Settings map[string]string
	Seats    []Seat
	Status   Status
	// Result holds each seat's return once the game is over.
	Result []float64
	// Version is the number of entries in the move log.
	Version int
	// Rev is the revision of the header, raised by every Update.
	Rev int
	// Rematch is the ID of the match made as this one's rematch, if any;
	// RematchOf the other way round.
	Rematch   string
	RematchOf string
	Created   time.Time
	// TurnStart is when the player to move began to be: the time of the
	// last append, or of the update that made the match Running.
	TurnStart time.Time
}

// Record returns the match's complete game record for the log moves.
func (m *Match) Record(moves []string) *record.Record {
	seed := m.Seed
	r := record.New(m.Game, m.Players, m.Options, &seed)
	r.Moves = moves
	return r
}

// Clone returns a deep copy of m.
func (m *Match) Clone() *Match {
	c := *m
	if m.Options != nil {
		c.Options = make(game.Options, len(m.Options))
		for k, v := range m.Options {
			c.Options[k] = v
		}
	}
	if m.Settings != nil {
		c.Settings = make(map[string]string, len(m.Settings))
		for k, v := range m.Settings {
			c.Settings[k] = v
		}
	}
	c.Seats = append([]Seat(nil), m.Seats...)
	c.Result = append([]float64(nil), m.Result...)
	if m.Result == nil {
		c.Result = nil
	}
	return &c
}

// Append is a conditional append to a match's move log.
type Append struct {
	ID string
	// Version is the version the caller saw: the log's length. The moves
	// become entries Version, Version+1, ... and the match's new version is
	// Version+len(Moves).
	Version int
	Moves   []string
	// Result, when not nil, ends the match: its status becomes Over.
	Result []float64
	// At is the time of the move (it becomes the match's TurnStart).
	At time.Time
	// Mark, if not "", says why the server made the first of Moves by
	// itself for a person's seat: MarkTimeout or MarkForced. It is kept
	// with the entry (Store.Marks) for the log to say so.
	Mark string
}

// The marks of a log entry (Append.Mark).
const (
	// MarkTimeout: the person's time ran out and the timeout bot moved.
	MarkTimeout = "timeout"
	// MarkForced: the person had one legal move and it was played for
	// them.
	MarkForced = "forced"
)

// Undo takes entries back from a match's log: those from To on, if the
// match is still at Version and not Over. The server decides which may
// be taken back (game.UndoDepth); the store only keeps the log's end
// where the caller saw it.
type Undo struct {
	ID      string
	Version int
	To      int
	// At becomes the match's TurnStart.
	At time.Time
}

// ListOptions select matches for List.
type ListOptions struct {
	// Status, if not empty, keeps matches of these statuses only.
	Status []Status
	// Game, if not "", keeps matches of that game only.
	Game string
	// Limit caps the number of matches (0: the store's default, 100).
	Limit int
}

// Store keeps matches. Its methods are safe for concurrent use, also from
// several processes sharing one database.
type Store interface {
	// Create stores a new match at Version 0 and Rev 0 with the given
	// first log entries (the set-up chance outcomes). ErrExists if the ID
	// is taken.
	Create(ctx context.Context, m *Match, moves []string) error
	// Get returns a match's header. ErrNotFound if there is none.
	Get(ctx context.Context, id string) (*Match, error)
	// List returns headers, most recently changed first.
	List(ctx context.Context, opt ListOptions) ([]*Match, error)
	// Count returns how many matches have each status.
	Count(ctx context.Context) (map[Status]int, error)
	// Moves returns the log entries from index from (0-based) on.
	Moves(ctx context.Context, id string, from int) ([]string, error)
	// Marks returns the marks (Append.Mark) of the log entries from
	// index from on that have one, by index.
	Marks(ctx context.Context, id string, from int) (map[int]string, error)
	// Append adds entries at a.Version, durably, if the match's version
	// is still a.Version; otherwise ErrConflict. ErrNotFound for an
	// unknown match; ErrConflict also if the match is Over.
	Append(ctx context.Context, a Append) error
	// Undo removes the entries from u.To on, durably, if the match's
	// version is still u.Version and it is not Over; otherwise
	// ErrConflict (ErrNotFound for an unknown match). It raises the
	// match's Rev, and watchers hear a Change whose Version is u.To:
	// lower than before.
	Undo(ctx context.Context, u Undo) error
	// Update writes m's Seats, Status, Settings, Rematch and TurnStart if
	// the stored revision is still m.Rev, and raises it (m.Rev is set to
	// the new revision). A match that is Over stays Over whatever
	// m.Status says, with its Result. An Update that makes the match
	// Over (a resignation, a draw agreed, an abandoned match ended)
	// writes m.Result too. ErrConflict if the revision moved on.
	Update(ctx context.Context, m *Match) error
	// Close releases the store.
	Close() error
}

// Change says that a match changed: its log reached Version, or its
// header was updated to revision Rev. With Chat, it says instead that a
// room's messages changed: ID is the room (a match's ID, or "" for the
// lobby), Version the number of messages it holds, and Rev, if not 0,
// one more than the number of the message taken down (0 for a message
// said). With Rated, that match ID was rated (see People.RateMatch).
type Change struct {
	ID      string
	Version int
	Rev     int
	Chat    bool
	Rated   bool
	// Resync is set, with no ID, when changes may have been missed (a
	// lost connection): every cached match should be read again.
	Resync bool
}

// Watcher is implemented by stores that several servers share. Watch
// calls fn for every change any server commits (its own included), until
// ctx is done. fn must not block for long.
type Watcher interface {
	Watch(ctx context.Context, fn func(Change)) error
}

// Leaser is implemented by stores that several servers share. A match's
// lease makes one server at a time the one that makes its automatic
// moves (its bots', its chance outcomes, a timed-out player's), so that
// nodes do not all compute them, and a restart or an extra node does not
// duplicate the work. A lease is only about work: the store's
// compare-and-set keeps a match's log right whoever writes to it.
type Leaser interface {
	// Lease takes match id's lease for this store if no other store
	// holds it, and reports whether this store holds it now (true also if
	// it held it already). A lease lasts until Unlease, until the store is
	// closed, or until the store loses its connection to the database: a
	// server that dies or is cut off loses its leases, and another can
	// take them.
	Lease(ctx context.Context, id string) (bool, error)
	// Unlease gives up match id's lease, if this store holds it.
	Unlease(ctx context.Context, id string) error
}
