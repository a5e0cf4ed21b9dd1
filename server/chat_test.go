package server_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/server"
)

// chatView is a message as a client reads it.
type chatView struct {
	N       int       `json:"n"`
	Name    string    `json:"name,omitempty"`
	Account bool      `json:"account,omitempty"`
	Seat    int       `json:"seat,omitempty"`
	Version int       `json:"version"`
	Text    string    `json:"text,omitempty"`
	At      time.Time `json:"at"`
	Deleted bool      `json:"deleted,omitempty"`
}

type chatAnswer struct {
	Match    string     `json:"match"`
	Messages []chatView `json:"messages"`
}

// nextChat skips to the next chat message of the WebSocket.
func (c *wsClient) nextChat(within time.Duration) []chatView {
	c.t.Helper()
	for {
		typ, b := c.next(within)
		if typ == "chat" {
			var m struct {
				Type     string     `json:"type"`
				Match    string     `json:"match"`
				Messages []chatView `json:"messages"`
			}
			strict(c.t, b, &m)
			return m.Messages
		}
	}
}

// heard reads the client's chat messages until it has heard message n,
// and returns every message heard, by number.
func (c *wsClient) heard(n int, within time.Duration) map[int]chatView {
	c.t.Helper()
	got := map[int]chatView{}
	// The messages read already (skipped by nextState or nextAnswer).
	for _, b := range c.all {
		var m struct {
			Type     string     `json:"type"`
			Messages []chatView `json:"messages"`
		}
		if json.Unmarshal(b, &m) == nil && m.Type == "chat" {
			for _, v := range m.Messages {
				got[v.N] = v
			}
		}
	}
	if _, ok := got[n]; ok {
		return got
	}
	for {
		for _, m := range c.nextChat(within) {
			got[m.N] = m
		}
		if _, ok := got[n]; ok {
			return got
		}
	}
}

func (n *node) chat(id, token string) []chatView {
	n.t.Helper()
	var a chatAnswer
	raw := n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/chat", token, nil, nil)
	strict(n.t, raw, &a)
	return a.Messages
}

// TestTableTalk: a match's seats (an account's, a guest's) and its
// signed-in spectators talk, each message kept with the version it was
// said at and sent to every client; an anonymous spectator only
// listens.
func TestTableTalk(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada := n.signUp("Ada")
	a := ada.create(map[string]any{"game": "countdown", "join": 1})
	id := a.Match.ID
	guest := n.join(id, 2)
	eve := n.signUp("Eve")
	adaWS := ada.dial(id)
	watcher := n.dial(id, "")
	s := adaWS.nextState(5 * time.Second)

	adaWS.send(map[string]any{"type": "say", "text": "good luck!", "id": "c1"})
	if ans := adaWS.nextAnswer(5 * time.Second); ans.Type != "ack" || ans.ID != "c1" || ans.Said == nil || *ans.Said != 0 {
		t.Fatalf("say over the WebSocket: %+v", ans)
	}
	// A move, then the guest and a spectator talk over HTTP.
	tok := a.Token
	if s.ToMove == 2 {
		tok = guest.Token
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", tok, map[string]any{"move": "take1", "version": s.Version}, nil)
	var said struct{ N int }
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", guest.Token, map[string]any{"text": `<script>alert("x")</script> & <b>you</b>`}, &said)
	if said.N != 1 {
		t.Fatalf("the guest's message is number %d", said.N)
	}
	eve.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "watching from the rail"}, nil)
	code, raw := n.call("POST", "/api/matches/"+id+"/chat", "", map[string]any{"text": "anonymous"}, nil)
	if code != http.StatusUnauthorized || !strings.Contains(string(raw), "sign in to talk") {
		t.Fatalf("an anonymous spectator talks: %d %s", code, raw)
	}
	for who, c := range map[string]*wsClient{"Ada": adaWS, "the watcher": watcher} {
		got := c.heard(2, 5*time.Second)
		if got[0].Text != "good luck!" || got[0].Name != "Ada" || !got[0].Account || got[0].Seat != 1 {
			t.Errorf("%s heard %+v", who, got[0])
		}
		if got[1].Text != `<script>alert("x")</script> & <b>you</b>` || got[1].Account || got[1].Seat != 2 || got[1].Name != "p2" {
			t.Errorf("%s heard %+v: want the guest's text as it was written", who, got[1])
		}
		if got[2].Name != "Eve" || got[2].Seat != 0 || !got[2].Account {
			t.Errorf("%s heard %+v", who, got[2])
		}
	}
	all := n.chat(id, "")
	if len(all) != 3 || all[0].Version != s.Version || all[1].Version <= s.Version || all[2].Version != all[1].Version {
		t.Fatalf("the room's messages: %+v (the move was made at version %d)", all, s.Version)
	}
	// Whoever connects later hears what was said.
	late := n.dial(id, "")
	if got := late.heard(2, 5*time.Second); len(got) != 3 {
		t.Fatalf("a later client heard %d messages", len(got))
	}
	var from chatAnswer
	n.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/chat?from=2", "", nil, &from)
	if len(from.Messages) != 1 || from.Messages[0].N != 2 {
		t.Fatalf("from=2: %+v", from)
	}
	n.mustCall(http.StatusBadRequest, "GET", "/api/matches/"+id+"/chat?from=-1", "", nil, nil)
	n.mustCall(http.StatusNotFound, "GET", "/api/matches/nosuchmatch/chat", "", nil, nil)
	// The room stays open once the match is over ("good game").
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", guest.Token, nil, nil)
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", guest.Token, map[string]any{"text": "good game"}, nil)
}

// TestChatRefusals: a message that is empty, too long, more than one
// line or with a control character is refused, naming why, and said by
// nobody.
func TestChatRefusals(t *testing.T) {
	n := startNode(t, nil, server.Config{ChatBytes: 30})
	a := n.create(map[string]any{"game": "countdown", "join": 1})
	id := a.Match.ID
	for _, tc := range []struct {
		text string
		says string
	}{
		{"", `missing \"text\"`},
		{"   ", `missing \"text\"`},
		{strings.Repeat("x", 31), "at most 30 bytes"},
		{"two\nlines", "control character U+000A at byte 3"},
		{"tab\there", "U+0009"},
		{"nul\x00", "U+0000"},
		{"bell\x07", "U+0007"},
		{"\u202egnp.exe", "U+202E"},
		{"a\u2066b", "U+2066"},
		{"\u0085next", "U+0085"},
	} {
		code, raw := n.call("POST", "/api/matches/"+id+"/chat", a.Token, map[string]any{"text": tc.text}, nil)
		if code != http.StatusBadRequest || !strings.Contains(string(raw), tc.says) {
			t.Errorf("message %q: %d %s; want 400 saying %q", tc.text, code, raw, tc.says)
		}
	}
	// Emoji with joiners, accents and other scripts are text.
	for _, ok := range []string{"👩‍👩‍👧 gg", "très bien", "好棋", "a > b & c"} {
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", a.Token, map[string]any{"text": ok}, nil)
	}
	if got := n.chat(id, ""); len(got) != 4 {
		t.Fatalf("%d messages kept, want the 4 good ones", len(got))
	}
	// Over the WebSocket alike.
	c := n.dial(id, a.Token)
	c.send(map[string]any{"type": "say", "text": "bad\rline", "id": "x"})
	if ans := c.nextAnswer(5 * time.Second); ans.Type != "error" || ans.Status != http.StatusBadRequest || !strings.Contains(ans.Error, "U+000D") {
		t.Fatalf("a bad message over the WebSocket: %+v", ans)
	}
}

// TestChatRateLimit: a person says at most ChatLimit messages a minute,
// in bursts of ChatBurst; another person is not held back by it.
func TestChatRateLimit(t *testing.T) {
	n := startNode(t, nil, server.Config{ChatLimit: 2, ChatBurst: 2})
	a := n.create(map[string]any{"game": "countdown", "join": 1})
	id := a.Match.ID
	b := n.join(id, 2)
	for i := range 2 {
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", a.Token, map[string]any{"text": "message " + strconv.Itoa(i)}, nil)
	}
	code, raw := n.call("POST", "/api/matches/"+id+"/chat", a.Token, map[string]any{"text": "one too many"}, nil)
	if code != http.StatusTooManyRequests || !strings.Contains(string(raw), "too many messages: the limit is 2 a minute") {
		t.Fatalf("a third message: %d %s", code, raw)
	}
	c := n.dial(id, a.Token)
	c.send(map[string]any{"type": "say", "text": "over the socket"})
	if ans := c.nextAnswer(5 * time.Second); ans.Status != http.StatusTooManyRequests {
		t.Fatalf("a third message over the WebSocket: %+v", ans)
	}
	n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", b.Token, map[string]any{"text": "my turn to talk"}, nil)
	if got := n.chat(id, ""); len(got) != 3 {
		t.Fatalf("%d messages kept, want 3", len(got))
	}
}

// TestMute: an account that mutes another is not sent its messages, in
// any room, until it unmutes it; others still are.
func TestMute(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob, eve := n.signUp("Ada"), n.signUp("Bob"), n.signUp("Eve")
	a := ada.create(map[string]any{"game": "countdown", "join": 1})
	id := a.Match.ID
	var acct struct{ Muted []string }
	eve.mustCall(http.StatusOK, "POST", "/api/account/mutes", map[string]any{"name": "ada", "mute": true}, &acct)
	if len(acct.Muted) != 1 || acct.Muted[0] != "Ada" {
		t.Fatalf("muted: %v", acct.Muted)
	}
	eveWS, bobWS := eve.dial(id), bob.dial(id)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "from Ada"}, nil)
	bob.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "from Bob"}, nil)
	if got := bobWS.heard(1, 5*time.Second); len(got) != 2 {
		t.Fatalf("Bob heard %v", got)
	}
	got := eveWS.heard(1, 5*time.Second)
	if _, ok := got[0]; ok || got[1].Text != "from Bob" {
		t.Fatalf("Eve, who muted Ada, heard %v", got)
	}
	var mine chatAnswer
	eve.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/chat", nil, &mine)
	if len(mine.Messages) != 1 || mine.Messages[0].Name != "Bob" {
		t.Fatalf("Eve reads %v", mine.Messages)
	}
	ada.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "Ada in the lobby"}, nil)
	var lobby struct{ Messages []chatView }
	eve.mustCall(http.StatusOK, "GET", "/api/chat", nil, &lobby)
	if len(lobby.Messages) != 0 {
		t.Fatalf("Eve reads Ada in the lobby: %v", lobby.Messages)
	}
	eve.mustCall(http.StatusOK, "POST", "/api/account/mutes", map[string]any{"name": "Ada", "mute": false}, nil)
	eve.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/chat", nil, &mine)
	if len(mine.Messages) != 2 {
		t.Fatalf("Eve after unmuting reads %v", mine.Messages)
	}
	eve.mustCall(http.StatusBadRequest, "POST", "/api/account/mutes", map[string]any{"name": "Eve", "mute": true}, nil)
	eve.mustCall(http.StatusNotFound, "POST", "/api/account/mutes", map[string]any{"name": "Nobody", "mute": true}, nil)
	n.mustCall(http.StatusUnauthorized, "POST", "/api/account/mutes", "", map[string]any{"name": "Ada", "mute": true}, nil)
}

// TestOperatorTakesMessagesDown: with the operator's token only, a
// message is taken down: its text is gone, its number stays, and the
// clients are told.
func TestOperatorTakesMessagesDown(t *testing.T) {
	none := startNode(t, nil, server.Config{})
	a0 := none.create(map[string]any{"game": "countdown", "join": 1})
	none.mustCall(http.StatusOK, "POST", "/api/matches/"+a0.Match.ID+"/chat", a0.Token, map[string]any{"text": "x"}, nil)
	if code, raw := none.call("DELETE", "/api/matches/"+a0.Match.ID+"/chat/0", "anything", nil, nil); code != http.StatusForbidden || !strings.Contains(string(raw), "no operator token") {
		t.Fatalf("without an operator token set: %d %s", code, raw)
	}

	const op = "the operator's secret token"
	n := startNode(t, nil, server.Config{OperatorToken: op})
	ada := n.signUp("Ada")
	a := ada.create(map[string]any{"game": "countdown", "join": 1})
	id := a.Match.ID
	c := n.dial(id, "")
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "something rude"}, nil)
	ada.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/chat", map[string]any{"text": "sorry"}, nil)
	c.heard(1, 5*time.Second)
	n.mustCall(http.StatusUnauthorized, "DELETE", "/api/matches/"+id+"/chat/0", "", nil, nil)
	n.mustCall(http.StatusForbidden, "DELETE", "/api/matches/"+id+"/chat/0", "not it", nil, nil)
	n.mustCall(http.StatusForbidden, "DELETE", "/api/matches/"+id+"/chat/0", a.Token, nil, nil) // a seat's token is no operator's
	n.mustCall(http.StatusOK, "DELETE", "/api/matches/"+id+"/chat/0", op, nil, nil)
	if got := c.nextChat(5 * time.Second); len(got) != 1 || got[0].N != 0 || !got[0].Deleted || got[0].Text != "" {
		t.Fatalf("the clients were told %+v", got)
	}
	all := n.chat(id, "")
	if len(all) != 2 || !all[0].Deleted || all[0].Text != "" || all[1].Text != "sorry" {
		t.Fatalf("after taking message 0 down: %+v", all)
	}
	n.mustCall(http.StatusNotFound, "DELETE", "/api/matches/"+id+"/chat/9", op, nil, nil)
	n.mustCall(http.StatusBadRequest, "DELETE", "/api/matches/"+id+"/chat/x", op, nil, nil)
	// The lobby's too.
	var said struct{ N int }
	ada.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "spam"}, &said)
	n.mustCall(http.StatusOK, "DELETE", "/api/chat/"+strconv.Itoa(said.N), op, nil, nil)
	var lobby struct{ Messages []chatView }
	n.mustCall(http.StatusOK, "GET", "/api/chat", "", nil, &lobby)
	if len(lobby.Messages) != 1 || !lobby.Messages[0].Deleted {
		t.Fatalf("the lobby after taking its message down: %+v", lobby)
	}
}

// TestLobbyChat: accounts talk in the lobby, anyone reads it, and a
// long poll wakes up when something is said.
func TestLobbyChat(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ada, bob := n.signUp("Ada"), n.signUp("Bob")
	code, raw := n.call("POST", "/api/chat", "", map[string]any{"text": "hello"}, nil)
	if code != http.StatusUnauthorized || !strings.Contains(string(raw), "not signed in") {
		t.Fatalf("a guest talks in the lobby: %d %s", code, raw)
	}
	ada.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "anyone for Source?"}, nil)
	var first struct {
		Generation uint64     `json:"generation"`
		Messages   []chatView `json:"messages"`
	}
	n.mustCall(http.StatusOK, "GET", "/api/chat", "", nil, &first)
	if len(first.Messages) != 1 || first.Messages[0].Name != "Ada" || first.Generation == 0 {
		t.Fatalf("the lobby: %+v", first)
	}
	got := make(chan []chatView, 1)
	start := time.Now()
	go func() {
		var next struct{ Messages []chatView }
		n.call("GET", "/api/chat?wait=1&since="+strconv.FormatUint(first.Generation, 10), "", nil, &next)
		got <- next.Messages
	}()
	time.Sleep(100 * time.Millisecond)
	bob.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "me!"}, nil)
	select {
	case msgs := <-got:
		if len(msgs) != 2 || msgs[1].Text != "me!" {
			t.Fatalf("the long poll answered %+v", msgs)
		}
		if waited := time.Since(start); waited < 100*time.Millisecond {
			t.Fatalf("the long poll answered before anything was said (%v)", waited)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the long poll did not wake up")
	}
	n.mustCall(http.StatusBadRequest, "GET", "/api/chat?wait=1&since=x", "", nil, nil)
	// The lobby shows its last 50.
	for i := range 55 {
		bob.mustCall(http.StatusOK, "POST", "/api/chat", map[string]any{"text": "n" + strconv.Itoa(i)}, nil)
	}
	var last struct{ Messages []chatView }
	n.mustCall(http.StatusOK, "GET", "/api/chat", "", nil, &last)
	if len(last.Messages) != 50 || last.Messages[49].Text != "n54" {
		t.Fatalf("the lobby shows %d messages, the last %q", len(last.Messages), last.Messages[len(last.Messages)-1].Text)
	}
}
