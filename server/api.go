package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/commons-games/commons/docs"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/web"
)

// apiError is an error with the HTTP status it is answered with, as
// {"error": Msg}.
type apiError struct {
	Status int
	Msg    string
	// RetryAfter, if set, is sent as the Retry-After header (a limit's
	// 429).
	RetryAfter time.Duration
}

func (e *apiError) Error() string { return e.Msg }

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{Status: status, Msg: fmt.Sprintf(format, args...)}
}

// Settings a match may have beside its game's options.
const (
	settingTurnTimer  = "turn_timer"
	settingTimeoutBot = "timeout_bot"
)

// Bounds of a turn timer.
const (
	minTurnTimer = time.Second
	maxTurnTimer = 7 * 24 * time.Hour
)

// turnTimer returns the match's turn timer, 0 if off.
func turnTimer(h *store.Match) time.Duration {
	d, err := time.ParseDuration(h.Settings[settingTurnTimer])
	if err != nil {
		return 0
	}
	return d
}

func (s *Server) routes() {
	mux := http.NewServeMux()
	h := s.handle
	mux.Handle("GET /api/games", h(s.handleGames))
	mux.Handle("GET /api/games/{name}/rules", h(s.handleRules))
	mux.Handle("GET /api/matches", h(s.handleList))
	mux.Handle("POST /api/matches", h(s.handleCreate))
	mux.Handle("GET /api/matches/{id}", h(s.handleMatch))
	mux.Handle("GET /api/matches/{id}/state", h(s.handleState))
	mux.Handle("GET /api/matches/{id}/record", h(s.handleRecord))
	mux.Handle("GET /api/matches/{id}/replay", h(s.handleReplay))
	mux.Handle("POST /api/matches/{id}/join", h(s.handleJoin))
	mux.Handle("POST /api/matches/{id}/leave", h(s.handleLeave))
	mux.Handle("POST /api/matches/{id}/seats/{seat}/bot", h(s.handleSeatBot))
	mux.Handle("POST /api/matches/{id}/moves", h(s.handleMove))
	mux.Handle("POST /api/matches/{id}/rematch", h(s.handleRematch))
	mux.Handle("POST /api/matches/{id}/resign", h(s.handleResign))
	mux.Handle("POST /api/matches/{id}/draw", h(s.handleDraw))
	mux.Handle(wsRoute, h(s.handleWS))
	mux.Handle("/api/", h(func(w http.ResponseWriter, r *http.Request) error {
		method := r.Method
		if methodLabel(method) != method {
			method = clip(method)
		}
		return errorf(http.StatusNotFound, "no API endpoint %s %s (see docs/api.md)", method, clip(r.URL.Path))
	}))
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	// Everything else is the web app: its pages and static files.
	mux.Handle("/", web.Handler())
	s.mux = mux
}

// handle turns a handler that returns an error into an http.Handler that
// answers {"error": ...} with the error's status.
func (s *Server) handle(fn func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := checkRequestText(r)
		if err == nil {
			err = fn(w, r)
		}
		if err == nil {
			return
		}
		var ae *apiError
		if !errors.As(err, &ae) {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				ae = errorf(http.StatusServiceUnavailable, "timed out")
			} else {
				s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
				ae = errorf(http.StatusInternalServerError, "internal error")
			}
		}
		if ae.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(retryIn(ae.RetryAfter)/time.Second)))
		}
		writeJSON(w, ae.Status, map[string]string{"error": ae.Msg})
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(marshal(v))
	w.Write([]byte("\n"))
}

// statusWriter records the status code for the request log and metrics.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and the WebSocket upgrade) reach
// the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs each request (never its query: a WebSocket URL may
// carry a seat token) and counts it.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		code := sw.code
		if code == 0 {
			code = http.StatusSwitchingProtocols // hijacked by the WebSocket
		}
		s.metrics.requests.WithLabelValues(methodLabel(r.Method), strconv.Itoa(code)).Inc()
		level := slog.LevelInfo
		if r.URL.Path == "/metrics" || r.URL.Path == "/healthz" || code < 400 && r.Method == http.MethodGet {
			level = slog.LevelDebug
		}
		s.log.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", code,
			"duration", time.Since(start).Round(time.Microsecond), "remote", r.RemoteAddr)
	})
}

// methodLabel is a request's method as the metrics count it: one of
// HTTP's, or "other", since a client may send any word and each label
// value is a series kept for ever.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return method
	}
	return "other"
}

// decode reads a JSON request body into v (see decodeJSON), at most
// MaxBodyBytes. An empty body is allowed when optional.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any, optional bool) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return errorf(http.StatusRequestEntityTooLarge, "request body over %d bytes", mbe.Limit)
	case err != nil:
		return errorf(http.StatusBadRequest, "reading the request body: %v", err)
	case len(bytes.TrimSpace(data)) == 0 && optional:
		return nil
	case len(bytes.TrimSpace(data)) == 0:
		return errorf(http.StatusBadRequest, "empty request body: want a JSON object")
	}
	if err := decodeJSON(data, v); err != nil {
		return errorf(http.StatusBadRequest, "%s", jsonMessage(err))
	}
	return nil
}

// decodeJSON reads data, one JSON value, into v: no unknown fields, no
// key given twice in an object, nothing after the value, and every
// string text: UTF-8, without an escape of a lone surrogate (see
// jsonWalk). (encoding/json keeps the last of two equal keys, matched
// ignoring case; another reader of the same text, a proxy that checked
// it, may keep the first. It reads bytes that are not UTF-8, and lone
// surrogates, as U+FFFD: a name stored as other than what was sent.)
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err != nil {
		err = apiTermsError(err, v)
	} else if _, tokErr := dec.Token(); tokErr != io.EOF {
		err = errors.New("data after the JSON object")
	}
	if err != nil {
		// Decode's error may be about text it read with U+FFFD in it
		// (an unknown field "na\ufffdme"): the text's own fault comes
		// first. The walk stops at the first syntax error, which Decode
		// reported already.
		var te *textError
		if !utf8.Valid(data) || bytes.Contains(data, []byte(`\u`)) {
			if terr := newJSONWalk(data, true).value(""); errors.As(terr, &te) {
				return te
			}
		}
		return err
	}
	// The value is well formed (Decode also bounds its nesting), so the
	// walk below meets no syntax error.
	return newJSONWalk(data, false).value("")
}

// bearer returns the seat token of a request: "Authorization: Bearer T".
// The WebSocket takes the query parameter token=T too (wsBearer); on any
// other endpoint a token there is refused (checkRequestText).
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t)
		}
		return strings.TrimSpace(h)
	}
	return ""
}

// newToken returns a new secret seat token and its hash. Only the hash is
// stored, so a copy of the database hands nobody a seat.
// A token is tokenBytes (256 bits) read from tokenSource, crypto/rand's
// generator: nobody can guess one, and the hashes are compared in
// constant time (tokenHashEqual).
func newToken() (token, hash string) {
	var b [tokenBytes]byte
	if _, err := io.ReadFull(tokenSource, b[:]); err != nil {
		panic("server: no random bits for a seat token: " + err.Error())
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

const tokenBytes = 32

// tokenSource is where seat tokens' bits come from (a test replaces it
// to see that they come from it).
var tokenSource io.Reader = rand.Reader

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func tokenHashEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// rematchToken is the seat token of the rematch newID for the holder of
// token in the old match. Derived, not drawn, so that a player who asks
// for the rematch twice (a retry, a second tab) gets its one seat back
// instead of taking another; nobody without the old token can compute
// it.
func rematchToken(token, newID string) string {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write([]byte("commons rematch " + newID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newID returns a new match ID: 60 random bits in lower-case base32.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))[:12]
}

func newSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & record.MaxSeed
}

// requireSeat returns the seat the request's token holds in m.
func requireSeat(r *http.Request, m *live) (game.Player, string, error) {
	tok := bearer(r)
	if tok == "" {
		return 0, "", errorf(http.StatusUnauthorized, "missing seat token: send Authorization: Bearer TOKEN")
	}
	hash := hashToken(tok)
	m.mu.Lock()
	p, ok := m.seatOfLocked(hash)
	m.mu.Unlock()
	if !ok {
		return 0, "", errorf(http.StatusForbidden, "that token holds no seat of match %s", m.id)
	}
	return p, hash, nil
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) error {
	infos := []game.Info{}
	for _, g := range game.Games() {
		infos = append(infos, g.Info())
	}
	writeJSON(w, http.StatusOK, infos)
	return nil
}

// rulesAnswer is the answer of GET /api/games/{name}/rules.
type rulesAnswer struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// Doc is the document's path in the repository.
	Doc string `json:"doc"`
	// HTML is the document rendered as an HTML fragment.
	HTML string `json:"html"`
}

// handleRules answers a game's rules document as HTML, from the copy in
// the binary (package docs).
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) error {
	g, err := findGame(http.StatusNotFound, r.PathValue("name"))
	if err != nil {
		return err
	}
	in := g.Info()
	if in.Doc == "" {
		return errorf(http.StatusNotFound, "%s has no rules document", in.Name)
	}
	p, err := docs.Render(in.Doc, rulesPage)
	if errors.Is(err, docs.ErrNoDoc) {
		return errorf(http.StatusNotFound, "%s: its rules document %s is not in this build", in.Name, in.Doc)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, rulesAnswer{Game: in.Name, Title: in.Title, Doc: in.Doc, HTML: string(p.HTML)})
	return nil
}

// rulesPage is the web app's page of the rules document doc, "" if no
// game has it.
func rulesPage(doc string) string {
	for _, g := range game.Games() {
		if in := g.Info(); in.Doc == doc {
			return "/rules/" + in.Name
		}
	}
	return ""
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	opt := store.ListOptions{Status: []store.Status{store.Open, store.Running}, Limit: 100}
	if v := q.Get("status"); v != "" {
		opt.Status = nil
		for _, st := range strings.Split(v, ",") {
			if !store.Status(st).Valid() {
				return errorf(http.StatusBadRequest, "status %s: want open, running or over (comma-separated)", clip(st))
			}
			opt.Status = append(opt.Status, store.Status(st))
		}
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return errorf(http.StatusBadRequest, "limit %s: want 1 to 1000", clip(v))
		}
		opt.Limit = n
	}
	if v := q.Get("game"); v != "" {
		g, err := findGame(http.StatusBadRequest, v)
		if err != nil {
			return err
		}
		opt.Game = g.Info().Name
	}
	hs, err := s.st.List(r.Context(), opt)
	if err != nil {
		return s.storeError("", err)
	}
	out := make([]matchView, len(hs))
	for i, h := range hs {
		out[i] = viewMatch(h)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// createRequest is the body of POST /api/matches.
type createRequest struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Seats says who plays each seat: "human" (or "") for a person, or a
	// bot spec. Left out: every seat is for a person.
	Seats []string `json:"seats"`
	// TurnTimer is a Go duration ("90s", "2m"); "" or "off" for none.
	TurnTimer string `json:"turn_timer"`
	// TimeoutBot plays for a person whose timer runs out.
	TimeoutBot string `json:"timeout_bot"`
	// Join, if not 0, seats the creator at that seat (-1: the first
	// human seat) and answers with its token.
	Join int    `json:"join"`
	Name string `json:"name"`
}

// seatAnswer is the answer of create, join and rematch: the match, and the
// seat taken with its secret token (shown this once only).
type seatAnswer struct {
	Match matchView `json:"match"`
	Seat  int       `json:"seat,omitempty"`
	Token string    `json:"token,omitempty"`
}

func checkName(name string) error {
	if len(name) > 40 {
		return errorf(http.StatusBadRequest, "name %s too long: at most 40 bytes", clip(name))
	}
	for _, c := range name {
		if !unicode.IsPrint(c) {
			return errorf(http.StatusBadRequest, "name %s: only printable characters", clip(name))
		}
	}
	return nil
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) error {
	var req createRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if req.Game == "" {
		return errorf(http.StatusBadRequest, `missing "game" (see GET /api/games)`)
	}
	// The names people use: "source", "Source", "Breaking Head" (as the
	// command line accepts them).
	g, err := findGame(http.StatusBadRequest, req.Game)
	if err != nil {
		return err
	}
	info := g.Info()
	if req.Players == 0 {
		req.Players = info.MinPlayers
	}
	if err := checkOptions(req.Options); err != nil {
		return err
	}
	cfg, err := game.Resolve(g, req.Players, req.Options)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	for _, spec := range info.Options {
		// A path option would let a client read the server's files.
		if spec.Path && cfg.Options[spec.Name] != spec.Default {
			return errorf(http.StatusBadRequest, "%s: option %s names a file on the machine running the game and is not accepted from clients; run the game with commons play or the lab instead", info.Name, spec.Name)
		}
	}
	st, err := g.New(cfg)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	if req.Seats != nil && len(req.Seats) != cfg.Players {
		return errorf(http.StatusBadRequest, "%d seats given for %d players", len(req.Seats), cfg.Players)
	}
	seats := make([]store.Seat, cfg.Players)
	for i, who := range req.Seats {
		if who == "" || who == "human" {
			continue
		}
		spec, err := s.checkBot(who)
		if err == nil {
			err = checkBotFor(spec, g.Info())
		}
		if err != nil {
			return errorf(http.StatusBadRequest, "seat %d: %v", i+1, err)
		}
		seats[i] = store.Seat{Bot: spec, Name: spec}
	}
	settings := map[string]string{}
	if t := req.TurnTimer; t != "" && t != "off" {
		d, err := time.ParseDuration(t)
		if err != nil || d < minTurnTimer || d > maxTurnTimer {
			return errorf(http.StatusBadRequest, "turn_timer %s: want a duration from %v to %v, such as 90s or 5m, or off", clip(t), minTurnTimer, maxTurnTimer)
		}
		if s.cfg.NewBot == nil {
			return errorf(http.StatusBadRequest, "turn timers need bots, and this server has none")
		}
		settings[settingTurnTimer] = d.String()
	}
	if req.TimeoutBot != "" {
		spec, err := s.checkBot(req.TimeoutBot)
		if err == nil {
			err = checkBotFor(spec, g.Info())
		}
		if err != nil {
			return errorf(http.StatusBadRequest, "timeout_bot: %v", err)
		}
		settings[settingTimeoutBot] = spec
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	token := ""
	if req.Join != 0 {
		n := req.Join
		if n == -1 {
			n = slices.IndexFunc(seats, store.Seat.Free) + 1
			if n == 0 {
				return errorf(http.StatusBadRequest, "join: every seat is a bot's")
			}
		}
		if n < 1 || n > cfg.Players {
			return errorf(http.StatusBadRequest, "join: seat %d: want 1 to %d (or -1 for the first free seat)", n, cfg.Players)
		}
		if !seats[n-1].Free() {
			return errorf(http.StatusBadRequest, "join: seat %d is a bot's", n)
		}
		var hash string
		token, hash = newToken()
		seats[n-1] = store.Seat{Name: req.Name, TokenHash: hash}
		req.Join = n
	}
	h := &store.Match{
		Game: info.Name, Players: cfg.Players, Options: cfg.Options, Seed: newSeed(),
		Settings: settings, Seats: seats, Status: store.Open,
	}
	if !slices.ContainsFunc(seats, store.Seat.Free) {
		h.Status = store.Running
	}
	// Counted once the request is found good: a mistake costs nothing.
	if err := s.checkCreate(r); err != nil {
		return err
	}
	m, err := s.createMatch(r.Context(), h, st)
	if err != nil {
		return err
	}
	s.metrics.created.WithLabelValues(info.Name).Inc()
	s.log.Info("match created", "match", h.ID, "game", info.Name, "players", cfg.Players, "status", h.Status)
	m.mu.Lock()
	ans := seatAnswer{Match: m.viewLocked(), Seat: req.Join, Token: token}
	m.mu.Unlock()
	writeJSON(w, http.StatusCreated, ans)
	return nil
}

// createMatch draws the set-up's chance outcomes (the deal) from the
// seed, stores the match with them as its first log entries, and holds
// it live.
func (s *Server) createMatch(ctx context.Context, h *store.Match, st game.State) (*live, error) {
	moves, err := setUp(h, st)
	if err != nil {
		return nil, err
	}
	for try := 0; ; try++ {
		h.ID = newID()
		err := s.st.Create(ctx, h, moves)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrExists) || try == 3 {
			return nil, s.storeError(h.ID, err)
		}
	}
	m := newLive(s, h.ID)
	m.mu.Lock()
	m.err = m.rebuildLocked(h.Clone(), moves)
	m.mu.Unlock()
	close(m.loaded)
	if m.err != nil {
		return nil, m.err
	}
	s.mu.Lock()
	if s.down {
		s.mu.Unlock()
		return nil, errShuttingDown
	}
	if s.live[h.ID] != nil {
		// A request (a client quick to open what the lobby shows) loaded
		// the match from the store meanwhile: that copy is the one held,
		// and runs the bots; a second would run them too.
		s.mu.Unlock()
		return s.match(ctx, h.ID)
	}
	s.live[h.ID] = m
	s.metrics.live.Set(float64(len(s.live)))
	s.mu.Unlock()
	m.mu.Lock()
	m.scheduleLocked()
	m.mu.Unlock()
	return m, nil
}

// setUp draws the chance outcomes of the set-up (the deal) of match h
// from its seed, playing them on its initial state st: the first entries
// of its log.
func setUp(h *store.Match, st game.State) ([]string, error) {
	var moves []string
	r := game.NewRand(h.Seed)
	for game.IsChance(st) {
		a := game.SampleChance(st, r, nil)
		moves = append(moves, record.Notation(st, a))
		if err := st.Apply(a); err != nil {
			return nil, fmt.Errorf("%s rejected its own chance outcome %q: %v", h.Game, moves[len(moves)-1], err)
		}
	}
	return moves, nil
}

func (s *Server) handleMatch(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	m.mu.Lock()
	v := m.viewLocked()
	m.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	viewer := game.Spectator
	if bearer(r) != "" {
		if viewer, _, err = requireSeat(r, m); err != nil {
			return err
		}
	}
	text, err := textWanted(r)
	if err != nil {
		return err
	}
	m.mu.Lock()
	msg := m.stateLocked(viewer, 0, text)
	b := marshal(msg) // under the lock: the observation may share the state's memory
	m.mu.Unlock()
	// A seat's view is for its token's holder only: no cache may keep it.
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, '\n'))
	return nil
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	want := r.URL.Query().Get("view")
	if want != "" && want != "public" && want != "complete" {
		return errorf(http.StatusBadRequest, "view %s: want public or complete", clip(want))
	}
	m.mu.Lock()
	over := m.hdr.Status == store.Over
	var rec *record.Record
	if want == "complete" && !over {
		m.mu.Unlock()
		return errorf(http.StatusForbidden, "the complete record (every chance outcome, every hidden move, the seed) is given out once the game is over")
	}
	if want == "complete" && m.info.HiddenInformation {
		// Breaking Head's B17: at the end only the roles are revealed;
		// the left-over card, the face-down end cards and what others
		// peeked at stay hidden, and so do the hands and passes (B18).
		m.mu.Unlock()
		return errorf(http.StatusForbidden, "%s keeps its hidden cards secret after the end too: its complete record is never given out; GET .../replay shows the match as a seat (with its token) or a spectator saw it", m.info.Title)
	}
	rec = m.recordLocked(over && want != "public" && !m.info.HiddenInformation)
	m.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Write(rec.Marshal())
	return nil
}

// joinRequest is the body of POST /api/matches/{id}/join.
type joinRequest struct {
	// Seat is the seat to take; 0 for the first free one.
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) error {
	var req joinRequest
	if err := s.decode(w, r, &req, true); err != nil {
		return err
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	ans, err := s.join(r.Context(), m, seatWish{Seat: req.Seat, Name: req.Name})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// seatWish is the seat a person asks join for.
type seatWish struct {
	// Seat is the 1-based seat; 0 for the first free one.
	Seat int
	// OrFree takes the first free seat if Seat is taken.
	OrFree bool
	Name   string
	// Token is the seat token to seat the person with; "" for a new one.
	// A person who already holds a seat with it gets that seat back.
	Token string
}

// join seats a person in m as w asks.
func (s *Server) join(ctx context.Context, m *live, w seatWish) (*seatAnswer, error) {
	token := w.Token
	if token == "" {
		token, _ = newToken()
	}
	hash := hashToken(token)
	seat := 0
	h, err := m.changeSeats(ctx, func(h *store.Match) error {
		if h.Status == store.Over {
			return errorf(http.StatusConflict, "the game is over")
		}
		if i := slices.IndexFunc(h.Seats, func(seat store.Seat) bool { return tokenHashEqual(seat.TokenHash, hash) }); i >= 0 {
			seat = i + 1
			return errUnchanged
		}
		seat = w.Seat
		if seat < 0 || seat > h.Players {
			return errorf(http.StatusBadRequest, "seat %d: want 1 to %d", seat, h.Players)
		}
		if seat == 0 || w.OrFree && !h.Seats[seat-1].Free() {
			seat = slices.IndexFunc(h.Seats, store.Seat.Free) + 1
			if seat == 0 {
				return errorf(http.StatusConflict, "no free seat in match %s", h.ID)
			}
		}
		if !h.Seats[seat-1].Free() {
			return errorf(http.StatusConflict, "seat %d is taken", seat)
		}
		h.Seats[seat-1] = store.Seat{Name: w.Name, TokenHash: hash}
		// A person is back: the match is no longer abandoned.
		delete(h.Settings, settingAbandoned)
		delete(h.Settings, settingExpires)
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("seat taken", "match", h.ID, "seat", seat)
	m.mu.Lock()
	defer m.mu.Unlock()
	return &seatAnswer{Match: m.viewLocked(), Seat: seat, Token: token}, nil
}

// botRequest is the body of leave (optional) and of seats/{n}/bot.
type botRequest struct {
	// Bot is the spec of the bot to hand the seat to.
	Bot string `json:"bot"`
}

func (s *Server) handleLeave(w http.ResponseWriter, r *http.Request) error {
	var req botRequest
	if err := s.decode(w, r, &req, true); err != nil {
		return err
	}
	if req.Bot != "" {
		spec, err := s.checkBot(req.Bot)
		if err != nil {
			return err
		}
		req.Bot = spec
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if req.Bot != "" {
		if err := checkBotFor(req.Bot, m.info); err != nil {
			return err
		}
	}
	_, hash, err := requireSeat(r, m)
	if err != nil {
		return err
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		for i, seat := range h.Seats {
			if seat.TokenHash != "" && tokenHashEqual(seat.TokenHash, hash) {
				h.Seats[i] = store.Seat{}
				if req.Bot != "" {
					h.Seats[i] = store.Seat{Bot: req.Bot, Name: req.Bot}
				}
				// The last person to leave a running match that waits
				// for a person abandons it (see sweep).
				if now := time.Now(); h.Status == store.Running && peopleGone(h) {
					if h.Settings == nil {
						h.Settings = map[string]string{}
					}
					h.Settings[settingAbandoned] = now.UTC().Format(time.RFC3339Nano)
					h.Settings[settingExpires] = now.Add(s.cfg.ExpireAfter).UTC().Format(time.RFC3339Nano)
				}
				return nil
			}
		}
		return errorf(http.StatusForbidden, "that token holds no seat of match %s", h.ID)
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, viewMatch(h))
	return nil
}

func (s *Server) handleSeatBot(w http.ResponseWriter, r *http.Request) error {
	var req botRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if req.Bot == "" {
		return errorf(http.StatusBadRequest, `missing "bot": the bot spec to hand the seat to`)
	}
	spec, err := s.checkBot(req.Bot)
	if err != nil {
		return err
	}
	req.Bot = spec
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := checkBotFor(req.Bot, m.info); err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil {
		return errorf(http.StatusBadRequest, "seat %s: want a number", clip(r.PathValue("seat")))
	}
	if _, _, err := requireSeat(r, m); err != nil {
		return err
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		if h.Status == store.Over {
			return errorf(http.StatusConflict, "the game is over")
		}
		if n < 1 || n > h.Players {
			return errorf(http.StatusBadRequest, "seat %d: want 1 to %d", n, h.Players)
		}
		if !h.Seats[n-1].Free() {
			return errorf(http.StatusConflict, "seat %d is taken: only a free seat can be handed to a bot", n)
		}
		h.Seats[n-1] = store.Seat{Bot: req.Bot, Name: req.Bot}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, viewMatch(h))
	return nil
}

// moveRequest is the body of POST /api/matches/{id}/moves.
type moveRequest struct {
	Move string `json:"move"`
	// Version is the version of the state the player saw.
	Version *int `json:"version"`
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) error {
	var req moveRequest
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	tok := bearer(r)
	if tok == "" {
		return errorf(http.StatusUnauthorized, "missing seat token: send Authorization: Bearer TOKEN")
	}
	if req.Version == nil {
		return errorf(http.StatusBadRequest, `missing "version": the version of the state you saw`)
	}
	if req.Move == "" {
		return errorf(http.StatusBadRequest, `missing "move"`)
	}
	if err := checkMove(req.Move); err != nil {
		return err
	}
	if err := s.checkHTTPMove(r); err != nil {
		return err
	}
	res, err := m.play(r.Context(), hashToken(tok), *req.Version, req.Move, nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	p, _, err := requireSeat(r, m)
	if err != nil {
		return err
	}
	ctx := r.Context()
	id := ""
	h, err := m.changeSeats(ctx, func(h *store.Match) error {
		if h.Status != store.Over {
			return errorf(http.StatusConflict, "a rematch can be asked for once the game is over")
		}
		if h.Rematch != "" {
			id = h.Rematch
			return errUnchanged
		}
		h.Rematch = newID()
		id = h.Rematch
		return nil
	})
	if err != nil {
		return err
	}
	next, err := s.match(ctx, id)
	var ae *apiError
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		// We (or another node, which crashed before) named the rematch
		// but nobody made it yet: make it now, with the same game,
		// options and bots, a new seed, and every person's seat free.
		next, err = s.createRematch(ctx, h)
	}
	if err != nil {
		return err
	}
	// The same seat number, and the same name, with a token derived from
	// the caller's: asking again gives the same seat back.
	ans, err := s.join(ctx, next, seatWish{Seat: p.Seat(), OrFree: true, Name: h.Seats[p].Name, Token: rematchToken(bearer(r), id)})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ans)
	return nil
}

func (s *Server) createRematch(ctx context.Context, old *store.Match) (*live, error) {
	g, err := game.Lookup(old.Game)
	if err != nil {
		return nil, err
	}
	st, err := game.NewState(g, old.Players, old.Options)
	if err != nil {
		return nil, err
	}
	seats := make([]store.Seat, old.Players)
	for i, seat := range old.Seats {
		if seat.Bot != "" {
			seats[i] = store.Seat{Bot: seat.Bot, Name: seat.Name}
		}
	}
	settings := map[string]string{}
	for _, k := range userSettings {
		if v, ok := old.Settings[k]; ok {
			settings[k] = v
		}
	}
	h := &store.Match{
		ID: old.Rematch, Game: old.Game, Players: old.Players, Options: old.Options, Seed: newSeed(),
		Settings: settings, Seats: seats, Status: store.Open, RematchOf: old.ID,
	}
	moves, err := setUp(h, st)
	if err != nil {
		return nil, err
	}
	switch err := s.st.Create(ctx, h, moves); {
	case err == nil:
		s.metrics.created.WithLabelValues(h.Game).Inc()
		s.log.Info("match created", "match", h.ID, "game", h.Game, "players", h.Players, "status", h.Status, "rematch_of", old.ID)
	case !errors.Is(err, store.ErrExists):
		return nil, s.storeError(h.ID, err)
	}
	// Made by us, or by another player asking at the same time.
	return s.match(ctx, h.ID)
}
