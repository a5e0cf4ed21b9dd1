package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
)

// slowBot plays its first legal move after a pause.
type slowBot struct{ pause time.Duration }

func (b slowBot) Act(ctx context.Context, s game.State) (game.Action, error) {
	time.Sleep(b.pause)
	return s.LegalActions(nil)[0], nil
}

// withSlowBot makes the spec "slow" a bot that thinks 30 ms a move, and
// the table hear about a bot thinking after 1 ms.
func withSlowBot(t *testing.T) {
	oldNew, oldAfter := newBot, thinkingAfter
	newBot = func(spec string, seed uint64) (bot.Bot, error) {
		if spec == "slow" {
			return slowBot{30 * time.Millisecond}, nil
		}
		return bot.New(spec, seed)
	}
	thinkingAfter = time.Millisecond
	t.Cleanup(func() { newBot, thinkingAfter = oldNew, oldAfter })
}

// A bot that takes a while says so when people are at the table, and not
// in a bot-only game, whose log must stay the same from run to run.
func TestPlaySaysBotIsThinking(t *testing.T) {
	withSlowBot(t)
	_, out, _ := commons(t, strings.Repeat("take1\n", 10), "play", "countdown", "--option", "start=fixed", "--seat", "2=slow", "--seed", "1")
	if !strings.Contains(out, "seat 2 (slow) is thinking...\nseat 2: take1\n") {
		t.Fatalf("no thinking notice before seat 2's move:\n%s", out)
	}
	_, out, _ = commons(t, "", "play", "countdown", "--seat", "all=slow", "--seed", "1")
	if strings.Contains(out, "thinking") {
		t.Fatalf("a bot-only game tells nobody that bots think:\n%s", out)
	}
}

// The end names every seat's player and says who won, in words.
func TestPlayEndSaysWhoWon(t *testing.T) {
	code, out, _ := commons(t, "", "play", "countdown", "--seat", "1=random", "--seat", "2=greedy", "--seed", "3")
	if code != 0 {
		t.Fatal(out)
	}
	re := regexp.MustCompile(`seat 1 \(random\): (won|lost)\n  seat 2 \(greedy\): (won|lost)\n`)
	m := re.FindStringSubmatch(out)
	if m == nil || m[1] == m[2] {
		t.Fatalf("results:\n%s", out)
	}
	if got := outcome(0.5); got != "shared the result (return 0.5)" {
		t.Errorf("outcome(0.5) = %q", got)
	}
	// With a person at the table the start says who plays what and how to
	// get help.
	_, out, _ = commons(t, "quit\n", "play", "countdown", "--seat", "2=greedy")
	if !strings.Contains(out, "Seats: 1 you, 2 greedy.\nAt your turn type a move, ? for the legal moves, or help.\n") {
		t.Fatalf("start:\n%s", out)
	}
}

// A refused line is explained once: without the game's name in front and
// without quoting the line twice.
func TestPromptRefusal(t *testing.T) {
	m := &terminalMatch{g: mustGame(t, "countdown")}
	for _, tc := range []struct {
		line, what string
		err        error
		want       string
	}{
		{"fly", "is not a move", errors.New(`"fly" is not a countdown move here`), `not a move: "fly" is not a countdown move here`},
		{"zz", "is not a move", errors.New(`countdown: cannot read "zz": want take1 or take2`), `not a move: cannot read "zz": want take1 or take2`},
		{"take2", "is not legal", errors.New("take2 is not legal now"), "not legal: take2 is not legal now"},
		{"TAKE2", "is not legal", errors.New("take2 is not legal now"), "not legal: take2 is not legal now"},
		{"e5", "is not legal", errors.New("countdown: no such point"), `"e5" is not legal: no such point`},
	} {
		if got := m.refusal(tc.line, tc.what, tc.err); got != tc.want {
			t.Errorf("refusal(%q, %q) = %q, want %q", tc.line, tc.err, got, tc.want)
		}
	}
	// At the prompt, with the pointer to ?.
	_, out, _ := commons(t, "fly\nquit\n", "play", "countdown")
	if !strings.Contains(out, `not a move: "fly" is not a countdown move here (? lists the legal moves)`) {
		t.Fatalf("output:\n%s", out)
	}
}

func mustGame(t *testing.T, name string) game.Game {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ? with a filter, ?TEXT without a space, and help, at a real prompt.
func TestPromptListsAndHelps(t *testing.T) {
	_, out, _ := commons(t, "? take2\n?TAKE1\n? fly\nhelp\nquit\n", "play", "countdown", "--option", "start=fixed")
	for _, want := range []string{
		"seat 1> legal moves: take2\n",
		"seat 1> legal moves: take1\n",
		`seat 1> no legal move matches "fly"`,
		"seat 1> Type a move in the notation of the game's rules document, such as take2. Or:\n  ?  ",
		"? TEXT",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// A game with many moves lists them by kind: 3io's first play (seed 3
	// draws a Planet from the default box, beside the Dust dealt), after
	// the expand that is the turn's only move, played for the person.
	_, out, _ = commons(t, "?\n? c3\nquit\n", "play", "3io", "--seed", "3", "--seat", "2=random")
	for _, want := range []string{"144 legal moves:\n  play Dust    a1  a1 crew  b1", "\n  play Planet  a1  a1 crew  b1", "legal moves: play Dust c3  play Dust c3 crew  play Planet c3"} {
		if !strings.Contains(out, want) {
			t.Errorf("3io: lacks %q:\n%s", want, out)
		}
	}
}

// In a hot-seat game a line typed at the "pass the device" prompt is not
// swallowed silently: it is refused, and the turn starts only on an empty
// Enter.
func TestHotSeatPassPromptWantsEnter(t *testing.T) {
	input := "pass spam\n" + "\n" + "quit\n"
	_, out, _ := commons(t, input, "play", "breaking-head", "--players", "3", "--seat", "all=human", "--seed", "2")
	refused := strings.Index(out, "That was not a move: seat ")
	private := strings.Index(out, "You are seat")
	if refused < 0 || private < refused {
		t.Fatalf("refusal at %d, private view at %d:\n%s", refused, private, out)
	}
}

// With one person among bots in a game of hidden information, the others'
// moves are announced as far as they are public (a card placed in full,
// a pass as just "pass"), not as a bare "has moved".
func TestPlayAnnouncesPublicMoves(t *testing.T) {
	// Seat 2 is the person; seats 1 and 3 are random bots, and with seed
	// 1 they move before seat 2 does.
	_, out, _ := commons(t, "quit\n", "play", "breaking-head", "--players", "3", "--seat", "1=random", "--seat", "2=human", "--seat", "3=random", "--seed", "1")
	if strings.Contains(out, "has moved") {
		t.Fatalf("a bare \"has moved\":\n%s", out)
	}
	moves := regexp.MustCompile(`(?m)^seat [13]: (place \S+|pass|block seat \d \w+|unblock .*|peek \S+|spam \S+)$`).FindAllString(out, -1)
	if len(moves) == 0 {
		t.Fatalf("no public move announced:\n%s", out)
	}
	if regexp.MustCompile(`(?m)^seat [13]: pass \S`).MatchString(out) {
		t.Fatalf("a bot's pass shows the card passed:\n%s", out)
	}
}

// announce shows a person another seat's pass as "pass", never the card,
// and the person's own pass in full.
func TestAnnouncePassHidesCard(t *testing.T) {
	g := mustGame(t, "breaking-head")
	cfg, err := game.Resolve(g, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	m := &terminalMatch{g: g, cfg: cfg, out: &out, humans: []game.Player{0}, bots: map[game.Player]bot.Bot{}}
	rng := game.NewRand(1)
	seen := map[game.Player]bool{}
	for !game.IsTerminal(s) && !(seen[0] && seen[1]) {
		p := s.CurrentPlayer()
		var a game.Action
		if p == game.Chance {
			a = game.SampleChance(s, rng, nil)
		} else {
			// A pass if there is one, to see how it is announced.
			legal := s.LegalActions(nil)
			a = legal[rng.IntN(len(legal))]
			for _, l := range legal {
				if strings.HasPrefix(s.ActionString(l), "pass ") && !seen[min(p, 1)] {
					a = l
				}
			}
			if note := s.ActionString(a); strings.HasPrefix(note, "pass ") {
				out.Reset()
				m.announce(s, p, a)
				want := p.String() + ": pass\n"
				if p == 0 {
					want = p.String() + ": " + note + "\n"
				}
				if out.String() != want {
					t.Fatalf("%v passes %s: announced %q, want %q", p, note, out.String(), want)
				}
				seen[min(p, 1)] = true
			}
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if !seen[0] || !seen[1] {
		t.Fatalf("no pass by the person and by another seat: %v", seen)
	}
}

// Ctrl-C during a game with --save writes the record so far before the
// process ends, as quit does.
func TestInterruptSavesRecord(t *testing.T) {
	codes := make(chan int, 1)
	old := exit
	exit = func(code int) { codes <- code }
	t.Cleanup(func() { exit = old })
	path := filepath.Join(t.TempDir(), "g.json")
	seed := uint64(4)
	var out strings.Builder
	m := &terminalMatch{out: &out, rec: record.New("countdown", 2, nil, &seed)}
	m.rec.Moves = []string{"*6", "take1"}
	sigs := make(chan os.Signal, 1)
	m.saveOnInterrupt(sigs, path)
	sigs <- os.Interrupt
	if code := <-codes; code != 130 {
		t.Errorf("exit %d, want 130", code)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil || len(r.Moves) != 2 || *r.Seed != 4 {
		t.Fatalf("saved %s (%v)", data, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !strings.Contains(out.String(), "interrupted; record saved to "+path) {
		t.Errorf("output %q", out.String())
	}
}
