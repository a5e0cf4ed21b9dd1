package opensource

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
	if *s != before {
		t.Fatalf("script %s changed the state", name)
	}
	if !slices.Contains(s.LegalActions(nil), a) {
		t.Fatalf("script %s played %s (action %d), which is not legal:\n%s", name, s.ActionString(a), a, s.Render(game.Spectator))
	}
	return a
}

// playScripts plays a whole game, seat q playing names[q % len(names)],
// and returns every action (chance outcomes included) and the end. each,
// if not nil, sees every state before a script's move.
func playScripts(t testing.TB, n int, names []string, seed uint64, each func(s *State, name string)) ([]game.Action, *State) {
	t.Helper()
	s := newGame(t, n)
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
			a = script(t, s, name, seed*100000+uint64(moves))
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		record = append(record, a)
	}
	return record, s
}

// steps plays the named script for the seat to move until another seat
// is to move, a chance event comes or the game ends, and returns its
// moves in notation.
func steps(t *testing.T, s *State, name string) []string {
	t.Helper()
	var out []string
	me := s.CurrentPlayer()
	for s.CurrentPlayer() == me {
		a := script(t, s, name, 1)
		out = append(out, s.ActionString(a))
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return out
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
	s := started(t, 2, "BBY", "web-app")
	if _, err := s.Script("no-such-script", game.NewRand(1)); err == nil || !strings.Contains(err.Error(), "no script") {
		t.Fatalf("unknown script: error %v", err)
	}
	if _, err := newGame(t, 2).Script("commons", game.NewRand(1)); err == nil {
		t.Fatal("a script at a chance node gave no error")
	}
}

// Every script plays whole games with only legal moves for 2, 3 and 4
// players: all seats the same script, and all scripts mixed.
func TestScriptsPlayWholeGamesLegallyForEveryPlayerCount(t *testing.T) {
	games := 8
	if testing.Short() {
		games = 2
	}
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		for _, name := range scriptNames() {
			t.Run(fmt.Sprintf("%d players %s", n, name), func(t *testing.T) {
				t.Parallel()
				for g := range games {
					playScripts(t, n, []string{name}, uint64(100*n+g), nil)
				}
			})
		}
		t.Run(fmt.Sprintf("%d players mixed", n), func(t *testing.T) {
			t.Parallel()
			names := scriptNames()
			for g := range games + 2 {
				k := g % len(names)
				playScripts(t, n, append(names[k:len(names):len(names)], names[:k]...), uint64(7000+100*n+g), nil)
			}
		})
	}
}

func TestScriptsAreDeterministicForASeed(t *testing.T) {
	for _, name := range scriptNames() {
		a, _ := playScripts(t, 3, []string{name}, 42, nil)
		b, _ := playScripts(t, 3, []string{name}, 42, nil)
		if !slices.Equal(a, b) {
			t.Fatalf("script %s: two games with seed 42 differ", name)
		}
	}
}

// placements returns the legal placements of the tile in hand.
func placements(s *State) []game.Action {
	var out []game.Action
	for _, a := range s.LegalActions(nil) {
		if a < actReturn {
			out = append(out, a)
		}
	}
	return out
}

// commons places in the Commons whenever it can, where the tile touches
// the most tiles, and takes the Market Demand card first, else an
// Infrastructure card: checked at every such decision of played games.
func TestScriptCommonsPlacesWhereTheTileTouchesMostAndTakesEveryReward(t *testing.T) {
	placed, rewards := 0, 0
	for g := range 3 {
		playScripts(t, 2+g, []string{"commons"}, uint64(g+1), func(s *State, name string) {
			a := script(t, s, name, uint64(placed+rewards))
			switch s.phase {
			case phasePlace:
				most, inCommons := -1, false
				for _, p := range placements(s) {
					if p < actLab {
						inCommons = true
						most = max(most, touches(s.commons.need[p/3]))
					}
				}
				if inCommons && (a >= actLab || touches(s.commons.need[a/3]) != most) {
					t.Fatalf("commons plays %s; a Commons place touches %d tiles", s.ActionString(a), most)
				}
				placed++
			case phaseReward:
				legal := s.LegalActions(nil)
				switch {
				case slices.Contains(legal, actDemand) && a != actDemand:
					t.Fatalf("commons plays %s where it may take the Market Demand card", s.ActionString(a))
				case a == actPass && len(legal) > 1:
					t.Fatalf("commons passes where it may take %v", legal)
				}
				rewards++
			}
		})
	}
	if placed < 500 || rewards < 20 {
		t.Fatalf("only %d placements and %d rewards checked", placed, rewards)
	}
}

// labPosition returns a 2-player game whose top Market Demand card is
// Plugin (1,0 YYB t0, 1,1 YYR t0) and whose start tile is BBB, with seat
// 1's Lab holding Plugin's YYB on its 1,0, and the dice to roll.
func labPosition(t *testing.T) *State {
	s := started(t, 2, "BBB", "plugin")
	l := &s.labs[0]
	l.cells[l.pos(sp(t, "1,0"))] = cellOf(YYB, 0)
	l.tiles = 1
	return s
}

// lab completes the formation in its Lab and takes the card; a tile the
// formation has no use for goes to the Commons.
func TestScriptLabBuildsTheFormationInItsLab(t *testing.T) {
	s := labPosition(t)
	apply(t, s, "dice YYR")
	got := strings.Join(steps(t, s, "lab"), " ")
	if !strings.HasPrefix(got, "take YYR lab 1,1 t0 reward demand extend ") {
		t.Fatalf("lab plays %q, want take YYR, lab 1,1 t0, reward demand and its extra space", got)
	}
	if s.mdHeld[0] != 1 {
		t.Fatalf("seat 1 holds %d Market Demand cards, want 1", s.mdHeld[0])
	}
	// BBY is no part of Plugin: the Commons, next to the start tile.
	s = labPosition(t)
	apply(t, s, "dice YBB")
	if got := steps(t, s, "lab"); !strings.HasPrefix(got[1], "place ") {
		t.Fatalf("lab plays %v with a tile its formation has no use for, want a Commons place", got)
	}
	// A YYB goes to the Lab beside the first when the Lab is empty: the
	// formation's first tile, where the second has room.
	s = started(t, 2, "BBB", "plugin")
	apply(t, s, "dice YYB")
	got = strings.Join(steps(t, s, "lab"), " ")
	if !strings.HasPrefix(got, "take YYB lab ") {
		t.Fatalf("lab plays %q in an empty Lab with Plugin's YYB, want it in the Lab", got)
	}
	if l := &s.labs[0]; l.formBest(&s.r.forms[s.top]) != 1 {
		t.Fatalf("the Lab shows %d tiles of Plugin, want 1", l.formBest(&s.r.forms[s.top]))
	}
}

// finisher places a BBR's red edge against the start tile's, finishing a
// Format of two tiles, and takes File Format (set C, earned by it) before
// Nothing To Lose.
func TestScriptFinisherFinishesAFeatureAndTakesTheEarnedCard(t *testing.T) {
	s := started(t, 2, "YYR", "web-app")
	apply(t, s, "dice BBR")
	got := strings.Join(steps(t, s, "finisher"), " ")
	if got != "take BBR place 1,-1 t0 reward C" {
		t.Fatalf("finisher plays %q, want take BBR, place 1,-1 t0 (the red edges meet), reward C", got)
	}
	if s.commons.finished[Format] != 1 {
		t.Fatalf("finished Formats: %d, want 1", s.commons.finished[Format])
	}
	for _, c := range []struct{ a, b game.Action }{{actInfra + 2, actInfra}, {actInfra, actDemand}, {actDemand, actPass}} {
		if earnedFirst(s, c.a) <= earnedFirst(s, c.b) {
			t.Fatalf("finisher ranks %s no higher than %s", s.moveString(c.a), s.moveString(c.b))
		}
	}
}

// finisher's choice finishes as many features as any legal placement,
// counted by the rules' own trackers on each placement played out; and
// the Commons' count it reads without placing agrees with the tracker.
func TestScriptFinisherFinishesTheMostFeaturesCountedByTheTrackers(t *testing.T) {
	gain := func(s *State, a game.Action) int {
		c := *s
		b0, l0 := c.commons.finishedAll(), c.labStats(c.toMove)
		if err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
		l1 := c.labs[s.toMove].stats()
		return c.commons.finishedAll() - b0 + l1.finishedAll() - l0.finishedAll()
	}
	checked, finishing, lifted, decisions := 0, 0, 0, 0
	for g := range 3 {
		lifts := false // tiles have left the Commons: features built again
		playScripts(t, 2+g, []string{"finisher"}, uint64(g+1), func(s *State, name string) {
			if s.phase == phaseDice && s.LegalActions(nil)[0] < actTake {
				lifts = true
			}
			if s.phase != phasePlace {
				return
			}
			if decisions++; decisions%4 != 0 && s.commons.n > 40 {
				return // early on every placement, then every fourth
			}
			if lifts {
				lifted++
			}
			a := script(t, s, name, 1)
			most := 0
			for _, p := range placements(s) {
				n := gain(s, p)
				most = max(most, n)
				if p < actLab {
					if got := s.commons.finishes(space(p/3), cellOf(s.hand, int(p%3))); got != n {
						t.Fatalf("%s: finishes says %d features, the tracker %d", s.ActionString(p), got, n)
					}
				}
			}
			if a != actReturn && gain(s, a) != most {
				t.Fatalf("finisher plays %s, finishing %d features; a place finishes %d", s.ActionString(a), gain(s, a), most)
			}
			checked++
			if most > 0 {
				finishing++
			}
		})
	}
	if checked < 200 || finishing < 50 || lifted < 20 {
		t.Fatalf("only %d placements checked, %d of them with a feature to finish, %d after a lift", checked, finishing, lifted)
	}
}

// demand completes the formation in the Commons where commons would not
// look for it, and starts a new one in its Lab.
func TestScriptDemandCompletesTheFormationInTheCommons(t *testing.T) {
	// The start tile is Plugin's YYB at its turn: a YYR on 1,1 at t0
	// completes it.
	s := started(t, 2, "YYB", "plugin")
	apply(t, s, "dice YYR")
	got := strings.Join(steps(t, s, "demand"), " ")
	if !strings.HasPrefix(got, "take YYR place 1,1 t0 reward demand extend ") {
		t.Fatalf("demand plays %q, want take YYR, place 1,1 t0, reward demand", got)
	}
	// With no YYB in the Commons a YYB starts Plugin in the Lab.
	s = started(t, 2, "BBB", "plugin")
	apply(t, s, "dice YYB")
	if got := steps(t, s, "demand"); !strings.HasPrefix(got[1], "lab ") {
		t.Fatalf("demand plays %v, want its Lab for Plugin's first tile", got)
	}
	// A tile Plugin has no use for goes to the Commons.
	s = started(t, 2, "BBB", "plugin")
	apply(t, s, "dice YBB")
	if got := steps(t, s, "demand"); !strings.HasPrefix(got[1], "place ") {
		t.Fatalf("demand plays %v, want a Commons place for a tile Plugin has no use for", got)
	}
}

// In played games, a formation demand says complete is there to take.
func TestScriptDemandCountsFormationsAsTheRulesFindThem(t *testing.T) {
	completed := 0
	for g := range 3 {
		playScripts(t, 2+g, []string{"demand"}, uint64(g+1), func(s *State, name string) {
			if s.phase != phasePlace || s.top < 0 {
				return
			}
			f := &s.r.forms[s.top]
			a := script(t, s, name, 1)
			sp, turn, inLab, ok := placeOf(a)
			if !ok {
				return
			}
			var done bool
			if inLab {
				m := s.labs[s.toMove].with(sp, cellOf(s.hand, turn))
				done = m.formBest(f) == len(f.cells[0])
			} else {
				done = f.countInCommons(&s.commons, sp, cellOf(s.hand, turn)) == len(f.cells[0])
			}
			before := f.foundInCommons(&s.commons) || f.foundInLab(&s.labs[s.toMove])
			c := *s
			if err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			for c.phase == phaseAfter {
				if err := c.Apply(actDone); err != nil {
					t.Fatal(err)
				}
			}
			found := c.phase == phaseReward && c.demandOK()
			if done && !found || found && !done && !before {
				t.Fatalf("demand plays %s: complete %v, the rules find the formation %v", s.ActionString(a), done, found)
			}
			if done {
				completed++
			}
		})
	}
	if completed < 20 {
		t.Fatalf("only %d formations completed", completed)
	}
}

// powers uses each power: Agility's extra die, Productivity, Forking,
// Hardware, Bug catching towards a tile that fits the Commons,
// Compatibility on a loose tile, BDFL on the tile just placed.
func TestScriptPowersUsesEveryPower(t *testing.T) {
	// Agility and Productivity.
	s := started(t, 2, "YYY", "web-app")
	give(t, s, 0, "AB")
	begin(s, 0)
	if got := steps(t, s, "powers"); !slices.Equal(got, []string{"roll +1"}) {
		t.Fatalf("powers with Agility plays %v, want roll +1", got)
	}
	apply(t, s, "dice YYYB")
	if got := steps(t, s, "powers"); len(got) != 4 || !strings.HasPrefix(got[0], "keep ") || got[3] != "again" {
		t.Fatalf("powers plays %v, want keep, take, place, again", got)
	}
	// Forking, and Hardware on it before.
	s = started(t, 2, "YYY", "web-app")
	give(t, s, 0, "HI")
	begin(s, 0)
	if got := steps(t, s, "powers"); len(got) < 2 || got[0] != "hardware I" || !strings.HasPrefix(got[1], "fork ") {
		t.Fatalf("powers with Hardware and Forking plays %v, want hardware I, fork", got)
	}
	// Bug catching: BBB fits only the Lab beside a YYY; a blue die made
	// yellow names BBY, which fits the Commons. commons takes the BBB.
	for name, want := range map[string]string{"powers": "catch B>Y take BBY place ", "commons": "take BBB lab "} {
		s = started(t, 2, "YYY", "web-app")
		give(t, s, 0, "E")
		begin(s, 0)
		apply(t, s, "dice BBB")
		if got := strings.Join(steps(t, s, name), " "); !strings.HasPrefix(got, want) {
			t.Fatalf("%s with Bug catching (yellow) plays %q, want %q...", name, got, want)
		}
	}
	// Compatibility: 2,0 touches one tile; on 1,-1 it touches two.
	s = started(t, 2, "YYY", "web-app")
	put(t, s, "1,1 YYY", "0,1 YYY", "0,0 YYY", "0,-1 YYY", "2,0 YYY")
	give(t, s, 0, "C")
	begin(s, 0)
	if got := steps(t, s, "powers"); len(got) != 2 || got[0] != "move 2,0" || !strings.HasPrefix(got[1], "to 1,-1 ") {
		t.Fatalf("powers with Compatibility plays %v, want move 2,0, to 1,-1", got)
	}
	// BDFL: its token goes on the tile just placed.
	s = started(t, 2, "YYY", "web-app")
	give(t, s, 0, "D")
	begin(s, 0)
	apply(t, s, "roll", "dice YYY")
	got := steps(t, s, "powers")
	if len(got) < 4 || got[2] != "bdfl 1" || got[3] != "on "+strings.Fields(got[1])[1] {
		t.Fatalf("powers with BDFL plays %v, want take, place, bdfl 1, on the space placed", got)
	}
}
