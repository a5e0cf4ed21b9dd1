package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
)

// The API's ratings, as a client reads them.
type (
	ratingView struct {
		Game    string  `json:"game"`
		Rating  int     `json:"rating"`
		Mu      float64 `json:"mu"`
		Sigma   float64 `json:"sigma"`
		Ordinal float64 `json:"ordinal"`
		Games   int     `json:"games"`
		Wins    int     `json:"wins"`
	}
	matchRatings struct {
		Match   string `json:"match"`
		Rated   bool   `json:"rated"`
		Ratings []struct {
			Seat      int        `json:"seat"`
			Name      string     `json:"name"`
			Bot       bool       `json:"bot"`
			Abandoned bool       `json:"abandoned"`
			Before    ratingView `json:"before"`
			After     ratingView `json:"after"`
		} `json:"ratings"`
	}
	profile struct {
		Name    string        `json:"name"`
		Ratings []ratingView  `json:"ratings"`
		Waiting []historyView `json:"waiting"`
		Matches []historyView `json:"matches"`
	}
	historyView struct {
		ID     string     `json:"id"`
		Game   string     `json:"game"`
		Status string     `json:"status"`
		Rated  bool       `json:"rated"`
		Seat   int        `json:"seat"`
		Result string     `json:"result"`
		Seats  []seatView `json:"seats"`
		ToMove int        `json:"to_move"`
		Page   string     `json:"page"`
	}
	leaderboard struct {
		People []struct {
			Rank int    `json:"rank"`
			Name string `json:"name"`
			ratingView
		} `json:"people"`
		Bots []struct {
			Rank int    `json:"rank"`
			Name string `json:"name"`
			ratingView
		} `json:"bots"`
	}
)

// waitRatings polls a match's ratings until they are written.
func (n *node) waitRatings(id string, within time.Duration) matchRatings {
	n.t.Helper()
	deadline := time.Now().Add(within)
	for {
		var r matchRatings
		n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/ratings", "", nil, &r)
		if len(r.Ratings) > 0 {
			return r
		}
		if time.Now().After(deadline) {
			n.t.Fatalf("match %s not rated after %v", id, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (n *node) profile(name string) profile {
	n.t.Helper()
	var p profile
	n.mustCall(http.StatusOK, "GET", "/api/users/"+name, "", nil, &p)
	return p
}

// playOut plays match id to its end, each person moving its seat (with
// its session, no token) a random legal move in turn.
func playOut(t *testing.T, n *node, id string, people ...*person) {
	t.Helper()
	clients := make([]*wsClient, len(people))
	for i, p := range people {
		clients[i] = p.dial(id)
	}
	playAll(t, clients, 60*time.Second, nil)
	n.waitStatus(id, "over", 10*time.Second)
}

// TestRatedMatch: two accounts play a rated match; its end rates them,
// once, and their profiles and the game's leaderboard show it.
func TestRatedMatch(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	if !a.Match.Rated || a.Match.Settings["rated"] != "true" {
		t.Fatalf("a rated match: %+v", a.Match)
	}
	id := a.Match.ID
	// Guests do not play rated.
	if code, raw := n.call("POST", "/api/matches/"+id+"/join", "", map[string]any{"name": "guest"}, nil); code != http.StatusUnauthorized || !strings.Contains(string(raw), "rated: sign in") {
		t.Fatalf("a guest joins a rated match: %d %s", code, raw)
	}
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	playOut(t, n, id, ada, bob)
	m := n.match(id)
	winner := 0
	if m.Result[1] > m.Result[0] {
		winner = 1
	}
	r := n.waitRatings(id, 10*time.Second)
	if !r.Rated || len(r.Ratings) != 2 {
		t.Fatalf("ratings: %+v", r)
	}
	for _, c := range r.Ratings {
		won := c.Seat-1 == winner
		if c.Before.Rating != 1500 || c.Before.Games != 0 || c.After.Games != 1 || (c.After.Wins == 1) != won {
			t.Errorf("seat %d (%s): %+v -> %+v", c.Seat, c.Name, c.Before, c.After)
		}
		if won != (c.After.Mu > c.Before.Mu) || c.After.Sigma >= c.Before.Sigma {
			t.Errorf("seat %d (%s), won %v: mu %.2f -> %.2f, sigma %.2f -> %.2f", c.Seat, c.Name, won, c.Before.Mu, c.After.Mu, c.Before.Sigma, c.After.Sigma)
		}
	}
	names := []string{"Ada", "Bob"}
	for i, name := range names {
		p := n.profile(strings.ToUpper(name))
		if p.Name != name || len(p.Ratings) != 1 || p.Ratings[0].Games != 1 || p.Ratings[0].Game != "countdown" {
			t.Fatalf("%s's profile: %+v", name, p)
		}
		h := p.Matches[0]
		want := "lost"
		if i == winner {
			want = "won"
		}
		if h.ID != id || h.Result != want || !h.Rated || h.Seat != i+1 || h.Page != "/replay/"+id || !h.Seats[1-i].Account {
			t.Errorf("%s's history: %+v, want %s", name, h, want)
		}
	}
	var lb leaderboard
	n.mustCall(http.StatusOK, "GET", "/api/games/countdown/leaderboard", "", nil, &lb)
	if len(lb.People) != 2 || lb.People[0].Name != names[winner] || lb.People[0].Rank != 1 || len(lb.Bots) != 0 {
		t.Fatalf("leaderboard: %+v", lb)
	}
	n.mustCall(http.StatusNotFound, "GET", "/api/games/nosuchgame/leaderboard", "", nil, nil)
	n.mustCall(http.StatusNotFound, "GET", "/api/users/nobody", "", nil, nil)
}

// TestRatedMatchNeedsAccount: only a person signed in makes a rated
// match.
func TestRatedMatchNeedsAccount(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	code, raw := n.call("POST", "/api/matches", "", map[string]any{"game": "countdown", "rated": true}, nil)
	if code != http.StatusUnauthorized || !strings.Contains(string(raw), "sign in to make a rated match") {
		t.Fatalf("a guest makes a rated match: %d %s", code, raw)
	}
}

// TestBotsRatedApart: a bot in a rated match is rated as bot:SPEC, on
// the bots' leaderboard and never the people's; a match not rated
// rates nobody.
func TestBotsRatedApart(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada := n.signUp("Ada")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true, "seats": []string{"human", "random"}})
	playOut(t, n, a.Match.ID, ada)
	r := n.waitRatings(a.Match.ID, 10*time.Second)
	if len(r.Ratings) != 2 || !r.Ratings[1].Bot || r.Ratings[1].Name != "random" || r.Ratings[1].After.Games != 1 {
		t.Fatalf("ratings: %+v", r)
	}
	var lb leaderboard
	n.mustCall(http.StatusOK, "GET", "/api/games/countdown/leaderboard", "", nil, &lb)
	if len(lb.People) != 1 || lb.People[0].Name != "Ada" || len(lb.Bots) != 1 || lb.Bots[0].Name != "random" {
		t.Fatalf("leaderboard: %+v", lb)
	}
	// Unrated: nothing moves.
	u := ada.create(map[string]any{"game": "countdown", "join": 1, "seats": []string{"human", "random"}})
	playOut(t, n, u.Match.ID, ada)
	time.Sleep(100 * time.Millisecond)
	var ur matchRatings
	n.mustCall(http.StatusOK, "GET", "/api/matches/"+u.Match.ID+"/ratings", "", nil, &ur)
	if ur.Rated || len(ur.Ratings) != 0 {
		t.Fatalf("an unrated match was rated: %+v", ur)
	}
	if p := n.profile("Ada"); p.Ratings[0].Games != 1 || len(p.Matches) != 2 || p.Matches[0].Rated {
		t.Fatalf("Ada's profile after an unrated match: %+v", p)
	}
}

// TestAbandonedRatedMatchIsALoss: a person who leaves a rated match
// being played loses it, whatever the seat's result after.
func TestAbandonedRatedMatchIsALoss(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	// Ada leaves her seat to a bot, which plays on; Bob plays on too.
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/leave", map[string]any{"bot": "random"}, nil)
	if m := n.match(id); m.Status != "running" || m.Seats[0].Kind != "bot" {
		t.Fatalf("after Ada left: %+v", m)
	}
	playOut(t, n, id, bob)
	r := n.waitRatings(id, 10*time.Second)
	if len(r.Ratings) != 2 {
		t.Fatalf("ratings: %+v", r)
	}
	for _, c := range r.Ratings {
		switch c.Name {
		case "Ada":
			if !c.Abandoned || c.After.Mu >= c.Before.Mu || c.After.Wins != 0 {
				t.Errorf("Ada, who left: %+v", c)
			}
		case "Bob":
			if c.Abandoned || c.After.Mu <= c.Before.Mu || c.After.Wins != 1 {
				t.Errorf("Bob, who played on: %+v", c)
			}
		default:
			t.Errorf("rated %s, who took no seat at the start: %+v", c.Name, c)
		}
	}
	if p := n.profile("Ada"); len(p.Matches) != 1 || p.Matches[0].Result != "abandoned" || p.Matches[0].Seat != 0 {
		t.Fatalf("Ada's history: %+v", p.Matches)
	}
}

// TestComingBackIsNoAbandoning: a person who leaves a rated match and
// takes the seat back has not abandoned it.
func TestComingBackIsNoAbandoning(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/leave", nil, nil)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{"seat": 1}, nil)
	playOut(t, n, id, ada, bob)
	for _, c := range n.waitRatings(id, 10*time.Second).Ratings {
		if c.Abandoned {
			t.Fatalf("%s came back, and is rated as having abandoned", c.Name)
		}
	}
}

// TestRatedOnceAcrossRestarts: a rated match that ended while no server
// rated it (a node down between the two) is rated by the next server to
// start, and by no other after.
func TestRatedOnceAcrossRestarts(t *testing.T) {
	st := sqliteStore(t)
	n := startNode(t, st, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	n.stop()
	// The match ends in the store while no server is up (as a node
	// dying after its commit would leave it).
	ctx := context.Background()
	h, err := st.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	h.Status, h.Result = store.Over, []float64{1, 0}
	h.Settings["end"] = `{"reason":"resignation","seat":2,"returns":[1,0]}`
	if err := st.Update(ctx, h); err != nil {
		t.Fatal(err)
	}
	n2 := startNode(t, st, server.Config{})
	r := n2.waitRatings(id, 10*time.Second)
	if len(r.Ratings) != 2 || r.Ratings[0].After.Wins != 1 {
		t.Fatalf("rated at restart: %+v", r)
	}
	startNode(t, st, server.Config{})
	startNode(t, st, server.Config{})
	time.Sleep(300 * time.Millisecond)
	if p := n2.profile("Ada"); p.Ratings[0].Games != 1 {
		t.Fatalf("after more restarts Ada has %d rated games, want 1", p.Ratings[0].Games)
	}
}

// TestBreakingHeadRatedAsTeams: in a rated Breaking Head match each
// team's players move together: the winners' ratings rise, the losers'
// fall, and the bots' are rated too, apart.
func TestBreakingHeadRatedAsTeams(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	people := []*person{n.signUp("Ada"), n.signUp("Bob"), n.signUp("Cy")}
	a := people[0].create(map[string]any{"game": "breaking-head", "players": 5, "join": 1, "rated": true,
		"seats": []string{"human", "human", "human", "random", "greedy"}})
	id := a.Match.ID
	for _, p := range people[1:] {
		p.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	}
	playOut(t, n, id, people...)
	r := n.waitRatings(id, 10*time.Second)
	if len(r.Ratings) != 5 {
		t.Fatalf("%d seats rated, want 5: %+v", len(r.Ratings), r)
	}
	// The roles, from the complete record (the server keeps them).
	rec := n.storedRecord(id)
	var final game.State
	if _, err := record.Play(rec, record.Options{Trace: func(s record.Step) { final = s.State }}); err != nil {
		t.Fatal(err)
	}
	teams := final.(game.Teamer)
	m := n.match(id)
	for _, c := range r.Ratings {
		p := game.Player(c.Seat - 1)
		won := m.Result[p] > 0
		tie := m.Result[0] == m.Result[1] && m.Result[0] == m.Result[2] && m.Result[0] == m.Result[3] && m.Result[0] == m.Result[4]
		switch {
		case tie:
		case won && c.After.Mu <= c.Before.Mu, !won && c.After.Mu >= c.Before.Mu:
			t.Errorf("seat %d (%s, %s, won %v): mu %.3f -> %.3f", c.Seat, c.Name, teams.Team(p), won, c.Before.Mu, c.After.Mu)
		}
		if c.Bot != (c.Seat > 3) {
			t.Errorf("seat %d: bot %v", c.Seat, c.Bot)
		}
	}
	t.Logf("result %v, roles %v %v %v %v %v", m.Result, teams.Team(0), teams.Team(1), teams.Team(2), teams.Team(3), teams.Team(4))
}

// TestRatedRematch: the rematch of a rated match is rated, and seats
// each account asking for it (signed in, with no token) in its old seat.
func TestRatedRematch(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	a := ada.create(map[string]any{"game": "countdown", "join": 1, "rated": true})
	id := a.Match.ID
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, nil)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", nil, nil)
	var ra, rb seatAnswer
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/rematch", nil, &ra)
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/rematch", nil, &rb)
	again := ra
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/rematch", nil, &again)
	if ra.Match.ID != rb.Match.ID || ra.Seat != 1 || rb.Seat != 2 || again.Seat != 1 {
		t.Fatalf("rematch seats: Ada %d, Bob %d, Ada again %d (matches %s %s)", ra.Seat, rb.Seat, again.Seat, ra.Match.ID, rb.Match.ID)
	}
	m := n.match(ra.Match.ID)
	if !m.Rated || m.Status != "running" || !m.Seats[0].Account || !m.Seats[1].Account {
		t.Fatalf("the rematch: %+v", m)
	}
}
