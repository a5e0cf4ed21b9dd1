package openscience

import (
	"github.com/commons-games/commons/game"
)

// The rulebook for players (docs/rulebooks/open-science-alliance.md)
// quotes the game's numbers by name (game.Numberer).
var _ game.Numberer = openScience{}

// RoleRow is one line of the rulebook's table of roles: a role's name,
// its short code, its kind, what it collects and its cards in the deck.
type RoleRow struct {
	Name, Code, Kind, Collects string
	Count                      int
}

// ResourceRow is one resource type: its colour and what it stands for.
type ResourceRow struct {
	Colour, Stands string
}

// EventRow is one Event card: its name, its four resource levels and its
// restriction in players' words.
type EventRow struct {
	Name                        string
	Green, Purple, Yellow, Blue int
	Restriction                 string
}

// restrictionWords say each restriction for players.
var restrictionWords = [numRestrictions]string{
	NoRestriction:        "none",
	NoHiring:             "no hiring",
	CollaborationsOnly:   "collaborations only",
	NoCollaborations:     "no collaborations",
	NoCollaborationBonus: "no collaboration bonus",
	NoSocialGlue:         "no Social Glue",
}

// roleCollects says what each role collects, for the table of roles.
var roleCollects = [NumRoles]string{
	DataWizard:           "green",
	CodeConjurer:         "purple",
	PublicEngagementGuru: "yellow",
	KnowledgeLiberator:   "blue",
	TransparencyChampion: "one of each colour",
	SocialGlue:           "nothing; brings in another player's Specialist",
}

// Numbers returns the numbers the rulebook quotes, for cfg: the cards
// file with the level limits of options role-max and driver-max applied
// (R14, R15), and the round rules of options round-end and round-start.
// A configuration that makes no game (a player count outside 2..5, an
// unknown option value, a cards file that cannot serve the players) is an
// error. The names:
//
//	players_min, players_max  the player counts (O1)
//	drivers                   Discovery Driver cards (O1)
//	rounds, events            rounds in a game, Event cards in all
//	deck, roles               role cards in all, and a []RoleRow
//	specialists               Specialist cards in the deck
//	types, resources          resource types, and a []ResourceRow
//	event_list                the Event cards, a []EventRow
//	role_max, driver_start, driver_max   the level limits (O4)
//	up2_max, up1_max, driver_up_max      the highest levels an upskill
//	                          raises from: a role by 2, two roles by 1,
//	                          the Discovery Driver (O10)
//	round_end, round_start    the options' values ("immediate" or
//	                          "full-circle"; "rotate" or "last-place")
//	ex_driver, ex_conjurer, ex_champion, ex_purple, ex_total
//	                          the seed's collaboration example at the
//	                          Discovery Driver's first level
//	ex_brought, ex_glue_total, ex_glue_you
//	                          the Social Glue example of the rules: a
//	                          Driver at its first level D, Social Glue
//	                          bringing another player's Code Conjurer at
//	                          level D, which takes D purple and its bonus,
//	                          Social Glue's bonus 1 green; one credit
//	                          passes to the Conjurer's owner
func (openScience) Numbers(cfg game.Config) (map[string]any, error) {
	r, err := newRules(cfg)
	if err != nil {
		return nil, err
	}
	c := r.cards
	deck, specs := 0, 0
	roles := make([]RoleRow, NumRoles)
	for k := range NumRoles {
		role := Role(k)
		kind := "Generalist"
		if role.Specialist() {
			kind = "Specialist"
			specs += c.Deck[k]
		}
		deck += c.Deck[k]
		roles[k] = RoleRow{Name: roleTitles[k], Code: roleCodes[k], Kind: kind, Collects: roleCollects[k], Count: c.Deck[k]}
	}
	resources := make([]ResourceRow, NumResources)
	for t := range NumResources {
		resources[t] = ResourceRow{Colour: resourceNames[t], Stands: resourceTitles[t]}
	}
	events := make([]EventRow, len(c.Events))
	for i, e := range c.Events {
		events[i] = EventRow{
			Name:  e.Name,
			Green: e.Levels[Green], Purple: e.Levels[Purple], Yellow: e.Levels[Yellow], Blue: e.Levels[Blue],
			Restriction: restrictionWords[e.Restriction],
		}
	}
	roundEnd := RoundEndImmediate
	if r.fullCircle {
		roundEnd = RoundEndFullCircle
	}
	roundStart := RoundStartRotate
	if r.lastPlace {
		roundStart = RoundStartLastPlace
	}
	// The seed's example: a Discovery Driver at its first level D invites
	// a Code Conjurer and a Transparency Champion whose levels total D;
	// the Champion at level 1 takes 1 of choice, the Conjurer the rest in
	// purple, and each takes one more as its bonus.
	exDriver := c.DriverStart
	exChampion := min(1, exDriver)
	exConjurer := min(exDriver-exChampion, c.RoleMax)
	exBrought := min(exDriver, c.RoleMax)
	return map[string]any{
		"players_min":   info.MinPlayers,
		"players_max":   info.MaxPlayers,
		"drivers":       maxPlayers,
		"rounds":        c.Rounds,
		"events":        len(c.Events),
		"deck":          deck,
		"specialists":   specs,
		"roles":         roles,
		"types":         NumResources,
		"resources":     resources,
		"event_list":    events,
		"role_max":      c.RoleMax,
		"driver_start":  c.DriverStart,
		"driver_max":    c.DriverMax,
		"up2_max":       c.RoleMax - 2,
		"up1_max":       c.RoleMax - 1,
		"driver_up_max": c.DriverMax - 1,
		"round_end":     roundEnd,
		"round_start":   roundStart,
		"ex_driver":     exDriver,
		"ex_conjurer":   exConjurer,
		"ex_champion":   exChampion,
		"ex_purple":     exConjurer + 1,
		"ex_total":      exConjurer + exChampion + 2,
		"ex_brought":    exBrought,
		"ex_glue_total": exBrought + 2,
		"ex_glue_you":   exBrought + 1,
	}, nil
}
