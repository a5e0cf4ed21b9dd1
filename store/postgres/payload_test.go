package postgres

import (
	"testing"

	"github.com/commons-games/commons/store"
)

// TestPayloadRoundTrip: every kind of change reads back from its
// notification as it was sent, and what no server sent is ignored.
func TestPayloadRoundTrip(t *testing.T) {
	for _, ch := range []store.Change{
		{ID: "u5hcil7kkgql", Version: 113, Rev: 4},
		{ID: "u5hcil7kkgql", Version: 3, Chat: true},
		{ID: "", Version: 12, Chat: true}, // the lobby
		{ID: "u5hcil7kkgql", Version: 3, Rev: 2, Chat: true},
		{ID: "u5hcil7kkgql", Rated: true},
	} {
		got, ok := parsePayload(payload(ch))
		if !ok || got != ch {
			t.Errorf("%+v sent as %q read back as %+v, %v", ch, payload(ch), got, ok)
		}
	}
	for _, p := range []string{"", "#chat", "#chat x y", "#rated ", "a b c", "#other 1 2"} {
		if ch, ok := parsePayload(p); ok {
			t.Errorf("%q read as %+v", p, ch)
		}
	}
}
