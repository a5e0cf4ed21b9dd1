// Package server is commons serve: a JSON HTTP API and a WebSocket per
// client through which people play the Commons games with each other and
// with bots, documented in docs/api.md.
//
// A match is its game record (store.Match plus its move log). The server
// holds the matches being played in memory as live matches: the state
// rebuilt by replaying the log, the random generator that draws chance
// outcomes from the match's seed, and the connected clients. Every change
// is first committed to the store, conditionally on the version the
// server saw, and only then applied in memory, acknowledged and broadcast;
// a server that loses such a race (another node moved first) reloads
// from the store. Several servers can thus share one PostgreSQL database:
// each hears of the others' changes through store.Watcher and updates its
// own clients.
//
// Hidden information never leaves the server for a seat that may not see
// it: each client receives its own seat's Observation (a spectator the
// public one), the legal moves only of its own turn, and the log with
// hidden moves masked (see record.PublicEntry). The complete record is
// handed out only when the game is over, and never for a game with hidden
// information (Breaking Head's B17: at the end only the roles are
// revealed); its replays are made here, each viewer's as it saw the game.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/commons-games/commons/account"
	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/variant"
)

// Config configures a Server. Store is required; zero values elsewhere
// take the defaults given.
type Config struct {
	Store store.Store
	// NewBot makes the bot a spec names (bot.New). Specs are read with
	// bot.ParseSpec first, to refuse or bound budgets a client may not
	// have (see checkBot and boundedSpec). Nil means no bots: a match
	// that asks for one is refused, and turn timers are refused.
	NewBot func(spec string, seed uint64) (bot.Bot, error)
	// Logger gets structured logs (default: slog.Default()).
	Logger *slog.Logger
	// MaxBodyBytes caps an HTTP request body (default 64 KiB); larger
	// ones get 413.
	MaxBodyBytes int64
	// MaxMessageBytes caps a WebSocket message from a client (default
	// 16 KiB); a larger one closes the connection with status 1009.
	MaxMessageBytes int64
	// BotTime caps a bot's thinking per move (default 10 s): a search
	// stops then with its best move, whatever its spec's budget, and a
	// bot still thinking a little later is replaced by a random move.
	BotTime time.Duration
	// TimeoutBot is the bot that moves for a player whose turn timer
	// ran out, unless the match names another (default "random").
	TimeoutBot string
	// OriginPatterns lists the hosts (path.Match patterns) besides the
	// server's own from which browsers may open WebSockets.
	OriginPatterns []string
	// IdleTime is how long a live match with no clients and nothing to do
	// stays in memory (default 5 minutes).
	IdleTime time.Duration
	// AbandonAfter is how long a running match without a turn timer may
	// go with no person moving or connected before it is marked
	// abandoned (default 1 hour); a match whose people all left (a seat
	// free, no person seated) is marked at once. ExpireAfter is how long
	// an abandoned match waits for a person to come back before it ends,
	// nobody winning (default 24 hours).
	AbandonAfter time.Duration
	ExpireAfter  time.Duration

	// The abuse limits (docs/reliability.md, Abuse limits). A zero value
	// takes the default given; a negative one turns the limit off.
	//
	// ReadHeaderTimeout, ReadTimeout and IdleTimeout are those of the
	// http.Server that HTTPServer returns: the longest a client may take
	// to send a request's headers (default 10 s) and its whole request
	// (default 30 s), and how long a kept-alive connection may wait for
	// its next request (default 2 minutes). A client slower than that
	// (a slowloris) is disconnected. A WebSocket, once upgraded, is not
	// bound by them.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	IdleTimeout       time.Duration
	// WSIdleTimeout is how long a WebSocket may go without answering
	// the server's pings (default 1 minute; the server pings every
	// half of it, and browsers and WebSocket libraries answer by
	// themselves): a connection whose other end is gone, or that does
	// not read, is closed with status 1008.
	WSIdleTimeout time.Duration
	// MoveRate and MoveBurst bound the moves a client may send: MoveRate
	// a second on average (default 10) in bursts of at most MoveBurst
	// (default 20), per WebSocket connection and, for moves sent over
	// HTTP, per client address. A move over the limit is not played: it
	// is answered with status 429 saying the limit.
	MoveRate  float64
	MoveBurst int
	// CreateLimit bounds the matches one client address may create:
	// CreateLimit per CreateWindow (defaults 30 per 10 minutes; a
	// client may create them at once, then one every CreateWindow /
	// CreateLimit). One more is refused with 429 saying when to try
	// again.
	CreateLimit  int
	CreateWindow time.Duration
	// ReplayRate and ReplayBurst bound the replays (GET
	// /api/matches/{id}/replay) one client address may ask for: ReplayRate
	// a second (default 4) in bursts of ReplayBurst (default 20); a
	// request past them waits its turn for a few seconds, then is refused
	// with 429. ReplayBuildRate bounds the steps of replays not yet built
	// that one address may have the server build, a second (default
	// 4,000: two of the longest Open Source replays). ReplayCacheBytes is
	// how much the built replays may hold (default 64 MiB).
	ReplayRate       float64
	ReplayBurst      int
	ReplayBuildRate  float64
	ReplayCacheBytes int
	// PasswordParams are argon2id's parameters for new password hashes
	// (default account.RFC9106; a hash keeps its own, so a change
	// leaves older hashes good). Hashers is how many passwords may be
	// hashed at once (default DefaultHashers): a sign-in waits its turn
	// beyond.
	PasswordParams account.Params
	Hashers        int
	// SessionTime is how long a session lasts from its sign-in (default
	// 30 days).
	SessionTime time.Duration
	// SignInLimit bounds the sign-ins by password: SignInLimit per
	// SignInWindow (defaults 10 per 10 minutes) from one address, and as
	// many for one name. SignUpLimit bounds the accounts one address
	// makes (defaults 5 an hour).
	SignInLimit  int
	SignInWindow time.Duration
	SignUpLimit  int
	SignUpWindow time.Duration
	// ChatBytes caps a chat message (default 500 bytes); ChatLimit and
	// ChatBurst bound the messages one person says, ChatLimit a minute
	// (default 12) in bursts of ChatBurst (default 6).
	ChatBytes int
	ChatLimit float64
	ChatBurst int
	// LobbyWait is the longest a long poll of the lobby's chat waits for
	// a message (GET /api/chat?wait=1; default 25 s).
	LobbyWait time.Duration
	// OperatorToken, if set, is the bearer token of the operator's
	// endpoints (taking a chat message down). Unset, they answer 403.
	OperatorToken string
	// Mail, if set, sends the "your turn" notices of turn-based matches
	// and the mails confirming an address (see notices.go). It needs
	// PublicOrigin, for the links in them.
	Mail mail.Sender
	// PublicOrigin is the origin the server is reached at
	// ("https://commons.example.org"), as browsers see it behind a
	// proxy: passkeys are bound to its host, and the session's cookie is
	// Secure when it is https. Unset, each request's own Host (and TLS)
	// is taken.
	PublicOrigin string
	// LeaseRetry is how often a node that does not hold a match's lease
	// tries to take it (default 2 s), with a store that several nodes
	// share: how soon another node takes a match's bots over after the
	// node playing them stops or dies (see lease.go).
	LeaseRetry time.Duration
	// Variants are the operator's variants (commons serve --variants
	// DIR, loaded and checked by variant.Load): GET /api/games lists
	// each game's, and a match may be created as one by its name, with
	// its options and data tables. Nil: no variants.
	Variants *variant.Set
}

// Server serves the Commons API. Make one with New, call Start, serve
// Handler, and call Shutdown at the end.
type Server struct {
	cfg     Config
	store   store.Store
	log     *slog.Logger
	metrics *metrics
	mux     *http.ServeMux

	ctx    context.Context // canceled by Shutdown: stops bots, timers, watching
	cancel context.CancelFunc
	wg     sync.WaitGroup // bot goroutines and background loops

	// Per-client limits; nil when off.
	creates, httpMoves       *keyedLimiter
	replayAsks, replayBuilds *keyedLimiter

	replays *replayCache

	// Accounts: the store's (nil for a store without), the limits of
	// sign-ins and sign-ups, and the turns to hash passwords.
	people                        store.People
	signIns, signInNames, signUps *keyedLimiter
	chats                         *keyedLimiter
	hashers                       chan struct{}
	decoyOnce                     sync.Once
	decoy                         string
	mutes                         muteCache
	lobby                         *roomWaiters
	passkeys                      passkeys
	csrf                          *http.CrossOriginProtection

	mu   sync.Mutex
	live map[string]*live
	down bool

	leaseMu sync.Mutex
	leased  map[string]bool // the matches whose lease this node holds
}

// New returns a server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = 64 << 10
	}
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = 16 << 10
	}
	if cfg.BotTime <= 0 {
		cfg.BotTime = DefaultBotTime
	}
	if cfg.TimeoutBot == "" {
		cfg.TimeoutBot = "random"
	}
	if cfg.Mail != nil && cfg.PublicOrigin == "" {
		return nil, errors.New("server: mail needs PublicOrigin, the origin its links point to")
	}
	if cfg.IdleTime <= 0 {
		cfg.IdleTime = 5 * time.Minute
	}
	if cfg.AbandonAfter <= 0 {
		cfg.AbandonAfter = time.Hour
	}
	if cfg.ExpireAfter <= 0 {
		cfg.ExpireAfter = 24 * time.Hour
	}
	defaultDuration(&cfg.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	defaultDuration(&cfg.ReadTimeout, DefaultReadTimeout)
	defaultDuration(&cfg.IdleTimeout, DefaultIdleTimeout)
	defaultDuration(&cfg.WSIdleTimeout, DefaultWSIdleTimeout)
	defaultDuration(&cfg.CreateWindow, DefaultCreateWindow)
	if cfg.MoveRate == 0 {
		cfg.MoveRate = DefaultMoveRate
	}
	if cfg.MoveBurst <= 0 {
		cfg.MoveBurst = max(DefaultMoveBurst, int(math.Ceil(cfg.MoveRate)))
	}
	if cfg.CreateLimit == 0 {
		cfg.CreateLimit = DefaultCreateLimit
	}
	if cfg.ReplayRate == 0 {
		cfg.ReplayRate = DefaultReplayRate
	}
	if cfg.ReplayBurst <= 0 {
		cfg.ReplayBurst = max(DefaultReplayBurst, int(math.Ceil(cfg.ReplayRate)))
	}
	if cfg.ReplayBuildRate == 0 {
		cfg.ReplayBuildRate = DefaultReplayBuildRate
	}
	if cfg.ReplayCacheBytes <= 0 {
		cfg.ReplayCacheBytes = DefaultReplayCacheBytes
	}
	if cfg.LeaseRetry <= 0 {
		cfg.LeaseRetry = defaultLeaseRetry
	}
	if cfg.PasswordParams == (account.Params{}) {
		cfg.PasswordParams = account.RFC9106
	}
	if cfg.Hashers <= 0 {
		cfg.Hashers = DefaultHashers
	}
	defaultDuration(&cfg.SessionTime, DefaultSessionTime)
	defaultDuration(&cfg.SignInWindow, DefaultSignInWindow)
	defaultDuration(&cfg.SignUpWindow, DefaultSignUpWindow)
	if cfg.SignInLimit == 0 {
		cfg.SignInLimit = DefaultSignInLimit
	}
	if cfg.SignUpLimit == 0 {
		cfg.SignUpLimit = DefaultSignUpLimit
	}
	if cfg.ChatBytes <= 0 {
		cfg.ChatBytes = DefaultChatBytes
	}
	if cfg.ChatLimit == 0 {
		cfg.ChatLimit = DefaultChatLimit
	}
	if cfg.ChatBurst <= 0 {
		cfg.ChatBurst = DefaultChatBurst
	}
	if cfg.LobbyWait <= 0 {
		cfg.LobbyWait = defaultLobbyWait
	}
	if cfg.PublicOrigin != "" {
		if err := checkOrigin(cfg.PublicOrigin); err != nil {
			return nil, fmt.Errorf("server: public origin: %w", err)
		}
	}
	if cfg.NewBot != nil {
		if _, err := cfg.NewBot(cfg.TimeoutBot, 0); err != nil {
			return nil, fmt.Errorf("server: timeout bot: %w", err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg: cfg, store: cfg.Store, log: cfg.Logger, metrics: newMetrics(cfg.Store),
		ctx: ctx, cancel: cancel, live: map[string]*live{},
	}
	if cfg.CreateLimit > 0 && cfg.CreateWindow > 0 {
		s.creates = newKeyedLimiter(float64(cfg.CreateLimit)/cfg.CreateWindow.Seconds(), float64(cfg.CreateLimit))
	}
	if cfg.MoveRate > 0 {
		s.httpMoves = newKeyedLimiter(cfg.MoveRate, float64(cfg.MoveBurst))
	}
	if cfg.ReplayRate > 0 {
		s.replayAsks = newKeyedLimiter(cfg.ReplayRate, float64(cfg.ReplayBurst))
	}
	if cfg.ReplayBuildRate > 0 {
		s.replayBuilds = newKeyedLimiter(cfg.ReplayBuildRate, replayBuildBurst)
	}
	s.replays = newReplayCache(cfg.ReplayCacheBytes)
	s.people, _ = cfg.Store.(store.People)
	s.hashers = make(chan struct{}, cfg.Hashers)
	perWindow := func(n int, d time.Duration) *keyedLimiter {
		if n <= 0 || d <= 0 {
			return nil
		}
		return newKeyedLimiter(float64(n)/d.Seconds(), float64(n))
	}
	s.signIns = perWindow(cfg.SignInLimit, cfg.SignInWindow)
	s.signInNames = perWindow(cfg.SignInLimit, cfg.SignInWindow)
	s.signUps = perWindow(cfg.SignUpLimit, cfg.SignUpWindow)
	if cfg.ChatLimit > 0 {
		s.chats = newKeyedLimiter(cfg.ChatLimit/60, float64(cfg.ChatBurst))
	}
	s.lobby = newRoomWaiters()
	s.csrf = newCrossOriginProtection(cfg.PublicOrigin)
	s.routes()
	return s, nil
}

// defaultDuration sets *d to def when zero, and to 0 (no limit) when
// negative.
func defaultDuration(d *time.Duration, def time.Duration) {
	switch {
	case *d == 0:
		*d = def
	case *d < 0:
		*d = 0
	}
}

// HTTPServer returns an http.Server serving Handler with the timeouts of
// the Config (ReadHeaderTimeout, ReadTimeout, IdleTimeout). The caller
// sets its ErrorLog, serves it, and shuts it down before Shutdown.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
	}
}

// Handler returns the HTTP handler of the API, the WebSockets, /metrics
// and the web page. A browser's request that changes something (any
// method but GET, HEAD and OPTIONS) from another site is refused
// (http.CrossOriginProtection): a session's cookie goes with such a
// request, and must not let another site act for its holder. Programs
// (curl, the loadtest) send neither Origin nor Sec-Fetch-Site, and are
// let through; a WebSocket's origin is checked at its upgrade.
func (s *Server) Handler() http.Handler { return s.logRequests(s.csrf.Handler(s.mux)) }

// newCrossOriginProtection refuses cross-site requests with an error
// like every other, in JSON.
func newCrossOriginProtection(publicOrigin string) *http.CrossOriginProtection {
	c := http.NewCrossOriginProtection()
	if publicOrigin != "" {
		c.AddTrustedOrigin(publicOrigin) // checked by New
	}
	c.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, map[string]string{"error": "cross-origin request refused: a request that changes something must come from this server's own pages"})
	}))
	return c
}

// Start begins the server's background work: hearing other nodes'
// changes (if the store is a Watcher), taking up the running matches
// that have bots or turn timers (so a restarted server finishes what it
// left), and putting idle matches out of memory.
func (s *Server) Start(ctx context.Context) error {
	if w, ok := s.store.(store.Watcher); ok {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			w.Watch(s.ctx, s.onChange)
		}()
	}
	if err := s.resume(ctx); err != nil {
		return err
	}
	s.goBackground(func() {
		ctx, cancel := context.WithTimeout(s.ctx, 5*time.Minute)
		defer cancel()
		s.rateMissed(ctx)
	})
	s.wg.Add(1)
	go s.janitor()
	if _, ok := s.store.(store.Leaser); ok {
		s.wg.Add(1)
		go s.adopter()
	}
	return nil
}

// resume loads the running matches in which the server has something to
// do by itself: a bot or chance to move, or a turn timer.
func (s *Server) resume(ctx context.Context) error {
	running, err := s.store.List(ctx, store.ListOptions{Status: []store.Status{store.Running}, Limit: 10000})
	if err != nil {
		return fmt.Errorf("listing running matches: %w", err)
	}
	n := 0
	for _, h := range running {
		if !hasAutomation(h) {
			continue
		}
		if _, err := s.match(ctx, h.ID); err != nil {
			s.log.Error("resuming match", "match", h.ID, "err", err)
			continue
		}
		n++
	}
	if n > 0 {
		s.log.Info("resumed running matches", "matches", n)
	}
	return nil
}

// hasAutomation reports whether the server may have to move in h by
// itself: a bot seat or a turn timer.
func hasAutomation(h *store.Match) bool {
	if turnTimer(h) > 0 && (!turnBased(h) || dueSoon(h, time.Now())) {
		return true // a turn-based match due later is the janitor's (sweep)
	}
	for _, seat := range h.Seats {
		if seat.Bot != "" {
			return true
		}
	}
	return false
}

// onChange handles another node's change (or our own, echoed back).
func (s *Server) onChange(ch store.Change) {
	switch {
	case ch.Chat:
		s.onChatChange(ch)
		return
	case ch.Rated:
		s.ratedNotice(ch.ID)
		return
	case ch.Resync:
		s.lobby.changed() // the lobby's chat may have changed unheard
	}
	s.mu.Lock()
	var ms []*live
	if ch.Resync {
		for _, m := range s.live {
			ms = append(ms, m)
		}
	} else if m := s.live[ch.ID]; m != nil {
		ms = append(ms, m)
	}
	s.mu.Unlock()
	for _, m := range ms {
		if !ch.Resync && m.ready() && m.knows(ch) {
			continue // our own change, or one we have read already
		}
		// Reload outside the watcher's goroutine: a slow store must not
		// hold up the notifications of other matches. A match still
		// loading may have read its header before this change: it is
		// reloaded once loaded, or the change would go unheard.
		s.goBackground(func() {
			select {
			case <-m.loaded:
			case <-s.ctx.Done():
				return
			}
			if m.err != nil || !ch.Resync && m.knows(ch) {
				return
			}
			ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
			defer cancel()
			if err := m.sync(ctx); err != nil && s.ctx.Err() == nil {
				s.log.Error("reloading match after a change", "match", m.id, "err", err)
			}
			if ch.Resync {
				m.deliverChat(ctx) // its messages may have been said unheard too
			}
		})
	}
}

// janitor drops from memory the matches nobody watches and in which
// nothing is due, and marks and ends abandoned matches (sweep).
func (s *Server) janitor() {
	defer s.wg.Done()
	every := max(min(s.cfg.IdleTime/2, time.Minute, s.cfg.AbandonAfter/2, s.cfg.ExpireAfter/2), 10*time.Millisecond)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
		s.sweep(ctx, time.Now())
		cancel()
		s.mu.Lock()
		for id, m := range s.live {
			if m.idleSince(s.cfg.IdleTime) {
				delete(s.live, id)
				s.unlease(id)
			}
		}
		s.metrics.live.Set(float64(len(s.live)))
		s.mu.Unlock()
	}
}

// Shutdown stops the server's own work: it refuses new matches and moves,
// cancels bots and timers, closes every WebSocket with "going away", and
// waits (until ctx is done) for moves being written to finish. The caller
// shuts the HTTP server down first (http.Server.Shutdown does not know
// about WebSockets) and closes the store after.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.down = true
	lives := make([]*live, 0, len(s.live))
	for _, m := range s.live {
		lives = append(lives, m)
	}
	s.mu.Unlock()
	s.cancel()
	for _, m := range lives {
		m.shutdown()
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	// Another node may take this one's matches over at once.
	defer s.unleaseAll(ctx)
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
