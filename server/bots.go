package server

import (
	"context"
	"net/http"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
)

// Bounds on the bots a client may ask for (docs/api.md, "Bots"). A bot
// copies the state once per worker or per sample before it ever looks at
// the clock, so these are what keep one request from exhausting the
// server's memory; the time a bot thinks is bounded by Config.BotTime.
const (
	maxBotWorkers = 16
	maxBotSamples = 256
)

// checkBot reads a bot spec from a client and returns it in canonical
// form (bot.Spec.String: "mcts:iterations=0007" is "mcts:iterations=7"),
// or a 400 error naming what is wrong.
func (s *Server) checkBot(spec string) (string, error) {
	if s.cfg.NewBot == nil {
		return "", errorf(http.StatusBadRequest, "this server has no bots")
	}
	if len(spec) > maxBotSpecBytes {
		// Before ParseSpec, whose errors quote the spec whole.
		return "", tooLong(http.StatusBadRequest, "bot spec", spec, maxBotSpecBytes)
	}
	sp, err := bot.ParseSpec(spec)
	if err != nil {
		return "", errorf(http.StatusBadRequest, "%v", err)
	}
	if sp.Workers > maxBotWorkers {
		return "", errorf(http.StatusBadRequest, "bot spec %s: workers=%d: at most %d on this server", clip(spec), sp.Workers, maxBotWorkers)
	}
	if sp.Samples > maxBotSamples {
		return "", errorf(http.StatusBadRequest, "bot spec %s: samples=%d: at most %d on this server", clip(spec), sp.Samples, maxBotSamples)
	}
	canon := sp.String()
	if _, err := s.cfg.NewBot(canon, 0); err != nil {
		return "", errorf(http.StatusBadRequest, "bot spec %s: %v", clip(spec), err)
	}
	return canon, nil
}

// checkBotFor checks that a canonical spec (checkBot's) can play the game
// described by in: a script:NAME must be one of the game's scripts.
func checkBotFor(spec string, in game.Info) error {
	if _, err := bot.ParseFor(spec, in); err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	return nil
}

// boundedSpec returns spec with its budget bounded for this server: a
// search stops after BotTime with its best move so far, whatever its own
// time or iteration budget, and workers and samples are capped as in
// checkBot (for matches stored before the caps, or by other servers).
func (s *Server) boundedSpec(spec string) string {
	sp, err := bot.ParseSpec(spec)
	if err != nil {
		return spec // NewBot says what is wrong
	}
	sp.Workers = min(sp.Workers, maxBotWorkers)
	sp.Samples = min(sp.Samples, maxBotSamples)
	if takesTime(sp.Name) {
		if sp.Iterations == 0 && sp.Time == 0 {
			// Keep the default budget: a time alone would replace it.
			sp.Iterations = bot.DefaultIterations
		}
		if sp.Time == 0 || sp.Time > s.cfg.BotTime {
			sp.Time = s.cfg.BotTime
		}
	}
	return sp.String()
}

// takesTime reports whether the named bot has a time budget (the search
// bots), asking the bot package rather than listing them here.
func takesTime(name string) bool {
	_, err := bot.ParseSpec(name + ":time=1s")
	return err == nil
}

// botDeadline is how long a bot may take over one move before its move
// is replaced by a random one: BotTime, which a search's own budget
// keeps to (boundedSpec), and a margin for the search to stop and
// answer, and for bots without a time budget (greedy) to be cut off.
func (s *Server) botDeadline() time.Duration {
	return s.cfg.BotTime + s.cfg.BotTime/4 + 250*time.Millisecond
}

// botMove asks a new bot for a move. A bot is made afresh for every
// move, seeded from the match's secret seed and the version, so that any
// node (or a restarted one) computes the same move for a deterministic
// bot, and no bot state outlives a reload.
func (s *Server) botMove(st game.State, spec string, seed uint64) (game.Action, error) {
	if ls, ok := bot.LevelSpec(spec, st); ok {
		spec = ls // a level's own budget is bounded like any other
	}
	b, err := s.cfg.NewBot(s.boundedSpec(spec), seed)
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.botDeadline())
	defer cancel()
	// A bot that panics must not take the server down: its move is
	// replaced like a failed one (match.Move).
	return match.Move(ctx, b, st)
}

// botSeed derives a bot's seed for one move from the match's seed.
func botSeed(seed uint64, version int, p game.Player) uint64 {
	x := seed ^ uint64(version)*0x9e3779b97f4a7c15 ^ uint64(p+1)<<56
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
