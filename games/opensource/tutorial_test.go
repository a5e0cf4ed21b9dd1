package opensource

import (
	"github.com/commons-games/commons/tutorial"
	"slices"
	"strings"
	"testing"

	"github.com/commons-games/commons/game"
)

// tutorialAt plays the first game's lessons before lesson k (0-based) and
// lesson k's Before, and returns the position the learner is asked to
// move in.
func tutorialAt(t *testing.T, k int) (*State, game.Lesson) {
	t.Helper()
	return lessonState(t, k), Game.(game.Tutor).Tutorial().Lessons[k]
}

// tutorialAfter returns the position once lesson k's move is played.
func tutorialAfter(t *testing.T, k int) (before, after *State) {
	t.Helper()
	s, l := tutorialAt(t, k)
	before = s.Clone().(*State)
	a, err := s.ParseAction(l.Move)
	if err == nil {
		err = s.Apply(a)
	}
	if err != nil {
		t.Fatalf("lesson %d: %s: %v", k+1, l.Move, err)
	}
	return before, s
}

func TestTutorialLessons(t *testing.T) {
	tu := Game.(game.Tutor).Tutorial()
	if n := len(tu.Lessons); n < 6 || n > 12 {
		t.Fatalf("%d lessons, want 6 to 12", n)
	}
	for k, l := range tu.Lessons {
		s, _ := tutorialAt(t, k)
		if !hasMove(s, l.Move) {
			t.Errorf("lesson %d: %s is not legal: %v", k+1, l.Move, legal(s))
		}
		// Each mark is a space of the board the move is made on: the
		// Commons, or "lab:" the learner's Lab.
		for _, m := range l.Marks {
			if set, ok := strings.CutPrefix(m, "stack:"); ok || m == "demand" {
				// A card on the placemat: the move takes it.
				if want := "reward " + set; m == "demand" && l.Move != "reward demand" || ok && l.Move != want {
					t.Errorf("lesson %d: mark %s, but the move %s takes no such card", k+1, m, l.Move)
				}
				continue
			}
			if where, ok := strings.CutPrefix(m, "lab:"); ok != strings.HasPrefix(l.Move, "lab ") && !strings.HasPrefix(l.Move, "extend ") {
				t.Errorf("lesson %d: mark %s is not on the board %s is played on", k+1, m, l.Move)
			} else {
				sp(t, where)
			}
		}
	}
}

// The dice name the tile taken: yellow, blue, blue is BBY.
func TestTutorialDiceNameTheTile(t *testing.T) {
	before, s := tutorialAfter(t, 0)
	if before.phase != phaseDice || before.dice != [3]int8{1, 2, 0} {
		t.Errorf("lesson 1: phase %s, dice %v, want YBB showing", phaseNames[before.phase], before.dice)
	}
	if s.hand != BBY {
		t.Errorf("after lesson 1 the hand is %v, want BBY", s.hand)
	}
}

// The BBY laid at 1,-1 finishes an Application in the Commons, so File
// Browser's condition is met.
func TestTutorialFinishedApplication(t *testing.T) {
	_, s := tutorialAfter(t, 1)
	if !s.commons.occupied(sp(t, "1,-1")) || !s.commons.occupied(sp(t, "1,0")) {
		t.Fatal("the start tile and the BBY are not at 1,0 and 1,-1")
	}
	if s.phase != phaseReward || !hasMove(s, "reward B") {
		t.Errorf("after lesson 2: phase %s, moves %v: File Browser cannot be taken", phaseNames[s.phase], legal(s))
	}
	if c := s.r.cards.Sets[s.placemat[1]]; !strings.Contains(tutorialLesson(t, 2).Say, c.Name) {
		t.Errorf("stack B holds %s, not what lesson 3 says", c.Name)
	}
}

func tutorialLesson(t *testing.T, k int) game.Lesson {
	t.Helper()
	return Game.(game.Tutor).Tutorial().Lessons[k]
}

// Taking the File Browser card: an Infrastructure card held, whose power
// (Productivity) works on the next turn, lesson 5.
func TestTutorialInfrastructure(t *testing.T) {
	_, s := tutorialAfter(t, 2)
	if b := s.placemat[1]; s.held[0][b] != 1 || s.r.cards.Sets[b].Name != "File Browser" {
		t.Errorf("after lesson 3 seat 1 holds %v", s.held[0])
	}
	if !strings.Contains(s.Render(0), "seat 1: 0 Market Demand, B productivity x1") {
		t.Errorf("after lesson 3 seat 1 does not hold File Browser:\n%s", s.Render(0))
	}
	before, _ := tutorialAfter(t, 4)
	if got := legal(before); !slices.Equal(got, []string{"again", "done"}) {
		t.Errorf("lesson 5: moves %v, want again and done", got)
	}
}

// The YYB goes to the learner's Lab, not the Commons.
func TestTutorialLab(t *testing.T) {
	before, s := tutorialAfter(t, 3)
	if before.labs[0].tiles != 0 || s.labs[0].tiles != 1 || !s.labs[0].has(sp(t, "0,1")) {
		t.Errorf("lesson 4: Lab tiles %d then %d", before.labs[0].tiles, s.labs[0].tiles)
	}
	if s.commons.occupied(sp(t, "0,1")) {
		t.Error("lesson 4 laid the tile in the Commons")
	}
}

// The BBY at 0,0 turned once completes Web App, turned: the top Market
// Demand card may be taken, and gives its extra Lab space.
func TestTutorialMarketDemandFormation(t *testing.T) {
	if c := s0(t).r.cards.Demands[s0(t).top]; !strings.Contains(tutorialLesson(t, 5).Say, c.Name) {
		t.Errorf("the top Market Demand card is %s, not what lesson 6 says", c.Name)
	}
	_, s := tutorialAfter(t, 5)
	if s.phase != phaseReward || !hasMove(s, "reward demand") {
		t.Errorf("after lesson 6: moves %v, want reward demand", legal(s))
	}
	before, s := tutorialAfter(t, 6)
	if s.mdHeld[0] != 1 || s.phase != phaseExtend || s.extend != 1 {
		t.Errorf("after lesson 7: %d Market Demand cards, phase %s, %d spaces to add", s.mdHeld[0], phaseNames[s.phase], s.extend)
	}
	n := before.labs[0].n
	_, s = tutorialAfter(t, 7)
	if s.labs[0].n != n+1 || !s.labs[0].has(sp(t, "0,2")) {
		t.Errorf("after lesson 8 the Lab has %d spaces, want %d with 0,2", s.labs[0].n, n+1)
	}
}

// s0 is the position at the first lesson.
func s0(t *testing.T) *State {
	s, _ := tutorialAt(t, 0)
	return s
}

// A tile laid on a Lab tile sends it back to the supply: the clock.
func TestTutorialLabTileReturns(t *testing.T) {
	before, s := tutorialAfter(t, 8)
	if s.supplyN != before.supplyN+1 || s.labs[0].tiles != before.labs[0].tiles || s.labs[0].cells != before.labs[0].cells {
		t.Errorf("lesson 9: supply %d then %d, Lab tiles %d then %d", before.supplyN, s.supplyN, before.labs[0].tiles, s.labs[0].tiles)
	}
}

// lessonState is the position the learner is asked to move in at lesson
// k (0-based), as package tutorial plays the first game to it.
func lessonState(t *testing.T, k int) *State {
	t.Helper()
	st, err := tutorial.StateAt(Game, k)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}
