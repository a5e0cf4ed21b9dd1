package openscience

import "github.com/commons-games/commons/game"

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
