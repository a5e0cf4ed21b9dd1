package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

const clearScreen = "\033[H\033[2J"

// seatSpecs maps 1-based seats to "human" or a bot spec.
type seatSpecs map[int]string

// parseSeats reads --seat K=WHO flags; K is a seat number or "all".
func parseSeats(flags []string, players int) (seatSpecs, error) {
	seats := seatSpecs{1: "human"}
	for n := 2; n <= players; n++ {
		seats[n] = "random"
	}
	for _, f := range flags {
		k, who, ok := strings.Cut(f, "=")
		if !ok || who == "" {
			return nil, fmt.Errorf("--seat %q: want SEAT=human or SEAT=BOT, e.g. 2=random", f)
		}
		if k == "all" {
			for n := 1; n <= players; n++ {
				seats[n] = who
			}
			continue
		}
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > players {
			return nil, fmt.Errorf("--seat %q: seat %q is not a number from 1 to %d or all", f, k, players)
		}
		seats[n] = who
	}
	return seats, nil
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("play", "play GAME [--players N] [--seat K=human|BOT]... [--seed S] [--option key=value]... [--save FILE]", stderr)
	var gf gameFlags
	gf.register(fs)
	var seatFlags listFlag
	fs.Var(&seatFlags, "seat", "who plays seat K: human or a bot spec such as random or mcts:time=1s; K=all sets every seat (repeatable; default: seat 1 human, the rest random)")
	save := fs.String("save", "", "write the complete game record to `FILE` when the game ends or you quit")
	g, cfg, err := gf.parse(fs, args)
	if err != nil {
		return err
	}
	seats, err := parseSeats(seatFlags, cfg.Players)
	if err != nil {
		return err
	}
	seed := gf.seed.get()
	m := &terminalMatch{
		g: g, cfg: cfg, seed: seed,
		in: bufio.NewScanner(stdin), out: stdout,
		bots: map[game.Player]bot.Bot{},
	}
	for n := 1; n <= cfg.Players; n++ {
		p := game.PlayerOfSeat(n)
		if seats[n] == "human" {
			m.humans = append(m.humans, p)
			continue
		}
		b, err := newBot(seats[n], seed+uint64(n)*0x9e3779b97f4a7c15)
		if err != nil {
			return fmt.Errorf("seat %d: %v", n, err)
		}
		m.bots[p] = b
	}
	playErr := m.play()
	if *save != "" && m.rec != nil {
		if err := os.WriteFile(*save, m.rec.Marshal(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "record saved to %s\n", *save)
	}
	return playErr
}

// terminalMatch is one game of commons play.
type terminalMatch struct {
	g      game.Game
	cfg    game.Config
	seed   uint64
	in     *bufio.Scanner
	out    io.Writer
	humans []game.Player
	bots   map[game.Player]bot.Bot
	rec    *record.Record
}

// hidden reports whether the game has information some seat may not see.
func (m *terminalMatch) hidden() bool { return m.g.Info().HiddenInformation }

// hotSeat reports whether several people share one screen in a game with
// hidden information, so each must look only at its own turn.
func (m *terminalMatch) hotSeat() bool { return m.hidden() && len(m.humans) > 1 }

// viewer is whose eyes the screen shows between turns.
func (m *terminalMatch) viewer() game.Player {
	if len(m.humans) == 1 {
		return m.humans[0]
	}
	return game.Spectator
}

func (m *terminalMatch) play() error {
	s, err := m.g.New(m.cfg)
	if err != nil {
		return err
	}
	info := m.g.Info()
	m.rec = record.New(info.Name, m.cfg.Players, m.cfg.Options, &m.seed)
	rng := game.NewRand(m.seed)
	ctx := context.Background()
	fmt.Fprintf(m.out, "%s, %d players, seed %d\n", info.Title, m.cfg.Players, m.seed)
	for !game.IsTerminal(s) {
		p := s.CurrentPlayer()
		var a game.Action
		switch {
		case p == game.Chance:
			a = game.SampleChance(s, rng, nil)
		case m.bots[p] != nil:
			a, err = m.bots[p].Act(ctx, s)
			if err != nil {
				return fmt.Errorf("seat %d's bot: %v", p.Seat(), err)
			}
		default:
			var quit bool
			a, quit, err = m.askHuman(s, p)
			if err != nil || quit {
				return err
			}
			if m.hotSeat() {
				// The next person must not see this one's hand.
				fmt.Fprint(m.out, clearScreen)
			}
		}
		m.announce(s, p, a)
		if !m.hidden() {
			for _, b := range m.bots {
				if o, ok := b.(bot.Observer); ok {
					o.Observe(s, a)
				}
			}
		}
		note := record.Notation(s, a)
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%v: %q: %v", p, note, err)
		}
		m.rec.Moves = append(m.rec.Moves, note)
	}
	if m.hotSeat() {
		fmt.Fprint(m.out, clearScreen)
	}
	fmt.Fprintf(m.out, "\n%s\nGame over after %d moves.\n", s.Render(m.viewer()), len(m.rec.Moves))
	ret := s.Returns(nil)
	var scores []float64
	if sc, ok := s.(game.Scorer); ok {
		scores = sc.Scores(nil)
	}
	for i, r := range ret {
		fmt.Fprintf(m.out, "  seat %d (%s): return %g", i+1, m.who(game.Player(i)), r)
		if scores != nil {
			fmt.Fprintf(m.out, ", score %g", scores[i])
		}
		fmt.Fprintln(m.out)
	}
	return nil
}

func (m *terminalMatch) who(p game.Player) string {
	if m.bots[p] != nil {
		return "bot"
	}
	return "human"
}

// announce tells the table what was played. In games with hidden
// information a person at the table sees only the move's effect in the
// public view, as a chance outcome or another seat's pass may be secret.
func (m *terminalMatch) announce(s game.State, p game.Player, a game.Action) {
	switch {
	case len(m.humans) == 0:
		fmt.Fprintf(m.out, "%d. %v: %s\n", len(m.rec.Moves)+1, p, record.Notation(s, a))
	case p == game.Chance:
		if !m.hidden() {
			fmt.Fprintf(m.out, "chance: %s\n", s.ActionString(a))
		}
	case m.hidden():
		fmt.Fprintf(m.out, "%v has moved.\n", p)
	default:
		fmt.Fprintf(m.out, "%v: %s\n", p, s.ActionString(a))
	}
}

// askHuman reads a move for seat p until one is legal. quit is true when
// the person quits or the input ends.
func (m *terminalMatch) askHuman(s game.State, p game.Player) (a game.Action, quit bool, err error) {
	if m.hotSeat() {
		fmt.Fprint(m.out, clearScreen)
		fmt.Fprintf(m.out, "%s\nPass the device to seat %d, then press Enter.\n", s.Render(game.Spectator), p.Seat())
		if !m.in.Scan() {
			return 0, true, m.inputEnded()
		}
		fmt.Fprint(m.out, clearScreen)
	}
	fmt.Fprintf(m.out, "\n%s\n", s.Render(p))
	for {
		fmt.Fprintf(m.out, "seat %d> ", p.Seat())
		if !m.in.Scan() {
			return 0, true, m.inputEnded()
		}
		line := strings.TrimSpace(m.in.Text())
		switch line {
		case "":
			continue
		case "?", "moves":
			fmt.Fprintf(m.out, "legal moves: %s\n", strings.Join(legalNotationPlain(s), "  "))
			continue
		case "board":
			fmt.Fprintf(m.out, "%s\n", s.Render(p))
			continue
		case "help":
			fmt.Fprintln(m.out, "Type a move in the game's notation (see docs/rules), ? for the legal moves, board to draw the board again, quit to stop.")
			continue
		case "quit":
			fmt.Fprintln(m.out, "You left the game.")
			return 0, true, nil
		}
		a, err := s.ParseAction(line)
		if err != nil {
			fmt.Fprintf(m.out, "%q is not a move: %v (type ? for the legal moves)\n", line, err)
			continue
		}
		if !isLegal(s, a) {
			// Apply on a clone says why, and the real state stays as it is.
			why := s.Clone().Apply(a)
			if why == nil {
				why = fmt.Errorf("not legal now")
			}
			fmt.Fprintf(m.out, "%q is not legal: %v (type ? for the legal moves)\n", line, why)
			continue
		}
		return a, false, nil
	}
}

func (m *terminalMatch) inputEnded() error {
	if err := m.in.Err(); err != nil {
		return err
	}
	return fmt.Errorf("input ended before the game did")
}

func legalNotationPlain(s game.State) []string {
	var out []string
	for _, a := range s.LegalActions(nil) {
		out = append(out, s.ActionString(a))
	}
	return out
}

func isLegal(s game.State, a game.Action) bool {
	for _, l := range s.LegalActions(nil) {
		if l == a {
			return true
		}
	}
	return false
}
