package replay

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
)

// A patch turns one position into the next: a JSON array of operations,
// applied in order, each an array whose first element is a path (an array
// of object keys and array indices from the root):
//
//	[path, value]                 set the value at path (adding the key)
//	[path]                        delete the object key at path
//	[path, start, count, [items]] splice the array at path: remove count
//	                              elements from start, insert items there
//
// A path of [] with a value replaces the whole position. Two positions a
// move apart differ in a few places (a tile placed, a die rolled, a
// count), so a patch is a small fraction of a position: docs/api.md shows
// one, and ApplyPatch is the reading a client implements (web/src/replay.ts
// has the same in TypeScript).

// Diff returns the patch that turns JSON value a into b, both compact
// JSON as encoding/json writes it (no space between tokens), or nil when
// they are equal. Objects are compared key by key and arrays element by
// element, a shortest edit script between two lists deciding which
// elements stay, so that an element inserted, removed or changed in the
// middle of a long list costs that element only.
func Diff(a, b []byte) []byte { return newDiffer().patch(&node{raw: a}, &node{raw: b}) }

// differ writes operations to out, the path of the value being compared
// in path (each element JSON text: a quoted key or an index).
type differ struct {
	out  []byte
	path [][]byte
	ops  int
}

func newDiffer() *differ { return &differ{} }

// patch returns the patch from a to b, or nil when they are equal.
func (d *differ) patch(a, b *node) []byte {
	if bytes.Equal(a.raw, b.raw) {
		return nil
	}
	d.out, d.path, d.ops = append(d.out[:0], '['), d.path[:0], 0
	d.diff(a, b)
	d.out = append(d.out, ']')
	return append([]byte(nil), d.out...)
}

// A node is a JSON value, its members or elements split out the first
// time they are asked for and kept: the position a step is diffed
// against is the one the step before was diffed as, so that each
// container is split once however often it is compared.
type node struct {
	raw   []byte
	split bool
	keys  [][]byte // an object's keys, quoted as written
	kids  []*node  // its values, or an array's elements
}

func (n *node) children() ([][]byte, []*node) {
	if !n.split {
		n.split = true
		switch kind(n.raw) {
		case '{':
			keys, vals := members(n.raw)
			n.keys = keys
			n.kids = make([]*node, len(vals))
			for i, v := range vals {
				n.kids[i] = &node{raw: v}
			}
		case '[':
			els := elements(n.raw)
			n.kids = make([]*node, len(els))
			for i, v := range els {
				n.kids[i] = &node{raw: v}
			}
		}
	}
	return n.keys, n.kids
}

func (d *differ) op(args ...[]byte) {
	if d.ops > 0 {
		d.out = append(d.out, ',')
	}
	d.ops++
	d.out = append(d.out, '[', '[')
	for i, p := range d.path {
		if i > 0 {
			d.out = append(d.out, ',')
		}
		d.out = append(d.out, p...)
	}
	d.out = append(d.out, ']')
	for _, a := range args {
		d.out = append(d.out, ',')
		d.out = append(d.out, a...)
	}
	d.out = append(d.out, ']')
}

func (d *differ) diff(a, b *node) {
	switch {
	case bytes.Equal(a.raw, b.raw):
	case kind(a.raw) == '{' && kind(b.raw) == '{':
		d.objects(a, b)
	case kind(a.raw) == '[' && kind(b.raw) == '[':
		d.arrays(a, b)
	default:
		d.op(b.raw)
	}
}

func (d *differ) objects(a, b *node) {
	ak, av := a.children()
	bk, bv := b.children()
	old := make(map[string]*node, len(ak))
	for i, k := range ak {
		old[string(k)] = av[i]
	}
	// Keys in b's order (encoding/json writes a struct's fields in order
	// and a map's keys sorted), then the keys b has dropped, sorted.
	for i, k := range bk {
		d.path = append(d.path, k)
		if v, ok := old[string(k)]; ok {
			d.diff(v, bv[i])
			delete(old, string(k))
		} else {
			d.op(bv[i].raw)
		}
		d.path = d.path[:len(d.path)-1]
	}
	if len(old) == 0 {
		return
	}
	gone := make([]string, 0, len(old))
	for k := range old {
		gone = append(gone, k)
	}
	sort.Strings(gone)
	for _, k := range gone {
		d.path = append(d.path, []byte(k))
		d.op()
		d.path = d.path[:len(d.path)-1]
	}
}

func (d *differ) arrays(a, b *node) {
	_, ae := a.children()
	_, be := b.children()
	// The elements that stay, by the shortest edit script between the
	// two lists (Myers' diff): a hunk of them removed and inserted
	// between two that stay is one splice. The splices are written last
	// hunk first, so that each one's start counts in a's elements.
	hunks, ok := editScript(ae, be)
	if !ok {
		// Too many changes to be worth finding: one splice of all.
		hunks = []hunk{{0, len(ae), 0, len(be)}}
	}
	for k := len(hunks) - 1; k >= 0; k-- {
		h := hunks[k]
		if h.a1-h.a0 == h.b1-h.b0 {
			// As many elements replaced as put there: each changed in
			// place, when that is shorter than the new elements whole.
			var in differ
			in.path = append(in.path, d.path...)
			for i := range h.a1 - h.a0 {
				in.path = append(in.path, strconv.AppendInt(nil, int64(h.a0+i), 10))
				in.diff(ae[h.a0+i], be[h.b0+i])
				in.path = in.path[:len(in.path)-1]
			}
			if len(in.out) < spliceSize(be[h.b0:h.b1]) {
				if in.ops > 0 {
					if d.ops > 0 {
						d.out = append(d.out, ',')
					}
					d.out = append(d.out, in.out...)
					d.ops += in.ops
				}
				continue
			}
		}
		items := []byte{'['}
		for i, e := range be[h.b0:h.b1] {
			if i > 0 {
				items = append(items, ',')
			}
			items = append(items, e.raw...)
		}
		items = append(items, ']')
		d.op(strconv.AppendInt(nil, int64(h.a0), 10), strconv.AppendInt(nil, int64(h.a1-h.a0), 10), items)
	}
}

// spliceSize is about the bytes a splice inserting items takes.
func spliceSize(items []*node) int {
	n := 16
	for _, e := range items {
		n += len(e.raw) + 1
	}
	return n
}

// hunk is a run of a's elements a[a0:a1] replaced by b[b0:b1].
type hunk struct{ a0, a1, b0, b1 int }

// maxEdits bounds the edit script editScript looks for: lists further
// apart are sent whole.
const maxEdits = 64

// editScript returns the hunks of a shortest edit script turning the
// list a into b, elements compared as bytes (E. Myers, "An O(ND)
// Difference Algorithm and Its Variations", 1986), in order; false when it
// takes more than maxEdits insertions and deletions.
func editScript(a, b []*node) ([]hunk, bool) {
	n, m := len(a), len(b)
	// The common ends first: they are most of a long list.
	pre := 0
	for pre < n && pre < m && bytes.Equal(a[pre].raw, b[pre].raw) {
		pre++
	}
	suf := 0
	for suf < n-pre && suf < m-pre && bytes.Equal(a[n-1-suf].raw, b[m-1-suf].raw) {
		suf++
	}
	a, b = a[pre:n-suf], b[pre:m-suf]
	n, m = len(a), len(b)
	if n == 0 && m == 0 {
		return nil, true
	}
	max := n + m
	if max > maxEdits {
		max = maxEdits
	}
	off := max + 1
	v := make([]int, 2*max+3)
	var trace [][]int
	found := -1
	for dd := 0; dd <= max && found < 0; dd++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -dd; k <= dd; k += 2 {
			var x int
			if k == -dd || (k != dd && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && bytes.Equal(a[x].raw, b[y].raw) {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = dd
				break
			}
		}
	}
	if found < 0 {
		return nil, false
	}
	// Walk back from the end, collecting the pairs of elements that stay
	// (the diagonal moves), last first.
	var pairs [][2]int
	x, y := n, m
	for dd := found; dd > 0; dd-- {
		vp := trace[dd]
		k := x - y
		var pk int
		if k == -dd || (k != dd && vp[off+k-1] < vp[off+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := vp[off+pk]
		py := px - pk
		for x > px && y > py {
			x--
			y--
			pairs = append(pairs, [2]int{x, y})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x--
		y--
		pairs = append(pairs, [2]int{x, y})
	}
	// The hunks are the gaps between the pairs, in order.
	var hs []hunk
	i, j := 0, 0
	for k := len(pairs); k >= 0; k-- {
		ni, nj := n, m // after the last pair: the ends
		if k > 0 {
			ni, nj = pairs[k-1][0], pairs[k-1][1]
		}
		if ni > i || nj > j {
			hs = append(hs, hunk{i + pre, ni + pre, j + pre, nj + pre})
		}
		i, j = ni+1, nj+1
	}
	return hs, true
}

// kind returns the first byte of a compact JSON value: '{', '[', '"', a
// digit or '-', 't', 'f' or 'n'.
func kind(v []byte) byte {
	if len(v) == 0 {
		return 0
	}
	return v[0]
}

// members splits a compact JSON object into its keys (quoted, as
// written) and values, sharing v's memory.
func members(v []byte) (keys, vals [][]byte) {
	for i := 1; i < len(v)-1; {
		end := skipString(v, i)
		key := v[i:end]
		i = end + 1 // past the colon
		end = skipValue(v, i)
		keys = append(keys, key)
		vals = append(vals, v[i:end])
		i = end + 1 // past the comma or the closing brace
	}
	return keys, vals
}

// elements splits a compact JSON array into its elements.
func elements(v []byte) [][]byte {
	var out [][]byte
	for i := 1; i < len(v)-1; {
		end := skipValue(v, i)
		out = append(out, v[i:end])
		i = end + 1
	}
	return out
}

// skipValue returns the end of the compact JSON value starting at v[i].
func skipValue(v []byte, i int) int {
	switch v[i] {
	case '"':
		return skipString(v, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			c := v[j]
			if !structural[c] {
				continue
			}
			switch c {
			case '"':
				j = skipString(v, j) - 1
			case '{', '[':
				depth++
			default: // '}', ']'
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(v)
	}
	j := i
	for j < len(v) && v[j] != ',' && v[j] != '}' && v[j] != ']' {
		j++
	}
	return j
}

// structural marks the bytes skipValue stops at inside a container.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skipString returns the end of the JSON string starting at v[i], just
// past its closing quote.
func skipString(v []byte, i int) int {
	for j := i + 1; j < len(v); {
		q := bytes.IndexByte(v[j:], '"')
		if q < 0 {
			return len(v)
		}
		j += q
		// The quote ends the string unless an odd number of
		// backslashes stands before it.
		bs := 0
		for k := j - 1; k > i && v[k] == '\\'; k-- {
			bs++
		}
		if bs%2 == 0 {
			return j + 1
		}
		j++
	}
	return len(v)
}

// ApplyPatch applies patch to pos, a position decoded by encoding/json
// into any (objects map[string]any, arrays []any), and returns the
// result; pos may be changed in place. It is the reading of a patch that
// docs/api.md describes, for tests and Go clients.
func ApplyPatch(pos any, patch []any) (any, error) {
	for n, o := range patch {
		op, ok := o.([]any)
		if !ok || len(op) == 0 || len(op) == 3 || len(op) > 4 {
			return nil, fmt.Errorf("operation %d: want [path], [path, value] or [path, start, count, items]", n)
		}
		path, ok := op[0].([]any)
		if !ok {
			return nil, fmt.Errorf("operation %d: the path is not an array", n)
		}
		if len(path) == 0 {
			switch len(op) {
			case 2:
				pos = op[1]
				continue
			case 4:
				arr, ok := pos.([]any)
				if !ok {
					return nil, fmt.Errorf("operation %d: a splice of a position that is no array", n)
				}
				s, err := splice(arr, op)
				if err != nil {
					return nil, fmt.Errorf("operation %d: %w", n, err)
				}
				pos = s
				continue
			}
			return nil, fmt.Errorf("operation %d: the whole position deleted", n)
		}
		parent := pos
		for _, k := range path[:len(path)-1] {
			next, err := child(parent, k)
			if err != nil {
				return nil, fmt.Errorf("operation %d: %w", n, err)
			}
			parent = next
		}
		last := path[len(path)-1]
		switch len(op) {
		case 1:
			obj, ok := parent.(map[string]any)
			key, isKey := last.(string)
			if !ok || !isKey {
				return nil, fmt.Errorf("operation %d: a delete of no object key", n)
			}
			delete(obj, key)
		case 2:
			if err := set(parent, last, op[1]); err != nil {
				return nil, fmt.Errorf("operation %d: %w", n, err)
			}
		case 4:
			target, err := child(parent, last)
			if err != nil {
				return nil, fmt.Errorf("operation %d: %w", n, err)
			}
			arr, ok := target.([]any)
			if !ok {
				return nil, fmt.Errorf("operation %d: a splice of no array", n)
			}
			s, err := splice(arr, op)
			if err != nil {
				return nil, fmt.Errorf("operation %d: %w", n, err)
			}
			if err := set(parent, last, s); err != nil {
				return nil, fmt.Errorf("operation %d: %w", n, err)
			}
		}
	}
	return pos, nil
}

func child(v any, k any) (any, error) {
	switch c := v.(type) {
	case map[string]any:
		key, ok := k.(string)
		if !ok {
			return nil, fmt.Errorf("index %v into an object", k)
		}
		x, ok := c[key]
		if !ok {
			return nil, fmt.Errorf("no key %q", key)
		}
		return x, nil
	case []any:
		i, ok := index(k, len(c))
		if !ok {
			return nil, fmt.Errorf("index %v out of an array of %d", k, len(c))
		}
		return c[i], nil
	}
	return nil, fmt.Errorf("path through a %T", v)
}

func set(parent any, k any, val any) error {
	switch c := parent.(type) {
	case map[string]any:
		key, ok := k.(string)
		if !ok {
			return fmt.Errorf("index %v into an object", k)
		}
		c[key] = val
		return nil
	case []any:
		i, ok := index(k, len(c))
		if !ok {
			return fmt.Errorf("index %v out of an array of %d", k, len(c))
		}
		c[i] = val
		return nil
	}
	return fmt.Errorf("set in a %T", parent)
}

func index(k any, n int) (int, bool) {
	f, ok := k.(float64)
	i := int(f)
	return i, ok && float64(i) == f && i >= 0 && i < n
}

func splice(arr []any, op []any) ([]any, error) {
	start, ok1 := op[1].(float64)
	count, ok2 := op[2].(float64)
	items, ok3 := op[3].([]any)
	s, c := int(start), int(count)
	if !ok1 || !ok2 || !ok3 || float64(s) != start || float64(c) != count || s < 0 || c < 0 || s+c > len(arr) {
		return nil, fmt.Errorf("a splice [%v, %v] out of an array of %d", op[1], op[2], len(arr))
	}
	out := make([]any, 0, len(arr)-c+len(items))
	out = append(out, arr[:s]...)
	out = append(out, items...)
	return append(out, arr[s+c:]...), nil
}
