package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
)

// playLoop plays a seat's client with random legal moves (a spectator's
// only watches) until the game is over. hook, if set, runs before each
// move. It keeps every message in c.all and reports problems as errors,
// so that several clients can play from their own goroutines.
func playLoop(c *wsClient, seed uint64, within time.Duration, hook func(stateMsg) error) error {
	rng := rand.New(rand.NewPCG(seed, 7))
	for {
		select {
		case b, ok := <-c.in:
			if !ok {
				return fmt.Errorf("connection closed: %v", <-c.end)
			}
			c.all = append(c.all, b)
			var head struct{ Type string }
			json.Unmarshal(b, &head)
			switch head.Type {
			case "error":
				return fmt.Errorf("server answered an error: %s", b)
			case "state":
				var s stateMsg
				if err := json.Unmarshal(b, &s); err != nil {
					return err
				}
				if s.Status == "over" {
					return nil
				}
				if !s.YourTurn {
					continue
				}
				if len(s.Legal) == 0 {
					return fmt.Errorf("version %d: my turn and no legal moves", s.Version)
				}
				if hook != nil {
					if err := hook(s); err != nil {
						return err
					}
				}
				mv := s.Legal[rng.IntN(len(s.Legal))]
				msg, _ := json.Marshal(map[string]any{"type": "move", "move": mv, "version": s.Version, "id": fmt.Sprint(s.Version)})
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				err := c.conn.Write(ctx, websocket.MessageText, msg)
				cancel()
				if err != nil {
					return err
				}
			}
		case <-time.After(within):
			return fmt.Errorf("no message for %v", within)
		}
	}
}

// playAll runs playLoop for every client at once.
func playAll(t *testing.T, clients []*wsClient, within time.Duration, hook func(stateMsg) error) {
	t.Helper()
	errs := make([]error, len(clients))
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = playLoop(c, uint64(i+1), within, hook)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("client %d: %v", i, err)
		}
	}
}

// replayed is a complete record replayed, with the state before every
// entry and after the last.
type replayed struct {
	info   game.Info
	rec    *record.Record
	states []game.State  // states[v]: after v entries
	actors []game.Player // actors[i]: who made entry i
}

func replayAll(t *testing.T, rec *record.Record) *replayed {
	t.Helper()
	g, err := game.Lookup(rec.Game)
	if err != nil {
		t.Fatal(err)
	}
	r := &replayed{info: g.Info(), rec: rec}
	noSeed := *rec
	noSeed.Seed = nil
	rep, err := record.Play(&noSeed, record.Options{Trace: func(s record.Step) {
		r.states = append(r.states, s.State.Clone())
		r.actors = append(r.actors, s.Player)
	}})
	if err != nil {
		t.Fatalf("replaying the complete record: %v", err)
	}
	if len(r.actors) != len(rec.Moves) {
		t.Fatalf("complete record of %d entries replays %d actions", len(rec.Moves), len(r.actors))
	}
	r.states = append(r.states, rep.State)
	return r
}

// expectEntry is what viewer may see of entry i: all of it in a game of
// perfect information or when it is the viewer's own move, else the
// masked form.
func (r *replayed) expectEntry(i int, viewer game.Player) string {
	move := r.rec.Moves[i]
	if !r.info.HiddenInformation || r.actors[i] == viewer && viewer >= 0 {
		return move
	}
	st := r.states[i]
	if pn, ok := st.(game.PublicNotationer); ok {
		a, _ := st.ParseAction(strings.TrimPrefix(move, record.ChancePrefix))
		if r.actors[i] == game.Chance {
			return record.ChancePrefix + pn.PublicActionString(a)
		}
		return pn.PublicActionString(a)
	}
	if r.actors[i] == game.Chance {
		return "*?"
	}
	return "?"
}

// checkMessages checks every message a client got against the game
// replayed: each state message holds exactly the viewer's observation
// and rendering at its version, the legal moves only on the viewer's
// turn, and the log entries since the previous message as the viewer may
// see them. Decoding is strict, so a message with any other field fails.
func (r *replayed) checkMessages(t *testing.T, name string, viewer game.Player, msgs [][]byte) {
	t.Helper()
	last := -1
	states := 0
	for k, b := range msgs {
		var head struct{ Type string }
		json.Unmarshal(b, &head)
		if head.Type != "state" {
			if head.Type != "ack" {
				t.Fatalf("%s: message %d: unexpected %s", name, k, b)
			}
			var a answerMsg
			strict(t, b, &a)
			for _, e := range a.Applied {
				if want := r.expectEntry(e.N, viewer); e.Move != want {
					t.Fatalf("%s: ack entry %d is %q, want %q", name, e.N, e.Move, want)
				}
			}
			continue
		}
		states++
		var s stateMsg
		strict(t, b, &s)
		if s.Version < 0 || s.Version >= len(r.states) {
			t.Fatalf("%s: message %d at version %d; the game has %d entries", name, k, s.Version, len(r.rec.Moves))
		}
		if last >= 0 && s.From != last {
			t.Fatalf("%s: message %d carries entries from %d, the previous one ended at %d", name, k, s.From, last)
		}
		if last < 0 && s.From != 0 {
			t.Fatalf("%s: first message starts its log at %d, want 0", name, s.From)
		}
		last = s.Version
		st := r.states[s.Version]
		wantSeat := 0
		if viewer >= 0 {
			wantSeat = viewer.Seat()
		}
		if s.Seat != wantSeat {
			t.Fatalf("%s: message %d for seat %d, want %d", name, k, s.Seat, wantSeat)
		}
		obs, _ := json.Marshal(st.Observation(viewer))
		if !sameJSON(s.Observation, obs) {
			t.Fatalf("%s: version %d: observation differs from the game's Observation(%v):\n got %s\nwant %s", name, s.Version, viewer, s.Observation, obs)
		}
		if s.Text != st.Render(viewer) {
			t.Fatalf("%s: version %d: text differs from Render(%v)", name, s.Version, viewer)
		}
		cur := st.CurrentPlayer()
		if cur >= 0 && s.ToMove != cur.Seat() || cur < 0 && s.ToMove != 0 {
			t.Fatalf("%s: version %d: to_move %d, want %v", name, s.Version, s.ToMove, cur)
		}
		mine := cur == viewer && viewer >= 0 && s.Status == "running"
		if s.Forced && (!mine || len(st.LegalActions(nil)) != 1) {
			t.Fatalf("%s: version %d: forced, with %d legal moves (mine: %v)", name, s.Version, len(st.LegalActions(nil)), mine)
		}
		// A person's only move is played for them (forced): no turn.
		mine = mine && !s.Forced
		if s.YourTurn != mine {
			t.Fatalf("%s: version %d: your_turn %v, want %v", name, s.Version, s.YourTurn, mine)
		}
		if mine {
			var want []string
			for _, a := range st.LegalActions(nil) {
				want = append(want, st.ActionString(a))
			}
			if !slices.Equal(s.Legal, want) {
				t.Fatalf("%s: version %d: legal %q, want %q", name, s.Version, s.Legal, want)
			}
		} else if len(s.Legal) > 0 {
			t.Fatalf("%s: version %d: legal moves sent when it is not the viewer's turn", name, s.Version)
		}
		if len(s.Moves) != s.Version-s.From {
			t.Fatalf("%s: version %d: %d entries from %d", name, s.Version, len(s.Moves), s.From)
		}
		for j, e := range s.Moves {
			i := s.From + j
			wantSeat := 0
			if r.actors[i] >= 0 {
				wantSeat = r.actors[i].Seat()
			}
			if e.N != i || e.Seat != wantSeat {
				t.Fatalf("%s: entry %+v, want n %d seat %d", name, e, i, wantSeat)
			}
			if want := r.expectEntry(i, viewer); e.Move != want {
				t.Fatalf("%s: version %d: entry %d shown as %q, want %q", name, s.Version, i, e.Move, want)
			}
		}
		if game.IsTerminal(st) {
			if !reflect.DeepEqual(s.Result, st.Returns(nil)) {
				t.Fatalf("%s: result %v, want %v", name, s.Result, st.Returns(nil))
			}
		} else if s.Result != nil || s.Scores != nil {
			t.Fatalf("%s: version %d: result or scores before the end", name, s.Version)
		}
	}
	if states == 0 || last != len(r.rec.Moves) {
		t.Fatalf("%s: %d state messages, the last at version %d; want the end at %d", name, states, last, len(r.rec.Moves))
	}
}

// TestSourceMatchWebSocket plays a full Source match between two
// WebSocket clients (and a spectator) and checks every message each got
// against the game replayed from the complete record.
func TestSourceMatchWebSocket(t *testing.T) {
	gameName := "source"
	if _, err := game.Lookup(gameName); err != nil {
		t.Fatalf("Source is not registered (games/all): %v", err)
	}
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": gameName, "join": 1, "name": "ann"})
	if a.Match.Status != "open" || a.Seat != 1 || a.Token == "" {
		t.Fatalf("create: %+v", a)
	}
	id := a.Match.ID
	spectator := n.dial(id, "")
	c1 := n.dial(id, a.Token)
	b := n.join(id, 0)
	if b.Seat != 2 || b.Match.Status != "running" {
		t.Fatalf("join: %+v", b)
	}
	c2 := n.dial(id, b.Token)
	start := time.Now()
	playAll(t, []*wsClient{c1, c2, spectator}, 20*time.Second, nil)
	elapsed := time.Since(start)

	v := n.waitStatus(id, "over", 5*time.Second)
	rec := n.record(id, "")
	if rec.Seed == nil || len(rec.Moves) != v.Version {
		t.Fatalf("complete record: seed %v, %d moves; match at version %d", rec.Seed, len(rec.Moves), v.Version)
	}
	r := replayAll(t, rec)
	end := r.states[len(r.states)-1]
	if !game.IsTerminal(end) || !reflect.DeepEqual(end.Returns(nil), v.Result) {
		t.Fatalf("the record replays to %v with returns %v; the match says %v", end.CurrentPlayer(), end.Returns(nil), v.Result)
	}
	for i, c := range []*wsClient{c1, c2} {
		r.checkMessages(t, fmt.Sprintf("seat %d", i+1), game.Player(i), c.all)
	}
	r.checkMessages(t, "spectator", game.Spectator, spectator.all)
	t.Logf("Source: %d moves through two WebSocket clients in %v (%.0f moves/s)", len(rec.Moves), elapsed.Round(time.Millisecond), float64(len(rec.Moves))/elapsed.Seconds())
}

// hiddenGame is Breaking Head when it is registered, or else the Kuhn
// poker of bot/testgames (hidden cards dealt by chance), so that the leak
// test always runs.
func hiddenGame(t *testing.T) (name string, players int, seats []string) {
	if _, err := game.Lookup("breaking-head"); err == nil {
		return "breaking-head", 4, []string{"human", "human", "random", "greedy"}
	}
	t.Log("breaking-head is not registered: testing with test-kuhn")
	return "test-kuhn", 2, []string{"human", "random"}
}

// TestHiddenInformationDoesNotLeak plays a game with hidden information
// (Breaking Head) with two WebSocket clients and bots in the other seats,
// and checks every message to each seat and to a spectator: exactly the
// game's Observation for that seat, other seats' moves and every chance
// outcome masked, no complete record and no seed before the end.
func TestHiddenInformationDoesNotLeak(t *testing.T) {
	name, players, seats := hiddenGame(t)
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": name, "players": players, "seats": seats, "join": 1})
	id := a.Match.ID
	if !a.Match.HiddenInformation {
		t.Fatalf("%s: not a game with hidden information", name)
	}
	spectator := n.dial(id, "")
	clients := []*wsClient{n.dial(id, a.Token)}
	for seat := 2; seat <= players; seat++ {
		if seats[seat-1] == "human" {
			clients = append(clients, n.dial(id, n.join(id, seat).Token))
		}
	}
	var checks sync.Mutex
	checked := 0
	var publicSeen [][]string
	hook := func(s stateMsg) error {
		// While the game runs, the record anybody may download shows
		// only what a spectator may see and has no seed; the complete
		// one is refused.
		code, raw := n.call("GET", "/api/matches/"+id+"/record", "", nil, nil)
		if code != http.StatusOK {
			return fmt.Errorf("public record: %d %s", code, raw)
		}
		rec, err := record.Parse(raw)
		if err != nil {
			return err
		}
		if rec.Seed != nil {
			return fmt.Errorf("the public record of a running match gives the seed")
		}
		// Each entry is checked against the game once it is over.
		checks.Lock()
		publicSeen = append(publicSeen, rec.Moves)
		checks.Unlock()
		if code, _ := n.call("GET", "/api/matches/"+id+"/record?view=complete", "", nil, nil); code != http.StatusForbidden {
			return fmt.Errorf("the complete record of a running match: status %d, want 403", code)
		}
		checks.Lock()
		checked++
		checks.Unlock()
		return nil
	}
	playAll(t, append(clients, spectator), 30*time.Second, hook)
	if checked == 0 {
		t.Fatal("no move was made by the test's clients")
	}
	v := n.waitStatus(id, "over", 5*time.Second)
	rec := n.storedRecord(id)
	if rec.Seed == nil || len(rec.Moves) != v.Version {
		t.Fatalf("complete record after the end: seed %v, %d moves, version %d", rec.Seed, len(rec.Moves), v.Version)
	}
	// B17: the hands, passes and end cards stay hidden after the end; the
	// record anybody may download stays the public one.
	for _, view := range []string{"", "public"} {
		if pub := n.record(id, view); pub.Seed != nil || len(pub.Moves) != v.Version || slices.Equal(pub.Moves, rec.Moves) {
			t.Fatalf("record (view %q) after the end: %+v", view, pub)
		}
	}
	if code, raw := n.call("GET", "/api/matches/"+id+"/record?view=complete", "", nil, nil); code != http.StatusForbidden || !strings.Contains(string(raw), "never given out") {
		t.Fatalf("the complete record after the end: %d %s, want 403", code, raw)
	}
	// A seat's replay needs that seat's token of this match: another
	// match's token, even for the same seat number, holds none here.
	other := n.create(map[string]any{"game": name, "players": players, "seats": seats, "join": 1})
	if code, raw := n.call("GET", "/api/matches/"+id+"/replay?seat=1", other.Token, nil, nil); code != http.StatusForbidden || !strings.Contains(string(raw), "holds no seat") {
		t.Fatalf("seat 1's replay with another match's seat 1 token: %d %s, want 403", code, raw)
	}
	r := replayAll(t, rec)
	for _, moves := range publicSeen {
		for i, m := range moves {
			if want := r.expectEntry(i, game.Spectator); m != want {
				t.Fatalf("the public record of the running match shows entry %d as %q, want %q (complete: %q)", i, m, want, rec.Moves[i])
			}
		}
	}
	human := 0
	for seat := 1; seat <= players; seat++ {
		if seats[seat-1] != "human" {
			continue
		}
		r.checkMessages(t, fmt.Sprintf("seat %d", seat), game.PlayerOfSeat(seat), clients[human].all)
		if name == "breaking-head" {
			checkBreakingHeadPrivacy(t, seat, clients[human].all)
		}
		human++
	}
	r.checkMessages(t, "spectator", game.Spectator, spectator.all)
	if name == "breaking-head" {
		checkBreakingHeadPrivacy(t, 0, spectator.all)
	}
	t.Logf("%s: %d entries; %d messages to seat 1, %d to the spectator, all checked", name, len(rec.Moves), len(clients[0].all), len(spectator.all))
}

// checkBreakingHeadPrivacy checks, beside the exact comparison with the
// game's observation, the rules of B18 directly on what a viewer got:
// only its own private part, nobody's role before the end.
func checkBreakingHeadPrivacy(t *testing.T, seat int, msgs [][]byte) {
	t.Helper()
	for _, b := range msgs {
		var s stateMsg
		if json.Unmarshal(b, &s) != nil || s.Type != "state" {
			continue
		}
		var o struct {
			Viewer int `json:"viewer"`
			You    *struct {
				Seat int `json:"seat"`
			} `json:"you"`
			Seats []struct {
				Seat int    `json:"seat"`
				Role string `json:"role"`
			} `json:"seats"`
			Status string `json:"status"`
		}
		if err := json.Unmarshal(s.Observation, &o); err != nil {
			t.Fatalf("seat %d: observation: %v", seat, err)
		}
		if o.Viewer != seat || (seat == 0) != (o.You == nil) || o.You != nil && o.You.Seat != seat {
			t.Fatalf("seat %d got the private view of viewer %d", seat, o.Viewer)
		}
		if o.Status != "over" {
			for _, sv := range o.Seats {
				if sv.Role != "" {
					t.Fatalf("seat %d sees seat %d's role %q before the end", seat, sv.Seat, sv.Role)
				}
			}
		}
	}
}

// TestChanceFromSeed plays countdown (chance in the set-up and between
// moves) over HTTP and checks that the server drew every chance outcome
// from the match's seed as docs/records.md describes: the complete record
// with its chance entries removed replays from the seed to the same log.
func TestChanceFromSeed(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for g := 0; g < 3; g++ {
		a := n.create(map[string]any{"game": "countdown", "join": 1})
		b := n.join(a.Match.ID, 2)
		tokens := []string{a.Token, b.Token}
		rng := rand.New(rand.NewPCG(uint64(g), 1))
		for {
			s := n.state(a.Match.ID, "")
			if s.Status == "over" {
				break
			}
			mine := n.state(a.Match.ID, tokens[s.ToMove-1])
			if !mine.YourTurn {
				continue // the server played a forced move
			}
			s = mine
			var ans moveAnswer
			n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/moves", tokens[s.ToMove-1],
				map[string]any{"move": mine.Legal[rng.IntN(len(mine.Legal))], "version": s.Version}, &ans)
			if ans.Version <= s.Version || len(ans.Applied) != ans.Version-s.Version {
				t.Fatalf("move at %d: answer %+v", s.Version, ans)
			}
		}
		rec := n.record(a.Match.ID, "")
		if !record.IsChance(rec.Moves[0]) {
			t.Fatalf("countdown's set-up is not in the log: %q", rec.Moves)
		}
		seedOnly := *rec
		seedOnly.Moves = slices.DeleteFunc(slices.Clone(rec.Moves), record.IsChance)
		rep, err := record.Play(&seedOnly, record.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rep.Complete.Moves, rec.Moves) {
			t.Fatalf("the seed replays to\n%q\nthe server drew\n%q", rep.Complete.Moves, rec.Moves)
		}
	}
}

// TestConcurrentMovesOneWins sends one seat's move at one version many
// times at once: exactly one is applied, the others get 409.
func TestConcurrentMovesOneWins(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	n.join(a.Match.ID, 2)
	const tries = 12
	codes := make(chan int, tries)
	var wg sync.WaitGroup
	for i := 0; i < tries; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			move := []string{"take1", "take2"}[i%2]
			code, _ := n.call("POST", "/api/matches/"+a.Match.ID+"/moves", a.Token, map[string]any{"move": move, "version": 0}, nil)
			codes <- code
		}()
	}
	wg.Wait()
	close(codes)
	count := map[int]int{}
	for c := range codes {
		count[c]++
	}
	if count[http.StatusOK] != 1 || count[http.StatusConflict] != tries-1 {
		t.Fatalf("statuses %v: want one 200 and %d 409", count, tries-1)
	}
	rec := n.record(a.Match.ID, "public")
	if got := len(rec.Moves); got != 1 && got != 2 { // take2 adds a coin
		t.Fatalf("log after the race: %q", rec.Moves)
	}
}
