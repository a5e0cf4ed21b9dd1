package rating_test

import (
	"fmt"

	"github.com/commons-games/commons/rating"
)

// Two teams of two, the first winning: openskill's README example, rated
// without tau as it was then.
func ExampleRate() {
	a1 := rating.Default()
	a2 := rating.Rating{Mu: 32.444, Sigma: 5.123}
	b1 := rating.Rating{Mu: 43.381, Sigma: 2.421}
	b2 := rating.Rating{Mu: 25.188, Sigma: 6.211}
	teams, err := rating.Rate([][]rating.Rating{{a1, a2}, {b1, b2}}, []float64{1, 2}, rating.Options{NoTau: true})
	if err != nil {
		panic(err)
	}
	for _, team := range teams {
		for _, r := range team {
			fmt.Printf("mu %.4f sigma %.4f ordinal %6.3f display %4.0f\n", r.Mu, r.Sigma, r.Ordinal(), r.Display())
		}
	}
	// Output:
	// mu 28.6696 sigma 8.0715 ordinal  4.455 display 1608
	// mu 33.8309 sigma 5.0628 ordinal 18.643 display 1760
	// mu 43.0713 sigma 2.4167 ordinal 35.821 display 2033
	// mu 23.1495 sigma 6.1379 ordinal  4.736 display 1445
}

// A five-seat game of Breaking Head: the seats' roles make the teams, and
// the Blockers (seats 2 and 5) won. The teams differ in size by design, so
// their strength is Centered on a new player's.
func ExampleRateSeats() {
	seats := []rating.Rating{rating.Default(), rating.Default(), rating.Default(), rating.Default(), rating.Default()}
	roles := []string{"contributor", "blocker", "contributor", "contributor", "blocker"}
	returns := []float64{0, 1, 0, 0, 1} // game.State.Returns
	seats, err := rating.RateSeats(seats, returns, roles, rating.Options{Centered: true})
	if err != nil {
		panic(err)
	}
	for p, r := range seats {
		fmt.Printf("seat %d %-11s %v\n", p+1, roles[p], r)
	}
	// Output:
	// seat 1 contributor 23.223±8.193
	// seat 2 blocker     26.777±8.219
	// seat 3 contributor 23.223±8.193
	// seat 4 contributor 23.223±8.193
	// seat 5 blocker     26.777±8.219
}

// The chance of each of three players winning a free-for-all.
func ExampleWinProbability() {
	p, err := rating.WinProbability([][]rating.Rating{
		{rating.Default()},
		{{Mu: 30, Sigma: 3}},
		{{Mu: 20, Sigma: 3}},
	}, rating.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.3f\n", p)
	// Output:
	// [0.333 0.518 0.149]
}
