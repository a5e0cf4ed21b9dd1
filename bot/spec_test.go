package bot

import (
	"strings"
	"testing"
	"time"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in   string
		want Spec
	}{
		{"random", Spec{Name: "random"}},
		{"greedy", Spec{Name: "greedy"}},
		{"greedy:samples=3", Spec{Name: "greedy", Samples: 3}},
		{"mcts", Spec{Name: "mcts"}},
		{"mcts:iterations=2000", Spec{Name: "mcts", Iterations: 2000}},
		{"mcts:time=500ms,workers=2,playout=greedy,c=1.4", Spec{Name: "mcts", Time: 500 * time.Millisecond, Workers: 2, Playout: "greedy", C: 1.4, HasC: true}},
		{"mcts:c=0", Spec{Name: "mcts", HasC: true}},
		{"mcts:epsilon=0.25,depth=40,reuse=false", Spec{Name: "mcts", Epsilon: 0.25, HasEpsilon: true, Depth: 40, HasDepth: true, NoReuse: true}},
		{"mcts:reuse=true", Spec{Name: "mcts"}},
		{"mcts: iterations = 10 , workers=1", Spec{Name: "mcts", Iterations: 10, Workers: 1}},
		{"ismcts:time=500ms", Spec{Name: "ismcts", Time: 500 * time.Millisecond}},
		{"ismcts:iterations=100,time=2s,playout=random", Spec{Name: "ismcts", Iterations: 100, Time: 2 * time.Second, Playout: "random"}},
		{"mcts:bias=0,settle=false,playout=prior", Spec{Name: "mcts", HasBias: true, Full: true, Playout: "prior"}},
		{"greedy:noise=0.3", Spec{Name: "greedy", Noise: 0.3}},
		{"ismcts:playout=script:role,depth=5,tree=own", Spec{Name: "ismcts", Playout: "script:role", Depth: 5, HasDepth: true, Tree: "own"}},
		{"mcts:playout=greedy,depth=2,tree=own", Spec{Name: "mcts", Playout: "greedy", Depth: 2, HasDepth: true, Tree: "own"}},
		{"mcts:playout=script:centre", Spec{Name: "mcts", Playout: "script:centre"}},
		{"script:centre", Spec{Name: "script", Script: "centre"}},
		{"hard", Spec{Name: "hard"}},
		{"rollout", Spec{Name: "rollout"}},
		{"rollout:time=1s,candidates=8,score=0,playout=script:hoard", Spec{Name: "rollout", Time: time.Second, Candidates: 8, HasScore: true, Playout: "script:hoard"}},
		{"rollout:iterations=50,workers=2,score=2.5", Spec{Name: "rollout", Iterations: 50, Workers: 2, Score: 2.5, HasScore: true}},
	}
	for _, tt := range tests {
		got, err := ParseSpec(tt.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSpec(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		back, err := ParseSpec(got.String())
		if err != nil || back != got {
			t.Errorf("ParseSpec(%q).String() = %q, which parses to %+v, %v", tt.in, got.String(), back, err)
		}
		if _, err := New(tt.in, 1); err != nil {
			t.Errorf("New(%q): %v", tt.in, err)
		}
	}
}

func TestParseSpecErrors(t *testing.T) {
	tests := []struct {
		in, want string // want: a part of the error
	}{
		{"", "missing the bot name"},
		{":iterations=3", "missing the bot name"},
		{"alphazero", `unknown bot "alphazero" (bots: random, greedy, mcts, ismcts, rollout, easy, medium, hard, script)`},
		{"MCTS", `unknown bot "MCTS"`},
		{"random:samples=3", `random has no parameter "samples" (it takes no parameters)`},
		{"mcts:", "nothing after the colon"},
		{"mcts:iterations", `"iterations": want key=value`},
		{"mcts:iterations=", `"iterations=": want key=value`},
		{"mcts:=5", `"=5": want key=value`},
		{"mcts:iter=5", `mcts has no parameter "iter" (parameters: iterations, time, workers, playout, c, epsilon, bias, score, settle, tree, depth, reuse)`},
		{"mcts:samples=5", `mcts has no parameter "samples"`},
		{"ismcts:reuse=false", `ismcts has no parameter "reuse"`},
		{"greedy:iterations=5", `greedy has no parameter "iterations" (parameters: noise, samples)`},
		{"mcts:iterations=0", `iterations="0": want a whole number >= 1`},
		{"mcts:iterations=-3", `iterations="-3": want a whole number >= 1`},
		{"mcts:iterations=1e3", `iterations="1e3": want a whole number >= 1`},
		{"mcts:iterations=5,iterations=6", `parameter "iterations" given twice`},
		{"mcts:time=500", `time="500": want a positive duration`},
		{"mcts:time=-1s", `time="-1s": want a positive duration`},
		{"mcts:workers=0", `workers="0": want a whole number >= 1`},
		{"mcts:playout=smart", `playout="smart": want random, prior, greedy or script:NAME`},
		{"mcts:playout=script:", `playout="script:": want script:NAME`},
		{"ismcts:playout=script:a b", `playout="script:a b": want script:NAME`},
		{"ismcts:tree=some", `tree="some": want all or own`},
		{"mcts:tree=mine", `tree="mine": want all or own`},
		{"mcts:c=abc", `c="abc": want a number from 0 to 100`},
		{"mcts:c=-1", `c="-1": want a number from 0 to 100`},
		{"mcts:c=NaN", `c="NaN": want a number from 0 to 100`},
		{"mcts:epsilon=2", `epsilon="2": want a number from 0 to 1`},
		{"mcts:depth=-1", `depth="-1": want a whole number >= 0`},
		{"mcts:reuse=maybe", `reuse="maybe": want true or false`},
		{"greedy:samples=0", `samples="0": want a whole number >= 1`},
		{"greedy:noise=2", `noise="2": want a number from 0 to 1`},
		{"mcts:bias=-1", `bias="-1": want a number from 0 to 100`},
		{"mcts:settle=often", `settle="often": want true or false`},
		{"script", `missing the script's name`},
		{"script:", `missing the script's name`},
		{"script:a=b", `"a=b" is not a script name`},
		{"hard:time=5s", `hard has no parameter "time" (it takes no parameters)`},
		{"rollout:candidates=0", `candidates="0": want a whole number >= 1`},
		{"rollout:score=11", `score="11": want a number from 0 to 10`},
		{"rollout:depth=3", `rollout has no parameter "depth" (parameters: iterations, time, workers, playout, candidates, score)`},
		{"rollout:playout=smart", `playout="smart": want random, prior, greedy or script:NAME`},
		{"mcts:candidates=3", `mcts has no parameter "candidates"`},
	}
	for _, tt := range tests {
		_, err := ParseSpec(tt.in)
		if err == nil {
			t.Errorf("ParseSpec(%q) accepted", tt.in)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSpec(%q): error %q, want it to contain %q", tt.in, err, tt.want)
		}
		if !strings.Contains(err.Error(), "bot spec ") {
			t.Errorf("ParseSpec(%q): error %q does not quote the spec", tt.in, err)
		}
		if _, err := New(tt.in, 1); err == nil {
			t.Errorf("New(%q) accepted", tt.in)
		}
	}
}

func TestHelpListsEveryParameter(t *testing.T) {
	h := Help()
	for _, d := range botDefs {
		if !strings.Contains(h, d.name+": ") {
			t.Errorf("Help lacks bot %s", d.name)
		}
		for _, p := range d.params {
			if !strings.Contains(h, "    "+p.name+": ") {
				t.Errorf("Help lacks %s's parameter %s", d.name, p.name)
			}
		}
	}
}
