package tutorial_test

import (
	"errors"
	"fmt"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/tutorial"
)

// A guide walks a learner through a game's first lessons: each asks for
// one move, and another is refused with the lesson's reason.
func ExampleGuide() {
	g, _ := game.Find("source")
	gd, err := tutorial.New(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := gd.At(0)
	fmt.Println("asked for:", st.Asked(gd).Move)

	var r *tutorial.Refusal
	if err := gd.Continue(st, "e5"); errors.As(err, &r) {
		fmt.Println("e5 refused:", r.Reason != "")
	}
	if err := gd.Continue(st, st.Asked(gd).Move); err != nil {
		fmt.Println(err)
	}
	fmt.Println("now lesson", st.Lesson+1, "asks for", st.Asked(gd).Move)
	// Output:
	// asked for: b9
	// e5 refused: true
	// now lesson 2 asks for c9
}
