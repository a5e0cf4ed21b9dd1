package opensource

import "testing"

// TestG11_ReachTableTriesEverySequence checks reachTable, built once with
// each entry from the entries one change on (G11's Bug catching), against
// trying every sequence of changes from every entry, for all three dice
// and uses of 0 to 3 of each colour.
func TestG11_ReachTableTriesEverySequence(t *testing.T) {
	var every func(d, u [3]int8) uint16
	every = func(d, u [3]int8) uint16 {
		m := namedMask(d)
		for to := range 3 {
			for from := range 3 {
				if u[to] > 0 && from != to && d[from] > 0 {
					c, v := d, u
					c[from]--
					c[to]++
					v[to]--
					m |= every(c, v)
				}
			}
		}
		return m
	}
	for y := range int8(4) {
		for b := range 4 - y {
			for uy := range int8(4) {
				for ub := range int8(4) {
					for ur := range int8(4) {
						d, u := [3]int8{y, b, 3 - y - b}, [3]int8{uy, ub, ur}
						if got, want := reachable(d, u), every(d, u); got != want {
							t.Errorf("dice %v, uses %v: reachable %016b, every sequence %016b", d, u, got, want)
						}
					}
				}
			}
		}
	}
	// A roll that names nothing reachable without uses reaches more with
	// them: two yellow and a blue name YYB alone; one use of red reaches
	// YYR (blue to red) and YBR/YRB (a yellow to red).
	if got := reachable([3]int8{2, 1, 0}, [3]int8{0, 0, 1}); got != namedMask([3]int8{2, 1, 0})|namedMask([3]int8{2, 0, 1})|namedMask([3]int8{1, 1, 1}) {
		t.Errorf("YYB with one red use reaches %016b", got)
	}
}
