package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/commons-games/commons/docs"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/variant"
)

func (s *Server) routes() {
	mux := http.NewServeMux()
	h := s.handle
	mux.Handle("GET /api/games", h(s.handleGames))
	mux.Handle("GET /api/games/{name}/rules", h(s.handleRules))
	mux.Handle("GET /api/games/{name}/rulebook", h(s.handleRulebook))
	mux.Handle("GET /api/games/{name}/tutorial", h(s.handleTutorial))
	mux.Handle("POST /api/games/{name}/tutorial", h(s.handleTutorialMove))
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
	mux.Handle("GET /api/matches/{id}/chat", h(s.handleMatchChat))
	mux.Handle("POST /api/matches/{id}/chat", h(s.handleMatchSay))
	mux.Handle("DELETE /api/matches/{id}/chat/{n}", h(s.handleDeleteChat))
	mux.Handle("GET /api/matches/{id}/ratings", h(s.handleMatchRatings))
	mux.Handle("GET /api/chat", h(s.handleLobbyChat))
	mux.Handle("POST /api/chat", h(s.handleLobbySay))
	mux.Handle("DELETE /api/chat/{n}", h(s.handleDeleteChat))
	mux.Handle("POST /api/account/signup", h(s.handleSignUp))
	mux.Handle("POST /api/account/signin", h(s.handleSignIn))
	mux.Handle("POST /api/account/signout", h(s.handleSignOut))
	mux.Handle("POST /api/account/signout-everywhere", h(s.handleSignOutEverywhere))
	mux.Handle("GET /api/account", h(s.handleAccount))
	mux.Handle("POST /api/account/seats", h(s.handleClaimSeats))
	mux.Handle("POST /api/account/mutes", h(s.handleMute))
	mux.Handle("POST /api/account/passkeys/register/begin", h(s.handlePasskeyRegisterBegin))
	mux.Handle("POST /api/account/passkeys/register/finish", h(s.handlePasskeyRegisterFinish))
	mux.Handle("POST /api/account/passkeys/signin/begin", h(s.handlePasskeySignInBegin))
	mux.Handle("POST /api/account/passkeys/signin/finish", h(s.handlePasskeySignInFinish))
	mux.Handle("POST /api/matches/{id}/out-of-time", h(s.handleOutOfTime))
	mux.Handle("POST /api/matches/{id}/undo", h(s.handleUndo))
	mux.Handle("GET /api/account/prefs", h(s.handlePrefs))
	mux.Handle("PUT /api/account/prefs", h(s.handlePutPrefs))
	mux.Handle("GET /api/account/email/confirm", h(s.handleConfirmEmail))
	mux.Handle("GET /api/unsubscribe", h(s.handleUnsubscribePage))
	mux.Handle("POST /api/unsubscribe", h(s.handleUnsubscribe))
	mux.Handle("GET /api/users/{name}", h(s.handleUser))
	mux.Handle("GET /api/games/{name}/leaderboard", h(s.handleLeaderboard))
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
	pages(mux)
	s.mux = mux
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) error {
	infos := []gameView{}
	for _, g := range game.Games() {
		gv := gameView{Info: g.Info()}
		for _, v := range s.cfg.Variants.For(gv.Name) {
			gv.Variants = append(gv.Variants, viewVariant(v))
		}
		infos = append(infos, gv)
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

// rulebookAnswer is the answer of GET /api/games/{name}/rulebook.
type rulebookAnswer struct {
	Game    string `json:"game"`
	Title   string `json:"title"`
	Players int    `json:"players"`
	// Variant is the variant whose numbers the rulebook quotes, if asked.
	Variant string `json:"variant,omitempty"`
	// Doc is the rules document in full (the implementers'), for its
	// link; Rulebook the rulebook's own path in the repository.
	Doc      string `json:"doc,omitempty"`
	Rulebook string `json:"rulebook"`
	HTML     string `json:"html"`
	// Examples are the positions the rulebook shows (game.Illustrator),
	// each as a spectator sees it, for the game's board to draw where
	// the page has the paragraph "[example: NAME]".
	Examples []exampleView `json:"examples,omitempty"`
}

// exampleView is one example position of a rulebook.
type exampleView struct {
	Name    string   `json:"name"`
	Caption string   `json:"caption"`
	Marks   []string `json:"marks,omitempty"`
	// Observation is the position as a spectator sees it, Text its text
	// form (for a game without a board of its own).
	Observation any    `json:"observation"`
	Text        string `json:"text"`
}

// handleRulebook answers a game's players' rulebook as HTML, with the
// game's numbers for the player count asked (?players=N, default the
// fewest) and, with ?variant=NAME, for one of the server's variants: a
// variant's rulebook quotes its numbers.
func (s *Server) handleRulebook(w http.ResponseWriter, r *http.Request) error {
	g, err := findGame(http.StatusNotFound, r.PathValue("name"))
	if err != nil {
		return err
	}
	in := g.Info()
	if !docs.HasRulebook(in.Name) {
		return errorf(http.StatusNotFound, "%s has no rulebook in this build", in.Name)
	}
	players := in.MinPlayers
	if v := r.URL.Query().Get("players"); v != "" {
		if players, err = strconv.Atoi(v); err != nil {
			return errorf(http.StatusBadRequest, "players=%s: want a number of players, %d to %d", clip(v), in.MinPlayers, in.MaxPlayers)
		}
	}
	var opts game.Options
	name := r.URL.Query().Get("variant")
	if len(name) > variant.MaxName {
		return tooLong(http.StatusBadRequest, "variant", name, variant.MaxName)
	}
	if name != "" {
		v, err := s.cfg.Variants.Find(in.Name, name)
		if err != nil {
			return errorf(http.StatusNotFound, "%v", err)
		}
		opts = v.GameOptions()
	}
	cfg, err := game.Resolve(g, players, opts)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	p, err := docs.Rulebook(g, cfg, rulesPage)
	if err != nil {
		return err
	}
	a := rulebookAnswer{Game: in.Name, Title: in.Title, Players: players, Variant: name,
		Doc: in.Doc, Rulebook: docs.RulebookPath(in.Name), HTML: string(p.HTML)}
	if il, ok := g.(game.Illustrator); ok {
		exs, err := il.Examples(cfg)
		if err != nil {
			return err
		}
		for _, ex := range exs {
			a.Examples = append(a.Examples, exampleView{Name: ex.Name, Caption: ex.Caption, Marks: ex.Marks,
				Observation: ex.State.Observation(game.Spectator), Text: ex.State.Render(game.Spectator)})
		}
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, a)
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
	hs, err := s.store.List(r.Context(), opt)
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
		if viewer, _, err = s.requireSeat(r, m); err != nil {
			return err
		}
	} else if holder, err := s.holderOf(r, m); err != nil {
		return err
	} else if holder != "" {
		// Signed in, in a seat: the account's view, as on any device.
		viewer, _ = m.seatOf(holder)
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
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	ans, err := s.join(r.Context(), m, seatWish{Seat: req.Seat, Name: req.Name, Account: acc})
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
	// Account is the person's account when signed in: the seat becomes
	// the account's, and an account that holds a seat already gets that
	// seat back (with no token: its session plays it).
	Account *store.Account
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
		if i := seatOfHolder(h, hash); i >= 0 {
			seat = i + 1
			return errUnchanged
		}
		if w.Account != nil {
			if i := seatOfHolder(h, accountHolder(w.Account.ID)); i >= 0 {
				seat, token = i+1, ""
				return errUnchanged
			}
		} else if h.Settings[settingRated] == "true" {
			return errorf(http.StatusUnauthorized, "match %s is rated: sign in to play it (only accounts play rated)", h.ID)
		}
		seat = w.Seat
		if seat < 0 || seat > h.Players {
			return errorf(http.StatusBadRequest, "seat %d: want 1 to %d", seat, h.Players)
		}
		// A seat offered to be taken over (its person's time ran out,
		// turns.go) is free to take, though its bot plays it meanwhile.
		takeOver := offered(h)
		free := func(n int) bool { return h.Seats[n-1].Free() || slices.Contains(takeOver, n) }
		if seat == 0 || w.OrFree && !free(seat) {
			seat = 0
			for n := 1; n <= h.Players && seat == 0; n++ {
				if free(n) {
					seat = n
				}
			}
			if seat == 0 {
				return errorf(http.StatusConflict, "no free seat in match %s", h.ID)
			}
		}
		if !free(seat) {
			return errorf(http.StatusConflict, "seat %d is taken", seat)
		}
		setOffered(h, slices.DeleteFunc(takeOver, func(n int) bool { return n == seat }))
		h.Seats[seat-1] = store.Seat{Name: w.Name, TokenHash: hash}
		if w.Account != nil {
			h.Seats[seat-1].Name, h.Seats[seat-1].Account = w.Account.Name, w.Account.ID
			// Back in the seat it left: it has not abandoned the match.
			if h.Settings[leftSetting(seat)] == w.Account.ID {
				delete(h.Settings, leftSetting(seat))
			}
		}
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
	_, hash, err := s.requireSeat(r, m)
	if err != nil {
		return err
	}
	h, err := m.changeSeats(r.Context(), func(h *store.Match) error {
		for i, seat := range h.Seats {
			if holds(seat, hash) {
				markLeft(h, i)
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
		return errorf(http.StatusForbidden, "you hold no seat of match %s", h.ID)
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
	if _, _, err := s.requireSeat(r, m); err != nil {
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
	if req.Version == nil {
		return errorf(http.StatusBadRequest, `missing "version": the version of the state you saw`)
	}
	if req.Move == "" {
		return errorf(http.StatusBadRequest, `missing "move"`)
	}
	if err := checkMove(req.Move); err != nil {
		return err
	}
	_, holder, err := s.requireSeat(r, m)
	if err != nil {
		return err
	}
	if err := s.checkHTTPMove(r); err != nil {
		return err
	}
	res, err := m.play(r.Context(), holder, *req.Version, req.Move, nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
