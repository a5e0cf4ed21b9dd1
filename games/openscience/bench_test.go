package openscience

import (
	"testing"

	"github.com/commons-games/commons/game"
)

// playRandom plays s to the end with random moves and chance outcomes from
// rng, reusing the buffers, and returns the number of actions (chance
// included).
func playRandom(s *State, rng interface {
	IntN(int) int
	Float64() float64
}, buf []game.Action, outs []game.ChanceOutcome) int {
	n := 0
	for s.phase != phaseOver {
		var a game.Action
		if s.CurrentPlayer() == game.Chance {
			outs = s.ChanceOutcomes(outs)
			u := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if u < o.P {
					a = o.Action
					break
				}
				u -= o.P
			}
		} else {
			buf = s.LegalActions(buf)
			a = buf[rng.IntN(len(buf))]
		}
		if err := s.Apply(a); err != nil {
			panic(err)
		}
		n++
	}
	return n
}

func newBenchState(b testing.TB, players int) *State {
	st, err := game.NewState(Game, players, nil)
	if err != nil {
		b.Fatal(err)
	}
	return st.(*State)
}

// BenchmarkRandomPlayout plays whole random 4-player games; actions/s
// counts every action, chance outcomes included.
func BenchmarkRandomPlayout(b *testing.B) {
	init := newBenchState(b, 4)
	rng := game.NewRand(1)
	buf := make([]game.Action, 0, nActions)
	outs := make([]game.ChanceOutcome, 0, maxEvents)
	var s State
	total := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s = *init
		total += playRandom(&s, rng, buf, outs)
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(total)/float64(b.N), "actions/game")
}

// bigTeamPosition is a late position of a player who hired a lot: three
// of each Specialist, three Transparency Champions and two Social Glues,
// against other teams with Specialists Social Glue may bring.
func bigTeamPosition(b testing.TB) *State {
	s := newBenchState(b, 4)
	s.round, s.event = 3, 0 // Funding Call: 6 of each, no restriction
	s.stock = [NumResources]int8{6, 6, 6, 6}
	s.driver[0] = 5
	for k := range KnowledgeLiberator + 1 {
		s.team[0][k][1], s.team[0][k][2], s.team[0][k][4] = 1, 1, 1
	}
	s.team[0][TransparencyChampion][2] = 2
	s.team[0][TransparencyChampion][3] = 1
	s.team[0][SocialGlue][1] = 2
	for q := 1; q < 4; q++ {
		for k := range KnowledgeLiberator + 1 {
			s.team[q][k][q] = 1
		}
	}
	return s
}

// BenchmarkCollectChoices works out the first choice of a collection for
// a big team (the most costly step: nothing is fixed yet).
func BenchmarkCollectChoices(b *testing.B) {
	s := bigTeamPosition(b)
	b.ReportAllocs()
	for b.Loop() {
		s.startCollect()
	}
}

// BenchmarkCollection makes whole random collections for a big team: the
// five choices, each worked out when it comes up.
func BenchmarkCollection(b *testing.B) {
	init := bigTeamPosition(b)
	init.startCollect()
	rng := game.NewRand(3)
	buf := make([]game.Action, 0, nActions)
	var s State
	b.ReportAllocs()
	for b.Loop() {
		s = *init
		for s.phase == phaseCollect {
			buf = s.LegalActions(buf)
			a := buf[len(buf)-1-rng.IntN(min(len(buf), 4))] // large amounts: many collaborators
			if s.step == 0 && a == actNothing {
				continue
			}
			if err := s.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
	}
}
