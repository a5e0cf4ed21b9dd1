package openscience_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/games/openscience"
)

// team writes a seat's team as the rulebook does: "DD2 CC1 TC1".
func team(sv openscience.SeatView) string {
	w := []string{fmt.Sprintf("DD%d", sv.Driver)}
	for _, r := range sv.Roles {
		w = append(w, fmt.Sprintf("%s%d", r.Code, r.Level))
	}
	return strings.Join(w, " ")
}

// hasRoles reports whether a team holds every card of want ("CC1").
func hasRoles(sv openscience.SeatView, want ...string) bool {
	have := strings.Fields(team(sv))[1:]
	for _, c := range want {
		i := slices.Index(have, c)
		if i < 0 {
			return false
		}
		have = slices.Delete(have, i, i+1)
	}
	return true
}

// Every example of the rulebook is built at every player count, under
// each round rule, and shows what its caption says.
func TestExamples(t *testing.T) {
	il, ok := openscience.Game.(game.Illustrator)
	if !ok {
		t.Fatal("Open Science Alliance has no examples (game.Illustrator)")
	}
	in := openscience.Game.Info()
	name := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		for _, opts := range []game.Options{nil, {openscience.OptRoundEnd: openscience.RoundEndFullCircle, openscience.OptRoundStart: openscience.RoundStartLastPlace}} {
			t.Run(fmt.Sprintf("%dp/%v", n, opts), func(t *testing.T) {
				cfg, err := game.Resolve(openscience.Game, n, opts)
				if err != nil {
					t.Fatal(err)
				}
				exs, err := il.Examples(cfg)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[string]bool{}
				for _, ex := range exs {
					if !name.MatchString(ex.Name) || seen[ex.Name] {
						t.Errorf("example name %q: want unique lower-case words joined by hyphens", ex.Name)
					}
					seen[ex.Name] = true
					if strings.TrimSpace(ex.Caption) == "" {
						t.Errorf("%s: no caption", ex.Name)
					}
					if ex.State == nil {
						t.Fatalf("%s: no state", ex.Name)
					}
					if got := ex.State.Config().Players; got != n {
						t.Errorf("%s: built for %d players, want %d", ex.Name, got, n)
					}
					o := ex.State.Observation(game.Spectator).(*openscience.Observation)
					if len(o.Seats) != n {
						t.Fatalf("%s: %d seats, want %d", ex.Name, len(o.Seats), n)
					}
					check, ok := exampleChecks[ex.Name]
					if !ok {
						t.Errorf("%s: no check of what it shows", ex.Name)
						continue
					}
					if err := check(ex, o, cfg); err != nil {
						t.Errorf("%s (%d players): %v\n%s", ex.Name, n, err, ex.State.Render(game.Spectator))
					}
				}
				for name := range exampleChecks {
					if !seen[name] {
						t.Errorf("example %s is missing", name)
					}
				}
			})
		}
	}
}

// exampleChecks check that each example's position shows its caption's
// rule.
var exampleChecks = map[string]func(ex game.Example, o *openscience.Observation, cfg game.Config) error{
	// After set-up every team is DD2, its picked Specialist and a drawn
	// role at 0; round 1's Funding Call has set the counters to 6, and
	// nobody has collected.
	"set-up": func(ex game.Example, o *openscience.Observation, cfg game.Config) error {
		if o.Status != "playing" || o.Round != 1 || o.Event == nil || o.Event.Name != "Funding Call" {
			return fmt.Errorf("status %s, round %d, Event %v: want round 1 of Funding Call under way", o.Status, o.Round, o.Event)
		}
		if want := (openscience.Amounts{Green: 6, Purple: 6, Yellow: 6, Blue: 6}); o.Stock != want || o.Event.Levels != want {
			return fmt.Errorf("stock %+v (Event %+v), want every counter at 6", o.Stock, o.Event.Levels)
		}
		for _, sv := range o.Seats {
			if sv.Driver != 2 || len(sv.Roles) != 2 || sv.Credits != 0 {
				return fmt.Errorf("seat %d: %s with %d credits, want DD2 and two roles, no credits", sv.Seat, team(sv), sv.Credits)
			}
			specialists := 0
			for _, r := range sv.Roles {
				if r.Level != 0 {
					return fmt.Errorf("seat %d: %s: roles start at level 0", sv.Seat, team(sv))
				}
				if slices.Contains([]string{"DW", "CC", "PEG", "KL"}, r.Code) {
					specialists++
				}
			}
			if specialists == 0 {
				return fmt.Errorf("seat %d: %s: no Specialist picked", sv.Seat, team(sv))
			}
		}
		if o.DeckSize != 30-2*len(o.Seats) {
			return fmt.Errorf("the deck holds %d cards, want 30 less two a seat", o.DeckSize)
		}
		if !strings.Contains(ex.Caption, "level-2") || !strings.Contains(ex.Caption, "6 green") {
			return fmt.Errorf("caption %q does not quote the position's numbers", ex.Caption)
		}
		return nil
	},
	// Seat 1's TC2 alone took 2 resources of 2 colours, 1 each, for 2
	// credits (a collaboration of DD2 would have earned at least 3); its
	// DW0 is still at 0.
	"alone": func(ex game.Example, o *openscience.Observation, cfg game.Config) error {
		s1 := o.Seats[0]
		if !hasRoles(s1, "TC2", "DW0") || len(s1.Roles) != 2 {
			return fmt.Errorf("seat 1's team %s, want DD2 DW0 TC2", team(s1))
		}
		if s1.Credits != 2 {
			return fmt.Errorf("seat 1 has %d credits, want 2: the Champion's level, no bonus", s1.Credits)
		}
		if want := (openscience.Amounts{Green: 6, Purple: 5, Yellow: 6, Blue: 5}); o.Stock != want {
			return fmt.Errorf("stock %+v, want %+v: 1 purple and 1 blue taken", o.Stock, want)
		}
		if o.ToMove != 2 || o.Phase != "step1" {
			return fmt.Errorf("seat %d to move at %s, want seat 2's turn next", o.ToMove, o.Phase)
		}
		return nil
	},
	// Seat 1's DD2 with CC1 and TC1 earned 4 (2 of base, a bonus each):
	// purple down by 2, one green and one yellow taken; play moved on.
	"collaboration": func(ex game.Example, o *openscience.Observation, cfg game.Config) error {
		s1 := o.Seats[0]
		if s1.Driver != 2 || !hasRoles(s1, "CC1", "TC1") {
			return fmt.Errorf("seat 1's team %s, want DD2 with CC1 and TC1", team(s1))
		}
		if s1.Credits != 4 {
			return fmt.Errorf("seat 1 has %d credits, want 4 (the Driver's 2 plus a bonus for each of 2 roles)", s1.Credits)
		}
		if want := (openscience.Amounts{Green: 5, Purple: 4, Yellow: 5, Blue: 6}); o.Stock != want {
			return fmt.Errorf("stock %+v, want %+v: 2 purple, 1 green, 1 yellow taken", o.Stock, want)
		}
		for _, sv := range o.Seats[1:] {
			if sv.Credits != 0 {
				return fmt.Errorf("seat %d has %d credits", sv.Seat, sv.Credits)
			}
		}
		if o.ToMove != 2 || o.Phase != "step1" {
			return fmt.Errorf("seat %d to move at %s, want seat 2's turn next", o.ToMove, o.Phase)
		}
		return nil
	},
	// Reproducibility Crisis (2 yellow, 2 blue, collaborations only):
	// seat 1's collaboration took both, two colours are at 0, and round 1
	// has ended (after the lap, under full-circle): the next Event is the
	// pending chance event.
	"round-end": func(ex game.Example, o *openscience.Observation, cfg game.Config) error {
		if o.Event == nil || o.Event.Name != "Reproducibility Crisis" || o.Event.Restriction != "collaborations-only" || o.Event.Levels.Yellow != 2 || o.Event.Levels.Blue != 2 {
			return fmt.Errorf("Event %+v, want Reproducibility Crisis: 2 yellow, 2 blue, collaborations only", o.Event)
		}
		if o.Stock.Yellow != 0 || o.Stock.Blue != 0 || o.Stock.Green != 8 || o.Stock.Purple != 8 {
			return fmt.Errorf("stock %+v, want yellow and blue at 0, green and purple untouched", o.Stock)
		}
		if s1 := o.Seats[0]; s1.Credits != 4 || !hasRoles(s1, "PEG1", "KL1") {
			return fmt.Errorf("seat 1: %s with %d credits, want PEG1 KL1 and 4 credits", team(s1), s1.Credits)
		}
		if o.Phase != "event" || o.Round != 1 || o.RoundsEnded["depleted"] != 1 || o.RoundsEnded["idle"] != 0 {
			return fmt.Errorf("phase %s, round %d, rounds ended %v: want round 1 ended by running out, the next Event to come", o.Phase, o.Round, o.RoundsEnded)
		}
		return nil
	},
	// The last seat's Social Glue brought seat 1's CC2: 4 resources (2
	// purple of base, a purple and a green of bonus), 3 credits to the
	// collector and 1 to seat 1, whose Conjurer helped.
	"social-glue": func(ex game.Example, o *openscience.Observation, cfg game.Config) error {
		n := len(o.Seats)
		last, s1 := o.Seats[n-1], o.Seats[0]
		if !hasRoles(s1, "CC2") || !hasRoles(last, "SG0") || last.Driver != 2 {
			return fmt.Errorf("seat 1 %s, seat %d %s: want seat 1's CC2 and seat %d's DD2 with SG0", team(s1), n, team(last), n)
		}
		if hasRoles(last, "CC2") {
			return fmt.Errorf("seat %d %s has a Code Conjurer of its own: the purple must come through seat 1's", n, team(last))
		}
		if last.Credits != 3 || s1.Credits != 1 {
			return fmt.Errorf("credits: seat %d %d, seat 1 %d; want 3 and 1 (one credit passes)", n, last.Credits, s1.Credits)
		}
		for _, sv := range o.Seats[1 : n-1] {
			if sv.Credits != 0 {
				return fmt.Errorf("seat %d has %d credits", sv.Seat, sv.Credits)
			}
		}
		if want := (openscience.Amounts{Green: 5, Purple: 3, Yellow: 6, Blue: 6}); o.Stock != want {
			return fmt.Errorf("stock %+v, want %+v: 3 purple and 1 green taken", o.Stock, want)
		}
		if !strings.Contains(ex.Caption, fmt.Sprintf("Seat %d's Social Glue", n)) {
			return fmt.Errorf("caption %q does not name seat %d", ex.Caption, n)
		}
		return nil
	},
}

// Examples refuses a configuration that makes no game, with the game's
// own error.
func TestExamplesRefuseABadConfig(t *testing.T) {
	il := openscience.Game.(game.Illustrator)
	if _, err := il.Examples(game.Config{Players: 6}); err == nil {
		t.Error("6 players: examples built, want the game's refusal")
	}
}
