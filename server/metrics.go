package server

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/commons-games/commons/store"
)

// metrics are the server's Prometheus metrics, on a registry of its own so
// that several servers can run in one process (as the tests do).
type metrics struct {
	reg           *prometheus.Registry
	created       *prometheus.CounterVec
	moves         *prometheus.CounterVec
	moveLatency   *prometheus.HistogramVec
	conflicts     prometheus.Counter
	clients       prometheus.Gauge
	live          prometheus.Gauge
	requests      *prometheus.CounterVec
	botErrors     prometheus.Counter
	storeFailures prometheus.Counter
	limited       *prometheus.CounterVec
	statesSent    prometheus.Counter
	statesEncoded prometheus.Counter
	replayBuild   prometheus.Histogram
	mails         *prometheus.CounterVec
}

func newMetrics(st store.Store) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		created: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "commons_matches_created_total", Help: "Matches created on this node, by game.",
		}, []string{"game"}),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "commons_moves_total",
			Help: "Log entries this node appended, by game and by who made them (human, bot, timeout: a bot standing in for a player out of time, chance).",
		}, []string{"game", "by"}),
		moveLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "commons_move_duration_seconds",
			Help:    "From a move's arrival (or a bot's choice) to its durable commit, before it is acknowledged and broadcast.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5},
		}, []string{"by"}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "commons_move_conflicts_total", Help: "Moves refused because the match had moved on (stale version, or another node won the race).",
		}),
		clients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "commons_clients", Help: "WebSocket clients connected to this node.",
		}),
		live: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "commons_live_matches", Help: "Matches this node holds in memory.",
		}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "commons_http_requests_total", Help: "HTTP requests by method and status code.",
		}, []string{"method", "code"}),
		botErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "commons_bot_errors_total", Help: "Bot moves that failed (and were replaced by a random legal move).",
		}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "commons_limited_total", Help: "Requests and messages refused by an abuse limit: moves (the move rate), creates (matches created per client), idle (WebSockets closed for not answering pings), replays (replays asked for or made past a client's rate), signins and signups (per address and name), chat (messages a minute).",
		}, []string{"limit"}),
		storeFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "commons_store_errors_total", Help: "Store operations that failed for another reason than a conflict.",
		}),
		statesSent: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "commons_states_sent_total", Help: "State messages queued to WebSocket clients.",
		}),
		statesEncoded: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "commons_states_encoded_total", Help: "State messages encoded for them: at a move, one for each view of the match its clients have (every spectator shares one), so sent over encoded is how many clients share an encoding.",
		}),
		mails: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "commons_mails_total", Help: "Mails sent by this node, by kind (turn: a turn notice, confirm: an address's confirmation) and failed (a notice that could not be sent).",
		}, []string{"kind"}),
		replayBuild: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "commons_replay_build_seconds",
			Help:    "Replays built (a match's positions as one viewer saw them), by how long each took; a replay asked for again is served from the cache.",
			Buckets: []float64{.001, .005, .01, .05, .1, .2, .5, 1, 2, 5},
		}),
	}
	m.reg.MustRegister(m.mails, m.created, m.moves, m.moveLatency, m.conflicts, m.clients, m.live, m.requests,
		m.botErrors, m.storeFailures, m.limited, m.statesSent, m.statesEncoded, m.replayBuild, &matchCounter{st: st},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// matchCounter reports the number of matches of each status in the store
// (all nodes') when scraped.
type matchCounter struct{ st store.Store }

var matchesDesc = prometheus.NewDesc("commons_matches", "Matches in the store, by status.", []string{"status"}, nil)

func (c *matchCounter) Describe(ch chan<- *prometheus.Desc) { ch <- matchesDesc }

func (c *matchCounter) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.st.Count(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(matchesDesc, err)
		return
	}
	for _, s := range []store.Status{store.Open, store.Running, store.Over} {
		ch <- prometheus.MustNewConstMetric(matchesDesc, prometheus.GaugeValue, float64(counts[s]), string(s))
	}
}
