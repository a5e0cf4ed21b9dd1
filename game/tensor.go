package game

// Tensorer is implemented by states that can draw a seat's observation
// as a fixed-shape vector of numbers, and bound their action ids, for
// learning agents, as OpenSpiel's observation tensors and action counts: the engine protocol's observation form "tensor"
// (docs/engine.md documents each game's layout).
//
// The tensor holds only what seat p may see: two states with the same
// Observation(p) give the same tensor (each game's tests check it over
// its Sampler's states), so a game builds it from Observation(p) or from
// no more than it shows.
type Tensorer interface {
	// ObservationShape returns the tensor's shape, the same for every
	// state of one Config and every seat: its size is the product of
	// the dimensions, and the values are laid out in row-major order.
	ObservationShape() []int
	// ObservationTensor appends seat p's tensor (p a seat, not the
	// spectator) to dst[:0] and returns it: TensorSize(shape) values,
	// each from 0 to 1 unless the game's layout says otherwise.
	ObservationTensor(p Player, dst []float32) []float32
	// NumDistinctActions bounds the players' actions: every legal action
	// of a seat, at any state of the game, is below it, so that a
	// learning agent's action mask (OpenSpiel's num_distinct_actions,
	// PettingZoo's action space) has this fixed length. Chance outcomes
	// are not counted.
	NumDistinctActions() int
}

// TensorSize returns the number of values of a tensor of the shape.
func TensorSize(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// Tensor is a helper for building a Tensorer's values: it grows dst to
// n zeros, so that a game sets only the ones that are not.
func Tensor(dst []float32, n int) []float32 {
	if cap(dst) < n {
		dst = make([]float32, n)
	}
	dst = dst[:n]
	clear(dst)
	return dst
}
