package record_test

import (
	"fmt"

	_ "github.com/commons-games/commons/internal/testgame" // registers "countdown"
	"github.com/commons-games/commons/record"
)

// A record can leave chance outcomes to its seed; the complete record
// writes them out.
func ExamplePlay() {
	r, err := record.Parse([]byte(`{"game": "countdown", "players": 2, "seed": 3, "moves": ["take2", "take2"]}`))
	if err != nil {
		panic(err)
	}
	rep, err := record.Play(r, record.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Complete.Moves)
	fmt.Println(rep.State.Render(0))
	// Output:
	// [*6 take2 *heads take2 *tails]
	// count 3, seat 1 to move
}
