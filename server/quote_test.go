package server

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/commons-games/commons/game"
)

// TestClip: a client's text is quoted whole up to maxQuoted bytes, and
// beyond that cut at a character's boundary with its length said.
func TestClip(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", `""`},
		{"take1", `"take1"`},
		{"a\"b\n", `"a\"b\n"`},
		{strings.Repeat("a", maxQuoted), `"` + strings.Repeat("a", maxQuoted) + `"`},
		{strings.Repeat("a", maxQuoted+1), `"` + strings.Repeat("a", maxQuoted) + `…" (101 bytes)`},
		{strings.Repeat("a", 60000), `"` + strings.Repeat("a", maxQuoted) + `…" (60000 bytes)`},
		// é is 2 bytes: the 100th byte would cut one in two.
		{"a" + strings.Repeat("é", 60), `"a` + strings.Repeat("é", 49) + `…" (121 bytes)`},
		{"\xff\xfe", `"\xff\xfe"`},
	} {
		if got := clip(tc.in); got != tc.want {
			t.Errorf("clip(%.20q... %d bytes) = %s, want %s", tc.in, len(tc.in), got, tc.want)
		}
	}
}

// TestMoveBoundHasRoom: no legal move of any registered game comes near
// maxMoveBytes, in random games of every player count: the bound refuses
// only what no game would read. (The bound's figures, from many more
// games, are in docs/api.md.)
func TestMoveBoundHasRoom(t *testing.T) {
	for _, g := range game.Games() {
		in := g.Info()
		longest := ""
		for players := in.MinPlayers; players <= in.MaxPlayers; players++ {
			for seed := range uint64(2) {
				st, err := game.NewState(g, players, nil)
				if err != nil {
					t.Fatal(err)
				}
				r := game.NewRand(seed)
				var buf []game.Action
				for step := 0; !game.IsTerminal(st) && step < 5000; step++ {
					if game.IsChance(st) {
						st.Apply(game.SampleChance(st, r, nil))
						continue
					}
					buf = st.LegalActions(buf)
					for _, a := range buf {
						if s := st.ActionString(a); len(s) > len(longest) {
							longest = s
						}
					}
					if err := st.Apply(buf[r.IntN(len(buf))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if !utf8.ValidString(longest) || len(longest) > maxMoveBytes*2/3 {
			t.Errorf("%s: the move %q is %d bytes, too near maxMoveBytes (%d)", in.Name, longest, len(longest), maxMoveBytes)
		}
		t.Logf("%s: longest move %d bytes, %q", in.Name, len(longest), longest)
	}
}
