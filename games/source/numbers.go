package source

import (
	"fmt"

	"github.com/commons-games/commons/game"
)

// The players' rulebook (docs/rulebooks/source.md) quotes these numbers.
var _ game.Numberer = sourceGame{}

// Source is the row of the rulebook's table of colours: a colour, its
// corner and the player (1 or 2) who plays it.
type Source struct {
	Colour string // "red"
	Corner string // "a9"
	Where  string // "top-left"
	Player int    // 1 or 2
}

// Numbers returns the numbers the players' rulebook quotes for cfg, read
// from the game's constants and worked out by the engine itself where
// only the engine holds them (the costs of the actions and the points of
// the scoring are measured on positions built for the purpose), so that
// the rulebook cannot drift from the rules as played. An invalid cfg is
// refused as New refuses it.
func (g sourceGame) Numbers(cfg game.Config) (map[string]any, error) {
	st, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	s0 := st.(*State)

	colours := make([]Source, 0, 4)
	for c := Red; c <= Green; c++ {
		p := corners[c]
		where := "top-"
		if p/size != 0 {
			where = "bottom-"
		}
		if p%size == 0 {
			where += "left"
		} else {
			where += "right"
		}
		colours = append(colours, Source{
			Colour: c.String(),
			Corner: pointName(p),
			Where:  where,
			Player: int(c.Player()) + 1,
		})
	}

	costs, err := actionCosts(s0)
	if err != nil {
		return nil, err
	}
	pts := scoringPoints(s0)

	adjacency := "off"
	if s0.adjacency {
		adjacency = "on"
	}
	territory := TerritorySingle
	if s0.regions {
		territory = TerritoryRegions
	}
	end := EndSupply
	if s0.roundEnd {
		end = EndRound
	}
	k := int(s0.compensation)
	kAbs := k
	if kAbs < 0 {
		kAbs = -kAbs
	}
	first, last := pointName(0), pointName(points-1)

	return map[string]any{
		"players":       cfg.Players,
		"size":          size,
		"points":        points,
		"columns":       fmt.Sprintf("%c–%c", first[0], last[0]),
		"rows":          fmt.Sprintf("%c–%c", last[1], first[1]),
		"centre":        pointName(centre),
		"colours":       colours,
		"colours_each":  len(colours) / cfg.Players,
		"tokens":        initialSupply + 1,
		"supply":        initialSupply,
		"ap":            turnAP,
		"place":         costs[kindPlace],
		"fortify":       costs[kindFortify],
		"unfortify":     costs[kindUnfortify],
		"capture":       costs[kindCapture],   // a connected token
		"capture_loose": costs[kindCapture+1], // a token not connected
		"connected":     pts.connected,
		"loose":         pts.loose,
		"centre_points": pts.centre,
		"surrounded":    pts.surrounded,
		"idle_turns":    endRunLimit,
		"adjacency":     adjacency,
		"territory":     territory,
		"end":           end,
		"compensation":  k,
		"komi":          kAbs,
	}, nil
}

// actionCosts measures what each action costs red in s0's configuration:
// indices kindPlace, kindFortify, kindUnfortify, kindCapture (a connected
// token) and kindCapture+1 (a token not connected).
func actionCosts(s0 *State) ([5]int, error) {
	var costs [5]int
	const loose = size + 2 // c8, a blue token cut off from its corner
	blue := corners[Blue]
	try := func(i int, a game.Action, set func(s *State)) error {
		s := *s0
		set(&s)
		const ap = 3 // more than any action costs, so the turn goes on
		s.ap = ap
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("source: measuring the cost of %s: %v", kindNames[min(i, kindCapture)], err)
		}
		if s.colour != Red || s.over {
			return fmt.Errorf("source: measuring the cost of %s: the turn ended", kindNames[min(i, kindCapture)])
		}
		costs[i] = ap - int(s.ap)
		return nil
	}
	none := func(*State) {}
	blueNextToRed := func(s *State) { // S13 option: a red token beside the target
		s.occ[Red] = s.occ[Red].with(blue - 1)
	}
	steps := []struct {
		i   int
		a   game.Action
		set func(*State)
	}{
		{kindPlace, encode(kindPlace, corners[Red]+1), none},
		{kindFortify, encode(kindFortify, corners[Red]), none},
		{kindUnfortify, encode(kindUnfortify, blue), func(s *State) { s.fort[Blue] = s.fort[Blue].with(blue) }},
		{kindCapture, encode(kindCapture, blue), blueNextToRed},
		{kindCapture + 1, encode(kindCapture, loose), func(s *State) {
			s.occ[Blue] = s.occ[Blue].with(loose)
			s.occ[Red] = s.occ[Red].with(loose - 1)
		}},
	}
	for _, st := range steps {
		if err := try(st.i, st.a, st.set); err != nil {
			return costs, err
		}
	}
	return costs, nil
}

// points of the scoring (S17), as colourScores counts them.
type scoring struct{ connected, loose, centre, surrounded int }

// scoringPoints measures the scoring on red's points in s0's
// configuration: its connected corner alone, then with an unconnected
// token, a connected centre, or an empty point walled in by red.
func scoringPoints(s0 *State) scoring {
	score := func(set func(s *State)) int {
		s := *s0
		set(&s)
		return s.colourScores()[Red]
	}
	base := score(func(*State) {})
	var p scoring
	p.connected = base // the corner, connected (S5)
	far := 2*size + 2  // c7, beside nothing
	p.loose = score(func(s *State) { s.occ[Red] = s.occ[Red].with(far) }) - base
	p.centre = score(func(s *State) {
		s.occ[Red] = s.occ[Red].with(centre)
		s.conn[Red] = s.conn[Red].with(centre)
	}) - base
	hole := 3*size + 3 // d6, walled in by four unconnected red tokens
	walls := adjacent[hole]
	p.surrounded = score(func(s *State) { s.occ[Red] = s.occ[Red].or(walls) }) - base - walls.count()*p.loose
	return p
}
