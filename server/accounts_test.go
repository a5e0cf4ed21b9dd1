package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store/sqlite"
)

// fastPasswords are argon2id parameters that hash in microseconds, for
// the tests that sign many people up.
var fastPasswords = account.Params{Time: 1, Memory: 64, Threads: 1, SaltBytes: 16, KeyBytes: 32}

// person is a browser: a cookie jar, and so a session once signed in.
type person struct {
	n    *node
	c    *http.Client
	name string
	// host, if set, is the Host the browser sends (and keeps its
	// cookies under): localhost for passkeys.
	host string
}

// newPerson returns a browser with no session, connecting from the
// loopback address from (127.0.0.1 if ""), so that a test can be two
// addresses.
func (n *node) newPerson(from string) *person {
	jar, _ := cookiejar.New(nil)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if from != "" {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		tr.DialContext = d.DialContext
	}
	n.t.Cleanup(tr.CloseIdleConnections)
	return &person{n: n, c: &http.Client{Jar: jar, Transport: tr}}
}

// signUp makes an account named name with a browser of its own.
func (n *node) signUp(name string) *person {
	n.t.Helper()
	p := n.newPerson("")
	p.name = name
	p.mustCall(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": name, "password": "password of " + name}, nil)
	return p
}

// call is node.call with the person's cookies and headers.
func (p *person) call(method, path string, body any, out any, header ...string) (int, []byte) {
	p.n.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, p.n.url+path, rd)
	if err != nil {
		p.n.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if p.host != "" {
		req.Host = p.host
	}
	resp, err := p.c.Do(req)
	if err != nil {
		p.n.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			p.n.t.Fatalf("%s %s: %v\n%s", method, path, err, raw)
		}
	}
	return resp.StatusCode, raw
}

func (p *person) mustCall(want int, method, path string, body any, out any, header ...string) []byte {
	p.n.t.Helper()
	code, raw := p.call(method, path, body, out, header...)
	if code != want {
		p.n.t.Fatalf("%s: %s %s: status %d, want %d: %s", p.name, method, path, code, want, raw)
	}
	return raw
}

// dial opens the match's WebSocket with the person's session and no
// token.
func (p *person) dial(id string) *wsClient {
	p.n.t.Helper()
	return p.n.dialWith(id, "", &websocket.DialOptions{HTTPClient: p.c})
}

// accountAnswer is the answer of sign-up and sign-in.
type accountAnswer struct {
	Account struct {
		Name     string    `json:"name"`
		Created  time.Time `json:"created"`
		Password bool      `json:"password"`
		Passkeys int       `json:"passkeys"`
		Muted    []string  `json:"muted"`
	} `json:"account"`
	Claimed []string `json:"claimed"`
}

func sessionCookie(t *testing.T, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == "commons_session" {
			return c
		}
	}
	t.Fatalf("no session cookie in %v", resp.Header["Set-Cookie"])
	return nil
}

// TestSignUpSignInSignOut: the life of a session, and its cookie's
// flags.
func TestSignUpSignInSignOut(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	p := n.newPerson("")
	body := `{"name": "Ada", "password": "correct horse battery staple"}`
	resp, err := p.c.Post(n.url+"/api/account/signup", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var a accountAnswer
	json.NewDecoder(resp.Body).Decode(&a)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || a.Account.Name != "Ada" || !a.Account.Password {
		t.Fatalf("sign-up: %d %+v", resp.StatusCode, a)
	}
	c := sessionCookie(t, resp)
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure || c.Path != "/" || c.MaxAge < 29*24*3600 || len(c.Value) < 40 {
		t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, not Secure over http, Path=/, for 30 days, a long random value", c)
	}
	var me accountAnswer
	p.mustCall(http.StatusOK, "GET", "/api/account", nil, &me.Account)
	if me.Account.Name != "Ada" {
		t.Fatalf("GET /api/account = %+v", me)
	}
	p.mustCall(http.StatusOK, "POST", "/api/account/signout", nil, nil)
	if code, raw := p.call("GET", "/api/account", nil, nil); code != http.StatusUnauthorized || !strings.Contains(string(raw), "not signed in") {
		t.Fatalf("after signing out: %d %s", code, raw)
	}
	// Any case of the name signs in.
	p.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "ADA", "password": "correct horse battery staple"}, &a)
	if a.Account.Name != "Ada" {
		t.Fatalf("sign-in as ADA: %+v", a)
	}
	p.mustCall(http.StatusOK, "GET", "/api/account", nil, nil)
}

// TestWrongPasswordAndUnknownNameAnsweredAlike: the answer does not say
// whether the name has an account.
func TestWrongPasswordAndUnknownNameAnsweredAlike(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	n.signUp("Ada")
	p := n.newPerson("")
	code1, raw1 := p.call("POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "not the password"}, nil)
	code2, raw2 := p.call("POST", "/api/account/signin", map[string]any{"name": "Nobody", "password": "not the password"}, nil)
	if code1 != http.StatusUnauthorized || code1 != code2 || string(raw1) != string(raw2) || !strings.Contains(string(raw1), "wrong name or password") {
		t.Fatalf("wrong password: %d %s; unknown name: %d %s; want one 401", code1, raw1, code2, raw2)
	}
	if code, _ := p.call("GET", "/api/account", nil, nil); code != http.StatusUnauthorized {
		t.Fatalf("a failed sign-in signed in: %d", code)
	}
}

// TestAccountNameRules: names unique ignoring case, printable, at most
// 40 bytes; passwords of 8 bytes or more. A refused sign-up makes
// nothing.
func TestAccountNameRules(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	n.signUp("Ada")
	p := n.newPerson("")
	for _, tc := range []struct {
		name, password string
		code           int
		says           string
	}{
		{"ada", "a good password", http.StatusConflict, "the name ada is taken"},
		{"ADA", "a good password", http.StatusConflict, "taken"},
		{strings.Repeat("x", 41), "a good password", http.StatusBadRequest, "at most 40"},
		{"Ada\nLovelace", "a good password", http.StatusBadRequest, "printable"},
		{"Ada\u202eecalevoL", "a good password", http.StatusBadRequest, "printable"},
		{" Ada", "a good password", http.StatusBadRequest, "space"},
		{"a/b", "a good password", http.StatusBadRequest, "slash"},
		{"", "a good password", http.StatusBadRequest, "empty name"},
		{"Grace", "short", http.StatusBadRequest, "at least 8"},
	} {
		code, raw := p.call("POST", "/api/account/signup", map[string]any{"name": tc.name, "password": tc.password}, nil)
		if code != tc.code || !strings.Contains(string(raw), tc.says) {
			t.Errorf("sign-up %q: %d %s; want %d saying %q", tc.name, code, raw, tc.code, tc.says)
		}
		if strings.Contains(string(raw), tc.password) {
			t.Errorf("sign-up %q: the answer quotes the password: %s", tc.name, raw)
		}
	}
	if code, _ := p.call("GET", "/api/account", nil, nil); code != http.StatusUnauthorized {
		t.Fatalf("a refused sign-up signed in: %d", code)
	}
	if code, _ := p.call("POST", "/api/account/signin", map[string]any{"name": "Grace", "password": "short"}, nil); code != http.StatusUnauthorized {
		t.Fatalf("a refused sign-up made an account: %d", code)
	}
}

// TestSessionSecureOverTLS: served over TLS, the session's cookie is
// Secure.
func TestSessionSecureOverTLS(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	ts := httptest.NewTLSServer(n.srv.Handler())
	defer ts.Close()
	c := ts.Client()
	resp, err := c.Post(ts.URL+"/api/account/signup", "application/json", strings.NewReader(`{"name": "Ada", "password": "correct horse"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ck := sessionCookie(t, resp); !ck.Secure || !ck.HttpOnly {
		t.Fatalf("over TLS the session cookie is %+v, want Secure and HttpOnly", ck)
	}
}

// TestSignOutEverywhere ends the sessions of every browser.
func TestSignOutEverywhere(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	home := n.signUp("Ada")
	phone := n.newPerson("")
	phone.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "password of Ada"}, nil)
	other := n.signUp("Bob")
	phone.mustCall(http.StatusOK, "POST", "/api/account/signout-everywhere", nil, nil)
	for _, p := range []*person{home, phone} {
		if code, _ := p.call("GET", "/api/account", nil, nil); code != http.StatusUnauthorized {
			t.Fatalf("after signing out everywhere a browser is still signed in: %d", code)
		}
	}
	other.mustCall(http.StatusOK, "GET", "/api/account", nil, nil)
}

// TestSessionsAndPasswordsStoredHashed: the database holds no session
// token and no password, only their hashes (argon2id as RFC 9106 says
// for the password).
func TestSessionsAndPasswordsStoredHashed(t *testing.T) {
	st := sqliteStore(t)
	n := startNode(t, st, server.Config{})
	p := n.newPerson("")
	resp, err := p.c.Post(n.url+"/api/account/signup", "application/json", strings.NewReader(`{"name": "Ada", "password": "correct horse battery staple"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	token := sessionCookie(t, resp).Value
	db := st.(*sqlite.Store).DB.DB
	var dump strings.Builder
	for _, q := range []string{`SELECT hash || ' ' || account_id FROM sessions`, `SELECT name || ' ' || password_hash FROM accounts`} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			rows.Scan(&s)
			dump.WriteString(s + "\n")
		}
		rows.Close()
	}
	if strings.Contains(dump.String(), token) || strings.Contains(dump.String(), "correct horse") {
		t.Fatalf("the database holds a secret:\n%s", dump.String())
	}
	if !strings.Contains(dump.String(), "$argon2id$v=19$") {
		t.Fatalf("no argon2id hash stored:\n%s", dump.String())
	}
}

// TestPasswordsHashedAsRFC9106: a server with its default parameters
// hashes passwords with RFC 9106's second recommendation.
func TestPasswordsHashedAsRFC9106(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes of 64 MiB")
	}
	st := sqliteStore(t)
	n := startNode(t, st, server.Config{PasswordParams: account.RFC9106})
	n.signUp("Ada")
	var hash string
	if err := st.(*sqlite.Store).DB.DB.QueryRow(`SELECT password_hash FROM accounts`).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=65536,t=3,p=4$") {
		t.Fatalf("password hash %q: want argon2id with m=65536,t=3,p=4", hash)
	}
	p := n.newPerson("")
	p.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "password of Ada"}, nil)
}

// TestSignInLimits: sign-ins are limited per address and, whatever the
// address, per name, for names with an account and without alike.
func TestSignInLimits(t *testing.T) {
	n := startNode(t, nil, server.Config{SignInLimit: 3, SignInWindow: time.Hour})
	n.signUp("Ada")
	n.signUp("Bob")
	a, b := n.newPerson("127.0.0.1"), n.newPerson("127.0.0.2")
	wrong := func(p *person, name string) (int, []byte, string) {
		req, _ := http.NewRequest("POST", n.url+"/api/account/signin", strings.NewReader(`{"name": "`+name+`", "password": "guess guess"}`))
		resp, err := p.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, raw, resp.Header.Get("Retry-After")
	}
	for i := range 3 {
		if code, raw, _ := wrong(a, "Ada"); code != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s", i+1, code, raw)
		}
	}
	// Address A is spent: even another name is refused from it.
	if code, raw, retry := wrong(a, "Bob"); code != http.StatusTooManyRequests || retry == "" || !strings.Contains(string(raw), "too many sign-ins") {
		t.Fatalf("a fourth sign-in from one address: %d %s (Retry-After %q)", code, raw, retry)
	}
	// Ada's name is spent: even the right password from address B is
	// refused, with the same answer.
	code, raw := b.call("POST", "/api/account/signin", map[string]any{"name": "ada", "password": "password of Ada"}, nil)
	if code != http.StatusTooManyRequests || !strings.Contains(string(raw), "too many sign-ins") {
		t.Fatalf("a fourth sign-in of one name from another address: %d %s", code, raw)
	}
	// A name without an account is limited alike, so the limit does
	// not tell which names have one.
	c := n.newPerson("127.0.0.3")
	d := n.newPerson("127.0.0.4")
	for range 2 {
		wrong(c, "Nobody")
	}
	wrong(d, "Nobody")
	if code, raw, _ := wrong(d, "Nobody"); code != http.StatusTooManyRequests {
		t.Fatalf("a fourth sign-in of a name without an account: %d %s", code, raw)
	}
	// Address B still signs Bob in.
	b.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Bob", "password": "password of Bob"}, nil)
}

// TestSignUpLimit bounds the accounts one address makes.
func TestSignUpLimit(t *testing.T) {
	n := startNode(t, nil, server.Config{SignUpLimit: 2, SignUpWindow: time.Hour})
	n.signUp("Ada")
	n.signUp("Bob")
	p := n.newPerson("")
	code, raw := p.call("POST", "/api/account/signup", map[string]any{"name": "Eve", "password": "a good password"}, nil)
	if code != http.StatusTooManyRequests || !strings.Contains(string(raw), "too many accounts made") {
		t.Fatalf("a third account from one address: %d %s", code, raw)
	}
	// A refused sign-up (a name taken) costs nothing.
	n2 := startNode(t, nil, server.Config{SignUpLimit: 1, SignUpWindow: time.Hour})
	n2.signUp("Ada")
	q := n2.newPerson("127.0.0.2")
	q.mustCall(http.StatusConflict, "POST", "/api/account/signup", map[string]any{"name": "ada", "password": "a good password"}, nil)
	q.mustCall(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "Bob", "password": "a good password"}, nil)
}

// syncBuffer is a log written from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestNoSecretInLogsOrErrors: passwords and session tokens are never in
// a log line (at the debug level, which logs every request), an error,
// or a URL the server makes.
func TestNoSecretInLogsOrErrors(t *testing.T) {
	var logs syncBuffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	n := startNode(t, nil, server.Config{Logger: logger})
	const password = "hunter2 is my password"
	p := n.newPerson("")
	resp, err := p.c.Post(n.url+"/api/account/signup", "application/json", strings.NewReader(`{"name": "Ada", "password": "`+password+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	token := sessionCookie(t, resp).Value
	var answers []string
	for _, body := range []string{
		`{"name": "Ada", "password": "` + password + `x"}`,
		`{"name": "Ada", "password": ` + strings.Repeat(`"`+password+`"`, 1) + `, "password": "` + password + `"}`,
		`{"name": "Ada", "password": "` + password + `", "extra": "` + password + `"}`,
		`{"name": "Ada", "password": 12345678}`,
	} {
		_, raw := p.call("POST", "/api/account/signin", body, nil)
		answers = append(answers, string(raw))
	}
	_, raw := p.call("POST", "/api/account/signup", `{"name": "Ada", "password": "`+password+`"}`, nil)
	answers = append(answers, string(raw))
	a := p.create(map[string]any{"game": "countdown", "join": 1, "seats": []string{"human", "random"}})
	c := p.dial(a.Match.ID)
	c.nextState(5 * time.Second)
	p.mustCall(http.StatusOK, "GET", "/api/matches/"+a.Match.ID+"/state", nil, nil)
	p.mustCall(http.StatusOK, "POST", "/api/account/signout", nil, nil)
	all := logs.String() + strings.Join(answers, "\n")
	for _, secret := range []string{password, token} {
		if strings.Contains(all, secret) {
			t.Fatalf("a secret is in a log or an answer:\n%s", all)
		}
	}
	if !strings.Contains(logs.String(), "/api/account/signin") {
		t.Fatalf("the requests were not logged at all:\n%s", logs.String())
	}
}

// create makes a match as the person.
func (p *person) create(req map[string]any) seatAnswer {
	p.n.t.Helper()
	var a seatAnswer
	p.mustCall(http.StatusCreated, "POST", "/api/matches", req, &a)
	return a
}

// TestAccountSeatFromAnyBrowser: a seat taken signed in is the account's
// on every browser, without its token: its state, its moves, its
// WebSocket, its resignation.
func TestAccountSeatFromAnyBrowser(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	home := n.signUp("Ada")
	a := home.create(map[string]any{"game": "countdown", "join": 1, "seats": []string{"human", "human"}})
	if a.Token == "" || a.Seat != 1 || !a.Match.Seats[0].Account || a.Match.Seats[0].Name != "Ada" {
		t.Fatalf("created signed in: %+v", a)
	}
	id := a.Match.ID
	bob := n.join(id, 2)
	phone := n.newPerson("")
	phone.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "password of Ada"}, nil)
	// Joining again answers the seat held, with no new token.
	var again seatAnswer
	phone.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/join", map[string]any{}, &again)
	if again.Seat != 1 || again.Token != "" {
		t.Fatalf("joining again signed in: seat %d token %q; want seat 1 and no token", again.Seat, again.Token)
	}
	var st stateMsg
	raw := phone.mustCall(http.StatusOK, "GET", "/api/matches/"+id+"/state", nil, nil)
	strict(t, raw, &st)
	if st.Seat != 1 {
		t.Fatalf("the state signed in, without a token, is seat %d's", st.Seat)
	}
	c := phone.dial(id)
	s := c.nextState(5 * time.Second)
	if s.Seat != 1 {
		t.Fatalf("the WebSocket signed in, without a token, plays seat %d", s.Seat)
	}
	if s.ToMove == 1 {
		c.send(map[string]any{"type": "move", "move": "take1", "version": s.Version, "id": "m1"})
		if ans := c.nextAnswer(5 * time.Second); ans.Type != "ack" {
			t.Fatalf("a move over the WebSocket by the account: %+v", ans)
		}
	} else {
		n.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", bob.Token, map[string]any{"move": "take1", "version": s.Version}, nil)
	}
	s = n.state(id, "")
	if s.ToMove == 1 {
		phone.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/moves", map[string]any{"move": "take1", "version": s.Version}, nil)
	}
	// A browser signed out, or another account, holds no seat.
	stranger := n.signUp("Eve")
	if code, raw := stranger.call("POST", "/api/matches/"+id+"/resign", nil, nil); code != http.StatusForbidden || !strings.Contains(string(raw), "your account holds no seat") {
		t.Fatalf("another account resigns: %d %s", code, raw)
	}
	phone.mustCall(http.StatusOK, "POST", "/api/matches/"+id+"/resign", nil, nil)
	if m := n.match(id); m.Status != "over" || m.End == nil || m.End.Seat != 1 {
		t.Fatalf("after the account resigned: %+v", m)
	}
}

// TestGuestWhoSignsUpKeepsSeats: the seats a guest holds become its
// account's when it signs up, and then play from another browser.
func TestGuestWhoSignsUpKeepsSeats(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	a := n.create(map[string]any{"game": "countdown", "join": 1, "name": "guest", "seats": []string{"human", "random"}})
	open := n.create(map[string]any{"game": "countdown", "join": 2, "name": "guest", "seats": []string{"human", "human"}})
	other := n.create(map[string]any{"game": "countdown", "join": 1, "name": "someone else", "seats": []string{"human", "human"}})
	p := n.newPerson("")
	var ans accountAnswer
	p.mustCall(http.StatusCreated, "POST", "/api/account/signup", map[string]any{"name": "Ada", "password": "a good password",
		"seats": []map[string]string{{"match": a.Match.ID, "token": a.Token}, {"match": open.Match.ID, "token": open.Token},
			{"match": other.Match.ID, "token": "not its token"}, {"match": "nosuchmatch", "token": "x"}}}, &ans)
	if len(ans.Claimed) != 2 || ans.Claimed[0] != a.Match.ID || ans.Claimed[1] != open.Match.ID {
		t.Fatalf("claimed %v; want the two seats the guest held", ans.Claimed)
	}
	if m := n.match(a.Match.ID); !m.Seats[0].Account || m.Seats[0].Name != "Ada" {
		t.Fatalf("the claimed seat: %+v", m.Seats[0])
	}
	if m := n.match(other.Match.ID); m.Seats[0].Account {
		t.Fatalf("a seat claimed with a wrong token: %+v", m.Seats[0])
	}
	// The guest's token still plays it; so does the account, anywhere.
	if s := n.state(a.Match.ID, a.Token); s.Seat != 1 {
		t.Fatalf("the guest's token after sign-up: seat %d", s.Seat)
	}
	phone := n.newPerson("")
	phone.mustCall(http.StatusOK, "POST", "/api/account/signin", map[string]any{"name": "Ada", "password": "a good password"}, nil)
	c := phone.dial(open.Match.ID)
	if s := c.nextState(5 * time.Second); s.Seat != 2 {
		t.Fatalf("the claimed seat from another browser: seat %d", s.Seat)
	}
	// Claiming later, signed in, works the same.
	late := n.create(map[string]any{"game": "countdown", "join": 1, "name": "guest", "seats": []string{"human", "human"}})
	var cl struct{ Claimed []string }
	phone.mustCall(http.StatusOK, "POST", "/api/account/seats", map[string]any{"seats": []map[string]string{{"match": late.Match.ID, "token": late.Token}}}, &cl)
	if len(cl.Claimed) != 1 {
		t.Fatalf("claimed later: %v", cl.Claimed)
	}
	// A profile lists them.
	var prof struct {
		Matches []struct{ ID string } `json:"matches"`
	}
	n.mustCall(http.StatusOK, "GET", "/api/users/ada", "", nil, &prof)
	if len(prof.Matches) != 3 {
		t.Fatalf("the profile lists %d matches, want 3", len(prof.Matches))
	}
}

// TestCrossSiteRequestsRefused: a browser's request from another site
// that would change something is refused; reading is not, and neither
// is the same site, nor a program.
func TestCrossSiteRequestsRefused(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	p := n.signUp("Ada")
	for _, h := range [][]string{
		{"Sec-Fetch-Site", "cross-site"},
		{"Origin", "https://evil.example"},
	} {
		code, raw := p.call("POST", "/api/matches", map[string]any{"game": "countdown"}, nil, h...)
		if code != http.StatusForbidden || !strings.Contains(string(raw), "cross-origin request refused") {
			t.Errorf("POST with %s: %s: %d %s", h[0], h[1], code, raw)
		}
		code, _ = p.call("POST", "/api/account/signout-everywhere", nil, nil, h...)
		if code != http.StatusForbidden {
			t.Errorf("sign out everywhere with %s: %s: %d", h[0], h[1], code)
		}
		if code, _ := p.call("GET", "/api/account", nil, nil, h...); code != http.StatusOK {
			t.Errorf("GET with %s: %s: %d", h[0], h[1], code)
		}
	}
	p.mustCall(http.StatusCreated, "POST", "/api/matches", map[string]any{"game": "countdown"}, nil, "Sec-Fetch-Site", "same-origin")
	p.mustCall(http.StatusCreated, "POST", "/api/matches", map[string]any{"game": "countdown"}, nil, "Origin", n.url)
	p.mustCall(http.StatusOK, "GET", "/api/account", nil, nil) // still signed in
}

// TestSessionCookieOverWebSocketFromAnotherSite: a page of another site
// cannot open a signed-in WebSocket: the upgrade's origin is checked.
func TestSessionCookieOverWebSocketFromAnotherSite(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	p := n.signUp("Ada")
	a := p.create(map[string]any{"game": "countdown", "join": 1})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(n.url, "http") + "/api/matches/" + a.Match.ID + "/ws"
	_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: p.c, HTTPHeader: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a WebSocket from another site's page: %v (%v)", resp, err)
	}
}
