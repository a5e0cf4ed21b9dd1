package server

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"
	"unicode"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/variant"
)

// createRequest is the body of POST /api/matches.
type createRequest struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Variant names one of the server's variants of the game (GET
	// /api/games lists them): its options and data tables are the
	// match's; Options may set the others.
	Variant string `json:"variant"`
	// Seats says who plays each seat: "human" (or "") for a person, or a
	// bot spec. Left out: every seat is for a person.
	Seats []string `json:"seats"`
	// TurnTimer is a Go duration ("90s", "2m"); "" or "off" for none.
	TurnTimer string `json:"turn_timer"`
	// TimeoutBot plays for a person whose timer runs out.
	TimeoutBot string `json:"timeout_bot"`
	// TurnBased makes the match turn based (docs/api.md, "Turn-based
	// matches"): TurnTimer is then the time per move, of hours or days
	// ("12h", "3d"; default 1 day).
	TurnBased bool `json:"turn_based"`
	// Join, if not 0, seats the creator at that seat (-1: the first
	// human seat) and answers with its token.
	Join int    `json:"join"`
	Name string `json:"name"`
	// Rated makes the match rated (docs/api.md, Ratings): its creator
	// must be signed in, and so must everyone who takes a seat.
	Rated bool `json:"rated"`
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
	g, cfg, st, v, err := s.newGameOf(req)
	if err != nil {
		return err
	}
	info := g.Info()
	seats, err := s.seatsOf(req.Seats, cfg.Players, info)
	if err != nil {
		return err
	}
	settings, err := s.settingsOf(req, info)
	if err != nil {
		return err
	}
	if v != nil {
		settings[settingVariant], settings[settingVariantData], settings[settingVariantTitle] = v.Name, v.Data, v.Title
	}
	if err := checkName(req.Name); err != nil {
		return err
	}
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	if req.Rated {
		if acc == nil {
			return errorf(http.StatusUnauthorized, "sign in to make a rated match: only accounts play rated")
		}
		settings[settingRated] = "true"
	}
	seat, token, err := seatCreator(req.Join, req.Name, seats, acc)
	if err != nil {
		return err
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
	ans := seatAnswer{Match: m.viewLocked(), Seat: seat, Token: token}
	m.mu.Unlock()
	writeJSON(w, http.StatusCreated, ans)
	return nil
}

// newGameOf reads the game a create request asks for: its game, by a
// name people use ("source", "Source", "Breaking Head", as the command
// line reads them), its player count (the game's fewest by default),
// variant and options, and the game's first state. The Config's options
// are those to store: a variant's data files are left out (the match's
// variant names them; see gameOptions).
func (s *Server) newGameOf(req createRequest) (game.Game, game.Config, game.State, *variant.Variant, error) {
	fail := func(err error) (game.Game, game.Config, game.State, *variant.Variant, error) {
		return nil, game.Config{}, nil, nil, err
	}
	if req.Game == "" {
		return fail(errorf(http.StatusBadRequest, `missing "game" (see GET /api/games)`))
	}
	g, err := findGame(http.StatusBadRequest, req.Game)
	if err != nil {
		return fail(err)
	}
	info := g.Info()
	if req.Players == 0 {
		req.Players = info.MinPlayers
	}
	if err := checkOptions(req.Options); err != nil {
		return fail(err)
	}
	for _, spec := range info.Options {
		// A path option would let a client read the server's files; a
		// data table comes from the operator's variants only.
		if v, ok := req.Options[spec.Name]; ok && spec.Path && v != spec.Default {
			return fail(errorf(http.StatusBadRequest, "%s: option %s names a file on the machine running the game and is not accepted from clients; choose one of the server's variants (GET /api/games), or run the game with commons play or the lab", info.Name, spec.Name))
		}
	}
	if err := checkVariantName(req.Variant); err != nil {
		return fail(err)
	}
	v, err := s.applyVariant(&req, info)
	if err != nil {
		return fail(err)
	}
	cfg, err := game.Resolve(g, req.Players, req.Options)
	if err != nil {
		return fail(errorf(http.StatusBadRequest, "%v", err))
	}
	st, err := g.New(cfg)
	if err != nil {
		return fail(errorf(http.StatusBadRequest, "%v", err))
	}
	if v != nil {
		cfg.Options = maps.Clone(cfg.Options)
		for k := range v.Tables {
			spec, _ := info.Option(k)
			cfg.Options[k] = spec.Default
		}
	}
	return g, cfg, st, v, nil
}

// checkVariantName refuses a variant's name a client could not have
// read from GET /api/games, before it is quoted in an error.
func checkVariantName(name string) error {
	if name == "" {
		return nil
	}
	if err := variant.CheckName(name); err != nil {
		return errorf(http.StatusBadRequest, "variant %s: not a variant's name (GET /api/games lists them)", clip(name))
	}
	return nil
}

// seatsOf reads who plays each seat ("human", "", or a bot spec for the
// game of info): every seat a person's when who is nil.
func (s *Server) seatsOf(who []string, players int, info game.Info) ([]store.Seat, error) {
	if who != nil && len(who) != players {
		return nil, errorf(http.StatusBadRequest, "%d seats given for %d players", len(who), players)
	}
	seats := make([]store.Seat, players)
	for i, w := range who {
		if w == "" || w == "human" {
			continue
		}
		spec, err := s.checkBot(w)
		if err == nil {
			err = checkBotFor(spec, info)
		}
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "seat %d: %v", i+1, err)
		}
		seats[i] = store.Seat{Bot: spec, Name: spec}
	}
	return seats, nil
}

// settingsOf reads a create request's settings: its turn timer and the
// bot that moves for a person out of time.
func (s *Server) settingsOf(req createRequest, info game.Info) (map[string]string, error) {
	settings := map[string]string{}
	if req.TurnBased {
		t := req.TurnTimer
		d, err := parseMoveTime(t)
		switch {
		case t == "" || t == "off":
			d = defaultMoveTime
		case err != nil || d < minMoveTime || d > maxMoveTime:
			return nil, errorf(http.StatusBadRequest, "turn_timer %s: a turn-based match's time per move is from %v to %v, such as 12h, 1d, 3d or 7d", clip(t), minMoveTime, maxMoveTime)
		}
		if s.cfg.NewBot == nil {
			return nil, errorf(http.StatusBadRequest, "turn-based matches need a timeout bot, and this server has no bots")
		}
		settings[settingMode], settings[settingTurnTimer] = modeTurnBased, d.String()
	} else if t := req.TurnTimer; t != "" && t != "off" {
		d, err := time.ParseDuration(t)
		if err != nil || d < minTurnTimer || d > maxTurnTimer {
			return nil, errorf(http.StatusBadRequest, "turn_timer %s: want a duration from %v to %v, such as 90s or 5m, or off", clip(t), minTurnTimer, maxTurnTimer)
		}
		if s.cfg.NewBot == nil {
			return nil, errorf(http.StatusBadRequest, "turn timers need bots, and this server has none")
		}
		settings[settingTurnTimer] = d.String()
	}
	if req.TimeoutBot != "" {
		spec, err := s.checkBot(req.TimeoutBot)
		if err == nil {
			err = checkBotFor(spec, info)
		}
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "timeout_bot: %v", err)
		}
		settings[settingTimeoutBot] = spec
	}
	return settings, nil
}

// seatCreator seats the creator of a match who asks to join (join not 0:
// a seat number, or -1 for the first free one) under name, or as acc if
// signed in, and returns the seat and its new token.
func seatCreator(join int, name string, seats []store.Seat, acc *store.Account) (seat int, token string, err error) {
	if join == 0 {
		return 0, "", nil
	}
	n := join
	if n == -1 {
		n = slices.IndexFunc(seats, store.Seat.Free) + 1
		if n == 0 {
			return 0, "", errorf(http.StatusBadRequest, "join: every seat is a bot's")
		}
	}
	if n < 1 || n > len(seats) {
		return 0, "", errorf(http.StatusBadRequest, "join: seat %d: want 1 to %d (or -1 for the first free seat)", n, len(seats))
	}
	if !seats[n-1].Free() {
		return 0, "", errorf(http.StatusBadRequest, "join: seat %d is a bot's", n)
	}
	token, hash := newToken()
	seats[n-1] = store.Seat{Name: name, TokenHash: hash}
	if acc != nil {
		seats[n-1].Name, seats[n-1].Account = acc.Name, acc.ID
	}
	return n, token, nil
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
		err := s.store.Create(ctx, h, moves)
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

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) error {
	m, err := s.match(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	p, _, err := s.requireSeat(r, m)
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
	// the caller's: asking again gives the same seat back. A seat played
	// signed in goes to the account, which gets it back by itself.
	acc, err := s.signedIn(r)
	if err != nil {
		return err
	}
	wish := seatWish{Seat: p.Seat(), OrFree: true, Name: h.Seats[p].Name}
	if tok := bearer(r); tok != "" {
		wish.Token = rematchToken(tok, id)
	}
	if acc != nil && h.Seats[p].Account == acc.ID {
		wish.Account = acc
	}
	ans, err := s.join(ctx, next, wish)
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
	opts, err := s.gameOptions(old)
	if err != nil {
		return nil, err
	}
	st, err := game.NewState(g, old.Players, opts)
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
	for _, k := range slices.Concat(userSettings, []string{settingVariant, settingVariantData, settingVariantTitle}) {
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
	switch err := s.store.Create(ctx, h, moves); {
	case err == nil:
		s.metrics.created.WithLabelValues(h.Game).Inc()
		s.log.Info("match created", "match", h.ID, "game", h.Game, "players", h.Players, "status", h.Status, "rematch_of", old.ID)
	case !errors.Is(err, store.ErrExists):
		return nil, s.storeError(h.ID, err)
	}
	// Made by us, or by another player asking at the same time.
	return s.match(ctx, h.ID)
}

// Settings a match may have beside its game's options.
const (
	settingTurnTimer  = "turn_timer"
	settingTimeoutBot = "timeout_bot"
	// settingMode (turns.go) is "turn-based" in a turn-based match.
	// settingRated is "true" in a rated match.
	settingRated = "rated"
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
