package storetest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/commons-games/commons/store"
)

// peopleTests are the conformance tests of store.People, run by Run.
var peopleTests = []struct {
	name string
	fn   func(*testing.T, store.Store, store.People)
}{
	{"Accounts", testAccounts},
	{"AccountNameRace", testAccountNameRace},
	{"Sessions", testSessions},
	{"Credentials", testCredentials},
	{"Challenges", testChallenges},
	{"RateMatch", testRateMatch},
	{"RateMatchOnce", testRateMatchOnce},
	{"RateMatchStale", testRateMatchStale},
	{"Leaderboard", testLeaderboard},
	{"MatchesOf", testMatchesOf},
	{"Chat", testChat},
	{"ChatConcurrent", testChatConcurrent},
	{"Mutes", testMutes},
	{"WatchChatAndRatings", testWatchPeople},
	{"Prefs", testPrefs},
	{"ClaimNotice", testClaimNotice},
}

// newAccount returns an account for tests with a unique ID and name.
func newAccount(prefix string) *store.Account {
	n := seq.Add(1)
	name := fmt.Sprintf("%s%d-%d", prefix, time.Now().UnixNano()%1e9, n)
	return &store.Account{ID: "a-" + name, Name: name, Key: name, PasswordHash: "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA"}
}

func mustAccount(t *testing.T, p store.People, prefix string) *store.Account {
	t.Helper()
	a := newAccount(prefix)
	if err := p.CreateAccount(ctx(t), a); err != nil {
		t.Fatal(err)
	}
	return a
}

func testAccounts(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a := newAccount("Ada")
	a.Key = "k" + a.Name
	if err := p.CreateAccount(c, a); err != nil {
		t.Fatal(err)
	}
	got, err := p.Account(c, a.ID)
	if err != nil || got.Name != a.Name || got.Key != a.Key || got.PasswordHash != a.PasswordHash || got.Created.UnixMilli() != a.Created.UnixMilli() {
		t.Fatalf("Account = %+v, %v; want %+v", got, err, a)
	}
	if got, err := p.AccountByKey(c, a.Key); err != nil || got.ID != a.ID {
		t.Fatalf("AccountByKey = %+v, %v", got, err)
	}
	// The key is unique: another account of that name, whatever its
	// ID, is refused; so is another of that ID.
	dup := *a
	dup.ID = a.ID + "-2"
	if err := p.CreateAccount(c, &dup); !errors.Is(err, store.ErrNameTaken) {
		t.Fatalf("second account of one key: %v, want ErrNameTaken", err)
	}
	dup = *a
	dup.Key = a.Key + "-2"
	if err := p.CreateAccount(c, &dup); !errors.Is(err, store.ErrExists) {
		t.Fatalf("second account of one ID: %v, want ErrExists", err)
	}
	if _, err := p.Account(c, "no such account"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Account(unknown): %v, want ErrNotFound", err)
	}
	if _, err := p.AccountByKey(c, "no such name"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("AccountByKey(unknown): %v, want ErrNotFound", err)
	}
}

// testAccountNameRace signs one name up from many goroutines at once:
// exactly one has it.
func testAccountNameRace(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	base := newAccount("race")
	var won, taken atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := *base
			a.ID = fmt.Sprintf("%s-%d", base.ID, i)
			switch err := p.CreateAccount(c, &a); {
			case err == nil:
				won.Add(1)
			case errors.Is(err, store.ErrNameTaken):
				taken.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if won.Load() != 1 || taken.Load() != 7 {
		t.Fatalf("8 sign-ups of one name: %d made, %d refused as taken; want 1 and 7", won.Load(), taken.Load())
	}
}

func testSessions(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a := mustAccount(t, p, "sess")
	now := time.Now()
	live := &store.Session{Hash: "h1-" + a.ID, Account: a.ID, Expires: now.Add(time.Hour)}
	other := &store.Session{Hash: "h2-" + a.ID, Account: a.ID, Expires: now.Add(time.Hour)}
	old := &store.Session{Hash: "h3-" + a.ID, Account: a.ID, Expires: now.Add(-time.Second)}
	for _, se := range []*store.Session{live, other, old} {
		if err := p.CreateSession(c, se); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.CreateSession(c, &store.Session{Hash: live.Hash, Account: a.ID, Expires: now.Add(time.Hour)}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("a second session of one hash: %v, want ErrExists", err)
	}
	if got, err := p.Session(c, live.Hash); err != nil || got.Account != a.ID || got.Expires.UnixMilli() != live.Expires.UnixMilli() {
		t.Fatalf("Session = %+v, %v", got, err)
	}
	if _, err := p.Session(c, old.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired session: %v, want ErrNotFound", err)
	}
	// A new session clears the account's expired ones: the expired one
	// can be stored again.
	if err := p.CreateSession(c, &store.Session{Hash: "h4-" + a.ID, Account: a.ID, Expires: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := p.CreateSession(c, old); err != nil {
		t.Fatalf("the expired session was not cleared: %v", err)
	}
	if err := p.DeleteSession(c, live.Hash); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Session(c, live.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted session: %v, want ErrNotFound", err)
	}
	if _, err := p.Session(c, other.Hash); err != nil {
		t.Fatalf("deleting one session deleted another: %v", err)
	}
	if err := p.DeleteSessions(c, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Session(c, other.Hash); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("after signing out everywhere: %v, want ErrNotFound", err)
	}
}

func testCredentials(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a := mustAccount(t, p, "cred")
	id := []byte("\x00\xffcredential " + a.ID) // any bytes
	cr := &store.Credential{ID: id, Account: a.ID, Data: []byte(`{"sign_count":0}`)}
	if err := p.AddCredential(c, cr); err != nil {
		t.Fatal(err)
	}
	if err := p.AddCredential(c, &store.Credential{ID: id, Account: a.ID, Data: []byte("{}")}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("a second passkey of one ID: %v, want ErrExists", err)
	}
	second := &store.Credential{ID: []byte("second " + a.ID), Account: a.ID, Data: []byte("{}"), Created: time.Now().Add(time.Second)}
	if err := p.AddCredential(c, second); err != nil {
		t.Fatal(err)
	}
	got, err := p.Credential(c, id)
	if err != nil || string(got.ID) != string(id) || got.Account != a.ID || string(got.Data) != string(cr.Data) {
		t.Fatalf("Credential = %+v, %v", got, err)
	}
	cr.Data = []byte(`{"sign_count":1}`)
	if err := p.UpdateCredential(c, cr); err != nil {
		t.Fatal(err)
	}
	all, err := p.Credentials(c, a.ID)
	if err != nil || len(all) != 2 || string(all[0].Data) != `{"sign_count":1}` || string(all[1].ID) != string(second.ID) {
		t.Fatalf("Credentials = %+v, %v", all, err)
	}
	if _, err := p.Credential(c, []byte("none")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Credential(unknown): %v, want ErrNotFound", err)
	}
	if err := p.UpdateCredential(c, &store.Credential{ID: []byte("none"), Data: []byte("{}")}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("UpdateCredential(unknown): %v, want ErrNotFound", err)
	}
}

func testChallenges(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	id := fmt.Sprintf("ch-%d", seq.Add(1))
	if err := p.PutChallenge(c, id, []byte("data"), time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got, err := p.TakeChallenge(c, id); err != nil || string(got) != "data" {
		t.Fatalf("TakeChallenge = %q, %v", got, err)
	}
	if _, err := p.TakeChallenge(c, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a challenge taken twice: %v, want ErrNotFound", err)
	}
	old := id + "-old"
	if err := p.PutChallenge(c, old, []byte("data"), time.Now().Add(-time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.TakeChallenge(c, old); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired challenge: %v, want ErrNotFound", err)
	}
}

// change is a rating change of a match from before (games played so
// far) to after.
func change(match, player string, before store.Rating, mu, sigma float64, won bool) store.RatingChange {
	after := store.Rating{Player: player, Game: "countdown", Mu: mu, Sigma: sigma, Games: before.Games + 1, Wins: before.Wins}
	if won {
		after.Wins++
	}
	before.Player, before.Game = player, "countdown"
	return store.RatingChange{Match: match, Player: player, Game: "countdown", Before: before, After: after}
}

var newRating = store.Rating{Mu: 25, Sigma: 25.0 / 3}

func testRateMatch(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a, b := mustAccount(t, p, "ra"), mustAccount(t, p, "rb")
	m := NewMatch(2)
	mustCreate(t, s, m)
	changes := []store.RatingChange{
		change(m.ID, a.ID, newRating, 27.6, 8.0, true),
		change(m.ID, b.ID, newRating, 22.4, 8.0, false),
	}
	if err := p.RateMatch(c, m.ID, changes); err != nil {
		t.Fatal(err)
	}
	got, err := p.Ratings(c, a.ID)
	if err != nil || len(got) != 1 || got[0].Mu != 27.6 || got[0].Sigma != 8.0 || got[0].Games != 1 || got[0].Wins != 1 || got[0].Game != "countdown" {
		t.Fatalf("Ratings(winner) = %+v, %v", got, err)
	}
	back, err := p.MatchRatings(c, m.ID)
	if err != nil || len(back) != 2 {
		t.Fatalf("MatchRatings = %+v, %v", back, err)
	}
	for _, ch := range back {
		want := changes[0]
		if ch.Player == b.ID {
			want = changes[1]
		}
		if ch.Before.Mu != want.Before.Mu || ch.Before.Sigma != want.Before.Sigma || ch.After.Mu != want.After.Mu || ch.After.Games != 1 || ch.After.Wins != want.After.Wins || ch.Game != "countdown" {
			t.Fatalf("MatchRatings gave %+v, want %+v", ch, want)
		}
	}
	// The next match starts from the ratings written.
	m2 := NewMatch(2)
	mustCreate(t, s, m2)
	if err := p.RateMatch(c, m2.ID, []store.RatingChange{change(m2.ID, a.ID, got[0], 26, 7.5, false)}); err != nil {
		t.Fatal(err)
	}
	if got, _ := p.Ratings(c, a.ID); got[0].Games != 2 || got[0].Wins != 1 || got[0].Mu != 26 {
		t.Fatalf("after a second match: %+v", got)
	}
	if none, err := p.MatchRatings(c, "not rated"); err != nil || len(none) != 0 {
		t.Fatalf("MatchRatings(not rated) = %v, %v", none, err)
	}
}

// testRateMatchOnce rates one match from many goroutines at once, as
// servers that each saw it end would: it is rated once.
func testRateMatchOnce(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a := mustAccount(t, p, "once")
	m := NewMatch(2)
	mustCreate(t, s, m)
	var rated, refused atomic.Int32
	var wg sync.WaitGroup
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch err := p.RateMatch(c, m.ID, []store.RatingChange{change(m.ID, a.ID, newRating, 27, 8, true)}); {
			case err == nil:
				rated.Add(1)
			case errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrStale):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if rated.Load() != 1 {
		t.Fatalf("one match rated %d times at once (%d refused)", rated.Load(), refused.Load())
	}
	if got, _ := p.Ratings(c, a.ID); len(got) != 1 || got[0].Games != 1 {
		t.Fatalf("after rating once: %+v", got)
	}
	if err := p.RateMatch(c, m.ID, []store.RatingChange{change(m.ID, a.ID, store.Rating{Mu: 27, Sigma: 8, Games: 1, Wins: 1}, 29, 7, true)}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("rating a rated match again: %v, want ErrConflict", err)
	}
}

// testRateMatchStale: a change computed from a rating another match has
// changed since is refused, and writes nothing, not even for the other
// players.
func testRateMatchStale(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a, b := mustAccount(t, p, "sa"), mustAccount(t, p, "sb")
	m1, m2 := NewMatch(2), NewMatch(2)
	mustCreate(t, s, m1)
	mustCreate(t, s, m2)
	if err := p.RateMatch(c, m1.ID, []store.RatingChange{change(m1.ID, a.ID, newRating, 27, 8, true)}); err != nil {
		t.Fatal(err)
	}
	// m2's changes were computed before m1 was rated.
	err := p.RateMatch(c, m2.ID, []store.RatingChange{
		change(m2.ID, b.ID, newRating, 27, 8, true),
		change(m2.ID, a.ID, newRating, 23, 8, false),
	})
	if !errors.Is(err, store.ErrStale) {
		t.Fatalf("a change from a stale rating: %v, want ErrStale", err)
	}
	if got, _ := p.Ratings(c, b.ID); len(got) != 0 {
		t.Fatalf("a refused RateMatch wrote %+v", got)
	}
	if got, _ := p.MatchRatings(c, m2.ID); len(got) != 0 {
		t.Fatalf("a refused RateMatch wrote %+v", got)
	}
	// Computed again from the ratings now, it is written.
	ra, _ := p.Ratings(c, a.ID)
	if err := p.RateMatch(c, m2.ID, []store.RatingChange{
		change(m2.ID, b.ID, newRating, 27, 8, true),
		change(m2.ID, a.ID, ra[0], 24, 7, false),
	}); err != nil {
		t.Fatal(err)
	}
}

func testLeaderboard(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	game := fmt.Sprintf("board-%d", seq.Add(1))
	sure, lucky, weak := mustAccount(t, p, "sure"), mustAccount(t, p, "lucky"), mustAccount(t, p, "weak")
	m := NewMatch(4)
	mustCreate(t, s, m)
	rate := func(player string, mu, sigma float64) store.RatingChange {
		ch := change(m.ID, player, newRating, mu, sigma, false)
		ch.Game, ch.Before.Game, ch.After.Game = game, game, game
		return ch
	}
	// lucky has the highest mean, but the least sure: sure leads (mu -
	// 3 sigma). The bot is rated, and never on the people's board.
	if err := p.RateMatch(c, m.ID, []store.RatingChange{
		rate(sure.ID, 30, 2), rate(lucky.ID, 33, 7), rate(weak.ID, 20, 2), rate("bot:random", 40, 1),
	}); err != nil {
		t.Fatal(err)
	}
	got, err := p.Leaderboard(c, game, false, 10)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range got {
		names = append(names, e.Name)
	}
	if want := []string{sure.Name, weak.Name, lucky.Name}; !slices.Equal(names, want) {
		t.Fatalf("Leaderboard = %v, want %v", names, want)
	}
	if got[0].Mu != 30 || got[0].Sigma != 2 || got[0].Games != 1 {
		t.Fatalf("Leaderboard's first = %+v", got[0])
	}
	if top, _ := p.Leaderboard(c, game, false, 1); len(top) != 1 {
		t.Fatalf("Leaderboard(limit 1) gave %d", len(top))
	}
	if bots, err := p.Leaderboard(c, game, true, 10); err != nil || len(bots) != 1 || bots[0].Name != "random" || bots[0].Player != "bot:random" || bots[0].Mu != 40 {
		t.Fatalf("the bots' leaderboard = %+v, %v", bots, err)
	}
	if bots, _ := p.Ratings(c, "bot:random"); !slices.ContainsFunc(bots, func(r store.Rating) bool { return r.Game == game && r.Mu == 40 }) {
		t.Fatalf("the bot's rating was not kept: %+v", bots)
	}
}

func testMatchesOf(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a, b := mustAccount(t, p, "ma"), mustAccount(t, p, "mb")
	m1 := NewMatch(2)
	m1.Seats[0] = store.Seat{Name: a.Name, TokenHash: "h", Account: a.ID}
	mustCreate(t, s, m1)
	m2 := NewMatch(2)
	mustCreate(t, s, m2)
	m2.Seats[0] = store.Seat{Name: b.Name, TokenHash: "h", Account: b.ID}
	if err := s.Update(c, m2); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Millisecond) // m2 changed last: it comes first
	m2.Seats[1] = store.Seat{Name: a.Name, TokenHash: "h2", Account: a.ID}
	if err := s.Update(c, m2); err != nil {
		t.Fatal(err)
	}
	// b leaves m2: it is still among the matches b played.
	m2.Seats[0] = store.Seat{}
	if err := s.Update(c, m2); err != nil {
		t.Fatal(err)
	}
	ids := func(ms []*store.Match, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	if got, want := ids(p.MatchesOf(c, a.ID, 10)), []string{m2.ID, m1.ID}; !slices.Equal(got, want) {
		t.Fatalf("MatchesOf(a) = %v, want %v", got, want)
	}
	if got, want := ids(p.MatchesOf(c, b.ID, 10)), []string{m2.ID}; !slices.Equal(got, want) {
		t.Fatalf("MatchesOf(b) = %v, want %v", got, want)
	}
	if got := ids(p.MatchesOf(c, a.ID, 1)); len(got) != 1 {
		t.Fatalf("MatchesOf(limit 1) gave %v", got)
	}
}

func testChat(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m)
	a := mustAccount(t, p, "chat")
	said := []*store.ChatMessage{
		{Room: m.ID, Account: a.ID, Name: a.Name, Seat: 1, Version: 0, Text: "hello <b>all</b>"},
		{Room: m.ID, Name: "guest", Seat: 2, Version: 3, Text: "hi"},
		{Room: m.ID, Account: a.ID, Name: a.Name, Seat: 0, Version: 3, Text: "watching"},
	}
	for i, msg := range said {
		if err := p.Say(c, msg); err != nil {
			t.Fatal(err)
		}
		if msg.N != i {
			t.Fatalf("message %d numbered %d", i, msg.N)
		}
	}
	lobby := &store.ChatMessage{Room: "", Account: a.ID, Name: a.Name, Text: "anyone for Source?"}
	if err := p.Say(c, lobby); err != nil {
		t.Fatal(err)
	}
	got, err := p.Chat(c, m.ID, 0)
	if err != nil || len(got) != 3 {
		t.Fatalf("Chat = %+v, %v", got, err)
	}
	for i, g := range got {
		w := said[i]
		if g.Room != m.ID || g.N != i || g.Account != w.Account || g.Name != w.Name || g.Seat != w.Seat || g.Version != w.Version || g.Text != w.Text || g.At.UnixMilli() != w.At.UnixMilli() || g.Deleted {
			t.Fatalf("message %d read back as %+v, want %+v", i, g, *w)
		}
	}
	if got, _ := p.Chat(c, m.ID, 2); len(got) != 1 || got[0].N != 2 {
		t.Fatalf("Chat(from 2) = %+v", got)
	}
	if err := p.DeleteChat(c, m.ID, 0); err != nil {
		t.Fatal(err)
	}
	if got, _ := p.Chat(c, m.ID, 0); len(got) != 3 || !got[0].Deleted || got[0].Text != "" || got[1].Deleted {
		t.Fatalf("after deleting message 0: %+v", got)
	}
	if err := p.DeleteChat(c, m.ID, 7); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting no message: %v, want ErrNotFound", err)
	}
	if got, _ := p.Chat(c, "", lobby.N); len(got) != 1 || got[0].Text != lobby.Text || got[0].Room != "" {
		t.Fatalf("the lobby's chat = %+v", got)
	}
	if got, err := p.RecentChat(c, m.ID, 2); err != nil || len(got) != 2 || got[0].N != 1 || got[1].N != 2 {
		t.Fatalf("RecentChat(2) = %+v, %v", got, err)
	}
	if got, err := p.RecentChat(c, m.ID, 10); err != nil || len(got) != 3 {
		t.Fatalf("RecentChat(10) = %+v, %v", got, err)
	}
	if got, err := p.RecentChat(c, "no such room", 10); err != nil || len(got) != 0 {
		t.Fatalf("RecentChat(no such room) = %+v, %v", got, err)
	}
}

// testChatConcurrent: messages said at once in one room take distinct
// numbers, none lost.
func testChatConcurrent(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	m := NewMatch(2)
	mustCreate(t, s, m)
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Say(c, &store.ChatMessage{Room: m.ID, Name: "g", Text: fmt.Sprint(i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, err := p.Chat(c, m.ID, 0)
	if err != nil || len(got) != n {
		t.Fatalf("%d messages said at once, %d kept (%v)", n, len(got), err)
	}
	seen := map[string]bool{}
	for i, g := range got {
		if g.N != i {
			t.Fatalf("message %d numbered %d", i, g.N)
		}
		seen[g.Text] = true
	}
	if len(seen) != n {
		t.Fatalf("%d distinct messages kept of %d", len(seen), n)
	}
}

func testMutes(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	a, b, d := mustAccount(t, p, "mu"), mustAccount(t, p, "mv"), mustAccount(t, p, "mw")
	for _, o := range []string{b.ID, d.ID, b.ID} {
		if err := p.Mute(c, a.ID, o, true); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := p.Muted(c, a.ID); err != nil || !slices.Equal(got, []string{b.ID, d.ID}) {
		t.Fatalf("Muted = %v, %v", got, err)
	}
	if err := p.Mute(c, a.ID, b.ID, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := p.Muted(c, a.ID); !slices.Equal(got, []string{d.ID}) {
		t.Fatalf("after unmuting: %v", got)
	}
	if got, _ := p.Muted(c, b.ID); len(got) != 0 {
		t.Fatalf("muting is one way: %v", got)
	}
}

// testWatchPeople: a message said, one taken down and a match rated are
// notified to a Watcher, as moves are.
func testWatchPeople(t *testing.T, s store.Store, p store.People) {
	c := ctx(t)
	changes := watch(t, s, func(ch store.Change) bool { return ch.Chat || ch.Rated })
	m := NewMatch(2)
	mustCreate(t, s, m)
	a := mustAccount(t, p, "wp")
	lobbyN := -1
	if all, err := p.Chat(c, "", 0); err == nil {
		lobbyN = len(all)
	}
	if err := p.Say(c, &store.ChatMessage{Room: m.ID, Name: "x", Text: "one"}); err != nil {
		t.Fatal(err)
	}
	if err := p.Say(c, &store.ChatMessage{Room: m.ID, Name: "x", Text: "two"}); err != nil {
		t.Fatal(err)
	}
	if err := p.DeleteChat(c, m.ID, 0); err != nil {
		t.Fatal(err)
	}
	if err := p.RateMatch(c, m.ID, []store.RatingChange{change(m.ID, a.ID, newRating, 27, 8, true)}); err != nil {
		t.Fatal(err)
	}
	want := []store.Change{{ID: m.ID, Version: 1, Chat: true}, {ID: m.ID, Version: 2, Chat: true}, {ID: m.ID, Version: 2, Rev: 1, Chat: true}, {ID: m.ID, Rated: true}}
	expect := func(i int, wc store.Change) {
		t.Helper()
		for {
			select {
			case got := <-changes:
				if got.ID != wc.ID && got.ID != "" {
					continue // another test's
				}
				if got != wc {
					t.Fatalf("change %d: %+v, want %+v", i, got, wc)
				}
				return
			case <-time.After(10 * time.Second):
				t.Fatalf("change %d (%+v) not reported", i, wc)
			}
		}
	}
	for i, wc := range want {
		expect(i, wc)
	}
	if lobbyN >= 0 {
		if err := p.Say(c, &store.ChatMessage{Room: "", Name: "x", Text: "lobby"}); err != nil {
			t.Fatal(err)
		}
		expect(len(want), store.Change{ID: "", Chat: true, Version: lobbyN + 1})
	}
}
