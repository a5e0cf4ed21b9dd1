package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/match"
	"github.com/commons-games/commons/record"
)

const clearScreen = "\033[H\033[2J"

// thinkingAfter is how long a bot may think before the table is told it
// is thinking; a variable so that tests need not wait.
var thinkingAfter = 400 * time.Millisecond

// seatSpecs maps 1-based seats to "human" or a bot spec.
type seatSpecs map[int]string

// parseSeats reads --seat K=WHO flags; K is a seat number or "all".
func parseSeats(flags []string, players int) (seatSpecs, error) {
	seats := seatSpecs{1: "human"}
	for n := 2; n <= players; n++ {
		seats[n] = "medium"
	}
	for _, f := range flags {
		k, who, ok := strings.Cut(f, "=")
		who = strings.TrimSpace(who)
		if !ok || who == "" {
			return nil, usagef("--seat %q: want SEAT=human or SEAT=BOT, e.g. --seat 2=random or --seat all=human", f)
		}
		if strings.EqualFold(who, "human") {
			who = "human"
		}
		if k == "all" {
			for n := 1; n <= players; n++ {
				seats[n] = who
			}
			continue
		}
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > players {
			return nil, usagef("--seat %q: seat %q is not a number from 1 to %d or all", f, k, players)
		}
		seats[n] = who
	}
	return seats, nil
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("play", "play GAME [--players N] [--seat K=human|BOT]... [--seed S] [--option key=value]... [--save FILE] [--ask-forced]\n"+
		"       commons play --resume FILE [--seat K=human|BOT]... [--save FILE] [--ask-forced]", stderr)
	var gf gameFlags
	gf.register(fs, "default: a random one, shown at the start and written in the record")
	var seatFlags listFlag
	fs.Var(&seatFlags, "seat", "who plays seat `K=WHO`: WHO is human, a bot level (easy, medium or hard), a game's scripted player (script:NAME; commons games lists them) or a bot spec such as random or mcts:time=1s; K=all sets every seat (repeatable; default: seat 1 human, the rest the medium bot)")
	save := fs.String("save", "", "write the complete game record to `FILE` when the game ends, you quit, the input ends or you press Ctrl-C (with --resume the default is the resumed file)")
	resume := fs.String("resume", "", "go on with the game in the record `FILE` (as --save writes it): every move is checked and replayed, then play continues where it stopped; the game, players, options and seed are the record's, the seats the --seat flags'")
	askForced := fs.Bool("ask-forced", false, "ask for a move even when it is the only legal one (by default such a move is played for you, and the log says forced:)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	m := &terminalMatch{
		in: bufio.NewScanner(stdin), out: stdout, askForced: *askForced,
		bots: map[game.Player]bot.Bot{}, specs: map[game.Player]string{},
	}
	saveBack := false // --save is the resumed file, by default
	if *resume == "" {
		if m.g, m.cfg, err = playGame(&gf, pos); err != nil {
			return err
		}
		m.seed = gf.seed.get()
	} else {
		if err := m.resume(*resume, fs, &gf, pos); err != nil {
			return err
		}
		if *save == "" {
			// Quit, resume, quit again: the one file keeps the game.
			*save, saveBack = *resume, true
		}
	}
	seats, err := parseSeats(seatFlags, m.cfg.Players)
	if err != nil {
		return err
	}
	for n := 1; n <= m.cfg.Players; n++ {
		p := game.PlayerOfSeat(n)
		if seats[n] == "human" {
			m.humans = append(m.humans, p)
			continue
		}
		b, err := newBot(seats[n], m.seed+uint64(n)*0x9e3779b97f4a7c15)
		if sp, perr := bot.ParseSpec(seats[n]); err == nil && perr == nil {
			// newBot made the bot; a script it names must be the game's.
			err = bot.CheckFor(sp, m.g.Info())
		}
		if err != nil {
			return usagef("--seat %d=%s: %s", n, seats[n], botSpecError(seats[n], err))
		}
		m.bots[p], m.specs[p] = b, seats[n]
	}
	if *save != "" {
		// Find out now, not after an hour's game, that the file cannot be
		// written. O_APPEND leaves an existing file as it is until the end.
		f, err := os.OpenFile(*save, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		switch {
		case err != nil && saveBack:
			return fmt.Errorf("--resume %s: the game could not be saved back there: %w (--save FILE saves it elsewhere)", *resume, err)
		case err != nil:
			return fmt.Errorf("--save: %w", err)
		}
		f.Close()
		sigs := make(chan os.Signal, 1)
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
		defer signal.Stop(sigs)
		m.saveOnInterrupt(sigs, *save)
	}
	m.resumed, m.saveTo = *resume, *save
	playErr := m.play()
	m.mu.Lock()
	defer m.mu.Unlock()
	if *save != "" && m.rec != nil {
		// A tile or card table's path is written relative to the record's
		// folder, where commons replay reads it from.
		if err := m.rec.WriteFile(*save); err != nil {
			// Do not lose the game: print the record instead.
			fmt.Fprintf(stdout, "could not save the record (%v); here it is:\n%s", err, m.rec.Marshal())
			return err
		}
		fmt.Fprintf(stdout, "record saved to %s\n", *save)
	}
	return playErr
}

// playGame resolves the one argument of a new game, GAME, with its flags
// (gameFlags.parse, for flags that are parsed already).
func playGame(gf *gameFlags, pos []string) (game.Game, game.Config, error) {
	switch len(pos) {
	case 0:
		return nil, game.Config{}, usagef("name a game: %s (commons games describes them), or --resume FILE to go on with a saved one", strings.Join(gameNames(), ", "))
	case 1:
	default:
		return nil, game.Config{}, usagef("unexpected argument %q after the game %q (flags start with --)", pos[1], pos[0])
	}
	return gf.resolve(pos[0])
}

// resume sets m up to go on with the game of the record in path: the
// game and its configuration, the state the record's moves replay to, the
// record so far and the seed. A record that does not replay, or whose
// game is over, is refused before anything is played or written.
func (m *terminalMatch) resume(path string, fs *flag.FlagSet, gf *gameFlags, pos []string) error {
	if len(pos) > 0 {
		return usagef("unexpected argument %q: with --resume the record names the game", pos[0])
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, name := range []string{"players", "option"} {
		if given[name] {
			return usagef("--%s with --resume: the game goes on with the record's players and options; leave --%s out", name, name)
		}
	}
	rec, err := record.ReadFile(path)
	var pe *iofs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the file is named in front of the error
	}
	if err != nil {
		return fmt.Errorf("--resume %s: %w", path, err)
	}
	// Replaying, record.Play goes on drawing chance outcomes from the
	// seed once the entries are used up, from the seed's first draws. A
	// game saved at a chance node (Ctrl-C while a bot thinks) goes on
	// from that node instead, so that its outcomes are drawn as play
	// draws them (see play): the state before the first such draw is
	// kept, and the record cut there.
	var (
		entries int        // entries of rec.Moves played so far
		cut     game.State // the state before the trailing draws
		cutAt   int
	)
	rep, err := record.Play(rec, record.Options{Trace: func(st record.Step) {
		if cut == nil && st.FromSeed && entries == len(rec.Moves) {
			cut, cutAt = st.State.Clone(), st.Index
		}
		if !st.FromSeed {
			entries++
		}
	}})
	if err != nil {
		return fmt.Errorf("--resume %s: %w; the file is left as it is", path, err)
	}
	switch {
	case rep.End != nil:
		return fmt.Errorf("--resume %s: the game ended by %s after %d moves: there is nothing to go on with (commons replay --words %s shows it)", path, rep.End.Reason, len(rep.Complete.Moves), path)
	case cut == nil && game.IsTerminal(rep.State):
		return fmt.Errorf("--resume %s: the game is over after %d moves: there is nothing to go on with (commons replay --words %s shows it)", path, len(rep.Complete.Moves), path)
	}
	m.start = rep.State
	if cut != nil {
		m.start = cut
		rep.Complete.Moves = rep.Complete.Moves[:cutAt]
	}
	switch {
	case rec.Seed != nil && given["seed"]:
		return usagef("--seed with --resume: the record's seed, %d, decides the chance outcomes to come; leave --seed out", *rec.Seed)
	case rec.Seed != nil:
		m.seed = *rec.Seed
	default:
		// Every chance outcome so far is written out; the ones to come
		// need a seed, which the record keeps from now on.
		m.seed = gf.seed.get()
		rep.Complete.Seed = &m.seed
	}
	m.g, _ = game.Lookup(rec.Game) // record.Play found it
	m.cfg = m.start.Config()
	// The complete record, every chance outcome written out as commons
	// play writes them, so that the saved game replays without the seed's
	// help and its moves go on from there.
	m.rec = rep.Complete
	return nil
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
	specs  map[game.Player]string // each bot's spec, to name it
	// start is the state a resumed game goes on from (its record so far
	// in rec); nil for a new game.
	start game.State
	// askForced asks a person for a move that is the only legal one,
	// which is otherwise played for them (forcedMove).
	askForced bool
	// resumed is the record file a resumed game came from, and saveTo
	// where the game is saved ("" for nowhere), for the start to say.
	resumed, saveTo string
	// mu guards rec, which an interrupt saves from another goroutine.
	mu  sync.Mutex
	rec *record.Record
}

// exit ends the process after an interrupt; tests replace it.
var exit = os.Exit

// saveOnInterrupt writes the record so far to path when a signal comes,
// and exits: a person who stops a game with Ctrl-C instead of quit keeps
// it, although the prompt's read cannot be interrupted.
func (m *terminalMatch) saveOnInterrupt(sigs <-chan os.Signal, path string) {
	go func() {
		if _, ok := <-sigs; !ok {
			return
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.rec == nil {
			exit(130)
			return
		}
		if err := m.rec.WriteFile(path); err != nil {
			fmt.Fprintf(m.out, "\ninterrupted; could not save the record: %v\n", err)
		} else {
			fmt.Fprintf(m.out, "\ninterrupted; record saved to %s\n", path)
		}
		exit(130)
	}()
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
	info := m.g.Info()
	s := m.start
	rng := game.NewRand(m.seed)
	if s == nil {
		var err error
		if s, err = m.g.New(m.cfg); err != nil {
			return err
		}
		m.mu.Lock()
		m.rec = record.New(info.Name, m.cfg.Players, m.cfg.Options, &m.seed)
		m.mu.Unlock()
	} else {
		// Draw on from where the game stopped: commons play draws every
		// chance outcome from the seed's generator, one draw each
		// (game.SampleOutcome), so a game saved and resumed draws what it
		// would have drawn had it not stopped.
		for _, mv := range m.rec.Moves {
			if record.IsChance(mv) {
				rng.Float64()
			}
		}
	}
	ctx := context.Background()
	fmt.Fprintf(m.out, "%s, %d players, seed %d\n", info.Title, m.cfg.Players, m.seed)
	if m.resumed != "" {
		fmt.Fprintf(m.out, "Resumed from %s after %d moves; saved to %s when the game ends or you quit.\n", m.resumed, len(m.rec.Moves), m.saveTo)
	}
	if len(m.humans) > 0 {
		fmt.Fprintln(m.out, m.seating())
		fmt.Fprintln(m.out, "At your turn type a move, ? for the legal moves, or help.")
	}
	seats := make([]bot.Bot, m.cfg.Players)
	for p := range seats {
		if b := m.bots[game.Player(p)]; b != nil {
			seats[p] = &tableBot{m: m, Bot: b}
		} else {
			seats[p] = person{m}
		}
	}
	err := match.Play(ctx, s, match.Fixed(seats), match.Options{Rand: rng, OnStep: func(st match.Step) {
		m.announce(st.State, st.Player, st.Action)
		note := record.Notation(st.State, st.Action)
		m.mu.Lock()
		m.rec.Moves = append(m.rec.Moves, note)
		m.mu.Unlock()
	}})
	if errors.Is(err, errQuit) {
		return nil
	}
	if err != nil {
		return err
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
		fmt.Fprintf(m.out, "  seat %d (%s): %s", i+1, m.who(game.Player(i)), outcome(r))
		if scores != nil {
			fmt.Fprintf(m.out, ", score %g", scores[i])
		}
		fmt.Fprintln(m.out)
	}
	return nil
}

// seating says who plays which seat.
func (m *terminalMatch) seating() string {
	var parts []string
	for n := 1; n <= m.cfg.Players; n++ {
		parts = append(parts, fmt.Sprintf("%d %s", n, m.who(game.PlayerOfSeat(n))))
	}
	return "Seats: " + strings.Join(parts, ", ") + "."
}

// outcome words a seat's return: 1 a win, 0 a loss, a share otherwise.
func outcome(r float64) string {
	switch r {
	case 1:
		return "won"
	case 0:
		return "lost"
	}
	return fmt.Sprintf("shared the result (return %g)", r)
}

func (m *terminalMatch) who(p game.Player) string {
	switch {
	case m.bots[p] != nil:
		return m.specs[p]
	case len(m.humans) == 1:
		return "you"
	}
	return "human"
}

// errQuit is a person's leaving the game (quit, or the input ending).
var errQuit = errors.New("left the game")

// person plays a seat at the terminal's prompt.
type person struct{ m *terminalMatch }

func (h person) Act(ctx context.Context, s game.State) (game.Action, error) {
	if a, ok := h.m.forcedMove(s); ok {
		// announce says it was forced. No "pass the device" either: the
		// person has nothing to look at or choose.
		return a, nil
	}
	a, quit, err := h.m.askHuman(s, s.CurrentPlayer())
	switch {
	case err != nil:
		return 0, err
	case quit:
		return 0, errQuit
	}
	if h.m.hotSeat() {
		// The next person must not see this one's hand.
		fmt.Fprint(h.m.out, clearScreen)
	}
	return a, nil
}

// tableBot is a seat's bot at a table of people, who are told when it
// takes a while (botAct); it passes the game's moves on to the bot when
// it keeps a tree (bot.Observer).
type tableBot struct {
	bot.Bot
	m *terminalMatch
}

func (b *tableBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	p := s.CurrentPlayer()
	a, err := b.m.botAct(ctx, s, p)
	if err != nil {
		return 0, fmt.Errorf("its bot (%s): %w", b.m.specs[p], err)
	}
	return a, nil
}

func (b *tableBot) Observe(s game.State, a game.Action) {
	if o, ok := b.Bot.(bot.Observer); ok {
		o.Observe(s, a)
	}
}

// botAct asks seat p's bot for its move. When people are at the table and
// the bot takes a while, it says so, so that a silent terminal does not
// look stuck.
func (m *terminalMatch) botAct(ctx context.Context, s game.State, p game.Player) (game.Action, error) {
	b := m.bots[p]
	if len(m.humans) == 0 {
		return b.Act(ctx, s)
	}
	done, told := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(told)
		t := time.NewTimer(thinkingAfter)
		defer t.Stop()
		select {
		case <-t.C:
			fmt.Fprintf(m.out, "seat %d (%s) is thinking...\n", p.Seat(), m.specs[p])
		case <-done:
		}
	}()
	a, err := b.Act(ctx, s)
	close(done)
	<-told
	return a, err
}

// forcedMove returns the move of the person to move at s when it is the
// only legal one, unless they asked to be asked (--ask-forced): a
// decision without a choice is only a keystroke to wait for.
func (m *terminalMatch) forcedMove(s game.State) (game.Action, bool) {
	if m.askForced {
		return 0, false
	}
	var buf [2]game.Action
	legal := s.LegalActions(buf[:0])
	if len(legal) != 1 {
		return 0, false
	}
	return legal[0], true
}

// announce tells the table what was played. In games with hidden
// information a person sees another seat's move only as far as it is
// public (a pass, but not the card passed), and no chance outcome, as a
// card drawn may be secret.
func (m *terminalMatch) announce(s game.State, p game.Player, a game.Action) {
	// A person's move played for them says so, or they would wonder
	// where their turn went.
	forced, only := "", ""
	if slices.Contains(m.humans, p) {
		if _, ok := m.forcedMove(s); ok {
			forced, only = "forced: ", " (the only legal move)"
		}
	}
	switch {
	case len(m.humans) == 0:
		fmt.Fprintf(m.out, "%d. %v: %s\n", len(m.rec.Moves)+1, p, record.Notation(s, a))
	case p == game.Chance:
		if !m.hidden() {
			fmt.Fprintf(m.out, "chance: %s\n", s.ActionString(a))
		}
	case !m.hidden() || !m.hotSeat() && p == m.viewer():
		fmt.Fprintf(m.out, "%s%v: %s%s\n", forced, p, s.ActionString(a), only)
	default:
		if pn, ok := s.(game.PublicNotationer); ok {
			fmt.Fprintf(m.out, "%s%v: %s%s\n", forced, p, pn.PublicActionString(a), only)
		} else {
			fmt.Fprintf(m.out, "%s%v has moved.\n", forced, p)
		}
	}
}

// askHuman reads a move for seat p until one is legal. quit is true when
// the person quits or the input ends.
func (m *terminalMatch) askHuman(s game.State, p game.Player) (a game.Action, quit bool, err error) {
	if m.hotSeat() {
		fmt.Fprint(m.out, clearScreen)
		fmt.Fprintf(m.out, "%s\nPass the device to seat %d, then press Enter.\n", s.Render(game.Spectator), p.Seat())
		for {
			if !m.in.Scan() {
				return 0, true, m.inputEnded()
			}
			// A move typed here would be lost: say so rather than
			// swallow it.
			if strings.TrimSpace(m.in.Text()) == "" {
				break
			}
			fmt.Fprintf(m.out, "That was not a move: seat %d's turn starts when seat %d presses Enter with nothing typed.\n", p.Seat(), p.Seat())
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
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "":
			continue
		case "?", "moves":
			writeMoves(m.out, legalNotationPlain(s), arg)
			continue
		case "board":
			fmt.Fprintf(m.out, "%s\n", s.Render(p))
			continue
		case "help":
			m.help(s)
			continue
		case "quit", "exit":
			fmt.Fprintln(m.out, "You left the game.")
			return 0, true, nil
		}
		if strings.HasPrefix(line, "?") {
			// "?place" as "? place".
			writeMoves(m.out, legalNotationPlain(s), line[1:])
			continue
		}
		a, err := s.ParseAction(line)
		if err != nil {
			fmt.Fprintf(m.out, "%s (? lists the legal moves)\n", m.refusal(line, "is not a move", err))
			continue
		}
		if !isLegal(s, a) {
			// Apply on a clone says why, and the real state stays as it is.
			why := s.Clone().Apply(a)
			if why == nil {
				why = fmt.Errorf("not legal now")
			}
			fmt.Fprintf(m.out, "%s (? lists the legal moves)\n", m.refusal(line, "is not legal", why))
			continue
		}
		return a, false, nil
	}
}

// refusal says why a typed line is refused, without the game's name in
// front and without quoting the line twice when the reason already does.
func (m *terminalMatch) refusal(line, what string, err error) string {
	msg := strings.TrimPrefix(err.Error(), m.g.Info().Name+": ")
	if strings.Contains(strings.ToLower(msg), strings.ToLower(line)) {
		return strings.TrimPrefix(what, "is ") + ": " + msg
	}
	return fmt.Sprintf("%q %s: %s", line, what, msg)
}

// help explains the prompt, with a legal move as the example.
func (m *terminalMatch) help(s game.State) {
	doc := m.g.Info().Doc
	if doc == "" {
		doc = "the game's rules document"
	}
	example := ""
	if moves := legalNotationPlain(s); len(moves) > 0 {
		example = fmt.Sprintf(", such as %s", moves[len(moves)/2])
	}
	fmt.Fprintf(m.out, `Type a move in the notation of %s%s. Or:
  ?         list the legal moves (grouped by kind when there are many)
  ? TEXT    only those that start with TEXT or have a word that does: ? play, ? c3
  board     draw the board again
  quit      leave the game (with --save the record so far is written)
`, doc, example)
	if !m.askForced {
		fmt.Fprintln(m.out, `A move that is the only legal one is played for you ("forced:" in the log;
commons play --ask-forced asks for it instead).`)
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
