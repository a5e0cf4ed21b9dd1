package game

// ShareWin appends to dst[:0] the returns of a game whose seats with the
// highest score share one win: 1/k to each of the k seats tied on the
// best score, 0 to the others. It allocates nothing when dst has room.
func ShareWin[T ~int8 | ~int16 | ~int32 | ~int64 | ~int | ~float64](dst []float64, scores []T) []float64 {
	dst = dst[:0]
	if len(scores) == 0 {
		return dst
	}
	best, k := scores[0], 0
	for _, s := range scores {
		switch {
		case s > best:
			best, k = s, 1
		case s == best:
			k++
		}
	}
	for _, s := range scores {
		r := 0.0
		if s == best {
			r = 1 / float64(k)
		}
		dst = append(dst, r)
	}
	return dst
}
