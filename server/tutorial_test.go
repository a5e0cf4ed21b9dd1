package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/server"
	"github.com/commons-games/commons/tutorial"
)

type tutorialAnswer struct {
	Game, Title, Intro, Say, Done, Text, Bot string
	Players, Lessons, Lesson                 int
	ToMove                                   int `json:"to_move"`
	Free, Marks, Learned, Legal              []string
	Played                                   []tutorial.Played
	Observation                              json.RawMessage
	Over                                     bool
	Result, Scores                           []float64
}

// TestTutorialPlaysTheLessons follows every game's first game through
// the API: each lesson asks for its move, a legal move that is not it
// and an illegal one are refused (422) with the lesson's words and the
// engine's reason and change nothing, and after the last lesson the
// answer sums up what was learned and the bot answers a free move.
func TestTutorialPlaysTheLessons(t *testing.T) {
	n := startNode(t, nil, server.Config{MoveRate: -1})
	taught := 0
	for _, g := range game.Games() {
		if _, ok := g.(game.Tutor); !ok {
			continue
		}
		taught++
		name := g.Info().Name
		gd, err := tutorial.New(g)
		if err != nil {
			t.Fatal(err)
		}
		ls := gd.Tutorial().Lessons
		var a tutorialAnswer
		n.mustCall(http.StatusOK, "GET", "/api/games/"+name+"/tutorial", "", nil, &a)
		for k, l := range ls {
			if a.Lesson != k+1 || a.Lessons != len(ls) || a.Say != l.Say || a.ToMove != 1 {
				t.Fatalf("%s: lesson %d of %d, to move %d, says %q; want lesson %d saying %q", name, a.Lesson, a.Lessons, a.ToMove, a.Say, k+1, l.Say)
			}
			if k > 0 && a.Done != ls[k-1].Done {
				t.Errorf("%s lesson %d: done %q, want %q", name, k+1, a.Done, ls[k-1].Done)
			}
			for _, m := range a.Legal {
				if m == l.Move {
					continue
				}
				code, raw := n.call("POST", "/api/games/"+name+"/tutorial", "", map[string]any{"lesson": k + 1, "move": m}, nil)
				if code != http.StatusUnprocessableEntity || !strings.Contains(string(raw), jsonText(l.Wrong)) {
					t.Errorf("%s lesson %d: another move %s: %d %s; want 422 with the lesson's reason", name, k+1, m, code, raw)
				}
				break
			}
			code, raw := n.call("POST", "/api/games/"+name+"/tutorial", "", map[string]any{"lesson": k + 1, "move": "zz-no-move"}, nil)
			if code != http.StatusUnprocessableEntity || !strings.Contains(string(raw), `"reason"`) || !strings.Contains(string(raw), "zz-no-move") {
				t.Errorf("%s lesson %d: a move that is none: %d %s", name, k+1, code, raw)
			}
			var again tutorialAnswer
			n.mustCall(http.StatusOK, "GET", "/api/games/"+name+"/tutorial?lesson="+itoa(k+1), "", nil, &again)
			if string(again.Observation) != string(a.Observation) {
				t.Errorf("%s lesson %d: the position changed after refusals", name, k+1)
			}
			a = tutorialAnswer{}
			n.mustCall(http.StatusOK, "POST", "/api/games/"+name+"/tutorial", "", map[string]any{"lesson": k + 1, "move": l.Move}, &a)
		}
		if a.Lesson != len(ls)+1 || len(a.Learned) == 0 || a.Say != "" {
			t.Fatalf("%s after the lessons: lesson %d, learned %q, says %q", name, a.Lesson, a.Learned, a.Say)
		}
		if !a.Over {
			var next tutorialAnswer
			n.mustCall(http.StatusOK, "POST", "/api/games/"+name+"/tutorial", "", map[string]any{"lesson": a.Lesson, "free": a.Free, "move": a.Legal[0]}, &next)
			if len(next.Free) != 1 || next.Free[0] != a.Legal[0] || next.Lesson != a.Lesson {
				t.Errorf("%s: a free move answered free %q, lesson %d", name, next.Free, next.Lesson)
			}
		}
	}
	if taught < 5 {
		t.Errorf("%d games have a guided first game, want all 5", taught)
	}
}

// TestTutorialHidesWhatSeatOneMayNotSee: in a game with hidden
// information, the others' scripted moves and the deal reach the learner
// only as seat 1 may see them.
func TestTutorialHidesWhatSeatOneMayNotSee(t *testing.T) {
	n := startNode(t, nil, server.Config{})
	for _, g := range game.Games() {
		if _, ok := g.(game.Tutor); !ok || !g.Info().HiddenInformation {
			continue
		}
		gd, err := tutorial.New(g)
		if err != nil {
			t.Fatal(err)
		}
		for k := range gd.Tutorial().Lessons {
			st, err := gd.At(k)
			if err != nil {
				t.Fatal(err)
			}
			raw := n.mustCall(http.StatusOK, "GET", "/api/games/"+g.Info().Name+"/tutorial?lesson="+itoa(k+1), "", nil, nil)
			var a tutorialAnswer
			strict(t, raw, &a)
			want, _ := json.Marshal(st.State.Observation(tutorial.Learner))
			if !sameJSON(a.Observation, want) {
				t.Errorf("%s lesson %d: the observation is not seat 1's", g.Info().Name, k+1)
			}
			// Replayed, every action of another seat or of chance whose
			// public notation hides something must not be in the answer
			// (outside the learner's own legal moves, which may be written
			// alike: seat 1's "pass curve-sw" and another seat's).
			a.Legal = nil
			raw, _ = json.Marshal(a)
			re, _ := g.New(gd.Config())
			for _, h := range st.History {
				p := re.CurrentPlayer()
				act, err := re.ParseAction(h)
				if err != nil {
					t.Fatal(err)
				}
				if pn, ok := re.(game.PublicNotationer); ok && p != tutorial.Learner && pn.PublicActionString(act) != h &&
					strings.Contains(string(raw), `"`+h+`"`) {
					t.Errorf("%s lesson %d: %q, hidden from seat 1, is in the answer", g.Info().Name, k+1, h)
				}
				if err := re.Apply(act); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestTutorialRefusesBadRequests(t *testing.T) {
	n := startNode(t, nil, server.Config{MoveRate: -1})
	for _, tc := range []struct {
		method, path string
		body         any
		code         int
		says         string
	}{
		{"GET", "/api/games/countdown/tutorial", nil, 404, "countdown has no guided first game"},
		{"GET", "/api/games/nosuch/tutorial", nil, 404, "nosuch"},
		{"GET", "/api/games/source/tutorial?lesson=x", nil, 400, "want a lesson's number"},
		{"GET", "/api/games/source/tutorial?lesson=99", nil, 400, "lessons 1 to"},
		{"POST", "/api/games/source/tutorial", `{"lesson": "one"}`, 400, "want a whole number, not a string"},
		{"POST", "/api/games/source/tutorial", `{"lesson": 1, "free": ["a1"], "move": "a1"}`, 400, "lesson 1 is still to play"},
		{"POST", "/api/games/source/tutorial", map[string]any{"lesson": 1, "move": strings.Repeat("a", 5000)}, 400, "at most"},
		{"POST", "/api/games/source/tutorial", `{"lesson": 1, "move": "a1", "x": 1}`, 400, `unknown field \"x\"`},
	} {
		code, raw := n.call(tc.method, tc.path, "", tc.body, nil)
		if code != tc.code || !strings.Contains(string(raw), tc.says) {
			t.Errorf("%s %s: %d %s; want %d saying %q", tc.method, tc.path, code, raw, tc.code, tc.says)
		}
	}
}

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}

// TestTutorialMovesAreRateLimited: a tutorial's move replays its game,
// so it counts against the client's move rate as a match's move does.
func TestTutorialMovesAreRateLimited(t *testing.T) {
	n := startNode(t, nil, server.Config{MoveRate: 1, MoveBurst: 2})
	body := map[string]any{"lesson": 1, "move": "e5"}
	codes := []int{}
	for range 3 {
		code, raw := n.call("POST", "/api/games/source/tutorial", "", body, nil)
		codes = append(codes, code)
		if code == http.StatusTooManyRequests && !strings.Contains(string(raw), "too many moves") {
			t.Errorf("429 without the limit's words: %s", raw)
		}
	}
	if codes[0] != http.StatusUnprocessableEntity || codes[2] != http.StatusTooManyRequests {
		t.Errorf("three quick moves answered %v, want a refusal (422) first and 429 by the third", codes)
	}
}
