package breakinghead

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

func scriptNames() []string {
	var names []string
	for _, sc := range scripts {
		names = append(names, sc.Name)
	}
	return names
}

// script asks the named script for the move of the seat to play, as the
// script bot does: on a state the Sampler drew for that seat. It fails t
// if the script errs, changes the sample or plays an illegal move.
func script(t testing.TB, s *State, name string, seed uint64) game.Action {
	t.Helper()
	me := s.CurrentPlayer()
	sample := s.Sample(me, game.NewRand(seed)).(*State)
	before := *sample
	a, err := sample.Script(name, game.NewRand(seed+1))
	if err != nil {
		t.Fatalf("script %s: %v", name, err)
	}
	if *sample != before {
		t.Fatalf("script %s changed the state", name)
	}
	if !slices.Contains(s.LegalActions(nil), a) {
		t.Fatalf("script %s played %s (action %d), which is not legal:\n%s", name, s.ActionString(a), a, s.Render(me))
	}
	return a
}

// playScripts plays a whole game, seat q playing names[q % len(names)],
// and returns every action (chance outcomes included).
func playScripts(t testing.TB, n int, names []string, seed uint64) []game.Action {
	t.Helper()
	st, err := game.NewState(Game, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	chance := game.NewRand(seed)
	var record []game.Action
	for moves := 0; s.phase != phaseOver; moves++ {
		var a game.Action
		if s.phase == phasePlay {
			a = script(t, s, names[int(s.toMove)%len(names)], seed*1000+uint64(moves))
		} else {
			a = game.SampleChance(s, chance, nil)
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		record = append(record, a)
	}
	return record
}

func TestScriptsAreTheGamesListAndRefuseUnknownNames(t *testing.T) {
	if got := Game.Info().Scripts; !slices.Equal(got, scripts) || len(got) < 5 {
		t.Fatalf("Info().Scripts = %v, want the %d scripts", got, len(scripts))
	}
	for _, sc := range scripts {
		if sc.Doc == "" || strings.ToLower(sc.Name) != sc.Name || strings.ContainsAny(sc.Name, " _:,=") {
			t.Errorf("script %q: want a lower-case hyphenated name and a doc line", sc.Name)
		}
	}
	p := position(t, "ccb").hand(1, "crossing")
	if _, err := p.Script("no-such-script", game.NewRand(1)); err == nil || !strings.Contains(err.Error(), "no script") {
		t.Fatalf("unknown script: error %v", err)
	}
	st, _ := game.NewState(Game, 3, nil)
	if _, err := st.(*State).Script("east", game.NewRand(1)); err == nil {
		t.Fatal("a script at a chance node gave no error")
	}
}

// Every script plays whole games with only legal moves for every player
// count: all seats the same script, and all scripts mixed.
func TestScriptsPlayWholeGamesLegallyForEveryPlayerCount(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 3
	}
	for n := 3; n <= 10; n++ {
		for _, name := range scriptNames() {
			t.Run(fmt.Sprintf("%d players %s", n, name), func(t *testing.T) {
				for g := range games {
					playScripts(t, n, []string{name}, uint64(100*n+g))
				}
			})
		}
		t.Run(fmt.Sprintf("%d players mixed", n), func(t *testing.T) {
			names := scriptNames()
			for g := range games {
				slices.Reverse(names) // seats change scripts between games
				playScripts(t, n, append(names[g%len(names):], names[:g%len(names)]...), uint64(7000+100*n+g))
			}
		})
	}
}

func TestScriptsAreDeterministicForASeed(t *testing.T) {
	for _, name := range scriptNames() {
		a := playScripts(t, 5, []string{name}, 42)
		b := playScripts(t, 5, []string{name}, 42)
		if !slices.Equal(a, b) {
			t.Fatalf("script %s: two games with seed 42 differ", name)
		}
	}
}

// A script reads only what the seat to play may see: on any state the
// Sampler draws for that seat it plays what it plays on the real state,
// given the same random numbers.
func TestScriptsReadOnlyWhatTheSeatSees(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		i := 0
		playRandom(t, 3+int(seed), nil, seed, func(s *State) {
			i++
			if s.phase != phasePlay || i%5 != 0 {
				return
			}
			me := s.CurrentPlayer()
			for _, name := range scriptNames() {
				want, err := s.Script(name, game.NewRand(uint64(i)))
				if err != nil {
					t.Fatal(err)
				}
				for k := range 4 {
					sample := s.Sample(me, game.NewRand(uint64(100*i+k))).(*State)
					got, err := sample.Script(name, game.NewRand(uint64(i)))
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Fatalf("script %s plays %s on the real state but %s on a sample for %s", name, s.ActionString(want), s.ActionString(got), me)
					}
				}
			}
		})
	}
}

// play returns the named script's move for the seat to play in notation.
func (p *pos) play(name string) string {
	p.t.Helper()
	a, err := p.Script(name, game.NewRand(1))
	if err != nil {
		p.t.Fatal(err)
	}
	if !slices.Contains(p.LegalActions(nil), a) {
		p.t.Fatalf("script %s: %s is not legal", name, p.ActionString(a))
	}
	return p.ActionString(a)
}

// east: of the cards that fit, the normal one that brings the path nearer
// the end cards; the curve would turn it away, the dead-end stop it.
func TestScriptEastPlacesTheCardThatBringsThePathNearerTheEnds(t *testing.T) {
	p := position(t, "ccb").path(1, 3).hand(1, "curve-sw", "junction-esw-dead", "crossing", "straight-ns", "blocked-wifi")
	if got := p.play("east"); got != "place crossing@4,0" {
		t.Fatalf("east plays %q, want place crossing@4,0", got)
	}
	before := position(t, "ccb").path(1, 3).distance()
	p.do("place crossing@4,0")
	if after := p.distance(); after >= before {
		t.Fatalf("the path was %d steps from Fixed & Committed and is %d after east's card", before, after)
	}
}

func TestScriptEastPassesADeadEndWhenNoCardBringsThePathNearer(t *testing.T) {
	p := position(t, "ccb").path(1, 3).hand(1, "curve-sw", "junction-esw-dead", "blocked-head")
	if got := p.play("east"); got != "pass junction-esw-dead" {
		t.Fatalf("east plays %q, want pass junction-esw-dead", got)
	}
}

func TestScriptEastUnblocksItselfWhenBlocked(t *testing.T) {
	p := position(t, "ccb").path(1, 3).hand(1, "crossing", "unblocked-vitamins").blocked(1, "flu").blocked(2, "wifi")
	if got := p.play("east"); got != "unblock seat 1 flu with unblocked-vitamins" {
		t.Fatalf("east plays %q, want to unblock itself", got)
	}
}

func TestScriptEastSpamsADeadEndInThePathsWay(t *testing.T) {
	p := position(t, "ccb").path(1, 3).put("4,0 crossing-dead").hand(1, "crossing", "spam").blocked(1, "head")
	if got := p.play("east"); got != "spam 4,0" {
		t.Fatalf("east plays %q, want spam 4,0", got)
	}
}

// A seat that peeked Fixed & Committed at 8,-2 builds north of the start,
// which takes the path away from the other end cards: east does it only
// when it knows.
func TestScriptsEastAndPeekBuildTowardsAPeekedFixedCommitted(t *testing.T) {
	for _, name := range []string{"east", "peek"} {
		p := position(t, "ccb").fixed("8,-2").hand(1, "straight-ns", "blocked-wifi")
		if got := p.play(name); got == "place straight-ns@0,-1" {
			t.Fatalf("%s builds north without knowing where Fixed & Committed lies", name)
		}
		p.peeked[0] = 1 // end 8,-2
		if got := p.play(name); got != "place straight-ns@0,-1" {
			t.Fatalf("%s plays %q having seen Fixed & Committed at 8,-2, want place straight-ns@0,-1", name, got)
		}
	}
}

func TestScriptPeekPeeksBeforeBuildingUntilItKnows(t *testing.T) {
	p := position(t, "ccb").path(1, 3).hand(1, "crossing", "wtf-dries", "wtf-dries")
	if got := p.play("east"); got != "place crossing@4,0" {
		t.Fatalf("east plays %q, want place crossing@4,0", got)
	}
	if got := p.play("peek"); got != "peek 8,0" {
		t.Fatalf("peek plays %q, want peek 8,0 (the end card nearest the path)", got)
	}
	p.peeked[0] |= 1 << 1 // 8,0 is Fixed & Committed (position's default)
	if got := p.play("peek"); got != "place crossing@4,0" {
		t.Fatalf("peek plays %q knowing Fixed & Committed, want place crossing@4,0", got)
	}
	// Having seen a Needs work card, it peeks at another.
	q := position(t, "ccb").fixed("8,2").path(1, 3).hand(1, "crossing", "wtf-dries")
	q.peeked[0] = 1 << 1
	if got := q.play("peek"); !strings.HasPrefix(got, "peek 8,") || got == "peek 8,0" {
		t.Fatalf("peek plays %q having seen 8,0 is Needs work, want a peek at another end card", got)
	}
}

func TestScriptBlockPlaysBlockedOnAnotherPlayerWithoutProblems(t *testing.T) {
	p := position(t, "bcc").path(1, 3).hand(1, "crossing-dead", "spam", "blocked-wifi").blocked(2, "flu")
	if got := p.play("block"); got != "block seat 3 wifi" {
		t.Fatalf("block plays %q, want block seat 3 wifi", got)
	}
}

func TestScriptBlockSpamsThePathsCardNearestTheEnds(t *testing.T) {
	p := position(t, "bcc").path(1, 3).put("-1,0 crossing").hand(1, "crossing-dead", "spam")
	if got := p.play("block"); got != "spam 3,0" {
		t.Fatalf("block plays %q, want spam 3,0", got)
	}
}

func TestScriptBlockPlacesADeadEndAtThePathsOpenEnd(t *testing.T) {
	p := position(t, "bcc").path(1, 3).hand(1, "crossing", "crossing-dead")
	if got := p.play("block"); got != "place crossing-dead@4,0" {
		t.Fatalf("block plays %q, want place crossing-dead@4,0", got)
	}
}

func TestScriptBlockPassesTheCardBuildersNeedMost(t *testing.T) {
	p := position(t, "bcc").path(1, 3).hand(1, "crossing", "straight-ns", "wtf-dries")
	if got := p.play("block"); got != "pass crossing" {
		t.Fatalf("block plays %q, want pass crossing", got)
	}
}

func TestScriptRarelyPassPlacesAnyCardThenActsAndPassesOnlyWhenNothingElseIsLegal(t *testing.T) {
	p := position(t, "ccb").path(1, 3).hand(1, "crossing-dead", "blocked-flu")
	for seed := range uint64(20) {
		a, _ := p.Script("rarely-pass", game.NewRand(seed))
		if a >= spamBase {
			t.Fatalf("rarely-pass plays %s with a comment card that fits", p.ActionString(a))
		}
	}
	p.blocked(1, "head")
	if got := p.play("rarely-pass"); !strings.HasPrefix(got, "block seat") {
		t.Fatalf("rarely-pass plays %q blocked, want Blocked! on a player", got)
	}
	q := position(t, "ccb").path(1, 3).hand(1, "crossing").blocked(1, "head")
	if got := q.play("rarely-pass"); got != "pass crossing" {
		t.Fatalf("rarely-pass plays %q, want pass crossing (nothing else is legal)", got)
	}
}

func TestScriptRolePlaysEastAsContributorAndBlockAsBlocker(t *testing.T) {
	c := position(t, "cbc").path(1, 3).hand(1, "crossing", "blocked-wifi")
	if got := c.play("role"); got != "place crossing@4,0" {
		t.Fatalf("role as a Contributor plays %q, want place crossing@4,0 (east)", got)
	}
	b := position(t, "bcc").path(1, 3).hand(1, "crossing", "blocked-wifi")
	if got := b.play("role"); !strings.HasPrefix(got, "block seat") || got != b.play("block") {
		t.Fatalf("role as a Blocker plays %q, want block's move %q", got, b.play("block"))
	}
}

// wholeTableDistances is the scripts' walk over the whole table, as it was
// before distances kept to a region: the reference the region must match.
func wholeTableDistances(s *State, goal uint8) []int16 {
	dist := make([]int16, nCells)
	for i := range dist {
		dist[i] = -1
	}
	var queue []int
	for e, c := range endCells {
		if goal&(1<<e) != 0 {
			dist[c] = 0
			queue = append(queue, c)
		}
	}
	for i := 0; i < len(queue); i++ {
		c := queue[i]
		for d := 0; d < 4; d++ {
			nc := c + dirDelta[d]
			if !isPlaceable(nc) || dist[nc] >= 0 {
				continue
			}
			if code := s.table[nc]; code != cellEmpty && code != cellEnd {
				continue
			}
			dist[nc] = dist[c] + 1
			queue = append(queue, nc)
		}
	}
	return dist
}

// nearACard reports whether c lies within two steps of a card on the
// table: the positions whose distances the scripts read.
func nearACard(s *State, c int) bool {
	x, y := cellXY(c)
	for _, o := range s.occ[:s.nOcc] {
		ox, oy := cellXY(int(o))
		if abs(x-ox)+abs(y-oy) <= 2 {
			return true
		}
	}
	return false
}

// The scripts' distances, walked over the cards' bounding box grown by
// two, equal the walk over the whole table at every position within two
// steps of a card (all the scripts read), in games of every script and of random moves (where the path
// sprawls most).
func TestDistancesMatchTheWholeTable(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	checked := 0
	for g := range games {
		st, err := game.NewState(Game, 3+g%8, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		r := game.NewRand(uint64(g))
		names := append(scriptNames(), "random")
		for moves := 0; s.phase != phaseOver; moves++ {
			var a game.Action
			if s.phase == phasePlay {
				k := s.knowledge(new(knowledge))
				want := wholeTableDistances(s, k.goal)
				for c := range nCells {
					if !nearACard(s, c) {
						continue
					}
					if k.index(c) < 0 || k.distAt(c) != want[c] {
						x, y := cellXY(c)
						t.Fatalf("game %d move %d: distance at %d,%d is %d, want %d\n%s", g, moves, x, y, k.distAt(c), want[c], s.Render(s.CurrentPlayer()))
					}
				}
				checked++
				name := names[(g+int(s.toMove))%len(names)]
				if name == "random" {
					legal := s.LegalActions(nil)
					a = legal[r.IntN(len(legal))]
				} else {
					a = script(t, s, name, uint64(g)*1000+uint64(moves))
				}
			} else {
				a = game.SampleChance(s, r, nil)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("checked %d positions only", checked)
	}
}

// The scripts allocate nothing once warm: a search's playouts play them
// at every move (SearchHints).
func TestScriptsAllocateNothing(t *testing.T) {
	s := midgame()
	r := game.NewRand(1)
	for _, name := range scriptNames() {
		allocs := testing.AllocsPerRun(200, func() {
			if _, err := s.Script(name, r); err != nil {
				t.Fatal(err)
			}
		})
		if allocs >= 0.5 {
			t.Errorf("script %s: %v allocations a move", name, allocs)
		}
	}
}
