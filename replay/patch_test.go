package replay

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// roundTrip checks that the patch from a to b turns a into b.
func roundTrip(t *testing.T, a, b any) []byte {
	t.Helper()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	patch := Diff(ja, jb)
	var pa, pb any
	json.Unmarshal(ja, &pa)
	json.Unmarshal(jb, &pb)
	if patch == nil {
		if !reflect.DeepEqual(pa, pb) {
			t.Fatalf("no patch from %s to %s", ja, jb)
		}
		return nil
	}
	var ops []any
	if err := json.Unmarshal(patch, &ops); err != nil {
		t.Fatalf("patch %s from %s to %s is not JSON: %v", patch, ja, jb, err)
	}
	got, err := ApplyPatch(pa, ops)
	if err != nil {
		t.Fatalf("patch %s from %s to %s: %v", patch, ja, jb, err)
	}
	if !reflect.DeepEqual(got, pb) {
		gj, _ := json.Marshal(got)
		t.Fatalf("patch %s turns %s into %s, want %s", patch, ja, gj, jb)
	}
	return patch
}

func TestDiffExamples(t *testing.T) {
	type o = map[string]any
	type l = []any
	for _, tc := range []struct {
		name  string
		a, b  any
		patch string
	}{
		{"equal", o{"x": 1}, o{"x": 1}, ""},
		{"a value", o{"x": 1, "y": "a"}, o{"x": 2, "y": "a"}, `[[["x"],2]]`},
		{"a key added", o{"x": 1}, o{"x": 1, "y": 2}, `[[["y"],2]]`},
		{"a key gone", o{"x": 1, "y": 2}, o{"x": 1}, `[[["y"]]]`},
		{"deep", o{"a": o{"b": l{1, 2, 3}}}, o{"a": o{"b": l{1, 5, 3}}}, `[[["a","b",1],5]]`},
		{"inserted in the middle", l{1, 2, 3, 4}, l{1, 2, 9, 3, 4}, `[[[],2,0,[9]]]`},
		{"removed in the middle", l{1, 2, 3, 4}, l{1, 3, 4}, `[[[],1,1,[]]]`},
		{"a shift: one out, one in", l{1, 2, 3, 4, 5}, l{2, 3, 4, 5, 6}, `[[[],5,0,[6]],[[],0,1,[]]]`},
		{"an element changed", l{o{"at": "1,0", "t": "YYB"}, o{"at": "2,0", "t": "BBR"}}, l{o{"at": "1,0", "t": "YYB"}, o{"at": "2,0", "t": "RRB"}}, `[[[1,"t"],"RRB"]]`},
		{"a type change", o{"x": l{1}}, o{"x": "no"}, `[[["x"],"no"]]`},
		{"the whole value", 1, "one", `[[[],"one"]]`},
		{"strings with quotes and brackets", o{"s": `a"]},{`}, o{"s": `b"]},{`, "t": `{"`}, `[[["s"],"b\"]},{"],[["t"],"{\""]]`},
		{"null", o{"x": nil}, o{"x": 1}, `[[["x"],1]]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(roundTrip(t, tc.a, tc.b)); got != tc.patch {
				t.Errorf("patch %s, want %s", got, tc.patch)
			}
		})
	}
}

// randomValue is a small JSON value with repeats (so that lists hold
// equal elements, the hard case of a list diff).
func randomValue(r *rand.Rand, depth int) any {
	switch k := r.IntN(7); {
	case depth > 3 || k < 2:
		return []any{nil, true, 1.0, 2.0, "a", "b", `q"\`}[r.IntN(7)]
	case k < 4:
		n := r.IntN(6)
		m := map[string]any{}
		for range n {
			m[fmt.Sprint("k", r.IntN(5))] = randomValue(r, depth+1)
		}
		return m
	default:
		n := r.IntN(12)
		l := make([]any, n)
		for i := range l {
			l[i] = randomValue(r, depth+1)
		}
		return l
	}
}

// edit returns v changed in a few random places.
func edit(r *rand.Rand, v any, depth int) any {
	switch c := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, x := range c {
			switch r.IntN(6) {
			case 0: // dropped
			case 1:
				m[k] = edit(r, x, depth+1)
			default:
				m[k] = x
			}
		}
		if r.IntN(3) == 0 {
			m[fmt.Sprint("k", r.IntN(7))] = randomValue(r, depth+1)
		}
		return m
	case []any:
		var l []any
		for _, x := range c {
			switch r.IntN(8) {
			case 0: // dropped
			case 1:
				l = append(l, randomValue(r, depth+1), x)
			case 2:
				l = append(l, edit(r, x, depth+1))
			default:
				l = append(l, x)
			}
		}
		if r.IntN(3) == 0 {
			l = append(l, randomValue(r, depth+1))
		}
		if l == nil {
			l = []any{}
		}
		return l
	}
	if r.IntN(2) == 0 {
		return randomValue(r, depth)
	}
	return v
}

func TestDiffRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		a := randomValue(r, 0)
		roundTrip(t, a, edit(r, a, 0))
		roundTrip(t, a, randomValue(r, 0))
	}
}

// A list too far from the other for the edit script is sent whole.
func TestDiffFarApartLists(t *testing.T) {
	var a, b []any
	for i := range 300 {
		a = append(a, i)
		b = append(b, i*7+1)
	}
	roundTrip(t, a, b)
}

func FuzzDiff(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":{"c":"d"}}`), []byte(`{"a":[1,3,4],"b":{"c":"e","f":[]}}`))
	f.Fuzz(func(t *testing.T, ja, jb []byte) {
		var a, b any
		if json.Unmarshal(ja, &a) != nil || json.Unmarshal(jb, &b) != nil {
			return
		}
		roundTrip(t, a, b)
	})
}

func TestApplyPatchRefusesBadPatches(t *testing.T) {
	for _, p := range []string{`[1]`, `[[]]`, `[[1]]`, `[[["x","y"],1]]`, `[[["l",9],1]]`, `[[["l"],5,1,[]]]`, `[[["x"],1,2]]`, `[[[]]]`} {
		var pos any
		json.Unmarshal([]byte(`{"x":1,"l":[1,2]}`), &pos)
		var ops []any
		json.Unmarshal([]byte(p), &ops)
		if _, err := ApplyPatch(pos, ops); err == nil {
			t.Errorf("patch %s applied", p)
		}
	}
}
