package record

import "fmt"

// End is how a game ended other than by its rules, after the last of
// its record's moves: a resignation, a draw the players agreed, or a
// match its people abandoned. The moves of such a record replay to a
// position in which the game goes on; End says why it did not, and what
// each seat got.
type End struct {
	// Reason is EndResignation, EndDraw or EndAbandoned.
	Reason string `json:"reason"`
	// Seat is the seat that resigned (from 1); 0 for the other reasons.
	Seat int `json:"seat,omitempty"`
	// Returns are each seat's result, on the scale of the game's own
	// returns: win 1, loss 0, a draw or a shared win in between.
	Returns []float64 `json:"returns"`
}

// The reasons of an End.
const (
	// EndResignation: Seat resigned; it loses, the others share the win.
	EndResignation = "resignation"
	// EndDraw: the players agreed a draw; they share the result.
	EndDraw = "draw"
	// EndAbandoned: every person left and the match was ended; nobody
	// wins.
	EndAbandoned = "abandoned"
	// EndTimeout: Seat's time ran out turn after turn in a turn-based
	// match and the others ended it; Seat abandoned it and loses, the
	// others share the win.
	EndTimeout = "timeout"
)

// Check reports what is wrong with e for a game of players seats.
func (e *End) Check(players int) error {
	switch e.Reason {
	case EndResignation, EndTimeout:
		if e.Seat < 1 || e.Seat > players {
			return fmt.Errorf(`"end": a %s's "seat" is %d: want 1 to %d`, e.Reason, e.Seat, players)
		}
	case EndDraw, EndAbandoned:
		if e.Seat != 0 {
			return fmt.Errorf(`"end": a %s names no seat`, e.Reason)
		}
	default:
		return fmt.Errorf(`"end": reason %q: want %s, %s, %s or %s`, e.Reason, EndResignation, EndDraw, EndAbandoned, EndTimeout)
	}
	if len(e.Returns) != players {
		return fmt.Errorf(`"end": %d returns for %d seats`, len(e.Returns), players)
	}
	return nil
}
