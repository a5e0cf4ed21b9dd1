package openscience

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/game/gametest"
)

// One test (or more) per ruling O1-O17 of the rulings on
// seeds/open-science-alliance.txt, named after it.

func TestO1_TwoToFivePlayers(t *testing.T) {
	for n := 0; n <= 7; n++ {
		_, err := game.NewState(Game, n, nil)
		if ok := n >= 2 && n <= 5; (err == nil) != ok {
			t.Errorf("%d players: error %v, want ok=%v", n, err, ok)
		}
	}
	if _, err := Game.New(game.Config{Players: 6}); err == nil || !strings.Contains(err.Error(), "O1") {
		t.Errorf("New with 6 players: %v, want a refusal citing O1", err)
	}
}

func TestO2_RoleDeck(t *testing.T) {
	c := DefaultCards()
	total := 0
	for r, n := range c.Deck {
		if n != 5 {
			t.Errorf("%s: %d cards, want 5", Role(r), n)
		}
		total += n
	}
	if total != 30 {
		t.Errorf("role deck of %d cards, want 30", total)
	}
	// "Role" never includes the Discovery Driver: it is no card of the deck
	// and cannot be raised as a role.
	s := newGame(t, 2, nil)
	if s.deckN != 30 {
		t.Errorf("a new game's deck holds %d", s.deckN)
	}
	s = position(t, "Funding Call", "DD2 CC1", "DD2 KL1")
	apply(t, s, "upskill +2")
	if _, err := s.ParseAction("raise DD2"); err == nil {
		t.Error(`"raise DD2" parsed: the Discovery Driver is no role`)
	}
}

func TestO3_SpecialistsCollectTheirOwnType(t *testing.T) {
	for _, tc := range []struct {
		role, want string
	}{
		{"DW", "g2 p0 y0 b0 credit none"},
		{"CC", "g0 p2 y0 b0 credit none"},
		{"PEG", "g0 p0 y2 b0 credit none"},
		{"KL", "g0 p0 y0 b2 credit none"},
	} {
		// DD6 cannot collaborate with a level-2 role: only the
		// independent action is left.
		s := position(t, "Funding Call", "DD6 "+tc.role+"2", "DD2")
		apply(t, s, "hire", "draw SG")
		got := collections(t, s)
		if want := []string{"collect nothing", tc.want}; !slices.Equal(got, want) {
			t.Errorf("%s2: %v, want %v", tc.role, got, want)
		}
	}
}

func TestO4_Levels(t *testing.T) {
	c := DefaultCards()
	if c.RoleMax != 4 || c.DriverStart != 2 || c.DriverMax != 6 {
		t.Fatalf("levels %d, %d..%d, want roles to 4, DD 2..6", c.RoleMax, c.DriverStart, c.DriverMax)
	}
	// Roles stop at 4, the Discovery Driver at 6.
	s := position(t, "Funding Call", "DD6 CC4 TC4", "DD2")
	if got := legal(s); !slices.Equal(got, []string{"hire"}) {
		t.Errorf("step (1) with everything at its highest: %v, want only hire", got)
	}
	refused(t, s, "upskill DD", "highest level, 6")
	refused(t, s, "upskill +2", "level 2 or less")
	// Credits have no upper limit.
	s.credits[0] = math.MaxInt32 - 100
	apply(t, s, "hire", "draw DW", "g0", "p4", "y0", "b0", "credit none")
	if s.credits[0] != math.MaxInt32-96 {
		t.Errorf("credits %d", s.credits[0])
	}
}

func TestO5_SetUp(t *testing.T) {
	s := newGame(t, 3, nil)
	if s.driver != [maxPlayers]int8{2, 2, 2, 0, 0} {
		t.Errorf("Discovery Drivers %v, want level 2 each", s.driver)
	}
	// In seat order each seat picks a Specialist, taken from the deck.
	if got := legal(s); !slices.Equal(got, []string{"pick DW", "pick CC", "pick PEG", "pick KL"}) {
		t.Errorf("seat 1's picks: %v", got)
	}
	refused(t, s, "pick TC", "not a Specialist")
	apply(t, s, "pick CC", "pick CC", "pick KL")
	if s.deck[CodeConjurer] != 3 || s.deck[KnowledgeLiberator] != 4 || s.deckN != 27 {
		t.Errorf("deck after the picks: %v (%d)", s.deck, s.deckN)
	}
	// Then each seat draws a role from the shuffled deck: a chance event,
	// each card equally likely.
	if s.CurrentPlayer() != game.Chance {
		t.Fatalf("after the picks: %v to move, want chance", s.CurrentPlayer())
	}
	outs := s.ChanceOutcomes(nil)
	for _, o := range outs {
		if want := float64(s.deck[o.Action]) / 27; math.Abs(o.P-want) > 1e-12 {
			t.Errorf("draw %s: P=%v, want %v", roleCodes[o.Action], o.P, want)
		}
	}
	apply(t, s, "draw SG", "draw CC", "draw DW")
	for q, want := range [][2]Role{{CodeConjurer, SocialGlue}, {CodeConjurer, CodeConjurer}, {KnowledgeLiberator, DataWizard}} {
		for _, r := range want {
			if s.team[q][r][0] == 0 {
				t.Errorf("seat %d has no %s at level 0: %v", q+1, r, s.team[q])
			}
		}
	}
	if s.phase != phaseEvent {
		t.Errorf("after the draws: phase %s, want the first Event", phaseNames[s.phase])
	}
}

func TestO6_SixOfElevenEvents(t *testing.T) {
	c := DefaultCards()
	if len(c.Events) != 11 || c.Rounds != 6 {
		t.Fatalf("%d events, %d rounds", len(c.Events), c.Rounds)
	}
	rng := game.NewRand(6)
	seen := map[int8]int{}
	for g := range 200 {
		s := newGame(t, 2+g%4, nil)
		for s.phase != phaseOver {
			if s.phase == phaseEvent {
				// Every Event not yet revealed is equally likely.
				outs := s.ChanceOutcomes(nil)
				if want := 11 - int(s.round); len(outs) != want {
					t.Fatalf("round %d: %d Events offered, want %d", s.round+1, len(outs), want)
				}
				for _, o := range outs {
					if s.used&(1<<o.Action) != 0 || math.Abs(o.P-1/float64(len(outs))) > 1e-12 {
						t.Fatalf("round %d: outcome %+v", s.round+1, o)
					}
				}
			}
			var a game.Action
			if s.CurrentPlayer() == game.Chance {
				a = game.SampleChance(s, rng, nil)
			} else {
				l := s.LegalActions(nil)
				a = l[rng.IntN(len(l))]
			}
			apply(t, s, s.ActionString(a))
		}
		if s.round != 6 {
			t.Fatalf("game over after %d rounds", s.round)
		}
		h := slices.Clone(s.history[:6])
		slices.Sort(h)
		if len(slices.Compact(h)) != 6 {
			t.Fatalf("Events %v repeat", s.history[:6])
		}
		for _, e := range s.history[:6] {
			seen[e]++
		}
	}
	if len(seen) != 11 {
		t.Errorf("in 200 games only %d of the 11 Events came up", len(seen))
	}
}

func TestO7_RoundStartsWithItsEvent(t *testing.T) {
	s := position(t, "Data Deluge", "DD2 TC1", "DD2 KL1")
	if s.stock != [NumResources]int8{12, 4, 3, 3} {
		t.Errorf("stock %v, want Data Deluge's 12/4/3/3", s.stock)
	}
	if s.toMove != 0 || s.first != 0 {
		t.Errorf("round 1 starts with seat %d", s.toMove+1)
	}
	// End round 1 with two idle turns (O8); leftovers are discarded and
	// round 2 starts one seat further.
	apply(t, s, "upskill DD", "collect nothing", "upskill DD", "collect nothing")
	if s.phase != phaseEvent {
		t.Fatalf("phase %s after two idle turns", phaseNames[s.phase])
	}
	apply(t, s, "event hackathon")
	if s.stock != [NumResources]int8{4, 12, 3, 3} {
		t.Errorf("round 2 stock %v, want Hackathon's 4/12/3/3 (leftovers discarded)", s.stock)
	}
	if s.toMove != 1 || s.first != 1 {
		t.Errorf("round 2 starts with seat %d, want seat 2", s.toMove+1)
	}
	apply(t, s, "upskill DD", "collect nothing", "upskill DD", "collect nothing", "event budget-cuts")
	if s.toMove != 0 {
		t.Errorf("round 3 starts with seat %d, want seat 1 again", s.toMove+1)
	}
}

func TestO8_RoundEndsWhenTwoTypesRunOut(t *testing.T) {
	s := position(t, "Budget Cuts", "DD2 DW4", "DD2 CC4", "DD2 KL4")
	s.stock = [NumResources]int8{2, 3, 3, 3}
	apply(t, s, "upskill DD", "g2", "p0", "y0", "b0", "credit none") // green runs out
	if s.phase == phaseEvent || s.toMove != 1 {
		t.Fatalf("one type out ended the round")
	}
	apply(t, s, "upskill DD", "g0", "p3", "y0", "b0", "credit none") // purple too
	if s.phase != phaseEvent || s.round != 1 || s.ends[endDepleted] != 1 {
		t.Fatalf("two types out: phase %s, round %d, ends %v", phaseNames[s.phase], s.round, s.ends)
	}
}

func TestO8_RoundEndsAfterALapWithoutCollecting(t *testing.T) {
	s := position(t, "Funding Call", "DD2 DW1", "DD2 CC1", "DD2 KL1")
	apply(t, s, "upskill DD", "collect nothing", "upskill DD", "collect nothing")
	if s.phase == phaseEvent {
		t.Fatal("two idle turns of three players ended the round")
	}
	// A collection starts the count again.
	apply(t, s, "upskill DD", "g0", "p0", "y0", "b1", "credit none", "upskill DD", "collect nothing", "upskill DD", "collect nothing")
	if s.phase == phaseEvent {
		t.Fatal("the count did not start again after a collection")
	}
	apply(t, s, "upskill DD", "collect nothing")
	if s.phase != phaseEvent || s.ends[endIdle] != 1 {
		t.Fatalf("three idle turns in a row: phase %s, ends %v", phaseNames[s.phase], s.ends)
	}
}

func TestO8_FullCircleOption(t *testing.T) {
	st, err := game.NewState(Game, 3, game.Options{OptRoundEnd: RoundEndFullCircle})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	apply(t, s, "pick DW", "pick CC", "pick KL", "draw TC", "draw TC", "draw TC", "event budget-cuts")
	s.stock = [NumResources]int8{1, 1, 3, 3}
	apply(t, s, "upskill +2", "raise DW0", "g1", "p0", "y0", "b0", "credit none") // seat 1: green out
	apply(t, s, "upskill +2", "raise CC0", "g0", "p1", "y0", "b0", "credit none") // seat 2: purple out
	if s.phase == phaseEvent {
		t.Fatal("full-circle ended the round before play came back to seat 1")
	}
	if s.toMove != 2 || !s.depleted {
		t.Fatalf("seat %d to move, depleted %v", s.toMove+1, s.depleted)
	}
	apply(t, s, "upskill +2", "raise KL0", "g0", "p0", "y0", "b2", "credit none") // seat 3 still plays
	if s.phase != phaseEvent || s.ends[endDepleted] != 1 || s.first != 0 {
		t.Fatalf("back at seat 1: phase %s, ends %v, the round's first seat %d", phaseNames[s.phase], s.ends, s.first+1)
	}
	if s.credits != [maxPlayers]int32{1, 1, 2} {
		t.Errorf("credits %v", s.credits)
	}
	// O7: the next round begins one seat further clockwise, once its
	// Event is revealed.
	apply(t, s, "event funding-call")
	if s.first != 1 || s.CurrentPlayer() != 1 {
		t.Errorf("round 2: first seat %d, seat %d to move; want seat 2 for both", s.first+1, s.CurrentPlayer()+1)
	}
}

// TestO7_RoundStartVariant: by O7 each round begins one seat further
// clockwise; with round-start=last-place (our variant) the seat with the
// fewest credits begins, the first of the tied ones counted clockwise
// from the seat after the last round's first player, so that tied seats
// still take turns.
func TestO7_RoundStartVariant(t *testing.T) {
	teams := []string{"DD2 DW1", "DD2 CC1", "DD2 KL1", "DD2 PEG1"}
	idleLap := []string{"upskill DD", "collect nothing", "upskill DD", "collect nothing", "upskill DD", "collect nothing", "upskill DD", "collect nothing"}
	for _, tc := range []struct {
		opts  game.Options
		first []int8 // the first seat of rounds 2 and 3, from 0
	}{
		{nil, []int8{1, 2}},
		{game.Options{OptRoundStart: RoundStartRotate}, []int8{1, 2}},
		{game.Options{OptRoundStart: RoundStartLastPlace}, []int8{2, 3}},
	} {
		s := positionWith(t, tc.opts, "Funding Call", teams...)
		s.credits = [maxPlayers]int32{5, 3, 1, 1}
		for i, event := range []string{"event budget-cuts", "event training-grant"} {
			apply(t, s, idleLap...)
			if s.phase != phaseEvent {
				t.Fatalf("%v: a lap without collecting did not end round %d", tc.opts, s.round)
			}
			apply(t, s, event)
			if s.first != tc.first[i] || s.CurrentPlayer() != game.Player(tc.first[i]) {
				t.Errorf("%v: round %d begins with seat %d (seat %d to move), want seat %d", tc.opts, s.round, s.first+1, s.CurrentPlayer()+1, tc.first[i]+1)
			}
		}
	}
	_, err := game.NewState(Game, 2, game.Options{OptRoundStart: "loser"})
	if err == nil || !strings.Contains(err.Error(), "round-start") || !strings.Contains(err.Error(), RoundStartLastPlace) {
		t.Errorf("round-start=loser: error %v, want it to name the option and its values", err)
	}
}

func TestO9_MostCreditsWinTiesShare(t *testing.T) {
	for _, tc := range []struct {
		credits []int32
		want    []float64
	}{
		{[]int32{10, 7, 3}, []float64{1, 0, 0}},
		{[]int32{10, 10, 3}, []float64{0.5, 0.5, 0}},
		{[]int32{4, 4, 4}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
	} {
		s := position(t, "Funding Call", "DD2", "DD2", "DD2")
		s.round = 6 // the last round
		copy(s.credits[:], tc.credits)
		if r := s.Returns(nil); !slices.Equal(r, []float64{0, 0, 0}) {
			t.Errorf("returns before the end: %v", r)
		}
		// Three idle turns end round 6 and the game.
		apply(t, s, "upskill DD", "collect nothing", "upskill DD", "collect nothing", "upskill DD", "collect nothing")
		if s.phase != phaseOver {
			t.Fatalf("phase %s", phaseNames[s.phase])
		}
		if r := s.Returns(nil); !slices.Equal(r, tc.want) {
			t.Errorf("credits %v: returns %v, want %v", tc.credits, r, tc.want)
		}
	}
}

func TestO10_UpskillForms(t *testing.T) {
	s := position(t, "Funding Call", "DD5 CC2 CC2 TC3 SG4", "DD2")
	if got := legal(s); !slices.Equal(got, []string{"hire", "upskill +2", "upskill +1+1", "upskill DD"}) {
		t.Fatalf("step (1): %v", got)
	}
	// One role +2: only a role at level 2 or less.
	c := *s
	apply(t, &c, "upskill +2")
	if got := legal(&c); !slices.Equal(got, []string{"raise CC2"}) {
		t.Errorf("+2: %v, want raise CC2", got)
	}
	refused(t, &c, "raise TC3", "up by 2 only from level 2")
	apply(t, &c, "raise CC2")
	if c.team[0][CodeConjurer][4] != 1 || c.team[0][CodeConjurer][2] != 1 {
		t.Errorf("after +2: CC %v", c.team[0][CodeConjurer])
	}
	// Two different roles +1: each at level 3 or less; two cards of the
	// same role and level may be the two.
	c = *s
	apply(t, &c, "upskill +1+1")
	if got := legal(&c); !slices.Equal(got, []string{"raise CC2"}) {
		t.Errorf("+1+1 first: %v (TC3 has no role after it at 3 or less)", got)
	}
	apply(t, &c, "raise CC2")
	if got := legal(&c); !slices.Equal(got, []string{"raise CC2", "raise TC3"}) {
		t.Errorf("+1+1 second: %v", got)
	}
	refused(t, &c, "raise SG4", "up by 1 only from level 3")
	apply(t, &c, "raise CC2")
	if c.team[0][CodeConjurer][3] != 2 {
		t.Errorf("after +1+1 on both CC2: CC %v", c.team[0][CodeConjurer])
	}
	// The Discovery Driver +1, at level 5 or less.
	c = *s
	apply(t, &c, "upskill DD")
	if c.driver[0] != 6 {
		t.Errorf("DD at %d", c.driver[0])
	}
	// One role alone cannot take both +1s.
	s = position(t, "Funding Call", "DD2 CC1 SG4", "DD2")
	refused(t, s, "upskill +1+1", "fewer than two roles")
}

func TestO11_Hire(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1", "DD2")
	apply(t, s, "hire")
	if s.CurrentPlayer() != game.Chance {
		t.Fatal("hire: no draw")
	}
	n := s.deckN
	apply(t, s, "draw SG")
	if s.team[0][SocialGlue][0] != 1 || s.deckN != n-1 || s.phase != phaseCollect {
		t.Errorf("after the draw: SG %v, deck %d, phase %s", s.team[0][SocialGlue], s.deckN, phaseNames[s.phase])
	}
}

func TestO11_HiringFromAnEmptyDeckRefused(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1", "DD2")
	s.deck, s.deckN = [NumRoles]int8{}, 0
	if slices.Contains(legal(s), "hire") {
		t.Error("hire offered with an empty deck")
	}
	refused(t, s, "hire", "the role deck is empty")
}

func TestO11_StepOneSkippedOnlyWhenImpossible(t *testing.T) {
	// Everything at its highest and an empty deck: straight to collecting.
	s := newGame(t, 2, nil)
	s.deck, s.deckN = [NumRoles]int8{}, 0
	s.team[0][CodeConjurer][4] = 1
	s.driver[0] = 6
	s.phase = phaseEvent
	apply(t, s, "event funding-call")
	if s.phase != phaseCollect {
		t.Fatalf("phase %s, want collect", phaseNames[s.phase])
	}
	// Hiring Freeze with no upskill possible: skipped too.
	s = position(t, "Hiring Freeze", "DD6 CC4", "DD2")
	if s.phase != phaseCollect {
		t.Fatalf("Hiring Freeze, nothing to upskill: phase %s, want collect", phaseNames[s.phase])
	}
	// Hiring Freeze with an upskill possible: compulsory.
	s = position(t, "Hiring Freeze", "DD5 CC4", "DD2")
	if got := legal(s); !slices.Equal(got, []string{"upskill DD"}) {
		t.Errorf("Hiring Freeze: %v, want upskill DD only", got)
	}
}

func TestO12_CollectingIsOptionalAndOnce(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
	apply(t, s, "upskill DD")
	if got := legal(s); got[0] != "collect nothing" {
		t.Fatalf("collect nothing not offered: %v", got)
	}
	apply(t, s, "g0", "p1", "y0", "b0", "credit none")
	if s.toMove != 1 || s.phase != phaseStep1 {
		t.Errorf("after one collection seat %d is in phase %s, want seat 2's turn", s.toMove+1, phaseNames[s.phase])
	}
}

func TestO13_IndependentAction(t *testing.T) {
	// A Specialist takes exactly min(level, stock); a Transparency
	// Champion exactly min(level, types in stock), one each.
	s := position(t, "Funding Call", "DD6 KL3 TC3", "DD2")
	apply(t, s, "upskill +1+1", "raise KL3", "raise TC3") // KL4, TC4; DD6 stays out of reach
	s.stock = [NumResources]int8{0, 2, 0, 2}
	got := collections(t, s)
	want := []string{"collect nothing", "g0 p1 y0 b1 credit none", "g0 p0 y0 b2 credit none"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("KL4, TC4, stock 0/2/0/2: %v, want %v", got, want)
	}
}

// TestO14_SeedExample is the seed's collaboration: a level 2 Discovery
// Driver with a level 1 Code Conjurer and a level 1 Transparency Champion
// takes 4 credits: software down by 2, two resources of the player's
// choice down by 1 each.
func TestO14_SeedExample(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
	apply(t, s, "hire", "draw KL") // a level-0 Knowledge Liberator joins
	s.team[0][KnowledgeLiberator][0] = 0
	got := collections(t, s)
	want := []string{"collect nothing"}
	// Independent: the Code Conjurer's 1 software, the Champion's 1 of any.
	for t := range NumResources {
		var a [NumResources]int
		a[t] = 1
		want = append(want, collectionOf(a[0], a[1], a[2], a[3], "none"))
	}
	// The collaboration: 2 software from the Code Conjurer (1 base, 1
	// bonus) and two more of any types from the Champion (base, bonus).
	for x := range NumResources {
		for y := x; y < NumResources; y++ {
			a := [NumResources]int{0, 2, 0, 0}
			a[x]++
			a[y]++
			want = append(want, collectionOf(a[0], a[1], a[2], a[3], "none"))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, slices.Compact(want)) {
		t.Fatalf("collections:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	apply(t, s, "g1", "p2", "y1", "b0", "credit none")
	if s.credits[0] != 4 || s.stock != [NumResources]int8{5, 4, 5, 6} {
		t.Errorf("credits %d, stock %v; want 4 credits and software down by 2", s.credits[0], s.stock)
	}
}

// TestO14_RefusedForLackOfResources: the base fits the stock but the
// bonus does not, so the collaboration cannot happen.
func TestO14_RefusedForLackOfResources(t *testing.T) {
	s := position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.stock = [NumResources]int8{0, 3, 0, 0}
	s.startCollect()
	got := collections(t, s)
	if want := []string{"collect nothing", "g0 p1 y0 b0 credit none"}; !slices.Equal(got, want) {
		t.Fatalf("3 software: %v, want only the independent actions %v", got, want)
	}
	apply(t, s, "g0")
	refused(t, s, "p3", "no legal collection takes 3 purple")
	refused(t, s, "p2", "no legal collection takes 2 purple")
}

func TestO14_LevelsMustReachTheDriver(t *testing.T) {
	// DD4 with roles of levels 1+1: no collaboration, only independents.
	s := position(t, "Funding Call", "DD4 CC1 TC1", "DD2")
	apply(t, s, "hire", "draw DW") // a level-0 Data Wizard adds no level
	for _, c := range collections(t, s) {
		if c != "collect nothing" && strings.Count(c, "1") != 1 {
			t.Errorf("collection %q: the team cannot reach DD4", c)
		}
	}
}

func TestO15_SocialGluePassesACredit(t *testing.T) {
	// Seat 1's Social Glue brings seat 2's level-2 Code Conjurer: its base
	// 2 and bonus 1 are 3 software through it, so seat 2 gets a credit.
	s := position(t, "Funding Call", "DD2 SG1", "DD2 CC2")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	got := collections(t, s)
	want := []string{"collect nothing"}
	for x := range NumResources {
		a := [NumResources]int{0, 3, 0, 0}
		a[x]++
		want = append(want, collectionOf(a[0], a[1], a[2], a[3], "2"))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("collections %v, want %v", got, want)
	}
	apply(t, s, "g1", "p3", "y0", "b0", "credit 2")
	if c := credits(s); !slices.Equal(c, []int{3, 1}) {
		t.Errorf("credits %v, want 3 for seat 1 and 1 passed to seat 2", c)
	}
}

func TestO15_SocialGluePassesNothingForOneResource(t *testing.T) {
	// The Champion takes the base; seat 2's Code Conjurer brings only its
	// bonus, 1 software: nothing is passed. Taking 1 software of base
	// through it as well would pass a credit.
	s := position(t, "Funding Call", "DD2 SG0 TC2", "DD2 CC1")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	got := collections(t, s)
	for _, want := range []string{
		collectionOf(2, 1, 1, 1, "none"), // TC base g+y, bonuses g (SG), b (TC), p (CC)
		collectionOf(1, 3, 0, 1, "2"),    // CC base 1 + bonus: 2 through it
		collectionOf(1, 2, 1, 0, "none"), // TC base g+p, CC bonus p, SG and TC bonus y... or CC brought for 1
	} {
		if !slices.Contains(got, want) {
			t.Errorf("%q missing from %v", want, got)
		}
	}
	apply(t, s, "g2", "p1", "y1", "b1", "credit none")
	if c := credits(s); !slices.Equal(c, []int{5, 0}) {
		t.Errorf("credits %v, want all 5 for seat 1", c)
	}
	// A credit to a seat whose Specialist brought 1 resource or less is no
	// choice.
	s = position(t, "Funding Call", "DD2 SG0 TC2", "DD2 CC1")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	apply(t, s, "g2", "p1", "y1", "b1")
	if got := legal(s); !slices.Equal(got, []string{"credit none"}) {
		t.Errorf("receivers %v, want credit none only", got)
	}
	refused(t, s, "credit 2", "passes that credit")
}

func TestO16_DriverNeverCollectsAlone(t *testing.T) {
	s := position(t, "Funding Call", "DD2", "DD2 CC1")
	apply(t, s, "upskill DD")
	if got := collections(t, s); !slices.Equal(got, []string{"collect nothing"}) {
		t.Errorf("a lone Discovery Driver: %v", got)
	}
}

// Event restrictions (the events table of the rulings).

func TestEvent_NoHiring(t *testing.T) {
	s := position(t, "Hiring Freeze", "DD2 CC1", "DD2")
	if slices.Contains(legal(s), "hire") {
		t.Error("hire offered under Hiring Freeze")
	}
	refused(t, s, "hire", "allows no hiring")
}

func TestEvent_NoCollaborations(t *testing.T) {
	s := position(t, "Training Grant", "DD2 CC1 TC1", "DD2")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	for _, c := range collections(t, s) {
		if c != "collect nothing" && strings.Count(c, "1") != 1 {
			t.Errorf("collection %q under Training Grant", c)
		}
	}
}

func TestEvent_CollaborationsOnly(t *testing.T) {
	s := position(t, "Hackathon", "DD2 CC1 TC1", "DD2")
	apply(t, s, "upskill +1+1", "raise CC1", "raise TC1") // CC2 or TC2 alone could collect 2
	s.driver[0] = 2
	s.startCollect()
	for _, c := range collections(t, s) {
		if c == "collect nothing" {
			continue
		}
		total := 0
		for _, w := range strings.Fields(c)[:4] {
			total += int(w[1] - '0')
		}
		if total < 3 {
			t.Errorf("collection %q under Hackathon: only collaborations (D 2 + a bonus or more) may collect", c)
		}
	}
}

func TestEvent_NoCollaborationBonus(t *testing.T) {
	s := position(t, "Conference Season", "DD2 CC1 TC1", "DD2")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	got := collections(t, s)
	want := []string{"collect nothing"}
	for x := range NumResources {
		a := [NumResources]int{0, 1, 0, 0}
		a[x]++
		want = append(want, collectionOf(a[0], a[1], a[2], a[3], "none")) // base 2, no bonus
		var b [NumResources]int
		b[x] = 1
		want = append(want, collectionOf(b[0], b[1], b[2], b[3], "none")) // independent
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, slices.Compact(want)) {
		t.Errorf("Conference Season: %v, want %v", got, want)
	}
}

func TestEvent_NoSocialGlue(t *testing.T) {
	s := position(t, "Team Science Award", "DD2 SG1", "DD2 CC2")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	if got := collections(t, s); !slices.Equal(got, []string{"collect nothing"}) {
		t.Errorf("Team Science Award with only Social Glue: %v", got)
	}
	// The same team under Funding Call can collaborate.
	s = position(t, "Funding Call", "DD2 SG1", "DD2 CC2")
	apply(t, s, "upskill DD")
	s.driver[0] = 2
	s.startCollect()
	if got := collections(t, s); len(got) < 2 {
		t.Errorf("Funding Call: %v", got)
	}
}

// TestR13_UndoChoicesUntilTheCollection: our ruling R13, the engine's
// undo rule (issue 38) in Open Science Alliance. Within a turn a seat may
// take back its choices, back to the turn's start: an upskill's form and
// roles (O10, O17), a collection's amounts. The collection, made by its
// receiver or declined by "collect nothing" (O12), ends the turn and
// stands; a hire stands once its card is drawn (O11, chance), and the
// choices after it go back to the draw; a set-up pick (O5) ends the
// seat's set-up turn.
func TestR13_UndoChoicesUntilTheCollection(t *testing.T) {
	for _, tc := range []struct {
		name  string
		s     func(t *testing.T) *State
		moves []string
		want  []int // after each move, how many the seat to move may take back
	}{
		{"an upskill and a collection, back to the turn's start", nil,
			[]string{"upskill DD", "g0", "p1", "y0", "b0", "credit none"}, []int{1, 2, 3, 4, 5, 0}},
		{"an upskill's roles", nil,
			[]string{"upskill +1+1", "raise CC1", "raise TC1"}, []int{1, 2, 3}},
		{"collect nothing ends the turn", nil,
			[]string{"upskill DD", "collect nothing"}, []int{1, 0}},
		{"a hire's draw stands", nil,
			[]string{"hire", "draw SG", "g0", "p1"}, []int{0, 0, 1, 2}},
		{"a pick ends a set-up turn", func(t *testing.T) *State { return newGame(t, 2, nil) },
			[]string{"pick CC", "pick KL"}, []int{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *State
			if tc.s != nil {
				s = tc.s(t)
			} else {
				s = position(t, "Funding Call", "DD2 CC1 TC1", "DD2 KL1")
			}
			if got := gametest.UndoDepths(t, s, tc.moves...); !slices.Equal(got, tc.want) {
				t.Errorf("undo depths %v, want %v", got, tc.want)
			}
		})
	}
}

// Our rulings R14 and R15: the level limits of O4 as options, each
// overriding the cards file's; empty keeps it.

func TestR14_RoleMaxOption(t *testing.T) {
	// Under role-max=6 a role at 4 may still go up by 2, one at 5 by 1.
	opts := game.Options{OptRoleMax: "6"}
	s := positionWith(t, opts, "Funding Call", "DD6 CC4 TC5", "DD2")
	if got := legal(s); !slices.Equal(got, []string{"hire", "upskill +2", "upskill +1+1"}) {
		t.Fatalf("role-max=6, step (1): %v", got)
	}
	c := *s
	apply(t, &c, "upskill +2", "raise CC4")
	if c.team[0][CodeConjurer][6] != 1 {
		t.Errorf("after +2 from 4: CC %v", c.team[0][CodeConjurer])
	}
	if v := c.observe(0); v.Levels.RoleMax != 6 {
		t.Errorf("the view's role max %d", v.Levels.RoleMax)
	}
	// Under role-max=3 a role at 2 is at its top but one: +1 only.
	s = positionWith(t, game.Options{OptRoleMax: "3"}, "Funding Call", "DD6 CC2 TC2", "DD2")
	refused(t, s, "upskill +2", "level 1 or less")
	apply(t, s, "upskill +1+1", "raise CC2", "raise TC2")
	if s.team[0][CodeConjurer][3] != 1 || s.team[0][TransparencyChampion][3] != 1 {
		t.Errorf("after +1+1: CC %v TC %v", s.team[0][CodeConjurer], s.team[0][TransparencyChampion])
	}
	if DefaultCards().RoleMax != 4 {
		t.Error("the option changed the embedded cards")
	}
	for _, v := range []string{"1", "10", "four", "-4"} {
		refusedOption(t, OptRoleMax, v)
	}
}

func TestR15_DriverMaxOption(t *testing.T) {
	s := positionWith(t, game.Options{OptDriverMax: "8"}, "Funding Call", "DD6 CC4 TC4", "DD2")
	apply(t, s, "upskill DD")
	if s.driver[0] != 7 {
		t.Errorf("driver-max=8: DD at %d after an upskill from 6", s.driver[0])
	}
	s = positionWith(t, game.Options{OptDriverMax: "3"}, "Funding Call", "DD3 CC4 TC4", "DD2")
	refused(t, s, "upskill DD", "highest level, 3")
	if DefaultCards().DriverMax != 6 {
		t.Error("the option changed the embedded cards")
	}
	// Below the first level (O4: 2) is refused.
	for _, v := range []string{"1", "16", "six"} {
		refusedOption(t, OptDriverMax, v)
	}
}
