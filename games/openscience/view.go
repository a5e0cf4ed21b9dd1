package openscience

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// Observation is what a seat or a spectator sees: everything, since teams
// and credits lie face up and what is unknown (the role deck's order, the
// Events to come) is not yet decided but drawn by chance (O5, O6). The
// role deck's contents are public: they are the starting deck less every
// card on the table.
type Observation struct {
	Game     string `json:"game"`
	Viewer   int    `json:"viewer"` // the viewer's seat; 0 for a spectator
	Players  int    `json:"players"`
	RoundEnd string `json:"round_end"` // O8's option
	// Status is "setup", "playing" or "over".
	Status string `json:"status"`
	// Phase is the step the game waits for: "pick", "deal", "event",
	// "step1" (upskill or hire), "raise", "hire", "collect" or "over".
	Phase string `json:"phase"`
	// ToMove is the seat to move, 0 at a chance node or at the end.
	ToMove int `json:"to_move"`
	// Chance describes the pending chance event, if any.
	Chance string `json:"chance,omitempty"`
	Round  int    `json:"round"` // the current round, 0 before the first
	Rounds int    `json:"rounds"`
	// Levels are the highest levels of the cards in play (O4).
	Levels LevelLimits `json:"levels"`
	// First is the current round's first player (O7).
	First int `json:"first"`
	// Event is the current round's Event.
	Event *EventView `json:"event,omitempty"`
	// Past are the Events of the rounds before, in order.
	Past []string `json:"past"`
	// Stock is the round's resources left, by type (O7).
	Stock Amounts `json:"stock"`
	// Deck is the role deck's cards by role, and DeckSize their number.
	Deck     map[string]int `json:"deck"`
	DeckSize int            `json:"deck_size"`
	// Idle counts the turns in a row without a collection (O8).
	Idle  int        `json:"idle"`
	Seats []SeatView `json:"seats"`
	// Upskill is the upskill being made, in phase "raise".
	Upskill *UpskillView `json:"upskill,omitempty"`
	// Collecting is the collection being made, in phase "collect".
	Collecting *CollectView `json:"collecting,omitempty"`
	// RoundsEnded counts the rounds that ended because two resource types
	// ran out ("depleted") and after a lap without collections ("idle").
	RoundsEnded map[string]int `json:"rounds_ended"`
	// Returns are the results at the end (O9).
	Returns []float64 `json:"returns,omitempty"`
}

// LevelLimits are the highest levels of a role and of the Discovery
// Driver (O4: 4 and 6, unless a cards file says otherwise).
type LevelLimits struct {
	RoleMax   int `json:"role_max"`
	DriverMax int `json:"driver_max"`
}

// Amounts are resource counts by type.
type Amounts struct {
	Green  int `json:"green"`
	Purple int `json:"purple"`
	Yellow int `json:"yellow"`
	Blue   int `json:"blue"`
}

func amounts(v [NumResources]int8) Amounts {
	return Amounts{int(v[0]), int(v[1]), int(v[2]), int(v[3])}
}

// EventView is an Event card.
type EventView struct {
	Name        string  `json:"name"`
	Levels      Amounts `json:"levels"`
	Restriction string  `json:"restriction"`
}

// SeatView is one player's team and credits.
type SeatView struct {
	Seat    int `json:"seat"`
	Credits int `json:"credits"`
	// Driver is the Discovery Driver's level.
	Driver int        `json:"driver"`
	Roles  []RoleView `json:"roles"`
}

// RoleView is one role card: Role is its name ("code-conjurer"), Code its
// notation ("CC").
type RoleView struct {
	Role  string `json:"role"`
	Code  string `json:"code"`
	Level int    `json:"level"`
}

// UpskillView is an upskill under way: Form is "+2" or "+1+1", First the
// first role of "+1+1" once chosen ("CC1").
type UpskillView struct {
	Form  string `json:"form"`
	First string `json:"first,omitempty"`
}

// CollectView is a collection under way: the amounts chosen so far, in the
// order g, p, y, b, and the next choice ("green"... or "credit").
type CollectView struct {
	Chosen []int  `json:"chosen"`
	Next   string `json:"next"`
}

var phaseNames = [...]string{"pick", "deal", "event", "step1", "raise", "hire", "collect", "over"}

// Observation returns what p sees (p a seat or game.Spectator).
func (s *State) Observation(p game.Player) any { return s.observe(p) }

func (s *State) observe(p game.Player) *Observation {
	o := &Observation{
		Game: info.Name, Players: s.n(), RoundEnd: s.r.cfg.Options.Get(OptRoundEnd),
		Phase: phaseNames[s.phase], Round: int(s.round), Rounds: s.r.cards.Rounds,
		Levels: LevelLimits{s.r.cards.RoleMax, s.r.cards.DriverMax},
		First:  int(s.first) + 1, Stock: amounts(s.stock), Deck: map[string]int{}, DeckSize: int(s.deckN),
		Idle: int(s.idle), Past: []string{},
		RoundsEnded: map[string]int{"depleted": int(s.ends[endDepleted]), "idle": int(s.ends[endIdle])},
	}
	if o.RoundEnd == "" {
		o.RoundEnd = RoundEndImmediate
	}
	if p >= 0 && int(p) < s.n() {
		o.Viewer = int(p) + 1
	}
	switch {
	case s.phase == phaseOver:
		o.Status = "over"
		o.Returns = s.Returns(nil)
	case s.round == 0:
		o.Status = "setup"
	default:
		o.Status = "playing"
	}
	if cp := s.CurrentPlayer(); cp >= 0 {
		o.ToMove = int(cp) + 1
	} else if cp == game.Chance {
		o.Chance = s.chanceWhat()
	}
	if s.event >= 0 {
		e := s.r.cards.Events[s.event]
		o.Event = &EventView{Name: e.Name, Restriction: e.Restriction.String(),
			Levels: Amounts{e.Levels[0], e.Levels[1], e.Levels[2], e.Levels[3]}}
	}
	for i := range int(s.round) - 1 {
		o.Past = append(o.Past, s.r.cards.Events[s.history[i]].Name)
	}
	for k, n := range s.deck {
		o.Deck[roleNames[k]] = int(n)
	}
	for q := range s.n() {
		sv := SeatView{Seat: q + 1, Credits: int(s.credits[q]), Driver: int(s.driver[q]), Roles: []RoleView{}}
		for k := range NumRoles {
			for l := levels - 1; l >= 0; l-- {
				for range s.team[q][k][l] {
					sv.Roles = append(sv.Roles, RoleView{Role: roleNames[k], Code: roleCodes[k], Level: l})
				}
			}
		}
		o.Seats = append(o.Seats, sv)
	}
	switch s.phase {
	case phaseRaise:
		u := &UpskillView{Form: "+2"}
		if s.form == formTwo {
			u.Form = "+1+1"
			if s.raised >= 0 {
				u.First = roleAt(int(s.raised))
			}
		}
		o.Upskill = u
	case phaseCollect:
		c := &CollectView{Chosen: []int{}, Next: "credit"}
		for t := range int(s.step) {
			c.Chosen = append(c.Chosen, int(s.amount[t]))
		}
		if s.step < NumResources {
			c.Next = resourceNames[s.step]
		}
		o.Collecting = c
	}
	return o
}

// Render draws the state as text: the round and its Event, the stock, and
// each seat's credits and team.
func (s *State) Render(p game.Player) string {
	o := s.observe(p)
	var b strings.Builder
	switch {
	case o.Event != nil:
		fmt.Fprintf(&b, "Round %d of %d: %s", o.Round, o.Rounds, o.Event.Name)
		if o.Event.Restriction != "none" {
			fmt.Fprintf(&b, " (%s)", strings.ReplaceAll(o.Event.Restriction, "-", " "))
		}
		fmt.Fprintf(&b, "; seat %d began the round\n", o.First)
		fmt.Fprintf(&b, "Stock: green %d  purple %d  yellow %d  blue %d", o.Stock.Green, o.Stock.Purple, o.Stock.Yellow, o.Stock.Blue)
		if o.Idle > 0 {
			fmt.Fprintf(&b, "   (%d turn(s) in a row without collecting; %d end the round)", o.Idle, o.Players)
		}
		b.WriteByte('\n')
	default:
		fmt.Fprintf(&b, "Set-up: %d rounds to play\n", o.Rounds)
	}
	fmt.Fprintf(&b, "Role deck: %d cards (%s)\n", o.DeckSize, strings.TrimPrefix(s.deckWhat(), "the role deck holds "))
	for _, sv := range o.Seats {
		mark := "  "
		if sv.Seat == o.ToMove {
			mark = "> "
		}
		fmt.Fprintf(&b, "%sseat %d  %3d credits  DD%d", mark, sv.Seat, sv.Credits, sv.Driver)
		for _, r := range sv.Roles {
			fmt.Fprintf(&b, " %s%d", r.Code, r.Level)
		}
		if sv.Seat == o.Viewer {
			b.WriteString("   (you)")
		}
		b.WriteByte('\n')
	}
	switch {
	case o.Status == "over":
		b.WriteString(s.outcome())
		b.WriteByte('\n')
	case o.Chance != "":
		fmt.Fprintf(&b, "Chance: %s\n", o.Chance)
	case o.Upskill != nil:
		fmt.Fprintf(&b, "Seat %d upskills %s", o.ToMove, o.Upskill.Form)
		if o.Upskill.First != "" {
			fmt.Fprintf(&b, ", %s first", o.Upskill.First)
		}
		b.WriteString(": which role?\n")
	case o.Collecting != nil && s.step > 0:
		fmt.Fprintf(&b, "Seat %d collects%s; next: the %s\n", o.ToMove, s.chosenSoFar(), o.Collecting.Next)
	case o.Phase == "collect":
		fmt.Fprintf(&b, "Seat %d collects (or collects nothing)\n", o.ToMove)
	case o.Phase == "step1":
		fmt.Fprintf(&b, "Seat %d upskills or hires\n", o.ToMove)
	case o.Phase == "pick":
		fmt.Fprintf(&b, "Seat %d picks a Specialist\n", o.ToMove)
	}
	return b.String()
}

// outcome says who won (O9).
func (s *State) outcome() string {
	ret := s.Returns(nil)
	var win []string
	for q, r := range ret {
		if r > 0 {
			win = append(win, fmt.Sprintf("seat %d", q+1))
		}
	}
	best := s.credits[0]
	for q := range s.n() {
		best = max(best, s.credits[q])
	}
	if len(win) == 1 {
		return fmt.Sprintf("Game over: %s wins with %d credits", win[0], best)
	}
	return fmt.Sprintf("Game over: %s share the win with %d credits each", strings.Join(win, " and "), best)
}
