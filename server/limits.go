package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// Defaults of the abuse limits (Config; docs/reliability.md, Abuse
// limits), which commons serve's flags default to as well.
const (
	// DefaultBotTime is Config.BotTime's default.
	DefaultBotTime           = 10 * time.Second
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultWSIdleTimeout     = time.Minute
	DefaultMoveRate          = 10
	DefaultMoveBurst         = 20
	DefaultCreateLimit       = 30
	DefaultCreateWindow      = 10 * time.Minute
	// Accounts and chat (docs/api.md, Accounts and Table talk).
	DefaultSessionTime  = 30 * 24 * time.Hour
	DefaultSignInLimit  = 10
	DefaultSignInWindow = 10 * time.Minute
	DefaultSignUpLimit  = 5
	DefaultSignUpWindow = time.Hour
	DefaultChatBytes    = 500
	DefaultChatLimit    = 12 // a minute
	DefaultChatBurst    = 6
	// DefaultHashers is how many passwords are hashed at once (each
	// argon2id hash takes 64 MiB).
	DefaultHashers = 2
)

// bucket is a token bucket: it holds up to burst tokens and gains rate
// tokens a second; an event takes one.
type bucket struct {
	tokens float64
	last   time.Time
}

// take takes a token if there is one at now; else it reports how long
// until there is.
func (b *bucket) take(now time.Time, rate, burst float64) (bool, time.Duration) {
	if b.last.IsZero() {
		b.tokens = burst
	} else if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = math.Min(burst, b.tokens+dt*rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / rate * float64(time.Second))
}

// reserve takes n tokens at now, the bucket going into debt when it
// holds fewer: ok when it held them, else the wait until the debt is
// paid, after which the tokens are the taker's.
func (b *bucket) reserve(now time.Time, rate, burst, n float64) (bool, time.Duration) {
	if b.last.IsZero() {
		b.tokens = burst
	} else if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = math.Min(burst, b.tokens+dt*rate)
	}
	b.last = now
	b.tokens -= n
	if b.tokens >= 0 {
		return true, 0
	}
	return false, time.Duration(-b.tokens / rate * float64(time.Second))
}

// full reports whether the bucket is full at now (and so may be
// forgotten: a new one starts full).
func (b *bucket) full(now time.Time, rate, burst float64) bool {
	return b.tokens+now.Sub(b.last).Seconds()*rate >= burst
}

// keyedLimiter is a token bucket per key (a client's IP address). A nil
// keyedLimiter allows everything.
type keyedLimiter struct {
	rate, burst float64
	mu          sync.Mutex
	buckets     map[string]*bucket
}

// maxLimiterKeys is how many keys a limiter holds before it forgets the
// full buckets (which a new bucket equals).
const maxLimiterKeys = 10000

func newKeyedLimiter(rate, burst float64) *keyedLimiter {
	return &keyedLimiter{rate: rate, burst: burst, buckets: map[string]*bucket{}}
}

func (l *keyedLimiter) take(key string, now time.Time) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.bucketLocked(key, now).take(now, l.rate, l.burst)
}

// bucketLocked returns key's bucket, new (full) if it has none, making
// room among the full buckets when the limiter holds too many.
func (l *keyedLimiter) bucketLocked(key string, now time.Time) *bucket {
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxLimiterKeys {
			for k, o := range l.buckets {
				if o.full(now, l.rate, l.burst) {
					delete(l.buckets, k)
				}
			}
		}
		b = &bucket{}
		l.buckets[key] = b
	}
	return b
}

// takeN reserves n tokens of key's bucket (see bucket.reserve): ok at
// once, or the wait after which they are the caller's; a caller that
// does not wait gives them back with giveBack.
func (l *keyedLimiter) takeN(key string, now time.Time, n float64) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketLocked(key, now)
	return b.reserve(now, l.rate, l.burst, n)
}

// giveBack returns n tokens reserved by takeN and not used.
func (l *keyedLimiter) giveBack(key string, n float64) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = math.Min(l.burst, b.tokens+n)
	}
}

// clientIP is the address a request came from, without its port: the
// key of the per-client limits. Headers such as X-Forwarded-For are not
// trusted (any client can send them).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// retryIn is a wait said to a person: whole seconds, at least one.
func retryIn(d time.Duration) time.Duration {
	return max(time.Second, d.Round(time.Second))
}

// moveLimitError is the answer to a move over the move rate limit.
func (s *Server) moveLimitError(per string, wait time.Duration) *apiError {
	s.metrics.limited.WithLabelValues("moves").Inc()
	e := errorf(http.StatusTooManyRequests, "too many moves: the limit is %s a second %s (bursts of %d); the move was not played, send it again in %v",
		formatRate(s.cfg.MoveRate), per, s.cfg.MoveBurst, wait.Round(time.Millisecond))
	e.RetryAfter = wait
	return e
}

// checkCreate applies the limit of matches created per client.
func (s *Server) checkCreate(r *http.Request) error {
	return s.perAddress(r, s.creates, "creates", "matches created", s.cfg.CreateLimit, s.cfg.CreateWindow)
}

// perAddress takes one of the client's allowance of l, limit per window
// from one address, or answers 429 saying what too many of (what) the
// limit (counted as label) allows.
func (s *Server) perAddress(r *http.Request, l *keyedLimiter, label, what string, limit int, window time.Duration) error {
	ok, wait := l.take(clientIP(r), time.Now())
	if ok {
		return nil
	}
	s.metrics.limited.WithLabelValues(label).Inc()
	e := errorf(http.StatusTooManyRequests, "too many %s: the limit is %d per %v from one address; try again in %v",
		what, limit, window, retryIn(wait))
	e.RetryAfter = wait
	return e
}

// checkHTTPMove applies the move rate limit to a move sent over HTTP, per
// client address.
func (s *Server) checkHTTPMove(r *http.Request) error {
	ok, wait := s.httpMoves.take(clientIP(r), time.Now())
	if ok {
		return nil
	}
	return s.moveLimitError("from one address", wait)
}

func formatRate(r float64) string {
	if r == math.Trunc(r) {
		return fmt.Sprintf("%d", int64(r))
	}
	return fmt.Sprintf("%g", r)
}
