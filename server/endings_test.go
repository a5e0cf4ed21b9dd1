package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/server"
)

// TestResign: a player resigns: the match is over at once, the
// resigning seat lost and the other won; every client is told, with the
// end; the complete record carries the end and replays; nothing can be
// played after. A match not started cannot be resigned, only left.
func TestResign(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "options": map[string]string{"start": "fixed"}, "join": 1})
	id := a.Match.ID
	if code, raw := n.call("POST", "/api/matches/"+id+"/resign", a.Token, nil, nil); code != 409 || !strings.Contains(string(raw), "leave it instead") {
		t.Fatalf("resigning an open match: %d %s", code, raw)
	}
	b := n.join(id, 2)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": "take1", "version": 0}, nil)
	ca := n.dial(id, a.Token)
	ca.nextState(5 * time.Second)
	if code, raw := n.call("POST", "/api/matches/"+id+"/resign", "", nil, nil); code != 401 {
		t.Fatalf("resigning without a token: %d %s", code, raw)
	}
	var v matchView
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", b.Token, nil, &v)
	want := &record.End{Reason: record.EndResignation, Seat: 2, Returns: []float64{1, 0}}
	if v.Status != "over" || !cmp.Equal(v.Result, []float64{1, 0}) || !cmp.Equal(v.End, want) {
		t.Fatalf("after seat 2 resigned: %+v", v)
	}
	s := ca.nextState(5 * time.Second)
	if s.Status != "over" || s.ToMove != 0 || s.YourTurn || !cmp.Equal(s.Result, []float64{1, 0}) || !cmp.Equal(s.End, want) {
		t.Fatalf("seat 1 is told: %+v", s)
	}
	if m := n.match(id); m.ToMove == nil || *m.ToMove != 0 || m.Settings["end"] != "" {
		t.Errorf("the match says to_move %v, settings %v", m.ToMove, m.Settings)
	}
	for _, path := range []string{"/resign", "/draw"} {
		if code, raw := n.call("POST", "/api/matches/"+id+path, a.Token, nil, nil); code != 409 && code != 400 {
			t.Errorf("%s after the end: %d %s", path, code, raw)
		}
	}
	if code, _ := n.call("POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": "take1", "version": 2}, nil); code != 409 {
		t.Errorf("a move after the resignation: %d", code)
	}
	rec := n.record(id, "")
	if rec.Seed == nil || !cmp.Equal(rec.End, want) {
		t.Fatalf("the record: %s", rec.Marshal())
	}
	rep, err := record.Play(rec, record.Options{})
	if err != nil {
		t.Fatalf("the resigned game's record does not replay: %v", err)
	}
	if game.IsTerminal(rep.State) || !cmp.Equal(rep.End, want) {
		t.Errorf("replayed: terminal %v, end %+v", game.IsTerminal(rep.State), rep.End)
	}
	// The rematch starts afresh: no end, no result.
	var r seatAnswer
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/rematch", a.Token, nil, &r)
	if r.Match.End != nil || r.Match.Status != "open" {
		t.Errorf("the rematch: %+v", r.Match)
	}
}

// TestResignAgainstBot: resigning against a bot ends the match, the
// bot winning, whoever is to move.
func TestResignAgainstBot(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "Source", "seats": []string{"human", "random"}, "join": 1})
	var v matchView
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/resign", a.Token, nil, &v)
	if v.Status != "over" || !cmp.Equal(v.Result, []float64{0, 1}) || v.End == nil || v.End.Seat != 1 {
		t.Fatalf("after resigning: %+v", v)
	}
	if _, err := record.Play(n.record(a.Match.ID, "complete"), record.Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestResignTeamGame: in a team game (Breaking Head) a person does not
// concede for teammates: resigning hands the seat to the medium bot,
// and the game goes on.
func TestResignTeamGame(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "breaking-head", "players": 3, "seats": []string{"human", "random", "random"}, "join": 1})
	var v matchView
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+a.Match.ID+"/resign", a.Token, nil, &v)
	if v.End != nil || v.Seats[0].Kind != "bot" || v.Seats[0].Bot != "medium" {
		t.Fatalf("after resigning: %+v", v)
	}
	if code, _ := n.call("POST", "/api/matches/"+a.Match.ID+"/resign", a.Token, nil, nil); code != 403 {
		t.Errorf("the token still holds a seat: %d", code)
	}
}

// TestDraw: in a game with draws (Source) a player offers a draw; the
// other sees the offer and accepts it, or declines it, or lets it lapse
// by moving on; an accepted draw ends the match with shared results and
// a record that replays. A game without draws, or a draw offered to a
// bot, is refused.
func TestDraw(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	c := n.create(map[string]any{"game": "countdown", "seats": []string{"human", "random"}, "join": 1})
	if code, raw := n.call("POST", "/api/matches/"+c.Match.ID+"/draw", c.Token, nil, nil); code != 400 || !strings.Contains(string(raw), "Countdown has no draws") {
		t.Fatalf("a draw in countdown: %d %s", code, raw)
	}
	vb := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	if code, raw := n.call("POST", "/api/matches/"+vb.Match.ID+"/draw", vb.Token, nil, nil); code != 409 || !strings.Contains(string(raw), "bots play on") {
		t.Fatalf("a draw offered to a bot: %d %s", code, raw)
	}

	a := n.create(map[string]any{"game": "source", "join": 1})
	id := a.Match.ID
	b := n.join(id, 2)
	if !a.Match.Draws {
		t.Error("a Source match says it has no draws")
	}
	draw := func(token string, body any) matchView {
		t.Helper()
		var v matchView
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/draw", token, body, &v)
		return v
	}
	if v := draw(a.Token, nil); !cmp.Equal(v.DrawOffer, []int{1}) || v.Status != "running" {
		t.Fatalf("after seat 1 offered: %+v", v)
	}
	if s := n.state(id, b.Token); !s.Draws || !cmp.Equal(s.DrawOffer, []int{1}) {
		t.Fatalf("seat 2 sees draws %v, offer %v", s.Draws, s.DrawOffer)
	}
	if v := draw(b.Token, map[string]any{"decline": true}); v.DrawOffer != nil {
		t.Fatalf("after seat 2 declined: %v", v.DrawOffer)
	}
	// An offer lapses with the next move.
	draw(a.Token, nil)
	st := n.state(id, a.Token)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", a.Token, map[string]any{"move": st.Legal[0], "version": st.Version}, nil)
	if v := n.match(id); v.DrawOffer != nil {
		t.Fatalf("the offer outlived a move: %v", v.DrawOffer)
	}
	draw(b.Token, nil)
	v := draw(a.Token, nil)
	want := &record.End{Reason: record.EndDraw, Returns: []float64{0.5, 0.5}}
	if v.Status != "over" || !cmp.Equal(v.Result, want.Returns) || !cmp.Equal(v.End, want) {
		t.Fatalf("after both agreed: %+v", v)
	}
	rep, err := record.Play(n.record(id, ""), record.Options{})
	if err != nil || !cmp.Equal(rep.End, want) {
		t.Fatalf("the drawn game's record: %v, end %+v", err, rep)
	}
}

// TestAbandoned: a running match nobody plays is marked abandoned, in
// the lobby too, and ends once it has been so for a while: at once when
// its last person leaves (a seat waits for somebody), or when no person
// has moved or been connected for a time. A person who comes back lifts
// the mark; one who is connected keeps the match alive.
func TestAbandoned(t *testing.T) {
	n := startNode(t, nil, server.Config{AbandonAfter: 300 * time.Millisecond, ExpireAfter: 800 * time.Millisecond})

	// The only person leaves a match against a bot.
	left := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	var v matchView
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+left.Match.ID+"/leave", left.Token, nil, &v)
	if v.Status != "running" || v.Abandoned == nil || v.Expires == nil {
		t.Fatalf("after the only person left: %+v", v)
	}
	var lobby []matchView
	n.mustCall(http.StatusOK, "GET", "/api/matches", "", nil, &lobby)
	if len(lobby) != 1 || lobby[0].Abandoned == nil {
		t.Fatalf("the lobby: %+v", lobby)
	}

	// A person who never comes back; one who is connected; one who
	// comes back.
	away := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	here := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	back := n.create(map[string]any{"game": "source", "seats": []string{"human", "random"}, "join": 1})
	conn := n.dial(here.Match.ID, here.Token)
	conn.nextState(5 * time.Second)

	deadline := time.Now().Add(10 * time.Second)
	for n.match(back.Match.ID).Abandoned == nil {
		if time.Now().After(deadline) {
			t.Fatal("a match nobody has looked at for a while is not marked abandoned")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cb := n.dial(back.Match.ID, back.Token)
	cb.nextState(5 * time.Second)
	for n.match(back.Match.ID).Abandoned != nil {
		if time.Now().After(deadline) {
			t.Fatal("the mark stays after the person came back")
		}
		time.Sleep(20 * time.Millisecond)
	}

	for _, id := range []string{left.Match.ID, away.Match.ID} {
		v := n.waitStatus(id, "over", 10*time.Second)
		want := &record.End{Reason: record.EndAbandoned, Returns: []float64{0, 0}}
		if !cmp.Equal(v.End, want) || v.Abandoned != nil {
			t.Errorf("%s ended: %+v", id, v)
		}
		if _, err := record.Play(n.record(id, ""), record.Options{}); err != nil {
			t.Errorf("%s's record: %v", id, err)
		}
	}
	for _, id := range []string{here.Match.ID, back.Match.ID} {
		if v := n.match(id); v.Status != "running" || v.Abandoned != nil {
			t.Errorf("a match with a person connected: %s, abandoned %v", v.Status, v.Abandoned)
		}
	}
}
