package opensource

import (
	"fmt"
	"math/bits"

	"github.com/commons-games/commons/game"
)

// maxExtra bounds the extra dice of a roll: every Agility card of a cards
// file used twice (Hardware).
const maxExtra = 2 * maxSetCards

// Action numbering of a seat's moves (docs/rules/open-source-board-game.md,
// "Action numbers"). Chance outcomes are a tile type (the start tile), a
// Market Demand card's index (a reveal) and a roll, 32*Y + B for Y yellow
// and B blue dice (the rest red).
const (
	actPlace    = 0                      // + space*3 + turn: in the Commons (G8)
	actLab      = actPlace + nSpaces*3   // + space*3 + turn: in the seat's Lab (G8)
	actReturn   = actLab + nSpaces*3     // G9: the tile fits nowhere, back to the supply
	actLift     = actReturn + 1          // + space: lift a Commons tile (G11)
	actTake     = actLift + nSpaces      // + type: take from the supply
	actKeep     = actTake + NumTypes     // + 4*Y + B: the three dice kept (Agility)
	actCatch    = actKeep + 16           // + 3*from + to: change a die (Bug catching)
	actRoll     = actCatch + 9           // + extra dice (Agility)
	actFork     = actRoll + maxExtra + 1 // + type (Forking)
	actMove     = actFork + NumTypes     // + space: the Commons tile to move (Compatibility)
	actMoveLab  = actMove + nSpaces      // + space: the Lab tile to move
	actTo       = actMoveLab + nSpaces   // + space*3 + turn: where it goes
	actBDFL     = actTo + nSpaces*3      // + card: the BDFL card used
	actOn       = actBDFL + maxSetCards  // + space: the Commons tile its token goes on
	actHardware = actOn + nSpaces        // + set: the card used once more
	actAgain    = actHardware + maxSets  // Productivity: roll and play another tile
	actDone     = actAgain + 1           // end of phase e
	actInfra    = actDone + 1            // + set: take the top card of that set
	actDemand   = actInfra + maxSets     // take the top Market Demand card
	actPass     = actDemand + 1          // take no reward
	actExtend   = actPass + 1            // + space: an extra Lab space
	nActions    = actExtend + nSpaces
)

// usesOf returns the uses of a power left this turn, over every set with
// that reward.
func (s *State) usesOf(pw Power) int { return int(s.power[pw]) }

// setUses sets the uses of set i's cards left this turn.
func (s *State) setUses(i int, n int8) {
	s.power[s.r.cards.Sets[i].Reward] += n - s.uses[i]
	s.uses[i] = n
}

// spend uses a power n times.
func (s *State) spend(pw Power, n int) {
	for i, set := range s.r.cards.Sets {
		for set.Reward == pw && n > 0 && s.uses[i] > 0 {
			s.setUses(i, s.uses[i]-1)
			n--
		}
	}
}

// bdflReady reports whether the seat to move may use its BDFL card k now.
func (s *State) bdflReady(k int) bool {
	if s.r.bdfl < 0 || k >= len(s.tokens) || s.tokens[k].owner != s.toMove {
		return false
	}
	return s.bdflUsed&(1<<k) == 0 || s.bdflExtra > 0
}

// tokenAt returns the BDFL token on Commons space t, -1 if none.
func (s *State) tokenAt(t space) int {
	for k, tk := range s.tokens {
		if tk.at == t && tk.owner >= 0 {
			return k
		}
	}
	return -1
}

// lockedFor reports whether the Commons tile at t carries another seat's
// token, so that seat p may not lift, move or turn it (G11, G15).
func (s *State) lockedFor(t space, p int8) bool {
	k := s.tokenAt(t)
	return k >= 0 && s.tokens[k].owner != p
}

// LegalActions appends the legal moves, or the chance outcomes, in
// ascending order.
func (s *State) LegalActions(buf []game.Action) []game.Action {
	buf = buf[:0]
	switch s.phase {
	case phaseStart:
		for t := range TileType(NumTypes) {
			if s.supply[t] > 0 {
				buf = append(buf, game.Action(t))
			}
		}
	case phaseReveal:
		for i := range s.r.cards.Demands {
			if s.drawn&(1<<i) == 0 {
				buf = append(buf, game.Action(i))
			}
		}
	case phaseRoll:
		u, supply := s.catchUses(), s.supplyMask()
		for y := int8(0); y <= s.nDice; y++ {
			for b := int8(0); y+b <= s.nDice; b++ {
				if s.rollPossibleWith(y, b, u, supply) {
					buf = append(buf, game.Action(32*int(y)+int(b)))
				}
			}
		}
	case phaseBegin:
		buf = s.beginMoves(buf)
	case phaseKeep:
		for y := int8(0); y <= 3; y++ {
			for b := int8(0); y+b <= 3; b++ {
				if s.keepable(y, b) {
					buf = append(buf, game.Action(actKeep+4*int(y)+int(b)))
				}
			}
		}
	case phaseDice:
		buf = s.diceMoves(buf)
	case phasePlace:
		buf = s.placeMoves(buf)
	case phaseAfter:
		buf = s.moveMoves(buf)
		buf = s.bdflMoves(buf)
		if s.againPossible() {
			buf = append(buf, actAgain)
		}
		buf = append(buf, actDone)
	case phaseMove:
		buf = s.targets(buf)
	case phaseToken:
		// The Commons tiles without a token.
		var on spaceSet
		for _, tk := range s.tokens {
			if tk.owner >= 0 && tk.at >= 0 {
				on[tk.at/64] |= 1 << (tk.at % 64)
			}
		}
		for w, word := range s.commons.occ {
			for word &^= on[w]; word != 0; word &= word - 1 {
				buf = append(buf, game.Action(actOn+w*64+bits.TrailingZeros64(word)))
			}
		}
	case phaseReward:
		var rs rewardStats
		for _, set := range s.placemat {
			if set >= 0 && s.infraOKWith(int(set), &rs) {
				buf = append(buf, game.Action(actInfra+int(set)))
			}
		}
		sortFrom(buf, 0)
		if s.demandOK() {
			buf = append(buf, actDemand)
		}
		buf = append(buf, actPass)
	case phaseExtend:
		l := &s.labs[s.toMove]
		f := l.frontier()
		forEach(&f, func(t space) { buf = append(buf, game.Action(actExtend+int(t))) })
	}
	return buf
}

// sortFrom sorts buf[i:] in place (a few items: insertion sort).
func sortFrom(buf []game.Action, i int) {
	for j := i + 1; j < len(buf); j++ {
		for k := j; k > i && buf[k] < buf[k-1]; k-- {
			buf[k], buf[k-1] = buf[k-1], buf[k]
		}
	}
}

// beginMoves lists phase a-b (G12): the tiles Compatibility may move, the
// BDFL cards, Hardware, the rolls with 0 or more Agility dice, and
// Forking.
func (s *State) beginMoves(buf []game.Action) []game.Action {
	for k := range s.agilityDice() + 1 {
		buf = append(buf, game.Action(actRoll+k))
	}
	if s.usesOf(Forking) > 0 {
		for t := range TileType(NumTypes) {
			if s.supply[t] > 0 {
				buf = append(buf, game.Action(actFork+int(t)))
			}
		}
	}
	buf = s.moveMoves(buf)
	buf = s.bdflMoves(buf)
	if s.hardwareTarget() {
		for i, set := range s.r.cards.Sets {
			if set.Reward != Hardware && s.held[s.toMove][i] > 0 {
				buf = append(buf, game.Action(actHardware+i))
			}
		}
	}
	return buf
}

// hardwareTarget reports whether Hardware may be used now: before the
// roll (G12 a), with a use left and another card of the seat's to use
// once more.
func (s *State) hardwareTarget() bool {
	if !s.first || s.usesOf(Hardware) == 0 {
		return false
	}
	for i, set := range s.r.cards.Sets {
		if set.Reward != Hardware && s.held[s.toMove][i] > 0 {
			return true
		}
	}
	return false
}

// agilityDice is the most Agility dice the seat may add to its roll: its
// uses, or none when the supply is empty (only after Productivity, G12
// e), since a roll with Agility is changed and must name a type the supply
// has (G11).
func (s *State) agilityDice() int {
	if s.supplyN == 0 {
		return 0
	}
	return s.usesOf(Agility)
}

// againPossible reports whether Productivity may be used (G12 e): a use
// left and a tile to be had. The supply may have run out during the
// turn; a natural roll then lifts a tile from the Commons (G11), any tile
// without another seat's token, since every type is out of the supply.
func (s *State) againPossible() bool {
	if s.usesOf(Productivity) == 0 {
		return false
	}
	if s.supplyN > 0 {
		return true
	}
	for t := range TileType(NumTypes) {
		if s.liftableOf(t) {
			return true
		}
	}
	return false
}

// beginHasChoice reports whether phase a-b offers more than a plain roll.
func (s *State) beginHasChoice() bool {
	if s.agilityDice() > 0 || (s.usesOf(Forking) > 0 && s.supplyN > 0) || s.hardwareTarget() {
		return true
	}
	if s.usesOf(Compatibility) > 0 && s.anyMovable() {
		return true
	}
	return s.anyBDFL()
}

func (s *State) afterHasChoice() bool {
	if s.againPossible() {
		return true
	}
	if s.usesOf(Compatibility) > 0 && s.anyMovable() {
		return true
	}
	return s.anyBDFL()
}

// bdflMoves lists the BDFL cards the seat may use, when a Commons tile
// without a token is there to take one.
func (s *State) bdflMoves(buf []game.Action) []game.Action {
	if !s.anyBDFL() {
		return buf
	}
	for k := range s.tokens {
		if s.bdflReady(k) {
			buf = append(buf, game.Action(actBDFL+k))
		}
	}
	return buf
}

func (s *State) anyBDFL() bool {
	if s.r.bdfl < 0 {
		return false
	}
	ready := false
	for k := range s.tokens {
		ready = ready || s.bdflReady(k)
	}
	if !ready {
		return false
	}
	// A Commons tile without a token: tokens lie on distinct tiles.
	on := 0
	for _, tk := range s.tokens {
		if tk.owner >= 0 && tk.at >= 0 {
			on++
		}
	}
	return int(s.commons.n) > on
}

// rewardHasChoice reports whether some reward may be taken (G13).
func (s *State) rewardHasChoice() bool {
	var rs rewardStats
	for _, set := range s.placemat {
		if set >= 0 && s.infraOKWith(int(set), &rs) {
			return true
		}
	}
	return s.demandOK()
}

// legal reports whether a is a legal move of the seat to move.
func (s *State) legal(a game.Action) bool {
	switch s.phase {
	case phaseBegin:
		switch {
		case a >= actMove && a < actTo:
			return s.movable(a)
		case a >= actBDFL && a < actOn:
			return s.anyBDFL() && s.bdflReady(int(a-actBDFL))
		case a >= actHardware && a < actAgain:
			i := int(a - actHardware)
			return s.first && s.usesOf(Hardware) > 0 && i < len(s.r.cards.Sets) && s.r.cards.Sets[i].Reward != Hardware && s.held[s.toMove][i] > 0
		case a >= actRoll && a < actFork:
			return int(a-actRoll) <= s.agilityDice()
		case a >= actFork && a < actMove:
			return s.usesOf(Forking) > 0 && s.supply[a-actFork] > 0
		}
	case phaseKeep:
		if a >= actKeep && a < actCatch {
			y, b := int8(a-actKeep)/4, int8(a-actKeep)%4
			return y+b <= 3 && s.keepable(y, b)
		}
	case phaseDice:
		switch {
		case a >= actCatch && a < actRoll:
			from, to := int(a-actCatch)/3, int(a-actCatch)%3
			return s.catchable(from, to)
		case a >= actTake && a < actKeep:
			return s.takeable(TileType(a - actTake))
		case a >= actLift && a < actTake:
			return s.liftable(space(a - actLift))
		}
	case phasePlace:
		switch {
		case a < actLab:
			return s.fitsCommons(space(a/3), cellOf(s.hand, int(a%3)))
		case a < actReturn:
			b := a - actLab
			return s.fitsLab(space(b/3), cellOf(s.hand, int(b%3)))
		case a == actReturn:
			return !s.anyPlacement()
		}
	case phaseAfter:
		switch {
		case a >= actMove && a < actTo:
			return s.movable(a)
		case a >= actBDFL && a < actOn:
			return s.anyBDFL() && s.bdflReady(int(a-actBDFL))
		case a == actAgain:
			return s.againPossible()
		case a == actDone:
			return true
		}
	case phaseMove:
		if a >= actTo && a < actBDFL {
			b := a - actTo
			return s.target(space(b/3), int(b%3))
		}
	case phaseToken:
		if a >= actOn && a < actHardware {
			t := space(a - actOn)
			return s.commons.occupied(t) && s.tokenAt(t) < 0
		}
	case phaseReward:
		switch {
		case a >= actInfra && a < actDemand:
			set := int(a - actInfra)
			for _, p := range s.placemat {
				if int(p) == set && set >= 0 {
					return s.infraOK(set)
				}
			}
		case a == actDemand:
			return s.demandOK()
		case a == actPass:
			return true
		}
	case phaseExtend:
		if a >= actExtend && a < nActions {
			return s.labs[s.toMove].canExtend(space(a - actExtend))
		}
	}
	return false
}

// play applies a legal move of the seat to move.
func (s *State) play(a game.Action) {
	p := s.toMove
	switch s.phase {
	case phaseBegin, phaseAfter:
		switch {
		case a >= actMove && a < actTo: // Compatibility: the tile
			s.spend(Compatibility, 1)
			s.chosenLab = a >= actMoveLab
			s.chosen = space(a - actMove)
			if s.chosenLab {
				s.chosen = space(a - actMoveLab)
			}
			s.resume, s.phase = s.phase, phaseMove
			return
		case a >= actBDFL && a < actOn:
			k := int(a - actBDFL)
			if s.bdflUsed&(1<<k) != 0 {
				s.bdflExtra--
			}
			s.bdflUsed |= 1 << k
			s.chosen = space(k)
			s.resume, s.phase = s.phase, phaseToken
			return
		case a >= actHardware && a < actAgain: // G15 H
			s.spend(Hardware, 1)
			i := int(a - actHardware)
			if i == s.r.bdfl {
				s.bdflExtra++
			} else {
				s.setUses(i, s.uses[i]+1)
			}
		case a >= actRoll && a < actFork: // G12 b
			k := int(a - actRoll)
			s.spend(Agility, k)
			s.nDice = int8(3 + k)
			s.phase, s.first = phaseRoll, false
			return
		case a >= actFork && a < actMove: // G15 I
			s.spend(Forking, 1)
			s.first = false
			s.take(TileType(a - actFork))
			return
		case a == actAgain: // G12 e
			s.spend(Productivity, 1)
			s.phase = phaseBegin
		case a == actDone:
			s.phase = phaseReward
		}
	case phaseKeep:
		y, b := int8(a-actKeep)/4, int8(a-actKeep)%4
		s.dice = [3]int8{y, b, 3 - y - b}
		s.phase = phaseDice
		return
	case phaseDice:
		switch {
		case a >= actCatch && a < actRoll: // G15 E-G
			from, to := int(a-actCatch)/3, int(a-actCatch)%3
			s.dice[from]--
			s.dice[to]++
			s.caught = true
			s.spend(bugPower(EdgeKind(to)), 1)
			return
		case a >= actTake && a < actKeep:
			s.take(TileType(a - actTake))
			return
		default: // a lift (G11)
			t := space(a - actLift)
			s.hand = s.commons.cells[t].tile()
			if k := s.tokenAt(t); k >= 0 {
				s.tokens[k].at = -1 // back to its owner
			}
			s.commons.remove(t)
			s.phase = phasePlace
			return
		}
	case phasePlace:
		s.placedLab = false
		switch {
		case a < actLab:
			t := space(a / 3)
			s.commons.add(t, cellOf(s.hand, int(a%3)))
			s.placed = [2]space{t, s.placed[0]}
		case a < actReturn:
			b := a - actLab
			t := space(b / 3)
			l := &s.labs[p]
			i := l.pos(t)
			if old := l.cells[i]; old != 0 {
				s.returnToSupply(old.tile()) // G8: the old tile goes back first
			} else {
				l.tiles++
			}
			l.cells[i] = cellOf(s.hand, int(b%3))
			s.placed = [2]space{t, s.placed[0]}
			s.placedLab = true
		default: // G9
			s.returnToSupply(s.hand)
		}
		s.phase = phaseAfter
	case phaseMove:
		b := a - actTo
		s.moveTile(space(b/3), int(b%3))
		s.phase = s.resume
	case phaseToken:
		s.tokens[s.chosen].at = space(a - actOn)
		s.phase = s.resume
	case phaseReward:
		switch {
		case a >= actInfra && a < actDemand:
			s.takeInfra(int(a - actInfra))
		case a == actDemand:
			s.takeDemand()
			return
		}
		s.endTurn()
		return
	case phaseExtend:
		s.labs[p].addSpace(space(a - actExtend))
		s.extend--
		if s.extend == 0 || !s.labs[p].anyFrontier() {
			s.reveal()
		}
		return
	}
	s.settle()
}

// take takes a tile of type t from the supply to place it.
func (s *State) take(t TileType) {
	s.takeFromSupply(t)
	s.hand = t
	s.phase = phasePlace
}

// moveTile moves the chosen tile (Compatibility) to t, turned so.
func (s *State) moveTile(t space, turn int) {
	from := s.chosen
	if s.chosenLab {
		l := &s.labs[s.toMove]
		c := l.cells[l.pos(from)]
		l.cells[l.pos(from)] = 0
		l.cells[l.pos(t)] = cellOf(c.tile(), turn)
		return
	}
	c := s.commons.cells[from]
	k := s.tokenAt(from)
	s.commons.remove(from)
	s.commons.add(t, cellOf(c.tile(), turn))
	if k >= 0 {
		s.tokens[k].at = t // the token stays on its tile
	}
}

// takeInfra gives the seat to move the top card of set i (G13, G15); an
// emptied stack gives its place to the next set (G16).
func (s *State) takeInfra(i int) {
	p := s.toMove
	s.left[i]--
	s.held[p][i]++
	if i == s.r.bdfl {
		k := s.r.cards.Sets[i].Cards - int(s.left[i]) - 1 // the card's number - 1
		s.tokens[k].owner = p
	}
	if s.left[i] > 0 {
		return
	}
	for j, set := range s.placemat {
		if int(set) == i {
			s.placemat[j] = -1
			if int(s.reserve) < len(s.r.cards.Sets) {
				s.placemat[j] = s.reserve
				s.reserve++
			}
		}
	}
}

// takeDemand gives the seat to move the top Market Demand card and its
// extra Lab spaces (G7, G14).
func (s *State) takeDemand() {
	p := s.toMove
	d := &s.r.cards.Demands[s.top]
	s.mdHeld[p]++
	s.top = -1
	s.extend = int8(d.Spaces)
	if s.extend > 0 && s.labs[p].anyFrontier() && int(s.labs[p].n) < maxLab {
		s.phase = phaseExtend
		return
	}
	s.extend = 0
	s.reveal()
}

func bugPower(k EdgeKind) Power {
	return [3]Power{BugYellow, BugBlue, BugRed}[k]
}

// ChanceOutcomes lists the chance outcomes with their probabilities: a
// start tile, each tile of the supply equally likely (G6); a Market Demand
// card, each left equally likely (G17); or a roll, one chance event over
// the obtainable rolls, their probabilities renormalised (G11).
func (s *State) ChanceOutcomes(buf []game.ChanceOutcome) []game.ChanceOutcome {
	buf = buf[:0]
	switch s.phase {
	case phaseStart:
		for t := range TileType(NumTypes) {
			if s.supply[t] > 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(t), P: float64(s.supply[t]) / float64(s.supplyN)})
			}
		}
	case phaseReveal:
		left := 0
		for i := range s.r.cards.Demands {
			if s.drawn&(1<<i) == 0 {
				left++
			}
		}
		for i := range s.r.cards.Demands {
			if s.drawn&(1<<i) == 0 {
				buf = append(buf, game.ChanceOutcome{Action: game.Action(i), P: 1 / float64(left)})
			}
		}
	case phaseRoll:
		total := 0.0
		u, supply := s.catchUses(), s.supplyMask()
		for y := int8(0); y <= s.nDice; y++ {
			for b := int8(0); y+b <= s.nDice; b++ {
				if s.rollPossibleWith(y, b, u, supply) {
					p := multinomial[s.nDice][y][b]
					buf = append(buf, game.ChanceOutcome{Action: game.Action(32*int(y) + int(b)), P: p})
					total += p
				}
			}
		}
		for i := range buf {
			buf[i].P /= total
		}
	}
	return buf
}

// Reveals reports whether a shows anybody something hidden
// (game.Undoer): never, since the Market Demand deck lies face up and
// what comes to its top, like the dice and the start tile, is a chance
// event (our ruling R2). So a turn's decisions may be taken back to its
// start or to its last roll; a reward, a pass, and a Market Demand card's
// last extra Lab space (which brings the next card up) stand
// (docs/rules/open-source-board-game.md, our ruling R15).
func (s *State) Reveals(game.Action) bool { return false }

// Apply plays a move or a chance outcome; an illegal one changes nothing
// and says why.
func (s *State) Apply(a game.Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	switch s.phase {
	case phaseStart: // G6
		s.takeFromSupply(TileType(a))
		s.commons.add(centre[0], cellOf(TileType(a), 0))
		s.placed = [2]space{centre[0], -1}
		s.reveal()
	case phaseReveal: // G17
		s.top = int8(a)
		s.drawn |= 1 << a
		s.afterReveal()
	case phaseRoll: // G10, G11
		y, b := int8(a/32), int8(a%32)
		s.dice = [3]int8{y, b, s.nDice - y - b}
		s.caught = false
		s.phase = phaseDice
		if s.nDice > 3 {
			s.phase = phaseKeep
		}
	default:
		s.play(a)
	}
	return nil
}

// reveal turns up the next Market Demand card, a chance event, or goes on
// when the deck is empty.
func (s *State) reveal() {
	if bits.OnesCount64(s.drawn) < len(s.r.cards.Demands) {
		s.phase = phaseReveal
		return
	}
	s.top = -1
	s.afterReveal()
}

// afterReveal goes on from a reveal: to the first turn in set-up, else to
// the end of the turn whose reward uncovered the deck.
func (s *State) afterReveal() {
	if s.setup {
		s.setup = false
		s.startTurn()
		return
	}
	s.endTurn()
}

func (s *State) takeFromSupply(t TileType) {
	s.supply[t]--
	s.supplyN--
}

func (s *State) returnToSupply(t TileType) {
	s.supply[t]++
	s.supplyN++
}

// startTurn begins the turn of the seat to move (G12): each of its cards
// may be used once.
func (s *State) startTurn() {
	p := s.toMove
	s.uses, s.power = [maxSets]int8{}, [numPowers]int8{}
	for i := range s.r.cards.Sets {
		s.setUses(i, s.held[p][i])
	}
	s.bdflUsed, s.bdflExtra = 0, 0
	s.first = true
	s.nDice, s.dice, s.caught = 0, [3]int8{}, false
	s.placed = [2]space{-1, -1}
	s.phase = phaseBegin
	s.settle()
}

// settle skips the decisions that offer nothing to decide: a beginning
// whose only move is a plain roll becomes the roll, a phase e with
// nothing but done goes to the reward, and a reward with nothing to take
// ends the turn.
func (s *State) settle() {
	for {
		switch s.phase {
		case phaseBegin:
			if !s.beginHasChoice() {
				s.nDice = 3
				s.phase = phaseRoll
			}
			return
		case phaseAfter:
			if s.afterHasChoice() {
				return
			}
			s.phase = phaseReward
		case phaseReward:
			if s.rewardHasChoice() {
				return
			}
			s.endTurn()
			return
		default:
			return
		}
	}
}

// endTurn checks the end (G18) and passes the turn clockwise.
func (s *State) endTurn() {
	s.turns++
	switch {
	case s.supplyN == 0:
		s.end = endSupply
	case !s.infrastructureLeft():
		s.end = endInfrastructure
	case s.top < 0 && bits.OnesCount64(s.drawn) == len(s.r.cards.Demands):
		s.end = endDemand
	case int(s.turns) >= s.r.cards.TurnLimit:
		s.end = endTurns
	}
	if s.end != endNone {
		s.phase = phaseOver
		return
	}
	s.toMove = int8((int(s.toMove) + 1) % s.n())
	s.startTurn()
}

func (s *State) infrastructureLeft() bool {
	for i := range s.r.cards.Sets {
		if s.left[i] > 0 {
			return true
		}
	}
	return false
}

// check says why a is not legal now, or returns nil.
func (s *State) check(a game.Action) error {
	switch s.phase {
	case phaseOver:
		return fmt.Errorf("action %d: the game is over", a)
	case phaseStart:
		if a < 0 || a >= NumTypes || s.supply[a] == 0 {
			return fmt.Errorf("chance outcome %d is not possible at the start tile: the supply has no such tile", a)
		}
		return nil
	case phaseReveal:
		if a < 0 || int(a) >= len(s.r.cards.Demands) || s.drawn&(1<<a) != 0 {
			return fmt.Errorf("chance outcome %d is not possible at the Market Demand reveal: that card is not in the deck", a)
		}
		return nil
	case phaseRoll:
		if a < 0 || a >= 32*32 || !s.rollPossible(int8(a/32), int8(a%32)) {
			return fmt.Errorf("chance outcome %d is not possible at this roll of %d dice (G11: only rolls that name an obtainable tile)", a, s.nDice)
		}
		return nil
	}
	if a < 0 || a >= nActions {
		return fmt.Errorf("action %d: no such move", a)
	}
	if s.legal(a) {
		return nil
	}
	return s.whyIllegal(a)
}
