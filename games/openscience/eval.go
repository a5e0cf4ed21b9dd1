package openscience

import "github.com/commons-games/commons/game"

// Evaluate estimates each seat's final credits (game.Evaluator), for
// greedy bots and search cut-offs: the credits held, the collection under
// way, and what the team can still earn: its best collection a turn,
// times the turns it may still get, discounted because the stock is
// shared and rounds end early.
func (s *State) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	n := s.n()
	rounds := s.r.cards.Rounds
	// Turns each seat may still take: the rounds after this one at
	// turnsPerRound each, and about half a round of this one.
	const turnsPerRound = 2.5
	left := float64(rounds-int(s.round)) * turnsPerRound
	if s.round > 0 && s.phase != phaseEvent {
		left += turnsPerRound / 2
	}
	if s.phase == phaseOver {
		left = 0
	}
	for q := range n {
		v := float64(s.credits[q])
		if s.phase == phaseCollect && q == int(s.toMove) {
			for t := range int(s.step) {
				v += float64(s.amount[t])
			}
		}
		v += 0.6 * left * s.potential(q)
		dst = append(dst, v)
	}
	return dst
}

// potential is the most seat q's team could collect in one turn with
// plenty of stock: a collaboration of the whole team when its roles can
// take the Discovery Driver's level (D plus one bonus per role), else the
// best independent action (O13, O14).
func (s *State) potential(q int) float64 {
	t := &s.team[q]
	capSum, roles, best := 0, 0, 0
	for k := range NumRoles {
		for l := range levels {
			c := int(t[k][l])
			if c == 0 {
				continue
			}
			roles += c
			switch Role(k) {
			case TransparencyChampion:
				capSum += c * min(l, NumResources)
				best = max(best, min(l, NumResources))
			case SocialGlue:
			default:
				capSum += c * l
				best = max(best, l)
			}
		}
	}
	d := int(s.driver[q])
	if capSum >= d {
		return float64(max(best, d+roles))
	}
	return float64(best)
}

// Prior weighs the legal moves by a rule of thumb (game.Prior), for the
// bots' playouts and search. Uniformly random playouts collect badly: at
// a collection's first choice "collect nothing" is one value among the
// few amounts open, so a playout passes up many of its collections (and a
// lap of turns without one ends the round, O8), and each amount is drawn
// among the values still open. A playout's team then takes two thirds of
// what it takes by this Prior (TestPriorPlayoutsCollectMore), and what the
// team is worth (the hires and upskills that raise it) hardly shows in
// its result. So:
//   - collecting nothing weighs a tenth: it is mostly a lost turn (O12);
//   - a collection's amounts weigh 2 to the power of the amount, which
//     takes the largest amounts first, most of the time;
//   - a collection's credit goes to nobody sooner than to another seat
//     (O15: that credit is the collector's own, passed on);
//   - a hire weighs 2 against an upskill's 1: a hired card is one more
//     role for the rest of the game (O11);
//   - everything else weighs 1.
func (s *State) Prior(actions []game.Action, dst []float64) []float64 {
	dst = dst[:0]
	for _, a := range actions {
		w := 1.0
		switch {
		case s.phase == phaseStep1 && a == actHire:
			w = 2
		case s.phase != phaseCollect:
		case a == actNothing:
			w = 0.1
		case a >= actCredit:
			if a == actCredit {
				w = 4
			}
		case a >= actAmount:
			w = float64(uint64(1) << (a - actAmount))
		}
		dst = append(dst, w)
	}
	return dst
}

// LevelBudget gives the medium level a budget of its own
// (game.LevelTuner; docs/bots.md, "Open Science Alliance, 2 players"):
// a search with the Prior plays as well after a thousand iterations as
// after a second, so at the level's own fifth of a second (some three
// thousand iterations) medium was as strong as hard, and the levels did
// not stand apart. Two hundred iterations on one tree play about halfway
// between easy and hard; they take some 25 ms a move, and the same on any
// machine.
func (s *State) LevelBudget(level string) game.Budget {
	if level == "medium" {
		return game.Budget{Iterations: 200, Workers: 1}
	}
	return game.Budget{}
}
