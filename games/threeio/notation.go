package threeio

import (
	"fmt"
	"strings"

	"github.com/commons-games/commons/game"
)

// ActionString returns the notation of a at this state: a tile type name
// at a draw ("Planet"); otherwise "expand", "score c3", "play Dust c3" or
// "play Rock c3 crew".
func (s *State) ActionString(a game.Action) string {
	if s.phase == phaseDraw {
		if a >= 0 && a < NumTiles {
			return Tile(a).String()
		}
		return fmt.Sprintf("action %d", a)
	}
	return s.moveName(a)
}

// moveName is the notation of a player's action, whatever the phase.
func (s *State) moveName(a game.Action) string {
	switch {
	case a < 0 || a >= numActs:
		return fmt.Sprintf("action %d", a)
	case a < numPlays:
		t, c, crew := decodePlay(a)
		if crew {
			return "play " + t.String() + " " + sectorName(c) + " crew"
		}
		return "play " + t.String() + " " + sectorName(c)
	case a < actExpand:
		return "score " + sectorName(int(a-scoreBase))
	}
	return "expand"
}

const notationHelp = `want "expand", "score <sector>" or "play <tile> <sector> [crew]"`

// ParseAction reads notation at this state. Words and tile names are read
// without regard to case. At a draw the notation is a tile type name.
func (s *State) ParseAction(text string) (game.Action, error) {
	f := strings.Fields(text)
	if s.phase == phaseDraw {
		if len(f) != 1 {
			return 0, fmt.Errorf("%q: a draw is due: want a tile type name such as Planet", text)
		}
		t, err := ParseTile(f[0])
		if err != nil {
			return 0, fmt.Errorf("%q: a draw is due: %w", text, err)
		}
		return game.Action(t), nil
	}
	if len(f) == 0 {
		return 0, fmt.Errorf("empty move: %s", notationHelp)
	}
	switch strings.ToLower(f[0]) {
	case "expand":
		if len(f) != 1 {
			return 0, fmt.Errorf("%q: expand takes nothing after it", text)
		}
		return actExpand, nil
	case "score":
		if len(f) != 2 {
			return 0, fmt.Errorf("%q: want \"score <sector>\", e.g. score c3", text)
		}
		c, err := parseSector(f[1])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", text, err)
		}
		return game.Action(scoreBase + c), nil
	case "play":
		if len(f) < 3 || len(f) > 4 {
			return 0, fmt.Errorf("%q: want \"play <tile> <sector>\" or \"play <tile> <sector> crew\", e.g. play Dust c3", text)
		}
		t, err := ParseTile(f[1])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", text, err)
		}
		c, err := parseSector(f[2])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", text, err)
		}
		crew := false
		if len(f) == 4 {
			if !strings.EqualFold(f[3], "crew") {
				return 0, fmt.Errorf("%q: after the sector only \"crew\" may follow", text)
			}
			crew = true
		}
		return playAction(t, c, crew), nil
	}
	if _, err := ParseTile(f[0]); err == nil && len(f) == 1 {
		return 0, fmt.Errorf("%q: a tile name alone is a draw, and no draw is due: %s", text, notationHelp)
	}
	return 0, fmt.Errorf("%q: unknown move: %s", text, notationHelp)
}

// sectorName returns the notation of sector c: files a-f left to right,
// ranks 1-6 bottom to top (c = 6*(rank-1) + file).
func sectorName(c int) string {
	return string(rune('a'+c%6)) + string(rune('1'+c/6))
}

func parseSector(s string) (int, error) {
	s = strings.ToLower(s)
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '6' {
		return 0, fmt.Errorf("bad sector %q (sectors are a1..f6)", s)
	}
	return int(s[1]-'1')*6 + int(s[0]-'a'), nil
}
