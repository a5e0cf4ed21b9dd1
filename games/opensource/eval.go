package opensource

// Evaluate estimates how well each seat stands (game.Evaluator), for
// greedy bots and search cut-offs. The game is won together (the
// Infrastructure cards run out first), lost together (the supply runs out
// first, or the turn limit comes), or won alone (the Market Demand deck
// runs out first: the most cards). So a seat's value is the race of the
// cards left against the tiles left, which every seat shares, plus its
// lead in Market Demand cards weighted by how close that deck is to
// running out, plus a little for the powers it holds and the finished
// features in its Lab.
func (s *State) Evaluate(dst []float64) []float64 {
	dst = dst[:0]
	n := s.n()
	infraTotal, infraLeft := 0, 0
	for i, set := range s.r.cards.Sets {
		infraTotal += set.Cards
		infraLeft += int(s.left[i])
	}
	mdTotal := len(s.r.cards.Demands)
	mdTaken := 0
	for p := range n {
		mdTaken += int(s.mdHeld[p])
	}
	// The shared race: cards taken against the clock, the tiles used or
	// the turns gone, whichever runs out first.
	supplyTotal := 0
	for _, c := range s.r.cards.Supply {
		supplyTotal += c
	}
	race := 0.0
	if infraTotal > 0 {
		clock := max(float64(supplyTotal-int(s.supplyN))/float64(supplyTotal), float64(s.turns)/float64(s.r.cards.TurnLimit))
		race = float64(infraTotal-infraLeft)/float64(infraTotal) - clock
	}
	urgency := 0.0
	if mdTotal > 0 {
		urgency = float64(mdTaken) / float64(mdTotal)
	}
	for p := range n {
		best := 0
		for q := range n {
			if q != p {
				best = max(best, int(s.mdHeld[q]))
			}
		}
		v := race
		v += (0.2 + urgency) * float64(int(s.mdHeld[p])-best)
		held := 0
		for i := range s.r.cards.Sets {
			held += int(s.held[p][i])
		}
		v += 0.02 * float64(held)
		dst = append(dst, v)
	}
	return dst
}

// SearchParams are the search settings the game plays best with
// (game.SearchTuner; docs/bots.md): a playout to the end runs two
// thousand actions, so playouts are cut after three turns and scored by
// Evaluate.
func (s *State) SearchParams() string { return "depth=3,c=0.3" }
