package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/mail"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/store/postgres"
	"github.com/commons-games/commons/store/sqlite"
	"github.com/commons-games/commons/variant"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "serve [--addr HOST:PORT] [--db FILE|postgres://...] [--log-format text|json] [--log-level LEVEL] [--move-rate N] [--create-limit N] ...", stderr)
	addr := fs.String("addr", "localhost:8080", "address to listen on (port 0 picks a free one)")
	db := fs.String("db", "commons.db", "the database: a SQLite file (created if missing), or a postgres:// URL shared by several servers")
	logFormat := fs.String("log-format", "text", "log format on stderr: text or json")
	logLevel := fs.String("log-level", "info", "least level logged: debug, info, warn or error")
	botTime := fs.Duration("bot-time", server.DefaultBotTime, "longest a bot may think about one move")
	timeoutBot := fs.String("timeout-bot", "random", "bot that moves for a player whose turn timer ran out (unless the match names one)")
	var origins listFlag
	fs.Var(&origins, "origin", "another host `PATTERN` whose pages may open WebSockets (repeatable)")
	// The abuse limits (docs/reliability.md); 0 turns one off.
	moveRate := fs.Float64("move-rate", server.DefaultMoveRate, "moves a client may send a second, per WebSocket and per address over HTTP (0: no limit)")
	moveBurst := fs.Int("move-burst", server.DefaultMoveBurst, "moves a client may send at once before --move-rate applies")
	createLimit := fs.Int("create-limit", server.DefaultCreateLimit, "matches one address may create per --create-window (0: no limit)")
	createWindow := fs.Duration("create-window", server.DefaultCreateWindow, "the window of --create-limit")
	replayRate := fs.Float64("replay-rate", server.DefaultReplayRate, "replays one address may ask for a second; more wait their turn, then get 429 (0: no limit)")
	replayBuildRate := fs.Float64("replay-build-rate", server.DefaultReplayBuildRate, "steps of replays not yet made that one address may have the server make, a second (0: no limit)")
	replayCache := fs.Int("replay-cache-mb", server.DefaultReplayCacheBytes>>20, "megabytes of made replays the server keeps")
	readHeaderTimeout := fs.Duration("read-header-timeout", server.DefaultReadHeaderTimeout, "longest a client may take to send a request's headers (0: no limit)")
	readTimeout := fs.Duration("read-timeout", server.DefaultReadTimeout, "longest a client may take to send a whole request (0: no limit)")
	idleTimeout := fs.Duration("idle-timeout", server.DefaultIdleTimeout, "longest a kept-alive HTTP connection waits for its next request (0: no limit)")
	wsIdleTimeout := fs.Duration("ws-idle-timeout", server.DefaultWSIdleTimeout, "a WebSocket that answers no ping for this long is closed (0: never)")
	publicOrigin := fs.String("public-origin", "", "the `URL` people reach the server at (https://commons.example.org) behind a proxy: passkeys are bound to its host, and sessions' cookies are Secure on https (default: each request's own host)")
	signInLimit := fs.Int("signin-limit", server.DefaultSignInLimit, "sign-ins one address, and one name, may try per 10 minutes (0: no limit)")
	chatLimit := fs.Float64("chat-limit", server.DefaultChatLimit, "messages one person may say a minute (0: no limit)")
	smtpAddr := fs.String("smtp-addr", "", "the SMTP submission server (`HOST:PORT`) that sends \"your turn\" notices and address confirmations; unset, no mail is sent. Its password, if any, is read from $COMMONS_SMTP_PASSWORD")
	smtpFrom := fs.String("smtp-from", "", "the address the mails come from (needed with --smtp-addr)")
	smtpUser := fs.String("smtp-user", "", "the user name to log in to --smtp-addr with (with $COMMONS_SMTP_PASSWORD)")
	smtpTLS := fs.String("smtp-tls", "", "how to encrypt the SMTP connection: starttls, tls (implicit), opportunistic or none (default: tls on port 465, starttls on others)")
	variantsDir := fs.String("variants", "", "a `DIR` of variants (NAME.variant.json files and the data tables they name; docs/api.md, \"Variants\") the lobby offers, each checked at start")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to `FILE` when the server stops (go tool pprof reads it; docs/reliability.md)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	// Every flag is checked before the database is opened or created.
	if len(pos) > 0 {
		return usagef("unexpected argument %q: serve takes flags only (flags start with --)", pos[0])
	}
	if err := checkAddr(*addr); err != nil {
		return err
	}
	if *botTime <= 0 {
		return usagef("--bot-time %v: want a positive duration, such as 10s", *botTime)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{{"read-header-timeout", *readHeaderTimeout}, {"read-timeout", *readTimeout}, {"idle-timeout", *idleTimeout}, {"ws-idle-timeout", *wsIdleTimeout}} {
		if d.v < 0 {
			return usagef("--%s %v: want a duration such as 30s, or 0 for no limit", d.name, d.v)
		}
	}
	if *moveRate < 0 {
		return usagef("--move-rate %v: want a number of moves a second, or 0 for no limit", *moveRate)
	}
	if *moveBurst < 1 {
		return usagef("--move-burst %d: want at least 1", *moveBurst)
	}
	if *createLimit < 0 {
		return usagef("--create-limit %d: want a number of matches, or 0 for no limit", *createLimit)
	}
	if *createWindow <= 0 {
		return usagef("--create-window %v: want a positive duration, such as 10m", *createWindow)
	}
	if *replayRate < 0 {
		return usagef("--replay-rate %v: want a number of replays a second, or 0 for no limit", *replayRate)
	}
	if *replayBuildRate < 0 {
		return usagef("--replay-build-rate %v: want a number of steps a second, or 0 for no limit", *replayBuildRate)
	}
	if *replayCache < 1 {
		return usagef("--replay-cache-mb %d: want at least 1", *replayCache)
	}
	if *signInLimit < 0 {
		return usagef("--signin-limit %d: want a number of sign-ins, or 0 for no limit", *signInLimit)
	}
	if *chatLimit < 0 {
		return usagef("--chat-limit %v: want a number of messages a minute, or 0 for no limit", *chatLimit)
	}
	if *publicOrigin != "" {
		if u, err := url.Parse(*publicOrigin); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return usagef("--public-origin %q: want a scheme and a host, such as https://commons.example.org", *publicOrigin)
		}
		*publicOrigin = strings.TrimSuffix(*publicOrigin, "/")
	}
	// The operator's token is read from the environment, not a flag: a
	// process's arguments are shown to every user of the machine.
	operatorToken := os.Getenv("COMMONS_OPERATOR_TOKEN")
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return usagef("--log-level %q: want debug, info, warn or error", *logLevel)
	}
	if _, err := bot.ParseSpec(*timeoutBot); err != nil {
		return usagef("--timeout-bot %s: %s", *timeoutBot, botSpecError(*timeoutBot, err))
	}
	for _, o := range origins {
		if _, err := path.Match(o, ""); err != nil {
			return usagef("--origin %q: not a pattern: %v", o, err)
		}
	}
	var variants *variant.Set
	if *variantsDir != "" {
		if variants, err = variant.Load(*variantsDir); err != nil {
			return usagef("--variants: %v", err)
		}
	}
	hopts := &slog.HandlerOptions{Level: level}
	var logger *slog.Logger
	switch *logFormat {
	case "text":
		logger = slog.New(slog.NewTextHandler(stderr, hopts))
	case "json":
		logger = slog.New(slog.NewJSONHandler(stderr, hopts))
	default:
		return usagef("--log-format %q: want text or json", *logFormat)
	}

	var sender mail.Sender
	if *smtpAddr != "" {
		if *smtpFrom == "" {
			return usagef("--smtp-addr needs --smtp-from, the address the mails come from")
		}
		smtp, err := mail.NewSMTP(mail.SMTPConfig{
			Addr: *smtpAddr, From: *smtpFrom, Username: *smtpUser,
			Password: os.Getenv("COMMONS_SMTP_PASSWORD"), TLS: mail.TLSMode(*smtpTLS),
		})
		if err != nil {
			return usagef("--smtp-addr: %v", err)
		}
		sender = smtp
	} else if *smtpFrom != "" || *smtpUser != "" || *smtpTLS != "" {
		return usagef("--smtp-from, --smtp-user and --smtp-tls need --smtp-addr")
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, where, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if sender != nil && *publicOrigin == "" {
		// The links in mails need an origin; without a proxy's, the
		// one listened on.
		*publicOrigin = "http://" + ln.Addr().String()
	}
	srv, err := server.New(server.Config{
		Store: st, NewBot: bot.New, Logger: logger,
		BotTime: *botTime, TimeoutBot: *timeoutBot, OriginPatterns: origins,
		MoveRate: offIfZero(*moveRate), MoveBurst: *moveBurst,
		CreateLimit: int(offIfZero(float64(*createLimit))), CreateWindow: *createWindow,
		ReplayRate: offIfZero(*replayRate), ReplayBuildRate: offIfZero(*replayBuildRate), ReplayCacheBytes: *replayCache << 20,
		ReadHeaderTimeout: offIfZero(*readHeaderTimeout), ReadTimeout: offIfZero(*readTimeout),
		IdleTimeout: offIfZero(*idleTimeout), WSIdleTimeout: offIfZero(*wsIdleTimeout),
		PublicOrigin: *publicOrigin, OperatorToken: operatorToken,
		SignInLimit: int(offIfZero(float64(*signInLimit))), ChatLimit: offIfZero(*chatLimit),
		Mail: sender, Variants: variants,
	})
	if err != nil {
		ln.Close()
		return trimPrefix(err, "server: ")
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			ln.Close()
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			ln.Close()
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	if err := srv.Start(ctx); err != nil {
		ln.Close()
		return err
	}
	hs := srv.HTTPServer()
	hs.ErrorLog = slog.NewLogLogger(logger.Handler(), slog.LevelWarn)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(stdout, "Commons is serving at %s (database: %s). Stop with Ctrl-C.\n", openURL(ln.Addr()), where)
	logger.Info("serving", "addr", ln.Addr().String(), "db", where, "variants", len(variants.All()))

	select {
	case err := <-served:
		srv.Shutdown(context.Background())
		return err
	case <-ctx.Done():
	}
	stop() // a second signal kills at once
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		logger.Warn("HTTP shutdown", "err", err)
	}
	if err := srv.Shutdown(sctx); err != nil {
		logger.Warn("server shutdown", "err", err)
	}
	logger.Info("stopped")
	return nil
}

// offIfZero maps a flag's 0 (no limit) to server.Config's negative
// value (off); the Config's 0 means its default.
func offIfZero[T float64 | time.Duration](v T) T {
	if v == 0 {
		return -1
	}
	return v
}

// checkAddr checks that --addr is HOST:PORT (HOST may be empty, PORT a
// number or a service name), before anything is opened.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return usagef("--addr %q: want HOST:PORT, such as localhost:8080 or :9000", addr)
	}
	if n, err := strconv.Atoi(port); err == nil {
		if n < 0 || n > 65535 {
			return usagef("--addr %q: port %d: want 0 to 65535 (0 picks a free one)", addr, n)
		}
		return nil
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return usagef("--addr %q: port %q is not a number from 0 to 65535", addr, port)
	}
	return nil
}

// openStore opens the database --db names.
func openStore(ctx context.Context, db string) (store.Store, string, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		st, err := postgres.Open(ctx, db)
		if err != nil {
			return nil, "", err
		}
		return st, "PostgreSQL", nil
	}
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		return nil, "", err
	}
	return st, db, nil
}

// openURL is the address to open in a browser: a wildcard listen address
// is reached through localhost.
func openURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
