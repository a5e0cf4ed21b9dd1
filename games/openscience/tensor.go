package openscience

import "github.com/commons-games/commons/game"

// The observation tensor (game.Tensorer) is one vector of 128 values, the
// same shape for 2 to 5 players, with seats counted from seat p (relative
// seat 0 is p, 1 the next seat, ...). Counts and levels are divided by a
// fixed scale (in brackets) and may exceed 1 in a variant:
//
//	0-94     the 5 relative seats, 19 values each: seated, to move, the
//	         round's first player, credits [20], the Discovery Driver's
//	         level [15], then 2 values for each of the 6 roles
//	         (data-wizard, code-conjurer, public-engagement-guru,
//	         knowledge-liberator, transparency-champion, social-glue):
//	         the cards held [3] and the sum of their levels [10];
//	         then 2 unused
//	95-98    the round's stock of green, purple, yellow, blue [10]
//	99-104   the role deck's cards of each role [20]
//	105      the deck's size [60]
//	106      turns in a row without a collection [10]
//	107      the round over the rounds
//	108-115  the phase one-hot: pick, deal, event, step1, raise, hire,
//	         collect, over
//	116-119  the Event's levels of green, purple, yellow, blue [5]
//	120-125  the Event's restriction one-hot: none, no-hiring,
//	         collaborations-only, no-collaborations,
//	         no-collaboration-bonus, no-social-glue
//	126-127  the highest role level and Discovery Driver level [15]
//
// Everything comes from Observation(p): nothing p may not see.
const (
	seatValues = 19
	tStock     = maxPlayers * seatValues
	tDeck      = tStock + NumResources
	tTail      = tDeck + NumRoles
	tPhase     = tTail + 3
	tEvent     = tPhase + 8
	tRestr     = tEvent + NumResources
	tLevels    = tRestr + int(numRestrictions)
	tensorSize = tLevels + 2
)

var _ game.Tensorer = (*State)(nil)

// ObservationShape returns [128].
func (s *State) ObservationShape() []int { return []int{tensorSize} }

// ObservationTensor appends seat p's tensor to dst[:0].
func (s *State) ObservationTensor(p game.Player, dst []float32) []float32 {
	o := s.observe(p)
	t := game.Tensor(dst, tensorSize)
	n := o.Players
	for _, sv := range o.Seats {
		rel := ((sv.Seat - 1) - int(p) + n) % n
		b := rel * seatValues
		t[b] = 1
		if o.ToMove == sv.Seat {
			t[b+1] = 1
		}
		if o.First == sv.Seat {
			t[b+2] = 1
		}
		t[b+3] = float32(sv.Credits) / 20
		t[b+4] = float32(sv.Driver) / 15
		for _, rv := range sv.Roles {
			for k, name := range roleNames {
				if rv.Role == name {
					t[b+5+2*k] += 1.0 / 3
					t[b+6+2*k] += float32(rv.Level) / 10
				}
			}
		}
	}
	for k, v := range [NumResources]int{o.Stock.Green, o.Stock.Purple, o.Stock.Yellow, o.Stock.Blue} {
		t[tStock+k] = float32(v) / 10
	}
	for k, name := range roleNames {
		t[tDeck+k] = float32(o.Deck[name]) / 20
	}
	t[tTail] = float32(o.DeckSize) / 60
	t[tTail+1] = float32(o.Idle) / 10
	if o.Rounds > 0 {
		t[tTail+2] = float32(o.Round) / float32(o.Rounds)
	}
	for k, name := range phaseNames {
		if o.Phase == name {
			t[tPhase+k] = 1
		}
	}
	if e := o.Event; e != nil {
		for k, v := range [NumResources]int{e.Levels.Green, e.Levels.Purple, e.Levels.Yellow, e.Levels.Blue} {
			t[tEvent+k] = float32(v) / 5
		}
		for k, name := range restrictionNames {
			if e.Restriction == name {
				t[tRestr+k] = 1
			}
		}
	}
	t[tLevels] = float32(o.Levels.RoleMax) / 15
	t[tLevels+1] = float32(o.Levels.DriverMax) / 15
	return t
}

// NumDistinctActions returns nActions: every player action is below it.
func (s *State) NumDistinctActions() int { return int(nActions) }
