package openscience

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/open-science-alliance.md) shows
// example positions (game.Illustrator), each built from a new game by
// legal moves and chance outcomes only.
var _ game.Illustrator = openScience{}

// Names of the rulebook's examples.
const (
	exSetUp         = "set-up"
	exAlone         = "alone"
	exCollaboration = "collaboration"
	exRoundEnd      = "round-end"
	exSocialGlue    = "social-glue"
)

// exampleSpecialists are the Specialists the seats pick in the examples
// (seat 1 first), a different one for each neighbour; exampleDraws the
// roles they draw. Seats past the ones an example names take these.
var (
	exampleSpecialists = [maxPlayers]string{"CC", "KL", "DW", "PEG", "DW"}
	exampleDraws       = [maxPlayers]string{"TC", "DW", "KL", "CC", "PEG"}
)

// Examples returns the rulebook's example positions for cfg, at any
// player count (game.Illustrator):
//
//   - set-up: the teams after set-up, under round 1's Event;
//   - alone: a level-2 Transparency Champion collecting on its own (O13);
//   - collaboration: the seed's collaboration (O14), a Discovery Driver at
//     its first level with a Code Conjurer and a Transparency Champion at
//     level 1, just made;
//   - round-end: a collaboration that takes the last yellow and blue of a
//     Reproducibility Crisis, and the round ends (O8);
//   - social-glue: the last seat's Social Glue brings seat 1's level-2
//     Code Conjurer into a collaboration, and one credit passes (O15).
//
// A configuration whose cards make one of them impossible (a cards file
// without the Events or roles they use) returns the refused move's error.
func (openScience) Examples(cfg game.Config) ([]game.Example, error) {
	if _, err := newRules(cfg); err != nil {
		return nil, err
	}
	n := cfg.Players
	full := cfg.Options.Get(OptRoundEnd) == RoundEndFullCircle
	var out []game.Example
	add := func(name, caption string, s *State, err error, marks ...string) error {
		if err != nil {
			return fmt.Errorf("%s: example %s: %w", info.Name, name, err)
		}
		out = append(out, game.Example{Name: name, Caption: caption, State: s, Marks: marks})
		return nil
	}

	// Set-up: picks, draws, and round 1's Event.
	s, err := exampleStart(cfg, nil, nil, "funding-call")
	caption := ""
	if err == nil {
		o := s.observe(game.Spectator)
		caption = fmt.Sprintf("After set-up each team is a level-%d Discovery Driver, the Specialist its player picked and one role drawn from the deck, both at level 0. "+
			"Round 1's Event, %s, has set the counters to %d green, %d purple, %d yellow and %d blue.",
			o.Seats[0].Driver, o.Event.Name, o.Stock.Green, o.Stock.Purple, o.Stock.Yellow, o.Stock.Blue)
	}
	if err := add(exSetUp, caption, s, err, "g", "p", "y", "b"); err != nil {
		return nil, err
	}

	// Alone: a level-2 Transparency Champion takes 2 of different colours.
	s, err = exampleStart(cfg, []string{"DW"}, []string{"TC"}, "funding-call")
	if err == nil {
		err = s.play("upskill +2", "raise TC0", "g0", "p1", "y0", "b1", "credit none")
	}
	if err := add(exAlone, "Seat 1 raised its Transparency Champion to level 2 and sent it alone: it took 2 resources, each a different colour (1 purple and 1 blue), for 2 credits. "+
		"Its Data Wizard, still at level 0, could have taken nothing alone.", s, err, "TC2", "p", "b"); err != nil {
		return nil, err
	}

	// The seed's collaboration: DD2 with CC1 and TC1 takes 2 of base and
	// 2 of bonus.
	s, err = exampleStart(cfg, nil, nil, "funding-call")
	if err == nil {
		err = s.play("upskill +1+1", "raise CC0", "raise TC0", "g1", "p2", "y1", "b0", "credit none")
	}
	if err := add(exCollaboration, "Seat 1 raised its Code Conjurer and Transparency Champion to level 1, then its level-2 Discovery Driver invited both (1 + 1 = 2). "+
		"Together they took 2 resources, then a bonus each: 2 purple, 1 green and 1 yellow in all, so seat 1 earned 4 credits.", s, err, "CC1", "TC1"); err != nil {
		return nil, err
	}

	// A round that ends with two colours at 0: seat 1's Guru and
	// Liberator take the last 2 yellow and 2 blue.
	s, err = exampleStart(cfg, []string{"PEG"}, []string{"KL"}, "reproducibility-crisis")
	if err == nil {
		err = s.play("upskill +1+1", "raise PEG0", "raise KL0", "g0", "p0", "y2", "b2", "credit none")
	}
	caption = "Reproducibility Crisis gave only 2 yellow and 2 blue, and allows collaborations only. Seat 1's collaboration took all of both, so with two colours at 0 the round is over: the next Event comes up."
	if full && err == nil {
		// full-circle: the rest of the lap plays before the round ends.
		for q := 1; q < n && err == nil; q++ {
			err = s.play("upskill +2", "raise "+exampleSpecialists[q]+"0", "collect nothing")
		}
		caption = "Reproducibility Crisis gave only 2 yellow and 2 blue, and allows collaborations only. Seat 1's collaboration took all of both; the other players finished the lap, and the round is over: the next Event comes up."
	}
	if err := add(exRoundEnd, caption, s, err, "y", "b"); err != nil {
		return nil, err
	}

	// Social Glue: the last seat brings seat 1's CC2.
	draws := make([]string, n)
	draws[n-1] = "SG"
	s, err = exampleStart(cfg, nil, draws, "funding-call")
	if err == nil {
		err = s.play("upskill +2", "raise CC0", "collect nothing")
	}
	for q := 1; q < n-1 && err == nil; q++ {
		err = s.play("upskill +2", "raise "+exampleSpecialists[q]+"0", "collect nothing")
	}
	if err == nil {
		err = s.play("upskill +2", "raise "+exampleSpecialists[n-1]+"0", "g1", "p3", "y0", "b0", fmt.Sprintf("credit %d", 1))
	}
	if err := add(exSocialGlue, fmt.Sprintf("Seat %d's Social Glue brought seat 1's level-2 Code Conjurer into a collaboration: it took 2 purple and a bonus purple, and Social Glue's bonus took a green. "+
		"Of those 4 resources seat %d earned 3, and seat 1 earned 1 for its Conjurer's help.", n, n), s, err, "SG0", "CC2"); err != nil {
		return nil, err
	}
	return out, nil
}

// exampleStart plays a set-up, seat q picking picks[q] and drawing
// draws[q] (exampleSpecialists and exampleDraws where those are short or
// empty), then reveals round 1's Event, named in notation.
func exampleStart(cfg game.Config, picks, draws []string, event string) (*State, error) {
	st, err := Game.New(cfg)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	var moves []string
	for q := range cfg.Players {
		p := exampleSpecialists[q]
		if q < len(picks) && picks[q] != "" {
			p = picks[q]
		}
		moves = append(moves, "pick "+p)
	}
	for q := range cfg.Players {
		d := exampleDraws[q]
		if q < len(draws) && draws[q] != "" {
			d = draws[q]
		}
		moves = append(moves, "draw "+d)
	}
	moves = append(moves, "event "+event)
	return s, s.play(moves...)
}

// play applies moves and chance outcomes in notation, each checked legal:
// a chance outcome must be one of the node's ChanceOutcomes, a move one
// of LegalActions. It stops at the first refused.
func (s *State) play(moves ...string) error {
	for _, m := range moves {
		a, err := s.ParseAction(m)
		if err != nil {
			return err
		}
		ok := false
		if s.CurrentPlayer() == game.Chance {
			for _, o := range s.ChanceOutcomes(nil) {
				ok = ok || o.Action == a
			}
		} else {
			for _, l := range s.LegalActions(nil) {
				ok = ok || l == a
			}
		}
		if !ok {
			if err := s.check(a); err != nil {
				return fmt.Errorf("%s: %w", m, err)
			}
			return fmt.Errorf("%s: not legal here (%s)", m, strings.TrimSpace(s.Render(game.Spectator)))
		}
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
	}
	return nil
}
