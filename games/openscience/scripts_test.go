package openscience

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

// script asks the named script for the move of the seat to move, failing
// t if it errs, changes the state or plays an illegal move.
func script(t testing.TB, s *State, name string, seed uint64) game.Action {
	t.Helper()
	before := *s
	a, err := s.Script(name, game.NewRand(seed))
	if err != nil {
		t.Fatalf("script %s: %v", name, err)
	}
	if !s.Equal(&before) {
		t.Fatalf("script %s changed the state", name)
	}
	if !slices.Contains(s.LegalActions(nil), a) {
		t.Fatalf("script %s played %s (action %d), which is not legal:\n%s", name, s.ActionString(a), a, s.Render(game.Spectator))
	}
	return a
}

// playScripts plays a whole game, seat q playing names[q % len(names)],
// and returns every action (chance outcomes included). each, if not nil,
// sees every state before its action.
func playScripts(t testing.TB, n int, names []string, seed uint64, each func(s *State, name string)) []game.Action {
	t.Helper()
	return playScriptsWith(t, n, nil, names, seed, each)
}

func playScriptsWith(t testing.TB, n int, opts game.Options, names []string, seed uint64, each func(s *State, name string)) []game.Action {
	t.Helper()
	s := newGame(t, n, opts)
	chance := game.NewRand(seed)
	var record []game.Action
	for moves := 0; s.phase != phaseOver; moves++ {
		var a game.Action
		if s.CurrentPlayer() == game.Chance {
			a = game.SampleChance(s, chance, nil)
		} else {
			name := names[int(s.toMove)%len(names)]
			if each != nil {
				each(s, name)
			}
			a = script(t, s, name, seed*10000+uint64(moves))
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
		if _, ok := policies[sc.Name]; !ok {
			t.Errorf("script %q has no policy", sc.Name)
		}
		if sc.Doc == "" || strings.ToLower(sc.Name) != sc.Name || strings.ContainsAny(sc.Name, " _:,=") {
			t.Errorf("script %q: want a lower-case hyphenated name and a doc line", sc.Name)
		}
	}
	if len(policies) != len(scripts) {
		t.Errorf("%d policies for %d scripts", len(policies), len(scripts))
	}
	s := position(t, "Funding Call", "DD2 CC2", "DD2 KL0")
	if _, err := s.Script("no-such-script", game.NewRand(1)); err == nil || !strings.Contains(err.Error(), "no script") {
		t.Fatalf("unknown script: error %v", err)
	}
	c := newGame(t, 2, nil)
	apply(t, c, "pick CC", "pick KL")
	if _, err := c.Script("hire", game.NewRand(1)); err == nil {
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
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		for _, name := range scriptNames() {
			t.Run(fmt.Sprintf("%d players %s", n, name), func(t *testing.T) {
				for g := range games {
					playScripts(t, n, []string{name}, uint64(100*n+g), nil)
				}
			})
		}
		t.Run(fmt.Sprintf("%d players mixed", n), func(t *testing.T) {
			names := scriptNames()
			for g := range games {
				k := g % len(names)
				playScripts(t, n, append(names[k:len(names):len(names)], names[:k]...), uint64(7000+100*n+g), nil)
			}
		})
		t.Run(fmt.Sprintf("%d players mixed round-end=full-circle", n), func(t *testing.T) {
			names := scriptNames()
			opts := game.Options{OptRoundEnd: RoundEndFullCircle}
			for g := range games / 2 {
				k := g % len(names)
				playScriptsWith(t, n, opts, append(names[k:len(names):len(names)], names[:k]...), uint64(9000+100*n+g), nil)
			}
		})
	}
}

func TestScriptsAreDeterministicForASeed(t *testing.T) {
	for _, name := range scriptNames() {
		a := playScripts(t, 3, []string{name}, 42, nil)
		b := playScripts(t, 3, []string{name}, 42, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("script %s: two games with seed 42 differ", name)
		}
	}
}

// A collection is five choices; the script plans it again at each one.
// The plan it starts with is the collection it makes, and for the scripts
// that collect the most, no collection open to the seat earns it more
// (checked against every collection, listed by walking the choices).
func TestScriptsFollowOneCollectionPlanAndTheGreedyOnesCollectTheMost(t *testing.T) {
	most := map[string]bool{"hire": true, "upskill-dd": true, "greedy-collect": true, "spread": true}
	checked := 0
	for g := range 12 {
		playScripts(t, 2+g%4, scriptNames(), uint64(g+1), func(s *State, name string) {
			if s.phase != phaseCollect || s.step != 0 {
				return
			}
			_, plan := s.bestCollection(policies[name].rate, policies[name].alone)
			c := *s
			var made []string
			for c.phase == phaseCollect && c.toMove == s.toMove {
				a := script(t, &c, name, 1)
				made = append(made, c.ActionString(a))
				if err := c.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			want := "collect nothing"
			if plan.total > 0 {
				credit := "none"
				if plan.recv > 0 {
					credit = fmt.Sprint(plan.recv)
				}
				want = collectionOf(plan.amount[0], plan.amount[1], plan.amount[2], plan.amount[3], credit)
			}
			if got := strings.Join(made, " "); got != want {
				t.Fatalf("script %s planned %q and made %q", name, want, got)
			}
			if !most[name] {
				return
			}
			best := 0
			for _, col := range collections(t, s) {
				best = max(best, ownCreditsOf(col))
			}
			if got := ownCreditsOf(want); got != best {
				t.Fatalf("script %s collects %q, %d credits; the best collection earns %d", name, want, got, best)
			}
			checked++
		})
	}
	if checked < 200 {
		t.Fatalf("only %d collections checked", checked)
	}
}

// ownCreditsOf reads the credits the collector earns from a collection
// written as collections writes it.
func ownCreditsOf(col string) int {
	if col == "collect nothing" {
		return 0
	}
	var g, p, y, b int
	var credit string
	fmt.Sscanf(col, "g%d p%d y%d b%d credit %s", &g, &p, &y, &b, &credit)
	total := g + p + y + b
	if credit != "none" {
		total--
	}
	return total
}

// steps plays the named script for the seat to move until its turn ends
// or another seat is to move, and returns its moves in notation.
func steps(t *testing.T, s *State, name string) []string {
	t.Helper()
	var out []string
	me := s.toMove
	for s.CurrentPlayer() == game.Player(me) {
		a := script(t, s, name, 1)
		out = append(out, s.ActionString(a))
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestScriptHireHiresWhenItCan(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC2 KL0", "DD2 DW0")
	if got := steps(t, s, "hire"); got[0] != "hire" {
		t.Fatalf("hire plays %v, want a hire first", got)
	}
	// Under Hiring Freeze it cannot: it upskills.
	s = position(t, "Hiring Freeze", "DD2 CC2 KL0", "DD2 DW0")
	if got := steps(t, s, "hire"); !strings.HasPrefix(got[0], "upskill") {
		t.Fatalf("hire plays %v under Hiring Freeze, want an upskill", got)
	}
}

func TestScriptHireUpskillsWhenItsTeamCouldCollectNothing(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC0 KL0", "DD2 DW0")
	got := steps(t, s, "hire")
	if !strings.HasPrefix(got[0], "upskill") || got[len(got)-1] != "credit none" {
		t.Fatalf("hire plays %v with a team that can take nothing, want an upskill and a collection", got)
	}
}

func TestScriptUpskillDDRaisesTheDriverWhileTheTeamCoversIt(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC2 TC1", "DD2 DW0")
	if got := steps(t, s, "upskill-dd"); got[0] != "upskill DD" {
		t.Fatalf("upskill-dd plays %v, want upskill DD (CC2 and TC1 cover a level-3 Driver)", got)
	}
	s = position(t, "Funding Call", "DD2 CC1 KL0", "DD2 DW0")
	if got := steps(t, s, "upskill-dd"); got[0] != "upskill +2" || got[1] != "raise KL0" {
		t.Fatalf("upskill-dd plays %v, want upskill +2, raise KL0 (its team cannot cover a level-3 Driver)", got)
	}
}

// specialist raises its best Specialist and collects with it alone, where
// a collaboration would bring more.
func TestScriptSpecialistRaisesItsBestSpecialistAndCollectsAlone(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC2 KL0 TC0", "DD2 DW0")
	got := strings.Join(steps(t, s, "specialist"), " ")
	if want := "upskill +2 raise CC2 g0 p4 y0 b0 credit none"; got != want {
		t.Fatalf("specialist plays %q, want %q", got, want)
	}
	s = position(t, "Funding Call", "DD2 CC4 KL0 TC0", "DD2 DW0")
	s.phase = phaseCollect
	s.startCollect()
	_, alone := s.bestCollection(ownCredits, true)
	_, any := s.bestCollection(ownCredits, false)
	if alone.total != 4 || any.total <= alone.total {
		t.Fatalf("alone %v, any %v: want 4 alone and more in a collaboration", alone, any)
	}
}

// greedy-collect's upskill allows the largest collection of all upskills.
func TestScriptGreedyCollectUpskillsForTheLargestCollection(t *testing.T) {
	for _, teams := range [][]string{
		{"DD2 CC1 KL1 TC0", "DD2 DW0"},
		{"DD3 CC2 PEG1 SG0", "DD2 DW2"},
		{"DD2 CC0 KL0", "DD2 DW0"},
		{"DD4 DW2 CC2 TC2 KL0", "DD2 DW0"},
	} {
		s := position(t, "Funding Call", teams...)
		best := 0
		for _, p := range s.upPlans(nil, nil, 0) {
			if p.hire {
				continue
			}
			for _, col := range collections(t, &p.after) {
				best = max(best, ownCreditsOf(col))
			}
		}
		got := steps(t, s, "greedy-collect")
		col := "collect nothing"
		if i := slices.IndexFunc(got, func(m string) bool { return strings.HasPrefix(m, "g") }); i >= 0 {
			col = strings.Join(got[i:], " ")
		}
		if ownCreditsOf(col) != best {
			t.Fatalf("team %s: greedy-collect plays %v (%d credits), the best upskill allows %d", teams[0], got, ownCreditsOf(col), best)
		}
	}
}

// glue hires until it holds a Social Glue, then brings another player's
// Specialist into a collaboration (passing a credit) where the greedy
// scripts would not.
func TestScriptGlueHiresForSocialGlueAndBringsAnotherPlayersSpecialist(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC2 KL0", "DD2 DW0")
	if got := steps(t, s, "glue"); got[0] != "hire" {
		t.Fatalf("glue plays %v without a Social Glue, want a hire", got)
	}
	// Seat 2's Knowledge Liberator brought by Social Glue takes 2 (a
	// credit for seat 2) or only its bonus (none): the collector earns 4
	// or 5 of a collection of 5.
	for name, want := range map[string]bool{"glue": true, "greedy-collect": false} {
		s = position(t, "Funding Call", "DD2 CC2 SG0", "DD2 KL2")
		s.startCollect()
		got := steps(t, s, name)
		if last := got[len(got)-1]; (last == "credit 2") != want {
			t.Fatalf("%s plays %v: a Social Glue credit to seat 2 is %v, want %v", name, got, !want, want)
		}
	}
}

func TestScriptSpreadRaisesItsTwoWeakestRoles(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 KL0 TC2 SG0", "DD2 DW0")
	got := steps(t, s, "spread")
	if len(got) < 3 || strings.Join(got[:3], " ") != "upskill +1+1 raise CC1 raise KL0" {
		t.Fatalf("spread plays %v, want upskill +1+1, raise CC1, raise KL0", got)
	}
}

func TestScriptsPickTheSpecialistNobodyHolds(t *testing.T) {
	s := newGame(t, 3, nil)
	apply(t, s, "pick DW", "pick CC")
	for _, name := range scriptNames() {
		a := script(t, s, name, 1)
		if got := s.ActionString(a); got != "pick KL" {
			t.Fatalf("%s picks %q after DW and CC, want pick KL (the Events offer more blue than yellow)", name, got)
		}
	}
}
