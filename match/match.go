// Package match plays games: one game to its end (Play), each seat's
// moves chosen by a bot or by a person at a terminal, chance outcomes
// drawn from a seeded generator, and in a game of perfect information
// every bot that keeps a tree told each move; and what the runners of
// many games share, the seats' schedule over a run (Schedule) and the
// seeds of its games and bots (GameSeed, BotSeed).
//
// Every runner of Commons plays its games here: the arena and the lab
// (many bot games, docs/bots.md and docs/lab.md), commons play in the
// terminal, and the conformance kit (game/gametest); a server's bots ask
// for one move at a time (Move).
package match

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// Run is the games a runner of many games plays (the arena's, the lab's):
// a game with its player count and options, who plays them, how many and
// from which seed.
type Run struct {
	// Game is the registered name of the game; Players the player count
	// (0: the game's fewest); Options its options, unset ones at their
	// defaults.
	Game    string
	Players int
	Options game.Options
	// Bots are bot specs, as bot.New reads them, seated by Schedule:
	// game k seats row k mod len(rows) of Schedule(len(Bots), Players).
	// The same spec may be given twice: each entry is a bot of its own.
	Bots []string
	// Teams, instead of Bots, give one bot spec per team of the game
	// (game.Info.Teams): each seat is played by the bot of the team the
	// game says it is in once the roles are dealt (game.Teamer; ByTeam).
	// For Breaking Head: {"contributor": "ismcts:...", "blocker": "random"}.
	Teams map[string]string
	// Games is the number of games to play; Seed decides every game's
	// chance outcomes and bots (each runner says how).
	Games int
	Seed  uint64
}

// Resolve looks the run's game up and resolves its configuration: the
// player count (0: the game's fewest) and the options, unset ones at their
// defaults.
func (r Run) Resolve() (game.Game, game.Config, error) {
	g, err := game.Lookup(r.Game)
	if err != nil {
		return nil, game.Config{}, err
	}
	players := r.Players
	if players == 0 {
		players = g.Info().MinPlayers
	}
	cfg, err := game.Resolve(g, players, r.Options)
	if err != nil {
		return nil, game.Config{}, err
	}
	return g, cfg, nil
}

// A Seater says who plays each seat: it returns the player of seat p.
// Play asks it once for each seat, in order, before the game's first
// action, or, in a game of teams (game.Teamer), once the chance nodes
// before its first decision have been played, so that each seat's team
// (a deal of roles) is known.
type Seater func(s game.State, p game.Player) (bot.Bot, error)

// Fixed seats players[p] in seat p.
func Fixed(players []bot.Bot) Seater {
	return func(_ game.State, p game.Player) (bot.Bot, error) {
		if int(p) >= len(players) {
			return nil, fmt.Errorf("%v has no player: %d for %d seats", p, len(players), p+1)
		}
		return players[p], nil
	}
}

// ByTeam seats in each seat the player of its team (game.Teamer) in the
// game called name: make(team, p) makes seat p's, once per seat.
func ByTeam(name string, make func(team string, p game.Player) (bot.Bot, error)) Seater {
	return func(s game.State, p game.Player) (bot.Bot, error) {
		tm, ok := s.(game.Teamer)
		if !ok {
			return nil, fmt.Errorf("%s has no teams: give bots by seat", name)
		}
		return make(tm.Team(p), p)
	}
}

// CheckTeams checks the bots given by team (a team name: a bot spec)
// before any game is played: the game
// must have teams (game.Info.Teams), every name must be one of them and
// every team must have a bot. Otherwise a run would find out only in the
// game where a seat of an unnamed team first moves, or never.
func CheckTeams(in game.Info, given map[string]string) error {
	if len(in.Teams) == 0 {
		return fmt.Errorf("%s has no teams: give bots by seat instead", in.Name)
	}
	for _, t := range slices.Sorted(maps.Keys(given)) {
		if !slices.Contains(in.Teams, t) {
			return fmt.Errorf("%s has no team %q; its teams are %s", in.Name, t, strings.Join(in.Teams, ", "))
		}
	}
	for _, t := range in.Teams {
		if _, ok := given[t]; !ok {
			return fmt.Errorf("give a bot for every team of %s: %s has none", in.Name, t)
		}
	}
	return nil
}

// Step is one action of a game, as Options.OnStep sees it.
type Step struct {
	// State is the state before the action; Player the seat to move
	// there, or game.Chance.
	State  game.State
	Player game.Player
	Action game.Action
	// Think is how long the player took to choose.
	Think time.Duration
}

// Options of Play.
type Options struct {
	// Rand draws the chance outcomes.
	Rand *rand.Rand
	// MaxLength, when positive, stops a game that is not over after that
	// many actions with an error.
	MaxLength int
	// Before, if set, is called at every state before its action is
	// chosen, and at the end, with the number of actions played so far;
	// an error stops the game with it.
	Before func(s game.State, n int) error
	// OnStep, if set, is called with each action chosen, before it is
	// applied.
	OnStep func(Step)
}

// Play plays s on to the end: chance outcomes are drawn from opt.Rand,
// and the seat to move plays its player's move. In a game of perfect
// information (its states no game.Sampler) every player that is a
// bot.Observer is told every action, with the state before it. A
// player's error, or an action the game refuses, stops the game with an
// error naming the seat.
func Play(ctx context.Context, s game.State, seat Seater, opt Options) error {
	n := s.Config().Players
	players := make([]bot.Bot, n)
	_, hidden := s.(game.Sampler)
	_, teams := s.(game.Teamer)
	var observers []bot.Observer
	seated := false
	var outs []game.ChanceOutcome
	for steps := 0; ; steps++ {
		if opt.Before != nil {
			if err := opt.Before(s, steps); err != nil {
				return err
			}
		}
		p := s.CurrentPlayer()
		if p == game.Terminal {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if opt.MaxLength > 0 && steps > opt.MaxLength {
			return fmt.Errorf("the game is not over after its MaxLength of %d actions", opt.MaxLength)
		}
		if !seated && (!teams || p != game.Chance) {
			seated = true
			for q := range n {
				b, err := seat(s, game.Player(q))
				if err != nil {
					return err
				}
				players[q] = b
				if o, ok := b.(bot.Observer); ok && !hidden && !slices.Contains(observers, o) {
					observers = append(observers, o)
				}
			}
		}
		var (
			a     game.Action
			think time.Duration
		)
		if p == game.Chance {
			outs = s.ChanceOutcomes(outs)
			if len(outs) == 0 {
				return errors.New("a chance node without outcomes")
			}
			a = game.SampleOutcome(outs, opt.Rand)
		} else {
			t0 := time.Now()
			var err error
			a, err = players[p].Act(ctx, s)
			think = time.Since(t0)
			if err != nil {
				return fmt.Errorf("%v: %w", p, err)
			}
		}
		if opt.OnStep != nil {
			opt.OnStep(Step{State: s, Player: p, Action: a, Think: think})
		}
		for _, o := range observers {
			o.Observe(s, a)
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%v played %q (%d), which the game refuses: %w", p, s.ActionString(a), a, err)
		}
	}
}

// Move asks b for its move at s and checks that it is legal. A bot that
// panics gives an error, not a crash, so that a server replaces its move
// rather than going down.
func Move(ctx context.Context, b bot.Bot, s game.State) (a game.Action, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the bot panicked: %v", p)
		}
	}()
	a, err = b.Act(ctx, s)
	if err != nil {
		return 0, err
	}
	if !slices.Contains(s.LegalActions(nil), a) {
		return 0, fmt.Errorf("the bot chose %q, which is not legal", s.ActionString(a))
	}
	return a, nil
}

// maxSchedule bounds the ordered choices of bots Schedule cycles through
// when there are more bots than seats.
const maxSchedule = 5040

// Schedule returns the seat assignments a run of many games cycles
// through, game k taking row k mod len(rows), each row the index of the
// bot in every seat. With as many bots as seats or fewer, the rows are
// the rotations: bot (i+k) mod bots in seat i, so that every bot sits in
// every seat equally often over bots × seats games (a bot may fill
// several seats). With more bots than seats, they are every ordered
// choice of seats distinct bots.
func Schedule(bots, seats int) ([][]int, error) {
	var out [][]int
	if bots <= seats {
		for k := range bots {
			row := make([]int, seats)
			for i := range row {
				row[i] = (i + k) % bots
			}
			out = append(out, row)
		}
		return out, nil
	}
	count := 1
	for i := range seats {
		count *= bots - i
		if count > maxSchedule {
			return nil, fmt.Errorf("%d bots for %d seats make more than %d seatings; run fewer bots at a time", bots, seats, maxSchedule)
		}
	}
	used := make([]bool, bots)
	row := make([]int, 0, seats)
	var rec func()
	rec = func() {
		if len(row) == seats {
			out = append(out, slices.Clone(row))
			return
		}
		for b := range bots {
			if !used[b] {
				used[b] = true
				row = append(row, b)
				rec()
				row = row[:len(row)-1]
				used[b] = false
			}
		}
	}
	rec()
	return out, nil
}

// mix derives game and bot seeds (SplitMix64's finaliser).
func mix(seed, stream uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15*(stream+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// GameSeed returns the seed of game idx of the arena's run with the given
// seed: it draws the game's chance outcomes. (The lab's game idx has seed
// seed+idx, which its results files show.)
func GameSeed(seed uint64, idx int) uint64 { return mix(seed, uint64(idx)) }

// BotSeed returns the seed of the bot in seat p of a game with seed gs, in
// every runner.
func BotSeed(gs uint64, p game.Player) uint64 { return mix(gs, uint64(p)+1<<32) }
