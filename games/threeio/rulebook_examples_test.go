package threeio

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// sectorOf returns the observation of sector name in an example's state.
func sectorOf(t *testing.T, st game.State, name string) SectorView {
	t.Helper()
	o := st.Observation(game.Spectator).(Observation)
	for _, v := range o.Sectors {
		if v.Sector == name {
			return v
		}
	}
	t.Fatalf("no sector %s", name)
	return SectorView{}
}

func wantTile(t *testing.T, st game.State, sector, tile, side string) SectorView {
	t.Helper()
	v := sectorOf(t, st, sector)
	if v.Tile != tile || v.Side != side {
		t.Fatalf("%s holds %q %q, want %s %s\n%s", sector, v.Side, v.Tile, side, tile, st.Render(game.Spectator))
	}
	return v
}

func wantEmpty(t *testing.T, st game.State, sectors ...string) {
	t.Helper()
	for _, c := range sectors {
		if v := sectorOf(t, st, c); v.Tile != "" {
			t.Fatalf("%s holds a %s %s, want it empty\n%s", c, v.Side, v.Tile, st.Render(game.Spectator))
		}
	}
}

// occupied counts the sectors holding a tile.
func occupied(st game.State) int {
	n := 0
	for _, v := range st.Observation(game.Spectator).(Observation).Sectors {
		if v.Tile != "" {
			n++
		}
	}
	return n
}

// apply plays moves in notation on a copy of st and returns it.
func applyCopy(t *testing.T, st game.State, moves ...string) *State {
	t.Helper()
	s := st.Clone().(*State)
	do(t, s, moves...)
	return s
}

func exampleConfigs(t *testing.T) map[string]game.Config {
	t.Helper()
	cfgs := map[string]game.Config{}
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		for name, opts := range map[string]game.Options{
			"default": nil,
			"pacing":  {OptPacing: "on"},
			"small":   {OptTiles: "testdata/tiles/small-box.json", OptPacing: "on"},
			"classic": {OptTiles: "testdata/tiles/t3-classic.json"},
		} {
			cfg, err := game.Resolve(Game, n, opts)
			if err != nil {
				t.Fatal(err)
			}
			cfgs[name+"/"+strconv.Itoa(n)] = cfg
		}
	}
	return cfgs
}

var exampleName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// TestExamples: every picture of the rulebook shows, at every player
// count and in the variants, what its caption says.
func TestExamples(t *testing.T) {
	for label, cfg := range exampleConfigs(t) {
		t.Run(label, func(t *testing.T) {
			exs, err := Game.(game.Illustrator).Examples(cfg)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			byName := map[string]game.Example{}
			for _, ex := range exs {
				if !exampleName.MatchString(ex.Name) {
					t.Errorf("example name %q: want lower case, digits and hyphens", ex.Name)
				}
				if seen[ex.Name] {
					t.Errorf("example %q twice", ex.Name)
				}
				seen[ex.Name] = true
				byName[ex.Name] = ex
				if strings.TrimSpace(ex.Caption) == "" {
					t.Errorf("example %q has no caption", ex.Name)
				}
				if ex.State == nil {
					t.Fatalf("example %q has no state", ex.Name)
				}
				for _, m := range ex.Marks {
					if _, err := parseSector(m); err != nil {
						t.Errorf("example %q: mark %q: %v", ex.Name, m, err)
					}
				}
				if ex.State.Config().Players != cfg.Players {
					t.Errorf("example %q is built for %d players, want %d", ex.Name, ex.State.Config().Players, cfg.Players)
				}
				conserved(t, ex.State.(*State))
			}
			for _, name := range []string{"dust-before", "dust-after", "fusion-chain", "crew-score", "dark-light", "shared-tile"} {
				if _, ok := byName[name]; !ok {
					t.Fatalf("no example %q", name)
				}
			}

			// dust-before: two dark Dust touching on c3 and d3, d4 empty,
			// and the player to move holds a Dust to play there.
			b := byName["dust-before"].State
			wantTile(t, b, "c3", "Dust", "dark")
			wantTile(t, b, "d3", "Dust", "dark")
			wantEmpty(t, b, "d4")
			if n := occupied(b); n != 2 {
				t.Errorf("dust-before: %d tiles on the board, want 2", n)
			}
			if !strings.Contains(strings.Join(legal(b.(*State)), ","), "play Dust d4") {
				t.Errorf("dust-before: the player to move cannot play a Dust on d4: %v", legal(b.(*State)))
			}

			// dust-after: that play fused the three into a light Dust on d4,
			// and the two others went back into the box.
			a := byName["dust-after"].State
			wantEmpty(t, a, "c3", "d3")
			if v := wantTile(t, a, "d4", "Dust", "light"); v.Bonus != 0 {
				t.Errorf("dust-after: a fusion of three earned %d bonus tokens", v.Bonus)
			}
			if n := occupied(a); n != 1 {
				t.Errorf("dust-after: %d tiles on the board, want 1", n)
			}
			if got := picture(applyCopy(t, b, exDustPlay)); got != picture(a.(*State)) {
				t.Errorf("dust-after is not dust-before with %q:\n%s", exDustPlay, got)
			}
			if nb, na := b.(*State).box[Dust], a.(*State).box[Dust]; na != nb+2 {
				t.Errorf("dust-after: box Dust %d, want %d (two back from the fusion)", na, nb+2)
			}

			// fusion-chain: light Dust on c3 and e3, dark Dust on d2 and d1,
			// d3 empty; a Dust played on d3 ends as a dark Rock there alone.
			c := byName["fusion-chain"].State
			wantTile(t, c, "c3", "Dust", "light")
			wantTile(t, c, "e3", "Dust", "light")
			wantTile(t, c, "d2", "Dust", "dark")
			wantTile(t, c, "d1", "Dust", "dark")
			wantEmpty(t, c, "d3")
			if n := occupied(c); n != 4 {
				t.Errorf("fusion-chain: %d tiles on the board, want 4", n)
			}
			cc := applyCopy(t, c, exChainPlay)
			wantTile(t, cc, "d3", "Rock", "dark")
			wantEmpty(t, cc, "c3", "e3", "d2", "d1")
			if n := occupied(cc); n != 1 {
				t.Errorf("fusion-chain after %q: %d tiles, want the Rock alone", exChainPlay, n)
			}
			if cc.fusions[Dust][0] != c.(*State).fusions[Dust][0]+1 || cc.fusions[Dust][1] != c.(*State).fusions[Dust][1]+1 {
				t.Errorf("fusion-chain: the play made fusions %v, want one dark and one light Dust fusion", cc.fusions[Dust])
			}

			// crew-score: seat 1's crew on a light Dust with one token on
			// d3, a Station on e3 and a Colony on d4; seat 1 scoring it
			// earns what the caption says.
			ex := byName["crew-score"]
			s := ex.State.(*State)
			v := wantTile(t, s, "d3", "Dust", "light")
			if v.Bonus != 1 || len(v.Meeples) != 1 || v.Meeples[0] != 1 {
				t.Fatalf("crew-score: d3 has %d bonus tokens and meeples %v, want 1 token and seat 1's crew", v.Bonus, v.Meeples)
			}
			wantTile(t, s, "e3", "Station", "dark")
			wantTile(t, s, "d4", "Colony", "dark")
			wantEmpty(t, s, "c3", "b3")
			// Let the others expand on the far side until seat 1 is to
			// move, then score d3.
			sc := s.Clone().(*State)
			for i := 0; sc.CurrentPlayer() != 0; i++ {
				do(t, sc, "expand", "Probe", "play Probe "+[]string{"a6", "c6", "e6"}[i])
			}
			before := sc.score[0]
			do(t, sc, "score d3")
			got := sc.score[0] - before
			mult := int64(max(s.r.tiles.Multiplier[Station], s.r.tiles.Multiplier[Colony]))
			if s.r.pacing {
				mult = 1
			}
			want := (int64(s.r.tiles.Points[Dust][1]) + 1) * mult
			if got != want {
				t.Errorf("crew-score: seat 1 scored %d, want %d", got, want)
			}
			if !strings.Contains(ex.Caption, " = "+strconv.FormatInt(want, 10)) {
				t.Errorf("crew-score: the caption %q does not give the score %d", ex.Caption, want)
			}
			if sc.board[parseSectorMust(t, "d3")].bonus != 0 {
				t.Errorf("crew-score: the bonus token stayed after the score")
			}

			// dark-light: three Dust touch, of two sides, and none fused.
			d := byName["dark-light"].State
			wantTile(t, d, "c3", "Dust", "dark")
			wantTile(t, d, "d3", "Dust", "dark")
			wantTile(t, d, "d4", "Dust", "light")
			if n := occupied(d); n != 3 {
				t.Errorf("dark-light: %d tiles on the board, want 3", n)
			}

			// shared-tile: the crews of seats 1 and 2 on a light Dust with one
			// token on d3; the first to score takes the token, the other not.
			sh := byName["shared-tile"].State.(*State)
			v = wantTile(t, sh, "d3", "Dust", "light")
			if v.Bonus != 1 || len(v.Meeples) != 2 || v.Meeples[0] != 1 || v.Meeples[1] != 2 {
				t.Fatalf("shared-tile: d3 has %d bonus tokens and meeples %v, want 1 token and crew of seats 1 and 2", v.Bonus, v.Meeples)
			}
			if n := occupied(sh); n != 1 {
				t.Errorf("shared-tile: %d tiles on the board, want 1", n)
			}
			light := int64(sh.r.tiles.Points[Dust][1])
			ss := sh.Clone().(*State)
			var gains []int64
			for i := 0; len(gains) < 2; i++ {
				p := ss.CurrentPlayer()
				if p == 0 || p == 1 {
					before := ss.score[p]
					do(t, ss, "score d3")
					gains = append(gains, ss.score[p]-before)
					continue
				}
				do(t, ss, "expand", "Probe", "play Probe "+[]string{"a6", "c6", "e6", "a1", "c1", "e1"}[i])
			}
			if gains[0] != light+1 || gains[1] != light {
				t.Errorf("shared-tile: the two scores earned %v, want %d then %d", gains, light+1, light)
			}
		})
	}
}

// TestExamplesRefused: a tile table whose fusion numbers the scripts do
// not show, or a wrong player count, gets a clear error.
func TestExamplesRefused(t *testing.T) {
	tb := DefaultTiles()
	tb.Fusion, tb.OneBonusAt, tb.TwoBonusAt = 4, 5, 6
	cfg, err := game.Resolve(Game, 2, game.Options{OptTiles: writeTiles(t, tb)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Game.(game.Illustrator).Examples(cfg); err == nil || !strings.Contains(err.Error(), "fusions of 3") {
		t.Errorf("fusion group 4: error %v, want one naming the fusion numbers", err)
	}
	if _, err := Game.(game.Illustrator).Examples(game.Config{Players: 5}); err == nil {
		t.Error("5 players: no error")
	}
}

func parseSectorMust(t *testing.T, s string) int {
	t.Helper()
	c, err := parseSector(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
