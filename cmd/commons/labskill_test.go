package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// commons lab skill: two levels of tiny searches in Source, the table,
// skill.json, a rerun that plays nothing, and the mistakes refused.
func TestLabSkill(t *testing.T) {
	out := filepath.Join(t.TempDir(), "skill")
	args := []string{"lab", "skill", "source", "--bot", "mcts:iterations=4,workers=1", "--levels", "2", "--games", "4", "--out", out, "--workers", "2"}
	code, stdout, stderr := commons(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"level 1: mcts:iterations=8,workers=1 against mcts:iterations=4,workers=1: 4 games played\n",
		"level 2: mcts:iterations=16,workers=1 against mcts:iterations=8,workers=1: 4 games played\n",
		"Skill Trace of mcts:iterations=4,workers=1 (its iterations doubled), 4 games a level",
		"stronger's win rate", "95% interval", "Skill Trace 0.", "skill.json",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"skill.json", "level-1/lab.json", "level-2/results.jsonl"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if code, stdout, _ := commons(t, "", args...); code != 0 || !strings.Contains(stdout, "0 games played, 4 were there already") {
		t.Errorf("rerun: exit %d\n%s", code, stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lab", "skill", "source", "--bot", "greedy", "--out", out}, `bot spec "greedy" has no budget to double`},
		{[]string{"lab", "skill", "source", "--bot", "mcts", "--out", out}, `bot spec "mcts" has no budget to double`},
		{[]string{"lab", "skill", "source", "--out", out}, "--bot is required"},
		{[]string{"lab", "skill", "source", "--bot", "mcts:iterations=4", "--levels", "1", "--out", out}, "--levels 1: want 2 to 20"},
		{[]string{"lab", "skill", "source", "--bot", "mcts:iterations=4"}, "--out is required"},
		{[]string{"lab", "skill", "--bot", "mcts:iterations=4", "--out", out}, "name a game"},
		{[]string{"lab", "skill", "source", "--bot", "genius:iterations=4", "--out", out}, `unknown bot "genius"`},
	} {
		if code, _, stderr := commons(t, "", c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s; want 2, %q", c.args, code, stderr, c.want)
		}
	}
	// Another run in the same directory is refused, naming its level.
	if code, _, stderr := commons(t, "", "lab", "skill", "source", "--bot", "mcts:iterations=4,workers=1", "--levels", "2", "--games", "5", "--out", out); code != 1 || !strings.Contains(stderr, "level-1") || !strings.Contains(stderr, "describes another run") {
		t.Errorf("another run: exit %d, %s", code, stderr)
	}
}
