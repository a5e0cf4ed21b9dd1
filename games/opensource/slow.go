package opensource

// Features found the slow, obvious way: a search over every area of a
// place, from scratch. The Labs use it (they hold a few tiles), and the
// tests check the Commons' incremental tracker against it.

// placeView is a place's tiles: the spaces that belong to it, in order,
// and what each holds. A neighbour outside the place is no tile.
type placeView struct {
	spaces []space
	cellAt func(s space) (cell, bool) // the space's tile, and whether it belongs to the place
}

// feature is one feature found by slowFeatures.
type feature struct {
	kind  FeatureKind
	areas []areaRef
	tiles int
	open  int
}

type areaRef struct {
	s    space
	area int8
}

// stats are what the conditions of G15 read of a place.
type stats struct {
	finished [NumKinds]int
	largest  [NumKinds]int
	holes    int
}

func (st *stats) finishedAll() int {
	return st.finished[0] + st.finished[1] + st.finished[2]
}

// slowFeatures finds every feature of a place and its stats.
func slowFeatures(pv placeView) ([]feature, stats) {
	var st stats
	occupied := func(s space) (cell, bool) {
		if s < 0 {
			return 0, false
		}
		c, in := pv.cellAt(s)
		return c, in && c != 0
	}
	comp := map[areaRef]int{}
	var feats []feature
	for _, s := range pv.spaces {
		c, ok := occupied(s)
		if !ok {
			continue
		}
		sh := &shapes[c.tile()]
		for k := range sh.n {
			start := areaRef{s, k}
			if _, done := comp[start]; done {
				continue
			}
			id := len(feats)
			f := feature{kind: sh.kind[k]}
			comp[start] = id
			queue := []areaRef{start}
			tiles := map[space]bool{}
			for len(queue) > 0 {
				a := queue[0]
				queue = queue[1:]
				f.areas = append(f.areas, a)
				tiles[a.s] = true
				ac, _ := occupied(a.s)
				for e := range 3 {
					o := nbr[a.s][e]
					oc, there := occupied(o)
					for i := range 3 {
						if ac.area(e, i) != a.area {
							continue
						}
						if !there {
							f.open++
							continue
						}
						b := areaRef{o, oc.area(facing(a.s, e), 2-i)}
						if _, done := comp[b]; !done {
							comp[b] = id
							queue = append(queue, b)
						}
					}
				}
			}
			f.tiles = len(tiles)
			feats = append(feats, f)
			if f.open == 0 {
				st.finished[f.kind]++
				st.largest[f.kind] = max(st.largest[f.kind], f.tiles)
			}
		}
	}
	for _, s := range pv.spaces {
		if _, ok := occupied(s); ok {
			continue
		}
		if c, in := pv.cellAt(s); !in || c != 0 {
			continue
		}
		hole := true
		for _, o := range nbr[s] {
			if _, ok := occupied(o); !ok {
				hole = false
			}
		}
		if hole {
			st.holes++
		}
	}
	return feats, st
}
