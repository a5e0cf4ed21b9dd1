package game

import (
	"math/rand/v2"
)

// NewRand returns the random number generator Commons uses for a seed:
// PCG, whose output Go's math/rand/v2 documents as fixed, so a seed means
// the same draws on every machine and Go release.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x636f6d6d6f6e73)) // "commons"
}

// SampleOutcome picks an outcome with probability P using one draw from r.
// outcomes must be non-empty.
func SampleOutcome(outcomes []ChanceOutcome, r *rand.Rand) Action {
	u := r.Float64()
	for _, o := range outcomes {
		if u < o.P {
			return o.Action
		}
		u -= o.P
	}
	return outcomes[len(outcomes)-1].Action
}

// SampleChance draws a chance outcome of s from r, using buf as scratch.
// s must be at a chance node.
func SampleChance(s State, r *rand.Rand, buf []ChanceOutcome) Action {
	return SampleOutcome(s.ChanceOutcomes(buf), r)
}
