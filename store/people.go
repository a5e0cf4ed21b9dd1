package store

import (
	"context"
	"errors"
	"time"
)

// The people who come back (docs/api.md, Accounts): their accounts, the
// sessions of their browsers, their passkeys, their ratings, and what is
// said at the tables. Both stores keep them in the database of the
// matches, so that a rating and the match it comes from are written
// together, and several servers sharing a database share them.

// Errors of People (wrapped; test with errors.Is).
var (
	// ErrNameTaken: CreateAccount was given a name another account has,
	// in any case.
	ErrNameTaken = errors.New("name taken")
	// ErrStale: RateMatch was given a player's rating Before that is no
	// longer the player's rating (another match was rated since it was
	// read); nothing was written, and the caller reads the ratings
	// again.
	ErrStale = errors.New("rating changed since it was read")
)

// Account is a person's account.
type Account struct {
	// ID is the account's stable key (the server makes it up).
	ID string
	// Name is the name as its holder wrote it; Key is the name folded
	// (lower case), unique among accounts.
	Name, Key string
	// PasswordHash is the password's hash (an argon2id PHC string), ""
	// for an account that signs in with passkeys only.
	PasswordHash string
	Created      time.Time
}

// Session is a signed-in browser: the hash of its secret token (the
// token itself is only in the browser's cookie).
type Session struct {
	Hash    string
	Account string
	Created time.Time
	Expires time.Time
}

// Credential is a passkey of an account (a WebAuthn credential): its ID
// and the rest as the WebAuthn library keeps it, encoded.
type Credential struct {
	ID      []byte
	Account string
	Data    []byte
	Created time.Time
}

// Rating is a player's rating in one game: Player is an account's ID, or
// "bot:SPEC" for a bot (bots are rated apart and never listed with
// people), Mu and Sigma the rating's mean and uncertainty (package
// rating), Games and Wins the rated matches played and won.
type Rating struct {
	Player  string
	Game    string
	Mu      float64
	Sigma   float64
	Games   int
	Wins    int
	Updated time.Time
}

// RatingChange is one player's rating before and after a rated match.
type RatingChange struct {
	Match         string
	Player        string
	Game          string
	Before, After Rating
}

// LeaderEntry is a line of a game's leaderboard: the rating and the
// account's name.
type LeaderEntry struct {
	Rating
	Name string
}

// ChatMessage is one message said in a room: a match's table (Room is the
// match's ID) or the lobby (Room "").
type ChatMessage struct {
	Room string
	// N is the message's number in its room, from 0, given by Say.
	N int
	// Account is the speaker's account ID, "" for a guest; Name the name
	// shown; Seat the speaker's seat (0: a spectator, or the lobby).
	Account string
	Name    string
	Seat    int
	// Version is the match's version when it was said: a replay shows
	// it after that many entries.
	Version int
	Text    string
	At      time.Time
	// Deleted marks a message an operator took down: it keeps its number,
	// and its text is gone.
	Deleted bool
}

// People is implemented by the stores: the accounts and what goes with
// them. Its methods are safe for concurrent use, also from several
// processes sharing one database.
type People interface {
	// CreateAccount stores a new account; ErrNameTaken if another has its
	// Key, ErrExists if another has its ID.
	CreateAccount(ctx context.Context, a *Account) error
	// Account returns the account with id; AccountByKey the one whose
	// name folds to key. ErrNotFound if there is none.
	Account(ctx context.Context, id string) (*Account, error)
	AccountByKey(ctx context.Context, key string) (*Account, error)

	// CreateSession stores a session; Session returns the one whose
	// token hashes to hash, ErrNotFound if there is none or it has
	// expired. DeleteSession signs one out; DeleteSessions every session
	// of an account (signing out everywhere).
	CreateSession(ctx context.Context, s *Session) error
	Session(ctx context.Context, hash string) (*Session, error)
	DeleteSession(ctx context.Context, hash string) error
	DeleteSessions(ctx context.Context, account string) error

	// AddCredential stores a passkey (ErrExists for an ID stored
	// already); Credential returns one by ID (ErrNotFound), Credentials
	// an account's; UpdateCredential writes a passkey's Data again (its
	// signature count after a sign-in).
	AddCredential(ctx context.Context, c *Credential) error
	Credential(ctx context.Context, id []byte) (*Credential, error)
	Credentials(ctx context.Context, account string) ([]Credential, error)
	UpdateCredential(ctx context.Context, c *Credential) error

	// PutChallenge keeps a passkey ceremony's data under id until
	// expires; TakeChallenge returns it and forgets it (a challenge is
	// answered once), ErrNotFound if there is none or it has expired.
	PutChallenge(ctx context.Context, id string, data []byte, expires time.Time) error
	TakeChallenge(ctx context.Context, id string) ([]byte, error)

	// Ratings returns a player's ratings, one per game played rated.
	Ratings(ctx context.Context, player string) ([]Rating, error)
	// RateMatch writes the rating changes of a match that ended, all at
	// once, and once: ErrConflict if the match was rated already (by this
	// server or another), ErrStale if a change's Before is not the
	// player's rating now (Games 0 for a player not rated yet in the
	// game); in either case nothing is written.
	RateMatch(ctx context.Context, match string, changes []RatingChange) error
	// MatchRatings returns a rated match's changes (none for a match not
	// rated).
	MatchRatings(ctx context.Context, match string) ([]RatingChange, error)
	// Leaderboard returns the game's best-rated accounts, by the rating's
	// conservative value (mu - 3 sigma), at most limit; with bots, the
	// game's best-rated bots instead (Name is a bot's spec), which are
	// never among the people.
	Leaderboard(ctx context.Context, game string, bots bool, limit int) ([]LeaderEntry, error)

	// MatchesOf returns the matches in which the account holds or held a
	// seat, most recently changed first, at most limit.
	MatchesOf(ctx context.Context, account string, limit int) ([]*Match, error)

	// Say stores a message, durably, giving it the next number in its
	// room; Chat returns a room's messages from number from on;
	// RecentChat a room's last limit messages, in order; DeleteChat
	// takes message n of a room down (ErrNotFound if there is none).
	Say(ctx context.Context, m *ChatMessage) error
	Chat(ctx context.Context, room string, from int) ([]ChatMessage, error)
	RecentChat(ctx context.Context, room string, limit int) ([]ChatMessage, error)
	DeleteChat(ctx context.Context, room string, n int) error

	// Mute has account no longer hear other (on) or hear it again
	// (off); Muted returns the accounts account has muted.
	Mute(ctx context.Context, account, other string, on bool) error
	Muted(ctx context.Context, account string) ([]string, error)

	// Prefs returns an account's preferences (the defaults, with a new
	// Unsubscribe secret, if it never set any); PutPrefs writes them,
	// keeping the Unsubscribe secret. Unsubscribe turns the turn notices
	// off for the account whose secret is secret, and returns it
	// (ErrNotFound if no account has that secret).
	Prefs(ctx context.Context, account string) (*Prefs, error)
	PutPrefs(ctx context.Context, account string, p *Prefs) error
	Unsubscribe(ctx context.Context, secret string) (string, error)

	// ClaimNotice records that the notice for account's turn at version
	// of match is being sent, and reports whether this call claimed it:
	// false if it was claimed before (by this server or another), so
	// that a turn gets one notice.
	ClaimNotice(ctx context.Context, match, account string, version int, at time.Time) (bool, error)
}

// Prefs are what a person chose about play and notices.
type Prefs struct {
	// Email is the address turn notices go to; EmailConfirmed whether
	// its owner confirmed it (by the link mailed to it). Notices go
	// only to a confirmed address.
	Email          string
	EmailConfirmed bool
	// NotifyTurns: mail a notice when it is the person's turn in a
	// turn-based match.
	NotifyTurns bool
	// ForcedMoves: a decision with one legal move is played for the
	// person (the default).
	ForcedMoves bool
	// Unsubscribe is the secret of the link in every notice that turns
	// NotifyTurns off without signing in. The store makes it.
	Unsubscribe string
}
