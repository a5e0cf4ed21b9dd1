package openscience

import "github.com/commons-games/commons/game"

// Prior weighs the legal moves by a rule of thumb (game.Prior), for the
// bots' playouts and search. Uniformly random playouts collect badly: each
// of a collection's four amounts is drawn among the values still open,
// so a playout's team takes about half of what it could, and what the
// team is worth (the hires and upskills that raise it) hardly shows in its
// result. So:
//   - a collection's amounts weigh 2 to the power of the amount, which
//     takes the largest amounts first, most of the time;
//   - collecting nothing weighs a tenth: it is mostly a lost turn (O12);
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
