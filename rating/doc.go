// Package rating rates the players of a game from its results: OpenSkill,
// the Bayesian approximation of R. C. Weng and C.-J. Lin ("A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011) with their
// Plackett-Luce model (Algorithm 4), computed as the openskill libraries
// (openskill.py's PlackettLuce, openskill.js's plackettLuce) compute it.
//
// # The model
//
// A player's skill is a normal belief, a mean Mu and a deviation Sigma. A
// team's strength is the sum of its players' skills (means add, variances
// add), and a game's ranking is drawn from the Plackett-Luce model: the
// winner is chosen among all teams with probability proportional to
// exp(strength/c), the second among the rest the same way, and so on, where
// c² is the sum of every team's variance plus Beta² (the spread of one
// game's performance around the skill). Rate makes one step of Weng and
// Lin's approximation: each team's mean moves by the gradient of the
// ranking's log-likelihood, its variance shrinks by the curvature, and each
// player takes a share of the team's change in proportion to his own
// variance, so that the player the game is least sure of moves most. Teams
// that tie (equal ranks) share the places they tie for: each of the
// Plackett-Luce choices they are in is divided among them.
//
// # Why OpenSkill
//
// The five Commons games have two to ten seats, one of them (Breaking Head)
// plays in two hidden teams that win or lose together, and another (Open
// Source) may end in a result shared by all. Elo and Glicko rate two
// players; Bradley-Terry fitted to pairs (package stats, for the arena)
// needs every game kept and refitted. OpenSkill updates after each game in
// closed form, for any number of teams of any size with ties, in about a
// microsecond, and its libraries publish test values, which this package
// reproduces (rating_test.go cites each one's source). Its
// Plackett-Luce variant is the libraries' default: it scores a whole
// ranking at once rather than pair by pair, which suits free-for-alls of
// up to five seats and costs O(k²) in the number of teams k.
//
// # Defaults
//
// A new player is Default(): Mu 25, Sigma 25/3, the openskill and TrueSkill
// convention. The zero Options are openskill's defaults: Beta = 25/6 (half
// of the initial Sigma), Kappa = 0.0001 (the least a variance may shrink
// to, as a fraction, in one game) and Tau = 25/300 (a hundredth of the
// initial Sigma, added in quadrature to every Sigma before each game so
// that a player's rating keeps some room to move after many games; set
// NoTau to turn it off). With Tau on, a winner's Sigma can grow a hair;
// LimitSigma keeps every Sigma from growing in a game, as openskill's
// limit_sigma does.
//
// # Ranks, ties and teams
//
// Rate takes the teams of one game and their ranks, lower better, equal
// ranks a tie; a free-for-all is teams of one. RanksFromReturns turns a
// game's returns (game.State.Returns: higher better) into such ranks.
// RateSeats does the whole step for a finished game whose seats are
// grouped into teams by a label, such as Breaking Head's "contributor"
// and "blocker": each team's seats go into one team, the team's rank comes
// from its seats' common return, and the new ratings come back per seat.
// openskill's team strength is the sum of its players' skills, so it
// reads seven average Contributors as all but sure to beat three average
// Blockers; a game whose teams differ in size by design and are balanced
// by its rules is better rated with Options.Centered, which sums the
// players' skills above a new player's instead. A result shared by every
// seat (Open Source's supply running out, when all lose, or its
// Infrastructure ending, when all win) is a tie of all: equals then keep
// their means and only grow a little surer, and unequal players move
// toward each other, as after a draw, by less than a decisive game would.
//
// WinProbability is openskill.js's predictWin, a heuristic chance of each
// team winning, for matchmaking and for showing the odds of a game.
//
// # Displaying a rating
//
// Ordinal, Mu - 3·Sigma, is openskill's conservative value: the skill the
// player is 99.7% likely to exceed. Sort leaderboards by it, so that a
// player who has played two lucky games does not top one. People are used
// to numbers around 1500, so Display puts the mean on the Elo scale: 1500
// for a new player, and 200 points of difference between two settled
// players giving the stronger about a 76% chance to win a two-player game,
// as 200 Elo points do. (For two players of negligible Sigma, Plackett-Luce
// is a logistic in the difference of means with scale √2·Beta, and Elo's
// is 400/ln 10 points; DisplayPerMu is their ratio, about 29.5 points per
// unit of Mu for the default Beta.) Display is the mean, like a lichess
// rating: it falls when a new player loses, where Ordinal would still rise
// as Sigma shrinks; show it with a mark such as "?" while Sigma is large.
//
// # What is left out
//
// openskill's per-player weights (partial play) are left out: the
// libraries normalise each team's weights to [1, 2] and multiply a gain but
// divide a loss by them, a heuristic outside the paper with no published
// values for this model to check against. Its score margins and team
// balancing are left out for the same reason, and so are its other four
// models (Bradley-Terry and Thurstone-Mosteller, full and partial pairing).
package rating
