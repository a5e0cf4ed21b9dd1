package source

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// pointName returns the chess-like name of point p: columns a-i left to
// right, rows 1-9 bottom to top, so point 0 (top-left) is a9.
func pointName(p int) string {
	return string([]byte{byte('a' + p%size), byte('1' + (size - 1 - p/size))})
}

// parsePoint reads a point name such as "e5" (already lower case).
func parsePoint(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9' {
		return 0, false
	}
	col := int(s[0] - 'a')
	row := int(s[1] - '1')
	return (size-1-row)*size + col, true
}

var kindPrefix = [...]string{kindPlace: "", kindFortify: "+", kindUnfortify: "-", kindCapture: "x"}

// ActionString returns the notation of a: "e5" place, "+e5" fortify,
// "-e5" unfortify, "xe5" capture, "end".
func (s *State) ActionString(a game.Action) string {
	if a == ActionEnd {
		return "end"
	}
	if a < 0 || a >= numActions {
		return fmt.Sprintf("?%d", int(a))
	}
	kind, p := decode(a)
	return kindPrefix[kind] + pointName(p)
}

// ParseAction reads the notation of ActionString, ignoring surrounding
// spaces and case.
func (s *State) ParseAction(text string) (game.Action, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "end" {
		return ActionEnd, nil
	}
	kind := kindPlace
	rest := t
	if t != "" {
		switch t[0] {
		case '+':
			kind, rest = kindFortify, t[1:]
		case '-':
			kind, rest = kindUnfortify, t[1:]
		case 'x':
			kind, rest = kindCapture, t[1:]
		}
	}
	p, ok := parsePoint(rest)
	if !ok {
		return 0, fmt.Errorf("source: cannot read %q: want a point a1-i9 such as e5 (place), +e5 (fortify), -e5 (unfortify), xe5 (capture), or end", text)
	}
	return encode(kind, p), nil
}

// whyIllegal explains why action kind at p is not legal for the colour to
// move. It is only called on the error path, so it may allocate.
func (s *State) whyIllegal(kind, p int) string {
	c := s.colour
	at := s.colourAt(p)
	name := pointName(p)
	switch kind {
	case kindPlace:
		switch {
		case s.supply[c] == 0:
			return c.String() + "'s supply is empty"
		case at >= 0:
			return fmt.Sprintf("point %s is occupied by %s", name, at)
		case allCorners.has(p) && p != corners[c]:
			return fmt.Sprintf("%s is %s's source; no other colour may place there", name, cornerOwner(p))
		case !s.occ[c].has(corners[c]):
			return fmt.Sprintf("%s's source %s is empty, so no %s token is connected: %s may only place on %s", c, pointName(corners[c]), c, c, pointName(corners[c]))
		default:
			return fmt.Sprintf("%s is not next to a connected %s token", name, c)
		}
	case kindFortify:
		switch {
		case s.supply[c] == 0:
			return c.String() + "'s supply is empty"
		case at != c:
			return fmt.Sprintf("point %s holds no %s token", name, c)
		case p == centre:
			return "the centre may not be fortified"
		case s.fort[c].has(p):
			return fmt.Sprintf("%s is already fortified", name)
		default:
			return fmt.Sprintf("%s is not connected to %s's source", name, c)
		}
	case kindUnfortify:
		switch {
		case s.supply[c] == 0:
			return fmt.Sprintf("%s's supply is empty and an unfortify costs a supply token", c)
		case at < 0:
			return fmt.Sprintf("point %s is empty", name)
		case at.Player() == c.Player():
			return fmt.Sprintf("%s is %s, a colour of your own", name, at)
		case !s.fort[at].has(p):
			return fmt.Sprintf("%s is not fortified", name)
		default:
			return fmt.Sprintf("%s is not connected (capture it instead)", name)
		}
	case kindCapture:
		switch {
		case at < 0:
			return fmt.Sprintf("point %s is empty", name)
		case at.Player() == c.Player():
			return fmt.Sprintf("%s is %s, a colour of your own; a player never captures its own colours", name, at)
		case s.conn[at].has(p) && s.fort[at].has(p):
			return fmt.Sprintf("%s is connected and fortified; unfortify it first", name)
		case s.conn[at].has(p) && s.ap < 2:
			return fmt.Sprintf("capturing a connected token costs 2 AP and %s has %d", c, s.ap)
		default:
			return fmt.Sprintf("with %s=on the target must be next to a %s token", OptCaptureAdjacency, c)
		}
	}
	return "no such action"
}

func cornerOwner(p int) Colour {
	for c := Red; c <= Green; c++ {
		if corners[c] == p {
			return c
		}
	}
	return -1
}

// describe names an action for an error message, even an invalid one.
func (s *State) describe(a game.Action) string {
	if a < 0 || a >= numActions {
		return fmt.Sprintf("action %d", a)
	}
	if a == ActionEnd {
		return "end"
	}
	kind, p := decode(a)
	return kindNames[kind] + " " + pointName(p)
}
