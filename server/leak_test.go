package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/breakinghead"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/replay"
	"github.com/commons-games/commons/server"
)

// The leak proof (docs/reliability.md): whole games of every registered
// game with hidden information are played through a real server, one
// WebSocket client per seat and a spectator, each client also fetching
// its state, the public record and the match over HTTP; every message and
// answer each viewer got is then checked against the hidden facts of the
// moment it was sent at. The state of each moment is the server's own:
// the match's complete record replays, entry by entry, to the states the
// server held (the server's state is its log replayed, and the test
// checks that the record's end is the match's).
//
// Three checks, each able to fail on its own (TestLeakProofCatchesLeaks
// shows that they do):
//
//  1. Exactness: a state message holds exactly the game's Observation and
//     Render of the viewer at that version, legal moves only on its turn,
//     and each log entry in full only when it is the viewer's own move,
//     else in the game's public form; the public record likewise; nothing
//     else (the message is decoded strictly).
//  2. Knowledge: what a viewer got is the same on every state the game's
//     Sampler deals for it, which keeps what the viewer knows and deals
//     again what it does not (others' roles and hands, the deck, the end
//     cards it has not seen, others' passes). A message that depends on
//     any of those differs on some sample.
//  3. Named facts: the facts hidden at that moment, listed from the
//     complete record and the state without the game's observation code:
//     the match's seed (never in anything before the end), the hidden
//     words of every entry not the viewer's own ("crossing" in another
//     seat's pass, the card of a draw, a role dealt, where Fixed &
//     Committed lies), and, for the games that register an extractor in
//     leakFacts, their own facts (Breaking Head: others' roles, others'
//     hands, the unseen end cards, others' passes), counted word by word
//     against what the viewer may know.
//
// A game that joins the registry with Info.HiddenInformation is played
// here without new code; an extractor adds named facts of its own.

// leakyPrefix names the deliberately leaky games of the can-fail test,
// which the proof itself leaves out.
const leakyPrefix = "test-leaky-"

// seen is one message or answer a viewer got.
type seen struct {
	viewer game.Player
	what   string // "WebSocket message 12", "GET /state"...
	// version is the match's version it speaks of (-1: the latest the
	// viewer had seen).
	version int
	raw     []byte
}

// leakRun is a finished match and everything its viewers got.
type leakRun struct {
	name    string
	players int
	seed    uint64
	r       *replayed
	seen    []seen
}

// TestNoLeaksThroughTheServer is the leak proof: for every registered game
// with hidden information, whole games with random players in every seat
// (and one with the server's bots in half of them), every message to every
// seat and to a spectator checked.
func TestNoLeaksThroughTheServer(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	games := 0
	for _, g := range game.Games() {
		in := g.Info()
		if !in.HiddenInformation || strings.HasPrefix(in.Name, leakyPrefix) {
			continue
		}
		games++
		// Every player count (the smallest and the largest with -short),
		// the options' values taken in turn.
		var counts []int
		for p := in.MinPlayers; p <= in.MaxPlayers; p++ {
			if !testing.Short() || p == in.MinPlayers || p == in.MaxPlayers {
				counts = append(counts, p)
			}
		}
		for i, players := range counts {
			seats := make([]string, players)
			for s := range seats {
				seats[s] = "human"
			}
			opts := game.Options{}
			for _, spec := range in.Options {
				if len(spec.Values) > 0 {
					opts[spec.Name] = spec.Values[i%len(spec.Values)]
				}
			}
			t.Run(fmt.Sprintf("%s/%dp", in.Name, players), func(t *testing.T) {
				n.t = t
				run := playForLeaks(t, n, in.Name, players, opts, seats, uint64(i), 1)
				reportLeaks(t, run)
			})
		}
		players := min(in.MinPlayers+1, in.MaxPlayers)
		seats := make([]string, players)
		for s := range seats {
			seats[s] = []string{"human", "random", "human", "greedy", "human", "script"}[s%6]
			if seats[s] == "script" && len(in.Scripts) > 0 {
				seats[s] = "script:" + in.Scripts[0].Name
			} else if seats[s] == "script" {
				seats[s] = "random"
			}
		}
		t.Run(fmt.Sprintf("%s/%dp-with-bots", in.Name, players), func(t *testing.T) {
			n.t = t
			run := playForLeaks(t, n, in.Name, players, nil, seats, 99, 1)
			reportLeaks(t, run)
		})
	}
	n.t = t
	if games == 0 {
		t.Fatal("no registered game has hidden information: the proof proves nothing")
	}
}

func reportLeaks(t *testing.T, run *leakRun) {
	t.Helper()
	leaks, checked := findLeaks(run, leakChecks{exact: true, knowledge: true, named: true})
	for i, l := range leaks {
		if i == 10 {
			t.Errorf("... and %d more", len(leaks)-10)
			break
		}
		t.Error(l)
	}
	t.Logf("%s, %d players %v: %d entries; %d messages and answers to %d viewers checked; leaks found: %d",
		run.name, run.players, run.r.rec.Options, len(run.r.rec.Moves), checked, run.players+1, len(leaks))
}

// playForLeaks creates a match of name with the given seats, joins every
// "human" seat with a WebSocket client that plays random legal moves,
// watches it as a spectator, and plays it to the end. Before each of its
// moves a client fetches its state, the public record and the match over
// HTTP, and tries a move that is not legal, keeping every answer (before
// every move, or every every-th of its moves).
func playForLeaks(t *testing.T, n *node, name string, players int, opts game.Options, seats []string, seed uint64, every int) *leakRun {
	t.Helper()
	a := n.create(map[string]any{"game": name, "players": players, "options": opts, "seats": seats})
	id := a.Match.ID
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	hidden := g.Info().HiddenInformation
	spectator := n.dial(id, "")
	type seatClient struct {
		p     game.Player
		token string
		c     *wsClient
	}
	var clients []seatClient
	for s := 1; s <= players; s++ {
		if seats[s-1] == "human" {
			j := n.join(id, s)
			clients = append(clients, seatClient{game.PlayerOfSeat(s), j.Token, n.dial(id, j.Token)})
		}
	}
	var mu sync.Mutex
	var answers []seen
	keep := func(p game.Player, what string, version int, raw []byte) {
		mu.Lock()
		answers = append(answers, seen{p, what, version, append([]byte(nil), raw...)})
		mu.Unlock()
	}
	hook := func(p game.Player, token string, rng *rand.Rand) func(stateMsg) error {
		moves := 0
		return func(s stateMsg) error {
			if moves++; (moves-1)%every != 0 {
				return nil
			}
			for _, tok := range []string{token, ""} {
				viewer := p
				if tok == "" {
					viewer = game.Spectator
				}
				code, raw := n.call("GET", "/api/matches/"+id+"/state?text=1", tok, nil, nil)
				if code != http.StatusOK {
					return fmt.Errorf("GET state: %d %s", code, raw)
				}
				keep(viewer, "GET /state", -1, raw)
			}
			code, raw := n.call("GET", "/api/matches/"+id+"/record", "", nil, nil)
			if code != http.StatusOK {
				return fmt.Errorf("GET record: %d %s", code, raw)
			}
			keep(game.Spectator, "GET /record", -1, raw)
			code, raw = n.call("GET", "/api/matches/"+id+"/record?view=complete", "", nil, nil)
			if code != http.StatusForbidden {
				return fmt.Errorf("GET record?view=complete of a running match: %d, want 403", code)
			}
			keep(game.Spectator, "GET /record?view=complete", s.Version, raw)
			// Mid-game replays only where they may hide something: a
			// long game's replay holds every position so far.
			if hidden && (moves-1)%(10*every) == 0 {
				if err := fetchReplays(n, id, players, s.Version, hidden, p, token, keep); err != nil {
					return err
				}
			}
			_, raw = n.call("GET", "/api/matches/"+id, "", nil, nil)
			keep(game.Spectator, "GET /api/matches/{id}", s.Version, raw)
			// A mistaken move: a word of another move, or a move out of
			// range; its error must say nothing hidden either.
			bad := []string{"?! not a move", "place", strings.Fields(s.Legal[rng.IntN(len(s.Legal))])[0] + " 99,99", "take everything"}[rng.IntN(4)]
			code, raw = n.call("POST", "/api/matches/"+id+"/moves", token, map[string]any{"move": bad, "version": s.Version}, nil)
			if code < 400 {
				return fmt.Errorf("the mistaken move %q was accepted", bad)
			}
			keep(p, fmt.Sprintf("POST /moves %q", bad), s.Version, raw)
			// And a move out of turn, or at a stale version, by the same seat.
			code, raw = n.call("POST", "/api/matches/"+id+"/moves", token, map[string]any{"move": s.Legal[0], "version": s.Version - 1}, nil)
			if code != http.StatusConflict {
				return fmt.Errorf("a stale move: %d %s", code, raw)
			}
			keep(p, "POST /moves (stale)", s.Version, raw)
			return nil
		}
	}
	errs := make([]error, len(clients)+1)
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = playLoop(c.c, seed*100+uint64(i), 60*time.Second, hook(c.p, c.token, rand.New(rand.NewPCG(seed, uint64(i)))))
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		errs[len(clients)] = playLoop(spectator, 0, 60*time.Second, nil)
	}()
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("client %d: %v", i, err)
		}
	}
	v := n.waitStatus(id, "over", 10*time.Second)
	// After the end: the public record still, never the complete one
	// (B17: what was hidden stays hidden), and the replays.
	code, raw := n.call("GET", "/api/matches/"+id+"/record", "", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("GET record after the end: %d %s", code, raw)
	}
	keep(game.Spectator, "GET /record after the end", -1, raw)
	if hidden {
		if code, raw = n.call("GET", "/api/matches/"+id+"/record?view=complete", "", nil, nil); code != http.StatusForbidden {
			t.Fatalf("GET record?view=complete after the end: %d, want 403", code)
		}
		keep(game.Spectator, "GET /record?view=complete after the end", v.Version, raw)
	}
	for _, c := range clients {
		if !hidden {
			break // a game of perfect information hides nothing after the end
		}
		if err := fetchReplays(n, id, players, v.Version, hidden, c.p, c.token, keep); err != nil {
			t.Fatal(err)
		}
	}
	rec := n.storedRecord(id)
	if rec.Seed == nil || len(rec.Moves) != v.Version {
		t.Fatalf("complete record: seed %v, %d moves; the match is at version %d", rec.Seed, len(rec.Moves), v.Version)
	}
	r := replayAll(t, rec)
	// The state the record replays to is the server's: its result, and
	// every viewer's final state message, as compared in findLeaks.
	if end := r.states[len(r.states)-1]; !game.IsTerminal(end) || !slices.Equal(end.Returns(nil), v.Result) {
		t.Fatalf("the complete record replays to %v with %v; the match ended with %v", end.CurrentPlayer(), end.Returns(nil), v.Result)
	}
	run := &leakRun{name: name, players: players, seed: *rec.Seed, r: r, seen: answers}
	for _, c := range clients {
		for k, b := range c.c.all {
			run.seen = append(run.seen, seen{c.p, fmt.Sprintf("WebSocket message %d", k), -1, b})
		}
	}
	for k, b := range spectator.all {
		run.seen = append(run.seen, seen{game.Spectator, fmt.Sprintf("WebSocket message %d", k), -1, b})
	}
	return run
}

// fetchReplays keeps the replays of match id (at version) as seat p (with its token)
// and as a spectator see them, and the refusals of seat p's replay to
// nobody's token and of another seat's replay to p's token.
func fetchReplays(n *node, id string, players, version int, hidden bool, p game.Player, token string, keep func(game.Player, string, int, []byte)) error {
	base := "/api/matches/" + id + "/replay"
	// In a game of perfect information every seat's view is public.
	refused := func(code int) int {
		if hidden {
			return code
		}
		return http.StatusOK
	}
	for _, c := range []struct {
		viewer      game.Player
		path, token string
		want        int
	}{
		{p, base + "?text=1&seat=" + strconv.Itoa(p.Seat()), token, http.StatusOK},
		{game.Spectator, base + "?text=1", "", http.StatusOK},
		{p, base + "?seat=" + strconv.Itoa(p.Seat()), "", refused(http.StatusUnauthorized)},
		{game.PlayerOfSeat(p.Seat()%players + 1), base + "?seat=" + strconv.Itoa(p.Seat()%players+1), token, refused(http.StatusForbidden)},
	} {
		code, raw := n.call("GET", c.path, c.token, nil, nil)
		if code != c.want {
			return fmt.Errorf("GET %s: %d %s, want %d", c.path, code, raw, c.want)
		}
		keep(c.viewer, "GET /replay", version, raw)
	}
	return nil
}

// replayLeaks checks a replay shown to viewer: each position exactly the
// viewer's Observation and Render of the state after its entries, with
// no named fact it may not know, and each entry as the live log showed it
// to the viewer.
func replayLeaks(run *leakRun, viewer game.Player, rp *replay.Page, which leakChecks) []string {
	r := run.r
	var bad []string
	if want := max(viewer.Seat(), 0); viewer == game.Spectator && rp.Viewer != 0 || viewer >= 0 && rp.Viewer != want {
		bad = append(bad, fmt.Sprintf("a replay seen by seat %d", rp.Viewer))
	}
	for i, e := range rp.Moves {
		if e.N != i || i >= len(r.rec.Moves) {
			bad = append(bad, fmt.Sprintf("replay entry %d numbered %d, of %d", i, e.N, len(r.rec.Moves)))
			continue
		}
		if want := r.expectEntry(i, viewer); which.exact && e.Move != want {
			bad = append(bad, fmt.Sprintf("the replay shows entry %d as %q, want %q", i, e.Move, want))
		}
		if w := hiddenWordsShown(r, i, viewer, e.Move); which.named && w != "" {
			bad = append(bad, fmt.Sprintf("the replay shows entry %d with %s", i, w))
		}
	}
	if len(rp.Positions) != rp.Steps {
		bad = append(bad, fmt.Sprintf("a replay of %d positions that says it has %d", len(rp.Positions), rp.Steps))
	}
	for _, st := range rp.Positions {
		if st.N < 0 || st.N >= len(r.states) {
			bad = append(bad, fmt.Sprintf("a replay step after %d entries, of %d", st.N, len(r.states)-1))
			continue
		}
		state := r.states[st.N]
		if which.exact {
			obs, _ := json.Marshal(state.Observation(viewer))
			if !sameJSON(st.Observation, obs) {
				bad = append(bad, fmt.Sprintf("replay step after %d entries: not the game's Observation(%v):\n got %s\nwant %s", st.N, viewer, st.Observation, obs))
			}
			if !st.HasText || st.Text != state.Render(viewer) {
				bad = append(bad, fmt.Sprintf("replay step after %d entries: not the game's Render(%v)", st.N, viewer))
			}
		}
		if which.named {
			bad = append(bad, namedLeaks(run, viewer, &stateMsg{Version: st.N, Observation: st.Observation, Text: st.Text})...)
		}
	}
	return bad
}

// leakChecks chooses which of the three checks findLeaks makes.
type leakChecks struct{ exact, knowledge, named bool }

// findLeaks checks everything the viewers of run got and returns the
// leaks found (and how many messages and answers were checked).
func findLeaks(run *leakRun, which leakChecks) (leaks []string, checked int) {
	r := run.r
	rng := rand.New(rand.NewPCG(run.seed, 1))
	last := len(r.states) - 1
	for _, s := range run.seen {
		checked++
		where := fmt.Sprintf("%s to %v", s.what, s.viewer)
		add := func(format string, args ...any) {
			leaks = append(leaks, where+": "+fmt.Sprintf(format, args...))
		}
		var head struct {
			Type    string   `json:"type"`
			Version *int     `json:"version"`
			Game    string   `json:"game"`
			Moves   []string `json:"moves"`
		}
		json.Unmarshal(s.raw, &head)
		version := s.version
		if (head.Type == "state" || head.Type == "ack") && head.Version != nil {
			version = *head.Version
		}
		if strings.HasPrefix(s.what, "GET /record") && head.Game != "" {
			version = len(head.Moves)
		}
		var rp *replay.Page
		if s.what == "GET /replay" && head.Game != "" {
			var err error
			if rp, err = replay.ReadPage(s.raw); err != nil {
				add("%v", err)
				continue
			}
			version = len(rp.Moves)
		}
		if version < 0 || version > last {
			add("version %d; the match has %d entries", version, last)
			continue
		}
		over := version == last
		if which.named && !over && strings.Contains(string(s.raw), strconv.FormatUint(run.seed, 10)) {
			add("the match's seed %d, before the end", run.seed)
		}
		switch {
		case head.Type == "state":
			var msg stateMsg
			if err := strictErr(s.raw, &msg); err != nil {
				add("%v", err)
				continue
			}
			if which.exact {
				for _, e := range exactState(r, s.viewer, &msg) {
					add("%s", e)
				}
			}
			if which.knowledge {
				for _, e := range knowledgeLeaks(r, s.viewer, &msg, rng) {
					add("%s", e)
				}
			}
			if which.named {
				for _, e := range namedLeaks(run, s.viewer, &msg) {
					add("%s", e)
				}
				for _, e := range msg.Moves {
					if w := hiddenWordsShown(r, e.N, s.viewer, e.Move); w != "" {
						add("entry %d shows %s", e.N, w)
					}
				}
			}
		case head.Type == "ack":
			var a answerMsg
			if err := strictErr(s.raw, &a); err != nil {
				add("%v", err)
				continue
			}
			for _, e := range a.Applied {
				if which.exact && e.Move != r.expectEntry(e.N, s.viewer) {
					add("ack shows entry %d as %q, want %q", e.N, e.Move, r.expectEntry(e.N, s.viewer))
				}
				if w := hiddenWordsShown(r, e.N, s.viewer, e.Move); which.named && w != "" {
					add("ack shows entry %d with %s", e.N, w)
				}
			}
		case s.what == "GET /replay" && head.Game != "":
			for _, e := range replayLeaks(run, s.viewer, rp, which) {
				add("%s", e)
			}
		case strings.HasPrefix(s.what, "GET /record") && head.Game != "":
			rec, err := record.Parse(s.raw)
			if err != nil {
				add("%v", err)
				continue
			}
			if rec.Seed != nil && !over {
				add("the public record of a running match has the seed")
			}
			for i, m := range rec.Moves {
				if which.exact && m != r.expectEntry(i, game.Spectator) {
					add("the public record shows entry %d as %q, want %q", i, m, r.expectEntry(i, game.Spectator))
				}
				if w := hiddenWordsShown(r, i, game.Spectator, m); which.named && w != "" {
					add("the public record shows entry %d with %s", i, w)
				}
			}
		default:
			// Errors and match views: no hidden entry may be quoted in
			// full in them.
			if which.named {
				for i := 0; i < version; i++ {
					if full := hiddenNotation(r, i, s.viewer); len(full) >= minNeedle && strings.Contains(string(s.raw), full) {
						add("quotes entry %d in full (%q)", i, full)
					}
				}
			}
		}
	}
	return leaks, checked
}

func strictErr(raw []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("a message with fields the test does not know (%v): %s", err, raw)
	}
	return nil
}

// exactState is check 1 for one state message.
func exactState(r *replayed, viewer game.Player, s *stateMsg) []string {
	var bad []string
	st := r.states[s.Version]
	wantSeat := 0
	if viewer >= 0 {
		wantSeat = viewer.Seat()
	}
	if s.Seat != wantSeat {
		bad = append(bad, fmt.Sprintf("a message for seat %d", s.Seat))
	}
	obs, _ := json.Marshal(st.Observation(viewer))
	if !sameJSON(s.Observation, obs) {
		bad = append(bad, fmt.Sprintf("version %d: the observation is not the game's Observation(%v):\n got %s\nwant %s", s.Version, viewer, s.Observation, obs))
	}
	if s.Text != st.Render(viewer) {
		bad = append(bad, fmt.Sprintf("version %d: the text is not the game's Render(%v)", s.Version, viewer))
	}
	cur := st.CurrentPlayer()
	mine := cur == viewer && viewer >= 0 && s.Status == "running"
	if mine {
		var want []string
		for _, a := range st.LegalActions(nil) {
			want = append(want, st.ActionString(a))
		}
		switch {
		case s.Forced && (len(want) != 1 || len(s.Legal) > 0):
			// The server plays a person's only move for them (forced
			// moves), and then sends no legal moves.
			bad = append(bad, fmt.Sprintf("version %d: forced with legal moves %q sent, %q legal", s.Version, s.Legal, want))
		case !s.Forced && !slices.Equal(s.Legal, want):
			bad = append(bad, fmt.Sprintf("version %d: legal moves %q, want %q", s.Version, s.Legal, want))
		}
	} else if len(s.Legal) > 0 || s.Forced {
		bad = append(bad, fmt.Sprintf("version %d: legal moves sent when it is not the viewer's turn", s.Version))
	}
	for _, e := range s.Moves {
		if e.N < 0 || e.N >= len(r.rec.Moves) {
			bad = append(bad, fmt.Sprintf("entry %d of %d", e.N, len(r.rec.Moves)))
			continue
		}
		if want := r.expectEntry(e.N, viewer); e.Move != want {
			bad = append(bad, fmt.Sprintf("entry %d shown as %q, want %q", e.N, e.Move, want))
		}
	}
	if !game.IsTerminal(st) && (s.Result != nil || s.Scores != nil) {
		bad = append(bad, fmt.Sprintf("version %d: a result before the end", s.Version))
	}
	return bad
}

// samplesPerMessage is how many of the Sampler's deals check 2 compares
// each state message with.
const samplesPerMessage = 2

// knowledgeLeaks is check 2 for one state message: on states the game's
// Sampler deals for the viewer, which keep what it knows and deal the
// rest again, the viewer's observation, text and legal moves must be what
// it got. A spectator's view is checked on the samples for each seat in
// turn (any seat knows at least what a spectator does).
func knowledgeLeaks(r *replayed, viewer game.Player, s *stateMsg, rng *rand.Rand) []string {
	st := r.states[s.Version]
	smp, ok := st.(game.Sampler)
	if !ok || game.IsTerminal(st) {
		return nil
	}
	players := r.rec.Players
	var bad []string
	for k := 0; k < samplesPerMessage; k++ {
		p := viewer
		if p < 0 {
			p = game.Player(rng.IntN(players))
		}
		other := smp.Sample(p, rng)
		obs, _ := json.Marshal(other.Observation(viewer))
		if !sameJSON(s.Observation, obs) {
			bad = append(bad, fmt.Sprintf("version %d: the observation depends on what %v does not know: on a state dealt again for it (the Sampler's), it would be\n%s\nnot\n%s", s.Version, viewer, obs, s.Observation))
			break
		}
		if s.Text != other.Render(viewer) {
			bad = append(bad, fmt.Sprintf("version %d: the text depends on what %v does not know (it differs on a state dealt again for it)", s.Version, viewer))
			break
		}
		if len(s.Legal) > 0 {
			var legal []string
			for _, a := range other.LegalActions(nil) {
				legal = append(legal, other.ActionString(a))
			}
			if !slices.Equal(legal, s.Legal) {
				bad = append(bad, fmt.Sprintf("version %d: the legal moves depend on what %v does not know", s.Version, viewer))
				break
			}
		}
	}
	return bad
}

// minNeedle is the shortest hidden notation searched for in errors and
// match views: a shorter one ("2", a test game's secret number) is found
// in any text by chance.
const minNeedle = 6

// hiddenNotation is entry i's full notation (without the chance prefix)
// when viewer may not see it in full, else "".
func hiddenNotation(r *replayed, i int, viewer game.Player) string {
	full := r.rec.Moves[i]
	if r.actors[i] == viewer && viewer >= 0 {
		return ""
	}
	if pub := r.expectEntry(i, viewer); pub == full {
		return ""
	}
	return strings.TrimPrefix(full, record.ChancePrefix)
}

// hiddenWordsShown returns the words of entry i's full notation that its
// public form leaves out (the card passed, the card drawn, the role dealt)
// and that shown, as viewer got it, contains: "" when none is.
func hiddenWordsShown(r *replayed, i int, viewer game.Player, shown string) string {
	if i < 0 || i >= len(r.rec.Moves) {
		return ""
	}
	full := hiddenNotation(r, i, viewer)
	if full == "" {
		return ""
	}
	public := map[string]bool{}
	for _, w := range words(r.expectEntry(i, viewer)) {
		public[w] = true
	}
	var hidden []string
	for _, w := range words(shown) {
		if !public[w] && slices.Contains(words(full), w) {
			hidden = append(hidden, w)
		}
	}
	if len(hidden) == 0 {
		return ""
	}
	return fmt.Sprintf("%q, hidden from %v (the entry is %q)", strings.Join(hidden, " "), viewer, full)
}

// words splits text into lower-case words of letters, digits and hyphens.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	})
}

// jsonWords returns every word of every string value in a JSON document.
func jsonWords(doc []byte) []string {
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			out = append(out, words(x)...)
		}
	}
	walk(v)
	return out
}

// factSet is what a game's extractor says is hidden from a viewer at one
// moment.
type factSet struct {
	// Hidden names the facts hidden from the viewer ("seat 3's role:
	// blocker"), each with the secret words that would tell it.
	Hidden []namedFact
	// Allowed is, for every secret word of the game, how many times the
	// viewer's observation may say it: once for each thing the viewer may
	// know that it names.
	Allowed map[string]int
	// Problems are inconsistencies between the extractor's own account
	// and the state (a bug of the test or of the game).
	Problems []string
}

type namedFact struct {
	What  string
	Words []string
}

// leakFacts are the games' extractors of named hidden facts, by game
// name: the facts hidden from viewer after the first k entries of r.
var leakFacts = map[string]func(r *replayed, k int, viewer game.Player) factSet{
	"breaking-head": breakingHeadFacts,
}

// namedLeaks is the game-specific part of check 3 for one state message:
// no secret word more often in the observation than the viewer may know
// things it names, and none more often in the text than in the
// observation the text is drawn from.
func namedLeaks(run *leakRun, viewer game.Player, s *stateMsg) []string {
	extract := leakFacts[run.name]
	if strings.HasPrefix(run.name, leakyPrefix) {
		extract = leakFacts[strings.TrimPrefix(run.name, leakyPrefix)]
	}
	if extract == nil {
		return nil
	}
	fs := extract(run.r, s.Version, viewer)
	bad := append([]string(nil), fs.Problems...)
	inObs := map[string]int{}
	for _, w := range jsonWords(s.Observation) {
		if _, secret := fs.Allowed[w]; secret {
			inObs[w]++
		}
	}
	explain := func(w string) string {
		var facts []string
		for _, f := range fs.Hidden {
			if slices.Contains(f.Words, w) {
				facts = append(facts, f.What)
			}
		}
		if len(facts) == 0 {
			return ""
		}
		return "; hidden from it now: " + strings.Join(facts, ", ")
	}
	for _, w := range sortedKeys(inObs) {
		if n := inObs[w]; n > fs.Allowed[w] {
			bad = append(bad, fmt.Sprintf("version %d: the observation says %q %d times, %v may know %d%s", s.Version, w, n, viewer, fs.Allowed[w], explain(w)))
		}
	}
	inText := map[string]int{}
	for _, w := range words(s.Text) {
		if _, secret := fs.Allowed[w]; secret {
			inText[w]++
		}
	}
	for _, w := range sortedKeys(inText) {
		if n := inText[w]; n > inObs[w] {
			bad = append(bad, fmt.Sprintf("version %d: the text says %q %d times, the observation %d%s", s.Version, w, n, inObs[w], explain(w)))
		}
	}
	return bad
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestLeakProofCatchesLeaks shows that the proof can fail: it plays a
// Breaking Head match through the server, takes a real message to seat 1
// in the middle of it, puts one hidden fact into it at a time, and checks
// that the checks that should see the leak each do (and that the message
// as the server sent it passes them all).
func TestLeakProofCatchesLeaks(t *testing.T) {
	if _, err := game.Lookup("breaking-head"); err != nil {
		t.Skip("breaking-head is not registered")
	}
	n := startNode(t, nil, server.Config{})
	var run *leakRun
	var msg stateMsg
	var track *bhTrack
	var other int // the seat index (from 0) whose secrets leak
	viewer := game.Player(0)
	// A match with a moment where seat 2 holds cards, some other seat has
	// passed, and seat 1 does not know where Fixed & Committed lies.
	for try := 0; try < 5 && track == nil; try++ {
		run = playForLeaks(t, n, "breaking-head", 4, nil, []string{"human", "human", "human", "human"}, uint64(try), 1)
		for _, s := range run.seen {
			if s.viewer != viewer || !strings.HasPrefix(s.what, "WebSocket") {
				continue
			}
			var m stateMsg
			if json.Unmarshal(s.raw, &m) != nil || m.Type != "state" || m.Status != "running" || m.Version == 0 {
				continue
			}
			tr := trackBreakingHead(run.r, m.Version)
			passed := -1
			for q := 1; q < 4; q++ {
				if len(tr.passes[q]) > 0 {
					passed = q
				}
			}
			held := 0
			for _, c := range tr.hands[1] {
				held += c
			}
			if passed > 0 && held > 0 && tr.fixed != "" && !tr.peeked[0][tr.fixed] {
				msg, track, other = m, tr, passed
				break
			}
		}
	}
	if track == nil {
		t.Fatal("no moment in five matches where seat 2 holds cards, another seat has passed and seat 1 has not seen Fixed & Committed")
	}
	st := run.r.states[msg.Version]
	var held string // a card seat 2 holds
	for _, k := range bhKinds {
		if track.hands[1][k] > 0 {
			held = k
			break
		}
	}
	passIndex := -1 // the entry of another seat's pass
	for i := msg.Version - 1; i >= 0; i-- {
		if int(run.r.actors[i]) == other && strings.HasPrefix(run.r.rec.Moves[i], "pass ") {
			passIndex = i
			break
		}
	}
	drawIndex := -1 // a card drawn by seat 2
	for i := 0; i < msg.Version; i++ {
		if strings.HasPrefix(run.r.rec.Moves[i], "*seat 2 draws ") {
			drawIndex = i
		}
	}
	editObs := func(m *stateMsg, f func(o map[string]any)) {
		var o map[string]any
		if err := json.Unmarshal(m.Observation, &o); err != nil {
			t.Fatal(err)
		}
		f(o)
		m.Observation, _ = json.Marshal(o)
	}
	seatView := func(o map[string]any, q int) map[string]any {
		return o["seats"].([]any)[q].(map[string]any)
	}
	type injection struct {
		name string
		what string // the seen.what of the tampered item
		edit func(m *stateMsg) []byte
		// catch lists the checks that must see it: exact, knowledge,
		// named.
		exact, knowledge, named bool
	}
	injections := []injection{
		{"another seat's observation sent instead", "WebSocket message", func(m *stateMsg) []byte {
			m.Observation, _ = json.Marshal(st.Observation(game.Player(1)))
			return nil
		}, true, true, false},
		{"another seat's role", "WebSocket message", func(m *stateMsg) []byte {
			editObs(m, func(o map[string]any) { seatView(o, 1)["role"] = track.roles[1] })
			return nil
		}, true, true, true},
		{"a card in another seat's hand", "WebSocket message", func(m *stateMsg) []byte {
			editObs(m, func(o map[string]any) { seatView(o, 1)["hand"] = []string{held} })
			return nil
		}, true, true, true},
		{"where Fixed & Committed lies", "WebSocket message", func(m *stateMsg) []byte {
			editObs(m, func(o map[string]any) {
				for _, c := range o["table"].([]any) {
					if cv := c.(map[string]any); cv["at"] == track.fixed {
						cv["card"] = "fixed-committed"
					}
				}
			})
			return nil
		}, true, true, true},
		{"a card passed face down, in the observation's log", "WebSocket message", func(m *stateMsg) []byte {
			editObs(m, func(o map[string]any) {
				log := o["log"].([]any)
				for i := len(log) - 1; i >= 0; i-- {
					if lv := log[i].(map[string]any); lv["move"] == "pass" && lv["seat"] == float64(other+1) {
						lv["move"] = run.r.rec.Moves[passIndex]
						return
					}
				}
				t.Fatal("no pass in the observation's log")
			})
			return nil
		}, true, true, true},
		{"a card passed face down, in the message's log", "WebSocket message", func(m *stateMsg) []byte {
			m.Moves = append(m.Moves, entry{N: passIndex, Seat: other + 1, Move: run.r.rec.Moves[passIndex]})
			return nil
		}, true, false, true},
		{"the next card of the deck", "WebSocket message", func(m *stateMsg) []byte {
			editObs(m, func(o map[string]any) { o["chance"] = "the next card is " + held })
			return nil
		}, true, true, true},
		{"the seed, in the text", "WebSocket message", func(m *stateMsg) []byte {
			m.Text += fmt.Sprintf("(seed %d)\n", run.seed)
			return nil
		}, true, true, true},
		{"a card drawn, in an error", "POST /moves", func(m *stateMsg) []byte {
			b, _ := json.Marshal(map[string]string{"error": "illegal move: you hold " + strings.TrimPrefix(run.r.rec.Moves[drawIndex], "*")})
			return b
		}, false, false, true},
		{"the public record unmasked", "GET /record", func(m *stateMsg) []byte {
			rec := record.Record{Game: "breaking-head", Players: 4, Options: run.r.rec.Options, Moves: []string{}}
			for i := 0; i < m.Version; i++ {
				rec.Moves = append(rec.Moves, r0(run.r, i))
			}
			rec.Moves[drawIndex] = run.r.rec.Moves[drawIndex]
			return rec.Marshal()
		}, true, false, true},
	}
	check := func(name, what string, raw []byte, which leakChecks) []string {
		one := *run
		one.seen = []seen{{viewer: viewer, what: what, version: msg.Version, raw: raw}}
		if what == "GET /record" {
			one.seen[0].viewer = game.Spectator
		}
		leaks, _ := findLeaks(&one, which)
		return leaks
	}
	orig, _ := json.Marshal(msg)
	for _, which := range []leakChecks{{exact: true}, {knowledge: true}, {named: true}} {
		if leaks := check("as sent", "WebSocket message", orig, which); len(leaks) > 0 {
			t.Fatalf("the message as the server sent it fails %+v: %v", which, leaks)
		}
	}
	for _, in := range injections {
		m := msg
		m.Moves = slices.Clone(msg.Moves)
		raw := in.edit(&m)
		if raw == nil {
			raw, _ = json.Marshal(m)
		}
		for _, c := range []struct {
			which leakChecks
			must  bool
		}{{leakChecks{exact: true}, in.exact}, {leakChecks{knowledge: true}, in.knowledge}, {leakChecks{named: true}, in.named}} {
			leaks := check(in.name, in.what, raw, c.which)
			switch {
			case c.must && len(leaks) == 0:
				t.Errorf("%s: check %+v missed it", in.name, c.which)
			case len(leaks) > 0:
				t.Logf("%s: check %+v: %.200s", in.name, c.which, leaks[0])
			}
		}
	}

	// A replay: the last one seat 1 got, after the end, passes as sent;
	// with another seat's pass in full, or another seat's observation at
	// a step, it does not.
	var sent []byte
	for _, sn := range run.seen {
		if sn.what == "GET /replay" && sn.viewer == viewer && bytes.Contains(sn.raw, []byte(`"steps"`)) {
			sent = sn.raw
		}
	}
	if sent == nil {
		t.Fatal("seat 1 got no replay")
	}
	checkReplay := func(raw []byte, which leakChecks) []string {
		one := *run
		one.seen = []seen{{viewer: viewer, what: "GET /replay", version: -1, raw: raw}}
		leaks, _ := findLeaks(&one, which)
		return leaks
	}
	for _, which := range []leakChecks{{exact: true}, {named: true}} {
		if leaks := checkReplay(sent, which); len(leaks) > 0 {
			t.Fatalf("the replay as the server sent it fails %+v: %v", which, leaks)
		}
	}
	edit := func(f func(rp map[string]any)) []byte {
		var rp map[string]any
		if err := json.Unmarshal(sent, &rp); err != nil {
			t.Fatal(err)
		}
		f(rp)
		b, _ := json.Marshal(rp)
		return b
	}
	for _, in := range []struct {
		name string
		raw  []byte
	}{
		{"a card passed face down, in a replay's moves", edit(func(rp map[string]any) {
			rp["moves"].([]any)[passIndex].(map[string]any)["move"] = run.r.rec.Moves[passIndex]
		})},
		{"another seat's observation, at a step of a replay", withObservation(t, sent, msg.Version, st.Observation(game.Player(1)))},
	} {
		for _, which := range []leakChecks{{exact: true}, {named: true}} {
			if leaks := checkReplay(in.raw, which); len(leaks) == 0 {
				t.Errorf("%s: check %+v missed it", in.name, which)
			} else {
				t.Logf("%s: check %+v: %.200s", in.name, which, leaks[0])
			}
		}
	}
}

// withObservation returns the replay page raw with the observation of
// its position after n entries replaced by obs, and the patches made
// again from the positions so changed.
func withObservation(t *testing.T, raw []byte, n int, obs any) []byte {
	t.Helper()
	pg, err := replay.ReadPage(raw)
	if err != nil {
		t.Fatal(err)
	}
	var rp map[string]any
	json.Unmarshal(raw, &rp)
	positions := rp["positions"].([]any)
	var prev []byte
	found := false
	for i, p := range pg.Positions {
		o := p.Observation
		if p.N == n {
			o, _ = json.Marshal(obs)
			found = true
		}
		pos := map[string]any{"observation": json.RawMessage(o)}
		if p.HasText {
			pos["text"] = strings.Split(p.Text, "\n")
		}
		cur, _ := json.Marshal(pos)
		entry := positions[i].(map[string]any)
		delete(entry, "position")
		delete(entry, "patch")
		if i == 0 {
			entry["position"] = json.RawMessage(cur)
		} else if patch := replay.Diff(prev, cur); patch != nil {
			entry["patch"] = json.RawMessage(patch)
		} else {
			entry["patch"] = []any{}
		}
		prev = cur
	}
	if !found {
		t.Fatalf("no replay step after %d entries", n)
	}
	b, _ := json.Marshal(rp)
	return b
}

// r0 is entry i of the public record.
func r0(r *replayed, i int) string { return r.expectEntry(i, game.Spectator) }

// leakyGame is a game with hidden information whose observation leaks:
// Breaking Head, where each seat's observation of a running game also
// shows the next seat's hand. The server sends it faithfully, so the
// exactness check sees nothing wrong; the knowledge and named-fact checks
// must see the leak (TestLeakProofCatchesALeakyGame).
type leakyGame struct{ game.Game }

func (g leakyGame) Info() game.Info {
	in := g.Game.Info()
	in.Name, in.Title, in.Doc, in.Scripts = leakyPrefix+in.Name, "Leaky "+in.Title, "", nil
	return in
}

func (g leakyGame) New(cfg game.Config) (game.State, error) {
	s, err := g.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	return &leakyState{s}, nil
}

type leakyState struct{ game.State }

func (s *leakyState) Clone() game.State { return &leakyState{s.State.Clone()} }

func (s *leakyState) Sample(p game.Player, r *rand.Rand) game.State {
	return &leakyState{s.State.(game.Sampler).Sample(p, r)}
}

func (s *leakyState) PublicActionString(a game.Action) string {
	return s.State.(game.PublicNotationer).PublicActionString(a)
}

func (s *leakyState) Observation(p game.Player) any {
	o := s.State.Observation(p)
	bo, ok := o.(*breakinghead.Observation)
	if p < 0 || !ok || game.IsTerminal(s.State) {
		return o
	}
	next := s.State.Observation((p + 1) % game.Player(bo.Players)).(*breakinghead.Observation)
	return struct {
		*breakinghead.Observation
		Next []string `json:"next_hand"`
	}{bo, next.You.Hand}
}

var registerLeaky sync.Once

// TestLeakProofCatchesALeakyGame plays the leaky game through a real
// server, as the proof plays every game, and checks that the proof finds
// its leak, with the knowledge check (generic) and the named facts
// (Breaking Head's), though the server sends exactly what the game says.
func TestLeakProofCatchesALeakyGame(t *testing.T) {
	if _, err := game.Lookup("breaking-head"); err != nil {
		t.Skip("breaking-head is not registered")
	}
	registerLeaky.Do(func() { game.Register(leakyGame{breakinghead.Game}) })
	n := startNode(t, nil, server.Config{})
	run := playForLeaks(t, n, leakyPrefix+"breaking-head", 4, nil, []string{"human", "human", "human", "human"}, 5, 1)
	for _, c := range []struct {
		which leakChecks
		want  bool
	}{{leakChecks{exact: true}, false}, {leakChecks{knowledge: true}, true}, {leakChecks{named: true}, true}} {
		leaks, checked := findLeaks(run, c.which)
		switch {
		case c.want && len(leaks) == 0:
			t.Errorf("check %+v found no leak in %d messages of the leaky game", c.which, checked)
		case !c.want && len(leaks) > 0:
			t.Errorf("check %+v: %s", c.which, leaks[0])
		case c.want:
			t.Logf("check %+v: %d leaks in %d messages, the first: %.300s", c.which, len(leaks), checked, leaks[0])
		}
	}
}

// TestSeedNeverShown extends the proof to the games of perfect information
// with chance (3io's box, Open Science Alliance's events, Open Source's
// dice and Market Demand deck): nothing is hidden in their states, and
// what is to come is the seed's, so no message or answer may show the seed
// before the end, and every message must be exactly the game's view. A
// whole match of each, people in every seat, is checked as above.
func TestSeedNeverShown(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, g := range game.Games() {
		in := g.Info()
		if !in.Chance || in.HiddenInformation || strings.HasPrefix(in.Name, leakyPrefix) {
			continue
		}
		seats := make([]string, in.MinPlayers)
		for s := range seats {
			seats[s] = "human"
		}
		t.Run(in.Name, func(t *testing.T) {
			n.t = t
			run := playForLeaks(t, n, in.Name, in.MinPlayers, nil, seats, 3, 10)
			leaks, checked := findLeaks(run, leakChecks{exact: true, named: true})
			for i, l := range leaks {
				if i == 10 {
					break
				}
				t.Error(l)
			}
			t.Logf("%s, %d players: %d entries; %d messages and answers checked; leaks found: %d", in.Name, in.MinPlayers, len(run.r.rec.Moves), checked, len(leaks))
		})
	}
	n.t = t
}
