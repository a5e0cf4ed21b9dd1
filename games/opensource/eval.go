package opensource

import "github.com/commons-games/commons/game"

// The weights of Evaluate, on the scale of the shared race (which runs
// over about 1 in a game).
const (
	// evalHeld is a power card held (G15): more dice, more tiles, other
	// colours, the type of one's choice.
	evalHeld = 0.02
	// evalForm is the top Market Demand card's formation (G14) laid out
	// whole in one's own Lab, a part of it in proportion: the Lab is the
	// one place where nobody else can finish it or take it first.
	evalForm = 0.15
	// evalPending is a reward the seat to move may still take this turn
	// (G13), as a share of its worth once taken.
	evalPending = 0.9
)

// Evaluate estimates how well each seat stands (game.Evaluator), for
// greedy bots and search cut-offs. The game is won together (the
// Infrastructure cards run out first), lost together (the supply runs out
// first, or the turn limit comes), or won alone (the Market Demand deck
// runs out first: the most cards), G18. So a seat's value is:
//
//   - the race of the cards taken against the tiles used (or the turns
//     gone), which every seat shares;
//   - its lead in Market Demand cards, weighted by how close that deck
//     is to running out;
//   - a little for the powers it holds;
//   - for the seat to move before its reward (G12 f), most of the worth
//     of the best reward it may take: a tile is placed (phase d) before
//     the reward is taken (phase f), and without this a one-ply choice
//     of where to place would not see the card its placement earns;
//   - how much of the top Market Demand card's formation its own Lab
//     shows: formations take two or three placements, and a one-ply
//     choice sees only the last.
//
// The values are standings (Standing): the shared race is each seat's
// own stake, which a lead over the others would cancel out.
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
	mdWorth := 0.2 + urgency // a card more, a card more of lead
	pending := 0.0
	if !s.setup && s.phase >= phaseBegin && s.phase <= phaseReward {
		// One reward a turn (G13): the better of the two kinds.
		if s.demandOK() {
			pending = evalPending * mdWorth
		} else if infraTotal > 0 {
			for _, set := range s.placemat {
				if set >= 0 && s.infraOK(int(set)) {
					pending = evalPending * (1/float64(infraTotal) + evalHeld)
					break
				}
			}
		}
	}
	f := s.topForm()
	for p := range n {
		best := 0
		for q := range n {
			if q != p {
				best = max(best, int(s.mdHeld[q]))
			}
		}
		v := race
		v += mdWorth * float64(int(s.mdHeld[p])-best)
		held := 0
		for i := range s.r.cards.Sets {
			held += int(s.held[p][i])
		}
		v += evalHeld * float64(held)
		if p == int(s.toMove) {
			v += pending
		}
		if f != nil {
			v += evalForm * float64(s.labs[p].formBest(f)) / float64(len(f.cells[0]))
		}
		dst = append(dst, v)
	}
	return dst
}

// Standing says that Evaluate gives each seat its own standing
// (game.StandingEvaluator): the race every seat shares counts for each
// of them, which a lead over the others would cancel out, so that a bot
// that plays by the lead is blind to whether everybody wins or everybody
// loses.
func (s *State) Standing() bool { return true }

// SearchHints are the search settings the game plays best with
// (game.SearchTuner; docs/bots.md): a playout to the end runs two
// thousand actions, so playouts are cut after three turns and scored by
// Evaluate.
func (s *State) SearchHints() game.SearchHints { return game.SearchHints{Depth: 3, C: 0.3} }

// LevelBudget gives the medium level a budget of its own
// (game.LevelTuner; docs/bots.md, "Open Source, the Board Game, 2
// players"): at the level's own fifth of a second, some 28,000 iterations
// here, medium played as well as hard's second over the games we could
// afford (a game of hard's takes some eight minutes). A hundred iterations
// on one tree beat greedy and easy alone in most games that are not shared
// and lose clearly to ten thousand, so the levels stand apart; they take
// some 3 ms a move.
func (s *State) LevelBudget(level string) game.Budget {
	if level == "medium" {
		return game.Budget{Iterations: 100, Workers: 1}
	}
	return game.Budget{}
}
