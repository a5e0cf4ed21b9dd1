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
