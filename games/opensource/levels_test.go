package opensource

import (
	"testing"

	"github.com/commons-games/commons/bot"
	"github.com/commons-games/commons/game"
)

// TestLevelBudgetMediumSearchesAHundredIterations: the medium level
// searches a hundred iterations on one tree here (game.LevelTuner), the
// budget docs/bots.md measured between easy and hard; the other levels
// keep their own.
func TestLevelBudgetMediumSearchesAHundredIterations(t *testing.T) {
	s := newGame(t, 2)
	for _, tt := range []struct{ level, want string }{
		{"easy", bot.Levels[0].Perfect},
		{"medium", "mcts:iterations=100,workers=1"},
		{"hard", bot.Levels[2].Perfect},
	} {
		if got, _ := bot.LevelSpec(tt.level, s); got != tt.want {
			t.Errorf("%s plays %q, want %q", tt.level, got, tt.want)
		}
	}
	var _ game.LevelTuner = s
}
