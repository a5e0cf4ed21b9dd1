// Package tutorial plays a game's guided first game (game.Tutor) for
// whoever shows it: the server's /api/games/{name}/tutorial, which the
// web app's /learn/GAME/first draws, and `commons learn GAME` in the
// terminal.
//
// A guided game is stateless: a position is named by the lesson it is at
// and, once the lessons are over, by the learner's own moves since
// (Free). Everything else (the other seats' moves, the chance outcomes)
// is the tutorial's script or is drawn from its seed, so the same
// position is rebuilt from those alone, a learner can go back to any
// lesson, and a client never holds what its seat may not see.
package tutorial

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// Learner is the seat the learner plays.
const Learner game.Player = 0

// Guide plays one game's guided first game.
type Guide struct {
	g   game.Game
	t   game.Tutorial
	cfg game.Config
	bot string
}

// New returns the guide of g's first game, or an error if g has none or
// its lessons do not play (a lesson's move illegal where it is asked,
// the learner not to move there).
func New(g game.Game) (*Guide, error) {
	tu, ok := g.(game.Tutor)
	if !ok {
		return nil, fmt.Errorf("%s has no guided first game", g.Info().Name)
	}
	t := tu.Tutorial()
	cfg, err := game.Resolve(g, t.Players, t.Options)
	if err != nil {
		return nil, fmt.Errorf("%s's first game: %v", g.Info().Name, err)
	}
	gd := &Guide{g: g, t: t, cfg: cfg, bot: t.Bot}
	if gd.bot == "" {
		gd.bot = "easy"
	}
	if _, err := bot.New(gd.bot, 1); err != nil {
		return nil, fmt.Errorf("%s's first game: bot %q: %v", g.Info().Name, gd.bot, err)
	}
	if len(t.Lessons) == 0 {
		return nil, fmt.Errorf("%s's first game has no lessons", g.Info().Name)
	}
	// Every lesson must play, so that no learner meets a broken one.
	if _, err := gd.At(len(t.Lessons)); err != nil {
		return nil, err
	}
	return gd, nil
}

// Game returns the game taught.
func (gd *Guide) Game() game.Game { return gd.g }

// Tutorial returns the tutorial's lessons.
func (gd *Guide) Tutorial() game.Tutorial { return gd.t }

// Config returns the table the first game is played at.
func (gd *Guide) Config() game.Config { return gd.cfg }

// Bot returns the spec of the bot that plays once the lessons are over.
func (gd *Guide) Bot() string { return gd.bot }

// Played is one action played by another seat or by chance, as the
// learner saw it.
type Played struct {
	// Seat is the seat that played it, 0 for chance.
	Seat int `json:"seat"`
	// Move is its notation as the learner may see it.
	Move string `json:"move"`
}

// Step is a position of the guided game: the learner to move (or the
// game over).
type Step struct {
	// Lesson is the index of the lesson now asked for; it is
	// len(Tutorial.Lessons) once the lessons are over.
	Lesson int
	// Free are the learner's moves since the lessons ended.
	Free []string
	// State is the position.
	State game.State
	// Played are the others' and chance's actions since the learner's
	// last move (the lesson's Before, or the bot's moves), as the
	// learner may see them.
	Played []Played
	// History is every action from the start, in notation: the game's
	// record. It holds what the learner may not see; it is not for the
	// learner's eyes in a game with hidden information.
	History []string

	// bot plays the other seats once the lessons are over: one bot for
	// the whole game, as at a table, so that its choices depend only on
	// the seed and the moves.
	bot bot.Bot
}

// Asked returns the lesson now asked for, nil once the lessons are over.
func (st *Step) Asked(gd *Guide) *game.Lesson {
	if st.Lesson < len(gd.t.Lessons) {
		return &gd.t.Lessons[st.Lesson]
	}
	return nil
}

// Over reports whether the game has ended.
func (st *Step) Over() bool { return game.IsTerminal(st.State) }

// At returns the position at lesson k (0 is the first), the lessons
// before it played as asked; k = len(Lessons) is the position once the
// lessons are over, the bot having played to the learner's next turn.
func (gd *Guide) At(k int) (*Step, error) {
	return gd.Free(k, nil)
}

// StateAt is the position of g's first game at lesson k (from 0), the
// learner to move, for tests that check what a lesson's words say.
func StateAt(g game.Game, k int) (game.State, error) {
	gd, err := New(g)
	if err != nil {
		return nil, err
	}
	st, err := gd.At(k)
	if err != nil {
		return nil, err
	}
	return st.State, nil
}

// Free returns the position at lesson k, as At does, and, for k =
// len(Lessons), with the learner's moves free played since then and
// the bot's answers to them.
func (gd *Guide) Free(k int, free []string) (*Step, error) {
	n := len(gd.t.Lessons)
	if k < 0 || k > n {
		return nil, fmt.Errorf("no lesson %d: the first game has lessons 1 to %d", k+1, n)
	}
	if k < n && len(free) > 0 {
		return nil, fmt.Errorf("lesson %d is still to play: moves after the lessons come after lesson %d", k+1, n)
	}
	s, err := gd.g.New(gd.cfg)
	if err != nil {
		return nil, err
	}
	st := &Step{State: s}
	if err := gd.before(st, 0); err != nil {
		return nil, err
	}
	for i := 0; i < k; i++ {
		l := gd.t.Lessons[i]
		if err := gd.next(st, l.Move, true); err != nil {
			return nil, fmt.Errorf("%s's lesson %d: the move asked for, %s: %v", gd.g.Info().Name, i+1, l.Move, err)
		}
	}
	for i, m := range free {
		if st.Over() {
			return nil, fmt.Errorf("move %d after the lessons, %s: the game is over", i+1, m)
		}
		if err := gd.next(st, m, false); err != nil {
			return nil, fmt.Errorf("move %d after the lessons: %w", i+1, err)
		}
	}
	return st, nil
}

// next plays the learner's move m and what follows it: the next
// lesson's Before, or the bot's seats and chance once the lessons are
// over.
func (gd *Guide) next(st *Step, m string, scripted bool) error {
	if err := st.apply(m, scripted); err != nil {
		return err
	}
	if st.Lesson == len(gd.t.Lessons) {
		st.Free = append(st.Free, st.History[len(st.History)-1])
	} else {
		st.Lesson++
	}
	if st.Lesson < len(gd.t.Lessons) {
		return gd.before(st, st.Lesson)
	}
	if st.bot == nil {
		b, err := bot.New(gd.bot, gd.t.Seed)
		if err != nil {
			return err
		}
		st.bot = b
	}
	return gd.others(st, st.bot)
}

// before plays lesson i's Before and checks the learner is then to move.
func (gd *Guide) before(st *Step, i int) error {
	st.Played = st.Played[:0]
	for _, m := range gd.t.Lessons[i].Before {
		if st.State.CurrentPlayer() == Learner {
			// Only a move the learner could not have chosen otherwise
			// may be made for them (3io's expand when nothing else is
			// legal): anything else is a lesson's.
			if n := len(st.State.LegalActions(nil)); n != 1 {
				return fmt.Errorf("%s's lesson %d: before it, %s is the learner's, one of %d legal moves: make it a lesson", gd.g.Info().Name, i+1, m, n)
			}
		}
		if err := st.apply(m, true); err != nil {
			return fmt.Errorf("%s's lesson %d: before it, %s: %v", gd.g.Info().Name, i+1, m, err)
		}
	}
	if p := st.State.CurrentPlayer(); p != Learner {
		return fmt.Errorf("%s's lesson %d: after what comes before it, %s is to move, not the learner", gd.g.Info().Name, i+1, p)
	}
	return nil
}

// others plays the bot's seats and chance until the learner is to move
// or the game ends. Chance is drawn from the tutorial's seed and the
// ply, so that a position is the same however it is reached.
func (gd *Guide) others(st *Step, b bot.Bot) error {
	st.Played = st.Played[:0]
	var buf []game.ChanceOutcome
	for {
		p := st.State.CurrentPlayer()
		if p == Learner || p == game.Terminal {
			return nil
		}
		var a game.Action
		if p == game.Chance {
			a = game.SampleChance(st.State, rand.New(rand.NewPCG(gd.t.Seed, uint64(len(st.History)))), buf)
		} else {
			var err error
			if a, err = b.Act(context.Background(), st.State); err != nil {
				return fmt.Errorf("the bot (%s) for %s: %v", gd.bot, p, err)
			}
		}
		if err := st.record(a); err != nil {
			return err
		}
	}
}

// apply plays one action in notation, recording what the learner sees
// of it if it is not the learner's.
func (st *Step) apply(m string, scripted bool) error {
	a, err := st.State.ParseAction(m)
	if err != nil {
		return err
	}
	if !scripted && st.State.CurrentPlayer() != Learner {
		return fmt.Errorf("%s: it is not your move", m)
	}
	return st.record(a)
}

func (st *Step) record(a game.Action) error {
	s := st.State
	p := s.CurrentPlayer()
	text := s.ActionString(a)
	seen := text
	if pn, ok := s.(game.PublicNotationer); ok && p != Learner {
		seen = pn.PublicActionString(a)
	}
	if err := s.Apply(a); err != nil {
		return fmt.Errorf("%s: %v", text, err)
	}
	st.History = append(st.History, text)
	if p != Learner {
		seat := 0
		if p >= 0 {
			seat = p.Seat()
		}
		st.Played = append(st.Played, Played{Seat: seat, Move: seen})
	}
	return nil
}

// Refusal is a move the guide did not play, and why.
type Refusal struct {
	// Move is the move tried.
	Move string
	// Reason is the engine's: why the move is illegal, "" for a legal
	// move that is not the one asked for.
	Reason string
	// Hint is the lesson's: what to play instead, and why.
	Hint string
}

func (r *Refusal) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s is not the move now", r.Move)
	if r.Reason != "" {
		fmt.Fprintf(&b, ": %s", r.Reason)
	}
	if r.Hint != "" {
		fmt.Fprintf(&b, ". %s", r.Hint)
	}
	return b.String()
}

// Play plays the learner's move at the position (lesson k, free), and
// returns the next position: the next lesson, or the bot's answer once
// the lessons are over. A move that is illegal, or that is not the one a
// lesson asks for, is refused with a *Refusal and nothing is played.
func (gd *Guide) Play(k int, free []string, move string) (*Step, error) {
	st, err := gd.Free(k, free)
	if err != nil {
		return nil, err
	}
	return st, gd.Continue(st, move)
}

// Continue plays the learner's move at st, as Play does, changing st;
// after a refusal st is as it was.
func (gd *Guide) Continue(st *Step, move string) error {
	move = strings.TrimSpace(move)
	if st.Over() {
		return &Refusal{Move: move, Reason: "the game is over"}
	}
	a, err := st.State.ParseAction(move)
	if err == nil && !legal(st.State, a) {
		err = errors.New("not legal now")
		// The engine says why, on a copy.
		if e := st.State.Clone().Apply(a); e != nil {
			err = e
		}
	}
	l := st.Asked(gd)
	if err != nil {
		r := &Refusal{Move: move, Reason: err.Error()}
		if l != nil {
			r.Hint = l.Say
		}
		return r
	}
	if l != nil {
		want, err := st.State.ParseAction(l.Move)
		if err != nil {
			return fmt.Errorf("%s's lesson %d: %s: %v", gd.g.Info().Name, st.Lesson+1, l.Move, err)
		}
		if a != want {
			return &Refusal{Move: move, Hint: l.Wrong}
		}
	}
	return gd.next(st, st.State.ActionString(a), false)
}

func legal(s game.State, a game.Action) bool {
	for _, b := range s.LegalActions(nil) {
		if a == b {
			return true
		}
	}
	return false
}
