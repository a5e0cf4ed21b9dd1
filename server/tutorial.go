package server

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/tutorial"
)

// tutorialAnswer is a position of a game's guided first game (package
// tutorial), as the learner (seat 1) sees it: GET
// /api/games/{name}/tutorial?lesson=K and the answer of a move, POST.
// Nothing in it is hidden from the learner: the others' moves are shown
// in their public notation, and the position is named by the lesson and
// the learner's own moves alone (the server replays the rest).
type tutorialAnswer struct {
	Game    string `json:"game"`
	Title   string `json:"title"`
	Players int    `json:"players"`
	Intro   string `json:"intro"`
	// Lessons is the number of lessons; Lesson the one now asked for,
	// from 1, Lessons+1 once they are over.
	Lessons int `json:"lessons"`
	Lesson  int `json:"lesson"`
	// Free are the learner's moves since the lessons ended, for the
	// client to send back with its next move.
	Free []string `json:"free,omitempty"`
	// Say, Marks: the lesson asked for (empty once they are over).
	Say   string   `json:"say,omitempty"`
	Marks []string `json:"marks,omitempty"`
	// Done says what the learner's last move did (the previous lesson's
	// words), when it was a lesson's.
	Done string `json:"done,omitempty"`
	// Learned sums up the lessons, once they are over.
	Learned []string `json:"learned,omitempty"`
	// Played are the others' moves and chance's since the learner's
	// last move, as the learner may see them.
	Played      []tutorial.Played `json:"played"`
	Observation any               `json:"observation"`
	Text        string            `json:"text"`
	// Legal are the learner's legal moves (all of them: a move that is
	// not the lesson's is refused with the lesson's reason).
	Legal  []string  `json:"legal"`
	ToMove int       `json:"to_move,omitempty"`
	Over   bool      `json:"over,omitempty"`
	Result []float64 `json:"result,omitempty"`
	Scores []float64 `json:"scores,omitempty"`
	// Bot is the spec of the bot that plays the other seats once the
	// lessons are over.
	Bot string `json:"bot"`
}

// tutorialMove is the body of POST /api/games/{name}/tutorial: the
// position (lesson, free) and the learner's move there.
type tutorialMove struct {
	Lesson int      `json:"lesson"`
	Free   []string `json:"free"`
	Move   string   `json:"move"`
}

// tutorialRefusal is the answer (422) to a move the guide did not play:
// the engine's reason for an illegal one, and the lesson's words.
type tutorialRefusal struct {
	Error  string `json:"error"`
	Move   string `json:"move"`
	Reason string `json:"reason,omitempty"`
	Hint   string `json:"hint,omitempty"`
}

func guideOf(name string) (*tutorial.Guide, error) {
	g, err := findGame(http.StatusNotFound, name)
	if err != nil {
		return nil, err
	}
	if _, ok := g.(game.Tutor); !ok {
		return nil, errorf(http.StatusNotFound, "%s has no guided first game", g.Info().Name)
	}
	return tutorial.New(g)
}

// handleTutorial answers the position at a lesson (?lesson=K, from 1;
// default the first).
func (s *Server) handleTutorial(w http.ResponseWriter, r *http.Request) error {
	gd, err := guideOf(r.PathValue("name"))
	if err != nil {
		return err
	}
	k := 1
	if v := r.URL.Query().Get("lesson"); v != "" {
		if k, err = strconv.Atoi(v); err != nil {
			return errorf(http.StatusBadRequest, "lesson=%s: want a lesson's number, 1 to %d", clip(v), len(gd.Tutorial().Lessons)+1)
		}
	}
	st, err := gd.At(k - 1)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, tutorialView(gd, st, ""))
	return nil
}

// handleTutorialMove plays the learner's move and answers the next
// position, or refuses it (422) saying why.
func (s *Server) handleTutorialMove(w http.ResponseWriter, r *http.Request) error {
	// Each move replays the game to it, the bot's answers included: the
	// move rate limit of a match's moves bounds that too.
	if err := s.checkHTTPMove(r); err != nil {
		return err
	}
	gd, err := guideOf(r.PathValue("name"))
	if err != nil {
		return err
	}
	var req tutorialMove
	if err := s.decode(w, r, &req, false); err != nil {
		return err
	}
	if len(req.Move) > maxMoveBytes {
		return tooLong(http.StatusBadRequest, "move", req.Move, maxMoveBytes)
	}
	if n := gd.Game().MaxLength(gd.Config()); len(req.Free) > n {
		return errorf(http.StatusBadRequest, "free: %d moves, and no game is longer than %d", len(req.Free), n)
	}
	for i, m := range req.Free {
		if len(m) > maxMoveBytes {
			return tooLong(http.StatusBadRequest, "free["+strconv.Itoa(i)+"]", m, maxMoveBytes)
		}
	}
	st, err := gd.Free(req.Lesson-1, req.Free)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	var done string
	if l := st.Asked(gd); l != nil {
		done = l.Done
	}
	var refusal *tutorial.Refusal
	switch err := gd.Continue(st, req.Move); {
	case errors.As(err, &refusal):
		writeJSON(w, http.StatusUnprocessableEntity, tutorialRefusal{Error: refusal.Error(), Move: refusal.Move, Reason: refusal.Reason, Hint: refusal.Hint})
		return nil
	case err != nil:
		return err
	}
	writeJSON(w, http.StatusOK, tutorialView(gd, st, done))
	return nil
}

func tutorialView(gd *tutorial.Guide, st *tutorial.Step, done string) tutorialAnswer {
	t := gd.Tutorial()
	in := gd.Game().Info()
	a := tutorialAnswer{Game: in.Name, Title: in.Title, Players: gd.Config().Players, Intro: t.Intro,
		Lessons: len(t.Lessons), Lesson: st.Lesson + 1, Free: st.Free, Done: done, Played: st.Played,
		Observation: st.State.Observation(tutorial.Learner), Text: st.State.Render(tutorial.Learner),
		Legal: []string{}, Bot: gd.Bot()}
	if a.Played == nil {
		a.Played = []tutorial.Played{}
	}
	if l := st.Asked(gd); l != nil {
		a.Say, a.Marks = l.Say, l.Marks
	} else {
		a.Learned = t.Learned
	}
	if p := st.State.CurrentPlayer(); p >= 0 {
		a.ToMove = p.Seat()
		for _, act := range st.State.LegalActions(nil) {
			a.Legal = append(a.Legal, st.State.ActionString(act))
		}
	}
	if st.Over() {
		a.Over = true
		a.Result = st.State.Returns(nil)
		if sc, ok := st.State.(game.Scorer); ok {
			a.Scores = sc.Scores(nil)
		}
	}
	return a
}
