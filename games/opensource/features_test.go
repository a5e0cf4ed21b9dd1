package opensource

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/commons-games/commons/game"
)

// fitsCommons reports whether tile c may go on the empty space s of the
// Commons: next to a tile, every edge facing a tile matching (G3, G8).
func fitsOn(b *tracker, s space, c cell) bool {
	touch := false
	for e, o := range nbr[s] {
		if !b.occupied(o) {
			continue
		}
		touch = true
		if b.cells[o].edgeAt(facing(s, e)) != c.edgeAt(e) {
			return false
		}
	}
	return touch
}

func commonsView(b *tracker) placeView {
	all := make([]space, nSpaces)
	for i := range all {
		all[i] = space(i)
	}
	return placeView{spaces: all, cellAt: func(s space) (cell, bool) { return b.cells[s], true }}
}

// compareWithSlow checks the tracker against slowFeatures: the same
// features (the same areas joined), open counts, sizes and stats.
func compareWithSlow(b *tracker) error {
	feats, st := slowFeatures(commonsView(b))
	roots := map[areaID]bool{}
	for _, f := range feats {
		var root areaID = -1
		for _, a := range f.areas {
			id := (b.slotOf[a.s]-1)*maxAreas + areaID(a.area)
			r := b.find(id)
			if root < 0 {
				root = r
			} else if r != root {
				return fmt.Errorf("a %v feature of %d areas is split in the tracker", f.kind, len(f.areas))
			}
		}
		if roots[root] {
			return fmt.Errorf("two features share root %d", root)
		}
		roots[root] = true
		if int(b.open[root]) != f.open {
			return fmt.Errorf("%v feature of %d tiles: %d open segments, slow says %d", f.kind, f.tiles, b.open[root], f.open)
		}
		if int(b.size(root)) != f.tiles {
			return fmt.Errorf("%v feature: size %d, slow says %d", f.kind, b.size(root), f.tiles)
		}
	}
	// The frontier and what each space asks of a tile, kept as tiles come
	// and go, against a recount.
	for sp := range space(nSpaces) {
		front := false
		var n needs
		for e, o := range nbr[sp] {
			if b.occupied(o) {
				front = b.cells[sp] == 0
				n |= needs(1+b.cells[o].edgeAt(facing(sp, e))) << (2 * e)
			}
		}
		if got := b.front[sp/64]&(1<<(sp%64)) != 0; got != front {
			return fmt.Errorf("space %s: in the frontier %v, recount says %v", spaceString(sp), got, front)
		}
		if b.need[sp] != n {
			return fmt.Errorf("space %s: needs %06b, recount says %06b", spaceString(sp), b.need[sp], n)
		}
	}
	if err := checkBookkeeping(b); err != nil {
		return err
	}
	var largestN [NumKinds]int16
	for _, f := range feats {
		if f.open == 0 && f.tiles == st.largest[f.kind] {
			largestN[f.kind]++
		}
	}
	if largestN != b.largestN {
		return fmt.Errorf("finished features of the largest size %v, slow says %v", b.largestN, largestN)
	}
	got := stats{holes: int(b.holes)}
	for k := range NumKinds {
		got.finished[k], got.largest[k] = int(b.finished[k]), int(b.largest[k])
	}
	if got != st {
		return fmt.Errorf("stats %+v, slow says %+v", got, st)
	}
	return nil
}

// checkBookkeeping checks what the tracker keeps beside the features
// against a recount: the tiles in their order and their slots, the tiles
// as a bit set and by type, and the frontier's fit counts.
func checkBookkeeping(b *tracker) error {
	var occ [(nSpaces + 63) / 64]uint64
	var types, fits [NumTypes]int16
	var typeSet [NumTypes][(nSpaces + 63) / 64]uint64
	var fitSet [NumTypes][(nSpaces + 63) / 64]uint64
	var slots [(maxTiles + 63) / 64]uint64
	n := 0
	for sp := range space(nSpaces) {
		c := b.cells[sp]
		if c == 0 {
			if b.slotOf[sp] != 0 {
				return fmt.Errorf("empty space %s has slot %d", spaceString(sp), b.slotOf[sp]-1)
			}
			if b.front[sp/64]&(1<<(sp%64)) != 0 {
				for k := range NumTypes {
					if fitTurns[k][b.need[sp]] != 0 {
						fits[k]++
						fitSet[k][sp/64] |= 1 << (sp % 64)
					}
				}
			}
			continue
		}
		n++
		occ[sp/64] |= 1 << (sp % 64)
		types[c.tile()]++
		typeSet[c.tile()][sp/64] |= 1 << (sp % 64)
		slot := b.slotOf[sp] - 1
		if slot < 0 || b.slotAt[slot] != sp {
			return fmt.Errorf("space %s: slot %d, whose space is %v", spaceString(sp), slot, b.slotAt[max(slot, 0)])
		}
		if slots[slot/64]&(1<<(slot%64)) != 0 {
			return fmt.Errorf("slot %d used twice", slot)
		}
		slots[slot/64] |= 1 << (slot % 64)
	}
	if n != int(b.n) {
		return fmt.Errorf("%d tiles, the tracker counts %d", n, b.n)
	}
	for _, t := range b.at[:b.n] {
		if b.cells[t] == 0 {
			return fmt.Errorf("the list of tiles holds the empty space %s", spaceString(t))
		}
		occ[t/64] &^= 1 << (t % 64) // each listed once
	}
	for _, w := range occ {
		if w != 0 {
			return fmt.Errorf("a tile missing from the list, or listed twice")
		}
	}
	occ = [(nSpaces + 63) / 64]uint64{}
	for _, t := range b.at[:b.n] {
		occ[t/64] |= 1 << (t % 64)
	}
	if occ != b.occ || b.used != slots {
		return fmt.Errorf("the tiles' bit set or the slots in use differ from a recount")
	}
	if types != b.typeCount || typeSet != b.typeSet {
		return fmt.Errorf("tiles by type %v, recount says %v", b.typeCount, types)
	}
	if fits != b.fitCount || fitSet != b.fitSet {
		return fmt.Errorf("frontier spaces each type fits %v, recount says %v", b.fitCount, fits)
	}
	return nil
}

// TestTracker_MatchesSlowRecount plays hundreds of random games of
// placements on the Commons and compares thousands of their positions:
// placements that match (G3, G8), lifts (G11) and moves (set C), and after
// every change compares the tracker's features with a recount from
// scratch (G2-G5, and set H's holes).
func TestTracker_MatchesSlowRecount(t *testing.T) {
	boards := 400
	if testing.Short() {
		boards = 80
	}
	rng := game.NewRand(5)
	compared := 0
	defer func() { t.Logf("%d positions of %d boards compared", compared, boards) }()
	for k := range boards {
		var b tracker
		b.add(centre[rng.IntN(6)], cellOf(TileType(rng.IntN(NumTypes)), rng.IntN(3)))
		steps := 20 + rng.IntN(200)
		for step := range steps {
			took, err := randomChange(&b, rng)
			if err != nil {
				t.Fatalf("board %d step %d: %v", k, step, err)
			}
			// Every lift and move is checked: they build features again.
			if took || step%10 == 0 || step == steps-1 {
				if err := compareWithSlow(&b); err != nil {
					t.Fatalf("board %d step %d: %v", k, step, err)
				}
				compared++
			}
		}
	}
}

// randomChange places a random tile where it fits, or now and then lifts
// or moves one (and then says it took one off).
func randomChange(b *tracker, rng *rand.Rand) (bool, error) {
	switch x := rng.IntN(20); {
	case x == 0 && b.n > 1: // lift
		b.remove(b.at[rng.IntN(int(b.n))])
		return true, nil
	case x == 1 && b.n > 1: // move: lift and place elsewhere
		s := b.at[rng.IntN(int(b.n))]
		c := b.cells[s]
		b.remove(s)
		return true, place(b, c, rng)
	}
	return false, place(b, cellOf(TileType(rng.IntN(NumTypes)), 0), rng)
}

// place puts a tile of c's type, turned as needed, on a random space
// where it fits; it does nothing when there is none.
func place(b *tracker, c cell, rng *rand.Rand) error {
	f := b.frontier()
	var options []cell
	var where []space
	forEach(&f, func(s space) {
		for turn := range 3 {
			cc := cellOf(c.tile(), turn)
			if fitsOn(b, s, cc) {
				options = append(options, cc)
				where = append(where, s)
			}
		}
	})
	if len(options) == 0 {
		return nil
	}
	i := rng.IntN(len(options))
	before := b.n
	b.add(where[i], options[i])
	if b.n != before+1 || !slices.Contains(b.at[:b.n], where[i]) {
		return fmt.Errorf("add did not place the tile")
	}
	return nil
}
